package engine

import (
	"context"
	"errors"
	"time"

	"github.com/traitome/oxo-call/rules"
)

// Options configure an Engine.
type Options struct {
	Rules    *rules.Set
	PathDirs []string
	Runner   Runner
}

// Engine runs the stages. One Engine serves many requests.
type Engine struct {
	opts     Options
	resolver *Resolver
}

// New returns an Engine.
func New(o Options) *Engine {
	return &Engine{opts: o, resolver: &Resolver{Rules: o.Rules, PathDirs: o.PathDirs, Runner: o.Runner, VersionTimeout: 3 * time.Second}}
}

// Request is one task for one tool.
type Request struct {
	Tool, Task string
}

// Result is everything the stages produced, with the trace.
type Result struct {
	Tool   string      `json:"tool"`
	Task   string      `json:"task"`
	Record *ToolRecord `json:"record,omitempty"`
	Trace  *Trace      `json:"-"`
	// Pending lists stages this build does not run yet.
	Pending []int `json:"pending_stages,omitempty"`
}

// Explain runs the stages for req and returns what each did. A tool that
// is not installed is not an error here: the result says so.
func (e *Engine) Explain(ctx context.Context, req Request) (*Result, error) {
	tr := &Trace{}
	res := &Result{Tool: req.Tool, Task: req.Task, Trace: tr}
	rec, err := e.resolver.Resolve(ctx, req.Tool, tr)
	var nf *NotFoundError
	if err != nil && !errors.As(err, &nf) {
		return nil, err
	}
	e.resolver.Complete(ctx, rec, tr)
	res.Record = rec
	res.Pending = []int{StageExplore, StageMap, StageAssemble, StageValidate}
	return res, nil
}
