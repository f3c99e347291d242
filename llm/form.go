package llm

import (
	"strings"
)

// FormFlag is one flag from the tool's real help.
type FormFlag struct {
	Name        string // canonical name as written in the help, e.g. "--threads"
	Type        string // "bool" for switches, else "int", "float", "string", "file", …; "" = unknown
	Default     string
	Description string
	Choices     []string // allowed values, when the help lists them
	Aliases     []string // other spellings, e.g. "-@"
	// AttachedValue: the value is optional and only ever joined with "="
	// (--cs[=STR]); the next word is never this flag's value.
	AttachedValue bool
	// Glued: the value is written onto the name (-Xmx4g).
	Glued bool
	// Required: the help's usage writes the flag outside brackets
	// (bowtie's "-x <ebwt>"); every command needs it.
	Required bool
}

// FormPositional is one positional argument from the help.
type FormPositional struct {
	Name, Type, Description string
	Required                bool
	// Command: a command line the tool runs (xargs COMMAND
	// [INITIAL-ARGS]...); from it on, every word belongs to that command.
	Command bool
}

// FormExample is a worked example: a task and the arguments that do it.
type FormExample struct {
	Task, Args string
}

// Form is everything the model may use to build the command.
type Form struct {
	Tool        string
	Task        string
	Executables []string // companion executables, e.g. hisat2-build
	// Executable is the suggested program ("" = Tool); Flags and
	// Positionals are its (with Subcommand).
	Executable  string
	Subcommands []string
	Subcommand  string // already chosen; may be ""
	Flags       []FormFlag
	Positionals []FormPositional
	Examples    []FormExample
	ModelTier   string // "small", "medium" or "large"; "" = derive from the model name
	// Stdin is the file the suggested program reads on standard input
	// (its usage reads it and has no place for the file), or "".
	Stdin string
	// Chosen lists flags already resolved deterministically; the prompt
	// always keeps them so the model can confirm or extend them.
	Chosen []FlagValue
	// Scopes are the other programs the model may pick — every
	// subcommand and companion — ranked, each with its own flags. A reply
	// that picks one is checked against that scope's flags; Flags and
	// Positionals above are the scope of Subcommand (the suggested pick).
	Scopes []FormScope
	// Unparsed, when set, reports whether the help of a program (an
	// executable and subcommand) lists a flag the parser missed; such a
	// flag is accepted with an unknown type instead of being refused.
	Unparsed func(exe, sub, flag string) bool
	// Unchecked: the suggested program has no readable help, so its
	// flags cannot be listed; any flag is accepted with an unknown type
	// (Stage 5 reports the command as not checked).
	Unchecked bool
}

// Rescope returns the form as it is shown once a reply picked another
// program (exe "" = the tool): that program's flags, no chosen flags. ok
// is false when the pick is the form's own program or unknown.
func (f Form) Rescope(exe, sub string) (Form, bool) {
	g, ok := f.scope(exe, sub)
	if ok {
		g.Chosen = nil
	}
	return g, ok
}

// exe is the suggested program.
func (f Form) exe() string {
	if f.Executable != "" {
		return f.Executable
	}
	return f.Tool
}

// FormScope is one program the model may pick: an executable (the tool
// or a companion) and a subcommand path, with that program's flags.
type FormScope struct {
	Executable  string // "" = the tool
	Subcommand  string
	Description string
	Flags       []FormFlag
	Positionals []FormPositional
	Unchecked   bool // no readable help: flags cannot be checked
}

// scope returns the form re-scoped to what a reply picked: its flags and
// positionals become the form's. ok is false when the pick is the form's
// own scope or not among its scopes.
func (f Form) scope(exe, sub string) (Form, bool) {
	if exe == "" {
		exe = f.Tool
	}
	if exe == f.exe() && sub == f.Subcommand {
		return f, false
	}
	for _, sc := range f.Scopes {
		e := sc.Executable
		if e == "" {
			e = f.Tool
		}
		if e == exe && sc.Subcommand == sub {
			g := f
			g.Executable, g.Subcommand, g.Flags, g.Positionals, g.Unchecked = exe, sub, sc.Flags, sc.Positionals, sc.Unchecked
			return g, true
		}
	}
	return f, false
}

// Fill is a validated answer to a Form.
type Fill struct {
	Executable  string // the tool or one of its companions; never empty after ParseFill
	Subcommand  string
	Flags       []FlagValue // ordered as the model gave them; names are canonical
	Positionals []string
	// Stdout is the file a "> file" at the end of the reply sends standard
	// output to.
	Stdout string
	// Stdin is the file a "< file" at the end of the reply (before any
	// "> file") reads on standard input.
	Stdin       string
	Explanation string
}

// FlagValue is one flag occurrence; Value is "" for switches. Written is
// the spelling the reply used (an alias or the name), kept so the command
// says what the model wrote.
type FlagValue struct {
	Name, Value string
	Written     string
	// Attached: the reply wrote the value joined with "=" (--cs=long).
	Attached bool
}

// boolTypes are the Type spellings that mean a flag takes no value.
var boolTypes = map[string]bool{"bool": true, "boolean": true, "flag": true, "switch": true, "none": true}

// isBool reports whether the flag is a switch.
func (f FormFlag) isBool() bool { return boolTypes[strings.ToLower(f.Type)] }

// takesValue reports whether the flag's type says it needs a value; an
// unknown type says neither.
func (f FormFlag) takesValue() bool { return f.Type != "" && !f.isBool() }

// flagIndex maps every spelling (canonical name and aliases) to its flag.
func (f Form) flagIndex() map[string]FormFlag {
	idx := make(map[string]FormFlag, len(f.Flags))
	for _, fl := range f.Flags {
		for _, n := range append([]string{fl.Name}, fl.Aliases...) {
			if _, dup := idx[n]; !dup && n != "" {
				idx[n] = fl
			}
		}
	}
	return idx
}

// flagNames lists every spelling once, canonical names first in help order.
func (f Form) flagNames() []string {
	return spellings(f.Flags)
}

func spellings(flags []FormFlag) []string {
	seen := map[string]bool{}
	var out []string
	add := func(n string) {
		if n != "" && !seen[n] {
			seen[n] = true
			out = append(out, n)
		}
	}
	for _, fl := range flags {
		add(fl.Name)
	}
	for _, fl := range flags {
		for _, a := range fl.Aliases {
			add(a)
		}
	}
	return out
}

// maxEnumNames bounds the flag-name enum of the schema; a form whose
// scopes hold more spellings sends no enum (every name is still checked
// against the picked scope when the reply is parsed).
const maxEnumNames = 800

// allFlagNames lists the spellings of every scope once, the form's own
// scope first; nil when there are more than maxEnumNames.
func (f Form) allFlagNames() []string {
	all := append([]FormFlag(nil), f.Flags...)
	for _, sc := range f.Scopes {
		all = append(all, sc.Flags...)
	}
	names := spellings(all)
	if len(names) > maxEnumNames {
		return nil
	}
	return names
}

// anyFlags reports whether any scope has flags.
func (f Form) anyFlags() bool {
	if len(f.Flags) > 0 {
		return true
	}
	for _, sc := range f.Scopes {
		if len(sc.Flags) > 0 {
			return true
		}
	}
	return false
}

// executables lists the main tool followed by its companions, once each.
func (f Form) executables() []string {
	seen := map[string]bool{}
	var out []string
	list := append([]string{f.Tool}, f.Executables...)
	for _, sc := range f.Scopes {
		list = append(list, sc.Executable)
	}
	for _, e := range list {
		if e != "" && !seen[e] {
			seen[e] = true
			out = append(out, e)
		}
	}
	return out
}

// contains reports whether list holds s.
func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
