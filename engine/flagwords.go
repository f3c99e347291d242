package engine

import (
	"fmt"
	"github.com/traitome/oxo-call/internal/lazyre"
	"strings"

	"github.com/traitome/oxo-call/task"
)

// A task may write a flag's name bare, with its value after it ("对 bfile
// qc 做关联分析", "in the pfile cohort"): the word after is a value the
// task gives, and it goes to that flag. Only a flag that names a thing
// (its help speaks of a prefix, a name, a database) and a name no prose
// writes count: one the tool's help never uses as a plain word (plink's
// "bfile" appears in its help only as --bfile; "output" is prose in every
// help).

// proseWordRE is a word of the help not written as a flag (no dash before)
// nor quoted as a literal ('pfile').
var proseWordRE = lazyre.New(`(?:^|[^-\w'"])([A-Za-z][A-Za-z0-9]+)`)

// helpProse is the set of words, lower-cased, the candidate's help writes
// as plain words: its description and its flags' descriptions.
func helpProse(c *candidate) map[string]bool {
	out := map[string]bool{}
	add := func(s string) {
		for _, m := range proseWordRE.FindAllStringSubmatch(s, -1) {
			out[strings.ToLower(m[1])] = true
		}
	}
	add(c.desc)
	for _, fd := range c.flags {
		add(fd.Description)
	}
	return out
}

// bareFlag is the value-taking flag of c whose long name, without its
// dashes, is the word w, when the help writes w nowhere as prose.
func bareFlag(c *candidate, w string, prose map[string]bool) (FlagDoc, bool) {
	lw := strings.ToLower(w)
	if len(lw) < 4 || prose[lw] {
		return FlagDoc{}, false
	}
	for _, fd := range c.flags {
		// The flag names a thing (its help speaks of a prefix, a name, a
		// database: lexicon name_flag_part), the kind of value a task
		// writes by a bare word.
		if fd.ParamType == "bool" || !task.V().Mentions("name_flag_part", fd.Description) || task.V().Mentions("command_value", fd.Description) {
			continue
		}
		for _, n := range append([]string{fd.Name}, fd.Aliases...) {
			if strings.HasPrefix(n, "-") && len(strings.TrimLeft(n, "-")) >= 4 && strings.EqualFold(strings.TrimLeft(n, "-"), lw) {
				return fd, true
			}
		}
	}
	return FlagDoc{}, false
}

// flagWordValues reads the values the task writes after a flag's bare
// name and records the flag each goes to (m.flagWordTarget).
func (m *mapper) flagWordValues(c *candidate) []task.Value {
	if c == nil || len(c.flags) == 0 {
		return nil
	}
	taken := m.taskItems()
	toks := tokens(m.task)
	var prose map[string]bool
	var out []task.Value
	// The task's first word is its verb ("extract chromosome 22"), no
	// flag's name.
	for i := 1; i+1 < len(toks); i++ {
		w := strings.Trim(toks[i], ",;:()'\"")
		if w == "" || strings.ContainsAny(toks[i], ",;") || task.Stopword(strings.ToLower(w)) || !isWordArg(w) {
			continue
		}
		if prose == nil {
			prose = helpProse(c)
		}
		fd, ok := bareFlag(c, w, prose)
		if !ok {
			continue
		}
		raw := strings.Trim(toks[i+1], ",;:()'\"")
		low := strings.ToLower(raw)
		if raw == "" || !isName(raw) || isCJK(raw) || FileType(raw) != "" || numberRE.MatchString(raw) || task.Stopword(low) || taken[raw] {
			continue
		}
		taken[raw] = true
		if m.flagWordTarget == nil {
			m.flagWordTarget = map[string]FlagDoc{}
		}
		m.flagWordTarget[raw] = fd
		out = append(out, task.Value{Text: raw, Markers: []string{strings.ToLower(w)}, Shape: task.ShapeNamed, Pos: i + 1})
		m.evidence = append(m.evidence, fmt.Sprintf("read %s as the value of %s: the task writes the flag's name before it", raw, fd.Name))
	}
	return out
}

// taskItems are the texts of the frame's items that have a place of their
// own (an identifier has none until a flag takes it).
func (m *mapper) taskItems() map[string]bool {
	out := map[string]bool{}
	for _, f := range m.slots.Files {
		out[f.Path] = true
	}
	for _, group := range [][]string{m.slots.Names, m.slots.Regions, m.slots.Sequences, m.slots.Quoted} {
		for _, v := range group {
			out[v] = true
		}
	}
	for _, v := range m.slots.Values {
		out[v.Text] = true
	}
	return out
}
