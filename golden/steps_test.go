package golden

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/traitome/oxo-call/engine"
	"github.com/traitome/oxo-call/rules"
	"github.com/traitome/oxo-call/skills"
)

// capturesRunner serves each program's captured help, by the base name
// of argv[0].
type capturesRunner map[string]*Capture

func (r capturesRunner) Run(ctx context.Context, spec engine.RunSpec) engine.RunResult {
	if c, ok := r[filepath.Base(spec.Argv[0])]; ok {
		return ReplayRunner{C: c}.Run(ctx, spec)
	}
	return engine.RunResult{ExitCode: 127}
}

// capturedEngine is an engine whose PATH holds the named tools (empty
// files) and whose runner replays their captured help, with the built-in
// rules and skills: GeneratePipeline explores each program as dry-run
// does, offline.
func capturedEngine(t *testing.T, tools ...string) *engine.Engine {
	t.Helper()
	s, errs := rules.Load(rules.Options{})
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	st, errs := skills.Load(nil, skills.Builtin())
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	bin := t.TempDir()
	run := capturesRunner{}
	for _, tool := range tools {
		c, err := Read(filepath.Join(tool, "capture.txtar"))
		if err != nil {
			t.Fatal(err)
		}
		run[c.Meta.Executable] = c
		if err := os.WriteFile(filepath.Join(bin, c.Meta.Executable), []byte("#!/bin/sh\nexit 127\n"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	return engine.New(engine.Options{Rules: s, Skills: st, PathDirs: []string{bin}, Runner: run, NoCache: true})
}

// A command in words that writes to standard output (no output file:
// bedtools sort has no output flag; samtools view's -o says "[standard
// output]") and a later command that names no file are joined by a
// pipe, the later naming standard input as the steps rules spell it for
// its tool; a later command that cannot read a pipe (an index) reads a
// file the first writes, derived from its input. On captured help of
// bedtools, samtools, cut, uniq, head and wc.
func TestStepsReadStandardOutputOnCapturedHelp(t *testing.T) {
	e := capturedEngine(t, "bedtools", "samtools", "cut", "uniq", "head", "wc")
	cwd := t.TempDir()
	cases := []struct {
		tool, task, want, rule string
	}{
		// bedtools spells standard input "stdin" ('Use "stdin" for pipes').
		{"bedtools", "sort peaks.bed then merge overlapping intervals", "bedtools sort -i peaks.bed | bedtools merge -i stdin", "steps.stdin_word"},
		{"bedtools", "sort peaks.bed, then merge overlapping intervals within 100 bp", "bedtools sort -i peaks.bed | bedtools merge -i stdin -d 100", "steps.stdin_word"},
		// samtools view writes to standard output without -o; head and wc
		// read "-" (coreutils: "when FILE is -, read standard input").
		{"samtools", "view aln.bam then show the first 5 lines with head", "samtools view aln.bam | head -n 5 -", "steps.stdin_dash"},
		{"samtools", "view aln.bam then count the lines with wc", "samtools view aln.bam | wc -l -", "steps.stdin_dash"},
		// cut has no output flag.
		{"cut", "keep only the first 12 characters of each line of barcodes.txt then count how many times each line occurs with uniq", "cut -c 1-12 barcodes.txt | uniq -c -", "steps.stdin_dash"},
		// An index is written beside its input: a named file, derived
		// from the input and written through the tool's own -o.
		{"samtools", "view aln.bam restricted to chr1 then index it", "samtools view -o aln.view.bam aln.bam chr1 && samtools index aln.view.bam", "steps.stdin_beside_input"},
		// A pipe the user typed: the command in words after it names
		// standard input by the same rules; a typed command is kept.
		{"bedtools", "sort peaks.bed | merge overlapping intervals", "bedtools sort -i peaks.bed | bedtools merge -i stdin", "steps.stdin_word"},
		{"samtools", "view aln.bam | head -n 5", "samtools view aln.bam | head -n 5", ""},
		// A switch of the Output section that names no file (merge's
		// -bed) is no output flag: the task's output goes to "> file";
		// one that names a file (getfasta's -fo) is.
		{"bedtools", "merge overlapping intervals of sorted.bed into merged.bed", "bedtools merge -i sorted.bed > merged.bed", ""},
		{"bedtools", "extract the sequences of regions.bed from ref.fa into out.fa", "bedtools getfasta -fi ref.fa -bed regions.bed -fo out.fa", ""},
		// A command that would write binary BAM to standard output keeps
		// the output its example derives from the input (aln.sorted.bam),
		// and the next step reads that file.
		{"samtools", "sort aln.bam then index it", "samtools sort -o aln.sorted.bam aln.bam && samtools index aln.sorted.bam", "steps.then"},
	}
	for _, c := range cases {
		p, err := e.GeneratePipeline(context.Background(), engine.Request{Tool: c.tool, Task: c.task, Cwd: cwd})
		if err != nil {
			t.Errorf("%q: %v", c.task, err)
			continue
		}
		if p.Display != c.want || c.rule != "" && !slices.Contains(p.RuleIDs(), c.rule) {
			t.Errorf("%q:\n got %q rules %v\nwant %q by %s", c.task, p.Display, p.RuleIDs(), c.want, c.rule)
			continue
		}
		if p.Uncertain() {
			t.Errorf("%q: uncertain: %+v", c.task, p.Steps[len(p.Steps)-1].Result.Fill.Evidence)
		}
		// The printed pipeline reads back to the same argvs.
		back, err := engine.ReadPipeline(p.Display)
		if err != nil || len(back) != len(p.Steps) {
			t.Errorf("%q: read back %v %+v", c.task, err, back)
			continue
		}
		for i, s := range p.Steps {
			argv := append([]string{filepath.Base(s.Result.Command.Argv[0])}, s.Result.Command.Argv[1:]...)
			if !slices.Equal(back[i].Argv, argv) {
				t.Errorf("%q step %d: %q reads back as %q", c.task, i+1, s.Result.Command.Argv, back[i].Argv)
			}
		}
	}
	// The derived file says where its name comes from.
	p, err := e.GeneratePipeline(context.Background(), engine.Request{Tool: "samtools", Task: "view aln.bam restricted to chr1 then index it", Cwd: cwd})
	if err != nil || !slices.ContainsFunc(p.Steps[0].Result.Fill.Evidence, func(s string) bool { return strings.Contains(s, "aln.view.bam is derived from aln.bam") }) {
		t.Errorf("%v %+v", err, p)
	}
}

// plan chains its steps the same way: a step that writes to standard
// output and a next step that names no file become one step joined by
// a pipe, or the step writes a file named from its input that the next
// reads.
func TestPlanReadsStandardOutputOnCapturedHelp(t *testing.T) {
	e := capturedEngine(t, "bedtools", "samtools")
	cwd := t.TempDir()
	for task, want := range map[string][]string{
		"sort peaks.bed with bedtools, then merge overlapping intervals with bedtools": {"bedtools sort -i peaks.bed | bedtools merge -i stdin"},
		"view aln.bam restricted to chr1 with samtools, then index it":                 {"samtools view -o aln.view.bam aln.bam chr1", "samtools index aln.view.bam"},
		"sort aln.bam, then index it":                                                  {"samtools sort -o aln.sorted.bam aln.bam", "samtools index aln.sorted.bam"},
	} {
		p, err := e.GeneratePlan(context.Background(), engine.PlanRequest{Task: task, Cwd: cwd})
		if err != nil {
			t.Errorf("%q: %v", task, err)
			continue
		}
		var got []string
		for i, s := range p.Steps {
			got = append(got, s.Pipeline.Display)
			if s.N != i+1 {
				t.Errorf("%q: step %d numbered %d", task, i+1, s.N)
			}
		}
		if !slices.Equal(got, want) || p.Uncertain() {
			t.Errorf("%q: %q (uncertain %v), want %q", task, got, p.Uncertain(), want)
		}
		// What a step writes is what the next reads.
		if len(p.Steps) == 2 && (!slices.Equal(p.Steps[0].Outputs, p.Steps[1].Inputs[:1]) || p.Steps[0].Clause == task) {
			t.Errorf("%q: outputs %q inputs %q", task, p.Steps[0].Outputs, p.Steps[1].Inputs)
		}
		if len(p.Steps) == 1 && p.Steps[0].Clause != task {
			t.Errorf("%q: the joined step's clause is %q", task, p.Steps[0].Clause)
		}
	}
}
