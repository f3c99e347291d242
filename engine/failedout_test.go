package engine

import "testing"

// An output the task says did not happen ("the pairs that fail to
// align") goes to the flag whose help says so (--un-conc "pairs that
// didn't align concordantly"), not to the one for those that did.
func TestFailedOutputFlag(t *testing.T) {
	cmd, f := mapHelpOnly(t, "bowtie2", "align r1.fq and r2.fq to index host into host.sam and write the pairs that fail to align concordantly to unconc.fq")
	wantIn(t, cmd, f, "--un-conc unconc.fq")
	cmd, f = mapHelpOnly(t, "bowtie2", "align r1.fq and r2.fq to index host into host.sam and write the pairs that align concordantly to conc.fq")
	wantIn(t, cmd, f, "--al-conc conc.fq")
	if !saysFailed([]string{"reads", "that", "didn't"}) || saysFailed([]string{"unpaired", "reads"}) {
		t.Error("saysFailed")
	}
}
