package parsers

// genericParser is the fallback for help in no known framework's style. It
// reads everything the getopt parser does and also single-dash long flags
// with the description on the next line ("-outfmt <String>"), names packed
// with commas ("--INPUT,-I <File>"), placeholders glued to the text
// ("<Integer>When"), typed placeholders with allowed values
// ("<String, `a', `b'>"), and key=value options ("in=<file>"), which it
// records with Style "kv" and the bare key as Name.
type genericParser struct{}

// Name returns "generic".
func (genericParser) Name() string { return "generic" }

// Parse reads any help text as well as it can.
func (genericParser) Parse(help string) (*Schema, error) {
	d, err := newDoc(help)
	if err != nil {
		return nil, err
	}
	s := d.schema("generic")
	s.Description = d.summary()
	d.scan(s, scanConfig{kv: true, parens: d.mentionsParenDefaults()})
	s.Flags = describeFromGlossary(mergeUsageFlags(s.Flags, usageFlags(d.usage), true), help)
	s.Positionals = d.usagePositionals()
	return s, nil
}
