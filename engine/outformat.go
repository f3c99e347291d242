package engine

import (
	"fmt"
	"slices"
	"strings"
)

// A task that asks for its output's kind in words ("give me the report as
// GFF3 in human_sig.gff") where the help has a format qualifier of the
// very parameter that writes that output (EMBOSS's -rformat, an
// associated qualifier of -outfile) asks for that qualifier: it is set to
// the kind's name as the task writes it ("-rformat gff3"), a constant the
// task's words ask for. Of the parameter's qualifiers that take a
// format's name, the one whose help shares the most words with the
// parameter's name and help is meant (-osformat "Output seq format" of
// -outseq, "Sequence set(s) filename …", not -offormat "Features
// format"); a tie sets none. A format flag of no one parameter is left to
// unmetFormats, which makes the command uncertain instead.

// setOutputFormats sets each such qualifier.
func (m *mapper) setOutputFormats(f *Fill, c *candidate) {
	all := c.allFlags()
	if !slices.ContainsFunc(all, func(fd FlagDoc) bool { return fd.Qualifies != "" }) {
		return
	}
	outs := map[string]bool{}
	for _, fs := range m.slots.Outputs() {
		outs[fs.Path] = true
	}
	met := m.kindNamedByFill(f, c)
	for _, a := range m.proseKinds(c) {
		if !a.prose || a.dir != "out" || met[a.kind] {
			continue
		}
		var fit []FlagDoc
		best := -1
		for _, fd := range all {
			if fd.Qualifies == "" || !formatFlag(fd) || slices.ContainsFunc(f.Flags, func(fv FlagValue) bool { return sameDoc(fd, fv.Name) }) {
				continue
			}
			pd, ok := LookupFlag(all, fd.Qualifies)
			if !ok || !slices.ContainsFunc(f.Flags, func(fv FlagValue) bool { return sameDoc(pd, fv.Name) && outs[fv.Value] }) {
				continue
			}
			switch n := sharedWords(fd, pd); {
			case n > best:
				fit, best = []FlagDoc{fd}, n
			case n == best:
				fit = append(fit, fd)
			}
		}
		if len(fit) != 1 {
			continue
		}
		v := strings.ToLower(a.word)
		f.Flags = append(f.Flags, FlagValue{Name: spelling(fit[0]), Value: v, HasValue: true, Why: fmt.Sprintf("the task asks for %s output, and %s is the format of %s, which writes it", a.word, spelling(fit[0]), fit[0].Qualifies)})
		f.Order = insertBeforePositionals(f.Order, fmt.Sprintf("f%d", len(f.Flags)-1))
		m.evidence = append(m.evidence, fmt.Sprintf("format: %s %s, the task asks for %s output and %s is the format qualifier of %s, which writes it", spelling(fit[0]), v, a.word, spelling(fit[0]), fit[0].Qualifies))
		met[a.kind] = true
	}
}

// sharedWords counts the words of a qualifier's help that the parameter
// it qualifies has in its name or help, "format" aside: every format
// qualifier says it.
func sharedWords(q, param FlagDoc) int {
	own := HelpWords(param.Description + " " + strings.Join(splitParts(strings.TrimLeft(param.Name, "-"), true), " "))
	n := 0
	for w := range HelpWords(q.Description) {
		if w != "format" && own[w] {
			n++
		}
	}
	return n
}
