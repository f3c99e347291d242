package task

import (
	"slices"
	"testing"
)

// TestSequenceWords checks that the frame keeps the words before a
// sequence and the strand's end its clause names ("3'", "5′"), none past
// the clause.
func TestSequenceWords(t *testing.T) {
	for task, want := range map[string][]string{
		"trim the 3' adapter AGATCGGAAGAGC from r.fq":       {"adapter", "3'"},
		"remove the 5′ adapter GTTCAGAGTTC from r.fq":       {"adapter", "5′"},
		"find the motif GGATCC in genome.fa":                {"motif"},
		"trim the 3' end, then the adapter ACGTACGTAC here": {"adapter"},
	} {
		var seq string
		f := Parse(task)
		if len(f.Sequences) != 1 {
			t.Fatalf("%q: sequences %v", task, f.Sequences)
		}
		seq = f.Sequences[0]
		got := f.SequenceWords[seq]
		if !slices.Contains(got, want[len(want)-1]) || !slices.Contains(got, want[0]) || len(want) == 1 && (slices.Contains(got, "3'") || slices.Contains(got, "5'")) {
			t.Errorf("%q: words %q, want %q", task, got, want)
		}
	}
}

// TestStrandEndIsNoNumber checks that "5-prime" names a strand's end, not
// the number 5 ("25-mers" stays a number).
func TestStrandEndIsNoNumber(t *testing.T) {
	if f := Parse("trim the 5-prime adapter GTTCAGAGTTC from r.fq"); len(f.Numbers) != 0 {
		t.Errorf("numbers %v", f.Numbers)
	}
	if f := Parse("count 25-mers of r.fq"); len(f.Numbers) != 1 || f.Numbers[0].Value != "25" {
		t.Errorf("25-mers: numbers %v", f.Numbers)
	}
}
