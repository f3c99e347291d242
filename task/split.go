package task

import (
	"errors"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Op says how a command the user typed joins the one before it.
type Op string

// The operators SplitCommands reads.
const (
	// OpFirst marks the first command.
	OpFirst Op = ""
	// OpPipe: the command reads the previous one's standard output.
	OpPipe Op = "|"
	// OpAnd: the command runs after the previous one succeeded.
	OpAnd Op = "&&"
)

// Segment is one command of a task, as the user typed it: the text
// between two operators, without its redirection.
type Segment struct {
	// Op joins the segment to the one before (OpFirst for the first).
	Op Op `json:"op,omitempty"`
	// Text is the segment as written (quotes kept), redirection removed,
	// blanks trimmed.
	Text string `json:"text"`
	// Words are the segment's shell words: blanks split them, quotes are
	// removed, a backslash escapes the next character.
	Words []string `json:"words,omitempty"`
	// Redirect is the file after ">" or ">>"; Append is set for ">>".
	Redirect string `json:"redirect,omitempty"`
	Append   bool   `json:"append,omitempty"`
}

// SplitCommands splits a task at the pipes ("|"), sequences ("&&") and
// standard-output redirections (">", ">>", "1>") the user typed. It reads
// prose, not shell: a quote opens only where a closing one follows (an
// apostrophe in "sample's" is a letter), "||", ">=" and "a > 30" are
// words, and nothing is expanded. A task without operators is one
// segment. Errors name what is wrong: an empty command around an
// operator, a redirection without a file, or one of stderr ("2>").
func SplitCommands(s string) ([]Segment, error) {
	var segs []Segment
	cur := Segment{}
	var text strings.Builder
	finish := func(next Op, at int) error {
		t := strings.TrimSpace(text.String())
		if t == "" {
			if cur.Redirect != "" {
				return fmt.Errorf("the redirection to %s has no command before it", cur.Redirect)
			}
			what := "the start"
			if cur.Op != OpFirst {
				what = string(cur.Op)
			}
			return fmt.Errorf("no command between %s and %s (at byte %d)", what, opName(next), at)
		}
		cur.Text = t
		cur.Words = words(t)
		segs = append(segs, cur)
		cur = Segment{Op: next}
		text.Reset()
		return nil
	}
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '\\' && i+1 < len(s):
			text.WriteString(s[i : i+2])
			i += 2
			continue
		case c == '\'' || c == '"' || strings.HasPrefix(s[i:], "“"):
			if end := closingQuote(s, i); end > i {
				text.WriteString(s[i:end])
				i = end
				continue
			}
		case c == '|' && !strings.HasPrefix(s[i:], "||") && !(i > 0 && s[i-1] == '|'):
			if err := finish(OpPipe, i); err != nil {
				return nil, err
			}
			i++
			continue
		case c == '&' && strings.HasPrefix(s[i:], "&&"):
			if err := finish(OpAnd, i); err != nil {
				return nil, err
			}
			i += 2
			continue
		case c == '<' && wordStart(s, i):
			if file := inputRedirection(s, i); file != "" {
				return nil, fmt.Errorf("input redirection (\"< %s\") is not supported: name %s in the task as the command's input", file, file)
			}
		case c == '>' && !(i > 0 && strings.ContainsRune("-=<>", rune(s[i-1]))) && !closesPlaceholder(s, i) || (c == '1' || c == '2') && strings.HasPrefix(s[i+1:], ">") && wordStart(s, i):
			if n, file, app, ok, err := redirection(s, i); ok {
				if err != nil {
					return nil, err
				}
				if cur.Redirect != "" {
					return nil, fmt.Errorf("two redirections of one command (%s and %s)", cur.Redirect, file)
				}
				cur.Redirect, cur.Append = file, app
				text.WriteByte(' ')
				i = n
				continue
			}
		}
		text.WriteByte(c)
		i++
	}
	if err := finish(OpFirst, len(s)); err != nil {
		if len(segs) == 0 && cur.Redirect == "" && strings.TrimSpace(s) == "" {
			return nil, errors.New("the task is empty")
		}
		return nil, err
	}
	return segs, nil
}

func opName(o Op) string {
	if o == OpFirst {
		return "the end"
	}
	return string(o)
}

// wordStart reports whether byte i begins a word (start or after a blank).
func wordStart(s string, i int) bool {
	if i == 0 {
		return true
	}
	r, _ := utf8.DecodeLastRuneInString(s[:i])
	return unicode.IsSpace(r)
}

// closingQuote returns the index just past the quote that closes the one
// at s[i], or -1. A quote opens only at the start of a word (an
// apostrophe inside one is a letter) and only when it is closed.
func closingQuote(s string, i int) int {
	if !wordStart(s, i) && !(i > 0 && strings.ContainsRune("=|>(,", rune(s[i-1]))) {
		return -1
	}
	return quoteEnd(s, i)
}

// quoteEnd returns the index just past the quote that closes the one at
// s[i], or -1.
func quoteEnd(s string, i int) int {
	open, closer := s[i:i+1], s[i:i+1]
	if strings.HasPrefix(s[i:], "“") {
		open, closer = "“", "”"
	}
	rest := s[i+len(open):]
	if open == `"` {
		for j := 0; j < len(rest); j++ {
			switch rest[j] {
			case '\\':
				j++
			case '"':
				return i + len(open) + j + 1
			}
		}
		return -1
	}
	j := strings.Index(rest, closer)
	if j < 0 {
		return -1
	}
	return i + len(open) + j + len(closer)
}

// redirection reads a redirection starting at s[i] (">", ">>", "1>",
// "2>"): the index after its file, the file and whether it appends. ok is
// false for what is prose, not a redirection: ">=", "> 30", a ">" with
// no word after it that could name a file.
func redirection(s string, i int) (next int, file string, app, ok bool, err error) {
	j := i
	fd := byte('1')
	if s[j] != '>' {
		fd = s[j]
		j++
	}
	j++
	if j < len(s) && s[j] == '>' {
		app = true
		j++
	}
	if j < len(s) && strings.ContainsRune("=&|<>", rune(s[j])) {
		return 0, "", false, false, nil
	}
	k := j
	for k < len(s) && (s[k] == ' ' || s[k] == '\t') {
		k++
	}
	end := k
	var w strings.Builder
	for end < len(s) {
		c := s[end]
		if c == ' ' || c == '\t' || c == '\n' || c == '|' || c == '&' && strings.HasPrefix(s[end:], "&&") || c == '>' {
			break
		}
		if c == '\'' || c == '"' {
			if e := quoteEnd(s, end); e > end {
				w.WriteString(unquote(s[end:e]))
				end = e
				continue
			}
		}
		if c == '\\' && end+1 < len(s) {
			end++
			c = s[end]
		}
		w.WriteByte(c)
		end++
	}
	file = w.String()
	if file == "" || NumberRE.MatchString(file) {
		return 0, "", false, false, nil
	}
	if glued := i > 0 && s[i] == '>' && !wordStart(s, i) && k == j; glued && FileType(file) == "" && !strings.ContainsAny(file, "./") {
		// ">" inside a word says "greater than" ("P(S>x)", "A>G"):
		// only a file's name after it makes it a redirection
		// (x.sam>out.sam)
		return 0, "", false, false, nil
	}
	if fd == '2' {
		return 0, "", false, true, fmt.Errorf("only standard output can be redirected (\"2> %s\"): standard error stays on the terminal", file)
	}
	return end, file, app, true, nil
}

// closesPlaceholder reports whether the ">" at s[i] closes a "<name>" the
// word opened: "-x <index>" is a placeholder, not a redirection.
func closesPlaceholder(s string, i int) bool {
	for k := i - 1; k >= 0 && s[k] != ' ' && s[k] != '\t'; k-- {
		if s[k] == '<' {
			return true
		}
	}
	return false
}

// inputRedirection returns the file of a "< file" at s[i], or "" when the
// "<" is prose or a placeholder: "quality < 30", "<index>", "<=".
func inputRedirection(s string, i int) string {
	j := i + 1
	if j < len(s) && strings.ContainsRune("=<>", rune(s[j])) {
		return ""
	}
	for j < len(s) && (s[j] == ' ' || s[j] == '\t') {
		j++
	}
	end := j
	for end < len(s) && !strings.ContainsRune(" \t|&<>", rune(s[end])) {
		end++
	}
	w := s[j:end]
	if w == "" || NumberRE.MatchString(w) || FileType(w) == "" && !strings.ContainsAny(w, "./") {
		return ""
	}
	return w
}

// unquote removes one pair of quotes.
func unquote(q string) string {
	switch {
	case strings.HasPrefix(q, "“"):
		return strings.TrimSuffix(strings.TrimPrefix(q, "“"), "”")
	case strings.HasPrefix(q, `"`):
		inner := q[1 : len(q)-1]
		var b strings.Builder
		for i := 0; i < len(inner); i++ {
			if inner[i] == '\\' && i+1 < len(inner) && strings.IndexByte("$`\"\\", inner[i+1]) >= 0 {
				i++
			}
			b.WriteByte(inner[i])
		}
		return b.String()
	}
	return q[1 : len(q)-1]
}

// words splits a segment into shell words with the quotes of SplitCommands:
// a quote that is not closed, or that stands inside a word, is a letter.
func words(t string) []string {
	var out []string
	var cur strings.Builder
	in := false
	for i := 0; i < len(t); {
		c := t[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			if in {
				out = append(out, cur.String())
				cur.Reset()
				in = false
			}
			i++
			continue
		case c == '\\' && i+1 < len(t):
			cur.WriteByte(t[i+1])
			in = true
			i += 2
			continue
		case c == '\'' || c == '"' || strings.HasPrefix(t[i:], "“"):
			if e := closingQuote(t, i); e > i {
				cur.WriteString(unquote(t[i:e]))
				in = true
				i = e
				continue
			}
		}
		cur.WriteByte(c)
		in = true
		i++
	}
	if in {
		out = append(out, cur.String())
	}
	return out
}
