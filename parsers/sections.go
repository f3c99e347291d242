package parsers

import (
	"strings"
)

// heading is a section heading found on one line.
type heading struct {
	label  string // as written, colon trimmed
	indent int    // display column of the label
	// inline is the text after the label on the same line ("Command:
	// index  index sequences"), and inlineAt its byte offset in the line.
	inline   string
	inlineAt int
	// strong headings end with ':', are all capitals, or are usage labels;
	// the others are "Label: text" lines, listed only when a block follows.
	strong bool
}

// maxHeadingIndent is the deepest indentation a heading may have; deeper
// lines are entries or wrapped descriptions.
const maxHeadingIndent = 4

// headingAt reads line as a heading, if it is one.
func headingAt(line string) (heading, bool) {
	ind, off := indentOf(line)
	if ind > maxHeadingIndent || off >= len(line) {
		return heading{}, false
	}
	t := line[off:]
	if strings.IndexByte("-[<{(*#|=", t[0]) >= 0 {
		return heading{}, false
	}
	h := heading{indent: ind, strong: true}
	if l, rest := usageLabel(t); l > 0 {
		h.label = t[:l]
		if rest < len(t) {
			h.inline, h.inlineAt = t[rest:], off+rest
		}
		return h, true
	}
	if strings.HasSuffix(t, ":") {
		label := t[:len(t)-1]
		if k := strings.IndexByte(label, ':'); k > 0 {
			// "Presets:      Same as:": a second column header
			if gs, ge := gapIndex(label[k+1:]); gs == 0 {
				h.inline, h.inlineAt = label[k+1+ge:]+":", off+k+1+ge
				label = label[:k]
			}
		}
		if validLabel(label) {
			h.label = label
			return h, true
		}
		return heading{}, false
	}
	if allCapsHeading(t) {
		h.label = t
		return h, true
	}
	if k := strings.IndexByte(t, ':'); k > 0 && k+1 < len(t) && (t[k+1] == ' ' || t[k+1] == '\t') && inlineLabel(t[:k]) {
		j := k + 1
		for j < len(t) && (t[j] == ' ' || t[j] == '\t') {
			j++
		}
		h.label, h.inline, h.inlineAt, h.strong = t[:k], t[j:], off+j, false
		return h, true
	}
	return heading{}, false
}

// headingTable reads every line of ls as a heading or not, in context:
// an indented heading must start a block (follow a blank line, another
// heading, or deeper text), so "   alignment view options:" continuing an
// option entry written less deeply is not one. Entry i is valid when
// label is not empty.
func headingTable(ls []string) []heading {
	hs := make([]heading, len(ls))
	for i, l := range ls {
		h, ok := headingAt(l)
		if !ok {
			continue
		}
		if h.indent > 0 && i > 0 && !isBlank(ls[i-1]) && hs[i-1].label == "" {
			if prev, _ := indentOf(ls[i-1]); prev <= h.indent {
				continue
			}
		}
		hs[i] = h
	}
	return hs
}

// validLabel reports whether text before a final colon is a heading label
// and not a sentence or an entry that happens to end with ':'.
func validLabel(label string) bool {
	if label == "" || len(label) > 60 || !hasLetter(label) || strings.ContainsAny(label, "=\t") {
		return false
	}
	if gs, _ := gapIndex(label); gs >= 0 {
		return false
	}
	if strings.Contains(label, ". ") || strings.Contains(label, "http") {
		return false
	}
	return len(strings.Fields(label)) <= 6
}

// allCapsHeading reports whether t is a heading in capitals ("OPTIONS",
// "OPTIONAL ARGUMENTS"). Short words such as "OR" are not.
func allCapsHeading(t string) bool {
	letters := 0
	for i := 0; i < len(t); i++ {
		c := t[i]
		switch {
		case c >= 'A' && c <= 'Z':
			letters++
		case isDigit(c) || strings.IndexByte(" /&_-", c) >= 0:
		default:
			return false
		}
	}
	return letters >= 4 && len(strings.Fields(t)) <= 5
}

// inlineLabel reports whether s may label a line that carries its own
// content: one to three words, capitalised ("Command", "Note").
func inlineLabel(s string) bool {
	if s == "" || len(s) > 30 || s[0] < 'A' || s[0] > 'Z' {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !isLetter(c) && c != ' ' && c != '/' && c != '-' {
			return false
		}
	}
	return len(strings.Fields(s)) <= 3
}

// Headings lists the section headings of a help text in order: labels
// ending with ':', headings in capitals, usage labels, and "Label: item"
// lines followed by an indented block ("Command: index ..."). Case is
// kept, the colon trimmed, and each label appears once.
func Headings(help string) []string {
	ls := splitLines(normalize(help))
	seen := map[string]bool{}
	var out []string
	for i, h := range headingTable(ls) {
		if h.label == "" || seen[h.label] {
			continue
		}
		if !h.strong && !blockFollows(ls, i, h.indent) {
			continue
		}
		seen[h.label] = true
		out = append(out, h.label)
	}
	return out
}

// blockFollows reports whether the next non-blank line after i is
// indented deeper than indent.
func blockFollows(ls []string, i, indent int) bool {
	for j := i + 1; j < len(ls); j++ {
		if !isBlank(ls[j]) {
			ind, _ := indentOf(ls[j])
			return ind > indent
		}
	}
	return false
}

// sameLabel compares a heading label with a wanted name, ignoring case,
// surrounding space and a trailing colon.
func sameLabel(label, want string) bool {
	want = strings.TrimSuffix(strings.TrimSpace(want), ":")
	return strings.EqualFold(strings.TrimSpace(label), strings.TrimSpace(want))
}

// Section returns the lines under the first heading matching name (case
// does not matter; a trailing colon is optional). Text on the heading's own
// line comes first, with the label blanked so columns are kept. Blank
// lines do not end the section; the next heading at the same or a lower
// indentation does. Trailing blank lines are dropped.
func Section(help, name string) []string {
	return section(splitLines(normalize(help)), name)
}

// section is Section over prepared lines.
func section(ls []string, name string) []string {
	hs := headingTable(ls)
	for i, h := range hs {
		if h.label == "" || !sameLabel(h.label, name) {
			continue
		}
		l := ls[i]
		var out []string
		if h.inline != "" {
			out = append(out, strings.Repeat(" ", colAt(l, h.inlineAt))+l[h.inlineAt:])
		}
		for j := i + 1; j < len(ls); j++ {
			if hh := hs[j]; hh.label != "" && hh.indent <= h.indent {
				break
			}
			out = append(out, ls[j])
		}
		for len(out) > 0 && isBlank(out[len(out)-1]) {
			out = out[:len(out)-1]
		}
		return out
	}
	return nil
}
