package engine

import (
	"strings"

	"github.com/traitome/oxo-call/task"
)

// writtenPositionals marks the places a description says the tool writes
// to: a sentence that opens with a verb of the lexicon class
// writes_to_verb and says "to" or "into" (with "each", "every", "the" or
// "a" between) right before the place's name as the usage spells it
// ("Copy standard input to each FILE, and also to standard output": tee's
// FILE; "Copy SOURCE to DEST": cp's DEST). "create a link to TARGET" opens
// with no such verb, so ln's TARGET stays read. The list is copied when a
// place is marked; the ToolDoc's own list is left as it is.
func writtenPositionals(desc string, ps []PositionalDoc) []PositionalDoc {
	if desc == "" || len(ps) == 0 {
		return ps
	}
	var out []PositionalDoc
	for i, p := range ps {
		if p.Written || !writtenTo(desc, p.Name) {
			continue
		}
		if out == nil {
			out = append([]PositionalDoc(nil), ps...)
		}
		out[i].Written = true
	}
	if out == nil {
		return ps
	}
	return out
}

// writtenTo reports a sentence of desc that opens with a writes_to_verb
// and names the place after "to" or another output marker ("into"), one
// filler word between them allowed ("each", "the"). The words are
// compared as written, so no pattern is compiled for each place.
func writtenTo(desc, name string) bool {
	name = strings.Trim(name, "<>[]{}.")
	if name == "" {
		return false
	}
	for _, sent := range strings.Split(desc, ". ") {
		ws := strings.Fields(sent)
		if len(ws) == 0 || !task.V().Word("writes_to_verb", strings.ToLower(ws[0])) {
			continue
		}
		for k, w := range ws {
			if k == 0 || strings.Trim(w, "<>[]{}.,;:()") != name {
				continue
			}
			v, j := task.V(), k-1
			if j > 0 && v.Is("filler", strings.ToLower(ws[j])) {
				j-- // "to each FILE", "to the FILE"
			}
			// (the opening verb itself is no marker: "Write each FILE to
			// standard output", nl's, reads FILE)
			if p := strings.ToLower(ws[j]); j > 0 && (v.Word("toward", p) || v.Is("output_marker", p)) {
				return true
			}
		}
	}
	return false
}
