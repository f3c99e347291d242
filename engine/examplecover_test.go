package engine

import (
	"strings"
	"testing"

	"github.com/traitome/oxo-call/skills"
)

// The words of the example's task a dropped flag stood for account for
// nothing; a dropped flag the help does not describe leaves the example's
// task accounting for nothing at all.
func TestExampleCover(t *testing.T) {
	ex := &scoredExample{ex: skills.Example{Task: "quantify reads with GC bias correction"}}
	m := &mapper{}
	if got := m.exampleCover(ex); !got[stem("bias")] || !got[stem("quantify")] {
		t.Fatalf("nothing dropped: %v", got)
	}
	m.unasked = []exToken{{flag: "--gcBias", doc: &FlagDoc{Name: "--gcBias", Description: "perform GC bias correction"}}}
	got := m.exampleCover(ex)
	if got[stem("bias")] || got[stem("correction")] || !got[stem("quantify")] {
		t.Errorf("--gcBias dropped: %v", got)
	}
	m.unasked = append(m.unasked, exToken{flag: "--auto"})
	if got := m.exampleCover(ex); len(got) != 0 {
		t.Errorf("an undescribed flag dropped: %v", got)
	}
}

// mafft's help describes no --auto: once the fill drops the example's
// --auto, the words of its task that asked for it ("automatically
// choosing the strategy") are uncovered, as the command does not do them.
func TestDroppedFlagUncovers(t *testing.T) {
	cmd, f := mapGolden(t, "mafft", "align spike_proteins.fasta with mafft choosing the strategy automatically, output spike_aln.fasta")
	if !hasEvidence(f, "dropped --auto") || f.Features["uncovered_words"] < 0.5 {
		t.Errorf("%q: uncovered %v\n%s", cmd, f.Features["uncovered_words"], strings.Join(f.Evidence, "\n"))
	}
}
