package rules

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// writeUser writes files into a temporary user rules directory.
func writeUser(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, body := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestLoadErrorsNameFileLineAndID(t *testing.T) {
	cases := []struct {
		name, file, body, want string
	}{
		{"unknown key", "frameworks/a.yaml", "- id: framework.x\n  when: 'true'\n  then: {parser: generic}\n  colour: red\n",
			`frameworks/a.yaml:4: rule framework.x: unknown key "colour"`},
		{"unknown then key", "frameworks/a.yaml", "- id: framework.x\n  when: 'true'\n  then: {parser: generic, paser: x}\n",
			`frameworks/a.yaml:3: rule framework.x: then: unknown key "paser"`},
		{"missing id", "frameworks/a.yaml", "- when: 'true'\n  then: {parser: generic}\n",
			`frameworks/a.yaml:1: missing id`},
		{"bad id", "frameworks/a.yaml", "- id: Framework X\n  when: 'true'\n  then: {parser: generic}\n",
			`rule Framework X: id must be lower-case dotted words`},
		{"missing when", "frameworks/a.yaml", "- id: framework.x\n  then: {parser: generic}\n",
			`frameworks/a.yaml:1: rule framework.x: missing when`},
		{"missing then", "frameworks/a.yaml", "- id: framework.x\n  when: 'true'\n",
			`rule framework.x: missing then`},
		{"does not compile", "frameworks/a.yaml", "- id: framework.x\n  when: 'framwork == \"cobra\"'\n  then: {parser: generic}\n",
			`frameworks/a.yaml:2: rule framework.x: when does not compile: unknown name framwork`},
		{"not boolean", "frameworks/a.yaml", "- id: framework.x\n  when: 'help'\n  then: {parser: generic}\n",
			`rule framework.x: when does not compile: expected bool, but got string`},
		{"bad category", "flag_categories/a.yaml", "- id: category.x\n  when: 'true'\n  then: {category: Outputs}\n",
			`rule category.x: then.category "Outputs" is not one of Input, Output`},
		{"bad resource", "resources/a.yaml", "- id: resource.x\n  when: 'true'\n  then: {resource: gpus}\n",
			`rule resource.x: then.resource "gpus" is not one of cpus`},
		{"bad severity", "constraints/a.yaml", "- id: constraint.x\n  when: 'true'\n  then: {severity: fatal, message: m}\n",
			`then.severity "fatal" is not one of error, warning, info`},
		{"stdin with file", "steps/a.yaml", "- id: steps.x\n  when: 'prev_stdout'\n  then: {stdin: '-', file: '{stem}.x{ext}'}\n",
			`rule steps.x: then.stdin and then.file do not go together`},
		{"stdin with split", "steps/a.yaml", "- id: steps.x\n  when: 'prev_stdout'\n  then: {stdin: '-', split: ' then ', op: '&&'}\n",
			`rule steps.x: then.stdin and then.file say how a command reads the one before`},
		{"file without stem", "steps/a.yaml", "- id: steps.x\n  when: 'prev_stdout'\n  then: {file: 'tmp.bed'}\n",
			`rule steps.x: then.file "tmp.bed" must name the file after the input ({stem})`},
		{"syntax", "frameworks/a.yaml", "- id: framework.x\n  when: 'true\n",
			`frameworks/a.yaml:2: `},
		{"not a list", "frameworks/a.yaml", "id: framework.x\n",
			`a rule file is a YAML list of rules`},
		{"unknown kind dir", "framework/a.yaml", "- id: framework.x\n",
			`unknown rule kind "framework" (valid: aliases, companions`},
		{"test without expectation", "frameworks/a.yaml", "- id: framework.x\n  when: 'true'\n  then: {parser: generic}\n  tests:\n    - given: {help: x}\n",
			`frameworks/a.yaml:5: rule framework.x: test: a test needs fires`},
		{"test with unknown env key", "frameworks/a.yaml", "- id: framework.x\n  when: 'true'\n  then: {parser: generic}\n  tests:\n    - given: {hlep: x}\n      fires: true\n",
			`rule framework.x: test: unknown key "hlep" (valid: help, headings, is_sub)`},
		{"yaml alias", "frameworks/a.yaml", "- id: framework.x\n  when: &w 'true'\n  then: {parser: generic}\n- id: framework.y\n  when: *w\n  then: {parser: generic}\n",
			`YAML aliases are not allowed`},
		{"duplicate", "frameworks/a.yaml", "- id: framework.x\n  when: 'true'\n  then: {parser: generic}\n- id: framework.x\n  when: 'false'\n  then: {parser: generic}\n",
			`frameworks/a.yaml:4: rule framework.x: duplicate id, first defined at`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := writeUser(t, map[string]string{c.file: c.body})
			_, errs := Load(Options{UserDir: dir, NoBuiltin: true})
			var all []string
			for _, e := range errs {
				all = append(all, e.Error())
			}
			joined := strings.Join(all, "\n")
			if !strings.Contains(joined, c.want) {
				t.Fatalf("errors:\n%s\nwant one containing %q", joined, c.want)
			}
		})
	}
}

func TestUserRuleOverridesBuiltinByID(t *testing.T) {
	dir := writeUser(t, map[string]string{
		"frameworks/mine.yaml": "- id: framework.cobra\n  when: 'false'\n  then: {framework: cobra, parser: cobra}\n  priority: 80\n" +
			"- id: framework.lab_tool\n  when: 'help contains \"LABTOOL\"'\n  then: {framework: lab, parser: generic}\n  priority: 99\n",
	})
	s, errs := Load(Options{UserDir: dir})
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	r, _ := s.Get("framework.cobra")
	if r.Origin != "user" || !strings.HasPrefix(r.Overrides, "builtin:frameworks/") {
		t.Fatalf("framework.cobra origin=%s overrides=%q, want the user rule replacing the built-in", r.Origin, r.Overrides)
	}
	m, ok, _ := s.First("frameworks", &HelpEnv{Help: "Usage:\nAvailable Commands:\n", Headings: []string{"Available Commands"}})
	if ok && m.Rule.ID == "framework.cobra" {
		t.Fatal("overridden rule still fires")
	}
	m, ok, _ = s.First("frameworks", &HelpEnv{Help: "LABTOOL usage: -o FILE"})
	if !ok || m.Rule.ID != "framework.lab_tool" || m.Then.(*FrameworkThen).Framework != "lab" {
		t.Fatalf("got %+v, want the new user rule first", m)
	}
}

func TestOverrideMustKeepKind(t *testing.T) {
	dir := writeUser(t, map[string]string{
		"validity/x.yaml": "- id: framework.cobra\n  when: 'true'\n  then: {valid: true}\n",
	})
	_, errs := Load(Options{UserDir: dir})
	if len(errs) != 1 || !strings.Contains(errs[0].Error(), "overrides a frameworks rule but sits under validity/") {
		t.Fatalf("errors = %v", errs)
	}
}

func TestBrokenUserRuleIsSkippedBuiltinsKeepWorking(t *testing.T) {
	dir := writeUser(t, map[string]string{"frameworks/bad.yaml": "- id: framework.bad\n  when: '1 +'\n  then: {parser: generic}\n"})
	s, errs := Load(Options{UserDir: dir})
	if len(errs) != 1 {
		t.Fatalf("errors = %v, want 1", errs)
	}
	if _, ok := s.Get("framework.bad"); ok {
		t.Fatal("a rule that does not compile was kept")
	}
	if _, ok := s.Get("framework.argparse"); !ok {
		t.Fatal("built-in rules lost after a broken user file")
	}
}

func TestEvaluationOrderIsPriorityThenFileThenLine(t *testing.T) {
	dir := writeUser(t, map[string]string{
		"intents/b.yaml": "- id: intent.b1\n  when: 'true'\n  then: {concepts: [b1]}\n  priority: 5\n",
		"intents/a.yaml": "- id: intent.a1\n  when: 'true'\n  then: {concepts: [a1]}\n  priority: 5\n" +
			"- id: intent.a2\n  when: 'true'\n  then: {concepts: [a2]}\n  priority: 9\n" +
			"- id: intent.a3\n  when: 'false'\n  then: {concepts: [a3]}\n  priority: 99\n",
	})
	s, errs := Load(Options{UserDir: dir, NoBuiltin: true})
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	ms, err := s.Eval("intents", &IntentEnv{Task: "x"})
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, m := range ms {
		ids = append(ids, m.Rule.ID)
	}
	if got := strings.Join(ids, ","); got != "intent.a2,intent.a1,intent.b1" {
		t.Fatalf("order = %s", got)
	}
}

func TestGuardsBoundHostileUserRules(t *testing.T) {
	huge := "true" + strings.Repeat(" && true", 400)
	cases := map[string]struct{ body, want string }{
		"long when":    {"- id: intent.x\n  when: '" + huge + "'\n  then: {concepts: [x]}\n", "when is"},
		"many nodes":   {"- id: intent.x\n  when: 'true" + strings.Repeat("||true", 300) + "'\n  then: {concepts: [x]}\n", "when does not compile"},
		"big file":     {"# " + strings.Repeat("x", 300<<10) + "\n", "more than the limit"},
		"range":        {"- id: intent.x\n  when: 'len(1..100000000) > 0'\n  then: {concepts: [x]}\n", ""},
		"nested loops": {"- id: intent.x\n  when: 'all(1..10000, {all(1..10000, {true})})'\n  then: {concepts: [x]}\n", ""},
		"repeat":       {"- id: intent.x\n  when: 'len(repeat(\"a\", 1000000000)) > 0'\n  then: {concepts: [x]}\n", "when does not compile"},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			dir := writeUser(t, map[string]string{"intents/x.yaml": c.body})
			s, errs := Load(Options{UserDir: dir, NoBuiltin: true})
			if c.want != "" {
				if len(errs) == 0 || !strings.Contains(errs[0].Error(), c.want) {
					t.Fatalf("errors = %v, want %q", errs, c.want)
				}
				return
			}
			if len(errs) > 0 {
				t.Fatal(errs)
			}
			// Compiles, but evaluation must stop at the memory budget.
			ms, err := s.Eval("intents", &IntentEnv{Task: "x"})
			if err == nil || len(ms) != 0 || !strings.Contains(err.Error(), "intents/x.yaml:1: rule intent.x: evaluation failed") {
				t.Fatalf("matches=%v err=%v, want a bounded failure naming the rule", ms, err)
			}
		})
	}
}

func TestParseFileAndKindErrors(t *testing.T) {
	rs, errs := ParseFile([]byte("- id: intent.q\n  when: 'task contains \"q\"'\n  then: {concepts: [q]}\n"), "intents", "mem.yaml", UserLimits)
	if len(errs) > 0 || len(rs) != 1 || rs[0].Identifiers[0] != "task" {
		t.Fatalf("rules=%v errs=%v", rs, errs)
	}
	if _, errs := ParseFile([]byte("- id: x.y\n"), "nope", "mem.yaml", UserLimits); len(errs) != 1 {
		t.Fatal("unknown kind accepted")
	}
	if rs, errs := ParseFile([]byte(""), "intents", "empty.yaml", UserLimits); rs != nil || errs != nil {
		t.Fatal("empty file should give nothing")
	}
	many := strings.Repeat("- id: intent.a\n  when: 'true'\n  then: {concepts: [a]}\n", UserLimits.MaxRules+1)
	if _, errs := ParseFile([]byte(many), "intents", "many.yaml", UserLimits); len(errs) != 1 || !strings.Contains(errs[0].Error(), "rules, more than the limit") {
		t.Fatalf("errs = %v", errs)
	}
}

func TestSelfTestReportsFailures(t *testing.T) {
	dir := writeUser(t, map[string]string{"intents/x.yaml": "- id: intent.x\n  when: 'task contains \"a\"'\n  then: {concepts: [x]}\n  tests:\n" +
		"    - given: {task: b}\n      fires: true\n    - given: {task: a}\n      first: intent.y\n    - given: {task: a}\n      fires: true\n"})
	s, errs := Load(Options{UserDir: dir, NoBuiltin: true})
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	res := s.RunTests("intents")
	if len(res) != 3 || res[0].Pass || res[1].Pass || !res[2].Pass {
		t.Fatalf("results = %+v", res)
	}
	if !strings.Contains(res[0].Msg, "intents/x.yaml:5: rule intent.x: fires = false, want true") {
		t.Fatalf("msg = %s", res[0].Msg)
	}
	if !strings.Contains(res[1].Msg, "first rule to fire = intent.x, want intent.y") {
		t.Fatalf("msg = %s", res[1].Msg)
	}
}

func TestHelpersAndEnvPrepare(t *testing.T) {
	if got := Words("sort aln.bam 用8个线程 by-name"); strings.Join(got, "|") != "sort|aln|bam|用|8|个线程|by|name" {
		t.Fatalf("Words = %q", got)
	}
	if Stem("dir/reads_R1.fastq.gz") != "reads_R1" || Stem(".bashrc") != ".bashrc" {
		t.Fatal("Stem")
	}
	for in, want := range map[string]string{"/usr/bin/env -S python3 -u": "python3", "#!/bin/bash": "bash", "/usr/bin/env": "", "": "", "/usr/bin/env LC_ALL=C perl": "perl"} {
		if got := ShebangProgram(in); got != want {
			t.Errorf("ShebangProgram(%q) = %q, want %q", in, got, want)
		}
	}
	e := &InterpreterEnv{Path: "/x/a.PY"}
	e.Prepare()
	if e.Ext != ".py" {
		t.Fatal(e.Ext)
	}
	f := &FlagEnv{Name: "--threads", Aliases: []string{"-@", "-t"}, Placeholder: "INT", Description: "Threads"}
	f.Prepare()
	if strings.Join(f.Names, ",") != "threads,@,t" || f.Desc != "threads" || f.Value != "int" {
		t.Fatalf("%+v", f)
	}
	v := &ValidityEnv{Help: " a\nb \n"}
	v.Prepare()
	if v.Length != 3 || v.Lines != 2 {
		t.Fatalf("%+v", v)
	}
	c := &ConstraintEnv{}
	c.Prepare()
	if c.Values == nil {
		t.Fatal("Values nil")
	}
	a := &AliasEnv{Tool: "STAR"}
	a.Prepare()
	if a.Lower != "star" {
		t.Fatal(a.Lower)
	}
	if _, err := Kind("nope"); err == nil {
		t.Fatal("Kind(nope) accepted")
	}
}

func TestHelperFunctionsInRules(t *testing.T) {
	dir := writeUser(t, map[string]string{"interpreters/x.yaml": "- id: interpreter.fn\n  when: 'extOf(path) == \".py\" && baseOf(path) == \"a.py\" && stemOf(path) == \"a\" && hasPrefixAny(path, [\"/x\"]) && !hasPrefixAny(path, [\"/y\"])'\n  then: {interpreter: python3}\n"})
	s, errs := Load(Options{UserDir: dir, NoBuiltin: true})
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	m, ok, err := s.First("interpreters", &InterpreterEnv{Path: "/x/a.py"})
	if err != nil || !ok || m.Then.(*InterpreterThen).Interpreter != "python3" {
		t.Fatalf("m=%v ok=%v err=%v", m, ok, err)
	}
	if _, ok, _ := s.First("interpreters", &InterpreterEnv{Path: "/y/a.py"}); ok {
		t.Fatal("fired for /y")
	}
}
