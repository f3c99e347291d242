package rules

import (
	"fmt"

	"github.com/expr-lang/expr/vm"
)

// Rule is one compiled rule. The YAML shape is ruleConfig; a Rule is never
// changed after load, so one Set can serve many goroutines.
type Rule struct {
	ID          string `json:"id"`
	Kind        string `json:"kind"`
	Description string `json:"description,omitempty"`
	When        string `json:"when"`
	Priority    int    `json:"priority"`
	// Then is a pointer to the kind's then struct (e.g. *FrameworkThen).
	Then any `json:"then"`
	// File is "builtin:<kind>/<name>.yaml" or the user file's path.
	File string `json:"file"`
	Line int    `json:"line"`
	// Origin is "builtin" or "user".
	Origin string `json:"origin"`
	// Overrides is the file:line of the built-in rule this user rule replaced.
	Overrides string `json:"overrides,omitempty"`
	// Identifiers are the environment names the expression reads.
	Identifiers []string `json:"identifiers,omitempty"`
	Tests       []Test   `json:"-"`

	program *vm.Program
	// metered: the program builds strings, checked per evaluation (strbudget.go).
	metered bool
	// lazy holds what compiling and test decoding need when Load deferred
	// them (Options.Lazy); nil once a rule was loaded in full.
	lazy *deferred
	// fpJSON is fingerprintJSON when the rule came from the cache, which
	// holds it (Fingerprint need not encode the rule again).
	fpJSON string
}

// Where returns "file:line".
func (r *Rule) Where() string { return fmt.Sprintf("%s:%d", r.File, r.Line) }

// Test is one inline example of a rule: an environment and what the rule
// (or its kind) must decide for it.
type Test struct {
	Line int
	// Given is a pointer to the kind's environment.
	Given any
	// Fires, when set, is whether this rule must fire.
	Fires *bool
	// First, when set, is the id of the rule that must decide the kind for
	// this environment (the highest-priority rule that fires).
	First string
}

// Error is a problem with a rule file, always naming file:line and, when
// known, the rule id.
type Error struct {
	File string
	Line int
	ID   string
	Msg  string
}

func (e *Error) Error() string {
	where := e.File // Line 0: the problem concerns the whole file
	if e.Line > 0 {
		where = fmt.Sprintf("%s:%d", e.File, e.Line)
	}
	if e.ID != "" {
		return fmt.Sprintf("%s: rule %s: %s", where, e.ID, e.Msg)
	}
	return fmt.Sprintf("%s: %s", where, e.Msg)
}

// Match is a rule that fired and its then value.
type Match struct {
	Rule *Rule
	Then any
}
