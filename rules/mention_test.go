package rules

import (
	"regexp"
	"slices"
	"strings"
	"testing"
)

// Mentions skips a class's pattern when the text holds none of its
// literals; that must never change an answer. Every class is checked
// against the plain pattern on texts made of its own words in other
// cases, inside words, beside punctuation and with the runes that fold
// to ASCII letters (ſ is s, K is k).
func TestMentionsAgreesWithThePattern(t *testing.T) {
	v := BuiltinVocab()
	plain := func(c *wordClass) *regexp.Regexp {
		var alts []string
		for _, s := range c.infixes {
			alts = append(alts, regexp.QuoteMeta(s))
		}
		for _, w := range c.list {
			alts = append(alts, wholeWord(w))
		}
		if len(alts) == 0 {
			return nil
		}
		return regexp.MustCompile(`(?i)(` + strings.Join(alts, "|") + `)`)
	}
	variants := func(c *wordClass) []string {
		var out []string
		for _, w := range append(slices.Clone(c.list), c.infixes...) {
			out = append(out, w, strings.ToUpper(w), "x"+w+"y", "sort "+w+", then", strings.ReplaceAll(w, "s", "ſ"), strings.ReplaceAll(w, "k", "\u212a"))
		}
		return out
	}
	// Each class meets its own words and those of a few others.
	shared := []string{"", "plain words of no class", "用8个线程", "\xff\xfe bad bytes"}
	for _, name := range []string{"output_marker", "input_marker", "stop_word", "negation"} {
		shared = append(shared, variants(v.classes[name])...)
	}
	checked := 0
	for _, name := range v.Classes() {
		re := plain(v.classes[name])
		for _, text := range append(variants(v.classes[name]), shared...) {
			want := re != nil && re.MatchString(text)
			if got := v.Mentions(name, text); got != want {
				t.Fatalf("class %s, text %q: Mentions %v, the pattern %v", name, text, got, want)
			}
			if want {
				checked++
			}
		}
	}
	if checked < 1000 {
		t.Errorf("only %d texts matched: the check proves little", checked)
	}
}

func TestMentionedOfKeepsTheListOrder(t *testing.T) {
	v := BuiltinVocab()
	classes := []string{"output_marker", "no_such_class", "input_marker", "stop_word"}
	got := v.MentionedOf("Write FROM x.bam", classes)
	if want := []string{"output_marker", "input_marker", "stop_word"}; !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
	if v.Mentions("no_such_class", "anything") || v.MentionedOf("", nil) != nil {
		t.Error("an unknown class or an empty list matched")
	}
}

func TestFoldCase(t *testing.T) {
	for in, want := range map[string]string{
		"":         "",
		"ABC 1":    "ABC 1",
		"abc":      "ABC",
		"maſk":     "MASK",
		"\u212aB":  "KB",
		"线程 Reads": "线程 READS",
	} {
		if got := foldCase(in); got != want {
			t.Errorf("foldCase(%q) = %q, want %q", in, got, want)
		}
	}
}
