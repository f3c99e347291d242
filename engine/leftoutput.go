package engine

import (
	"fmt"
	"slices"
)

// leftInputAsOutput is the pass that reads, in a command built from the
// help alone, a task file left over as a positional as the output the
// task never marked: "strip the gaps from x.aln.fasta so I get plain
// sequences in y.fasta" gives two files read alike, degapseq reads one
// (-sequence) and writes one (-outseq). It applies only when the task
// names no output, the command writes none yet, the usage shows no place
// for the file, it is the last file the task names and no mate of
// another, no flag still free reads a file of its kind, and one unused
// output flag fits it best (outputFlagFor: its help or name holds the
// file's words). The move is recorded; the command's confidence is left
// to the other passes.
func (m *mapper) leftInputAsOutput(f *Fill, c *candidate) {
	if !c.known || len(m.slots.Outputs()) > 0 || f.Stdout != "" || len(f.Outputs) > 0 || len(c.positionals) > 0 || len(f.Positionals) != 1 {
		return
	}
	p := f.Positionals[0]
	if len(m.slots.Files) < 2 || !knownExt(p) || !m.taskInput(p) {
		return
	}
	if last := slices.MaxFunc(m.slots.Files, func(a, b FileSlot) int { return a.Pos - b.Pos }); last.Path != p {
		return
	}
	for _, fs := range m.slots.Files {
		if fs.Path != p && mateNames(fs.Path, p) || fs.Path != p && mateNames(p, fs.Path) {
			return // the second mate of a pair, not an output
		}
	}
	used := map[string]bool{}
	for _, fv := range f.Flags {
		if fd, ok := LookupFlag(c.flags, fv.Name); ok {
			used[fd.Name] = true
		}
		used[fv.Name] = true
	}
	for _, fd := range c.flags {
		if !alreadyUsed(used, fd) && readsFile(fd) && otherKind(fd, p) == "" && !placeOtherKind(fd.Placeholder, p) {
			return // a flag still free may read it (macs2's -c for a control)
		}
	}
	isOut := func(fd FlagDoc) bool {
		return fd.Category == "Output" && fd.ParamType != "bool" && fd.ParamType != "int" && fd.ParamType != "float" && !notFileFlag(fd) && !prefixPlace(fd) && !m.tempFor(fd, p)
	}
	fd, s := m.outputFlagFor(c, p, isOut, used)
	if s <= 0 || fd.Name == "" || !isOut(fd) {
		return
	}
	name := spelling(fd)
	dropPositional(f, 0)
	f.Flags = append(f.Flags, FlagValue{Name: name, Value: p, HasValue: true, Style: kvStyle(fd), Why: "the task's last file " + p + ", read as the output: " + fd.Description})
	f.Order = insertBeforePositionals(f.Order, fmt.Sprintf("f%d", len(f.Flags)-1))
	f.Inputs = without(f.Inputs, p)
	f.Outputs = append(f.Outputs, p)
	for i := range m.slots.Files {
		if m.slots.Files[i].Path == p {
			m.slots.Files[i].Output, m.slots.Files[i].Role = true, "output"
		}
	}
	m.evidence = append(m.evidence, fmt.Sprintf("wrote %s through %s: the task names no output, the help reads its inputs through flags and shows no place for %s, no free flag reads it, and %s's help fits it best of the output flags", p, name, p, name))
}
