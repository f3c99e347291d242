package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRulesCacheKeepsOutput: the first command writes the cache of the
// built-in rules, later ones read it; what they print is the same, a
// broken user rule is still reported with its file, line and id, and
// `rules show` still says what a rule reads and how many tests it has.
func TestRulesCacheKeepsOutput(t *testing.T) {
	home := t.TempDir()
	bin := t.TempDir()
	os.WriteFile(filepath.Join(bin, "mytool"), []byte("#!/bin/sh\necho 'Usage: mytool [options] <in.txt>'\necho '  -o FILE   output file'\necho '  -t INT    number of threads'\n"), 0o755)
	rulesDir := filepath.Join(home, ".config", "oxo-call", "rules", "constraints")
	os.MkdirAll(rulesDir, 0o755)
	os.WriteFile(filepath.Join(rulesDir, "lab.yaml"), []byte("- id: constraint.lab\n  when: 'tol == \"x\"'\n  then: {severity: warning, message: m}\n"), 0o644)
	env := map[string]string{"PATH": bin + ":" + os.Getenv("PATH")}
	cache := filepath.Join(home, ".cache", "oxo-call", "rules", "builtin.bin")
	var outs, errs []string
	for i := range 3 {
		out, errOut, code := runCLIHome(t, home, env, "dry-run", "mytool", "process in.txt with 4 threads into out.txt")
		if code != ExitOK && code != ExitUncertain {
			t.Fatalf("run %d: code %d: %s", i, code, errOut)
		}
		if _, err := os.Stat(cache); err != nil {
			t.Fatalf("run %d: no rules cache: %v", i, err)
		}
		outs, errs = append(outs, out), append(errs, errOut)
	}
	if !strings.Contains(errs[0], "lab.yaml:2: rule constraint.lab: when does not compile: unknown name tol") {
		t.Fatalf("stderr: %s", errs[0])
	}
	for i := 1; i < 3; i++ {
		if outs[i] != outs[0] || errs[i] != errs[0] {
			t.Fatalf("run %d printed\n%s%s\nrun 0\n%s%s", i, outs[i], errs[i], outs[0], errs[0])
		}
	}
	out, _, _ := runCLIHome(t, home, env, "rules", "show", "alias.star")
	if !strings.Contains(out, "reads:       lower\n") || strings.Contains(out, "tests:       0\n") {
		t.Fatalf("rules show:\n%s", out)
	}
	out, _, code := runCLIHome(t, home, env, "rules", "test")
	if code != ExitOK || !strings.Contains(out, " passed, 0 failed") {
		t.Fatalf("rules test: code %d\n%s", code, out)
	}
}
