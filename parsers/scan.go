package parsers

import (
	"regexp"
	"strings"

	"github.com/traitome/oxo-call/internal/lazyre"
)

// scanConfig selects the option forms a parser accepts beyond the dash
// forms every parser reads.
type scanConfig struct {
	// kv accepts key=value entries ("in=<file>   Main input.").
	kv bool
	// parens makes a trailing "(x)" in a description the default.
	parens bool
	// aliasColumn reads rows that put the short alias in a column of its
	// own ("--force   -f  Overwrite"), as rich-click panels do.
	aliasColumn bool
}

// pending is the option entry being read: its spec (or, for key=value
// entries, the flag built so far) and the description lines gathered.
type pending struct {
	spec    flagSpec
	kv      *Flag
	indent  int
	descCol int
	desc    []string
	// required: the entry sits under a "Required arguments:" heading.
	required bool
	// byPosition: the entry's name is written in brackets ("[-sequence]").
	byPosition bool
	// inline: the description starts on the entry's own row.
	inline bool
	// section: the heading the entry sits under.
	section string
}

// scanFlags reads every option entry in lines, skipping the lines marked in
// skip (usage blocks). An entry is a line whose first token is a flag name;
// its description is the text after the column gap plus the following
// lines indented deeper than the entry. Blank lines do not end an entry,
// but after one a line must reach the description column to continue it.
// It returns the flags and the counts of option-looking and parsed lines.
func scanFlags(lines []string, skip []bool, cfg scanConfig) (flags []Flag, optionLines, parsed int) {
	var cur *pending
	blank := false
	required := false // under a "Required arguments:" heading
	section := ""     // the heading the entries sit under
	spaced := spacedRows(lines, skip)
	noteIndent := -1 // the indent of the entry a note follows, while in it
	// flags[shareFrom:] came from option rows with no help of their own,
	// each right over the next at the same indent ("--freq" over "--freq2"
	// and then "Outputs the allele frequency …"): the help below the last
	// row is theirs too. Help on the last row's own line is that row's
	// alone (bcftools' bare "-o, --output-dir <path>" over "-p,
	// --plot-threshold <float>  Plot …").
	shareFrom := -1
	flush := func() {
		if cur != nil {
			fs := cur.build(cfg)
			if len(cur.desc) > 0 && !cur.inline && len(fs) > 0 && shareFrom >= 0 {
				for j := shareFrom; j < len(flags); j++ {
					if flags[j].Description == "" {
						flags[j].Description = fs[0].Description
					}
				}
			}
			shareFrom = -1
			for i := range fs {
				// A qualifier of a required group that shows a default
				// (EMBOSS "-maxpallen  integer  [100] ...") is prompted
				// for with that default, not missing when left out.
				// An argparse "(default: None)" under "Required
				// arguments:" is no such default.
				fs[i].Required = fs[i].Required || cur.required && (fs[i].Default == "" || !acdDefaultRE.MatchString(fs[i].Description))
				fs[i].ByPosition = cur.byPosition
				fs[i].Section = cur.section
			}
			flags = append(flags, fs...)
			cur = nil
		}
	}
	for i := 0; i < len(lines); i++ {
		line := unstarQualifier(lines[i])
		if i < len(skip) && skip[i] {
			flush()
			blank = false
			continue
		}
		if isBlank(line) {
			blank = true
			continue
		}
		ind, off := indentOf(line)
		if t := strings.TrimSpace(line[off:]); ind <= maxHeadingIndent && associatedRE.MatchString(strings.TrimSuffix(t, ":")) {
			// EMBOSS's "\"-outfile\" associated qualifiers", a heading
			// with no colon: the qualifiers below belong to one parameter
			section, required = strings.TrimSuffix(t, ":"), false
		} else if label, ok := sectionLabel(line, ind, off); ok && (cur == nil || ind <= cur.indent || blank && ind <= cur.indent+2) {
			// a heading after a blank line may stand a little deeper
			// than the entries above it (EMBOSS "   Additional
			// (Optional) qualifiers:" under "  [-outseq]")
			required = requiredLabelRE.MatchString(label)
			section = label
		} else if required && blank && ind <= maxHeadingIndent && (cur == nil || ind <= cur.indent+2) && groupHeading(line[off:]) {
			// a heading too long to be a section label still closes
			// the required group ("   Additional (Optional)
			// qualifiers (* if not always prompted):")
			required = false
		}
		next := ""
		if i+1 < len(lines) {
			next = lines[i+1]
		}
		if k := inlineOptionLabel(line[off:], colAt(line, off), next); k > 0 && ind <= maxHeadingIndent {
			// "Options: -q INT  mask bases": the first entry shares the
			// heading's line.
			off += k
			ind = colAt(line, off)
		}
		if noteIndent >= 0 && ind > noteIndent {
			continue // the rest of a note on the entries above
		}
		noteIndent = -1
		if cur != nil && cur.descCol > ind && ind > cur.indent && noteRE.MatchString(line[off:]) {
			// "(Note: for --un, --al, --un-conc, or --al-conc, add
			// '-gz' …)" under bowtie2's --al-conc, short of its
			// description column: a note on the entries above, not
			// more of the last one's help.
			noteIndent = cur.indent
			flush()
			continue
		}
		content, byPosition := unbracketQualifier(expandRange(line[off:]))
		if cfg.aliasColumn {
			content = mergeAliasColumn(content)
		}
		shift := 0 // bytes the description moved by a rewrite of content
		if spaced[i] && (cur == nil || ind <= cur.indent) && !hasGap(content) {
			if _, ok := parseOptionLine(content); !ok || !looksLikeOption(content) {
				content, shift = widenSpacedRow(content)
			}
		}
		// Text at or past the description column belongs to the entry
		// above even when it starts with a flag ("--exclude '*.pyc'" in an
		// example); an option row never starts that deep.
		inDesc := cur != nil && cur.descCol >= 0 && ind >= cur.descCol
		continues := cur != nil && ind > cur.indent
		if fs, ok := packedRow(content); ok && !inDesc && !continues {
			flush()
			cur = nil
			flags = append(flags, fs...)
			optionLines++
			parsed++
			blank = false
			continue
		}
		if !inDesc && looksLikeOption(content) {
			c, joined := content, false
			for n := 0; n < 3 && unclosed(c) && i+1 < len(lines) && !isBlank(lines[i+1]); n++ {
				// long "<String, Permissible values: ...>" specs wrap
				// onto the next line.
				if ni, _ := indentOf(lines[i+1]); ni <= ind {
					break
				}
				i++
				c, joined = c+" "+strings.TrimSpace(lines[i]), true
			}
			ol, ok := parseOptionLine(c)
			if !ok && !joined && (cur == nil || ind <= cur.indent) {
				ol, ok = valueWordRow(c, lines[i+1:], ind)
			}
			if ok && !blank && cur != nil && cur.kv == nil && ind == cur.indent && splitAliasRow(cur, ol) {
				// "-c              Specifies a non-default file which
				// contains the list of" over "--contaminants  contaminants
				// to screen ...": one option, its names on two rows and
				// its sentence running on
				cur.spec.names = append(cur.spec.names, ol.spec.names...)
				cur.spec.groups = append(cur.spec.groups, ol.spec.groups...)
				cur.spec.values = ol.spec.values
				cur.desc = append(cur.desc, ol.desc)
				optionLines++
				parsed++
				continue
			}
			if ok {
				stacked := cur != nil && cur.kv == nil && !blank && len(cur.desc) == 0 && ind == cur.indent
				from := shareFrom
				if from < 0 {
					from = len(flags)
				}
				flush()
				if stacked {
					shareFrom = from
				}
				cur = &pending{spec: ol.spec, indent: ind, descCol: -1, required: required, byPosition: byPosition, section: section}
				if ol.desc != "" {
					cur.desc = append(cur.desc, ol.desc)
					cur.inline = true
					if ol.descAt >= 0 && !joined {
						cur.descCol = colAt(line, off+ol.descAt-shift)
					}
				}
				optionLines++
				parsed++
				blank = false
				continue
			}
			if !continues {
				// an option row that could not be read; rows inside a
				// description are prose and not counted
				optionLines++
			}
		} else if !inDesc && cfg.kv && (cur == nil || ind <= cur.indent) {
			if f, descAt, ok := parseKV(content); ok {
				optionLines++
				parsed++
				flush()
				cur = &pending{kv: &f, indent: ind, descCol: -1, required: required, section: section}
				if descAt >= 0 {
					cur.desc = append(cur.desc, content[descAt:])
					cur.descCol = colAt(line, off+descAt)
				}
				blank = false
				continue
			}
		}
		if continues && (!blank || cur.descCol < 0 || ind >= cur.descCol) && !isConjunction(content) {
			if cur.descCol < 0 {
				cur.descCol = ind
			}
			cur.desc = append(cur.desc, content)
		} else {
			flush()
		}
		blank = false
	}
	flush()
	return dedupeFlags(unnumberAssociated(flags)), optionLines, parsed
}

// noteRE opens a note ("(Note: …", "NOTE: …").
var noteRE = regexp.MustCompile(`^\(?(?i:note)s?:`)

// build turns the pending entry into its flags.
func (p *pending) build(cfg scanConfig) []Flag {
	if p.kv == nil {
		return finishFlags(p.spec, p.desc, cfg.parens)
	}
	f := *p.kv
	if m := kvAliasRE.FindStringSubmatch(collapse(strings.Join(p.desc, " "))); m != nil {
		f.Aliases = append(f.Aliases, m[1])
	}
	f.Description = descMeta(&f, p.desc, cfg.parens)
	if f.Placeholder != "" || len(f.Choices) > 0 {
		setType(&f)
	} else {
		f.ParamType, f.Choices = kvType(f.Default)
		kvRefine(&f)
	}
	return []Flag{f}
}

// inlineOptionLabel returns the offset of an option entry that follows a
// heading label on the same line ("Options: -q INT ..."), or 0. The entry
// has its description after a gap on the same line, or on the next line,
// indented past the entry's column (sambamba's "Options: -r,
// --remove-duplicates" over "        remove duplicates instead of just
// marking them"); col is the display column content starts at.
func inlineOptionLabel(content string, col int, next string) int {
	k := strings.IndexByte(content, ':')
	if k < 1 || k > 30 || content[0] < 'A' || content[0] > 'Z' {
		return 0
	}
	for i := 0; i < k; i++ {
		c := content[i]
		if !isLetter(c) && c != ' ' && c != '/' {
			return 0
		}
	}
	j := k + 1
	for j < len(content) && (content[j] == ' ' || content[j] == '\t') {
		j++
	}
	if j == k+1 || j >= len(content) || content[j] != '-' || !looksLikeOption(content[j:]) {
		return 0
	}
	if gs, _ := gapIndex(content[j:]); gs < 0 {
		// "Opts: --help" is a field, not a row of a table, unless its
		// description follows on the next line, deeper than the entry.
		if ni, _ := indentOf(next); isBlank(next) || ni <= col+j {
			return 0
		}
	}
	return j
}

// mergeAliasColumn rewrites "--force      -f  text" as "--force, -f    text",
// keeping the description at the same byte offset.
func mergeAliasColumn(content string) string {
	gs, ge := gapIndex(content)
	if gs < 0 || !isFlagName(content[:gs]) {
		return content
	}
	rest := content[ge:]
	end := strings.IndexAny(rest, " \t")
	if end < 0 {
		end = len(rest)
	}
	if !isFlagName(rest[:end]) || ge-gs < 2 {
		return content
	}
	if end < len(rest) {
		if g, _ := gapIndex(rest); g != end {
			return content
		}
	}
	return content[:gs] + ", " + rest[:end] + strings.Repeat(" ", ge-gs-2) + rest[end:]
}

// unclosed reports whether s ends inside a bracket group.
func unclosed(s string) bool {
	depth := 0
	for i := 0; i < len(s); i++ {
		switch {
		case opens(s, i):
			depth++
		case closes(s, i) && depth > 0:
			depth--
		}
	}
	return depth > 0
}

// isConjunction reports whether a line is a lone "OR"/"AND" between
// alternative options (a choice of reporting modes); it ends the entry
// above.
func isConjunction(content string) bool {
	return content == "OR" || content == "AND"
}

// associatedRE matches the heading EMBOSS lists one parameter's associated
// qualifiers under ("\"-outfile\" associated qualifiers", in the help of
// -help -verbose).
var associatedRE = lazyre.New(`(?i)^"(-[A-Za-z][\w-]*)" associated qualifiers$`)

// numberedRE splits a qualifier's name from the parameter number written
// onto it ("-rformat2": -rformat of the second parameter).
var numberedRE = lazyre.New(`^(-[A-Za-z][A-Za-z_-]*[A-Za-z])(\d+)$`)

// unnumberAssociated records the parameter each associated qualifier
// belongs to, and names it without its parameter's number, the number
// kept as an alias: EMBOSS reads
// "-rformat gff" as well as "-rformat2 gff", and a parameter's qualifiers
// are written unnumbered on most command lines. The same qualifier of
// two parameters (matcher's -sformat1 and -sformat2) becomes one flag
// with both numbered names, which dedupeFlags merges. A name another
// flag already holds keeps its number.
func unnumberAssociated(flags []Flag) []Flag {
	own := map[string]bool{}
	for _, f := range flags {
		if !associatedRE.MatchString(f.Section) {
			own[f.Name] = true
		}
	}
	for i := range flags {
		f := &flags[i]
		a := associatedRE.FindStringSubmatch(f.Section)
		if a == nil {
			continue
		}
		f.Qualifies = a[1]
		m := numberedRE.FindStringSubmatch(f.Name)
		if m == nil || own[m[1]] {
			continue
		}
		f.Aliases = append([]string{f.Name}, f.Aliases...)
		f.Name = m[1]
	}
	return flags
}

// dedupeFlags keeps one flag per canonical name, at the place of the first
// mention; a later mention fills in what the first lacks. Some tools list
// a flag twice (in a summary and in its group, or as a global flag too).
func dedupeFlags(flags []Flag) []Flag {
	at := map[string]int{}
	out := flags[:0]
	for _, f := range flags {
		i, seen := at[f.Name]
		if !seen {
			at[f.Name] = len(out)
			out = append(out, f)
			continue
		}
		g := &out[i]
		if g.Qualifies != f.Qualifies {
			g.Qualifies = "" // a qualifier of two parameters is of neither alone
		}
		if g.Description == "" {
			g.Description = f.Description
		}
		if g.ParamType == "bool" && f.ParamType != "bool" {
			g.ParamType, g.Placeholder, g.Choices = f.ParamType, f.Placeholder, f.Choices
			g.OptionalValue, g.AttachedValue = f.OptionalValue, f.AttachedValue
		}
		if g.Default == "" {
			g.Default = f.Default
		}
		for _, a := range f.Aliases {
			if !contains(g.Aliases, a) {
				g.Aliases = append(g.Aliases, a)
			}
		}
	}
	return out
}

// contains reports whether list holds s.
func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// splitAliasRow reports whether the option row ol names again the entry
// cur: cur is one short name with no value and one line of description,
// ol one long name that starts with the same letter and takes no value,
// and the sentence runs on from one row to the next ("... the list of" /
// "which will be used ...").
func splitAliasRow(cur *pending, ol optionLine) bool {
	if len(cur.spec.names) != 1 || len(cur.spec.values) > 0 || cur.spec.glued != "" || len(cur.desc) != 1 || len(ol.spec.names) != 1 {
		return false
	}
	short, long := cur.spec.names[0], ol.spec.names[0]
	if len(short) != 2 || short[0] != '-' || !strings.HasPrefix(long, "--") || len(long) < 4 {
		return false
	}
	if long[2] != short[1] || len(ol.spec.values) > 0 || ol.spec.glued != "" {
		return false
	}
	prev, next := strings.Fields(cur.desc[0]), strings.Fields(ol.desc)
	if len(prev) == 0 || len(next) == 0 {
		return false
	}
	return runOnWords[prev[len(prev)-1]] || runOnWords[next[0]]
}

// runOnWords end no sentence and start no description: a description that
// ends, or a row whose description starts, with one runs on.
var runOnWords = map[string]bool{
	"of": true, "the": true, "a": true, "an": true, "to": true, "for": true, "with": true,
	"and": true, "or": true, "in": true, "on": true, "by": true, "from": true, "which": true,
	"that": true, "against": true,
}

// groupHeading reports whether t, a line that is no option row, opens
// another group of options: it ends with a colon and starts with a
// capital letter.
func groupHeading(t string) bool {
	t = strings.TrimSpace(t)
	return len(t) > 1 && t[0] >= 'A' && t[0] <= 'Z' && strings.HasSuffix(t, ":")
}

// requiredLabelRE matches the headings of a group of required flags:
// "Required arguments:", "REQUIRED ARGUMENTS", "Required options:",
// "required named arguments:", "[REQUIRED]".
var requiredLabelRE = lazyre.New(`(?i)^(?:standard \()?(required|mandatory)\)?( named)?( arguments?| options?| parameters?| flags?| inputs?| qualifiers?)?$`)

// sectionLabel reads a line that opens a group of options: a strong
// heading ("Optional arguments:", "OPTIONS") or a bracketed word on a line
// of its own ("[REQUIRED]", "[COMMON]"), and returns its label.
func sectionLabel(line string, ind, off int) (string, bool) {
	if ind > maxHeadingIndent {
		return "", false
	}
	t := strings.TrimSpace(line[off:])
	if wrapped(t, '[', ']') && allCapsHeading(t[1:len(t)-1]) {
		return t[1 : len(t)-1], true
	}
	if h, ok := headingAt(line); ok && h.strong && h.inline == "" {
		return h.label, true
	}
	return "", false
}

// rangeRE matches a row that names a range of numeric switches: "-0 to
// -9, -11   Compression level".
var rangeRE = lazyre.New(`^-([0-9]) to -([0-9])((?:, -[0-9]+)*)([ \t]|$)`)

// expandRange rewrites "-0 to -9, -11" as "-0/-1/…/-9/-11", one switch
// per name, padded so that the description keeps its column.
func expandRange(content string) string {
	m := rangeRE.FindStringSubmatchIndex(content)
	if m == nil {
		return content
	}
	from, to := content[m[2]], content[m[4]]
	if from > to {
		return content
	}
	var names []string
	for c := from; c <= to; c++ {
		names = append(names, "-"+string(c))
	}
	for _, n := range strings.Split(content[m[6]:m[7]], ",") {
		if n = strings.TrimSpace(n); n != "" {
			names = append(names, n)
		}
	}
	head := strings.Join(names, "/")
	rest := content[m[7]:]
	if pad := m[7] - len(head); pad > 0 {
		rest = strings.Repeat(" ", pad) + rest
	} else if !strings.HasPrefix(rest, "  ") && rest != "" {
		rest = "  " + strings.TrimLeft(rest, " \t")
	}
	return head + rest
}

// spacedRowRE matches an option row that puts a single space, or " : ",
// between the flag and its description (stringtie: " -e only estimate
// the abundance ...", " --mix : both short and long ...").
var spacedRowRE = lazyre.New(`^(--?[A-Za-z0-9][\w/|-]*)(?: : [A-Za-z(]| [a-z]+ (?:[a-z]|\([a-z]))`)

// spacedRows marks the lines of a table whose rows separate flag and
// description by one space. One such line could be prose that starts with
// a flag, so only a run of at least three at one indent, with no blank
// line between them, counts as a table. The description must open with two
// lower-case words: a value written after the flag ("-log logfile --
// save", "--snf OUT.snf", "--maxP arg (=95)", "--output prefix") is not a
// description.
func spacedRows(lines []string, skip []bool) []bool {
	out := make([]bool, len(lines))
	var run []int
	runInd := -1
	end := func() {
		if len(run) >= 3 {
			for _, k := range run {
				out[k] = true
			}
		}
		run, runInd = nil, -1
	}
	for i, line := range lines {
		if isBlank(line) || i < len(skip) && skip[i] {
			end()
			continue
		}
		ind, off := indentOf(line)
		m := spacedRowRE.FindStringSubmatch(line[off:])
		if m == nil || splitAliases(m[1]) == nil {
			if runInd >= 0 && (ind < runInd || ind == runInd && !strings.HasPrefix(line[off:], "-")) {
				end() // a shallower line, or text at the rows' column
			}
			continue
		}
		if runInd >= 0 && ind != runInd {
			end()
		}
		runInd = ind
		run = append(run, i)
	}
	end()
	return out
}

// widenSpacedRow rewrites a spaced row as a two-column one ("-e  only
// estimate ..."), returning the new content and how many bytes later the
// description now starts.
func widenSpacedRow(content string) (string, int) {
	m := spacedRowRE.FindStringSubmatchIndex(content)
	if m == nil {
		return content, 0
	}
	sep := 1
	if strings.HasPrefix(content[m[3]:], " : ") {
		sep = 3
	}
	return content[:m[3]] + "  " + content[m[3]+sep:], 2 - sep
}

// valueWordRow reads a row that holds one flag and one plain word, its
// description on the deeper-indented lines below (pilon: "--output
// prefix"): the word names the value. Without a description below (a
// line of an example, "-db mm9"), the row may be prose and is not read.
func valueWordRow(content string, next []string, ind int) (optionLine, bool) {
	toks := tokens(content)
	if len(toks) != 2 || !isProseWord(toks[1]) {
		return optionLine{}, false
	}
	below := false
	for _, l := range next {
		if isBlank(l) {
			continue
		}
		ni, _ := indentOf(l)
		below = ni > ind
		break
	}
	if !below {
		return optionLine{}, false
	}
	sp, used, ok := parseSpec(toks, true)
	if !ok || used != 2 || len(sp.values) != 1 {
		return optionLine{}, false
	}
	return optionLine{spec: sp, descAt: -1}, true
}

// hasGap reports whether content has a column gap.
func hasGap(content string) bool {
	gs, _ := gapIndex(content)
	return gs >= 0
}

// starQualifierRE matches an option row marked with a star in the first
// column (EMBOSS "*  -outfile   outfile  [*.charge] Output file name":
// a qualifier prompted for only in some uses).
var starQualifierRE = lazyre.New(`^\*(\s+-[A-Za-z])`)

// unstarQualifier writes the star of such a row as a space, so the row
// reads as any other and its columns stay put.
func unstarQualifier(line string) string {
	if starQualifierRE.MatchString(line) {
		return " " + line[1:]
	}
	return line
}

// bracketQualifierRE matches an option row whose name is in brackets
// (EMBOSS "[-sequence]          seqall     ..."): the qualifier's name may
// be left out, its value given by place.
var bracketQualifierRE = lazyre.New(`^\[(-[A-Za-z][\w-]*)\](\s{2,}|\t)`)

// unbracketQualifier writes "[-sequence]  x" as "-sequence    x", the
// same width, so description columns stay put, and reports whether the
// name was in brackets.
func unbracketQualifier(content string) (string, bool) {
	m := bracketQualifierRE.FindStringSubmatchIndex(content)
	if m == nil {
		return content, false
	}
	return content[m[2]:m[3]] + "  " + content[m[3]+1:], true
}
