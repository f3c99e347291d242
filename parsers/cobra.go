package parsers

// cobraParser reads help printed by Go's cobra library: a description,
// "Usage:", "Aliases:", "Examples:", "Available Commands:", "Flags:" and
// "Global Flags:" sections, and flag rows such as
// "  -t, --threads int   number of threads (default 4)", where a type word
// after the name means the flag takes a value and its absence means a
// boolean. List types (strings, stringArray) are repeatable.
type cobraParser struct{}

// Name returns "cobra".
func (cobraParser) Name() string { return "cobra" }

// Parse reads a cobra help text. Global flags are kept with the command's
// own flags, since they are accepted on the command line too.
func (cobraParser) Parse(help string) (*Schema, error) {
	d, err := newDoc(help)
	if err != nil {
		return nil, err
	}
	s := d.schema("cobra")
	s.Description = d.summary()
	d.scan(s, scanConfig{})
	s.Positionals = d.usagePositionals()
	return s, nil
}
