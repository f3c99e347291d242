package rules

// InterpreterThen names the program that runs a script.
type InterpreterThen struct {
	// Interpreter is a program looked up on PATH ("python3", "Rscript").
	Interpreter string `yaml:"interpreter" json:"interpreter"`
}

// AliasThen lists the executables a tool name may stand for, in the order
// they are tried on PATH.
type AliasThen struct {
	Executables []string `yaml:"executables" json:"executables"`
	// Package is the distribution package that ships them, for messages.
	Package string `yaml:"package,omitempty" json:"package,omitempty"`
}

// CompanionThen decides whether a candidate is a companion of the tool.
type CompanionThen struct {
	Companion bool `yaml:"companion" json:"companion"`
}

// ProbeThen says which invocations beyond the help-style ones may be run
// to read a program's help. By default none: a program run with no
// arguments, or a subcommand run bare, may do real work.
type ProbeThen struct {
	// Bare: the program run with no arguments prints its usage (bwa).
	Bare bool `yaml:"bare,omitempty" json:"bare,omitempty"`
	// BareSubcommands: each subcommand run with no further arguments
	// prints its usage (bwa mem).
	BareSubcommands bool `yaml:"bare_subcommands,omitempty" json:"bare_subcommands,omitempty"`
}

// ValidityThen decides whether a probe output is usable help.
type ValidityThen struct {
	Valid  bool   `yaml:"valid" json:"valid"`
	Reason string `yaml:"reason,omitempty" json:"reason,omitempty"`
	// Fallback marks output that is not valid now but is kept and used if
	// no later probe finds better help (a short usage printed with an
	// error about the probe's own option).
	Fallback bool `yaml:"fallback,omitempty" json:"fallback,omitempty"`
}

// FrameworkThen names the help framework and the parser that reads it.
type FrameworkThen struct {
	Framework string `yaml:"framework" json:"framework"`
	Parser    string `yaml:"parser" json:"parser"`
	// Style is the command-line style: subcommand, flags_first,
	// positional_first or hybrid (argument order when assembling).
	Style string `yaml:"style,omitempty" json:"style,omitempty"`
}

// SubcommandThen says how to read subcommand names out of a help text.
type SubcommandThen struct {
	// Method is section, braces, heading_item or listing (see parsers.ListMethod).
	Method string `yaml:"method" json:"method"`
	// Headings are the section headings to read (for section, heading_item).
	Headings []string `yaml:"headings,omitempty" json:"headings,omitempty"`
}

// SubcommandNameThen keeps or drops a listed subcommand name.
type SubcommandNameThen struct {
	Keep bool `yaml:"keep" json:"keep"`
}

// CategoryThen is a flag's category.
type CategoryThen struct {
	// Category is one of Categories.
	Category string `yaml:"category" json:"category"`
}

// Categories are the flag categories, in display order.
var Categories = []string{"Input", "Output", "Performance", "Quality", "Format", "Algorithm", "General"}

// IntentThen lists the concepts a task expresses ("sort", "index", "threads").
type IntentThen struct {
	Concepts []string `yaml:"concepts" json:"concepts"`
}

// ConstraintThen is a finding raised when a constraint rule fires.
type ConstraintThen struct {
	// Severity is error, warning or info.
	Severity string `yaml:"severity" json:"severity"`
	Message  string `yaml:"message" json:"message"`
	// Dangerous marks findings that make `run` ask before executing.
	Dangerous bool `yaml:"dangerous,omitempty" json:"dangerous,omitempty"`
}
