package parsers

import (
	"github.com/traitome/oxo-call/internal/lazyre"
	"strings"
	"unicode"
)

// usageLabel returns the length of a leading "Usage:", "usage:", "USAGE"
// or "SYNOPSIS" label in content (indentation removed) and where the text after it
// starts, or 0, 0. "Usage of prog:" (Go's flag package) introduces the
// flag list, not a usage line, and does not count.
func usageLabel(content string) (label, rest int) {
	// A man page's or Perl POD's "SYNOPSIS" heading, alone on its line,
	// holds the usage forms on the indented lines below it. "Synopsis:"
	// in mixed case is a one-line description (barrnap, prokka).
	if strings.TrimRight(content, " \t") == "SYNOPSIS" {
		return len("SYNOPSIS"), len(content)
	}
	if len(content) < 5 {
		return 0, 0
	}
	switch content[:5] {
	case "Usage", "usage", "USAGE":
	default:
		return 0, 0
	}
	j := 5
	for j < len(content) && content[j] == ' ' {
		j++
	}
	if j < len(content) && content[j] == ':' {
		j++
	} else if j < len(content) || content[:5] != "USAGE" && content[:5] != "Usage" {
		return 0, 0
	}
	for j < len(content) && (content[j] == ' ' || content[j] == '\t') {
		j++
	}
	return 5, j
}

// endsWithUsageLabel reports a line whose last sentence is a bare usage
// label ("gffread v0.12.7. Usage:"), or a program name and version before
// the label ("StringTie v2.2.1 usage:").
func endsWithUsageLabel(content string) bool {
	t := strings.TrimRight(content, " \t")
	for _, l := range []string{". Usage:", ". usage:", ". USAGE:"} {
		if strings.HasSuffix(t, l) {
			return true
		}
	}
	// "StringTie v2.2.1 usage:": the label after the program's version
	for _, l := range []string{" Usage:", " usage:", " USAGE:"} {
		if head, ok := strings.CutSuffix(t, l); ok {
			f := strings.Fields(head)
			return len(f) == 2 && versionWord(f[1])
		}
	}
	return false
}

// versionWord reports a version number such as "v2.2.1" or "0.12.7".
func versionWord(w string) bool {
	w = strings.TrimPrefix(strings.TrimPrefix(w, "v"), "V")
	return len(w) >= 3 && isDigit(w[0]) && strings.Trim(w, "0123456789.") == "" && strings.Contains(w, ".")
}

// findUsage collects the usage lines of a help text and marks the lines
// they occupy. A usage block starts at a usage label, with its first line
// on the label's line or the next indented one; lines indented deeper than
// the first continue it (argparse and others wrap long usages), lines at the
// same column start another usage, and a blank or shallower line ends it.
func findUsage(lines []string) ([]string, []bool) {
	var out []string
	skip := make([]bool, len(lines))
	for i := 0; i < len(lines); i++ {
		ind, off := indentOf(lines[i])
		if ind > 4 {
			continue
		}
		_, rest := usageLabel(lines[i][off:])
		if rest == 0 && endsWithUsageLabel(lines[i][off:]) {
			// "gffread v0.12.7. Usage:": the label closes a sentence
			// and the usage starts on the next line
			rest = len(lines[i]) - off
		}
		if rest == 0 {
			continue
		}
		skip[i] = true
		base := -1
		var cur []string
		if text := lines[i][off+rest:]; text != "" {
			base = colAt(lines[i], off+rest)
			cur = append(cur, text)
		}
		j := i + 1
		underlined := false
	block:
		for ; j < len(lines); j++ {
			l := lines[j]
			if isBlank(l) {
				if base < 0 && len(cur) == 0 && j == i+1 {
					continue // "USAGE:" then a blank line, then the usage
				}
				break
			}
			li, lo := indentOf(l)
			if j == i+1 && len(cur) == 0 && underline(l[lo:]) {
				skip[j] = true
				underlined = true
				continue // "SYNOPSIS" underlined with dashes (fastANI)
			}
			if rest, ok := orForm(l[lo:]); ok && len(cur) > 0 {
				// "   or: tool …": another usage form of the same block
				cur = append(cur, rest)
				skip[j] = true
				continue
			}
			if base < 0 {
				if li <= ind && !usageForm(l[lo:]) && !(underlined && namedForm(l[lo:])) {
					break
				}
				base = li
			}
			if li == base && base <= ind && !usageForm(l[lo:]) && !(underlined && namedForm(l[lo:])) {
				break // "Usage:", a blank line, then forms at the label's column
			}
			switch {
			case li > base && len(cur) > 0 && proseLine(l[lo:]):
				break block // "Sort BED file(s).": the text under the usage
			case li > base && len(cur) > 0:
				cur[len(cur)-1] += " " + strings.TrimSpace(l[lo:])
			case li == base && len(cur) > 0 && openBracket(cur[len(cur)-1]):
				// "… [ OUTPUT" / "OPTIONS ]": a man page wraps a form at
				// the form's own column; a bracket left open goes on.
				cur[len(cur)-1] += " " + strings.TrimSpace(l[lo:])
			case li == base:
				cur = append(cur, l[lo:])
			default:
				j-- // shallower: this line belongs to what follows
				break block
			}
			skip[j] = true
		}
		for _, u := range cur {
			out = append(out, collapse(u))
		}
		i = j
	}
	return out, skip
}

// underline reports a line of dashes or equals signs under a heading.
func underline(content string) bool {
	t := strings.TrimSpace(content)
	return len(t) >= 3 && (strings.Trim(t, "-") == "" || strings.Trim(t, "=") == "")
}

// openBracket reports a usage form with a '[' it does not close.
func openBracket(form string) bool {
	return strings.Count(form, "[") > strings.Count(form, "]")
}

// proseLine reports a line that reads as a sentence, not a wrapped usage:
// a capitalised word ("Sort BED file(s)."), ending with a full stop.
func proseLine(content string) bool {
	t := strings.TrimSpace(content)
	first, _, _ := strings.Cut(t, " ")
	r := []rune(first)
	if len(r) < 2 || !unicode.IsUpper(r[0]) || !unicode.IsLower(r[1]) || !strings.HasSuffix(t, ".") {
		return false
	}
	for _, c := range r[1:] {
		if !unicode.IsLetter(c) {
			return false
		}
	}
	return true
}

// orForm reports a line that starts another usage form with "or:".
func orForm(content string) (string, bool) {
	if len(content) > 3 && strings.EqualFold(content[:3], "or:") {
		return strings.TrimSpace(content[3:]), true
	}
	return "", false
}

// optionsMarkers are the bracketed words that stand for "any options" in a
// usage line; positionals are the other placeholders.
var optionsMarkers = map[string]bool{
	"options": true, "option": true, "flags": true, "flag": true,
	"arguments": true, "opts": true, "global options": true,
	"optional arguments": true, "global flags": true, "parameters": true,
}

// isOptionsMarker reports whether t is "[options]", "[OPTIONS]...",
// "[options...]", "[options]*", "[flags]" and the like.
func isOptionsMarker(t string) bool {
	dotted := strings.HasSuffix(t, "...") || strings.HasSuffix(t, "…")
	t = strings.TrimRight(t, ".*…")
	if dotted && (t == "OPTION" || t == "OPTIONS") {
		return true // "cut OPTION... [FILE]...": options, some required
	}
	if !wrapped(t, '[', ']') {
		return false
	}
	inner := strings.Trim(t[1:len(t)-1], "<>.* ")
	if optionsMarkers[strings.ToLower(inner)] {
		return true
	}
	// "[sortOptions]", "[filter_options]", "[ FILTERING OPTIONS ]": a
	// name whose last part says options is options too (bamtools,
	// vcftools).
	parts := splitNameParts(inner)
	return len(parts) > 1 && optionsMarkers[parts[len(parts)-1]]
}

// splitNameParts cuts a name at '_', '-', spaces and lower-to-upper case changes,
// lower-cased ("sortOptions" → sort, options).
func splitNameParts(name string) []string {
	var parts []string
	cur := []rune{}
	prevLower := false
	for _, r := range name {
		switch {
		case r == '_' || r == '-' || r == ' ':
			if len(cur) > 0 {
				parts = append(parts, strings.ToLower(string(cur)))
			}
			cur, prevLower = cur[:0], false
			continue
		case unicode.IsUpper(r) && prevLower:
			parts = append(parts, strings.ToLower(string(cur)))
			cur = cur[:0]
		}
		cur = append(cur, r)
		prevLower = unicode.IsLower(r)
	}
	if len(cur) > 0 {
		parts = append(parts, strings.ToLower(string(cur)))
	}
	return parts
}

// isCommandWord reports whether t reads as part of a command path
// ("tool sort"): a lower-case word without brackets or dots.
func isCommandWord(t string) bool {
	if t == "" || t[0] < 'a' || t[0] > 'z' {
		return false
	}
	for i := 0; i < len(t); i++ {
		c := t[i]
		if !(c >= 'a' && c <= 'z') && !isDigit(c) && c != '-' && c != '_' {
			return false
		}
	}
	return true
}

// valueAfterFlag reports whether t, following a flag in a usage line, is
// that flag's value: a placeholder, a file name or, inside a bracket group,
// any plain word ("[-outfmt format]").
func valueAfterFlag(t string, inGroup bool) bool {
	if t == "" || t[0] == '-' || t == "|" || isOptionsMarker(t) {
		return false
	}
	if t[0] == '[' {
		return strings.Contains(t, "...") && !strings.Contains(t, "-")
	}
	if t[0] == '{' {
		return !strings.Contains(t, "-")
	}
	return inGroup || placeholderLike(t) || fileExtRE.MatchString(t) || snakePlaceholder(t)
}

// snakePlaceholder reports a lower-case name joined with underscores
// ("-dbtype molecule_type"): a value's name, where a program or
// subcommand word has none.
func snakePlaceholder(t string) bool {
	if !strings.Contains(t, "_") || t[0] == '_' || t[len(t)-1] == '_' {
		return false
	}
	for i := 0; i < len(t); i++ {
		if c := t[i]; !(c >= 'a' && c <= 'z') && c != '_' && !isDigit(c) {
			return false
		}
	}
	return true
}

// usagePositionals reads the positionals of a usage line: after the
// program (and subcommand) words, every placeholder that is not an option
// marker, a flag or a flag's value. "[x]" is optional, "..." repeatable.
func usagePositionals(usage string) []Positional { return usagePositionalsWith(usage, nil) }

// usagePositionalsWith is usagePositionals knowing which flags the option
// table gives a value: the plain word after one of them is its value
// ("./exactSNP [options] -i input -g reference_genome -o output").
func usagePositionalsWith(usage string, valued map[string]bool) []Positional {
	usage, _ = pipedForm(usage) // "[BAM data stream] | bamleftalign [options]"
	toks := tokens(usage)
	if len(toks) < 2 {
		return nil
	}
	i := 1
	for i < len(toks) && isCommandWord(toks[i]) {
		i++
	}
	var out []Positional
	afterFlag, afterValued, seriesEnd := false, false, false
	for ; i < len(toks); i++ {
		t := toks[i]
		switch {
		case t == "|":
			afterFlag = false
			continue
		case isOptionsMarker(t):
			afterFlag = false
			continue
		case t == "<" || t == ">" || t == ">>":
			i++ // "< list_of_arguments": a redirection, not an argument
			afterFlag = false
			continue
		case t[0] == '>' || t[0] == '<' && !strings.Contains(t, ">"):
			// ">[OUTPUT]", ">out.vcf": a redirection written onto its file
			afterFlag = false
			continue
		case t[0] == '(' && strings.HasPrefix(strings.TrimLeft(t, "("), "-"):
			// "(--fastq file [file ...] | --fasta file ...)": a group
			// of flags, one of which is needed; its words are their
			// values
			for depth := 0; i < len(toks); i++ {
				depth += strings.Count(toks[i], "(") - strings.Count(toks[i], ")")
				if depth <= 0 {
					break
				}
			}
			afterFlag = false
			continue
		case t[0] == '(' && usageComment(toks[i:]) > 0:
			// "(retrieves HMM named <key>)": a note on the form, no
			// arguments
			i += usageComment(toks[i:]) - 1
			afterFlag = false
			continue
		case t == "..." || t == "[...]" || t == "…" || t == "..":
			if len(out) > 0 {
				out[len(out)-1].Repeatable = true
			}
			seriesEnd = true // "seqfile1 seqfile2 .. seqfileN": the next word ends the series
			continue
		case strings.HasPrefix(t, "-"):
			name, glued := splitGlued(strings.TrimSuffix(t, "..."))
			names := splitAliases(name)
			afterFlag = glued == "" && names != nil
			afterValued = false
			for _, n := range names {
				afterValued = afterValued || valued[n]
			}
			if n := nargsRun(toks[i+1:]); afterFlag && n > 0 {
				// "--bamfiles file1.bam file2.bam [file1.bam file2.bam
				// ...]": the flag's values, whatever their case
				i += n
				afterFlag = false
			}
			continue
		case afterFlag && (valueAfterFlag(t, false) || afterValued && plainWord(t)):
			afterFlag = false
			if i+1 < len(toks) && wrapped(toks[i+1], '[', ']') && valueAfterFlag(toks[i+1], false) {
				i++ // "-t TFILE [TFILE ...]": more values of the same flag
			}
			continue
		}
		afterFlag = false
		if parts := nestedOptionals(t); parts != nil {
			// "[INPUT [OUTPUT]]": INPUT, then OUTPUT, each optional
			toks = append(append(append([]string(nil), toks[:i]...), parts...), toks[i+1:]...)
			i--
			continue
		}
		wasSeriesEnd := seriesEnd
		seriesEnd = false
		if p, ok := positionalFromToken(t); ok {
			if wasSeriesEnd && seriesLast(p.Name) {
				// "seqfile1 seqfile2 .. seqfileN": one repeatable argument
				if n := len(out); n > 0 && out[n-1].Repeatable {
					continue
				}
				p.Repeatable = true
			}
			if n := len(out); n > 0 && p.Repeatable && !p.Required && out[n-1].Name == p.Name {
				out[n-1].Repeatable = true // "files [files ...]"
				continue
			}
			p.Command = innerCommand(p.Name, toks[i+1:])
			p.Position = len(out) + 1
			out = append(out, p)
		}
	}
	return out
}

// usageComment returns how many tokens a parenthesised note at the start
// of toks spans ("(retrieves HMM named <key>)", "(indexes <hmmfile>)"), or
// 0 when they open no note: a note begins with a plain lower-case word,
// holds two words or more and no "|" of alternatives.
func usageComment(toks []string) int {
	first := strings.TrimPrefix(toks[0], "(")
	if first == "" || !unicode.IsLower(rune(first[0])) || strings.IndexFunc(strings.TrimSuffix(first, ")"), func(r rune) bool { return !unicode.IsLetter(r) }) >= 0 {
		return 0
	}
	depth := 0
	for i, t := range toks {
		if t == "|" {
			return 0
		}
		depth += strings.Count(t, "(") - strings.Count(t, ")")
		if depth <= 0 {
			if i == 0 {
				return 0
			}
			return i + 1
		}
	}
	return 0
}

// seriesLast reports a placeholder that ends a numbered series after an
// ellipsis: "seqfileN", "file_N", "file_n", "FILEn"; not a word that
// ends in n ("pattern", "PATTERN").
func seriesLast(name string) bool {
	n := len(name)
	if n < 2 {
		return false
	}
	c, b := name[n-1], name[n-2]
	return c == 'N' && (b >= 'a' && b <= 'z' || b == '_' || b == '-') || c == 'n' && (b >= 'A' && b <= 'Z' || b == '_' || b == '-')
}

// plainWord reports a bare word of letters, digits and "_-./" (a
// value's name written in lower case: "input", "reference_genome").
func plainWord(t string) bool {
	if t == "" || t[0] == '-' {
		return false
	}
	for i := 0; i < len(t); i++ {
		c := t[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || isDigit(c) || strings.IndexByte("_-./", c) >= 0) {
			return false
		}
	}
	return true
}

// commandWords name a placeholder that stands for a command line the tool
// runs, when arguments of that command follow it.
var commandWords = map[string]bool{"command": true, "cmd": true, "program": true, "utility": true}

// innerCommand reports whether a positional is another program's command
// line: a command placeholder with its own arguments, inside the same
// group ("[command [arguments]]") or next ("COMMAND [INITIAL-ARGS]...").
func innerCommand(name string, rest []string) bool {
	first, more, nested := strings.Cut(name, " ")
	if !commandWords[strings.ToLower(strings.Trim(first, "<>[]"))] {
		return false
	}
	if nested {
		return argsPlaceholder(more)
	}
	return len(rest) > 0 && argsPlaceholder(rest[0])
}

// argsPlaceholder reports a placeholder for arguments ("[arguments]",
// "[INITIAL-ARGS]...", "[args...]", "<arg>").
func argsPlaceholder(t string) bool {
	t = strings.ToLower(strings.Trim(t, "[]<>.… "))
	return strings.HasSuffix(t, "args") || strings.HasSuffix(t, "arguments") || strings.HasSuffix(t, "arg") || strings.HasSuffix(t, "argument")
}

// countedArgRE matches a usage argument written with a type word and a
// count after it, "input:string+", "file:path*", "db:path": the name,
// the type, the count.
var countedArgRE = lazyre.New(`^([A-Za-z][\w.]*)(?::(string|path|file|int|uint32|uint64|double|float|number))?([+*]?)$`)

// argTypeWords map the type word of "name:type" to a ParamType.
var argTypeWords = map[string]string{"string": "string", "path": "file", "file": "file", "int": "int", "uint32": "int", "uint64": "int", "double": "float", "float": "float", "number": "float"}

// positionalFromToken reads one usage token as a positional: "<in.bam>",
// "INPUT", "[in2.fq]", "[path]...", "<a>|<b>", "[region1 [...]]",
// "{a,b}". Flag groups, key=value items and tokens without a letter or
// digit are not positionals.
func positionalFromToken(t string) (Positional, bool) {
	p := Positional{Required: true}
	if strings.HasSuffix(t, "...") || strings.HasSuffix(t, "…") {
		p.Repeatable = true
		t = strings.TrimRight(t, ".…")
	}
	if m := countedArgRE.FindStringSubmatch(t); m != nil && m[2]+m[3] != "" {
		// "input:string+" one or more, "file:path*" any number: the
		// name, a type word and a regex-style count (jellyfish)
		t, p.Repeatable = m[1], m[3] != ""
		p.Required = m[3] != "*"
		if m[2] != "" {
			p.Name, p.ParamType = m[1], argTypeWords[m[2]]
			return p, true
		}
	}
	if wrapped(t, '[', ']') {
		p.Required = false
		t = strings.TrimSpace(t[1 : len(t)-1])
		if strings.Contains(t, "...") || strings.Contains(t, "…") {
			p.Repeatable = true
			t = strings.TrimSpace(strings.SplitN(t, " ", 2)[0])
			t = strings.TrimRight(t, ".…")
		}
	}
	if strings.HasPrefix(t, "-") || strings.Contains(t, "=") || strings.Contains(t, "[-") {
		return p, false
	}
	if wrapped(t, '{', '}') {
		if strings.Contains(t, "-") && strings.Contains(t, " ") {
			return p, false
		}
		p.Name, p.Choices, p.ParamType = t, splitList(t[1:len(t)-1], ","), "choice"
		return p, len(p.Choices) > 0
	}
	var alts []string
	for _, a := range strings.Split(t, "|") {
		a = strings.TrimSpace(a)
		if wrapped(a, '<', '>') || wrapped(a, '[', ']') {
			a = a[1 : len(a)-1]
		}
		if a != "" {
			alts = append(alts, a)
		}
	}
	p.Name = strings.Join(alts, "|")
	if !hasLetter(p.Name) && !strings.ContainsAny(p.Name, "0123456789") {
		return p, false
	}
	p.ParamType = inferType(alts[0], nil)
	return p, true
}

// usageFlags reads the flags written in usage lines. Flags outside any
// bracket are required; "[...]" and "{a | b}" groups make them optional.
// When the help shows several usage forms ("Usage: x -M …" / "or: x …"),
// a flag is required only if every form requires it.
//
// A name that one form shows as an operand ("hmmfetch <hmmfile> <key>")
// is no flag's value in another ("hmmfetch -f <hmmfile> <keyfile>"): the
// flag there is a switch that changes how the operands are read.
func usageFlags(usages []string) []Flag {
	var out []Flag
	var perLine []map[string]bool
	operands := usageOperands(usages)
	for _, u := range usages {
		// "[-j ][--ids <IDs.lst>]": two groups written without a space
		toks := tokens(strings.ReplaceAll(u, "][", "] ["))
		if len(toks) == 0 {
			continue
		}
		line := walkUsage(toks[1:], false, 0, nil, operands)
		req := map[string]bool{}
		for _, f := range line {
			if f.Required {
				req[f.Name] = true
			}
		}
		perLine = append(perLine, req)
		out = append(out, line...)
	}
	if len(perLine) > 1 {
		for i := range out {
			for _, req := range perLine {
				if !req[out[i].Name] {
					out[i].Required = false
				}
			}
		}
	}
	return out
}

// usageOperands are the angle-bracketed names ("<hmmfile>") that a usage
// line, of two or more, shows with no flag before them.
func usageOperands(usages []string) map[string]bool {
	out := map[string]bool{}
	if len(usages) < 2 {
		return out
	}
	for _, u := range usages {
		toks := tokens(u)
		for i := 1; i < len(toks); i++ {
			if t := toks[i]; wrapped(t, '<', '>') && !strings.HasPrefix(toks[i-1], "-") {
				out[t] = true
			}
		}
	}
	return out
}

// connective words join alternatives in a usage line ("-l and -r"); they
// are not a flag's value.
var connective = map[string]bool{"and": true, "or": true, "|": true}

// maxUsageDepth bounds how deep walkUsage follows nested groups; real
// usages nest two or three levels, and each level re-reads its text.
const maxUsageDepth = 8

// walkUsage collects flags from usage tokens; optional is true inside a
// bracket or brace group, depth counts the groups entered; a name in
// operands after a flag is not its value.
func walkUsage(toks []string, optional bool, depth int, out []Flag, operands map[string]bool) []Flag {
	alt := 0 // inside "( -a A | -b B )": alternatives, none required alone
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		if wrapped(t, '[', ']') || wrapped(t, '{', '}') {
			if depth < maxUsageDepth {
				out = walkUsage(tokens(t[1:len(t)-1]), true, depth+1, out, operands)
			}
			continue
		}
		inAlt := alt > 0 || strings.HasPrefix(t, "(")
		alt += strings.Count(t, "(") - strings.Count(t, ")")
		if alt < 0 {
			alt = 0
		}
		t = strings.Trim(t, "()")
		var sp flagSpec
		if !sp.addNames(strings.TrimSuffix(t, "...")) {
			continue
		}
		if optional && bundledLetters(t) && (i+1 >= len(toks) || !valueAfterFlag(toks[i+1], optional)) {
			continue // [-bc]: the one-letter flags b and c, listed below
		}
		if sp.glued == "" && i+1 < len(toks) && !connective[toks[i+1]] && valueAfterFlag(toks[i+1], optional) && !operands[toks[i+1]] {
			i++
			sp.values = []string{toks[i]}
		}
		f := finishFlag(sp, nil, false)
		f.Required = !optional && !inAlt
		out = append(out, f)
	}
	return out
}

// mergeUsageFlags folds flags read from usage lines into the option list:
// a usage flag outside brackets marks the listed flag required, a value
// shown in the usage fills in a flag listed without one, and, when add is
// set, flags the option list lacks are appended.
func mergeUsageFlags(flags, fromUsage []Flag, add bool) []Flag {
	index := map[string]int{}
	for i, f := range flags {
		index[f.Name] = i
		for _, a := range f.Aliases {
			if _, ok := index[a]; !ok {
				index[a] = i
			}
		}
	}
	for _, u := range fromUsage {
		at, ok := -1, false
		for _, n := range append([]string{u.Name}, u.Aliases...) {
			if at, ok = index[n]; ok {
				break
			}
		}
		if ok && distinctInTable(index, at, u.Aliases) {
			// "{-B|-b <dir_path>}": the table lists -B and -b as two
			// options, so the usage shows alternatives, and the value
			// written after them belongs to the last
			if i, ok := index[u.Aliases[len(u.Aliases)-1]]; ok && flags[i].ParamType == "bool" && u.ParamType != "bool" {
				flags[i].Placeholder, flags[i].Choices, flags[i].ParamType = u.Placeholder, u.Choices, u.ParamType
			}
			continue
		}
		if !ok && singleDashLong(u.Name) {
			// "Usage: x -ref FILE" over a table of "--ref PATH": the
			// usage spells the listed long option with one dash, which
			// the tool accepts too.
			if at, ok = index["-"+u.Name]; ok && !contains(flags[at].Aliases, u.Name) {
				flags[at].Aliases = append(flags[at].Aliases, u.Name)
				index[u.Name] = at
			}
		}
		if !ok {
			if add {
				index[u.Name] = len(flags)
				flags = append(flags, u)
			}
			continue
		}
		f := &flags[at]
		f.Required = f.Required || u.Required
		if f.ParamType == "bool" && u.ParamType != "bool" {
			f.Placeholder, f.Choices, f.ParamType = u.Placeholder, u.Choices, u.ParamType
		}
	}
	return flags
}

// distinctInTable reports whether one of names is listed in the table as
// an option other than the one at index at.
func distinctInTable(index map[string]int, at int, names []string) bool {
	for _, n := range names {
		if i, ok := index[n]; ok && i != at {
			return true
		}
	}
	return false
}

// bundledLetters reports a token like "-bc" or "-nrv": two to four lower-
// or upper-case letters after one dash, the getopt way of listing several
// one-letter switches in a usage line.
func bundledLetters(t string) bool {
	if len(t) < 3 || len(t) > 5 || t[0] != '-' || t[1] == '-' {
		return false
	}
	for _, r := range t[1:] {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
			return false
		}
	}
	return true
}

// singleDashLong reports a name such as "-ref": one dash, then a word of
// two or more letters.
func singleDashLong(name string) bool {
	return len(name) > 2 && name[0] == '-' && name[1] != '-' && isFlagName(name)
}

// usageForm reports whether a line at a usage label's own column reads as
// a usage form: a program word, then a bracketed or angled placeholder
// ("parallel [options] [command [arguments]]").
func usageForm(content string) bool {
	toks := strings.Fields(content)
	if len(toks) < 2 || !isCommandWord(toks[0]) {
		return false
	}
	return strings.Contains(content, " [") || strings.Contains(content, " <")
}

// namedForm is usageForm for a form under an underlined "SYNOPSIS"
// heading, whose program may be run by its path and be named with
// capitals ("/usr/bin/fastANI [-h] [-r <value>] …").
func namedForm(content string) bool {
	toks := strings.Fields(content)
	if len(toks) < 2 {
		return false
	}
	prog := toks[0][strings.LastIndexByte(toks[0], '/')+1:]
	return (isCommandWord(prog) || programName(prog)) && (strings.Contains(content, " [") || strings.Contains(content, " <"))
}

// programName reports a program's name written with capitals (fastANI,
// STAR, FastTree), not a capitalised word of prose ("Options").
func programName(t string) bool {
	if t == "" || !unicode.IsLetter(rune(t[0])) {
		return false
	}
	upper := 0
	for i := 0; i < len(t); i++ {
		c := t[i]
		switch {
		case c >= 'A' && c <= 'Z':
			upper++
		case c >= 'a' && c <= 'z', isDigit(c), c == '-', c == '_', c == '.':
		default:
			return false
		}
	}
	return upper > 1 || upper == 1 && !(t[0] >= 'A' && t[0] <= 'Z')
}

// nestedOptionals splits "[INPUT [OUTPUT]]" into "[INPUT]" and
// "[OUTPUT]"; a command with its arguments ("[command [arguments]]"), a
// repeat ("[region [...]]") and anything else give nil.
func nestedOptionals(t string) []string {
	if !wrapped(t, '[', ']') {
		return nil
	}
	inner := strings.TrimSpace(t[1 : len(t)-1])
	if !strings.Contains(inner, " [") || strings.Contains(inner, "...") || strings.Contains(inner, "…") || strings.ContainsAny(inner, "-|=") {
		return nil
	}
	parts := tokens(inner)
	if len(parts) != 2 || innerCommand(inner, nil) || !wrapped(parts[1], '[', ']') || wrapped(parts[0], '[', ']') {
		return nil
	}
	return []string{"[" + parts[0] + "]", parts[1]}
}

// UsagePositionals reads the positionals of one usage line: the words after
// the program and its subcommand that are neither an options marker nor a
// flag or a flag's value ("[x]" optional, "..." repeatable).
func UsagePositionals(usage string) []Positional { return usagePositionals(usage) }

// modeUsages finds usage lines that differ only by one literal word in
// the operand position, a choice of mode ("maf-convert axt mafFile(s)",
// "maf-convert sam mafFile(s)", one line per output format): at least
// two lines alike but for a lower-case word right after the program (and
// subcommand) words, with the same words after it, among which an
// operand. It returns the words, in the help's order, the words before
// them and the words after them, or nil when no lines have that shape.
// When several groups have it, the one of the most words (the first of
// them) is read.
func modeUsages(usages []string) (modes, head, rest []string) {
	type group struct{ modes, head, rest []string }
	var groups []*group
	byKey := map[string]*group{}
	for _, u := range usages {
		toks := tokens(u)
		// k runs over the program words after the first; the mode is
		// one of them, with at least one word after it
		for k := 1; k+1 < len(toks) && isCommandWord(toks[k]); k++ {
			key := strings.Join(toks[:k], " ") + "\x00" + strings.Join(toks[k+1:], " ")
			g := byKey[key]
			if g == nil {
				g = &group{head: toks[:k], rest: toks[k+1:]}
				byKey[key] = g
				groups = append(groups, g)
			}
			if !contains(g.modes, toks[k]) {
				g.modes = append(g.modes, toks[k])
			}
		}
	}
	var best *group
	for _, g := range groups {
		if len(g.modes) < 2 || best != nil && len(g.modes) <= len(best.modes) || len(operands(g.rest, nil)) == 0 {
			// "tool start [options]", "tool stop [options]": no
			// operand follows
			continue
		}
		best = g
	}
	if best == nil {
		return nil, nil, nil
	}
	return best.modes, best.head, best.rest
}

// operands reads the positionals of the words after a usage's program
// words: lower-case words there are operands ("infile"), not a path of
// subcommands, so they are read after an options marker.
func operands(rest []string, valued map[string]bool) []Positional {
	return usagePositionalsWith("x [options] "+strings.Join(rest, " "), valued)
}

// modePositionals reads the positionals of usage lines that choose a mode
// by a literal word (modeUsages): the mode first, a required choice of
// the words named as alternatives ("axt|bed|sam"; argparse writes its
// choices "{a,b}"), then the operands the lines share. It returns nil
// when the lines have no such shape.
func modePositionals(usages []string, valued map[string]bool) []Positional {
	modes, _, rest := modeUsages(usages)
	if modes == nil {
		return nil
	}
	out := []Positional{{Position: 1, Name: strings.Join(modes, "|"), ParamType: "choice", Required: true, Choices: modes}}
	for _, p := range operands(rest, valued) {
		p.Position = len(out) + 1
		out = append(out, p)
	}
	return out
}
