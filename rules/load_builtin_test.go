package rules

import "testing"

// TestBuiltinRules loads every embedded pack and runs every inline test, so
// a broken built-in rule fails CI with its file:line and id.
func TestBuiltinRules(t *testing.T) {
	s, errs := Load(Options{})
	for _, err := range errs {
		t.Error(err)
	}
	if s.Len() < 50 {
		t.Fatalf("loaded %d built-in rules, want at least 50", s.Len())
	}
	n := 0
	for _, r := range s.RunTests() {
		n++
		if !r.Pass {
			t.Error(r.Msg)
		}
	}
	for _, r := range s.All() {
		if len(r.Tests) == 0 {
			t.Errorf("%s: rule %s has no inline test", r.Where(), r.ID)
		}
	}
	t.Logf("%d rules, %d inline tests", s.Len(), n)
}
