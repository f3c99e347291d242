package cli

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	ucli "github.com/urfave/cli/v3"

	"github.com/traitome/oxo-call/engine"
	"github.com/traitome/oxo-call/task"
)

// checkOneCommand refuses, for the callers that build and run one command
// (batches, the MCP server, the key binding), a task with pipes, "&&" or
// a redirection: dry-run, run and explain handle those as pipelines, and
// dropping them silently would run something else than was asked.
func checkOneCommand(t string) error {
	segs, err := task.SplitCommands(t)
	if err != nil || len(segs) == 1 && segs[0].Redirect == "" {
		return nil
	}
	return usagef("the task holds %d commands or a redirection (%q); dry-run, run and explain build pipelines, this command builds one command", len(segs), t)
}

// generatePipeline runs the stages for TOOL "TASK" as a pipeline.
func (a *app) generatePipeline(ctx context.Context, cmd *ucli.Command, o *genOptions) (*engine.Pipeline, time.Duration, error) {
	if err := needArgs(cmd, 2, `TOOL "TASK"`); err != nil {
		return nil, 0, err
	}
	t, err := expandVars(cmd.Args().Get(1), o.vars)
	if err != nil {
		return nil, 0, err
	}
	if err := checkTask(t, o.scenario); err != nil {
		return nil, 0, err
	}
	a.noCache = o.noCache
	eng, err := a.modelEngine(o)
	if err != nil {
		return nil, 0, err
	}
	start := time.Now()
	p, err := eng.GeneratePipeline(ctx, engine.Request{Tool: cmd.Args().Get(0), Task: t, Scenario: o.scenario})
	if err != nil {
		return nil, 0, err
	}
	return p, time.Since(start), nil
}

// jsonStep is one step of a pipeline in --json output.
type jsonStep struct {
	Op         string           `json:"op,omitempty"`
	Tool       string           `json:"tool"`
	Task       string           `json:"task"`
	Typed      bool             `json:"typed,omitempty"`
	Command    string           `json:"command"`
	Executable string           `json:"executable"`
	Args       []string         `json:"args"`
	Stdout     string           `json:"stdout,omitempty"`
	Append     bool             `json:"append,omitempty"`
	Stdin      string           `json:"stdin,omitempty"`
	Confidence float64          `json:"confidence"`
	Uncertain  bool             `json:"uncertain"`
	Unchecked  bool             `json:"unchecked"`
	Findings   []engine.Finding `json:"findings"`
	RulesFired []string         `json:"rules_fired"`
	ExitCode   *int             `json:"exit_code,omitempty"`
}

// pipelineJSON is the --json document of a pipeline: the first step's
// fields, with the printed pipeline as the command, every step's findings
// and rules, and the steps.
func pipelineJSON(p *engine.Pipeline, elapsed time.Duration, dry bool, run *engine.PipelineRun) jsonResult {
	j := toJSON(p.Steps[0].Result, elapsed, dry)
	j.Task, j.Command = p.Task, p.Display
	j.Steps = []jsonStep{}
	if p.Single() {
		s := toJSON(p.Steps[0].Result, elapsed, dry)
		j.Steps = append(j.Steps, stepJSON(p.Steps[0], s))
		return j
	}
	j.Findings, j.Uncertain, j.Unchecked = p.Findings(), p.Uncertain(), false
	j.RulesFired = []string{}
	seen := map[string]bool{}
	for i, st := range p.Steps {
		s := toJSON(st.Result, elapsed, dry)
		js := stepJSON(st, s)
		if run != nil && run.Steps[i].Ran {
			code := run.Steps[i].ExitCode
			js.ExitCode = &code
		}
		j.Steps = append(j.Steps, js)
		j.Confidence = min(j.Confidence, s.Confidence)
		j.Unchecked = j.Unchecked || s.Unchecked
		j.LLMCalls += st.Result.LLMCalls * min(i, 1)
		j.PromptTokens += st.Result.PromptTokens * min(i, 1)
		for _, id := range append(p.Trace.RuleIDs(), s.RulesFired...) {
			if !seen[id] {
				seen[id] = true
				j.RulesFired = append(j.RulesFired, id)
			}
		}
	}
	return j
}

func stepJSON(st *engine.Step, s jsonResult) jsonStep {
	c := st.Result.Command
	return jsonStep{Op: string(st.Op), Tool: st.Tool, Task: st.Task, Typed: st.Typed, Command: c.Display, Executable: s.Executable, Args: s.Args,
		Stdout: c.Stdout, Append: c.Append, Stdin: c.Stdin, Confidence: s.Confidence, Uncertain: s.Uncertain, Unchecked: s.Unchecked, Findings: s.Findings, RulesFired: s.RulesFired}
}

// printPipeline prints a pipeline of several steps and what a user must
// know about each.
func (a *app) printPipeline(p *engine.Pipeline) {
	w, e := a.d.IO.Out, a.d.IO.Err
	fmt.Fprintln(w, p.Display)
	for _, f := range p.Findings() {
		if f.Severity != "info" || a.verbose {
			fmt.Fprintf(e, "%s: %s [%s]\n", f.Severity, f.Message, f.Rule)
		}
	}
	for i, st := range p.Steps {
		res := st.Result
		if res.Unchecked {
			fmt.Fprintf(e, "note: %s: not checked against %s's help\n", p.StepName(i), res.Record.Executable)
		}
		if res.Uncertain {
			fmt.Fprintf(e, "uncertain: %s (confidence %.2f): %s\n", p.StepName(i), res.Confidence, res.Command.Display)
			for _, ev := range res.Fill.Evidence {
				fmt.Fprintln(e, "  - "+ev)
			}
		}
	}
	if p.Uncertain() {
		fmt.Fprintln(e, a.uncertainHint(p.Steps[0].Result))
	}
}

// pipelineEntry is the history record of a pipeline: the printed
// pipeline as its command, every step's command (and exit when it ran).
func (a *app) pipelineEntry(p *engine.Pipeline, run *engine.PipelineRun, code *int) HistoryEntry {
	e := a.entry(p.Steps[0].Result, code)
	e.Task, e.Command, e.RulesFired = p.Task, p.Display, p.RuleIDs()
	if p.Single() {
		return e
	}
	for i, st := range p.Steps {
		hs := HistoryStep{Command: st.Result.Command.Display}
		if run != nil && run.Steps[i].Ran {
			c := run.Steps[i].ExitCode
			hs.ExitCode = &c
		}
		e.Steps = append(e.Steps, hs)
	}
	return e
}

// gateView is the pipeline as one result for the run gate: the printed
// pipeline, every step's findings, uncertain when a step is, the record
// of a step that is not installed.
func gateView(p *engine.Pipeline) *engine.Result {
	r := *p.Steps[0].Result
	r.Command.Display, r.Findings, r.Uncertain = p.Display, p.Findings(), p.Uncertain()
	for _, st := range p.Steps {
		r.Confidence = min(r.Confidence, st.Result.Confidence)
		if st.Result.Record != nil && !st.Result.Record.Installed {
			r.Record, r.Skill = st.Result.Record, st.Result.Skill
		}
	}
	return &r
}

// runPipeline checks and runs a pipeline of several steps.
func (a *app) runPipeline(ctx context.Context, o *runOptions, p *engine.Pipeline, elapsed time.Duration) error {
	if o.verify || o.autoRetry {
		return usagef("--verify and --auto-retry work on single commands, not on pipelines")
	}
	if o.toSlurm {
		return usagef("a pipeline runs here only; --executor slurm submits single commands")
	}
	o.menu = nil // the edit menu works on one command
	if err := a.gate(gateView(p), &o.genOptions, o); err != nil {
		a.record(a.pipelineEntry(p, nil, nil))
		return err
	}
	var stdout io.Writer = a.d.IO.Out
	if o.json || a.json {
		stdout = a.d.IO.Err
	}
	run, err := engine.RunPipeline(ctx, p.Commands(), engine.PipeIO{Stdin: a.d.IO.In, Stdout: stdout, Stderr: a.d.IO.Err})
	if err != nil && ctx.Err() == nil {
		return err
	}
	code := run.ExitCode
	if c, ok := interruptedCode(ctx); ok {
		code = c
	}
	a.record(a.pipelineEntry(p, run, &code))
	if run.Failed >= 0 && !(o.json || a.json) {
		fmt.Fprintf(a.d.IO.Err, "%s failed (exit %d): %s\n", p.StepName(run.Failed), run.Steps[run.Failed].ExitCode, p.Steps[run.Failed].Result.Command.Display)
	}
	if a.json || o.json {
		j := pipelineJSON(p, elapsed, false, run)
		ok := code == 0
		j.ExitCode, j.Success = &code, &ok
		if run.Failed >= 0 {
			n := run.Failed + 1
			j.FailedStep = &n
		}
		if err := writeJSON(a.d.IO.Out, j); err != nil {
			return err
		}
	}
	if code != 0 {
		return silentExit(code)
	}
	return nil
}

// renderPipelineExplain prints each step's five stages.
func renderPipelineExplain(w io.Writer, p *engine.Pipeline) {
	fmt.Fprintf(w, "oxo-call explain %s %q\n", p.Tool, p.Task)
	fmt.Fprintf(w, "pipeline of %d steps: %s\n", len(p.Steps), p.Display)
	for _, e := range p.Trace.Events() {
		fmt.Fprintln(w, "  "+e.What)
	}
	for i, st := range p.Steps {
		how := "built from the words"
		switch {
		case st.Typed:
			how = "typed"
		case st.Example != "":
			how = "from the skill example `" + st.Example + "`"
		}
		op := ""
		if st.Op != task.OpFirst {
			op = ", after " + string(st.Op)
		}
		fmt.Fprintf(w, "\n══ %s%s, %s: %s\n", p.StepName(i), op, how, st.Result.Command.Display)
		var b strings.Builder
		renderExplain(&b, st.Result)
		_, rest, _ := strings.Cut(b.String(), "\n")
		fmt.Fprint(w, rest)
	}
}

type explainPipelineOut struct {
	Tool    string         `json:"tool"`
	Task    string         `json:"task"`
	Command string         `json:"command"`
	Events  []engine.Event `json:"events"`
	Steps   []explainOut   `json:"steps"`
	RulesOK []string       `json:"rules_fired"`
}

func explainPipelineJSON(p *engine.Pipeline) explainPipelineOut {
	out := explainPipelineOut{Tool: p.Tool, Task: p.Task, Command: p.Display, Events: p.Trace.Events(), RulesOK: p.RuleIDs()}
	for _, st := range p.Steps {
		out.Steps = append(out.Steps, explainJSON(st.Result))
	}
	return out
}
