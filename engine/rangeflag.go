package engine

import (
	"fmt"
	"strings"

	"github.com/traitome/oxo-call/task"
)

// placeRangeFlag gives the one flag that reads a set of ranges (its
// placeholder names one: lexicon range_placeholder, EMBOSS's "-regions
// range") the task's ranges: each pair of numbers a range joins
// ("positions 100-250 and 400-420", "bases 1200 to 3400"), written lo-hi
// and joined by commas. The numbers are used then, so no other flag
// takes them one by one. With no such flag, or two, the numbers are
// placed as any others are.
func (m *mapper) placeRangeFlag(f *Fill, c *candidate, used map[string]bool) {
	ns := m.slots.Numbers
	var ranges []string
	var at []int
	for i := 0; i+1 < len(ns); i++ {
		if ns[i].Bound == "low" && ns[i+1].Bound == "high" && !ns[i].Used && !ns[i+1].Used {
			ranges = append(ranges, ns[i].Value+"-"+ns[i+1].Value)
			at = append(at, i, i+1)
			i++
		}
	}
	if len(ranges) == 0 {
		return
	}
	var found []FlagDoc
	for _, fd := range c.flags {
		if !alreadyUsed(used, fd) && task.V().Word("range_placeholder", strings.ToLower(fd.Placeholder)) {
			found = append(found, fd)
		}
	}
	if len(found) != 1 {
		return
	}
	fd := found[0]
	for _, i := range at {
		ns[i].Used = true
	}
	v := strings.Join(ranges, ",")
	name := spelling(fd)
	used[fd.Name], used[name] = true, true
	f.Flags = append(f.Flags, FlagValue{Name: name, Value: v, HasValue: true, Style: kvStyle(fd), Why: "the task's ranges: " + fd.Description})
	f.Order = insertBeforePositionals(f.Order, fmt.Sprintf("f%d", len(f.Flags)-1))
	m.evidence = append(m.evidence, fmt.Sprintf("gave %s the task's ranges %s: its help reads a set of ranges", name, v))
}
