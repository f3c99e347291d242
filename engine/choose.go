package engine

import (
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"
	"unicode"

	"github.com/traitome/oxo-call/rules"
	"github.com/traitome/oxo-call/skills"
	"github.com/traitome/oxo-call/task"
)

// nameParts returns the task words that are a part of the candidate's own
// name: a part between separators ("build" of hisat2-build), a camel-case
// part ("Metrics" of CollectHsMetrics), or the start or end of one
// ("search" of hmmsearch, "flag" of flagstat). A word that is the whole
// name is a mention, counted apart; for a companion, a part of the tool's
// own name ("blast" of blastn) says nothing for blast_report over the
// tool itself.
func (m *mapper) nameParts(c *candidate) []string {
	name := c.exe
	if len(c.sub) > 0 {
		name = c.sub[len(c.sub)-1]
	}
	lname := strings.ToLower(name)
	exe := strings.ToLower(m.rec.Executable)
	if c.exe != m.rec.Executable && len(c.sub) == 0 {
		lname = strings.TrimPrefix(lname, exe)
	}
	parts := splitName(name)
	if c.exe != m.rec.Executable && len(c.sub) == 0 {
		parts = splitName(strings.TrimPrefix(strings.ToLower(name), exe))
	}
	var out []string
	words := append([]string(nil), m.jobWords()...)
	for _, j := range m.joinedWords() {
		words = append(words, j.word)
	}
	for _, p := range parts {
		for _, w := range words {
			if len(w) < minNamePart || w == lname || isCJK(w) || c.exe != m.rec.Executable && strings.Contains(exe, w) {
				continue
			}
			if p == w || len(p) > len(w) && (strings.HasPrefix(p, w) || strings.HasSuffix(p, w)) {
				out = append(out, w)
				break // one word per part
			}
		}
	}
	if len(out) == 0 || len(c.sub) == 0 {
		return out
	}
	// A name that words of the task part-name may begin or end with the
	// extension of a file the task reads ("call peaks from x.bdg" for
	// macs2 bdgpeakcall): the kind it works on is part of its name.
	for _, fs := range m.slots.Files {
		ext := fileExt(fs.Path)
		if fs.Output || len(ext) < minExtPart || slices.Contains(out, ext) || lname == ext {
			continue
		}
		if strings.HasPrefix(lname, ext) || strings.HasSuffix(lname, ext) || slices.Contains(parts, ext) {
			out = append(out, ext)
		}
	}
	return out
}

// nameWords returns the task words that name the candidate whole without
// being its name: a word that begins with the name and goes on by more
// than an ending ("histogram" for histo, "normalize" for norm); and a word
// whose last part after a hyphen is the name, the parts before it being
// short prefixes ("re-pair" for pair). Not a word that goes on by an
// inflection ("sorted", "splitting": the state or act of the name itself,
// weighed elsewhere) or a derivation ending (lexicon class
// derivation_ending: "headers" is not head, "alignment" not align), nor
// the name of another candidate ("flagstat" is not flags).
func (m *mapper) nameWords(c *candidate, names map[string]bool) []string {
	if len(c.sub) == 0 {
		return nil // the tool's and its companions' names are mentions
	}
	name := strings.ToLower(c.sub[len(c.sub)-1])
	var out []string
	seen := map[string]bool{}
	for _, w := range strings.Fields(withoutSettings(m.jobText())) {
		w = strings.Trim(w, ",;:.()[]'\"")
		if seen[w] || names[w] {
			continue
		}
		seen[w] = true
		if hyphenPrefixed(w, name) || beginsWithName(w, name) {
			out = append(out, w)
		}
	}
	for _, j := range m.joinedWords() {
		if j.word == name && !seen[j.said] {
			seen[j.said] = true
			out = append(out, j.said)
		}
	}
	return out
}

// beginsWithName reports a word that begins with a name of at least
// minNamePart letters and goes on by minNameRest letters or more that are
// neither an inflection (its stem is not the name's root plus at most one
// letter) nor a derivation ending.
func beginsWithName(w, name string) bool {
	if len(name) < minNamePart || len(w) < len(name)+minNameRest || !strings.HasPrefix(w, name) || !isLetters(w) {
		return false
	}
	if task.V().Word("derivation_ending", w[len(name):]) {
		return false
	}
	s := stem(w)
	return !(strings.HasPrefix(s, trimRoot(name)) && len(s) <= len(name)+1)
}

// minNameRest is the fewest letters a word must go on past a name to be
// read as a word of its own built on it ("histo|gram"); shorter rests
// are endings ("sort|ed").
const minNameRest = 3

// hyphenPrefixed reports a hyphenated word whose last part is the name
// and whose other parts are short prefixes ("re-pair", "de-dup").
func hyphenPrefixed(w, name string) bool {
	parts := strings.Split(w, "-")
	if len(parts) < 2 || parts[len(parts)-1] != name || len(name) < minNamePart {
		return false
	}
	for _, p := range parts[:len(parts)-1] {
		if len(p) == 0 || len(p) > maxHyphenPrefix || !isLetters(p) {
			return false
		}
	}
	return true
}

// maxHyphenPrefix is the longest part before a hyphen read as a prefix of
// the word after it ("re-", "de-"); longer ones are words ("multi-sample").
const maxHyphenPrefix = 2

func isLetters(w string) bool {
	for _, r := range w {
		if !unicode.IsLetter(r) {
			return false
		}
	}
	return w != ""
}

// minNamePart is the shortest task word read as a part of a name: shorter
// ones ("bam", "db") sit inside too many names.
const minNamePart = 4

// minExtPart is the shortest file extension read as a part of a
// subcommand's name (bdg of bdgpeakcall); shorter ones (fa, gz) are
// letters many names hold.
const minExtPart = 3

// splitName cuts a name into lower-cased parts at separators, at
// lower-to-upper case changes and between letters and digits.
func splitName(name string) []string { return splitParts(name, true) }

// splitParts cuts a name into lower-cased parts at every character that is
// neither letter nor digit and where a lower-case letter meets a capital
// ("countReadPairs"); atDigits also cuts between letters and digits
// ("hisat2build" → hisat, 2, build).
func splitParts(name string, atDigits bool) []string {
	var out []string
	var cur []rune
	flush := func() {
		if len(cur) > 0 {
			out = append(out, strings.ToLower(string(cur)))
			cur = cur[:0]
		}
	}
	var prev rune
	for _, r := range name {
		switch {
		case !unicode.IsLetter(r) && !unicode.IsDigit(r):
			flush()
		case len(cur) > 0 && (unicode.IsUpper(r) && !unicode.IsUpper(prev) || atDigits && unicode.IsDigit(r) != unicode.IsDigit(prev)):
			flush()
			cur = append(cur, r)
		default:
			cur = append(cur, r)
		}
		prev = r
	}
	flush()
	return out
}

// joinedWords are the job's adjacent pairs of words written as one, for
// a name spelled as two words ("pile up" for pileup, "de novo" for
// uchime_denovo): both of letters, neither a stop word.
func (m *mapper) joinedWords() []joinedWord {
	if m.jJoined == nil {
		m.jJoined = []joinedWord{}
		prev := ""
		for _, w := range rules.Words(m.jobText()) {
			if task.Stopword(w) || !isLetters(w) || isCJK(w) || len(w) < 2 {
				prev = ""
				continue
			}
			if prev != "" {
				m.jJoined = append(m.jJoined, joinedWord{prev + w, prev + " " + w})
			}
			prev = w
		}
	}
	return m.jJoined
}

// joinedWord is two words of the task written as one, and as said.
type joinedWord struct{ word, said string }

// jobWords are the job's words (jobText), each as written and stemmed.
func (m *mapper) jobWords() []string {
	if m.jWords == nil {
		seen := map[string]bool{}
		m.jWords = []string{}
		for _, w := range rules.Words(withoutSettings(m.jobText())) {
			if task.Stopword(w) {
				continue
			}
			for _, x := range []string{w, stem(w)} {
				if !seen[x] {
					seen[x] = true
					m.jWords = append(m.jWords, x)
				}
			}
		}
	}
	return m.jWords
}

// bigrams are the pairs of adjacent content words of an English text,
// stemmed ("linear time", "fix mate", "genotype likelihood"); a stop word
// between two words parts them.
func bigrams(text string) map[string]bool {
	out := map[string]bool{}
	prev := ""
	for _, w := range rules.Words(strings.ToLower(text)) {
		if task.Stopword(w) || isCJK(w) || len(w) < 2 {
			prev = ""
			continue
		}
		w = stem(w)
		if prev != "" {
			out[prev+" "+w] = true
		}
		prev = w
	}
	return out
}

// descriptionPhrases are the two-word phrases of a candidate's help
// description the task's job says ("in linear time" for "linear-time
// clustering"): a phrase of the help is more than a word shared by
// chance.
func (m *mapper) descriptionPhrases(desc string) []string {
	if m.jBigrams == nil {
		m.jBigrams = bigrams(m.jobText())
	}
	var out []string
	for p := range bigrams(desc) {
		if m.jBigrams[p] {
			out = append(out, p)
		}
	}
	sort.Strings(out)
	return out
}

// keywordSpan is where a candidate's skill keyword stands in the job text.
type keywordSpan struct {
	key        string
	start, end int
}

// keywordSpans finds where each candidate's skill keywords stand in the
// job text (phraseAt), for shadowed.
func (m *mapper) keywordSpans(cands []*candidate) []keywordSpan {
	var out []keywordSpan
	if m.skill == nil {
		return nil
	}
	for _, c := range cands {
		for _, kw := range m.skill.Keywords[c.key] {
			k := strings.ToLower(kw)
			if s, e := m.phraseAt(k); s >= 0 {
				out = append(out, keywordSpan{c.key, s, e})
			}
		}
	}
	return out
}

// shadowed reports whether another candidate's keyword stands in the task
// as a longer phrase holding this one: "genotype likelihoods" (mpileup)
// holds "genotype" (call), and the longer phrase says what is asked.
func shadowed(spans []keywordSpan, key string, start, end int) string {
	for _, s := range spans {
		if s.key != key && s.start <= start && s.end >= end && s.end-s.start > end-start {
			return s.key
		}
	}
	return ""
}

// opensName reports a part of the candidate's name that is the first
// part of it and the word the task opens on (its verb: "sort" of "sort
// in.bam by read name" and of SortSam).
func (m *mapper) opensName(c *candidate, part string) bool {
	name := c.exe
	if len(c.sub) > 0 {
		name = c.sub[len(c.sub)-1]
	}
	parts := splitName(name)
	if len(parts) < 2 || m.cjkTask {
		return false
	}
	if m.openWord == nil {
		w := ""
		if fs := strings.Fields(withoutSettings(m.jobText())); len(fs) > 0 {
			w = strings.ToLower(fs[0])
		}
		m.openWord = &w
	}
	first := *m.openWord
	return first != "" && parts[0] == part && (first == part || stem(first) == part)
}

// scoreNaming adds what names a candidate beyond its full name: parts of
// its name and phrases of its description the task says.
func (m *mapper) scoreNaming(c *candidate, names map[string]bool) {
	for _, w := range m.nameWords(c, names) {
		c.score += sc.Choose.NameWord
		c.named, c.byName = true, true
		c.why = append(c.why, fmt.Sprintf("%q in the task is built on its name", w))
	}
	byWord := c.byName
	for i, p := range m.nameParts(c) {
		c.score += sc.Choose.NamePart
		c.named, c.byName = true, true
		c.parts = append(c.parts, p)
		c.why = append(c.why, fmt.Sprintf("%q in the task is part of its name", p))
		if i == 0 && m.opensName(c, p) {
			c.score += sc.Choose.NamePartVerb
			c.why = append(c.why, fmt.Sprintf("%q opens both the task and its name", p))
		}
	}
	if byWord {
		c.parts = nil // a word built on its name names it whole
	}
	if c.desc == "" {
		return
	}
	if ps := m.descriptionPhrases(c.desc); len(ps) > 0 {
		c.score += sc.Choose.DescriptionPhrase * float64(len(ps))
		c.named = true
		c.why = append(c.why, fmt.Sprintf("its description says %q", strings.Join(ps, `", "`)))
	}
}

// namedFlags returns the flags among args that a word of the task's job
// spells out whole ("super5" for muscle -super5, "de novo" for
// --de_novo, "paired-end" for --paired-end): a mode the task asks for by
// its name. Only a name no plain word spells counts, one of parts or with
// a digit: "summary" or "download" in a task are words about the job, not
// the flag's name, nor is a file kind ("用 GFF3 注释" says what the
// annotation is, not -gff3).
// Names shorter than minNamePart are letters, not words.
func (m *mapper) namedFlags(args []string) []string {
	var out []string
	for _, a := range args {
		bare := strings.ToLower(strings.TrimLeft(a, "-"))
		if !strings.HasPrefix(a, "-") || len(bare) < minNamePart || slices.Contains(out, a) || isLetters(bare) {
			continue
		}
		if _, kind := task.KindOfWord(bare); kind {
			continue
		}
		if m.spellsFlag(bare) {
			out = append(out, a)
		}
	}
	return out
}

// spelledAt returns where the task's job spells a flag's bare name out,
// as words of index [start, end) written together ("very sensitive local"
// for --very-sensitive-local, "super5" for -super5), or -1.
func (m *mapper) spelledAt(bare string) (int, int) {
	want := joinsDropped.Replace(bare)
	if m.jSeq == nil {
		m.jSeq = rules.Words(strings.ToLower(m.jobText()))
	}
	for i := range m.jSeq {
		joined := ""
		for j := i; j < len(m.jSeq) && len(joined) < len(want); j++ {
			joined += m.jSeq[j]
			if joined == want {
				return i, j + 1
			}
		}
	}
	return -1, -1
}

// spellsFlag reports a flag the task's job spells out, unless a longer
// flag of the skill's examples is spelled over the same words ("very
// sensitive local" spells --very-sensitive-local, not --very-sensitive).
func (m *mapper) spellsFlag(bare string) bool {
	s, e := m.spelledAt(bare)
	if s < 0 {
		return false
	}
	for _, o := range m.exampleFlags() {
		if len(o) <= len(bare) {
			continue
		}
		if os, oe := m.spelledAt(o); os >= 0 && os <= s && oe >= e && oe-os > e-s {
			return false
		}
	}
	return true
}

// exampleFlags are the bare names of the flags the skill's examples use,
// sorted.
func (m *mapper) exampleFlags() []string {
	if m.exFlags == nil {
		m.exFlags = []string{}
		if m.skill != nil {
			seen := map[string]bool{}
			for _, ex := range m.skill.Examples {
				args, _ := skills.SplitArgs(ex.Args)
				for _, a := range args {
					bare := strings.ToLower(strings.TrimLeft(a, "-"))
					if strings.HasPrefix(a, "-") && len(bare) >= minNamePart && !seen[bare] {
						seen[bare] = true
						m.exFlags = append(m.exFlags, bare)
					}
				}
			}
		}
		sort.Strings(m.exFlags)
	}
	return m.exFlags
}

// flagTie is the pass that checks the flags of the command the task
// names only in part: when the task's words name a part of a flag's name
// but not all of it ("de novo" of --uchime3_denovo), and the help has a
// flag the command lacks whose parts are some of this one's, the named
// ones among them (--uchime_denovo), the task has not said the parts
// that set them apart: the command is uncertain and says which word is
// missing.
func (m *mapper) flagTie(f *Fill, c *candidate) {
	for _, fv := range f.Flags {
		parts, named := m.flagNameParts(fv.Name)
		if len(named) == 0 || len(named) == len(parts) {
			continue
		}
		if s, _ := m.spelledAt(strings.ToLower(strings.TrimLeft(fv.Name, "-"))); s >= 0 {
			continue // spelled out whole ("uchime3 de novo", "name only")
		}
		for _, fd := range c.flags {
			if fd.Name == "" || hasFlag(f.Flags, fd) {
				continue
			}
			other, _ := m.flagNameParts(fd.Name)
			if len(other) < len(parts) && containsAll(parts, other) && containsAll(other, named) {
				m.missing(f, fmt.Sprintf("missing: a word of the task that chooses between %s and %s (the task names only %q of either)", fv.Name, fd.Name, strings.Join(named, " ")))
				return
			}
		}
	}
}

// flagNameParts splits a flag's name into its parts (splitName) and
// returns them and those a word of the task's job names. Parts shorter
// than minNamePart are letters or numbers no word names.
func (m *mapper) flagNameParts(name string) (parts, named []string) {
	words := map[string]bool{}
	for _, w := range m.jobWords() {
		words[w] = true
	}
	for _, j := range m.joinedWords() {
		words[j.word] = true
	}
	parts = splitName(strings.TrimLeft(name, "-"))
	said := make([]bool, len(parts))
	for i, p := range parts {
		said[i] = len(p) >= minNamePart && (words[p] || words[stem(p)])
	}
	// A word of the task that is a run of the parts written together
	// names each of them ("UCHIME3" for uchime, 3 of --uchime3_denovo).
	for i := range parts {
		joined := parts[i]
		for j := i + 1; j < len(parts); j++ {
			joined += parts[j]
			if words[joined] {
				for k := i; k <= j; k++ {
					said[k] = true
				}
			}
		}
	}
	for i, p := range parts {
		if said[i] {
			named = append(named, p)
		}
	}
	return parts, named
}

// hasFlag reports whether the flags hold fd, by its name or an
// alias.
func hasFlag(flags []FlagValue, fd FlagDoc) bool {
	for _, fv := range flags {
		if fv.Name == fd.Name || slices.Contains(fd.Aliases, fv.Name) {
			return true
		}
	}
	return false
}

func containsAll(set, items []string) bool {
	for _, x := range items {
		if !slices.Contains(set, x) {
			return false
		}
	}
	return true
}

// descTerms are the terms of a candidate's one-line description: its
// content words (stemmed) and the file kinds it names.
func descTerms(desc string) (words map[string]bool, kinds map[string]bool) {
	words, kinds = contentWords(desc), map[string]bool{}
	for _, wk := range kindWords(desc) {
		kinds[family(wk.kind)] = true
	}
	return words, kinds
}

// rareDescriptionTerms returns the description terms (words, and file
// kind families as "kind:" plus the family) that pick a candidate out:
// said by at most scoring.choose.rare_description_share of the described
// subcommands, and by at least one. Fewer than three described
// subcommands have none.
func (m *mapper) rareDescriptionTerms(cands []*candidate) map[string]bool {
	df := map[string]int{}
	n := 0
	for _, c := range cands {
		if c.desc == "" || len(c.sub) == 0 {
			continue
		}
		n++
		ws, ks := descTerms(c.desc)
		for w := range ws {
			df[w]++
		}
		for k := range ks {
			df["kind:"+k]++
		}
	}
	out := map[string]bool{}
	if n < 3 {
		return out
	}
	most := max(2, int(sc.Choose.RareDescription*float64(n)))
	for t, k := range df {
		if k <= most {
			out[t] = true
		}
	}
	return out
}

// descriptionTerms returns the rare words of a candidate's description
// that the task's job says (not those of a two-word phrase of it the job
// says, counted as a phrase, nor a part of its name or the tool's, nor a
// file kind, nor a word shorter than minNamePart), the rare kinds it
// names that are the kinds of the task's input files, each sorted, and
// the kinds it names when none of them is the kind of a task file, kinds
// that hold sequences standing in for each other ("Sorts a gff3 file" for
// "sort aln.bam into aln.sorted.bam"). Only a subcommand has them: the
// tool's own description speaks for all its subcommands, and a companion
// replaces the program typed only when a task word names it. With a
// skill there are none: its keywords choose.
func (m *mapper) descriptionTerms(c *candidate, rare map[string]bool) (words, kinds []string, other string) {
	if m.skill != nil || len(c.sub) == 0 {
		return nil, nil, ""
	}
	ws, ks := descTerms(c.desc)
	job := m.verbWords()
	skip := map[string]bool{}
	for _, p := range m.descriptionPhrases(c.desc) {
		for _, w := range strings.Fields(p) {
			skip[w] = true
		}
	}
	for _, n := range []string{c.key, m.rec.Executable} {
		for _, p := range splitName(n) {
			skip[p], skip[stem(p)] = true, true
		}
	}
	names := strings.ToLower(c.key + " " + m.rec.Executable)
	for w := range ws {
		if _, kind := task.V().KindOf(w); len(w) >= minNamePart && rare[w] && job[w] && !skip[w] && !strings.Contains(names, w) && !kind && !isCJK(w) {
			words = append(words, w)
		}
	}
	seen := map[string]bool{}
	inputKind := false
	for _, fs := range m.slots.Files {
		typ := FileType(fs.Path)
		if typ == "" || typ == "file" {
			continue
		}
		k := family(typ)
		inputKind = inputKind || ks[k] || task.HoldsSequences(typ) && slices.ContainsFunc(slices.Collect(maps.Keys(ks)), task.HoldsSequences)
		if fs.Output {
			continue
		}
		if ks[k] && rare["kind:"+k] && !seen[k] {
			seen[k] = true
			kinds = append(kinds, typ)
		}
	}
	if !inputKind && len(ks) > 0 && slices.ContainsFunc(m.slots.Files, func(fs FileSlot) bool {
		typ := FileType(fs.Path)
		return !fs.Output && typ != "" && typ != "file"
	}) {
		var named []string
		for k := range ks {
			named = append(named, k)
		}
		sort.Strings(named)
		other = strings.Join(named, ", ")
	}
	sort.Strings(words)
	sort.Strings(kinds)
	return words, kinds, other
}

// quoteJoin writes words quoted and comma-separated.
func quoteJoin(ws []string) string {
	q := make([]string, len(ws))
	for i, w := range ws {
		q[i] = fmt.Sprintf("%q", w)
	}
	return strings.Join(q, ", ")
}

// flagsText is a candidate's flags' names and help, lower-cased, with
// hyphens and underscores read as spaces: what flagHelpAsks looks the
// task's words up in.
func flagsText(c *candidate) string {
	var b strings.Builder
	for _, fd := range c.flags {
		for _, n := range append([]string{fd.Name}, fd.Aliases...) {
			b.WriteString(strings.TrimLeft(n, "-"))
			b.WriteByte(' ')
		}
		b.WriteString(fd.Description)
		b.WriteByte('\n')
	}
	return joinsToSpaces.Replace(strings.ToLower(b.String()))
}

// saysTerm reports whether text holds a word that begins with the term
// (a stem: "snp" for "snps"), at a word's start.
func saysTerm(text, term string) bool {
	for i := 0; ; {
		j := strings.Index(text[i:], term)
		if j < 0 {
			return false
		}
		j += i
		if j == 0 || !isWordByte(text[j-1]) {
			return true
		}
		i = j + 1
	}
}

// rareFlagTerms are, without a skill, the task's content words (its
// files and names left out) that the flags of at most
// rare_description_share of the subcommands with flags (and at least 2)
// say, with the subcommands that say each. Fewer than three subcommands
// with flags give none.
func (m *mapper) rareFlagTerms(cands []*candidate) map[string]map[string]bool {
	if m.skill != nil {
		return nil
	}
	var subs []*candidate
	for _, c := range cands {
		if len(c.sub) > 0 && len(c.flags) > 0 {
			subs = append(subs, c)
		}
	}
	if len(subs) < 3 {
		return nil
	}
	texts := make([]string, len(subs))
	for i, c := range subs {
		texts[i] = flagsText(c)
	}
	most := max(2, int(sc.Choose.RareDescription*float64(len(subs))))
	per := map[string]map[string]bool{}
	// The task's own words: its files and the names it gives ("prefix
	// gene_clu") say nothing of a subcommand.
	given := map[string]bool{}
	for n := range m.lowerNames() {
		maps.Copy(given, contentWords(joinsToSpaces.Replace(n)))
	}
	for w := range m.taskTerms(m.keywordText()) {
		if len(w) < 3 || isCJK(w) || given[w] {
			continue
		}
		var by []string
		for i, c := range subs {
			if saysTerm(texts[i], w) {
				by = append(by, c.key)
				if len(by) > most {
					break
				}
			}
		}
		if len(by) == 0 || len(by) > most {
			continue
		}
		for _, k := range by {
			if per[k] == nil {
				per[k] = map[string]bool{}
			}
			per[k][w] = true
		}
	}
	return per
}

// flagHelpAsks are the task's words the candidate's flags say and few
// other candidates' flags say (rareFlagTerms), those of the candidate's
// own name and description left out (counted there), sorted.
func (m *mapper) flagHelpAsks(c *candidate, rare map[string]map[string]bool) []string {
	ts := rare[c.key]
	if len(ts) == 0 {
		return nil
	}
	own := contentWords(joinsToSpaces.Replace(c.exe + " " + c.key + " " + c.desc))
	var out []string
	for w := range ts {
		if !own[w] {
			out = append(out, w)
		}
	}
	sort.Strings(out)
	return out
}
