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
		{[]string{"[=STR]"}, valueInfo{placeholder: "STR", optional: true}},
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
	}
	for _, c := range cases {
		if got := readValues(c.in); !reflect.DeepEqual(got, c.want) {
			t.Errorf("readValues(%q) = %+v, want %+v", c.in, got, c.want)
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
		"0.5": "string", "_": "string", "GLOB EXPRESSION": "string",
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

func TestFindDefault(t *testing.T) {
	cases := []struct {
		desc           string
		boolean, paren bool
		want           string
	}{
		{"number of threads [1]", false, false, "1"},
		{"memory [768M].", false, false, "768M"},
		{"output [stdout]", false, false, "stdout"},
		{"use these [options]", false, false, ""},
		{"the usual [default]", true, false, ""},
		{"empty []", false, false, ""},
		{"markup [/]", false, false, ""},
		{"mode (--fr)", true, true, ""},
		{"text (default: 4)", false, false, "4"},
		{"text (default 4) more", false, false, "4"},
		{`regex (default "^(\\S+)\\s?")`, false, false, `^(\S+)\s?`},
		{`broken (default "\q")`, false, false, `\q`},
		{"skip (default: hidden files are skipped)", true, false, ""},
		{"style (default: smart case)", false, false, "smart case"},
		{"rate. Default: 0.1 (10%)", false, false, "0.1"},
		{"cutoff. DEFAULT: 0.05. -q and -p exclude", false, false, "0.05"},
		{"Default: allow both mismatches", false, false, ""},
		{"gap. Default = `10'", false, false, "10"},
		{"records. Default value: 500000.", false, false, "500000"},
		{"value (=100)", false, false, "100"},
		{"penalty (5,3)", false, true, "5,3"},
		{"penalty (5,3)", false, false, ""},
		{"mode (default)", true, true, ""},
	}
	for _, c := range cases {
		if got := findDefault(c.desc, c.boolean, c.paren); got != c.want {
			t.Errorf("findDefault(%q) = %q, want %q", c.desc, got, c.want)
		}
	}
}

func TestDescMeta(t *testing.T) {
	cases := []struct {
		lines []string
		start Flag
		want  Flag
		desc  string
	}{
		{[]string{"When to use colors [default: auto] [possible values: auto, always,", "never]"}, Flag{Placeholder: "WHEN"},
			Flag{Placeholder: "WHEN", Default: "auto", Choices: []string{"auto", "always", "never"}}, "When to use colors"},
		{[]string{"level (int [=4])"}, Flag{}, Flag{Placeholder: "int", Default: "4"}, "level"},
		// "[=]" says there is no default; "(default mode)" is prose
		{[]string{"same file (default mode), both", "(string [=])"}, Flag{}, Flag{Placeholder: "string"}, "same file (default mode), both"},
		{[]string{"Input.  Required. "}, Flag{}, Flag{Required: true}, "Input. Required."},
		{[]string{"REQUIRED"}, Flag{}, Flag{Required: true}, "REQUIRED"},
		{[]string{"Require -B to be set."}, Flag{}, Flag{}, "Require -B to be set."},
		{[]string{"Name.  [required]"}, Flag{}, Flag{Required: true}, "Name."},
		{[]string{"Tags. May be specified 0 or more times."}, Flag{}, Flag{Repeatable: true}, "Tags. May be specified 0 or more times."},
		{[]string{"Unit. Possible values: millisecond, second."}, Flag{}, Flag{Choices: []string{"millisecond", "second"}}, "Unit. Possible values: millisecond, second."},
		{[]string{"Level. Possible values: {ERROR, INFO}"}, Flag{}, Flag{Choices: []string{"ERROR", "INFO"}}, "Level. Possible values: {ERROR, INFO}"},
		{[]string{"Colour.", "Possible values:", "- auto: maybe", "- never: no"}, Flag{}, Flag{Choices: []string{"auto", "never"}}, "Colour. Possible values: - auto: maybe - never: no"},
		{[]string{"Scale it.", "- (FLOAT)"}, Flag{}, Flag{Placeholder: "FLOAT"}, "Scale it. - (FLOAT)"},
	}
	for _, c := range cases {
		f := c.start
		desc := descMeta(&f, c.lines, false)
		if !reflect.DeepEqual(f, c.want) || desc != c.desc {
			t.Errorf("descMeta(%q):\n got  %+v %q\n want %+v %q", c.lines, f, desc, c.want, c.desc)
		}
	}
}

func TestKVType(t *testing.T) {
	cases := map[string]string{"t": "choice", "true": "choice", "27": "int", "-1": "int", "0.05": "float", "auto": "string", "": "string"}
	for in, want := range cases {
		if got, _ := kvType(in); got != want {
			t.Errorf("kvType(%q) = %s, want %s", in, got, want)
		}
	}
}

func TestDedupeMergesLaterMentions(t *testing.T) {
	flags := []Flag{
		{Name: "--out", ParamType: "bool"},
		{Name: "--in", ParamType: "file", Placeholder: "FILE"},
		{Name: "--out", Aliases: []string{"-o"}, ParamType: "file", Placeholder: "FILE", Description: "Output.", Default: "-"},
		{Name: "--out", Aliases: []string{"-o", "-O"}, ParamType: "string"},
	}
	want := []Flag{
		{Name: "--out", Aliases: []string{"-o", "-O"}, ParamType: "file", Placeholder: "FILE", Description: "Output.", Default: "-"},
		{Name: "--in", ParamType: "file", Placeholder: "FILE"},
	}
	if got := dedupeFlags(flags); !reflect.DeepEqual(got, want) {
		t.Errorf("dedupeFlags = %+v", got)
	}
}
