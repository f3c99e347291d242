package engine

import (
	"fmt"
	"slices"
	"strings"
	"unicode"

	"github.com/traitome/oxo-call/internal/lazyre"
	"github.com/traitome/oxo-call/task"
)

// Values the task names in words (task.Value: "model HKY+G", "species
// coli", "the arabidopsis model", GTR+F+I+G4, PASS) go to the flag that
// takes them. The flag is found, in this order, from:
//   - the skill's examples: an example whose task names its flag's value
//     next to the same marker word ("the human model" for --species=human)
//     shows which flag the marker's value goes to;
//   - the help: the flag whose name and description fit the marker words
//     ("assembly hg38" → --assembly);
//   - the shape of the values the examples give a flag (a formula such as
//     LG+G4 for -m, a literal such as PASS for -f);
//   - for a literal, the one flag whose help lists it ("'SAF'" for -F).
// A value the task gives wins over the example's constant on that flag.

// valueTarget is the flag a task value goes to.
type valueTarget struct {
	name  string // the flag as written
	style string // how the example writes it (eq, kv), if it does
	// value is the value as the help spells it, when it differs from the
	// task's ("cbs" for CBS).
	value string
	why   string
}

// text is the value to write for v.
func (tg valueTarget) text(v task.Value) string {
	if tg.value != "" {
		return tg.value
	}
	return v.Text
}

// exampleValueFlags reads the candidate's examples for the flags that take
// named values: by the words next to the value in the example's task, and
// by the value's shape.
func (m *mapper) exampleValueFlags(c *candidate) (byWord, byShape map[string]valueTarget) {
	byWord, byShape = map[string]valueTarget{}, map[string]valueTarget{}
	for _, se := range c.examples {
		words := tokens(se.ex.Task)
		for _, t := range classify(se.args, c) {
			if t.pos || !t.hasValue || t.value == "" || FileType(t.value) != "" || numberRE.MatchString(t.value) {
				continue
			}
			tg := valueTarget{name: t.flag, style: t.style}
			if sh := task.ShapeOf(t.value); sh != "" {
				if _, ok := byShape[sh]; !ok {
					tg.why = fmt.Sprintf("the skill's example gives %s the %s %s", t.flag, sh, t.value)
					byShape[sh] = tg
				}
			}
			for k, w := range words {
				if !strings.EqualFold(strings.Trim(w, ",;:()'\""), t.value) {
					continue
				}
				for _, j := range []int{k - 1, k + 1} {
					if j < 0 || j >= len(words) {
						continue
					}
					n := strings.ToLower(strings.Trim(words[j], ",;:()'\""))
					if _, ok := byWord[n]; !ok && n != "" && !task.Stopword(n) {
						tg.why = fmt.Sprintf("the skill's example %q gives %s the value next to %q", se.ex.Task, t.flag, n)
						byWord[n] = tg
					}
				}
			}
		}
	}
	return byWord, byShape
}

// valueMaps are exampleValueFlags of the candidate, read once.
func (m *mapper) valueMaps(c *candidate) (byWord, byShape map[string]valueTarget) {
	if m.valueCand != c {
		m.valueCand = c
		m.byWord, m.byShape = m.exampleValueFlags(c)
	}
	return m.byWord, m.byShape
}

// valueForFlag returns the task value, not yet given a place, whose flag
// is the example's flag name: the example keeps the flag, in its place,
// with the task's value.
func (m *mapper) valueForFlag(c *candidate, name string) (task.Value, valueTarget, bool) {
	byWord, byShape := m.valueMaps(c)
	want, known := LookupFlag(c.flags, name)
	for _, v := range m.slots.Values {
		if m.valueTaken[v.Text] {
			continue
		}
		tg, ok := m.valueFlag(c, v, byWord, byShape)
		if !ok {
			continue
		}
		if tg.name == name {
			return v, tg, true
		}
		if fd, ok := LookupFlag(c.flags, tg.name); ok && known && fd.Name == want.Name {
			return v, tg, true
		}
	}
	return task.Value{}, valueTarget{}, false
}

// valueFlag finds the flag a task value goes to; false when none fits.
func (m *mapper) valueFlag(c *candidate, v task.Value, byWord, byShape map[string]valueTarget) (valueTarget, bool) {
	if strings.EqualFold(v.Text, m.rec.Executable) {
		// "用 MACS2 根据…": the tool's own name is no value of its flags
		return valueTarget{}, false
	}
	if fd, ok := m.flagWordTarget[v.Text]; ok {
		return valueTarget{name: spelling(fd), style: kvStyle(fd), why: fmt.Sprintf("the task writes %s's name before it", fd.Name)}, true
	}
	for i := len(v.Markers) - 1; i >= 0; i-- {
		if tg, ok := byWord[v.Markers[i]]; ok {
			return tg, true
		}
	}
	if len(v.Markers) > 0 {
		ctx := append(append([]string(nil), v.Markers...), strings.Join(v.Markers, ""))
		if fd, ok := m.uniqueFit(c, ctx); ok {
			return valueTarget{name: spelling(fd), style: kvStyle(fd), why: fmt.Sprintf("%s's help fits %q: %s", fd.Name, strings.Join(v.Markers, " "), fd.Description)}, true
		}
	}
	if v.Shape == task.ShapePattern && patternPlace(c) >= 0 {
		return valueTarget{}, false // the usage reads it (placePattern)
	}
	if tg, ok := byShape[v.Shape]; ok && (v.Shape == task.ShapeFormula || v.Shape == task.ShapePattern) {
		return tg, true
	}
	if v.Shape == task.ShapePattern {
		// a motif the task does not name in the help's words: the one
		// flag whose help reads a pattern (lexicon pattern_flag_word)
		if fd, ok := m.uniqueFit(c, task.V().Words("pattern_flag_word")); ok {
			return valueTarget{name: spelling(fd), style: kvStyle(fd), why: fmt.Sprintf("%s's help reads a pattern: %s", fd.Name, fd.Description)}, true
		}
	}
	if v.Shape == task.ShapeLiteral {
		if fd, sp, ok := listingFlag(c, v.Text); ok {
			return valueTarget{name: spelling(fd), style: kvStyle(fd), value: sp, why: fmt.Sprintf("%s's help lists %s", fd.Name, sp)}, true
		}
		if fds, kin := familyFlags(c, v.Text); len(fds) == 1 {
			return valueTarget{name: spelling(fds[0]), style: kvStyle(fds[0]), why: fmt.Sprintf("%s's help writes %s, of the same family", fds[0].Name, kin)}, true
		}
	}
	return valueTarget{}, false
}

// uniqueFit is the flag taking a value whose name and help fit the words
// best, when it fits them at least value_fit_min and better than any
// other flag.
func (m *mapper) uniqueFit(c *candidate, ctx []string) (FlagDoc, bool) {
	var best FlagDoc
	bestScore, second := 0.0, 0.0
	for i := range c.flags {
		fd := c.flags[i]
		// A value is no file: a flag that takes one, or reads or
		// writes one, takes none (tantan's -m "file for letter-pair
		// score matrix" is no place for "the letter N"; its -x
		// "letter to use for masking", filed under Input by its name,
		// is).
		if fd.Name == "" || fd.ParamType == "bool" || fd.ParamType == "file" || fd.Category == "Output" || fd.Category == "Input" && readsFile(fd) {
			continue
		}
		s := m.fitFlag(fd.Name, &fd, ctx)
		switch {
		case s > bestScore:
			best, bestScore, second = fd, s, bestScore
		case s > second:
			second = s
		}
	}
	return best, bestScore >= sc.Fit.ValueFitMin && bestScore > second
}

// quotes reports lit quoted in text: 'SAF', "PASS" or "PASS,." (a quote
// before it; a quote or a comma after it).
func quotes(text, lit string) bool {
	for i := 0; i+len(lit) < len(text); i++ {
		if (text[i] == '\'' || text[i] == '"') && strings.HasPrefix(text[i+1:], lit) {
			if j := i + 1 + len(lit); j < len(text) && strings.ContainsRune("'\",", rune(text[j])) {
				return true
			}
		}
	}
	return false
}

// listingFlag is the one flag taking a value whose help lists the
// literal as a value: among its choices (as the help spells it: "cbs" for
// CBS), or quoted ('SAF', "PASS,.").
func listingFlag(c *candidate, lit string) (FlagDoc, string, bool) {
	var found []FlagDoc
	spelled := lit
	for _, fd := range c.flags {
		if fd.Name == "" || fd.ParamType == "bool" {
			continue
		}
		if i := slices.IndexFunc(fd.Choices, func(ch string) bool { return strings.EqualFold(ch, lit) }); i >= 0 {
			found, spelled = append(found, fd), fd.Choices[i]
		} else if quotes(fd.Description, lit) {
			found = append(found, fd)
		}
	}
	if len(found) != 1 {
		return FlagDoc{}, "", false
	}
	return found[0], spelled, true
}

// codeFamilyRE splits a literal into its letters and its number
// (BLOSUM45 → BLOSUM, 45).
var codeFamilyRE = lazyre.New(`^([A-Z]{3,})(\d+)$`)

// familyFlags are the flags taking a value whose help or default writes
// another member of the literal's family: the same letters, another
// number ("Scoring matrix name (normally BLOSUM62)" for BLOSUM45).
func familyFlags(c *candidate, lit string) (out []FlagDoc, kin string) {
	m := codeFamilyRE.FindStringSubmatch(lit)
	if m == nil {
		return nil, ""
	}
	for _, fd := range c.flags {
		if fd.Name == "" || fd.ParamType == "bool" || fd.ParamType == "int" || fd.ParamType == "float" {
			continue
		}
		for _, w := range strings.FieldsFunc(fd.Description+" "+fd.Default, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
			if o := codeFamilyRE.FindStringSubmatch(w); o != nil && o[1] == m[1] {
				out, kin = append(out, fd), w
				break
			}
		}
	}
	return out, kin
}

// placeValues is the pass that gives each value the task names in words
// its flag: the example's flag keeps its place and takes the task's value
// (a value the task gives beats the example's constant); a flag the fill
// lacks is added.
func (m *mapper) placeValues(f *Fill, c *candidate, used map[string]bool) {
	if len(m.slots.Values) == 0 {
		return
	}
	byWord, byShape := m.valueMaps(c)
	set := map[string]bool{}
	for _, v := range m.slots.Values {
		if m.valuePlaced(f, v.Text) {
			continue
		}
		tg, ok := m.valueFlag(c, v, byWord, byShape)
		if !ok {
			if v.Shape != task.ShapeLiteral {
				m.evidence = append(m.evidence, fmt.Sprintf("no flag fits the task's value %s (%s)", v.Text, valueWords(v)))
			}
			continue
		}
		fd, known := LookupFlag(c.flags, tg.name)
		key := tg.name
		if known {
			key = fd.Name
		}
		if set[key] {
			continue // one value per flag
		}
		if m.replaceValue(f, c, tg, v) {
			set[key] = true
			continue
		}
		if alreadyUsed(used, fd) && known || used[tg.name] {
			continue // a switch or a value the user typed
		}
		set[key], used[tg.name] = true, true
		if known {
			used[fd.Name] = true
		}
		f.Flags = append(f.Flags, FlagValue{Name: tg.name, Value: tg.text(v), HasValue: true, Style: tg.style, Why: "the task's value " + v.Text + ": " + tg.why})
		f.Order = insertBeforePositionals(f.Order, fmt.Sprintf("f%d", len(f.Flags)-1))
		m.evidence = append(m.evidence, fmt.Sprintf("gave %s the task's value %s (%s): %s", tg.name, v.Text, valueWords(v), tg.why))
	}
}

// replaceValue gives a flag the fill already sets the task's value in
// place of the example's constant; false when the fill does not set it
// with the example's value (a switch, or a value from the task).
func (m *mapper) replaceValue(f *Fill, c *candidate, tg valueTarget, v task.Value) bool {
	for i := range f.Flags {
		fv := &f.Flags[i]
		if !sameFlag(c, fv.Name, tg.name) || !fv.HasValue || fv.Why != "from the example" {
			continue
		}
		m.evidence = append(m.evidence, fmt.Sprintf("%s %s: the task's value (%s), not the example's %s", fv.Name, tg.text(v), valueWords(v), fv.Value))
		fv.Value, fv.Why = tg.text(v), "the task's value "+v.Text+": "+tg.why
		return true
	}
	return false
}

// valuePlaced reports a task value the fill already holds: as a flag
// value or part of one, a positional, the subcommand, or the tool's name.
func (m *mapper) valuePlaced(f *Fill, v string) bool {
	if strings.EqualFold(v, m.rec.Executable) || m.placedWords[strings.ToLower(v)] {
		return true
	}
	for _, s := range f.Subcommand {
		if strings.EqualFold(s, v) {
			return true
		}
	}
	has := func(x string) bool {
		for _, p := range strings.FieldsFunc(x, func(r rune) bool { return r == ',' || r == '=' || r == ':' || r == '/' || r == ' ' }) {
			if p == v {
				return true
			}
		}
		return x == v
	}
	for _, fv := range f.Flags {
		if has(fv.Value) {
			return true
		}
	}
	for _, p := range f.Positionals {
		if has(p) {
			return true
		}
	}
	return false
}

// valueWords says how the task names a value.
func valueWords(v task.Value) string {
	if len(v.Markers) > 0 {
		return strings.Join(v.Markers, " ") + " " + v.Text
	}
	return "a " + v.Shape
}
