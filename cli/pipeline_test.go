package cli

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// pipeEnv is the filt environment with real head, gzip and false on its
// PATH (linked from the system).
func pipeEnv(t *testing.T) *fakeEnv {
	t.Helper()
	f := filtEnv(t)
	for _, p := range []string{"head", "gzip", "false"} {
		path, err := exec.LookPath(p)
		if err != nil {
			t.Skipf("%s is not installed", p)
		}
		if err := os.Symlink(path, filepath.Join(f.bin, p)); err != nil {
			t.Fatal(err)
		}
	}
	return f
}

const filtPipeTask = "filter in.txt keeping quality above 20 | head -n 1"

func TestDryRunKeepsTheTypedPipe(t *testing.T) {
	f := pipeEnv(t)
	out, errOut, code := f.run("dry-run", "filt", filtPipeTask)
	if code != ExitOK || out != "filt -q 20 in.txt | head -n 1\n" {
		t.Fatalf("code=%d out=%q err=%s", code, out, errOut)
	}
	h := f.history()
	if len(h) != 1 || h[0].Command != "filt -q 20 in.txt | head -n 1" || len(h[0].Steps) != 2 || h[0].Steps[1].Command != "head -n 1" || h[0].Task != filtPipeTask || !h[0].DryRun {
		t.Fatalf("history %+v", h)
	}
	// --json: the printed pipeline on top, one entry per step.
	out, _, code = f.run("dry-run", "--json", "filt", filtPipeTask+" | gzip > x.gz")
	var j jsonResult
	decodeJSON(t, out, &j)
	if code != ExitOK || j.Command != "filt -q 20 in.txt | head -n 1 | gzip > x.gz" || len(j.Steps) != 3 {
		t.Fatalf("json %d %+v", code, j)
	}
	if s := j.Steps[2]; s.Op != "|" || s.Tool != "gzip" || !s.Typed || s.Stdout != "x.gz" || s.Command != "gzip > x.gz" || s.Findings == nil || s.RulesFired == nil {
		t.Errorf("step 3 %+v", s)
	}
	if s := j.Steps[0]; s.Command != "filt -q 20 in.txt" || s.Executable != "filt" || strings.Join(s.Args, " ") != "-q 20 in.txt" {
		t.Errorf("step 1 %+v", s)
	}
	if f.exists("x.gz") {
		t.Errorf("dry-run wrote x.gz")
	}
	// A single command keeps its shape, with one step.
	out, _, _ = f.run("dry-run", "--json", "filt", filtTask)
	j = jsonResult{}
	decodeJSON(t, out, &j)
	if j.Command != "filt -o out.txt -q 20 in.txt" || len(j.Steps) != 1 || j.Steps[0].Command != j.Command {
		t.Errorf("single json %+v", j)
	}
}

func TestDryRunPipelineFindingsNameTheStep(t *testing.T) {
	f := pipeEnv(t)
	out, errOut, code := f.run("dry-run", "filt", "filter in.txt keeping quality above 20 | head --bogus 1")
	if code != ExitUncertain || out != "filt -q 20 in.txt | head --bogus 1\n" || !strings.Contains(errOut, "error: step 2 (head): --bogus is not a flag of head") {
		t.Fatalf("code=%d out=%q err=%s", code, out, errOut)
	}
	// A broken pipe in the task is a usage error naming it.
	if _, errOut, code := f.run("dry-run", "filt", "filter in.txt |"); code == ExitOK || !strings.Contains(errOut, "no command between | and the end") {
		t.Errorf("code=%d err=%s", code, errOut)
	}
	// Commands that build one command refuse a pipeline instead of cutting it.
	if _, errOut, code := f.run("run", "filt", "filter {item} | head", "--input-items", "in.txt"); code != ExitUsage || !strings.Contains(errOut, "holds 2 commands") {
		t.Errorf("batch: code=%d err=%s", code, errOut)
	}
}

func TestRunPipelineWithoutAShell(t *testing.T) {
	f := pipeEnv(t)
	out, errOut, code := f.run("run", "--yes", "filt", filtPipeTask)
	if code != ExitOK || out != "filt ran: -q 20 in.txt\n" || !strings.Contains(errOut, "$ filt -q 20 in.txt | head -n 1") {
		t.Fatalf("code=%d out=%q err=%s", code, out, errOut)
	}
	h := f.history()
	if e := h[len(h)-1]; e.DryRun || e.ExitCode == nil || *e.ExitCode != 0 || len(e.Steps) != 2 || e.Steps[1].ExitCode == nil {
		t.Fatalf("history %+v", e)
	}
	// > to a new file, then >> to it.
	if _, errOut, code := f.run("run", "--yes", "filt", "filter in.txt keeping quality above 20 | head -n 1 > first.txt"); code != 0 || f.read("first.txt") != "filt ran: -q 20 in.txt\n" {
		t.Fatalf("code=%d err=%s", code, errOut)
	}
	if _, errOut, code := f.run("run", "--yes", "filt", "filter in.txt keeping quality above 20 | head -n 1 >> first.txt"); code != 0 || f.read("first.txt") != strings.Repeat("filt ran: -q 20 in.txt\n", 2) {
		t.Fatalf("append: code=%d err=%s %q", code, errOut, f.read("first.txt"))
	}
	// > over an existing file is dangerous: refused under --yes, the file intact.
	if _, errOut, code := f.run("run", "--yes", "filt", "filter in.txt keeping quality above 20 | head -n 1 > first.txt"); code != ExitRefused || !strings.Contains(errOut, "already exists") || f.read("first.txt") != strings.Repeat("filt ran: -q 20 in.txt\n", 2) {
		t.Fatalf("overwrite: code=%d err=%s", code, errOut)
	}
	// pipefail: the failing step is named and its exit is the pipeline's.
	out, errOut, code = f.run("run", "--yes", "filt", "filter in.txt keeping quality above 20 | head --bogus 1")
	if code != ExitRefused {
		t.Fatalf("an error finding should refuse: %d %s", code, errOut)
	}
	out, errOut, code = f.run("run", "--yes", "--force", "--json", "filt", "filter in.txt keeping quality above 20 | head --bogus 1")
	var j jsonResult
	decodeJSON(t, out, &j)
	if code == 0 || j.ExitCode == nil || *j.ExitCode != code || j.FailedStep == nil || *j.FailedStep != 2 || j.Steps[1].ExitCode == nil {
		t.Fatalf("pipefail: code=%d json=%+v err=%s", code, j, errOut)
	}
	_, errOut, code = f.run("run", "--yes", "--force", "filt", "filter in.txt keeping quality above 20 | head --bogus 1")
	if code == 0 || !strings.Contains(errOut, "step 2 (head) failed (exit") {
		t.Fatalf("pipefail text: code=%d err=%s", code, errOut)
	}
	// A tool's own failure: the step that failed is the tool's.
	f.write("fail.txt", "x\n")
	_, errOut, code = f.run("run", "--yes", "filt", "filter fail.txt keeping quality above 20 | head -n 1")
	if code != 7 || !strings.Contains(errOut, "step 1 (filt) failed (exit 7)") {
		t.Fatalf("tool failure: code=%d err=%s", code, errOut)
	}
	// What a pipeline cannot do.
	for _, args := range [][]string{
		{"run", "--yes", "--verify", "filt", filtPipeTask},
		{"run", "--yes", "--executor", "slurm", "filt", filtPipeTask},
	} {
		if _, errOut, code := f.run(args...); code != ExitUsage {
			t.Errorf("%q: code=%d err=%s", args, code, errOut)
		}
	}
}

func TestExplainShowsEveryStep(t *testing.T) {
	f := pipeEnv(t)
	out, errOut, code := f.run("explain", "filt", filtPipeTask)
	if code != ExitOK {
		t.Fatalf("%d %s", code, errOut)
	}
	for _, want := range []string{"pipeline of 2 steps: filt -q 20 in.txt | head -n 1", "step 1 (filt), built from the words", "step 2 (head), after |, typed: head -n 1", "Stage 5 · validate"} {
		if !strings.Contains(out, want) {
			t.Errorf("explain lacks %q:\n%s", want, out)
		}
	}
	if n := strings.Count(out, "Stage 3 · map intent"); n != 2 {
		t.Errorf("%d map stages", n)
	}
	out, _, _ = f.run("explain", "--json", "filt", filtPipeTask)
	var j explainPipelineOut
	decodeJSON(t, out, &j)
	if j.Command != "filt -q 20 in.txt | head -n 1" || len(j.Steps) != 2 || len(j.Steps[1].Events) == 0 {
		t.Errorf("explain json %+v", j)
	}
}
