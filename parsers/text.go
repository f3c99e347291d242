package parsers

import (
	"strings"

	"github.com/traitome/oxo-call/internal/lazyre"
)

// ansiRE matches terminal escape sequences (CSI, OSC and two-byte forms).
// Help captured from a terminal, or from tools that ignore NO_COLOR, carries
// them; every parser must see plain text.
var ansiRE = lazyre.New(`\x1b(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)|[@-Z\\-_])`)

// normalize turns raw help output into plain text: unified line endings, no
// escape sequences, no man-style overstrike, and rich-style boxes (drawn by
// rich-click and similar) unwrapped into ordinary headings and lines.
func normalize(help string) string {
	if strings.IndexByte(help, 0x1b) >= 0 {
		help = ansiRE.ReplaceAllString(help, "")
	}
	if strings.IndexByte(help, '\r') >= 0 {
		help = strings.ReplaceAll(help, "\r\n", "\n")
		help = strings.ReplaceAll(help, "\r", "\n")
	}
	if strings.IndexByte(help, '\b') >= 0 {
		help = stripOverstrike(help)
	}
	if strings.Contains(help, "│") || strings.Contains(help, "╭") {
		help = unbox(help)
	}
	return help
}

// stripOverstrike removes "x\bx" bold and "_\bx" underline pairs, as left by
// tools that format their help like a man page.
func stripOverstrike(s string) string {
	out := make([]rune, 0, len(s))
	for _, r := range s {
		if r == '\b' {
			if len(out) > 0 {
				out = out[:len(out)-1]
			}
			continue
		}
		out = append(out, r)
	}
	return string(out)
}

// unbox rewrites box-drawn panels: a top border "╭─ Title ──╮" becomes the
// heading "Title:", a bottom border becomes a blank line, and side borders
// are dropped so rows read like an ordinary two-column option table.
func unbox(s string) string {
	ls := strings.Split(s, "\n")
	for i, l := range ls {
		t := strings.TrimLeft(l, " ")
		switch {
		case strings.HasPrefix(t, "╭"):
			title := strings.Trim(t, "╭╮─━┌┐ ")
			if title != "" {
				title += ":"
			}
			ls[i] = title
		case strings.HasPrefix(t, "╰"):
			ls[i] = ""
		case strings.HasPrefix(t, "│"):
			t = strings.TrimPrefix(t, "│")
			t = strings.TrimRight(t, " ")
			t = strings.TrimRight(strings.TrimSuffix(t, "│"), " ")
			t = strings.TrimPrefix(t, " ")
			ls[i] = t
		}
	}
	return strings.Join(ls, "\n")
}

// splitLines splits normalised text into lines without trailing blanks, so
// that a line of spaces counts as empty.
func splitLines(text string) []string {
	ls := strings.Split(text, "\n")
	for i, l := range ls {
		ls[i] = strings.TrimRight(l, " \t")
	}
	return ls
}

// indentOf returns the display column of the first non-blank character of
// line (tabs advance to the next multiple of 8) and its byte offset.
func indentOf(line string) (col, off int) {
	for off < len(line) {
		switch line[off] {
		case ' ':
			col++
		case '\t':
			col = (col/8 + 1) * 8
		default:
			return col, off
		}
		off++
	}
	return col, off
}

// colAt returns the display column of byte offset off in line, counting
// runes (box and accented characters are one column) and expanding tabs.
func colAt(line string, off int) int {
	col := 0
	for i, r := range line {
		if i >= off {
			break
		}
		if r == '\t' {
			col = (col/8 + 1) * 8
		} else {
			col++
		}
	}
	return col
}

// isBlank reports whether a line holds only whitespace.
func isBlank(line string) bool {
	return strings.TrimSpace(line) == ""
}

// collapse joins whitespace runs into single spaces and trims the ends;
// descriptions are stored on one line whatever their wrapping was.
func collapse(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

// opens reports whether s[i] opens a bracket group. A '<' that is part of
// a comparison ("<=0", "=<4", "<0.5", "a < b") is not a placeholder;
// "in=<file>" is.
func opens(s string, i int) bool {
	switch s[i] {
	case '[', '{':
		return true
	case '<':
		return i+1 >= len(s) || s[i+1] != '=' && s[i+1] != ' ' && !isDigit(s[i+1])
	}
	return false
}

// closes reports whether s[i] closes a bracket group. A '>' that is part of
// a comparison (">=4", ">0") or an arrow ("->", "=>") does not.
func closes(s string, i int) bool {
	switch s[i] {
	case ']', '}':
		return true
	case '>':
		if i > 0 && (s[i-1] == '=' || s[i-1] == '-') {
			return false
		}
		return i+1 >= len(s) || s[i+1] != '=' && !isDigit(s[i+1])
	}
	return false
}

// tokens splits s on whitespace that is outside <...>, [...] and {...}, so
// "<input file>" or "[TFILE ...]" stay whole. A "<Type>" group glued to a
// following word ("<Integer>When") ends the token: some tools print the
// description straight after the placeholder.
func tokens(s string) []string {
	var out []string
	depth, start := 0, -1
	angle := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		if (c == ' ' || c == '\t') && depth == 0 {
			if start >= 0 {
				out = append(out, s[start:i])
				start = -1
			}
			continue
		}
		if start < 0 {
			start, angle = i, c == '<'
		}
		switch {
		case opens(s, i):
			depth++
		case closes(s, i) && depth > 0:
			depth--
			if depth == 0 && c == '>' && angle && i+1 < len(s) && isLetter(s[i+1]) {
				out = append(out, s[start:i+1])
				start = -1
			}
		}
	}
	if start >= 0 {
		out = append(out, s[start:])
	}
	return out
}

// gapIndex finds the first column gap in s: a run of two or more spaces, or
// any run holding a tab, outside brackets. It returns the run's start and
// end byte offsets, or -1, -1.
func gapIndex(s string) (int, int) {
	depth := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == ' ' || c == '\t' {
			j := i
			tab := false
			for j < len(s) && (s[j] == ' ' || s[j] == '\t') {
				tab = tab || s[j] == '\t'
				j++
			}
			if depth == 0 && (tab || j-i >= 2) && j < len(s) {
				return i, j
			}
			i = j - 1
			continue
		}
		switch {
		case opens(s, i):
			depth++
		case closes(s, i) && depth > 0:
			depth--
		}
	}
	return -1, -1
}

// wrapped reports whether s is one bracket group from its first to its last
// byte, such as "<int>" or "[FILE ...]" (but not "<int>,<int>").
func wrapped(s string, open, close byte) bool {
	if len(s) < 2 || s[0] != open || s[len(s)-1] != close {
		return false
	}
	depth := 0
	for i := 0; i < len(s); i++ {
		switch {
		case opens(s, i):
			depth++
		case closes(s, i):
			depth--
			if depth == 0 && i != len(s)-1 {
				return false
			}
		}
	}
	return depth == 0
}

// isLetter reports whether b is an ASCII letter.
func isLetter(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z'
}

// isDigit reports whether b is an ASCII digit.
func isDigit(b byte) bool {
	return b >= '0' && b <= '9'
}

// hasLetter reports whether s holds at least one ASCII letter.
func hasLetter(s string) bool {
	for i := 0; i < len(s); i++ {
		if isLetter(s[i]) {
			return true
		}
	}
	return false
}

// unquote strips one pair of matching quotes ("x", 'x', `x') from s.
func unquote(s string) string {
	if len(s) >= 2 {
		a, b := s[0], s[len(s)-1]
		if (a == '"' && b == '"') || (a == '\'' && b == '\'') || (a == '`' && b == '\'') {
			return s[1 : len(s)-1]
		}
	}
	return s
}
