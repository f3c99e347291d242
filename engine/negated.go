package engine

import (
	"strings"

	"github.com/traitome/oxo-call/task"
)

// negatedFields marks the fields of an English text (split on spaces)
// that say what the task does not want. A word of the lexicon class
// negation ("without", "leaving out") reaches over the next four fields;
// a word of the class negation_after ("disabled", "turned off") reaches
// back over the three fields before it. Neither reaches past the end of
// its clause (a field ending in punctuation, or one followed by a
// parenthesis), and a negation after the fact stops at a conjunction or
// a file: "4 threads and soft-clipping disabled" leaves out soft
// clipping, not threads. The negation words themselves are not marked but are
// returned in own: they ask for nothing ("turned off" fits no help's
// "(off)").
func negatedFields(tw []string) (out, own []bool) {
	out = make([]bool, len(tw))
	own = make([]bool, len(tw))
	bare := func(i int) string { return strings.ToLower(strings.Trim(tw[i], ",;:.()")) }
	ends := func(i int) bool {
		w := tw[i]
		return w == "" || strings.ContainsAny(w[len(w)-1:], ",;:.)") || i+1 < len(tw) && strings.HasPrefix(tw[i+1], "(")
	}
	// size is how many fields (one or two) at i make a word of class.
	size := func(class string, i int) int {
		if i+1 < len(tw) && !ends(i) && task.V().Word(class, bare(i)+" "+bare(i+1)) {
			return 2
		}
		if task.V().Word(class, bare(i)) {
			return 1
		}
		return 0
	}
	for i := 0; i < len(tw); i++ {
		if n := size("negation", i); n > 0 {
			last := i + n - 1
			own[i], own[last] = true, true
			for j := last + 1; j < len(tw) && j <= last+4 && !ends(j-1); j++ {
				out[j] = true
			}
			i = last
			continue
		}
		if n := size("negation_after", i); n > 0 {
			own[i], own[i+n-1] = true, true
			for j := i - 1; j >= 0 && j >= i-3 && !ends(j) && !task.V().Word("conjunction", bare(j)) && task.FileWord(tw[j]) == ""; j-- {
				out[j] = true
			}
			i += n - 1
		}
	}
	return out, own
}

// positiveText is the task with its negated Chinese clauses left out
// (negatedClauses): an example is judged on what the task asks for, and
// "不要输出比对" asks for no example that saves the alignment. English
// negations stay: their words often say the very effect asked for
// ("without its header line" for tail -n +2, "reads that did not align"
// for --un).
func positiveText(text string) string {
	for _, cl := range negatedClauses(text) {
		text = strings.Replace(text, cl, ",", 1)
	}
	return text
}
