package engine

import (
	"fmt"
	"slices"
	"strings"
)

// nameByPosition names the qualifiers a command fills by place. A help
// that writes a qualifier's name in brackets (EMBOSS "[-asequence]
// seqall", FlagDoc.ByPosition) lets its value come without the name: the
// program gives the positionals, in order, to those bracketed qualifiers
// the command does not name. A command that relies on that order is
// right only when every positional happens to stand where its qualifier
// is next ("sixpack -sequence in.fa out.sixpack orfs.fa" gives orfs.fa to
// no qualifier at all), and shows neither the reader nor Stage 5 which
// file goes where. So each positional the task gives a role for takes
// the first free bracketed qualifier of that role, by name:
//   - a file the task reads, a qualifier that reads a file;
//   - a file the task writes, an output qualifier;
//   - any other value, the one free bracketed qualifier that takes no
//     file (with two, nothing tells them apart).
//
// A positional with no such qualifier stays where it is, and the checks
// read it as before.
//
// A usage whose operands are those qualifiers themselves (exonerate's
// "fastaindex <path> <path>" for --fasta and --index, mirrorsByPosition)
// is read the same way once the command names one of them: the program
// gives the first operand to the first qualifier whatever is named
// ("Already set --fasta"), so the rest are named too, a file no role
// places taking the first free qualifier that reads a file.
func (m *mapper) nameByPosition(f *Fill, c *candidate) {
	mirrored := mirrorsByPosition(c)
	if len(c.positionals) > 0 && !mirrored || len(f.Positionals) == 0 {
		return // the usage has operands of its own: the positionals are those
	}
	var free []FlagDoc
	for _, fd := range c.flags {
		if fd.ByPosition && !slices.ContainsFunc(f.Flags, func(fv FlagValue) bool { return fv.Name == fd.Name || slices.Contains(fd.Aliases, fv.Name) }) {
			free = append(free, fd)
		}
	}
	if mirrored && len(free) == len(c.positionals) {
		return // none named: the operands stand in the usage's order
	}
	values := 0
	for _, fd := range free {
		if fd.ParamType != "file" {
			values++
		}
	}
	named := map[int]int{} // positional index → its flag's index in f.Flags
	var notes []string
	for i, p := range f.Positionals {
		at := slices.IndexFunc(free, func(fd FlagDoc) bool { return m.byPositionFits(fd, p, values) })
		if at < 0 && mirrored && knownExt(p) {
			at = slices.IndexFunc(free, func(fd FlagDoc) bool { return fd.ParamType == "file" })
		}
		if at < 0 {
			continue
		}
		fd := free[at]
		free = slices.Delete(free, at, at+1)
		named[i] = len(f.Flags)
		f.Flags = append(f.Flags, FlagValue{Name: spelling(fd), Value: p, HasValue: true, Style: kvStyle(fd), Why: "the task's " + p + ": " + fd.Description})
		notes = append(notes, p+" to "+spelling(fd))
	}
	if len(named) == 0 {
		return
	}
	var rest []string
	for i, p := range f.Positionals {
		if _, ok := named[i]; !ok {
			rest = append(rest, p)
		}
	}
	f.Order = renameOrder(f.Order, named)
	f.Positionals = rest
	m.evidence = append(m.evidence, fmt.Sprintf("named the qualifiers the help lets be given by place: %s (the program gives positionals to them in order; by name each file goes where its role says)", strings.Join(notes, ", ")))
}

// mirrorsByPosition reports a usage whose every operand is a qualifier
// the help lets be given by place: the operand's help is that
// qualifier's.
func mirrorsByPosition(c *candidate) bool {
	if len(c.positionals) == 0 {
		return false
	}
	for _, p := range c.positionals {
		if p.Description == "" || !slices.ContainsFunc(c.flags, func(fd FlagDoc) bool { return fd.ByPosition && fd.Description == p.Description }) {
			return false
		}
	}
	return true
}

// byPositionFits reports a free bracketed qualifier that takes the
// positional p by its role; values counts the free ones that take no file.
func (m *mapper) byPositionFits(fd FlagDoc, p string, values int) bool {
	switch {
	case m.taskOutput(p):
		return fd.ParamType == "file" && fd.Category == "Output"
	case m.taskInput(p):
		return fd.ParamType == "file" && fd.Category != "Output"
	case knownExt(p):
		return false // a file the task gives no role
	}
	return fd.ParamType != "file" && values == 1
}

// renameOrder is an argument order (Fill.Order) with the positionals of
// named turned into their flags and the others renumbered.
func renameOrder(order []string, named map[int]int) []string {
	var out []string
	for _, o := range order {
		if o[0] == 'p' {
			k := atoi(o[1:])
			if fi, ok := named[k]; ok {
				o = fmt.Sprintf("f%d", fi)
			} else {
				before := 0
				for j := range named {
					if j < k {
						before++
					}
				}
				o = fmt.Sprintf("p%d", k-before)
			}
		}
		out = append(out, o)
	}
	return out
}
