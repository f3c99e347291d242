package task

import (
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"unicode"

	"github.com/traitome/oxo-call/rules"
)

// The task's vocabulary (word classes, file kinds) is data: the lexicon
// and file_kinds rules. The program sets it once at start-up from the
// loaded rules (built-in and the user's); until then the built-in packs
// serve.
var current atomic.Pointer[vocabTables]

// vocabTables is a Vocab and the patterns built from it.
type vocabTables struct {
	v *rules.Vocab
	// cjkNum reads a number stuck to a Chinese unit ("8个线程").
	cjkNum *regexp.Regexp
	// cjk reads Chinese numbers written with a multiplier or in words.
	cjk cjkPatterns
}

var builtinTables = sync.OnceValue(func() *vocabTables { return newTables(rules.BuiltinVocab()) })

func newTables(v *rules.Vocab) *vocabTables {
	var units []string
	for _, c := range []string{"thread_unit", "memory_unit"} {
		for _, w := range v.Words(c) {
			units = append(units, unitPattern(w))
		}
	}
	t := &vocabTables{v: v, cjk: newCJKPatterns(v.Words)}
	if len(units) > 0 {
		t.cjkNum = regexp.MustCompile(`(?i)(\d+(?:\.\d+)?(?:\s*[GgMmKk][Bb]?)?)\s*(` + strings.Join(units, "|") + `)`)
	} else {
		t.cjkNum = regexp.MustCompile(`([^\s\S])([^\s\S])`) // no units: two groups that match nothing
	}
	return t
}

// unitPattern quotes a unit word so that a space may stand where Chinese
// meets Latin letters: "个cpu" also reads "个 CPU" (the case is ignored by
// the caller's (?i)).
func unitPattern(w string) string {
	var b strings.Builder
	prev := rune(0)
	for _, r := range w {
		if prev != 0 && unicode.Is(unicode.Han, prev) != unicode.Is(unicode.Han, r) {
			b.WriteString(`\s*`)
		}
		b.WriteString(regexp.QuoteMeta(string(r)))
		prev = r
	}
	return b.String()
}

// UseVocab makes v the vocabulary every later Parse reads (nil: the
// built-in packs).
func UseVocab(v *rules.Vocab) {
	if v == nil {
		current.Store(nil)
		return
	}
	current.Store(newTables(v))
}

func tables() *vocabTables {
	if t := current.Load(); t != nil {
		return t
	}
	return builtinTables()
}

// V returns the vocabulary in use.
func V() *rules.Vocab { return tables().v }
