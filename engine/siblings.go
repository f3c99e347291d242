package engine

import (
	"fmt"
	"slices"
	"strings"
)

// A switch the example sets may have a sibling in the help: a switch
// whose help says nearly the same with a word or two changed
// (kallisto's --fr-stranded "first read forward" and --rf-stranded
// "first read reverse"; bedops' --difference and --symmdiff). The
// example's switch stands for the example's task; when this task's own
// words, beyond the example's, fit what the sibling's help says and not
// what the example's switch's help says, the task asks for the sibling.
// Siblings share scoring.fit.sibling_share_min of their descriptions'
// terms; their names differ by design ("fr" and "rf").

// reswitch is the pass that swaps each switch kept from the example for
// its sibling when the task's words beyond the example's fit the
// sibling's help alone.
func (m *mapper) reswitch(f *Fill, c *candidate, used map[string]bool) {
	asks := m.askTerms()
	beyond := func(terms map[string]bool) (n int, hits []string) {
		for w := range terms {
			if asks[w] && !m.exTerms[w] && !m.common[w] {
				n++
				hits = append(hits, w)
			}
		}
		return n, hits
	}
	for i := range f.Flags {
		fv := &f.Flags[i]
		if fv.Why != "from the example" || fv.HasValue {
			continue
		}
		cur, ok := LookupFlag(c.flags, fv.Name)
		if !ok || cur.ParamType != "bool" || cur.Description == "" {
			continue
		}
		curNames, curDesc := m.flagTerms(cur.Name, &cur)
		curAll := union(curNames, curDesc)
		var best *FlagDoc
		var bestHits []string
		tie := false
		for j := range c.flags {
			sib := c.flags[j]
			if sib.Name == cur.Name || sib.ParamType != "bool" || sib.Description == "" || flagSet(f, sib) {
				continue
			}
			if named, _ := m.namedIn(sib, asks); named {
				continue // the task names it: the named-switch pass adds it
			}
			sibNames, sibDesc := m.flagTerms(sib.Name, &sib)
			sibAll := union(sibNames, sibDesc)
			if shareOf(curDesc, sibDesc) < sc.Fit.SiblingShareMin {
				continue
			}
			own := 0
			for w := range minus(curAll, sibAll) {
				if asks[w] && !m.common[w] {
					own++ // the task says what the example's switch does
				}
			}
			n, hits := beyond(minus(sibAll, curAll))
			if own > 0 || n == 0 {
				continue
			}
			if best != nil {
				tie = true
				continue
			}
			best, bestHits = &c.flags[j], hits
		}
		if best == nil || tie {
			continue
		}
		name := spelling(*best)
		m.evidence = append(m.evidence, fmt.Sprintf("set %s for the example's %s: the task's words %s fit its help (%q), not %s's", name, fv.Name, strings.Join(slices.Sorted(slices.Values(bestHits)), ", "), best.Description, fv.Name))
		fv.Name = name
		fv.Why = "the task asks for it: " + best.Description
		used[best.Name], used[name] = true, true
	}
}

// flagSet reports a flag the fill already sets, by any of its names.
func flagSet(f *Fill, fd FlagDoc) bool {
	for _, fv := range f.Flags {
		if fv.Name == fd.Name || contains(fd.Aliases, fv.Name) {
			return true
		}
	}
	return false
}

func union(a, b map[string]bool) map[string]bool {
	out := make(map[string]bool, len(a)+len(b))
	for w := range a {
		out[w] = true
	}
	for w := range b {
		out[w] = true
	}
	return out
}

func minus(a, b map[string]bool) map[string]bool {
	out := map[string]bool{}
	for w := range a {
		if !b[w] {
			out[w] = true
		}
	}
	return out
}

// shareOf is the share of the two sets' words both hold (Jaccard).
func shareOf(a, b map[string]bool) float64 {
	n := 0
	for w := range a {
		if b[w] {
			n++
		}
	}
	if all := len(a) + len(b) - n; all > 0 {
		return float64(n) / float64(all)
	}
	return 0
}
