package engine

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/traitome/oxo-call/internal/lazyre"
	"github.com/traitome/oxo-call/skills"
)

// An example's explanation says, flag by flag, what its arguments do
// ("-outfmt 6 writes 12-column tabular hits; -evalue filters weak hits").
// Where the help says nothing of a flag (blastn lists its flags in a usage
// line only) or says it in other words, the words of that clause that the
// example's own task holds are the words the example's task asked for the
// flag with ("tabular"): a task that repeats all of them asks for it too.

// clauseSplitRE cuts an explanation into clauses.
var clauseSplitRE = lazyre.New(`[;,，；。]\s*|\.\s+`)

// explanationClause returns the clause of the example's explanation that
// names the flag t and no other flag of the example, with the flag's and
// the example's values left out; "" when there is none or several.
func (m *mapper) explanationClause(a *adaptation, t exToken) string {
	if m.exExplain == "" || t.pos {
		return ""
	}
	found := ""
	for _, cl := range clauseSplitRE.Split(m.exExplain, -1) {
		mine, other := false, false
		var rest []string
		for _, w := range strings.Fields(cl) {
			w = strings.Trim(w, "`'\"()")
			if strings.HasPrefix(w, "-") && len(w) > 1 {
				name, _, _ := strings.Cut(w, "=")
				switch {
				case sameFlag(a.c, name, t.flag):
					mine = true
				case a.exampleFlag(name):
					other = true
				}
				continue
			}
			if w != t.value && a.exampleValue(w) {
				continue // the example's files and other values say nothing of what is asked
			}
			rest = append(rest, w)
		}
		if mine && !other {
			if found != "" {
				return "" // two clauses: the explanation speaks of it twice
			}
			found = strings.Join(rest, " ")
		}
	}
	return found
}

// exampleFlag reports a flag the example sets.
func (a *adaptation) exampleFlag(name string) bool {
	for _, x := range a.toks {
		if !x.pos && sameFlag(a.c, x.flag, name) {
			return true
		}
	}
	return false
}

// exampleValue reports a value or positional of the example.
func (a *adaptation) exampleValue(w string) bool {
	for _, x := range a.toks {
		if x.value != "" && x.value == w {
			return true
		}
	}
	return false
}

// explanationAsks returns the terms of the explanation's clause for t that
// the example's task holds, when this task holds them all: the example's
// task asked for t in words its explanation ties to t, and this task
// repeats them. Terms of the tool's and subcommand's own names and
// description say what every example does and are left out. Nil when the
// clause shares no term with the example's task or this task lacks one.
func (m *mapper) explanationAsks(a *adaptation, t exToken) []string {
	cl := m.explanationClause(a, t)
	if cl == "" || len(m.exTerms) == 0 {
		return nil
	}
	tw := m.askTerms()
	cand := m.candTerms(m.cand, true)
	var ws []string
	for w := range terms(cl) {
		// A term of the tool's description says what every example does,
		// unless two examples or more say it and all of them set t
		// ("nucleotide" in FastTree's "nucleotide or protein alignments",
		// for -nt); one example is no evidence against the description.
		if !m.exTerms[w] || cand[w] && !m.standsForMany(w, t) || numberRE.MatchString(w) {
			continue
		}
		if !tw[w] {
			return nil
		}
		ws = append(ws, w)
	}
	sort.Strings(ws)
	return ws
}

// codeRE is a constant a flag's value names (a format code "6", a kind
// "gff"), not data such as a region or a name ("chr20", "sample1").
var codeRE = lazyre.New(`^(?:[0-9]+|[A-Za-z]+)$`)

// standsFor reports a term every one of the skill's examples whose task
// holds it sets the flag t with: it stands for t, not for what the
// tool's examples do in general ("print" in uniq's tasks).
func (m *mapper) standsFor(w string, t exToken) bool {
	if m.skill == nil {
		return true
	}
	for _, ex := range m.skill.Examples {
		if !terms(withoutFiles(ex.Task))[w] {
			continue
		}
		args, _ := skills.SplitArgs(ex.Args) // an example that does not split sets nothing
		has := false
		for _, x := range args {
			name, _, _ := strings.Cut(x, "=")
			has = has || strings.HasPrefix(name, "-") && sameFlag(m.cand, name, t.flag)
		}
		if !has {
			return false
		}
	}
	return true
}

// inCandidateName reports a word (a stem) the candidate's subcommand
// name holds ("peak" in bdgpeakcall).
func (m *mapper) inCandidateName(w string) bool {
	return m.cand != nil && len(m.cand.sub) > 0 && len(w) >= minNamePart && strings.Contains(strings.ToLower(m.cand.key), w)
}

// standsForMany is standsFor on the evidence of two examples or more
// whose task holds w.
func (m *mapper) standsForMany(w string, t exToken) bool {
	if m.skill == nil {
		return false
	}
	n := 0
	for _, ex := range m.skill.Examples {
		if terms(withoutFiles(ex.Task))[w] {
			n++
		}
	}
	return n >= 2 && m.standsFor(w, t)
}

// explainedAsk reports, with the evidence, an example flag the example's
// explanation ties to words this task repeats (explanationAsks), unless its
// value is one the example's own task gave ("-m 20" for "shorter than 20
// bp"): that value answers the example's words, and is kept only when this
// task gives it too.
func (m *mapper) explainedAsk(a *adaptation, t exToken) bool {
	if t.hasValue && (!codeRE.MatchString(t.value) || wordIn(a.exTask, t.value) && !m.taskValues()[t.value]) {
		return false
	}
	ws := m.explanationAsks(a, t)
	if len(ws) == 0 {
		return false
	}
	// A setting's code kept for words that only say what one of the
	// task's numbers measures ("80% coverage", which -c takes) answers
	// nothing the number does not: the words are the number's.
	if t.hasValue && !slices.ContainsFunc(ws, func(w string) bool { return !m.numberWord(w) }) {
		return false
	}
	// One of the words at least stands for t: no plain word ("print",
	// "write" say what any command does) and none the skill's other
	// examples use without t.
	// Nor a word of the subcommand's own name: "peak" of bdgpeakcall's
	// "maximum gap merged inside a peak" says what every such task does.
	if !slices.ContainsFunc(ws, func(w string) bool {
		return !classTerm("plain_word", w) && !classTerm("negation", w) && !m.inCandidateName(w) && m.standsFor(w, t)
	}) {
		return false
	}
	m.evidence = append(m.evidence, fmt.Sprintf("kept %s: the example's explanation ties it to words of its task this task repeats (%s)", strings.TrimSpace(t.flag+" "+t.value), strings.Join(ws, ", ")))
	return true
}

// numberWord reports a term of the words right around one of the task's
// numbers ("coverage" of "80% coverage").
func (m *mapper) numberWord(w string) bool {
	for _, n := range m.slots.Numbers {
		if terms(strings.Join(n.Context, " "))[w] {
			return true
		}
	}
	return false
}
