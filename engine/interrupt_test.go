package engine

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestInterruptedExplorationIsNotCached: a cancelled exploration returns
// the cancellation and stores nothing.
func TestInterruptedExplorationIsNotCached(t *testing.T) {
	env := newEngineEnv(t)
	ctx, cancel := context.WithCancel(context.Background())
	r := &cancelRunner{inner: ExecRunner{}, after: 2, cancel: cancel}
	o := env.opts
	o.Runner = r
	// One probe at a time, so "after the cancellation" has one meaning;
	// with many in flight, probes that began before it are fair.
	o.Explore.Jobs = 1
	_, doc, _, err := New(o).Doc(ctx, "bamkit", nil)
	if !errors.Is(err, context.Canceled) || doc != nil {
		t.Fatalf("doc %v, err %v: want no doc and the cancellation", doc != nil, err)
	}
	if files, _ := filepath.Glob(filepath.Join(env.cacheDir, "*"+cacheExt)); len(files) > 0 {
		t.Fatalf("cached after an interrupt: %v", files)
	}
	if n := r.n.Load(); n > 3 {
		t.Errorf("%d probes ran, want none after the cancellation", n)
	}
}

// TestCancelledRunStartsNothing: a run asked for after the interrupt
// starts no process.
func TestCancelledRunStartsNothing(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	mark := filepath.Join(t.TempDir(), "ran")
	res := ExecRunner{}.Run(ctx, RunSpec{Argv: []string{"touch", mark}})
	if !errors.Is(res.Err, context.Canceled) {
		t.Errorf("err %v, want the cancellation", res.Err)
	}
	if _, err := os.Stat(mark); err == nil {
		t.Error("the command ran after the cancellation")
	}
}

// cancelRunner cancels the context after its first `after` runs.
type cancelRunner struct {
	inner  Runner
	after  int64
	cancel func()
	n      atomic.Int64
}

func (r *cancelRunner) Run(ctx context.Context, spec RunSpec) RunResult {
	if r.n.Add(1) > r.after {
		r.cancel()
	}
	return r.inner.Run(ctx, spec)
}

// TestCleanStaleProbeDirs: directories of a dead oxo-call go, and so does
// what still works in them; those of a live one stay.
func TestCleanStaleProbeDirs(t *testing.T) {
	tmp := t.TempDir()
	dead := exec.Command("true")
	if err := dead.Run(); err != nil {
		t.Fatal(err)
	}
	deadDir := filepath.Join(tmp, probeDirPrefix+strconv.Itoa(dead.Process.Pid)+"-1")
	liveDir := filepath.Join(tmp, probeDirPrefix+strconv.Itoa(os.Getpid())+"-2")
	oldStyle := filepath.Join(tmp, probeDirPrefix+"12345")
	for _, d := range []string{deadDir, liveDir, oldStyle, filepath.Join(deadDir, "sub")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	// A probe's child that outlived a killed oxo-call.
	orphan := exec.Command("sleep", "623.5")
	orphan.Dir = filepath.Join(deadDir, "sub")
	if err := orphan.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- orphan.Wait() }()
	t.Cleanup(func() { _ = orphan.Process.Kill() })
	if n := CleanStaleProbeDirs(tmp); n != 1 {
		t.Errorf("removed %d directories, want 1", n)
	}
	if _, err := os.Stat(deadDir); err == nil {
		t.Error("the dead process's directory is still there")
	}
	for _, d := range []string{liveDir, oldStyle} {
		if _, err := os.Stat(d); err != nil {
			t.Errorf("%s removed: %v", d, err)
		}
	}
	select {
	case <-done:
	case <-time.After(2 * time.Second):
		t.Error("the process working in the stale directory was not killed")
	}
}

// TestFirstProbeCleansStaleProbeDirs: a command's first probe removes what
// a killed oxo-call left in the temporary directory, once per process; a
// command that probes nothing leaves the directory unread.
func TestFirstProbeCleansStaleProbeDirs(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	cleanStaleOnce = sync.Once{}
	t.Cleanup(func() { cleanStaleOnce = sync.Once{} })
	dead := exec.Command("true")
	if err := dead.Run(); err != nil {
		t.Fatal(err)
	}
	stale := filepath.Join(tmp, probeDirPrefix+strconv.Itoa(dead.Process.Pid)+"-1")
	if err := os.MkdirAll(stale, 0o755); err != nil {
		t.Fatal(err)
	}
	// A run in a directory of its own (run, not a probe) cleans nothing.
	if res := (ExecRunner{}).Run(context.Background(), RunSpec{Argv: []string{"true"}, Dir: tmp}); res.ExitCode != 0 {
		t.Fatalf("true: %+v", res)
	}
	if _, err := os.Stat(stale); err != nil {
		t.Fatalf("a run with its own directory removed %s: %v", stale, err)
	}
	if res := (ExecRunner{}).Run(context.Background(), RunSpec{Argv: []string{"true"}}); res.ExitCode != 0 {
		t.Fatalf("probe: %+v", res)
	}
	if _, err := os.Stat(stale); err == nil {
		t.Error("the first probe left the dead process's directory")
	}
	// Once per process: a second stale directory waits for the next command.
	if err := os.MkdirAll(stale, 0o755); err != nil {
		t.Fatal(err)
	}
	(ExecRunner{}).Run(context.Background(), RunSpec{Argv: []string{"true"}})
	if _, err := os.Stat(stale); err != nil {
		t.Error("a later probe cleaned again")
	}
}
