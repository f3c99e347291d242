package engine

import (
	"strings"
	"testing"
)

// An output the task says did not happen ("the pairs that fail to
// align") goes to the flag whose help says so (--un-conc "pairs that
// didn't align concordantly"), not to the one for those that did.
func TestFailedOutputFlag(t *testing.T) {
	cmd, f := mapHelpOnly(t, "bowtie2", "align r1.fq and r2.fq to index host into host.sam and write the pairs that fail to align concordantly to unconc.fq")
	if !strings.Contains(cmd, "--un-conc unconc.fq") {
		t.Errorf("%q\n%s", cmd, strings.Join(f.Evidence, "\n"))
	}
	cmd, _ = mapHelpOnly(t, "bowtie2", "align r1.fq and r2.fq to index host into host.sam and write the pairs that align concordantly to conc.fq")
	if !strings.Contains(cmd, "--al-conc conc.fq") {
		t.Errorf("aligned: %q", cmd)
	}
	if !saysFailed([]string{"reads", "that", "didn't"}) || saysFailed([]string{"unpaired", "reads"}) {
		t.Error("saysFailed")
	}
}
