package skills

import (
	"errors"
	"fmt"
	"os"
	"reflect"
	"strings"
	"testing"
	"time"
)

const goodHeader = "---\nname: tool\ndescription: a tool\n---\n"

const goodBody = `## Concepts
- c1
## Pitfalls
- p1
## Examples
### do it with input.txt
**Args:** ` + "`run -o out.txt input.txt`" + `
**Explanation:** runs it
`

func TestParseGood(t *testing.T) {
	src := `---
name: tool
category: misc
description: a tool
tags: [a, b]
author: me
source_url: "https://example.org"
aliases: [Tool2]
companions: [tool-build]
keywords:
  run: [run it, 运行]
  tool-build: [build]
min_version: 1.10
max_version: "2.0"
---
## Concepts
- c1
  wrapped
- c2
## Pitfalls
- p1

## Examples
### do it with input.txt
**Args:** ` + "`run -o out.txt input.txt`" + `
**Explanation:** runs it

### build it
**Explanation:** builds first
**Args:** ` + "``tool-build `x` y``" + `
`
	sk, warns, err := Parse("t.md", []byte(src), true)
	if err != nil {
		t.Fatal(err)
	}
	if len(warns) != 0 {
		t.Errorf("warnings: %v", warns)
	}
	want := &Skill{
		Name: "tool", Category: "misc", Description: "a tool", Tags: []string{"a", "b"},
		Aliases: []string{"Tool2"}, Companions: []string{"tool-build"},
		Keywords: map[string][]string{"run": {"run it", "运行"}, "tool-build": {"build"}},
		Author:   "me", SourceURL: "https://example.org", MinVersion: "1.10", MaxVersion: "2.0",
		Concepts: []string{"c1 wrapped", "c2"}, Pitfalls: []string{"p1"},
		Examples: []Example{
			{Task: "do it with input.txt", Args: "run -o out.txt input.txt", Explanation: "runs it", Line: 24},
			{Task: "build it", Args: "tool-build `x` y", Explanation: "builds first", Line: 28},
		},
		Source: "t.md",
	}
	if !reflect.DeepEqual(sk, want) {
		t.Errorf("got  %#v\nwant %#v", sk, want)
	}
}

func TestParseCRLFAndBOM(t *testing.T) {
	src := "\xef\xbb\xbf\n" + strings.ReplaceAll(goodHeader+goodBody, "\n", "\r\n")
	sk, _, err := Parse("crlf.md", []byte(src), true)
	if err != nil {
		t.Fatal(err)
	}
	if sk.Examples[0].Args != "run -o out.txt input.txt" || sk.Examples[0].Line != 11 {
		t.Errorf("got %+v", sk.Examples[0])
	}
}

// TestParseErrors checks each error path and that its message names the
// file and line.
func TestParseErrors(t *testing.T) {
	bigLine := strings.Repeat("x", MaxLineLen+1)
	var manyExamples strings.Builder
	for i := 0; i <= MaxExamples; i++ {
		fmt.Fprintf(&manyExamples, "### task %d\n**Args:** `a`\n**Explanation:** e\n", i)
	}
	cases := []struct {
		name   string
		src    string
		strict bool
		want   string
	}{
		{"too big", strings.Repeat("a", MaxFileSize+1), false, "x.md: file is 1048577 bytes, over the 1048576-byte limit"},
		{"not utf8", goodHeader + "## Concepts\n- \xff\n", false, "x.md:6: file is not valid UTF-8"},
		{"long line", goodHeader + "## Concepts\n- " + bigLine + "\n", false, "x.md:6: line is 8195 bytes, over the 8192-byte limit"},
		{"no front matter", "name: tool\n", false, "x.md:1: missing front matter: a skill file must start with a '---' line"},
		{"empty file", "", false, "x.md:1: missing front matter"},
		{"unterminated", "---\nname: tool\n## Concepts\n", false, "x.md:1: unterminated front matter: no closing '---' line"},
		{"control char", "---\nname: tool\ndescription: a\x01b\n---\n", false, "x.md:3: front matter holds the character U+0001, which YAML does not allow"},
		{"yaml first line", "---\n: x\n---\n", false, "x.md:2: YAML syntax error in front matter"},
		{"yaml syntax", "---\nname: tool\ndescription: [a, b\n---\n" + goodBody, false, "x.md:3: YAML syntax error in front matter: did not find expected ',' or ']'"},
		{"yaml syntax after blank lines", "\n\n---\nname: tool\n  bad: indent\n---\n", false, "x.md:5: YAML syntax error in front matter: mapping values are not allowed in this context"},
		{"yaml tab", "---\nname: tool\n\tdescription: x\n---\n", false, "x.md:3: YAML syntax error in front matter: found a tab character that violates indentation"},
		{"not a mapping", "---\n- a\n- b\n---\n", false, "x.md:2: front matter must be a mapping of keys to values"},
		{"empty front matter", "---\n---\n" + goodBody, false, "x.md:1: front matter has no name"},
		{"comment-only front matter", "---\n  # only a comment\n---\n" + goodBody, false, "x.md:1: front matter has no name"},
		{"missing name", "---\ndescription: d\n---\n" + goodBody, false, "x.md:1: front matter has no name"},
		{"blank name", "---\ndescription: d\nname: \"  \"\n---\n" + goodBody, false, "x.md:3: front matter has no name"},
		{"wrong type", "---\nname: tool\ntags:\n  nested: map\n---\n", false, "x.md:4: front-matter key \"tags\": cannot unmarshal !!map into []string"},
		{"wrong scalar type", "---\nname: [a]\n---\n", false, "x.md:2: front-matter key \"name\": cannot unmarshal !!seq into string"},
		{"verified not a boolean", "---\nname: tool\nverified: maybe\n---\n", true, "x.md:3: front-matter key \"verified\": cannot unmarshal !!str `maybe` into bool"},
		{"verified a list", "---\nname: tool\nverified: [false]\n---\n", false, "x.md:3: front-matter key \"verified\": cannot unmarshal !!seq into bool"},
		{"duplicate key", "---\nname: tool\nname: again\n---\n", false, "x.md:3: duplicate front-matter key \"name\" (first set at line 2)"},
		{"complex key", "---\n? [a]\n: b\n---\n", false, "x.md:2: front-matter key must be a plain word"},
		{"unknown key strict", "---\nname: tool\ndescription: d\nkeyword: {}\n---\n" + goodBody, true, "x.md:4: unknown front-matter key \"keyword\""},
		{"upper-case name strict", "---\nname: Tool\ndescription: d\n---\n" + goodBody, true, "x.md:2: name \"Tool\" must be the lower-case tool name"},
		{"no description strict", "---\nname: tool\n---\n" + goodBody, true, "x.md:1: front matter has no description"},
		{"empty keywords strict", "---\nname: tool\ndescription: d\nkeywords:\n  run: []\n---\n" + goodBody, true, "x.md:4: keywords for \"run\" list no phrases"},
		{"missing args", goodHeader + "## Concepts\n- c\n## Pitfalls\n- p\n## Examples\n### do it\n**Explanation:** e\n", false, "x.md:10: example \"do it\" has no **Args:** line"},
		{"missing explanation", goodHeader + "## Concepts\n- c\n## Pitfalls\n- p\n## Examples\n### do it\n**Args:** `run`\n### next\n**Args:** `x`\n**Explanation:** e\n", false, "x.md:10: example \"do it\" has no **Explanation:** text"},
		{"empty explanation", goodHeader + "## Examples\n### do it\n**Args:** `run`\n**Explanation:**\n", false, "x.md:6: example \"do it\" has no **Explanation:** text"},
		{"args without backticks", goodHeader + "## Examples\n### do it\n**Args:** run -o x\n**Explanation:** e\n", false, "x.md:7: **Args:** must be the arguments in backticks"},
		{"args two pairs of backticks", goodHeader + "## Examples\n### do it\n**Args:** `run` and `x`\n**Explanation:** e\n", false, "x.md:7: **Args:** holds more than one pair of backticks"},
		{"args empty", goodHeader + "## Examples\n### do it\n**Args:** `  `\n**Explanation:** e\n", false, "x.md:7: **Args:** is empty"},
		{"args twice", goodHeader + "## Examples\n### do it\n**Args:** `a`\n**Args:** `b`\n**Explanation:** e\n", false, "x.md:8: example \"do it\" has a second **Args:** line (first at line 7)"},
		{"explanation twice", goodHeader + "## Examples\n### do it\n**Args:** `a`\n**Explanation:** e\n**Explanation:** f\n", false, "x.md:9: example \"do it\" has a second **Explanation:** line (first at line 8)"},
		{"heading without task", goodHeader + "## Examples\n###\n**Args:** `a`\n**Explanation:** e\n", false, "x.md:6: example heading has no task"},
		{"empty section", goodHeader + "## Concepts\n## Pitfalls\n- p\n", false, "x.md:5: section ## Concepts is empty"},
		{"empty last section", goodHeader + "## Concepts\n- c\n## Pitfalls\n- p\n## Examples\n\n", false, "x.md:9: section ## Examples is empty"},
		{"too many examples", goodHeader + "## Examples\n" + manyExamples.String(), false, fmt.Sprintf("x.md:%d: more than 500 examples", 6+3*MaxExamples)},
		{"unknown section strict", goodHeader + "## Notes\n- n\n", true, "x.md:5: unknown section ## Notes (expected Concepts, Pitfalls, Examples)"},
		{"duplicate section strict", goodHeader + goodBody + "## Concepts\n- again\n", true, "x.md:13: section ## Concepts appears twice"},
		{"out of order strict", goodHeader + "## Pitfalls\n- p\n## Concepts\n- c\n", true, "x.md:7: section ## Concepts is out of order"},
		{"missing section strict", goodHeader + "## Concepts\n- c\n## Examples\n### t\n**Args:** `a`\n**Explanation:** e\n", true, "x.md:10: missing section ## Pitfalls"},
		{"text before section strict", goodHeader + "hello\n" + goodBody, true, "x.md:5: text before the first ## section"},
		{"star bullet strict", goodHeader + "## Concepts\n* c\n", true, "x.md:6: bullets must start with '- ', not '* '"},
		{"empty bullet strict", goodHeader + "## Concepts\n-\n", true, "x.md:6: empty bullet"},
		{"prose in concepts strict", goodHeader + "## Concepts\nprose\n", true, "x.md:6: expected a bullet starting with '- ' in ## Concepts"},
		{"heading outside examples strict", goodHeader + "## Concepts\n### x\n", true, "x.md:6: ### heading outside ## Examples"},
		{"text before example strict", goodHeader + "## Examples\nintro\n", true, "x.md:6: text in ## Examples before the first ### example"},
		{"stray text in example strict", goodHeader + "## Examples\n### t\n**Args:** `a`\nstray\n", true, "x.md:8: unexpected text in example \"t\""},
		{"code fence strict", goodHeader + "## Concepts\n```\n", true, "x.md:6: code fences are not part of the skill format"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			sk, _, err := Parse("x.md", []byte(c.src), c.strict)
			if err == nil {
				t.Fatalf("no error, got skill %+v", sk)
			}
			if sk != nil {
				t.Errorf("skill returned with error")
			}
			if !strings.HasPrefix(err.Error(), c.want) {
				t.Errorf("error\n got  %q\n want %q...", err, c.want)
			}
			var pe *Error
			if !errors.As(err, &pe) || pe.Path != "x.md" {
				t.Errorf("error %T is not an *Error for x.md", err)
			}
		})
	}
}

// TestParseLax checks that problems which are errors for built-ins are
// only warnings for community files.
func TestParseLax(t *testing.T) {
	data, err := os.ReadFile("testdata/user/newer.md")
	if err != nil {
		t.Fatal(err)
	}
	sk, warns, err := Parse("newer.md", data, false)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, w := range warns {
		got = append(got, w.String())
	}
	want := []string{
		`newer.md:8: unknown front-matter key "future_key" (known keys: name, category, description, tags, author, source_url, aliases, companions, keywords, min_version, max_version, verified)`,
		"newer.md:17: unknown section ## Notes (expected Concepts, Pitfalls, Examples)",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("warnings\n got  %q\n want %q", got, want)
	}
	if !reflect.DeepEqual(sk.Concepts, []string{"a concept", "a star bullet continued here"}) {
		t.Errorf("concepts %q", sk.Concepts)
	}
	if sk.Examples[0].Explanation != "runs the tool, which wraps onto a second line" {
		t.Errorf("explanation %q", sk.Examples[0].Explanation)
	}
	if _, _, err := Parse("newer.md", data, true); err == nil || !strings.Contains(err.Error(), "newer.md:8: unknown front-matter key") {
		t.Errorf("strict: %v", err)
	}

	// Each of these loads with a warning when not strict.
	lax := []struct{ src, warn string }{
		{goodHeader + "intro text\n" + goodBody, "x.md:5: text before the first ## section"},
		{goodHeader + "## Concepts\n-\n- c\n## Pitfalls\n- p\n## Examples\n### t\n**Args:** `a`\n**Explanation:** e\n", "x.md:6: empty bullet"},
		{goodHeader + "## Concepts\nprose\n- c\n", "x.md:6: expected a bullet"},
		{goodHeader + "## Concepts\n- c\n### stray\n", "x.md:7: ### heading outside ## Examples"},
		{goodHeader + "## Examples\nintro\n### t\n**Args:** `a`\n**Explanation:** e\n", "x.md:6: text in ## Examples before the first ### example"},
		{goodHeader + "## Examples\n### t\n**Args:** `a`\n\nstray\n**Explanation:** e\n", "x.md:9: unexpected text in example"},
		{goodHeader + "## Concepts\n- c\n```\n## not a heading\n```\n", "x.md:7: code fences are not part of the skill format"},
		{goodHeader + goodBody + "## Pitfalls\n- again\n", "x.md:13: section ## Pitfalls appears twice"},
		{goodHeader + "## Pitfalls\n- p\n## Concepts\n- c\n", "x.md:7: section ## Concepts is out of order"},
		{goodHeader + "## Concepts\n- c\n", "x.md:6: missing section ## Pitfalls"},
	}
	for _, c := range lax {
		_, warns, err := Parse("x.md", []byte(c.src), false)
		if err != nil {
			t.Errorf("%q: %v", c.src, err)
			continue
		}
		if len(warns) == 0 || !strings.HasPrefix(warns[0].String(), c.warn) {
			t.Errorf("%q: warnings %v, want %q", c.src, warns, c.warn)
		}
	}
}

// TestParseAliasBomb feeds a billion-laughs document: it must fail (or
// finish) quickly instead of expanding the aliases.
func TestParseAliasBomb(t *testing.T) {
	var b strings.Builder
	b.WriteString("---\nname: bomb\na: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n")
	prev := "a"
	for _, n := range []string{"b", "c", "d", "e", "f", "g", "h", "i"} {
		fmt.Fprintf(&b, "%s: &%s [*%s,*%s,*%s,*%s,*%s,*%s,*%s,*%s,*%s]\n", n, n, prev, prev, prev, prev, prev, prev, prev, prev, prev)
		prev = n
	}
	head := b.String()
	for _, key := range []string{"tags", "keywords", "description"} {
		src := head + key + ": *i\n---\n" + goodBody
		start := time.Now()
		_, _, err := Parse("bomb.md", []byte(src), false)
		if d := time.Since(start); d > 2*time.Second {
			t.Errorf("%s: took %v", key, d)
		}
		if err == nil {
			t.Errorf("%s: no error for an alias bomb", key)
		} else if !strings.HasPrefix(err.Error(), "bomb.md:") {
			t.Errorf("%s: error %q does not name the file", key, err)
		}
	}
	// The unknown bomb keys alone are only warnings and are never expanded.
	start := time.Now()
	if _, _, err := Parse("bomb.md", []byte(head+"---\n"+goodBody), false); err != nil {
		t.Errorf("unexpanded aliases: %v", err)
	}
	if d := time.Since(start); d > time.Second {
		t.Errorf("took %v", d)
	}
}

func TestSplitArgs(t *testing.T) {
	cases := []struct {
		in   string
		want []string
	}{
		{"", nil},
		{"  sort  -@ 8\t-o out.bam in.bam ", []string{"sort", "-@", "8", "-o", "out.bam", "in.bam"}},
		{`view -e 'length(seq) > 100' x.bam`, []string{"view", "-e", "length(seq) > 100", "x.bam"}},
		{`-F "a b" "say \"hi\" \$HOME \\ \x" ''`, []string{"-F", "a b", `say "hi" $HOME \ \x`, ""}},
		{`a\ b c\"d e'f'"g"`, []string{"a b", `c"d`, "efg"}},
		{"line\\\ncont \"x\\\ny\"", []string{"linecont", "xy"}},
		{"seq -A in.fq > out.fa", []string{"seq", "-A", "in.fq", ">", "out.fa"}},
		{`-t $'\t' a.tsv $'ACGT\n' x$'\'y' $HOME 1$`, []string{"-t", "\t", "a.tsv", "ACGT\n", "x'y", "$HOME", "1$"}},
	}
	for _, c := range cases {
		got, err := SplitArgs(c.in)
		if err != nil || !reflect.DeepEqual(got, c.want) {
			t.Errorf("SplitArgs(%q) = %q, %v; want %q", c.in, got, err, c.want)
		}
	}
	for in, want := range map[string]string{
		`a 'b`:     "unbalanced quote: single quote at offset 2 is not closed",
		`a "b\"`:   "unbalanced quote: double quote at offset 2 is not closed",
		`a b\`:     "trailing backslash at offset 3",
		`"a" 'b'"`: "unbalanced quote: double quote at offset 7 is not closed",
		`a $'b\'`:  "unbalanced quote: $' quote at offset 2 is not closed",
	} {
		_, err := SplitArgs(in)
		if err == nil || err.Error() != want {
			t.Errorf("SplitArgs(%q) error %v, want %q", in, err, want)
		}
	}
	if _, err := SplitArgs(`'x`); !errors.Is(err, ErrUnbalancedQuote) {
		t.Errorf("error %v does not wrap ErrUnbalancedQuote", err)
	}
}

// TestParseVerified checks the "verified" key: absent or true keeps the
// skill verified, false marks it unverified, in strict and lax mode and
// through both front-matter decoders.
func TestParseVerified(t *testing.T) {
	cases := []struct {
		header     string
		unverified bool
	}{
		{"name: tool\ndescription: d\n", false},
		{"name: tool\ndescription: d\nverified: true\n", false},
		{"name: tool\ndescription: d\nverified: false\n", true},
		{"name: tool\ndescription: d\nverified: False\n", true},                   // yaml.v3 path
		{"name: tool\ndescription: d # c\nverified: false\n", true},               // yaml.v3 path
		{"name: tool\ndescription: d\nverified: false # not installable\n", true}, // yaml.v3 path
	}
	for _, c := range cases {
		for _, strict := range []bool{true, false} {
			sk, warns, err := Parse("x.md", []byte("---\n"+c.header+"---\n"+goodBody), strict)
			if err != nil || len(warns) > 0 {
				t.Fatalf("%q strict=%v: %v %v", c.header, strict, err, warns)
			}
			if sk.Unverified != c.unverified {
				t.Errorf("%q strict=%v: Unverified = %v, want %v", c.header, strict, sk.Unverified, c.unverified)
			}
		}
	}
}

func TestDecodeANSIC(t *testing.T) {
	for in, want := range map[string]string{`$'\t'`: "\t", `$'a\x41\101\\'`: `aAA\`, `$''`: ""} {
		if got, err := DecodeANSIC(in); err != nil || got != want {
			t.Errorf("DecodeANSIC(%s) = %q, %v; want %q", in, got, err, want)
		}
	}
	for _, in := range []string{`$'a' b`, `'`, `a | b`} {
		if _, err := DecodeANSIC(in); err == nil {
			t.Errorf("DecodeANSIC(%s): no error", in)
		}
	}
}
