package parsers

import (
	"strings"

	"github.com/traitome/oxo-call/internal/lazyre"
)

// envoptParser reads help that prints every option as a block of lines at
// the margin: the names and the value form, the description, then the
// environment variable that also sets the option, whether it is mandatory
// and its default (exonerate and its fasta utilities):
//
//	-f --fasta <path>
//	Fasta input file
//	Environment variable: $EXONERATE_FASTASPLIT_FASTA (Not set)
//	*** This argument is mandatory ***
//	 <*** not set ***>
//	-c --chunk
//	Number of chunks to generate
//	Environment variable: $EXONERATE_FASTASPLIT_CHUNK (Not set)
//	Default: "2"
//
// A value form is shown only for some options: a switch is an option
// without one whose default is "TRUE" or "FALSE"; any other default means
// the option takes a value of that default's kind ("-c --chunk", "2").
// The mandatory options may also be given by place, in the order of the
// "Synopsis:" line ("fastasplit <path> <dirpath>").
type envoptParser struct{}

// Name returns "envopt".
func (envoptParser) Name() string { return "envopt" }

var (
	// envLineRE is the line that closes an option's description.
	envLineRE = lazyre.New(`^Environment variable: \$`)
	// envDefaultRE is the option's default, quoted.
	envDefaultRE = lazyre.New(`^Default: "(.*)"\s*$`)
	// envSummaryRE is the "program: what it does" line under the banner.
	envSummaryRE = lazyre.New(`^[\w.+-]+: \S`)
)

// envMandatory marks an option that must be given.
const envMandatory = "*** This argument is mandatory ***"

// envMaxDesc bounds how many lines an option's description may run
// before its "Environment variable:" line.
const envMaxDesc = 40

// Parse reads a help text in this style.
func (envoptParser) Parse(help string) (*Schema, error) {
	d, err := newDoc(help)
	if err != nil {
		return nil, err
	}
	s := d.schema("envopt")
	s.Description = envSummary(d)
	syn := envSynopsis(d.lines)
	if len(s.Usage) == 0 {
		s.Usage = syn
	}
	ls := d.lines
	for i := 0; i < len(ls); i++ {
		l := ls[i]
		names, value, head := envHead(l)
		if !head {
			if _, off := indentOf(l); looksLikeOption(strings.TrimSpace(l[off:])) {
				s.OptionLines++
			}
			continue
		}
		s.OptionLines++
		env := envLineAfter(ls, i)
		if env < 0 {
			continue
		}
		s.ParsedLines++
		var desc []string
		for _, m := range ls[i+1 : env] {
			if !isBlank(m) {
				desc = append(desc, strings.TrimSpace(m))
			}
		}
		f := envFlag(names, value, desc)
		j := env + 1
	meta:
		for ; j < len(ls); j++ {
			t := strings.TrimSpace(ls[j])
			switch {
			case t == envMandatory:
				// the program fills mandatory options from the
				// words left over on its command line, in order
				f.Required, f.ByPosition = true, true
			case t == "<*** empty list ***>":
				f.Repeatable = true
			case wrapped(t, '<', '>') && strings.HasPrefix(ls[j], " "):
				// " <*** not set ***>": the value now set
			case strings.HasPrefix(t, "Using: <"):
				// "Using: <TRUE>": the value this run uses
			case envDefaultRE.MatchString(t):
				f.Default = envDefaultRE.FindStringSubmatch(t)[1]
			default:
				break meta
			}
		}
		envType(&f)
		s.Flags = append(s.Flags, f)
		i = j - 1
	}
	s.Flags = dedupeFlags(s.Flags)
	d.valued = map[string]bool{}
	for _, f := range s.Flags {
		if f.ParamType != "bool" {
			for _, n := range append([]string{f.Name}, f.Aliases...) {
				d.valued[n] = true
			}
		}
	}
	if len(syn) > 0 {
		s.Positionals = placePositionals(usagePositionalsWith(syn[0], d.valued), s.Flags)
	} else {
		s.Positionals = d.usagePositionals()
	}
	return s, nil
}

// envHead reads an option's first line, written at the margin: its names
// ("-f --fasta") and the value form in angle brackets ("<path>",
// "<alignment model>", "<id | len | seq>") when the help shows one.
func envHead(l string) (names []string, value string, ok bool) {
	if l == "" || l[0] != '-' {
		return nil, "", false
	}
	rest := strings.TrimSpace(l)
	if k := strings.IndexByte(rest, '<'); k >= 0 {
		value = strings.TrimSpace(rest[k:])
		if !wrapped(value, '<', '>') || strings.Count(value, "<") != 1 {
			return nil, "", false
		}
		rest = rest[:k]
	}
	names = strings.Fields(rest)
	if len(names) == 0 || len(names) > 3 {
		return nil, "", false
	}
	for _, n := range names {
		if !isFlagName(n) {
			return nil, "", false
		}
	}
	return names, value, true
}

// envLineAfter returns the index of the "Environment variable:" line that
// closes the option whose first line is at i, or -1 when another option
// starts first or the line is not near.
func envLineAfter(ls []string, i int) int {
	for j := i + 1; j < len(ls) && j <= i+envMaxDesc; j++ {
		if envLineRE.MatchString(ls[j]) {
			return j
		}
		if _, _, head := envHead(ls[j]); head {
			return -1
		}
	}
	return -1
}

// envFlag builds the flag of one option from its names, its value form as
// written and its description lines.
func envFlag(names []string, value string, desc []string) Flag {
	name, aliases := canonical(names)
	f := Flag{Name: name, Aliases: aliases, Description: collapse(strings.Join(desc, " "))}
	if value == "" {
		return f
	}
	inner := strings.TrimSpace(value[1 : len(value)-1])
	f.Placeholder = inner
	if c := readValues([]string{inner}).choices; len(c) > 1 {
		f.Choices = c // "<[q|t]>"
		return f
	}
	parts := splitList(inner, "|")
	if len(parts) < 2 {
		return f
	}
	for _, p := range parts {
		if fileLike(p) || strings.ContainsAny(p, " \t") {
			// "<path | stdin>": a file, or a word that stands for one
			return f
		}
	}
	if simpleChoices(strings.Join(parts, "|"), "|") != nil {
		f.Choices = parts // "<id | len | seq>"
	}
	return f
}

// envType sets the type from the value form and the default: an option
// with no value form is a switch when its default is "TRUE" or "FALSE"
// (or when it has no default and is not mandatory), else it takes a value
// like its default; a value form that says no kind
// ("<threshold>", "<level>") takes the default's kind when that is a
// number.
func envType(f *Flag) {
	if f.Default == "NULL" {
		f.Default = "" // a value never set
	}
	if f.Placeholder == "" && len(f.Choices) == 0 {
		switch {
		case f.Default == "TRUE" || f.Default == "FALSE":
			// a switch that also reads a yes/no word after it: "-E
			// a.fa" is read as "-E a.fa", not as a switch and a file
			f.ParamType, f.OptionalValue = "bool", true
		case intRE.MatchString(f.Default):
			f.ParamType = "int"
		case floatRE.MatchString(f.Default):
			f.ParamType = "float"
		case f.Default == "" && !f.Required:
			f.ParamType = "bool"
		default:
			f.ParamType = "string"
		}
		return
	}
	setType(f)
	switch {
	case f.ParamType == "string" && intRE.MatchString(f.Default):
		f.ParamType = "int"
	case (f.ParamType == "string" || f.ParamType == "int") && floatRE.MatchString(f.Default):
		f.ParamType = "float"
	}
}

// placePositionals gives the synopsis's positionals the description and
// type of the mandatory options they stand for: the program fills its
// mandatory options, in the order listed, from the words given by place.
// They are matched only when the synopsis names one per mandatory option,
// each with that option's value form.
func placePositionals(ps []Positional, flags []Flag) []Positional {
	var mandatory []Flag
	for _, f := range flags {
		if f.Required {
			mandatory = append(mandatory, f)
		}
	}
	if len(mandatory) != len(ps) {
		return ps
	}
	for k, p := range ps {
		if envWord(p.Name) != envWord(mandatory[k].Placeholder) {
			return ps
		}
	}
	for k := range ps {
		f := mandatory[k]
		ps[k].Description = f.Description
		if f.ParamType != "bool" && f.ParamType != "choice" {
			ps[k].ParamType = f.ParamType
		}
		ps[k].Repeatable = ps[k].Repeatable || f.Repeatable
	}
	return ps
}

// envWord is a value name without brackets, spaces and case: the usage
// reader writes "<path | stdin>" as "<path|stdin>".
func envWord(s string) string {
	s = strings.Trim(s, "<>[]")
	return strings.ToLower(strings.Join(strings.Fields(s), ""))
}

// envSynopsis returns the lines of the "Synopsis:" block, which holds the
// usage: the label, its underline of dashes, then lines up to a blank.
func envSynopsis(ls []string) []string {
	for i := 0; i+2 < len(ls); i++ {
		if strings.TrimSpace(ls[i]) != "Synopsis:" {
			continue
		}
		u := strings.TrimSpace(ls[i+1])
		if u == "" || strings.Trim(u, "-") != "" {
			continue
		}
		var out []string
		for _, l := range ls[i+2:] {
			if isBlank(l) {
				break
			}
			out = append(out, collapse(l))
		}
		return out
	}
	return nil
}

// envSummary returns the "program: what it does" line under the banner,
// else the shared summary.
func envSummary(d *doc) string {
	for _, l := range d.lines {
		t := strings.TrimSpace(l)
		if t == "Synopsis:" || envLineRE.MatchString(t) {
			break
		}
		if envSummaryRE.MatchString(t) && !versionRE.MatchString(t) {
			return collapse(t)
		}
	}
	return d.summary()
}
