package cli

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"
)

func TestDryRunPrintsTheCommandAndRunsNothing(t *testing.T) {
	f := filtEnv(t)
	out, errOut, code := f.run("dry-run", "filt", filtTask)
	if code != 0 || out != "filt -o out.txt -q 20 in.txt\n" || errOut != "" {
		t.Fatalf("code=%d out=%q err=%q", code, out, errOut)
	}
	if f.exists("out.txt") {
		t.Fatal("dry-run ran the tool")
	}
	h := f.history()
	if len(h) != 1 || !h[0].DryRun || h[0].ExitCode != nil || h[0].Command != "filt -o out.txt -q 20 in.txt" || h[0].Task != filtTask {
		t.Fatalf("history: %+v", h)
	}
	// The alias d does the same.
	if out, _, code := f.run("d", "filt", filtTask); code != 0 || out != "filt -o out.txt -q 20 in.txt\n" {
		t.Fatalf("alias d: %d %q", code, out)
	}
}

func TestDryRunVars(t *testing.T) {
	f := filtEnv(t)
	out, errOut, code := f.run("dry-run", "--var", "IN=in.txt", "-V", "Q=20", "filt", "filter {IN} keeping quality above {Q} into out.txt")
	if code != 0 || out != "filt -o out.txt -q 20 in.txt\n" {
		t.Fatalf("--var: %d %q %s", code, out, errOut)
	}
	// The task recorded is the expanded one.
	if h := f.history(); len(h) != 1 || h[0].Task != "filter in.txt keeping quality above 20 into out.txt" {
		t.Fatalf("history: %+v", h)
	}
	// A value may hold '='; only the first one splits.
	if got, err := expandVars("x {K} y", []string{"K=a=b"}); err != nil || got != "x a=b y" {
		t.Fatalf("expandVars: %q %v", got, err)
	}
	for _, bad := range []string{"novalue", "=v"} {
		out, errOut, code := f.run("dry-run", "--var", bad, "filt", "x")
		if code != ExitUsage || out != "" || !strings.Contains(errOut, `--var "`+bad+`": expected KEY=VALUE`) {
			t.Errorf("--var %s: %d %q %s", bad, code, out, errOut)
		}
	}
}

func TestDryRunScenarios(t *testing.T) {
	f := filtEnv(t)
	f.write(f.userSkillsDir()+"/filt.md", filtStdoutSkill)
	const task = "filter in.txt keeping quality above 20 and save the records to res.txt"
	skillPath := f.userSkillsDir() + "/filt.md"

	// full (the default) uses the skill's example.
	out, _, code := f.run("dry-run", "--json", "filt", task)
	var full jsonResult
	decodeJSON(t, out, &full)
	if code != 0 || full.Command != "filt -q 20 in.txt > res.txt" || full.Skill != skillPath || full.Scenario != "full" {
		t.Fatalf("full: %d %+v", code, full)
	}
	// doc uses the help only: no skill, the output becomes -o.
	out, _, code = f.run("dry-run", "--json", "--scenario", "doc", "filt", task)
	var doc jsonResult
	decodeJSON(t, out, &doc)
	if code != 0 || doc.Command != "filt -o res.txt -q 20 in.txt" || doc.Skill != "" || doc.Scenario != "doc" {
		t.Fatalf("doc: %d %+v", code, doc)
	}
	// bare uses neither: unchecked, uncertain, exit 3.
	out, errOut, code := f.run("dry-run", "--scenario", "bare", "filt", filtTask)
	if code != ExitUncertain || out != "filt in.txt out.txt\n" {
		t.Fatalf("bare: %d %q %s", code, out, errOut)
	}
	if !strings.Contains(errOut, "scenario bare: built without filt's help or skill, and not checked") || !regexp.MustCompile(`uncertain \(confidence 0\.\d\d\)`).MatchString(errOut) {
		t.Fatalf("bare stderr: %s", errOut)
	}
	t.Run("bare does not claim a skill", func(t *testing.T) {
		if strings.Contains(errOut, "built from the skill") {
			t.Fatalf("stderr: %s", errOut)
		}
	})
	// Info findings are shown only with --verbose.
	if strings.Contains(errOut, "[check.unchecked]") {
		t.Fatalf("an info finding without --verbose: %s", errOut)
	}
	_, errOut, _ = f.run("--verbose", "dry-run", "--scenario", "bare", "filt", filtTask)
	if !strings.Contains(errOut, "info: not checked against filt's help (the tool is not installed here or its help was not used) [check.unchecked]") {
		t.Fatalf("--verbose: %s", errOut)
	}
	// An unknown scenario names the valid ones.
	out, errOut, code = f.run("dry-run", "--scenario", "nope", "filt", filtTask)
	if code == 0 || out != "" || !strings.Contains(errOut, `unknown scenario "nope" (valid: bare, doc, full)`) {
		t.Fatalf("unknown scenario: %d %q %s", code, out, errOut)
	}
	t.Run("bad values exit as usage errors", func(t *testing.T) {
		if _, _, code := f.run("dry-run", "--scenario", "nope", "filt", filtTask); code != ExitUsage {
			t.Fatalf("--scenario nope: %d", code)
		}
		if _, _, code := f.run("dry-run", "filt", ""); code != ExitUsage {
			t.Fatalf("empty task: %d", code)
		}
	})
}

func TestDryRunEmptyTask(t *testing.T) {
	f := filtEnv(t)
	for _, task := range []string{"", "   "} {
		out, errOut, code := f.run("dry-run", "filt", task)
		if code == 0 || out != "" || !strings.Contains(errOut, "oxo-call: the task is empty: say what the command should do") {
			t.Errorf("task %q: %d %q %s", task, code, out, errOut)
		}
	}
	if _, errOut, code := f.run("dry-run", "filt"); code != ExitUsage || !strings.Contains(errOut, `dry-run: expected TOOL "TASK"`) {
		t.Fatalf("missing task: %d %s", code, errOut)
	}
	if len(f.history()) != 0 {
		t.Fatal("a failed dry-run is not recorded")
	}
}

func TestDryRunJSON(t *testing.T) {
	f := filtEnv(t)
	f.write("out.txt", "old\n")
	out, errOut, code := f.run("dry-run", "--json", "filt", filtTask)
	if code != 0 || errOut != "" {
		t.Fatalf("code=%d err=%s", code, errOut)
	}
	// Every documented field is present, with its JSON type.
	var m map[string]any
	if err := json.Unmarshal([]byte(out), &m); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	for k, kind := range map[string]string{"tool": "string", "task": "string", "command": "string", "executable": "string", "args": "array",
		"explanation": "string", "confidence": "number", "uncertain": "bool", "unchecked": "bool", "findings": "array", "rules_fired": "array",
		"llm_calls": "number", "prompt_tokens": "number", "dry_run": "bool", "skill": "string", "model": "string", "scenario": "string", "inference_ms": "number"} {
		v, ok := m[k]
		if !ok {
			t.Errorf("missing field %q", k)
			continue
		}
		got := "other"
		switch v.(type) {
		case string:
			got = "string"
		case float64:
			got = "number"
		case bool:
			got = "bool"
		case []any:
			got = "array"
		}
		if got != kind {
			t.Errorf("field %q is %T, want %s", k, v, kind)
		}
	}
	for _, k := range []string{"exit_code", "success", "verify"} {
		if _, ok := m[k]; ok {
			t.Errorf("dry-run has %q", k)
		}
	}
	var j jsonResult
	decodeJSON(t, out, &j)
	if j.Tool != "filt" || j.Task != filtTask || j.Command != "filt -o out.txt -q 20 in.txt" || j.Executable != "filt" ||
		strings.Join(j.Args, " ") != "-o out.txt -q 20 in.txt" || !j.DryRun || j.Confidence <= 0 || j.Confidence > 1 || j.Uncertain ||
		j.LLMCalls != 0 || j.PromptTokens != 0 || j.Model != "" || j.InferenceMS < 0 {
		t.Fatalf("values: %+v", j)
	}
	if len(j.Findings) != 1 || j.Findings[0].Rule != "constraint.output_exists" || !j.Findings[0].Dangerous || j.Findings[0].Severity != "warning" {
		t.Fatalf("findings: %+v", j.Findings)
	}
	if !contains(j.RulesFired, "framework.getopt") || !contains(j.RulesFired, "constraint.output_exists") {
		t.Fatalf("rules_fired: %q", j.RulesFired)
	}
	t.Run("rules_fired has each rule once", func(t *testing.T) {
		seen := map[string]bool{}
		for _, r := range j.RulesFired {
			if seen[r] {
				t.Fatalf("%s twice in %q", r, j.RulesFired)
			}
			seen[r] = true
		}
	})

	// Uncertain: the document is still printed, and the exit status is 3.
	out, errOut, code = f.run("--json", "dry-run", "filt", filtUncertain)
	var u jsonResult
	decodeJSON(t, out, &u)
	if code != ExitUncertain || !u.Uncertain || u.Confidence >= j.Confidence || u.Command != "filt -t 4 in.txt" || errOut != "" {
		t.Fatalf("uncertain: %d %+v %s", code, u, errOut)
	}
	// A tool without help or skill: empty arrays, never null.
	out, _, _ = f.run("dry-run", "--json", "--scenario", "bare", "filt", "do it")
	if strings.Contains(out, "null") {
		t.Fatalf("null in JSON: %s", out)
	}
}

func TestDryRunUncertainExplainsWhy(t *testing.T) {
	f := filtEnv(t)
	out, errOut, code := f.run("dry-run", "filt", filtUncertain)
	if code != ExitUncertain || out != "filt -t 4 in.txt\n" {
		t.Fatalf("code=%d out=%q", code, out)
	}
	if !regexp.MustCompile(`(?m)^uncertain \(confidence 0\.\d\d\): check the command before running it\.$`).MatchString(errOut) {
		t.Errorf("no uncertainty line:\n%s", errOut)
	}
	for _, want := range []string{
		"  - no skill example fits: built from the help alone\n",
		"A model can settle what rules could not: oxo-call config set llm.provider",
	} {
		if !strings.Contains(errOut, want) {
			t.Errorf("stderr lacks %q:\n%s", want, errOut)
		}
	}
	// The uncertain command is recorded as a dry run.
	if h := f.history(); len(h) != 1 || !h[0].DryRun {
		t.Fatalf("history: %+v", h)
	}
}

func TestDryRunToolNotInstalled(t *testing.T) {
	f := filtEnv(t)
	// A built-in skill gives the command even without the tool; it is
	// marked as not checked against the help.
	out, errOut, code := f.run("dry-run", "bwa", "index ref.fa")
	if code != 0 || out != "bwa index ref.fa\n" {
		t.Fatalf("code=%d out=%q err=%s", code, out, errOut)
	}
	if !strings.Contains(errOut, "note: built from the skill only, not checked against bwa's help") {
		t.Fatalf("stderr: %s", errOut)
	}
	out, _, _ = f.run("dry-run", "--json", "bwa", "index ref.fa")
	var j jsonResult
	decodeJSON(t, out, &j)
	if !j.Unchecked || !strings.HasPrefix(j.Skill, "builtin:") {
		t.Fatalf("json: %+v", j)
	}
}

func TestHistoryFailureIsOnlyAWarning(t *testing.T) {
	f := filtEnv(t)
	// The data directory cannot be created: the command still works.
	f.write(f.env["XDG_DATA_HOME"]+"/oxo-call", "not a directory")
	out, errOut, code := f.run("dry-run", "filt", filtTask)
	if code != 0 || out != "filt -o out.txt -q 20 in.txt\n" || !strings.Contains(errOut, "warning: could not write history: ") {
		t.Fatalf("code=%d out=%q err=%s", code, out, errOut)
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// TestDryRunUnknownTool: a tool that is not on PATH and that nothing
// describes (no skill, no added doc) gets no guessed command: an error
// naming it, with the close names on PATH, exit 1.
func TestDryRunUnknownTool(t *testing.T) {
	f := newFakeEnv(t)
	f.tool("samtools", filtScript)
	out, errOut, code := f.run("dry-run", "samtool", "sort a.bam")
	if code != ExitError || out != "" || errOut != "oxo-call: samtool: not found on PATH; did you mean samtools?\n" {
		t.Fatalf("code=%d out=%q err=%q", code, out, errOut)
	}
	if _, errOut, code := f.run("run", "--yes", "--force", "samtool", "sort a.bam"); code != ExitError || !strings.Contains(errOut, "samtool: not found on PATH; did you mean samtools?") {
		t.Fatalf("run: %d %s", code, errOut)
	}
	if len(f.history()) != 0 {
		t.Fatalf("nothing is recorded: %+v", f.history())
	}
	// Not installed but with a skill (gatk): built from the skill, unchecked.
	out, errOut, code = f.run("dry-run", "gatk", "mark duplicates in a.bam")
	if code == ExitError || !strings.HasPrefix(out, "gatk ") || !strings.Contains(errOut, "note: built from the skill only, not checked against gatk's help") {
		t.Fatalf("gatk: %d %q %s", code, out, errOut)
	}
	// Not installed but with help the user added: built from that help.
	f.write("quiet-help.txt", "Usage: quiet [options] <in.txt>\n\nOptions:\n  -o FILE   output file\n  -t INT    number of threads\n")
	if _, errOut, code := f.run("docs", "add", "quiet", "--file", "quiet-help.txt"); code != 0 {
		t.Fatalf("docs add: %d %s", code, errOut)
	}
	if out, errOut, code := f.run("dry-run", "quiet", "process in.txt with 4 threads into o.txt"); code == ExitError || !strings.HasPrefix(out, "quiet ") {
		t.Fatalf("added doc: %d %q %s", code, out, errOut)
	}
}
