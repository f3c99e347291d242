package engine

import (
	"sync"
	"time"

	"github.com/traitome/oxo-call/rules"
)

// Stage numbers, as in the design.
const (
	StageResolve  = 1
	StageExplore  = 2
	StageMap      = 3
	StageAssemble = 4
	StageValidate = 5
)

// StageNames are the display names of the stages, indexed by number.
var StageNames = [...]string{"", "resolve", "explore", "map intent", "assemble", "validate"}

// Event is one step a stage took: what it did, which rule decided it (if
// any) and how long it took.
type Event struct {
	Stage int    `json:"stage"`
	Name  string `json:"stage_name"`
	// What says what the step produced, in a short sentence.
	What string `json:"what"`
	// Rule and Where name the rule that decided, when one did.
	Rule  string `json:"rule,omitempty"`
	Where string `json:"where,omitempty"`
	// Detail holds supporting lines (probes tried, evidence).
	Detail []string `json:"detail,omitempty"`
	// ElapsedMS is the time spent on the step, in milliseconds.
	ElapsedMS float64 `json:"elapsed_ms"`
}

// Trace collects events from every stage. It is safe for concurrent use
// because subcommand probes report from several goroutines.
type Trace struct {
	mu     sync.Mutex
	events []Event
}

// Add records an event; r may be nil.
func (t *Trace) Add(stage int, r *rules.Rule, elapsed time.Duration, what string, detail ...string) {
	if t == nil {
		return
	}
	e := Event{Stage: stage, Name: StageNames[stage], What: what, Detail: detail,
		ElapsedMS: float64(elapsed.Microseconds()) / 1000}
	if r != nil {
		e.Rule, e.Where = r.ID, r.Where()
	}
	t.mu.Lock()
	t.events = append(t.events, e)
	t.mu.Unlock()
}

// absorb adds o's events after t's.
func (t *Trace) absorb(o *Trace) {
	ev := o.Events()
	t.mu.Lock()
	t.events = append(t.events, ev...)
	t.mu.Unlock()
}

// Events returns a copy of the events in the order they were added.
func (t *Trace) Events() []Event {
	if t == nil {
		return nil
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	return append([]Event(nil), t.events...)
}

// RuleIDs returns the distinct ids of the rules that fired, in order.
func (t *Trace) RuleIDs() []string {
	seen := map[string]bool{}
	var out []string
	for _, e := range t.Events() {
		if e.Rule != "" && !seen[e.Rule] {
			seen[e.Rule] = true
			out = append(out, e.Rule)
		}
	}
	return out
}
