package rules

import (
	"strings"
	"testing"
	"time"
)

// compileOne compiles one user rule of a kind or fails the test.
func compileOne(t *testing.T, kind, when string) (*Set, *Rule) {
	t.Helper()
	y := "- id: x.grow\n  when: '" + when + "'\n  then: " + map[string]string{"frameworks": "{parser: generic}", "companions": "{companion: true}"}[kind] + "\n"
	rs, errs := ParseFile([]byte(y), kind, "user/"+kind+"/grow.yaml", UserLimits)
	if len(errs) > 0 {
		t.Fatalf("compile: %v", errs)
	}
	s := newSet()
	for _, r := range rs {
		if err := s.add(r); err != nil {
			t.Fatal(err)
		}
	}
	return s, rs[0]
}

// evalBounded evaluates with a deadline so a regression cannot hang or
// exhaust the test run unnoticed.
func evalBounded(t *testing.T, s *Set, r *Rule, env any) (bool, error) {
	t.Helper()
	type res struct {
		ok  bool
		err error
	}
	done := make(chan res, 1)
	go func() { ok, err := s.Fires(r, env); done <- res{ok, err} }()
	select {
	case x := <-done:
		return x.ok, x.err
	case <-time.After(20 * time.Second):
		t.Fatal("evaluation did not end within 20s")
	}
	return false, nil
}

// Rules that grow strings past the bound fail with an error naming the
// rule; before, each of them passed expr's memory budget and allocated
// 32 MB to terabytes.
func TestStringGrowthIsBounded(t *testing.T) {
	help := strings.Repeat("usage: tool [options]\n", 12000) // 264 KB, a large real help
	doubled := "let a = help + help; let b = a + a; let c = b + b; let d = c + c; let e = d + d; let f = e + e; let g = f + f; len(g) > 0"
	for name, when := range map[string]string{
		"doubling seven times": doubled,
		"sixteen-fold seven times": "let a = help+help+help+help+help+help+help+help+help+help+help+help+help+help+help+help; " +
			"let b = a+a+a+a+a+a+a+a+a+a+a+a+a+a+a+a; let c = b+b+b+b+b+b+b+b+b+b+b+b+b+b+b+b; len(c) > 0",
		"join of copies":         `len(join(map(1..99999, help), "")) > 0`,
		"join with a long glue":  `len(join(["a", "b", "c"], help + help)) > 0 && len(join(map(1..20, help), help)) > 0`,
		"replace every gap":      `len(replace(help, "", help)) > 0`,
		"replace with a limit":   `len(replace(help, "u", help, 100)) > 0`,
		"upper in a loop":        `len(map(1..100, upper(help))) > 0`,
		"concat in a reduce":     `len(reduce(1..1000, #acc + help, "")) > 0`,
		"split into runes":       `len(map(1..100, split(help, ""))) > 0`,
		"splitAfter into runes":  `len(map(1..100, splitAfter(help, "", -1))) > 0`,
		"split with a count":     `len(map(1..20000, split(help, "o", 100000))) > 0`,
		"concat of any-typed":    `len(reduce(1..1000, #acc + #acc, help)) > 0`,
		"concat in a predicate":  `any(1..1000, len(help + help) < 0)`,
		"concat of let strings":  `let s = help; let t = s + s + s + s; let u = t + t + t + t; len(u + u) > 0`,
		"upper of a joined list": `len(upper(join(map(1..100, help)))) > 0`,
	} {
		t.Run(name, func(t *testing.T) {
			s, r := compileOne(t, "frameworks", when)
			start := time.Now()
			_, err := evalBounded(t, s, r, &HelpEnv{Help: help})
			if err == nil || !strings.Contains(err.Error(), "rule x.grow: evaluation failed: the strings this rule builds are larger than 4194304 bytes") {
				t.Fatalf("err = %v", err)
			}
			t.Logf("%s: failed in %d ms", name, time.Since(start).Milliseconds())
		})
	}
}

// lower (a field of the help environment) is checked in the companion one.
func TestLowerIsBounded(t *testing.T) {
	s, r := compileOne(t, "companions", `len(map(1..100, lower(tool))) > 0 && lower("AB") == "ab"`)
	_, err := evalBounded(t, s, r, &CompanionEnv{Tool: strings.Repeat("X", 100<<10)})
	if err == nil || !strings.Contains(err.Error(), "larger than 4194304 bytes") {
		t.Fatalf("err = %v", err)
	}
	if ok, err := evalBounded(t, s, r, &CompanionEnv{Tool: "X"}); !ok || err != nil {
		t.Fatalf("small: %v %v", ok, err)
	}
}

// The checked forms give the same results as expr's own operations, and
// a rule that builds little is unaffected.
func TestCheckedStringOperationsKeepTheirMeaning(t *testing.T) {
	for when, want := range map[string]bool{
		`help + "!" == "hi!"`: true,
		`join(["a", "b"], "-") == "a-b" && join(["x"]) == "x"`: true,
		`join(split("a,b,c", ","), "+") == "a+b+c"`:            true,
		`join(map(["a", "b"], upper(#))) == "AB"`:              true,
		`replace("aXbX", "X", "y") == "ayby"`:                  true,
		`replace("aXbX", "X", "yy", 1) == "ayybX"`:             true,
		`upper("abc") == "ABC"`:                                true,
		`len(split("a,b,c", ",", 2)) == 2`:                     true,
		`len(splitAfter("a,b", ",")) == 2`:                     true,
		`len(split("héllo", "")) == 5`:                         true,
		`1 + 2 == 3 && 1.5 + 1 == 2.5`:                         true,
		`reduce([1, 2, 3], #acc + #, 0) == 6`:                  true,
		`reduce(["a", "b"], #acc + #, "") == "ab"`:             true,
		`reduce([1, 2], #acc + #acc, 1) == 4`:                  true,
		`let s = help; s + s == "hihi"`:                        true,
		`join(["a", "b"], "") == "ab" && (help + help) == "x"`: false,
	} {
		s, r := compileOne(t, "frameworks", when)
		got, err := evalBounded(t, s, r, &HelpEnv{Help: "hi"})
		if err != nil || got != want {
			t.Errorf("%s = %v, %v; want %v", when, got, err, want)
		}
	}
	// Identifiers shown by explain leave out the checked forms.
	_, r := compileOne(t, "frameworks", `help + "x" == join(headings, "")`)
	if got := strings.Join(r.Identifiers, ","); got != "headings,help" {
		t.Errorf("identifiers %s", got)
	}
	// A rule with no string building carries no meter.
	_, r = compileOne(t, "frameworks", `len(help) > 1`)
	if r.metered {
		t.Error("a rule without string building is metered")
	}
}

// The budget is per evaluation: many evaluations of a rule that builds a
// little each never add up to an error, also in parallel.
func TestStringBudgetIsPerEvaluation(t *testing.T) {
	s, r := compileOne(t, "frameworks", `len(help + help) > 0`)
	env := &HelpEnv{Help: strings.Repeat("x", 1<<20)} // 2 MiB per evaluation
	done := make(chan error, 8)
	for range 8 {
		go func() {
			var err error
			for range 20 {
				if _, e := s.Fires(r, &HelpEnv{Help: env.Help}); e != nil {
					err = e
				}
			}
			done <- err
		}()
	}
	for range 8 {
		if err := <-done; err != nil {
			t.Fatal(err)
		}
	}
	if n := len(evalMeters.m); n != 0 {
		t.Fatalf("%d meters left open", n)
	}
	// Outside Set.run (no meter) each operation is still bounded.
	if err := evalMeters.charge(&HelpEnv{}, maxBuiltBytes+1); err == nil {
		t.Fatal("an unmetered charge over the bound passed")
	}
	if err := evalMeters.charge(HelpEnv{}, 10); err != nil {
		t.Fatal(err)
	}
	if end := evalMeters.start(HelpEnv{}); end != nil {
		end()
	}
}

// The builtins that turn a list of any size into one string are not
// available to rules.
func TestStringifyBuiltinsAreDisabled(t *testing.T) {
	for _, when := range []string{`len(string(headings)) > 0`, `len(toJSON(headings)) > 0`, `toBase64(help) != ""`} {
		y := "- id: x.s\n  when: '" + when + "'\n  then: {parser: generic}\n"
		if _, errs := ParseFile([]byte(y), "frameworks", "f.yaml", UserLimits); len(errs) != 1 || !strings.Contains(errs[0].Error(), "when does not compile") {
			t.Errorf("%s: %v", when, errs)
		}
	}
}

// Failures keeps the first error of each failing rule, sorted by id.
func TestFailuresAreKeptOncePerRule(t *testing.T) {
	s, r := compileOne(t, "frameworks", `len(help + help) > 0`)
	if len(s.Failures()) != 0 {
		t.Fatal("failures before any evaluation")
	}
	big := &HelpEnv{Help: strings.Repeat("x", 3<<20)}
	for range 3 {
		if _, err := s.Fires(r, big); err == nil {
			t.Fatal("no error")
		}
	}
	s.Fires(r, &HelpEnv{Help: "small"})
	f := s.Failures()
	if len(f) != 1 || !strings.Contains(f[0].Error(), "rule x.grow: evaluation failed: the strings this rule builds") {
		t.Fatalf("failures %v", f)
	}
	// A panic inside evaluation is kept too.
	s2, r2 := compileOne(t, "frameworks", `help != ""`)
	if _, err := s2.run(r2, (*HelpEnv)(nil)); err == nil || len(s2.Failures()) != 1 {
		t.Fatalf("nil env: %v %v", err, s2.Failures())
	}
}
