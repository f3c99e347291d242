package llm

import (
	"strings"
)

// validator checks one reply against a form and accumulates the Fill.
type validator struct {
	f      Form
	scoped Form // the picked scope, when it is not the form's own
	idx    map[string]FormFlag
	fill   Fill
}

func newValidator(f Form) *validator {
	return &validator{f: f, idx: f.flagIndex(), fill: Fill{Executable: f.exe(), Subcommand: f.Subcommand}}
}

// executable accepts the tool or a companion; "" keeps the tool.
func (v *validator) executable(e string) error {
	if e == "" {
		return nil
	}
	exes := v.f.executables()
	if !contains(exes, e) {
		return invalid("executable %q is not one of: %s", e, strings.Join(exes, ", "))
	}
	v.fill.Executable = e
	return nil
}

// subcommand accepts a real subcommand; "" keeps the chosen one. The
// flags are then checked against the picked program's own flags.
func (v *validator) subcommand(s string) error {
	defer v.rescope()
	if s == "" {
		return nil
	}
	if len(v.f.Subcommands) == 0 {
		return invalid("subcommand %q given but %s has no subcommands", s, v.f.Tool)
	}
	if !contains(v.f.Subcommands, s) {
		return invalid("subcommand %q is not one of the tool's subcommands (closest: %q)", s, closest(s, v.f.Subcommands))
	}
	v.fill.Subcommand = s
	return nil
}

// lookup finds a flag of the picked program: in the form, or (with an
// unknown type) in the program's raw help when the parser missed it.
func (v *validator) lookup(name string) (FormFlag, bool) {
	if ff, ok := v.idx[name]; ok {
		return ff, true
	}
	if v.f.Unparsed != nil && len(name) > 1 && v.f.Unparsed(v.fill.Executable, v.fill.Subcommand, name) {
		return FormFlag{Name: name}, true
	}
	if v.picked().Unchecked && len(name) > 1 && name[0] == '-' {
		return FormFlag{Name: name}, true
	}
	return FormFlag{}, false
}

// glued finds the flag a token starts with when that flag's value is
// written onto it (-Xmx4g is -Xmx with 4g); the longest name wins.
func (v *validator) glued(tok string) (FormFlag, string, bool) {
	var best FormFlag
	name := ""
	for n, ff := range v.idx {
		if ff.Glued && len(n) > len(name) && len(tok) > len(n) && strings.HasPrefix(tok, n) {
			best, name = ff, n
		}
	}
	return best, name, name != ""
}

// rescope points the flag index at the scope the reply picked.
func (v *validator) rescope() {
	if g, ok := v.f.scope(v.fill.Executable, v.fill.Subcommand); ok {
		v.scoped = g
		v.idx = g.flagIndex()
	}
}

// picked is the form of the program the reply picked.
func (v *validator) picked() Form {
	if v.scoped.Tool != "" {
		return v.scoped
	}
	return v.f
}

// unknown builds the error for a flag outside the form.
func (v *validator) unknown(name string) error {
	return &wrappedInvalid{&UnknownFlagError{Flag: name, Suggestion: closest(name, v.picked().flagNames())}}
}

// wrappedInvalid makes a specific error also match ErrInvalidFill.
type wrappedInvalid struct{ err error }

func (e *wrappedInvalid) Error() string   { return ErrInvalidFill.Error() + ": " + e.err.Error() }
func (e *wrappedInvalid) Unwrap() []error { return []error{ErrInvalidFill, e.err} }

// truthy and falsy are the values a model uses for switches.
var (
	truthy = map[string]bool{"": true, "true": true, "yes": true, "on": true, "1": true}
	falsy  = map[string]bool{"false": true, "no": true, "off": true, "0": true}
)

// flag records one flag occurrence under its canonical name, with the
// spelling written.
func (v *validator) flag(name, value string) error {
	return v.flagAs(name, value, false)
}

func (v *validator) flagAs(name, value string, attached bool) error {
	ff, ok := v.lookup(name)
	if !ok {
		return v.unknown(name)
	}
	switch {
	case ff.isBool():
		lv := strings.ToLower(strings.TrimSpace(value))
		if falsy[lv] {
			return nil // a switch set to false is simply not given
		}
		if !truthy[lv] {
			return invalid("switch %s takes no value (got %q)", name, value)
		}
		value = ""
	case ff.takesValue() && value == "" && !ff.AttachedValue:
		return invalid("flag %s needs a value", name)
	case len(ff.Choices) > 0 && value != "":
		c, ok := matchChoice(value, ff.Choices)
		switch {
		case ok:
			value = c
		case !describes(ff.Description, value):
			return invalid("value %q for %s is not one of: %s", value, name, strings.Join(ff.Choices, ", "))
		}
	}
	v.fill.Flags = append(v.fill.Flags, FlagValue{Name: ff.Name, Value: value, Written: name, Attached: attached && value != ""})
	return nil
}

// describes reports whether a flag's description names value as a word
// (a choice list read from a default such as "t/f" can be narrower than
// the values the help describes).
func describes(desc, value string) bool {
	for _, w := range strings.FieldsFunc(desc, func(r rune) bool {
		return r == ' ' || r == ',' || r == '(' || r == ')' || r == ';' || r == ':' || r == '"' || r == '\''
	}) {
		if w == value {
			return true
		}
	}
	return false
}

// matchChoice finds value among choices, ignoring case.
func matchChoice(value string, choices []string) (string, bool) {
	for _, c := range choices {
		if strings.EqualFold(c, value) {
			return c, true
		}
	}
	return "", false
}

// inCommand reports that the positionals given so far reached a command
// the tool runs (parallel's "command [arguments]"): what follows is that
// command's, flags included, and is not checked against the tool's flags.
func (v *validator) inCommand() bool {
	for i, p := range v.picked().Positionals {
		if p.Command {
			return len(v.fill.Positionals) > i
		}
	}
	return false
}

// positional records a positional argument. Anything written like a flag
// is refused, quoted or not (the program sees it as an option either way),
// so a flag outside the form cannot slip in this way. A quoted shell
// operator from a legacy reply is an ordinary argument.
func (v *validator) positional(p string, quoted bool) error {
	if p == "" || !quoted && strings.TrimSpace(p) == "" {
		// a quoted blank stays: tr -s ' '
		return nil
	}
	if !quoted && shellOperators[strings.TrimSpace(p)] {
		return invalid("%q is a shell operator; give the arguments of one command only", p)
	}
	if looksLikeFlag(p) && !v.inCommand() {
		head, _, _ := strings.Cut(strings.Fields(p)[0], "=")
		if _, known := v.idx[head]; known {
			return invalid("%s is a flag: put it in flags, not positionals", head)
		}
		return v.unknown(head)
	}
	v.fill.Positionals = append(v.fill.Positionals, p)
	return nil
}
