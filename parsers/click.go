package parsers

import (
	"strings"

	"github.com/traitome/oxo-call/internal/lazyre"
)

// clickParser reads help printed by Python's click, plain or drawn in
// panels by rich-click: "Usage: prog [OPTIONS] ARGS", an indented
// description, "Options:" and "Commands:" sections, rows such as
// "-o, --outdir TEXT", "--shout / --no-shout", "[a|b|c]" choices,
// "[default: x]" and "[required]". rich-click rows put the short alias in a
// column of its own ("--force  -f  text") and may append the value type to
// the description ("(PATH)", "(tsv|json|yaml)").
type clickParser struct{}

// Name returns "click".
func (clickParser) Name() string { return "click" }

// metavarTailRE matches a value type appended to a description: "(TEXT)",
// "(INTEGER RANGE)", "(a|b|c)".
var metavarTailRE = lazyre.New(`\s*\(([A-Z][A-Z0-9 _-]*|[\w.+-]+(?:\|[\w.+-]+)+)\)$`)

// Parse reads a click help text.
func (clickParser) Parse(help string) (*Schema, error) {
	d, err := newDoc(help)
	if err != nil {
		return nil, err
	}
	s := d.schema("click")
	s.Description = d.summary()
	d.scan(s, scanConfig{aliasColumn: true})
	for i := range s.Flags {
		f := &s.Flags[i]
		m := metavarTailRE.FindStringSubmatchIndex(f.Description)
		if f.Placeholder != "" || m == nil {
			continue
		}
		mv := f.Description[m[2]:m[3]]
		f.Description = strings.TrimSpace(f.Description[:m[0]])
		if c := simpleChoices(mv, "|"); c != nil {
			f.Choices = c
		}
		f.Placeholder = mv
		setType(f)
	}
	s.Positionals = d.usagePositionals()
	return s, nil
}
