package engine

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/traitome/oxo-call/internal/lazyre"
	"github.com/traitome/oxo-call/rules"
	"github.com/traitome/oxo-call/task"
)

// unusedItems returns the task's items that the fill does not place: a
// file, number, name, region, sequence, key=value or typed flag the task
// gives and the command leaves out.
func (m *mapper) unusedItems(f *Fill) []string {
	placed := map[string]bool{}
	put := func(v string) {
		for _, p := range strings.Split(v, ",") {
			placed[p] = true
			placed[bareNumber(p)] = true
			if _, after, ok := strings.Cut(p, "="); ok {
				placed[after] = true
			}
			for _, part := range strings.FieldsFunc(p, func(r rune) bool { return r == '/' || r == ':' || r == '-' }) {
				placed[part] = true // index/genome, 1:100
			}
			if x, err := strconv.ParseFloat(p, 64); err == nil && x > 0 && x <= 1 {
				placed[strconv.FormatFloat(x*100, 'f', -1, 64)+"%"] = true // 0.5 for "50%"
			}
		}
	}
	// A word the command sets as a flag's own name ("the WAG model" for
	// FastTree -wag, "the LG model" for -lg) is used by the flag, also
	// when the task spells it with other punctuation ("Phred+64" for
	// --phred64).
	flagNamed := map[string]bool{}
	for _, fv := range f.Flags {
		placed[fv.Name] = true
		flagNamed[strings.ToLower(strings.TrimLeft(fv.Name, "-"))] = true
		flagNamed[strings.Join(splitParts(fv.Name, false), "")] = true
		put(fv.Value)
	}
	named := func(w string) bool {
		return len(w) > 1 && (flagNamed[strings.ToLower(w)] || flagNamed[strings.Join(splitParts(w, false), "")])
	}
	for _, p := range f.Positionals {
		put(p)
	}
	put(f.Stdout)
	put(f.Stdin)
	for _, s := range f.Subcommand {
		placed[s] = true
	}
	var out []string
	seen := map[string]bool{}
	miss := func(item string, ok bool) {
		if !ok && !seen[item] {
			seen[item] = true
			out = append(out, item)
		}
	}
	for _, fs := range m.slots.Files {
		miss(fs.Path, placed[fs.Path] || m.byStem[fs.Path] && placed[rules.Stem(fs.Path)])
	}
	for _, n := range m.slots.Names {
		miss(n, placed[n] || named(n))
	}
	for _, r := range m.slots.Regions {
		miss(r, placed[r])
	}
	for _, id := range m.slots.Idents {
		// A flag's name the task writes bare ("with genomeSAindexNbases
		// 10") is used by the flag.
		miss(id.Text, placed[id.Text] || named(id.Text) || m.valuePlaced(f, id.Text))
	}
	for _, s := range m.slots.Sequences {
		miss(s, placed[s])
	}
	// A quoted word is a value the user wrote out ("fill empty fields
	// with 'NA'"): the command holds it whole or within a value
	// ('mapping_quality >= 30' in a filter expression). Quoted
	// punctuation ("split the names at the first '|'") may describe what
	// a switch does.
	for _, q := range m.slots.Quoted {
		if strings.ContainsFunc(q, wordRune) {
			miss(q, placed[q] || named(q) || m.valuePlaced(f, q) || holdsText(f, q))
		}
	}
	for _, n := range m.slots.Numbers {
		miss(n.Value, placed[n.Value] || placed[bareNumber(n.Value)] || m.partOfToolName(n) || m.scaled[n.Value] || m.meant[n.Value] || m.versionOnly(n) || headsValue(placed, n.Value))
	}
	for _, col := range m.slots.Columns {
		miss("columns "+col.Value, col.Used)
	}
	for _, sp := range m.slots.Separators {
		miss(sp.Word, sp.Used || m.cand != nil && !toolHasSeparatorFlag(m.cand) || switchNamesSeparator(f, sp.Value))
	}
	for _, v := range m.slots.Values {
		// An all-capitals literal (PASS, GTR) may be a word the command
		// needs no place for; one with a run of digits (SRR390728,
		// GCF000005845) is an accession the command must use.
		if v.Shape != task.ShapeLiteral || accessionRE.MatchString(v.Text) {
			miss(v.Text, placed[v.Text] || named(v.Text) || m.valuePlaced(f, v.Text))
		}
	}
	for _, kv := range m.slots.KV {
		miss(kv.Key+"="+kv.Value, placed[kv.Value])
	}
	for _, uf := range m.slots.UserFlags {
		miss(strings.TrimSpace(uf.Key+" "+uf.Value), placed[uf.Key] && (uf.Value == "" || placed[uf.Value]))
	}
	return out
}

// unplacedValues returns the task's words that are a distinctive value a
// flag of the candidate lists ("asm20" of minimap2's -x presets) when the
// command places them nowhere: the task names a setting the command does
// not make.
func (m *mapper) unplacedValues(f *Fill, c *candidate, already []string) []string {
	placed := fillWords(f, already)
	var out []string
	for _, h := range m.taskListedValues(c) {
		if lv := strings.ToLower(h.value); !placed[lv] {
			placed[lv] = true
			out = append(out, h.value)
		}
	}
	return out
}

// fillWords are the words a fill places, lower-cased: its flags' names
// and values (and their parts), positionals, subcommand, and more.
func fillWords(f *Fill, more []string) map[string]bool {
	placed := map[string]bool{}
	put := func(v string) {
		v = strings.ToLower(v)
		placed[v] = true
		for _, p := range strings.FieldsFunc(v, func(r rune) bool { return strings.ContainsRune(",=/:", r) }) {
			placed[p] = true
		}
	}
	for _, fv := range f.Flags {
		put(strings.TrimLeft(fv.Name, "-"))
		put(fv.Value)
	}
	for _, p := range slices.Concat(f.Positionals, f.Subcommand, more) {
		put(p)
	}
	return placed
}

// listedHit is a value a flag's help lists that the task writes.
type listedHit struct {
	fd    FlagDoc
	value string
}

// taskListedValues are the values the candidate's flags list that the
// task writes as words of their own, in the flags' order: distinctive
// values with a digit or a joining mark (asm20, map-hifi), capitals as
// the help writes them (RPGC), or a word the task writes next to the
// flag's name ("the viridis colormap") — a word of letters alone in lower
// case is otherwise prose ("short reads" names no --cs short). A kind's name ("SAM output"
// the command writes by other means) and a flag's default are no setting
// the task asks for.
func (m *mapper) taskListedValues(c *candidate) []listedHit {
	if c == nil {
		return nil
	}
	toks := m.taskTokens()
	caps := map[string]bool{}
	words := valueTokens(withoutFiles(m.task))
	for _, w := range words {
		if caseStyle(w) == 1 {
			caps[w] = true
		}
	}
	// beside reports a value the task writes next to the flag's own name
	// ("the viridis colormap" for --colorMap).
	beside := func(lv string, fd FlagDoc) bool {
		for i, w := range words {
			if strings.ToLower(w) != lv {
				continue
			}
			for _, j := range []int{i - 1, i + 1} {
				if j >= 0 && j < len(words) && len(words[j]) > 2 && slices.ContainsFunc(append([]string{fd.Name}, fd.Aliases...), func(n string) bool {
					return strings.EqualFold(strings.TrimLeft(n, "-"), words[j])
				}) {
					return true
				}
			}
		}
		return false
	}
	var out []listedHit
	for _, fd := range c.flags {
		if fd.ParamType == "bool" || fd.Name == "" {
			continue
		}
		def := strings.ToLower(defaultValue(fd))
		for _, p := range choicePairs(fd) {
			lv := strings.ToLower(p.value)
			marked := strings.ContainsAny(lv, "0123456789:-_.")
			if toks[lv] && lv != def && !isKindName(lv) && m.distinctive(lv, c) && (marked || caps[p.value] || beside(lv, fd)) {
				out = append(out, listedHit{fd, p.value})
			}
		}
	}
	return out
}

// addListedValues is the pass that adds a flag the fill lacks when the
// task writes a value its help lists ("with the asm20 preset" → -x
// asm20; taskListedValues) and no other flag lists that value, nor does
// the task name another value of the flag.
func (m *mapper) addListedValues(f *Fill, c *candidate, used map[string]bool) {
	hits := m.taskListedValues(c)
	flagsOf, valuesOf := map[string]map[string]bool{}, map[string]map[string]bool{}
	for _, h := range hits {
		lv := strings.ToLower(h.value)
		if flagsOf[lv] == nil {
			flagsOf[lv] = map[string]bool{}
		}
		if valuesOf[h.fd.Name] == nil {
			valuesOf[h.fd.Name] = map[string]bool{}
		}
		flagsOf[lv][h.fd.Name], valuesOf[h.fd.Name][lv] = true, true
	}
	placed := fillWords(f, nil)
	for _, h := range hits {
		lv := strings.ToLower(h.value)
		if len(flagsOf[lv]) != 1 || len(valuesOf[h.fd.Name]) != 1 || placed[lv] || alreadyUsed(used, h.fd) {
			continue
		}
		name := spelling(h.fd)
		used[h.fd.Name], used[name], placed[lv] = true, true, true
		m.placedWords[lv] = true
		f.Flags = append(f.Flags, FlagValue{Name: name, Value: h.value, HasValue: true, Style: kvStyle(h.fd), Why: fmt.Sprintf("the task names %s, a value %s's help lists", h.value, h.fd.Name)})
		f.Order = insertBeforePositionals(f.Order, fmt.Sprintf("f%d", len(f.Flags)-1))
		m.evidence = append(m.evidence, fmt.Sprintf("added %s %s: the task names %s, a value its help lists", name, h.value, h.value))
	}
}

// accessionRE is an identifier of capitals then three digits or more.
var accessionRE = lazyre.New(`^[A-Z]{2,}_?\d{3,}`)

// taskAccession is the task's first accession (a literal of capitals and
// digits, SRR390728), or "".
func (m *mapper) taskAccession() string {
	for _, v := range m.slots.Values {
		if v.Shape == task.ShapeLiteral && accessionRE.MatchString(v.Text) {
			return v.Text
		}
	}
	return ""
}

// switchNamesSeparator reports a switch of the fill whose name is a word
// for the separator (bedtools' -tab for "制表符分隔", --csv for a comma):
// it writes the fields so.
func switchNamesSeparator(f *Fill, sep string) bool {
	for _, fv := range f.Flags {
		if fv.HasValue {
			continue
		}
		for _, p := range splitParts(fv.Name, false) {
			if v, ok := task.V().ValueOf("separator_word", p); ok && v == sep {
				return true
			}
		}
	}
	return false
}

// bareNumber drops a unit from a number ("80%" → "80", "4G" stays "4G").
func bareNumber(v string) string {
	return strings.TrimSuffix(strings.TrimSuffix(v, "%"), "x")
}

// partOfToolName reports a number that belongs to the tool's name as the
// task writes it ("the Bowtie 2 index" for bowtie2).
func (m *mapper) partOfToolName(n NumberSlot) bool {
	// a part of the program's name on its own ("454 reads" for
	// cd-hit-454): the number names the program, or what it is for
	exe := strings.ToLower(m.rec.Executable)
	if slices.Contains(strings.FieldsFunc(exe, func(r rune) bool { return r == '-' || r == '_' || r == '.' }), n.Value) {
		return true
	}
	if n.Pos <= 0 {
		return false
	}
	toks := tokens(m.task)
	if n.Pos >= len(toks) {
		return false
	}
	name := strings.ToLower(strings.Trim(toks[n.Pos-1], ",;()") + n.Value)
	return strings.HasPrefix(strings.ToLower(m.rec.Executable), name)
}

// uncovered is the share of the task's content words (files, numbers and
// names left out) that nothing in the command accounts for: not the
// adapted example's task, not the chosen subcommand's name, description or
// keywords, not the name or description of a flag the command sets. A
// task that asks for more than the command does leaves words uncovered.
func (m *mapper) uncovered(f *Fill, c *candidate, ex *scoredExample) float64 {
	return m.uncoveredBy(f, c, ex, true)
}

// uncoveredByCommand is the share of the task's content words the
// command itself does not account for: the example's task is left out of
// the cover, since a word it shares with the task explains nothing once
// the example's flag for it is dropped ("tabular output" without -outfmt).
func (m *mapper) uncoveredByCommand(f *Fill, c *candidate) float64 {
	return m.uncoveredBy(f, c, nil, false)
}

func (m *mapper) uncoveredBy(f *Fill, c *candidate, ex *scoredExample, withExample bool) float64 {
	task := m.taskTerms(m.keywordText())
	if len(task) == 0 {
		return 0
	}
	return float64(len(m.uncoveredWords(f, c, ex, withExample))) / float64(len(task))
}

// asWritten gives each stem of the task's words back as the task writes
// it ("sequenc" → "sequences"), the stem itself when no word has it.
func (m *mapper) asWritten(stems []string) []string {
	written := map[string]string{}
	for _, w := range rules.Words(strings.ToLower(m.keywordText())) {
		if _, ok := written[stem(w)]; !ok {
			written[stem(w)] = w
		}
	}
	out := make([]string, len(stems))
	for i, s := range stems {
		out[i] = s
		if w, ok := written[s]; ok {
			out[i] = w
		}
	}
	return out
}

// uncoveredWords are the task's content words (as their stems) that
// nothing in the command, and with withExample the adapted example's
// task, accounts for, sorted: the words explain names when the command
// may do less than the task asks.
func (m *mapper) uncoveredWords(f *Fill, c *candidate, ex *scoredExample, withExample bool) []string {
	covered := m.coverTest(f, c, ex, withExample)
	var out []string
	for w := range m.taskTerms(m.keywordText()) {
		if !covered(w) {
			out = append(out, w)
		}
	}
	slices.Sort(out)
	return out
}

// taskTerms are the content words of a piece of the task, its numbers,
// regions and sequences left out.
func (m *mapper) taskTerms(text string) map[string]bool {
	ordinal := task.V().Words("ordinal_suffix")
	particles := task.V().Words("verb_particle")
	flagNouns := task.V().Words("option_noun")
	task := contentWords(text)
	// The words that make a negation ("leaving out", "turned off") ask
	// for nothing themselves: the words they negate do.
	fields := strings.Fields(strings.ToLower(text))
	_, own := negatedFields(fields)
	for i, o := range own {
		if o {
			for w := range contentWords(fields[i]) {
				delete(task, w)
			}
		}
	}
	// A verb's particle ("pull … out", "stitch … together") says
	// nothing the verb does not (lexicon class verb_particle).
	for _, p := range particles {
		delete(task, stem(p))
	}
	// "(the -R option)": the noun names the flag the task types.
	if len(m.slots.UserFlags) > 0 {
		for _, w := range flagNouns {
			delete(task, stem(w))
		}
	}
	for _, n := range m.slots.Numbers {
		delete(task, n.Value)
		// the number as an ordinal ("the 3rd sequence"): a value too
		for _, sfx := range ordinal {
			delete(task, n.Value+sfx)
		}
	}
	for _, v := range append(append([]string(nil), m.slots.Regions...), m.slots.Sequences...) {
		for w := range contentWords(v) {
			delete(task, w)
		}
	}
	return task
}

// coverTest returns whether the command accounts for a task word: the
// subcommand's name and help, the skill's keywords for it, the example's
// task (withExample), the flags' names, values and help.
func (m *mapper) coverTest(f *Fill, c *candidate, ex *scoredExample, withExample bool) func(string) bool {
	cover := m.coverWords(f, c, ex, withExample, false)
	taskConcepts := m.textConcepts
	var coverConcepts, coverRoots map[string]bool
	return func(w string) bool {
		if cover[w] || len(w) < 3 && !isCJK(w) {
			return true
		}
		// A Chinese run is judged by its concepts (排序 and sort) and its
		// senses (表头 and header): it is uncovered when it has a sense
		// the command lacks, or, with none, a concept the command lacks.
		if isCJK(w) {
			if coverConcepts == nil {
				coverConcepts = m.concepts(strings.Join(keys(cover), " "))
				coverRoots = coverSenses(cover, ex, withExample)
			}
			return chineseRunCovered(senseRoots(w), m.concepts(w), coverRoots, coverConcepts, len(taskConcepts) > 0)
		}
		return false
	}
}

// coverWords are the stemmed words coverTest accounts for; with strict,
// those of what the command sets alone: the skill's keywords say what the
// subcommand is for, and a file's name what the user called it, not which
// mode the command sets ("hifi_sheep.sam" says no "HiFi preset").
func (m *mapper) coverWords(f *Fill, c *candidate, ex *scoredExample, withExample, strict bool) map[string]bool {
	cover := map[string]bool{}
	addAll := func(text string) map[string]bool {
		words := contentWords(joinsToSpaces.Replace(text))
		for w := range words {
			cover[w] = true
		}
		return words
	}
	// The program's own name: a subcommand's key leaves it out ("aln" of
	// "bwa aln"), though "with bwa aln" names both.
	addAll(c.exe + " " + c.key)
	// A description that calls the program by what it does ("Generic
	// indexer", "Ultra-fast … preprocessor") accounts for the verb
	// ("index", "preprocess").
	agent := task.V().Suffixes("agent_ending")
	for w := range addAll(c.desc) {
		for _, e := range agent {
			base, ok := strings.CutSuffix(w, e)
			if !ok || len(base) < 3 {
				continue
			}
			cover[stem(base)] = true
			if n := len(base); base[n-1] == base[n-2] {
				cover[stem(base[:n-1])] = true // trimmer: trim
			}
		}
	}
	// A placed argument that is no file accounts for its words: a
	// quoted command line (hyperfine 'samtools sort -o out.bam in.bam'),
	// a name; a placeholder ("<dir>") is none of the task's.
	for _, p := range f.Positionals {
		if (strings.Contains(p, " ") || task.FileType(p) == "") && !strings.HasPrefix(p, "<") {
			addAll(p)
		}
	}
	if m.skill != nil && !strict {
		addAll(strings.Join(m.skill.Keywords[c.key], " "))
	}
	if ex != nil && withExample {
		maps.Copy(cover, m.exampleCover(ex))
	}
	for _, fv := range f.Flags {
		if strict && task.FileType(fv.Value) != "" {
			addAll(strings.TrimLeft(fv.Name, "-"))
		} else {
			addAll(strings.TrimLeft(fv.Name, "-") + " " + fv.Value)
		}
		if fd, ok := LookupFlag(c.flags, fv.Name); ok {
			maps.Copy(cover, flagCover(fd, fv))
		}
		// A name of one word the task writes apart ("word size" for
		// -wordsize) accounts for the words it glues.
		addAll(strings.Join(m.gluedParts(fv.Name), " "))
	}
	for _, n := range m.onNamed {
		addAll(strings.TrimLeft(n, "-"))
	}
	// A column list or separator the command places accounts for the
	// words it was read from ("the first three columns" in -f 1-3,
	// "comma-separated" in -d ,).
	for _, col := range m.slots.Columns {
		if col.Used {
			addAll(strings.Join(col.Words, " "))
		}
	}
	for _, sp := range m.slots.Separators {
		if sp.Used {
			addAll(sp.Word)
		}
	}
	// A mode the command sets accounts for the noun that marks it
	// ("metagenome mode" with -p meta).
	if !strict {
		for _, mn := range m.modeNames() {
			if words := m.modeWords(mn.name); len(words) > 0 && !isCJK(mn.marker) && m.modeMet(f, c, words) {
				cover[stem(mn.marker)] = true
			}
		}
	}
	return cover
}

// exampleCover are the words of the adapted example's task that account
// for this task's words: those a flag of the example the fill dropped as
// unasked stands for do not, since the command no longer does what they
// asked ("automatically choosing the strategy" once --auto is dropped). A
// dropped flag the help does not describe could stand for any of them:
// then the example's task accounts for nothing.
func (m *mapper) exampleCover(ex *scoredExample) map[string]bool {
	words := contentWords(joinsToSpaces.Replace(ex.ex.Task))
	for _, t := range m.unasked {
		if t.doc == nil {
			return nil
		}
		for w := range flagCover(*t.doc, FlagValue{Name: t.flag, Value: t.value, HasValue: t.hasValue}) {
			delete(words, w)
		}
	}
	return words
}

// uncoveredClauses counts the task's clauses (cut at punctuation and
// conjunctions) that hold content words of which the command itself
// accounts for none: an option asked for in a clause of its own that
// nothing in the command does. In a long task one such clause is a small
// share of the words, but as sure a sign of a missing option.
func (m *mapper) uncoveredClauses(f *Fill, c *candidate) int {
	covered := m.coverTest(f, c, nil, false)
	// The usage's argument names account for their words ("tmpDir" for
	// "temporary directory tmp").
	args := map[string]bool{}
	for _, p := range c.positionals {
		for w := range contentWords(strings.Join(splitIdent(strings.Trim(p.Name, "<>[].")), " ")) {
			args[w] = true
		}
	}
	placed := map[string]bool{}
	for _, fv := range f.Flags {
		placed[strings.ToLower(fv.Value)] = fv.HasValue
		if fv.HasValue && strings.ContainsAny(fv.Value, "0123456789") {
			// A list or range of numbers ("-f 1,3", "-f 2-") places
			// each of them: "columns 1 and 3" is cut at its "and".
			for _, part := range strings.FieldsFunc(fv.Value, func(r rune) bool { return r == ',' || r == '-' || r == ':' }) {
				placed[part] = true
			}
		}
	}
	for _, p := range append(append([]string(nil), f.Positionals...), f.Stdout, f.Stdin) {
		placed[strings.ToLower(p)] = p != ""
	}
	// The clauses are cut on the whole task: a file or name keywordText
	// leaves out stands as a placeholder, so its punctuation still ends
	// its clause ("prefix clu90, temporary directory tmp") and a clause
	// that names it is known to be about it ("save them to out.bam").
	ws, dropped := m.keywordWords()
	text := make([]string, len(ws))
	for i, w := range ws {
		text[i] = w
		if dropped[i] {
			bare := strings.TrimRight(w, ",;:.)]'\"，；。")
			text[i] = dropMark + strconv.Itoa(i) + w[len(bare):]
		}
	}
	v := task.V()
	n := 0
clauses:
	for _, cl := range taskClauses(strings.Join(text, " ")) {
		// A clause that gives a value the command places is about that
		// value ("extract region chr2:5-10", "write them to out.bam").
		var words []string
		for _, w := range strings.Fields(cl) {
			if i, ok := dropIndex(w); ok {
				w = strings.TrimRight(ws[i], ".，；。")
			} else {
				words = append(words, w)
			}
			if placed[strings.Trim(w, ",;:()[]'\"")] {
				continue clauses
			}
		}
		cl = strings.Join(words, " ")
		// Words that say where a value goes ("write to", "prefix") are
		// checked by the items' places, not here.
		var kept []string
		for _, w := range strings.Fields(cl) {
			lw := strings.ToLower(strings.Trim(w, ",;:()[]'\""))
			if v.Word("output_marker", lw) || v.Word("name_marker", lw) || v.Word("destination_noun", lw) {
				continue
			}
			if isCJK(lw) {
				if lw = stripMarkers(lw); lw == "" {
					continue
				}
			}
			kept = append(kept, lw)
		}
		terms := m.taskTerms(strings.Join(kept, " "))
		for w := range args {
			delete(terms, w)
		}
		if len(terms) == 0 {
			continue
		}
		hit := false
		for w := range terms {
			if covered(w) {
				hit = true
				break
			}
		}
		if !hit {
			n++
			m.evidence = append(m.evidence, fmt.Sprintf("uncovered clause: %q: nothing in the command accounts for its words", strings.TrimSpace(cl)))
		}
	}
	return n
}

// dropMark begins the placeholder of a word keywordText leaves out.
const dropMark = "\x00"

// dropIndex reads a placeholder: the index of the word it stands for.
func dropIndex(w string) (int, bool) {
	rest, ok := strings.CutPrefix(w, dropMark)
	if !ok {
		return 0, false
	}
	end := strings.IndexFunc(rest, func(r rune) bool { return r < '0' || r > '9' })
	if end < 0 {
		end = len(rest)
	}
	i, err := strconv.Atoi(rest[:end])
	return i, err == nil
}

// stripMarkers takes the output and name markers off the end of a
// Chinese run ("去重统计写入" → "去重统计", "输出目录" → ""), as often as
// they end it; a run that is a marker alone leaves nothing.
func stripMarkers(run string) string {
	v := task.V()
	for changed := true; changed && run != ""; {
		changed = false
		for _, class := range []string{"output_marker", "name_marker"} {
			if v.Word(class, run) {
				return ""
			}
			for _, suf := range v.Suffixes(class) {
				if strings.HasSuffix(run, suf) {
					run, changed = strings.TrimSuffix(run, suf), true
					break
				}
			}
		}
	}
	return run
}

// taskClauses cuts a task at clause punctuation and conjunctions, and
// before a word that opens a clause of its own (lexicon class
// clause_opener: "… to ref.fa skipping pairing").
func taskClauses(text string) []string {
	var out []string
	for _, part := range clauseSplitRE.Split(text, -1) {
		var cur []string
		for _, w := range strings.Fields(part) {
			lw := strings.ToLower(w)
			if task.V().Word("conjunction", lw) {
				out = append(out, strings.Join(cur, " "))
				cur = nil
				continue
			}
			if len(cur) > 0 && task.V().Word("clause_opener", lw) {
				out = append(out, strings.Join(cur, " "))
				cur = nil
			}
			cur = append(cur, w)
		}
		out = append(out, strings.Join(cur, " "))
	}
	return out
}

// senseRoots are the rooted words of the senses (lexicon sense_<word>)
// text mentions.
func senseRoots(text string) map[string]bool {
	out := map[string]bool{}
	for _, c := range mentionedSenses(text) {
		out[root(strings.TrimPrefix(c, "sense_"))] = true
	}
	return out
}

// coverSenses are the roots of the words that cover a task and the senses
// of the example's task when it is part of the cover (a Chinese example
// task covers "表头" as it covers "header").
func coverSenses(cover map[string]bool, ex *scoredExample, withExample bool) map[string]bool {
	out := map[string]bool{}
	for w := range cover {
		out[trimRoot(w)] = true
	}
	if ex != nil && withExample {
		maps.Copy(out, senseRoots(ex.ex.Task))
	}
	return out
}

// chineseRunCovered reports a Chinese run the command accounts for: one of
// its concepts is among the command's words' concepts, and one of its
// senses among the command's words, whole or (six letters or more) as a
// word's beginning ("metagenom" in "metagenomic"), each where it has any. A run with
// neither, or with concepts in a task whose job has none, is covered.
func chineseRunCovered(senses, concepts, coverRoots, coverConcepts map[string]bool, taskConcepts bool) bool {
	if len(concepts) > 0 && taskConcepts && overlap(concepts, coverConcepts) == 0 {
		return false
	}
	if len(senses) == 0 {
		return true
	}
	for s := range senses {
		if hasTerm(coverRoots, s) {
			return true
		}
	}
	return false
}

// flagCover are the words a flag the command sets accounts for: its
// names and its help. Of a help that lists values ("- asm5/asm10/asm20 -
// asm-to-ref mapping …", "'b' compressed BCF; 'v' uncompressed VCF"),
// only the value set and its meaning count, and the help outside the
// listed values: the values the command does not set are no cover for a
// task that names one of them.
func flagCover(fd FlagDoc, fv FlagValue) map[string]bool {
	words := func(text string) map[string]bool {
		return contentWords(joinsToSpaces.Replace(text))
	}
	out := words(fd.Name + " " + strings.Join(fd.Aliases, " "))
	desc := words(withoutFlagNames(fd.Description))
	if pairs := choicePairs(fd); fv.HasValue && len(pairs) >= 2 {
		set := map[string]bool{}
		for _, p := range pairs {
			if p.value == fv.Value {
				maps.Copy(set, words(p.value+" "+p.words))
			}
		}
		for _, p := range pairs {
			if p.value != fv.Value {
				for w := range words(p.value + " " + p.words) {
					if !set[w] {
						delete(desc, w)
					}
				}
			}
		}
		maps.Copy(desc, set)
	}
	maps.Copy(out, desc)
	return out
}

// withoutFlagNames is a flag's help without the names of flags it
// mentions (task.TypedFlag, brackets and quotes before it aside):
// "required when using --single" (kallisto's --sd) speaks of another
// switch, and the words of its name are that switch's to account for,
// not this flag's.
func withoutFlagNames(desc string) string {
	ws := strings.Fields(desc)
	out := ws[:0:0]
	for _, w := range ws {
		if !task.TypedFlag(strings.TrimLeft(w, "([{'\"`")) {
			out = append(out, w)
		}
	}
	return strings.Join(out, " ")
}

func keys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	return out
}

// versionOnly reports a number after a version word ("a bowtie (version
// 1) index"; lexicon class version_word) when no flag of the candidate
// that takes a value is named for it (makeblastdb's -blastdb_version
// takes "version 4"): it says which tool or format, not a setting.
func (m *mapper) versionOnly(n NumberSlot) bool {
	v := task.V()
	if !v.Word("version_word", n.After) || m.chosen == nil {
		return false
	}
	return !slices.ContainsFunc(m.chosen.flags, func(fd FlagDoc) bool {
		return fd.ParamType != "bool" && slices.ContainsFunc(splitParts(fd.Name, false), func(p string) bool { return v.Word("version_word", p) })
	})
}

// headsValue reports a number a placed value begins with, letters going
// on after it ("10x" of kallisto's "-x 10xv3" for "10x Chromium v3"): the
// value holds it.
func headsValue(placed map[string]bool, n string) bool {
	n = strings.ToLower(n)
	for v, ok := range placed {
		v = strings.ToLower(v)
		if ok && len(v) > len(n) && strings.HasPrefix(v, n) && unicode.IsLetter(rune(v[len(n)])) {
			return true
		}
	}
	return false
}
