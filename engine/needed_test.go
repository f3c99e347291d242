package engine

import (
	"strings"
	"testing"
)

// TestSwitchNeededByASetFlag checks, on the captured help of macs2
// callpeak, that a flag set from the task whose help says it needs a
// switch ("--broad-cutoff … is not available unless --broad is set")
// brings that switch when the task's words fit it, and that without the
// flag the switch does not come.
func TestSwitchNeededByASetFlag(t *testing.T) {
	cmd, f := mapCaptured(t, "macs2", nil, "broad peak calling: treatment ip.bam, control input.bam, mouse genome, broad cutoff 0.1, name K36")
	if got := cmd.Display; !strings.Contains(got, " --broad-cutoff 0.1") || !strings.Contains(got+" ", " --broad ") || !hasEvidence(f, "added --broad: --broad-cutoff must be used with it") {
		t.Errorf("got %q\n%s", got, strings.Join(f.Evidence, "\n"))
	}
	cmd, f = mapCaptured(t, "macs2", nil, "call peaks: treatment ip.bam, control input.bam, mouse genome, q-value cutoff 0.01, name K36")
	if got := cmd.Display; strings.Contains(got+" ", " --broad ") {
		t.Errorf("no broad cutoff: got %q\n%s", got, strings.Join(f.Evidence, "\n"))
	}
}
