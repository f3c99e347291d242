package engine

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/traitome/oxo-call/rules"
)

func TestStepsRulesSplitATaskInWords(t *testing.T) {
	env, e := pipeEnv(t)
	ctx := context.Background()
	cases := []struct{ task, display, rule string }{
		{"sort in.bam into s.bam and index it", "bamkit sort -o s.bam in.bam && bamkit index s.bam", "steps.and_index_it"},
		{"sort in.bam into s.bam, then index it", "bamkit sort -o s.bam in.bam && bamkit index s.bam", "steps.then"},
		{"sort in.bam into s.bam and then index", "bamkit sort -o s.bam in.bam && bamkit index s.bam", "steps.then"},
		{"把 in.bam 排序到 s.bam 然后建立索引", "bamkit sort -o s.bam in.bam && bamkit index s.bam", "steps.then_zh"},
		// The redirection typed after the words goes with the last command.
		{"sort in.bam into s.bam then index it > log.txt", "bamkit sort -o s.bam in.bam && bamkit index s.bam > log.txt", "steps.then"},
	}
	for _, c := range cases {
		p, err := e.GeneratePipeline(ctx, Request{Tool: "bamkit", Task: c.task, Cwd: env.cwd})
		if err != nil {
			t.Errorf("%q: %v", c.task, err)
			continue
		}
		if p.Display != c.display || !slices.Contains(p.RuleIDs(), c.rule) {
			t.Errorf("%q: %q rules %v, want %q by %s", c.task, p.Display, p.RuleIDs(), c.display, c.rule)
		}
		// s.bam is written by step 1: step 2 is not warned that it is missing.
		if hasRule(p.Findings(), "check.input_missing") {
			t.Errorf("%q: %+v", c.task, p.Findings())
		}
		if eventWith(p.Steps[1].Result.Trace, "an earlier step writes it") == nil {
			t.Errorf("%q: no trace of the earlier output", c.task)
		}
	}
	// "it" with nothing written before: left as words.
	p, err := e.GeneratePipeline(ctx, Request{Tool: "bamkit", Task: "index in.bam and index it", Cwd: env.cwd})
	if err != nil || len(p.Steps) != 2 || strings.Contains(p.Steps[1].Task, "in.bam") {
		t.Errorf("%v %+v", err, p)
	}
}

func TestCutAtAndLinkTask(t *testing.T) {
	re := regexp.MustCompile(`(?i)\s+and\s+(index\s+it)`)
	if got := cutAt(re, "sort a.bam AND index it"); !slices.Equal(got, []string{"sort a.bam", "index it"}) {
		t.Errorf("%q", got)
	}
	if got := cutAt(regexp.MustCompile(`\s*then\s*`), "then sort a.bam then"); !slices.Equal(got, []string{"sort a.bam"}) {
		t.Errorf("%q", got)
	}
	prev := &Result{Fill: &Fill{Outputs: []string{"my s.bam"}}}
	l := &link{refer: []string{"it"}, carry: true}
	if got := linkTask("index it", l, prev, &Trace{}); got != "index 'my s.bam'" {
		t.Errorf("%q", got)
	}
	if got := linkTask("index x.bam", l, prev, &Trace{}); got != "index x.bam" {
		t.Errorf("%q", got)
	}
	if got := linkTask("index", l, &Result{Command: Command{Stdout: "o.txt"}}, &Trace{}); got != "index o.txt" {
		t.Errorf("%q", got)
	}
	if got := linkTask("index", nil, prev, &Trace{}); got != "index" {
		t.Errorf("%q", got)
	}
	if got := linkTask("index", &link{refer: []string{"it"}}, prev, &Trace{}); got != "index" {
		t.Errorf("%q", got)
	}
}

func TestWirePipes(t *testing.T) {
	env, e := pipeEnv(t)
	ctx := context.Background()
	cases := []struct{ task, display string }{
		// A derived output would leave the pipe empty: standard output instead.
		{"sort in.bam | head -n 5", "bamkit sort in.bam | head -n 5"},
		// A step that reads the pipe reads "-" where it lacked an input;
		// "sort" is the tool's own subcommand here, not the system's sort.
		{"index in.bam | sort by name into n.bam", "bamkit index in.bam | bamkit sort -o n.bam -"},
	}
	for _, c := range cases {
		p, err := e.GeneratePipeline(ctx, Request{Tool: "bamkit", Task: c.task, Cwd: env.cwd})
		if err != nil || p.Display != c.display {
			t.Errorf("%q: %v %q, want %q", c.task, err, p.Display, c.display)
		}
	}
}

// One splitter: a steps rule of the user's ("subsequently") cuts a task in
// words for dry-run and a task into steps for plan alike, and "then" is
// cut for plan by the built-in steps rule, not by a word list of its own.
func TestStepsRulesCutPlansToo(t *testing.T) {
	dir := t.TempDir()
	_ = os.MkdirAll(filepath.Join(dir, "steps"), 0o755)
	rule := "- id: lab.subsequently\n  description: the lab writes subsequently\n  when: 'hasAny(words, [\"subsequently\"])'\n  then: { split: '\\s*,?\\s*\\bsubsequently\\b\\s*', op: '&&', refer: [it], carry: true }\n  tests:\n    - { given: { task: \"sort a.bam into s.bam subsequently index it\" }, fires: true }\n    - { given: { task: \"sort a.bam\" }, fires: false }\n"
	if err := os.WriteFile(filepath.Join(dir, "steps", "lab.yaml"), []byte(rule), 0o644); err != nil {
		t.Fatal(err)
	}
	rs, errs := rules.Load(rules.Options{UserDir: dir})
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	env, _ := pipeEnv(t)
	env.opts.Rules = rs
	e := New(env.opts)
	ctx := context.Background()
	p, err := e.GeneratePipeline(ctx, Request{Tool: "bamkit", Task: "sort in.bam into s.bam subsequently index it", Cwd: env.cwd})
	if err != nil || p.Display != "bamkit sort -o s.bam in.bam && bamkit index s.bam" || !slices.Contains(p.RuleIDs(), "lab.subsequently") {
		t.Fatalf("%v %+v", err, p)
	}
	for _, text := range []string{"sort aln.sam subsequently index it", "sort aln.sam, then index it", "把 aln.sam 排序然后建索引"} {
		got := e.pieces(text)
		if len(got) != 2 {
			t.Errorf("%q: %v", text, got)
			continue
		}
		if first := text[got[0][0]:got[0][1]]; !strings.HasSuffix(first, "aln.sam") && !strings.HasSuffix(first, "排序") {
			t.Errorf("%q: first step %q", text, first)
		}
	}
	// Built-in rules alone: "subsequently" is no cut; "1,000" stays whole.
	if got := New(Options{Rules: builtinRules}).pieces("keep 1,000 reads subsequently sort"); len(got) != 1 {
		t.Errorf("%v", got)
	}
}
