package engine

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/traitome/oxo-call/skills"
	"github.com/traitome/oxo-call/task"
)

// varkitScript is a fake variant caller: pileup reads alignments against a
// reference, call reads pileups (VCF/BCF), index indexes a compressed VCF.
const varkitScript = `#!/bin/sh
case "$1" in
--version) echo "varkit 0.9"; exit 0;;
pileup)
  case "$2" in --help|-h) cat <<'EOF'
Usage: varkit pileup [options] <in.bam> [...]

Options:
  -f FILE     faidx-indexed reference file
  -r REG      region to pile up
  -R FILE     regions in a BED file
  -O TYPE     output type: b, u, z, v
  -o FILE     write output to FILE
EOF
  exit 0;; esac;;
align)
  case "$2" in --help|-h) cat <<'EOF'
Usage: varkit align [options] <ref.fa> <reads.fq> [mates.fq]

Options:
  -o FILE     write SAM to FILE
EOF
  exit 0;; esac;;
sort)
  case "$2" in --help|-h) cat <<'EOF'
Usage: varkit sort [options] <in.sam|->

Options:
  -o FILE     write the sorted BAM to FILE
EOF
  exit 0;; esac;;
call)
  case "$2" in --help|-h) cat <<'EOF'
Usage: varkit call [options] <in.vcf.gz|in.bcf>

Options:
  -m          multiallelic caller
  -v          output variant sites only
  --threads INT  threads to use
  -O TYPE     output type: b, u, z, v
  -o FILE     write output to FILE
EOF
  exit 0;; esac;;
index)
  case "$2" in --help|-h) cat <<'EOF'
Usage: varkit index [options] <in.vcf.gz>

Options:
  -t          generate a TBI index
EOF
  exit 0;; esac;;
esac
cat <<'EOF'
Program: varkit (variant calling)
Version: 0.9

Usage:   varkit <command> [options]

Commands:
  pileup      pile up alignments into genotype likelihoods
  align       align reads to a reference
  sort        sort alignments into a BAM
  call        call variants from genotype likelihoods
  index       index a compressed VCF
EOF
`

func varkitSkill(t *testing.T) *skills.Skill {
	return inlineSkill(t, `
name: varkit
keywords:
  call: [call variants, call snps]
  pileup: [pile up, genotype likelihoods]
  index: [index]
  align: [align]`,
		"align reads.fq to ref.fa into aln.sam", "align -o aln.sam ref.fa reads.fq",
		"align reads.fq to ref.fa and sort the alignments into aln.sorted.bam", "align ref.fa reads.fq | varkit sort -o aln.sorted.bam -",
		"call variants from raw.bcf into calls.vcf.gz", "call -m -v -o calls.vcf.gz raw.bcf",
		"pile up sorted.bam against ref.fa into pileup.bcf", "pileup -f ref.fa -o pileup.bcf sorted.bam",
		"index calls.vcf.gz", "index calls.vcf.gz",
		"call SNPs and indels from aln.sorted.bam against the reference ref.fa, variants only, into calls.vcf", "pileup -f ref.fa aln.sorted.bam | varkit call -mv -o calls.vcf",
		"call variants from in.bam against ref.fa in the regions of targets.bed into compressed calls.vcf.gz and index it", "pileup -f ref.fa -R targets.bed -O u in.bam | varkit call --threads 4 -mv -O z -o calls.vcf.gz && varkit index calls.vcf.gz")
}

func varkitEngine(t *testing.T) (*engineEnv, *Engine) {
	t.Helper()
	env := newEngineEnv(t)
	fakeBin(t, env.bin, "varkit", varkitScript, 0o755)
	env.opts.Skills = skillMap{"bamkit": bamkitSkill(t), "varkit": varkitSkill(t)}
	return env, New(env.opts)
}

func TestExamplePipelineMapsTheTaskOntoAMultiStepExample(t *testing.T) {
	env, e := varkitEngine(t)
	ctx := context.Background()
	cases := []struct {
		task, display string
		uncertain     bool
		evidence      string
	}{
		// The caller reads VCF/BCF, the task gives a BAM and a FASTA: the
		// pileup | call example reads exactly those.
		{"call variants from aln.bam against the reference ref.fa into out.vcf",
			"varkit pileup -f ref.fa aln.bam | varkit call -mv -o out.vcf", false, "aligned the example's files to the task's: aln.sorted.bam → aln.bam, calls.vcf → out.vcf"},
		// No output named: one derived from the task's input.
		{"call variants from s1.bam against the reference genome.fa",
			"varkit pileup -f genome.fa s1.bam | varkit call -mv -o s1.calls.vcf", false, "derived s1.calls.vcf from s1.bam"},
		// The aligner writes SAM, the task wants a sorted BAM: the align |
		// sort example writes it.
		{"align r.fq to ref.fa and sort into r.sorted.bam",
			"varkit align ref.fa r.fq | varkit sort -o r.sorted.bam -", false, "aligned the example's files to the task's: reads.fq → r.fq, aln.sorted.bam → r.sorted.bam"},
		// A region the pipeline has no place for makes it uncertain.
		{"call variants in chr2:100-900 from aln.bam against the reference ref.fa into out.vcf",
			"varkit pileup -f ref.fa aln.bam | varkit call -mv -o out.vcf", true, "chr2:100-900 has no place in the pipeline"},
	}
	for _, c := range cases {
		p, err := e.GeneratePipeline(ctx, Request{Tool: "varkit", Task: c.task, Cwd: env.cwd})
		if err != nil {
			t.Fatalf("%q: %v", c.task, err)
		}
		rule := "steps.example_pipeline"
		if strings.HasPrefix(c.task, "align") {
			rule = "steps.example_pipeline_output"
		}
		if p.Display != c.display || p.Uncertain() != c.uncertain || !slices.Contains(p.RuleIDs(), rule) {
			t.Errorf("%q: %q uncertain %v rules %v", c.task, p.Display, p.Uncertain(), p.RuleIDs())
			continue
		}
		if len(p.Steps) != 2 || p.Steps[1].Op != task.OpPipe || p.Steps[0].Typed || p.Steps[1].Result.Fill.Example == nil || p.Steps[1].Example == "" {
			t.Errorf("%q: steps %+v", c.task, p.Steps)
		}
		ev := strings.Join(p.Steps[0].Result.Fill.Evidence, "\n")
		if !strings.Contains(ev, c.evidence) || eventWith(p.Steps[1].Result.Trace, "command 2 of 2 of the skill example") == nil {
			t.Errorf("%q: evidence\n%s", c.task, ev)
		}
		// Every step went through Stage 5 against its own help.
		for _, s := range p.Steps {
			if s.Result.Doc == nil || !slices.Contains(stagesOf(s.Result.Trace), StageValidate) {
				t.Errorf("%q: step %q not checked", c.task, s.Result.Command.Display)
			}
		}
	}
}

func TestExamplePipelineCutsCommandsTheTaskDoesNotAskFor(t *testing.T) {
	env, e := varkitEngine(t)
	ctx := context.Background()
	// A BED file too: only the second example reads all three kinds. It
	// also indexes, which the task does not ask for: the index command
	// goes. Its output types are constants kept as written.
	p, err := e.GeneratePipeline(ctx, Request{Tool: "varkit", Task: "call variants from in.bam against ref.fa in the regions of targets.bed into calls.vcf.gz", Cwd: env.cwd})
	if err != nil {
		t.Fatal(err)
	}
	if p.Display != "varkit pileup -f ref.fa -R targets.bed -O u in.bam | varkit call -mv -O z -o calls.vcf.gz" {
		t.Fatalf("%q uncertain %v", p.Display, p.Uncertain())
	}
	if eventWith(p.Trace, "left out the example's command varkit index calls.vcf.gz") == nil {
		t.Errorf("no trace of the cut: %v", p.Trace.Events())
	}
	if f := p.Steps[0].Result.Fill; f.Features["example_values"] != 2 || !slices.Contains(f.Evidence, "dropped --threads 4 from the example: nothing in the task asks for it") {
		t.Errorf("features %v evidence %v", f.Features, f.Evidence)
	}
	// Asked to index it: the index command stays, and reads what call
	// writes (no missing-input warning).
	p, err = e.GeneratePipeline(ctx, Request{Tool: "varkit", Task: "call variants from in.bam against ref.fa in the regions of targets.bed into calls.vcf.gz and index the result", Cwd: env.cwd})
	if err != nil {
		t.Fatal(err)
	}
	if p.Display != "varkit pileup -f ref.fa -R targets.bed -O u in.bam | varkit call -mv -O z -o calls.vcf.gz && varkit index calls.vcf.gz" {
		t.Fatalf("%q", p.Display)
	}
	if hasRule(p.Steps[2].Result.Findings, "check.input_missing") {
		t.Errorf("%+v", p.Steps[2].Result.Findings)
	}
}

func TestFollowExamplePlaceholders(t *testing.T) {
	env, e := varkitEngine(t)
	ctx := context.Background()
	req := Request{Tool: "varkit", Task: "call variants from aln.bam against the reference ref.fa into out.vcf", Cwd: env.cwd}
	res, err := e.Generate(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	sk := varkitSkill(t)
	words, _ := skills.SplitArgs("pileup -f ref.fa -R targets.bed aln.sorted.bam > p.txt | varkit call -mv -o calls.vcf")
	steps, err := skills.SplitSteps(words)
	if err != nil {
		t.Fatal(err)
	}
	me := &multiExample{ex: skills.Example{Task: "x", Args: "y"}, steps: steps, score: 1}
	m := newMapper(builtinRules, res.Record, res.Doc, sk, req.Task)
	if _, err := e.followExample(ctx, req, res, sk, m, me, nil); err == nil || !strings.Contains(err.Error(), "into the pipe") {
		t.Fatalf("a step writing a file and piping on: %v", err)
	}
	words, _ = skills.SplitArgs("pileup -f ref.fa -R targets.bed aln.sorted.bam && varkit call -mv raw.bcf > calls.txt")
	steps, _ = skills.SplitSteps(words)
	me.steps = steps
	p, err := e.followExample(ctx, req, res, sk, m, me, nil)
	if err != nil {
		t.Fatal(err)
	}
	if p.Display != "varkit pileup -f ref.fa -R '<bed>' aln.bam && varkit call -mv '<vcf>' > '<text>'" || !p.Uncertain() {
		t.Fatalf("%q", p.Display)
	}
	if len(p.Steps[0].Result.Fill.Missing) != 1 || len(p.Steps[1].Result.Fill.Missing) != 2 || len(p.Steps[0].Result.Fill.Unused) != 1 {
		t.Errorf("%v %v %v", p.Steps[0].Result.Fill.Missing, p.Steps[1].Result.Fill.Missing, p.Steps[0].Result.Fill.Unused)
	}
}

func TestExamplePipelineLeavesOneCommandAlone(t *testing.T) {
	env, e := varkitEngine(t)
	ctx := context.Background()
	for _, task := range []string{
		// The caller reads the task's file: one command.
		"call variants from raw.bcf into out.vcf",
		// A task for the pileup itself.
		"pile up aln.bam against ref.fa into p.bcf",
		// The aligner writes what the task wants.
		"align r.fq to ref.fa into r.sam",
	} {
		p, err := e.GeneratePipeline(ctx, Request{Tool: "varkit", Task: task, Cwd: env.cwd})
		if err != nil || !p.Single() || slices.ContainsFunc(p.RuleIDs(), func(id string) bool { return strings.HasPrefix(id, "steps.example_pipeline") }) {
			t.Errorf("%q: %v %q", task, err, p.Display)
		}
	}
	// Help only, or no skill: no example to follow.
	for _, sc := range []string{"doc", "bare"} {
		p, err := e.GeneratePipeline(ctx, Request{Tool: "varkit", Task: "call variants from aln.bam against ref.fa into out.vcf", Scenario: sc, Cwd: env.cwd})
		if err != nil || !p.Single() {
			t.Errorf("%s: %v %+v", sc, err, p)
		}
	}
	res, err := e.Generate(ctx, Request{Tool: "bamkit", Task: "sort in.bam into s.bam", Cwd: env.cwd})
	if err != nil {
		t.Fatal(err)
	}
	if p, err := e.ExamplePipeline(ctx, Request{Tool: "bamkit", Task: "sort in.bam into s.bam"}, res, nil); p != nil || err != nil {
		t.Errorf("%v %v", p, err)
	}
	if p, err := e.ExamplePipeline(ctx, Request{Tool: "bamkit"}, nil, nil); p != nil || err != nil {
		t.Errorf("%v %v", p, err)
	}
	e2 := New(Options{Rules: builtinRules, PathDirs: []string{env.bin}, Runner: ExecRunner{}})
	if p, err := e2.ExamplePipeline(ctx, Request{Tool: "bamkit"}, res, nil); p != nil || err != nil {
		t.Errorf("no skills: %v %v", p, err)
	}
}

func TestExamplePipelineErrorsNameTheCommand(t *testing.T) {
	env, e := varkitEngine(t)
	ctx := context.Background()
	req := Request{Tool: "varkit", Task: "call variants from aln.bam against the reference ref.fa into out.vcf", Cwd: env.cwd}
	res, err := e.Generate(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	fail := func(_ context.Context, exe string, _ *Trace) (*ToolRecord, *ToolDoc, error) {
		return nil, nil, errors.New("no help for " + exe)
	}
	if _, err := e.ExamplePipeline(ctx, req, res, fail); err == nil || !strings.Contains(err.Error(), "command 1 of the skill example") || !strings.Contains(err.Error(), "no help for varkit") {
		t.Errorf("%v", err)
	}
}

func TestMapExampleFiles(t *testing.T) {
	words := func(s string) []string { return strings.Fields(s) }
	steps := []skills.ExampleStep{
		{Words: words("sort -o x.sorted.bam x.bam")},
		{Op: "&&", Words: words("kit view x.sorted.bam"), Stdout: "x.txt"},
	}
	m := newMapper(builtinRules, &ToolRecord{Executable: "kit"}, nil, nil, "sort aln.bam")
	fr := task.Parse("sort aln.bam")
	fm := mapExampleFiles(m, steps, &fr)
	if fm.files["x.bam"] != "aln.bam" || fm.files["x.sorted.bam"] != "aln.sorted.bam" || fm.files["x.txt"] != "aln.txt" || len(fm.derived) != 2 {
		t.Errorf("%+v", fm)
	}
	// No input of the example's kind: nothing derived, placeholders later.
	fr = task.Parse("sort reads.fq")
	fm = mapExampleFiles(m, steps, &fr)
	if fm.files["x.bam"] != "" || fm.files["x.sorted.bam"] != "" {
		t.Errorf("%+v", fm)
	}
	if got := deriveFrom("calls.vcf", "", "a.bam"); got != "a.calls.vcf" {
		t.Error(got)
	}
	if got := commandInputFamilies(words("-f ref.fa -o out.bcf in.bam")); !slices.Equal(got, []string{"fasta", "alignment-reads"}) {
		t.Error(got)
	}
}
