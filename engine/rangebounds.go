package engine

import (
	"fmt"
	"slices"
	"strings"

	"github.com/traitome/oxo-call/task"
)

// oppositeBound reports a flag whose help says the other bound than the
// number's: a lower bound ("between 15 and 40", "at least 50") never
// goes to a flag whose help says a maximum and no minimum (lexicon
// range_high_word), nor an upper bound to one that says only a minimum.
// "maximum gap between repeated regions" shares "between" with the first
// number of "arms between 15 and 40 bp", and is still not its place.
//
// Only the head of the help counts (its first clause, eight words at
// most): "… based on the maximum likelihood solution" deep in plink's
// --r2 help bounds nothing.
func oppositeBound(fd FlagDoc, bound string) bool {
	v := task.V()
	head := fd.Description
	if i := strings.IndexAny(head, ".;("); i >= 0 {
		head = head[:i]
	}
	if ws := strings.Fields(head); len(ws) > 8 {
		head = strings.Join(ws[:8], " ")
	}
	words := contentWords(head)
	says := func(class string) bool {
		return slices.ContainsFunc(v.Words(class), func(w string) bool { return words[w] })
	}
	switch bound {
	case "low", "least":
		return says("range_high_word") && !says("range_low_word")
	case "high", "most":
		return says("range_low_word") && !says("range_high_word")
	}
	return false
}

// boundSibling is the flag named as fd is but for the other bound
// ("-maxpallen" and "-minpallen", "--max-len" and "--min-len"): the
// lexicon's range_high_word and range_low_word pair by their order
// ("maximum" with "minimum", "max" with "min").
func boundSibling(c *candidate, fd FlagDoc) (FlagDoc, bool) {
	v := task.V()
	hi, lo := v.Words("range_high_word"), v.Words("range_low_word")
	for _, name := range append([]string{fd.Name}, fd.Aliases...) {
		low := strings.ToLower(name)
		for k := range min(len(hi), len(lo)) {
			for _, pair := range [][2]string{{hi[k], lo[k]}, {lo[k], hi[k]}} {
				at := strings.Index(low, pair[0])
				if at < 0 {
					continue
				}
				other := name[:at] + sameCase(name[at:at+len(pair[0])], pair[1]) + name[at+len(pair[0]):]
				if sib, ok := LookupFlag(c.flags, other); ok && sib.Name != fd.Name {
					return sib, true
				}
			}
		}
	}
	return FlagDoc{}, false
}

// sameCase is word written with the case of the start of like ("Max" →
// "Min", "MAX" → "MIN").
func sameCase(like, word string) string {
	switch {
	case like == strings.ToUpper(like):
		return strings.ToUpper(word)
	case like[:1] == strings.ToUpper(like[:1]):
		return strings.ToUpper(word[:1]) + word[1:]
	}
	return word
}

// placeRangePartners gives a bound of a range that found no flag the
// sibling of the flag the other bound went to: in "arms between 15 and
// 40 bp" 40 fits -maxpallen, so 15 goes to -minpallen, though no word of
// the task is in its help.
func (m *mapper) placeRangePartners(f *Fill, c *candidate, used map[string]bool) {
	ns := m.slots.Numbers
	for i := range ns {
		n := &ns[i]
		if n.Used || n.Bound == "" {
			continue
		}
		j := i + 1
		if n.Bound == "high" {
			j = i - 1
		}
		if j < 0 || j >= len(ns) || !ns[j].Used || ns[j].Bound == "" || ns[j].Bound == n.Bound {
			continue
		}
		held, ok := m.numberFlags[j]
		if !ok {
			continue
		}
		sib, ok := boundSibling(c, held)
		if !ok || alreadyUsed(used, sib) || !takesNumber(sib, n.Value) {
			continue
		}
		n.Used = true
		name := spelling(sib)
		used[sib.Name], used[name] = true, true
		f.Flags = append(f.Flags, FlagValue{Name: name, Value: n.Value, HasValue: true, Style: kvStyle(sib),
			Why: fmt.Sprintf("the task's %q is the other bound of the range whose %s went to %s: %s", n.Value, ns[j].Value, held.Name, sib.Description)})
		f.Order = insertBeforePositionals(f.Order, fmt.Sprintf("f%d", len(f.Flags)-1))
		m.evidence = append(m.evidence, fmt.Sprintf("%s %s: the other bound of the range whose %s went to %s", name, n.Value, ns[j].Value, held.Name))
	}
}
