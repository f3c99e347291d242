package engine

import (
	"strings"
	"testing"
)

// TestDefaultOnSwitchNamed: a switch the task names that is on already
// (EMBOSS "-[no]reverse toggle [Y]") is not set: it would change
// nothing. The evidence says so, and its name accounts for the task's
// words, so the command is no less sure for it.
func TestDefaultOnSwitchNamed(t *testing.T) {
	cmd, f := mapCaptured(t, "revseq", nil, "reverse and complement the sequences in seqs.fa, writing rc.fa")
	if strings.Contains(cmd.Display, "-reverse") || strings.Contains(cmd.Display, "-complement") || !strings.Contains(cmd.Display, "rc.fa") {
		t.Errorf("got %s", cmd.Display)
	}
	if !hasEvidence(f, "left out -reverse: the task names it (reverse), and it is on by default") {
		t.Errorf("evidence: %q", f.Evidence)
	}
	if !onByDefault(FlagDoc{Name: "-report", ParamType: "bool", Default: "Y"}) || onByDefault(FlagDoc{Name: "-plot", ParamType: "bool", Default: "N"}) ||
		onByDefault(FlagDoc{Name: "-n", ParamType: "int", Default: "yes"}) {
		t.Error("onByDefault")
	}
}

// TestDefaultOnModeMet: a mode the task names by a switch on by default
// ("end-to-end" for bowtie2's --end-to-end "(on)") is met by the switch's
// name: nothing is added and no finding says the mode is missing.
func TestDefaultOnModeMet(t *testing.T) {
	cmd, f := mapCaptured(t, "bowtie2", nil, "map the single-end reads r.fq.gz to the bowtie2 index mm10_bt2 with the very sensitive end-to-end preset and 8 threads, write r.sam")
	if cmd.Display != "bowtie2 -U r.fq.gz -S r.sam -p 8 -x mm10_bt2 --very-sensitive" {
		t.Errorf("got %s", cmd.Display)
	}
	for _, m := range f.Missing {
		if strings.Contains(m, "mode") {
			t.Errorf("finding %q", m)
		}
	}
}
