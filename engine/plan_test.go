package engine

import (
	"context"
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/traitome/oxo-call/llm"
	"github.com/traitome/oxo-call/llm/llmtest"
	"github.com/traitome/oxo-call/skills"
)

// planEngine has the built-in rules and skills and nothing on PATH, so
// every step is built from its skill, unchecked.
func planEngine(t *testing.T) *Engine {
	t.Helper()
	st, errs := skills.Load(nil, skills.Builtin())
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	return New(Options{Rules: builtinRules, Skills: st, PathDirs: []string{t.TempDir()}})
}

type stepWant struct {
	tool, task, rule string
	in, out          []string
}

func checkSteps(t *testing.T, got []*PlanStep, want []stepWant) {
	t.Helper()
	if len(got) != len(want) {
		var b strings.Builder
		for _, s := range got {
			b.WriteString(s.Tool + ": " + s.Task + "\n")
		}
		t.Fatalf("%d steps, want %d:\n%s", len(got), len(want), b.String())
	}
	for i, w := range want {
		s := got[i]
		if s.N != i+1 || s.Tool != w.tool || s.Task != w.task || s.Rule != w.rule ||
			!slices.Equal(s.Inputs, w.in) || !slices.Equal(s.Outputs, w.out) {
			t.Errorf("step %d: %d %s %q [%s] in %q out %q\nwant %s %q [%s] in %q out %q",
				i+1, s.N, s.Tool, s.Task, s.Rule, s.Inputs, s.Outputs, w.tool, w.task, w.rule, w.in, w.out)
		}
		if s.RuleAt == "" && s.Rule != "" || !strings.HasPrefix(s.RuleAt, "builtin:plans/") && s.Rule != "" {
			t.Errorf("step %d: rule location %q", i+1, s.RuleAt)
		}
	}
}

func TestSplitPlanByRules(t *testing.T) {
	e := planEngine(t)
	ctx := context.Background()
	cases := []struct {
		task string
		want []stepWant
	}{
		{"align reads_1.fq reads_2.fq to ref.fa with bwa, sort, index, call variants with bcftools", []stepWant{
			{"bwa", "align reads_1.fq reads_2.fq to ref.fa into reads.sam", "plans.align_reads", []string{"reads_1.fq", "reads_2.fq", "ref.fa"}, []string{"reads.sam"}},
			{"samtools", "sort reads.sam into reads.sorted.bam", "plans.sort_alignments", []string{"reads.sam"}, []string{"reads.sorted.bam"}},
			{"samtools", "index reads.sorted.bam", "plans.index_alignments", []string{"reads.sorted.bam"}, []string{"reads.sorted.bam.bai"}},
			{"bcftools", "pile up reads.sorted.bam against the reference ref.fa | bcftools call -mv -o reads.sorted.vcf", "plans.call_variants", []string{"reads.sorted.bam", "ref.fa"}, []string{"reads.sorted.vcf"}},
		}},
		// One step: the pieces after "call SNPs" add to it or repeat it.
		{"call SNPs and indels from aln.sorted.bam against the reference ref.fa, variants only, into calls.vcf", []stepWant{
			{"bcftools", "pile up aln.sorted.bam against the reference ref.fa | bcftools call -mv -o calls.vcf", "plans.call_variants", []string{"aln.sorted.bam", "ref.fa"}, []string{"calls.vcf"}},
		}},
		// Chinese: the tool after 用, the steps cut at ，and 然后.
		{"用 bwa 将 r1.fq r2.fq 比对到 ref.fa，排序，然后建索引", []stepWant{
			{"bwa", "将 r1.fq r2.fq 比对到 ref.fa into r.sam", "plans.align_reads", []string{"r1.fq", "r2.fq", "ref.fa"}, []string{"r.sam"}},
			{"samtools", "排序 r.sam into r.sorted.bam", "plans.sort_alignments", []string{"r.sam"}, []string{"r.sorted.bam"}},
			{"samtools", "建索引 r.sorted.bam", "plans.index_alignments", []string{"r.sorted.bam"}, []string{"r.sorted.bam.bai"}},
		}},
		// A step written before the one it needs moves after it.
		{"index and sort aln.bam", []stepWant{
			{"samtools", "sort aln.bam into aln.sorted.bam", "plans.sort_alignments", []string{"aln.bam"}, []string{"aln.sorted.bam"}},
			{"samtools", "index aln.sorted.bam", "plans.index_alignments", []string{"aln.sorted.bam"}, []string{"aln.sorted.bam.bai"}},
		}},
		// A comma with no blank after it does not cut; a named tool wins; the
		// next step reads what the one before wrote.
		{"view a.bam,b.bam with samtools into m.bam; then index", []stepWant{
			{"samtools", "view a.bam,b.bam into m.bam", "plans.named_tool", []string{"a.bam,b.bam"}, []string{"m.bam"}},
			{"samtools", "index m.bam", "plans.index_alignments", []string{"m.bam"}, []string{"m.bam.bai"}},
		}},
		// Variants: call, compress, index; the 用 marker glued to a word.
		{"call variants from x.bam against ref.fa，压缩，然后用bcftools建索引", []stepWant{
			{"bcftools", "pile up x.bam against the reference ref.fa | bcftools call -mv -o x.vcf", "plans.call_variants", []string{"x.bam", "ref.fa"}, []string{"x.vcf"}},
			{"bcftools", "压缩 x.vcf into bgzipped x.vcf.gz", "plans.compress_variants", []string{"x.vcf"}, []string{"x.vcf.gz"}},
			{"bcftools", "建索引 x.vcf.gz", "plans.index_variants", []string{"x.vcf.gz"}, []string{"x.vcf.gz.csi"}},
		}},
		{"sort calls.vcf.gz, then index it", []stepWant{
			{"bcftools", "sort calls.vcf.gz into calls.sorted.vcf.gz", "plans.sort_variants", []string{"calls.vcf.gz"}, []string{"calls.sorted.vcf.gz"}},
			{"bcftools", "index calls.sorted.vcf.gz", "plans.index_variants", []string{"calls.sorted.vcf.gz"}, []string{"calls.sorted.vcf.gz.csi"}},
		}},
		{"compress calls.vcf and index", []stepWant{
			{"bcftools", "compress calls.vcf into bgzipped calls.vcf.gz", "plans.compress_variants", []string{"calls.vcf"}, []string{"calls.vcf.gz"}},
			{"bcftools", "index calls.vcf.gz", "plans.index_variants", []string{"calls.vcf.gz"}, []string{"calls.vcf.gz.csi"}},
		}},
		{"index ref.fa", []stepWant{
			{"samtools", "index ref.fa", "plans.index_reference", []string{"ref.fa"}, []string{"ref.fa.fai"}},
		}},
	}
	for _, c := range cases {
		t.Run(c.task, func(t *testing.T) {
			p, err := e.SplitPlan(ctx, c.task)
			if err != nil {
				t.Fatal(err)
			}
			if p.SplitBy != "rules" || p.Task != c.task {
				t.Fatalf("plan %+v", p)
			}
			checkSteps(t, p.Steps, c.want)
		})
	}
}

func TestSplitPlanErrorsNameTheStep(t *testing.T) {
	e := planEngine(t)
	for task, want := range map[string]string{
		"frobnicate the widgets":           `step 1 ("frobnicate the widgets"): no plans rule reads it and it names no tool`,
		"sort aln.bam, call variants":      `step 2 ("call variants") needs {reference} for rule plans.call_variants (builtin:plans/steps.yaml:`,
		" , ;  ":                           "the task names no step",
		"sort, index":                      `step 1 ("sort, index"): no plans rule reads it`,
		"align r1.fq to ref.fa with bwa2x": `no plans rule reads it and it names no tool`,
	} {
		_, err := e.SplitPlan(context.Background(), task)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: error %v, want %q", task, err, want)
		}
	}
	if _, err := e.GeneratePlan(context.Background(), PlanRequest{Task: "  "}); err == nil || !strings.Contains(err.Error(), "the task is empty") {
		t.Errorf("empty task: %v", err)
	}
	if _, err := e.GeneratePlan(context.Background(), PlanRequest{Task: "frobnicate"}); err == nil {
		t.Error("a task no rule reads must fail")
	}
	if _, err := e.GeneratePlan(context.Background(), PlanRequest{Task: "sort aln.bam", Scenario: "nope"}); err == nil || !strings.Contains(err.Error(), "step 1 (sort aln.bam): unknown scenario") {
		t.Errorf("bad scenario: %v", err)
	}
}

func TestGeneratePlanChainsTheSteps(t *testing.T) {
	e := planEngine(t)
	cwd := t.TempDir()
	os.WriteFile(filepath.Join(cwd, "aln.bam"), []byte("x"), 0o644)
	p, err := e.GeneratePlan(context.Background(), PlanRequest{Task: "sort aln.bam, then index it", Cwd: cwd})
	if err != nil {
		t.Fatal(err)
	}
	var cmds []string
	for _, s := range p.Steps {
		cmds = append(cmds, s.Pipeline.Display)
		for _, f := range s.Pipeline.Findings() {
			if f.Rule == "check.input_missing" {
				t.Errorf("step %d: a file an earlier step writes is not missing: %s", s.N, f.Message)
			}
		}
	}
	if strings.Join(cmds, " && ") != "samtools sort -o aln.sorted.bam aln.bam && samtools index aln.sorted.bam" {
		t.Fatalf("commands %q", cmds)
	}
	if !p.Steps[0].Pipeline.Steps[0].Result.Unchecked || p.Uncertain() != (p.Steps[0].Pipeline.Uncertain() || p.Steps[1].Pipeline.Uncertain()) {
		t.Fatalf("steps are built from the skills alone here")
	}
	p.Steps[1].Pipeline = nil
	if !p.Uncertain() {
		t.Fatal("a step with no command makes the plan uncertain")
	}
}

func TestGeneratePlanStepIsAPipeline(t *testing.T) {
	e := planEngine(t)
	p, err := e.GeneratePlan(context.Background(), PlanRequest{Task: "call variants from aln.bam against ref.fa", Cwd: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	pl := p.Steps[0].Pipeline
	if len(p.Steps) != 1 || len(pl.Steps) != 2 || pl.Display != "bcftools mpileup -f ref.fa aln.bam | bcftools call -mv -o aln.vcf" {
		t.Fatalf("pipeline %q", pl.Display)
	}
}

func TestStemOfAndStripTool(t *testing.T) {
	for in, want := range map[string]string{"x.fq.gz": "x", "aln.sam": "aln", "dir/a.b.bam": "dir/a.b", "noext": "noext", "a.weird": "a.weird"} {
		if got := stemOf(in); got != want {
			t.Errorf("stemOf(%q) = %q, want %q", in, got, want)
		}
	}
	for want, ins := range map[string][]string{
		"reads": {"reads_1.fq", "reads_2.fq"}, "s1": {"s1_R1.fq.gz", "s1_R2.fq.gz"}, "aln.sorted": {"aln.sorted.bam"},
		"a": {"a.bam", "b.bam"}, "x.y": {"x.y.1.fq", "x.y.2.fq"},
	} {
		if got := sampleOf(ins); got != want {
			t.Errorf("sampleOf(%q) = %q, want %q", ins, got, want)
		}
	}
	for _, c := range [][3]string{
		{"align r1.fq with bwa to ref.fa", "bwa", "align r1.fq to ref.fa"},
		{"然后用bwa比对", "bwa", "然后 比对"},
		{"bwa is nice, using bwa", "bwa", "bwa is nice,"},
		{"sort with 4 threads", "", "sort with 4 threads"},
		{"run bwa here", "bwa", "run bwa here"},
	} {
		if got := stripTool(c[0], c[1]); got != c[2] {
			t.Errorf("stripTool(%q, %q) = %q, want %q", c[0], c[1], got, c[2])
		}
	}
	if in, out := framePaths(nil); in == nil || out == nil || len(in)+len(out) != 0 {
		t.Error("no frame: empty lists, not nil")
	}
}

// splitReply is the model's answer to the split prompt.
func splitReply(steps ...[2]string) string {
	var v struct {
		Steps []llm.SplitStep `json:"steps"`
	}
	for _, s := range steps {
		v.Steps = append(v.Steps, llm.SplitStep{Tool: s[0], Task: s[1]})
	}
	b, _ := json.Marshal(v)
	return string(b)
}

var splitReq = llmtest.BodyContains(llmtest.REST(http.MethodPost, chatPath), `"plan_steps"`)

func TestGeneratePlanModelSplitsTheSteps(t *testing.T) {
	reg := llmtest.New(t)
	p, err := llm.New(llm.Config{Provider: "openai", APIBase: reg.URL(), APIToken: "sk-engine-test-token", MaxRetries: -1}, nil)
	if err != nil {
		t.Fatal(err)
	}
	st, _ := skills.Load(nil, skills.Builtin())
	// Mode never: the model splits nothing and fills nothing.
	o := &LLMOptions{Filler: &llm.Filler{P: p, Model: "stub-model"}, Mode: LLMNever}
	e := New(Options{Rules: builtinRules, Skills: st, PathDirs: []string{t.TempDir()}, LLM: o})
	plan, err := e.SplitPlan(context.Background(), "sort aln.bam, then index it")
	if err != nil || plan.SplitBy != "rules" || plan.LLMCalls != 0 {
		t.Fatalf("mode never: %+v %v", plan, err)
	}

	o.Mode = LLMAuto
	reg.Register("split", splitReq, llmtest.OpenAI.Reply(splitReply(
		[2]string{"samtools", "sort aln.bam by name into byname.bam"},
		[2]string{"samtools", "fixmate byname.bam into fixed.bam"})))
	plan, err = e.GeneratePlan(context.Background(), PlanRequest{Task: "sort aln.bam by name and fix mate information", Cwd: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	if plan.SplitBy != "model" || plan.LLMCalls != 1 || plan.PromptTokens == 0 || len(plan.Steps) != 2 {
		t.Fatalf("plan %+v", plan)
	}
	s := plan.Steps[0]
	if s.Tool != "samtools" || s.Task != "sort aln.bam by name into byname.bam" || s.Rule != "" ||
		!slices.Equal(s.Inputs, []string{"aln.bam"}) || !slices.Equal(s.Outputs, []string{"byname.bam"}) || s.Pipeline == nil {
		t.Fatalf("step 1 %+v", s)
	}
	if got := plan.Steps[1].Inputs; !slices.Equal(got, []string{"byname.bam"}) {
		t.Fatalf("step 2 reads %q", got)
	}

	// An answer with no step: the rules split the task, and a note says why.
	reg.Register("split", splitReq, llmtest.OpenAI.Reply(`{"steps":[]}`))
	plan, err = e.SplitPlan(context.Background(), "sort aln.bam, then index it")
	if err != nil || plan.SplitBy != "rules" || len(plan.Steps) != 2 || len(plan.Notes) != 1 ||
		!strings.Contains(plan.Notes[0], "the model could not split the task (steps: the reply has no step)") {
		t.Fatalf("fallback %+v %v", plan, err)
	}
}
