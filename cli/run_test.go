package cli

import (
	"regexp"
	"strings"
	"testing"
)

// filtStdoutSkill is a user skill for filt whose example writes standard
// output to a file, so tasks like it build "filt … > FILE".
const filtStdoutSkill = "---\nname: filt\ncategory: test\ndescription: filters records\n---\n" +
	"## Concepts\n- filt keeps records above a quality.\n\n## Pitfalls\n- filt writes to standard output unless -o is given.\n\n" +
	"## Examples\n### filter reads.txt keeping quality above 30 and save the records to kept.txt\n" +
	"**Args:** `-q 30 reads.txt > kept.txt`\n**Explanation:** the records go to standard output\n"

// filtErrorRule is a user constraint that gives any filt command using -q
// an error finding.
const filtErrorRule = "- id: user.filt_no_q\n  when: 'executable == \"filt\" && hasAny(flags, [\"-q\"])'\n" +
	"  then: {severity: error, message: \"filt -q is deprecated\"}\n"

func filtEnv(t *testing.T) *fakeEnv {
	t.Helper()
	f := newFakeEnv(t)
	f.tool("filt", filtScript)
	return f
}

func TestRunSucceedsWithTheToolsOutputAndRecordsHistory(t *testing.T) {
	f := filtEnv(t)
	out, errOut, code := f.run("run", "filt", filtTask)
	if code != ExitOK {
		t.Fatalf("code=%d err=%s", code, errOut)
	}
	if out != "filt ran: -o out.txt -q 20 in.txt\n" {
		t.Fatalf("the tool's stdout should reach stdout as is: %q", out)
	}
	if !strings.HasPrefix(errOut, "$ filt -o out.txt -q 20 in.txt\n") {
		t.Fatalf("the command is shown on stderr before it runs: %q", errOut)
	}
	if f.read("out.txt") != "filtered\n" {
		t.Fatalf("the tool did not write out.txt: %q", f.read("out.txt"))
	}
	h := f.history()
	if len(h) != 1 {
		t.Fatalf("history: %+v", h)
	}
	e := h[0]
	if e.Tool != "filt" || e.Task != filtTask || e.Command != "filt -o out.txt -q 20 in.txt" || e.DryRun ||
		e.ExitCode == nil || *e.ExitCode != 0 || e.ToolVersion != "1.4.2" || e.ToolDocHash == "" || e.Time != "2026-11-30T12:00:00Z" || e.ID == "" {
		t.Fatalf("history entry: %+v", e)
	}
	// The alias r is the same command.
	f.write("other.txt", "x\n")
	if _, errOut, code := f.run("r", "filt", "filter other.txt keeping quality above 5 into kept.txt"); code != 0 || f.read("kept.txt") != "filtered\n" {
		t.Fatalf("alias r: %d %s", code, errOut)
	}
}

func TestRunPropagatesTheToolsExitCode(t *testing.T) {
	f := filtEnv(t)
	f.write("fail.txt", "x\n")
	out, errOut, code := f.run("run", "filt", "filter fail.txt keeping quality above 20 into out.txt")
	if code != 7 {
		t.Fatalf("run should exit with the tool's own code 7, got %d: %s", code, errOut)
	}
	if out != "" || !strings.Contains(errOut, "filt: cannot read fail.txt") {
		t.Fatalf("the tool's stderr reaches stderr: out=%q err=%q", out, errOut)
	}
	// oxo-call adds no message of its own to a failed tool's output.
	if strings.Contains(errOut, "oxo-call:") {
		t.Fatalf("unexpected oxo-call message: %s", errOut)
	}
	if h := f.history(); len(h) != 1 || h[0].ExitCode == nil || *h[0].ExitCode != 7 || h[0].DryRun {
		t.Fatalf("history: %+v", h)
	}
}

func TestRunJSONKeepsStdoutForTheDocument(t *testing.T) {
	for _, form := range [][]string{{"run", "--json"}, {"--json", "run"}} {
		t.Run(strings.Join(form, " "), func(t *testing.T) {
			f := filtEnv(t)
			out, errOut, code := f.run(append(form, "filt", filtTask)...)
			if code != 0 {
				t.Fatalf("code=%d err=%s", code, errOut)
			}
			var j jsonResult
			decodeJSON(t, out, &j)
			if j.ExitCode == nil || *j.ExitCode != 0 || j.Success == nil || !*j.Success || j.DryRun {
				t.Fatalf("exit_code/success/dry_run: %+v", j)
			}
			if j.Tool != "filt" || j.Command != "filt -o out.txt -q 20 in.txt" || j.Executable != "filt" ||
				strings.Join(j.Args, " ") != "-o out.txt -q 20 in.txt" || j.Scenario != "full" || j.Verify != nil {
				t.Fatalf("fields: %+v", j)
			}
			// The tool's own stdout went to stderr, and no "$ command" line was printed.
			if !strings.Contains(errOut, "filt ran: -o out.txt -q 20 in.txt") || strings.Contains(errOut, "$ filt") {
				t.Fatalf("stderr: %q", errOut)
			}
		})
	}
	// A failed tool: success false, the tool's code, still one JSON document.
	f := filtEnv(t)
	f.write("fail.txt", "x\n")
	out, _, code := f.run("run", "--json", "filt", "filter fail.txt keeping quality above 20 into out.txt")
	var j jsonResult
	decodeJSON(t, out, &j)
	if code != 7 || j.ExitCode == nil || *j.ExitCode != 7 || j.Success == nil || *j.Success {
		t.Fatalf("failed run: code=%d %+v", code, j)
	}
}

func TestRunRefusesErrorFindingsUnlessForced(t *testing.T) {
	f := filtEnv(t)
	f.userRule("constraints", "filt.yaml", filtErrorRule)
	out, errOut, code := f.run("run", "filt", filtTask)
	if code != ExitRefused {
		t.Fatalf("code=%d, want %d: %s", code, ExitRefused, errOut)
	}
	if !strings.Contains(errOut, "error: filt -q is deprecated [user.filt_no_q]") ||
		!strings.Contains(errOut, "oxo-call: not running: filt -q is deprecated (fix the task, or --force)") {
		t.Fatalf("stderr: %s", errOut)
	}
	if out != "" || f.exists("out.txt") {
		t.Fatal("the refused command ran")
	}
	// The refused command is still recorded, without an exit code.
	if h := f.history(); len(h) != 1 || h[0].ExitCode != nil || h[0].Command != "filt -o out.txt -q 20 in.txt" {
		t.Fatalf("history: %+v", h)
	}
	out, errOut, code = f.run("run", "--force", "filt", filtTask)
	if code != 0 || out != "filt ran: -o out.txt -q 20 in.txt\n" || f.read("out.txt") != "filtered\n" {
		t.Fatalf("--force: %d out=%q err=%s", code, out, errOut)
	}
	if !strings.Contains(errOut, "error: filt -q is deprecated [user.filt_no_q]") {
		t.Fatalf("--force still reports the finding: %s", errOut)
	}
}

func TestRunRefusesUncertainCommandsUnlessForced(t *testing.T) {
	f := filtEnv(t)
	out, errOut, code := f.run("run", "filt", filtUncertain)
	if code != ExitUncertain || out != "" {
		t.Fatalf("code=%d out=%q", code, out)
	}
	if !strings.Contains(errOut, "$ filt -t 4 in.txt") ||
		!regexp.MustCompile(`not running an uncertain command \(confidence 0\.\d\d\): check it with explain, configure a model, or --force`).MatchString(errOut) {
		t.Fatalf("stderr: %s", errOut)
	}
	out, errOut, code = f.run("run", "--force", "filt", filtUncertain)
	if code != 0 || out != "filt ran: -t 4 in.txt\n" {
		t.Fatalf("--force: %d out=%q err=%s", code, out, errOut)
	}
}

func TestRunDangerousCommands(t *testing.T) {
	f := filtEnv(t)
	f.write("out.txt", "precious\n")
	const warn = "warning: an output file already exists and would be overwritten [constraint.output_exists]"

	// No terminal to ask on: refused, and told to pass --yes.
	_, errOut, code := f.run("run", "filt", filtTask)
	if code != ExitRefused || !strings.Contains(errOut, warn) ||
		!strings.Contains(errOut, "this command is dangerous: an output file already exists and would be overwritten. Run it? — not a terminal to ask on: pass --yes to confirm") {
		t.Fatalf("no terminal: %d %s", code, errOut)
	}
	// --yes never runs a dangerous command.
	_, errOut, code = f.run("run", "--yes", "filt", filtTask)
	if code != ExitRefused || !strings.Contains(errOut, "not running a dangerous command with --yes: an output file already exists and would be overwritten (add --force to run it anyway)") {
		t.Fatalf("--yes: %d %s", code, errOut)
	}
	if f.read("out.txt") != "precious\n" {
		t.Fatal("out.txt was overwritten without confirmation")
	}
	// On a terminal: "n" (or anything but y/yes) keeps the file.
	f.interactive, f.stdin = true, "n\n"
	_, errOut, code = f.run("run", "filt", filtTask)
	if code != ExitRefused || !strings.Contains(errOut, "Run it? [y/N] ") || !strings.Contains(errOut, "oxo-call: not run") {
		t.Fatalf("answer n: %d %s", code, errOut)
	}
	f.stdin = ""
	if _, _, code = f.run("run", "filt", filtTask); code != ExitRefused || f.read("out.txt") != "precious\n" {
		t.Fatalf("no answer: %d", code)
	}
	// "y" runs it.
	f.stdin = "Y\n"
	if out, errOut, code := f.run("run", "filt", filtTask); code != 0 || out != "filt ran: -o out.txt -q 20 in.txt\n" || f.read("out.txt") != "filtered\n" {
		t.Fatalf("answer y: %d %q %s", code, out, errOut)
	}
	// --yes --force runs it without asking.
	f.interactive, f.stdin = false, ""
	f.write("out.txt", "precious\n")
	if _, errOut, code := f.run("run", "--yes", "--force", "filt", filtTask); code != 0 || f.read("out.txt") != "filtered\n" || strings.Contains(errOut, "[y/N]") {
		t.Fatalf("--yes --force: %d %s", code, errOut)
	}
}

func TestRunAsk(t *testing.T) {
	f := filtEnv(t)
	// --ask without a terminal refuses and says to use --yes.
	out, errOut, code := f.run("run", "--ask", "filt", filtTask)
	if code != ExitRefused || out != "" || !strings.Contains(errOut, "run it? — not a terminal to ask on: pass --yes to confirm") {
		t.Fatalf("--ask: %d %q %s", code, out, errOut)
	}
	if f.exists("out.txt") {
		t.Fatal("ran without confirmation")
	}
	// --yes answers for --ask.
	if _, errOut, code := f.run("run", "-a", "-y", "filt", filtTask); code != 0 || !f.exists("out.txt") {
		t.Fatalf("--ask --yes: %d %s", code, errOut)
	}
	// On a terminal, "yes" runs and a blank answer does not.
	g := filtEnv(t)
	g.interactive = true
	g.stdin = "\n"
	if _, errOut, code := g.run("run", "--ask", "filt", filtTask); code != ExitRefused || !strings.Contains(errOut, "run it? [y/N] ") || g.exists("out.txt") {
		t.Fatalf("blank answer: %d %s", code, errOut)
	}
	g.stdin = "yes\n"
	if out, errOut, code := g.run("run", "--ask", "filt", filtTask); code != 0 || out != "filt ran: -o out.txt -q 20 in.txt\n" {
		t.Fatalf("answer yes: %d %q %s", code, out, errOut)
	}
}

func TestRunWritesStdoutFile(t *testing.T) {
	f := filtEnv(t)
	f.write(f.userSkillsDir()+"/filt.md", filtStdoutSkill)
	out, errOut, code := f.run("run", "filt", "filter in.txt keeping quality above 20 and save the records to res.txt")
	if code != 0 {
		t.Fatalf("code=%d err=%s", code, errOut)
	}
	if !strings.Contains(errOut, "$ filt -q 20 in.txt > res.txt") {
		t.Fatalf("the shown command has the redirect: %s", errOut)
	}
	if out != "" || f.read("res.txt") != "filt ran: -q 20 in.txt\n" {
		t.Fatalf("stdout must go to res.txt only: out=%q res.txt=%q", out, f.read("res.txt"))
	}
	// With --json the file still gets the output and stdout the document.
	out, _, code = f.run("run", "--json", "filt", "filter in.txt keeping quality above 20 and save the records to res2.txt")
	var j jsonResult
	decodeJSON(t, out, &j)
	if code != 0 || j.Command != "filt -q 20 in.txt > res2.txt" || f.read("res2.txt") != "filt ran: -q 20 in.txt\n" {
		t.Fatalf("--json: %d %+v %q", code, j, f.read("res2.txt"))
	}
	// A file that cannot be created is a clear error, and nothing ran.
	_, errOut, code = f.run("run", "filt", "filter in.txt keeping quality above 20 and save the records to nodir/res.txt")
	if code != ExitError || !strings.Contains(errOut, "oxo-call: cannot write nodir/res.txt: ") {
		t.Fatalf("unwritable: %d %s", code, errOut)
	}
}

func TestRunToolNotInstalled(t *testing.T) {
	f := filtEnv(t)
	// bwa has a built-in skill but is not on PATH: the command is shown,
	// not run.
	out, errOut, code := f.run("run", "bwa", "index ref.fa")
	if code != ExitError || out != "" {
		t.Fatalf("code=%d out=%q", code, out)
	}
	if !strings.Contains(errOut, "$ bwa index ref.fa") ||
		!strings.Contains(errOut, "oxo-call: bwa is not installed here; the command above was built from its skill (use dry-run to print it)") {
		t.Fatalf("stderr: %s", errOut)
	}
	// --force does not make a missing tool runnable.
	if _, errOut, code := f.run("run", "--force", "bwa", "index ref.fa"); code != ExitError || !strings.Contains(errOut, "bwa is not installed here") {
		t.Fatalf("--force: %d %s", code, errOut)
	}
	// A tool with neither a skill nor an installation.
	if _, errOut, code := f.run("run", "nosuchtool", "sort in.txt"); code != ExitError || !strings.Contains(errOut, "oxo-call: nosuchtool: not found on PATH\n") {
		t.Fatalf("unknown tool: %d %s", code, errOut)
	}
}

func TestRunToolThatCannotStart(t *testing.T) {
	f := newFakeEnv(t)
	// An executable text file with no interpreter line: it is found on
	// PATH, its help comes from an added doc, but it cannot be started.
	f.tool("raw", "Usage: raw [options] <in.txt>\n")
	f.write("raw-help.txt", "Usage: raw [options] <in.txt>\n\nOptions:\n  -o FILE   output file\n  -t INT    number of threads\n")
	if _, errOut, code := f.run("docs", "add", "raw", "--file", "raw-help.txt"); code != 0 {
		t.Fatalf("docs add: %d %s", code, errOut)
	}
	_, errOut, code := f.run("run", "--force", "raw", "process in.txt with 4 threads into o.txt")
	if code != ExitError || !strings.Contains(errOut, "oxo-call: could not run "+f.bin+"/raw: ") {
		t.Fatalf("code=%d err=%s", code, errOut)
	}
	if h := f.history(); len(h) != 0 {
		t.Fatalf("a command that never started is not recorded as run: %+v", h)
	}
}

func TestRunUsageErrors(t *testing.T) {
	f := filtEnv(t)
	for _, args := range [][]string{
		{"run", "filt"},
		{"run", "filt", "a", "b"},
		{"run", "--var", "novalue", "filt", "x"},
		{"run", "--llm", "sometimes", "filt", filtTask},
	} {
		if out, errOut, code := f.run(args...); code != ExitUsage || out != "" || !strings.HasPrefix(errOut, "oxo-call: ") {
			t.Errorf("%q: code=%d out=%q err=%q", args, code, out, errOut)
		}
	}
	if _, errOut, _ := f.run("run", "filt"); !strings.Contains(errOut, `expected TOOL "TASK"`) {
		t.Errorf("arity message: %s", errOut)
	}
	if len(f.history()) != 0 {
		t.Fatal("usage errors are not recorded")
	}
}
