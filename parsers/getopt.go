package parsers

// getoptParser reads the hand-written help of C tools built on getopt:
// "  -t INT   number of threads [1]" rows, grouped under headings, with
// descriptions wrapped onto deeper-indented lines, short and long names
// ("-@, --threads INT", "-s/--skip <int>") and defaults in brackets, or in
// parentheses when the help says so.
type getoptParser struct{}

// Name returns "getopt".
func (getoptParser) Name() string { return "getopt" }

// Parse reads a getopt-style help text. Flags shown only in the usage line
// ("-x <index>") are added, and flags written there outside brackets are
// marked required.
func (getoptParser) Parse(help string) (*Schema, error) {
	d, err := newDoc(help)
	if err != nil {
		return nil, err
	}
	s := d.schema("getopt")
	s.Description = d.summary()
	d.scan(s, scanConfig{parens: d.mentionsParenDefaults()})
	s.Flags = describeFromGlossary(mergeUsageFlags(s.Flags, usageFlags(d.usage), true), help)
	s.Positionals = d.usagePositionals()
	return s, nil
}
