package cli

import (
	"encoding/json"
	"net/http"
	"os/exec"
	"strings"
	"testing"

	"github.com/traitome/oxo-call/llm/llmtest"
)

// planEnv has kit installed as samtools: its sort writes the -o file, and
// any argument holding "fail" makes it exit 7.
func planEnv(t *testing.T) *fakeEnv {
	t.Helper()
	f := newFakeEnv(t)
	f.tool("samtools", kitScript)
	f.write("aln.bam", "bam\n")
	f.write("fail.bam", "bam\n")
	return f
}

const planTask = "sort aln.bam, then index it"

func TestPlanPrintsNumberedSteps(t *testing.T) {
	f := planEnv(t)
	out, errOut, code := f.run("plan", planTask)
	if code != 0 {
		t.Fatalf("code %d: %s", code, errOut)
	}
	if out != "1. samtools sort -o aln.sorted.bam aln.bam\n2. samtools index aln.sorted.bam\n" {
		t.Fatalf("out %q", out)
	}
	for _, w := range []string{`step 1: samtools "sort aln.bam into aln.sorted.bam" [plans.sort_alignments]`,
		`step 2: samtools "index aln.sorted.bam" [plans.index_alignments]`} {
		if !strings.Contains(errOut, w) {
			t.Errorf("stderr lacks %q:\n%s", w, errOut)
		}
	}
	if strings.Contains(errOut, "aln.sorted.bam does not exist") {
		t.Errorf("a file an earlier step writes is not reported missing:\n%s", errOut)
	}
	h := f.history()
	if len(h) != 2 || !h[0].DryRun || h[1].Command != "samtools index aln.sorted.bam" {
		t.Fatalf("history %+v", h)
	}
	if _, _, code := f.run("plan", "--format", "xml", planTask); code != ExitUsage {
		t.Errorf("--format xml: %d", code)
	}
	if _, _, code := f.run("plan"); code != ExitUsage {
		t.Errorf("no task: %d", code)
	}
	if _, _, code := f.run("plan", "--var", "x", planTask); code != ExitUsage {
		t.Errorf("bad --var: %d", code)
	}
	if _, _, code := f.run("plan", " "); code != ExitUsage {
		t.Errorf("empty task: %d", code)
	}
	if _, errOut, code := f.run("plan", "frobnicate the widgets"); code != ExitError || !strings.Contains(errOut, "no plans rule reads it") {
		t.Errorf("unreadable task: %d %s", code, errOut)
	}
	// An uncertain step (no file flows into it) exits 3 and says why.
	if _, errOut, code := f.run("plan", "index the sorted file with samtools"); code != ExitUncertain || !strings.Contains(errOut, "uncertain (confidence") {
		t.Errorf("uncertain step: %d %s", code, errOut)
	}
}

func TestPlanFormatShRunsUnderBash(t *testing.T) {
	f := planEnv(t)
	out, errOut, code := f.run("plan", "--format", "sh", "--var", "IN=aln.bam", "sort {IN}, then index it")
	if code != 0 {
		t.Fatalf("code %d: %s", code, errOut)
	}
	want := "#!/usr/bin/env bash\n# sort aln.bam, then index it\nset -euo pipefail\n\n" +
		"# 1. sort aln.bam into aln.sorted.bam\nsamtools sort -o aln.sorted.bam aln.bam\n\n" +
		"# 2. index aln.sorted.bam\nsamtools index aln.sorted.bam\n"
	if out != want {
		t.Fatalf("script:\n%s", out)
	}
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("no bash")
	}
	f.write("plan.sh", out)
	c := exec.Command("bash", "plan.sh")
	c.Dir, c.Env = f.work, []string{"PATH=" + f.bin + ":/usr/bin:/bin"}
	if b, err := c.CombinedOutput(); err != nil || string(b) != "kit sort ok\nkit index ok\n" || f.read("aln.sorted.bam") != "sorted\n" {
		t.Fatalf("bash plan.sh: %v %q", err, b)
	}
	// A failing step stops the script.
	out, _, _ = f.run("plan", "--format", "sh", "sort fail.bam, then index it")
	f.write("fail.sh", out)
	c = exec.Command("bash", "fail.sh")
	c.Dir, c.Env = f.work, []string{"PATH=" + f.bin + ":/usr/bin:/bin"}
	if b, err := c.CombinedOutput(); err == nil || strings.Contains(string(b), "kit index ok") {
		t.Fatalf("the script went on after a failure: %v %q", err, b)
	}
}

func TestPlanFormatSnakemake(t *testing.T) {
	f := planEnv(t)
	out, errOut, code := f.run("plan", "--format", "snakemake", planTask)
	if code != 0 {
		t.Fatalf("code %d: %s", code, errOut)
	}
	want := "# sort aln.bam, then index it\n\nrule all:\n    input: \"aln.sorted.bam\", \"aln.sorted.bam.bai\"\n\n" +
		"rule step1_samtools:\n    input: \"aln.bam\"\n    output: \"aln.sorted.bam\"\n    shell: \"samtools sort -o aln.sorted.bam aln.bam\"\n\n" +
		"rule step2_samtools:\n    input: \"aln.sorted.bam\"\n    output: \"aln.sorted.bam.bai\"\n    shell: \"samtools index aln.sorted.bam\"\n"
	if out != want {
		t.Fatalf("Snakefile:\n%s\nwant:\n%s", out, want)
	}
	if _, err := exec.LookPath("snakemake"); err == nil {
		f.write("Snakefile", out)
		c := exec.Command("snakemake", "-n", "--cores", "1")
		c.Dir = f.work
		if b, err := c.CombinedOutput(); err != nil {
			t.Fatalf("snakemake -n: %v\n%s", err, b)
		}
	}
}

func TestSnakefileHelpers(t *testing.T) {
	if ruleName("hisat2-build") != "hisat2_build" || ruleName("STAR") != "STAR" {
		t.Error(ruleName("hisat2-build"))
	}
}

func TestPlanJSON(t *testing.T) {
	f := planEnv(t)
	out, errOut, code := f.run("plan", "--json", planTask)
	if code != 0 {
		t.Fatalf("code %d: %s", code, errOut)
	}
	var d planJSONDoc
	if err := json.Unmarshal([]byte(out), &d); err != nil {
		t.Fatal(err)
	}
	if d.Command != "samtools sort -o aln.sorted.bam aln.bam && samtools index aln.sorted.bam" || d.SplitBy != "rules" || !d.DryRun ||
		len(d.Steps) != 2 || d.Steps[0].N != 1 || d.Steps[0].Rule != "plans.sort_alignments" || d.Steps[0].Commands[0].Executable != "samtools" ||
		strings.Join(d.Steps[0].Commands[0].Args, " ") != "sort -o aln.sorted.bam aln.bam" || d.Steps[1].Outputs[0] != "aln.sorted.bam.bai" ||
		d.Steps[0].RulesFired[0] != "plans.sort_alignments" || d.Steps[0].Findings == nil || d.Steps[1].Command != "samtools index aln.sorted.bam" {
		t.Fatalf("json %s", out)
	}
}

func TestPlanRunStepByStep(t *testing.T) {
	f := planEnv(t)
	out, errOut, code := f.run("plan", "--run", "--yes", planTask)
	if code != 0 {
		t.Fatalf("code %d: %s", code, errOut)
	}
	if out != "kit sort ok\nkit index ok\n" || f.read("aln.sorted.bam") != "sorted\n" ||
		!strings.Contains(errOut, "[1/2] $ samtools sort -o aln.sorted.bam aln.bam\n") || !strings.Contains(errOut, "[2/2] $ samtools index aln.sorted.bam\n") {
		t.Fatalf("out %q err %s", out, errOut)
	}
	h := f.history()
	if len(h) != 2 || h[0].DryRun || *h[0].ExitCode != 0 || *h[1].ExitCode != 0 || h[1].Command != "samtools index aln.sorted.bam" {
		t.Fatalf("history %+v", h)
	}

	// The first failure stops the plan and is named; every step is in history.
	_, errOut, code = f.run("plan", "--run", "--yes", "sort fail.bam, then index it")
	if code != 7 || !strings.Contains(errOut, "step 1 of 2 failed with exit 7: samtools sort -o fail.sorted.bam fail.bam (steps 2–2 not run)") {
		t.Fatalf("code %d: %s", code, errOut)
	}
	h = f.history()
	if len(h) != 4 || *h[2].ExitCode != 7 || !h[3].DryRun || h[3].ExitCode != nil {
		t.Fatalf("history %+v", h[2:])
	}

	// --json: the document names the failed step and each step's exit.
	out, _, code = f.run("plan", "--run", "--yes", "--json", "index aln.bam, then sort fail.bam")
	var d planJSONDoc
	if err := json.Unmarshal([]byte(out), &d); err != nil || code != 7 || d.FailedStep != 2 || *d.ExitCode != 7 || d.DryRun ||
		*d.Steps[0].ExitCode != 0 || !*d.Steps[0].Success || *d.Steps[1].Success {
		t.Fatalf("json %d %s", code, out)
	}
	// The last step failing leaves nothing not run.
	if _, errOut, _ := f.run("plan", "--run", "--yes", "index aln.bam, then sort fail.bam"); strings.Contains(errOut, "not run") {
		t.Fatalf("%s", errOut)
	}
}

func TestPlanRunGatesEveryStepFirst(t *testing.T) {
	f := planEnv(t)
	// Step 2 is uncertain: nothing runs, and both steps are recorded.
	_, errOut, code := f.run("plan", "--run", "--yes", "sort aln.bam, then index it keeping 7 cats")
	if code != ExitUncertain || !strings.Contains(errOut, "step 2 (samtools): not running an uncertain command") || f.exists("aln.sorted.bam") {
		t.Fatalf("code %d: %s", code, errOut)
	}
	if h := f.history(); len(h) != 2 || !h[0].DryRun {
		t.Fatalf("history %+v", h)
	}
	// A tool that is not installed is refused.
	if _, errOut, code := f.run("plan", "--run", "--yes", "compress calls.vcf"); code != ExitError || !strings.Contains(errOut, "bcftools is not installed here") {
		t.Fatalf("code %d: %s", code, errOut)
	}
}

func TestPlanModelSplitsTheTask(t *testing.T) {
	f := planEnv(t)
	reg := llmtest.New(t)
	f.env["OXO_CALL_LLM_PROVIDER"] = "openai"
	f.env["OXO_CALL_LLM_API_BASE"] = reg.URL()
	f.env["OPENAI_API_KEY"] = "sk-plan-test-token"
	reg.RegisterPersistent("split", llmtest.BodyContains(llmtest.REST(http.MethodPost, llmtest.OpenAI.Path), `"plan_steps"`),
		llmtest.OpenAI.Reply(`{"steps":[{"tool":"samtools","task":"sort aln.bam into by.bam"},{"tool":"samtools","task":"index by.bam"}]}`))
	out, errOut, code := f.run("plan", "--llm", "never", planTask)
	if code != 0 || !strings.Contains(out, "aln.sorted.bam") {
		t.Fatalf("--llm never splits by the rules: %d %s %s", code, out, errOut)
	}
	out, errOut, code = f.run("plan", "--json", "--no-stream", "sort aln.bam and index the result")
	var d planJSONDoc
	if err := json.Unmarshal([]byte(out), &d); err != nil || d.SplitBy != "model" || d.LLMCalls != 1 ||
		d.Command != "samtools sort -o by.bam aln.bam && samtools index by.bam" {
		t.Fatalf("code %d json %s err %s", code, out, errOut)
	}
	out, errOut, _ = f.run("plan", "--no-stream", "sort aln.bam and index the result")
	if !strings.Contains(errOut, "[split by the model]") || !strings.Contains(out, "2. samtools index by.bam") {
		t.Fatalf("%s %s", out, errOut)
	}
}
