package cli

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	ucli "github.com/urfave/cli/v3"

	"github.com/traitome/oxo-call/bench"
	"github.com/traitome/oxo-call/engine"
)

// engineGenerator runs the stages for bench; it never executes a tool.
type engineGenerator struct {
	e   *engine.Engine
	cwd string
}

// Generate implements bench.Generator.
func (g engineGenerator) Generate(ctx context.Context, toolset, task, scenario string) (bench.Output, error) {
	start := time.Now()
	res, err := g.e.Generate(ctx, engine.Request{Tool: toolset, Task: task, Scenario: scenario, Cwd: g.cwd})
	if err != nil {
		return bench.Output{}, err
	}
	n := 0
	for _, f := range res.Findings {
		if f.Severity != "info" && f.Rule != "check.input_missing" {
			n++
		}
	}
	return bench.Output{Command: res.Command.Display, LLMCalls: res.LLMCalls, PromptTokens: res.PromptTokens, Findings: n, Latency: time.Since(start),
		Uncertain: res.Uncertain, Confidence: res.Confidence}, nil
}

func (a *app) benchCmd() *ucli.Command {
	var csvPath, phrasings, out, tools string
	var scenarios []string
	var jobs, limit int
	return &ucli.Command{
		Name:  "bench",
		Usage: "measure accuracy, speed and cost on a CSV of tasks with reference commands",
		Description: `The CSV has the columns toolset,tool,scenario_id,reference_args,task_description,category
(reference_args without the executable). An optional second CSV
toolset,tool,scenario_id,desc_id,user_level,description gives several
phrasings per task. Nothing is executed: each task goes through the five
stages and the command is scored against the reference (exact after
normalisation, flag-group recall/precision/Jaccard, positional order,
subcommand, accuracy, equivalent), with Wilson 95 % intervals on shares.

Writes rows.csv, summary.json and summary.md into --out and prints the
summary table.`,
		Flags: []ucli.Flag{
			&ucli.StringFlag{Name: "csv", Usage: "the task CSV", Required: true, Destination: &csvPath},
			&ucli.StringFlag{Name: "phrasings", Usage: "optional CSV of several phrasings per task", Destination: &phrasings},
			&ucli.StringSliceFlag{Name: "scenario", Usage: "bare, doc or full (repeatable)", Destination: &scenarios},
			&ucli.IntFlag{Name: "jobs", Usage: "tasks in flight (default: CPU count)", Destination: &jobs},
			&ucli.IntFlag{Name: "limit", Usage: "only the first N tasks", Destination: &limit},
			&ucli.StringFlag{Name: "tools", Usage: "comma-separated tools or toolsets to keep", Destination: &tools},
			&ucli.StringFlag{Name: "out", Value: "bench-out", Usage: "directory for rows.csv, summary.json, summary.md", Destination: &out},
		},
		Action: func(ctx context.Context, cmd *ucli.Command) error {
			cases, err := bench.Load(csvPath, phrasings)
			if err != nil {
				return err
			}
			for _, s := range scenarios {
				if s != "bare" && s != "doc" && s != "full" {
					return usagef("--scenario %q: want bare, doc or full", s)
				}
			}
			opts := bench.Options{Scenarios: scenarios, Jobs: jobs, Limit: limit}
			if tools != "" {
				opts.Tools = strings.Split(tools, ",")
			}
			if a.d.IO.Interactive {
				opts.Progress = a.d.IO.Err
			}
			cwd, err := os.MkdirTemp("", "oxo-bench-")
			if err != nil {
				return err
			}
			defer os.RemoveAll(cwd)
			start := time.Now()
			a.noProgress = true
			rows := bench.Run(ctx, cases, engineGenerator{e: a.engine(), cwd: cwd}, opts)
			sum := bench.Summarize(rows, time.Since(start))
			if err := os.MkdirAll(out, 0o755); err != nil {
				return err
			}
			if err := writeFileWith(filepath.Join(out, "rows.csv"), func(f *os.File) error { return bench.WriteRows(f, rows) }); err != nil {
				return err
			}
			if err := writeFileWith(filepath.Join(out, "summary.json"), func(f *os.File) error { return sum.WriteJSON(f) }); err != nil {
				return err
			}
			if err := writeFileWith(filepath.Join(out, "summary.md"), func(f *os.File) error { return sum.WriteMarkdown(f) }); err != nil {
				return err
			}
			if a.json {
				if err := sum.WriteJSON(a.d.IO.Out); err != nil {
					return err
				}
			} else if err := sum.WriteMarkdown(a.d.IO.Out); err != nil {
				return err
			}
			fmt.Fprintf(a.d.IO.Err, "%d rows in %.1fs (%.1f tasks/s), peak memory %s; wrote %s\n", len(rows), time.Since(start).Seconds(), sum.TasksPerSecond, peakMemory(), out)
			return nil
		},
	}
}

// writeFileWith creates path and lets write fill it.
func writeFileWith(path string, write func(*os.File) error) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := write(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// peakMemory reads the process's peak resident size (Linux), or "unknown".
func peakMemory() string {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return "unknown"
	}
	for _, l := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(l, "VmHWM:"); ok {
			f := strings.Fields(v)
			if kb, err := strconv.Atoi(f[0]); err == nil {
				return fmt.Sprintf("%.1f MB", float64(kb)/1024)
			}
		}
	}
	return "unknown"
}
