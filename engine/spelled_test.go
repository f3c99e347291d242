package engine

import (
	"strings"
	"testing"
)

// A word before a number that spells a flag's long name with a hyphen
// ("q-value 0.01" for macs2's --qvalue) moves the number there from the
// example's flag its other words fit ("mouse genome" for -g); an alias
// the task writes ("hdist=1" for bbduk's hammingdistance, alias hdist)
// names its flag as the flag's own name does.
func TestNumberNamedBySpelling(t *testing.T) {
	cmd, f := mapGolden(t, "macs2", "call narrow peaks for the CTCF ChIP ctcf_ip.bam against the input ctcf_input.bam on the mouse genome with q-value 0.01, experiment name ctcf_mm, output directory macs_ctcf")
	if args := " " + cmd + " "; !strings.Contains(args, " -q 0.01 ") || strings.Contains(args, " -g 0.01 ") {
		t.Errorf("got %q\n%s", cmd, strings.Join(f.Evidence, "\n"))
	}
	if !spelledBy(FlagDoc{Name: "-q", Aliases: []string{"--qvalue"}}, "q-value") || spelledBy(FlagDoc{Name: "-q"}, "q-value") {
		t.Error("spelledBy reads the long name whole, not a letter")
	}
	cmd, f = mapHelpOnly(t, "bbduk.sh", "remove PhiX spike-in reads from reads.fq.gz with k=31 and hdist=1, clean reads to clean.fq.gz")
	if !strings.Contains(cmd, "hammingdistance=1") && !strings.Contains(cmd, "hdist=1") {
		t.Errorf("got %q\n%s", cmd, strings.Join(f.Evidence, "\n"))
	}
}
