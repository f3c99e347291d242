package engine

import (
	"strings"
	"testing"

	"github.com/traitome/oxo-call/skills"
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

// TestCurrentDirectoryOperand checks the current directory the task names
// in words or as ".": it goes where the usage reads its directory, from
// the help alone or in place of an example's directory operand, and its
// words ask for no switch of their own (multiqc's "-d  Prepend directory
// to sample names" for "the current dir").
func TestCurrentDirectoryOperand(t *testing.T) {
	checkCommands(t, "multiqc", nil,
		taskCommand{"generate a PDF version of the report for the current directory", "multiqc --pdf ."},
		taskCommand{"rerun multiqc on . and overwrite the existing report", "multiqc -f ."},
		taskCommand{"report on the current dir into the folder reports", "multiqc -o reports ."})
	sk := &skills.Skill{Name: "multiqc", Examples: []skills.Example{{Task: "zip the data directory of the report on results", Args: "-z -o multiqc_out results/"}}}
	checkCommands(t, "multiqc", sk, taskCommand{"run multiqc on the current directory and zip the data directory", "multiqc -z ."})
	if dirOperand("results.txt") || dirOperand("/abs/") || !dirOperand("results/") || !dirOperand(".") {
		t.Error("dirOperand")
	}
}

// TestHelpNamesPlace: a directory the task names in words is the tool's
// own when a flag's help, of the tool or a subcommand, says the same
// words with the same place word.
func TestHelpNamesPlace(t *testing.T) {
	doc := &ToolDoc{Subcommands: []SubcommandDoc{{Name: "s", Flags: []FlagDoc{{Name: "-z", Description: "Compress the data directory"}}}}}
	for _, c := range []struct {
		task, dir string
		want      bool
	}{
		{"zip the data directory", "data", true},
		{"zip the data folder", "data", false},
		{"scan the analysis folder", "analysis", false},
	} {
		if got := helpNamesPlace(doc, c.task, c.dir); got != c.want {
			t.Errorf("%q %s: %v, want %v", c.task, c.dir, got, c.want)
		}
	}
	if helpNamesPlace(nil, "zip the data directory", "data") {
		t.Error("no help names no place")
	}
}
