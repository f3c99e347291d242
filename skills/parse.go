package skills

import (
	"bytes"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"gopkg.in/yaml.v3"

	"github.com/traitome/oxo-call/internal/lazyre"
)

// Limits that keep a hostile or broken file from costing much.
const (
	// MaxFileSize is the largest skill file accepted, in bytes.
	MaxFileSize = 1 << 20
	// MaxLineLen is the longest line accepted, in bytes.
	MaxLineLen = 8 << 10
	// MaxExamples is the most examples one skill may hold.
	MaxExamples = 500
)

// Section names, in the order a skill file must list them.
var sectionNames = [...]string{"Concepts", "Pitfalls", "Examples"}

const (
	secNone = iota - 1
	secConcepts
	secPitfalls
	secExamples
	secUnknown
)

// knownKeys lists the front-matter keys in the order they are documented.
var knownKeys = []string{
	"name", "category", "description", "tags", "author", "source_url",
	"aliases", "companions", "keywords", "min_version", "max_version", "verified",
}

// verifiedKey decodes the "verified" key into Skill.Unverified: the file
// says verified: false, the struct keeps the inverse so that its zero
// value means verified.
type verifiedKey bool

// UnmarshalYAML decodes a YAML boolean and stores its negation.
func (v *verifiedKey) UnmarshalYAML(n *yaml.Node) error {
	var b bool
	if err := n.Decode(&b); err != nil {
		return err
	}
	*v = verifiedKey(!b)
	return nil
}

func field(s *Skill, key string) any {
	switch key {
	case "name":
		return &s.Name
	case "category":
		return &s.Category
	case "description":
		return &s.Description
	case "tags":
		return &s.Tags
	case "author":
		return &s.Author
	case "source_url":
		return &s.SourceURL
	case "aliases":
		return &s.Aliases
	case "companions":
		return &s.Companions
	case "keywords":
		return &s.Keywords
	case "min_version":
		return &s.MinVersion
	case "max_version":
		return &s.MaxVersion
	case "verified":
		return (*verifiedKey)(&s.Unverified)
	}
	return nil
}

// Parse reads one skill file. path names the file in messages and becomes
// Skill.Source. With strict set (built-in skills) unknown front-matter
// keys, unknown or missing sections, out-of-order sections and stray text
// are errors; otherwise they are returned as warnings. Errors are *Error
// values that carry the file line.
func Parse(path string, data []byte, strict bool) (*Skill, []Warning, error) {
	p := &parser{path: path, strict: strict, sk: &Skill{Source: path}}
	if err := p.parse(data); err != nil {
		return nil, p.warnings, err
	}
	return p.sk, p.warnings, nil
}

type parser struct {
	path     string
	strict   bool
	sk       *Skill
	warnings []Warning
	lines    []string
}

func (p *parser) errf(line int, format string, args ...any) error {
	return &Error{Path: p.path, Line: line, Msg: fmt.Sprintf(format, args...)}
}

func (p *parser) warnf(line int, format string, args ...any) {
	p.warnings = append(p.warnings, Warning{Path: p.path, Line: line, Msg: fmt.Sprintf(format, args...)})
}

// lax reports a problem that is an error in strict mode and a warning
// otherwise; it returns the error to stop at, if any.
func (p *parser) lax(line int, format string, args ...any) error {
	if p.strict {
		return p.errf(line, format, args...)
	}
	p.warnf(line, format, args...)
	return nil
}

func (p *parser) parse(data []byte) error {
	if len(data) > MaxFileSize {
		return p.errf(0, "file is %d bytes, over the %d-byte limit", len(data), MaxFileSize)
	}
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	if !utf8.Valid(data) {
		bad := len(data)
		for i := 0; i < len(data); {
			r, n := utf8.DecodeRune(data[i:])
			if r == utf8.RuneError && n == 1 {
				bad = i
				break
			}
			i += n
		}
		return p.errf(bytes.Count(data[:bad], []byte("\n"))+1, "file is not valid UTF-8")
	}
	p.lines = strings.Split(string(data), "\n")
	for i, l := range p.lines {
		if len(l) > MaxLineLen {
			return p.errf(i+1, "line is %d bytes, over the %d-byte limit", len(l), MaxLineLen)
		}
		p.lines[i] = strings.TrimSuffix(l, "\r")
	}
	end, err := p.frontMatter()
	if err != nil {
		return err
	}
	return p.body(end + 1)
}

// frontMatter decodes the YAML between the two '---' lines and returns
// the index of the closing line.
func (p *parser) frontMatter() (int, error) {
	start := 0
	for start < len(p.lines) && strings.TrimSpace(p.lines[start]) == "" {
		start++
	}
	if start == len(p.lines) || strings.TrimRight(p.lines[start], " \t") != "---" {
		return 0, p.errf(min(start+1, p.lastLine()), "missing front matter: a skill file must start with a '---' line")
	}
	end := -1
	for i := start + 1; i < len(p.lines); i++ {
		if strings.TrimRight(p.lines[i], " \t") == "---" {
			end = i
			break
		}
	}
	if end < 0 {
		return 0, p.errf(start+1, "unterminated front matter: no closing '---' line")
	}
	offset := start + 1 // YAML line n is file line n+offset
	for i := start + 1; i < end; i++ {
		if r, ok := badYAMLChar(p.lines[i]); ok {
			return 0, p.errf(i+1, "front matter holds the character %U, which YAML does not allow", r)
		}
	}
	fm := p.lines[start+1 : end]
	if keyIdx, ok := fastFrontMatter(fm, p.sk); ok {
		keyLine := func(key string) int {
			if i, ok := keyIdx[key]; ok {
				return i + offset + 1
			}
			return start + 1
		}
		return end, p.checkHeader(keyLine)
	}
	*p.sk = Skill{Source: p.path}
	return end, p.slowFrontMatter(strings.Join(fm, "\n"), start+1, offset)
}

// slowFrontMatter decodes the front matter with yaml.v3.
func (p *parser) slowFrontMatter(text string, openLine, offset int) error {
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte(text), &doc); err != nil {
		return p.yamlErr(err, offset, offset+1, "")
	}
	if len(doc.Content) == 0 {
		return p.errf(openLine, "front matter has no name")
	}
	root := doc.Content[0]
	if root.Kind != yaml.MappingNode {
		return p.errf(root.Line+offset, "front matter must be a mapping of keys to values")
	}
	if err := p.keys(root, offset); err != nil {
		return err
	}
	return p.checkHeader(func(key string) int {
		for i := 0; i+1 < len(root.Content); i += 2 {
			if root.Content[i].Value == key {
				return root.Content[i].Line + offset
			}
		}
		return openLine
	})
}

func (p *parser) keys(root *yaml.Node, offset int) error {
	seen := make(map[string]int, len(root.Content)/2)
	for i := 0; i+1 < len(root.Content); i += 2 {
		k, v := root.Content[i], root.Content[i+1]
		line := k.Line + offset
		if k.Kind != yaml.ScalarNode {
			return p.errf(line, "front-matter key must be a plain word")
		}
		if first, dup := seen[k.Value]; dup {
			return p.errf(line, "duplicate front-matter key %q (first set at line %d)", k.Value, first)
		}
		seen[k.Value] = line
		dst := field(p.sk, k.Value)
		if dst == nil {
			if err := p.lax(line, "unknown front-matter key %q (known keys: %s)", k.Value, strings.Join(knownKeys, ", ")); err != nil {
				return err
			}
			continue
		}
		if err := v.Decode(dst); err != nil {
			return p.yamlErr(err, offset, v.Line+offset, k.Value)
		}
	}
	return nil
}

var yamlLineRE = lazyre.New(`^line (\d+): (.*)`)

// yamlParserProblems are the yaml.v3 parser (not scanner) messages; the
// parser reports a 0-based line, the scanner a 1-based one.
var yamlParserProblems = map[string]bool{
	"did not find expected ',' or ']'":       true,
	"did not find expected ',' or '}'":       true,
	"did not find expected '-' indicator":    true,
	"did not find expected <document start>": true,
	"did not find expected <stream-start>":   true,
	"did not find expected key":              true,
	"did not find expected node content":     true,
	"found duplicate %TAG directive":         true,
	"found duplicate %YAML directive":        true,
	"found incompatible YAML document":       true,
	"found undefined tag handle":             true,
}

// badYAMLChar finds a character the YAML reader rejects.
func badYAMLChar(line string) (rune, bool) {
	for _, r := range line {
		if r == '\t' || r == 0x85 || (r >= 0x20 && r <= 0x7e) || (r >= 0xa0 && r <= 0xd7ff) ||
			(r >= 0xe000 && r <= 0xfffd && r != 0xfeff) || r >= 0x10000 {
			continue
		}
		return r, true
	}
	return 0, false
}

// yamlErr maps a yaml.v3 error to an *Error whose line is a file line.
func (p *parser) yamlErr(err error, offset, fallback int, key string) error {
	msg := err.Error()
	var te *yaml.TypeError
	if errors.As(err, &te) && len(te.Errors) > 0 {
		msg = te.Errors[0]
	}
	msg = strings.TrimPrefix(msg, "yaml: ")
	line := fallback
	if m := yamlLineRE.FindStringSubmatch(msg); m != nil {
		n, _ := strconv.Atoi(m[1])
		msg = m[2]
		if key == "" && yamlParserProblems[msg] {
			n++
		}
		line = n + offset
	}
	if key != "" {
		return p.errf(line, "front-matter key %q: %s", key, msg)
	}
	return p.errf(line, "YAML syntax error in front matter: %s", msg)
}

// checkHeader validates the decoded front-matter values; keyLine gives
// the file line of a key.
func (p *parser) checkHeader(keyLine func(string) int) error {
	s := p.sk
	s.Name = strings.TrimSpace(s.Name)
	if s.Name == "" {
		return p.errf(keyLine("name"), "front matter has no name")
	}
	if !p.strict {
		return nil
	}
	if s.Name != strings.ToLower(s.Name) || strings.ContainsAny(s.Name, " \t/") {
		return p.errf(keyLine("name"), "name %q must be the lower-case tool name without blanks or slashes", s.Name)
	}
	if strings.TrimSpace(s.Description) == "" {
		return p.errf(keyLine("description"), "front matter has no description")
	}
	for _, kw := range sortedKeys(s.Keywords) {
		if len(s.Keywords[kw]) == 0 {
			return p.errf(keyLine("keywords"), "keywords for %q list no phrases", kw)
		}
	}
	return nil
}

// lastLine is the number of the file's last line.
func (p *parser) lastLine() int {
	if n := len(p.lines); n > 1 && p.lines[n-1] == "" {
		return n - 1
	}
	return max(len(p.lines), 1)
}

// bodyState tracks the body while it is read.
type bodyState struct {
	sec      int // current section
	secLine  int // line of its heading
	secItems int // items read in it so far
	order    int // highest known section seen
	seen     [3]bool
	ex       *Example
	exArgs   int // line of the current example's Args, 0 if none
	exExpl   int // line of its Explanation, 0 if none
	inFence  bool
	// pendDst is the bullet or explanation that following lines continue;
	// pend holds its text and those lines until commit joins them.
	pendDst *string
	pend    []string
}

// commit stores the pending bullet or explanation with its continuation
// lines joined by blanks (joined once, so long wraps stay linear).
func (st *bodyState) commit() {
	if st.pendDst != nil && len(st.pend) > 1 {
		*st.pendDst = strings.TrimSpace(strings.Join(st.pend, " "))
	}
	st.pendDst, st.pend = nil, st.pend[:0]
}

// continues reports whether line t continues the pending text.
func (st *bodyState) continues(t string) bool {
	if st.pendDst == nil || t == "" || t == "##" || t == "###" || strings.HasPrefix(t, "## ") ||
		strings.HasPrefix(t, "### ") || strings.HasPrefix(t, "```") {
		return false
	}
	if st.sec == secExamples {
		return !strings.HasPrefix(t, "**Args:**") && !strings.HasPrefix(t, "**Explanation:**")
	}
	return t != "-" && t != "*" && !strings.HasPrefix(t, "- ") && !strings.HasPrefix(t, "* ")
}

func (st *bodyState) pending(dst *string, text string) {
	st.pendDst, st.pend = dst, append(st.pend[:0], text)
}

func (p *parser) body(from int) error {
	st := &bodyState{sec: secNone, order: -1}
	for i := from; i < len(p.lines); i++ {
		if err := p.bodyLine(st, i+1, p.lines[i]); err != nil {
			return err
		}
	}
	st.commit()
	if err := p.closeSection(st); err != nil {
		return err
	}
	for i, seen := range st.seen {
		if !seen {
			if err := p.lax(p.lastLine(), "missing section ## %s", sectionNames[i]); err != nil {
				return err
			}
		}
	}
	return nil
}

func (p *parser) bodyLine(st *bodyState, n int, line string) error {
	t := strings.TrimSpace(line)
	if !st.inFence && st.continues(t) {
		st.pend = append(st.pend, t)
		return nil
	}
	st.commit()
	if strings.HasPrefix(t, "```") {
		st.inFence = !st.inFence
		return p.lax(n, "code fences are not part of the skill format")
	}
	if st.inFence {
		return nil
	}
	if st.sec == secUnknown && !strings.HasPrefix(t, "## ") && t != "##" {
		return nil
	}
	switch {
	case t == "##" || strings.HasPrefix(t, "## "):
		return p.openSection(st, n, strings.TrimSpace(t[2:]))
	case t == "###" || strings.HasPrefix(t, "### "):
		if st.sec != secExamples {
			return p.lax(n, "### heading outside ## Examples")
		}
		if err := p.closeExample(st); err != nil {
			return err
		}
		if st.secItems >= MaxExamples {
			return p.errf(n, "more than %d examples", MaxExamples)
		}
		task := strings.TrimSpace(t[3:])
		if task == "" {
			return p.errf(n, "example heading has no task")
		}
		st.ex = &Example{Task: task, Line: n}
		st.secItems++
		return nil
	case t == "":
		return nil
	}
	switch st.sec {
	case secNone:
		if strings.HasPrefix(t, "# ") {
			return nil // a title line
		}
		return p.lax(n, "text before the first ## section")
	case secExamples:
		return p.exampleLine(st, n, t)
	}
	return p.bulletLine(st, n, t)
}

func (p *parser) openSection(st *bodyState, n int, name string) error {
	if err := p.closeSection(st); err != nil {
		return err
	}
	st.sec, st.secLine, st.secItems = secUnknown, n, 0
	for i, s := range sectionNames {
		if strings.EqualFold(name, s) {
			st.sec = i
		}
	}
	if st.sec == secUnknown {
		return p.lax(n, "unknown section ## %s (expected Concepts, Pitfalls, Examples)", name)
	}
	if st.seen[st.sec] {
		if err := p.lax(n, "section ## %s appears twice", name); err != nil {
			return err
		}
	} else if st.sec < st.order {
		if err := p.lax(n, "section ## %s is out of order (expected Concepts, Pitfalls, Examples)", name); err != nil {
			return err
		}
	}
	st.seen[st.sec] = true
	st.order = max(st.order, st.sec)
	return nil
}

func (p *parser) closeSection(st *bodyState) error {
	if st.sec == secExamples {
		if err := p.closeExample(st); err != nil {
			return err
		}
	}
	if st.sec >= secConcepts && st.sec <= secExamples && st.secItems == 0 {
		return p.errf(st.secLine, "section ## %s is empty", sectionNames[st.sec])
	}
	return nil
}

func (p *parser) bulletLine(st *bodyState, n int, t string) error {
	dst := &p.sk.Concepts
	if st.sec == secPitfalls {
		dst = &p.sk.Pitfalls
	}
	if t == "-" || t == "*" {
		return p.lax(n, "empty bullet")
	}
	item, isBullet := strings.CutPrefix(t, "- ")
	if !isBullet {
		if item, isBullet = strings.CutPrefix(t, "* "); isBullet && p.strict {
			return p.errf(n, "bullets must start with '- ', not '* '")
		}
	}
	if !isBullet {
		return p.lax(n, "expected a bullet starting with '- ' in ## %s", sectionNames[st.sec])
	}
	*dst = append(*dst, strings.TrimSpace(item))
	st.pending(&(*dst)[len(*dst)-1], (*dst)[len(*dst)-1])
	st.secItems++
	return nil
}

func (p *parser) exampleLine(st *bodyState, n int, t string) error {
	if st.ex == nil {
		return p.lax(n, "text in ## Examples before the first ### example")
	}
	if rest, ok := strings.CutPrefix(t, "**Args:**"); ok {
		if st.exArgs != 0 {
			return p.errf(n, "example %q has a second **Args:** line (first at line %d)", st.ex.Task, st.exArgs)
		}
		args, err := backticked(strings.TrimSpace(rest))
		if err != nil {
			return p.errf(n, "**Args:** %s", err)
		}
		st.ex.Args, st.exArgs = args, n
		return nil
	}
	if rest, ok := strings.CutPrefix(t, "**Explanation:**"); ok {
		if st.exExpl != 0 {
			return p.errf(n, "example %q has a second **Explanation:** line (first at line %d)", st.ex.Task, st.exExpl)
		}
		st.ex.Explanation, st.exExpl = strings.TrimSpace(rest), n
		st.pending(&st.ex.Explanation, st.ex.Explanation)
		return nil
	}
	return p.lax(n, "unexpected text in example %q (expected **Args:** or **Explanation:**)", st.ex.Task)
}

// backticked returns the text inside one pair of backticks (or double
// backticks, Markdown's form for code that contains a backtick).
func backticked(s string) (string, error) {
	delim := "`"
	if strings.HasPrefix(s, "``") {
		delim = "``"
	}
	if len(s) < 2*len(delim) || !strings.HasPrefix(s, delim) || !strings.HasSuffix(s, delim) {
		return "", fmt.Errorf("must be the arguments in backticks, like `sort -o out.bam in.bam`")
	}
	inner := strings.TrimSpace(s[len(delim) : len(s)-len(delim)])
	if delim == "`" && strings.Contains(inner, "`") {
		return "", fmt.Errorf("holds more than one pair of backticks")
	}
	if inner == "" {
		return "", fmt.Errorf("is empty")
	}
	return inner, nil
}

func (p *parser) closeExample(st *bodyState) error {
	ex := st.ex
	if ex == nil {
		return nil
	}
	st.ex = nil
	argsLine, explLine := st.exArgs, st.exExpl
	st.exArgs, st.exExpl = 0, 0
	if argsLine == 0 {
		return p.errf(ex.Line, "example %q has no **Args:** line", ex.Task)
	}
	if explLine == 0 || ex.Explanation == "" {
		return p.errf(ex.Line, "example %q has no **Explanation:** text", ex.Task)
	}
	p.sk.Examples = append(p.sk.Examples, *ex)
	return nil
}

// sortedKeys returns the keys of m in order.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
