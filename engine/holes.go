package engine

import (
	"fmt"
	"slices"
	"strings"

	"github.com/traitome/oxo-call/task"
)

// A flag whose example value had no source in the task gets a
// placeholder (checkSources), and a task file the example had no place
// for is left unused: when there is one of each, the file is the value.
// "blastx of mg_reads.fasta against nr_subset.dmnd" adapted from an
// example that searched --db prot_db: nr_subset.dmnd is the database the
// task gives, not a missing one. A flag that takes a number, or two holes
// or two files, or a file of another kind than the example's value,
// settles nothing: the command stays uncertain.

// fillHole gives the one placeholder flag the one task input file no
// place holds, and drops the finding that named the placeholder.
func (m *mapper) fillHole(f *Fill, c *candidate) {
	hole := -1
	for i, fv := range f.Flags {
		if _, ok := m.holeWas[fv.Name]; !ok || !isPlaceholder(fv.Value) {
			continue // (a hole checkSources made, with the example's value)
		}
		if hole >= 0 {
			return
		}
		hole = i
	}
	if hole < 0 {
		return
	}
	fv := &f.Flags[hole]
	if fd, ok := LookupFlag(c.flags, fv.Name); ok && (fd.ParamType == "int" || fd.ParamType == "float" || fd.ParamType == "bool") {
		return
	}
	unused := m.unusedItems(f)
	var files []FileSlot
	for _, fs := range m.slots.Inputs() {
		if slices.Contains(unused, fs.Path) {
			files = append(files, fs)
		}
	}
	if len(files) != 1 {
		return
	}
	p := files[0].Path
	ph := fv.Value
	dropMissing := func() {
		f.Missing = slices.DeleteFunc(f.Missing, func(s string) bool {
			return strings.HasPrefix(s, fmt.Sprintf("missing: %s for %s ", ph, fv.Name))
		})
	}
	if !holeFits(m.holeWas[fv.Name], files[0].Type) {
		// The file is not what the flag takes, but the help has the one
		// flag that reads it in the flag's stead: blastp's -subject
		// "Subject sequence(s) to search * Incompatible with: db" for the
		// FASTA a task searches "directly against", where the example
		// searched -db prot_db.
		alt, ok := insteadReader(c, fv.Name, p)
		if !ok {
			return
		}
		dropMissing()
		name := spelling(alt)
		m.evidence = append(m.evidence, fmt.Sprintf("gave %s to %s in place of %s: the help reads such a file there, and the two exclude each other", p, name, fv.Name))
		fv.Name, fv.Style, fv.Value, fv.Why = name, kvStyle(alt), p, "the task's file "+p+": "+alt.Description
		return
	}
	dropMissing()
	fv.Value, fv.Why = p, "the task's file "+p+", which no other place holds"
	m.evidence = append(m.evidence, fmt.Sprintf("gave %s to %s: the example's value there is not the task's, and no other place holds it", p, fv.Name))
}

// insteadReader is the one flag of the help that takes a file, excludes
// the flag named (or is excluded by it), and names no other kind of file
// than path's.
func insteadReader(c *candidate, name, path string) (FlagDoc, bool) {
	hole, ok := LookupFlag(c.flags, name)
	if !ok {
		return FlagDoc{}, false
	}
	var found []FlagDoc
	for _, fd := range c.flags {
		if fd.Name == "" || fd.Name == hole.Name || fd.ParamType != "file" || fd.Category == "Output" || writesPlace(fd) || otherKind(fd, path) != "" || placeOtherKind(fd.Placeholder, path) {
			continue
		}
		excludes := func(names []string, of FlagDoc) bool {
			return slices.ContainsFunc(names, func(n string) bool { return sameDoc(of, n) })
		}
		if !excludes(fd.Excludes, hole) && !excludes(hole.Excludes, fd) || slices.ContainsFunc(found, func(x FlagDoc) bool { return x.Name == fd.Name }) {
			continue
		}
		found = append(found, fd)
	}
	if len(found) != 1 {
		return FlagDoc{}, false
	}
	return found[0], true
}

// holeFits reports a task file of kind k that may stand where the
// example wrote was: a file of no known kind (a database, an index
// prefix: grch38/genome), a database or an index where the example
// named one (nr_subset.dmnd for prot_db), or one of the family of the
// example's own file. A FASTA where the example named an index prefix
// (genome_idx), or a bedGraph where it read a BAM, is another thing.
func holeFits(was, k string) bool {
	if k == "file" {
		return true
	}
	wk := FileType(was)
	if wk == "" {
		// The example named a thing the tool opens by name (prot_db):
		// a file read against that holds no sequences to read (a
		// DIAMOND database, an index), not a FASTA.
		return task.V().Reference(k) && !task.V().Sequences(k)
	}
	return wk != "file" && family(wk) == family(k)
}
