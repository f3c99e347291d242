package parsers

import (
	"reflect"
	"testing"
)

func TestReadValues(t *testing.T) {
	cases := []struct {
		in   []string
		want valueInfo
	}{
		{[]string{"INT"}, valueInfo{placeholder: "INT"}},
		{[]string{"<int>"}, valueInfo{placeholder: "int"}},
		{[]string{"[=STR]"}, valueInfo{placeholder: "STR", optional: true, attached: true}},
		{[]string{"=FILE"}, valueInfo{placeholder: "FILE"}},
		{[]string{"{a,b}"}, valueInfo{placeholder: "a,b", choices: []string{"a", "b"}}},
		{[]string{"[tsv|json]"}, valueInfo{placeholder: "tsv|json", choices: []string{"tsv", "json"}}},
		{[]string{"0|1|2"}, valueInfo{placeholder: "0|1|2", choices: []string{"0", "1", "2"}}},
		{[]string{"u|b|z[0-9]"}, valueInfo{placeholder: "u|b|z[0-9]"}},
		{[]string{"TFILE", "[TFILE ...]"}, valueInfo{placeholder: "TFILE", repeat: true}},
		{[]string{"[CFILE ...]"}, valueInfo{placeholder: "CFILE", optional: true, repeat: true}},
		{[]string{"[0-9]"}, valueInfo{placeholder: "0-9", optional: true}},
		{[]string{"FORMAT..."}, valueInfo{placeholder: "FORMAT", repeat: true}},
		{[]string{"<cmd>", "..."}, valueInfo{placeholder: "cmd", repeat: true}},
		{[]string{"<String, `both', `plus'>"}, valueInfo{placeholder: "String", choices: []string{"both", "plus"}}},
		{[]string{"<Integer, >=4>"}, valueInfo{placeholder: "Integer"}},
		{[]string{"<VAR>", "<MIN>"}, valueInfo{placeholder: "VAR MIN"}},
		// clustalo: a set joined by "=", with short forms spelled out
		{[]string{"={Protein, RNA, DNA}"}, valueInfo{placeholder: "{Protein, RNA, DNA}", choices: []string{"Protein", "RNA", "DNA"}}},
		{[]string{"={file,-}"}, valueInfo{placeholder: "{file,-}"}},
		{[]string{"={<file>,-}"}, valueInfo{placeholder: "{<file>,-}"}},
		{[]string{"={a2m=fa[sta],phy[lip],msf}"}, valueInfo{placeholder: "{a2m=fa[sta],phy[lip],msf}", choices: []string{"a2m", "fa", "fasta", "phy", "phylip", "msf"}}},
	}
	for _, c := range cases {
		if got := readValues(c.in); !reflect.DeepEqual(got, c.want) {
			t.Errorf("readValues(%q) = %+v, want %+v", c.in, got, c.want)
		}
	}
}

// A placeholder of typed number slots is numbers in a shape; one slot of
// another type, or none, is not.
func TestNumberSlots(t *testing.T) {
	for p, want := range map[string]bool{
		"k:<int>,i:<int>": true, "<int>,<float>": true, "<int>": true,
		"<file>": false, "<int>:<file>": false, "INT[,INT]": false, "k:int": false, "": false,
	} {
		if got := NumberSlots(p); got != want {
			t.Errorf("NumberSlots(%q) = %v, want %v", p, got, want)
		}
	}
}

func TestInferType(t *testing.T) {
	cases := map[string]string{
		"": "bool", "INT": "int", "NUM": "int", "integer": "int", "int_value": "int", "Int8": "int",
		"FLOAT": "float", "Real": "float", "float64": "float",
		"FILE": "file", "PATH": "file", "OUTDIR": "file", "TFILE": "file", "File_In": "file",
		"in.bam": "file", "out.fq.gz": "file", "directory": "file",
		"filetype": "string", "FILE_FORMAT": "string", "STR": "string", "INT[,INT]": "string",
		"0.5": "float", "n.nn": "float", "X.X": "float", "n.bam": "file", "_": "string", "GLOB EXPRESSION": "string",
		// A list written out or a file holding one (vcf-merge -r
		// <list|file>) need not be a file; a path or standard input is one.
		"list|file": "string", "FILENAME|REGION": "string", "path | stdin": "file", "file|dir": "file",
		"filename {ref-first | ref-last}": "file",
	}
	for in, want := range cases {
		if got := inferType(in, nil); got != want {
			t.Errorf("inferType(%q) = %s, want %s", in, got, want)
		}
	}
	if got := inferType("X", []string{"a"}); got != "choice" {
		t.Errorf("choices give %s", got)
	}
}

// TestGenericNumberWithFractionIsFloat checks that a flag whose
// placeholder says only "a number" reads a fraction when its help bounds
// it by one or gives a decimal default, and stays an integer otherwise;
// an INT placeholder stays an integer whatever its range.
func TestGenericNumberWithFractionIsFloat(t *testing.T) {
	for _, c := range []struct {
		f    Flag
		want string
	}{
		{Flag{Placeholder: "num", Description: "Maximum p-value to report. (0-1) [1.0]"}, "float"},
		{Flag{Placeholder: "num", Description: "Minimum identity to report. (-1-1) [0]", Default: "0"}, "float"},
		{Flag{Placeholder: "NUM", Description: "max diff", Default: "0.04"}, "float"},
		{Flag{Placeholder: "num", Description: "Parallelism. [1]", Default: "1"}, "int"},
		{Flag{Placeholder: "INT", Description: "toggle (0-1) [0]", Default: "0"}, "int"},
		{Flag{Placeholder: "N", Description: "Require at least this fraction of observations. default: 0.05"}, "float"},
		{Flag{Placeholder: "N", Description: "Require at least this count of observations. default: 2"}, "int"},
		{Flag{Placeholder: "INT", Description: "seed. default: 0.5"}, "int"},
	} {
		setType(&c.f)
		if c.f.ParamType != c.want {
			t.Errorf("%+v: type %s, want %s", c.f, c.f.ParamType, c.want)
		}
	}
}
