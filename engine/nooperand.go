package engine

import (
	"fmt"
	"slices"
	"strings"

	"github.com/traitome/oxo-call/parsers"
)

// admitsNoOperand reports a candidate whose usage lines show no operand
// ("kraken2-inspect [options]"): it lists no positional, and it has usage
// lines that write more than the program's name, none of which holds a
// place for an argument.
func (m *mapper) admitsNoOperand(c *candidate) bool {
	if !c.known || len(c.positionals) > 0 {
		return false
	}
	lines := []string{c.usage}
	if m.doc != nil && len(c.sub) == 0 && c.exe == m.rec.Executable {
		lines = m.doc.UsagePatterns
	}
	read := 0
	for _, l := range lines {
		if len(strings.Fields(l)) < 2 {
			continue
		}
		if len(parsers.UsagePositionals(l)) > 0 {
			return false
		}
		read++
	}
	return read > 0
}

// placeOperands is the pass that, in a command built from the help alone
// whose usage admits no operand (admitsNoOperand), moves each task item
// still written as a positional (a directory, a database, a name: not a
// file of a known kind, which placeInputFlags places) behind the one unused flag whose
// help and the task's words for the item name the same thing
// (operandFlag: "--db NAME  Name for Kraken 2 DB" for "the Kraken 2
// database in /data/k2_standard"). An item no flag fits, or two fit alike,
// stays where the usage shows no place for it, and the command is
// uncertain (inputsLeft). Each step is recorded.
func (m *mapper) placeOperands(f *Fill, c *candidate) {
	if !m.admitsNoOperand(c) {
		return
	}
	used := map[string]bool{}
	for _, fv := range f.Flags {
		if fd, ok := LookupFlag(c.flags, fv.Name); ok {
			used[fd.Name] = true
		}
		used[fv.Name] = true
	}
	for i := 0; i < len(f.Positionals); i++ {
		p := f.Positionals[i]
		if !m.taskValues()[p] || m.taskOutput(p) || knownExt(p) {
			// a file of a known kind is placeInputFlags'; a usage
			// that shows no operand often leaves its files out
			// ("seqkit stats [flags]")
			continue
		}
		fd, ok := m.operandFlag(c, p, used)
		if !ok {
			if !slices.ContainsFunc(m.inputsLeft, func(s string) bool { return strings.HasPrefix(s, p+" ") }) {
				line := fmt.Sprintf("%s stays a positional, though the usage shows no operand and no flag's help names it", p)
				m.inputsLeft = append(m.inputsLeft, line)
				m.evidence = append(m.evidence, "usage: "+line)
			}
			continue
		}
		name := spelling(fd)
		used[fd.Name], used[name] = true, true
		dropPositional(f, i)
		i--
		f.Flags = append(f.Flags, FlagValue{Name: name, Value: p, HasValue: true, Style: kvStyle(fd), Why: "the task's " + p + ": " + fd.Description})
		f.Order = insertBeforePositionals(f.Order, fmt.Sprintf("f%d", len(f.Flags)-1))
		m.evidence = append(m.evidence, fmt.Sprintf("gave %s to %s: the usage shows no operand, and its help names what the task's words call it (%s)", p, name, fd.Description))
	}
}

// operandFlag finds the one unused flag that takes a text or a file (not
// a switch, a number, a listed value or a place it writes) whose help,
// placeholder and names share the most terms with the task's words for v
// (valueWords; senses count: "database" meets "DB"); none when no flag
// shares one or two share as many.
func (m *mapper) operandFlag(c *candidate, v string, used map[string]bool) (FlagDoc, bool) {
	ctx := terms(strings.Join(m.valueWords(v), " "))
	fd, s := bestUntied(c.flags, func(fd FlagDoc) (float64, bool) {
		if alreadyUsed(used, fd) || fd.ParamType == "bool" || fd.ParamType == "int" || fd.ParamType == "float" || len(fd.Choices) > 0 ||
			fd.Category == "Output" || writesPlace(fd) {
			return 0, false
		}
		help := terms(fd.Description + " " + fd.Placeholder)
		for t := range nameTerms(fd.Name, &fd) {
			help[t] = true
		}
		return float64(overlap(ctx, help)), true
	})
	return fd, s > 0
}
