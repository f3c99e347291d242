package engine

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/traitome/oxo-call/rules"
	"github.com/traitome/oxo-call/task"
)

// Which switches a task asks for is judged on terms: words stemmed and
// rooted (lexicon class root_ending: "duplicated" and "duplicate" meet),
// plus the senses the lexicon's sense_<word> classes find in the text
// ("统计出现的次数" holds "count").

// root is a word's stem with one more ending of the lexicon class
// root_ending taken off.
func root(w string) string { return trimRoot(stem(w)) }

// trimRoot takes one ending of the lexicon class root_ending off a word
// already stemmed.
func trimRoot(w string) string {
	for _, suf := range task.V().Suffixes("root_ending") {
		if len(w) > len(suf)+2 && strings.HasSuffix(w, suf) {
			return strings.TrimSuffix(w, suf)
		}
	}
	return w
}

// senseClasses are the lexicon classes named sense_<word>.
func senseClasses() []string {
	v := task.V()
	if c, ok := senseClassCache.Load(v); ok {
		return c.([]string)
	}
	var out []string
	for _, c := range v.Classes() {
		if strings.HasPrefix(c, "sense_") && len(c) > len("sense_") {
			out = append(out, c)
		}
	}
	senseClassCache.Store(v, out)
	return out
}

// senseClassCache holds senseClasses per vocabulary: listing and sorting
// every class on each call cost a tenth of a warm Stage 3. Callers only
// read the slice.
var senseClassCache sync.Map

// descSenses are the roots of the senses a flag's help says (senseRoots),
// read once per help text per mapping: dropCovered and the switch passes
// ask for the same flags' terms many times, and each sense is a pattern
// match.
func (m *mapper) descSenses(text string) map[string]bool {
	if r, ok := m.senseMemo[text]; ok {
		return r
	}
	out := senseRoots(text)
	if m.senseMemo == nil {
		m.senseMemo = map[string]map[string]bool{}
	}
	m.senseMemo[text] = out
	return out
}

// senseWords are the words of the senses text mentions (the lexicon's
// sense_<word> classes), in the order of the classes.
func senseWords(text string) []string {
	var out []string
	for _, c := range mentionedSenses(text) {
		out = append(out, strings.ReplaceAll(strings.TrimPrefix(c, "sense_"), "_", " "))
	}
	return out
}

// senseHits are the words of a help (contentWords) that the senses text
// mentions name, compared as roots ("replicat" of "Replicates" for the
// sense "replicate"), those already in have left out.
func senseHits(text string, help, have map[string]bool) []string {
	return classHits(mentionedSenses(text), help, have)
}

// mentionedSenses are the sense classes text mentions.
func mentionedSenses(text string) []string {
	return task.V().MentionedOf(text, senseClasses())
}

// classHits is senseHits for the sense classes a text mentions.
func classHits(classes []string, help, have map[string]bool) []string {
	var out []string
	for _, c := range classes {
		r := root(strings.TrimPrefix(c, "sense_"))
		for w := range help {
			if !have[w] && trimRoot(w) == r && !slices.Contains(out, w) {
				out = append(out, w)
			}
		}
	}
	sort.Strings(out)
	return out
}

// terms returns the rooted content words of text with the senses it
// mentions.
func terms(text string) map[string]bool {
	out := map[string]bool{}
	for w := range contentWords(text) {
		out[trimRoot(w)] = true
	}
	for _, c := range mentionedSenses(text) {
		out[root(strings.TrimPrefix(c, "sense_"))] = true
	}
	return out
}

// nameTerms are the terms of a flag's names: its long names split at
// dashes, underscores and case changes ("countReadPairs": count, read,
// pair), parts shorter than three letters left out.
func nameTerms(name string, fd *FlagDoc) map[string]bool {
	out := map[string]bool{}
	names := []string{name}
	if fd != nil {
		names = append(append(names, fd.Name), fd.Aliases...)
	}
	for _, n := range names {
		n = strings.TrimLeft(n, "-")
		parts := splitIdent(n)
		if len(parts) > 1 {
			// The whole name too: "libType" is the task's "libtype".
			parts = append(parts, strings.ToLower(joinsDropped.Replace(n)))
		}
		for _, p := range parts {
			if len(p) > 2 && !task.Stopword(p) {
				out[root(p)] = true
			}
		}
	}
	return out
}

// flagTerms are the terms of a flag's names and of its description,
// those of the description many of the candidate's flags share left out.
func (m *mapper) flagTerms(name string, fd *FlagDoc) (names, desc map[string]bool) {
	names = nameTerms(name, fd)
	desc = map[string]bool{}
	if fd == nil {
		return names, desc
	}
	for w := range contentWords(fd.Description) {
		if !m.common[w] {
			desc[trimRoot(w)] = true
		}
	}
	for r := range m.descSenses(fd.Description) {
		desc[r] = true
	}
	return names, desc
}

// matches counts the terms of a flag found in words: a name term whole,
// or (six letters or more) as the beginning of a word ("fraction" in
// "fractional", "detect" in "detection"); a description term whole.
func matches(names, desc, words map[string]bool) (nameHits, descHits []string) {
	for n := range names {
		if hasTerm(words, n) {
			nameHits = append(nameHits, n)
		}
	}
	for d := range desc {
		if words[d] && !names[d] {
			descHits = append(descHits, d)
		}
	}
	sort.Strings(nameHits)
	sort.Strings(descHits)
	return nameHits, descHits
}

// spelledOut returns the word of words a short name term begins that the
// flag's help spells out as well, and no other flag's help says (--meta,
// "metagenome / uneven coverage mode", for "metagenome assembly"; --het
// for "heterozygosity"): the help says what the name is short for. A word
// of many flags' help ("directory" for --dirs) is not what one name is
// short for.
func spelledOut(words, desc, once map[string]bool, n string) (string, bool) {
	best := ""
	for w := range words {
		if len(n) >= 3 && len(w) > len(n) && strings.HasPrefix(w, n) && helpSays(desc, once, w) && (best == "" || w < best) {
			best = w
		}
	}
	return best, best != ""
}

// helpSays reports a term of one flag's help alone that is w or, for w of
// six letters or more, begins with it ("metagenomic" for "metagenom").
func helpSays(desc, once map[string]bool, w string) bool {
	if desc[w] && once[w] {
		return true
	}
	for d := range desc {
		if once[d] && len(w) >= 6 && strings.HasPrefix(d, w) {
			return true
		}
	}
	return false
}

// hasTerm reports a name term in words, whole or (six letters or more)
// as the beginning of a word.
func hasTerm(words map[string]bool, n string) bool {
	if words[n] {
		return true
	}
	for w := range words {
		if len(n) >= 6 && strings.HasPrefix(w, n) {
			return true
		}
	}
	return false
}

// switchFit is how well a flag's help fits a set of words: its name's
// terms count double, its description's once.
func (m *mapper) switchFit(name string, fd *FlagDoc, words map[string]bool) (float64, []string) {
	names, desc := m.flagTerms(name, fd)
	// The tool's and subcommand's own words say what every flag of it
	// does ("count" in featureCounts' --countReadPairs).
	for w := range m.candTerms(m.cand, false) {
		delete(names, w)
		delete(desc, w)
	}
	nh, dh := matches(names, desc, words)
	return 2*float64(len(nh)) + float64(len(dh)), append(nh, dh...)
}

// askTerms are the task's terms (files left out). A Chinese run's
// concepts are terms too: the intent rules read "单端" as single and "解压"
// as decompress, and a switch's English help says those words
// (--single, --decompress).
func (m *mapper) askTerms() map[string]bool {
	if m.asks == nil {
		m.asks = terms(withoutFiles(m.task))
		for _, tok := range tokens(m.task) {
			if !isCJK(tok) {
				continue
			}
			for c := range m.concepts(tok) {
				if !strings.Contains(c, "_") {
					m.asks[root(c)] = true
				}
			}
		}
	}
	return m.asks
}

type candTermsCache struct {
	c          *candidate
	names, all map[string]bool
}

// candTerms are the terms of the candidate's own names, and with desc of
// its description: what every example of it does, not what one flag adds.
// (A tool's own description lists all it can do, "compress or
// decompress", so callers read it only for a subcommand.)
func (m *mapper) candTerms(c *candidate, desc bool) map[string]bool {
	if c == nil {
		return nil
	}
	if m.candCache == nil || m.candCache.c != c {
		names := map[string]bool{}
		for _, n := range append([]string{c.exe, c.key}, c.sub...) {
			for _, p := range splitIdent(n) {
				if len(p) > 2 {
					names[root(p)] = true
				}
			}
		}
		all := terms(c.desc)
		for w := range names {
			all[w] = true
		}
		m.candCache = &candTermsCache{c, names, all}
	}
	if desc {
		return m.candCache.all
	}
	return m.candCache.names
}

// exampleFit weighs whether the task asks for a switch or constant the
// example has: its fit to the task's terms, less the terms of its names
// and of its help that the example's task holds and this task lacks (the
// example asked for it in words this task does not repeat: "merge
// overlapping pairs" keeps --merge, "preprocess pairs" does not; "overwrite
// an existing output folder" asked for --force, "output folder" alone
// does not). The words against it are returned for the evidence.
func (m *mapper) exampleFit(t exToken) (float64, []string) {
	tw := m.askTerms()
	s, _ := m.switchFit(t.flag, t.doc, tw)
	if m.exTerms == nil {
		return s, nil
	}
	names, desc := m.flagTerms(t.flag, t.doc)
	cand := m.candTerms(m.cand, len(m.cand.sub) > 0)
	var against []string
	inName := false
	for w := range m.exTerms {
		if !names[w] && !desc[w] || cand[w] || tw[w] || !names[w] && m.exOwned[w] {
			continue
		}
		repeated := false // in another word of its sense ("test" for "check")
		for x := range terms(w) {
			repeated = repeated || tw[x]
		}
		if !repeated {
			against = append(against, w)
			inName = inName || names[w]
		}
	}
	sort.Strings(against)
	if inName {
		// A word of the flag's own name that the example's task said and
		// this task lacks ("large" of --large-index for "a large index")
		// is what the example asked for it by: shared words elsewhere
		// ("index") do not ask for it.
		return 0, against
	}
	return s - float64(len(against)), against
}

// uncoveredTerms are the task's terms that nothing placed accounts for:
// not the tool's or subcommand's names or description, not the names or
// help of the flags set, not words after a negation ("without doing the
// tree search" asks for nothing).
func (m *mapper) uncoveredTerms(a *adaptation) map[string]bool {
	words, _ := m.uncoveredSplit(a)
	return words
}

// uncoveredSplit returns the task's uncovered terms (uncoveredTerms) and,
// apart, the uncovered terms of the few words after a negation ("without
// the BAQ computation"): those ask for no switch that does the thing, but
// for one whose help leaves it out ("Disable BAQ", offTerms).
func (m *mapper) uncoveredSplit(a *adaptation) (words, negated map[string]bool) {
	words = map[string]bool{}
	negated = map[string]bool{}
	for w := range m.askTerms() {
		words[w] = true
	}
	// A negation reaches over the next four words, not past the end of
	// its clause ("only in new.txt and not in old.txt; both are sorted").
	tw := strings.Fields(strings.ToLower(m.task))
	negs, own := negatedFields(tw)
	for j, neg := range negs {
		if own[j] {
			for n := range terms(tw[j]) {
				delete(words, n)
			}
		}
		if x := tw[j]; neg && task.FileWord(x) == "" {
			for n := range terms(x) {
				if words[n] {
					negated[n] = true
				}
				delete(words, n)
			}
		}
	}
	// A Chinese clause that says what the task does not want is negated
	// whole (negatedClauses); a term the task asks for elsewhere stays.
	neg, plain := m.zhNegated(m.task)
	for n := range neg {
		if words[n] && !plain[n] {
			negated[n] = true
			delete(words, n)
		}
	}
	for _, w := range m.fileStates(tw) {
		delete(words, w)
	}
	m.dropCovered(a, words)
	m.dropLeftOut(a, negated)
	return words, negated
}

// compoundWhole returns the terms of a hyphenated compound of the task
// that the switch's help writes and no flag the command sets writes
// ("single-end library" for kallisto --single, "Quantify single-end
// reads"), and the help of no other flag writes: the compound asks for
// the switch whole, though other flags' help holds its parts ("paired end
// data … required when using --single" of --sd) and so took them out of
// the uncovered words. A compound many flags' help writes ("paired-end"
// of cutadapt) names none of them.
func (m *mapper) compoundWhole(a *adaptation, fd FlagDoc) map[string]bool {
	help := strings.ToLower(fd.Description)
	if !strings.Contains(help, "-") {
		return nil
	}
	// (taskWordList: the task's words, files left out, split once per
	// task, not once per switch of every round)
	for _, f := range m.taskWordList() {
		f = strings.Trim(f, ",;:.()[]'\"?!")
		if !strings.Contains(f, "-") || !strings.Contains(help, f) || m.writtenBySet(a, f) || writers(a.c.flags, f) > 1 {
			continue
		}
		if ts := terms(strings.ReplaceAll(f, "-", " ")); len(ts) > 1 {
			return ts
		}
	}
	return nil
}

// writers counts the distinct helps of flags that write a phrase.
func writers(flags []FlagDoc, phrase string) int {
	n := 0
	for _, f := range distinctHelp(flags) {
		if strings.Contains(strings.ToLower(f.Description), phrase) {
			n++
		}
	}
	return n
}

// writtenBySet reports a phrase the help of a flag the command sets
// writes.
func (m *mapper) writtenBySet(a *adaptation, phrase string) bool {
	for _, t := range a.toks {
		if !t.pos && t.doc != nil && strings.Contains(strings.ToLower(t.doc.Description), phrase) {
			return true
		}
	}
	return false
}

// fileStates are the terms of a past participle (participle) written
// right before an input file and nowhere else in the task ("the indexed
// aln.bam", "the sorted reads.bam"): it says what the user's file
// already is, not what the command is to do to it (samtools view -M,
// "Use index …", for "extract … from the indexed aln.bam").
func (m *mapper) fileStates(tw []string) []string {
	inputs := map[string]bool{}
	for _, f := range m.slots.Inputs() {
		inputs[f.Path] = true
	}
	var states []string // the participles before an input, as written
	for j := 0; j+1 < len(tw); j++ {
		if x := strings.Trim(tw[j], ",;()[]'\""); participle(x) && inputs[strings.Trim(tw[j+1], ",;()[]'\"")] {
			states = append(states, x)
		}
	}
	if len(states) == 0 {
		return nil // (most tasks: the terms of every word are not read)
	}
	count := map[string]int{}
	for _, x := range tw {
		for n := range terms(x) {
			count[n]++
		}
	}
	var out []string
	for _, x := range states {
		for n := range terms(x) {
			if count[n] == 1 {
				out = append(out, n)
			}
		}
	}
	return out
}

// participle reports a word with a past participle's ending (lexicon
// state_participle_ending), longer than the ending by at least three.
func participle(w string) bool {
	for _, suf := range task.V().Suffixes("state_participle_ending") {
		if len(w) >= len(suf)+3 && strings.HasSuffix(w, suf) {
			return true
		}
	}
	return false
}

// negatedClauses are the clauses of a Chinese task (up to a comma, a
// semicolon, a colon or a full stop) that say what it does not want: they
// hold a part of the lexicon class negation_clause ("不要对碱基分组", "不
// 输出 SAM 头"). Chinese puts what is left out on either side of the
// negation ("没比对上的 reads 不要写进输出"), so the whole clause is what
// is not wanted, a gloss in parentheses too ("开头（左端）不要动").
func negatedClauses(text string) []string {
	var out []string
	for _, cl := range strings.FieldsFunc(text, func(r rune) bool { return strings.ContainsRune(",;:，；。：", r) }) {
		if isCJK(cl) && task.V().Mentions("negation_clause", cl) {
			out = append(out, cl)
		}
	}
	return out
}

// zhNegated returns the terms of text's negated Chinese clauses (with the
// concepts of their Chinese runs) and the terms of the rest of it, files
// left out.
func (m *mapper) zhNegated(text string) (neg, plain map[string]bool) {
	neg, plain = map[string]bool{}, map[string]bool{}
	text = withoutFiles(text)
	cls := negatedClauses(text)
	if len(cls) == 0 {
		return neg, plain
	}
	for _, cl := range cls {
		text = strings.Replace(text, cl, ",", 1)
		for n := range terms(cl) {
			neg[n] = true
		}
		for _, tok := range tokens(cl) {
			if isCJK(tok) {
				for c := range m.concepts(tok) {
					if !strings.Contains(c, "_") {
						neg[root(c)] = true
					}
				}
			}
		}
	}
	for n := range terms(text) {
		plain[n] = true
	}
	return neg, plain
}

// negatedOnly are the terms of a task said only after a negation
// ("without the header"), none of them elsewhere in it.
func negatedOnly(text string) map[string]bool {
	neg, plain := map[string]bool{}, map[string]bool{}
	text = withoutFiles(text)
	for _, cl := range negatedClauses(text) {
		// a Chinese clause that says what is not wanted (negatedClauses)
		text = strings.Replace(text, cl, ",", 1)
		for n := range terms(cl) {
			neg[n] = true
		}
	}
	tw := strings.Fields(strings.ToLower(text))
	negs, own := negatedFields(tw)
	for i, isNeg := range negs {
		x := strings.Trim(tw[i], ",;:.()")
		if isNeg {
			for n := range terms(x) {
				neg[n] = true
			}
		} else if !own[i] {
			for n := range terms(x) {
				plain[n] = true
			}
		}
	}
	return minus(neg, plain)
}

// negatedAsk reports an example's switch that does something (its help
// leaves nothing out) whose words the example's task says plainly and
// this task only after a negation ("print the records without the
// header" adapted from "print only the header" for bcftools view -h
// "Print only the header"), with no word of its own for it: the task
// asks it away. It returns the negated words.
func (m *mapper) negatedAsk(a *adaptation, t exToken) ([]string, bool) {
	if t.doc == nil || t.pos || len(offTerms(*t.doc)) > 0 {
		return nil, false
	}
	neg := negatedOnly(m.task)
	if len(neg) == 0 {
		return nil, false
	}
	exNeg := negatedOnly(a.exTask)
	_, hits := m.switchFit(t.flag, t.doc, m.askTerms())
	if len(hits) == 0 {
		return nil, false
	}
	names, _ := m.flagTerms(t.flag, t.doc)
	var against []string
	for _, h := range hits {
		switch {
		case !neg[h] && names[h]:
			// The task says a word of the switch's own name plainly
			// ("name, length and GC content … without the sequence column"
			// for fx2tab -l --length "print sequence length"): it asks
			// for the switch, whatever else it leaves out.
			return nil, false
		case neg[h] && m.exTerms[h] && !exNeg[h]:
			against = append(against, h)
		case !neg[h] && !m.exTerms[h]:
			return nil, false // this task's own word for it
		case neg[h] && exNeg[h]:
			return nil, false // both tasks negate it: the switch leaves it out
		}
	}
	return against, len(against) > 0
}

// dropCovered takes out of words the terms that what is placed accounts
// for: the candidate's names and description, its positionals' names,
// the example's task's words no flag of it holds, the set flags' names,
// help and values.
func (m *mapper) dropCovered(a *adaptation, words map[string]bool) {
	for w := range m.candTerms(a.c, len(a.c.sub) > 0) {
		delete(words, w)
	}
	// The words of the usage's positional names are what the command's
	// arguments are ("<bt2_index_base>" for "build an index named
	// ecoli"): the arguments account for them.
	for _, p := range a.c.positionals {
		for w := range terms(strings.NewReplacer("_", " ", "-", " ", "<", " ", ">", " ").Replace(p.Name)) {
			delete(words, w)
		}
	}
	// The example's task's words that none of its flags' help holds are
	// what the command does without them ("collapse repeated lines" for
	// a bare uniq).
	for w := range m.exTerms {
		bare := true
		for _, t := range a.toks {
			if t.pos {
				continue
			}
			names, desc := m.flagTerms(t.flag, t.doc)
			if names[w] || desc[w] {
				bare = false
				break
			}
		}
		if bare {
			delete(words, w)
		}
	}
	m.eachSetFlag(a, func(fv FlagValue, names, desc map[string]bool) {
		for w := range names {
			delete(words, w)
		}
		for w := range desc {
			delete(words, w)
		}
		for w := range terms(withoutFiles(fv.Value)) {
			delete(words, w) // a file's name is the user's naming ("all.sam")
		}
		// A name of one word the task writes apart ("word size" for
		// -wordsize) accounts for the words it glues, as in the cover.
		for w := range terms(strings.Join(m.gluedParts(fv.Name), " ")) {
			delete(words, w)
		}
	})
}

// eachSetFlag calls each with every flag the fill sets and the terms of
// its names and of its help.
func (m *mapper) eachSetFlag(a *adaptation, each func(fv FlagValue, names, desc map[string]bool)) {
	for _, fv := range a.f.Flags {
		fd, ok := LookupFlag(a.c.flags, fv.Name)
		var doc *FlagDoc
		if ok {
			doc = &fd
		}
		names, desc := m.flagTerms(fv.Name, doc)
		each(fv, names, desc)
	}
}

// dropLeftOut takes out of the task's negated words those a set switch
// that leaves something out accounts for. What the rest of the command
// does accounts for none of them: "-o" writes output, and "do not output
// the alignments" still asks for --noali.
func (m *mapper) dropLeftOut(a *adaptation, negated map[string]bool) {
	for _, fv := range a.f.Flags {
		fd, ok := LookupFlag(a.c.flags, fv.Name)
		if !ok || len(offTerms(fd)) == 0 {
			continue
		}
		names, desc := m.flagTerms(fv.Name, &fd)
		for w := range union(names, desc) {
			delete(negated, w)
		}
	}
}

// offTerms are the terms of what a switch leaves out, when it leaves
// something out: the words after a word of the lexicon class leaves_out
// in the head of its help (before a parenthesis, a bracket or the end of
// its first clause: "skip mate rescue", "Disable BAQ"), and the other
// parts of a name whose first part is one (--no-header, --dont_gzip).
// A help that leaves out one thing and says more of another ("skip
// pairing; mate rescue performed unless -S also in use") leaves out only
// the first.
func offTerms(fd FlagDoc) map[string]bool {
	out := map[string]bool{}
	head := fd.Description
	if i := strings.IndexAny(head, "([;:."); i > 0 {
		head = head[:i]
	}
	if sp := task.V().Spans("leaves_out", head); len(sp) > 0 {
		for w := range terms(head[sp[0][1]:]) {
			out[w] = true
		}
	} else if hw := strings.Fields(strings.ToLower(head)); len(hw) > 1 && task.V().Word("negation", hw[0]) {
		// A head that opens on a negation ("no soft-clipping") leaves out
		// what follows it.
		for w := range terms(strings.Join(hw[1:], " ")) {
			out[w] = true
		}
	} else if len(hw) > 2 && task.V().Word("off_word", hw[len(hw)-1]) {
		// One that closes on "off" ("Turn all heuristic filters off")
		// leaves out what stands between its verb and it.
		for w := range terms(strings.Join(hw[1:len(hw)-1], " ")) {
			out[w] = true
		}
	}
	off, _ := nameOff(fd)
	for w := range off {
		out[w] = true
	}
	return out
}

// namesOff reports a switch whose name says it leaves out what the task
// negates: every term of what the name leaves out (nameOff) is negated,
// or the rest of the name after its negation is the start of a negated
// word ("ali" of --noali for "align").
func (m *mapper) namesOff(fd FlagDoc, negated map[string]bool) bool {
	off, rests := nameOff(fd)
	if len(off) > 0 && holdsAll(negated, off) {
		return true
	}
	for _, r := range rests {
		for w := range negated {
			if len(r) >= 3 && strings.HasPrefix(w, r) {
				return true
			}
		}
	}
	return false
}

// nameOff returns the terms of what a switch's name says it leaves out,
// when its first part is a negation or a word that leaves out
// (--no-header, --dont_gzip, --skip-trimming) or when it glues a word of
// the lexicon class negation to a word of its help (-nosupport "to not
// compute support values", --noali "don't output alignments"): the words
// of its help the rest of the name
// spells or begins ("softclip" for "soft-clipping"), else the rest's own
// parts. A name that merely begins with the letters (--normalizeUsing,
// --nodes) spells no word of its help after them and leaves out nothing.
func nameOff(fd FlagDoc) (out map[string]bool, rests []string) {
	out = map[string]bool{}
	hw := strings.FieldsFunc(strings.ToLower(fd.Description), func(r rune) bool { return !(r >= 'a' && r <= 'z') })
	// spells adds the terms of the help words (one, or two run together)
	// that rest spells or begins, and reports whether there were any.
	spells := func(rest string) bool {
		found := false
		for i := range hw {
			for _, w := range [][]string{hw[i:min(i+1, len(hw))], hw[i:min(i+2, len(hw))]} {
				if strings.HasPrefix(strings.Join(w, ""), rest) && len(strings.Join(w[:len(w)-1], "")) < len(rest) {
					for t := range terms(strings.Join(w, " ")) {
						out[t] = true
					}
					found = true
				}
			}
		}
		return found
	}
	for _, n := range append([]string{fd.Name}, fd.Aliases...) {
		n = strings.ToLower(strings.TrimLeft(n, "-"))
		parts := splitIdent(n)
		if len(parts) > 1 && (task.V().Word("leaves_out", parts[0]) || task.V().Word("negation", parts[0])) {
			rest := strings.Join(parts[1:], "")
			rests = append(rests, rest)
			if !spells(rest) {
				for _, p := range parts[1:] {
					out[root(p)] = true
				}
			}
			continue
		}
		if len(parts) != 1 {
			continue
		}
		// A negation glued to the rest ("nosupport"): the rest must
		// spell a word of the help.
		for _, g := range task.V().Words("negation") {
			if rest, ok := strings.CutPrefix(n, g); ok && !strings.Contains(g, " ") && len(rest) >= 3 && spells(rest) {
				rests = append(rests, rest)
				break
			}
		}
	}
	return out, rests
}

// forOtherKinds reports a switch whose help is about kinds of file none
// of the task's files is and the task does not name, one of which another
// flag of the tool reads ("align unpaired BAM reads … align paired-end
// reads instead" of bowtie2 --align-paired-reads, beside -b <bam>, for
// reads in FASTQ written to SAM): its words are not this task's ask,
// however many it shares.
func (m *mapper) forOtherKinds(fd FlagDoc, c *candidate) bool {
	kinds := namedKinds(fd.Description)
	if len(kinds) == 0 {
		return false
	}
	for _, fs := range m.slots.Files {
		typ := FileType(fs.Path)
		for k := range kinds {
			// An input of the kind's family is read as the help says
			// ("SAM header" of aln.bam); an output must be of the kind
			// itself (SAM records are not written to a BAM).
			if k == typ || !fs.Output && family(k) == family(typ) {
				return false
			}
		}
	}
	for _, w := range kinds {
		if m.taskWords[stem(strings.ToLower(w))] {
			return false
		}
	}
	for k := range kinds {
		for _, name := range m.kindReaders(c)[k] {
			if name != fd.Name {
				return true
			}
		}
	}
	return false
}

// kindReaders maps each kind of file the candidate's valued flags (no
// switch, no output) name in their placeholder or help to those flags'
// names; read once per candidate, as addAskedSwitches asks for every
// switch on every round.
func (m *mapper) kindReaders(c *candidate) map[string][]string {
	if m.readers != nil && m.readersOf == c {
		return m.readers
	}
	out := map[string][]string{}
	for _, o := range c.flags {
		if o.ParamType == "bool" || o.Category == "Output" {
			continue
		}
		for k := range namedKinds(o.Placeholder + " " + o.Description) {
			out[k] = append(out[k], o.Name)
		}
	}
	m.readers, m.readersOf = out, c
	return out
}

func (m *mapper) addAskedSwitches(a *adaptation) {
	words, negated := m.uncoveredSplit(a)
	// A switch that turns something off is asked for only by a task
	// that says to turn something off.
	saysOff := task.V().Mentions("turn_off", withoutFiles(m.task))
	off := saysOff || len(negated) > 0
	for len(words)+len(negated) > 0 {
		var fits []switchFitted
		for _, fd := range a.c.flags {
			// The words after a negation ask for a switch whose help
			// leaves something out ("without mate rescue" for "skip mate
			// rescue"), for no other.
			words := words
			if whole := m.compoundWhole(a, fd); len(whole) > 0 {
				words = union(words, whole)
			}
			var leaves map[string]bool
			if len(negated) > 0 {
				if leaves = offTerms(fd); len(leaves) > 0 {
					words = union(words, intersect(negated, leaves))
				}
			}
			if _, ok := switchOn(fd); !ok || fd.Name == "" || fd.Description == "" && len(splitIdent(strings.TrimLeft(fd.Name, "-"))) < 2 || alreadyUsed(a.used, fd) || a.used[spelling(fd)] || deprecated(fd, a.c.flags) ||
				m.endsRun(fd) || onByDefault(fd) {
				continue
			}
			if _, ok := seeTarget(a.c.flags, fd); ok {
				continue // the flag it refers to carries the help
			}
			if m.forOtherKinds(fd, a.c) {
				continue
			}
			named, spelled := m.namedIn(fd, words)
			if !named && m.namesOff(fd, negated) {
				// "without support" names -nosupport, "soft-clipping
				// disabled" --no-softclip, "不输出比对" --noali.
				named = true
			}
			if !off && !named && task.V().Mentions("turn_off", fd.Description) {
				continue
			}
			s, hits := m.switchFit(fd.Name, &fd, words)
			if len(hits) > 0 && !slices.ContainsFunc(hits, func(h string) bool { return !ownAction(a.c.desc, h) }) {
				continue // the tool's own action alone asks for the tool (ownAction)
			}
			if task.V().Mentions("keeps_only", fd.Description) && slices.ContainsFunc(hits, func(h string) bool { return m.removedBefore([]string{h}) }) {
				continue // "remove the repeated lines" for "only print duplicate lines"
			}
			var agree []string
			for _, w := range hits {
				if negated[w] && leaves[w] {
					agree = append(agree, w)
				}
			}
			if len(agree) > 1 || len(agree) == 1 && (len(m.rareHits(agree)) == 1 || named) {
				// The task leaves out what the help leaves out: the two
				// agree as a word of the name does. One word many helps
				// say ("suppressing … alignments" for "disable spliced
				// alignment") is no agreement.
				s += sc.Fit.NegationAgrees
				hits = append(hits, "(leaves out)")
			}
			if named {
				s += sc.Fit.ExactFlagName // "keep the original" names --keep
				// A word the name is short for counts as the name's:
				// twice, not once as a word of the help.
				for _, w := range spelled {
					if slices.Contains(hits, w) {
						s++
					} else {
						s += 2
						hits = append(hits, w)
					}
				}
			}
			if s > 0 {
				fits = append(fits, switchFitted{fd: fd, score: s, hits: hits})
			}
		}
		if len(fits) == 0 {
			return
		}
		sort.SliceStable(fits, func(i, j int) bool { return fits[i].score > fits[j].score })
		best := fits[0]
		tie := rivals(fits)
		if best.score < sc.Fit.SwitchRelevanceMin || tie {
			// Only among the switches that fit the uncovered words best:
			// a help that repeats the words the command already accounts
			// for ("print … lines" for uniq -D) does not beat one that
			// holds the words it does not ("only … duplicate" for -d).
			top := 0
			for top < len(fits) && fits[top].score == best.score {
				top++
			}
			if i, ok := m.phraseBest(fits[:top]); ok {
				best, tie = fits[i], false
				best.phrase = true
			}
		}
		if best.score < sc.Fit.SwitchRelevanceMin && !best.phrase && !tie && m.rareFit(best) {
			best.rare = true
		}
		if best.score < sc.Fit.SwitchRelevanceMin && !best.phrase && !best.rare || tie {
			// One word of the task that many flags' help says ("pair",
			// "quality", "tree") is no sign of an ask the command lacks.
			// (Two switches that tie above switch_relevance_min are both
			// named by it: the task asks for one of them, whatever the word.)
			lone := len(best.hits) == 1 && len(m.rareHits(best.hits)) == 0 && !(tie && best.score >= sc.Fit.SwitchRelevanceMin)
			if best.score >= sc.Fit.SwitchNearMin && (saysOff || !m.oppositeAsk(best)) && !lone && !m.ownWordsOnly(a.c, best.hits) && m.headFits(best) {
				why := "it fits them too little to add"
				if tie && best.score >= sc.Fit.SwitchRelevanceMin {
					why = fmt.Sprintf("%s fits them as well", spelling(fits[1].fd))
				}
				m.unmetSwitches++
				m.evidence = append(m.evidence, fmt.Sprintf("unmet switch: the task's words %s fit %s (%q), but %s", strings.Join(best.hits, ", "), spelling(best.fd), best.fd.Description, why))
			}
			if !tie || best.score < sc.Fit.SwitchRelevanceMin {
				return
			}
			// Two switches tie on these words: neither is added, but the
			// task's other words may still ask for a switch of their own
			// ("the BED name in the header" ties -name and -nameOnly;
			// "reverse-complementing minus-strand features" asks for -s).
			before := len(words) + len(negated)
			for _, f := range fits {
				if f.score != best.score {
					break
				}
				for _, w := range f.hits {
					delete(words, w)
					delete(negated, w)
				}
			}
			if len(words)+len(negated) == before {
				// (hits that are no word of the task's as written, a name
				// term matched as the start of a longer word: nothing left
				// to set aside, so the next round would tie again)
				return
			}
			continue
		}
		name := m.addSwitch(a, best.fd, "the task asks for it: "+best.fd.Description)
		m.addNeeded(a, best.fd, words)
		if best.rare {
			m.evidence = append(m.evidence, fmt.Sprintf("added %s: the task's words %s fit its help (%q), %s of them words few other flags' help says", name, strings.Join(best.hits, ", "), best.fd.Description, strings.Join(m.rareHits(best.hits), ", ")))
		} else if best.phrase {
			c, hits := m.phraseCover(best.fd)
			m.evidence = append(m.evidence, fmt.Sprintf("added %s: the task holds %.0f%% of the words of its help (%s: %q)", name, 100*c, strings.Join(hits, ", "), best.fd.Description))
		} else {
			what := fmt.Sprintf("its help (%q)", best.fd.Description)
			if best.fd.Description == "" {
				what = "its name (the help says no more)"
			}
			m.evidence = append(m.evidence, fmt.Sprintf("added %s: the task's words %s fit %s", name, strings.Join(best.hits, ", "), what))
		}
		for _, w := range best.hits {
			delete(words, w)
			delete(negated, w)
		}
		names, desc := m.flagTerms(best.fd.Name, &best.fd)
		for _, ws := range []map[string]bool{words, negated} {
			for w := range ws {
				if names[w] || desc[w] {
					delete(ws, w)
				}
			}
		}
	}
}

// addNeededBySet adds, for each flag the command sets with a value from
// the task, the switch its help says it needs (addNeeded): macs2's
// --broad-cutoff "is not available unless --broad is set", so "broad
// cutoff 0.1" for "broad peak calling" needs --broad too.
func (m *mapper) addNeededBySet(a *adaptation) {
	words := m.askTerms()
	for i := 0; i < len(a.f.Flags); i++ {
		fv := a.f.Flags[i]
		if fd, ok := LookupFlag(a.c.flags, fv.Name); ok && fv.HasValue && m.taskValues()[fv.Value] {
			m.addNeeded(a, fd, words)
		}
	}
}

// addNeeded adds the switch an added switch's help says it must be used
// with (lexicon class needs_flag: featureCounts --fraction "must be used
// together with '-M' or '-O' or both"): of those named, the one the
// task's words fit best, when any fits.
func (m *mapper) addNeeded(a *adaptation, fd FlagDoc, words map[string]bool) {
	spans := task.V().Spans("needs_flag", fd.Description)
	if len(spans) == 0 {
		return
	}
	rest := fd.Description[spans[0][1]:]
	if i := strings.Index(rest, ". "); i >= 0 {
		rest = rest[:i]
	}
	var best FlagDoc
	bestFit, found := 0.0, false
	var bestHits []string
	for _, tok := range strings.Fields(rest) {
		nd, ok := LookupFlag(a.c.flags, strings.Trim(tok, "'\"`,.;()"))
		if _, on := switchOn(nd); !ok || !on || alreadyUsed(a.used, nd) || a.used[spelling(nd)] {
			continue
		}
		if s, hits := m.switchFit(nd.Name, &nd, words); s > bestFit {
			best, bestFit, bestHits, found = nd, s, hits, true
		}
	}
	if !found {
		return
	}
	name := m.addSwitch(a, best, "the task asks for "+spelling(fd)+", which needs it: "+best.Description)
	m.evidence = append(m.evidence, fmt.Sprintf("added %s: %s must be used with it, and the task's words %s fit its help (%q)", name, spelling(fd), strings.Join(bestHits, ", "), best.Description))
}

// namedIn reports a flag whose long name is, word for word, in words
// (--keep for "keep", --ignore-case for "ignoring case"), a short part
// standing for a word its help spells out (--meta for "metagenome"); it
// returns those spelled-out words.
func (m *mapper) namedIn(fd FlagDoc, words map[string]bool) (bool, []string) {
	_, desc := m.flagTerms(fd.Name, &fd)
	for _, n := range append([]string{fd.Name}, fd.Aliases...) {
		n = strings.TrimLeft(n, "-")
		if len(n) < 3 {
			continue
		}
		if m.gluedIn(n, words) {
			return true, nil
		}
		// A part that is the candidate's own name ("sort" of sort-bed's
		// --check-sort) is never among the uncovered words: for a flag
		// whose name is all its help says, the task's saying it counts
		// when another part is uncovered.
		var own map[string]bool
		if fd.Description == "" {
			own = m.candTerms(m.cand, false)
		}
		all, any := true, false
		var spelled []string
		for _, p := range splitIdent(n) {
			// A one-letter part ("A" of -sizeA, ascending) is no stopword:
			// it says what the rest of the name does not.
			if task.Stopword(p) && len(p) > 1 {
				continue
			}
			r := root(p)
			if hasTerm(words, r) {
				any = true
			} else if w, ok := spelledOut(words, desc, m.once, r); ok {
				any = true
				spelled = append(spelled, w)
			} else if !own[r] || !m.askTerms()[r] {
				all = false
			}
		}
		if any && all {
			return true, spelled
		}
	}
	return false, nil
}

// repeatsExample reports whether this task says what the example's task
// says beyond the help: the example task's terms that neither the
// candidate's own words nor any help of the example's flags account for
// (what its switches stand for, in the example's words: "header" for
// head's -n 1) are all in this task, and the share of the example task's
// terms this task lacks is at most scoring.fit.example_lack_max. Then
// the example's switches stand though their help does not name the
// task's words. It returns that share.
func (m *mapper) repeatsExample(a *adaptation) (float64, bool) {
	if len(m.exTerms) == 0 {
		return 1, false
	}
	tw := m.askTerms()
	cand := m.candTerms(m.cand, len(m.cand.sub) > 0)
	explained := map[string]bool{}
	for _, t := range a.toks {
		if !t.pos {
			for w := range nameTerms(t.flag, t.doc) {
				explained[w] = true
			}
			if t.doc != nil {
				for w := range terms(t.doc.Description) {
					explained[w] = true
				}
			}
		}
	}
	n, lack, residual := 0, 0, 0
	for w := range m.exTerms {
		if cand[w] {
			continue
		}
		n++
		repeated := false
		for x := range terms(w) {
			repeated = repeated || tw[x]
		}
		if !repeated {
			lack++
		}
		if !explainedBy(explained, w) {
			if !repeated {
				return 1, false
			}
			residual++
		}
	}
	if n == 0 || residual == 0 {
		return 1, false
	}
	share := float64(lack) / float64(n)
	return share, share <= sc.Fit.ExampleLackMax
}

// explainedBy reports a term among the terms of the example's help, whole
// or as the beginning of one ("strand" of "strandedness") or one's
// beginning as the term (six letters or more).
func explainedBy(help map[string]bool, w string) bool {
	if help[w] {
		return true
	}
	for e := range help {
		if len(w) >= 5 && strings.HasPrefix(e, w) || len(e) >= 6 && strings.HasPrefix(w, e) {
			return true
		}
	}
	return false
}

// switchFitted is a switch of the help with its fit to the task's words
// nothing placed explains.
// rivals reports whether another switch fits as well as the best one
// (fits sorted best first) on a word the best one fits too: two switches
// that fit the same words alike leave the task's ask open. Two that fit
// apart words ("解压…保留": decompress for -d, keep for -k) are no rivals:
// the task asks for both, and each is added in turn.
func rivals(fits []switchFitted) bool {
	for _, f := range fits[1:] {
		if f.score != fits[0].score {
			break
		}
		for _, h := range f.hits {
			if !strings.HasPrefix(h, "(") && slices.Contains(fits[0].hits, h) {
				return true
			}
		}
	}
	return false
}

type switchFitted struct {
	fd     FlagDoc
	score  float64
	hits   []string
	phrase bool // added because the task holds most of its help's words
	rare   bool // added because the task says words of its help few others say
}

// oppositeAsk reports a near switch the task's words fit only as what it
// leaves out, said plainly ("the index grch38" for --no-repeat-index "do
// not use repeat index"): the task asks for the opposite, not for it, so
// it is no unmet switch.
func (m *mapper) oppositeAsk(f switchFitted) bool {
	leaves := offTerms(f.fd)
	if len(leaves) == 0 {
		return false
	}
	for _, h := range f.hits {
		if !leaves[h] || strings.HasPrefix(h, "(") {
			return false
		}
	}
	return true
}

// rareFit reports a switch whose fit, short of
// scoring.fit.switch_relevance_min, reaches scoring.fit.switch_rare_min
// with at least scoring.fit.rare_hits_min of its words said by the help
// of one or two of the candidate's flags alone ("left outer join" for
// bedtools intersect -loj): words that rare pick the switch out.
func (m *mapper) rareFit(f switchFitted) bool {
	return f.score >= sc.Fit.SwitchRareMin && float64(len(m.rareHits(f.hits))) >= sc.Fit.RareHitsMin
}

// rareHits are the words of hits that the help of at most two of the
// candidate's flags says.
func (m *mapper) rareHits(hits []string) []string {
	var out []string
	for _, h := range hits {
		if m.once[h] {
			out = append(out, h)
		}
	}
	return out
}

// phraseBest returns the switch whose help the task says nearly word for
// word: at least scoring.fit.phrase_hits_min of its help's terms are the
// task's and they make at least scoring.fit.phrase_cover_min of them
// ("suppress SAM records for unaligned reads" for "leave unaligned reads
// out of the SAM file"), the one with the largest share when no other
// has as large a share.
func (m *mapper) phraseBest(fits []switchFitted) (int, bool) {
	best, second := -1, 0.0
	bestCover := 0.0
	for i, f := range fits {
		c, hits := m.phraseCover(f.fd)
		if len(hits) < int(sc.Fit.PhraseHitsMin) || c < sc.Fit.PhraseCoverMin {
			continue
		}
		switch {
		case c > bestCover:
			second, bestCover, best = bestCover, c, i
		case c > second:
			second = c
		}
	}
	return best, best >= 0 && bestCover > second
}

// phraseCover is the share of the terms of a flag's help that the task
// holds, with those terms.
func (m *mapper) phraseCover(fd FlagDoc) (float64, []string) {
	c, hits := m.textCover(fd.Description)
	// Built from the help alone (no example's task to go by), the help's
	// head, before a parenthesis, a bracket or the end of its first
	// clause, says what the switch does; the rest qualifies it ("Sort by
	// read name (not compatible with samtools index command)").
	if i := strings.IndexAny(fd.Description, "([;:."); i > 0 && m.exTerms == nil {
		if hc, hh := m.textCover(fd.Description[:i]); hc > c && len(hh) >= len(hits) {
			return hc, hh
		}
	}
	return c, hits
}

// textCover is the share of the terms of a text that the task holds,
// with those terms.
func (m *mapper) textCover(text string) (float64, []string) {
	d := terms(text)
	// The tool's and subcommand's own names say what every flag of it
	// does ("depth" in samtools depth's -J "Include reads with deletions
	// in depth computation"): no share of one flag's phrase.
	for w := range m.candTerms(m.cand, false) {
		delete(d, w)
	}
	if len(d) == 0 {
		return 0, nil
	}
	tw := m.askTerms()
	var hits []string
	for w := range d {
		if tw[w] {
			hits = append(hits, w)
		}
	}
	sort.Strings(hits)
	return float64(len(hits)) / float64(len(d)), hits
}

// intersect returns a new set of the terms both a and b hold.
// holdsAll reports whether set holds every key of of.
func holdsAll(set, of map[string]bool) bool {
	for k := range of {
		if !set[k] {
			return false
		}
	}
	return true
}

func intersect(a, b map[string]bool) map[string]bool {
	out := map[string]bool{}
	for w := range a {
		if b[w] {
			out[w] = true
		}
	}
	return out
}

// gluedIn reports a name written as one word that the task writes as two
// or three words side by side, the last of them among words (bamtools'
// -byname for "sort by name"; EMBOSS's -intronpenalty for "intron
// penalty").
func (m *mapper) gluedIn(n string, words map[string]bool) bool {
	parts := m.gluedParts(n)
	return len(parts) > 0 && hasTerm(words, root(stem(parts[len(parts)-1])))
}

// gluedParts are the two or three adjacent words of the task (files left
// out) that, written together, are the name n of one part ("word size"
// for -wordsize), or nil.
func (m *mapper) gluedParts(n string) []string {
	n = strings.ToLower(strings.TrimLeft(n, "-"))
	if len(n) < 5 || len(splitIdent(n)) != 1 {
		return nil
	}
	if m.taskSeq == nil {
		m.taskSeq = rules.Words(strings.ToLower(withoutFiles(m.task)))
	}
	tw := m.taskSeq
	for i := range tw {
		joined := tw[i]
		for j := i + 1; j < len(tw) && j <= i+2; j++ {
			joined += tw[j]
			if joined == n {
				return tw[i : j+1]
			}
		}
	}
	return nil
}

// ownWordsOnly reports a switch's fit that rests on nothing but what the
// candidate itself does, the words of its names and description
// ("compress … BGZF" for bgzip's -i, "quantify" for kallisto quant's
// --single): the task asks for the command, not for the switch.
func (m *mapper) ownWordsOnly(c *candidate, hits []string) bool {
	own := m.candTerms(c, true)
	return !slices.ContainsFunc(hits, func(h string) bool { return !strings.HasPrefix(h, "(") && !own[h] })
}

// headFits reports a switch fit with a word in the switch's names or in
// the first sentence of its help: a fit on what a later sentence says in
// passing ("input from STDIN. If the STDIN is interleaved paired-end
// FASTQ, …" for "paired-end reads") is no ask for the switch.
func (m *mapper) headFits(f switchFitted) bool {
	head, _, _ := strings.Cut(f.fd.Description, ". ")
	names, _ := m.flagTerms(f.fd.Name, &f.fd)
	ht := terms(head)
	return slices.ContainsFunc(f.hits, func(h string) bool { return strings.HasPrefix(h, "(") || names[h] || ht[h] })
}
