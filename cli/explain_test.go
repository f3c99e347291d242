package cli

import (
	"bytes"
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"github.com/traitome/oxo-call/engine"
)

func TestExplainShowsEveryStageAndRule(t *testing.T) {
	f := filtEnv(t)
	f.tool("filt-index", filtScript)
	f.write("out.txt", "old\n")
	out, errOut, code := f.run("explain", "filt", filtTask)
	if code != 0 || errOut != "" {
		t.Fatalf("code=%d err=%s", code, errOut)
	}
	if !strings.HasPrefix(out, `oxo-call explain filt "`+filtTask+`"`+"\n") {
		t.Fatalf("header: %s", out)
	}
	// The five stages, each once, in order.
	last := -1
	for _, s := range []string{"Stage 1 · resolve", "Stage 2 · explore", "Stage 3 · map intent", "Stage 4 · assemble", "Stage 5 · validate"} {
		i := strings.Index(out, "\n"+s+"\n")
		if i < 0 || strings.Count(out, s) != 1 || i < last {
			t.Fatalf("stage %q missing, repeated or out of order:\n%s", s, out)
		}
		last = i
	}
	// A step's time is shown after it when it took 0.05 ms or more.
	const ms = `(  \(\d+\.\d ms\))?$`
	for _, re := range []string{
		`(?m)^  ├─ found filt at ` + regexp.QuoteMeta(f.bin) + `/filt` + ms,
		`(?m)^  ├─ version 1\.4\.2`,
		`(?m)companion filt-index  \[companion\.dash_suffix @ builtin:companions/patterns\.yaml:\d+\]`,
		`\[framework\.getopt @ builtin:frameworks/detect\.yaml:\d+\]`,
		`(?m)^  └─ filt -o out\.txt -q 20 in\.txt` + ms,
		`(?m)^       -o out\.txt ← the task's output out\.txt$`,
		`(?m)^  └─ warning: an output file already exists and would be overwritten  \[constraint\.output_exists @ builtin:constraints/safety\.yaml:\d+\]` + ms,
	} {
		if !regexp.MustCompile(re).MatchString(out) {
			t.Errorf("explain lacks %s:\n%s", re, out)
		}
	}
	// explain executes nothing and records nothing.
	if f.read("out.txt") != "old\n" || len(f.history()) != 0 {
		t.Fatal("explain ran the tool or wrote history")
	}
}

func TestExplainJSON(t *testing.T) {
	for _, form := range [][]string{{"explain", "--json"}, {"--json", "explain"}} {
		f := filtEnv(t)
		f.write("out.txt", "old\n")
		out, _, code := f.run(append(form, "filt", filtTask)...)
		if code != 0 {
			t.Fatalf("%q: code %d", form, code)
		}
		var j struct {
			Tool, Task string
			Record     struct {
				Executable   string `json:"executable"`
				ResolvedPath string `json:"resolved_path"`
				Version      string `json:"version"`
				Installed    bool   `json:"installed"`
			} `json:"record"`
			Findings []engine.Finding `json:"findings"`
			Events   []engine.Event   `json:"events"`
			Rules    []string         `json:"rules_fired"`
		}
		if err := json.Unmarshal([]byte(out), &j); err != nil {
			t.Fatalf("%q: not JSON: %v\n%s", form, err, out)
		}
		if j.Tool != "filt" || j.Task != filtTask || j.Record.ResolvedPath != f.bin+"/filt" || j.Record.Version != "1.4.2" || !j.Record.Installed {
			t.Fatalf("%q: %+v", form, j)
		}
		stages := map[string]bool{}
		for _, e := range j.Events {
			if e.Name != engine.StageNames[e.Stage] {
				t.Fatalf("event %+v: stage_name does not match the stage", e)
			}
			stages[e.Name] = true
		}
		for _, s := range []string{"resolve", "explore", "map intent", "assemble", "validate"} {
			if !stages[s] {
				t.Errorf("%q: no event for stage %q", form, s)
			}
		}
		if !contains(j.Rules, "framework.getopt") || !contains(j.Rules, "constraint.output_exists") {
			t.Errorf("%q: rules_fired %q", form, j.Rules)
		}
		if len(j.Findings) != 1 || j.Findings[0].Rule != "constraint.output_exists" {
			t.Errorf("%q: findings %+v", form, j.Findings)
		}
	}
}

func TestExplainSubcommandTool(t *testing.T) {
	f := newFakeEnv(t)
	f.tool("kit", kitScript)
	out, _, code := f.run("explain", "kit", "sort in.txt into sorted.txt")
	if code != 0 {
		t.Fatalf("code %d", code)
	}
	for _, re := range []string{`chose subcommand sort`, `(?m)^  └─ kit sort -o sorted\.txt in\.txt(  \(.*\))?$`, `(?m)^  └─ no findings(  \(.*\))?$`} {
		if !regexp.MustCompile(re).MatchString(out) {
			t.Errorf("lacks %s:\n%s", re, out)
		}
	}
}

func TestExplainUsage(t *testing.T) {
	f := filtEnv(t)
	for _, args := range [][]string{{"explain"}, {"explain", "filt"}, {"explain", "filt", "a", "b"}} {
		if out, errOut, code := f.run(args...); code != ExitUsage || out != "" || !strings.Contains(errOut, `explain: expected TOOL "TASK"`) {
			t.Errorf("%q: %d %q %s", args, code, out, errOut)
		}
	}
}

func TestRenderExplainTree(t *testing.T) {
	tr := &engine.Trace{}
	tr.Add(engine.StageResolve, nil, 0, "found x at /bin/x")
	tr.Add(engine.StageResolve, nil, 0, "version 1.0", "line one\n", "line two")
	var buf bytes.Buffer
	renderExplain(&buf, &engine.Result{Tool: "x", Task: "do it", Trace: tr, Pending: []int{engine.StageAssemble, engine.StageValidate}})
	want := `oxo-call explain x "do it"

Stage 1 · resolve
  ├─ found x at /bin/x
  └─ version 1.0
       line one
       line two

Stage 2 · explore

Stage 3 · map intent

Stage 4 · assemble — not built yet

Stage 5 · validate — not built yet
`
	if buf.String() != want {
		t.Fatalf("got:\n%s\nwant:\n%s", buf.String(), want)
	}
}

func TestExplainShowsAnUnverifiedSkill(t *testing.T) {
	f := filtEnv(t)
	f.write(f.userSkillsDir()+"/filt.md", strings.Replace(goodFiltSkill, "companions:", "verified: false\ncompanions:", 1))
	out, _, code := f.run("explain", "filt", filtTask)
	if code != 0 || !strings.Contains(out, "filt.md: 1 examples, 1 concepts, 1 pitfalls (verified: false — its examples were not checked against the tool's help)") {
		t.Fatalf("%d\n%s", code, out)
	}
	out, _, _ = f.run("explain", "--json", "filt", filtTask)
	if !strings.Contains(out, `"skill_unverified": true`) {
		t.Fatalf("--json lacks skill_unverified:\n%s", out)
	}
	// A verified skill says nothing of the kind.
	g := skillEnv(t, goodFiltSkill)
	out, _, _ = g.run("explain", "filt", filtTask)
	if strings.Contains(out, "verified: false") || !strings.Contains(out, "filt.md: 1 examples") {
		t.Fatalf("verified skill:\n%s", out)
	}
}
