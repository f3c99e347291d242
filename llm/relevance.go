package llm

import (
	"sort"
	"strings"
	"unicode"
)

// stopWords carry no signal about which flag a task needs.
var stopWords = map[string]bool{
	"a": true, "an": true, "the": true, "and": true, "or": true, "to": true, "of": true,
	"in": true, "on": true, "for": true, "with": true, "by": true, "from": true, "into": true,
	"as": true, "at": true, "is": true, "it": true, "be": true, "this": true, "that": true,
	"use": true, "using": true, "please": true, "my": true, "me": true, "i": true, "all": true,
	"default": true, "set": true, "value": true, "option": true,
}

// words splits text into lower-case, crudely stemmed words without stop
// words or bare numbers; stemming makes "threads" meet "thread" and
// "sorting" meet "sort", and numbers ("8 threads") are values that would
// only match unrelated defaults.
func words(text string) map[string]bool {
	out := map[string]bool{}
	for _, w := range strings.FieldsFunc(strings.ToLower(text), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	}) {
		w = stem(w)
		if w != "" && !stopWords[w] && strings.TrimFunc(w, unicode.IsDigit) != "" {
			out[w] = true
		}
	}
	return out
}

// stem drops the commonest English suffixes from words long enough to keep
// a meaningful root.
func stem(w string) string {
	for _, suf := range []string{"ing", "ed", "es", "s"} {
		if len(w) > len(suf)+3 && strings.HasSuffix(w, suf) {
			return strings.TrimSuffix(w, suf)
		}
	}
	return w
}

// overlap counts the words of a found in b. Two words meet when they are
// equal or one extends the other by at most three letters from a root of
// three or more ("remote"/"remotely", "hsp"/"hsps"), which the suffix
// stripping of stem does not cover.
func overlap(a, b map[string]bool) int {
	n := 0
	for w := range a {
		if b[w] {
			n++
			continue
		}
		for x := range b {
			if akin(w, x) {
				n++
				break
			}
		}
	}
	return n
}

func akin(a, b string) bool {
	if len(a) > len(b) {
		a, b = b, a
	}
	return len(a) >= 3 && len(b)-len(a) <= 3 && strings.HasPrefix(b, a)
}

// mentioned returns the flag spellings written literally in the task,
// e.g. "with -q 20".
func mentioned(task string) map[string]bool {
	out := map[string]bool{}
	for _, tok := range strings.Fields(task) {
		tok = strings.Trim(tok, ",.;:()[]{}'\"`")
		name, _, _ := strings.Cut(tok, "=")
		if strings.HasPrefix(name, "-") {
			out[name] = true
		}
	}
	return out
}

// Score weights: a flag the caller already chose or the user typed must
// survive any trimming, and so must one the usage requires; name hits
// beat description hits.
const (
	scoreChosen    = 1000
	scoreMentioned = 100
	scoreRequired  = 50
	scoreName      = 3
	scoreDesc      = 1
)

// rankFlags returns the indexes of f.Flags ordered by relevance to the task
// (stable on help order) with their scores.
func rankFlags(f Form) ([]int, []int) {
	task := words(f.Task)
	typed := mentioned(f.Task)
	chosen := map[string]bool{}
	idx := f.flagIndex()
	for _, c := range f.Chosen {
		if fl, ok := idx[c.Name]; ok {
			chosen[fl.Name] = true
		}
	}
	scores := make([]int, len(f.Flags))
	order := make([]int, len(f.Flags))
	for i, fl := range f.Flags {
		order[i] = i
		names := append([]string{fl.Name}, fl.Aliases...)
		s := scoreName * overlap(task, words(strings.Join(names, " ")))
		s += scoreDesc * overlap(task, words(fl.Description+" "+strings.Join(fl.Choices, " ")))
		if chosen[fl.Name] {
			s += scoreChosen
		}
		if fl.Required {
			// a flag every command needs stays in the prompt however
			// few of the task's words its help shares
			s += scoreRequired
		}
		for _, n := range names {
			if typed[n] {
				s += scoreMentioned
				break
			}
		}
		scores[i] = s
	}
	sort.SliceStable(order, func(a, b int) bool { return scores[order[a]] > scores[order[b]] })
	return order, scores
}

// rankExamples orders examples by word overlap with the task.
func rankExamples(f Form) []FormExample {
	task := words(f.Task)
	ex := append([]FormExample(nil), f.Examples...)
	score := make(map[int]int, len(ex))
	for i, e := range ex {
		score[i] = overlap(task, words(e.Task+" "+e.Args))
	}
	order := make([]int, len(ex))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return score[order[a]] > score[order[b]] })
	out := make([]FormExample, len(ex))
	for i, o := range order {
		out[i] = ex[o]
	}
	return out
}
