package parsers

import (
	"errors"
	"strings"
)

// errEmpty is returned for a help text with nothing but whitespace.
var errEmpty = errors.New("help text is empty")

// doc is a help text prepared once for a parser: its normalised lines and
// the usage lines found in them.
type doc struct {
	lines []string
	usage []string
	// inUsage marks the lines that belong to usage blocks, which option
	// scanning skips.
	inUsage []bool
	// valued holds the names of the flags the option table gives a value
	// (filled by scan): in a usage line the plain word after one is its
	// value ("-i input -o output"), not a positional.
	valued map[string]bool
}

// newDoc normalises help and locates its usage block.
func newDoc(help string) (*doc, error) {
	text := normalize(help)
	if strings.TrimSpace(text) == "" {
		return nil, errEmpty
	}
	d := &doc{lines: splitLines(text)}
	d.usage, d.inUsage = findUsage(d.lines)
	return d, nil
}

// schema starts a Schema for parser name with the usage lines filled in.
func (d *doc) schema(name string) *Schema {
	return &Schema{Parser: name, Usage: d.usage, Stdin: d.stdinUsage()}
}

// scan reads the option entries of the whole text with cfg.
func (d *doc) scan(s *Schema, cfg scanConfig) {
	s.Flags, s.OptionLines, s.ParsedLines = scanFlags(d.lines, d.inUsage, cfg)
	listedFormats(d.lines, s.Flags)
	s.Flags = append(s.Flags, suffixedFlags(d.lines, s.Flags)...)
	d.valued = map[string]bool{}
	for _, f := range s.Flags {
		if f.ParamType != "bool" && f.ParamType != "" {
			for _, n := range append([]string{f.Name}, f.Aliases...) {
				d.valued[n] = true
			}
		}
	}
}

// usagePositionals reads positionals from the usage lines that choose a
// mode by a literal word (modePositionals), else from the first usage
// line that does more than ask for help ("Usage: last-dotplot --help",
// then "or: last-dotplot [options] maf-or-tab-alignments dotplot.png").
func (d *doc) usagePositionals() []Positional {
	if len(d.usage) == 0 {
		return nil
	}
	if ps := modePositionals(d.usage, d.valued); ps != nil {
		return ps
	}
	u := d.usage[0]
	if f := strings.Fields(u); len(f) == 2 && strings.HasPrefix(f[1], "-") && len(d.usage) > 1 {
		u = d.usage[1]
	}
	return usagePositionalsWith(u, d.valued)
}

// mentionsParenDefaults reports whether the help announces that defaults
// are shown in parentheses ("Options (defaults in parentheses):").
func (d *doc) mentionsParenDefaults() bool {
	for _, l := range d.lines {
		if strings.Contains(strings.ToLower(l), "defaults in parentheses") {
			return true
		}
	}
	return false
}
