package parsers

import (
	"strings"

	"github.com/traitome/oxo-call/internal/lazyre"
)

// paramListParser reads parameter lists written as a name at the margin,
// its default after a gap, then an indented "type: description" line
// (STAR's --help):
//
//	runThreadN                      1
//	    int: number of threads to run STAR
//
// Names carry no dashes in such lists; on the command line they take two
// ("--runThreadN"). Indented "value ... meaning" rows under a parameter
// are its choices.
type paramListParser struct{}

// Name implements Parser.
func (paramListParser) Name() string { return "paramlist" }

var (
	paramNameRE   = lazyre.New(`^([A-Za-z][A-Za-z0-9_]*)(?:\s+(\S.*))?$`)
	paramTypeRE   = lazyre.New(`^\s+(int|string|double|real|float|bool|char|uint)(\(s\))?[^:]*:\s*(.*)$`)
	paramChoiceRE = lazyre.New(`^\s+(\S+)\s+\.\.\.\s*(.*)$`)
)

// Parse implements Parser.
func (paramListParser) Parse(help string) (*Schema, error) {
	d, err := newDoc(help)
	if err != nil {
		return nil, err
	}
	s := &Schema{Parser: "paramlist"}
	ls := d.lines
	for i, l := range ls {
		if u, ok := strings.CutPrefix(strings.TrimSpace(l), "Usage:"); ok {
			s.Usage = append(s.Usage, strings.TrimSpace(u))
			if s.Description == "" && i+1 < len(ls) {
				s.Description = strings.TrimSpace(ls[i+1])
			}
		}
	}
	for i := 0; i+1 < len(ls); i++ {
		m := paramNameRE.FindStringSubmatch(ls[i])
		if m == nil {
			continue
		}
		t := paramTypeRE.FindStringSubmatch(ls[i+1])
		if t == nil {
			continue
		}
		s.OptionLines++
		s.ParsedLines++
		f := Flag{Name: "--" + m[1], ParamType: paramType(t[1]), Repeatable: t[2] != "", Description: strings.TrimSpace(t[3])}
		if d := strings.TrimSpace(m[2]); d != "" && d != "-" {
			f.Default = d
		}
		j := i + 2
		for ; j < len(ls) && !isBlank(ls[j]) && paramNameRE.FindStringSubmatch(ls[j]) == nil; j++ {
			if c := paramChoiceRE.FindStringSubmatch(ls[j]); c != nil && validCommandName(c[1]) {
				f.Choices = append(f.Choices, c[1])
			}
		}
		if len(f.Choices) > 1 && f.ParamType == "string" && !f.Repeatable {
			f.ParamType = "choice"
		} else {
			f.Choices = nil
		}
		s.Flags = append(s.Flags, f)
		i = j - 1
	}
	return s, nil
}

// paramType maps a parameter list's type word to a ParamType.
func paramType(w string) string {
	switch w {
	case "int", "uint":
		return "int"
	case "double", "real", "float":
		return "float"
	case "bool":
		return "string" // written as a word (Yes/No, True/False), not a switch
	}
	return "string"
}
