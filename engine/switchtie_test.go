package engine

import (
	"strings"
	"testing"
)

// TestSwitchTieLeavesOtherAsks checks, on the captured help of bedtools
// getfasta, that two switches a task word names alike ("the BED name":
// -name and -nameOnly) are neither added, are recorded as unmet though one
// word names them, and do not keep the task's other words from adding
// their switch ("reverse-complementing minus-strand features": -s).
func TestSwitchTieLeavesOtherAsks(t *testing.T) {
	cmd, f := mapCaptured(t, "bedtools", nil, "extract the sequences of the regions in p.bed from g.fa, reverse-complementing minus-strand features and using the BED name in the header; save p.fa")
	if got := cmd.Display; !strings.Contains(got, " -s ") || strings.Contains(got, "-name") || f.Features["unmet_switch"] != 1 || !hasEvidence(f, "fits them as well") {
		t.Errorf("got %q, features %v\n%s", got, f.Features, strings.Join(f.Evidence, "\n"))
	}
}
