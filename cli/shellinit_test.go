package cli

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

func TestShellInitPrintsASnippetPerShell(t *testing.T) {
	f := newFakeEnv(t)
	for shell, bind := range map[string]string{
		"bash": `bind -x "\"${OXO_CALL_KEY:-\C-x\C-o}\": __oxo_call_fill"`,
		"zsh":  `bindkey -- "${OXO_CALL_KEY:-^X^O}" __oxo_call_fill`,
		"fish": `set -l __oxo_call_key \cx\co`,
	} {
		out, errOut, code := f.run("shell-init", shell)
		if code != 0 || errOut != "" || !strings.Contains(out, bind) || !strings.Contains(out, "command oxo-call shell-fill -- ") {
			t.Errorf("%s: %d %q\n%s", shell, code, errOut, out)
		}
	}
	out, _, code := f.run("shell-init", "--key", `\C-g`, "bash")
	if code != 0 || !strings.Contains(out, `"\"${OXO_CALL_KEY:-\C-g}\": __oxo_call_fill"`) {
		t.Fatalf("--key: %d %s", code, out)
	}
	for _, c := range []struct {
		args []string
		msg  string
	}{
		{[]string{"shell-init"}, "oxo-call shell-init: expected a shell: bash, zsh or fish"},
		{[]string{"shell-init", "tcsh"}, `shell-init: unknown shell "tcsh" (valid: bash, zsh, fish)`},
		{[]string{"shell-init", "--key", `\C-x"; rm -rf ~`, "bash"}, `shell-init: --key "\\C-x\"; rm -rf ~": '"' is not allowed in a key sequence`},
		{[]string{"shell-init", "--key", "a b", "zsh"}, `shell-init: --key "a b": ' ' is not allowed in a key sequence`},
		{[]string{"shell-fill"}, `oxo-call shell-fill: expected one prompt line "TOOL TASK…"`},
	} {
		out, errOut, code := f.run(c.args...)
		if code != ExitUsage || out != "" || errOut != "oxo-call: "+c.msg+"\n" {
			t.Errorf("%q: %d %q %q", c.args, code, out, errOut)
		}
	}
}

// Evaluated by a shell that is not interactive (a script sourcing the rc
// file, under set -eu), the snippet binds nothing and says nothing.
func TestShellInitSnippetInScripts(t *testing.T) {
	for shell, script := range map[string]string{
		"bash": `set -eu; eval "$(oxo-call shell-init bash)"; type __oxo_call_fill >/dev/null; echo ok`,
		"zsh":  `setopt nounset errexit; eval "$(oxo-call shell-init zsh)"; whence -w __oxo_call_fill >/dev/null; echo ok`,
		"fish": `oxo-call shell-init fish | source; and functions -q __oxo_call_fill; and echo ok`,
	} {
		if _, err := exec.LookPath(shell); err != nil {
			continue
		}
		out, err := exec.Command(shell, "-c", script).CombinedOutput()
		if err != nil || string(out) != "ok\n" {
			t.Errorf("%s: %v %q", shell, err, out)
		}
	}
}

// Completion offers the new commands (not the hidden shell-fill) and
// shell-init's shells.
func TestCompletionCoversTheNewCommands(t *testing.T) {
	// The root's candidates, from the program as a shell calls it.
	b, err := exec.Command("oxo-call", "--generate-shell-completion").Output()
	out := string(b)
	if err != nil || !strings.Contains(out, "\nmcp:serve oxo-call to MCP clients") || !strings.Contains(out, "\nshell-init:print a shell snippet") || strings.Contains(out, "shell-fill") {
		t.Fatalf("root: %s", out)
	}
	out, _, code := runCLI(t, nil, "shell-init", "--generate-shell-completion")
	if code != 0 || !strings.HasPrefix(out, "bash\nzsh\nfish\n") {
		t.Fatalf("shell-init: %q", out)
	}
	out, _, _ = runCLI(t, nil, "shell-init", "bash", "-", "--generate-shell-completion")
	if strings.Contains(out, "zsh") || !strings.Contains(out, "--key") {
		t.Fatalf("shell-init bash -: %q", out)
	}
	out, _, _ = runCLI(t, nil, "mcp", "-", "--generate-shell-completion")
	if !strings.Contains(out, "--allow-run") {
		t.Fatalf("mcp -: %q", out)
	}
}

// uncertainFilt is the one line shell-fill prints for filtUncertain; the
// confidence is whatever the fitted weights give, below the threshold.
var uncertainFilt = regexp.MustCompile(`oxo-call: uncertain \(confidence 0\.\d\d\): filt -t 4 in\.txt`)

func TestShellFill(t *testing.T) {
	f := filtEnv(t)
	for _, c := range []struct {
		line, out string
		code      int
	}{
		{"  filt " + filtTask + "  ", "filt -o out.txt -q 20 in.txt", 0},
		{"filt\t" + filtTask, "filt -o out.txt -q 20 in.txt", 0},
		{"filt " + filtUncertain, `oxo-call: uncertain (confidence `, ExitUncertain},
		{"filt", `oxo-call: type a tool and a task, e.g. "samtools sort aln.bam by coordinate" (got "filt")`, ExitUsage},
		{"   ", `oxo-call: type a tool and a task, e.g. "samtools sort aln.bam by coordinate" (got "")`, ExitUsage},
		{"filt/ sort in.txt", "oxo-call: ", ExitError},
	} {
		out, errOut, code := f.run("shell-fill", "--", c.line)
		if code != c.code || !strings.HasPrefix(out, c.out) || strings.Count(out, "\n") != 1 || errOut != "" ||
			code == ExitUncertain && !uncertainFilt.MatchString(out) {
			t.Errorf("%q: %d %q %q", c.line, code, out, errOut)
		}
	}
	out, _, _ := f.run("shell-fill", "--", "filt "+filtUncertain)
	if !strings.HasSuffix(out, ` (see: oxo-call explain filt "process in.txt quickly using 4 cores")`+"\n") {
		t.Errorf("uncertain hint: %q", out)
	}
	f.userRule("constraints", "filt.yaml", filtErrorRule)
	out, _, code := f.run("shell-fill", "--", "filt "+filtTask)
	if code != ExitRefused || out != "oxo-call: filt -o out.txt -q 20 in.txt: filt -q is deprecated [user.filt_no_q]\n" {
		t.Errorf("error finding: %d %q", code, out)
	}
	if h := f.history(); len(h) != 5 || !h[0].DryRun {
		t.Errorf("history: %+v", h)
	}
}

// tmuxShell is an interactive shell in a private tmux server.
type tmuxShell struct {
	t    *testing.T
	sock string
	dir  string
}

// needProgram skips the test when a program is missing, unless OXO_LIVE=1
// says it must be there.
func needProgram(t *testing.T, name string) {
	t.Helper()
	if _, err := exec.LookPath(name); err != nil {
		if os.Getenv("OXO_LIVE") == "1" {
			t.Fatalf("%s is not installed", name)
		}
		t.Skipf("%s is not installed", name)
	}
}

// startShell starts shell in a tmux server of its own (a socket in a
// temporary directory), with a private HOME and XDG dirs, PATH holding
// the oxo-call under test, the fake filt and the system's tools, and an
// rc file that sets a plain prompt, set -u and set -e, then evals the
// snippet.
func startShell(t *testing.T, shell string, env ...string) *tmuxShell {
	t.Helper()
	needProgram(t, "tmux")
	needProgram(t, shell)
	oxo, err := exec.LookPath("oxo-call")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	home := filepath.Join(dir, "home")
	bin := filepath.Join(dir, "bin")
	work := filepath.Join(dir, "work")
	for _, d := range []string{home, bin, work, filepath.Join(home, ".config", "fish")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	os.WriteFile(filepath.Join(bin, "filt"), []byte(filtScript), 0o755)
	os.WriteFile(filepath.Join(work, "in.txt"), []byte("rec1\n"), 0o644)
	path := filepath.Dir(oxo) + ":" + bin + ":/usr/local/bin:/usr/bin:/bin"
	var argv []string
	switch shell {
	case "bash":
		rc := filepath.Join(dir, "bashrc")
		os.WriteFile(rc, []byte(`PS1='PROMPT> '
set -u
set -e
bind -p > "$HOME/keys.before"; bind -X > "$HOME/x.before"
eval "$(oxo-call shell-init bash)"
bind -p > "$HOME/keys.after"; bind -X > "$HOME/x.after"
`), 0o644)
		argv = []string{"bash", "--noprofile", "--rcfile", rc, "-i"}
	case "zsh":
		os.WriteFile(filepath.Join(home, ".zshrc"), []byte(`PS1='PROMPT> '
setopt nounset errexit
bindkey -L > "$HOME/keys.before"
eval "$(oxo-call shell-init zsh)"
bindkey -L > "$HOME/keys.after"
`), 0o644)
		argv = []string{"zsh", "-i"}
		env = append(env, "ZDOTDIR="+home)
	case "fish":
		os.WriteFile(filepath.Join(home, ".config", "fish", "config.fish"), []byte(`function fish_prompt; echo -n 'PROMPT> '; end
set -g fish_greeting ''
set -g fish_autosuggestion_enabled 0
bind > "$HOME/keys.before"
oxo-call shell-init fish | source
bind > "$HOME/keys.after"
`), 0o644)
		argv = []string{"fish", "-i"}
	}
	s := &tmuxShell{t: t, sock: filepath.Join(dir, "tmux.sock"), dir: home}
	cmd := append([]string{"env", "-i", "HOME=" + home, "XDG_CONFIG_HOME=" + filepath.Join(home, ".config"),
		"XDG_CACHE_HOME=" + filepath.Join(home, ".cache"), "XDG_DATA_HOME=" + filepath.Join(home, ".local", "share"),
		"PATH=" + path, "TERM=screen", "LANG=C.UTF-8"}, env...)
	cmd = append(cmd, argv...)
	s.tmux(append([]string{"new-session", "-d", "-x", "200", "-y", "40", "-c", work}, cmd...)...)
	t.Cleanup(s.stop)
	s.waitFor("the first prompt", func(lines []string) bool { return s.last(lines) == "PROMPT>" })
	return s
}

// stop ends the shell with exit and waits for it (it writes its history
// into the temporary HOME on the way out), then ends the server.
func (s *tmuxShell) stop() {
	tm := func(args ...string) error {
		return exec.Command("tmux", append([]string{"-S", s.sock, "-f", "/dev/null"}, args...)...).Run()
	}
	tm("send-keys", "C-e", "C-u")
	tm("send-keys", "-l", "exit")
	tm("send-keys", "Enter")
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline) && tm("has-session") == nil; {
		time.Sleep(50 * time.Millisecond)
	}
	tm("kill-server")
}

func (s *tmuxShell) tmux(args ...string) string {
	s.t.Helper()
	out, err := exec.Command("tmux", append([]string{"-S", s.sock, "-f", "/dev/null"}, args...)...).CombinedOutput()
	if err != nil {
		s.t.Fatalf("tmux %q: %v\n%s", args, err, out)
	}
	return string(out)
}

// screen returns the pane's lines, trailing spaces trimmed.
func (s *tmuxShell) screen() []string {
	var lines []string
	for _, l := range strings.Split(s.tmux("capture-pane", "-p"), "\n") {
		lines = append(lines, strings.TrimRight(l, " "))
	}
	return lines
}

// last returns the last prompt line (a message may stand under it).
func (s *tmuxShell) last(lines []string) string {
	for i := len(lines) - 1; i >= 0; i-- {
		if strings.HasPrefix(lines[i], "PROMPT>") {
			return strings.TrimSpace(lines[i])
		}
	}
	return ""
}

// waitFor polls the screen until ok says yes, with a generous deadline
// (CI machines are slow); the screen is shown when it never does.
func (s *tmuxShell) waitFor(what string, ok func(lines []string) bool) []string {
	s.t.Helper()
	deadline := time.Now().Add(90 * time.Second)
	for {
		lines := s.screen()
		if ok(lines) {
			return lines
		}
		if time.Now().After(deadline) {
			s.t.Fatalf("waiting for %s; the screen:\n%s", what, strings.Join(lines, "\n"))
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// typeLine types text on an empty prompt line and waits until it shows.
func (s *tmuxShell) typeLine(text string) {
	s.t.Helper()
	s.tmux("send-keys", "-l", text)
	s.waitFor("the typed line", func(lines []string) bool { return s.last(lines) == "PROMPT> "+text })
}

// fill presses the key and waits until the prompt line is want.
func (s *tmuxShell) fill(key []string, want string) []string {
	s.t.Helper()
	s.tmux(append([]string{"send-keys"}, key...)...)
	return s.waitFor("the line "+strconv.Quote(want), func(lines []string) bool { return s.last(lines) == "PROMPT> "+want })
}

// cursorAtEnd checks that the cursor sits right after the line.
func (s *tmuxShell) cursorAtEnd(line string) {
	s.t.Helper()
	x := strings.TrimSpace(s.tmux("display-message", "-p", "#{cursor_x}"))
	if x != strconv.Itoa(len("PROMPT> "+line)) {
		s.t.Errorf("cursor at column %s, want %d (the end of the line)", x, len("PROMPT> "+line))
	}
}

// clearLine empties the prompt line.
func (s *tmuxShell) clearLine() {
	s.t.Helper()
	s.tmux("send-keys", "C-e", "C-u")
	s.waitFor("an empty prompt line", func(lines []string) bool { return s.last(lines) == "PROMPT>" })
}

// readFile reads a file the shell wrote in its HOME.
func (s *tmuxShell) readFile(name string) string {
	b, err := os.ReadFile(filepath.Join(s.dir, name))
	if err != nil {
		s.t.Fatal(err)
	}
	return string(b)
}

var ctrlXCtrlO = []string{"C-x", "C-o"}

const (
	samtoolsLine = "samtools sort aln.bam by coordinate with 8 threads into aln.sorted.bam"
	samtoolsCmd  = "samtools sort -@ 8 -o aln.sorted.bam aln.bam"
)

// testShellBinding is the same scenario in every shell: the samtools line
// becomes the command, unrun, cursor at the end; an uncertain line is
// kept with one line saying why; Enter runs a filled line.
func testShellBinding(t *testing.T, s *tmuxShell) {
	if _, err := exec.LookPath("samtools"); err == nil || os.Getenv("OXO_LIVE") == "1" {
		s.typeLine(samtoolsLine)
		lines := s.fill(ctrlXCtrlO, samtoolsCmd)
		s.cursorAtEnd(samtoolsCmd)
		if strings.Contains(strings.Join(lines, "\n"), "[bam_sort") || strings.Contains(strings.Join(lines, "\n"), "oxo-call:") {
			t.Fatalf("the command ran, or a message was shown:\n%s", strings.Join(lines, "\n"))
		}
		s.clearLine()
	}
	// The same with the fake filt, which prints when it runs: nothing
	// ran after the key, and Enter runs the filled line.
	s.typeLine("filt " + filtTask)
	lines := s.fill(ctrlXCtrlO, "filt -o out.txt -q 20 in.txt")
	s.cursorAtEnd("filt -o out.txt -q 20 in.txt")
	if strings.Contains(strings.Join(lines, "\n"), "filt ran") {
		t.Fatal("the filled command ran")
	}
	s.tmux("send-keys", "Enter")
	s.waitFor("the command's output", func(lines []string) bool {
		return strings.Contains(strings.Join(lines, "\n"), "filt ran: -o out.txt -q 20 in.txt") && s.last(lines) == "PROMPT>"
	})
	// Uncertain: the line is kept, one line says why.
	s.typeLine("filt " + filtUncertain)
	s.tmux("send-keys", "C-x", "C-o")
	lines = s.waitFor("the uncertain message", func(lines []string) bool {
		return uncertainFilt.MatchString(strings.Join(lines, "\n")) &&
			s.last(lines) == "PROMPT> filt "+filtUncertain
	})
	n := 0
	for _, l := range lines {
		if strings.Contains(l, "PROMPT> filt "+filtUncertain) {
			n++
		}
		if strings.Contains(l, "filt ran: -t 4") {
			t.Fatal("the uncertain command ran")
		}
	}
	if n == 0 {
		t.Fatalf("the uncertain line is gone:\n%s", strings.Join(lines, "\n"))
	}
	// Typing goes on in the kept line.
	s.tmux("send-keys", "-l", " now")
	s.waitFor("the edited line", func(lines []string) bool { return s.last(lines) == "PROMPT> filt "+filtUncertain+" now" })
	s.clearLine()
	// A blank line: nothing happens.
	s.tmux("send-keys", "C-x", "C-o")
	s.typeLine("x")
	s.clearLine()
}

func TestShellInitBashUnderTmux(t *testing.T) {
	s := startShell(t, "bash")
	testShellBinding(t, s)
	// No other binding changed; the only new shell-command binding is ours.
	if a, b := s.readFile("keys.after"), s.readFile("keys.before"); a != b || len(a) < 1000 {
		t.Errorf("bind -p changed (%d vs %d bytes)", len(a), len(b))
	}
	if x := strings.TrimPrefix(s.readFile("x.after"), s.readFile("x.before")); x != "\"\\C-x\\C-o\": \"__oxo_call_fill\"\n" {
		t.Errorf("bind -X added %q", x)
	}
	// set -e and set -u are still on and the shell is alive.
	s.typeLine(`echo "flags:$-"`)
	s.tmux("send-keys", "Enter")
	s.waitFor("the flags", func(lines []string) bool {
		for _, l := range lines {
			if strings.HasPrefix(l, "flags:") && strings.Contains(l, "e") && strings.Contains(l, "u") {
				return true
			}
		}
		return false
	})
}

// OXO_CALL_KEY changes the key; Ctrl-X Ctrl-O then does nothing of ours.
func TestShellInitBashKeyFromEnv(t *testing.T) {
	s := startShell(t, "bash", `OXO_CALL_KEY=\C-x\C-g`)
	s.typeLine("filt " + filtTask)
	s.fill([]string{"C-x", "C-g"}, "filt -o out.txt -q 20 in.txt")
	if x := strings.TrimPrefix(s.readFile("x.after"), s.readFile("x.before")); x != "\"\\C-x\\C-g\": \"__oxo_call_fill\"\n" {
		t.Errorf("bind -X added %q", x)
	}
}

func TestShellInitZshUnderTmux(t *testing.T) {
	s := startShell(t, "zsh")
	testShellBinding(t, s)
	before, after := strings.Split(s.readFile("keys.before"), "\n"), s.readFile("keys.after")
	for _, l := range before {
		if !strings.Contains(after, l) && !strings.HasPrefix(l, `bindkey "^X^O" `) {
			t.Errorf("binding lost: %s", l)
		}
	}
	if !strings.Contains(after, `bindkey "^X^O" __oxo_call_fill`) {
		t.Errorf("our binding is missing:\n%s", after)
	}
	if d := len(strings.Split(after, "\n")) - len(before); d > 1 {
		t.Errorf("%d bindings added", d)
	}
}

func TestShellInitFishUnderTmux(t *testing.T) {
	s := startShell(t, "fish")
	testShellBinding(t, s)
	before, after := s.readFile("keys.before"), s.readFile("keys.after")
	if extra := strings.TrimSpace(strings.Replace(after, strings.TrimSpace(before), "", 1)); !strings.Contains(extra, "__oxo_call_fill") || strings.Count(extra, "\n") > 0 {
		t.Errorf("bindings added: %q", extra)
	}
}
