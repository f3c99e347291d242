package parsers

// clapParser reads help printed by Rust's clap: the "Options:" /
// "Arguments:" layout of clap 3 and 4 and the "FLAGS:" / "OPTIONS:" /
// "ARGS:" layout of clap 2, with descriptions on the same line or on the
// following lines (long help), "<VALUE>" placeholders, "..." for
// repeatable flags and arguments, "[default: x]", "[possible values: a,
// b]" and the long-help "Possible values:" list.
type clapParser struct{}

// Name returns "clap".
func (clapParser) Name() string { return "clap" }

// Parse reads a clap help text. Positionals come from the arguments
// section, or from the usage line when there is none.
func (clapParser) Parse(help string) (*Schema, error) {
	d, err := newDoc(help)
	if err != nil {
		return nil, err
	}
	s := d.schema("clap")
	s.Description = d.summary()
	d.scan(s, scanConfig{})
	s.Flags = mergeUsageFlags(s.Flags, usageFlags(d.usage), false)
	s.Positionals = d.sectionPositionals("arguments", "args")
	if s.Positionals == nil {
		s.Positionals = d.usagePositionals()
	}
	return s, nil
}
