package rules

import "testing"

// BenchmarkLoadBuiltin measures load + strict decode + compile of every
// built-in rule (budget: 20 ms).
func BenchmarkLoadBuiltin(b *testing.B) {
	for b.Loop() {
		if _, errs := Load(Options{}); len(errs) > 0 {
			b.Fatal(errs)
		}
	}
}

// BenchmarkEvalOne measures one rule evaluation (budget: 1 µs).
func BenchmarkEvalOne(b *testing.B) {
	s, _ := Load(Options{})
	r, _ := s.Get("framework.argparse")
	env := &HelpEnv{Help: "usage: x [-h]\n\noptional arguments:\n  -h, --help  show this help message and exit", Headings: []string{"optional arguments"}}
	env.Prepare()
	for b.Loop() {
		if ok, _ := s.run(r, env); !ok {
			b.Fatal("did not fire")
		}
	}
}

// BenchmarkEvalKind measures deciding a flag's category (all rules of a kind).
func BenchmarkEvalKind(b *testing.B) {
	s, _ := Load(Options{})
	env := &FlagEnv{Name: "-o", Type: "file", Placeholder: "FILE", Description: "Write final output to FILE rather than standard output"}
	for b.Loop() {
		if _, ok, _ := s.First("flag_categories", env); !ok {
			b.Fatal("no category")
		}
	}
}

// BenchmarkLoadBuiltinLazy measures the load a command does (Options.Lazy):
// read and decode every built-in rule, compile none, decode no test.
func BenchmarkLoadBuiltinLazy(b *testing.B) {
	for b.Loop() {
		if _, errs := Load(Options{Lazy: true}); len(errs) > 0 {
			b.Fatal(errs)
		}
	}
}

// BenchmarkLoadBuiltinCached measures the load a command does once an
// earlier one wrote the cache (Options.CacheDir): read the decoded rules,
// compile none, decode no test.
func BenchmarkLoadBuiltinCached(b *testing.B) {
	dir := b.TempDir()
	if _, errs := Load(Options{Lazy: true, CacheDir: dir}); len(errs) > 0 {
		b.Fatal(errs)
	}
	for b.Loop() {
		if _, errs := Load(Options{Lazy: true, CacheDir: dir}); len(errs) > 0 {
			b.Fatal(errs)
		}
	}
}

// BenchmarkEvalIntents measures reading a task's concepts: every intents
// rule against one task, as Stage 3 does for the task and each example.
func BenchmarkEvalIntents(b *testing.B) {
	s, _ := Load(Options{})
	env := &IntentEnv{Task: "sort aln.bam by coordinate with 8 threads into aln.sorted.bam"}
	for b.Loop() {
		if ms, _ := s.Eval("intents", env); len(ms) == 0 {
			b.Fatal("no concept")
		}
	}
}
