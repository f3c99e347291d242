package engine

import (
	"strings"
	"testing"
)

// A number whose words fit two flags alike waits for the others: "500
// bp" counts bases, so it goes to -l ("The length of the intervals"),
// not to -n ("The number of intervals"), and 1000, which fits both, then
// takes -n, the one left; no guess is recorded. A length never goes to a
// flag that counts intervals.
func TestTiedNumberWaits(t *testing.T) {
	cmd, f := mapHelpOnly(t, "bedtools", "Generate 1000 random 500 bp intervals on hg38.genome with bedtools, using random seed 42")
	args := " " + cmd + " "
	if !strings.Contains(args, " -l 500 ") || !strings.Contains(args, " -n 1000 ") || hasEvidence(f, "tied:") || f.Features["tied_values"] != 0 {
		t.Errorf("got %q\n%s", cmd, strings.Join(f.Evidence, "\n"))
	}
	cmd, f = mapHelpOnly(t, "bedtools", "Generate 500 bp random intervals on hg38.genome")
	if strings.Contains(" "+cmd+" ", " -n 500 ") {
		t.Errorf("a length counts no intervals: %q\n%s", cmd, strings.Join(f.Evidence, "\n"))
	}
}
