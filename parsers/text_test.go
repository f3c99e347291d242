package parsers

import (
	"reflect"
	"strings"
	"testing"
)

func TestNormalize(t *testing.T) {
	cases := []struct{ in, want string }{
		// colour codes, an OSC hyperlink and CRLF line ends
		{"\x1b[1mUsage:\x1b[0m tool\r\n\x1b]8;;http://x\x07link\x1b]8;;\x07\r\n", "Usage: tool\nlink\n"},
		// man-style bold and underline
		{"-\b-h\bhe\bel\blp\bp  _\bs_\bh_\bo_\bw", "-help  show"},
		{"\bx", "x"},
		// a rich panel becomes a heading and plain rows
		{"╭─ Options ──╮\n│ --all  -a  All of it.   │\n╰────────────╯", "Options:\n--all  -a  All of it.\n"},
		{"╭──────╮\n│ text │", "\ntext"},
	}
	for _, c := range cases {
		if got := normalize(c.in); got != c.want {
			t.Errorf("normalize(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestTokens(t *testing.T) {
	cases := []struct {
		in   string
		want []string
	}{
		{"-t TFILE [TFILE ...], --treatment", []string{"-t", "TFILE", "[TFILE ...],", "--treatment"}},
		{"in=<input file> out=<output file>", []string{"in=<input file>", "out=<output file>"}},
		// comparisons do not open or close a group
		{"-word_size <Integer, >=4> x", []string{"-word_size", "<Integer, >=4>", "x"}},
		{"-p <Integer, <=0> x", []string{"-p", "<Integer, <=0>", "x"}},
		{"<Real, (>0 and <0.5)> y", []string{"<Real, (>0 and <0.5)>", "y"}},
		// a placeholder glued to its description
		{"--MAX <Integer>When writing", []string{"--MAX", "<Integer>", "When", "writing"}},
		{"k:<int>,i:<int> query", []string{"k:<int>,i:<int>", "query"}},
		{"a -> b", []string{"a", "->", "b"}},
		{"  ", nil},
	}
	for _, c := range cases {
		if got := tokens(c.in); !reflect.DeepEqual(got, c.want) {
			t.Errorf("tokens(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestGapIndex(t *testing.T) {
	cases := []struct {
		in         string
		start, end int
	}{
		{"-t INT   threads", 6, 9},
		{"-d\tdisplay", 2, 3},
		{"-x STR single spaces only", -1, -1},
		{"--opt <a  b>  desc", 12, 14}, // not inside brackets
		{"trailing  ", -1, -1},
	}
	for _, c := range cases {
		if s, e := gapIndex(c.in); s != c.start || e != c.end {
			t.Errorf("gapIndex(%q) = %d, %d; want %d, %d", c.in, s, e, c.start, c.end)
		}
	}
}

func TestIndentAndColumns(t *testing.T) {
	if col, off := indentOf("\t-wa\tWrite"); col != 8 || off != 1 {
		t.Errorf("indentOf = %d, %d", col, off)
	}
	if col, off := indentOf("    "); col != 4 || off != 4 {
		t.Errorf("indentOf(blank) = %d, %d", col, off)
	}
	if c := colAt("\t-wa\tWrite", 5); c != 16 {
		t.Errorf("colAt = %d, want 16", c)
	}
	if c := colAt("│ é x", 6); c != 3 {
		t.Errorf("colAt counts bytes: %d", c)
	}
}

func TestWrapped(t *testing.T) {
	for in, want := range map[string]bool{
		"<int>": true, "[FILE ...]": true, "{a,b}": true,
		"<int>,<int>": false, "[3:|5:]<int>": false, "<": false, "[a]]": false,
	} {
		open, close := in[0], in[len(in)-1]
		if got := wrapped(in, open, close); got != want {
			t.Errorf("wrapped(%q) = %v", in, got)
		}
	}
}

func TestUnquote(t *testing.T) {
	for in, want := range map[string]string{`"a b"`: "a b", "'x'": "x", "`10'": "10", `"`: `"`, "plain": "plain"} {
		if got := unquote(in); got != want {
			t.Errorf("unquote(%q) = %q", in, got)
		}
	}
}

func TestSplitLines(t *testing.T) {
	got := splitLines("a  \n \t\nb")
	if !reflect.DeepEqual(got, []string{"a", "", "b"}) || !isBlank(got[1]) || strings.Contains(got[0], " ") {
		t.Errorf("splitLines = %q", got)
	}
}
