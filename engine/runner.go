package engine

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

// RunSpec is one program execution for reading help or a version.
type RunSpec struct {
	Argv []string
	// Dir is the working directory; empty means a fresh temporary directory
	// that is removed afterwards (some tools write files when probed).
	Dir       string
	Timeout   time.Duration
	MaxOutput int
}

// RunResult is what a probe run produced. Output is stdout and stderr
// merged, ANSI escapes not yet stripped.
type RunResult struct {
	Output   []byte
	ExitCode int
	// TimedOut: killed at the timeout. Crashed: ended by a signal.
	// Truncated: output reached MaxOutput and the program was stopped.
	TimedOut, Crashed, Truncated bool
	Elapsed                      time.Duration
	// Err is set when the program could not be started.
	Err error
}

// Runner runs programs. Tests pass fakes that serve captured help.
type Runner interface {
	Run(ctx context.Context, spec RunSpec) RunResult
}

// ExecRunner runs real programs with the hygiene probing needs: stdin
// closed, no controlling terminal (its own session), a scrubbed
// environment, a timeout and an output cap, and the whole process group
// killed at the end so no child outlives the probe.
type ExecRunner struct {
	// Env is the base environment; nil means os.Environ().
	Env []string
}

// probeEnv returns the environment for a probe: colour and pagers off.
func probeEnv(base []string) []string {
	if base == nil {
		base = os.Environ()
	}
	drop := map[string]bool{"TERM": true, "NO_COLOR": true, "PAGER": true, "MANPAGER": true, "COLUMNS": true, "MANWIDTH": true, "CLICOLOR_FORCE": true, "FORCE_COLOR": true, "LESS": true}
	out := make([]string, 0, len(base)+5)
	for _, kv := range base {
		k, _, _ := strings.Cut(kv, "=")
		if !drop[k] {
			out = append(out, kv)
		}
	}
	return append(out, "TERM=dumb", "NO_COLOR=1", "PAGER=cat", "MANPAGER=cat", "COLUMNS=120", "MANWIDTH=120")
}

// cappedBuffer keeps at most max bytes and calls full once when exceeded.
type cappedBuffer struct {
	mu   sync.Mutex
	buf  bytes.Buffer
	max  int
	over bool
	full func()
}

func (c *cappedBuffer) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if room := c.max - c.buf.Len(); room < len(p) {
		if room > 0 {
			c.buf.Write(p[:room])
		}
		if !c.over {
			c.over = true
			go c.full()
		}
		return len(p), nil
	}
	return c.buf.Write(p)
}

// Run executes spec.Argv. It never panics and never blocks past the
// timeout plus a short drain delay.
func (x ExecRunner) Run(ctx context.Context, spec RunSpec) RunResult {
	start := time.Now()
	res := RunResult{ExitCode: -1}
	if len(spec.Argv) == 0 {
		res.Err = errors.New("empty command")
		return res
	}
	if err := ctx.Err(); err != nil {
		// Interrupted before it began: start nothing (a probe worker that
		// had passed its own check would otherwise start a process only to
		// kill it).
		res.Err = err
		return res
	}
	if spec.Timeout <= 0 {
		spec.Timeout = 5 * time.Second
	}
	if spec.MaxOutput <= 0 {
		spec.MaxOutput = 256 << 10
	}
	dir := spec.Dir
	if dir == "" {
		// What a killed oxo-call left goes before the first probe of
		// this one; a command that probes nothing reads no temporary
		// directory (on a shared machine it can hold thousands).
		cleanStaleOnce.Do(func() { CleanStaleProbeDirs("") })
		d, err := os.MkdirTemp("", probeDirPrefix+strconv.Itoa(os.Getpid())+"-")
		if err != nil {
			res.Err = err
			return res
		}
		defer os.RemoveAll(d)
		dir = d
	}
	pr, pw, err := os.Pipe()
	if err != nil {
		res.Err = err
		return res
	}
	cmd := exec.Command(spec.Argv[0], spec.Argv[1:]...)
	cmd.Dir = dir
	cmd.Env = probeEnv(x.Env)
	cmd.Stdin = nil // /dev/null: tools that read stdin when given no file see EOF
	cmd.Stdout, cmd.Stderr = pw, pw
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
	dieWithParent(cmd.SysProcAttr)
	if err := cmd.Start(); err != nil {
		pr.Close()
		pw.Close()
		res.Err = err
		return res
	}
	pw.Close()
	pgid := cmd.Process.Pid
	killGroup := func() { _ = syscall.Kill(-pgid, syscall.SIGKILL) }

	buf := &cappedBuffer{max: spec.MaxOutput, full: killGroup}
	copied := make(chan struct{})
	go func() {
		_, _ = io.Copy(buf, pr)
		close(copied)
	}()
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()

	timer := time.NewTimer(spec.Timeout)
	defer timer.Stop()
	var waitErr error
	select {
	case waitErr = <-exited:
	case <-timer.C:
		res.TimedOut = true
		killGroup()
		waitErr = <-exited
	case <-ctx.Done():
		killGroup()
		waitErr = <-exited
		res.Err = ctx.Err()
	}
	// Children that outlived the program still hold the pipe: end them.
	killGroup()
	select {
	case <-copied:
	case <-time.After(200 * time.Millisecond):
	}
	pr.Close()

	buf.mu.Lock()
	res.Output = append([]byte(nil), buf.buf.Bytes()...)
	res.Truncated = buf.over
	buf.mu.Unlock()
	res.Elapsed = time.Since(start)
	if ps := cmd.ProcessState; ps != nil {
		if st, ok := ps.Sys().(syscall.WaitStatus); ok && st.Signaled() && !res.TimedOut && !res.Truncated {
			res.Crashed = true
		}
		res.ExitCode = ps.ExitCode()
	}
	_ = waitErr // the exit status is read from ProcessState; a non-zero exit is normal for help
	return res
}

// probeDirPrefix names the temporary directory of a probe:
// oxo-probe-<pid of oxo-call>-<random>, so a later run can tell the
// directories of a process that died (kill -9) from those of one still
// running.
const probeDirPrefix = "oxo-probe-"

// cleanStaleOnce runs CleanStaleProbeDirs once per process, at its first
// probe.
var cleanStaleOnce sync.Once

// CleanStaleProbeDirs removes the probe directories under dir (the
// system's temporary directory when empty) left by oxo-call processes that
// no longer run, after killing any process still working in one (a probe's
// child that outlived a killed oxo-call). It returns how many directories
// it removed.
func CleanStaleProbeDirs(dir string) int {
	if dir == "" {
		dir = os.TempDir()
	}
	stale, _ := filepath.Glob(filepath.Join(dir, probeDirPrefix+"*"))
	n := 0
	for _, d := range stale {
		rest := strings.TrimPrefix(filepath.Base(d), probeDirPrefix)
		pidText, _, ok := strings.Cut(rest, "-")
		pid, err := strconv.Atoi(pidText)
		if !ok || err != nil || pid <= 0 || processAlive(pid) {
			continue
		}
		killWorkingIn(d)
		if os.RemoveAll(d) == nil {
			n++
		}
	}
	return n
}

// processAlive reports whether a process with this id exists.
func processAlive(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}

// killWorkingIn kills the processes whose working directory is dir or
// below it: on Linux, what a dead oxo-call's probes left running.
func killWorkingIn(dir string) {
	if d, err := filepath.EvalSymlinks(dir); err == nil {
		dir = d
	}
	procs, _ := filepath.Glob("/proc/[0-9]*/cwd")
	for _, p := range procs {
		cwd, err := os.Readlink(p)
		if err != nil {
			continue
		}
		cwd = strings.TrimSuffix(cwd, " (deleted)")
		if cwd != dir && !strings.HasPrefix(cwd, dir+"/") {
			continue
		}
		if pid, err := strconv.Atoi(filepath.Base(filepath.Dir(p))); err == nil && pid != os.Getpid() {
			_ = syscall.Kill(pid, syscall.SIGKILL)
		}
	}
}
