package engine

import (
	"slices"
	"strings"
	"testing"
)

func TestPlaceNameOperand(t *testing.T) {
	rec := &ToolRecord{Name: "fetch", Executable: "fetch"}
	doc := func(key PositionalDoc) *ToolDoc {
		return &ToolDoc{Record: *rec, Description: "retrieve profiles from a file",
			Flags:       []FlagDoc{{Name: "-o", ParamType: "file", Placeholder: "f", Category: "Output", Description: "output to file <f> instead of stdout"}},
			Positionals: []PositionalDoc{{Position: 1, Name: "hmmfile", ParamType: "file", Required: true}, key}}
	}
	key := PositionalDoc{Position: 2, Name: "key", ParamType: "string", Required: true}
	cases := []struct {
		task string
		key  PositionalDoc
		want string
	}{
		// The one name left goes to the next place, in English and Chinese.
		{"fetch the model named Pkinase from Pfam-A.hmm, save as k.hmm", key, "fetch -o k.hmm Pfam-A.hmm Pkinase"},
		{"从 Pfam-A.hmm 里取出名为 Pkinase 的模型,保存为 k.hmm", key, "fetch -o k.hmm Pfam-A.hmm Pkinase"},
		// A place that reads a file, is optional or lists its words takes no name.
		{"fetch the model named Pkinase from Pfam-A.hmm, save as k.hmm", PositionalDoc{Position: 2, Name: "keyfile", ParamType: "file", Required: true}, "fetch -o k.hmm Pfam-A.hmm"},
		{"fetch the model named Pkinase from Pfam-A.hmm, save as k.hmm", PositionalDoc{Position: 2, Name: "key", ParamType: "string"}, "fetch -o k.hmm Pfam-A.hmm"},
		{"fetch the model named Pkinase from Pfam-A.hmm, save as k.hmm", PositionalDoc{Position: 2, Name: "mode", ParamType: "string", Required: true, Choices: []string{"a", "b"}}, "fetch -o k.hmm Pfam-A.hmm '<a|b>'"},
		// Two names: which one is the key is not known.
		{"fetch the model named Pkinase and the model named Kin2 from Pfam-A.hmm, save as k.hmm", key, "fetch -o k.hmm Pfam-A.hmm"},
	}
	for _, c := range cases {
		f := MapTask(builtinRules, rec, doc(c.key), nil, c.task)
		got := Assemble(rec, f).Display
		placed := hasEvidence(f, "goes to the usage's <key>")
		if got != c.want || placed != slices.Contains(f.Positionals, "Pkinase") {
			t.Errorf("%q (%s): got %q, want %q\nevidence %q", c.task, c.key.Name, got, c.want, f.Evidence)
		}
		if !placed && !f.Uncertain {
			t.Errorf("%q (%s): a name left unused, yet sure", c.task, c.key.Name)
		}
	}
}

// TestNameToThePlaceNamedForIt: a name goes to the usage place its words
// name ("<prefix>" for "output prefix s1"), before the file that took
// that place, and no flag whose help only says "output" takes it; a usage
// that writes a flag's value as a bare word ("-o [OUTPUT]") leaves an
// output name to the flag.
func TestNameToThePlaceNamedForIt(t *testing.T) {
	rec := &ToolRecord{Name: "depth", Executable: "depth"}
	doc := &ToolDoc{Record: *rec, Description: "fast BAM depth",
		Flags: []FlagDoc{
			{Name: "--quantize", Aliases: []string{"-q"}, ParamType: "string", Placeholder: "segments", Description: "write quantized output see docs for description."},
			{Name: "--threads", Aliases: []string{"-t"}, ParamType: "int", Description: "number of BAM decompression threads"},
		},
		Positionals: []PositionalDoc{{Position: 1, Name: "prefix", ParamType: "string", Required: true}, {Position: 2, Name: "BAM-or-CRAM", ParamType: "file", Required: true}}}
	f := MapTask(builtinRules, rec, doc, nil, "depth of s1.bam with 4 threads, output prefix s1_out")
	if got := Assemble(rec, f).Display; got != "depth -t 4 s1_out s1.bam" || !hasEvidence(f, "goes to the usage's <prefix>, the place its words name") {
		t.Errorf("got %q\n%q", got, f.Evidence)
	}
	// of two places named "…_name", the one the other words name too
	qrec := &ToolRecord{Name: "quant", Executable: "quant"}
	qdoc := &ToolDoc{Record: *qrec, Description: "quantify reads",
		Positionals: []PositionalDoc{{Position: 1, Name: "read_file", ParamType: "file", Required: true}, {Position: 2, Name: "reference_name", ParamType: "string", Required: true}, {Position: 3, Name: "sample_name", ParamType: "string", Required: true}}}
	if k := placeNamed(&candidate{positionals: qdoc.Positionals}, []string{"sample", "name"}); k != 2 {
		t.Errorf("placeNamed = %d, want 2", k)
	}
	if k := placeNamed(&candidate{positionals: qdoc.Positionals}, []string{"name"}); k != -1 {
		t.Errorf("placeNamed of a bare name = %d, want -1 (two places)", k)
	}
	cmd, f := mapCaptured(t, "busco", nil, "run BUSCO on the protein set proteins.faa, output busco_prot")
	if got := cmd.Display; !strings.Contains(got, "-o busco_prot") {
		t.Errorf("busco: got %q\n%q", got, f.Evidence)
	}
}
