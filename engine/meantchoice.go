package engine

import (
	"fmt"
	"strings"
)

// addMeantChoices is the pass that adds a flag the fill lacks when its
// help lists values with what each means and the task says one meaning
// nearly word for word: "ORFs between START and STOP codons, as nucleic
// sequences" asks for getorf's "-find 3" ("Nucleic sequences between
// START and STOP codons"). A value is said when the task says at least
// scoring.fit.meant_choice_share of its meaning's content words, and at
// least meant_choice_min of them; of the values said, the one with the
// most words said is added when it leads every other by at least
// meant_choice_lead words ("Nucleic sequences between STOP codons" is
// said too, in one word fewer). The flag's default asks for no flag;
// words the fill has placed elsewhere do not count again.
func (m *mapper) addMeantChoices(f *Fill, c *candidate, used map[string]bool) {
	for _, fd := range c.flags {
		if fd.ParamType == "bool" || fd.Name == "" || alreadyUsed(used, fd) || used[spelling(fd)] {
			continue
		}
		pairs := choicePairs(fd)
		if len(pairs) < 3 || pairs[0].prose {
			// A pair of values is a switch in disguise, weighed
			// elsewhere; values a sentence quotes ("return 'failed' if
			// the job failed") are no list of what the flag takes.
			continue
		}
		best, bestN, secondN := -1, 0, 0
		for j, p := range pairs {
			if p.words == p.value {
				continue // a value with no meaning: named, not meant (addNamedChoices)
			}
			said, all := m.meantWords(p)
			if all == 0 || float64(said) < sc.Fit.MeantChoiceShare*float64(all) {
				continue
			}
			switch {
			case said > bestN:
				best, bestN, secondN = j, said, bestN
			case said > secondN:
				secondN = said
			}
		}
		if best < 0 || float64(bestN) < sc.Fit.MeantChoiceMin || float64(bestN-secondN) < sc.Fit.MeantChoiceLead {
			continue
		}
		p := pairs[best]
		if strings.EqualFold(p.value, defaultValue(fd)) {
			continue
		}
		name := spelling(fd)
		used[fd.Name], used[name] = true, true
		meaning := strings.TrimSpace(p.words)
		f.Flags = append(f.Flags, FlagValue{Name: name, Value: p.value, HasValue: true, Style: kvStyle(fd), Why: fmt.Sprintf("the task asks for %s: %s", p.value, meaning)})
		f.Order = insertBeforePositionals(f.Order, fmt.Sprintf("f%d", len(f.Flags)-1))
		m.evidence = append(m.evidence, fmt.Sprintf("added %s %s: the task says %d words of its meaning (%s)", name, p.value, bestN, meaning))
	}
}

// meantWords counts the content words of a value's meaning (all) and
// those the task says (said), in its words or senses; words the fill
// placed elsewhere count in neither.
func (m *mapper) meantWords(p choicePair) (said, all int) {
	for w := range pairWords(p) {
		if m.placedWords[w] {
			continue
		}
		all++
		if m.means(w) {
			said++
		}
	}
	return said, all
}
