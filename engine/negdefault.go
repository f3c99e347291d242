package engine

import (
	"fmt"
	"slices"
	"strings"

	"github.com/traitome/oxo-call/task"
)

// A switch on by default whose help offers the spelling that turns it off
// (EMBOSS "-[no]left [Y] Trim at the start", "--[no]simplify") is turned
// off by a task that negates its name: "do not trim the left end" asks
// for -noleft. Every part of the name must be among the task's negated
// words (a negation's reach, or a Chinese clause that says what is not
// wanted), none of them accounted for by the command already: "trim only
// the right end" asks nothing of -left. The positive spelling of such a
// switch adds nothing (addNamedSwitches leaves it out), so without this
// pass the command did the very thing the task declined.

// addNegatedDefaults adds the off spelling of each such switch.
func (m *mapper) addNegatedDefaults(a *adaptation) {
	// negated is read once, with its doubled consonants undone, for all
	// the switches (undoubled)
	var negated map[string]bool
	for _, fd := range a.c.flags {
		if fd.ParamType != "bool" || !onByDefault(fd) || alreadyUsed(a.used, fd) || a.used[spelling(fd)] {
			continue
		}
		no := offSpelling(fd)
		if no == "" {
			continue
		}
		if negated == nil {
			_, neg := m.uncoveredSplit(a)
			negated = undoubled(neg)
		}
		parts := splitIdent(strings.TrimLeft(fd.Name, "-"))
		if len(negated) == 0 || len(parts) == 0 || slices.ContainsFunc(parts, func(p string) bool {
			ts := terms(p)
			return len(p) < 3 || len(ts) == 0 || !holdsAll(negated, undoubled(ts)) // (a stop word, "number", has no terms)
		}) {
			continue
		}
		a.used[fd.Name], a.used[no] = true, true
		a.f.Flags = append(a.f.Flags, FlagValue{Name: no, Why: "the task says not to: " + strings.Join(parts, " ")})
		a.f.Order = insertBeforePositionals(a.f.Order, fmt.Sprintf("f%d", len(a.f.Flags)-1))
		m.evidence = append(m.evidence, fmt.Sprintf("added %s: the task negates %s, which is on by default (%s)", no, strings.Join(parts, " "), fd.Description))
	}
}

// offSpelling returns the spelling of a negatable switch that turns it
// off: the alias that is its name with "no" before it ("-noleft" of
// "-left", "--no-simplify" or "--nosimplify" of "--simplify"); "" when
// the help offers none.
func offSpelling(fd FlagDoc) string {
	dash, bare := splitDash(fd.Name)
	if bare == "" || strings.HasPrefix(bare, "no") {
		return ""
	}
	for _, a := range fd.Aliases {
		d, b := splitDash(a)
		if d != dash {
			continue
		}
		if b == "no"+bare || b == "no-"+bare || b == "no_"+bare {
			return a
		}
	}
	return ""
}

// splitDash parts a flag's name into its dashes and the rest.
func splitDash(name string) (string, string) {
	bare := strings.TrimLeft(name, "-")
	return name[:len(name)-len(bare)], bare
}

// undoubled is a set of roots with one letter of a doubled consonant
// they end in taken off (lexicon root_double_ending): "overlapping" roots
// to "overlapp", and the name it negates, -overlap, to "overlap".
func undoubled(roots map[string]bool) map[string]bool {
	out := make(map[string]bool, len(roots))
	for w := range roots {
		for _, suf := range task.V().Suffixes("root_double_ending") {
			if len(w) > len(suf)+1 && strings.HasSuffix(w, suf) {
				w = w[:len(w)-1]
				break
			}
		}
		out[w] = true
	}
	return out
}
