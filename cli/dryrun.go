package cli

import (
	"context"
	"fmt"
	"strings"
	"time"

	ucli "github.com/urfave/cli/v3"

	"github.com/traitome/oxo-call/engine"
)

// genOptions are the flags shared by dry-run and run.
type genOptions struct {
	scenario string
	vars     []string
	json     bool
	noCache  bool
	// the model: --llm, --model, --no-stream
	llmMode, model string
	noStream       bool
}

func (o *genOptions) flags() []ucli.Flag {
	return []ucli.Flag{
		&ucli.StringFlag{Name: "scenario", Value: "full", Usage: "what to use: bare (neither help nor skills), doc (help only), full (help and skills)", Destination: &o.scenario},
		&ucli.StringSliceFlag{Name: "var", Aliases: []string{"V"}, Usage: "KEY=VALUE: replace {KEY} in the task (repeatable)", Destination: &o.vars},
		&ucli.BoolFlag{Name: "json", Usage: "machine-readable output", Destination: &o.json},
		&ucli.BoolFlag{Name: "no-cache", Usage: "re-read the tool's help instead of using the cached ToolDoc", Destination: &o.noCache},
		&ucli.StringFlag{Name: "llm", Usage: "when to ask a model: auto (only when rules are unsure), always, never (default: llm.mode, else auto)", Destination: &o.llmMode},
		&ucli.StringFlag{Name: "model", Usage: "the model to ask (overrides llm.model)", Destination: &o.model},
		&ucli.BoolFlag{Name: "no-stream", Usage: "do not stream the model's replies", Destination: &o.noStream},
	}
}

// checkTask turns what the engine would reject into usage errors.
func checkTask(task, scenario string) error {
	if strings.TrimSpace(task) == "" {
		return usagef("the task is empty: say what the command should do, e.g. \"sort aln.bam by coordinate\"")
	}
	switch scenario {
	case "", "bare", "doc", "full":
		return nil
	}
	return usagef("unknown scenario %q (valid: bare, doc, full)", scenario)
}

// expandVars replaces {KEY} in the task with --var values.
func expandVars(task string, vars []string) (string, error) {
	for _, kv := range vars {
		k, v, ok := strings.Cut(kv, "=")
		if !ok || k == "" {
			return "", usagef("--var %q: expected KEY=VALUE", kv)
		}
		task = strings.ReplaceAll(task, "{"+k+"}", v)
	}
	return task, nil
}

// generateFor runs the stages for a tool and a task (vars expanded).
func (a *app) generateFor(ctx context.Context, tool, task string, o *genOptions) (*engine.Result, time.Duration, error) {
	if err := checkTask(task, o.scenario); err != nil {
		return nil, 0, err
	}
	if err := checkOneCommand(task); err != nil {
		return nil, 0, err
	}
	a.noCache = o.noCache
	eng, err := a.modelEngine(o)
	if err != nil {
		return nil, 0, err
	}
	start := time.Now()
	res, err := eng.Generate(ctx, engine.Request{Tool: tool, Task: task, Scenario: o.scenario})
	return res, time.Since(start), err
}

// jsonResult is the --json shape of dry-run and run (field names of the
// existing oxo-call where they exist).
type jsonResult struct {
	Tool         string           `json:"tool"`
	Task         string           `json:"task"`
	Command      string           `json:"command"`
	Executable   string           `json:"executable"`
	Args         []string         `json:"args"`
	Explanation  string           `json:"explanation"`
	Confidence   float64          `json:"confidence"`
	Uncertain    bool             `json:"uncertain"`
	Unchecked    bool             `json:"unchecked"`
	Findings     []engine.Finding `json:"findings"`
	RulesFired   []string         `json:"rules_fired"`
	LLMCalls     int              `json:"llm_calls"`
	PromptTokens int              `json:"prompt_tokens"`
	// PromptTokensEstimated: the provider sent no usage; the count is an estimate.
	PromptTokensEstimated bool        `json:"prompt_tokens_estimated,omitempty"`
	DryRun                bool        `json:"dry_run"`
	Skill                 string      `json:"skill"`
	Model                 string      `json:"model"`
	Scenario              string      `json:"scenario"`
	InferenceMS           float64     `json:"inference_ms"`
	ExitCode              *int        `json:"exit_code,omitempty"`
	Success               *bool       `json:"success,omitempty"`
	Verify                *verifyJSON `json:"verify,omitempty"`
	// Steps are the pipeline's commands (one for a single command);
	// FailedStep is the 1-based step that failed a run.
	Steps      []jsonStep `json:"steps,omitempty"`
	FailedStep *int       `json:"failed_step,omitempty"`
}

func toJSON(res *engine.Result, elapsed time.Duration, dry bool) jsonResult {
	args := res.Command.Args
	if args == nil {
		args = []string{}
	}
	fired := res.Trace.RuleIDs()
	seen := map[string]bool{}
	for _, id := range fired {
		seen[id] = true
	}
	for _, f := range res.Findings {
		if !strings.HasPrefix(f.Rule, "check.") && !strings.HasPrefix(f.Rule, "llm.") && !seen[f.Rule] {
			seen[f.Rule] = true
			fired = append(fired, f.Rule)
		}
	}
	if fired == nil {
		fired = []string{}
	}
	return jsonResult{Tool: res.Tool, Task: res.Task, Command: res.Command.Display, Executable: res.Command.Executable, Args: args,
		Explanation: res.Explanation, Confidence: res.Confidence, Uncertain: res.Uncertain, Unchecked: res.Unchecked,
		Findings: res.Findings, RulesFired: fired, DryRun: dry, Skill: res.Skill, Scenario: res.Scenario,
		LLMCalls: res.LLMCalls, PromptTokens: res.PromptTokens, PromptTokensEstimated: res.PromptTokensEstimated, Model: res.Model,
		InferenceMS: float64(elapsed.Microseconds()) / 1000}
}

// printResult prints the command and what a user must know about it.
func (a *app) printResult(res *engine.Result) {
	w, e := a.d.IO.Out, a.d.IO.Err
	fmt.Fprintln(w, res.Command.Display)
	for _, f := range res.Findings {
		if f.Severity != "info" || a.verbose {
			fmt.Fprintf(e, "%s: %s [%s]\n", f.Severity, f.Message, f.Rule)
		}
	}
	if res.Unchecked {
		switch {
		case res.Scenario == "bare":
			fmt.Fprintf(e, "note: scenario bare: built without %s's help or skill, and not checked\n", res.Record.Executable)
		case res.Skill == "":
			fmt.Fprintf(e, "note: %s's help could not be used and it has no skill: the command is a guess, not checked\n", res.Record.Executable)
		default:
			fmt.Fprintf(e, "note: built from the skill only, not checked against %s's help\n", res.Record.Executable)
		}
	}
	if res.Uncertain {
		fmt.Fprintf(e, "uncertain (confidence %.2f): check the command before running it.\n", res.Confidence)
		for _, ev := range res.Fill.Evidence {
			fmt.Fprintln(e, "  - "+ev)
		}
		fmt.Fprintln(e, a.uncertainHint(res))
	}
}

func (a *app) dryRunCmd() *ucli.Command {
	o := &genOptions{}
	return &ucli.Command{
		Name:      "dry-run",
		Aliases:   []string{"d"},
		Usage:     "print the command for a task without running it",
		ArgsUsage: `TOOL "TASK"`,
		Description: `Builds the command from the tool's help, the rules and its skill, checks it,
and prints it. Works offline; a model is asked only for what rules cannot settle.

  oxo-call dry-run samtools "sort aln.bam by coordinate with 8 threads into aln.sorted.bam"
  oxo-call d hisat2 "build index for genome.fa"
  oxo-call d --var S=sample1 bwa "align {S}_R1.fq.gz {S}_R2.fq.gz to ref.fa"

Exit status 3 means the command is uncertain and no model is configured, or
that Stage 5 found an error in it (printed on stderr): check before using it.`,
		Flags: o.flags(),
		Action: func(ctx context.Context, cmd *ucli.Command) error {
			p, elapsed, err := a.generatePipeline(ctx, cmd, o)
			if err != nil {
				return err
			}
			switch {
			case a.json || o.json:
				if err := writeJSON(a.d.IO.Out, pipelineJSON(p, elapsed, true, nil)); err != nil {
					return err
				}
			case p.Single():
				a.printResult(p.Steps[0].Result)
			default:
				a.printPipeline(p)
			}
			a.record(a.pipelineEntry(p, nil, nil))
			if p.Uncertain() || hasError(p.Findings()) {
				return silentExit(ExitUncertain)
			}
			return nil
		},
	}
}

// hasError reports whether Stage 5 found an error.
func hasError(fs []engine.Finding) bool {
	for _, f := range fs {
		if f.Severity == "error" {
			return true
		}
	}
	return false
}
