package engine

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/traitome/oxo-call/internal/lazyre"
	"github.com/traitome/oxo-call/parsers"
	"github.com/traitome/oxo-call/task"
)

// A usage line that offers inputs as alternatives ("{-1 <m1> -2 <m2> |
// -U <r>}") says how one file goes when the example paired two: the task
// that gives one reads file where the example gave mates takes the
// branch of one flag, not the first mate's flag alone.

// altGroupRE is a group of alternatives in a usage line: braces,
// parentheses or brackets around "|".
var altGroupRE = lazyre.New(`[{(\[]([^{}()\[\]]*\|[^{}()\[\]]*)[})\]]`)

// usageBranch is one alternative: its flags and the placeholders after them.
type usageBranch struct {
	flags []string
	holes []string
}

// usageAlternatives reads the groups of alternatives of a usage line.
func usageAlternatives(usage string) [][]usageBranch {
	var out [][]usageBranch
	for _, g := range altGroupRE.FindAllStringSubmatch(usage, -1) {
		var group []usageBranch
		for _, alt := range strings.Split(g[1], "|") {
			var b usageBranch
			for _, w := range strings.Fields(alt) {
				if strings.HasPrefix(w, "-") && len(w) > 1 {
					b.flags = append(b.flags, w)
				} else if len(b.flags) > len(b.holes) {
					b.holes = append(b.holes, w)
				}
			}
			group = append(group, b)
		}
		out = append(out, group)
	}
	return out
}

// loneMate is the pass that moves a task's one file from the first flag
// of a branch whose other flags had no task file to the flag of a branch
// of one flag (the first whose placeholder names no other file kind).
func (m *mapper) loneMate(f *Fill, c *candidate) {
	if len(m.noFileFlags) == 0 {
		return
	}
	has := func(name string) int {
		return slices.IndexFunc(f.Flags, func(fv FlagValue) bool { return fv.Name == name && fv.HasValue })
	}
	for _, group := range usageAlternatives(c.usage) {
		for _, b := range group {
			if len(b.flags) < 2 {
				continue
			}
			var present []int
			lacking := false
			for _, fl := range b.flags {
				if k := has(fl); k >= 0 {
					present = append(present, k)
				} else if slices.Contains(m.noFileFlags, fl) {
					lacking = true
				}
			}
			if len(present) != 1 || !lacking {
				continue
			}
			fv := &f.Flags[present[0]]
			for _, alt := range group {
				if len(alt.flags) != 1 || has(alt.flags[0]) >= 0 {
					continue
				}
				if len(alt.holes) == 1 && usageNamesOtherKind(&candidate{positionals: []PositionalDoc{{Name: alt.holes[0]}}}, 0, fv.Value) {
					continue // "-b <bam>" is no place for reads.fq
				}
				if _, ok := LookupFlag(c.flags, alt.flags[0]); !ok {
					continue
				}
				m.evidence = append(m.evidence, fmt.Sprintf("gave %s to %s, not %s: the task has one file where the usage's %s pairs %s", fv.Value, alt.flags[0], fv.Name, strings.Join(b.flags, " "), strings.Join(b.flags, " and ")))
				fv.Name, fv.Why = alt.flags[0], "the task's one file, through the usage's branch of one flag"
				return
			}
		}
	}
}

// placeByBranch is the pass that gives a command built from the help
// alone its input files through a usage's group of alternative input
// flags when the usage shows no place for them ("hisat2 [options]* -x
// <ht2-idx> {-1 <m1> -2 <m2> | -U <r>} [-S <sam>]"): the task's input
// files still written as positionals take the first branch with as many
// flags (one file: -U; two: -1 and -2), in the task's order; a branch one
// of whose flags the task spells out ("interleaved") comes first. A
// branch whose place names another kind ("-b <bam>" for reads.fq) is
// passed over, and files of two kinds take no branch. The move is
// recorded.
func (m *mapper) placeByBranch(f *Fill, c *candidate) {
	if !c.known || len(c.positionals) > 0 {
		return
	}
	var files []int
	for i, p := range f.Positionals {
		if knownExt(p) && m.taskInput(p) && m.fileRole(p) == "" {
			files = append(files, i)
		}
	}
	if len(files) == 0 {
		return
	}
	used := map[string]bool{}
	for _, fv := range f.Flags {
		if fd, ok := LookupFlag(c.flags, fv.Name); ok {
			used[fd.Name] = true
		}
	}
	// The flags of one branch read one kind of file, mates of each other
	// ("-1 <m1> -2 <m2>"): reads.fq and mapped.sam are no pair.
	for _, i := range files[1:] {
		if family(FileType(f.Positionals[i])) != family(FileType(f.Positionals[files[0]])) {
			return
		}
	}
	fits := func(b usageBranch) bool {
		if len(b.flags) != len(files) || len(b.holes) != len(b.flags) {
			return false
		}
		for k, fl := range b.flags {
			fd, ok := LookupFlag(c.flags, fl)
			if !ok || alreadyUsed(used, fd) || fd.ParamType == "bool" || fd.ParamType == "int" || fd.ParamType == "float" ||
				usageNamesOtherKind(&candidate{positionals: []PositionalDoc{{Name: b.holes[k]}}}, 0, f.Positionals[files[k]]) {
				return false
			}
			if takesNoFile(fd) {
				// "{-q QVALUE | -p PVALUE}": a branch of numbers
				return false
			}
		}
		return true
	}
	for _, group := range usageAlternatives(c.usage) {
		var pick *usageBranch
		for k := range group {
			b := group[k]
			if !fits(b) {
				continue
			}
			if pick == nil {
				pick = &group[k]
			}
			if slices.ContainsFunc(b.flags, func(fl string) bool {
				bare := strings.ToLower(strings.TrimLeft(fl, "-"))
				return len(bare) >= minNamePart && wordIn(strings.ToLower(m.task), bare)
			}) {
				pick = &group[k]
				break
			}
		}
		if pick == nil {
			continue
		}
		paths := make([]string, len(files))
		for k, i := range files {
			paths[k] = f.Positionals[i]
		}
		for k := len(files) - 1; k >= 0; k-- {
			dropPositional(f, files[k])
		}
		for k, fl := range pick.flags {
			fd, _ := LookupFlag(c.flags, fl)
			f.Flags = append(f.Flags, FlagValue{Name: fl, Value: paths[k], HasValue: true, Style: kvStyle(fd), Why: "the task's input " + paths[k] + ", through the usage's branch " + strings.Join(pick.flags, " ")})
			f.Order = insertBeforePositionals(f.Order, fmt.Sprintf("f%d", len(f.Flags)-1))
		}
		m.evidence = append(m.evidence, fmt.Sprintf("gave %s to %s: the usage shows no place for them and reads them through its branch of %d", strings.Join(paths, " and "), strings.Join(pick.flags, " and "), len(pick.flags)))
		return
	}
}

// takesNoFile reports a flag whose value is no file by its help's own
// account: a number for default ("DEFAULT: 0.05"), or a placeholder that
// is a type word ("INT") or ends as a value's name does (lexicon class
// value_placeholder_suffix: "QVALUE", "PVALUE").
func takesNoFile(fd FlagDoc) bool {
	if _, err := strconv.ParseFloat(defaultValue(fd), 64); err == nil {
		return true
	}
	ph := strings.Trim(fd.Placeholder, "<>[]{}.")
	return parsers.IsTypeWord(ph) || task.V().Is("value_placeholder_suffix", strings.ToLower(ph))
}
