package engine

import (
	"fmt"
	"slices"
	"strings"

	"github.com/traitome/oxo-call/task"
)

// patternPlace is the index of the usage place that reads a search
// pattern ("grep [OPTION]... PATTERNS [FILE]...": a word of its name, or
// that word less a plural "s", is of lexicon pattern_flag_word, and it
// reads no file); -1 when the usage has none.
func patternPlace(c *candidate) int {
	if c == nil || !c.known {
		return -1
	}
	for i, p := range c.positionals {
		if p.ParamType == "file" || p.Command || len(p.Choices) > 0 {
			continue
		}
		for _, w := range strings.FieldsFunc(strings.ToLower(p.Name), func(r rune) bool { return r < 'a' || r > 'z' }) {
			if task.V().Word("pattern_flag_word", w) || task.V().Word("pattern_flag_word", strings.TrimSuffix(w, "s")) {
				return i
			}
		}
	}
	return -1
}

// placePattern is the pass that gives the usage's pattern place the
// search pattern the task gives ("lines that mention rs1234"): where the
// usage reads it, no flag does (grep's -e is for a second pattern). It
// takes the place of an example's own pattern, which is no value of the
// task's.
func (m *mapper) placePattern(f *Fill, c *candidate) {
	k := patternPlace(c)
	if k < 0 {
		return
	}
	var v task.Value
	for _, x := range m.slots.Values {
		if x.Shape == task.ShapePattern && !m.valuePlaced(f, x.Text) {
			v = x
			break
		}
	}
	if v.Text == "" {
		return
	}
	why := fmt.Sprintf("the task's pattern %s (%s) goes where the usage reads %s", v.Text, valueWords(v), c.positionals[k].Name)
	if k < len(f.Positionals) && !slices.Contains(f.Inputs, f.Positionals[k]) && !slices.Contains(f.Outputs, f.Positionals[k]) {
		if src, _ := m.listSource(f.Positionals[k]); src == "" || exampleWrote(f, f.Positionals[k]) {
			m.evidence = append(m.evidence, why+", not the example's "+f.Positionals[k])
			f.Positionals[k] = v.Text
			return
		}
	}
	if k > len(f.Positionals) {
		return
	}
	insertPositional(f, k, v.Text)
	m.evidence = append(m.evidence, why)
}
