// Package parsers turns the help text of a command-line tool into a Schema:
// its flags, positionals, usage lines, sections and subcommand listings.
// One file per help framework; registry.go holds the explicit registry.
// Parsers are pure functions of the text: they never run a tool.
package parsers

// Schema is what a parser read from one help text (one command level).
type Schema struct {
	// Parser is the name of the parser that produced this schema.
	Parser string `json:"parser"`
	// Description is the tool's one-paragraph summary, if the help has one.
	Description string `json:"description,omitempty"`
	// Usage holds the usage lines as written, without the "Usage:" label.
	Usage []string `json:"usage,omitempty"`
	// Stdin: the usage shows the program reading standard input (a pipe
	// into it, or "< file"; parsers/stdin.go).
	Stdin bool `json:"stdin,omitempty"`
	// Flags in the order the help lists them.
	Flags []Flag `json:"flags,omitempty"`
	// Positionals in command-line order.
	Positionals []Positional `json:"positionals,omitempty"`
	// OptionLines counts lines that look like option entries (start with
	// '-' after indentation); ParsedLines counts those that became a Flag.
	// Their ratio feeds the ToolDoc's doc_quality.
	OptionLines int `json:"option_lines"`
	ParsedLines int `json:"parsed_lines"`
}

// Flag is one option of a command.
type Flag struct {
	// Name is the canonical name: the long form when there is one
	// ("--threads"), else the short or single-dash form ("-@", "-ibam").
	Name string `json:"name"`
	// Aliases are the other spellings, in the order written ("-t", "-@").
	Aliases []string `json:"aliases,omitempty"`
	// ParamType is one of: bool (takes no value), int, float, string,
	// file, choice.
	ParamType string `json:"param_type"`
	// Placeholder is the value name as written in the help ("INT", "FILE",
	// "<path>"), without brackets.
	Placeholder string `json:"placeholder,omitempty"`
	Description string `json:"description,omitempty"`
	Default     string `json:"default,omitempty"`
	Required    bool   `json:"required,omitempty"`
	// Choices lists the allowed values ({a,b}, [possible values: a, b]).
	Choices []string `json:"choices,omitempty"`
	// Repeatable is true when the help shows "..." or says the flag may be
	// given several times.
	Repeatable bool `json:"repeatable,omitempty"`
	// ByPosition: the help writes the name in brackets (EMBOSS
	// "[-sequence]"), so the value may be given by place, the name left
	// out.
	ByPosition bool `json:"by_position,omitempty"`
	// OptionalValue is true for forms like --color[=WHEN].
	OptionalValue bool `json:"optional_value,omitempty"`
	// AttachedValue: the optional value is written "[=V]", so it must be
	// joined to the name with "=" (--cs=long).
	AttachedValue bool `json:"attached_value,omitempty"`
	// Style is how the flag is written on a command line: empty for the
	// usual "-f value" / "--flag value" forms, "kv" for key=value tools
	// (in=<file>), where Name holds the bare key, "glued" for a value
	// written onto the name with nothing between (-Xmx4g).
	Style string `json:"style,omitempty"`
	// Excludes are the flags the help says this one cannot be used
	// with ("Incompatible with: db, gilist", "Mutually exclusive with
	// -o/--ofile", "(conflicts with -m)"), as the help writes them.
	Excludes []string `json:"excludes,omitempty"`
	// Section is the heading the help lists the flag under ("Makedb
	// options"), as written, colon trimmed; "" when none.
	Section string `json:"section,omitempty"`
	// Qualifies names the parameter an associated qualifier belongs to
	// (EMBOSS "\"-outfile\" associated qualifiers": -rformat qualifies
	// -outfile); "" for any other flag.
	Qualifies string `json:"qualifies,omitempty"`
}

// Positional is one positional argument of a command.
type Positional struct {
	// Position is 1-based, in the order the help lists the positionals.
	Position    int    `json:"position"`
	Name        string `json:"name"`
	ParamType   string `json:"param_type"`
	Description string `json:"description,omitempty"`
	Required    bool   `json:"required"`
	Repeatable  bool   `json:"repeatable,omitempty"`
	// Choices lists the allowed values when the help shows them, as in
	// argparse's {a,b,c}.
	Choices []string `json:"choices,omitempty"`
	// Command marks a command line run by the tool ("COMMAND
	// [INITIAL-ARGS]...", "[command [arguments]]"): from this positional
	// on, every word, flags included, belongs to that command.
	Command bool `json:"command,omitempty"`
}

// Parser reads one help text.
type Parser interface {
	Name() string
	Parse(help string) (*Schema, error)
}

// Entry is one item of a subcommand listing.
type Entry struct {
	Name        string `json:"name"`
	Description string `json:"description,omitempty"`
}

// Version changes whenever a parser reads the same help differently;
// caches of parsed help include it in their key.
const Version = 45
