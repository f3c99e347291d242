package parsers

import (
	"regexp"
	"strings"
)

// glossaryRE reads a line of a usage's glossary: the value name of the
// usage in angle brackets, then two spaces or more and what it is
// ("  <bt2-idx>  Index filename prefix (minus trailing .X.bt2).").
var glossaryRE = regexp.MustCompile(`^(\s{0,8})<([A-Za-z0-9][A-Za-z0-9_.-]*)>\s{2,}(\S.*)$`)

// glossary reads the descriptions a help gives its usage's value names
// apart from any option row (bowtie2, hisat2, bowtie: "-x <bt2-idx>" in
// the usage, "<bt2-idx>  Index filename prefix" below it), each with its
// continuation lines (indented past the name). A name described twice
// keeps its first description.
func glossary(help string) map[string]string {
	out := map[string]string{}
	lines := strings.Split(strings.ReplaceAll(help, "\r\n", "\n"), "\n")
	for i := 0; i < len(lines); i++ {
		m := glossaryRE.FindStringSubmatch(lines[i])
		if m == nil {
			continue
		}
		name, text := m[2], strings.TrimSpace(m[3])
		col := len(lines[i]) - len(m[3])
		for i+1 < len(lines) {
			next := lines[i+1]
			lead := len(next) - len(strings.TrimLeft(next, " \t"))
			if strings.TrimSpace(next) == "" || lead < col || glossaryRE.MatchString(next) {
				break
			}
			text += " " + strings.TrimSpace(next)
			i++
		}
		if _, ok := out[name]; !ok {
			out[name] = text
		}
	}
	return out
}

// describeFromGlossary gives a flag the help describes nowhere but in its
// usage ("-x <bt2-idx>") the glossary's description of its value name.
func describeFromGlossary(flags []Flag, help string) []Flag {
	var g map[string]string
	for i := range flags {
		f := &flags[i]
		if f.Description != "" || f.Placeholder == "" {
			continue
		}
		if g == nil {
			g = glossary(help)
		}
		if d, ok := g[strings.Trim(f.Placeholder, "<>")]; ok {
			f.Description = d
		}
	}
	return flags
}
