package engine

import (
	"slices"
	"strings"

	"github.com/traitome/oxo-call/rules"
	"github.com/traitome/oxo-call/task"
)

// concepts returns the concepts the intent rules find in text.
func (m *mapper) concepts(text string) map[string]bool {
	if c, ok := m.conceptCache[text]; ok {
		return c
	}
	if c, ok := m.exConcepts.get(text); ok {
		m.conceptCache[text] = c
		return c
	}
	out := map[string]bool{}
	ms, err := m.rules.Eval("intents", &rules.IntentEnv{Task: text})
	for _, x := range ms {
		for _, c := range x.Then.(*rules.IntentThen).Concepts {
			out[c] = true
		}
	}
	m.conceptCache[text] = out
	if err == nil {
		m.exConcepts.put(text, out)
	}
	return out
}

// taskOverlap is how many of the task's concepts the intent rules find in
// text: overlap(m.concepts(text), m.taskConcepts), found by evaluating only
// the rules whose concepts include one of the task's (a few of them), not
// every rule, on each subcommand's name and description.
func (m *mapper) taskOverlap(text string) int {
	if c, ok := m.conceptCache[text]; ok {
		return overlap(c, m.taskConcepts)
	}
	if len(m.taskConcepts) == 0 {
		return 0
	}
	if m.taskIntents == nil {
		m.taskIntents = map[*rules.Rule]bool{}
		for _, r := range m.rules.Rules("intents") {
			for _, c := range r.Then.(*rules.IntentThen).Concepts {
				if m.taskConcepts[c] {
					m.taskIntents[r] = true
				}
			}
		}
	}
	found := map[string]bool{}
	ms, _ := m.rules.EvalIf("intents", &rules.IntentEnv{Task: text}, func(r *rules.Rule) bool { return m.taskIntents[r] })
	for _, x := range ms {
		for _, c := range x.Then.(*rules.IntentThen).Concepts {
			if m.taskConcepts[c] {
				found[c] = true
			}
		}
	}
	return len(found)
}

// contentWords returns the lower-cased, lightly stemmed content words.
func contentWords(text string) map[string]bool {
	out := map[string]bool{}
	for _, w := range rules.Words(strings.ToLower(text)) {
		if task.Stopword(w) || len(w) < 2 && !isCJK(w) {
			continue
		}
		out[stem(w)] = true
	}
	return out
}

// stem strips common English endings (lexicon class stem_ending) so
// "threads" meets "thread" and "sequences" meets "sequence". A word whose
// stem would be a format's name keeps its ending: "same" is not "sam".
func stem(w string) string {
	for _, suf := range task.V().Suffixes("stem_ending") {
		if len(w) > len(suf)+2 && strings.HasSuffix(w, suf) {
			s := strings.TrimSuffix(w, suf)
			if _, kind := task.KindOfWord(s); kind && !slices.Contains(task.V().Suffixes("plural_ending"), suf) {
				return w // "bams" is "bam", "same" is not
			}
			return s
		}
	}
	return w
}

func isCJK(s string) bool {
	for _, r := range s {
		if r >= 0x4e00 && r <= 0x9fff {
			return true
		}
	}
	return false
}

// overlap counts the keys two sets share.
func overlap(a, b map[string]bool) int {
	n := 0
	for k := range a {
		if b[k] {
			n++
		}
	}
	return n
}

// jaccard is |a∩b| / |a∪b|.
func jaccard(a, b map[string]bool) float64 {
	if len(a) == 0 && len(b) == 0 {
		return 0
	}
	i := overlap(a, b)
	return float64(i) / float64(len(a)+len(b)-i)
}
