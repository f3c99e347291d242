package parsers

import (
	"fmt"
	"strings"
)

// ListMethod says how a help text lists its subcommands.
type ListMethod struct {
	// Kind is one of:
	//   section      "name   description" rows under one of Headings
	//                (group rows such as "-- Indexing" are skipped);
	//   braces       the {a,b,c} choice list of an argparse usage, with
	//                descriptions from the indented rows under the
	//                matching {a,b,c} line;
	//   heading_item rows that start on the heading's own line
	//                ("Command: index   index sequences");
	//   listing      indented "name   description" rows anywhere, in runs
	//                of at least two, under headings of any wording
	//                (mmseqs: "Easy workflows for plain text input/output");
	//   inline       a comma-separated list on one line, after one of
	//                Headings ("Where <cmd> is one of: count, bc, info.").
	Kind string
	// Headings name the sections to read, matched without regard to case
	// or a trailing colon. For braces they limit where the {a,b,c} row is
	// looked for; empty means anywhere.
	Headings []string
}

// ExtractSubcommands lists the subcommands a help text shows, in order and
// without duplicates. Names are command-like words (letters, digits, '-',
// '_', '.'); rows whose first word is not one are skipped.
func ExtractSubcommands(help string, m ListMethod) ([]Entry, error) {
	ls := splitLines(normalize(help))
	var heads []string
	for _, h := range m.Headings {
		if strings.TrimSpace(h) != "" {
			heads = append(heads, h)
		}
	}
	m.Headings = heads
	switch m.Kind {
	case "section":
		return fromSections(ls, m.Headings, false), nil
	case "heading_item":
		return fromSections(ls, m.Headings, true), nil
	case "braces":
		return fromBraces(ls, m.Headings), nil
	case "listing":
		return fromListing(ls), nil
	case "inline":
		return fromInline(ls, m.Headings), nil
	}
	return nil, fmt.Errorf("unknown list method kind %q (want section, braces, heading_item, listing or inline)", m.Kind)
}

// validCommandName reports whether s can name a subcommand.
func validCommandName(s string) bool {
	if s == "" || len(s) > 64 || !(isLetter(s[0]) || isDigit(s[0])) {
		return false
	}
	for i := 1; i < len(s); i++ {
		c := s[i]
		if !isLetter(c) && !isDigit(c) && c != '-' && c != '_' && c != '.' {
			return false
		}
	}
	return true
}

// entryList gathers entries, keeping the first of each name.
type entryList struct {
	seen map[string]bool
	out  []Entry
}

// add appends an entry unless its name is invalid or already listed.
func (l *entryList) add(name, desc string) {
	if !validCommandName(name) || l.seen[name] {
		return
	}
	if l.seen == nil {
		l.seen = map[string]bool{}
	}
	l.seen[name] = true
	// "index      : create a salmon index" separates with a colon,
	// "simple     - performs set operation" with a dash.
	d := strings.TrimSpace(desc)
	d = strings.TrimPrefix(strings.TrimPrefix(d, ": "), "- ")
	l.out = append(l.out, Entry{Name: name, Description: strings.TrimSpace(d)})
}

// fromSections reads the item rows under each heading in turn.
func fromSections(ls []string, headings []string, stopShallower bool) []Entry {
	var l entryList
	for _, h := range headings {
		for _, it := range nestedItems(parseItems(section(ls, h), stopShallower)) {
			l.add(it.name, it.desc())
		}
	}
	return l.out
}

// fromInline reads a comma-separated list that follows one of the
// headings on the same line (jellyfish: "Where <cmd> is one of: count, bc,
// info."). A list with fewer than two names, or with a word that cannot
// name a command, is not a subcommand list.
func fromInline(ls []string, headings []string) []Entry {
	var l entryList
	for _, line := range ls {
		low := strings.ToLower(line)
		for _, h := range headings {
			i := strings.Index(low, strings.ToLower(h))
			if i < 0 {
				continue
			}
			list := splitList(strings.TrimRight(strings.TrimSpace(line[i+len(h):]), "."), ",")
			if len(list) < 2 || !allValid(list) {
				continue
			}
			for _, n := range list {
				l.add(n, "")
			}
		}
	}
	return l.out
}

// fromBraces reads argparse's {a,b,c} subcommand list. Names come from the
// usage (a brace group not following a flag, which would be a choice
// value) or else from a {a,b,c} row; descriptions come from the rows
// indented under that {a,b,c} row.
func fromBraces(ls []string, headings []string) []Entry {
	usages, inUsage := findUsage(ls)
	var names []string
	for _, u := range usages {
		if names = usageBraces(u); names != nil {
			break
		}
	}
	var region []string
	if len(headings) == 0 {
		for i, l := range ls {
			if !inUsage[i] { // a wrapped usage may start with the braces
				region = append(region, l)
			}
		}
	}
	for _, h := range headings {
		region = append(region, section(ls, h)...)
	}
	descs := map[string]string{}
	for i, l := range region {
		ind, off := indentOf(l)
		first := tokens(l[off:])
		if len(first) == 0 || !wrapped(first[0], '{', '}') {
			continue
		}
		list := splitList(first[0][1:len(first[0])-1], ",")
		if !allValid(list) {
			continue
		}
		if names == nil {
			names = list
		}
		var block []string
		for _, b := range region[i+1:] {
			if bi, _ := indentOf(b); !isBlank(b) && bi <= ind {
				break
			}
			block = append(block, b)
		}
		for _, it := range parseItems(block, false) {
			descs[it.name] = it.desc()
		}
		break
	}
	var l entryList
	for _, n := range names {
		l.add(n, descs[n])
	}
	return l.out
}

// usageBraces returns the names of the first brace group in a usage line
// that is not a flag's value, or nil.
func usageBraces(u string) []string {
	toks := tokens(u)
	for i, t := range toks {
		if !wrapped(t, '{', '}') || i > 0 && strings.HasPrefix(toks[i-1], "-") {
			continue
		}
		if list := splitList(t[1:len(t)-1], ","); allValid(list) {
			return list
		}
	}
	return nil
}

// allValid reports whether a list is non-empty and every item can name a
// subcommand.
func allValid(list []string) bool {
	for _, n := range list {
		if !validCommandName(n) {
			return false
		}
	}
	return len(list) > 0
}

// fromListing reads indented "name   description" rows anywhere in the
// text. A row counts only in a run of two or more such rows (blank lines
// and group headings at the margin do not break a run), so a lone indented
// sentence is not a command.
func fromListing(ls []string) []Entry {
	var l entryList
	var run []item
	flush := func() {
		if len(run) >= 2 {
			for _, it := range run {
				l.add(it.name, it.desc())
			}
		}
		run = run[:0]
	}
	for _, line := range ls {
		if isBlank(line) {
			continue
		}
		ind, off := indentOf(line)
		if ind == 0 {
			continue // group headings of any wording sit at the margin
		}
		content := line[off:]
		it, ok := splitItem(content)
		if ind > 8 || !ok || it.same == "" || it.args != "" || strings.HasPrefix(content, "-") || !validCommandName(it.name) {
			flush()
			continue
		}
		run = append(run, it)
	}
	flush()
	return l.out
}
