package engine

import "fmt"

// placeStdin puts a task input on standard input ("bam2bed < in.bam >
// out.bed") when the candidate's usage reads standard input and gives
// the input no place: the fill so far writes it as a positional past the
// usage's positional places (all of them when the help lists none), and
// no input flag took it. The first such input is read there.
func (m *mapper) placeStdin(f *Fill, c *candidate) {
	if !c.stdin || f.Stdin != "" {
		return
	}
	room := len(c.positionals)
	for _, p := range c.positionals {
		if p.Repeatable || p.Command {
			return // a place that takes any number of files
		}
	}
	inputs := map[string]bool{}
	for _, in := range m.slots.Inputs() {
		inputs[in.Path] = true
	}
	for i, p := range f.Positionals {
		if i < room || !inputs[p] {
			continue
		}
		dropPositional(f, i)
		f.Stdin = p
		if !contains(f.Inputs, p) {
			f.Inputs = append(f.Inputs, p)
		}
		why := "has no place"
		if room > 0 {
			why = fmt.Sprintf("has %d positional place(s), taken", room)
		}
		m.evidence = append(m.evidence, fmt.Sprintf("the usage reads standard input and %s for %s: it is read from standard input (< %s)", why, p, p))
		return
	}
}
