package engine

import (
	"slices"
	"strings"
	"testing"

	"github.com/traitome/oxo-call/skills"
)

// An aligner with an index flag, an output flag and a reads flag, as a
// help would give them.
var alnRec = &ToolRecord{Name: "aln", Executable: "aln"}

func alnDoc() *ToolDoc {
	return &ToolDoc{Record: *alnRec, Description: "align reads to an index", Flags: []FlagDoc{
		{Name: "-x", ParamType: "string", Placeholder: "<bt2-idx>", Category: "Input", Required: true, Description: "index filename prefix"},
		{Name: "-U", ParamType: "file", Category: "Input", Description: "files with unpaired reads"},
		{Name: "-S", ParamType: "file", Category: "Output", Description: "file for SAM output (default: stdout)"},
		{Name: "-p", ParamType: "int", Category: "Performance", Description: "number of alignment threads to launch"},
	}}
}

const alnSkill = "name: aln"

var alnExamples = []string{"align reads.fq to the index genome_idx into out.sam", "-x genome_idx -U reads.fq -S out.sam"}

func TestNoValueWithoutSource(t *testing.T) {
	sk := inlineSkill(t, alnSkill, alnExamples...)
	cases := []struct {
		task, want string
		missing    []string
		uncertain  bool
		evidence   string
	}{
		// The task's index replaces the example's.
		{"align r.fq to the index hg38_idx into r.sam", "aln -x hg38_idx -U r.fq -S r.sam", nil, false, "chose"},
		// A value the user typed wins over the example's.
		{"align r.fq into r.sam -x ref_idx", "aln -x ref_idx -U r.fq -S r.sam", nil, false, "-x ref_idx: the task's value, not the example's genome_idx"},
		// No index in the task: a placeholder, and the command says what is missing.
		{"align r.fq into r.sam", "aln -x '<bt2-idx>' -U r.fq -S r.sam", []string{"missing: <bt2-idx> for -x (the example's genome_idx is not the task's)"}, true, "missing: <bt2-idx> for -x"},
		// A task file whose stem begins the example's name (genome.fa,
		// genome_idx) is no source of it: the example's name stays out.
		{"align r.fq against genome.fa into r.sam", "aln -x '<bt2-idx>' -U r.fq -S r.sam", []string{"missing: <bt2-idx> for -x (the example's genome_idx is not the task's)"}, true, "genome.fa has no place"},
		// No output in the task: the tool's default (stdout), never the example's out.sam.
		{"align r.fq to the index hg38_idx", "aln -x hg38_idx -U r.fq", nil, false, "left out -S out.sam: the task gives no value for it, so the tool's default applies"},
	}
	for _, c := range cases {
		f := MapTask(builtinRules, alnRec, alnDoc(), sk, c.task)
		got := Assemble(alnRec, f).Display
		if got != c.want || !slices.Equal(f.Missing, c.missing) || f.Uncertain != c.uncertain || !hasEvidence(f, c.evidence) {
			t.Errorf("%q: got %q missing %q uncertain %v, want %q %q %v\nevidence %q", c.task, got, f.Missing, f.Uncertain, c.want, c.missing, c.uncertain, f.Evidence)
		}
		if strings.Contains(got, "genome_idx") || strings.Contains(got, "out.sam") {
			t.Errorf("%q: the example's value reached the command: %q", c.task, got)
		}
	}
}

func TestEveryTaskItemUsed(t *testing.T) {
	sk := inlineSkill(t, alnSkill, alnExamples...)
	f := MapTask(builtinRules, alnRec, alnDoc(), sk, "align r.fq to the index hg38_idx into r.sam with ann.gtf and blacklist.bed")
	if !f.Uncertain || !slices.Equal(f.Unused, []string{"ann.gtf", "blacklist.bed"}) || !hasEvidence(f, "ann.gtf and blacklist.bed have no place in `aln`") {
		t.Fatalf("unused %q uncertain %v evidence %q", f.Unused, f.Uncertain, f.Evidence)
	}
	f = MapTask(builtinRules, alnRec, alnDoc(), sk, "align r.fq to the index hg38_idx into r.sam with ann.gtf")
	if !hasEvidence(f, "ann.gtf has no place in `aln`") {
		t.Fatalf("evidence %q", f.Evidence)
	}
	// A percentage placed as a fraction, a number in a region, a number
	// that is part of the tool's name: all used.
	m := newMapper(builtinRules, &ToolRecord{Executable: "bowtie2-build"}, nil, nil, "build a Bowtie 2 index, 50% of 1:100")
	if u := m.unusedItems(&Fill{Flags: []FlagValue{{Name: "-f", Value: "0.5", HasValue: true}}, Positionals: []string{"1:100"}}); len(u) != 0 {
		t.Fatalf("unused %q", u)
	}
	// A quoted word is an item: held whole or within a value it is used,
	// inside a longer word (somatic.vcf) it is not; quoted punctuation
	// may only describe a switch.
	m = newMapper(builtinRules, &ToolRecord{Executable: "conv"}, nil, nil, `convert s.vcf, fill empty fields with 'NA', keep 'DP >= 10', split at '|'`)
	for _, c := range []struct {
		f    *Fill
		want []string
	}{
		{&Fill{Positionals: []string{"s.vcf"}}, []string{"NA", "DP >= 10"}},
		{&Fill{Flags: []FlagValue{{Name: "-n", Value: "NA", HasValue: true}, {Name: "-i", Value: "DP >= 10 && QUAL > 5", HasValue: true}}, Positionals: []string{"s.vcf"}}, nil},
		{&Fill{Flags: []FlagValue{{Name: "-n", Value: "NAN", HasValue: true}, {Name: "-i", Value: "DP >= 100", HasValue: true}}, Positionals: []string{"s.vcf"}}, []string{"NA", "DP >= 10"}},
	} {
		if u := m.unusedItems(c.f); !slices.Equal(u, c.want) {
			t.Errorf("%+v: unused %q, want %q", c.f, u, c.want)
		}
	}
}

func TestSourceOf(t *testing.T) {
	m := newMapper(builtinRules, alnRec, nil, nil, `sort aln.bam for 10x Chromium v3 into dir results name "my file.txt"`)
	for v, want := range map[string]string{
		"aln.bam":        "task",
		"aln.sorted.bam": "derived from aln.bam",
		"results/":       "task",
		"10xv3":          "constant",
		"genomeGenerate": "constant",
		"z":              "constant",
		"8":              "constant",
		"<index>":        "constant",
		"input.bam":      "",
		"genome_idx":     "",
		"other/":         "",
		"data.prune.in":  "",
	} {
		if got := m.sourceOf(v); got != want {
			t.Errorf("sourceOf(%q) = %q, want %q", v, got, want)
		}
	}
	if src, bad := m.listSource("aln.bam,x_1.bam"); src != "" || bad != "x_1.bam" {
		t.Errorf("list: %q %q", src, bad)
	}
	c := &candidate{flags: alnDoc().Flags}
	for _, tc := range [][3]string{{"genome_idx", "-x", "<bt2-idx>"}, {"in.bam", "", "<bam>"}, {"x/", "", "<dir>"}, {"abc_1", "-q", "<value>"}} {
		if got := placeholder(tc[0], c, tc[1]); got != tc[2] {
			t.Errorf("placeholder(%q, %q) = %q, want %q", tc[0], tc[1], got, tc[2])
		}
	}
	if !m.hasDefault(c, "-S") || m.hasDefault(c, "-x") || !m.hasDefault(c, "--out") || m.hasDefault(c, "-U") {
		t.Error("hasDefault")
	}
}

func TestExampleAdapterHasNoSource(t *testing.T) {
	doc := &ToolDoc{Record: ToolRecord{Name: "trim", Executable: "trim"}, Description: "trim adapters from reads", Flags: []FlagDoc{
		{Name: "-a", ParamType: "string", Placeholder: "ADAPTER", Required: true, Description: "sequence of an adapter ligated to the 3' end"},
		{Name: "-o", ParamType: "file", Category: "Output", Description: "write trimmed reads to FILE"},
	}}
	rec := &ToolRecord{Name: "trim", Executable: "trim"}
	sk := inlineSkill(t, "name: trim", "trim the adapter AGATCGGAAGAGC from reads.fq into out.fq", "-a AGATCGGAAGAGC -o out.fq reads.fq")
	// The task's own adapter is used.
	f := MapTask(builtinRules, rec, doc, sk, "trim the adapter CTGTCTCTTATA from in.fq into clean.fq")
	if got := Assemble(rec, f).Display; got != "trim -a CTGTCTCTTATA -o clean.fq in.fq" || f.Uncertain {
		t.Errorf("task adapter: %q uncertain %v", got, f.Uncertain)
	}
	// Without one the example's never stands in for it.
	f = MapTask(builtinRules, rec, doc, sk, "trim the adapter ligated to the 3' end from in.fq into clean.fq")
	if got := Assemble(rec, f).Display; strings.Contains(got, "AGATCGGAAGAGC") || !f.Uncertain || len(f.Missing) != 1 {
		t.Errorf("no adapter in the task: %q uncertain %v missing %q", got, f.Uncertain, f.Missing)
	}
	for v, want := range map[string]bool{"AGATCGGAAGAGC": true, "^GTGCCAGC...ATTAGAWACC": true, "agatcggaagagc": false, "GATC": false, "genomeGenerate": false} {
		if valueLike(v) != want {
			t.Errorf("valueLike(%q) = %v", v, !want)
		}
	}
}

// TestExpressionSource checks that a pattern or filter an example writes
// reaches the command only when the task says its words: the example's
// 'tumor|normal' is no source for a task about kinase, and its filter's
// words must all be the task's.
func TestExpressionSource(t *testing.T) {
	rec := &ToolRecord{Name: "gr", Executable: "gr"}
	doc := &ToolDoc{Record: *rec, Description: "print lines that match patterns",
		Flags: []FlagDoc{
			{Name: "-i", ParamType: "bool", Category: "General", Description: "ignore case distinctions in patterns and data"},
			{Name: "-F", ParamType: "string", Placeholder: "FILTER", Category: "General", Description: "keep the records the filter expression selects"},
		},
		Positionals: []PositionalDoc{{Position: 1, Name: "PATTERNS", ParamType: "string", Required: true}, {Position: 2, Name: "FILE", ParamType: "file"}}}
	sk := inlineSkill(t, "name: gr",
		"print lines of samples.txt that mention either tumor or normal", "'tumor|normal' samples.txt",
		"keep records of calls.txt with mapping quality 30 that are not duplicates", "-F 'mapping_quality >= 30 and not duplicate' calls.txt")
	for _, c := range []struct {
		task, want string
		missing    bool
	}{
		{"print lines of genes.txt that mention either tumor or normal", "gr 'tumor|normal' genes.txt", false},
		{"print lines of genes.txt that mention either kinase or ligase", "gr '<value>' genes.txt", true},
		{"keep records of r.txt with mapping quality 30 that are not duplicates", "gr -F 'mapping_quality >= 30 and not duplicate' r.txt", false},
		{"keep records of r.txt with mapping quality 30", "gr -F '<filter>' r.txt", true},
		// The task's own quoted clause inside the expression is its source.
		{"keep records of r.txt matching 'mapping_quality >= 30 and not duplicate'", "gr -F 'mapping_quality >= 30 and not duplicate' r.txt", false},
	} {
		f := MapTask(builtinRules, rec, doc, sk, c.task)
		got := Assemble(rec, f).Display
		if got != c.want || (len(f.Missing) > 0) != c.missing || c.missing && !f.Uncertain {
			t.Errorf("%q: got %q missing %q uncertain %v, want %q\n%s", c.task, got, f.Missing, f.Uncertain, c.want, strings.Join(f.Evidence, "\n"))
		}
	}
}

// TestExampleOwnName: an example's name that only begins as a task
// file's stem ("fastq_backup/" for the task's directory fastq) has no
// source, while one the example names after its own file (aln.sorted.bam
// beside aln.bam) is derived for the task's file alike.
func TestExampleOwnName(t *testing.T) {
	sk := &skills.Skill{Name: "rsync", Examples: []skills.Example{{Task: "copy data_dir to fastq_backup keeping permissions", Args: "-av data_dir/ fastq_backup/"}}}
	checkCommands(t, "rsync", sk, taskCommand{"copy the fastq folder, keeping permissions", "rsync -av fastq '<dir>'"})
	own := &Fill{Example: &Example{Args: "-av data_dir/ fastq_backup/"}}
	kept := &Fill{Example: &Example{Args: "sort -o aln.sorted.bam aln.bam"}}
	if !exampleOwnName(own, "fastq_backup/") || exampleOwnName(kept, "aln.sorted.bam") || exampleOwnName(own, "fastq_copy/") {
		t.Error("exampleOwnName")
	}
}
