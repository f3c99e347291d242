package engine

import (
	"strings"
	"testing"
)

// Of two listed values the task's words fit alike, where one refines the
// other ("splice:hq" of "splice"), the general one is chosen: the
// refinement asks for more than the task says. Before, the two tied and
// the example's map-ont stayed. One word of the meaning a help says of
// many things ("secondary alignments") chooses neither.
func TestRechooseGeneralOverRefinement(t *testing.T) {
	for _, task := range []string{
		"spliced alignment of nanopore cDNA reads ont_cdna_leaf.fq to the Arabidopsis genome TAIR10_chr_all.fas with 8 threads, SAM output ont_cdna_leaf.sam",
	} {
		f, got := capturedFill(t, "minimap2", task)
		if !strings.Contains(got, "-x splice ") {
			t.Errorf("%q: got %q\n%s", task, got, strings.Join(f.Evidence, "\n"))
		}
	}
	if _, got := capturedFill(t, "minimap2", "map nanopore reads reads.fq to ref.fa (SAM, aln.sam), keeping at most 10 secondary alignments per read"); !strings.Contains(got, "-x map-ont") {
		t.Errorf("one shared word chose another preset: %q", got)
	}
}
