package engine

import (
	"strings"
	"testing"
)

// TestNoSignalKeepsTheRoot: when nothing in the task points to any
// subcommand, the program itself is the candidate, not the subcommand its
// help lists first ("print the salmon version" was salmon index -v, sure
// of itself).
func TestNoSignalKeepsTheRoot(t *testing.T) {
	cmd, f := mapCaptured(t, "salmon", nil, "print the salmon version")
	if strings.HasPrefix(cmd.Display, "salmon index") || !hasEvidence(f, "nothing in the task points to a subcommand or companion") {
		t.Errorf("got %s\n%s", cmd.Display, strings.Join(f.Evidence, "\n"))
	}
	// A subcommand the task points to still wins over the root.
	if cmd, _ := mapCaptured(t, "salmon", nil, "build a salmon index idx from transcripts.fa"); !strings.HasPrefix(cmd.Display, "salmon index") {
		t.Errorf("index: got %s", cmd.Display)
	}
}
