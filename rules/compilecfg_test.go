package rules

import (
	"strings"
	"sync"
	"testing"

	"github.com/expr-lang/expr"
)

// referenceCompile is how a rule compiled before configurations were
// reused: expr.Compile with every option.
func referenceCompile(src string, spec KindSpec, lim Limits, growth *growthPatch) (string, error) {
	p, err := expr.Compile(src, append(compileOptions(spec, lim), expr.Patch(growth))...)
	if err != nil {
		return "", err
	}
	return p.Disassemble(), nil
}

// Every built-in rule compiles to the program expr.Compile makes, with the
// same growth count, compiled one after another on one configuration and
// under user limits.
func TestCompileWhenIsExprCompile(t *testing.T) {
	s, errs := Load(Options{})
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	n := 0
	for _, lim := range []Limits{BuiltinLimits, UserLimits} {
		for _, r := range s.All() {
			spec, _ := Kind(r.Kind)
			if spec.Data {
				continue
			}
			g1, g2 := &growthPatch{}, &growthPatch{}
			want, err := referenceCompile(r.When, spec, lim, g1)
			got, err2 := compileWhen(r.When, spec, lim, g2)
			if err != nil || err2 != nil {
				if err == nil || err2 == nil || err.Error() != err2.Error() {
					t.Errorf("%s: errors %v / %v", r.ID, err, err2)
				}
				continue
			}
			if got.Disassemble() != want || g1.n != g2.n {
				t.Errorf("%s: programs differ\n%s\n%s", r.ID, got.Disassemble(), want)
			}
			n++
		}
	}
	if n < 100 {
		t.Fatalf("only %d rules compared", n)
	}
}

// Expressions that do not compile give the errors expr.Compile gives,
// and leave the configuration fit for the next rule.
func TestCompileWhenErrors(t *testing.T) {
	spec, _ := Kind("intents")
	for _, src := range []string{
		`task contains`, `nosuchfield == 1`, `task + 1`, `repeat(task, 2) != ""`, `"a"`, `task ==`, `len(task) > "x"`,
		`1 / 0 == 1`, strings.Repeat("(", 50) + "true" + strings.Repeat(")", 50),
	} {
		_, want := referenceCompile(src, spec, BuiltinLimits, &growthPatch{})
		_, got := compileWhen(src, spec, BuiltinLimits, &growthPatch{})
		if (want == nil) != (got == nil) || (want != nil && want.Error() != got.Error()) {
			t.Errorf("%q: expr %v, reused %v", src, want, got)
		}
	}
	if p, err := compileWhen(`task contains "sort"`, spec, BuiltinLimits, &growthPatch{}); err != nil || p == nil {
		t.Fatal(err)
	}
}

// A compiler panic is an error, and the next compile works.
func TestCompileWhenPanic(t *testing.T) {
	spec, _ := Kind("intents")
	// A nil growth patch panics where it would patch a string +.
	if _, err := compileWhen(`task + "x" != ""`, spec, BuiltinLimits, nil); err == nil || !strings.Contains(err.Error(), "compiler failed") {
		t.Fatalf("err = %v", err)
	}
	if _, err := compileWhen(`task + "x" != ""`, spec, BuiltinLimits, &growthPatch{}); err != nil {
		t.Fatal(err)
	}
}

// Rules of one kind compile at once on several goroutines (the race
// detector checks the configurations are not shared).
func TestCompileWhenConcurrent(t *testing.T) {
	spec, _ := Kind("intents")
	want, _ := referenceCompile(`task contains "sort" && len(words) > 2`, spec, BuiltinLimits, &growthPatch{})
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 20 {
				p, err := compileWhen(`task contains "sort" && len(words) > 2`, spec, BuiltinLimits, &growthPatch{})
				if err != nil || p.Disassemble() != want {
					t.Error(err)
					return
				}
			}
		}()
	}
	wg.Wait()
}

// BenchmarkCompileIntents compiles every built-in intents rule, as a
// dry-run does; BenchmarkCompileIntentsExpr with expr.Compile's options
// built at each call, as before.
func BenchmarkCompileIntents(b *testing.B) {
	benchCompile(b, func(src string, spec KindSpec) error {
		_, err := compileWhen(src, spec, BuiltinLimits, &growthPatch{})
		return err
	})
}

func BenchmarkCompileIntentsExpr(b *testing.B) {
	benchCompile(b, func(src string, spec KindSpec) error {
		_, err := referenceCompile(src, spec, BuiltinLimits, &growthPatch{})
		return err
	})
}

func benchCompile(b *testing.B, compile func(string, KindSpec) error) {
	s, errs := Load(Options{Lazy: true})
	if len(errs) > 0 {
		b.Fatal(errs)
	}
	spec, _ := Kind("intents")
	for b.Loop() {
		for _, r := range s.Rules("intents") {
			if err := compile(r.When, spec); err != nil {
				b.Fatal(err)
			}
		}
	}
}
