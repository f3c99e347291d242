package engine

import (
	"fmt"
	"slices"
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
	if !p.Required || p.ParamType != "string" || len(p.Choices) > 0 || p.Command {
		return
	}
	var left []string
	for _, u := range m.unusedItems(f) {
		if slices.Contains(m.slots.Names, u) && !slices.Contains(m.slots.Dirs, u) {
			left = append(left, u)
		}
	}
	if len(left) != 1 {
		return
	}
	f.Positionals = append(f.Positionals, left[0])
	f.Order = append(f.Order, fmt.Sprintf("p%d", n))
	m.evidence = append(m.evidence, fmt.Sprintf("the task's name %s goes to the usage's <%s>, the next place, which takes a word", left[0], p.Name))
}
