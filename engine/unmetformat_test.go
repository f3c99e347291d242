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

// TestPlainestValue: of a flag's listed values that name the task's kind
// alike, the one whose meaning is the kind alone is chosen ("6 =
// Tabular", not "7 = Tabular with comment lines"); values of two flags,
// or meanings of one length, stay a tie.
func TestPlainestValue(t *testing.T) {
	rec, doc := helpDoc(t, "blast_formatter", "blast_formatter")
	f := MapTask(builtinRules, rec, doc, nil, "reformat the saved BLAST archive run12.asn as tabular output to run12.tsv")
	if got := Assemble(rec, f).Display; !strings.Contains(got, "-outfmt 6") {
		t.Errorf("tabular: %s\n%s", got, strings.Join(f.Evidence, "\n"))
	}
	outfmt := FlagDoc{Name: "-outfmt"}
	six := kindFlag{fd: outfmt, value: "6", words: "Tabular"}
	seven := kindFlag{fd: outfmt, value: "7", words: "Tabular with comment lines"}
	if got := plainestValue([]kindFlag{seven, six}); len(got) != 1 || got[0].value != "6" {
		t.Errorf("plainestValue(7, 6) = %v", got)
	}
	other := kindFlag{fd: FlagDoc{Name: "--fmt"}, value: "tab", words: "Tabular"}
	for _, tie := range [][]kindFlag{
		{six, other},
		{six, {fd: outfmt, value: "10", words: "Tabular"}},
		{six, {fd: outfmt}},
	} {
		if got := plainestValue(tie); len(got) != len(tie) {
			t.Errorf("plainestValue(%v) = %v, want the tie kept", tie, got)
		}
	}
}
