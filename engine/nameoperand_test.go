package engine

import (
	"slices"
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
