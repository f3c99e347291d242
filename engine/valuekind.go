package engine

import (
	"fmt"
	"regexp"
	"strings"
)

// kindMismatches is the pass that checks each flag value's kind against
// the type the help gives the flag: a number or a region where the help
// reads a file, a file, a word or a percentage where it reads an integer,
// a file, a word or a percentage where it reads a number. A value of the
// wrong kind ("-R 7" for a regions file) makes the command unsure; each
// one is named in the evidence.
func (m *mapper) kindMismatches(f *Fill, c *candidate) []string {
	var out []string
	for _, fv := range f.Flags {
		if !fv.HasValue || fv.Value == "" || strings.HasPrefix(fv.Value, "<") {
			continue
		}
		fd, ok := LookupFlag(c.flags, fv.Name)
		if !ok {
			continue
		}
		if why := kindMismatch(fd, fv.Value); why != "" {
			line := fmt.Sprintf("%s %s %s", fv.Name, fv.Value, why)
			m.evidence = append(m.evidence, "value kind: "+line)
			out = append(out, line)
		}
	}
	return out
}

// sizeRE is a size with a unit and a fraction ("4.6m"), which flags read
// as integers take.
var sizeRE = regexp.MustCompile(`^\d+\.\d+[kKmMgGtT][bB]?$`)

// kindMismatch says why a value does not fit a flag's type, or "".
func kindMismatch(fd FlagDoc, v string) string {
	file := FileType(v) != ""
	switch fd.ParamType {
	case "int":
		if !intRE.MatchString(v) && !sizeRE.MatchString(v) {
			return "is not an integer, as the help reads the flag"
		}
	case "float":
		if file || strings.HasSuffix(v, "%") || !floatRE.MatchString(v) {
			return "is not a plain number, as the help reads the flag"
		}
	case "file":
		if !file && (numberRE.MatchString(v) || regionRE.MatchString(v)) {
			return "is a number or a region where the help reads a file"
		}
	}
	return ""
}
