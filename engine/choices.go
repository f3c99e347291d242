package engine

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"unicode"

	lru "github.com/hashicorp/golang-lru/v2"

	"github.com/traitome/oxo-call/internal/lazyre"
	"github.com/traitome/oxo-call/parsers"
	"github.com/traitome/oxo-call/task"
)

// A flag whose help lists its values with what each means ("u/b:
// un/compressed BCF, v/z: un/compressed VCF"; "- map-hifi - PacBio HiFi
// reads vs reference mapping"; "{clu[stal],msf,...}") takes the value
// whose meaning the task's words name: a constant the task's words ask
// for. The example's own value is kept unless another fits the task
// better.

// choicePair is one value a flag's help lists and the words that say what
// it means (the value itself and its long form included).
type choicePair struct {
	value string
	words string
	// named: the help lists the value as a value (choices, quoted, a
	// brace list), not only as the head of a meaning.
	named bool
	// prose: read from a sentence that quotes the value ("return
	// 'failed' if the job failed"), not from a list of values.
	prose bool
}

var (
	// dashListRE splits "- a/b - desc - c - desc" lists.
	dashListRE = lazyre.New(`\s+-\s+`)
	// valueGroupRE is a value or a slash group of values ("map-pb/map-ont").
	valueGroupRE = lazyre.New(`^[A-Za-z0-9][\w.:+-]*(/[A-Za-z0-9][\w.:+-]*)*$`)
	// colonPairRE reads "v/z: un/compressed VCF" and "b: compressed BCF".
	colonPairRE = lazyre.New(`(?:^|[,;.]\s*|\s)'?([A-Za-z0-9][\w+-]{0,9}(?:/[A-Za-z0-9][\w+-]{0,9})*)'?\s*:\s+([^,;:\[\]]+)`)
	// equalsPairRE reads "0 = Pairwise, 6 = Tabular" lists.
	equalsPairRE = lazyre.New(`(?:^|[,:;.]\s*)([A-Za-z0-9][\w+-]{0,9})\s+=\s+([^,;=]+)`)
	// quotedPairRE reads "'b' compressed BCF; 'u' uncompressed BCF".
	quotedPairRE = lazyre.New(`'([A-Za-z0-9][\w.+-]*)'\s+([A-Za-z][^;,']*)`)
	// braceListRE reads "{a2m=fa[sta],clu[stal],msf}" placeholders.
	// quotedValueRE reads values a help quotes without a meaning
	// ("'GTF' (or compatible GFF format) and 'SAF'").
	quotedValueRE = lazyre.New(`'([A-Za-z0-9][\w.+-]*)'`)
	braceListRE   = lazyre.New(`\{([^{}]+)\}`)
	// pipeListRE reads "<snps|indels|both|all>" lists.
	pipeListRE = lazyre.New(`<([\w+-]+(?:\|[\w+-]+){2,})>`)
	// bracketListRE reads "[DEL, INS, DUP, INV, BND, ALL]" lists.
	bracketListRE = lazyre.New(`\[([\w+-]+(?:,\s*[\w+-]+){2,})\]`)
	// defaultRE reads a default a help writes as "(=ALL)", "'exon' by
	// default" or a trailing "[v]".
	defaultRE  = lazyre.New(`\(=([^()\s]+)\)|\[([^\[\]]+)\]\s*$|'([^'\s]+)' by default`)
	longFormRE = lazyre.New(`^([\w.+-]+)\[([\w.+-]+)\]$`)
	// numberDefaultRE reads a number a help calls the default in prose:
	// "default 0.9", "Default: 40", "(default=80)".
	numberDefaultRE = lazyre.New(`(?i)default[:= ]+\s*([0-9]*\.?[0-9]+)`)
)

// pairMemo holds choicePairs per flag help. Stage 3 asks for one flag's
// pairs from a dozen passes, and the reading runs up to ten patterns over
// the help; the answer depends on the four fields of the key alone.
var pairMemo, _ = lru.New[string, []choicePair](4096)

// choicePairs reads the values a flag's help lists with their meaning.
// The slice returned is the caller's own.
func choicePairs(fd FlagDoc) []choicePair {
	key := strings.Join([]string{fd.Description, fd.Placeholder, fd.Default, strings.Join(fd.Choices, "\x00")}, "\x01")
	out, ok := pairMemo.Get(key)
	if !ok {
		out = readChoicePairs(fd)
		pairMemo.Add(key, out)
	}
	return slices.Clone(out)
}

// readChoicePairs is choicePairs unmemoised.
func readChoicePairs(fd FlagDoc) []choicePair {
	var out []choicePair
	desc := fd.Description
	if parts := dashListRE.Split(desc, -1); len(parts) >= 5 {
		for i := 1; i+1 < len(parts); i++ {
			if valueGroupRE.MatchString(parts[i]) && !valueGroupRE.MatchString(parts[i+1]) {
				out = append(out, expandGroup(parts[i], parts[i+1])...)
				i++
			}
		}
	}
	if len(out) < 2 {
		out = out[:0]
		for _, m := range valuesListRE.FindAllStringSubmatch(desc, -1) {
			out = append(out, choicePair{value: m[1], words: m[2], named: true})
		}
	}
	if len(out) < 2 {
		out = out[:0]
		for _, m := range quotedPairRE.FindAllStringSubmatch(desc, -1) {
			out = append(out, choicePair{value: m[1], words: m[2], named: true, prose: true})
		}
	}
	if len(out) < 2 {
		// "0 = Pairwise, 1 = Query-anchored …, 6 = Tabular": a list of
		// values with their meaning after "="
		out = out[:0]
		// (a flag whose help lists its values elsewhere, "{RPKM,CPM,…}",
		// keeps to those)
		if ms := equalsPairRE.FindAllStringSubmatch(desc, -1); len(ms) >= 3 {
			for _, m := range ms {
				if len(fd.Choices) == 0 || slices.Contains(fd.Choices, m[1]) {
					words, _, _ := strings.Cut(m[2], ". ") // the meaning ends with its sentence
					out = append(out, choicePair{value: m[1], words: strings.TrimSpace(words), named: true})
				}
			}
		}
	}
	if len(out) < 2 {
		out = out[:0]
		for _, m := range colonPairRE.FindAllStringSubmatch(desc, -1) {
			out = append(out, expandGroup(m[1], m[2])...)
		}
		// A long run of quoted values outweighs a few colons of prose
		// ("can be seen here: http://…; The available options are:
		// 'magma', 'inferno', …").
		if q := quotedValues(desc); len(q) >= 3 && len(q) > 2*len(out) {
			return q
		}
	}
	if len(out) < 2 {
		out = out[:0]
		if m := braceListRE.FindStringSubmatch(fd.Placeholder); m != nil {
			for _, item := range strings.Split(m[1], ",") {
				names := strings.Split(item, "=")
				var words []string
				for _, n := range names {
					if lf := longFormRE.FindStringSubmatch(n); lf != nil {
						n = lf[1] + " " + lf[1] + lf[2]
					}
					words = append(words, n)
				}
				out = append(out, choicePair{strings.Fields(words[0])[0], strings.Join(words, " "), true, false})
			}
		}
	}
	if len(out) < 2 {
		out = quotedValues(desc)
	}
	if len(out) < 2 {
		out = out[:0]
		out = append(out, listPairs(fd)...)
	}
	if len(out) < 2 {
		out = out[:0]
		for _, ch := range fd.Choices {
			out = append(out, choicePair{ch, ch, true, false})
		}
	}
	return out
}

// quotedValues are the values a help quotes, each once.
func quotedValues(desc string) []choicePair {
	var out []choicePair
	for _, m := range quotedValueRE.FindAllStringSubmatch(desc, -1) {
		if !slices.ContainsFunc(out, func(p choicePair) bool { return p.value == m[1] }) {
			out = append(out, choicePair{m[1], m[1], true, false})
		}
	}
	return out
}

// listPairs reads the values a help lists in a run of its own:
// "<snps|indels|both>", or "[DEL, INS, ALL]" when the flag's default is
// one of them (a bracket that is the default alone, "[UNMAP,SECONDARY]",
// lists no choices).
func listPairs(fd FlagDoc) []choicePair {
	var items []string
	if m := pipeListRE.FindStringSubmatch(fd.Description); m != nil {
		items = strings.Split(m[1], "|")
	} else if m := bracketListRE.FindStringSubmatch(fd.Description); m != nil {
		for _, v := range strings.Split(m[1], ",") {
			items = append(items, strings.TrimSpace(v))
		}
		if def := defaultValue(fd); def == "" || !slices.Contains(items, def) {
			return nil
		}
	}
	out := make([]choicePair, 0, len(items))
	for _, v := range items {
		out = append(out, choicePair{v, v, true, false})
	}
	return out
}

// defaultValue is the flag's default: the help's own, else one its
// description writes ("(=ALL)", a trailing "[v]").
func defaultValue(fd FlagDoc) string {
	if d := strings.Trim(fd.Default, "[]'\" "); d != "" {
		return d
	}
	if m := defaultRE.FindStringSubmatch(fd.Description); m != nil {
		return strings.TrimSpace(m[1] + m[2] + m[3])
	}
	if m := numberDefaultRE.FindStringSubmatch(fd.Description); m != nil {
		return m[1]
	}
	return ""
}

// listed reports a value the flag's help lists.
func listed(fd FlagDoc, v string) bool {
	for _, p := range choicePairs(fd) {
		if p.value == v {
			return true
		}
	}
	return false
}

// expandGroup gives each value of a slash group ("u/b", "map-pb/map-ont")
// its part of the meaning's slash groups ("un/compressed BCF" → "uncompressed
// BCF" and "compressed BCF").
func expandGroup(group, meaning string) []choicePair {
	vals := strings.Split(group, "/")
	if len(vals) == 1 {
		return []choicePair{{group, meaning, false, false}}
	}
	out := make([]choicePair, len(vals))
	for i, v := range vals {
		var ws []string
		for _, w := range strings.Fields(meaning) {
			if parts := strings.Split(w, "/"); len(parts) == len(vals) {
				p := parts[i]
				if len(p) <= 3 && strings.ToLower(p) == p && !strings.ContainsFunc(p, unicode.IsDigit) && i < len(parts)-1 {
					p += parts[len(parts)-1] // "un/compressed": uncompressed
				}
				w = p
			}
			ws = append(ws, w)
		}
		out[i] = choicePair{v, strings.Join(ws, " "), false, false}
	}
	return out
}

// pairScore counts the task's words that a value's meaning holds: first
// those beyond the example's task (the example's task asked for the
// example's value in its own words, so only the words it lacks can ask
// for another), then all of them (to part values both fit). Words many of
// the candidate's flags use, or the meanings of many of the flag's values
// (shared), say nothing of one value.
func (m *mapper) pairScore(p choicePair, shared map[string]bool) (beyond, all int) {
	for w := range pairWords(p) {
		if m.means(w) && !m.common[w] && !shared[w] {
			all++
			if !m.exMeans(w) {
				beyond++
			}
		}
	}
	return beyond, all
}

// pairWords are the content words of a value's meaning.
func pairWords(p choicePair) map[string]bool {
	return contentWords(joinsToSpaces.Replace(p.words))
}

// sharedPairWords are the words the meanings of at least three of a
// flag's values, and more than a third of them, hold ("reads" in most of
// minimap2's presets): they tell no value from another.
func sharedPairWords(pairs []choicePair) map[string]bool {
	n := map[string]int{}
	for _, p := range pairs {
		for w := range pairWords(p) {
			n[w]++
		}
	}
	out := map[string]bool{}
	for w, k := range n {
		if k >= 3 && 3*k > len(pairs) {
			out[w] = true
		}
	}
	return out
}

// means reports a word (stemmed, as contentWords gives it) that the task
// says, in its own words or through a sense of the lexicon ("小鼠" says
// "mouse", "automatically" says "automatic").
func (m *mapper) means(w string) bool {
	return m.taskWords[w] || m.askTerms()[trimRoot(w)]
}

// exMeans reports a word the adapted example's task says, as means does
// for the task.
func (m *mapper) exMeans(w string) bool {
	return m.exWords[w] || m.exTerms[trimRoot(w)]
}

// rechoose is the pass that sets, on each flag kept from the example with
// a value its help lists, the listed value whose meaning the task's words
// fit best, when it fits them better than the example's value.
func (m *mapper) rechoose(f *Fill, c *candidate) {
	for i := range f.Flags {
		fv := &f.Flags[i]
		if fv.Why != "from the example" || !fv.HasValue {
			continue
		}
		fd, ok := LookupFlag(c.flags, fv.Name)
		if !ok {
			continue
		}
		pairs, fromExamples := m.flagValuePairs(fd, c)
		cur := -1
		for j, p := range pairs {
			if p.value == fv.Value {
				cur = j
			}
		}
		if cur < 0 {
			continue
		}
		named := m.namedPairs(pairs, c)
		if len(named) == 1 {
			// The task writes one listed value itself ("with the asm20
			// preset"): that value, whatever the meanings say, unless the
			// example's value refines it ("splice:hq" for "the
			// high-quality splice preset").
			if j := named[0]; j != cur && !refines(fv.Value, pairs[j].value) {
				src := fmt.Sprintf("%s's help lists", fv.Name)
				if fromExamples {
					src = fmt.Sprintf("the skill's examples give %s", fv.Name)
				}
				m.evidence = append(m.evidence, fmt.Sprintf("set %s %s for the example's %s: the task names %s, a value %s", fv.Name, pairs[j].value, fv.Value, pairs[j].value, src))
				fv.Value = pairs[j].value
				fv.Why = fmt.Sprintf("the task names %s, a value %s", pairs[j].value, src)
			}
			continue
		}
		if fromExamples {
			continue // the examples' values have no meanings to weigh
		}
		if j, n, ok := m.numberMeant(pairs); ok && len(named) == 0 {
			// The task gives a number one value's meaning holds ("about
			// 0.1% divergence" for "asm5: … ~0.1 sequence divergence"):
			// that value takes the number.
			m.meant[n] = true
			for k := range m.slots.Numbers {
				if m.slots.Numbers[k].Value == n {
					m.slots.Numbers[k].Used = true
				}
			}
			if j != cur && !refines(fv.Value, pairs[j].value) {
				m.evidence = append(m.evidence, fmt.Sprintf("set %s %s for the example's %s: the task's %s is in its help (%s)", fv.Name, pairs[j].value, fv.Value, n, strings.TrimSpace(pairs[j].words)))
				fv.Value = pairs[j].value
				fv.Why = fmt.Sprintf("the task's %s: %s", n, strings.TrimSpace(pairs[j].words))
			}
			continue
		}
		shared := sharedPairWords(pairs)
		curBeyond, _ := m.pairScore(pairs[cur], shared)
		best, bestB, bestA, tie := -1, 0, 0, false
		for j, p := range pairs {
			b, a := m.pairScore(p, shared)
			switch {
			case b > bestB || b == bestB && a > bestA:
				best, bestB, bestA, tie = j, b, a, false
			case b == bestB && a == bestA && b >= 2 && best >= 0 && refines(p.value, pairs[best].value):
				// A refinement of the best ("splice:hq" of "splice")
				// fitting no better asks for more than the task does;
				// the general value is chosen when the task says two
				// words of their meaning or more ("spliced alignment"),
				// not one a help says of many things ("alignments").
			case b == bestB && a == bestA && b >= 2 && best >= 0 && refines(pairs[best].value, p.value):
				best = j // the general value, not its refinement
			case b == bestB && a == bestA:
				tie = true
			}
		}
		if best < 0 || best == cur || tie || bestB <= curBeyond {
			continue
		}
		m.evidence = append(m.evidence, fmt.Sprintf("set %s %s for the example's %s: the task's words fit its help (%s)", fv.Name, pairs[best].value, fv.Value, strings.TrimSpace(pairs[best].words)))
		fv.Value = pairs[best].value
		fv.Why = fmt.Sprintf("the task asks for %s: %s", pairs[best].value, strings.TrimSpace(pairs[best].words))
	}
}

// namedPairs returns the listed values the task writes itself, as a
// word of its own (case aside), among those a task can name by
// themselves (distinctive).
func (m *mapper) namedPairs(pairs []choicePair, c *candidate) []int {
	toks := m.taskTokens()
	senses := m.hanSenses()
	var out []int
	for j, p := range pairs {
		lv := strings.ToLower(p.value)
		// A plain-word value the task's Chinese says ("剪接" for splice)
		// is named as the English word would be.
		said := toks[lv] || isLetters(lv) && senses[root(lv)]
		if said && m.distinctive(lv, c) && !slices.ContainsFunc(out, func(i int) bool { return strings.EqualFold(pairs[i].value, p.value) }) {
			out = append(out, j)
		}
	}
	return out
}

// namedChoice returns the one listed value of an example flag's help
// that the task writes itself, when the help lists the example's value
// too.
func (m *mapper) namedChoice(t exToken) (string, bool) {
	if !t.hasValue || t.doc == nil {
		return "", false
	}
	pairs := choicePairs(*t.doc)
	if !slices.ContainsFunc(pairs, func(p choicePair) bool { return p.value == t.value }) {
		return "", false
	}
	if named := m.namedPairs(pairs, m.cand); len(named) == 1 {
		return pairs[named[0]].value, true
	}
	return "", false
}

// meaningNumberRE finds the numbers a value's meaning writes as words of
// their own ("~0.1", "5%", "(2.7e9)"; not the 2 of "macs2").
var meaningNumberRE = lazyre.New(`(?:^|[\s(~=<>])(\d+(?:\.\d+)?(?:e\d+)?)(?:$|[\s%),;:])`)

// numberMeant returns the one listed value whose meaning holds a number
// the task gives and no flag has taken ("about 0.1% divergence" for asm5's
// "~0.1 sequence divergence"), with that number as the task writes it;
// false when no value's meaning, or more than one, holds one.
func (m *mapper) numberMeant(pairs []choicePair) (int, string, bool) {
	found, num := -1, ""
	for j, p := range pairs {
		if p.words == p.value {
			continue // a value alone, with no meaning
		}
		var nums []string
		for _, sm := range meaningNumberRE.FindAllStringSubmatch(p.words, -1) {
			nums = append(nums, sm[1])
		}
		for _, n := range m.slots.Numbers {
			if n.Used || !slices.Contains(nums, strings.TrimSuffix(bareNumber(n.Value), "%")) {
				continue
			}
			if found >= 0 && found != j {
				return 0, "", false
			}
			found, num = j, n.Value
		}
	}
	return found, num, found >= 0
}

// flagValuePairs are the values a flag's help lists (choicePairs), or,
// when it lists none, the values the skill's examples give the flag when
// they give two or more (--kingdom Archaea in one, Viruses in another):
// fromExamples then. Files and numbers are no such values.
func (m *mapper) flagValuePairs(fd FlagDoc, c *candidate) (pairs []choicePair, fromExamples bool) {
	if pairs = choicePairs(fd); len(pairs) >= 2 || c == nil {
		return pairs, false
	}
	pairs = pairs[:0]
	for _, ex := range c.examples {
		for _, t := range classify(ex.args, c) {
			if t.pos || !t.hasValue || !sameFlag(c, t.flag, fd.Name) || FileType(t.value) != "" || numberRE.MatchString(t.value) ||
				slices.ContainsFunc(pairs, func(p choicePair) bool { return p.value == t.value }) {
				continue
			}
			pairs = append(pairs, choicePair{t.value, t.value, true, false})
		}
	}
	return pairs, len(pairs) >= 2
}

// refines reports a value that holds another as a part of its own
// ("splice:hq" holds "splice").
func refines(v, part string) bool {
	return slices.ContainsFunc(strings.FieldsFunc(v, func(r rune) bool { return strings.ContainsRune(":-_.", r) }), func(p string) bool { return strings.EqualFold(p, part) })
}

// taskTokens are the task's words, files aside, lower-cased and without
// the punctuation around them.
func (m *mapper) taskTokens() map[string]bool {
	out := map[string]bool{}
	for _, w := range valueTokens(strings.Join(m.taskWordList(), " ")) {
		out[w] = true
		// "splice-align" says splice, a word of four letters or more
		// joined to a verb.
		if parts := strings.Split(w, "-"); len(parts) == 2 {
			for _, p := range parts {
				if len(p) >= 4 && isLetters(p) {
					out[p] = true
				}
			}
		}
	}
	return out
}

// hanSenses are the roots of the senses of the task's Chinese runs
// (lexicon sense_<word>: "剪接" → splic); none for a task without Chinese.
func (m *mapper) hanSenses() map[string]bool {
	var runs []string
	for _, w := range strings.Fields(m.task) {
		if isCJK(w) {
			runs = append(runs, w)
		}
	}
	if len(runs) == 0 {
		return nil
	}
	return senseRoots(strings.Join(runs, " "))
}

// valueTokens splits a text into the words a value can be: runs of
// letters, digits and the marks that join a value's parts (":-_.+"),
// parted by spaces, other punctuation and Chinese ("设为 Viruses），输出"
// gives Viruses), with no mark at either end.
func valueTokens(text string) []string {
	var out []string
	for _, w := range strings.FieldsFunc(text, func(r rune) bool {
		return unicode.Is(unicode.Han, r) || !(unicode.IsLetter(r) || unicode.IsDigit(r) || strings.ContainsRune(":-_.+", r))
	}) {
		if w = strings.Trim(w, ":-_.+"); w != "" {
			out = append(out, w)
		}
	}
	return out
}

// distinctive reports a listed value (lower-cased) that a task word names
// by itself: one with a digit or a joining mark ("asm20", "map-ont",
// "splice:hq"), or a word of four letters or more that is no stop word,
// no word that is no value, no word many of the candidate's flags use and
// not the tool's or subcommand's name.
func (m *mapper) distinctive(lv string, c *candidate) bool {
	if !strings.ContainsFunc(lv, unicode.IsLetter) {
		return false
	}
	if strings.ContainsAny(lv, "0123456789:-_.") {
		return len(lv) >= 2
	}
	if len(lv) < 4 || task.Stopword(lv) || task.V().Word("not_a_value", lv) || m.common[stem(lv)] {
		return false
	}
	return c == nil || !contentWords(joinsToSpaces.Replace(c.exe + " " + c.key))[stem(lv)]
}

// addNamedChoices is the pass that adds a format flag the fill lacks when
// a task word is one of the values its help names as values (choices,
// quoted, a brace list), by name or long form ("Clustal format" →
// --outfmt clu, "the SAF file" → -F SAF), not the tool's default, and no
// other flag lists that word.
func (m *mapper) addNamedChoices(f *Fill, c *candidate, used map[string]bool) {
	type hit struct {
		fd FlagDoc
		p  choicePair
	}
	byWord := map[string][]hit{}
	// The tool's and subcommand's names are no values ("pairtools dedup").
	names := contentWords(joinsToSpaces.Replace(c.exe + " " + c.key))
	// A value the task writes as two words ("a chrom sizes table" for
	// faidx's -i chromsizes) names it as one does.
	joined := map[string]bool{}
	for _, j := range m.joinedWords() {
		joined[j.word] = true
	}
	for _, fd := range c.flags {
		if fd.ParamType == "bool" || fd.Name == "" {
			continue
		}
		for _, p := range choicePairs(fd) {
			if !p.named || strings.EqualFold(p.value, strings.Trim(fd.Default, "[]'\" ")) {
				continue
			}
			for _, w := range strings.Fields(strings.ToLower(p.value + " " + braceWords(p))) {
				if len(w) >= 3 && (m.taskWords[w] || len(w) >= 6 && joined[w]) && !names[w] && !task.V().Word("not_a_value", w) && !m.namesToolOnly(w, c) {
					byWord[w] = append(byWord[w], hit{fd, p})
				}
			}
		}
	}
	for _, w := range slices.Sorted(maps.Keys(byWord)) {
		hs := byWord[w]
		if len(hs) > 1 {
			// Several flags list it (--infmt and --outfmt): the one that
			// writes, if one alone does.
			hs = slices.DeleteFunc(hs, func(h hit) bool {
				return m.fitFlag(h.fd.Name, &h.fd, task.V().Words("output_flag_hint")) <= 0
			})
		}
		if len(hs) != 1 || hs[0].fd.Category != "Format" && (hs[0].p.prose || !m.writesCode(hs[0].fd, hs[0].p.value)) && !(m.distinctive(w, c) && m.helpSaid(hs[0].fd, w)) || alreadyUsed(used, hs[0].fd) || used[spelling(hs[0].fd)] {
			continue // no flag, or more than one, names the word
		}
		fd, v := hs[0].fd, hs[0].p.value
		name := spelling(fd)
		used[fd.Name], used[name] = true, true
		m.placedWords[strings.ToLower(v)] = true
		f.Flags = append(f.Flags, FlagValue{Name: name, Value: v, HasValue: true, Style: kvStyle(fd), Why: fmt.Sprintf("the task names %s, a value %s's help lists", v, fd.Name)})
		f.Order = insertBeforePositionals(f.Order, fmt.Sprintf("f%d", len(f.Flags)-1))
		m.evidence = append(m.evidence, fmt.Sprintf("added %s %s: the task names %q, a value its help lists", name, v, w))
	}
}

// helpSaid reports a flag of listed values whose help the task says
// besides the value w it names: at least scoring.fit.named_choice_help
// content words of the help, its values' words and the words the fill
// placed elsewhere left out ("reads from forward-strand genes, stranded
// dUTP library" for bamCoverage's --filterRNAstrand {forward,reverse}
// "…originating from genes on the given strand … dUTP-based library").
// The help, not the value, says the task asks for the flag: "forward
// reads" alone names a value of no flag. The value must be distinctive
// ("both reads" names no value of --pair-filter).
func (m *mapper) helpSaid(fd FlagDoc, w string) bool {
	vals := contentWords(w)
	for _, p := range choicePairs(fd) {
		maps.Copy(vals, contentWords(p.value))
	}
	n := 0
	for hw := range contentWords(fd.Description) {
		if !vals[hw] && !m.placedWords[hw] && !m.common[hw] && m.taskWords[hw] {
			n++
		}
	}
	return float64(n) >= sc.Fit.NamedChoiceHelp
}

// writesCode reports a listed value of code_min_length characters or
// more, with capitals, that the task writes as a word of its own exactly
// as the help spells it, alone or before a hyphen ("normalise to CPM",
// "RPKM-normalised" for bamCoverage's --normalizeUsing
// {RPKM,CPM,BPM,RPGC,None}): a constant the task asks for by its name,
// whatever the flag's category. A kind's name (SAM) is no such code: the
// kind flags weigh it. The help must list code_min_values values at
// least, not quote them in a sentence.
func (m *mapper) writesCode(fd FlagDoc, v string) bool {
	if float64(len(v)) < sc.Fit.CodeMinLength || strings.ToLower(v) == v || isKindName(strings.ToLower(v)) || float64(len(choicePairs(fd))) < sc.Fit.CodeMinValues {
		return false
	}
	return slices.ContainsFunc(tokens(m.task), func(t string) bool {
		t = strings.Trim(t, ",;:.()[]'\"")
		return t == v || strings.HasPrefix(t, v+"-") // "RPKM-normalised"
	})
}

// addCodedChoices is the pass that adds a flag the fill lacks when its
// help lists upper-case codes as its values ("[DEL, INS, DUP, INV, BND,
// ALL]") and one task word, or a sense of the task, begins with exactly
// one of them ("call deletions only" → -t DEL; "缺失" says deletion): a
// constant the task's words ask for. The default and a word more than one
// flag's codes begin are no ask.
func (m *mapper) addCodedChoices(f *Fill, c *candidate, used map[string]bool) {
	// The task's own words first, in order, then its senses.
	var words []string
	for _, w := range m.taskWordList() {
		words = addOnce(words, strings.Trim(w, ",;:.()'\""))
	}
	for _, w := range slices.Sorted(maps.Keys(m.askTerms())) {
		words = addOnce(words, w)
	}
	names := contentWords(joinsToSpaces.Replace(c.exe + " " + c.key))
	type coded struct {
		fd   FlagDoc
		vals map[string]string // value → the task word it abbreviates
	}
	var hits []coded
	flagsOf := map[string]int{} // task word → flags whose codes it begins with
	for _, fd := range c.flags {
		if fd.ParamType == "bool" || fd.Name == "" || alreadyUsed(used, fd) {
			continue
		}
		pairs := choicePairs(fd)
		if len(pairs) < 3 || slices.ContainsFunc(pairs, func(p choicePair) bool { return !p.named || caseStyle(p.value) != 1 }) {
			continue
		}
		def := defaultValue(fd)
		h := coded{fd, map[string]string{}}
		seen := map[string]bool{}
		for _, p := range pairs {
			lv := strings.ToLower(p.value)
			// A kind's name ("SAM") is a name, not an abbreviation
			// ("sample" does not ask for it).
			if len(lv) < 3 || strings.EqualFold(p.value, def) || isKindName(lv) {
				continue
			}
			spelled := spelledCode(fd.Description, lv)
			for _, w := range words {
				if m.abbreviates(lv, w, spelled) && !names[w] {
					if _, ok := h.vals[p.value]; !ok {
						h.vals[p.value] = w
					}
					if !seen[w] {
						seen[w] = true
						flagsOf[w]++
					}
				}
			}
		}
		if len(h.vals) > 0 {
			hits = append(hits, h)
		}
	}
	for _, h := range hits {
		if len(h.vals) != 1 {
			continue // the task names several of its codes
		}
		for v, w := range h.vals {
			if flagsOf[w] > 1 || alreadyUsed(used, h.fd) {
				continue // the word begins codes of more than one flag
			}
			name := spelling(h.fd)
			used[h.fd.Name], used[name] = true, true
			m.placedWords[strings.ToLower(v)] = true
			f.Flags = append(f.Flags, FlagValue{Name: name, Value: v, HasValue: true, Style: kvStyle(h.fd), Why: fmt.Sprintf("the task's %q is %s, a value %s's help lists", w, v, h.fd.Name)})
			f.Order = insertBeforePositionals(f.Order, fmt.Sprintf("f%d", len(f.Flags)-1))
			m.evidence = append(m.evidence, fmt.Sprintf("added %s %s: the task's %q begins with %s, a value its help lists", name, v, w, v))
		}
	}
}

// isKindName reports a value that names a file kind or a compression
// ("sam", "gz"), as the file kinds know them.
func isKindName(v string) bool {
	k := FileType("x." + v)
	return k != "" && k != "file"
}

// abbreviates reports a task word (or sense) that the code lv shortens:
// the word begins with it and is at least three letters longer (a plural
// or a word of its own is no abbreviation), is no number, stop word,
// word that is no value, or word many of the candidate's flags share.
// When the help spells the code out ("CATerpillar"), the word must be
// that spelling.
func (m *mapper) abbreviates(lv, w string, spelled map[string]bool) bool {
	if !strings.HasPrefix(w, lv) || len(w) < len(lv)+3 || strings.ContainsAny(w, "0123456789") ||
		task.Stopword(w) || task.V().Word("not_a_value", w) || m.common[stem(w)] {
		return false
	}
	return len(spelled) == 0 || spelled[root(w)]
}

// spelledCode returns the roots of the words of a help that begin with a
// code and go on ("UNIform | CATerpillar" spells out cat).
func spelledCode(desc, lv string) map[string]bool {
	out := map[string]bool{}
	for _, w := range valueRE.FindAllString(desc, -1) {
		if lw := strings.ToLower(w); strings.HasPrefix(lw, lv) && len(lw) > len(lv) {
			out[root(lw)] = true
		}
	}
	return out
}

// braceWords are the names a value goes by besides its own, when they
// are names and not a meaning ("clu clustal" for clu[stal]): the pair's
// words when every one of them is one word of the list's kind.
func braceWords(p choicePair) string {
	if strings.HasPrefix(p.words, p.value+" ") && !strings.ContainsAny(p.words, "(),;:") && len(strings.Fields(p.words)) <= 3 {
		return p.words
	}
	return ""
}

// namesToolOnly reports a task word that stands only in the tool's own
// name as its help writes it: each time the task says it, the next word
// follows it in the help's description too ("align with Clustal Omega":
// "clustal" names the tool, not the Clustal format).
func (m *mapper) namesToolOnly(w string, c *candidate) bool {
	desc := strings.ToLower(c.desc)
	if m.doc != nil {
		desc += " " + strings.ToLower(m.doc.Description)
	}
	tw := m.taskWordList()
	seen := false
	for i, t := range tw {
		if strings.Trim(t, ",;:()") != w {
			continue
		}
		seen = true
		if i+1 >= len(tw) || !strings.Contains(desc, w+" "+strings.Trim(tw[i+1], ",;:()")) {
			return false
		}
	}
	return seen
}

// numCodeRE reads a numeric code a help lists with its meaning: "1: coverage
// of target".
var numCodeRE = lazyre.New(`(?:^|\s)(\d{1,2}):\s`)

// valuesListRE reads a list of values with their meaning written as
// "(Values: 0 (Translation of regions between STOP codons); 1 (…))",
// the form EMBOSS gives every menu, list and selection option.
var valuesListRE = lazyre.New(`(?:Values:|;)\s*([A-Za-z0-9][\w.+-]*)\s+\(([^()]*(?:\([^()]*\)[^()]*)*)\)`)

// valuesListed are the values of a help that lists them all after
// "(Values:" (EMBOSS menus, lists and selections: "-frame … (Values: 1
// (1); 2 (2); 3 (3); F (Forward three frames); … 6 (All six frames))"):
// the list is whole, so a value outside it is no value of the flag, codes
// in a run or not.
func valuesListed(fd FlagDoc) []string {
	if !strings.Contains(fd.Description, "(Values:") {
		return nil
	}
	ms := wholeValuesRE.FindAllStringSubmatch(fd.Description, -1)
	if len(ms) < 2 {
		return nil
	}
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = m[1]
	}
	return out
}

// wholeValuesRE is valuesListRE's value with a sign ("-1 (-1)" of
// transeq -frame): a whole list must hold every value it names.
var wholeValuesRE = lazyre.New(`(?:Values:|;)\s*(-?[A-Za-z0-9][\w.+-]*)\s+\(`)

// codesExclude reports a number a flag cannot take because its help lists
// the numbers it takes as codes with their meaning, counting up from 0 or
// 1 ("0: coverage of query and target 1: coverage of target …" for mmseqs
// --cov-mode), and the number is none of them: 80 for "80% coverage" is no
// mode.
func codesExclude(fd FlagDoc, v string) bool {
	if cs := valuesListed(fd); len(cs) > 0 {
		return !fitsChoice(cs, strings.TrimSuffix(v, "%"))
	}
	ms := numCodeRE.FindAllStringSubmatch(fd.Description, -1)
	if len(ms) < 2 {
		ms = valuesListRE.FindAllStringSubmatch(fd.Description, -1)
	}
	if len(ms) < 2 {
		// "0 = Pairwise, 1 = Query-anchored …" (blastn -outfmt)
		ms = parsers.NumberedValueRE.FindAllStringSubmatch(fd.Description, -1)
	}
	if len(ms) < 2 {
		return false
	}
	codes := map[string]bool{}
	for i, m := range ms {
		n, _ := strconv.Atoi(m[1])
		first, _ := strconv.Atoi(ms[0][1])
		if first > 1 || n != first+i {
			return false // not a run of codes: times, ratios, prose
		}
		codes[m[1]] = true
	}
	return !codes[strings.TrimSuffix(v, "%")]
}
