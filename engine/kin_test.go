package engine

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// TestStrangerCompanion: a companion that only shares the tool's package
// (EMBOSS's seqretsplit beside splitter) is no candidate for words of its
// description ("writes them"), for an English word that is also its name
// ("cut"), or for a part of its name: the program the user typed is
// chosen. The task that names the companion as a program still chooses
// it, and a companion akin by name (splitter-build) is scored as before.
func TestStrangerCompanion(t *testing.T) {
	rec := &ToolRecord{Name: "splitter", Executable: "splitter", Installed: true,
		CompanionTools: []Companion{{Name: "seqretsplit", Path: "/x/seqretsplit"}, {Name: "splitter-build", Path: "/x/splitter-build"}, {Name: "cut", Path: "/x/cut"}, {Name: "seq-len", Path: "/x/seq-len"}}}
	flags := []FlagDoc{
		{Name: "-sequence", ParamType: "file", Category: "Input", Description: "sequence(s) filename (input USA)"},
		{Name: "-outseq", ParamType: "file", Category: "Output", Description: "sequence set(s) filename (output USA)"},
	}
	doc := &ToolDoc{Record: *rec, Description: "Split sequence(s) into smaller sequences", Flags: flags,
		Companions: []SubcommandDoc{
			{Name: "seqretsplit", Parser: "generic", Description: "Reads sequences and writes them to individual files", Flags: flags},
			{Name: "splitter-build", Parser: "generic", Description: "Builds an index of the pieces", Flags: flags},
			{Name: "cut", Parser: "generic", Description: "Remove sections from each line of files", Flags: flags},
			{Name: "seq-len", Parser: "generic", Description: "Report the length of each sequence", Flags: flags},
		}}
	for _, c := range []struct{ task, exe string }{
		{"cut chr14.fa into pieces and write them to chr14_pieces.fa", "splitter"},
		{"use seqretsplit to write the sequences of all.fa to single files", "seqretsplit"},
		{"build an index of the pieces of chr14.fa into idx.fa", "splitter-build"},
		{"cut chr14.fa into pieces of equal length, write chr14_pieces.fa", "splitter"},
		{"split chr14.fa by sequence length into chr14_pieces.fa", "splitter"},
		{"run cut on chr14.fa to remove sections, write chr14_pieces.fa", "cut"},
		{"report the length of each sequence of chr14.fa with seq-len", "seq-len"},
		{"用 seqretsplit 把 all.fa 的序列写成单个文件", "seqretsplit"},
	} {
		f := MapTask(builtinRules, rec, doc, nil, c.task)
		if got := Assemble(rec, f).Display; !strings.HasPrefix(got, c.exe+" ") {
			t.Errorf("%q: got %q\n%s", c.task, got, strings.Join(f.Evidence, "\n"))
		}
		// the program left out for a word of the task is named in the
		// evidence, and the choice's margin is no more than its lead
		if c.exe == "splitter" && strings.HasPrefix(c.task, "cut ") && !slices.ContainsFunc(f.Evidence, func(e string) bool { return strings.HasPrefix(e, "cut, of the same package, fits the task better") }) {
			t.Errorf("%q: no word of cut\n%s", c.task, strings.Join(f.Evidence, "\n"))
		}
		// the line's comparison is the scores' own: "better" only for a
		// higher score, "as well" for the same, "nearly" for a lower
		for _, e := range f.Evidence {
			var name, how string
			var theirs, ours float64
			if _, err := fmt.Sscanf(e, "%s of the same package, fits the task", &name); err != nil {
				continue
			}
			_, after, _ := strings.Cut(e, "fits the task ")
			how, rest, _ := strings.Cut(after, " (score ")
			if _, err := fmt.Sscanf(rest, "%g vs %g", &theirs, &ours); err != nil {
				t.Fatalf("%q: %v", e, err)
			}
			if want := map[bool]string{true: "better", false: map[bool]string{true: "as well", false: "nearly as well"}[theirs == ours]}[theirs > ours]; how != want {
				t.Errorf("%q: says %q for %g vs %g", e, how, theirs, ours)
			}
		}
	}
	// a program of the package that scores below the choice fits
	// "nearly as well"
	f := MapTask(builtinRules, rec, doc, nil, "split chr14.fa by sequence length into chr14_pieces.fa")
	if !slices.ContainsFunc(f.Evidence, func(e string) bool {
		return strings.HasPrefix(e, "seq-len, of the same package, fits the task nearly as well")
	}) {
		t.Errorf("no seq-len line:\n%s", strings.Join(f.Evidence, "\n"))
	}
	for _, c := range []struct {
		a, b string
		want bool
	}{
		{"hisat2", "hisat2-build", true}, {"spades.py", "metaspades.py", true}, {"hmmsearch", "hmmpress", false}, {"fastasort", "fastalength", false},
		{"splitter", "seqretsplit", false}, {"featureCounts", "subread-align", false}, {"nucBed", "windowBed", false}, {"ab", "abc", true}, {"", "x", false},
	} {
		if namesAkin(c.a, c.b) != c.want {
			t.Errorf("namesAkin(%s, %s) = %v", c.a, c.b, !c.want)
		}
	}
}
