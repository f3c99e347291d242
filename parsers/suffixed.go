package parsers

import (
	"slices"
	"strings"

	"github.com/traitome/oxo-call/internal/lazyre"
)

var (
	// "for --un, --al, --un-conc, or --al-conc, add '-gz' to the option
	// name": a note that makes more flags out of the listed ones
	suffixNoteRE = lazyre.New(`(?i)\bfor\s+((?:--?[A-Za-z][\w-]*\s*,?\s*(?:or\s+|and\s+)?)+)add\s+'-?\w+'\s+to\s+the\s+option\s+name`)
	noteFlagRE   = lazyre.New(`--?[A-Za-z][\w-]*`)
	// each "add '-gz' [to the option name, e.g. --un-gz <path>,] to gzip
	// compress output": the suffix and what it does
	suffixPurposeRE = lazyre.New(`(?i)\badd\s+'(-?\w+)'\s+(?:to\s+the\s+option\s+name(?:,?\s*e\.g\.\s*[^,]*)?,?\s*)?to\s+([^,.;)]+)`)
)

// suffixedFlags returns the flags a note of the help makes by adding a
// suffix to the names of listed flags (bowtie2, hisat2: "for --un, --al,
// --un-conc, or --al-conc, add '-gz' to the option name, e.g. --un-gz
// <path>, to gzip compress output, or add '-bz2' to bzip2 compress
// output"). Each takes its base flag's value and help, and says what the
// suffix does. A name the table already has is not made again.
func suffixedFlags(lines []string, flags []Flag) []Flag {
	var out []Flag
	for i, l := range lines {
		if !strings.Contains(strings.ToLower(l), "add '") {
			continue
		}
		// the note may open on the line before and go on to the next two
		text := strings.Join(lines[max(i-1, 0):min(i+3, len(lines))], " ")
		text = strings.Join(strings.Fields(text), " ")
		m := suffixNoteRE.FindStringSubmatchIndex(text)
		if m == nil {
			continue
		}
		bases := noteFlagRE.FindAllString(text[m[2]:m[3]], -1)
		for _, sp := range suffixPurposeRE.FindAllStringSubmatch(text[m[2]:], -1) {
			suffix, purpose := sp[1], strings.TrimSpace(sp[2])
			if !strings.HasPrefix(suffix, "-") {
				suffix = "-" + suffix
			}
			for _, b := range bases {
				j := slices.IndexFunc(flags, func(f Flag) bool { return f.Name == b || slices.Contains(f.Aliases, b) })
				if j < 0 {
					continue
				}
				name := b + suffix
				if hasFlagName(flags, name) || hasFlagName(out, name) {
					continue
				}
				f := flags[j]
				f.Name, f.Aliases = name, nil
				f.Description = strings.TrimRight(f.Description, ". ") + ", " + purpose
				out = append(out, f)
			}
		}
	}
	return out
}

// hasFlagName reports a flag of flags named n.
func hasFlagName(flags []Flag, n string) bool {
	return slices.ContainsFunc(flags, func(f Flag) bool { return f.Name == n || slices.Contains(f.Aliases, n) })
}
