package engine

import (
	"strings"
	"testing"
)

// TestToolNameIsNoChoiceValue checks on clustalo's captured help that a
// task word standing in the tool's own name as its help writes it
// ("Clustal Omega") does not add the format its help lists under that
// word, while the same word naming a format ("Clustal format") does.
func TestToolNameIsNoChoiceValue(t *testing.T) {
	for _, c := range []struct{ task, want string }{
		{"align hsp70.fa with Clustal Omega and write the aligned FASTA to hsp70.aln.fa", "clustalo -i hsp70.fa -o hsp70.aln.fa"},
		{"align hsp70.fa in Clustal format into hsp70.aln", "clustalo -i hsp70.fa --outfmt clu -o hsp70.aln"},
	} {
		got, f := mapOn(t, "clustalo", "align seqs.fa and write the alignment to aln.fa", "-i seqs.fa -o aln.fa", c.task)
		if got != c.want {
			t.Errorf("%s: got %q, want %q\n%s", c.task, got, c.want, strings.Join(f.Evidence, "\n"))
		}
	}
}
