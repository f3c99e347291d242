package engine

import (
	"strings"
	"testing"
)

// A file the task says the command makes goes, built from the help
// alone, to the flag whose help says it is the thing to be made
// (kallisto index's -i "Filename for the kallisto index to be
// constructed"), or to the one file flag named for its kind when no flag
// writes (exonerate fastaindex's "--index -i <path>  Index file path"),
// not to standard output.
func TestMadeFileToItsFlag(t *testing.T) {
	cmd, f := mapHelpOnly(t, "kallisto", "make a kallisto index transcripts.idx out of transcripts.fa")
	if cmd != "kallisto index -i transcripts.idx transcripts.fa" {
		t.Errorf("kallisto: %s\n%s", cmd, strings.Join(f.Evidence, "\n"))
	}
	rec := &ToolRecord{Name: "fastaindex", Executable: "fastaindex", Installed: true}
	doc := &ToolDoc{Record: *rec, Flags: []FlagDoc{
		{Name: "--fasta", Aliases: []string{"-f"}, ParamType: "file", Placeholder: "path", Description: "Fasta input file", Required: true, Category: "Input"},
		{Name: "--index", Aliases: []string{"-i"}, ParamType: "file", Placeholder: "path", Description: "Index file path", Required: true, Category: "Input"},
	}}
	f = MapTask(builtinRules, rec, doc, nil, "index genome.fa, index file genome.idx")
	if got := Assemble(rec, f).Display; got != "fastaindex -f genome.fa -i genome.idx" {
		t.Errorf("fastaindex: %s\n%s", got, strings.Join(f.Evidence, "\n"))
	}
}
