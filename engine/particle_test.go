package engine

import (
	"strings"
	"testing"
)

// TestVerbParticleAsksNothing checks that the particle of a phrasal verb
// ("leave unaligned reads out") is no word the command must account for:
// bowtie2's --no-unal says it.
func TestVerbParticleAsksNothing(t *testing.T) {
	got, f := mapGolden(t, "bowtie2", "align reads.fq to index idx and leave unaligned reads out of the SAM file mapped.sam")
	if !strings.Contains(got, "--no-unal") || !hasEvidence(f, "accounts for: leave") || hasEvidence(f, "accounts for: leave, out") {
		t.Errorf("got %q\n%s", got, strings.Join(f.Evidence, "\n"))
	}
}
