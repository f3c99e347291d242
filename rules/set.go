package rules

import (
	"errors"
	"fmt"
	"sort"
	"sync"

	"github.com/expr-lang/expr/vm"
)

// Set is a loaded, compiled collection of rules. It is safe for concurrent use.
type Set struct {
	byKind map[string][]*Rule
	byID   map[string]*Rule
	vms    sync.Pool
	fpOnce sync.Once
	fp     string
	// vocab is built from the lexicon and file_kinds rules on first use.
	vocabOnce sync.Once
	vocab     *Vocab
	// failed holds the first evaluation error of each rule (id → error).
	failed sync.Map
}

func newSet() *Set {
	return &Set{byKind: map[string][]*Rule{}, byID: map[string]*Rule{},
		vms: sync.Pool{New: func() any { return &vm.VM{MemoryBudget: memoryBudget} }}}
}

// add inserts a rule; a user rule with a built-in's id replaces it.
func (s *Set) add(r *Rule) error {
	old, dup := s.byID[r.ID]
	switch {
	case !dup:
		s.byID[r.ID] = r
		s.byKind[r.Kind] = append(s.byKind[r.Kind], r)
		return nil
	case old.Origin == "builtin" && r.Origin == "user":
		if old.Kind != r.Kind {
			return &Error{File: r.File, Line: r.Line, ID: r.ID, Msg: fmt.Sprintf("overrides a %s rule but sits under %s/", old.Kind, r.Kind)}
		}
		r.Overrides = old.Where()
		s.byID[r.ID] = r
		list := s.byKind[r.Kind]
		for i, x := range list {
			if x == old {
				list[i] = r
			}
		}
		return nil
	default:
		return &Error{File: r.File, Line: r.Line, ID: r.ID, Msg: "duplicate id, first defined at " + old.Where()}
	}
}

// sortRules orders each kind by priority (high first), then file and line,
// so evaluation order never depends on map or directory order.
func (s *Set) sortRules() {
	for _, list := range s.byKind {
		sort.SliceStable(list, func(i, j int) bool {
			a, b := list[i], list[j]
			if a.Priority != b.Priority {
				return a.Priority > b.Priority
			}
			if a.File != b.File {
				return a.File < b.File
			}
			return a.Line < b.Line
		})
	}
}

// Rules returns the rules of a kind in evaluation order.
func (s *Set) Rules(kind string) []*Rule { return s.byKind[kind] }

// Get returns a rule by id.
func (s *Set) Get(id string) (*Rule, bool) {
	r, ok := s.byID[id]
	return r, ok
}

// All returns every rule, by kind then evaluation order.
func (s *Set) All() []*Rule {
	var out []*Rule
	for _, k := range KindNames() {
		out = append(out, s.byKind[k]...)
	}
	return out
}

// Len is the number of rules.
func (s *Set) Len() int { return len(s.byID) }

// Eval runs every rule of a kind against env (a pointer to the kind's
// environment) and returns those that fired, in priority order. A rule that
// fails at run time (for example by exceeding the memory budget) is skipped
// and reported in the error; the other matches are still returned.
func (s *Set) Eval(kind string, env any) ([]Match, error) {
	return s.EvalIf(kind, env, nil)
}

// EvalIf is Eval of the rules of the kind that keep returns true for (all
// when keep is nil); the others are not evaluated.
func (s *Set) EvalIf(kind string, env any, keep func(*Rule) bool) ([]Match, error) {
	if p, ok := env.(Preparer); ok {
		p.Prepare()
	}
	var out []Match
	var errs []error
	for _, r := range s.byKind[kind] {
		if keep != nil && !keep(r) {
			continue
		}
		fired, err := s.run(r, env)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if fired {
			out = append(out, Match{Rule: r, Then: r.Then})
		}
	}
	return out, errors.Join(errs...)
}

// First returns the highest-priority rule of a kind that fires.
func (s *Set) First(kind string, env any) (Match, bool, error) {
	if p, ok := env.(Preparer); ok {
		p.Prepare()
	}
	var errs []error
	for _, r := range s.byKind[kind] {
		fired, err := s.run(r, env)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if fired {
			return Match{Rule: r, Then: r.Then}, true, errors.Join(errs...)
		}
	}
	return Match{}, false, errors.Join(errs...)
}

// run evaluates one rule on a pooled VM.
func (s *Set) run(r *Rule, env any) (fired bool, err error) {
	if err := r.compiled(); err != nil {
		s.failed.LoadOrStore(r.ID, err)
		return false, err
	}
	if r.program == nil {
		return s.Vocab().fires(r, env), nil
	}
	if r.metered {
		defer evalMeters.start(env)()
	}
	m := s.vms.Get().(*vm.VM)
	defer func() {
		if p := recover(); p != nil {
			err = &Error{File: r.File, Line: r.Line, ID: r.ID, Msg: fmt.Sprintf("evaluation failed: %v", p)}
			s.failed.LoadOrStore(r.ID, err)
		}
		s.vms.Put(m)
	}()
	out, err := m.Run(r.program, env)
	if err != nil {
		e := &Error{File: r.File, Line: r.Line, ID: r.ID, Msg: "evaluation failed: " + oneLine(err.Error())}
		s.failed.LoadOrStore(r.ID, e)
		return false, e
	}
	b, _ := out.(bool)
	return b, nil
}

// Failures returns the first evaluation error of every rule that failed
// since the set was loaded, sorted by rule id, so that a caller which only
// asks whether rules fire can still report the broken ones once.
func (s *Set) Failures() []error {
	var ids []string
	s.failed.Range(func(k, _ any) bool { ids = append(ids, k.(string)); return true })
	sort.Strings(ids)
	out := make([]error, len(ids))
	for i, id := range ids {
		e, _ := s.failed.Load(id)
		out[i] = e.(error)
	}
	return out
}

// Complete compiles every rule whose compiling Load deferred
// (Options.Lazy) and decodes its inline tests, so that every field of
// every Rule is set, and returns the problems found, each naming file,
// line and rule id. It is safe to call more than once and concurrently.
func (s *Set) Complete() []error {
	var errs []error
	for _, r := range s.All() {
		if err := r.compiled(); err != nil {
			errs = append(errs, err)
		}
		if err := r.tested(); err != nil {
			errs = append(errs, err)
		}
	}
	return errs
}

// Precompile compiles, on another goroutine, the rules of the kinds
// whose compiling Load deferred (Options.Lazy), in the order given, while
// the caller goes on: a command that will evaluate them pays less on its
// own goroutine. A rule the caller reaches first is compiled once all the
// same (the other waits for it). The returned channel is closed when
// done.
func (s *Set) Precompile(kinds ...string) <-chan struct{} {
	done := make(chan struct{})
	go func() {
		defer close(done)
		for _, k := range kinds {
			for _, r := range s.byKind[k] {
				r.compiled() // an error is reported where the rule is evaluated
			}
		}
	}()
	return done
}

// Fires evaluates a single rule against env.
func (s *Set) Fires(r *Rule, env any) (bool, error) {
	if p, ok := env.(Preparer); ok {
		p.Prepare()
	}
	return s.run(r, env)
}
