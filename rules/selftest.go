package rules

import "fmt"

// TestResult is the outcome of one inline rule test.
type TestResult struct {
	Rule *Rule
	Line int
	Pass bool
	// Msg says what differed, naming the rule and file:line.
	Msg string
}

// RunTests runs the inline tests of every rule of the given kinds (all
// kinds when none are given). A rule loaded lazily whose `when` does not
// compile, or whose tests do not decode, is one failed result.
func (s *Set) RunTests(kinds ...string) []TestResult {
	if len(kinds) == 0 {
		kinds = KindNames()
	}
	var out []TestResult
	for _, k := range kinds {
		for _, r := range s.byKind[k] {
			if err := r.tested(); err != nil {
				out = append(out, TestResult{Rule: r, Line: err.(*Error).Line, Msg: err.Error()})
				continue
			}
			for _, t := range r.Tests {
				out = append(out, s.runTest(r, t))
			}
		}
	}
	return out
}

func (s *Set) runTest(r *Rule, t Test) TestResult {
	res := TestResult{Rule: r, Line: t.Line, Pass: true}
	where := fmt.Sprintf("%s:%d: rule %s", r.File, t.Line, r.ID)
	if t.Fires != nil {
		got, err := s.Fires(r, t.Given)
		switch {
		case err != nil:
			res.Pass, res.Msg = false, fmt.Sprintf("%s: %v", where, err)
			return res
		case got != *t.Fires:
			res.Pass, res.Msg = false, fmt.Sprintf("%s: fires = %v, want %v", where, got, *t.Fires)
			return res
		}
	}
	if t.First != "" {
		m, ok, _ := s.First(r.Kind, t.Given)
		got := "(none)"
		if ok {
			got = m.Rule.ID
		}
		if got != t.First {
			res.Pass, res.Msg = false, fmt.Sprintf("%s: first rule to fire = %s, want %s", where, got, t.First)
		}
	}
	return res
}
