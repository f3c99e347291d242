package engine

import (
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/traitome/oxo-call/internal/lazyre"
	"github.com/traitome/oxo-call/rules"
	"github.com/traitome/oxo-call/task"
)

// Every value of a command has a source: the task, a rule that derives it
// from a task value (aln.bam → aln.sorted.bam), or a constant the task's
// words ask for. checkSources is the last pass of Stage 3: it finds the
// values an example brought in that have none (the example's own file,
// index, database or sample), drops them where the tool has a default
// (an output the task did not name goes to the tool's default place) and
// otherwise shows a placeholder and says what is missing. usedItems then
// checks that every item of the task has a place in the command.

// sourceOf says where a value comes from: "task", "derived from X", or ""
// when it has no source. Values that are not file names or identifiers
// (numbers, words such as "z" or "genomeGenerate") are constants and
// always have a source.
func (m *mapper) sourceOf(v string) string {
	if expressionLike(v) {
		// A pattern or filter ('tumor|normal', 'not duplicate and
		// mapping_quality >= 30') is the task's when its words are.
		switch {
		case m.taskValues()[v] || m.quotedHolds(v):
			return "task"
		case m.wordsSaid(v):
			return "constant"
		}
		return ""
	}
	if !valueLike(v) {
		return "constant"
	}
	if m.taskValues()[v] || m.taskValues()[strings.TrimSuffix(v, "/")] {
		return "task"
	}
	if m.spelledOut(v) {
		return "constant" // "10x … v3" asks for 10xv3
	}
	if mm := keyRE.FindStringSubmatch(v); mm != nil && mm[4] == "" && mm[2] == "" && m.taskValues()[mm[1]] {
		return "task" // a key's column with its ordering letters (2nr of -k2,2nr)
	}
	if x, err := strconv.ParseFloat(v, 64); err == nil && m.taskValues()[strconv.FormatFloat(x*100, 'f', -1, 64)+"%"] {
		return "derived from the task's " + strconv.FormatFloat(x*100, 'f', -1, 64) + "%" // 0.1 for 10%
	}
	b := filepath.Base(v)
	for _, fs := range m.slots.Files {
		if s := rules.Stem(fs.Path); len(s) >= 2 && (strings.HasPrefix(b, s) || strings.HasPrefix(v, s)) {
			return "derived from " + fs.Path
		}
	}
	return ""
}

// taskBounds are the low and high bounds of the one range the task gives
// ("between 1 and 96"), or 1 and N for the one "first N" it says.
func (m *mapper) taskBounds() (lo, hi string, ok bool) {
	for _, n := range m.slots.Numbers {
		switch n.Bound {
		case "low":
			if lo != "" {
				return "", "", false
			}
			lo = n.Value
		case "high":
			if hi != "" {
				return "", "", false
			}
			hi = n.Value
		}
	}
	if lo == "" && hi == "" {
		// "the first 12 characters": a range from 1 (lexicon class first_n)
		var first []string
		for _, n := range m.slots.Numbers {
			if task.V().Word("first_n", n.After) && intRE.MatchString(n.Value) {
				first = append(first, n.Value)
			}
		}
		if len(first) == 1 {
			return "1", first[0], true
		}
	}
	return lo, hi, lo != "" && hi != ""
}

// taskOutput reports whether the task names path as a file to write.
func (m *mapper) taskOutput(path string) bool {
	for _, fs := range m.slots.Files {
		if fs.Path == path && fs.Output {
			return true
		}
	}
	return false
}

// spelledOut reports a value the task writes as words in order, at most
// one word apart ("10x Chromium v3" spells 10xv3).
func (m *mapper) spelledOut(v string) bool {
	toks := tokens(strings.ToLower(m.task))
	var from func(rest string, i, gap int) bool
	from = func(rest string, i, gap int) bool {
		if rest == "" {
			return true
		}
		for j := i; j < len(toks) && j <= i+gap; j++ {
			t := strings.Trim(toks[j], ",;()")
			if t != "" && strings.HasPrefix(rest, t) && from(rest[len(t):], j+1, 1) {
				return true
			}
		}
		return false
	}
	return from(strings.ToLower(v), 0, len(toks))
}

// taskValues are the values the task gives, as written.
func (m *mapper) taskValues() map[string]bool {
	if m.values != nil {
		return m.values
	}
	m.values = map[string]bool{}
	add := func(v string) {
		if v != "" {
			m.values[v] = true
		}
	}
	for _, f := range m.slots.Files {
		add(f.Path)
	}
	for _, n := range m.slots.Names {
		add(n)
	}
	for _, n := range m.slots.Numbers {
		add(n.Value)
	}
	for _, c := range m.slots.Columns {
		add(c.Value) // "the first three columns": 1-3
	}
	for _, kv := range append(append([]KV(nil), m.slots.KV...), m.slots.UserFlags...) {
		add(kv.Value)
	}
	for _, v := range append(append(append([]string(nil), m.slots.Regions...), m.slots.Quoted...), m.slots.Sequences...) {
		add(v)
	}
	for _, w := range tokens(m.task) {
		add(strings.Trim(w, ",;()[]'\"“”"))
		add(strings.TrimRight(strings.Trim(w, ",;()[]'\"“”"), ".:;,)")) // "…: ISR)." ends a sentence
	}
	return m.values
}

// numRangeRE is a range of two whole numbers: 1-96.
var numRangeRE = lazyre.New(`^\d+-\d+$`)

// expressionLike reports a value of several words or alternatives (a
// pattern, a filter expression): a space, '|' or '&' between letters.
func expressionLike(v string) bool {
	return strings.ContainsAny(v, " |&") && strings.ContainsFunc(v, unicode.IsLetter) && !strings.HasPrefix(v, "<")
}

// wordsSaid reports a value every word of which (three letters or more,
// identifiers split at '_') the task says, by its root or a sense.
func (m *mapper) wordsSaid(v string) bool {
	said := terms(m.task)
	for w := range terms(strings.ReplaceAll(v, "_", " ")) {
		if len(w) >= 3 && !said[w] && !numberRE.MatchString(w) {
			return false
		}
	}
	return true
}

// examplesData reports a word the example's command passes as an
// argument of its own, not a flag's value, that the example's task says
// and this task does not: grep's 'error' in "the lines holding error" is
// that user's pattern, not the tool's syntax. Words the help lists for
// the place, or writes in its usage, are the tool's.
func (m *mapper) examplesData(f *Fill, c *candidate, i int, v string) bool {
	if f.Example == nil || !strings.ContainsFunc(v, unicode.IsLetter) || m.wordsSaid(v) || strings.Contains(c.usage, v) {
		return false
	}
	if i < len(c.positionals) && slices.Contains(c.positionals[i].Choices, v) {
		return false
	}
	return holdsText(&Fill{Positionals: []string{strings.ToLower(f.Example.Task)}}, strings.ToLower(v))
}

// quotedHolds reports a value that holds one of the task's quoted
// strings (a filter expression built around the task's own clause).
func (m *mapper) quotedHolds(v string) bool {
	for _, q := range m.slots.Quoted {
		if holdsText(&Fill{Positionals: []string{v}}, q) && strings.ContainsFunc(q, unicode.IsLetter) {
			return true
		}
	}
	return false
}

// valueLike reports a value that must come from somewhere: a file name, an
// identifier with a digit or an underscore (genome_idx, sample1) or a
// range of numbers (1-96). Plain words, numbers and placeholders are not.
func valueLike(v string) bool {
	if task.Scientific(v) {
		return true // an e-value or a genome size (1e-5, 1.2e8) is the example's own
	}
	if numRangeRE.MatchString(v) {
		return true // a range of numbers (shuf -i 1-96) is the example's data
	}
	if v == "" || v == "-" || strings.HasPrefix(v, "<") || numberRE.MatchString(v) || strings.HasPrefix(v, "-") {
		return false
	}
	if FileType(v) != "" || hasExtension(v) || strings.HasSuffix(v, "/") {
		return true // a file, or a directory ("results/")
	}
	if task.SeqRE.MatchString(v) && strings.ToUpper(v) == v {
		return true // an adapter or primer: the example's is not the task's
	}
	letter, mark := false, false
	for _, r := range v {
		switch {
		case r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z':
			letter = true
		case r >= '0' && r <= '9' || r == '_':
			mark = true
		case r == ':' || r == '@' || r == ' ' || r == '=':
			return false
		}
	}
	return letter && mark && len(v) >= 3
}

// hasExtension: a name with a dot and a short extension that starts with
// a letter (reads.fq, pruned.prune.in), whatever the extension.
func hasExtension(v string) bool {
	dot := strings.LastIndexByte(v, '.')
	if dot <= 0 || dot == len(v)-1 || len(v)-dot-1 > 10 || strings.ContainsAny(v, " =:") {
		return false
	}
	c := v[dot+1]
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// listSource is sourceOf for a comma list: every item needs a source.
func (m *mapper) listSource(v string) (string, string) {
	src := ""
	for _, p := range strings.Split(v, ",") {
		s := m.sourceOf(p)
		if s == "" {
			return "", p
		}
		if src == "" || src == "constant" {
			src = s
		}
	}
	return src, ""
}

// exampleWrote reports a value the adapted example's command holds as
// one of its words.
func exampleWrote(f *Fill, v string) bool {
	if f.Example == nil {
		return false
	}
	return slices.Contains(strings.Fields(f.Example.Args), v)
}

// exampleOwnName reports an example's word v that only begins as a task
// file's stem: the example wrote it, and named it after none of its own
// files ("fastq_backup/" beside the example's data_dir/, when the task's
// directory is fastq). A name the example derives from its own file
// (aln.sorted.bam beside aln.bam) is derived for the task's alike.
func exampleOwnName(f *Fill, v string) bool {
	if !exampleWrote(f, v) {
		return false
	}
	b := filepath.Base(strings.TrimSuffix(v, "/"))
	for _, w := range strings.Fields(f.Example.Args) {
		if w == v || !valueLike(w) {
			continue
		}
		if s := rules.Stem(w); len(s) >= 2 && strings.HasPrefix(b, s) {
			return false
		}
	}
	return true
}

// exampleSource is listSource with an example's own name that only
// begins as a task file's stem (exampleOwnName) given no source.
func (m *mapper) exampleSource(f *Fill, v string) (string, string) {
	src, bad := m.listSource(v)
	if strings.HasPrefix(src, "derived from ") && exampleOwnName(f, v) {
		return "", v
	}
	return src, bad
}

// checkSources drops or replaces the values of f that have no source and
// records, for each, why.
func (m *mapper) checkSources(f *Fill, c *candidate) {
	before := len(f.Missing)
	defer func() {
		if len(f.Missing) == before {
			m.evidence = append(m.evidence, "sources: every value comes from the task, a rule or a constant the task asks for")
		}
	}()
	m.taskSpelling(f, c)
	// The example's switch that sends the output to standard output
	// (gzip -c) served its redirection; with the redirection left out
	// (below) and no word of the task for standard output, the tool
	// writes where it writes by default.
	stdoutSw, dropSw := FlagDoc{}, false
	if f.Stdout != "" && !m.taskOutput(f.Stdout) && !task.V().Mentions("stdout_default", strings.ToLower(m.task)) {
		stdoutSw, dropSw = stdoutSwitch(c)
		dropSw = dropSw && sideEffectHeld(f, c, stdoutSw)
	}
	keep := f.Flags[:0:0]
	remap := map[int]int{}
	for i, fv := range f.Flags {
		if dropSw && !fv.HasValue && sameDoc(stdoutSw, fv.Name) {
			m.evidence = append(m.evidence, "left out "+fv.Name+": it sends the output to standard output, and the task names no file for it")
			continue
		}
		if !fv.HasValue {
			remap[i] = len(keep)
			keep = append(keep, fv)
			continue
		}
		if numRangeRE.MatchString(fv.Value) && !m.taskValues()[fv.Value] {
			if lo, hi, ok := m.taskBounds(); ok {
				m.evidence = append(m.evidence, fmt.Sprintf("%s %s-%s for the example's %s: the task's range", fv.Name, lo, hi, fv.Value))
				fv.Value, fv.Why = lo+"-"+hi, "the task's range "+lo+" to "+hi
				remap[i] = len(keep)
				keep = append(keep, fv)
				continue
			}
		}
		src, bad := m.listSource(fv.Value)
		if strings.HasPrefix(src, "derived from ") && fv.Why == "from the example" && exampleWrote(f, fv.Value) {
			// The example's own name that merely begins as a task file's
			// stem ("genome_idx" beside the task's grch38/genome) was not
			// derived from it.
			src, bad = "", fv.Value
		}
		if fd, ok := LookupFlag(c.flags, fv.Name); ok && src == "" && listed(fd, fv.Value) {
			src = "constant" // a value the help lists for the flag
		}
		switch {
		case src != "task" && m.derivedOutput(f, &fv, m.hasDefault(c, fv.Name)):
			if fv.Value == "" {
				continue
			}
		case src == "task" || src == "constant":
		case src != "":
			if fv.Why == "" || fv.Why == "from the example" {
				fv.Why = src
			}
		case m.hasDefault(c, fv.Name):
			m.evidence = append(m.evidence, fmt.Sprintf("left out %s %s: the task gives no value for it, so the tool's default applies", fv.Name, fv.Value))
			f.Outputs = without(f.Outputs, fv.Value)
			continue
		default:
			ph := placeholder(bad, c, fv.Name)
			if m.holeWas == nil {
				m.holeWas = map[string]string{}
			}
			m.holeWas[fv.Name] = bad
			m.missing(f, fmt.Sprintf("missing: %s for %s (the example's %s is not the task's)", ph, fv.Name, bad))
			fv.Value = strings.Replace(fv.Value, bad, ph, 1)
			fv.Why = "no source in the task"
		}
		remap[i] = len(keep)
		keep = append(keep, fv)
	}
	f.Flags = keep
	var order []string
	for _, o := range f.Order {
		if strings.HasPrefix(o, "f") {
			j, ok := remap[atoi(o[1:])]
			if !ok {
				continue
			}
			o = fmt.Sprintf("f%d", j)
		}
		order = append(order, o)
	}
	if len(f.Order) > 0 {
		f.Order = order
	}
	m.derivedPositionals(f, c)
	for i, p := range f.Positionals {
		src, bad := m.exampleSource(f, p)
		if src == "constant" && m.examplesData(f, c, i, p) {
			src, bad = "", p
		}
		if src == "" {
			if in := m.soleFileLeft(f, bad); in != "" && bad == p && !usageNamesOtherKind(c, i, in) {
				// The example's file is of another kind than the task's,
				// and the task's one file left has no other place: a
				// placeholder would leave it out for certain.
				m.evidence = append(m.evidence, fmt.Sprintf("%s%s where the example has %s (another kind): the task's one file left", placedOtherKind, in, bad))
				f.Positionals[i] = in
				continue
			}
			ph := placeholder(bad, c, "")
			m.missing(f, fmt.Sprintf("missing: %s for positional %d (the example's %s is not the task's)", ph, i+1, bad))
			f.Positionals[i] = strings.Replace(p, bad, ph, 1)
		}
	}
	if f.Stdout != "" {
		// A name derived for a redirection is never asked for: standard
		// output is where the tool writes unless the task names a file
		// ("gzip -9 genome.fa > genome.fa" would overwrite the input).
		if !m.taskOutput(f.Stdout) {
			m.evidence = append(m.evidence, "left out the redirection to "+f.Stdout+": the task names no such file, so the output goes to standard output")
			f.Outputs = without(f.Outputs, f.Stdout)
			f.Stdout = ""
		}
	}
	for i, p := range f.Inputs {
		if src, bad := m.exampleSource(f, p); src == "" {
			f.Inputs[i] = strings.Replace(p, bad, placeholder(bad, c, ""), 1)
		}
	}
	for i, p := range f.Outputs {
		if src, bad := m.exampleSource(f, p); src == "" {
			f.Outputs[i] = strings.Replace(p, bad, placeholder(bad, c, ""), 1)
		}
	}
}

// caseSpelled returns the task's word that is v in other letter case: an
// example's argument the task names ("error" for the task's "ERROR", a
// grep pattern) is the user's value, as the user wrote it. A file name is
// the example's own, and the value of a flag whose help lists its values
// is written as the help lists it (tabix -p vcf).
func (m *mapper) caseSpelled(v string) (string, bool) {
	if k := FileType("x." + strings.ToLower(v)); k != "" && k != "file" || FileType(v) != "" || !strings.ContainsFunc(v, unicode.IsLetter) || m.taskValues()[v] {
		return v, false // a file, or a format the help names (-p vcf for "VCF")
	}
	for _, w := range tokens(m.task) {
		if w = strings.Trim(w, ",;()'\""); w != v && strings.EqualFold(w, v) {
			return w, true
		}
	}
	return v, false
}

// asSpelled returns the task's own spelling of v when v is a task value
// written otherwise on its way from an example ("results/" for the task's
// "results"): the value the user gave arrives as the user wrote it.
func (m *mapper) asSpelled(v string) (string, bool) {
	if v == "" || m.taskValues()[v] {
		return v, false
	}
	if t := strings.TrimSuffix(v, "/"); t != v && t != "" && m.taskValues()[t] {
		return t, true
	}
	return v, false
}

// taskSpelling writes every value of f that stands for a task value as the
// task spells it, and says so.
func (m *mapper) taskSpelling(f *Fill, c *candidate) {
	fix := func(v string) string {
		t, ok := m.asSpelled(v)
		if ok {
			m.evidence = append(m.evidence, fmt.Sprintf("wrote %s as the task spells it, not %s", t, v))
		}
		return t
	}
	for i := range f.Flags {
		if f.Flags[i].HasValue {
			f.Flags[i].Value = fix(f.Flags[i].Value)
			if fd, ok := LookupFlag(c.allFlags(), f.Flags[i].Name); ok && (len(fd.Choices) > 0 || formatFlag(fd)) {
				continue // the help lists its values in its own case, or the value is a format's name, in lower case
			}
			if t, ok := m.caseSpelled(f.Flags[i].Value); ok {
				m.evidence = append(m.evidence, fmt.Sprintf("wrote %s as the task spells it, not %s", t, f.Flags[i].Value))
				f.Flags[i].Value = t
			}
		}
	}
	for i := range f.Positionals {
		f.Positionals[i] = fix(f.Positionals[i])
		if slices.ContainsFunc(c.positionals, func(p PositionalDoc) bool { return slices.Contains(p.Choices, f.Positionals[i]) }) {
			continue // a word the usage lists (a mode), in its own case
		}
		if t, ok := m.caseSpelled(f.Positionals[i]); ok {
			m.evidence = append(m.evidence, fmt.Sprintf("wrote %s as the task spells it, not %s", t, f.Positionals[i]))
			f.Positionals[i] = t
		}
	}
	quiet := func(list []string) {
		for i, v := range list {
			list[i], _ = m.asSpelled(v)
		}
	}
	quiet(f.Inputs)
	quiet(f.Outputs)
	f.Stdout = fix(f.Stdout)
}

// namedAfter returns the task file an output value of f is named after
// (aln.sorted.bam, or the bare stem "genome" for genome.fna), "" when v
// is no output of f, a value the task gives, or named after no task file.
func (m *mapper) namedAfter(f *Fill, v string) string {
	if v == "" || m.taskValues()[v] || !slices.Contains(f.Outputs, v) {
		return ""
	}
	b := filepath.Base(v)
	for _, fs := range m.slots.Files {
		if s := rules.Stem(fs.Path); len(s) >= 2 && strings.HasPrefix(b, s) && b != fs.Path {
			return fs.Path
		}
	}
	return ""
}

// derivedOutput settles an output value named after a task file (built
// from the task's input: names.unique.txt for names.txt), which no word of
// the task asked for: when the task asks for no output at all (it names no
// output file and no name) and the tool does without the value
// (optional), the value is left out and the tool's default place is used
// (sort -u names.txt, not -o names.unique.txt); fv.Value is then "". False
// when v is not such a value.
func (m *mapper) derivedOutput(f *Fill, fv *FlagValue, optional bool) bool {
	base := m.namedAfter(f, fv.Value)
	if base == "" {
		return false
	}
	name := strings.TrimSpace(fv.Name + " " + fv.Value)
	// A binary file (lexicon class self_compressed: BAM, BCF) of the kind
	// it is derived from is kept: the default place, standard output, is
	// a terminal it would garble ("sort aln.bam by coordinate" writes
	// aln.sorted.bam). A conversion ("calls.vcf.gz to BCF") is not: its
	// name alone would not make the tool write the new kind.
	if ext, _ := fileForm(fv.Value); task.V().Word("self_compressed", ext) && ext == fileExt(base) {
		optional = false
	}
	if len(m.slots.Outputs()) == 0 && len(m.slots.Names) == 0 && optional {
		m.evidence = append(m.evidence, fmt.Sprintf("left out %s: the task asks for no output, so the tool's default applies", name))
		f.Outputs = without(f.Outputs, fv.Value)
		fv.Value = ""
		return true
	}
	fv.Why = "derived from " + base
	return true
}

// derivedPositionals settles the output positionals named after a task
// file as derivedOutput does; only the last positional, when the usage
// marks it optional ("uniq [INPUT [OUTPUT]]"), is left out.
func (m *mapper) derivedPositionals(f *Fill, c *candidate) {
	for i := len(f.Positionals) - 1; i >= 0; i-- {
		last := i == len(f.Positionals)-1
		optional := last && c.known && i < len(c.positionals) && !c.positionals[i].Required
		fv := FlagValue{Value: f.Positionals[i]}
		if !m.derivedOutput(f, &fv, optional) || fv.Value != "" {
			continue
		}
		f.Positionals = slices.Delete(f.Positionals, i, i+1)
		f.Order = dropOrdered(f.Order, "p", i)
	}
}

// missing records a value the task lacks.
func (m *mapper) missing(f *Fill, msg string) {
	f.Missing = append(f.Missing, msg)
	m.evidence = append(m.evidence, msg)
}

// hasDefault reports an optional flag whose absence the tool handles: an
// output flag (the tool then writes to its default place) or a flag whose
// help gives a default.
func (m *mapper) hasDefault(c *candidate, name string) bool {
	fd, ok := LookupFlag(c.flags, name)
	if !ok {
		return isOutputFlag(exToken{flag: name})
	}
	if fd.Required {
		return false
	}
	return fd.Category == "Output" || fd.Default != ""
}

// placeholder names what a missing value is: the flag's own placeholder
// from the help, else the kind of file the example had, else "value".
func placeholder(v string, c *candidate, flag string) string {
	if fd, ok := LookupFlag(c.flags, flag); ok && flag != "" {
		if p := strings.Trim(fd.Placeholder, "<>[]{}. "); p != "" && !strings.ContainsAny(p, " ,|") {
			return "<" + strings.ToLower(p) + ">"
		}
	}
	if t := FileType(v); t != "" && t != "file" && t != "gz" {
		return "<" + t + ">"
	}
	if strings.HasSuffix(v, "/") {
		return "<dir>"
	}
	return "<value>"
}

func without(list []string, v string) []string {
	out := list[:0:0]
	for _, x := range list {
		if x != v {
			out = append(out, x)
		}
	}
	return out
}

// sameDoc reports a flag spelling that is one of fd's names.
func sameDoc(fd FlagDoc, name string) bool {
	return name == fd.Name || slices.Contains(fd.Aliases, name)
}

// sideEffectHeld reports another switch of the fill whose help shares a
// word with the help of sw, the switch to standard output: what sw also
// does (gzip -c "keep original files unchanged") the fill already asks
// for (-k "keep (don't delete) input files"), so sw can go without
// changing what happens to the input.
func sideEffectHeld(f *Fill, c *candidate, sw FlagDoc) bool {
	words := contentWords(sw.Description)
	for _, fv := range f.Flags {
		fd, ok := LookupFlag(c.flags, fv.Name)
		if ok && !fv.HasValue && fd.Name != sw.Name && overlap(words, contentWords(fd.Description)) > 0 {
			return true
		}
	}
	return false
}

// placedOtherKind begins the evidence line of a task file placed where
// the example has a file of another kind (counted as files_other_kind).
const placedOtherKind = "placed the task's file "

// soleFileLeft returns the task's one input file the fill does not place,
// when the example's value bad is a file read (not an output) and no other
// positional lacks a source; else "".
func (m *mapper) soleFileLeft(f *Fill, bad string) string {
	if FileType(bad) == "" || slices.Contains(f.Outputs, bad) {
		return ""
	}
	sourceless := 0
	for _, p := range f.Positionals {
		if src, _ := m.listSource(p); src == "" {
			sourceless++
		}
	}
	if sourceless != 1 {
		return ""
	}
	left := ""
	for _, it := range m.unusedItems(f) {
		if fs, ok := m.taskFile(it); ok {
			if fs.Output || left != "" {
				return ""
			}
			left = it
		}
	}
	return left
}

// taskFile returns the task's file named path.
func (m *mapper) taskFile(path string) (FileSlot, bool) {
	for _, fs := range m.slots.Files {
		if fs.Path == path {
			return fs, true
		}
	}
	return FileSlot{}, false
}

// usageNamesOtherKind reports whether the usage's name for positional i
// (the last one for a later index) names file kinds and none is the kind
// of file: "in.bam" reads BAM, so "samtools sort data.vcf" is no guess
// to make; "FILE" names none.
func usageNamesOtherKind(c *candidate, i int, file string) bool {
	if len(c.positionals) == 0 {
		return false
	}
	name := c.positionals[min(i, len(c.positionals)-1)].Name
	want := family(FileType(file))
	named := false
	for _, w := range strings.FieldsFunc(strings.ToLower(name), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		k := FileType("x." + w)
		if len(w) < 2 || k == "" || k == "file" { // "<r>" reads, not R
			continue
		}
		if family(k) == want {
			return false
		}
		named = true
	}
	return named
}
