package engine

import (
	"fmt"
	"github.com/traitome/oxo-call/task"
	"strings"
	"unicode"
)

// placeInputFlags is the pass that moves the task's input files from the
// positionals of a command built from the help alone to the flags the help
// reads them through, when its usage shows no positional to take them
// (bamtools stats "-in <BAM filename>  the input BAM file", clustalo
// "-i, --in  Multiple sequence input file", a tool's "-R <reference>" for
// "with reference ref.fa"). Each file goes to the one unused flag that
// reads a file and fits the file's words best (readingFlagFor); a file no
// flag fits, or two fit alike, stays where it is. Each move is recorded.
func (m *mapper) placeInputFlags(f *Fill, c *candidate) {
	if len(c.positionals) > 0 || !c.known {
		return
	}
	used := map[string]bool{}
	for _, fv := range f.Flags {
		if fd, ok := LookupFlag(c.flags, fv.Name); ok {
			used[fd.Name] = true
		}
		used[fv.Name] = true
	}
	moved := 0
	defer func() {
		// A file left in a place the usage does not show, beside inputs
		// the help reads through flags, has no place the help names.
		for _, p := range f.Positionals {
			if moved > 0 && knownExt(p) {
				m.inputsLeft = append(m.inputsLeft, fmt.Sprintf("%s stays a positional, though the usage shows none and the help reads the inputs through flags", p))
			}
		}
	}()
	for i := 0; i < len(f.Positionals); i++ {
		p := f.Positionals[i]
		if !knownExt(p) || !m.taskInput(p) {
			continue
		}
		fd, ok := m.readingFlagFor(c, p, used)
		if !ok {
			continue
		}
		name := spelling(fd)
		used[fd.Name], used[name] = true, true
		dropPositional(f, i)
		moved++
		i--
		f.Flags = append(f.Flags, FlagValue{Name: name, Value: p, HasValue: true, Style: kvStyle(fd), Why: "the task's input " + p + ": " + fd.Description})
		f.Order = insertBeforePositionals(f.Order, fmt.Sprintf("f%d", len(f.Flags)-1))
		m.evidence = append(m.evidence, fmt.Sprintf("gave the input %s to %s: the usage shows no place for it and the help reads it there (%s)", p, name, fd.Description))
	}
}

// readingFlagFor finds the one unused flag that reads a file (filed under
// Input or taking a file, writing none, its help naming no other kind)
// whose names and help hold the most of the words for path (valueWords:
// its extension and kind, the task's words before it), a flag named as an
// input (lexicon class input_flag_name) counting one more for a file the
// task reads as its input, not as a reference. Ties name none.
func (m *mapper) readingFlagFor(c *candidate, path string, used map[string]bool) (FlagDoc, bool) {
	ctx := m.valueWords(path)
	plain := m.fileRole(path) == ""
	var best FlagDoc
	bestScore, tie := 0.0, false
	for _, fd := range c.flags {
		// a flag whose placeholder names the file's kind reads it,
		// however the help files it (bedtools' "-b <bed/gff/vcf>")
		if alreadyUsed(used, fd) || !readsFile(fd) && !(fd.Category != "Output" && fd.ParamType != "bool" && slotFits(fd.Placeholder, path)) || otherKind(fd, path) != "" || placeOtherKind(fd.Placeholder, path) {
			continue
		}
		// the placeholder names what it reads too (bedtools' "-i <bed/gff/vcf>")
		withPlace := fd
		withPlace.Description += " " + fd.Placeholder
		s := wordFit(withPlace, ctx)
		if plain && namesInput(fd) {
			s++
		}
		switch {
		case s > bestScore:
			best, bestScore, tie = fd, s, false
		case s == bestScore && s > 0 && fd.Name != best.Name:
			tie = true
		}
	}
	return best, bestScore > 0 && !tie
}

// readsFile reports a flag that reads a file: filed under Input or taking
// a file, not a switch, number or choice, writing no place, not a
// directory or suffix (notFileFlag), nor a list of file names (lexicon
// class file_list_word).
func readsFile(fd FlagDoc) bool {
	if fd.Name == "" || fd.ParamType == "bool" || fd.ParamType == "int" || fd.ParamType == "float" || len(fd.Choices) > 0 {
		return false
	}
	if fd.Category == "Output" || writesPlace(fd) || notFileFlag(fd) {
		return false
	}
	return (fd.Category == "Input" || fd.ParamType == "file") && !task.V().Mentions("file_list_word", strings.ToLower(fd.Description))
}

// namesInput reports a flag named as an input (-i, --in, --input). A flag
// with a long name is judged by it: seqkit's "-i, --stdin-label" is a
// label, not an input.
func namesInput(fd FlagDoc) bool {
	names := append([]string{fd.Name}, fd.Aliases...)
	var long []string
	for _, n := range names {
		if len(strings.TrimLeft(n, "-")) > 2 {
			long = append(long, n)
		}
	}
	if len(long) > 0 {
		names = long
	}
	for _, n := range names {
		if task.V().Word("input_flag_name", strings.ToLower(strings.TrimLeft(n, "-"))) {
			return true
		}
	}
	return false
}

// fileRole is the role the task gives a file ("reference", "output", ""
// for an input).
func (m *mapper) fileRole(path string) string {
	for _, fs := range m.slots.Files {
		if fs.Path == path {
			return fs.Role
		}
	}
	return ""
}

// dropPositional takes the positional at i out of the fill and its order.
func dropPositional(f *Fill, i int) {
	f.Positionals = append(f.Positionals[:i:i], f.Positionals[i+1:]...)
	var order []string
	for _, o := range f.Order {
		if o[0] == 'p' {
			switch k := atoi(o[1:]); {
			case k == i:
				continue
			case k > i:
				o = fmt.Sprintf("p%d", k-1)
			}
		}
		order = append(order, o)
	}
	f.Order = order
}

// placeOtherKind reports a placeholder that names file kinds (bedtools'
// "bed/gff/vcf") none of the family of path's kind.
func placeOtherKind(place, path string) bool {
	typ := FileType(path)
	if typ == "" || typ == "file" {
		return false
	}
	named := false
	for _, w := range strings.FieldsFunc(strings.ToLower(place), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		if k, ok := task.V().KindOf(w); ok && len(w) > 2 {
			if family(k) == family(typ) {
				return false
			}
			named = true
		}
	}
	return named
}
