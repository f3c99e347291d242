package engine

import (
	"fmt"
	"strings"

	"github.com/traitome/oxo-call/internal/lazyre"
	"github.com/traitome/oxo-call/task"
)

// A flag the user typed takes the word written after it as its value when
// the help says the flag takes one ("output with -aformat pair to x",
// "set --preset sensitive"). The task frame, which knows no help, keeps
// a plain word after a typed flag as prose: without the help "-v pair"
// may be a switch and a word. Words that join prose (lexicon stop_word:
// "to", "and") and words that name the option itself (option_noun: "the
// -R option") are no value.

// typedValueRE is the shape of a word taken as a typed flag's value.
var typedValueRE = lazyre.New(`^[A-Za-z][A-Za-z0-9._+:-]*$`)

// typedValues gives each valueless typed flag of the task that c's help
// says takes a value the word the task writes after it.
func (m *mapper) typedValues(c *candidate) {
	toks := strings.Fields(m.task)
	for i := range m.slots.UserFlags {
		uf := &m.slots.UserFlags[i]
		if uf.Value != "" {
			continue
		}
		fd, ok := LookupFlag(c.allFlags(), uf.Key)
		if !ok || fd.ParamType == "bool" {
			continue
		}
		if w := wordAfter(toks, uf.Key); w != "" {
			uf.Value = w
			m.evidence = append(m.evidence, fmt.Sprintf("typed: %s %s, the word after the flag the task typed, which the help says takes a value (%s)", uf.Key, w, fd.Description))
		}
	}
}

// wordAfter returns the word right after the token key in toks when it
// can be a value: a word of letters, digits and joining marks, neither a
// prose joint nor a name for an option, and no file.
func wordAfter(toks []string, key string) string {
	for i := 0; i+1 < len(toks); i++ {
		if strings.Trim(toks[i], "([{'\"`") != key {
			continue
		}
		w := strings.TrimRight(toks[i+1], ".,;:)")
		lw := strings.ToLower(w)
		if !typedValueRE.MatchString(w) || task.V().Word("stop_word", lw) || task.V().Word("option_noun", lw) || task.FileType(w) != "" {
			return ""
		}
		return w
	}
	return ""
}
