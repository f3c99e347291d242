package engine

import "testing"

// choicePairs is read once per help and handed out as the caller's own:
// changing one answer changes no later one.
func TestChoicePairsMemoIsTheCallersOwn(t *testing.T) {
	fd := FlagDoc{Name: "-O", Description: "output type: u/b: un/compressed BCF, v/z: un/compressed VCF"}
	first := choicePairs(fd)
	if len(first) < 2 {
		t.Fatalf("pairs %+v", first)
	}
	want := first[0]
	first[0].value = "changed"
	if again := choicePairs(fd); again[0] != want {
		t.Errorf("a caller's change reached the memo: %+v", again[0])
	}
	fd.Choices = []string{"u", "z"}
	if keyed := choicePairs(fd); len(keyed) == 0 {
		t.Error("no pairs with choices")
	}
}
