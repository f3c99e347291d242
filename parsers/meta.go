package parsers

import (
	"regexp"
	"strconv"
	"strings"
)

// valueInfo reads the value tokens of a flag: the placeholder as written
// (outer brackets removed), the allowed choices, and whether the value is
// optional or may be given several times.
type valueInfo struct {
	placeholder string
	choices     []string
	optional    bool
	repeat      bool
}

// quotedRE finds 'x', `x' and "x" items, as in typed placeholders like
// <String, Permissible values: 'fast' 'slow' >.
var quotedRE = regexp.MustCompile("[`'\"]([^`'\"\\s]+)['\"]")

// readValues interprets value tokens such as "INT", "<int>", "[=STR]",
// "{a,b}", "[a|b]", "a|b|c", "TFILE [TFILE ...]", "[CFILE ...]" and
// "<String, `both', `plus'>".
func readValues(vals []string) valueInfo {
	var vi valueInfo
	var parts []string
	for _, v := range vals {
		if v == "..." || v == "[...]" || v == "…" {
			vi.repeat = true
			continue
		}
		if strings.HasSuffix(v, "...") {
			v, vi.repeat = strings.TrimSpace(strings.TrimSuffix(v, "...")), true
		}
		switch {
		case strings.HasPrefix(v, "="):
			parts = append(parts, v[1:])
		case wrapped(v, '[', ']'):
			inner := strings.TrimSpace(v[1 : len(v)-1])
			switch {
			case strings.HasSuffix(inner, "..."):
				// "[TFILE ...]": more of the same value
				vi.repeat = true
				inner = strings.TrimSpace(strings.TrimSuffix(inner, "..."))
				if len(parts) > 0 && parts[len(parts)-1] == inner {
					continue
				}
				if len(parts) == 0 {
					vi.optional = true
				}
				parts = append(parts, inner)
			case strings.HasPrefix(inner, "="):
				vi.optional = true
				parts = append(parts, inner[1:])
			case strings.Contains(inner, "|") && simpleChoices(inner, "|") != nil:
				// click renders a Choice as [a|b|c]
				vi.choices = simpleChoices(inner, "|")
				parts = append(parts, inner)
			default:
				if len(parts) == 0 {
					vi.optional = true
				}
				parts = append(parts, inner)
			}
		case wrapped(v, '{', '}'):
			inner := v[1 : len(v)-1]
			vi.choices = splitList(inner, ",")
			parts = append(parts, inner)
		case wrapped(v, '<', '>'):
			inner := strings.TrimSpace(v[1 : len(v)-1])
			if k := strings.IndexByte(inner, ','); k > 0 {
				// "<String, `both', `minus'>": a type, then constraints
				for _, m := range quotedRE.FindAllStringSubmatch(inner[k:], -1) {
					vi.choices = append(vi.choices, m[1])
				}
				inner = strings.TrimSpace(inner[:k])
			}
			parts = append(parts, inner)
		default:
			if c := simpleChoices(v, "|"); c != nil {
				vi.choices = c
			}
			parts = append(parts, v)
		}
	}
	vi.placeholder = strings.TrimSpace(strings.Join(parts, " "))
	return vi
}

// simpleChoices splits s on sep when every part is a plain word ("0|1|2",
// "tsv|json|yaml"); otherwise it returns nil ("u|b|v|z[0-9]" is a format,
// not a list).
func simpleChoices(s, sep string) []string {
	if !strings.Contains(s, sep) {
		return nil
	}
	parts := strings.Split(s, sep)
	for _, p := range parts {
		if p == "" {
			return nil
		}
		for i := 0; i < len(p); i++ {
			c := p[i]
			if !isLetter(c) && !isDigit(c) && c != '_' && c != '-' && c != '.' && c != '+' {
				return nil
			}
		}
	}
	return parts
}

// splitList splits a choice list on sep, trimming spaces and quotes and
// dropping empty items.
func splitList(s, sep string) []string {
	var out []string
	for _, p := range strings.Split(s, sep) {
		p = unquote(strings.TrimSpace(p))
		if p != "" {
			out = append(out, p)
		}
	}
	return out
}

// inferType maps a placeholder to a ParamType: no value → bool, INT/NUM →
// int, FLOAT → float, FILE/PATH/DIR or a file name → file, choices →
// choice, anything else → string.
func inferType(placeholder string, choices []string) string {
	if len(choices) > 0 {
		return "choice"
	}
	p := strings.TrimSpace(placeholder)
	if p == "" {
		return "bool"
	}
	words := strings.FieldsFunc(p, func(r rune) bool { return r == ' ' || r == '_' })
	if len(words) == 0 {
		return "string"
	}
	switch strings.ToLower(words[0]) {
	case "int", "integer", "num", "number", "n", "count", "uint", "long", "short",
		"int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64":
		return "int"
	case "float", "double", "real", "float32", "float64", "decimal":
		return "float"
	}
	if fileLike(p) {
		return "file"
	}
	return "string"
}

// fileExtRE matches file-name placeholders such as in.bam or out.fq.gz.
var fileExtRE = regexp.MustCompile(`^[\w-]+(?:\.[A-Za-z][A-Za-z0-9]{0,5})+$`)

// fileLike reports whether a placeholder names a file or directory.
func fileLike(p string) bool {
	l := strings.ToLower(p)
	if strings.Contains(l, "type") || strings.Contains(l, "format") {
		return false // "filetype", "FILE_FORMAT" name a kind, not a file
	}
	if strings.Contains(l, "file") || strings.Contains(l, "path") {
		return true
	}
	for _, w := range strings.FieldsFunc(l, func(r rune) bool { return r == ' ' || r == '/' || r == '_' || r == '-' }) {
		if strings.HasSuffix(w, "dir") || strings.HasSuffix(w, "directory") || w == "folder" {
			return true
		}
	}
	return fileExtRE.MatchString(p)
}

// isBoolWord reports whether a placeholder names a boolean value
// ("<Boolean>" in Java and C++ toolkits), which is a value flag with two
// choices.
func isBoolWord(p string) bool {
	switch strings.ToLower(p) {
	case "bool", "boolean", "bool_value":
		return true
	}
	return false
}

var (
	// clap: [default: x], [possible values: a, b]
	bracketDefaultRE = regexp.MustCompile(`\s*\[default: ([^\]]*)\]`)
	possibleRE       = regexp.MustCompile(`\s*\[possible values: ([^\]]*)\]`)
	// prose: "Possible values: {a, b}" or "Possible values: a, b."
	bulletTypeRE    = regexp.MustCompile(`(?:^|\s)- \((INTEGER|INT|FLOAT|STRING|TEXT|FILE)\)`)
	listValueRE     = regexp.MustCompile(`(?:^|\s)- ([\w.+-]+):`)
	possibleProseRE = regexp.MustCompile(`(?i)possible values:\s*(\{[^}]*\}|[\w.+-]+(?:,\s*[\w.+-]+)+)`)
	// cmdline.h style: "(int [=4])", "(string [=])" at the end
	typedDefaultRE = regexp.MustCompile(`\s*\((string|int|long|float|double|bool) \[=([^\]]*)\]\)\s*$`)
	// "(default "x")" and "(default: x)" / "(default x)" / "(default=x)"
	parenQuotedDefaultRE = regexp.MustCompile(`\((?i:default)[:=]?\s*"((?:[^"\\]|\\.)*)"\)`)
	parenDefaultRE       = regexp.MustCompile(`\((?i:default)(?:[:=]\s*|\s+)([^()"]+)\)`)
	// sentence form: "Default: 1", "DEFAULT: "NA"", "Default value: 5.",
	// "Default = `10'", at the end or ending a sentence, so that
	// "Default: allow both ..." (prose) is not read as "allow"
	sentenceDefaultRE = regexp.MustCompile("(?i)^default(?: value)?(?: is)?\\s*[:=]\\s*(\"[^\"]*\"|'[^']*'|`[^']*'|\\S+?)(?:\\s*\\([^()]*\\))?(?:[.;,]?\\s*$|[.;]\\s)")
	equalsDefaultRE   = regexp.MustCompile(`\(=([^()]*)\)\s*\.?$`)
	tailBracketRE     = regexp.MustCompile(`\[([^\[\]\s]*)\]\s*\.?$`)
	tailParenRE       = regexp.MustCompile(`\(([^()\s]+)\)\s*\.?$`)
	requiredRE        = regexp.MustCompile(`(?:^|[.!;]\s+|\s)(?:Required|REQUIRED)(?:[.!]|\s*$)|\[required\]`)
	repeatRE          = regexp.MustCompile(`(?i)\b(?:can|may|could)\s+be\s+(?:specified|given|used|repeated|supplied|provided|passed)\s+(?:\S+\s+)?(?:multiple|several|many|more than once|0 or more)|\bcan\s+specify\s+multiple\s+times|\bspecified\s+0\s+or\s+more\s+times`)
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
	if k := strings.Index(desc, "Possible values: - "); k >= 0 && len(f.Choices) == 0 {
		// clap's long help lists values as "- auto: text" rows
		for _, m := range listValueRE.FindAllStringSubmatch(desc[k+len("Possible values:"):], -1) {
			f.Choices = append(f.Choices, m[1])
		}
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
	if strings.Contains(desc, "- (") && f.Placeholder == "" && len(f.Choices) == 0 {
		if m := bulletTypeRE.FindStringSubmatch(desc); m != nil {
			// "- (INTEGER)": a bullet naming the value type of an option
			// whose row shows no placeholder
			f.Placeholder = m[1]
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

// finishFlags builds the flags of one entry: one flag, or one per name
// when the names are alternatives ("--fr/--rf/--ff").
func finishFlags(sp flagSpec, desc []string, parens bool) []Flag {
	if !sp.alternatives() {
		return []Flag{finishFlag(sp, desc, parens)}
	}
	k := 0
	for _, g := range sp.groups {
		k = max(k, len(g))
	}
	var out []Flag
	if k == 1 {
		// "--shout / --no-shout": one flag per name
		for _, g := range sp.groups {
			one := sp
			one.names = g
			out = append(out, finishFlag(one, desc, parens))
		}
		return out
	}
	// "-c/C, --min-ac/--max-ac": the j-th names of the groups go together;
	// a lone name goes with the first.
	for j := 0; j < k; j++ {
		one := sp
		one.names = nil
		for _, g := range sp.groups {
			if len(g) == k {
				one.names = append(one.names, g[j])
			} else if j == 0 {
				one.names = append(one.names, g...)
			}
		}
		out = append(out, finishFlag(one, desc, parens))
	}
	return out
}

// finishFlag builds a Flag from a spec and its description.
func finishFlag(sp flagSpec, desc []string, parens bool) Flag {
	name, aliases := canonical(sp.names)
	vals := sp.values
	if sp.glued != "" {
		vals = append([]string{sp.glued}, vals...)
	}
	vi := readValues(vals)
	f := Flag{
		Name:          name,
		Aliases:       aliases,
		Placeholder:   vi.placeholder,
		Choices:       vi.choices,
		OptionalValue: vi.optional,
		Repeatable:    vi.repeat || sp.repeat,
	}
	f.Description = descMeta(&f, desc, parens)
	setType(&f)
	return f
}

// setType fills ParamType from the placeholder and choices; boolean and
// list-typed values get their implied choices and repeatability.
func setType(f *Flag) {
	if isBoolWord(f.Placeholder) && len(f.Choices) == 0 {
		f.Choices = []string{"true", "false"}
	}
	switch strings.ToLower(f.Placeholder) {
	case "strings", "stringslice", "stringarray", "intslice":
		f.Repeatable = true
	}
	f.ParamType = inferType(f.Placeholder, f.Choices)
}
