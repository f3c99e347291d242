package cli

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"
)

func TestVersion(t *testing.T) {
	out, errOut, code := runCLI(t, nil, "version")
	if code != 0 || out != "oxo-call "+Version+"\n" || errOut != "" {
		t.Fatalf("%d %q %q", code, out, errOut)
	}
	out, _, code = runCLI(t, nil, "--json", "version")
	var v map[string]string
	if err := json.Unmarshal([]byte(out), &v); err != nil || code != 0 || len(v) != 1 || v["version"] != Version {
		t.Fatalf("--json: %d %v %q", code, err, out)
	}
	if out, _, code := runCLI(t, nil, "--version"); code != 0 || !strings.Contains(out, Version) {
		t.Fatalf("--version: %d %q", code, out)
	}
}

func TestCompletionScripts(t *testing.T) {
	for shell, want := range map[string][]string{
		"bash": {"complete -o bashdefault -o default -F __oxo-call_bash_autocomplete oxo-call"},
		"zsh":  {"#compdef oxo-call\n", "compdef _oxo-call oxo-call"},
		"fish": {"complete -c oxo-call"},
	} {
		out, errOut, code := runCLI(t, nil, "completion", shell)
		if code != 0 || errOut != "" {
			t.Errorf("%s: %d %s", shell, code, errOut)
			continue
		}
		for _, w := range want {
			if !strings.Contains(out, w) {
				t.Errorf("%s script lacks %q", shell, w)
			}
		}
	}
	// The completion command is listed in the help.
	out, _, _ := runCLI(t, nil, "--help")
	if !strings.Contains(out, "completion") || !strings.Contains(out, "print a shell completion script (bash, zsh, fish)") {
		t.Fatalf("help: %s", out)
	}
	// What the scripts ask for: a command's subcommands with their usage.
	out, _, code := runCLI(t, nil, "docs", "--generate-shell-completion")
	for _, w := range []string{"show:what oxo-call knows about a tool's command line\n", "update:re-read a tool's help now\n", "add:", "remove:", "path:"} {
		if code != 0 || !strings.Contains(out, w) {
			t.Errorf("completion candidates lack %q: %s", w, out)
		}
	}
}

func TestHelpListsTheCommands(t *testing.T) {
	out, _, code := runCLI(t, nil, "--help")
	if code != 0 {
		t.Fatalf("code %d", code)
	}
	for _, c := range []string{"run, r", "dry-run, d", "explain", "rules", "history, hist", "skill, sk", "docs, doc", "config", "chat", "version"} {
		if !strings.Contains(out, c) {
			t.Errorf("help lacks %q", c)
		}
	}
	out, _, code = runCLI(t, nil, "run", "--help")
	for _, f := range []string{"--ask", "--yes", "--force", "--input-list", "--input-items", "--jobs", "--stop-on-error", "--var", "--scenario"} {
		if code != 0 || !strings.Contains(out, f) {
			t.Errorf("run --help lacks %s", f)
		}
	}
}

func TestBadFlagsAreUsageErrors(t *testing.T) {
	for _, args := range [][]string{{"dry-run", "--bogus", "filt", "x"}, {"run", "--jobs", "abc", "filt", "x"}} {
		out, _, code := runCLI(t, nil, args...)
		if code != ExitUsage || out != "" {
			t.Errorf("%q: code=%d stdout=%q", args, code, out)
		}
	}
}

func TestProgressOnlyOnATerminal(t *testing.T) {
	f := newFakeEnv(t)
	f.tool("kit", kitScript)
	f.interactive = true
	_, errOut, code := f.run("docs", "show", "kit")
	// The last count is the total, then the line is wiped.
	if m := regexp.MustCompile(`\rreading subcommand help (\d+)/(\d+)\r\x1b\[K`).FindStringSubmatch(errOut); code != 0 || m == nil || m[1] != m[2] || m[2] != "9" {
		t.Fatalf("terminal: %d %q", code, errOut)
	}
	// No terminal: no progress.
	g := newFakeEnv(t)
	g.tool("kit", kitScript)
	if _, errOut, _ := g.run("docs", "show", "kit"); strings.Contains(errOut, "reading subcommand help") {
		t.Fatalf("no terminal: %q", errOut)
	}
	// A short exploration shows none either.
	h := filtEnv(t)
	h.interactive = true
	if _, errOut, _ := h.run("docs", "show", "filt"); errOut != "" {
		t.Fatalf("short exploration: %q", errOut)
	}
}

func TestCompactJSON(t *testing.T) {
	if got := compactJSON(map[string]any{"a": []int{1, 2}}); got != `{"a":[1,2]}` {
		t.Fatalf("%s", got)
	}
	if got := compactJSON(func() {}); got != "?" {
		t.Fatalf("unencodable: %s", got)
	}
}
