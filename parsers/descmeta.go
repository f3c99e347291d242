package parsers

import (
	"strconv"
	"strings"

	"github.com/traitome/oxo-call/internal/lazyre"
)

var (
	// clap: [default: x], [possible values: a, b]
	bracketDefaultRE = lazyre.New(`\s*\[default: ([^\]]*)\]`)
	possibleRE       = lazyre.New(`\s*\[possible values: ([^\]]*)\]`)
	// prose: "Possible values: {a, b}" or "Possible values: a, b."
	// "- (INTEGER)", and bedtools' bare "- FLOAT (e.g. 0.50)", "- STRING."
	bulletTypeRE    = lazyre.New(`(?:^|\s)- (?:\((INTEGER|INT|FLOAT|STRING|TEXT|FILE)\)|(INTEGER|INT|FLOAT|STRING|TEXT|FILE)(?:\.?$|\.? \())`)
	listValueRE     = lazyre.New(`(?:^|\s)- ([\w.+-]+):`)
	possibleAreRE   = lazyre.New(`(?i)possible values (?:for \S+ )?(?:are|include)\s+(.+?)(?:\.(?:\s|$)|$)`)
	possibleProseRE = lazyre.New(`(?i)possible values:\s*(\{[^}]*\}|[\w.+-]+(?:,\s*[\w.+-]+)+)`)
	// "(TYPE = one of "archaea", "bacteria", …)", "<string> must be one
	// of "very_fast", "fast", "sensitive" and "very_sensitive"": two or
	// more quoted words after "one of"
	quotedOneOfRE = lazyre.New(`(?i)\bone of:?\s*((?:"[^"\s]+"|'[^'\s]+')(?:\s*(?:,\s*(?:or\s+|and\s+)?|or\s+|and\s+)(?:"[^"\s]+"|'[^'\s]+'))+)`)
	quotedItemRE  = lazyre.New(`"([^"\s]+)"|'([^'\s]+)'`)
	// cmdline.h style: "(int [=4])", "(string [=])" at the end
	typedDefaultRE = lazyre.New(`\s*\((string|int|long|float|double|bool) \[=([^\]]*)\]\)\s*$`)
	// "(default "x")" and "(default: x)" / "(default x)" / "(default=x)"
	parenQuotedDefaultRE = lazyre.New(`\((?i:default)[:=]?\s*"((?:[^"\\]|\\.)*)"\)`)
	parenDefaultRE       = lazyre.New(`\((?i:default)(?:[:=]\s*|\s+)([^()"]+)\)`)
	// sentence form: "Default: 1", "DEFAULT: "NA"", "Default value: 5.",
	// "Default = `10'", at the end or ending a sentence, so that
	// "Default: allow both ..." (prose) is not read as "allow"
	sentenceDefaultRE = lazyre.New("(?i)^default(?: value)?(?: is)?\\s*[:=]\\s*(\"[^\"]*\"|'[^']*'|`[^']*'|\\S+?)(?:\\s*\\([^()]*\\))?(?:[.;,]?\\s*$|[.;]\\s)")
	// "dflt=6" ending a description (SRA Toolkit)
	dfltRE          = lazyre.New(`(?i)(?:^|[\s(])dflt\s*[=:]\s*([^\s,;()]+)\)?\.?\s*$`)
	equalsDefaultRE = lazyre.New(`\(=([^()]*)\)\s*\.?$`)
	// "sequence identity threshold, default 0.9": a number after a bare
	// "default" that opens the description or a clause of it
	bareDefaultRE = lazyre.New(`(?i)(?:^|[,;(]\s*)default\s+(-?\d+(?:\.\d+)?)(?:[\s,;)]|\.(?:\s|$)|$)`)
	// "output filename, required": "required" as one clause of a list
	commaRequiredRE = lazyre.New(`,\s*required(?:\s*[,;.)]|\s*$)`)
	tailBracketRE   = lazyre.New(`\[([^\[\]\s]*)\]\s*\.?$`)
	tailParenRE     = lazyre.New(`\(([^()\s]+)\)\s*\.?$`)
	requiredRE      = lazyre.New(`(?:^|[.!;]\s+|\s)(?:Required|REQUIRED)(?:[.!]|\s*$)|\[required\]`)
	// "Incompatible with:  db, gilist", "Mutually exclusive with
	// -o/--ofile.", "(conflicts with -m)", "Cannot be used with -incl"
	excludesRE = lazyre.New(`(?i)\b(?:incompatible|mutually exclusive|conflicts?|cannot be used|cannot be combined)\s+with(:?)\s*([^.;()*]*)`)
	repeatRE   = lazyre.New(`(?i)\b(?:can|may|could)\s+be\s+(?:specified|given|used|repeated|supplied|provided|passed)\s+(?:\S+\s+)?(?:multiple|several|many|more than once|0 or more)|\bcan\s+specify\s+multiple\s+times|\bspecified\s+0\s+or\s+more\s+times`)
)

// notDefaults are bracketed words that end descriptions without being a
// default value: "[default]" says the flag is the default behaviour.
var notDefaults = map[string]bool{
	"": true, "options": true, "option": true, "args": true, "arguments": true,
	"flags": true, "default": true, "optional": true, "required": true,
	"deprecated": true, "experimental": true,
}

// descMeta applies what a description (given as its lines) says about its flag: choices,
// default, required, repeatable, and (for "(int [=4])" suffixes) the value
// type. parens makes a trailing "(x)" a default, for helps that announce
// "defaults in parentheses". It returns the description with the
// machine-style annotations removed.
func descMeta(f *Flag, lines []string, parens bool) string {
	desc := collapse(strings.Join(lines, " "))
	if d, rest, ok := strings.Cut(desc, ")"); ok && strings.HasPrefix(d, "(=") && f.Default == "" {
		// Boost's "(=2500) Minimum size of a contig": the default first
		f.Default, desc = d[2:], strings.TrimSpace(rest)
	}
	// Each pattern runs only when its literal part is present: the
	// descriptions of long help run to kilobytes.
	lower := asciiLower(desc)
	if strings.Contains(desc, "[possible values:") {
		if m := possibleRE.FindStringSubmatch(desc); m != nil {
			if len(f.Choices) == 0 {
				f.Choices = splitList(m[1], ",")
			}
			desc = possibleRE.ReplaceAllString(desc, "")
		}
	}
	if strings.Contains(lower, "possible values:") && len(f.Choices) == 0 {
		if m := possibleProseRE.FindStringSubmatch(desc); m != nil {
			f.Choices = splitList(strings.Trim(strings.TrimRight(m[1], "."), "{}"), ",")
		}
	}
	if strings.Contains(lower, "possible values ") && len(f.Choices) == 0 {
		// "Possible values for <mode> are union, intersection-strict and
		// intersection-nonempty", "Possible values are sam (for text SAM
		// files) and bam (…)."
		if m := possibleAreRE.FindStringSubmatch(desc); m != nil {
			f.Choices = proseList(m[1])
		}
	}
	if strings.Contains(lower, "one of") && len(f.Choices) == 0 {
		if m := quotedOneOfRE.FindStringSubmatch(desc); m != nil {
			for _, q := range quotedItemRE.FindAllStringSubmatch(m[1], -1) {
				f.Choices = append(f.Choices, q[1]+q[2])
			}
		}
	}
	if k := strings.Index(desc, "Possible values: - "); k >= 0 && len(f.Choices) == 0 {
		// clap's long help lists values as "- auto: text" rows
		for _, m := range listValueRE.FindAllStringSubmatch(desc[k+len("Possible values:"):], -1) {
			f.Choices = append(f.Choices, m[1])
		}
	}
	if strings.Contains(lower, " with") {
		f.Excludes = excludedNames(desc)
	}
	known := f.Default != ""
	if strings.Contains(desc, "[default:") {
		if m := bracketDefaultRE.FindStringSubmatch(desc); m != nil {
			// click joins notes in one bracket: "[default: 1; required]"
			parts := strings.Split(m[1], "; ")
			f.Default, known = parts[0], true
			for _, p := range parts[1:] {
				f.Required = f.Required || p == "required"
			}
			desc = bracketDefaultRE.ReplaceAllString(desc, "")
		}
	}
	if strings.HasSuffix(desc, ")") && strings.Contains(desc, " [=") {
		if m := typedDefaultRE.FindStringSubmatch(tail(desc)); m != nil {
			if f.Placeholder == "" {
				f.Placeholder = m[1]
			}
			if !known {
				// "(string [=])" states that there is no default
				f.Default, known = m[2], true
			}
			desc = desc[:len(desc)-len(m[0])]
		}
	}
	if strings.Contains(desc, "- ") && f.Placeholder == "" && len(f.Choices) == 0 {
		if m := bulletTypeRE.FindStringSubmatch(desc); m != nil {
			// "- (INTEGER)", "- FLOAT (e.g. 0.50)": a bullet naming the
			// value type of an option whose row shows no placeholder
			f.Placeholder = m[1] + m[2]
		}
	}
	if strings.Contains(desc, "[required]") {
		f.Required = true
		desc = strings.TrimSpace(strings.ReplaceAll(desc, "[required]", ""))
	}
	if !known {
		f.Default = findDefault(desc, f.Placeholder == "" && len(f.Choices) == 0, parens)
		if f.Default == "" && len(lines) > 1 {
			// "[null]" ending the first line, before a list of values
			if m := tailBracketRE.FindStringSubmatch(tail(strings.TrimSpace(lines[0]))); m != nil && valueish(m[1]) {
				f.Default = m[1]
			}
		}
	}
	if (strings.Contains(desc, "Required") || strings.Contains(desc, "REQUIRED")) && requiredRE.MatchString(desc) {
		f.Required = true
	}
	if strings.Contains(desc, "required") && commaRequiredRE.MatchString(desc) {
		f.Required = true
	}
	if (strings.Contains(lower, "times") || strings.Contains(lower, "more than once")) && repeatRE.MatchString(desc) {
		f.Repeatable = true
	}
	return strings.TrimSpace(desc)
}

// tailLen is how much of the end of a description the end-anchored
// patterns look at.
const tailLen = 160

// tail returns the last tailLen bytes of s.
func tail(s string) string {
	if len(s) > tailLen {
		return s[len(s)-tailLen:]
	}
	return s
}

// asciiLower lower-cases ASCII letters only, so byte offsets into the
// result are offsets into s.
func asciiLower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'A' && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

// valueish reports whether a bracketed word at the end of a description
// can be a default value: it has a letter or digit, is not a word such as
// "[options]", and is not a flag name.
func valueish(s string) bool {
	if notDefaults[strings.ToLower(s)] || isFlagName(s) {
		return false
	}
	return hasLetter(s) || strings.ContainsAny(s, "0123456789")
}

// findDefault returns the default a description states, trying the forms
// from most to least explicit. For flags without a value only one-word
// defaults count: "(default: hidden files are skipped)" describes
// behaviour, not a value.
func findDefault(desc string, boolean, parens bool) string {
	maxWords := 3
	if boolean {
		maxWords = 1
	}
	lower := asciiLower(desc)
	if strings.Contains(lower, "(default") {
		if ms := parenQuotedDefaultRE.FindAllStringSubmatch(desc, -1); ms != nil {
			v := ms[len(ms)-1][1]
			if u, err := strconv.Unquote(`"` + v + `"`); err == nil {
				v = u
			}
			return v
		}
		if ms := parenDefaultRE.FindAllStringSubmatch(desc, -1); ms != nil {
			v := unquote(strings.TrimSpace(ms[len(ms)-1][1]))
			if n := len(strings.Fields(v)); n > 0 && n <= maxWords {
				return v
			}
		}
	}
	if v, ok := sentenceDefault(desc, lower); ok {
		return v
	}
	if strings.Contains(lower, "dflt") {
		// SRA Toolkit: "how many thread dflt=6", "size of file-buffer dflt=1MB"
		if m := dfltRE.FindStringSubmatch(desc); m != nil {
			return m[1]
		}
	}
	if strings.Contains(desc, "(=") {
		if m := equalsDefaultRE.FindStringSubmatch(tail(desc)); m != nil {
			return strings.TrimSpace(m[1])
		}
	}
	t := tail(desc)
	if m := tailBracketRE.FindStringSubmatch(t); m != nil && valueish(m[1]) {
		return m[1]
	}
	if parens {
		if m := tailParenRE.FindStringSubmatch(t); m != nil && valueish(m[1]) {
			return m[1]
		}
	}
	if strings.Contains(lower, "default ") {
		if m := bareDefaultRE.FindStringSubmatch(desc); m != nil {
			return m[1]
		}
	}
	return ""
}

// sentenceDefault finds the last "Default: x" sentence in desc; lower is
// desc in ASCII lower case. The pattern is tried only where the word
// "default" starts.
func sentenceDefault(desc, lower string) (string, bool) {
	v, found := "", false
	for from := 0; ; {
		k := strings.Index(lower[from:], "default")
		if k < 0 {
			return v, found
		}
		k += from
		from = k + len("default")
		if k > 0 && (isLetter(desc[k-1]) || isDigit(desc[k-1]) || desc[k-1] == '_') {
			continue
		}
		if m := sentenceDefaultRE.FindStringSubmatch(desc[k:]); m != nil {
			v, found = unquote(m[1]), true
		}
	}
}

// parenRE is a remark in parentheses.
var parenRE = lazyre.New(`\s*\([^()]*\)`)

// proseListItemRE is one value of a list written in prose.
var proseListItemRE = lazyre.New(`^[\w.+-]+$`)

// proseList reads "union, intersection-strict and intersection-nonempty"
// (remarks in parentheses left out) as values; it returns nil unless
// every part is one word and there are two or more.
func proseList(s string) []string {
	s = parenRE.ReplaceAllString(s, "")
	var out []string
	for _, part := range strings.Split(s, ",") {
		for _, w := range strings.Split(part, " and ") {
			for _, v := range strings.Split(w, " or ") {
				v = strings.Trim(strings.TrimSpace(v), "'\"`")
				v = strings.TrimPrefix(strings.TrimPrefix(v, "and "), "or ")
				if !proseListItemRE.MatchString(v) {
					return nil
				}
				out = append(out, v)
			}
		}
	}
	if len(out) < 2 {
		return nil
	}
	return out
}

// excludedNames reads the flags a description says its flag cannot be
// used with: names written with their dashes, or, after a colon
// ("Incompatible with:  subject, subject_loc"), bare; the list ends at
// the first word that is neither a name nor "or"/"and" ("Incompatible
// with callpeak --SPMR output" names none: its first word is prose).
func excludedNames(desc string) []string {
	var out []string
	for _, m := range excludesRE.FindAllStringSubmatch(desc, -1) {
		bare := m[1] == ":"
		for _, w := range strings.FieldsFunc(m[2], func(r rune) bool { return r == ',' || r == '/' || r == ' ' }) {
			if w == "or" || w == "and" {
				continue
			}
			name := strings.TrimRight(w, ":")
			if !flagNameLike(name, bare) {
				break
			}
			out = append(out, name)
		}
	}
	return out
}

// flagNameLike reports a word written as a flag's name: dashes and a
// letter, then letters, digits, dashes and underscores; with bare, the
// dashes may be left out.
func flagNameLike(w string, bare bool) bool {
	n := strings.TrimLeft(w, "-")
	if n == "" || n == w && !bare || len(w)-len(n) > 2 || !(n[0] >= 'a' && n[0] <= 'z' || n[0] >= 'A' && n[0] <= 'Z') {
		return false
	}
	for _, r := range n {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_') {
			return false
		}
	}
	return true
}
