package cli

import (
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/traitome/oxo-call/engine"
)

// batchEnv is filt with a.txt and b.txt in the work directory.
func batchEnv(t *testing.T) *fakeEnv {
	t.Helper()
	f := filtEnv(t)
	f.write("a.txt", "a\n")
	f.write("b.txt", "b\n")
	return f
}

// historyCommands returns the commands in history with their exit codes,
// sorted (parallel items finish in any order).
func historyCommands(f *fakeEnv) []string {
	var out []string
	for _, e := range f.history() {
		c := "dry"
		if e.ExitCode != nil {
			c = strconv.Itoa(*e.ExitCode)
		}
		out = append(out, e.Command+" => "+c)
	}
	sort.Strings(out)
	return out
}

// hasSuffixIn reports whether one of list ends with suffix.
func hasSuffixIn(list []string, suffix string) bool {
	for _, s := range list {
		if strings.HasSuffix(s, suffix) {
			return true
		}
	}
	return false
}

func TestBatchInputItems(t *testing.T) {
	f := batchEnv(t)
	out, errOut, code := f.run("run", "--input-items", "a.txt, b.txt,", "filt", "filter {item} keeping quality above 20 into {stem}.out")
	if code != 0 {
		t.Fatalf("code=%d err=%s", code, errOut)
	}
	// The command is built once, shown as a template, and run per item.
	if !strings.Contains(errOut, "$ filt -o '{stem}.out' -q 20 '{item}'\n") {
		t.Fatalf("template: %s", errOut)
	}
	if !strings.HasSuffix(errOut, "batch: 2 items, 2 ok, 0 failed, 0 not run\n") {
		t.Fatalf("summary: %s", errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	sort.Strings(lines)
	if strings.Join(lines, "|") != "filt ran: -o a.out -q 20 a.txt|filt ran: -o b.out -q 20 b.txt" {
		t.Fatalf("per-item runs: %q", out)
	}
	if f.read("a.out") != "filtered\n" || f.read("b.out") != "filtered\n" {
		t.Fatal("outputs not written")
	}
	// One history entry per item, with the item's real command.
	got := historyCommands(f)
	if len(got) != 2 || !strings.HasSuffix(got[0], "filt -o a.out -q 20 a.txt => 0") || !strings.HasSuffix(got[1], "filt -o b.out -q 20 b.txt => 0") {
		t.Fatalf("history: %q", got)
	}
	for _, e := range f.history() {
		if e.Tool != "filt" || e.DryRun || e.ToolVersion != "1.4.2" {
			t.Fatalf("entry: %+v", e)
		}
	}
	t.Run("history keeps the task as written", func(t *testing.T) {
		for _, e := range f.history() {
			if e.Task != "filter {item} keeping quality above 20 into {stem}.out" {
				t.Fatalf("task: %q", e.Task)
			}
		}
	})
}

func TestBatchInputListJobsAndNumbering(t *testing.T) {
	f := batchEnv(t)
	f.write("c.txt", "c\n")
	list := f.write("samples.list", "a.txt\n\n   \n# b.txt is skipped\n  b.txt  \n#c.txt\n")
	out, errOut, code := f.run("run", "-i", list, "--jobs", "2", "filt", "filter {item} keeping quality above 20 into {stem}_{nr}.out")
	if code != 0 {
		t.Fatalf("code=%d err=%s", code, errOut)
	}
	if !strings.Contains(errOut, "batch: 2 items, 2 ok, 0 failed, 0 not run") {
		t.Fatalf("summary: %s", errOut)
	}
	// {nr} counts from 1 in list order; blank and # lines are not items.
	if f.read("a_1.out") != "filtered\n" || f.read("b_2.out") != "filtered\n" || f.exists("c_3.out") {
		t.Fatalf("outputs: %q", out)
	}
	if strings.Contains(out, "c.txt") || strings.Contains(out, "#") {
		t.Fatalf("a comment ran as an item: %q", out)
	}
	// --input-list and --input-items together: the list's items first.
	g := batchEnv(t)
	g.write("c.txt", "c\n")
	list = g.write("one.list", "c.txt\n")
	_, errOut, code = g.run("run", "--input-list", list, "--input-items", "a.txt", "-j", "1", "filt", "filter {item} keeping quality above 20 into n{nr}.out")
	if code != 0 || !strings.Contains(errOut, "batch: 2 items, 2 ok") {
		t.Fatalf("both: %d %s", code, errOut)
	}
	if got := historyCommands(g); len(got) != 2 || !hasSuffixIn(got, "filt -o n1.out -q 20 c.txt => 0") || !hasSuffixIn(got, "filt -o n2.out -q 20 a.txt => 0") {
		t.Fatalf("list items come first: %q", got)
	}
}

func TestBatchFailures(t *testing.T) {
	f := batchEnv(t)
	f.write("fail.txt", "x\n")
	// Without --stop-on-error every item runs and the failure is counted.
	_, errOut, code := f.run("run", "--input-items", "a.txt,fail.txt,b.txt", "filt", "filter {item} keeping quality above 20 into {stem}.out")
	if code != ExitError {
		t.Fatalf("a failed item makes the batch exit 1, got %d", code)
	}
	if !strings.Contains(errOut, "filt: cannot read fail") || !strings.Contains(errOut, "[2/3] fail.txt: failed (exit 7)") ||
		!strings.Contains(errOut, "batch: 3 items, 2 ok, 1 failed, 0 not run") {
		t.Fatalf("stderr: %s", errOut)
	}
	if !f.exists("a.out") || !f.exists("b.out") {
		t.Fatal("items after the failure did not run")
	}
	got := historyCommands(f)
	if len(got) != 3 || !strings.HasSuffix(got[2], "filt -o fail.out -q 20 fail.txt => 7") {
		t.Fatalf("history: %q", got)
	}

	// --stop-on-error with one job: nothing after the failure runs.
	g := batchEnv(t)
	g.write("fail.txt", "x\n")
	_, errOut, code = g.run("run", "-x", "--input-items", "fail.txt,a.txt,b.txt", "filt", "filter {item} keeping quality above 20 into {stem}.out")
	if code != ExitError || !strings.Contains(errOut, "[1/3] fail.txt: failed (exit 7)") ||
		!strings.Contains(errOut, "batch: 3 items, 0 ok, 1 failed, 2 not run") {
		t.Fatalf("--stop-on-error: %d %s", code, errOut)
	}
	if g.exists("a.out") || g.exists("b.out") {
		t.Fatal("items ran after --stop-on-error stopped the batch")
	}
	if len(g.history()) != 1 {
		t.Fatalf("only the run item is recorded: %q", historyCommands(g))
	}
}

func TestBatchStdoutPerItem(t *testing.T) {
	f := batchEnv(t)
	f.write(f.userSkillsDir()+"/filt.md", filtStdoutSkill)
	out, errOut, code := f.run("run", "--input-items", "a.txt,b.txt", "filt", "filter {item} keeping quality above 21 and save the records to {stem}_kept.txt")
	if code != 0 {
		t.Fatalf("code=%d err=%s", code, errOut)
	}
	if out != "" || f.read("a_kept.txt") != "filt ran: -q 21 a.txt\n" || f.read("b_kept.txt") != "filt ran: -q 21 b.txt\n" {
		t.Fatalf("each item's stdout goes to its own file: out=%q a=%q b=%q", out, f.read("a_kept.txt"), f.read("b_kept.txt"))
	}
	t.Run("the shown template has the redirect", func(t *testing.T) {
		if !strings.Contains(errOut, "$ filt -q 21 '{item}' > '{stem}_kept.txt'") {
			t.Fatalf("stderr: %s", errOut)
		}
	})
	// A file that cannot be created fails that item.
	_, errOut, code = f.run("run", "--input-items", "a.txt", "filt", "filter {item} keeping quality above 21 and save the records to nodir/{stem}_kept.txt")
	if code != ExitError || !strings.Contains(errOut, "[1/1] a.txt: failed") || !strings.Contains(errOut, "batch: 1 items, 0 ok, 1 failed, 0 not run") {
		t.Fatalf("unwritable: %d %s", code, errOut)
	}
}

func TestBatchGate(t *testing.T) {
	f := batchEnv(t)
	// An uncertain template is refused before any item runs.
	out, errOut, code := f.run("run", "--input-items", "a.txt,b.txt", "filt", "process {item} quickly using 4 cores")
	if code != ExitUncertain || out != "" || strings.Contains(errOut, "batch:") {
		t.Fatalf("uncertain: %d %q %s", code, out, errOut)
	}
	out, errOut, code = f.run("run", "--force", "--input-items", "a.txt,b.txt", "filt", "process {item} quickly using 4 cores")
	if code != 0 || !strings.Contains(out, "filt ran: -t 4 a.txt") || !strings.Contains(errOut, "batch: 2 items, 2 ok") {
		t.Fatalf("--force: %d %q %s", code, out, errOut)
	}
	// An error finding on the template refuses the whole batch.
	f.userRule("constraints", "filt.yaml", filtErrorRule)
	_, errOut, code = f.run("run", "--input-items", "a.txt", "filt", "filter {item} keeping quality above 20 into {stem}.out")
	if code != ExitRefused || !strings.Contains(errOut, "not running: filt -q is deprecated") || f.exists("a.out") {
		t.Fatalf("error finding: %d %s", code, errOut)
	}
}

func TestBatchUsageErrors(t *testing.T) {
	f := batchEnv(t)
	empty := f.write("empty.list", "\n# nothing\n\n")
	for _, c := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"run", "--input-items", "a.txt", "filt", "filter a.txt into out.txt"}, ExitUsage, "a batch task needs a placeholder such as {item}"},
		{[]string{"run", "--input-items", "a.txt", "filt"}, ExitUsage, `expected TOOL "TASK"`},
		{[]string{"run", "--input-list", empty, "filt", "filter {item}"}, ExitUsage, "--input-list " + empty + " has no items"},
		{[]string{"run", "--input-list", "no-such.list", "filt", "filter {item}"}, ExitError, "--input-list: open no-such.list: "},
		{[]string{"run", "--input-items", "a.txt", "--var", "bad", "filt", "filter {item}"}, ExitUsage, `--var "bad": expected KEY=VALUE`},
		{[]string{"run", "--input-items", "a.txt", "--scenario", "nope", "filt", "filter {item}"}, ExitUsage, `unknown scenario "nope" (valid: bare, doc, full)`},
	} {
		out, errOut, code := f.run(c.args...)
		if code != c.code || out != "" || !strings.Contains(errOut, c.msg) {
			t.Errorf("%q: code=%d (want %d) out=%q err=%s", c.args, code, c.code, out, errOut)
		}
	}
	if len(f.history()) != 0 || f.exists("a.out") {
		t.Fatal("nothing runs on a usage error")
	}
}

func TestBatchVarsAndPlaceholders(t *testing.T) {
	f := batchEnv(t)
	// --var fills {KEY} before the batch placeholders are read.
	_, errOut, code := f.run("run", "--input-items", "a.txt", "--var", "Q=25", "filt", "filter {item} keeping quality above {Q} into {stem}.out")
	if code != 0 || !strings.Contains(errOut, "$ filt -o '{stem}.out' -q 25 '{item}'") || !f.exists("a.out") {
		t.Fatalf("--var in a batch: %d %s", code, errOut)
	}
}

func TestInterpolate(t *testing.T) {
	for _, c := range []struct{ arg, item, want string }{
		{"{item}", "data/s1.fq.gz", "data/s1.fq.gz"},
		{"{stem}.bam", "data/s1.fq.gz", "s1.bam"},
		{"{basename}", "data/s1.fq.gz", "s1.fq.gz"},
		{"{dir}/out_{nr}", "data/s1.fq.gz", "data/out_3"},
		{"x.{ext}", "data/s1.fq.gz", "x.fq.gz"},
		{"{}|{line}", "a b", "a b|a b"},
		{"plain", "a.txt", "plain"},
	} {
		if got := interpolate(c.arg, c.item, 3); got != c.want {
			t.Errorf("interpolate(%q, %q) = %q, want %q", c.arg, c.item, got, c.want)
		}
	}
	// The sentinels stand in for the placeholders and are turned back.
	task, back := sentinelTask("filter {item} into {dir}/{stem}_{nr}.bam", "reads.fq.gz")
	if strings.Contains(task, "{") || !strings.Contains(task, "oxoitem.fq.gz") {
		t.Fatalf("sentinel task: %q", task)
	}
	argv := templateArgv([]string{"tool", "oxoitem.fq.gz", "oxodir/oxostem_90909.bam"}, back)
	if strings.Join(argv, " ") != "tool {item} {dir}/{stem}_{nr}.bam" {
		t.Fatalf("template argv: %q", argv)
	}
	if _, back := sentinelTask("no placeholder", "a.txt"); len(back) != 0 {
		t.Fatalf("no placeholder: %v", back)
	}
}

func TestBatchExtPlaceholder(t *testing.T) {
	for i := 0; i < 10; i++ {
		_, back := sentinelTask("filter {item} into {stem}.{ext}.out", "a.txt")
		if got := strings.Join(templateArgv([]string{"oxoitem.txt", "oxostem.oxoext.out"}, back), " "); got != "{item} {stem}.{ext}.out" {
			t.Fatalf("template: %q", got)
		}
	}
	f := batchEnv(t)
	for i := 0; i < 5; i++ {
		os.Remove(filepath.Join(f.work, "a.txt.out")) // an existing output would be refused
		out, errOut, code := f.run("run", "--input-items", "a.txt", "filt", "filter {item} keeping quality above 20 into {stem}.{ext}.out")
		if code != 0 || out != "filt ran: -o a.txt.out -q 20 a.txt\n" {
			t.Fatalf("run %d: %d %q %s", i, code, out, errOut)
		}
	}
}

func TestBatchToolThatCannotStart(t *testing.T) {
	f := newFakeEnv(t)
	f.write("a.txt", "a\n")
	f.tool("raw", "Usage: raw [options] <in.txt>\n") // no interpreter line
	f.write("raw-help.txt", "Usage: raw [options] <in.txt>\n\nOptions:\n  -o FILE   output file\n  -t INT    number of threads\n")
	if _, errOut, code := f.run("docs", "add", "raw", "--file", "raw-help.txt"); code != 0 {
		t.Fatalf("docs add: %d %s", code, errOut)
	}
	_, errOut, code := f.run("run", "--force", "--input-items", "a.txt", "raw", "process {item} with 4 threads into {stem}.out")
	if code != ExitError || !strings.Contains(errOut, "[1/1] a.txt: failed") || !strings.Contains(errOut, "batch: 1 items, 0 ok, 1 failed, 0 not run") {
		t.Fatalf("code=%d err=%s", code, errOut)
	}
	t.Run("the reason is shown and history has no success", func(t *testing.T) {
		if !strings.Contains(errOut, "exec format error") || strings.Contains(errOut, "(exit 0)") {
			t.Fatalf("stderr: %s", errOut)
		}
		for _, e := range f.history() {
			if e.ExitCode != nil && *e.ExitCode == 0 {
				t.Fatalf("recorded as a success: %+v", e)
			}
		}
	})
}

func TestBatchNoFalseMissingInputWarning(t *testing.T) {
	f := batchEnv(t)
	_, errOut, code := f.run("run", "--input-items", "a.txt,b.txt", "filt", "filter {item} keeping quality above 20 into {stem}.out")
	if code != 0 || strings.Contains(errOut, "does not exist") {
		t.Fatalf("%d %s", code, errOut)
	}
}

// TestBatchItemsGoThroughTheGate: the template is not the command that
// runs; each item's own argv and stdout file are checked like a single
// run, and a refused item is reported by name and skipped.
func TestBatchItemsGoThroughTheGate(t *testing.T) {
	const task = "filter {item} keeping quality above 20 into {stem}.txt" // -o a.txt for item a.txt: output == input
	t.Run("output equal to input", func(t *testing.T) {
		f := batchEnv(t)
		f.write("c.dat", "c\n")
		_, errOut, code := f.run("run", "--yes", "--input-items", "a.txt,c.dat", "filt", task)
		if code != ExitRefused {
			t.Fatalf("a refused item makes the batch exit %d, got %d: %s", ExitRefused, code, errOut)
		}
		if f.read("a.txt") != "a\n" {
			t.Fatalf("a.txt was overwritten: %q", f.read("a.txt"))
		}
		if !strings.Contains(errOut, "[1/2] a.txt: refused: an output path is also an input; the input would be overwritten [constraint.output_is_input]: filt -o a.txt -q 20 a.txt\n") {
			t.Fatalf("the refusal names the item, the finding and the command: %s", errOut)
		}
		// The other item is checked on its own and runs.
		if f.read("c.txt") != "filtered\n" || !strings.Contains(errOut, "batch: 2 items, 1 ok, 0 failed, 1 refused, 0 not run\n") {
			t.Fatalf("c.dat did not run: %s", errOut)
		}
		if got := historyCommands(f); len(got) != 1 || !strings.HasSuffix(got[0], "filt -o c.txt -q 20 c.dat => 0") {
			t.Fatalf("only the item that ran is recorded: %q", got)
		}
	})
	t.Run("an existing output", func(t *testing.T) {
		f := batchEnv(t)
		f.write("a.out", "precious\n")
		_, errOut, code := f.run("run", "--yes", "--input-items", "a.txt,b.txt", "filt", "filter {item} keeping quality above 20 into {stem}.out")
		if code != ExitRefused || f.read("a.out") != "precious\n" || f.read("b.out") != "filtered\n" {
			t.Fatalf("code=%d a.out=%q b.out=%q: %s", code, f.read("a.out"), f.read("b.out"), errOut)
		}
		if !strings.Contains(errOut, "[1/2] a.txt: refused: dangerous with --yes (add --force to run it anyway): an output file already exists and would be overwritten [constraint.output_exists]") {
			t.Fatalf("stderr: %s", errOut)
		}
		// Without --yes and without a terminal it is refused too; --force runs it.
		f.write("b.out", "precious\n")
		_, errOut, code = f.run("run", "--input-items", "a.txt,b.txt", "filt", "filter {item} keeping quality above 20 into {stem}.out")
		if code != ExitRefused || f.read("a.out") != "precious\n" || f.read("b.out") != "precious\n" || !strings.Contains(errOut, "no terminal to ask on") {
			t.Fatalf("no terminal: %d %s", code, errOut)
		}
		_, errOut, code = f.run("run", "--yes", "--force", "--input-items", "a.txt", "filt", "filter {item} keeping quality above 20 into {stem}.out")
		if code != 0 || f.read("a.out") != "filtered\n" || !strings.Contains(errOut, "[1/1] a.txt: warning: an output file already exists and would be overwritten [constraint.output_exists]\n") {
			t.Fatalf("--force: %d %s", code, errOut)
		}
	})
	t.Run("asked once on a terminal", func(t *testing.T) {
		for _, c := range []struct {
			answer string
			code   int
			want   string
		}{{"y\n", 0, "filtered\n"}, {"n\n", ExitRefused, "precious\n"}} {
			f := batchEnv(t)
			f.interactive, f.stdin = true, c.answer
			f.write("a.out", "precious\n")
			f.write("b.out", "precious\n")
			_, errOut, code := f.run("run", "--input-items", "a.txt,b.txt", "filt", "filter {item} keeping quality above 20 into {stem}.out")
			if code != c.code || f.read("a.out") != c.want || f.read("b.out") != c.want || strings.Count(errOut, "[y/N]") != 1 ||
				!strings.Contains(errOut, "2 items are dangerous:\n  a.txt: an output file already exists") {
				t.Fatalf("answer %q: code=%d a.out=%q: %s", c.answer, code, f.read("a.out"), errOut)
			}
		}
	})
	t.Run("the stdout file is checked", func(t *testing.T) {
		f := batchEnv(t)
		f.write(f.userSkillsDir()+"/filt.md", filtStdoutSkill)
		_, errOut, code := f.run("run", "--yes", "--input-items", "a.txt", "filt", "filter {item} keeping quality above 21 and save the records to {basename}")
		if code != ExitRefused || f.read("a.txt") != "a\n" || !strings.Contains(errOut, "[1/1] a.txt: refused: an output path is also an input") ||
			!strings.Contains(errOut, ": filt -q 21 a.txt > a.txt\n") {
			t.Fatalf("code=%d a.txt=%q: %s", code, f.read("a.txt"), errOut)
		}
	})
	t.Run("writing outside the working directory", func(t *testing.T) {
		// The template "{dir}/{stem}.out" stays inside; the items do not:
		// one climbs out, one goes through a symlinked folder.
		f := batchEnv(t)
		outside := filepath.Join(f.root, "outside")
		f.write(filepath.Join(outside, "s.txt"), "s\n")
		if err := os.Symlink(outside, filepath.Join(f.work, "linked")); err != nil {
			t.Fatal(err)
		}
		_, errOut, code := f.run("run", "--yes", "--input-items", "linked/s.txt,sub/../../up.txt,a.txt", "filt", "filter {item} keeping quality above 20 into {dir}/{stem}.out")
		if code != ExitRefused || !strings.Contains(errOut, "[1/3] linked/s.txt: refused: dangerous with --yes") ||
			!strings.Contains(errOut, "[2/3] sub/../../up.txt: refused: dangerous with --yes") ||
			strings.Count(errOut, "[constraint.writes_outside_cwd]") != 2 || f.read("a.out") != "filtered\n" {
			t.Fatalf("code=%d: %s", code, errOut)
		}
		if f.read(filepath.Join(outside, "s.out")) != "" || f.read(filepath.Join(f.root, "up.out")) != "" {
			t.Fatal("a file was written outside the working directory")
		}
	})
	t.Run("two items writing one file", func(t *testing.T) {
		f := batchEnv(t)
		_, errOut, code := f.run("run", "--yes", "--input-items", "a.txt,b.txt", "filt", "filter {item} keeping quality above 20 into all.out")
		if code != ExitRefused || !strings.Contains(errOut, "[2/2] b.txt: refused: all.out is also written by item 1 (a.txt) [check.batch_same_output]") {
			t.Fatalf("code=%d: %s", code, errOut)
		}
		// One item writing the file another one reads.
		g := batchEnv(t)
		_, errOut, code = g.run("run", "--yes", "--input-items", "a.txt,new.txt", "filt", "filter {item} keeping quality above 20 into new.txt")
		if code != ExitRefused || g.exists("new.txt") || !strings.Contains(errOut, "[1/2] a.txt: refused: new.txt is an input of item 2 (new.txt) [check.batch_output_is_input]") {
			t.Fatalf("code=%d: %s", code, errOut)
		}
	})
	t.Run("--stop-on-error runs nothing when an item is refused", func(t *testing.T) {
		f := batchEnv(t)
		f.write("c.dat", "c\n")
		_, errOut, code := f.run("run", "--yes", "-x", "--input-items", "c.dat,a.txt", "filt", task)
		if code != ExitRefused || f.exists("c.txt") || f.read("a.txt") != "a\n" || len(f.history()) != 0 ||
			!strings.Contains(errOut, "[2/2] a.txt: refused:") || !strings.Contains(errOut, "batch: 2 items, 1 refused; nothing run (--stop-on-error)\n") {
			t.Fatalf("code=%d: %s", code, errOut)
		}
	})
	t.Run("an item starting with a dash is a file", func(t *testing.T) {
		f := batchEnv(t)
		f.write("-q", "q\n")
		f.write("-x.txt", "x\n")
		out, errOut, code := f.run("run", "--input-items", "-x.txt,-q", "filt", "filter {item} keeping quality above 20 into {stem}.out")
		if code != 0 {
			t.Fatalf("code=%d: %s", code, errOut)
		}
		lines := strings.Split(strings.TrimSpace(out), "\n")
		sort.Strings(lines)
		if strings.Join(lines, "|") != "filt ran: -o ./-q.out -q 20 ./-q|filt ran: -o ./-x.out -q 20 ./-x.txt" {
			t.Fatalf("argv: %q", out)
		}
		if f.read("-x.out") != "filtered\n" || f.read("-q.out") != "filtered\n" {
			t.Fatal("outputs not written")
		}
	})
}

func TestItemFill(t *testing.T) {
	_, back := sentinelTask("sort {item} into {stem}.s.bam", "a.bam")
	tmpl := &engine.Fill{Executable: "t", Flags: []engine.FlagValue{{Name: "-o", Value: "oxostem.s.bam", HasValue: true}, {Name: "-@", Value: "4", HasValue: true}},
		Positionals: []string{"oxoitem.bam", "-"}, Inputs: []string{"oxoitem.bam"}, Outputs: []string{"oxostem.s.bam"}, Stdout: "oxostem.log"}
	f := itemFill(tmpl, back, "-a.bam", 2)
	if f.Flags[0].Value != "./-a.s.bam" || f.Flags[1].Value != "4" || strings.Join(f.Positionals, " ") != "./-a.bam -" ||
		f.Inputs[0] != "./-a.bam" || f.Outputs[0] != "./-a.s.bam" || f.Stdout != "./-a.log" {
		t.Fatalf("item fill: %+v", f)
	}
	if tmpl.Flags[0].Value != "oxostem.s.bam" || tmpl.Positionals[0] != "oxoitem.bam" {
		t.Fatalf("the template changed: %+v", tmpl)
	}
}
