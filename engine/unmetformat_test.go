package engine

import (
	"strings"
	"testing"
)

// TestUnmetFormat: a task that asks in words for its output's kind, with
// a help whose flag for a format's name the command does not set and
// whose help does not name that kind, gets an uncertain command; the
// tool's default kind, named by the help, needs no flag.
func TestUnmetFormat(t *testing.T) {
	rec, doc := helpDoc(t, "hmmalign", "hmmalign")
	f := MapTask(builtinRules, rec, doc, nil, "align the sequences in new_globins.fa to the profile globin.hmm and write the alignment in aligned FASTA format to new_globins.afa")
	if !f.Uncertain || !hasEvidence(f, "unmet: the task asks for fasta output, and the command sets no flag for a format's name (--outformat)") {
		t.Errorf("aligned FASTA: %s\n%s", Assemble(rec, f).Display, strings.Join(f.Evidence, "\n"))
	}
	// Stockholm is the default the help names ("[Stockholm]").
	f = MapTask(builtinRules, rec, doc, nil, "align the sequences in new_globins.fa to the profile globin.hmm and write the alignment in Stockholm format to new_globins.sto")
	if hasEvidence(f, "unmet: the task asks for") {
		t.Errorf("Stockholm: %s\n%s", Assemble(rec, f).Display, strings.Join(f.Evidence, "\n"))
	}
	for _, c := range []struct {
		fd   FlagDoc
		want bool
	}{
		{FlagDoc{Name: "--outformat", Placeholder: "<s>", ParamType: "string", Description: "output alignment in format <s> [Stockholm]"}, true},
		{FlagDoc{Name: "--informat", Placeholder: "<s>", ParamType: "string", Description: "assert <seqfile> is in format <s>"}, false},
		{FlagDoc{Name: "-sformat1", ParamType: "string", Description: "Input sequence format"}, false},
		{FlagDoc{Name: "--format-file", ParamType: "string", Description: "a file of formats"}, false},
		{FlagDoc{Name: "--outfmt", ParamType: "int", Description: "output format"}, false},
		{FlagDoc{Name: "--output", ParamType: "string", Description: "output file"}, false},
	} {
		if got := formatFlag(c.fd); got != c.want {
			t.Errorf("formatFlag(%s) = %v, want %v", c.fd.Name, got, c.want)
		}
	}
}
