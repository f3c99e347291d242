package cli

import (
	"encoding/base64"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// askEnv is filt on a terminal, answering with stdin.
func askEnv(t *testing.T, stdin string) *fakeEnv {
	f := filtEnv(t)
	f.interactive, f.stdin = true, stdin
	return f
}

func TestAskMenuCopyThenCancel(t *testing.T) {
	f := askEnv(t, "c\nn\n")
	out, errOut, code := f.run("run", "--ask", "filt", filtTask)
	osc := "\x1b]52;c;" + base64.StdEncoding.EncodeToString([]byte("filt -o out.txt -q 20 in.txt")) + "\a"
	if code != ExitRefused || out != "" || !strings.Contains(errOut, osc) || !strings.Contains(errOut, "copied to the terminal's clipboard (OSC 52)") ||
		strings.Count(errOut, askPrompt) != 2 || !strings.HasSuffix(errOut, "oxo-call: not run\n") || f.exists("out.txt") {
		t.Fatalf("%d %q %q", code, out, errOut)
	}
	// An answer that is not on the menu says what is; the end of input cancels.
	f.stdin = "what\n"
	_, errOut, code = f.run("run", "--ask", "filt", filtTask)
	if code != ExitRefused || !strings.Contains(errOut, "answer y (run), d (edit), r (revise the task), c (copy) or n (cancel)") || f.exists("out.txt") {
		t.Fatalf("unknown answer: %d %s", code, errOut)
	}
	f.stdin = "e\n"
	if out, errOut, code := f.run("run", "--ask", "filt", filtTask); code != 0 || out != "filt ran: -o out.txt -q 20 in.txt\n" {
		t.Fatalf("execute: %d %q %s", code, out, errOut)
	}
}

func TestAskMenuEditOnALine(t *testing.T) {
	f := askEnv(t, "d\nfilt -q 30 -o other.txt in.txt\ny\n")
	out, errOut, code := f.run("run", "--ask", "filt", filtTask)
	if code != 0 || out != "filt ran: -q 30 -o other.txt in.txt\n" || f.read("other.txt") != "filtered\n" || f.exists("out.txt") {
		t.Fatalf("%d %q %s", code, out, errOut)
	}
	// The edited command was shown and asked about again.
	if !strings.Contains(errOut, "edit the command (Enter keeps it):\n  filt -o out.txt -q 20 in.txt\n> ") || !strings.Contains(errOut, "$ filt -q 30 -o other.txt in.txt\n"+askPrompt) {
		t.Fatalf("stderr: %s", errOut)
	}
	if h := f.history(); len(h) != 1 || h[0].Command != "filt -q 30 -o other.txt in.txt" || h[0].ExitCode == nil {
		t.Fatalf("history: %+v", h)
	}
	// Checked again: an unknown flag is refused like any error finding.
	f.stdin = "d\nfilt -z 3 in.txt\n"
	_, errOut, code = f.run("run", "--ask", "filt", filtTask)
	if code != ExitRefused || !strings.Contains(errOut, "error: -z is not a flag of filt") || !strings.Contains(errOut, "oxo-call: not running: -z is not a flag of filt") {
		t.Fatalf("unknown flag: %d %s", code, errOut)
	}
	// Checked again: overwriting a file is asked about.
	f.write("keep.txt", "precious\n")
	f.stdin = "d\nfilt -o keep.txt in.txt\nn\n"
	_, errOut, code = f.run("run", "--ask", "filt", filtTask)
	if code != ExitRefused || !strings.Contains(errOut, "this command is dangerous: an output file already exists and would be overwritten. Run it? [y/N] ") || f.read("keep.txt") != "precious\n" {
		t.Fatalf("dangerous edit: %d %s", code, errOut)
	}
	// Another program, a shell construct, an empty or unchanged line: the
	// menu comes back.
	f.stdin = "d\nrm -rf /\nd\nfilt in.txt | sh\nd\n\nd\nfilt -o out.txt -q 20 in.txt\nn\n"
	_, errOut, code = f.run("run", "--ask", "filt", filtTask)
	if code != ExitRefused || !strings.Contains(errOut, "cannot use the edit: the edited command runs rm, not filt\n") ||
		!strings.Contains(errOut, "cannot use the edit: give one plain command") || strings.Count(errOut, "the command is unchanged") != 2 ||
		strings.Count(errOut, askPrompt) != 5 || f.exists("out.txt") {
		t.Fatalf("bad edits: %d %s", code, errOut)
	}
}

func TestAskMenuEditInTheEditor(t *testing.T) {
	f := askEnv(t, "d\ny\n")
	f.write("ed.sh", "#!/bin/sh\nsed -i 's/-q 20/-q 25/' \"$1\"\n")
	os.Chmod(filepath.Join(f.work, "ed.sh"), 0o755)
	f.env["EDITOR"] = filepath.Join(f.work, "ed.sh")
	f.env["PATH"] += ":/usr/bin:/bin"
	out, errOut, code := f.run("run", "--ask", "filt", filtTask)
	if code != 0 || out != "filt ran: -o out.txt -q 25 in.txt\n" {
		t.Fatalf("EDITOR: %d %q %s", code, out, errOut)
	}
	// $VISUAL wins; an editor that fails, or leaves no command, changes nothing.
	os.Remove(filepath.Join(f.work, "out.txt"))
	f.env["VISUAL"] = "false"
	f.stdin = "d\nn\n"
	if _, errOut, code := f.run("run", "--ask", "filt", filtTask); code != ExitRefused || !strings.Contains(errOut, "the editor (false) failed: exit status 1; the command is unchanged") {
		t.Fatalf("VISUAL=false: %d %s", code, errOut)
	}
	f.env["VISUAL"] = "truncate -s 0"
	if _, errOut, code := f.run("run", "--ask", "filt", filtTask); code != ExitRefused || !strings.Contains(errOut, "the edited file holds no command; the command is unchanged") {
		t.Fatalf("empty file: %d %s", code, errOut)
	}
	f.env["VISUAL"] = "true"
	if _, errOut, code := f.run("run", "--ask", "filt", filtTask); code != ExitRefused || !strings.Contains(errOut, "the command is unchanged") {
		t.Fatalf("unchanged: %d %s", code, errOut)
	}
	f.env["TMPDIR"] = filepath.Join(f.work, "nodir")
	os.Setenv("TMPDIR", filepath.Join(f.work, "nodir"))
	defer os.Unsetenv("TMPDIR")
	if _, errOut, code := f.run("run", "--ask", "filt", filtTask); code != ExitRefused || !strings.Contains(errOut, "cannot edit: ") {
		t.Fatalf("no temp dir: %d %s", code, errOut)
	}
}

func TestAskMenuReviseTheTask(t *testing.T) {
	f := askEnv(t, "r\nfilter in.txt keeping quality above 30 into out2.txt\ny\n")
	out, errOut, code := f.run("run", "--ask", "filt", filtTask)
	if code != 0 || out != "filt ran: -o out2.txt -q 30 in.txt\n" || !strings.Contains(errOut, "task (Enter keeps it): "+filtTask+"\n> ") {
		t.Fatalf("%d %q %s", code, out, errOut)
	}
	if h := f.history(); len(h) != 1 || h[0].Task != "filter in.txt keeping quality above 30 into out2.txt" {
		t.Fatalf("history: %+v", h)
	}
	// An empty answer keeps the task; an uncertain revision is refused
	// like any uncertain command.
	f.stdin = "r\n\nr\n" + filtUncertain + "\n"
	_, errOut, code = f.run("run", "--ask", "filt", filtTask)
	if code != ExitUncertain || !strings.Contains(errOut, "the task is unchanged") || !strings.Contains(errOut, "$ filt -t 4 in.txt") {
		t.Fatalf("uncertain revision: %d %s", code, errOut)
	}
}
