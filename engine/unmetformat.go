package engine

import (
	"fmt"
	"slices"
	"strings"

	"github.com/traitome/oxo-call/task"
)

// A task that asks in words for the kind of its output ("write the
// alignment in aligned FASTA format") asks for a format. When no flag of
// the command names that kind, no flag of the help lists it
// (addKindFlags would have added it), and the help has a flag that takes
// a format's name (lexicon format_flag_name: hmmalign's --outformat <s>,
// EMBOSS's -rformat, a secondary flag only -help -verbose lists, read
// here through candidate.allFlags) which the command does not
// set, the tool writes its default format, which the help does not say
// is the one asked for: the command lacks what the task asks for, and it
// is uncertain. The output file's extension does not settle it: an .afa
// name does not make hmmalign write aligned FASTA.

// unmetFormats returns a finding for each such kind.
func (m *mapper) unmetFormats(f *Fill, c *candidate) []string {
	var free []FlagDoc
	for _, fd := range c.allFlags() {
		if !formatFlag(fd) {
			continue
		}
		if slices.ContainsFunc(f.Flags, func(fv FlagValue) bool { return sameDoc(fd, fv.Name) }) {
			return nil // the command chose a format
		}
		free = append(free, fd)
	}
	if len(free) == 0 {
		return nil
	}
	met := m.kindNamedByFill(f, c)
	var out []string
	for _, a := range m.proseKinds(c) {
		if !a.prose || a.dir != "out" || met[a.kind] {
			continue
		}
		var names []string
		for _, fd := range free {
			if _, named := namedKinds(fd.Default + " " + fd.Description)[a.kind]; named {
				names = nil // the help names the kind: the default, or a listed value addKindFlags weighed
				break
			}
			names = append(names, spelling(fd))
		}
		if len(names) == 0 {
			continue
		}
		out = append(out, fmt.Sprintf("the task asks for %s output, and the command sets no flag for a format's name (%s)", a.word, strings.Join(names, ", ")))
	}
	return out
}

// formatFlag reports a valued flag whose name says it takes a format's
// name and that is not about the input ("-sformat1: Input sequence
// format", --informat).
func formatFlag(fd FlagDoc) bool {
	if fd.Name == "" || fd.ParamType == "bool" || fd.ParamType == "file" || fd.ParamType == "int" || fd.ParamType == "float" {
		return false
	}
	if flagDir(fd) == "in" || task.V().Mentions("kind_in_word", fd.Description) {
		return false
	}
	return takesFormatName(fd)
}
