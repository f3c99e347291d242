package engine

import (
	"strings"
	"testing"
)

// TestRemovedNotKept: a task that takes away what a switch keeps only
// ("remove the repeated lines" for uniq's --repeated, "only print
// duplicate lines") does not get the switch, named or asked for by its
// help's words; one that asks to keep them does.
func TestRemovedNotKept(t *testing.T) {
	checkCommands(t, "uniq", nil,
		taskCommand{"remove the repeated lines of sorted.txt and write the result to dedup.txt", "uniq sorted.txt dedup.txt"},
		taskCommand{"collapse adjacent repeated lines of sorted.txt, ignoring case", "uniq -i sorted.txt"},
		taskCommand{"print only the repeated lines of sorted.txt", "uniq -d sorted.txt"})
	_, f := mapCaptured(t, "uniq", nil, "remove the repeated lines of sorted.txt and write the result to dedup.txt")
	if !hasEvidence(f, "left out -d: the task removes the repeated") {
		t.Errorf("evidence:\n%s", strings.Join(f.Evidence, "\n"))
	}
	m := &mapper{task: "drop, then keep the repeated lines"}
	if m.removedBefore([]string{"repeat"}) || m.removedBefore(nil) {
		t.Error("a removal verb past a comma took the words after it")
	}
}
