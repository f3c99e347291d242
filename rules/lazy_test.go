package rules

import (
	"reflect"
	"strings"
	"testing"
	"testing/fstest"
)

// TestLazyLoadMatchesFullLoad: a lazy load holds the same rules in the
// same order, with the same then values and fingerprint; once Complete,
// every field a full load sets is the same, and the inline tests pass.
func TestLazyLoadMatchesFullLoad(t *testing.T) {
	full, errs := Load(Options{})
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	lazy, errs := Load(Options{Lazy: true})
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	fa, la := full.All(), lazy.All()
	if len(fa) != len(la) {
		t.Fatalf("lazy load has %d rules, full load %d", len(la), len(fa))
	}
	deferred := 0
	for i := range fa {
		f, l := fa[i], la[i]
		if f.ID != l.ID || f.Kind != l.Kind || f.When != l.When || f.File != l.File || f.Line != l.Line ||
			f.Priority != l.Priority || f.Description != l.Description || !reflect.DeepEqual(f.Then, l.Then) {
			t.Fatalf("rule %d: lazy %+v, full %+v", i, l, f)
		}
		if l.When != "" && l.program == nil {
			deferred++
		}
	}
	if deferred == 0 {
		t.Fatal("a lazy load compiled every rule")
	}
	if full.Fingerprint() != lazy.Fingerprint() {
		t.Fatal("fingerprints differ")
	}
	// Evaluating a kind compiles its rules only.
	if _, _, err := lazy.First("frameworks", &HelpEnv{Help: "usage: x [-h]"}); err != nil {
		t.Fatal(err)
	}
	if r := lazy.Rules("frameworks")[0]; r.program == nil || len(r.Identifiers) == 0 || len(r.Tests) != 0 {
		t.Fatalf("evaluated rule %s: program %v, identifiers %v, tests %d", r.ID, r.program != nil, r.Identifiers, len(r.Tests))
	}
	if r := lazy.Rules("constraints")[0]; r.program != nil {
		t.Fatalf("rule %s of a kind never evaluated was compiled", r.ID)
	}
	if errs := lazy.Complete(); len(errs) > 0 {
		t.Fatal(errs)
	}
	for i := range fa {
		f, l := fa[i], la[i]
		if !reflect.DeepEqual(f.Identifiers, l.Identifiers) || !reflect.DeepEqual(f.Tests, l.Tests) || f.metered != l.metered {
			t.Fatalf("%s after Complete: identifiers %v / %v, tests %d / %d", f.ID, l.Identifiers, f.Identifiers, len(l.Tests), len(f.Tests))
		}
	}
	fr, lr := full.RunTests(), lazy.RunTests()
	if len(fr) != len(lr) {
		t.Fatalf("lazy set ran %d tests, full set %d", len(lr), len(fr))
	}
	for _, r := range lr {
		if !r.Pass {
			t.Error(r.Msg)
		}
	}
}

// TestLazyRunTestsDecodesTests: RunTests alone (no Complete first) decodes
// a lazy rule's tests and runs them.
func TestLazyRunTestsDecodesTests(t *testing.T) {
	s, _ := Load(Options{Lazy: true})
	res := s.RunTests("aliases")
	if len(res) == 0 {
		t.Fatal("no tests ran")
	}
	for _, r := range res {
		if !r.Pass {
			t.Error(r.Msg)
		}
	}
}

// TestLazyBrokenRuleNamesFileLineAndID: a rule whose compiling or test
// decoding was deferred still fails with its file, line and id: when it
// is evaluated, in Complete and in RunTests.
func TestLazyBrokenRuleNamesFileLineAndID(t *testing.T) {
	fsys := fstest.MapFS{
		"frameworks/a.yaml": {Data: []byte("- id: framework.x\n  when: 'framwork == \"cobra\"'\n  then: {parser: generic}\n  tests:\n    - given: {help: x}\n      fires: true\n" +
			"- id: framework.y\n  when: 'true'\n  then: {parser: generic}\n  tests:\n    - given: {hlep: x}\n      fires: true\n")},
		"lexicon/a.yaml": {Data: []byte("- id: lexicon.x\n  then: {class: output_marker, lang: en, words: [into]}\n  tests:\n    - given: {word: into}\n")},
	}
	s := newSet()
	if errs := s.loadFS(fsys, "builtin:", "builtin", BuiltinLimits, true); len(errs) > 0 {
		t.Fatalf("a lazy load reported %v", errs)
	}
	s.sortRules()
	const bad = "builtin:frameworks/a.yaml:2: rule framework.x: when does not compile: unknown name framwork"
	m, ok, err := s.First("frameworks", &HelpEnv{Help: "x"})
	if !ok || m.Rule.ID != "framework.y" || err == nil || !strings.Contains(err.Error(), bad) {
		t.Fatalf("First = %v %v %v, want framework.y and %q", m.Rule, ok, err, bad)
	}
	if f := s.Failures(); len(f) != 1 || !strings.Contains(f[0].Error(), bad) {
		t.Fatalf("Failures = %v", f)
	}
	var got []string
	for _, e := range s.Complete() {
		got = append(got, e.Error())
	}
	joined := strings.Join(got, "\n")
	for _, want := range []string{bad,
		`builtin:frameworks/a.yaml:11: rule framework.y: test: unknown key "hlep"`,
		`builtin:lexicon/a.yaml:4: rule lexicon.x: test: a test needs fires`} {
		if !strings.Contains(joined, want) {
			t.Errorf("Complete:\n%s\nwant %q", joined, want)
		}
	}
	if len(got) != 3 {
		t.Errorf("Complete gave %d errors, want 3", len(got))
	}
	var msgs []string
	for _, r := range s.RunTests() {
		if r.Pass {
			t.Errorf("%s: a broken rule's test passed", r.Rule.ID)
		}
		msgs = append(msgs, r.Msg)
	}
	joined = strings.Join(msgs, "\n")
	for _, want := range []string{"builtin:frameworks/a.yaml:5: rule framework.x: " + bad, `frameworks/a.yaml:11: rule framework.y: test: unknown key "hlep"`} {
		if !strings.Contains(joined, want) {
			t.Errorf("RunTests:\n%s\nwant %q", joined, want)
		}
	}
}

// TestLazyCompileIsSafeConcurrently: goroutines that evaluate, complete
// and test one lazy set at once each compile a rule once (run with -race).
func TestLazyCompileIsSafeConcurrently(t *testing.T) {
	s, _ := Load(Options{Lazy: true})
	done := make(chan []string)
	for i := range 6 {
		go func() {
			var got []string
			switch {
			case i%3 == 0, i == 5:
				ms, err := s.Eval("intents", &IntentEnv{Task: "sort aln.bam by coordinate"})
				if err != nil {
					got = append(got, err.Error())
				}
				if len(ms) == 0 {
					got = append(got, "no intent fired")
				}
			case i%3 == 1:
				for _, e := range s.Complete() {
					got = append(got, e.Error())
				}
			default:
				for _, r := range s.RunTests("intents") {
					if !r.Pass {
						got = append(got, r.Msg)
					}
				}
			}
			done <- got
		}()
	}
	for range 6 {
		for _, e := range <-done {
			t.Error(e)
		}
	}
}

// TestPrecompileCompilesTheKindsGiven: Precompile compiles every rule of
// the kinds named, on its own goroutine, and no other.
func TestPrecompileCompilesTheKindsGiven(t *testing.T) {
	s, _ := Load(Options{Lazy: true})
	<-s.Precompile("intents", "constraints")
	for _, k := range []string{"intents", "constraints"} {
		for _, r := range s.Rules(k) {
			if r.program == nil {
				t.Fatalf("%s: %s not compiled", k, r.ID)
			}
		}
	}
	if r := s.Rules("frameworks")[0]; r.program != nil {
		t.Fatalf("%s compiled", r.ID)
	}
	// A rule that does not compile is reported where it is evaluated.
	b := newSet()
	b.loadFS(fstest.MapFS{"frameworks/a.yaml": {Data: []byte("- id: framework.x\n  when: 'framwork'\n  then: {parser: generic}\n")}}, "builtin:", "builtin", BuiltinLimits, true)
	<-b.Precompile("frameworks")
	if _, _, err := b.First("frameworks", &HelpEnv{}); err == nil || !strings.Contains(err.Error(), "builtin:frameworks/a.yaml:2: rule framework.x: when does not compile") {
		t.Fatalf("err = %v", err)
	}
}

// TestEvalIfEvaluatesOnlyTheRulesKept: EvalIf skips the rules keep
// refuses, and is Eval when keep is nil.
func TestEvalIfEvaluatesOnlyTheRulesKept(t *testing.T) {
	s, _ := Load(Options{Lazy: true})
	env := &IntentEnv{Task: "sort and index aln.bam"}
	some, err := s.EvalIf("intents", env, func(r *Rule) bool { return r.ID == "intent.sort" })
	if err != nil || len(some) != 1 || some[0].Rule.ID != "intent.sort" {
		t.Fatalf("EvalIf = %v, %v", some, err)
	}
	for _, r := range s.Rules("intents") {
		if r.ID != "intent.sort" && r.program != nil {
			t.Fatalf("%s was evaluated", r.ID)
		}
	}
	all, err := s.EvalIf("intents", env, nil)
	if err != nil || len(all) < 2 {
		t.Fatalf("EvalIf(nil) = %d matches, %v", len(all), err)
	}
}
