package parsers

import "strings"

// sectionPositionals reads positionals from argument sections ("positional
// arguments:", "Arguments:", "ARGS:"): one row per argument, written bare
// ("input"), as "<FILE>" (required), "[path]" (optional), with "..." when
// repeatable, or as an argparse "{a,b,c}" choice. Whether an argument is
// optional is taken from the usage line when it shows the argument. It returns nil when
// none of the headings is present.
func (d *doc) sectionPositionals(headings ...string) []Positional {
	fromUsage := d.usagePositionals()
	var out []Positional
	for _, h := range headings {
		for _, it := range parseItems(section(d.lines, h), false) {
			p, ok := positionalFromToken(it.name)
			if !ok {
				continue
			}
			if len(p.Choices) > 0 {
				// the rows under a {a,b,c} row describe subcommands
				p.Description = collapse(it.same)
			} else {
				p.Description = it.desc()
				for _, u := range fromUsage {
					if u.Name == p.Name {
						// the usage shows brackets and "..." that a bare
						// row ("input") or a clap 2 row ("<FILE>") lacks
						p.Required = u.Required
						p.Repeatable = p.Repeatable || u.Repeatable
					}
				}
			}
			if m := possibleRE.FindStringSubmatch(p.Description); m != nil {
				p.Choices, p.ParamType = splitList(m[1], ","), "choice"
				p.Description = strings.TrimSpace(possibleRE.ReplaceAllString(p.Description, ""))
			}
			p.Position = len(out) + 1
			out = append(out, p)
		}
		if out != nil {
			return out
		}
	}
	return nil
}
