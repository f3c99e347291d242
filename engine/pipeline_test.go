package engine

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/traitome/oxo-call/task"
)

// pipeEnv is the bamkit engine with the system's programs (head, gzip,
// sort) on its PATH as well.
func pipeEnv(t *testing.T) (*engineEnv, *Engine) {
	t.Helper()
	for _, p := range []string{"head", "gzip", "sort"} {
		if _, err := exec.LookPath(p); err != nil {
			t.Skipf("%s is not installed", p)
		}
	}
	env := newEngineEnv(t)
	dirs := []string{env.bin}
	for _, d := range filepath.SplitList(os.Getenv("PATH")) {
		dirs = append(dirs, d)
	}
	env.opts.PathDirs = dirs
	return env, New(env.opts)
}

func TestGeneratePipelineKeepsTypedPipes(t *testing.T) {
	env, e := pipeEnv(t)
	ctx := context.Background()
	cases := []struct {
		task    string
		display string
		ops     []task.Op
		typed   []bool
	}{
		{"sort in.bam into out.bam", "bamkit sort -o out.bam in.bam", []task.Op{""}, []bool{false}},
		{"index in.bam && head -n 2 in.bam > first.txt", "bamkit index in.bam && head -n 2 in.bam > first.txt", []task.Op{"", "&&"}, []bool{false, true}},
		{"index in.bam | gzip > x.gz", "bamkit index in.bam | gzip > x.gz", []task.Op{"", "|"}, []bool{false, true}},
		{"index in.bam >> log.txt", "bamkit index in.bam >> log.txt", []task.Op{""}, []bool{false}},
		{"sort in.bam into out.bam && index out.bam", "bamkit sort -o out.bam in.bam && bamkit index out.bam", []task.Op{"", "&&"}, []bool{false, false}},
		{"sort in.bam into out.bam && bamkit index -c out.bam", "bamkit sort -o out.bam in.bam && bamkit index -c out.bam", []task.Op{"", "&&"}, []bool{false, true}},
	}
	for _, c := range cases {
		p, err := e.GeneratePipeline(ctx, Request{Tool: "bamkit", Task: c.task, Cwd: env.cwd})
		if err != nil {
			t.Errorf("%q: %v", c.task, err)
			continue
		}
		if p.Display != c.display {
			t.Errorf("%q: %q, want %q", c.task, p.Display, c.display)
		}
		for i, op := range c.ops {
			if p.Steps[i].Op != op || p.Steps[i].Typed != c.typed[i] {
				t.Errorf("%q step %d: op %q typed %v", c.task, i, p.Steps[i].Op, p.Steps[i].Typed)
			}
		}
		// Every step went through the five stages (the typed ones skip no stage).
		for i, s := range p.Steps {
			if got := stagesOf(s.Result.Trace); !slices.Equal(got, []int{1, 2, 3, 4, 5}) {
				t.Errorf("%q step %d stages %v", c.task, i, got)
			}
		}
		// The printed form reads back to the same argvs and redirections.
		back, err := ReadPipeline(p.Display)
		if err != nil || len(back) != len(p.Steps) {
			t.Fatalf("%q: read back %v %v", c.task, back, err)
		}
		for i, b := range back {
			cmd := p.Steps[i].Result.Command
			if !slices.Equal(b.Argv, cmd.DisplayArgv) || b.Stdout != cmd.Stdout || b.Append != cmd.Append || b.Op != p.Steps[i].Op {
				t.Errorf("%q step %d read back %+v, built %q > %q", c.task, i, b, cmd.DisplayArgv, cmd.Stdout)
			}
		}
	}
}

func TestGeneratePipelineTypedStepIsChecked(t *testing.T) {
	env, e := pipeEnv(t)
	ctx := context.Background()
	p, err := e.GeneratePipeline(ctx, Request{Tool: "bamkit", Task: "index in.bam | head --bogus 5", Cwd: env.cwd})
	if err != nil {
		t.Fatal(err)
	}
	fs := p.Findings()
	if len(fs) == 0 || fs[0].Rule != "check.unknown_flag" || !strings.HasPrefix(fs[0].Message, "step 2 (head): --bogus is not a flag of head") {
		t.Errorf("findings %+v", fs)
	}
	// A redirection to an existing file goes through the same output
	// checks as -o; ">>" adds to it and is not an overwrite.
	os.WriteFile(filepath.Join(env.cwd, "old.txt"), []byte("keep"), 0o644)
	p, err = e.GeneratePipeline(ctx, Request{Tool: "bamkit", Task: "index in.bam > old.txt", Cwd: env.cwd})
	if err != nil || !hasRule(p.Findings(), "constraint.output_exists") {
		t.Errorf("> over a file: %v %+v", err, p.Findings())
	}
	p, err = e.GeneratePipeline(ctx, Request{Tool: "bamkit", Task: "index in.bam >> old.txt", Cwd: env.cwd})
	if err != nil || hasRule(p.Findings(), "constraint.output_exists") {
		t.Errorf(">> to a file: %v %+v", err, p.Findings())
	}
	p, err = e.GeneratePipeline(ctx, Request{Tool: "bamkit", Task: "index in.bam | head > ../up.txt", Cwd: env.cwd})
	if err != nil || !hasRule(p.Findings(), "constraint.writes_outside_cwd") || !p.Steps[1].Result.Findings[0].Dangerous {
		t.Errorf("> outside: %v %+v", err, p.Findings())
	}
	if p.Uncertain() != (p.Steps[0].Result.Uncertain || p.Steps[1].Result.Uncertain) {
		t.Errorf("uncertain")
	}
	if ids := p.RuleIDs(); !slices.Contains(ids, "constraint.writes_outside_cwd") && !slices.Contains(ids, "companion.dash_suffix") {
		t.Errorf("rule ids %v", ids)
	}
}

func hasRule(fs []Finding, id string) bool {
	for _, f := range fs {
		if f.Rule == id {
			return true
		}
	}
	return false
}

func TestGeneratePipelineErrors(t *testing.T) {
	env, e := pipeEnv(t)
	ctx := context.Background()
	cases := map[string]string{
		"":                             "the task is empty",
		"index in.bam |":               "no command between | and the end",
		"index in.bam | nosuchprog -x": "step 2 (nosuchprog -x)",
		"index in.bam 2> e.txt":        "only standard output can be redirected",
		"index in.bam > o.txt | head":  "sends its output both to",
	}
	for in, want := range cases {
		_, err := e.GeneratePipeline(ctx, Request{Tool: "bamkit", Task: in, Cwd: env.cwd})
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want %q", in, err, want)
		}
	}
	// A later step in words for the tool: built from its words.
	p, err := e.GeneratePipeline(ctx, Request{Tool: "bamkit", Task: "sort in.bam into s.bam && index the file s.bam", Cwd: env.cwd})
	if err != nil || len(p.Steps) != 2 || p.Steps[1].Typed || p.Steps[1].Result.Command.Display != "bamkit index s.bam" {
		t.Fatalf("%v %+v", err, p)
	}
	// A program named with words after it: built for that program.
	p, err = e.GeneratePipeline(ctx, Request{Tool: "bamkit", Task: "index in.bam | head keep the first lines", Cwd: env.cwd})
	if err != nil || p.Steps[1].Typed || p.Steps[1].Tool != "head" {
		t.Fatalf("%v %+v", err, p.Steps[1])
	}
	var unknown *UnknownToolError
	if _, err := e.TypedStep(ctx, Request{Tool: "nosuchprog"}, task.OpPipe, []string{"nosuchprog"}); !errors.As(err, &unknown) {
		t.Errorf("typed unknown: %v", err)
	}
	if _, err := e.TypedStep(ctx, Request{Tool: "head"}, task.OpPipe, nil); err == nil {
		t.Errorf("empty typed command accepted")
	}
	// Bare: no help is read for a typed step.
	st, err := e.TypedStep(ctx, Request{Tool: "head", Scenario: "bare"}, task.OpPipe, []string{"head", "-n", "5"})
	if err != nil || !st.Result.Unchecked || st.Result.Command.Display != "head -n 5" {
		t.Errorf("bare typed: %v %+v", err, st)
	}
}

func TestReadPipeline(t *testing.T) {
	got, err := ReadPipeline(`samtools view 'a b.bam' | head -n 5 && gzip -c x >> 'o u t.gz'`)
	if err != nil {
		t.Fatal(err)
	}
	want := []ParsedCommand{
		{Op: "", Argv: []string{"samtools", "view", "a b.bam"}},
		{Op: "|", Argv: []string{"head", "-n", "5"}},
		{Op: "&&", Argv: []string{"gzip", "-c", "x"}, Stdout: "o u t.gz", Append: true},
	}
	if len(got) != len(want) {
		t.Fatalf("%+v", got)
	}
	for i := range want {
		if got[i].Op != want[i].Op || !slices.Equal(got[i].Argv, want[i].Argv) || got[i].Stdout != want[i].Stdout || got[i].Append != want[i].Append {
			t.Errorf("%d: %+v, want %+v", i, got[i], want[i])
		}
	}
	for in, want := range map[string]string{
		"a; b":           "give one pipeline",
		"a || b":         "only | and && join commands",
		"a | b > x > y":  "only one",
		"a 2> x":         "only one",
		"a $HOME":        "variables, substitutions and globs",
		"a > $X":         "plain word",
		"X=1 a":          "no variable assignments",
		"! a":            "no !, &",
		"a &":            "no !, &",
		"(a | b)":        "give plain commands",
		"{ a | b; } > x": "give plain commands",
		"a '":            "cannot read the command",
		"":               "give one pipeline",
	} {
		if _, err := ReadPipeline(in); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want %q", in, err, want)
		}
	}
	if _, err := ReadPipeline("(a | b) > x"); err == nil {
		t.Errorf("a redirected group was accepted")
	}
	// "< file" is read on standard input; the display round-trips
	got, err = ReadPipeline(`bam2bed < 'in 1.bam' > out.bed`)
	if err != nil || len(got) != 1 || got[0].Stdin != "in 1.bam" || got[0].Stdout != "out.bed" || !slices.Equal(got[0].Argv, []string{"bam2bed"}) {
		t.Errorf("stdin: %+v %v", got, err)
	}
	for in, want := range map[string]string{"a < $X": "plain word", "a < x < y": "only one", "a 3< x": "only one"} {
		if _, err := ReadPipeline(in); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want %q", in, err, want)
		}
	}
}

func TestNewPipelineDisplay(t *testing.T) {
	mk := func(op task.Op, argv ...string) *Step {
		return &Step{Op: op, Result: &Result{Command: Command{Executable: argv[0], Display: QuoteArgv(argv)}, Trace: &Trace{}}}
	}
	p := NewPipeline("x", "t", mk("", "a", "it's"), mk("|", "b"), mk("", "c"))
	if p.Display != `a "it's" | b && c` || !p.PipesOut(0) || p.PipesOut(1) || p.Single() {
		t.Errorf("%q", p.Display)
	}
	if p.StepName(1) != "step 2 (b)" || p.Steps[0].Command().Executable != "a" {
		t.Errorf("%q", p.StepName(1))
	}
}

func TestCheckWiringStdin(t *testing.T) {
	mk := func(op task.Op, cmd Command) *Step {
		cmd.Display = cmd.Executable
		return &Step{Op: op, Result: &Result{Command: cmd, Trace: &Trace{}}}
	}
	// a step fed by the pipe that also reads a file on standard input
	p := NewPipeline("x", "t", mk("", Command{Executable: "a"}), mk("|", Command{Executable: "b", Stdin: "in.txt"}))
	if err := p.checkWiring(); err == nil || !strings.Contains(err.Error(), "reads in.txt on standard input and the pipe from step 1") {
		t.Errorf("stdin and pipe: %v", err)
	}
	// the first step may read a file; a step after && may too
	p = NewPipeline("x", "t", mk("", Command{Executable: "a", Stdin: "in.txt"}), mk("|", Command{Executable: "b"}), mk("&&", Command{Executable: "c", Stdin: "in.txt"}))
	if err := p.checkWiring(); err != nil {
		t.Errorf("stdin of a first command: %v", err)
	}
}
