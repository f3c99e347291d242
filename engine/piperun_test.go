package engine

import (
	"bytes"
	"compress/gzip"
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/traitome/oxo-call/task"
)

// need skips a test when a program it runs is missing.
func need(t *testing.T, progs ...string) {
	t.Helper()
	for _, p := range progs {
		if _, err := exec.LookPath(p); err != nil {
			t.Skipf("%s is not installed", p)
		}
	}
}

func pc(op task.Op, argv ...string) ParsedCommand { return ParsedCommand{Op: op, Argv: argv} }

func TestRunPipelinePipesAndRedirects(t *testing.T) {
	need(t, "printf", "head", "gzip", "cat")
	dir := t.TempDir()
	var out, errb bytes.Buffer
	pio := PipeIO{Stdout: &out, Stderr: &errb, Dir: dir}
	ctx := context.Background()

	// printf | head: the lines flow through an OS pipe.
	run, err := RunPipeline(ctx, []ParsedCommand{pc("", "printf", `a\nb\nc\n`), pc("|", "head", "-n", "2")}, pio)
	if err != nil || run.ExitCode != 0 || run.Failed != -1 || out.String() != "a\nb\n" {
		t.Fatalf("%v %+v %q", err, run, out.String())
	}
	// | gzip > x.gz: a real gzip file.
	gz := ParsedCommand{Op: "|", Argv: []string{"gzip", "-c"}, Stdout: "x.gz"}
	if run, err := RunPipeline(ctx, []ParsedCommand{pc("", "printf", `r1\nr2\n`), gz}, pio); err != nil || run.ExitCode != 0 {
		t.Fatalf("%v %+v", err, run)
	}
	f, _ := os.Open(filepath.Join(dir, "x.gz"))
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := io.ReadAll(zr); string(b) != "r1\nr2\n" {
		t.Errorf("x.gz holds %q", b)
	}
	f.Close()
	// > truncates, >> appends.
	w := ParsedCommand{Argv: []string{"printf", `one\n`}, Stdout: "log.txt"}
	a := ParsedCommand{Op: "&&", Argv: []string{"printf", `two\n`}, Stdout: "log.txt", Append: true}
	os.WriteFile(filepath.Join(dir, "log.txt"), []byte("old\n"), 0o644)
	if _, err := RunPipeline(ctx, []ParsedCommand{w, a, a}, pio); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "log.txt")); string(b) != "one\ntwo\ntwo\n" {
		t.Errorf("log.txt %q", b)
	}
	// Standard input reaches the first command when it is a file.
	in, _ := os.CreateTemp(dir, "in")
	in.WriteString("from stdin\n")
	in.Seek(0, 0)
	out.Reset()
	pio.Stdin = in
	if _, err := RunPipeline(ctx, []ParsedCommand{pc("", "cat"), pc("|", "cat")}, pio); err != nil || out.String() != "from stdin\n" {
		t.Errorf("stdin: %v %q", err, out.String())
	}
	in.Close()
}

func TestRunPipelinePipefail(t *testing.T) {
	need(t, "printf", "head", "false", "true", "cat", "yes")
	dir := t.TempDir()
	var out, errb bytes.Buffer
	pio := PipeIO{Stdout: &out, Stderr: &errb, Dir: dir}
	ctx := context.Background()
	// A failure in the middle of a pipe fails it, and names that step,
	// though the last command succeeded.
	run, err := RunPipeline(ctx, []ParsedCommand{pc("", "printf", "x"), pc("|", "false"), pc("|", "cat")}, pio)
	if err != nil || run.ExitCode != 1 || run.Failed != 1 || !run.Steps[2].Ran || run.Steps[2].ExitCode != 0 {
		t.Fatalf("%v %+v", err, run)
	}
	// The rightmost failure is the one reported.
	run, _ = RunPipeline(ctx, []ParsedCommand{pc("", "false"), pc("|", "head", "--bogus")}, pio)
	if run.Failed != 1 || run.ExitCode == 0 || !strings.Contains(errb.String(), "bogus") {
		t.Errorf("%+v %q", run, errb.String())
	}
	// &&: a failed pipe stops the rest, which never runs.
	out.Reset()
	run, _ = RunPipeline(ctx, []ParsedCommand{pc("", "false"), pc("&&", "printf", "no")}, pio)
	if run.Failed != 0 || run.ExitCode != 1 || run.Steps[1].Ran || out.Len() != 0 {
		t.Errorf("&&: %+v %q", run, out.String())
	}
	run, _ = RunPipeline(ctx, []ParsedCommand{pc("", "true"), pc("&&", "printf", "yes")}, pio)
	if run.Failed != -1 || !run.Steps[1].Ran || out.String() != "yes" {
		t.Errorf("&& after success: %+v %q", run, out.String())
	}
	// A writer that a finished reader cut off (SIGPIPE) is no failure.
	out.Reset()
	run, _ = RunPipeline(ctx, []ParsedCommand{pc("", "yes"), pc("|", "head", "-n", "1")}, pio)
	if run.Failed != -1 || run.Steps[0].Signal != syscall.SIGPIPE.String() || out.String() != "y\n" {
		t.Errorf("SIGPIPE: %+v %q", run, out.String())
	}
	// ... but it is when the reader failed too.
	run, _ = RunPipeline(ctx, []ParsedCommand{pc("", "yes"), pc("|", "head", "--bogus")}, pio)
	if run.Failed != 1 {
		t.Errorf("failed reader: %+v", run)
	}
}

func TestRunPipelineCannotStart(t *testing.T) {
	need(t, "printf", "sleep")
	dir := t.TempDir()
	pio := PipeIO{Dir: dir}
	ctx := context.Background()
	// A missing program: nothing of that pipe is left running.
	start := time.Now()
	run, err := RunPipeline(ctx, []ParsedCommand{pc("", "sleep", "30"), pc("|", "no-such-program-x")}, pio)
	if err == nil || !strings.Contains(err.Error(), "step 2: could not run no-such-program-x") || time.Since(start) > 5*time.Second {
		t.Fatalf("%v %+v", err, run)
	}
	if _, err := RunPipeline(ctx, []ParsedCommand{{Argv: []string{"printf", "x"}, Stdout: "nodir/x.txt"}}, pio); err == nil || !strings.Contains(err.Error(), "cannot write nodir/x.txt") {
		t.Errorf("unwritable: %v", err)
	}
	if _, err := RunPipeline(ctx, []ParsedCommand{{Argv: []string{"printf", "x"}, Stdout: "a.txt"}, pc("|", "cat")}, pio); err == nil || !strings.Contains(err.Error(), "writes to a.txt and pipes into step 2") {
		t.Errorf("file and pipe: %v", err)
	}
	if _, err := RunPipeline(ctx, []ParsedCommand{pc("", "printf", "x"), pc("|")}, pio); err == nil || !strings.Contains(err.Error(), "step 2 is an empty command") {
		t.Errorf("empty: %v", err)
	}
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := RunPipeline(cctx, []ParsedCommand{pc("", "printf", "x")}, pio); err == nil {
		t.Errorf("a cancelled context ran")
	}
}

func TestRunPipelineCancelEndsEveryProcess(t *testing.T) {
	need(t, "sleep", "cat")
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		time.Sleep(300 * time.Millisecond)
		cancel()
	}()
	start := time.Now()
	run, err := RunPipeline(ctx, []ParsedCommand{pc("", "sleep", "30"), pc("|", "cat"), pc("|", "sleep", "30"), pc("&&", "sleep", "1")}, PipeIO{Dir: dir, KillGrace: 500 * time.Millisecond})
	if took := time.Since(start); took > 5*time.Second {
		t.Fatalf("cancel took %v", took)
	}
	if err != nil || run.Failed < 0 || run.ExitCode != 128+int(syscall.SIGTERM) || run.Steps[3].Ran {
		t.Fatalf("%v %+v", err, run)
	}
	// No process of the pipe is left: nothing runs in the test's directory.
	if left := procsIn(dir); left > 0 {
		t.Errorf("%d processes left", left)
	}

	// A process that ignores SIGTERM is killed after the grace.
	need(t, "python3")
	ctx2, cancel2 := context.WithCancel(context.Background())
	ready := &readyWriter{ch: make(chan struct{})}
	go func() {
		<-ready.ch // SIGTERM is ignored from now on
		cancel2()
	}()
	run, _ = RunPipeline(ctx2, []ParsedCommand{pc("", "python3", "-c", "import signal,time; signal.signal(signal.SIGTERM, signal.SIG_IGN); print('ready', flush=True); time.sleep(30)")}, PipeIO{Stdout: ready, Dir: dir, KillGrace: 300 * time.Millisecond})
	if run.ExitCode != 128+int(syscall.SIGKILL) {
		t.Errorf("ignoring SIGTERM: %+v", run)
	}
}

// readyWriter closes ch at the first write.
type readyWriter struct {
	ch   chan struct{}
	once sync.Once
}

func (r *readyWriter) Write(p []byte) (int, error) {
	r.once.Do(func() { close(r.ch) })
	return len(p), nil
}

// procsIn counts the processes whose working directory is dir.
func procsIn(dir string) int {
	n := 0
	cwds, _ := filepath.Glob("/proc/[0-9]*/cwd")
	for _, c := range cwds {
		if l, err := os.Readlink(c); err == nil && l == dir {
			if pid, _ := strconv.Atoi(filepath.Base(filepath.Dir(c))); pid != os.Getpid() {
				n++
			}
		}
	}
	return n
}

func TestPipelineCommandsRunResolvedArgv(t *testing.T) {
	env, e := pipeEnv(t)
	p, err := e.GeneratePipeline(context.Background(), Request{Tool: "bamkit", Task: "index in.bam | head -n 1 > one.txt", Cwd: env.cwd})
	if err != nil {
		t.Fatal(err)
	}
	cmds := p.Commands()
	if cmds[0].Argv[0] != filepath.Join(env.bin, "bamkit") || cmds[1].Op != "|" || cmds[1].Stdout != "one.txt" {
		t.Fatalf("%+v", cmds)
	}
	run, err := RunPipeline(context.Background(), cmds, PipeIO{Dir: env.cwd})
	if err != nil || run.Failed != -1 {
		t.Fatalf("%v %+v", err, run)
	}
	if b, _ := os.ReadFile(filepath.Join(env.cwd, "one.txt")); !strings.HasPrefix(string(b), "Program: bamkit") {
		t.Errorf("one.txt %q", b)
	}
}

func TestRunPipelineSharedWriter(t *testing.T) {
	need(t, "head", "yes")
	// stdout and stderr one buffer (run --json sends the tool's output to
	// stderr): every process's copy goes through one lock.
	var both bytes.Buffer
	for i := 0; i < 3; i++ {
		run, err := RunPipeline(context.Background(), []ParsedCommand{pc("", "head", "--bogus"), pc("|", "yes"), pc("|", "head", "-n", "3")}, PipeIO{Stdout: &both, Stderr: &both})
		if err != nil || run.Failed != 0 {
			t.Fatalf("%v %+v", err, run)
		}
	}
	if !strings.Contains(both.String(), "y\ny\ny\n") || !strings.Contains(both.String(), "bogus") {
		t.Errorf("%q", both.String())
	}
}

// TestRunPipelineStdinFile: "< file" feeds a command the file as its
// standard input (wc -l counts its lines, relative to Dir); a file that
// cannot be read is named; a command fed by a pipe cannot read one too.
func TestRunPipelineStdinFile(t *testing.T) {
	need(t, "wc", "cat")
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "reads.txt"), []byte("r1\nr2\nr3\n"), 0o644)
	var out, errb bytes.Buffer
	pio := PipeIO{Stdout: &out, Stderr: &errb, Dir: dir}
	ctx := context.Background()
	wc := ParsedCommand{Argv: []string{"wc", "-l"}, Stdin: "reads.txt", Stdout: "n.txt"}
	if run, err := RunPipeline(ctx, []ParsedCommand{wc}, pio); err != nil || run.ExitCode != 0 {
		t.Fatalf("%v %+v %s", err, run, errb.String())
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "n.txt")); strings.TrimSpace(string(b)) != "3" {
		t.Errorf("n.txt holds %q", b)
	}
	// into a pipe: cat < reads.txt | wc -l
	cat := ParsedCommand{Argv: []string{"cat"}, Stdin: "reads.txt"}
	if _, err := RunPipeline(ctx, []ParsedCommand{cat, pc("|", "wc", "-l")}, pio); err != nil || strings.TrimSpace(out.String()) != "3" {
		t.Errorf("cat < reads.txt | wc -l: %v %q", err, out.String())
	}
	gone := ParsedCommand{Argv: []string{"cat"}, Stdin: "gone.txt"}
	if _, err := RunPipeline(ctx, []ParsedCommand{gone}, pio); err == nil || !strings.Contains(err.Error(), "cannot read gone.txt for standard input") {
		t.Errorf("missing stdin file: %v", err)
	}
	both := ParsedCommand{Op: "|", Argv: []string{"cat"}, Stdin: "reads.txt"}
	if _, err := RunPipeline(ctx, []ParsedCommand{pc("", "cat"), both}, pio); err == nil || !strings.Contains(err.Error(), "reads reads.txt and the pipe") {
		t.Errorf("stdin file and pipe: %v", err)
	}
}
