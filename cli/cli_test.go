package cli

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/traitome/oxo-call/engine"
)

// runCLI runs the program in-process with a private HOME and returns its
// output and exit code.
func runCLI(t *testing.T, env map[string]string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	return runCLIHome(t, t.TempDir(), env, args...)
}

// runCLIHome is runCLI with a given HOME, so several calls share state.
func runCLIHome(t *testing.T, home string, env map[string]string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	vars := map[string]string{"HOME": home, "PATH": os.Getenv("PATH")}
	for k, v := range env {
		vars[k] = v
	}
	var out, errb bytes.Buffer
	d := &Deps{
		IO:     IOStreams{In: strings.NewReader(""), Out: &out, Err: &errb},
		Getenv: func(k string) string { return vars[k] },
		Runner: engine.ExecRunner{},
		Now:    func() time.Time { return time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC) },
	}
	code = Main(context.Background(), append([]string{"oxo-call"}, args...), d)
	return out.String(), errb.String(), code
}

func TestRulesCommandsInProcess(t *testing.T) {
	out, _, code := runCLI(t, nil, "rules", "test")
	if code != ExitOK || !strings.Contains(out, " passed, 0 failed") {
		t.Fatalf("code=%d out=%s", code, out)
	}
	out, _, code = runCLI(t, nil, "rules", "list", "--kind", "aliases")
	if code != 0 || !strings.Contains(out, "alias.featurecounts") || strings.Contains(out, "framework.") {
		t.Fatalf("code=%d out=%s", code, out)
	}
	out, _, _ = runCLI(t, nil, "--json", "rules", "show", "alias.star")
	if !strings.Contains(out, `"executables": [`) {
		t.Fatalf("out=%s", out)
	}
	_, errOut, code := runCLI(t, nil, "rules", "list", "--kind", "x")
	if code != ExitUsage || !strings.Contains(errOut, `unknown rule kind "x"`) {
		t.Fatalf("code=%d err=%s", code, errOut)
	}
	_, _, code = runCLI(t, nil, "rules", "show")
	if code != ExitUsage {
		t.Fatalf("code=%d", code)
	}
}

func TestUserRuleFailureExitsChecksFailed(t *testing.T) {
	cfg := t.TempDir()
	dir := filepath.Join(cfg, "oxo-call", "rules", "intents")
	os.MkdirAll(dir, 0o755)
	os.WriteFile(filepath.Join(dir, "x.yaml"), []byte("- id: intent.lab\n  when: 'task contains \"lab\"'\n  then: {concepts: [lab]}\n  tests:\n    - given: {task: x}\n      fires: true\n"), 0o644)
	out, _, code := runCLI(t, map[string]string{"XDG_CONFIG_HOME": cfg}, "rules", "test", "--kind", "intents")
	if code != ExitChecksFailed || !strings.Contains(out, "rule intent.lab: fires = false, want true") {
		t.Fatalf("code=%d out=%s", code, out)
	}
}

func TestExplainInProcess(t *testing.T) {
	bin := t.TempDir()
	os.WriteFile(filepath.Join(bin, "mytool"), []byte("#!/bin/sh\necho mytool 1.2.3\n"), 0o755)
	os.WriteFile(filepath.Join(bin, "mytool-build"), []byte("#!/bin/sh\n"), 0o755)
	out, _, code := runCLI(t, map[string]string{"PATH": bin}, "explain", "mytool", "build index")
	if code != 0 || !strings.Contains(out, "companion mytool-build  [companion.dash_suffix") || !strings.Contains(out, "version 1.2.3") {
		t.Fatalf("code=%d out=%s", code, out)
	}
	out, _, _ = runCLI(t, map[string]string{"PATH": bin}, "explain", "--json", "mytool", "build index")
	if !strings.Contains(out, `"companion.dash_suffix"`) || !strings.Contains(out, `"stage_name": "resolve"`) {
		t.Fatalf("out=%s", out)
	}
	_, errOut, code := runCLI(t, nil, "explain", "bad\x01name", "x")
	if code != ExitError || !strings.Contains(errOut, "control character") {
		t.Fatalf("code=%d err=%s", code, errOut)
	}
}

func TestPathsFollowXDG(t *testing.T) {
	d := &Deps{Getenv: func(k string) string {
		return map[string]string{"HOME": "/h", "XDG_CACHE_HOME": "/c", "XDG_DATA_HOME": "relative"}[k]
	}}
	p := d.paths()
	if p.Config != "/h/.config/oxo-call" || p.Cache != "/c/oxo-call" || p.Data != "/h/.local/share/oxo-call" {
		t.Fatalf("%+v", p)
	}
	if p.UserRulesDir() != "/h/.config/oxo-call/rules" {
		t.Fatal(p.UserRulesDir())
	}
}

func TestExitCodeMapping(t *testing.T) {
	if ExitCode(nil) != 0 || ExitCode(usagef("x")) != ExitUsage || ExitCode(withCode(7, "x")) != 7 || ExitCode(os.ErrNotExist) != ExitError {
		t.Fatal("exit code mapping")
	}
	if SystemDeps().Getenv == nil {
		t.Fatal("SystemDeps")
	}
}
