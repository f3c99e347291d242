package engine

import (
	"strings"
	"testing"
)

// A directory the task names as a destination goes to the flag that names
// the directory a command writes into: added, or moved from an output flag
// whose help names no directory.
func TestDirectoryDestinations(t *testing.T) {
	for _, c := range []struct{ tool, task, want, evidence string }{
		{"tar", "extract data.tar.gz into the refs directory", "-C refs", "gave -C the directory the task names, refs"},
		{"wget", "download every URL listed in list.txt into the pages folder", "-P pages", "gave -P the directory the task names, pages"},
	} {
		f, got := capturedFill(t, c.tool, c.task)
		if !strings.Contains(got, c.want) || !hasEvidence(f, c.evidence) {
			t.Errorf("%s %q: got %q, want %q in it; evidence %q", c.tool, c.task, got, c.want, f.Evidence)
		}
	}
	// A directory held by a flag whose help names none moves; one held by
	// a flag that names a directory stays.
	m := capturedMapper(t, "multiqc", "write into the folder out9")
	c, _ := m.choose()
	f := &Fill{Flags: []FlagValue{{Name: "-i", Value: "out9", HasValue: true}}}
	m.placeDirs(f, c)
	if f.Flags[0].Name != "-o" || !hasEvidence(f2(m), "moved out9 from -i to -o") {
		t.Errorf("flags %+v, evidence %q", f.Flags, m.evidence)
	}
	f = &Fill{Flags: []FlagValue{{Name: "-d", Value: "out9", HasValue: true}}}
	m.placeDirs(f, c)
	if f.Flags[0].Name != "-d" {
		t.Errorf("flags %+v", f.Flags)
	}
	// No flag names an output directory, or several do: nothing is placed.
	if _, ok := outputDirFlag(&candidate{flags: []FlagDoc{{Name: "--outdir", ParamType: "string"}, {Name: "--out-dir", ParamType: "string"}}}); ok {
		t.Error("two directory flags: none is the one")
	}
	if _, ok := outputDirFlag(&candidate{flags: []FlagDoc{{Name: "--outdir", ParamType: "bool"}}}); ok {
		t.Error("a switch takes no directory")
	}
}

// f2 wraps a mapper's evidence in a fill for hasEvidence.
func f2(m *mapper) *Fill { return &Fill{Evidence: m.evidence} }
