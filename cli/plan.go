package cli

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	ucli "github.com/urfave/cli/v3"

	"github.com/traitome/oxo-call/engine"
)

// planOptions are plan's flags on top of the generation flags.
type planOptions struct {
	genOptions
	format          string
	run, yes, force bool
}

var planFormats = []string{"text", "sh", "snakemake"}

func (a *app) planCmd() *ucli.Command {
	o := &planOptions{}
	flags := append(o.genOptions.flags(),
		&ucli.StringFlag{Name: "format", Aliases: []string{"f"}, Value: "text", Usage: "text (numbered steps), sh (a bash script with set -euo pipefail) or snakemake (a Snakefile, one rule per step)", Destination: &o.format},
		&ucli.BoolFlag{Name: "run", Usage: "run the steps one after another; stop at the first that fails", Destination: &o.run},
		&ucli.BoolFlag{Name: "yes", Aliases: []string{"y"}, Usage: "with --run: do not ask; dangerous steps are then refused unless --force", Destination: &o.yes},
		&ucli.BoolFlag{Name: "force", Usage: "with --run: run even with error findings, uncertain steps or danger", Destination: &o.force},
	)
	return &ucli.Command{
		Name:      "plan",
		Usage:     "cut a task that needs several commands into numbered, checked steps",
		ArgsUsage: `"TASK"`,
		Description: `Cuts the task into steps and builds each step's command through the five
stages; each step's output files are the next step's inputs. Offline the plans
rules (oxo-call rules list --kind plans) and the skills cut and fill the steps;
with a model configured, the model cuts the task and each step is filled as in
dry-run.

  oxo-call plan "align reads_1.fq reads_2.fq to ref.fa with bwa, sort, index, call variants with bcftools"
  oxo-call plan --format sh "sort aln.bam, then index it" > pipeline.sh && bash pipeline.sh
  oxo-call plan --format snakemake "align r1.fq r2.fq to ref.fa with bwa, sort, index" > Snakefile
  oxo-call plan --run --yes "sort aln.bam, then index it"
  oxo-call plan "用 bwa 将 r1.fq r2.fq 比对到 ref.fa，排序，然后建索引"

A clause names its tool with "with TOOL" (用 TOOL); "sort", "index" and "call
variants" find theirs from the files flowing in. Exit status 3 means a step is
uncertain (its reasons are printed on stderr); with --run, the exit status is
that of the first step that failed, which is named.`,
		Flags: flags,
		Action: func(ctx context.Context, cmd *ucli.Command) error {
			if err := needArgs(cmd, 1, `"TASK"`); err != nil {
				return err
			}
			if !slices.Contains(planFormats, o.format) {
				return usagef("--format %q: valid formats are %s", o.format, strings.Join(planFormats, ", "))
			}
			text, err := expandVars(cmd.Args().Get(0), o.vars)
			if err != nil {
				return err
			}
			if err := checkTask(text, o.scenario); err != nil {
				return err
			}
			a.noCache = o.noCache
			eng, err := a.modelEngine(&o.genOptions)
			if err != nil {
				return err
			}
			start := time.Now()
			p, err := eng.GeneratePlan(ctx, engine.PlanRequest{Task: text, Scenario: o.scenario})
			if err != nil {
				return err
			}
			elapsed := time.Since(start)
			if o.run {
				return a.runPlan(ctx, p, o, elapsed)
			}
			for _, s := range p.Steps {
				a.record(a.planEntry(s, nil, nil))
			}
			if err := a.writePlan(p, o, elapsed); err != nil {
				return err
			}
			if planUncertain(p) {
				return silentExit(ExitUncertain)
			}
			return nil
		},
	}
}

// planUncertain: a step is uncertain or Stage 5 found an error in it.
func planUncertain(p *engine.Plan) bool {
	if p.Uncertain() {
		return true
	}
	for _, s := range p.Steps {
		if hasError(s.Pipeline.Findings()) {
			return true
		}
	}
	return false
}

// writePlan prints the plan in the chosen format.
func (a *app) writePlan(p *engine.Plan, o *planOptions, elapsed time.Duration) error {
	w := a.d.IO.Out
	if a.json || o.json {
		return writeJSON(w, planJSON(p, elapsed, true, nil))
	}
	a.planNotes(p)
	switch o.format {
	case "sh":
		writeShell(w, p)
	case "snakemake":
		writeSnakefile(w, p)
	default:
		for _, s := range p.Steps {
			fmt.Fprintf(w, "%d. %s\n", s.N, s.Pipeline.Display)
		}
	}
	return nil
}

// planNotes prints, on stderr, each step's task and what a user must know
// about its command.
func (a *app) planNotes(p *engine.Plan) {
	e := a.d.IO.Err
	for _, n := range p.Notes {
		fmt.Fprintln(e, "note: "+n)
	}
	for _, s := range p.Steps {
		by := s.Rule
		if by == "" {
			by = "split by the " + p.SplitBy
		}
		fmt.Fprintf(e, "step %d: %s %q [%s]\n", s.N, s.Tool, s.Task, by)
		for _, f := range s.Pipeline.Findings() {
			if f.Severity != "info" || a.verbose {
				fmt.Fprintf(e, "  %s: %s [%s]\n", f.Severity, f.Message, f.Rule)
			}
		}
		for _, st := range s.Pipeline.Steps {
			if res := st.Result; res.Uncertain {
				fmt.Fprintf(e, "  uncertain (confidence %.2f): %s\n", res.Confidence, res.Command.Display)
				for _, ev := range res.Fill.Evidence {
					fmt.Fprintln(e, "    - "+ev)
				}
			}
		}
	}
}

// planEntry is the history record of a plan step: its whole command line
// and, for a pipeline, each command with its exit.
func (a *app) planEntry(s *engine.PlanStep, run *engine.PipelineRun, code *int) HistoryEntry {
	e := a.pipelineEntry(s.Pipeline, run, code)
	e.Tool, e.Task = s.Tool, s.Task
	return e
}

// writeShell writes the plan as a bash script that stops at the first
// failing command, a pipe's included.
func writeShell(w io.Writer, p *engine.Plan) {
	fmt.Fprintln(w, "#!/usr/bin/env bash")
	fmt.Fprintln(w, "# "+oneLine(p.Task))
	fmt.Fprintln(w, "set -euo pipefail")
	for _, s := range p.Steps {
		fmt.Fprintf(w, "\n# %d. %s\n%s\n", s.N, oneLine(s.Task), s.Pipeline.Display)
	}
}

// writeSnakefile writes the plan as a Snakefile: one rule per step with
// its input and output files, and a rule all asking for every output.
func writeSnakefile(w io.Writer, p *engine.Plan) {
	fmt.Fprintln(w, "# "+oneLine(p.Task))
	var all []string
	for _, s := range p.Steps {
		all = append(all, s.Outputs...)
	}
	fmt.Fprintf(w, "\nrule all:\n    input: %s\n", pyList(all))
	for i, s := range p.Steps {
		fmt.Fprintf(w, "\nrule step%d_%s:\n", s.N, ruleName(s.Tool))
		if in := snakeInputs(p.Steps[:i], s); len(in) > 0 {
			fmt.Fprintf(w, "    input: %s\n", pyList(in))
		}
		if len(s.Outputs) > 0 {
			fmt.Fprintf(w, "    output: %s\n", pyList(s.Outputs))
		}
		cmd := strings.NewReplacer("{", "{{", "}", "}}").Replace(s.Pipeline.Display)
		fmt.Fprintf(w, "    shell: %s\n", strconv.Quote(cmd))
	}
}

// snakeInputs are the files a step reads, and the files an earlier step
// wrote beside them (an index: aln.bam.bai for aln.bam), so the rules run
// in order.
func snakeInputs(before []*engine.PlanStep, s *engine.PlanStep) []string {
	in := append([]string{}, s.Inputs...)
	for _, b := range before {
		for _, o := range b.Outputs {
			for _, f := range s.Inputs {
				if strings.HasPrefix(o, f+".") && !slices.Contains(in, o) {
					in = append(in, o)
				}
			}
		}
	}
	return in
}

func pyList(xs []string) string {
	q := make([]string, len(xs))
	for i, x := range xs {
		q[i] = strconv.Quote(x)
	}
	return strings.Join(q, ", ")
}

// ruleName makes a tool name a Python identifier.
func ruleName(tool string) string {
	var b strings.Builder
	for _, r := range tool {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' {
			b.WriteRune(r)
		} else {
			b.WriteByte('_')
		}
	}
	return b.String()
}

// planStepJSON is one step of plan --json: the step, its command line
// and each of its commands as dry-run --json shows them.
type planStepJSON struct {
	N          int              `json:"n"`
	Clause     string           `json:"clause"`
	Tool       string           `json:"tool"`
	Task       string           `json:"task"`
	Rule       string           `json:"rule,omitempty"`
	Inputs     []string         `json:"inputs"`
	Outputs    []string         `json:"outputs"`
	Command    string           `json:"command"`
	Uncertain  bool             `json:"uncertain"`
	Findings   []engine.Finding `json:"findings"`
	RulesFired []string         `json:"rules_fired"`
	Commands   []jsonResult     `json:"commands"`
	ExitCode   *int             `json:"exit_code,omitempty"`
	Success    *bool            `json:"success,omitempty"`
}

type planJSONDoc struct {
	Task         string         `json:"task"`
	SplitBy      string         `json:"split_by"`
	Command      string         `json:"command"`
	Steps        []planStepJSON `json:"steps"`
	Uncertain    bool           `json:"uncertain"`
	Notes        []string       `json:"notes,omitempty"`
	LLMCalls     int            `json:"llm_calls"`
	PromptTokens int            `json:"prompt_tokens"`
	DryRun       bool           `json:"dry_run"`
	// FailedStep is the number of the step that failed (--run), if any.
	FailedStep int  `json:"failed_step,omitempty"`
	ExitCode   *int `json:"exit_code,omitempty"`
}

func planJSON(p *engine.Plan, elapsed time.Duration, dry bool, codes map[int]int) planJSONDoc {
	d := planJSONDoc{Task: p.Task, SplitBy: p.SplitBy, Uncertain: planUncertain(p), Notes: p.Notes,
		LLMCalls: p.LLMCalls, PromptTokens: p.PromptTokens, DryRun: dry, Steps: []planStepJSON{}}
	var cmds []string
	for _, s := range p.Steps {
		fired := s.Pipeline.RuleIDs()
		if s.Rule != "" {
			fired = append([]string{s.Rule}, fired...)
		}
		j := planStepJSON{N: s.N, Clause: s.Clause, Tool: s.Tool, Task: s.Task, Rule: s.Rule, Inputs: s.Inputs, Outputs: s.Outputs,
			Command: s.Pipeline.Display, Uncertain: s.Pipeline.Uncertain(), Findings: s.Pipeline.Findings(), RulesFired: fired}
		for _, st := range s.Pipeline.Steps {
			j.Commands = append(j.Commands, toJSON(st.Result, elapsed, dry))
		}
		if c, ok := codes[s.N]; ok {
			ok0 := c == 0
			j.ExitCode, j.Success = &c, &ok0
		}
		d.Steps = append(d.Steps, j)
		cmds = append(cmds, s.Pipeline.Display)
	}
	d.Command = strings.Join(cmds, " && ")
	return d
}

// runPlan checks every step like run does, then runs them in order; the
// first step that fails stops the plan and is named. Every step is
// recorded in history (a step not run as a dry-run entry).
func (a *app) runPlan(ctx context.Context, p *engine.Plan, o *planOptions, elapsed time.Duration) error {
	ro := &runOptions{genOptions: o.genOptions, yes: o.yes, force: o.force}
	jsonOut := a.json || o.json
	if !jsonOut {
		a.planNotes(p)
	}
	for _, s := range p.Steps {
		if err := a.gate(gateView(s.Pipeline), &o.genOptions, ro); err != nil {
			for _, t := range p.Steps {
				a.record(a.planEntry(t, nil, nil))
			}
			return fmt.Errorf("step %d (%s): %w", s.N, s.Tool, err)
		}
	}
	codes := map[int]int{}
	failed := 0
	for _, s := range p.Steps {
		if failed != 0 {
			a.record(a.planEntry(s, nil, nil))
			continue
		}
		if !jsonOut {
			fmt.Fprintf(a.d.IO.Err, "[%d/%d] $ %s\n", s.N, len(p.Steps), s.Pipeline.Display)
		}
		var stdout io.Writer = a.d.IO.Out
		if jsonOut {
			stdout = a.d.IO.Err // keep stdout for the JSON document
		}
		run, err := engine.RunPipeline(ctx, s.Pipeline.Commands(), engine.PipeIO{Stdin: a.d.IO.In, Stdout: stdout, Stderr: a.d.IO.Err})
		code := run.ExitCode
		if err != nil {
			code = ExitError
			fmt.Fprintf(a.d.IO.Err, "step %d: %v\n", s.N, err)
		}
		if c, ok := interruptedCode(ctx); ok {
			code = c
		}
		codes[s.N] = code
		a.record(a.planEntry(s, run, &code))
		if code != 0 {
			failed = s.N
		}
	}
	if jsonOut {
		d := planJSON(p, elapsed, false, codes)
		if failed != 0 {
			c := codes[failed]
			d.FailedStep, d.ExitCode = failed, &c
		}
		if err := writeJSON(a.d.IO.Out, d); err != nil {
			return err
		}
	}
	if failed != 0 {
		s := p.Steps[failed-1]
		msg := fmt.Sprintf("step %d of %d failed with exit %d: %s", failed, len(p.Steps), codes[failed], s.Pipeline.Display)
		if failed < len(p.Steps) {
			msg += fmt.Sprintf(" (steps %d–%d not run)", failed+1, len(p.Steps))
		}
		return withCode(codes[failed], "%s", msg)
	}
	return nil
}
