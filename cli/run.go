package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"syscall"

	ucli "github.com/urfave/cli/v3"

	"github.com/traitome/oxo-call/engine"
)

// runOptions are run's flags on top of the generation flags.
type runOptions struct {
	genOptions
	ask, yes, force, stopOnError bool
	inputList, inputItems        string
	jobs                         int
	verify, autoRetry            bool
	slurm                        slurmOptions
	toSlurm                      bool // --executor slurm (cli/slurm.go)
	// menu, set for a single run, makes --ask show the confirm menu
	// (cli/confirm.go) instead of a yes/no question.
	menu context.Context
}

func (a *app) runCmd() *ucli.Command {
	o := &runOptions{}
	flags := append(o.genOptions.flags(),
		&ucli.BoolFlag{Name: "ask", Aliases: []string{"a"}, Usage: "confirm before running", Destination: &o.ask},
		&ucli.BoolFlag{Name: "yes", Aliases: []string{"y"}, Usage: "do not ask; dangerous commands are then refused unless --force", Destination: &o.yes},
		&ucli.BoolFlag{Name: "force", Usage: "run even with error findings, low confidence or danger", Destination: &o.force},
		&ucli.StringFlag{Name: "input-list", Aliases: []string{"i"}, Usage: "FILE with one item per line (blank and # lines skipped); run once per item", Destination: &o.inputList},
		&ucli.StringFlag{Name: "input-items", Usage: "comma-separated items; run once per item", Destination: &o.inputItems},
		&ucli.IntFlag{Name: "jobs", Aliases: []string{"j"}, Value: 1, Usage: "items run in parallel", Destination: &o.jobs},
		&ucli.BoolFlag{Name: "stop-on-error", Aliases: []string{"x"}, Usage: "stop the batch at the first failure", Destination: &o.stopOnError},
		&ucli.BoolFlag{Name: "verify", Usage: "after the run, ask the model whether it worked (exit code, end of stderr, output files)", Destination: &o.verify},
		&ucli.BoolFlag{Name: "auto-retry", Usage: "when the run fails, ask the model for up to 2 corrected commands, each checked before it runs", Destination: &o.autoRetry},
	)
	flags = append(flags, o.slurm.flags()...)
	return &ucli.Command{
		Name:      "run",
		Aliases:   []string{"r"},
		Usage:     "build the command for a task, check it, and run it",
		ArgsUsage: `TOOL "TASK"`,
		Description: `Builds and checks the command like dry-run, then runs it as argv (never
through a shell, so file names reach the tool literally). It refuses a command
with an error finding or an uncertain one unless --force, and asks before
anything dangerous (overwriting a file, deleting, writing outside the working
directory) unless --yes. The exit status is the tool's own.

Batch: with --input-list or --input-items the task may use {item}, {stem},
{basename}, {dir}, {ext} and {nr}; the command is built once, and each item's
own command is checked like a single run: a refused item is reported and
skipped (exit 4), or stops the batch before anything runs with --stop-on-error.

  oxo-call run samtools "index {item}" --input-items a.bam,b.bam --jobs 2`,
		Flags:                     flags,
		DisableSliceFlagSeparator: true, // --slurm-opt values keep their commas
		Action: func(ctx context.Context, cmd *ucli.Command) error {
			items, err := o.items()
			if err != nil {
				return err
			}
			if err := a.slurmResolve(cmd, o); err != nil {
				return err
			}
			if items != nil {
				if o.verify || o.autoRetry {
					return usagef("--verify and --auto-retry work on single runs, not on batches")
				}
				return a.runBatch(ctx, cmd, o, items)
			}
			p, elapsed, err := a.generatePipeline(ctx, cmd, &o.genOptions)
			if err != nil {
				return err
			}
			if !p.Single() {
				return a.runPipeline(ctx, o, p, elapsed)
			}
			if err := a.needModel(o); err != nil {
				return err
			}
			res := p.Steps[0].Result
			o.menu = ctx
			if err := a.gate(res, &o.genOptions, o); err != nil {
				a.record(a.entry(res, nil))
				return err
			}
			if o.toSlurm {
				return a.submitSingleSlurm(ctx, o, res)
			}
			tail := a.teeStderr(o)
			code, err := a.execute(ctx, res.Command, o.json)
			if err != nil {
				return err
			}
			a.record(a.entry(res, &code))
			res, code, verdict := a.afterRun(ctx, o, res, code, tail)
			if a.json || o.json {
				j := toJSON(res, elapsed, false)
				j.Steps = pipelineJSON(engine.NewPipeline(res.Tool, res.Task, &engine.Step{Tool: res.Tool, Task: res.Task, Result: res}), elapsed, false, nil).Steps
				ok := code == 0
				j.ExitCode, j.Success, j.Verify = &code, &ok, verdict
				if err := writeJSON(a.d.IO.Out, j); err != nil {
					return err
				}
			}
			if code != 0 {
				return silentExit(code)
			}
			return nil
		},
	}
}

// gate decides whether a command may run: errors, uncertainty and danger
// stop it unless the user says so.
func (a *app) gate(res *engine.Result, g *genOptions, o *runOptions) error {
	if !(a.json || g.json) {
		fmt.Fprintln(a.d.IO.Err, "$ "+res.Command.Display)
	}
	for _, f := range res.Findings {
		if f.Severity != "info" || a.verbose {
			fmt.Fprintf(a.d.IO.Err, "%s: %s [%s]\n", f.Severity, f.Message, f.Rule)
		}
	}
	if !res.Record.Installed {
		from := "from its skill"
		if res.Skill == "" {
			from = "without its help or a skill (a guess)"
		}
		return fmt.Errorf("%s is not installed here; the command above was built %s (use dry-run to print it)", res.Record.Name, from)
	}
	if o.force {
		return nil
	}
	var errs, danger []string
	for _, f := range res.Findings {
		if f.Severity == "error" {
			errs = append(errs, f.Message)
		}
		if f.Dangerous {
			danger = append(danger, f.Message)
		}
	}
	switch {
	case len(errs) > 0:
		return withCode(ExitRefused, "not running: %s (fix the task, or --force)", strings.Join(errs, "; "))
	case res.Uncertain:
		return withCode(ExitUncertain, "not running an uncertain command (confidence %.2f): check it with explain, configure a model, or --force", res.Confidence)
	case len(danger) > 0 && o.yes:
		return withCode(ExitRefused, "not running a dangerous command with --yes: %s (add --force to run it anyway)", strings.Join(danger, "; "))
	case len(danger) > 0:
		ok, err := a.confirm("this command is dangerous: " + strings.Join(danger, "; ") + ". Run it?")
		if err != nil {
			return err
		}
		if !ok {
			return withCode(ExitRefused, "not run")
		}
	case o.ask && !o.yes && o.menu != nil && a.d.IO.Interactive:
		return a.confirmMenu(o.menu, res, g, o)
	case o.ask && !o.yes:
		ok, err := a.confirm("run it?")
		if err != nil {
			return err
		}
		if !ok {
			return withCode(ExitRefused, "not run")
		}
	}
	return nil
}

// execute runs a command with the user's streams (or its stdout file) and
// returns the exit code.
func (a *app) execute(ctx context.Context, c engine.Command, jsonOut bool) (int, error) {
	var stdout io.Writer = a.d.IO.Out
	if jsonOut || a.json {
		stdout = a.d.IO.Err // keep stdout for the JSON document
	}
	if c.Stdout != "" {
		mode := os.O_CREATE | os.O_TRUNC | os.O_WRONLY
		if c.Append {
			mode = os.O_CREATE | os.O_APPEND | os.O_WRONLY
		}
		f, err := os.OpenFile(c.Stdout, mode, 0o644)
		if err != nil {
			return 0, fmt.Errorf("cannot write %s: %w", c.Stdout, err)
		}
		defer f.Close()
		stdout = f
	}
	in := a.d.IO.In
	if c.Stdin != "" {
		f, err := openStdin(c.Stdin)
		if err != nil {
			return 0, err
		}
		defer f.Close()
		in = f
	}
	errw := a.d.IO.Err
	if a.stderrTee != nil {
		errw = io.MultiWriter(errw, a.stderrTee)
	}
	return runArgv(ctx, c.Argv, in, stdout, errw)
}

// openStdin opens the file a command reads on standard input ("< file");
// the error names the file.
func openStdin(path string) (*os.File, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("cannot read %s for standard input: %w", path, err)
	}
	return f, nil
}

// runArgv runs a program directly (no shell) and returns its exit code.
func runArgv(ctx context.Context, argv []string, in io.Reader, out, errw io.Writer) (int, error) {
	c := exec.CommandContext(ctx, argv[0], argv[1:]...)
	// A writer that is not a file is fed by its own copying goroutine;
	// when stdout and stderr go to such writers (a buffer, a tee) they
	// must not write at the same time.
	var mu sync.Mutex
	if _, ok := out.(*os.File); !ok {
		out = &lockedWriter{mu: &mu, w: out}
	}
	if _, ok := errw.(*os.File); !ok {
		errw = &lockedWriter{mu: &mu, w: errw}
	}
	c.Stdin, c.Stdout, c.Stderr = in, out, errw
	if f, ok := in.(*os.File); !ok || f == nil {
		c.Stdin = nil
	}
	err := c.Run()
	var ee *exec.ExitError
	switch {
	case err == nil:
		return 0, nil
	case errors.As(err, &ee):
		if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			return 128 + int(ws.Signal()), nil // as a shell reports it
		}
		return ee.ExitCode(), nil
	default:
		return 0, fmt.Errorf("could not run %s: %w", argv[0], err)
	}
}

// entry builds the history record of a result.
func (a *app) entry(res *engine.Result, code *int) HistoryEntry {
	e := HistoryEntry{Tool: res.Tool, Task: res.Task, Command: res.Command.Display, ExitCode: code, DryRun: code == nil,
		ToolDocHash: res.DocKey, Skill: res.Skill, RulesFired: res.Trace.RuleIDs(), Model: res.Model, LLMCalls: res.LLMCalls, PromptTokens: res.PromptTokens}
	if res.Record != nil {
		e.ToolVersion = res.Record.Version
	}
	return e
}
