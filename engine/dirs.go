package engine

import (
	"fmt"
	"slices"
	"strings"

	"github.com/traitome/oxo-call/task"
)

// outputDirFlag is the one value-taking flag of c whose name or an alias
// names the directory a command writes into (lexicon output_dir_flag:
// --outdir, --out-dir, --directory-prefix); false when none or several.
func outputDirFlag(c *candidate) (FlagDoc, bool) {
	var found []FlagDoc
	for _, fd := range c.flags {
		if fd.ParamType == "bool" {
			continue
		}
		for _, n := range append([]string{fd.Name}, fd.Aliases...) {
			if task.V().Word("output_dir_flag", strings.ToLower(strings.TrimLeft(n, "-"))) {
				found = append(found, fd)
				break
			}
		}
	}
	if len(found) != 1 {
		return FlagDoc{}, false
	}
	return found[0], true
}

// namesPlace reports a flag whose names or help speak of a directory or
// folder (lexicon place_word).
func namesPlace(fd FlagDoc) bool {
	text := strings.ToLower(strings.Join(append([]string{fd.Name, fd.Description}, fd.Aliases...), " "))
	return task.V().Mentions("place_word", joinsToSpaces.Replace(text))
}

// placeDirs is the pass that gives a directory the task names as a
// destination ("write the output to the directory pilon_out", "into the
// downloads folder") the flag that names the directory a command writes
// into: added when no argument holds it, or moved there from an output
// flag whose help names no directory (pilon's --output, a prefix).
func (m *mapper) placeDirs(f *Fill, c *candidate) {
	if c == nil || len(m.slots.Dirs) == 0 {
		return
	}
	fd, ok := outputDirFlag(c)
	if !ok || slices.ContainsFunc(f.Flags, func(fv FlagValue) bool { return sameFlag(c, fv.Name, fd.Name) }) {
		return
	}
	for _, d := range m.slots.Dirs {
		if i := slices.IndexFunc(f.Flags, func(fv FlagValue) bool { return fv.HasValue && fv.Value == d }); i >= 0 {
			if held, ok := LookupFlag(c.flags, f.Flags[i].Name); ok && !namesPlace(held) {
				m.evidence = append(m.evidence, fmt.Sprintf("moved %s from %s to %s: the task calls it a directory, and %s's help names none", d, f.Flags[i].Name, spelling(fd), f.Flags[i].Name))
				f.Flags[i].Name = spelling(fd)
			}
			return
		}
		if m.valuePlaced(f, d) {
			continue
		}
		f.Flags = append(f.Flags, FlagValue{Name: spelling(fd), Value: d, HasValue: true, Style: kvStyle(fd), Why: "the directory the task names: " + fd.Description})
		f.Order = insertBeforePositionals(f.Order, fmt.Sprintf("f%d", len(f.Flags)-1))
		m.evidence = append(m.evidence, fmt.Sprintf("gave %s the directory the task names, %s", spelling(fd), d))
		return
	}
}
