package engine

import (
	"strings"
	"testing"
)

// TestNothingRead checks that a task whose files are all read as outputs
// makes the command uncertain and names the files (samblaster's input
// said as "the bwa output grp_raw.sam"), and that a task that says the
// command reads standard input (tee), or names one file only, does not.
func TestNothingRead(t *testing.T) {
	got, f := mapHelpOnly(t, "samblaster", "Mark duplicates in the read-grouped bwa output grp_raw.sam, also writing discordant read pairs to grp_disc.sam, main output grp_marked.sam")
	if !f.Uncertain || !hasEvidence(f, "unmet: the task's files grp_raw.sam, grp_disc.sam and grp_marked.sam are all read as outputs") {
		t.Errorf("samblaster: got %q\n%s", got, strings.Join(f.Evidence, "\n"))
	}
	got, f = mapHelpOnly(t, "tee", "write standard input to both a.txt and b.txt at once")
	if hasEvidence(f, "are all read as outputs") {
		t.Errorf("tee: got %q\n%s", got, strings.Join(f.Evidence, "\n"))
	}
	got, f = mapHelpOnly(t, "samtools", "write the header of a view to out.sam")
	if hasEvidence(f, "are all read as outputs") {
		t.Errorf("samtools: got %q\n%s", got, strings.Join(f.Evidence, "\n"))
	}
}
