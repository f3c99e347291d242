package rules

import (
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strings"
)

// KindSpec describes one rule kind: its environment, its `then` shape and
// how the engine combines the rules that fire.
type KindSpec struct {
	Name string
	// Doc says what the kind decides, for `rules list` and CONTRIBUTING.
	Doc string
	// Mode is "first" (the highest-priority firing rule decides) or "all"
	// (every firing rule contributes).
	Mode string
	// Data kinds (lexicon, file_kinds) have no `when`: a rule fires for
	// what its then lists, and the rules load into plain lookup tables
	// (Vocab) instead of being evaluated.
	Data bool
	env  func() any
	then func() any
}

// NewEnv returns a pointer to a zero environment of the kind.
func (k KindSpec) NewEnv() any { return k.env() }

// NewThen returns a pointer to a zero `then` value of the kind.
func (k KindSpec) NewThen() any { return k.then() }

// kinds is the explicit registry of rule kinds.
var kinds = map[string]KindSpec{
	"interpreters": {Doc: "which interpreter runs a script named by path", Mode: "first",
		env: func() any { return &InterpreterEnv{} }, then: func() any { return &InterpreterThen{} }},
	"aliases": {Doc: "executables a tool name stands for (featureCounts for subread)", Mode: "first",
		env: func() any { return &AliasEnv{} }, then: func() any { return &AliasThen{} }},
	"companions": {Doc: "whether an executable found near a tool is its companion (hisat2-build)", Mode: "first",
		env: func() any { return &CompanionEnv{} }, then: func() any { return &CompanionThen{} }},
	"probes": {Doc: "which invocations beyond the help flags may be probed for help (bwa prints usage when run with no arguments; vcftools lists its options only in its manual page)", Mode: "first",
		env: func() any { return &ProbeEnv{} }, then: func() any { return &ProbeThen{} }},
	"validity": {Doc: "whether a probe's output is usable help", Mode: "first",
		env: func() any { return &ValidityEnv{} }, then: func() any { return &ValidityThen{} }},
	"frameworks": {Doc: "which help framework wrote a help text, and the parser for it", Mode: "first",
		env: func() any { return &HelpEnv{} }, then: func() any { return &FrameworkThen{} }},
	"subcommands": {Doc: "where a help text lists subcommands", Mode: "all",
		env: func() any { return &HelpEnv{} }, then: func() any { return &SubcommandThen{} }},
	"subcommand_names": {Doc: "whether a listed name is a real subcommand (not COMMAND, FILE)", Mode: "first",
		env: func() any { return &SubcommandNameEnv{} }, then: func() any { return &SubcommandNameThen{} }},
	"flag_categories": {Doc: "a flag's category: Input, Output, Performance, Quality, Format, Algorithm, General, Destructive", Mode: "first",
		env: func() any { return &FlagEnv{} }, then: func() any { return &CategoryThen{} }},
	"intents": {Doc: "concepts a task expresses, in English and Chinese (排序 → sort)", Mode: "all",
		env: func() any { return &IntentEnv{} }, then: func() any { return &IntentThen{} }},
	"resources": {Doc: "what a flag of an assembled command asks of a batch scheduler (a thread count → CPUs per task)", Mode: "first",
		env: func() any { return &ResourceEnv{} }, then: func() any { return &ResourceThen{} }},
	"lexicon": {Doc: "word classes of tasks and flag names, English and Chinese (output markers, stop words, name markers …); data, no when", Mode: "all", Data: true,
		env: func() any { return &LexiconEnv{} }, then: func() any { return &LexiconThen{} }},
	"file_kinds": {Doc: "file extension → kind, family, index siblings, compression suffixes; data, no when", Mode: "all", Data: true,
		env: func() any { return &FileKindEnv{} }, then: func() any { return &FileKindThen{} }},
	"steps": {Doc: "when a task in words needs more than one command (\"then\", \"and index it\", 然后, a multi-step skill example whose first command reads the task's files), and how a command reads one that writes to standard output (a pipe, or a named file)", Mode: "all",
		env: func() any { return &StepsEnv{} }, then: func() any { return &StepsThen{} }},
	"plans": {Doc: "how one clause of a multi-step task becomes a step: its tool, its input and output files, its order", Mode: "first",
		env: func() any { return &PlanEnv{} }, then: func() any { return &PlanThen{} }},
	"constraints": {Doc: "findings on an assembled command (requires, conflicts, dangerous)", Mode: "all",
		env: func() any { return &ConstraintEnv{} }, then: func() any { return &ConstraintThen{} }},
}

// Kind returns the spec of a kind, or an error listing the valid kinds.
func Kind(name string) (KindSpec, error) {
	k, ok := kinds[name]
	if !ok {
		return KindSpec{}, fmt.Errorf("unknown rule kind %q (valid: %s)", name, strings.Join(KindNames(), ", "))
	}
	k.Name = name
	return k, nil
}

// KindNames returns the kind names, sorted.
func KindNames() []string {
	names := make([]string, 0, len(kinds))
	for n := range kinds {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// validate checks a decoded `then` value beyond its shape.
func validateThen(kind string, then any) error {
	switch t := then.(type) {
	case *CategoryThen:
		if !slices.Contains(Categories, t.Category) {
			return fmt.Errorf("then.category %q is not one of %s", t.Category, strings.Join(Categories, ", "))
		}
	case *ConstraintThen:
		if !slices.Contains([]string{"error", "warning", "info"}, t.Severity) {
			return fmt.Errorf("then.severity %q is not one of error, warning, info", t.Severity)
		}
		if t.Message == "" {
			return fmt.Errorf("then.message is empty")
		}
	case *SubcommandThen:
		if !slices.Contains([]string{"section", "braces", "heading_item", "listing", "inline"}, t.Method) {
			return fmt.Errorf("then.method %q is not one of section, braces, heading_item, listing, inline", t.Method)
		}
	case *FrameworkThen:
		if t.Parser == "" {
			return fmt.Errorf("then.parser is empty")
		}
		if t.Style != "" && !slices.Contains([]string{"subcommand", "flags_first", "positional_first", "hybrid"}, t.Style) {
			return fmt.Errorf("then.style %q is not one of subcommand, flags_first, positional_first, hybrid", t.Style)
		}
	case *InterpreterThen:
		if t.Interpreter == "" {
			return fmt.Errorf("then.interpreter is empty")
		}
	case *ResourceThen:
		if !slices.Contains(Resources, t.Resource) {
			return fmt.Errorf("then.resource %q is not one of %s", t.Resource, strings.Join(Resources, ", "))
		}
	case *LexiconThen:
		return validateLexicon(t)
	case *FileKindThen:
		return validateFileKind(t)
	case *StepsThen:
		if t.Split != "" {
			if _, err := regexp.Compile(t.Split); err != nil {
				return fmt.Errorf("then.split: %v", err)
			}
		}
		if t.Op != "" && t.Op != "&&" && t.Op != "|" {
			return fmt.Errorf("then.op %q is not one of &&, |", t.Op)
		}
		if t.Split != "" && t.Op == "" {
			return fmt.Errorf("then.op is needed with then.split")
		}
		if t.FollowExample && t.Split != "" {
			return fmt.Errorf("then.follow_example and then.split do not go together: a task is cut in words or follows an example")
		}
		if t.Stdin != "" && t.File != "" {
			return fmt.Errorf("then.stdin and then.file do not go together: a command reads a pipe or a file")
		}
		if (t.Stdin != "" || t.File != "") && (t.Split != "" || t.FollowExample) {
			return fmt.Errorf("then.stdin and then.file say how a command reads the one before; they do not go with then.split or then.follow_example")
		}
		if t.File != "" && !strings.Contains(t.File, "{stem}") {
			return fmt.Errorf("then.file %q must name the file after the input ({stem})", t.File)
		}
	case *AliasThen:
		if len(t.Executables) == 0 {
			return fmt.Errorf("then.executables is empty")
		}
	}
	return nil
}
