package parsers

import (
	"strconv"
	"strings"

	"github.com/traitome/oxo-call/internal/lazyre"
)

// goflagParser reads help printed by Go's standard flag package:
//
//	-name type
//	  	description (default x)
//	-v	description
//
// Each flag is "  -" and its name, then the value type (or the word the
// usage back-quotes) when the flag takes a value, then the description
// after a tab on the same line or on lines starting "    \t".
type goflagParser struct{}

// Name returns "goflag".
func (goflagParser) Name() string { return "goflag" }

var (
	goFlagRE    = lazyre.New(`^  -([^\s=-][^\s=]*)(?: (\S+))?(?:\t(.*))?$`)
	goDefaultRE = lazyre.New(`\(default (.*)\)$`)
)

// Parse reads a Go flag help text.
func (goflagParser) Parse(help string) (*Schema, error) {
	d, err := newDoc(help)
	if err != nil {
		return nil, err
	}
	s := d.schema("goflag")
	s.Description = d.summary()
	var cur *Flag
	var desc []string
	flush := func() {
		if cur != nil {
			goFinish(cur, desc)
			s.Flags = append(s.Flags, *cur)
			cur, desc = nil, nil
		}
	}
	for i, l := range d.lines {
		if d.inUsage[i] {
			flush()
			continue
		}
		if m := goFlagRE.FindStringSubmatch(l); m != nil {
			flush()
			s.OptionLines++
			s.ParsedLines++
			cur = &Flag{Name: "-" + m[1], Placeholder: m[2]}
			if m[3] != "" {
				desc = append(desc, m[3])
			}
			continue
		}
		if cur != nil && strings.HasPrefix(l, "    \t") {
			desc = append(desc, l[5:])
			continue
		}
		flush()
		if _, off := indentOf(l); looksLikeOption(l[off:]) {
			s.OptionLines++
		}
	}
	flush()
	s.Flags = dedupeFlags(s.Flags)
	s.Positionals = d.usagePositionals()
	return s, nil
}

// goFinish sets the description, default and type of a Go flag. The
// package prints string defaults quoted with %q.
func goFinish(f *Flag, desc []string) {
	f.Description = collapse(strings.Join(desc, " "))
	if m := goDefaultRE.FindStringSubmatch(f.Description); m != nil {
		f.Default = m[1]
		if u, err := strconv.Unquote(m[1]); err == nil {
			f.Default = u
		}
	}
	switch f.Placeholder {
	case "value", "duration":
		f.ParamType = "string"
	default:
		setType(f)
	}
}
