package parsers

import (
	"slices"
	"strings"

	"github.com/traitome/oxo-call/internal/lazyre"
)

// flagSpec is the left-hand part of an option entry: the names and the
// value tokens written after them, before any description.
type flagSpec struct {
	names []string
	// groups holds the names token by token: "-c/C, --min-ac/--max-ac"
	// gives [-c -C] and [--min-ac --max-ac].
	groups [][]string
	// values holds the value tokens of the first alias group that has any
	// ("-t TFILE [TFILE ...], --treatment TFILE [TFILE ...]" repeats them).
	values []string
	// glued is a value written onto a name: "--cs[=STR]", "--out=FILE".
	glued  string
	repeat bool
	// number is set for a name that holds "#" where a number is written
	// onto it ("-T#": -T8; "-#": -19): the flag takes a number glued on.
	number bool
	// slashed is set when names were joined by '/' or '|' ("--fr/--rf",
	// "--shout / --no-shout"); with two or more long names these are
	// alternatives, not aliases.
	slashed bool
}

// alternatives reports whether the names are distinct options written on
// one row rather than spellings of one option.
func (sp flagSpec) alternatives() bool {
	if !sp.slashed {
		return false
	}
	long := 0
	for _, n := range sp.names {
		if strings.HasPrefix(n, "--") {
			long++
		}
	}
	return long >= 2
}

// optionLine is an option entry split into its spec and the description
// text on the same line. descAt is the byte offset of that text in the
// content, or -1 when it is unknown or absent.
type optionLine struct {
	spec   flagSpec
	desc   string
	descAt int
}

// isFlagName reports whether s is one option name: one or two dashes, then
// a letter, digit or one of "@?+#", then name characters. "-@", "-5",
// "--no-PG", "-Xmx", "-outfmt" qualify; "-", "--", "- text" do not.
func isFlagName(s string) bool {
	n := len(s)
	if n < 2 || n > 80 || s[0] != '-' {
		return false
	}
	j := 1
	if s[1] == '-' {
		j = 2
	}
	if j >= n || !isNameStart(s[j]) {
		return false
	}
	for k := j + 1; k < n; k++ {
		c := s[k]
		if !isNameStart(c) && c != '-' && c != '_' && c != '.' {
			return false
		}
	}
	// a name never ends a sentence: "--glob." is wrapped prose
	return s[n-1] != '.'
}

// numberInName reports a short name whose "#" stands for a number written
// onto it: "-T#", "-B#", and "-#" alone (a level written as the flag,
// -19).
func numberInName(n string) bool {
	return len(n) <= 3 && n[0] == '-' && n[1] != '-' && strings.HasSuffix(n, "#") && strings.Count(n, "#") == 1
}

// isNameStart reports whether c may start a flag name after the dashes.
func isNameStart(c byte) bool {
	return isLetter(c) || isDigit(c) || c == '@' || c == '?' || c == '+' || c == '#'
}

// splitGlued cuts a name token at the first '=', '[', '<' or '{' that
// follows a name character: "--cs[=STR]" → "--cs", "[=STR]".
func splitGlued(t string) (name, value string) {
	for i := 2; i < len(t); i++ {
		switch t[i] {
		case '=', '[', '<', '{':
			return t[:i], t[i:]
		}
	}
	return t, ""
}

// splitAliases splits a token that packs several names: "-s/--skip",
// "--fr/--rf/--ff", "-h|--help", "--INPUT,-I". It returns nil unless every
// part is a flag name, so values such as "STR/FILE" are left alone.
func splitAliases(t string) []string {
	if isFlagName(t) {
		return []string{t}
	}
	parts := strings.FieldsFunc(t, func(r rune) bool { return r == '/' || r == '|' || r == ',' })
	if len(parts) < 2 {
		return nil
	}
	if len(parts) == 2 && len(parts[0]) == 2 && isFlagName(parts[0]) && strings.Contains(t, "|") && bareLongName(parts[1]) {
		// "-c|mincluster" (MUMmer): the short name and the long one
		// written without its dashes
		return []string{parts[0], "--" + parts[1]}
	}
	for i, p := range parts {
		if i > 0 && len(p) == 1 && len(parts[0]) == 2 && isNameStart(p[0]) {
			// "-c/C": the second short name written without its dash
			p = "-" + p
			parts[i] = p
		}
		if !isFlagName(p) {
			return nil
		}
	}
	return parts
}

// bareLongName reports a long option name written without its dashes:
// lower case, starting with a letter, at least three characters.
func bareLongName(p string) bool {
	if len(p) < 3 || !isLetter(p[0]) {
		return false
	}
	for i := 0; i < len(p); i++ {
		c := p[i]
		if !(c >= 'a' && c <= 'z' || isDigit(c) || c == '-' || c == '_') {
			return false
		}
	}
	return true
}

// optionalPartRE matches a name with an optional part in brackets:
// "--target[s]-file", "--excl[ude]-flags".
var optionalPartRE = lazyre.New(`^(--?[A-Za-z0-9][\w.-]*)\[([a-z]+)\]([\w.-]+)(.*)$`)

// addNames records the names (and any glued value) held by token t. It
// reports false when t is not a name token.
func (sp *flagSpec) addNames(t string) bool {
	if len(t) < 2 || t[0] != '-' {
		return false
	}
	var names []string
	if strings.IndexByte(t, '[') > 0 {
		if m := optionalPartRE.FindStringSubmatch(t); m != nil {
			// "--region[s]-file": both spellings, the longer one first
			names = []string{m[1] + m[2] + m[3], m[1] + m[3]}
			t = m[1] + m[2] + m[3] + m[4]
		}
	}
	name, glued := splitGlued(t)
	rep := false
	if strings.HasSuffix(name, "...") {
		name, rep = strings.TrimSuffix(name, "..."), true
	}
	if names == nil {
		names = splitAliases(name)
	}
	if names == nil {
		return false
	}
	if len(names) == 1 && numberInName(names[0]) {
		// "-T#  Spawn # compression threads": -T8
		if names[0] != "-#" {
			names = []string{strings.TrimSuffix(names[0], "#")}
		}
		sp.number = true
	}
	sp.names = append(sp.names, names...)
	sp.groups = append(sp.groups, names)
	sp.slashed = sp.slashed || len(names) > 1 && strings.ContainsAny(name, "/|")
	if strings.HasSuffix(glued, "...") {
		glued, rep = strings.TrimSuffix(glued, "..."), true
	}
	if glued != "" && sp.glued == "" {
		sp.glued = glued
	}
	sp.repeat = sp.repeat || rep
	return true
}

// typeWords are lower-case value words that mark a placeholder even in
// prose position: Go flag and cobra type names and common metavars.
var typeWords = map[string]bool{
	"string": true, "int": true, "float": true, "bool": true, "uint": true,
	"duration": true, "value": true, "strings": true, "file": true,
	"path": true, "dir": true, "num": true, "str": true, "int64": true,
	"uint64": true, "int32": true, "float32": true, "float64": true,
	"stringslice": true, "stringarray": true, "intslice": true,
	"count": true, "bytes": true, "ip": true,
}

// IsTypeWord reports a value word that names a type or kind of value
// ("NUM", "FILE", "int") rather than a literal choice: "-T NUM|AUTO" takes
// a number or AUTO.
func IsTypeWord(w string) bool { return typeWords[strings.ToLower(w)] }

// placeholderLike reports whether t reads as a value placeholder rather
// than a word of prose: "<int>", "[FILE]", "{a,b}", "INT[,INT]", "3'CUTOFF",
// "0|1|2", "k:<int>,i:<int>", or a type word such as "string".
func placeholderLike(t string) bool {
	t = strings.TrimSuffix(t, "...")
	if t == "" || t == "#" {
		// "#" alone stands for a number ("--thread # :  Number of
		// threads", mafft)
		return true
	}
	switch t[0] {
	case '<', '[', '{':
		return true
	case '-':
		// another option, as in "--preset -D 20 -R 3"; but "-|+TYPE"
		// (bcftools norm -m) is a value that starts with a sign
		return strings.HasPrefix(t, "-|")
	}
	if strings.IndexByte(t, '<') >= 0 {
		return true
	}
	if typeWords[strings.ToLower(t)] {
		return true
	}
	if strings.IndexByte(t, '|') >= 0 {
		return true
	}
	if capsFileRE.MatchString(t) {
		return true // "FILE.log", "OUT.bam": a file named in capitals
	}
	upper := false
	for i := 0; i < len(t); i++ {
		c := t[i]
		switch {
		case c >= 'A' && c <= 'Z':
			upper = true
		case isDigit(c) || strings.IndexByte("_-,.:'[]=/+*", c) >= 0:
		default:
			return false
		}
	}
	return upper
}

// capsFileRE is a file name whose stem is in capitals, its extension not
// (deeptools' "--filterMetrics FILE.log").
var capsFileRE = lazyre.New(`^[A-Z][A-Z0-9_-]*(?:\.[a-z][a-z0-9]{0,5})+$`)

// isProseWord reports whether t is a plain lower-case word, which after a
// column gap is accepted as the first value token (cobra's "int", Go's
// back-quoted names such as "file").
func isProseWord(t string) bool {
	if len(t) > 1 && isDigit(t[0]) && t[1] >= 'a' && t[1] <= 'z' {
		t = t[1:] // "2bit": a kind of file whose name opens with a digit
	}
	if t == "" || t[0] < 'a' || t[0] > 'z' {
		return false
	}
	for i := 1; i < len(t); i++ {
		c := t[i]
		if !isLetter(c) && !isDigit(c) && c != '_' && c != '-' && c != '.' {
			return false
		}
	}
	return true
}

// trimComma strips one trailing comma, reporting whether there was one;
// commas separate alias groups ("-j CORES, --cores CORES").
func trimComma(t string) (string, bool) {
	if len(t) > 1 && strings.HasSuffix(t, ",") {
		return t[:len(t)-1], true
	}
	return t, false
}

// parseSpec reads names and value tokens from toks. In strict mode the
// tokens come from the left column of a two-column line, so each group may
// take any placeholder-like tokens and one plain lower-case word; otherwise
// value tokens must look like placeholders and the first other token starts
// the description. It returns the number of tokens used.
func parseSpec(toks []string, strict bool) (flagSpec, int, bool) {
	var sp flagSpec
	needName := true
	group, valGroup, inGroup := 0, -1, 0
	i := 0
	for i < len(toks) {
		t, comma := trimComma(toks[i])
		if t == "/" || t == "|" {
			// click writes boolean pairs as "--shout / --no-shout".
			if len(sp.names) == 0 {
				return sp, 0, false
			}
			needName, group, inGroup = true, group+1, 0
			sp.slashed = true
			i++
			continue
		}
		if needName || strict && inGroup == 0 && strings.HasPrefix(t, "-") {
			if sp.addNames(t) {
				i++
				if comma {
					group++
				}
				needName = comma
				continue
			}
			if needName {
				return sp, 0, false
			}
		}
		if n := nargsRun(toks[i:]); n > 0 && inGroup == 0 {
			// "--labels sample1 sample2 [sample1 sample2 ...]": argparse
			// writes a flag of several values as its metavars, then the
			// same in brackets with "...": values, whatever their case.
			last, c := trimComma(toks[i+n-1])
			if valGroup < 0 {
				valGroup = group
			}
			if valGroup == group {
				sp.values = append(append(sp.values, toks[i:i+n-1]...), last)
			}
			i += n
			inGroup += n
			if c {
				needName, group, inGroup = true, group+1, 0
			}
			continue
		}
		if !placeholderLike(t) && !(strict && inGroup == 0 && isProseWord(t)) {
			if strict {
				return sp, 0, false
			}
			break
		}
		if !strict && sp.glued != "" && strings.HasPrefix(sp.glued, "=") && len(sp.values) == 0 && wrapped(sp.glued[1:], '{', '}') {
			// "--outfmt={a2m,msf,phy} MSA output file format": a set of
			// values joined by "=" is the whole value; a word after it,
			// capitals or not, starts the description.
			break
		}
		if valGroup < 0 {
			valGroup = group
		}
		if valGroup == group {
			sp.values = append(sp.values, t)
		}
		inGroup++
		i++
		if comma {
			needName, group, inGroup = true, group+1, 0
		}
	}
	if len(sp.names) == 0 {
		return sp, 0, false
	}
	return sp, i, true
}

// nargsRun is the number of tokens at the start of toks that write
// argparse's list of values, "a b [a b ...]" (or "A [A ...]"): a run of
// words, then the same run in brackets ending in "...", one token as
// tokens reads it; 0 when there is none.
func nargsRun(toks []string) int {
	for k := 1; k <= 3 && k < len(toks); k++ {
		run := toks[:k]
		if slices.ContainsFunc(run, func(w string) bool { return w == "" || strings.ContainsAny(w[:1], "-[") || strings.HasSuffix(w, ",") }) {
			return 0
		}
		if b, _ := trimComma(toks[k]); b == "["+strings.Join(run, " ")+" ...]" {
			return k + 1
		}
	}
	return 0
}

// parseOptionLine splits option content (indentation removed) into spec and
// description. The column gap is tried first; when the left column is not a
// clean spec, or there is no gap, the line is read token by token and the
// first prose word starts the description, which is accepted only after a
// placeholder ("--trim-to [3:|5:]<int> trim reads ...") so that wrapped
// prose such as "--times option). Use ..." is not taken for an option.
// negatableRE matches a "--[no]name" option at the start of a row.
var negatableRE = lazyre.New(`^(--?)\[no\]([A-Za-z][\w-]*)`)

// boostRE matches Boost program_options rows: "-l [ --libType ] arg".
var boostRE = lazyre.New(`^(-[A-Za-z0-9]) \[ (--[A-Za-z][\w-]*) \]( arg)?`)

// parenAliasRE matches "--long (-s)" at the start of an option row, up to
// the column gap.
var parenAliasRE = lazyre.New(`^(--[A-Za-z][\w-]*) \((-[A-Za-z0-9@?])\)(?:\s{2,}|\t)`)

// colonFlagRE matches a row whose flag ends with a colon before the
// column gap (prodigal: "-a:  Write protein translations to ...").
var colonFlagRE = lazyre.New(`^(--?[A-Za-z0-9][\w-]*):(\s{2,}|\t)`)

// spacedColonRE matches a row that writes " :" between the flag (and its
// value) and the column gap (mafft: "--op # :         Gap opening
// penalty", "--quiet :        Do not report progress"), or one space
// after it (hmmscan: "--nobias : turn off composition bias filter").
var spacedColonRE = lazyre.New(`^(--?[A-Za-z0-9][\w-]*(?: [^\s:]+)?) :(\s+)\S`)

func parseOptionLine(content string) (optionLine, bool) {
	if m := colonFlagRE.FindStringSubmatchIndex(content); m != nil {
		content = content[:m[3]] + " " + content[m[3]+1:]
	} else if m := spacedColonRE.FindStringSubmatchIndex(content); m != nil {
		content = content[:m[3]] + "  " + content[m[3]+2:]
	}
	// Boost program_options: "-l [ --libType ] arg   Format string".
	if m := boostRE.FindStringSubmatchIndex(content); m != nil {
		head := content[m[2]:m[3]] + ", " + content[m[4]:m[5]]
		if m[6] >= 0 {
			head += " ARG"
		}
		content = head + strings.Repeat(" ", max(2, m[1]-len(head))) + strings.TrimLeft(content[m[1]:], " ")
	}
	// "--[no]simplify": both spellings are flags.
	if m := negatableRE.FindStringSubmatchIndex(content); m != nil {
		dash, name := content[m[2]:m[3]], content[m[4]:m[5]]
		head := dash + name + ", " + dash + "no" + name
		content = head + strings.Repeat(" ", max(2, m[1]-len(head))) + strings.TrimLeft(content[m[1]:], " ")
	}
	// "--threads (-p)   number of CPU threads": the short alias in
	// parentheses after the long name (diamond). Rewritten to the usual
	// "-p, --threads" with the same width, so description columns stay put.
	if m := parenAliasRE.FindStringSubmatchIndex(content); m != nil {
		long, short := content[m[2]:m[3]], content[m[4]:m[5]]
		head := short + ", " + long
		content = head + strings.Repeat(" ", max(1, m[1]-len(head))) + content[m[1]:]
	}
	if len(content) < 2 || content[0] != '-' {
		return optionLine{}, false
	}
	for from, tries := 0, 0; from < len(content) && tries < 4; tries++ {
		gs, ge := gapIndex(content[from:])
		if gs < 0 {
			break
		}
		gs, ge = gs+from, ge+from
		if strings.HasSuffix(content[:gs], ",") {
			// "-f,   --apply-filters LIST": aligned names, not a column
			from = ge
			continue
		}
		lt := tokens(content[:gs])
		if sp, used, ok := parseSpec(lt, true); ok && used == len(lt) {
			desc, at := content[ge:], ge
			if len(sp.values) == 0 && sp.glued == "" {
				// A middle column naming the value's type (sortmerna:
				// "--ref   PATH   Required  Reference file"); BOOL there
				// marks a switch.
				if ms, me := gapIndex(desc); ms > 0 && !strings.ContainsAny(desc[:ms], " \t") && placeholderLike(desc[:ms]) && desc[0] != '-' {
					if !strings.EqualFold(desc[:ms], "bool") {
						sp.values = []string{desc[:ms]}
					}
					desc, at = desc[me:], at+me
				}
			}
			return optionLine{spec: sp, desc: desc, descAt: at}, true
		}
		break
	}
	toks := tokens(content)
	if sp, ok := repeatedMetavarSpec(toks); ok {
		return optionLine{spec: sp, descAt: -1}, true
	}
	// "-f --fasta-reference FILE" alone on its row, the help below
	// (freebayes): one flag's short and long names with no comma.
	if len(toks) >= 2 && len(toks) <= 3 && shortNameRE.MatchString(toks[0]) && longNameRE.MatchString(toks[1]) && (len(toks) == 2 || placeholderLike(toks[2])) {
		joined := append([]string{toks[0] + ","}, toks[1:]...)
		if sp, used, ok := parseSpec(joined, true); ok && used == len(joined) {
			return optionLine{spec: sp, descAt: -1}, true
		}
	}
	sp, used, ok := looseSpec(toks)
	if !ok {
		return optionLine{}, false
	}
	ol := optionLine{spec: sp, descAt: -1}
	if used < len(toks) {
		ol.desc = strings.Join(toks[used:], " ")
	}
	return ol, true
}

// shortNameRE and longNameRE are a one-letter flag and a long one, whole.
var (
	shortNameRE = lazyre.New(`^-[A-Za-z0-9]$`)
	longNameRE  = lazyre.New(`^--[A-Za-z][\w-]*$`)
)

// repeatedMetavarSpec reads a row that is nothing but alias groups which
// repeat one value word: argparse writes "-s sam_output_file, --samout
// sam_output_file" and "-o output file, --output_file output file" on a
// row of their own, the description below. Lower-case metavars are prose
// words elsewhere, so the repetition is what marks them as values.
func repeatedMetavarSpec(toks []string) (flagSpec, bool) {
	sp, used, ok := parseSpec(toks, true)
	if !ok || used != len(toks) || len(sp.groups) < 2 || len(sp.values) == 0 {
		return flagSpec{}, false
	}
	// the groups are the comma-separated runs: a name, then its values
	want, n := "", 0
	for _, g := range strings.Split(strings.Join(toks, " "), ", ") {
		name, vals, _ := strings.Cut(g, " ")
		if !strings.HasPrefix(name, "-") || vals == "" || n > 0 && vals != want {
			return flagSpec{}, false
		}
		want = vals
		n++
	}
	return sp, n >= 2
}

// looseSpec reads a spec from a row without a column gap. Text may follow
// the spec only after a placeholder, or when it is made of options (a
// preset that expands to other flags); otherwise the row is prose.
func looseSpec(toks []string) (flagSpec, int, bool) {
	sp, used, ok := parseSpec(toks, false)
	if !ok || used < len(toks) && len(sp.values) == 0 && sp.glued == "" && !strings.HasPrefix(toks[used], "-") && !fileArgs(toks[used:]) && !sentenceStart(toks[used:]) {
		return sp, 0, false
	}
	return sp, used, true
}

// sentenceStart reports a row's rest that opens a sentence: a capitalised
// word, then two words or more (kraken2's "--report-minimizer-data With
// --report, report …", a switch whose help follows one space after it).
func sentenceStart(toks []string) bool {
	if len(toks) < 3 || len(toks[0]) < 2 || toks[0][0] < 'A' || toks[0][0] > 'Z' {
		return false
	}
	for i := 1; i < len(toks[0]); i++ {
		if c := toks[0][i]; c < 'a' || c > 'z' {
			return false
		}
	}
	return true
}

// fileArgRE is an argument a row names after a switch: "File1", "[File]*",
// "ReferenceFile".
var fileArgRE = lazyre.New(`^\[?[A-Z][A-Za-z]*[0-9]?\]?\*?$`)

// fileArgs reports a row's rest that is the files an operation switch
// takes (bedops: "-m, --merge File1 [File]*", "-d, --difference
// ReferenceFile File2 [File]*"): capitalised argument names, one of them
// numbered or repeated.
func fileArgs(toks []string) bool {
	mark := false
	for _, t := range toks {
		if !fileArgRE.MatchString(t) {
			return false
		}
		mark = mark || strings.ContainsAny(t, "0123456789*")
	}
	return mark
}

// looksLikeOption reports whether content is shaped like an option entry:
// its first token is a flag name and it has a column gap, is short, or
// goes on with names and placeholders. Long lines of prose that merely start with a
// flag ("--times option). Use ...") are wrapped text, not entries, and are
// not counted.
func looksLikeOption(content string) bool {
	if len(content) < 2 || content[0] != '-' {
		return false
	}
	if negatableRE.MatchString(content) || boostRE.MatchString(content) || parenAliasRE.MatchString(content) || colonFlagRE.MatchString(content) {
		return true // forms parseOptionLine rewrites first
	}
	toks := tokens(content)
	if len(toks) == 0 {
		return false
	}
	first, _ := trimComma(toks[0])
	name, _ := splitGlued(first)
	name = strings.TrimSuffix(name, "...")
	if splitAliases(name) == nil {
		return false
	}
	if gs, _ := gapIndex(content); gs >= 0 {
		return true
	}
	if len(toks) <= 4 {
		return true
	}
	if _, ok := repeatedMetavarSpec(toks); ok {
		return true
	}
	_, _, ok := looseSpec(toks)
	return ok
}

// canonical picks the canonical name: the first "--long" name, else the
// first name; the others become aliases in the order written.
func canonical(names []string) (string, []string) {
	seen := map[string]bool{}
	var uniq []string
	for _, n := range names {
		if !seen[n] {
			seen[n] = true
			uniq = append(uniq, n)
		}
	}
	pick := 0
	for i, n := range uniq {
		if strings.HasPrefix(n, "--") {
			pick = i
			break
		}
	}
	var aliases []string
	for i, n := range uniq {
		if i != pick {
			aliases = append(aliases, n)
		}
	}
	return uniq[pick], aliases
}
