package parsers

import (
	"path/filepath"
	"strings"
	"unicode"

	"github.com/traitome/oxo-call/internal/lazyre"
)

// HelpExample is a command line that a help text shows as an example,
// with the prose that introduces it.
type HelpExample struct {
	// Command runs one of the programs asked for, from its name on:
	// prompts, numbering and continuation backslashes removed, and a
	// pipeline or command list cut to the stage that runs the program.
	Command string
	// Description is the text that introduces the command (a numbered
	// item, a comment or the heading's own text), empty when none.
	Description string
	// Line is the 1-based line of the command in the help.
	Line int
}

// exampleHeadingRE matches the label of an examples section: "Examples",
// "Example usage", "Usage examples", "EXAMPLES" … (colon trimmed).
var exampleHeadingRE = lazyre.New(`(?i)^(usage |some |more )?examples?( usage| of use| commands?)?$`)

// sectionEndWords mark a heading that ends an examples section: the
// option, argument and command lists that help texts put after it.
var sectionEndWords = []string{"option", "flag", "argument", "command", "usage", "parameter", "note", "author", "see also", "description", "input", "output", "contact", "citation", "version", "help"}

// placeholderRE matches a usage placeholder such as <in.bam>, [options]
// or [flags]: a command holding one is a usage line, not an example.
var placeholderRE = lazyre.New(`<[A-Za-z][\w.:-]*>|\[(?i:options?|flags|args|arguments|opts|parameters)\]|\.\.\.`)

// HelpExamples returns the example command lines of a help text: lines
// that run one of programs (the names the program may be called by),
// written in an examples section ("Examples:", "EXAMPLES", "Example
// usage:" …), after a shell prompt, or indented on a line of their own
// (tips and notes show commands that way). Usage lines and lines with
// usage placeholders (<file>, [options]) are left out: they are not
// examples but patterns.
func HelpExamples(help string, programs []string) []HelpExample {
	progs := map[string]bool{}
	for _, p := range programs {
		if p != "" {
			progs[p] = true
		}
	}
	d := &doc{lines: splitLines(normalize(help))}
	ls := d.lines
	_, inUsage := findUsage(ls)
	hs := headingTable(ls)
	var out []HelpExample
	seen := map[string]bool{}
	desc, examples, exIndent := "", false, 0
	for k := 0; k < len(ls); k++ {
		n := k + 1
		ind, off := indentOf(ls[k])
		if off >= len(ls[k]) {
			continue
		}
		if label, intro, _ := strings.Cut(ls[k][off:], ":"); ind <= maxHeadingIndent && exampleHeadingRE.MatchString(strings.TrimSpace(label)) {
			examples, exIndent, desc = true, ind, cleanProse(intro)
			continue
		}
		if examples && endsExamples(ls[k], hs[k], exIndent) {
			examples = false
		}
		if hs[k].label != "" && hs[k].strong {
			desc = ""
		}
		if inUsage[k] {
			continue
		}
		line := strings.TrimSpace(ls[k])
		for strings.HasSuffix(line, `\`) && k+1 < len(ls) {
			k++
			line = strings.TrimSpace(strings.TrimSuffix(line, `\`) + " " + strings.TrimSpace(ls[k]))
		}
		text, comment, prompted := stripLead(line)
		if cmd, ok := commandIn(text, progs); ok && (examples || prompted || ind >= 2 && looksLikeCommand(cmd)) && !sentenceEnd(cmd) {
			if comment != "" {
				desc = comment
			}
			if !placeholderRE.MatchString(cmd) && !seen[cmd] {
				seen[cmd] = true
				out = append(out, HelpExample{Command: cmd, Description: desc, Line: n})
			}
			continue
		}
		if h := hs[k]; h.label != "" && !h.strong && h.inline != "" {
			line = h.inline // "Tips: for huge files use" introduces what follows
		}
		marked := strings.HasPrefix(line, "#") || numberingRE.MatchString(line) && !strings.HasPrefix(line, "-")
		if p := cleanProse(line); isProse(p) || marked && hasLetter(p) {
			desc = p
		}
	}
	return out
}

// endsExamples reports whether line (with heading h) ends an examples
// section whose heading is at column ind: an option list or a list
// heading at the same or a lower indentation.
func endsExamples(line string, h heading, ind int) bool {
	li, off := indentOf(line)
	if off >= len(line) || li > ind {
		return false
	}
	if line[off] == '-' && off+1 < len(line) && line[off+1] != ' ' {
		return true // an option entry
	}
	if h.label == "" || !h.strong {
		return false
	}
	if allCapsHeading(h.label) {
		return true
	}
	l := strings.ToLower(h.label)
	for _, w := range sectionEndWords {
		if strings.Contains(l, w) {
			return true
		}
	}
	return false
}

// stripLead removes a shell prompt and item numbering from an example
// line, and splits off a trailing "# comment"; prompted says a prompt
// was there.
func stripLead(line string) (text, comment string, prompted bool) {
	line = numberingRE.ReplaceAllString(line, "")
	for _, p := range []string{"$ ", "% ", "> "} {
		if strings.HasPrefix(line, p) {
			line, prompted = strings.TrimSpace(line[len(p):]), true
		}
	}
	if i := strings.Index(line, " # "); i > 0 && !strings.ContainsAny(line[:i], `'"`) {
		comment = cleanProse(line[i+3:])
		line = strings.TrimSpace(line[:i])
	}
	return line, comment, prompted
}

// sentenceEnd reports a line that ends like a sentence rather than a
// command.
func sentenceEnd(s string) bool {
	return strings.HasSuffix(s, ".") || strings.HasSuffix(s, ",") || strings.HasSuffix(s, ":")
}

// looksLikeCommand reports whether the words after the program name hold
// an option or a file-like word — what tells an indented command from an
// indented sentence that starts with the program's name.
func looksLikeCommand(cmd string) bool {
	words := strings.Fields(cmd)
	for _, w := range words[1:] {
		dot := strings.LastIndexByte(w, '.')
		if optionWordRE.MatchString(w) || strings.ContainsAny(w, "/*=>") || dot > 0 && hasLetter(w[dot:]) {
			return true
		}
	}
	return false
}

// optionWordRE matches an option word: -x, --name, -name.
var optionWordRE = lazyre.New(`^--?[A-Za-z@]`)

// numberingRE matches "1.", "2)", "(3)" or "-" before an item's text.
var numberingRE = lazyre.New(`^(\(?\d{1,2}[.)]\s+|-\s+)`)

// commandIn finds the stage of a command line that runs one of progs:
// the line is split at |, ;, && and ||, leading VAR=value assignments are
// skipped, and a program matches by its base name.
func commandIn(line string, progs map[string]bool) (string, bool) {
	for _, stage := range splitStages(line) {
		words := strings.Fields(stage)
		for len(words) > 0 && strings.Contains(words[0], "=") && !strings.HasPrefix(words[0], "-") {
			words = words[1:]
		}
		if len(words) > 0 && progs[filepath.Base(words[0])] {
			return strings.Join(words, " "), true
		}
	}
	return "", false
}

// splitStages splits a shell line at |, ;, && and || outside quotes.
func splitStages(line string) []string {
	var out []string
	var quote byte
	start := 0
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '\'' || c == '"':
			quote = c
		case c == '|' || c == ';' || c == '&' && i+1 < len(line) && line[i+1] == '&':
			out = append(out, strings.TrimSpace(line[start:i]))
			if i+1 < len(line) && (line[i+1] == '|' || line[i+1] == '&') {
				i++
			}
			start = i + 1
		}
	}
	return append(out, strings.TrimSpace(line[start:]))
}

// cleanProse trims an introducing line to its words: numbering, comment
// marks and a trailing colon or stop removed.
func cleanProse(s string) string {
	s = strings.TrimSpace(s)
	s = strings.TrimSpace(strings.TrimLeft(s, "#"))
	s = numberingRE.ReplaceAllString(s, "")
	s = strings.TrimRight(s, ":. ")
	return collapse(s)
}

// isProse reports whether a line reads as a sentence (three or more
// words, most of them words of letters), not as a command's output.
func isProse(s string) bool {
	words := strings.Fields(s)
	if len(words) < 3 || !unicode.IsLetter([]rune(s)[0]) {
		return false
	}
	alpha := 0
	for _, w := range words {
		w = strings.Trim(w, ",.;:()\"'")
		if len(w) > 1 && strings.IndexFunc(w, func(r rune) bool { return !unicode.IsLetter(r) && r != '-' }) < 0 {
			alpha++
		}
	}
	return alpha*3 >= len(words)*2
}
