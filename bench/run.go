package bench

import (
	"context"
	"fmt"
	"io"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/sourcegraph/conc/pool"
)

// Generator turns a task into a command line; the CLI wraps the engine in
// one, tests use a fake.
type Generator interface {
	// Generate answers task for the toolset under a run scenario (bare,
	// doc, full). Run passes the case's toolset, or its tool when the
	// toolset column is empty.
	Generate(ctx context.Context, toolset, task, scenario string) (Output, error)
}

// Output is what one generation produced and cost.
type Output struct {
	Command      string
	LLMCalls     int
	PromptTokens int
	// Findings counts the Stage-5 validation findings on the command.
	Findings int
	// Latency is the generation time; when zero, Run measures the call.
	Latency time.Duration
	// Uncertain: the command exits 3; Confidence is its confidence.
	Uncertain  bool
	Confidence float64
}

// Options select and pace a run.
type Options struct {
	// Scenarios to run every case under; empty means only "full", the
	// engine's default.
	Scenarios []string
	// Jobs bounds the generations in flight; ≤ 0 means GOMAXPROCS.
	Jobs int
	// Limit keeps the first Limit cases (after the Tools filter); ≤ 0 keeps
	// all. It counts cases, not rows, so every scenario sees the same tasks.
	Limit int
	// Tools keeps the cases whose tool or toolset is listed; empty keeps all.
	Tools []string
	// Progress receives a progress bar; nil writes none. Pass a terminal
	// only: the bar redraws itself with "\r".
	Progress io.Writer
}

// Row is one case run under one scenario, with its scores.
type Row struct {
	Case
	Scenario string `json:"scenario"`
	Command  string `json:"command"`
	// Err is the generation error, if any; such a row scores 0.
	Err string `json:"error,omitempty"`
	Scores
	LLMCalls     int           `json:"llm_calls"`
	PromptTokens int           `json:"prompt_tokens"`
	Findings     int           `json:"findings"`
	Latency      time.Duration `json:"latency_ns"`
	// Literal: equal to the reference up to flag order, file names
	// compared. Uncertain and Confidence are the generator's.
	Literal    bool    `json:"literal"`
	Uncertain  bool    `json:"uncertain"`
	Confidence float64 `json:"confidence"`
	// Sourceless are the command's values the task never gave.
	Sourceless []string `json:"sourceless,omitempty"`
}

// Select applies the Tools filter and the Limit of opts to cases.
func Select(cases []Case, opts Options) []Case {
	var out []Case
	for _, c := range cases {
		if len(opts.Tools) > 0 && !slices.Contains(opts.Tools, c.Tool) && !slices.Contains(opts.Tools, c.Toolset) {
			continue
		}
		out = append(out, c)
		if opts.Limit > 0 && len(out) == opts.Limit {
			break
		}
	}
	return out
}

// Run generates and scores every selected case under every scenario with
// at most opts.Jobs generations at once. Rows come back in input order,
// case by case, the scenarios of a case side by side, whatever order the
// generations finished in. A cancelled ctx leaves the remaining rows with
// the context's error; a generator that panics fails only its own row.
func Run(ctx context.Context, cases []Case, gen Generator, opts Options) []Row {
	selected := Select(cases, opts)
	scenarios := opts.Scenarios
	if len(scenarios) == 0 {
		scenarios = []string{"full"}
	}
	jobs := opts.Jobs
	if jobs <= 0 {
		jobs = runtime.GOMAXPROCS(0)
	}
	rows := make([]Row, len(selected)*len(scenarios))
	bar := newProgress(opts.Progress, len(rows), time.Now)
	p := pool.New().WithMaxGoroutines(jobs)
	for i := range rows {
		c, sc := selected[i/len(scenarios)], scenarios[i%len(scenarios)]
		p.Go(func() {
			rows[i] = runOne(ctx, c, sc, gen)
			bar.tick()
		})
	}
	p.Wait()
	bar.finish()
	return rows
}

func runOne(ctx context.Context, c Case, scenario string, gen Generator) (row Row) {
	row = Row{Case: c, Scenario: scenario}
	if err := ctx.Err(); err != nil {
		row.Err = err.Error()
		return row
	}
	defer func() {
		if v := recover(); v != nil {
			row.Err = fmt.Sprintf("generator panicked: %v", v)
			row.Command, row.Scores = "", Scores{}
		}
	}()
	start := time.Now()
	toolset := c.Toolset
	if toolset == "" {
		// A bench row without a toolset is a tool of its own.
		toolset = c.Tool
	}
	out, err := gen.Generate(ctx, toolset, c.Task, scenario)
	row.Latency = out.Latency
	if row.Latency == 0 {
		row.Latency = time.Since(start)
	}
	row.LLMCalls, row.PromptTokens, row.Findings = out.LLMCalls, out.PromptTokens, out.Findings
	if err != nil {
		row.Err = err.Error()
		return row
	}
	row.Command = strings.TrimSpace(out.Command)
	row.Scores = Score(c.Reference(), row.Command)
	row.Literal = Literal(c.Reference(), row.Command)
	row.Uncertain, row.Confidence = out.Uncertain, out.Confidence
	row.Sourceless = Sourceless(c.Task, row.Command)
	return row
}

// progress draws "\r[=====>    ] 123/1000 12.3 tasks/s" after each task.
type progress struct {
	mu    sync.Mutex
	w     io.Writer
	total int
	done  int
	start time.Time
	now   func() time.Time
}

const barWidth = 30

func newProgress(w io.Writer, total int, now func() time.Time) *progress {
	p := &progress{w: w, total: total, start: now(), now: now}
	p.draw()
	return p
}

func (p *progress) tick() {
	if p.w == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.done++
	p.draw()
}

// finish ends the bar's line so that later output starts on its own.
func (p *progress) finish() {
	if p.w != nil {
		fmt.Fprintln(p.w)
	}
}

func (p *progress) draw() {
	if p.w == nil {
		return
	}
	fill := barWidth
	if p.total > 0 {
		fill = p.done * barWidth / p.total
	}
	bar := strings.Repeat("=", fill) + strings.Repeat(" ", barWidth-fill)
	if fill > 0 && fill < barWidth {
		bar = strings.Repeat("=", fill-1) + ">" + strings.Repeat(" ", barWidth-fill)
	}
	rate := 0.0
	if el := p.now().Sub(p.start).Seconds(); el > 0 {
		rate = float64(p.done) / el
	}
	fmt.Fprintf(p.w, "\r[%s] %d/%d %.1f tasks/s", bar, p.done, p.total, rate)
}
