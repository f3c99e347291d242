package engine

import (
	"regexp"
	"strings"
	"sync/atomic"

	"github.com/traitome/oxo-call/rules"
	"github.com/traitome/oxo-call/task"
)

// vocabPattern is a regular expression built from lexicon classes: its
// words live in rules/lexicon, the pattern around them here. It is built
// once per vocabulary (a user's rules directory makes a new one).
type vocabPattern struct {
	build func(alt func(class string) string) string
	cur   atomic.Pointer[vocabRE]
}

type vocabRE struct {
	v  *rules.Vocab
	re *regexp.Regexp
}

// re returns the pattern for the vocabulary in use.
func (p *vocabPattern) re() *regexp.Regexp {
	v := task.V()
	if c := p.cur.Load(); c != nil && c.v == v {
		return c.re
	}
	re := regexp.MustCompile(p.build(func(class string) string { return vocabAlt(v, class) }))
	p.cur.Store(&vocabRE{v: v, re: re})
	return re
}

// vocabAlt is a non-capturing alternation of a class's words, quoted; an
// empty class matches nothing.
func vocabAlt(v *rules.Vocab, class string) string {
	var ws []string
	for _, w := range v.Words(class) {
		ws = append(ws, regexp.QuoteMeta(w))
	}
	if len(ws) == 0 {
		return `[^\s\S]`
	}
	return `(?:` + strings.Join(ws, "|") + `)`
}
