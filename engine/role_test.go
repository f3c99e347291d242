package engine

import (
	"slices"
	"strings"
	"testing"
)

// TestExampleFilesAlignedByRole checks on the captured help of minimap2
// and nucmer that an example's reference takes the task's reference and
// its reads the task's reads, though the task names its files in the
// other order and both are FASTA.
func TestExampleFilesAlignedByRole(t *testing.T) {
	for _, tc := range []struct {
		tool, exTask, exCmd, task string
		want                      []string
	}{
		{"minimap2", "map the nanopore reads ont.fa to the reference genome.fa into aln.paf", "minimap2 -x map-ont -o aln.paf genome.fa ont.fa",
			"map the nanopore reads reads.fa to the reference ref.fa into out.paf", []string{"ref.fa", "reads.fa"}},
		{"nucmer", "align the assembly query.fa to the reference ref.fa", "nucmer ref.fa query.fa",
			"align my assembly contigs.fa against hg38.fa", []string{"hg38.fa", "contigs.fa"}},
	} {
		sk := inlineSkill(t, "name: "+tc.tool, tc.exTask, tc.exCmd)
		_, f := mapCaptured(t, tc.tool, sk, tc.task)
		if !slices.Equal(f.Positionals, tc.want) {
			t.Errorf("%s: positionals %q, want %q\n%s", tc.tool, f.Positionals, tc.want, strings.Join(f.Evidence, "\n"))
		}
	}
}
