package engine

import (
	"fmt"
	"regexp"
	"strings"
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
}

var (
	// dashListRE splits "- a/b - desc - c - desc" lists.
	dashListRE = regexp.MustCompile(`\s+-\s+`)
	// valueGroupRE is a value or a slash group of values ("map-pb/map-ont").
	valueGroupRE = regexp.MustCompile(`^[A-Za-z0-9][\w.:+-]*(/[A-Za-z0-9][\w.:+-]*)*$`)
	// colonPairRE reads "v/z: un/compressed VCF" and "b: compressed BCF".
	colonPairRE = regexp.MustCompile(`(?:^|[,;.]\s*|\s)'?([A-Za-z0-9][\w+-]{0,9}(?:/[A-Za-z0-9][\w+-]{0,9})*)'?\s*:\s+([^,;:\[\]]+)`)
	// quotedPairRE reads "'b' compressed BCF; 'u' uncompressed BCF".
	quotedPairRE = regexp.MustCompile(`'([A-Za-z0-9][\w.+-]*)'\s+([A-Za-z][^;,']*)`)
	// braceListRE reads "{a2m=fa[sta],clu[stal],msf}" placeholders.
	braceListRE = regexp.MustCompile(`\{([^{}]+)\}`)
	longFormRE  = regexp.MustCompile(`^([\w.+-]+)\[([\w.+-]+)\]$`)
)

// choicePairs reads the values a flag's help lists with their meaning.
func choicePairs(fd FlagDoc) []choicePair {
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
		for _, m := range quotedPairRE.FindAllStringSubmatch(desc, -1) {
			out = append(out, choicePair{m[1], m[2]})
		}
	}
	if len(out) < 2 {
		out = out[:0]
		for _, m := range colonPairRE.FindAllStringSubmatch(desc, -1) {
			out = append(out, expandGroup(m[1], m[2])...)
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
				out = append(out, choicePair{strings.Fields(words[0])[0], strings.Join(words, " ")})
			}
		}
	}
	return out
}

// expandGroup gives each value of a slash group ("u/b", "map-pb/map-ont")
// its part of the meaning's slash groups ("un/compressed BCF" → "uncompressed
// BCF" and "compressed BCF").
func expandGroup(group, meaning string) []choicePair {
	vals := strings.Split(group, "/")
	if len(vals) == 1 {
		return []choicePair{{group, meaning}}
	}
	out := make([]choicePair, len(vals))
	for i, v := range vals {
		var ws []string
		for _, w := range strings.Fields(meaning) {
			if parts := strings.Split(w, "/"); len(parts) == len(vals) {
				p := parts[i]
				if len(p) <= 3 && strings.ToLower(p) == p && i < len(parts)-1 {
					p += parts[len(parts)-1] // "un/compressed": uncompressed
				}
				w = p
			}
			ws = append(ws, w)
		}
		out[i] = choicePair{v, strings.Join(ws, " ")}
	}
	return out
}

// pairScore counts the task's words that a value's meaning holds: first
// those beyond the example's task (the example's task asked for the
// example's value in its own words, so only the words it lacks can ask
// for another), then all of them (to part values both fit). Words many of
// the candidate's flags use say nothing of one value.
func (m *mapper) pairScore(p choicePair) (beyond, all int) {
	for w := range contentWords(strings.NewReplacer("-", " ", "_", " ").Replace(p.words)) {
		if m.taskWords[w] && !m.common[w] {
			all++
			if !m.exWords[w] {
				beyond++
			}
		}
	}
	return beyond, all
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
		pairs := choicePairs(fd)
		cur := -1
		for j, p := range pairs {
			if p.value == fv.Value {
				cur = j
			}
		}
		if cur < 0 {
			continue
		}
		curBeyond, _ := m.pairScore(pairs[cur])
		best, bestB, bestA, tie := -1, 0, 0, false
		for j, p := range pairs {
			b, a := m.pairScore(p)
			switch {
			case b > bestB || b == bestB && a > bestA:
				best, bestB, bestA, tie = j, b, a, false
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
