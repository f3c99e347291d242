package engine

import (
	"testing"

	"github.com/traitome/oxo-call/task"
)

// TestVocabPattern: a pattern's words come from the lexicon; a class with
// no words matches nothing, so a pattern built on it never fires.
func TestVocabPattern(t *testing.T) {
	p := &vocabPattern{build: func(alt func(string) string) string { return `(?i)^` + alt("kind_format_noun") + `$` }}
	if !p.re().MatchString("Format") || p.re().MatchString("files") {
		t.Errorf("kind_format_noun pattern %s", p.re())
	}
	if p.re() != p.re() {
		t.Error("pattern rebuilt for the same vocabulary")
	}
	none := &vocabPattern{build: func(alt func(string) string) string { return alt("no_such_class") }}
	if none.re().MatchString("") || none.re().MatchString("anything") {
		t.Error("an empty class matched")
	}
	if vocabAlt(task.V(), "kind_format_in") != `(?:in)` {
		t.Errorf("kind_format_in alternation %s", vocabAlt(task.V(), "kind_format_in"))
	}
}
