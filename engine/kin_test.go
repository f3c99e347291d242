package engine

import (
	"strings"
	"testing"
)

// TestStrangerCompanion: a companion that only shares the tool's package
// (EMBOSS's seqretsplit beside splitter) is no candidate for words of its
// description ("writes them"): the program the user typed is chosen. The
// task that names the companion still chooses it, and a companion akin
// by name (splitter-build) is scored as before.
func TestStrangerCompanion(t *testing.T) {
	rec := &ToolRecord{Name: "splitter", Executable: "splitter", Installed: true,
		CompanionTools: []Companion{{Name: "seqretsplit", Path: "/x/seqretsplit"}, {Name: "splitter-build", Path: "/x/splitter-build"}}}
	flags := []FlagDoc{
		{Name: "-sequence", ParamType: "file", Category: "Input", Description: "sequence(s) filename (input USA)"},
		{Name: "-outseq", ParamType: "file", Category: "Output", Description: "sequence set(s) filename (output USA)"},
	}
	doc := &ToolDoc{Record: *rec, Description: "Split sequence(s) into smaller sequences", Flags: flags,
		Companions: []SubcommandDoc{
			{Name: "seqretsplit", Parser: "generic", Description: "Reads sequences and writes them to individual files", Flags: flags},
			{Name: "splitter-build", Parser: "generic", Description: "Builds an index of the pieces", Flags: flags},
		}}
	for _, c := range []struct{ task, exe string }{
		{"cut chr14.fa into pieces and write them to chr14_pieces.fa", "splitter"},
		{"use seqretsplit to write the sequences of all.fa to single files", "seqretsplit"},
		{"build an index of the pieces of chr14.fa into idx.fa", "splitter-build"},
	} {
		f := MapTask(builtinRules, rec, doc, nil, c.task)
		if got := Assemble(rec, f).Display; !strings.HasPrefix(got, c.exe+" ") {
			t.Errorf("%q: got %q\n%s", c.task, got, strings.Join(f.Evidence, "\n"))
		}
	}
	for _, c := range []struct {
		a, b string
		want bool
	}{
		{"hisat2", "hisat2-build", true}, {"spades.py", "metaspades.py", true}, {"hmmsearch", "hmmpress", true},
		{"splitter", "seqretsplit", false}, {"featureCounts", "subread-align", false}, {"nucBed", "windowBed", false}, {"ab", "abc", true}, {"", "x", false},
	} {
		if namesAkin(c.a, c.b) != c.want {
			t.Errorf("namesAkin(%s, %s) = %v", c.a, c.b, !c.want)
		}
	}
}
