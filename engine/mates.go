package engine

import (
	"fmt"
	"slices"
	"strings"

	"github.com/traitome/oxo-call/internal/lazyre"
)

// A usage line that offers inputs as alternatives ("{-1 <m1> -2 <m2> |
// -U <r>}") says how one file goes when the example paired two: the task
// that gives one reads file where the example gave mates takes the
// branch of one flag, not the first mate's flag alone.

// altGroupRE is a group of alternatives in a usage line: braces,
// parentheses or brackets around "|".
var altGroupRE = lazyre.New(`[{(\[]([^{}()\[\]]*\|[^{}()\[\]]*)[})\]]`)

// usageBranch is one alternative: its flags and the placeholders after them.
type usageBranch struct {
	flags []string
	holes []string
}

// usageAlternatives reads the groups of alternatives of a usage line.
func usageAlternatives(usage string) [][]usageBranch {
	var out [][]usageBranch
	for _, g := range altGroupRE.FindAllStringSubmatch(usage, -1) {
		var group []usageBranch
		for _, alt := range strings.Split(g[1], "|") {
			var b usageBranch
			for _, w := range strings.Fields(alt) {
				if strings.HasPrefix(w, "-") && len(w) > 1 {
					b.flags = append(b.flags, w)
				} else if len(b.flags) > len(b.holes) {
					b.holes = append(b.holes, w)
				}
			}
			group = append(group, b)
		}
		out = append(out, group)
	}
	return out
}

// loneMate is the pass that moves a task's one file from the first flag
// of a branch whose other flags had no task file to the flag of a branch
// of one flag (the first whose placeholder names no other file kind).
func (m *mapper) loneMate(f *Fill, c *candidate) {
	if len(m.noFileFlags) == 0 {
		return
	}
	has := func(name string) int {
		return slices.IndexFunc(f.Flags, func(fv FlagValue) bool { return fv.Name == name && fv.HasValue })
	}
	for _, group := range usageAlternatives(c.usage) {
		for _, b := range group {
			if len(b.flags) < 2 {
				continue
			}
			var present []int
			lacking := false
			for _, fl := range b.flags {
				if k := has(fl); k >= 0 {
					present = append(present, k)
				} else if slices.Contains(m.noFileFlags, fl) {
					lacking = true
				}
			}
			if len(present) != 1 || !lacking {
				continue
			}
			fv := &f.Flags[present[0]]
			for _, alt := range group {
				if len(alt.flags) != 1 || has(alt.flags[0]) >= 0 {
					continue
				}
				if len(alt.holes) == 1 && usageNamesOtherKind(&candidate{positionals: []PositionalDoc{{Name: alt.holes[0]}}}, 0, fv.Value) {
					continue // "-b <bam>" is no place for reads.fq
				}
				if _, ok := LookupFlag(c.flags, alt.flags[0]); !ok {
					continue
				}
				m.evidence = append(m.evidence, fmt.Sprintf("gave %s to %s, not %s: the task has one file where the usage's %s pairs %s", fv.Value, alt.flags[0], fv.Name, strings.Join(b.flags, " "), strings.Join(b.flags, " and ")))
				fv.Name, fv.Why = alt.flags[0], "the task's one file, through the usage's branch of one flag"
				return
			}
		}
	}
}
