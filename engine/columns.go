package engine

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/traitome/oxo-call/internal/lazyre"
	"github.com/traitome/oxo-call/task"
)

// Columns and separators the task names in words (task.Column,
// task.Separator) are placed like numbers: on the flag whose help says
// its value names fields or columns (lexicon class column_help) or the
// character between them (class separator_help). An example's column or
// separator the task does not name is the example's value, not the
// task's: a separator is left out (the tool splits fields its own way
// without it), a column list the example's own task named is left out
// where the tool has a default and is otherwise a placeholder.

var (
	// plainListRE is a column list as cut -f reads it: 1-3, 1,4,5, 2-.
	plainListRE = lazyre.New(`^\d+(-\d*)?(,\d+(-\d*)?)*$`)
	// keyRE is a key with ordering letters (sort -k 2,2n, 1,1V): the
	// column numbers are the task's, the letters the example's.
	keyRE = lazyre.New(`^(\d+)(\.\d+)?([A-Za-z]*)(?:,(\d+)(\.\d+)?([A-Za-z]*))?$`)
)

// flagText is a flag's names, placeholder and help, for class lookups.
func flagText(fd *FlagDoc) string {
	if fd == nil {
		return ""
	}
	return strings.Join(append([]string{fd.Name, fd.Placeholder, fd.Description}, fd.Aliases...), " ")
}

// columnFlag reports a flag taking a value whose help says the value
// names columns or fields, and whose placeholder is one of a list or a
// field (column_placeholder), or a count of fields (an int N).
func columnFlag(fd *FlagDoc) bool {
	if fd == nil || fd.ParamType == "bool" || !task.V().Mentions("column_help", fd.Description+" "+fd.Placeholder) {
		return false
	}
	ph := strings.ToLower(strings.Trim(fd.Placeholder, "<>[]"))
	return fd.ParamType == "int" || task.V().Word("column_placeholder", ph) || task.V().Word("column_key_placeholder", ph)
}

// separatorFlag reports a flag taking a value whose names or help say it
// is the character between fields.
func separatorFlag(fd *FlagDoc) bool {
	return fd != nil && fd.ParamType != "bool" && task.V().Mentions("separator_help", flagText(fd))
}

// outputSeparator reports a separator flag for what is written
// (--output-delimiter).
func outputSeparator(fd *FlagDoc) bool {
	if task.V().Mentions("separator_output_cue", strings.Join(append([]string{fd.Name}, fd.Aliases...), " ")) {
		return true
	}
	return task.V().Mentions("separator_output_cue", fd.Description) && !task.V().Mentions("separator_input_cue", fd.Description)
}

// complementSwitch reports a switch whose help says it leaves out the
// selected columns instead (cut --complement).
func complementSwitch(fd *FlagDoc) bool {
	return fd != nil && fd.ParamType == "bool" && task.V().Mentions("complement_help", fd.Name+" "+fd.Description)
}

// separatorLike reports an example value that is a separator: one or two
// characters, none a letter or digit.
func separatorLike(v string) bool {
	if v == "" || len([]rune(v)) > 2 {
		return false
	}
	for _, r := range v {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' {
			return false
		}
	}
	return true
}

// impliedSeparator is the separator the task's first input names by its
// extension (a .csv is comma-separated), from the separator_word class.
func (m *mapper) impliedSeparator() string {
	for _, f := range m.slots.Inputs() {
		_, rest := task.V().Compression(strings.ToLower(f.Path))
		if i := strings.LastIndexByte(rest, '.'); i >= 0 {
			if v, ok := task.V().ValueOf("separator_word", rest[i+1:]); ok {
				return v
			}
		}
		return ""
	}
	return ""
}

// defaultSeparator is the separator a flag's help names as the one used
// without it ("use DELIM instead of TAB": a tab), from the word after a
// default_marker phrase, or "".
func defaultSeparator(fd *FlagDoc) string {
	desc := strings.ToLower(fd.Description)
	for _, sp := range task.V().Spans("default_marker", desc) {
		for _, w := range strings.Fields(desc[sp[1]:]) {
			v, _ := task.V().ValueOf("separator_word", strings.Trim(w, ".,;:()'\""))
			return v
		}
	}
	return ""
}

// separatorFor picks the task's separator for flag fd: one named for what
// is written goes on an output separator flag, another on an input one;
// either goes on the only separator flag of a tool that has one.
func (m *mapper) separatorFor(c *candidate, fd *FlagDoc) *task.Separator {
	out := outputSeparator(fd)
	kinds := 0
	for i := range c.flags {
		if separatorFlag(&c.flags[i]) {
			kinds++
		}
	}
	for pass := 0; pass < 2; pass++ {
		for i := range m.slots.Separators {
			s := &m.slots.Separators[i]
			if s.Used {
				continue
			}
			if s.Output == out || pass == 1 && kinds == 1 {
				return s
			}
		}
	}
	return nil
}

// exampleColumns reports whether the adapted example's own task names
// columns in words: then its column list is its task's, not this one's.
func exampleColumns(exTask string) bool {
	return len(task.Parse(exTask).Columns) > 0
}

// nextColumn is the task's first column list not yet placed.
func (m *mapper) nextColumn() *task.Column {
	for i := range m.slots.Columns {
		if !m.slots.Columns[i].Used {
			return &m.slots.Columns[i]
		}
	}
	return nil
}

// wantsComplement reports a task column list to leave out.
func (m *mapper) wantsComplement() bool {
	for _, col := range m.slots.Columns {
		if col.Complement {
			return true
		}
	}
	return false
}

// columnValue writes the task's column list the way the example wrote
// its own on flag fd: as it is (1-3, 1,4,5), as a count for a flag that
// takes the first N fields (uniq -f), or as a key with the example's
// ordering letters (sort -k 3,3n for the example's 5,5n).
func columnValue(exValue, cols string, fd *FlagDoc) (string, bool) {
	switch {
	case fd != nil && fd.ParamType == "int":
		if n, ok := strings.CutPrefix(cols, "1-"); ok && n != "" && !strings.ContainsAny(n, ",-") {
			return n, true
		}
		if _, err := strconv.Atoi(cols); err == nil {
			return cols, true
		}
		return "", false
	case plainListRE.MatchString(exValue):
		return cols, true
	}
	mm := keyRE.FindStringSubmatch(exValue)
	if mm == nil {
		return "", false
	}
	if _, err := strconv.Atoi(cols); err != nil {
		return "", false // a key names one column
	}
	v := cols + mm[3]
	if mm[4] != "" {
		v += "," + cols + mm[6]
	}
	return v, true
}

// fillColumnFlag fills an example flag that takes columns or a separator
// from the task's columns and separators. handled is false for any other
// flag; keep false drops the flag (the reason is in the evidence).
func (m *mapper) fillColumnFlag(a *adaptation, t exToken, fv FlagValue) (out FlagValue, keep, handled bool) {
	switch {
	case t.doc != nil && complementSwitch(t.doc) && len(m.slots.Columns) > 0:
		if m.wantsComplement() {
			fv.Why = "the task names the columns to leave out"
			return fv, true, true
		}
		m.evidence = append(m.evidence, fmt.Sprintf("dropped %s from the example: the task names the columns to keep", t.flag))
		return fv, false, true
	case !t.hasValue || t.doc == nil:
		return fv, false, false
	case separatorFlag(t.doc) && separatorLike(t.value):
		if s := m.separatorFor(a.c, t.doc); s != nil {
			s.Used = true
			if defaultSeparator(t.doc) == s.Value {
				m.evidence = append(m.evidence, fmt.Sprintf("left out %s %q: the task's separator (%s) is the tool's default", t.flag, t.value, s.Word))
				return fv, false, true
			}
			fv.Value, fv.Why = s.Value, fmt.Sprintf("the task's separator (%s)", s.Word)
			if s.Value != t.value {
				m.evidence = append(m.evidence, fmt.Sprintf("%s %q: the task's separator (%s), not the example's %q", t.flag, s.Value, s.Word, t.value))
			}
			return fv, true, true
		}
		if len(m.slots.Separators) == 0 && t.value == m.impliedSeparator() {
			fv.Why = "the separator the input's extension names"
			return fv, true, true
		}
		if t.doc.Required {
			ph := placeholder(t.value, a.c, t.flag)
			m.missing(a.f, fmt.Sprintf("missing: %s for %s (the example's %q is not the task's separator)", ph, t.flag, t.value))
			fv.Value, fv.Why = ph, "no source in the task"
			return fv, true, true
		}
		m.evidence = append(m.evidence, fmt.Sprintf("left out %s %q: the task names no such separator; the tool's default applies", t.flag, t.value))
		return fv, false, true
	case columnFlag(t.doc) && (plainListRE.MatchString(t.value) || keyRE.MatchString(t.value)):
		col := m.nextColumn()
		if col == nil {
			if !exampleColumns(a.exTask) {
				// The example's columns answer words of its task ("by
				// chromosome and then by start"), not numbers: kept when
				// this task repeats those words.
				if ws, ok := m.residualRepeated(a, t); ok {
					m.evidence = append(m.evidence, fmt.Sprintf("kept %s %s: the words of the example's task no help explains are in this task (%s)", t.flag, t.value, strings.Join(ws, ", ")))
					return fv, true, true
				}
				return fv, false, false
			}
			if m.hasDefault(a.c, t.flag) {
				m.evidence = append(m.evidence, fmt.Sprintf("left out %s %s: the example's task named those columns, this task names none; the tool's default applies", t.flag, t.value))
				return fv, false, true
			}
			ph := placeholder(t.value, a.c, t.flag)
			m.missing(a.f, fmt.Sprintf("missing: %s for %s (the example's %s are its own task's columns)", ph, t.flag, t.value))
			fv.Value, fv.Why = ph, "no source in the task"
			return fv, true, true
		}
		v, ok := columnValue(t.value, col.Value, t.doc)
		if !ok {
			return fv, false, false
		}
		col.Used = true
		if mm := keyRE.FindStringSubmatch(t.value); mm != nil {
			if l := m.lettersNotAsked(a.c, mm[3]+mm[6]); l != "" {
				drop := func(r rune) rune {
					if strings.ContainsRune(l, r) {
						return -1
					}
					return r
				}
				if strings.Map(drop, mm[3]+mm[6]) != "" {
					// The task asks for some of the example's ordering
					// ("按第二列数值" for "nr"): the others answer the
					// example's own words.
					v = strings.Map(drop, v)
					m.evidence = append(m.evidence, fmt.Sprintf("%s %s: the task asks for the example's ordering in part; its %s answers the example's own task", t.flag, v, l))
				} else {
					// The example's ordering letters answer its own task's
					// words: the task's ordering is not known.
					m.missing(a.f, fmt.Sprintf("missing: the ordering of %s %s (the example's %s answers its own task, not this one)", t.flag, v, l))
				}
			}
		}
		if v != t.value {
			m.evidence = append(m.evidence, fmt.Sprintf("%s %s: the task's columns (%s), not the example's %s", t.flag, v, strings.Join(col.Context, " "), t.value))
		}
		fv.Value, fv.Why = v, fmt.Sprintf("the task's columns %s (%s)", col.Value, strings.Join(col.Context, " "))
		return fv, true, true
	}
	return fv, false, false
}

// addColumnFlags places the task's columns and separators the example
// had no flag for: a column list on the one flag whose help takes a list
// of fields, with the complement switch when the task names the columns
// to leave out; a separator on the separator flag it fits.
func (m *mapper) addColumnFlags(f *Fill, c *candidate, used map[string]bool) {
	add := func(fd *FlagDoc, v, why string) {
		name := spelling(*fd)
		used[fd.Name], used[name] = true, true
		fv := FlagValue{Name: name, Value: v, HasValue: v != "", Style: kvStyle(*fd), Why: why}
		if v == "" {
			fv.Style = ""
		}
		f.Flags = append(f.Flags, fv)
		f.Order = insertBeforePositionals(f.Order, fmt.Sprintf("f%d", len(f.Flags)-1))
	}
	for i := range m.slots.Columns {
		col := &m.slots.Columns[i]
		if col.Used {
			continue
		}
		var fits []*FlagDoc
		for j := range c.flags {
			fd := &c.flags[j]
			if columnFlag(fd) && !alreadyUsed(used, *fd) && (fd.ParamType == "int" || task.V().Word("column_placeholder", strings.ToLower(fd.Placeholder))) {
				fits = append(fits, fd)
			}
		}
		if len(fits) != 1 {
			continue // none, or several a list could go on (join -1, -2, -j)
		}
		var sw *FlagDoc
		if col.Complement {
			for j := range c.flags {
				if complementSwitch(&c.flags[j]) {
					sw = &c.flags[j]
				}
			}
			if sw == nil {
				continue // the tool cannot leave columns out
			}
		}
		col.Used = true
		if sw != nil && !alreadyUsed(used, *sw) {
			add(sw, "", "the task names the columns to leave out: "+sw.Description)
		}
		add(fits[0], col.Value, fmt.Sprintf("the task's columns %s (%s) fit %s: %s", col.Value, strings.Join(col.Context, " "), fits[0].Name, fits[0].Description))
		m.evidence = append(m.evidence, fmt.Sprintf("added %s %s: the task's columns (%s)", spelling(*fits[0]), col.Value, strings.Join(col.Context, " ")))
	}
	for _, col := range m.slots.Columns {
		if !col.Complement || !col.Used {
			continue
		}
		for j := range c.flags {
			if sw := &c.flags[j]; complementSwitch(sw) && !alreadyUsed(used, *sw) {
				add(sw, "", "the task names the columns to leave out: "+sw.Description)
				m.evidence = append(m.evidence, fmt.Sprintf("added %s: the task names the columns to leave out", spelling(*sw)))
				break
			}
		}
	}
	if def := m.defaultColumn(c); def != "" {
		for i := range m.slots.Columns {
			if col := &m.slots.Columns[i]; !col.Used && !col.Complement && col.Value == def {
				col.Used = true
				m.evidence = append(m.evidence, fmt.Sprintf("the task's column %s is the tool's default (%q): no flag needed", def, m.candDescription(c)))
			}
		}
	}
	m.addImpliedSeparator(f, c, used, add)
	for i := range m.slots.Separators {
		s := &m.slots.Separators[i]
		if s.Used {
			continue
		}
		var fit *FlagDoc
		for j := range c.flags {
			fd := &c.flags[j]
			if !separatorFlag(fd) || alreadyUsed(used, *fd) {
				continue
			}
			if fit == nil || outputSeparator(fd) == s.Output && outputSeparator(fit) != s.Output {
				fit = fd
			}
		}
		if fit == nil {
			continue
		}
		s.Used = true
		if defaultSeparator(fit) == s.Value {
			m.evidence = append(m.evidence, fmt.Sprintf("the task's separator (%s) is %s's default: no flag needed", s.Word, spelling(*fit)))
			continue
		}
		add(fit, s.Value, fmt.Sprintf("the task's separator (%s) fits %s: %s", s.Word, fit.Name, fit.Description))
		m.evidence = append(m.evidence, fmt.Sprintf("added %s %q: the task's separator (%s)", spelling(*fit), s.Value, s.Word))
	}
}

// candDescription is the help's description of the candidate: the
// subcommand's, or the tool's own.
func (m *mapper) candDescription(c *candidate) string {
	if c.desc != "" || m.doc == nil {
		return c.desc
	}
	return m.doc.Description
}

// defaultColumn is the column the help's description names as the one
// used when no flag says otherwise ("The default join field is the
// first": 1): a sentence with a default word, a column word and an
// ordinal. "" when it names none.
func (m *mapper) defaultColumn(c *candidate) string {
	for _, sent := range strings.Split(m.candDescription(c), ". ") {
		low := strings.ToLower(sent)
		if !task.V().Mentions("column_default_cue", low) || !task.V().Mentions("column_help", low) {
			continue
		}
		for _, w := range strings.Fields(low) {
			if n, ok := task.Ordinal(w); ok {
				return strconv.Itoa(n)
			}
		}
	}
	return ""
}

// toolHasSeparatorFlag reports a candidate with a flag for the separator
// between fields: without one, a separator the task names is the format
// of what the tool writes, not an item to place.
func toolHasSeparatorFlag(c *candidate) bool {
	for i := range c.flags {
		if separatorFlag(&c.flags[i]) {
			return true
		}
	}
	return false
}

// lettersNotAsked returns the ordering letters of an example key (sort -k
// 5,5g: g) whose one-letter switch (-g) the task does not ask for: no
// word of the switch's name or help is among the task's words.
func (m *mapper) lettersNotAsked(c *candidate, letters string) string {
	var out []string
	for _, r := range letters {
		l := string(r)
		if slices.Contains(out, l) {
			continue
		}
		fd, ok := LookupFlag(c.flags, "-"+l)
		if !ok {
			continue
		}
		// a Chinese task asks through its senses ("数值": numeric)
		said := m.taskWords
		if m.cjkTask {
			said = m.taskSenseWords()
		}
		asked := false
		for w := range m.flagWords("-"+l, &fd) {
			asked = asked || said[w]
		}
		if !asked {
			out = append(out, l)
		}
	}
	return strings.Join(out, "")
}

// addImpliedSeparator adds, for a task that names columns but no
// separator, the separator the input's extension names (a .csv is
// comma-separated) on the input separator flag whose help names another
// default ("use DELIM instead of TAB"): without it the tool would not
// find the task's columns.
func (m *mapper) addImpliedSeparator(f *Fill, c *candidate, used map[string]bool, add func(*FlagDoc, string, string)) {
	if len(m.slots.Columns) == 0 || len(m.slots.Separators) > 0 {
		return
	}
	sep := m.impliedSeparator()
	if sep == "" {
		return
	}
	for j := range c.flags {
		fd := &c.flags[j]
		if !separatorFlag(fd) || outputSeparator(fd) {
			continue
		}
		if alreadyUsed(used, *fd) {
			return // the example's separator stays or went for a reason of its own
		}
		if def := defaultSeparator(fd); def != "" && def != sep {
			add(fd, sep, fmt.Sprintf("the separator the input's extension names (%q), not the default of %s", sep, fd.Name))
			m.evidence = append(m.evidence, fmt.Sprintf("added %s %q: the input's extension names the separator, and the help's default is another", spelling(*fd), sep))
		}
		return
	}
}
