package engine

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"syscall"
	"time"

	"github.com/traitome/oxo-call/task"
)

// PipeIO are the streams and the directory of a pipeline run.
type PipeIO struct {
	// Stdin feeds the first command of each pipe; only an *os.File is
	// passed on (anything else, and nil, is /dev/null).
	Stdin io.Reader
	// Stdout receives the standard output of a pipe's last command when
	// it has no file; Stderr receives every command's standard error.
	Stdout, Stderr io.Writer
	// Dir is the working directory; redirection files are relative to it.
	Dir string
	// KillGrace is how long a cancelled pipeline gets between SIGTERM and
	// SIGKILL (default 2 s).
	KillGrace time.Duration
}

// StepExit is how one command of a pipeline ended.
type StepExit struct {
	Argv []string `json:"argv"`
	// Ran: the command was started (a command after a failed "&&" is not).
	Ran bool `json:"ran"`
	// ExitCode is the exit status, or 128 + the signal that ended it, as a
	// shell reports it.
	ExitCode int `json:"exit_code"`
	// Signal names the signal that ended it, if one did.
	Signal string `json:"signal,omitempty"`
}

// PipelineRun is how a pipeline run ended.
type PipelineRun struct {
	Steps []StepExit `json:"steps"`
	// ExitCode is the pipeline's status with pipefail: the status of the
	// failing command, 0 when every command succeeded.
	ExitCode int `json:"exit_code"`
	// Failed is the index of the command that failed the pipeline, or -1.
	Failed int `json:"failed_step"`
}

// Commands returns the pipeline's commands as they run: each step's argv
// (the resolved program), operator and redirection.
func (p *Pipeline) Commands() []ParsedCommand {
	out := make([]ParsedCommand, len(p.Steps))
	for i, s := range p.Steps {
		c := s.Result.Command
		out[i] = ParsedCommand{Op: s.Op, Argv: c.Argv, Stdout: c.Stdout, Append: c.Append, Stdin: c.Stdin}
	}
	return out
}

// RunPipeline runs commands without a shell: the commands of a pipe
// ("a | b") start together, each standard output connected to the next
// standard input by an OS pipe, in a process group of their own; "&&"
// starts the next pipe only when the one before succeeded. Semantics are
// a shell's with pipefail: a pipe fails when any of its commands exits
// non-zero (the rightmost such command is the one reported), except a
// command ended by SIGPIPE because a later one stopped reading on
// purpose and succeeded ("view x.bam | head -n 5"). ">" truncates and
// ">>" appends to a file opened here; the callers check those files like
// any output first. Cancelling ctx (Ctrl-C) sends SIGTERM to every
// process group, then SIGKILL after KillGrace. The error is for what
// could not be started (a missing program, a file that cannot be
// opened); then nothing of that pipe ran and no later pipe runs.
func RunPipeline(ctx context.Context, cmds []ParsedCommand, pio PipeIO) (*PipelineRun, error) {
	run := &PipelineRun{Failed: -1, Steps: make([]StepExit, len(cmds))}
	for i, c := range cmds {
		run.Steps[i].Argv = c.Argv
		if len(c.Argv) == 0 {
			return run, fmt.Errorf("step %d is an empty command", i+1)
		}
	}
	if pio.KillGrace <= 0 {
		pio.KillGrace = 2 * time.Second
	}
	errw := pio.Stderr
	if errw == nil {
		errw = io.Discard
	}
	// Writers that are not files are fed by copying goroutines, one per
	// process; stdout and stderr may be one writer. One lock for both.
	mu := &sync.Mutex{}
	if _, ok := errw.(*os.File); !ok {
		errw = &syncWriter{mu: mu, w: errw}
	}
	pio.Stderr = errw
	if _, ok := pio.Stdout.(*os.File); !ok && pio.Stdout != nil {
		pio.Stdout = &syncWriter{mu: mu, w: pio.Stdout}
	}
	for start := 0; start < len(cmds); {
		end := start + 1
		for end < len(cmds) && cmds[end].Op == task.OpPipe {
			end++
		}
		if err := ctx.Err(); err != nil {
			return run, err
		}
		if err := runGroup(ctx, cmds, start, end, pio, run); err != nil {
			return run, err
		}
		if run.Failed >= 0 {
			return run, nil
		}
		start = end
	}
	return run, nil
}

// syncWriter lets several processes' copying goroutines share a writer.
type syncWriter struct {
	mu *sync.Mutex
	w  io.Writer
}

func (s *syncWriter) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.w.Write(p)
}

// runGroup runs cmds[start:end], one pipe, and records how it ended.
func runGroup(ctx context.Context, cmds []ParsedCommand, start, end int, pio PipeIO, run *PipelineRun) error {
	n := end - start
	procs := make([]*exec.Cmd, n)
	var closeAfterStart, closeAtEnd []io.Closer
	defer func() {
		for _, c := range closeAtEnd {
			c.Close()
		}
	}()
	closeAll := func() {
		for _, c := range closeAfterStart {
			c.Close()
		}
		closeAfterStart = nil
	}
	var prevRead *os.File
	for k := 0; k < n; k++ {
		c := cmds[start+k]
		p := exec.Command(c.Argv[0], c.Argv[1:]...)
		p.Dir = pio.Dir
		p.Stderr = pio.Stderr
		switch {
		case c.Stdin != "" && k > 0:
			closeAll()
			return fmt.Errorf("step %d reads %s and the pipe from step %d", start+k+1, c.Stdin, start+k)
		case c.Stdin != "":
			path := c.Stdin
			if !filepath.IsAbs(path) && pio.Dir != "" {
				path = filepath.Join(pio.Dir, path)
			}
			f, err := os.Open(path)
			if err != nil {
				closeAll()
				return fmt.Errorf("step %d: cannot read %s for standard input: %w", start+k+1, c.Stdin, err)
			}
			closeAtEnd = append(closeAtEnd, f)
			p.Stdin = f
		case k > 0:
			p.Stdin = prevRead
		default:
			if f, ok := pio.Stdin.(*os.File); ok && f != nil {
				p.Stdin = f
			}
		}
		switch {
		case c.Stdout != "" && k < n-1:
			closeAll()
			return fmt.Errorf("step %d writes to %s and pipes into step %d", start+k+1, c.Stdout, start+k+2)
		case c.Stdout != "":
			flag := os.O_CREATE | os.O_WRONLY | os.O_TRUNC
			if c.Append {
				flag = os.O_CREATE | os.O_WRONLY | os.O_APPEND
			}
			path := c.Stdout
			if !filepath.IsAbs(path) && pio.Dir != "" {
				path = filepath.Join(pio.Dir, path)
			}
			f, err := os.OpenFile(path, flag, 0o644)
			if err != nil {
				closeAll()
				return fmt.Errorf("step %d: cannot write %s: %w", start+k+1, c.Stdout, err)
			}
			closeAtEnd = append(closeAtEnd, f)
			p.Stdout = f
		case k < n-1:
			r, w, err := os.Pipe()
			if err != nil {
				closeAll()
				return err
			}
			p.Stdout = w
			closeAfterStart = append(closeAfterStart, w, r)
			prevRead = r
		default:
			p.Stdout = pio.Stdout
			if p.Stdout == nil {
				p.Stdout = io.Discard
			}
		}
		procs[k] = p
	}
	// One process group per pipe, led by its first command, so a
	// cancellation reaches every process and what they started.
	pgid := 0
	for k, p := range procs {
		p.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pgid: pgid}
		dieWithParent(p.SysProcAttr)
		if err := p.Start(); err != nil {
			closeAll()
			if pgid != 0 {
				_ = syscall.Kill(-pgid, syscall.SIGKILL)
			}
			for _, q := range procs[:k] {
				_ = q.Wait()
			}
			return fmt.Errorf("step %d: could not run %s: %w", start+k+1, cmds[start+k].Argv[0], err)
		}
		if k == 0 {
			pgid = p.Process.Pid
		}
		run.Steps[start+k].Ran = true
	}
	// The parent's copies of the pipe ends go, so each reader sees EOF
	// when its writer ends and each writer SIGPIPE when its reader does.
	closeAll()
	done := make(chan struct{})
	go func() {
		select {
		case <-ctx.Done():
			_ = syscall.Kill(-pgid, syscall.SIGTERM)
			select {
			case <-done:
			case <-time.After(pio.KillGrace):
				_ = syscall.Kill(-pgid, syscall.SIGKILL)
			}
		case <-done:
		}
	}()
	var wg sync.WaitGroup
	for k, p := range procs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_ = p.Wait()
			st := &run.Steps[start+k]
			st.ExitCode = p.ProcessState.ExitCode()
			if ws, ok := p.ProcessState.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
				st.ExitCode = 128 + int(ws.Signal())
				st.Signal = ws.Signal().String()
			}
		}()
	}
	wg.Wait()
	close(done)
	// Anything the commands left running in their group goes with them.
	_ = syscall.Kill(-pgid, syscall.SIGKILL)
	for k := n - 1; k >= 0; k-- {
		st := run.Steps[start+k]
		if st.ExitCode == 0 || st.Signal == syscall.SIGPIPE.String() && downstreamOK(run.Steps[start+k+1:end]) {
			continue
		}
		run.ExitCode, run.Failed = st.ExitCode, start+k
		break
	}
	if run.Failed < 0 && ctx.Err() != nil {
		return ctx.Err()
	}
	return nil
}

// downstreamOK reports whether every later command of a pipe succeeded:
// then a SIGPIPE before them means they stopped reading on purpose.
func downstreamOK(later []StepExit) bool {
	for _, s := range later {
		if s.ExitCode != 0 {
			return false
		}
	}
	return true
}
