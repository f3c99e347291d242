package engine

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/traitome/oxo-call/rules"
)

// bedkit: sort writes to standard output (no output flag), merge reads
// -i and its help spells standard input "stdin", index writes beside its
// input, view has -o defaulting to standard output, pack writes next to
// its input unless --stdout.
const bedkitScript = `#!/bin/sh
case "$1" in
--version) echo "bedkit 0.1.0"; exit 0;;
sort)
  case "$2" in --help|-h) cat <<'EOF'
Usage: bedkit sort [options] -i <bed>

Options:
  -i FILE     Input BED file
  -s          Sort by size
EOF
  exit 0;; esac;;
merge)
  case "$2" in --help|-h) cat <<'EOF'
Usage: bedkit merge [options] -i <bed>

Options:
  -i FILE     Input BED file. Use "stdin" for pipes.
  -d INT      Maximum distance between intervals merged [0]
EOF
  exit 0;; esac;;
index)
  case "$2" in --help|-h) cat <<'EOF'
Usage: bedkit index [options] <in.bed>

Options:
  -c          Write a CSI index
EOF
  exit 0;; esac;;
view)
  case "$2" in --help|-h) cat <<'EOF'
Usage: bedkit view [options] <in.bed>

Options:
  -o FILE     Output file name [stdout]
  -s          Only intervals on the plus strand
EOF
  exit 0;; esac;;
pack)
  case "$2" in --help|-h) cat <<'EOF'
Usage: bedkit pack [options] <in.bed>

Options:
  -c, --stdout  Write to standard output, keep the input
  -l INT        Compression level [6]
EOF
  exit 0;; esac;;
esac
cat <<'EOF'
Program: bedkit (tools for BED files)
Version: 0.1.0

Usage:   bedkit <command> [options]

Commands:
  sort        sort intervals
  merge       merge overlapping intervals
  index       index intervals
  view        view intervals
  pack        compress intervals
EOF
`

func bedkitEngine(t *testing.T, rs *rules.Set) (*Engine, string) {

	t.Helper()
	bin, cwd := t.TempDir(), t.TempDir()
	fakeBin(t, bin, "bedkit", bedkitScript, 0o755)
	if err := os.WriteFile(filepath.Join(cwd, "peaks.bed"), []byte("chr1\t1\t2\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	sk := inlineSkill(t, "name: bedkit",
		"sort peaks.bed by position", "sort -i peaks.bed",
		"merge overlapping intervals in sorted.bed", "merge -i sorted.bed",
		"index the intervals of x.bed", "index x.bed",
		"view the intervals of x.bed", "view x.bed",
		"compress x.bed", "pack x.bed")
	return New(Options{Rules: rs, PathDirs: append([]string{bin}, filepath.SplitList(os.Getenv("PATH"))...), Runner: ExecRunner{}, Cache: NewCache(t.TempDir(), 8),
		Skills: skillMap{"bedkit": sk}}), cwd
}

func TestReadStdoutPipesOrNamesAFile(t *testing.T) {
	e, cwd := bedkitEngine(t, builtinRules)
	ctx := context.Background()
	for _, c := range []struct{ task, want, rule string }{
		// sort has no output flag: merge reads the pipe as its help spells it.
		{"sort peaks.bed then merge intervals", "bedkit sort -i peaks.bed | bedkit merge -i stdin", "steps.stdin_word"},
		// view's -o defaults to standard output; head reads "-".
		{"view peaks.bed then show the first 3 lines with head", "bedkit view peaks.bed | head -n 3", "steps.stdin_dash"},
		// An index cannot read a pipe: view writes a file named from its
		// input, through its own -o, and the index reads it.
		{"view peaks.bed then index it", "bedkit view -o peaks.view.bed peaks.bed && bedkit index peaks.view.bed", "steps.stdin_beside_input"},
		// sort has no output flag: the named file goes through "> file".
		{"sort peaks.bed then index it", "bedkit sort -i peaks.bed > peaks.sort.bed && bedkit index peaks.sort.bed", "steps.stdin_beside_input"},
		// pack writes next to its input unless --stdout: no pipe.
		{"pack peaks.bed then merge intervals", "bedkit pack peaks.bed && bedkit merge -i '<file>'", ""},
		// The later command names its own file: no pipe.
		{"sort peaks.bed then merge other.bed", "bedkit sort -i peaks.bed && bedkit merge -i other.bed", ""},
	} {
		p, err := e.GeneratePipeline(ctx, Request{Tool: "bedkit", Task: c.task, Cwd: cwd})
		if err != nil {
			t.Errorf("%q: %v", c.task, err)
			continue
		}
		if p.Display != c.want || c.rule != "" && !slices.Contains(p.RuleIDs(), c.rule) {
			t.Errorf("%q: %q rules %v, want %q by %s", c.task, p.Display, p.RuleIDs(), c.want, c.rule)
		}
		for _, r := range []string{"steps.stdin_word", "steps.stdin_dash", "steps.stdin_beside_input"} {
			if c.rule == "" && slices.Contains(p.RuleIDs(), r) {
				t.Errorf("%q: %s fired", c.task, r)
			}
		}
	}
	// The derived name says where it comes from.
	p, err := e.GeneratePipeline(ctx, Request{Tool: "bedkit", Task: "sort peaks.bed then index it", Cwd: cwd})
	if err != nil || !slices.ContainsFunc(p.Steps[0].Result.Fill.Evidence, func(s string) bool { return strings.Contains(s, "peaks.sort.bed is derived from peaks.bed") }) {
		t.Errorf("%v %+v", err, p)
	}
}

// Without the stdin rules nothing is piped: the later command keeps its
// placeholder, and a typed pipe's placeholder stays too.
func TestReadStdoutNeedsTheRules(t *testing.T) {
	dir := t.TempDir()
	_ = os.MkdirAll(filepath.Join(dir, "steps"), 0o755)
	var off strings.Builder
	for _, id := range []string{"steps.stdin_beside_input", "steps.stdin_word", "steps.stdin_dev", "steps.stdin_dash"} {
		off.WriteString("- id: " + id + "\n  description: off\n  when: 'false'\n  then: { stdin: '-' }\n  tests:\n    - { given: { prev_stdout: true }, fires: false }\n")
	}
	if err := os.WriteFile(filepath.Join(dir, "steps", "off.yaml"), []byte(off.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	rs, errs := rules.Load(rules.Options{UserDir: dir})
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	e, cwd := bedkitEngine(t, rs)
	ctx := context.Background()
	for task, want := range map[string]string{
		"sort peaks.bed then merge intervals": "bedkit sort -i peaks.bed && bedkit merge -i '<file>'",
		"sort peaks.bed | merge intervals":    "bedkit sort -i peaks.bed | bedkit merge -i '<file>'",
	} {
		p, err := e.GeneratePipeline(ctx, Request{Tool: "bedkit", Task: task, Cwd: cwd})
		if err != nil || p.Display != want {
			t.Errorf("%q: %v %+v, want %q", task, err, p, want)
		}
	}
}

func TestStdinHelpers(t *testing.T) {
	if resultCandidate(nil) != nil || resultCandidate(&Result{}) != nil || writesToStdout(&Result{}) || inputFlag(&Result{}) != -1 {
		t.Error("a result with no help has no scope")
	}
	doc := &ToolDoc{Subcommands: []SubcommandDoc{{Name: "a", Parser: "generic", Subcommands: []SubcommandDoc{{Name: "b"}}}},
		Companions: []SubcommandDoc{{Name: "kit-build", Parser: "generic"}}}
	if subcommandAt(doc, []string{"a", "b"}) == nil || subcommandAt(doc, []string{"a", "x"}) != nil {
		t.Error("subcommandAt")
	}
	rec := &ToolRecord{Executable: "kit"}
	for exe, known := range map[string]bool{"kit-build": true, "kit-other": false} {
		c := resultCandidate(&Result{Doc: doc, Record: rec, Fill: &Fill{Executable: exe}})
		if c == nil || c.known != known {
			t.Errorf("%s: %+v", exe, c)
		}
	}
	if c := resultCandidate(&Result{Doc: doc, Record: rec, Fill: &Fill{Executable: "kit", Subcommand: []string{"a", "b"}}}); c == nil || c.known {
		t.Errorf("a subcommand with no parsed help is not known: %+v", c)
	}
	if !isPlaceholder("<bed>") || isPlaceholder("<>") || isPlaceholder("a.bed") {
		t.Error("isPlaceholder")
	}
	if firstInput(&Result{Fill: &Fill{Inputs: []string{"<bed>", "-", "a.bed"}}}) != "a.bed" || firstInput(&Result{Fill: &Fill{}}) != "" {
		t.Error("firstInput")
	}
	// Unknown help never says the output goes to standard output.
	if stdoutByDefault(&candidate{}, &Fill{}) {
		t.Error("stdoutByDefault on unknown help")
	}
	// A written positional: the output goes to that file.
	c := &candidate{known: true, positionals: []PositionalDoc{{Name: "out"}}, flags: []FlagDoc{{Name: "-o", Category: "Output", ParamType: "file", Description: "Output [stdout]"}}}
	if stdoutByDefault(c, &Fill{}) {
		t.Error("written positional")
	}
	c.positionals = nil
	if !stdoutByDefault(c, &Fill{}) || stdoutByDefault(c, &Fill{Flags: []FlagValue{{Name: "-o", Value: "x", HasValue: true}}}) {
		t.Error("-o left out or given")
	}
}

// plan chains its steps as dry-run does: a pipe joins two steps into one,
// and a step that cannot read a pipe reads a file the step before
// writes — through "> file" after a pipe's last command too.
func TestPlanReadsStandardOutput(t *testing.T) {
	e, cwd := bedkitEngine(t, builtinRules)
	ctx := context.Background()
	for task, want := range map[string][]string{
		"sort peaks.bed with bedkit, then merge intervals with bedkit, then index it with bedkit": {"bedkit sort -i peaks.bed | bedkit merge -i stdin > peaks.merge.bed", "bedkit index peaks.merge.bed"},
		"sort peaks.bed with bedkit, then index it with bedkit":                                   {"bedkit sort -i peaks.bed > peaks.sort.bed", "bedkit index peaks.sort.bed"},
		"sort peaks.bed with bedkit, then merge other.bed with bedkit":                            {"bedkit sort -i peaks.bed", "bedkit merge -i other.bed"},
	} {
		p, err := e.GeneratePlan(ctx, PlanRequest{Task: task, Cwd: cwd})
		if err != nil {
			t.Errorf("%q: %v", task, err)
			continue
		}
		var got []string
		for _, s := range p.Steps {
			got = append(got, s.Pipeline.Display)
		}
		if !slices.Equal(got, want) {
			t.Errorf("%q: %q, want %q", task, got, want)
		}
	}
}

func TestDerivedFile(t *testing.T) {
	for _, c := range [][4]string{
		{"{stem}.{step}{ext}", "data/peaks.bed", "sort", "data/peaks.sort.bed"},
		{"{stem}.{step}{ext}", "calls.vcf.gz", "view", "calls.view.vcf.gz"},
		{"tmp/{stem}{ext}", "data/x.bam", "view", "tmp/x.bam"},
	} {
		if got := derivedFile(c[0], c[1], c[2]); got != c[3] {
			t.Errorf("%q: %q, want %q", c, got, c[3])
		}
	}
}

// A model's step reads the file added to its task.
func TestRefinishModelStep(t *testing.T) {
	p := &Plan{SplitBy: "model", Steps: []*PlanStep{{N: 1, Task: "sort peaks.bed"}, {N: 2, Task: "index the result"}}}
	if err := New(Options{Rules: builtinRules}).refinish(p, 0, "peaks sorted.bed"); err != nil ||
		p.Steps[1].Task != "index the result 'peaks sorted.bed'" || !slices.Equal(p.Steps[0].Outputs, []string{"peaks sorted.bed"}) {
		t.Errorf("%v %+v %+v", err, p.Steps[0], p.Steps[1])
	}
}
