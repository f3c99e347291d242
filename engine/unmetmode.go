package engine

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/traitome/oxo-call/internal/lazyre"
	"github.com/traitome/oxo-call/rules"
	"github.com/traitome/oxo-call/task"
)

var (
	// orListRE reads values a help lists as alternatives in brackets:
	// "(single or meta)", "(gbk, gff, or sco)".
	orListRE = lazyre.New(`\(([\w.+-]+(?:,\s*[\w.+-]+)*,?\s+or\s+[\w.+-]+)\)`)
	// colonCodeRE finds numbered values a help gives with a colon:
	// "0: RNA-seq data 1: genomic DNA-seq data".
	colonCodeRE = lazyre.New(`(?:^|\s)(\d+):\s+`)
)

// A task that names a mode ("in metagenome mode", "careful mode", "the
// G-INS-i strategy", "宏基因组模式") asks for a setting by its name: a
// flag the command sets must say that name, in its own name, its value
// or its help. The word before the mode noun (lexicon class
// mode_marker) is the mode's name. The skill's keywords and the example's
// task do not count: they say what the program is for ("metagenome
// genes"), not that the command sets the mode. A mode nothing in the
// command says is a setting left out, and the command is uncertain.

// unmetModes returns a finding for each mode the task names that nothing
// the command sets says.
func (m *mapper) unmetModes(f *Fill, c *candidate) []string {
	var out []string
	for _, mn := range m.modeNames() {
		name := mn.name
		words := m.modeWords(name)
		if len(words) == 0 || m.namesTool(name, c) || m.modeMet(f, c, words) {
			continue
		}
		out = append(out, fmt.Sprintf("the task asks for the %q mode, which nothing the command sets says", name))
	}
	return out
}

// modeName is a mode the task names: its name and the noun that marks
// it ("metagenome", "mode").
type modeName struct{ name, marker string }

// modeNames returns the names the task gives modes: the word right
// before an English mode noun, and the Chinese words before 模式 in the
// same run (or the word before the run when the noun opens it).
func (m *mapper) modeNames() []modeName {
	if m.modesRead {
		return m.modes
	}
	m.modes, m.modesRead = m.readModeNames(), true
	return m.modes
}

// readModeNames reads the task's mode names once for modeNames.
func (m *mapper) readModeNames() []modeName {
	v := task.V()
	trim := func(w string) string { return strings.Trim(w, ",;:.()[]'\"，；：。（）") }
	// The task's own words: a file before the noun names no mode.
	ws, dropped := m.keywordWords()
	// "not in local mode" asks for no mode.
	negated, _ := negatedFields(ws)
	var out []modeName
	for i, w := range ws {
		if negated[i] || i > 0 && negated[i-1] {
			continue
		}
		if v.Word("mode_marker", trim(w)) {
			// "reads, mode …" ends a clause before the noun.
			if i > 0 && !dropped[i-1] && strings.TrimRight(ws[i-1], ",;:.，；：。") == ws[i-1] {
				out = append(out, modeName{trim(ws[i-1]), trim(w)})
			}
			continue
		}
		// "metagenome-mode gene prediction": the name and the noun as one
		// word.
		if name, marker, ok := cutLast(trim(w), "-"); ok && name != "" && v.Word("mode_marker", marker) {
			out = append(out, modeName{name, marker})
			continue
		}
		for _, sp := range v.Spans("mode_marker", w) {
			marker := w[sp[0]:sp[1]]
			if !isCJK(marker) {
				continue
			}
			before := trim(w[:sp[0]])
			if runs := strings.FieldsFunc(before, func(r rune) bool { return !isCJK(string(r)) }); len(runs) > 0 {
				out = append(out, modeName{runs[len(runs)-1], marker})
			} else if before == "" && i > 0 && !dropped[i-1] {
				out = append(out, modeName{trim(ws[i-1]), marker})
			}
		}
	}
	return out
}

// addModeChoices is the pass that sets the mode a task names when one
// flag of the help alone offers it: a value the help lists that the
// mode's name begins with, or that begins it ("metagenome mode" → -p
// meta, "(single or meta)"), or whose meaning says every word of the name
// ("RNA-seq mode" → -t 0, "0: RNA-seq data"); else a switch named as the
// mode ("careful mode" → --careful) or whose help opens with it
// ("verbose mode" → -v "verbose output"). A constant the task's words
// ask for.
func (m *mapper) addModeChoices(f *Fill, c *candidate, used map[string]bool) {
	for _, mn := range m.modeNames() {
		name := mn.name
		words := m.modeWords(name)
		if len(words) == 0 || m.namesTool(name, c) || m.modeMet(f, c, words) {
			continue
		}
		var hits []flagValueHit
		for _, fd := range c.flags {
			if fd.Name == "" || alreadyUsed(used, fd) || used[spelling(fd)] {
				continue
			}
			if fd.ParamType == "bool" {
				if flagNameWordsJoined(fd) == strings.Join(slices.Sorted(maps.Keys(words)), " ") || len(words) == 1 && words[firstHelpWord(fd)] {
					hits = append(hits, flagValueHit{fd, ""})
				}
				continue
			}
			for _, p := range modeValues(fd) {
				if p.prose || strings.EqualFold(p.value, kindDefault(fd)) {
					continue
				}
				if valueNamesMode(strings.ToLower(p.value), words) || len(words) > 0 && wordSubset(words, pairWords(p)) {
					hits = append(hits, flagValueHit{fd, p.value})
				}
			}
		}
		if len(hits) != 1 {
			continue // none, or a guess between several
		}
		h := hits[0]
		sp := spelling(h.fd)
		used[h.fd.Name], used[sp] = true, true
		fv := FlagValue{Name: sp, Why: fmt.Sprintf("the task asks for the %q mode", name)}
		if h.value != "" {
			fv.Value, fv.HasValue, fv.Style = h.value, true, kvStyle(h.fd)
			fv.Why += fmt.Sprintf(", a value %s's help lists", h.fd.Name)
			m.placedWords[strings.ToLower(h.value)] = true
		}
		f.Flags = append(f.Flags, fv)
		f.Order = insertBeforePositionals(f.Order, fmt.Sprintf("f%d", len(f.Flags)-1))
		m.evidence = append(m.evidence, fmt.Sprintf("added %s: %s", strings.TrimSpace(sp+" "+h.value), fv.Why))
	}
}

// flagValueHit is a flag a pass may add, with the value it would take
// ("" for a switch).
type flagValueHit struct {
	fd    FlagDoc
	value string
}

// modeWords are the words a mode's name is checked by: its content words,
// or a Chinese name's senses (宏基因组: metagenome).
func (m *mapper) modeWords(name string) map[string]bool {
	if isCJK(name) {
		return senseRoots(name)
	}
	words := contentWords(joinsToSpaces.Replace(name))
	for w := range words {
		if len(w) < 3 {
			delete(words, w)
		}
	}
	return words
}

// modeMet reports a mode some word of the command says, or the default
// of a flag the command leaves unset (the tool runs in it already).
func (m *mapper) modeMet(f *Fill, c *candidate, words map[string]bool) bool {
	cover := m.coverWords(f, c, nil, false, true)
	for w := range words {
		if coversMode(cover, w) {
			return true
		}
	}
	for _, fd := range c.flags {
		if d := strings.ToLower(kindDefault(fd)); d != "" && fd.ParamType != "bool" && valueNamesMode(d, words) {
			return true
		}
	}
	return false
}

// valueNamesMode reports a listed value a word of the mode's name is, or
// begins, or is begun by (four letters or more: "meta" and "metagenome").
func valueNamesMode(v string, words map[string]bool) bool {
	if words[v] || words[stem(v)] {
		return true
	}
	for w := range words {
		if begunBy(v, w) {
			return true
		}
	}
	return false
}

// begunBy reports two words one of which begins the other, the shorter
// four letters or more ("meta" and "metagenome").
func begunBy(a, b string) bool {
	if len(a) > len(b) {
		a, b = b, a
	}
	return len(a) >= 4 && strings.HasPrefix(b, a)
}

// wordSubset reports whether every word of a is in b.
func wordSubset(a, b map[string]bool) bool {
	for w := range a {
		if !b[w] {
			return false
		}
	}
	return true
}

// flagNameWordsJoined is a switch's long name as sorted words
// ("--non-germline": "germline non").
func flagNameWordsJoined(fd FlagDoc) string {
	for _, n := range append([]string{fd.Name}, fd.Aliases...) {
		if strings.HasPrefix(n, "--") || len(strings.TrimLeft(n, "-")) > 3 {
			ws := contentWords(joinsToSpaces.Replace(strings.TrimLeft(n, "-")))
			return strings.Join(slices.Sorted(maps.Keys(ws)), " ")
		}
	}
	return ""
}

// modeValues are the values a flag's help lists (choicePairs), or else
// those it gives as bracketed alternatives or as numbers with a colon.
func modeValues(fd FlagDoc) []choicePair {
	if out := choicePairs(fd); len(out) >= 2 {
		return out
	}
	var out []choicePair
	if m := orListRE.FindStringSubmatch(fd.Description); m != nil {
		for _, v := range strings.FieldsFunc(strings.ReplaceAll(m[1], " or ", ","), func(r rune) bool { return r == ',' || r == ' ' }) {
			out = append(out, choicePair{value: v, words: v, named: true})
		}
		return out
	}
	locs := colonCodeRE.FindAllStringSubmatchIndex(fd.Description, -1)
	if len(locs) < 2 {
		return nil
	}
	for i, l := range locs {
		end := len(fd.Description)
		if i+1 < len(locs) {
			end = locs[i+1][0]
		}
		out = append(out, choicePair{value: fd.Description[l[2]:l[3]], words: strings.Trim(fd.Description[l[1]:end], " ,.")})
	}
	return out
}

// firstHelpWord is the first content word of a flag's help, stemmed.
func firstHelpWord(fd FlagDoc) string {
	for _, w := range rules.Words(strings.ToLower(fd.Description)) {
		if !task.Stopword(w) && len(w) >= 3 {
			return stem(w)
		}
	}
	return ""
}

// coversMode reports a word of the cover that says the mode's word w:
// the same word, or one the beginning of the other (four letters or
// more: --meta says "metagenome", "metagenomic" says "metagenome").
func coversMode(cover map[string]bool, w string) bool {
	if cover[w] {
		return true
	}
	for cw := range cover {
		if begunBy(cw, w) {
			return true
		}
	}
	return false
}

// cutLast cuts s around the last sep: before, after, found.
func cutLast(s, sep string) (string, string, bool) {
	i := strings.LastIndex(s, sep)
	if i < 0 {
		return s, "", false
	}
	return s[:i], s[i+len(sep):], true
}
