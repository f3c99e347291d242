package engine

import (
	"strings"
	"testing"
)

// TestScientificNumbersTakeTheirFlag checks, on the captured help of
// blastn, hmmsearch and diamond, that a number in scientific notation is a
// task value: it replaces the example's e-value (whose flag the task calls
// "e-value", joined differently from -evalue, or whose value has the same
// shape), and never goes to a flag the example sets to a plain integer.
func TestScientificNumbersTakeTheirFlag(t *testing.T) {
	for _, c := range []struct {
		tool, exTask, exArgs, task, want string
	}{
		{"blastn", "search q.fa against db1 with e-value 1e-5", "-query q.fa -db db1 -evalue 1e-5",
			"search genes.fa against nt_db, e-value cutoff 1e-10", "blastn -query genes.fa -db nt_db -evalue 1e-10"},
		{"hmmsearch", "search fam.hmm against p.faa reporting hits with E-value at most 1e-5", "-E 1e-5 fam.hmm p.faa",
			"report only sequences with E-value at most 1e-3 when searching abc.hmm against db.faa", "hmmsearch -E 1e-3 abc.hmm db.faa"},
		{"diamond", "blastx c.fa against uniref, tabular output, e-value 1e-5", "blastx -d uniref -q c.fa --outfmt 6 -e 1e-5",
			"blastx contigs.fa against uniref with e-value 1e-20 in tabular output", "diamond blastx -d uniref -q contigs.fa --outfmt 6 -e 1e-20"},
	} {
		got, f := mapOn(t, c.tool, c.exTask, c.exArgs, c.task)
		if got != c.want {
			t.Errorf("%s: got %q, want %q\n%s", c.task, got, c.want, strings.Join(f.Evidence, "\n"))
		}
	}
}

func TestJoinedName(t *testing.T) {
	for _, c := range []struct {
		w, bare string
		want    bool
	}{
		{"e-value", "evalue", true}, {"min_len", "min-len", true}, {"MinLen", "minlen", true},
		{"e-v", "ev", false}, {"value", "evalue", false},
	} {
		if got := joinedName(c.w, c.bare); got != c.want {
			t.Errorf("joinedName(%q, %q) = %v", c.w, c.bare, got)
		}
	}
}

// TestPlainNumberLeavesTheExampleEvalue checks on hmmsearch's captured help
// that a plain number (a bit score) does not take the flag the example sets
// to an e-value, and goes to the flag of the help it fits.
func TestPlainNumberLeavesTheExampleEvalue(t *testing.T) {
	got, f := mapOn(t, "hmmsearch", "search fam.hmm against p.faa with E-value at most 1e-5 for sequences", "-E 1e-5 fam.hmm p.faa",
		"search tigr.hmm against seqs.fa with a bit-score threshold of 25 for sequences")
	if got != "hmmsearch -T 25 tigr.hmm seqs.fa" {
		t.Errorf("got %q\n%s", got, strings.Join(f.Evidence, "\n"))
	}
}
