package engine

import (
	"fmt"
	"slices"
	"strings"

	"github.com/traitome/oxo-call/rules"
)

// modePlace returns the place of the candidate's usage that chooses a mode
// by a literal word (usage lines alike but for one word: "maf-convert axt
// mafFile(s)", "maf-convert sam mafFile(s)"; argparse's "{bed,seg,vcf}")
// and its index, or -1: a choice of two words or more, each a plain word,
// none a subcommand of the candidate's level (macs2's "{callpeak,…}" lists
// its subcommands, chosen as such).
func (m *mapper) modePlace(c *candidate) (PositionalDoc, int) {
	subs := m.levelSubcommands(c)
	for i, p := range c.positionals {
		if len(p.Choices) < 2 || p.Command {
			continue
		}
		if slices.ContainsFunc(p.Choices, func(ch string) bool { return !plainModeWord(ch) || slices.Contains(subs, ch) }) {
			continue
		}
		return p, i
	}
	return PositionalDoc{}, -1
}

// plainModeWord reports a word of letters and digits, joined by "-" or
// "_" ("sam", "nexus-basic"): a literal, not a placeholder.
func plainModeWord(w string) bool {
	if w == "" || strings.Trim(w, "-_") != w {
		return false
	}
	for _, r := range w {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_') {
			return false
		}
	}
	return true
}

// levelSubcommands names the subcommands listed at the candidate's level.
func (m *mapper) levelSubcommands(c *candidate) []string {
	if m.doc == nil || c.exe != m.rec.Executable {
		return nil
	}
	list := m.doc.Subcommands
	if len(c.sub) > 0 {
		sd := subcommandAt(m.doc, c.sub)
		if sd == nil {
			return nil
		}
		list = sd.Subcommands
	}
	names := make([]string, len(list))
	for i, s := range list {
		names[i] = s.Name
	}
	return names
}

// namedModes returns the choices the task's words name: a word of the
// task's prose (files left out) that is the choice, in any case ("to SAM
// format" names sam); when none does, the extension of an output the task
// writes ("saving hits.sam"). Several named by words are narrowed to those
// an output's extension names.
func (m *mapper) namedModes(choices []string) (named []string, byOutput bool) {
	words := rules.Words(strings.ToLower(withoutFiles(m.task)))
	text := " " + strings.Join(words, " ") + " "
	for _, ch := range choices {
		low := strings.ToLower(ch)
		if slices.Contains(words, low) || strings.ContainsAny(low, "-_") && strings.Contains(text, " "+joinsToSpaces.Replace(low)+" ") {
			named = append(named, ch)
		}
	}
	var outs []string
	for _, o := range m.slots.Outputs() {
		if ext := fileExt(o.Path); ext != "" {
			outs = append(outs, ext)
		}
	}
	ofOutput := func(list []string) []string {
		return slices.DeleteFunc(slices.Clone(list), func(ch string) bool { return !slices.Contains(outs, strings.ToLower(ch)) })
	}
	switch {
	case len(named) > 1:
		if o := ofOutput(named); len(o) > 0 {
			return o, true
		}
	case len(named) == 0:
		return ofOutput(choices), true
	}
	return named, false
}

// placeMode is the pass that writes the literal word of a usage that
// chooses a mode by it (modePlace): the one choice the task names
// (namedModes) goes in its place, replacing another choice an example
// wrote there; when the task names none, or several alike, the place
// gets a placeholder of the choices and the command is uncertain
// (missing). Each step is recorded.
func (m *mapper) placeMode(f *Fill, c *candidate) {
	pd, at := m.modePlace(c)
	if at < 0 {
		return
	}
	named, byOutput := m.namedModes(pd.Choices)
	have := slices.IndexFunc(f.Positionals, func(v string) bool { return hasFold(pd.Choices, v) })
	switch {
	case len(named) == 1 && have >= 0:
		if f.Positionals[have] != named[0] {
			m.evidence = append(m.evidence, fmt.Sprintf("the mode %s for %s: the task names it", named[0], f.Positionals[have]))
			f.Positionals[have] = named[0]
		}
		return
	case have >= 0:
		return // the example's mode, which no word of the task turns
	case len(named) == 1:
		why := "the task names it"
		if byOutput {
			why = "the task's output is of that kind"
		}
		insertPositional(f, at, named[0])
		m.evidence = append(m.evidence, fmt.Sprintf("the mode %s in place %d of the usage (%s): %s", named[0], at+1, pd.Name, why))
		return
	}
	ph := "<" + strings.Join(pd.Choices, "|") + ">"
	insertPositional(f, at, ph)
	what := "names none of them"
	if len(named) > 1 {
		what = "names " + joinAnd(named) + " alike"
	}
	m.missing(f, fmt.Sprintf("missing: %s for positional %d (the usage chooses a mode by one of these words; the task %s)", ph, at+1, what))
}

// insertPositional puts v in the fill's positionals at index at (at the
// end when there are fewer), before the positional that was there in the
// fill's order.
func insertPositional(f *Fill, at int, v string) {
	at = min(at, len(f.Positionals))
	f.Positionals = slices.Insert(f.Positionals, at, v)
	var order []string
	placed := false
	for _, o := range f.Order {
		if o[0] == 'p' {
			if k := atoi(o[1:]); k >= at {
				if k == at && !placed {
					order = append(order, fmt.Sprintf("p%d", at))
					placed = true
				}
				o = fmt.Sprintf("p%d", k+1)
			}
		}
		order = append(order, o)
	}
	if !placed {
		order = append(order, fmt.Sprintf("p%d", at))
	}
	f.Order = order
}
