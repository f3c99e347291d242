package cli

import (
	"context"
	"fmt"
	"io"
	"strings"

	ucli "github.com/urfave/cli/v3"

	"github.com/traitome/oxo-call/engine"
)

func (a *app) explainCmd() *ucli.Command {
	return &ucli.Command{
		Name:      "explain",
		Usage:     "show every stage and every rule behind the command for a task",
		ArgsUsage: `TOOL "TASK"`,
		Description: `Runs the stages without executing anything and prints what each decided,
with the rule id and file:line of every rule that fired.

  oxo-call explain hisat2 "build index for genome.fa"
  oxo-call explain ./scripts/qc.py "run on sample.fq"`,
		Flags: []ucli.Flag{&ucli.BoolFlag{Name: "json", Usage: "machine-readable output"}},
		Action: func(ctx context.Context, cmd *ucli.Command) error {
			if err := needArgs(cmd, 2, `TOOL "TASK"`); err != nil {
				return err
			}
			p, err := a.engine().GeneratePipeline(ctx, engine.Request{Tool: cmd.Args().Get(0), Task: cmd.Args().Get(1)})
			if err != nil {
				return err
			}
			if !p.Single() {
				if a.json || cmd.Bool("json") {
					return writeJSON(a.d.IO.Out, explainPipelineJSON(p))
				}
				renderPipelineExplain(a.d.IO.Out, p)
				return nil
			}
			res := p.Steps[0].Result
			if a.json || cmd.Bool("json") {
				return writeJSON(a.d.IO.Out, explainJSON(res))
			}
			renderExplain(a.d.IO.Out, res)
			return nil
		},
	}
}

type explainOut struct {
	*engine.Result
	Events  []engine.Event `json:"events"`
	RulesOK []string       `json:"rules_fired"`
}

func explainJSON(res *engine.Result) explainOut {
	return explainOut{Result: res, Events: res.Trace.Events(), RulesOK: res.Trace.RuleIDs()}
}

// renderExplain prints the trace as a tree, stage by stage.
func renderExplain(w io.Writer, res *engine.Result) {
	fmt.Fprintf(w, "oxo-call explain %s %q\n", res.Tool, res.Task)
	events := res.Trace.Events()
	pending := map[int]bool{}
	for _, s := range res.Pending {
		pending[s] = true
	}
	for stage := engine.StageResolve; stage <= engine.StageValidate; stage++ {
		fmt.Fprintf(w, "\nStage %d · %s", stage, engine.StageNames[stage])
		if pending[stage] {
			fmt.Fprintln(w, " — not built yet")
			continue
		}
		fmt.Fprintln(w)
		var mine []engine.Event
		for _, e := range events {
			if e.Stage == stage {
				mine = append(mine, e)
			}
		}
		for i, e := range mine {
			branch, cont := "├─", "│ "
			if i == len(mine)-1 {
				branch, cont = "└─", "  "
			}
			line := "  " + branch + " " + e.What
			if e.Rule != "" {
				line += "  [" + e.Rule + " @ " + e.Where + "]"
			}
			if e.ElapsedMS >= 0.05 {
				line += fmt.Sprintf("  (%.1f ms)", e.ElapsedMS)
			}
			fmt.Fprintln(w, line)
			for _, d := range e.Detail {
				fmt.Fprintln(w, "  "+cont+"   "+strings.TrimRight(d, "\n"))
			}
		}
	}
}
