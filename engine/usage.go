package engine

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/traitome/oxo-call/parsers"
	"github.com/traitome/oxo-call/task"
)

// usageRoom returns the most positionals any usage line of the candidate
// takes, and false when there is no usage line to go by or one takes any
// number of them (a "..." or a command line of its own). The root of a
// tool reads every usage line of its help ("rsem-calculate-expression
// [options] reads ref sample" and its "--paired-end" form with one more).
func (m *mapper) usageRoom(c *candidate) (int, []string, bool) {
	lines := []string{c.usage}
	if m.doc != nil && len(c.sub) == 0 && c.exe == m.rec.Executable {
		lines = m.doc.UsagePatterns
	}
	room, read := 0, []string(nil)
	for _, l := range lines {
		if len(strings.Fields(l)) < 2 {
			continue // a program name alone shows nothing of its arguments
		}
		ps := parsers.UsagePositionals(l)
		for _, p := range ps {
			if p.Repeatable || p.Command || manyPlaceholder(p.Name) {
				return 0, nil, false
			}
		}
		room = max(room, len(ps))
		read = append(read, l)
	}
	// A usage that shows no positional at all ("seqkit stats [flags]")
	// often leaves its files out: it says nothing of how many it takes.
	return room, read, len(read) > 0 && room > 0
}

// manyPlaceholder reports a usage placeholder that names several things
// ("<filename(s)>", "FASTQ-files"; lexicon class plural_placeholder).
func manyPlaceholder(name string) bool {
	low := strings.ToLower(name)
	words := strings.FieldsFunc(low, func(r rune) bool { return !unicode.IsLetter(r) && r != '(' && r != ')' })
	return len(words) > 0 && task.V().Is("plural_placeholder", words[len(words)-1])
}

// countedPositionals are the fill's positionals a usage count applies to:
// not a bundle of switches written as one word ("comm -12"), nor a word
// right after a switch in an example's order, which may be the value of a
// flag the help reads as a switch (bedtools getfasta's "-fo regions.fa"),
// nor the mode a
// usage line writes as a literal word ("maf-convert sam mafFile(s)"),
// which a usage line's places do not count.
func countedPositionals(f *Fill, c *candidate) []string {
	afterSwitch := map[int]bool{}
	// (Only an example's order says so: built from the help, the
	// command writes its switches before the positionals itself.)
	if f.Example != nil && len(f.Order) == len(f.Flags)+len(f.Positionals) {
		for k := 1; k < len(f.Order); k++ {
			if f.Order[k-1][0] == 'f' && f.Order[k][0] == 'p' && !f.Flags[atoi(f.Order[k-1][1:])].HasValue {
				afterSwitch[atoi(f.Order[k][1:])] = true
			}
		}
	}
	var out []string
	for i, p := range f.Positionals {
		if len(p) > 1 && p[0] == '-' || afterSwitch[i] || literalMode(c, p) {
			continue
		}
		out = append(out, p)
	}
	return out
}

// shapeMismatches names what the command holds beyond what the tool and
// the task allow: positionals past the most the usage takes ("racon
// <sequences> <overlaps> <target sequences>" given a fourth), and a task
// value written more times than the task gives it, on flags or in one
// repeatable place of the usage ("slice aln.bam chr1 chr1" for one chr1;
// "-s 1 … -S 1" for one "column 1").
func (m *mapper) shapeMismatches(f *Fill, c *candidate) []string {
	var out []string
	if room, lines, ok := m.usageRoom(c); ok && c.known && len(countedPositionals(f, c)) > room {
		extra := countedPositionals(f, c)[room:]
		line := fmt.Sprintf("%s %s beyond the %d positional%s the usage takes (%s)", strings.Join(extra, " "), isAre(len(extra)), room, plural(room), strings.Join(lines, "; "))
		m.evidence = append(m.evidence, "usage: "+line)
		out = append(out, line)
	}
	inTask := map[string]int{}
	for _, t := range tokens(m.task) {
		inTask[strings.Trim(t, ",;()'\"")]++
	}
	inCmd := map[string]int{}
	var order []string
	count := func(v string) {
		if v == "" || !m.taskValues()[v] {
			return
		}
		if inCmd[v] == 0 {
			order = append(order, v)
		}
		inCmd[v]++
	}
	for _, fv := range f.Flags {
		if !fv.HasValue {
			continue
		}
		count(fv.Value)
		// A range the task's two numbers make ("1-10" for "1 to 10")
		// writes each of them.
		if lo, hi, ok := strings.Cut(fv.Value, "-"); ok && numRangeRE.MatchString(fv.Value) && !m.taskValues()[fv.Value] {
			count(lo)
			count(hi)
		}
	}
	// Positionals count where they fill one repeatable place of the usage
	// (regions, input files): one value in two different places
	// ("createtsv seqDB seqDB …", query and target) may be meant.
	for i, p := range f.Positionals {
		if n := len(c.positionals); n > 0 && c.positionals[min(i, n-1)].Repeatable {
			count(p)
		}
	}
	count(f.Stdout)
	count(f.Stdin)
	for _, v := range order {
		if n := inTask[v]; n > 0 && inCmd[v] > n {
			line := fmt.Sprintf("%s is written %d times; the task gives it %s", v, inCmd[v], times(n))
			m.evidence = append(m.evidence, "repeated: "+line)
			out = append(out, line)
		}
	}
	if line := m.mixedKinds(f, c); line != "" {
		m.evidence = append(m.evidence, "usage: "+line)
		out = append(out, line)
	}
	return out
}

// mixedKinds names a task file of another kind than the first one that
// shares a list of the usage's places with it (a repeatable place, and
// the places of its name but for a number): the list is of one kind of
// file ("input_file1 [input_file2] ..." of featureCounts,
// SAM or BAM), and "sample.bam genome.fa" there means genome.fa has no
// place of its own in the command.
func (m *mapper) mixedKinds(f *Fill, c *candidate) string {
	slots := slotsFor(c.positionals, len(f.Positionals))
	list := map[string]bool{} // the names of repeatable places, numbers left out
	for _, p := range c.positionals {
		if p.Repeatable {
			list[listName(p.Name)] = true
		}
	}
	first := map[string]string{} // such a name → its first file
	for i, p := range f.Positionals {
		if slots[i] == nil || !list[listName(slots[i].Name)] || !knownExt(p) || !m.taskInput(p) {
			continue
		}
		key := listName(slots[i].Name)
		prev, ok := first[key]
		if !ok {
			first[key] = p
			continue
		}
		if family(FileType(p)) != family(FileType(prev)) {
			return fmt.Sprintf("%s is not of the kind of %s, though the two share the list <%s>", p, prev, slots[i].Name)
		}
	}
	return ""
}

// listName is a usage place's name with its digits left out: the places
// of one list ("input_file1 [input_file2] ...") share it.
func listName(name string) string {
	return strings.Map(func(r rune) rune {
		if r >= '0' && r <= '9' {
			return -1
		}
		return r
	}, strings.ToLower(name))
}

func isAre(n int) string {
	if n == 1 {
		return "is"
	}
	return "are"
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

func times(n int) string {
	if n == 1 {
		return "once"
	}
	return fmt.Sprintf("%d times", n)
}

// literalMode reports a value of the candidate's place that usage lines
// alike but for one literal word choose (named "axt|bed|sam" by the
// parser; argparse's "{a,b}" is a place its usage line counts), or that
// place's placeholder.
func literalMode(c *candidate, v string) bool {
	for _, p := range c.positionals {
		if len(p.Choices) > 1 && !strings.HasPrefix(p.Name, "{") && (hasFold(p.Choices, v) || v == "<"+strings.Join(p.Choices, "|")+">") {
			return true
		}
	}
	return false
}
