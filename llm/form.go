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
}

// FormPositional is one positional argument from the help.
type FormPositional struct {
	Name, Type, Description string
	Required                bool
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
	Subcommands []string
	Subcommand  string // already chosen; may be ""
	Flags       []FormFlag
	Positionals []FormPositional
	Examples    []FormExample
	ModelTier   string // "small", "medium" or "large"; "" = derive from the model name
	// Chosen lists flags already resolved deterministically; the prompt
	// always keeps them so the model can confirm or extend them.
	Chosen []FlagValue
}

// Fill is a validated answer to a Form.
type Fill struct {
	Executable  string // the tool or one of its companions; never empty after ParseFill
	Subcommand  string
	Flags       []FlagValue // ordered as the model gave them; names are canonical
	Positionals []string
	Explanation string
}

// FlagValue is one flag occurrence; Value is "" for switches.
type FlagValue struct {
	Name, Value string
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
	seen := map[string]bool{}
	var out []string
	add := func(n string) {
		if n != "" && !seen[n] {
			seen[n] = true
			out = append(out, n)
		}
	}
	for _, fl := range f.Flags {
		add(fl.Name)
	}
	for _, fl := range f.Flags {
		for _, a := range fl.Aliases {
			add(a)
		}
	}
	return out
}

// executables lists the main tool followed by its companions, once each.
func (f Form) executables() []string {
	seen := map[string]bool{}
	var out []string
	for _, e := range append([]string{f.Tool}, f.Executables...) {
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
