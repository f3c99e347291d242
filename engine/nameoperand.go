package engine

import (
	"fmt"
	"slices"
	"strings"

	"github.com/traitome/oxo-call/task"
)

// placeNameOperand is the pass that, in a command built from the help
// alone, writes the one name the task gives and the command holds nowhere
// in the usage's next place when that place is required and takes a word,
// not a file or a listed value ("hmmfetch <hmmfile> <key>" for "the
// model named Pkinase"). Two names left, or a name the task calls a
// directory, leave the place empty; the command then stays uncertain for
// the unused name.
func (m *mapper) placeNameOperand(f *Fill, c *candidate) {
	n := len(f.Positionals)
	if c == nil || n >= len(c.positionals) {
		return
	}
	p := c.positionals[n]
	if !p.Required || len(p.Choices) > 0 || p.Command {
		return
	}
	// (the next place must take a word; a place named for the name
	// may be typed as a path)
	var left []string
	for _, u := range m.unusedItems(f) {
		if slices.Contains(m.slots.Names, u) && !slices.Contains(m.slots.Dirs, u) {
			left = append(left, u)
		}
	}
	if len(left) != 1 {
		return
	}
	if k := m.placeNamedFor(c, f, left[0]); k >= 0 {
		// The usage names a place for it ("mosdepth [options] <prefix>
		// <BAM-or-CRAM>" for "output prefix s1"), before the files
		// now there: it goes there, and they move on to the next
		// places.
		insertPositional(f, k, left[0])
		m.evidence = append(m.evidence, fmt.Sprintf("the task's name %s goes to the usage's <%s>, the place its words name", left[0], c.positionals[k].Name))
		return
	}
	if p.ParamType != "string" {
		return
	}
	f.Positionals = append(f.Positionals, left[0])
	f.Order = append(f.Order, fmt.Sprintf("p%d", n))
	m.evidence = append(m.evidence, fmt.Sprintf("the task's name %s goes to the usage's <%s>, the next place, which takes a word", left[0], p.Name))
}

// placeNamedFor returns the usage place before the fill's last positional
// named for the task's name (placeNamed: "<prefix>" for "output prefix
// s1"), when each positional from there on fits the place after its own
// (no place's name names another kind of file); -1 when there is none.
func (m *mapper) placeNamedFor(c *candidate, f *Fill, name string) int {
	k := placeNamed(c, m.slots.NameWords[name])
	if k < 0 || k >= len(f.Positionals) {
		return -1
	}
	for i := k; i < len(f.Positionals); i++ {
		if v := f.Positionals[i]; knownExt(v) && usageNamesOtherKind(c, i+1, v) || i+1 >= len(c.positionals) {
			return -1
		}
	}
	return k
}

// placeNamed returns the usage place, no list, command or listed values,
// whose name holds a word of ctx that makes a value a name (lexicon
// name_marker, name_marker_before: "prefix", "sample name") and the most
// words of ctx; -1 when there is none, or two hold as many. Output words ("output OUTPUT") are left out: a
// usage that writes its flags' values as bare words ("-o [OUTPUT]") gives
// places by those names too.
func placeNamed(c *candidate, ctx []string) int {
	var marks []string
	for _, w := range ctx {
		if v := task.V(); v.Is("name_marker", w) || v.Is("name_marker_before", w) {
			marks = append(marks, w)
		}
	}
	if len(marks) == 0 {
		return -1
	}
	words, all := terms(strings.Join(marks, " ")), terms(strings.Join(ctx, " "))
	best, bestN, tie := -1, 0, false
	for k, p := range c.positionals {
		if p.Repeatable || p.Command || len(p.Choices) > 0 || overlap(words, terms(p.Name)) == 0 {
			continue
		}
		// of two places a mark names ("reference_name", "sample_name"
		// for "sample name s1"), the one the other words name too
		switch n := overlap(all, terms(p.Name)); {
		case n > bestN:
			best, bestN, tie = k, n, false
		case n == bestN:
			tie = true
		}
	}
	if tie {
		return -1
	}
	return best
}
