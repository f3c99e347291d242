package rules

import (
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"runtime"
	"sort"
	"strings"
	"sync"

	"github.com/expr-lang/expr/ast"
	"gopkg.in/yaml.v3"

	"github.com/traitome/oxo-call/internal/lazyre"
	"github.com/traitome/oxo-call/internal/safefile"
)

//go:embed */*.yaml
var builtinFS embed.FS

// Builtin returns the embedded rule packs.
func Builtin() fs.FS { return builtinFS }

// Limits bound what a rule file may cost. User rules get UserLimits so that
// a hostile or careless file cannot hang or exhaust the program.
type Limits struct {
	MaxFileBytes int64 // a larger file is rejected whole
	MaxWhenBytes int   // a longer `when` is rejected
	MaxNodes     uint  // expr AST node budget at compile time
	MaxRules     int   // per file
}

var (
	// BuiltinLimits apply to the embedded packs.
	BuiltinLimits = Limits{MaxFileBytes: 1 << 20, MaxWhenBytes: 4096, MaxNodes: 2000, MaxRules: 1000}
	// UserLimits apply to files from the user's rules directory.
	UserLimits = Limits{MaxFileBytes: 256 << 10, MaxWhenBytes: 2048, MaxNodes: 400, MaxRules: 500}
)

// memoryBudget bounds what one evaluation may allocate (expr's own unit:
// roughly elements created); it stops `1..1e9` style ranges and nested loops.
const memoryBudget = 200_000

var idPattern = lazyre.New(`^[a-z0-9_]+(\.[a-z0-9_-]+)+$`)

type ruleConfig struct {
	ID          string       `yaml:"id"`
	Description string       `yaml:"description"`
	When        string       `yaml:"when"`
	Then        yaml.Node    `yaml:"then"`
	Priority    int          `yaml:"priority"`
	Tests       []testConfig `yaml:"tests"`
}

type testConfig struct {
	Given yaml.Node `yaml:"given"`
	Fires *bool     `yaml:"fires"`
	First string    `yaml:"first"`
}

// Options say where rules come from.
type Options struct {
	// UserDir holds <kind>/*.yaml files that add to or override built-ins
	// by id. Empty or missing means none.
	UserDir string
	// NoBuiltin skips the embedded packs (tests of user files).
	NoBuiltin bool
	// Lazy defers, for the built-in packs only, compiling each rule's
	// `when` until the rule is first evaluated and decoding its inline
	// tests until they are run (Set.Complete). A command then pays only
	// for the rules it evaluates. The project's tests load the built-in
	// packs in full, so a broken one never ships; user rules are always
	// checked in full at load, so a broken user file is reported at once.
	Lazy bool
	// CacheDir, with Lazy, keeps the decoded built-in rules in a file
	// there for the next load (cache.go). Empty means no cache.
	CacheDir string
}

// Load reads the built-in packs and the user's rules. A broken user rule is
// reported in the returned errors and skipped; a broken built-in rule is
// reported the same way (and fails the project's tests).
func Load(opts Options) (*Set, []error) {
	s := newSet()
	var errs []error
	switch {
	case opts.NoBuiltin:
	case opts.Lazy && opts.CacheDir != "":
		errs = append(errs, s.loadBuiltinCached(opts.CacheDir)...)
	default:
		errs = append(errs, s.loadFS(builtinFS, "builtin:", "builtin", BuiltinLimits, opts.Lazy)...)
	}
	if opts.UserDir != "" {
		if st, err := os.Stat(opts.UserDir); err == nil && st.IsDir() {
			errs = append(errs, s.loadFS(os.DirFS(opts.UserDir), opts.UserDir+string(os.PathSeparator), "user", UserLimits, false)...)
		}
	}
	s.sortRules()
	return s, errs
}

// loadFS reads every <kind>/*.yaml of one tree. Files are parsed and
// compiled in parallel (compiling is most of a load's cost) and added in
// a fixed order, so duplicate-id errors and evaluation order never depend
// on scheduling. lazy defers compiling and test decoding (Options.Lazy).
func (s *Set) loadFS(fsys fs.FS, prefix, origin string, lim Limits, lazy bool) []error {
	var errs []error
	entries, err := fs.ReadDir(fsys, ".")
	if err != nil {
		return []error{&Error{File: prefix, Msg: err.Error()}}
	}
	var files []string
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		if _, err := Kind(e.Name()); err != nil {
			errs = append(errs, &Error{File: prefix + e.Name(), Msg: err.Error()})
			continue
		}
		fs, _ := fs.Glob(fsys, e.Name()+"/*.yaml")
		files = append(files, fs...)
	}
	type parsed struct {
		rules []*Rule
		errs  []error
	}
	results := make([]parsed, len(files))
	var wg sync.WaitGroup
	sem := make(chan struct{}, max(1, runtime.NumCPU()))
	for i, f := range files {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			results[i].rules, results[i].errs = readFile(fsys, f, prefix+f, origin, lim, lazy)
		}()
	}
	wg.Wait()
	for _, r := range results {
		errs = append(errs, r.errs...)
		for _, rule := range r.rules {
			if err := s.add(rule); err != nil {
				errs = append(errs, err)
			}
		}
	}
	return errs
}

// readFile reads, parses and compiles one rule file.
func readFile(fsys fs.FS, name, display, origin string, lim Limits, lazy bool) ([]*Rule, []error) {
	kind := path.Dir(name)
	if st, err := fs.Stat(fsys, name); err == nil && st.Size() > lim.MaxFileBytes {
		return nil, []error{&Error{File: display, Line: 1, Msg: fmt.Sprintf("file is %d bytes, more than the limit of %d", st.Size(), lim.MaxFileBytes)}}
	}
	data, err := safefile.ReadFS(fsys, name, display, lim.MaxFileBytes)
	if err != nil {
		return nil, []error{&Error{File: display, Msg: safefile.Reason(err)}}
	}
	return parseFile(data, kind, display, origin, lim, lazy)
}

// ParseFile parses and compiles one rule file's content for a kind.
func ParseFile(data []byte, kind, display string, lim Limits) ([]*Rule, []error) {
	return parseFile(data, kind, display, "user", lim, false)
}

func parseFile(data []byte, kind, display, origin string, lim Limits, lazy bool) ([]*Rule, []error) {
	spec, err := Kind(kind)
	if err != nil {
		return nil, []error{&Error{File: display, Line: 1, Msg: err.Error()}}
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, []error{&Error{File: display, Line: yamlErrLine(err), Msg: strings.TrimPrefix(err.Error(), "yaml: ")}}
	}
	if doc.Kind == 0 || len(doc.Content) == 0 {
		return nil, nil // empty file
	}
	root := doc.Content[0]
	if root.Kind != yaml.SequenceNode {
		return nil, []error{&Error{File: display, Line: root.Line, Msg: "a rule file is a YAML list of rules (- id: …)"}}
	}
	if len(root.Content) > lim.MaxRules {
		return nil, []error{&Error{File: display, Line: root.Line, Msg: fmt.Sprintf("%d rules, more than the limit of %d per file", len(root.Content), lim.MaxRules)}}
	}
	var out []*Rule
	var errs []error
	for _, n := range root.Content {
		r, err := compileRule(n, spec, display, origin, lim, lazy)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		out = append(out, r)
	}
	return out, errs
}

var lineRE = lazyre.New(`line (\d+)`)

func yamlErrLine(err error) int {
	if m := lineRE.FindStringSubmatch(err.Error()); m != nil {
		var n int
		fmt.Sscan(m[1], &n)
		return n
	}
	return 1
}

// compileRule decodes one rule node strictly and compiles its expression
// and tests, or, when lazy, leaves both to the rule's first use.
func compileRule(n *yaml.Node, spec KindSpec, file, origin string, lim Limits, lazy bool) (*Rule, error) {
	fail := func(id string, line int, format string, a ...any) error {
		return &Error{File: file, Line: line, ID: id, Msg: fmt.Sprintf(format, a...)}
	}
	var rc ruleConfig
	if err := decodeStrict(n, &rc); err != nil {
		id := peekID(n)
		return nil, fail(id, lineOf(err, n.Line), "%s", stripLine(err))
	}
	switch {
	case rc.ID == "":
		return nil, fail("", n.Line, "missing id")
	case !idPattern.MatchString(rc.ID):
		return nil, fail(rc.ID, n.Line, "id must be lower-case dotted words, like %q", spec.Name+".example")
	case spec.Data && rc.When != "":
		return nil, fail(rc.ID, whenLine(n), "%s rules have no when: an entry fires for what its then lists", spec.Name)
	case !spec.Data && strings.TrimSpace(rc.When) == "":
		return nil, fail(rc.ID, n.Line, "missing when")
	case len(rc.When) > lim.MaxWhenBytes:
		return nil, fail(rc.ID, n.Line, "when is %d bytes, more than the limit of %d", len(rc.When), lim.MaxWhenBytes)
	case rc.Then.Kind == 0:
		return nil, fail(rc.ID, n.Line, "missing then")
	}
	r := &Rule{ID: rc.ID, Kind: spec.Name, Description: rc.Description, When: rc.When,
		Priority: rc.Priority, File: file, Line: n.Line, Origin: origin}
	r.Then = spec.NewThen()
	if err := decodeStrict(&rc.Then, r.Then); err != nil {
		return nil, fail(rc.ID, lineOf(err, rc.Then.Line), "then: %s", stripLine(err))
	}
	if err := validateThen(spec.Name, r.Then); err != nil {
		return nil, fail(rc.ID, rc.Then.Line, "%s", err)
	}
	d := &deferred{spec: spec, lim: lim, whenLine: whenLine(n), tests: rc.Tests}
	if lazy {
		r.lazy = d
		return r, nil
	}
	if err := d.compile(r); err != nil {
		return nil, err
	}
	if err := d.decodeTests(r); err != nil {
		return nil, err
	}
	return r, nil
}

// deferred is what compiling a rule's `when` and decoding its tests
// need, kept on a rule loaded lazily (Options.Lazy) until first use.
type deferred struct {
	spec     KindSpec
	lim      Limits
	whenLine int
	tests    []testConfig
	// source, for a rule read from the cache, holds its tests.
	source *testSource

	compileOnce, testsOnce sync.Once
	compileErr, testsErr   error
}

// fail is an error naming the rule's file, the line and its id.
func (d *deferred) fail(r *Rule, line int, format string, a ...any) error {
	return &Error{File: r.File, Line: line, ID: r.ID, Msg: fmt.Sprintf(format, a...)}
}

// compile compiles r.When (data kinds have none) and sets r's program and
// Identifiers.
func (d *deferred) compile(r *Rule) error {
	if d.spec.Data {
		return nil
	}
	growth := &growthPatch{}
	prog, err := compileWhen(r.When, d.spec, d.lim, growth)
	if err != nil {
		return d.fail(r, d.whenLine, "when does not compile: %s", oneLine(err.Error()))
	}
	r.program, r.metered = prog, growth.n > 0
	r.Identifiers = identifiers(prog.Node())
	return nil
}

// decodeTests decodes a rule's inline tests into r.Tests.
func (d *deferred) decodeTests(r *Rule) error {
	for _, tc := range d.tests {
		t, err := decodeTest(tc, d.spec)
		if err != nil {
			return d.fail(r, lineOf(err, tc.Given.Line), "test: %s", stripLine(err))
		}
		r.Tests = append(r.Tests, t)
	}
	return nil
}

// compiled compiles a lazily loaded rule once; it is a no-op for a rule
// compiled at load.
func (r *Rule) compiled() error {
	d := r.lazy
	if d == nil {
		return nil
	}
	d.compileOnce.Do(func() { d.compileErr = d.compile(r) })
	return d.compileErr
}

// tested decodes a lazily loaded rule's tests once.
func (r *Rule) tested() error {
	d := r.lazy
	if d == nil {
		return nil
	}
	d.testsOnce.Do(func() {
		if d.source != nil {
			if d.tests, d.testsErr = d.source.tests(r.Line); d.testsErr != nil {
				return
			}
		}
		d.testsErr = d.decodeTests(r)
	})
	return d.testsErr
}

func decodeTest(tc testConfig, spec KindSpec) (Test, error) {
	t := Test{Line: tc.Given.Line, Fires: tc.Fires, First: tc.First}
	if tc.Given.Kind == 0 {
		return t, errors.New("missing given")
	}
	if tc.Fires == nil && tc.First == "" {
		return t, fmt.Errorf("line %d: a test needs fires: true|false or first: <rule id>", tc.Given.Line)
	}
	env := spec.NewEnv()
	if err := decodeStrict(&tc.Given, env); err != nil {
		return t, err
	}
	t.Given = env
	return t, nil
}

func peekID(n *yaml.Node) string {
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == "id" {
			return n.Content[i+1].Value
		}
	}
	return ""
}

func whenLine(n *yaml.Node) int {
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == "when" {
			return n.Content[i+1].Line
		}
	}
	return n.Line
}

// lineOf takes "line N: …" from a decode error, else the fallback.
func lineOf(err error, fallback int) int {
	if m := lineRE.FindStringSubmatch(err.Error()); m != nil {
		var n int
		fmt.Sscan(m[1], &n)
		return n
	}
	return fallback
}

var linePrefixRE = lazyre.New(`^line \d+: `)

func stripLine(err error) string { return linePrefixRE.ReplaceAllString(err.Error(), "") }

func oneLine(s string) string {
	s = strings.TrimSpace(s)
	lines := strings.Split(s, "\n")
	return strings.Join(strings.Fields(strings.Join(lines, " | ")), " ")
}

type identVisitor struct{ names []string }

func (v *identVisitor) Visit(n *ast.Node) {
	if id, ok := (*n).(*ast.IdentifierNode); ok && id.Value != "$env" && !strings.HasPrefix(id.Value, "__") {
		v.names = append(v.names, id.Value) // $env and __x come from growthPatch
	}
}

// identifiers lists the distinct names an expression reads, sorted, for explain.
func identifiers(n ast.Node) []string {
	v := &identVisitor{}
	ast.Walk(&n, v)
	sort.Strings(v.names)
	out := v.names[:0]
	for i, s := range v.names {
		if i == 0 || s != v.names[i-1] {
			out = append(out, s)
		}
	}
	return out
}
