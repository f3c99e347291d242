package engine

import (
	"fmt"
	"slices"
	"strings"

	"github.com/traitome/oxo-call/parsers"
)

// A help may number the values its flag takes ("-f  output type:
// 0=masked sequence, 1=repeat probabilities, 2=repeat counts, 3=BED";
// "--compress  compression for output files (0=none, 1=gzip, zstd)"). The
// number is the value; the words after it say what it means. A task that
// says every word of one meaning ("write them in BED format") asks for
// that number: a constant the task's words ask for.

// numberedPairs reads the numbered values of a flag's help with their
// meanings, each meaning running to the next number; fewer than two give
// none.
func numberedPairs(desc string) []choicePair {
	// the parser's own reading of such a list: "=" and the meaning's
	// first letter end each match
	locs := parsers.NumberedValueRE.FindAllStringSubmatchIndex(desc, -1)
	if len(locs) < 2 {
		return nil
	}
	out := make([]choicePair, 0, len(locs))
	for i, l := range locs {
		end := len(desc)
		if i+1 < len(locs) {
			end = locs[i+1][0]
		}
		meaning := desc[l[1]-1 : end]
		if k := strings.IndexAny(meaning, "(),;"); k >= 0 {
			// "4=tandem repeats (0)": the default; "1=gzip, zstd)":
			// another value, no number
			meaning = meaning[:k]
		}
		out = append(out, choicePair{value: desc[l[2]:l[3]], words: strings.Trim(meaning, " ,.")})
	}
	return out
}

// addNumberedChoices is the pass that adds a flag the fill lacks when its
// help numbers its values and the task says every content word of
// exactly one meaning that names the kind of a file the task writes,
// words placed elsewhere and words several meanings share left out. A
// word that says a meaning of more than one flag, or the flag's default,
// asks for none.
func (m *mapper) addNumberedChoices(f *Fill, c *candidate, used map[string]bool) {
	type hit struct {
		fd    FlagDoc
		p     choicePair
		words []string
	}
	var hits []hit
	byWord := map[string]int{}
	for _, fd := range c.flags {
		if fd.Name == "" || fd.ParamType == "bool" || alreadyUsed(used, fd) || used[spelling(fd)] {
			continue
		}
		pairs := numberedPairs(fd.Description)
		shared := sharedPairWords(pairs)
		var said []hit
		for _, p := range pairs {
			var ws []string
			all := 0
			for w := range pairWords(p) {
				if shared[w] || m.placedWords[w] {
					continue
				}
				all++
				if m.means(w) {
					ws = append(ws, w)
				}
			}
			if all > 0 && len(ws) == all {
				slices.Sort(ws)
				said = append(said, hit{fd, p, ws})
			}
		}
		// Only a meaning that names the kind of the file the task writes
		// ("BED" for out.bed) is asked for: a help that numbers its
		// values seldom says which is the default ("6 = BLAST tabular"
		// is diamond's own, and "tabular results" asks for no flag).
		said = slices.DeleteFunc(said, func(h hit) bool { return !m.namesOutputKind(h.words) })
		if len(said) != 1 || said[0].p.value == defaultValue(fd) {
			continue
		}
		for _, w := range said[0].words {
			byWord[w]++
		}
		hits = append(hits, said[0])
	}
	for _, h := range hits {
		if slices.ContainsFunc(h.words, func(w string) bool { return byWord[w] > 1 }) {
			continue
		}
		name := spelling(h.fd)
		used[h.fd.Name], used[name] = true, true
		for _, w := range h.words {
			m.placedWords[w] = true
		}
		f.Flags = append(f.Flags, FlagValue{Name: name, Value: h.p.value, HasValue: true, Style: kvStyle(h.fd), Why: fmt.Sprintf("the task asks for %s: %s", h.p.value, h.p.words)})
		f.Order = insertBeforePositionals(f.Order, fmt.Sprintf("f%d", len(f.Flags)-1))
		m.evidence = append(m.evidence, fmt.Sprintf("added %s %s: the help numbers it %q, and the task says %s", name, h.p.value, h.p.words, strings.Join(h.words, ", ")))
	}
}

// namesOutputKind reports words one of which is the kind of a file the
// task writes ("bed" for out.bed).
func (m *mapper) namesOutputKind(words []string) bool {
	for _, fl := range m.slots.Files {
		if fl.Output && slices.Contains(words, fl.Type) {
			return true
		}
	}
	return false
}
