package engine

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/traitome/oxo-call/task"
)

// A task may name a switch outright: its long name is a word of the task,
// or its words stand in the task in a row ("paired-end reads" for
// --paired-end, "with bowtie2" for --bowtie2). That is stronger evidence
// than any fit of its help, and holds though another placed flag's help
// speaks of the same word (rsem's -p help mentions Bowtie2). A name that
// says what any command of the kind does (the lexicon class
// generic_flag_name: output, threads, version) names nothing, nor does a
// name the tool's or subcommand's own name holds, nor one the example's
// task says as well (its author said it and needed no switch).

// nameTokens are the task's words as a flag name could stand in it: runs
// of ASCII letters, digits, dashes and underscores, lower-cased, each split
// into its parts at the dashes and underscores ("(more-sensitive)": more,
// sensitive); the four words after a negation and paths are left out.
func nameTokens(text string) [][]string {
	var out [][]string
	for _, cl := range negatedClauses(text) {
		text = strings.Replace(text, cl, ",", 1) // "不输出 SAM 头" names no --sam
	}
	fields := strings.Fields(strings.ToLower(text))
	negated, own := negatedFields(fields) // "without the summits" names no --summits
	for i, f := range fields {
		if own[i] {
			continue
		}
		if negated[i] || strings.Contains(f, "/") {
			// a path ("/data/backup/") names a place, not a switch
			out = append(out, []string{""}) // a name runs on no further
			continue
		}
		for _, t := range strings.FieldsFunc(f, func(r rune) bool {
			return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-' || r == '_')
		}) {
			if p := splitParts(t, false); len(p) > 0 {
				out = append(out, p)
			}
		}
	}
	return out
}

// namedRun reports whether tokens hold the words of name in a row, whole
// tokens from the first word of one to the last word of another ("very
// sensitive" names --very-sensitive; "very-sensitive" does not name
// --sensitive, nor "chr22_het" --het).
func namedRun(tokens [][]string, name []string) bool {
	for i := range tokens {
		var run []string
		for j := i; j < len(tokens) && len(run) < len(name); j++ {
			run = append(run, tokens[j]...)
		}
		if slices.Equal(run, name) {
			return true
		}
	}
	return false
}

// within reports whether the words of name stand in a row inside the
// longer name of.
func within(name, of []string) bool {
	for i := 0; i+len(name) <= len(of) && len(name) < len(of); i++ {
		if slices.Equal(of[i:i+len(name)], name) {
			return true
		}
	}
	return false
}

// literalName returns the words of the long name of fd the task's words
// name, nil when none does.
func (m *mapper) literalName(fd FlagDoc, tw, ew [][]string) []string {
	for _, n := range append([]string{fd.Name}, fd.Aliases...) {
		bare := strings.TrimLeft(n, "-")
		if len(bare) < 3 || task.V().Word("generic_flag_name", strings.ToLower(bare)) {
			continue
		}
		parts := splitIdent(bare)
		if len(parts) == 1 && (task.Stopword(parts[0]) || m.candTerms(m.cand, false)[root(parts[0])]) {
			continue
		}
		if namedRun(tw, parts) && !namedRun(ew, parts) {
			return parts
		}
	}
	return nil
}

// addNamedSwitches is the pass that adds the switches the task names
// outright (literalName), each with the evidence of the words that name
// it; a name that stands inside a longer one the task names too, or one
// the command sets, is part of that name ("very sensitive local" names
// --very-sensitive-local, not --sensitive nor --local).
func (m *mapper) addNamedSwitches(a *adaptation) {
	tw := nameTokens(withoutFiles(m.task))
	ew := nameTokens(withoutFiles(a.exTask))
	type named struct {
		fd    FlagDoc
		parts []string
	}
	var found []named
	var longer [][]string
	for _, fd := range a.c.flags {
		var parts []string
		if alreadyUsed(a.used, fd) || a.used[spelling(fd)] {
			for _, n := range append([]string{fd.Name}, fd.Aliases...) {
				longer = append(longer, splitIdent(strings.TrimLeft(n, "-")))
			}
			continue
		}
		if _, ok := switchOn(fd); !ok || fd.Name == "" || m.endsRun(fd) || deprecated(fd, a.c.flags) {
			continue
		}
		if parts = m.literalName(fd, tw, ew); parts != nil {
			if t, ok := seeTarget(a.c.flags, fd); ok {
				if alreadyUsed(a.used, t) {
					continue
				}
				fd = t // its help is the other spelling's
			}
			found = append(found, named{fd, parts})
			longer = append(longer, parts)
		}
	}
	for _, x := range found {
		if slices.ContainsFunc(longer, func(of []string) bool { return within(x.parts, of) }) {
			continue
		}
		if y, ok := m.fullerName(a, x.fd, x.parts, tw); ok {
			x.fd, x.parts = y, splitIdent(strings.TrimLeft(y.Name, "-"))
		}
		if by := m.saidBySetValue(a, x.parts); by != "" {
			m.evidence = append(m.evidence, fmt.Sprintf("left out %s: the task's %q is said by the help of %s, which the fill sets with the task's value", spelling(x.fd), strings.Join(x.parts, " "), by))
			continue
		}
		if task.V().Mentions("keeps_only", x.fd.Description) && m.removedBefore(x.parts) {
			// "remove the repeated lines" names uniq's --repeated, "only
			// print duplicate lines": the task takes away what the
			// switch keeps
			m.evidence = append(m.evidence, fmt.Sprintf("left out %s: the task removes the %s, which its help keeps only (%q)", spelling(x.fd), strings.Join(x.parts, " "), x.fd.Description))
			continue
		}
		if onByDefault(x.fd) {
			// named, but on already (EMBOSS "-[no]report toggle [Y]"
			// for "report written to x"): setting it adds nothing
			m.namedSwitches++
			m.onNamed = append(m.onNamed, x.fd.Name)
			m.evidence = append(m.evidence, fmt.Sprintf("left out %s: the task names it (%s), and it is on by default", spelling(x.fd), strings.Join(x.parts, " ")))
			continue
		}
		if len(x.parts) == 1 && ownAction(a.c.desc, x.parts[0]) {
			// "align the EST … to the locus" asks est2genome ("Align
			// EST sequences to genomic DNA sequence") to do what it does,
			// not for -align ("Show the alignment")
			m.evidence = append(m.evidence, fmt.Sprintf("left out %s: the task's %q is the tool's own action (%q)", spelling(x.fd), x.parts[0], a.c.desc))
			continue
		}
		m.dropWithin(a, x.parts)
		name := m.addSwitch(a, x.fd, "the task names it: "+strings.Join(x.parts, " "))
		m.namedSwitches++
		m.evidence = append(m.evidence, fmt.Sprintf("added %s: the task names it (%s)", name, strings.Join(x.parts, " ")))
	}
}

// saidBySetValue returns a flag the fill sets with a value of the task
// whose help opens on the one word that names a switch, what the flag
// does: "discard reads with more than 1 expected error" names cutadapt's
// --discard (an alias of --discard-trimmed), but "discard" is what
// --max-expected-errors 1 does ("Discard reads whose expected number of
// errors … exceeds ERRORS"). A help that says the word later ("Number of
// threads … Bowtie2" of rsem's -p) does not do it, nor does a flag that
// takes a file, whose help says what the file holds (fastp's
// --merged_out "in the merging mode, … merged output" asks for --merge).
func (m *mapper) saidBySetValue(a *adaptation, parts []string) string {
	if len(parts) != 1 {
		return ""
	}
	items := m.taskItems()
	for _, fv := range a.f.Flags {
		if !fv.HasValue || !items[fv.Value] && !m.taskNumber(fv.Value) || knownExt(fv.Value) {
			continue
		}
		if fd, ok := LookupFlag(a.c.flags, fv.Name); ok && firstHelpWord(fd) == stem(parts[0]) {
			return fv.Name
		}
	}
	return ""
}

// fullerName returns the one switch whose name begins with a one-word
// name the task names and whose other parts the task says too, apart
// ("List every chromosome" names --list-chromosomes over --list; "list
// … as JSON" --list-json): the task said more of the longer name.
func (m *mapper) fullerName(a *adaptation, fd FlagDoc, parts []string, tw [][]string) (FlagDoc, bool) {
	if len(parts) != 1 {
		return FlagDoc{}, false
	}
	said := map[string]bool{}
	for _, ws := range tw {
		for _, w := range ws {
			said[w], said[stem(w)], said[root(w)] = true, true, true
		}
	}
	var best []FlagDoc
	most := 1
	for _, o := range a.c.flags {
		if o.Name == fd.Name || alreadyUsed(a.used, o) {
			continue
		}
		if _, ok := switchOn(o); !ok {
			continue
		}
		for _, n := range append([]string{o.Name}, o.Aliases...) {
			ps := splitIdent(strings.TrimLeft(n, "-"))
			if len(ps) < 2 || ps[0] != parts[0] || !allSaid(ps[1:], said) {
				continue
			}
			switch {
			case len(ps) > most:
				best, most = []FlagDoc{o}, len(ps)
			case len(ps) == most && !slices.ContainsFunc(best, func(b FlagDoc) bool { return b.Name == o.Name }):
				best = append(best, o)
			}
		}
	}
	if len(best) != 1 {
		return FlagDoc{}, false
	}
	return best[0], true
}

// allSaid reports name parts the task says each, as written or stemmed.
func allSaid(parts []string, said map[string]bool) bool {
	for _, p := range parts {
		if len(p) < 3 || !said[p] && !said[stem(p)] && !said[root(p)] {
			return false
		}
	}
	return true
}

// switchOn returns the value that turns a flag on when the flag is a
// switch: "" for a plain switch (bool), the help's word for on when the
// flag takes one of two values, on or off (augustus' "--gff3=on/off",
// velvetg's "-clean yes|no"; lexicon classes switch_on_value and
// switch_off_value), unless its default is on.
func switchOn(fd FlagDoc) (string, bool) {
	if fd.ParamType == "bool" {
		return "", true
	}
	alts := strings.FieldsFunc(fd.Placeholder, func(r rune) bool { return r == '/' || r == '|' })
	if len(alts) != 2 {
		return "", false
	}
	for i, on := range alts {
		off := alts[1-i]
		if task.V().Word("switch_on_value", strings.ToLower(on)) && task.V().Word("switch_off_value", strings.ToLower(off)) &&
			!task.V().Word("switch_on_value", strings.ToLower(fd.Default)) {
			return on, true
		}
	}
	return "", false
}

// addSwitch sets a switch of the help (with its on value, switchOn) and
// records why.
func (m *mapper) addSwitch(a *adaptation, fd FlagDoc, why string) string {
	name := spelling(fd)
	a.used[fd.Name], a.used[name] = true, true
	fv := FlagValue{Name: name, Why: why}
	if on, _ := switchOn(fd); on != "" {
		fv.Value, fv.HasValue, fv.Style = on, true, kvStyle(fd)
		if fv.Style == "" && slices.ContainsFunc(a.toks, func(t exToken) bool { return t.style == "eq" }) {
			fv.Style = "eq" // as the example writes its values (--species=human)
		}
	}
	a.f.Flags = append(a.f.Flags, fv)
	a.f.Order = insertBeforePositionals(a.f.Order, fmt.Sprintf("f%d", len(a.f.Flags)-1))
	return name
}

// fromExample reports a switch the command sets as the example wrote it.
func (m *mapper) fromExample(a *adaptation, fd FlagDoc) bool {
	for _, fv := range a.f.Flags {
		if !fv.HasValue && fv.Why == "from the example" && (fv.Name == fd.Name || slices.Contains(fd.Aliases, fv.Name)) {
			return true
		}
	}
	return false
}

// dropWithin drops the example's switches whose long name stands inside
// the name the task gives (the example's --sensitive where the task names
// --more-sensitive): the task asks for the longer one in its place.
func (m *mapper) dropWithin(a *adaptation, name []string) {
	for i := len(a.f.Flags) - 1; i >= 0; i-- {
		fv := a.f.Flags[i]
		fd, ok := LookupFlag(a.c.flags, fv.Name)
		if !ok || !m.fromExample(a, fd) {
			continue
		}
		if !slices.ContainsFunc(append([]string{fd.Name}, fd.Aliases...), func(n string) bool {
			return within(splitIdent(strings.TrimLeft(n, "-")), name)
		}) {
			continue
		}
		a.f.Flags = slices.Delete(a.f.Flags, i, i+1)
		a.f.Order = dropOrdered(a.f.Order, "f", i)
		m.evidence = append(m.evidence, fmt.Sprintf("dropped %s from the example: the task names %s, which holds it", fv.Name, strings.Join(name, "-")))
	}
}

// dropOrdered removes item i of a kind ("f" flags, "p" positionals)
// from a fill's order and renumbers the later ones of that kind.
func dropOrdered(order []string, kind string, i int) []string {
	var out []string
	for _, o := range order {
		if strings.HasPrefix(o, kind) {
			switch j := atoi(o[len(kind):]); {
			case j == i:
				continue
			case j > i:
				o = fmt.Sprintf("%s%d", kind, j-1)
			}
		}
		out = append(out, o)
	}
	return out
}

// seeTarget returns the flag a flag's help sends the reader to ("--force
// See -f": a second spelling of -f, whose own help says what it does).
// The first word of the help is of the lexicon class more_help_verb.
func seeTarget(flags []FlagDoc, fd FlagDoc) (FlagDoc, bool) {
	w := strings.Fields(fd.Description)
	if len(w) < 2 || !task.V().Word("more_help_verb", strings.ToLower(w[0])) || !strings.HasPrefix(w[1], "-") {
		return FlagDoc{}, false
	}
	t, ok := LookupFlag(flags, strings.TrimRight(w[1], ".,;:"))
	return t, ok && t.Name != fd.Name
}

// deprecated reports a flag whose help says it is kept only for old
// scripts (lexicon class deprecated_word) and another flag of flags says
// the same words besides (bedtools getfasta's -name+ "(deprecated) Use
// the name field and coordinates for the FASTA header", whose current
// spelling is -name): the task's words add the current one. A deprecated
// flag with no such sibling (fastq-dump's --gzip) is still the one that
// does it.
func deprecated(fd FlagDoc, flags []FlagDoc) bool {
	if !task.V().Mentions("deprecated_word", fd.Description) {
		return false
	}
	own := contentWords(fd.Description)
	for w := range contentWords(strings.Join(task.V().Words("deprecated_word"), " ")) {
		delete(own, w)
	}
	return slices.ContainsFunc(flags, func(o FlagDoc) bool {
		return o.Name != fd.Name && len(own) > 0 && maps.Equal(contentWords(o.Description), own)
	})
}

// removedBefore reports words of a name the task says a few words after
// a verb that takes them away (lexicon removes_verb: "remove the
// repeated lines", "collapse adjacent repeated lines").
func (m *mapper) removedBefore(parts []string) bool {
	if len(parts) == 0 {
		return false
	}
	tw := strings.Fields(strings.ToLower(withoutFiles(m.task)))
	for i, w := range tw {
		if !strings.HasPrefix(strings.Trim(w, ",;:.()"), parts[0]) {
			continue
		}
		before := tw[max(0, i-4):i]
		for k := len(before) - 1; k >= 0; k-- {
			if strings.ContainsAny(before[k], ",;:.") {
				before = before[k+1:]
				break
			}
		}
		if task.V().Mentions("removes_verb", strings.Join(before, " ")) {
			return true
		}
	}
	return false
}

// ownAction reports a word that is the first word of the tool's or
// subcommand's description, its action ("Align EST sequences to genomic
// DNA sequence"): a task that says it asks for the tool, not for a
// switch of that name.
func ownAction(desc, w string) bool {
	f := strings.Fields(desc)
	if len(f) < 2 {
		return false
	}
	a, lw := stem(strings.ToLower(strings.Trim(f[0], ".,:;"))), strings.ToLower(w)
	return a == lw || a == stem(lw) // w may be a stem already ("compres")
}
