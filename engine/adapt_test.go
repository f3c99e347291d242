package engine

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/traitome/oxo-call/skills"
)

// adaptCase maps a task with a one-off skill and checks the command.
type adaptCase struct {
	name     string
	rec      *ToolRecord
	doc      *ToolDoc
	front    string
	examples []string
	task     string
	want     string
	evidence []string
	// surer is a task the same skill maps with a higher confidence: the
	// case's task holds something that must lower it (a file with no
	// place, an example value left out). Compared, not pinned, so a refit
	// of the weights does not break it.
	surer     string
	notInArgv []string
}

func runAdaptCases(t *testing.T, cases []adaptCase) {
	t.Helper()
	for _, c := range cases {
		sk := inlineSkill(t, c.front, c.examples...)
		f := MapTask(builtinRules, c.rec, c.doc, sk, c.task)
		cmd := Assemble(c.rec, f)
		if cmd.Display != c.want {
			t.Errorf("%s: got %q, want %q\nevidence %q", c.name, cmd.Display, c.want, f.Evidence)
		}
		for _, e := range c.evidence {
			if !hasEvidence(f, e) {
				t.Errorf("%s: evidence %q lacks %q", c.name, f.Evidence, e)
			}
		}
		if c.surer != "" {
			// Never surer than the task that gives what the example
			// needs (both may stand at the confidence cap).
			if g := MapTask(builtinRules, c.rec, c.doc, sk, c.surer); f.Confidence > g.Confidence {
				t.Errorf("%s: confidence %.2f, above %.2f for %q", c.name, f.Confidence, g.Confidence, c.surer)
			}
		}
		for _, a := range c.notInArgv {
			if slices.Contains(cmd.Argv, a) {
				t.Errorf("%s: argv %q has %q", c.name, cmd.Argv, a)
			}
		}
	}
}

func TestAdaptFilesAndValues(t *testing.T) {
	cutadapt := &ToolRecord{Name: "cutadapt", Executable: "cutadapt"}
	seqtk := &ToolRecord{Name: "seqtk", Executable: "seqtk"}
	hisat := &ToolRecord{Name: "hisat2", Executable: "hisat2"}
	runAdaptCases(t, []adaptCase{
		{name: "adapter sequence replaced", rec: cutadapt, front: "name: cutadapt",
			examples: []string{"trim adapter AGATCGGAAGAGC from reads.fq into trimmed.fq", "-a AGATCGGAAGAGC -o trimmed.fq reads.fq"},
			task:     "trim adapter CTGTCTCTTATA from r.fq into c.fq", want: "cutadapt -a CTGTCTCTTATA -o c.fq r.fq", notInArgv: []string{"AGATCGGAAGAGC"}},
		{name: "more task inputs than the example has", rec: samRec, doc: samToolDoc(), front: "name: samtools",
			examples: []string{"index a sorted BAM file aln.bam", "index aln.bam"},
			task:     "index a.bam b.bam", want: "samtools index a.bam b.bam", evidence: []string{"added b.bam after the example's inputs"}},
		{name: "a task file the example has no place for", rec: samRec, doc: samToolDoc(), front: "name: samtools",
			examples: []string{"sort aln.bam into sorted.bam", "sort -o sorted.bam aln.bam"},
			task:     "sort in.bam using ref.fa into out.bam", want: "samtools sort -o out.bam in.bam",
			evidence: []string{"the task's file ref.fa has no place in the example"}, surer: "sort in.bam into out.bam"},
		{name: "files of another kind than the example's", rec: samRec, doc: samToolDoc(), front: "name: samtools",
			examples: []string{"sort aln.bam into sorted.bam", "sort -o sorted.bam aln.bam"},
			// An input of another kind does not stand in; the task's one
			// output goes through the example's output flag whatever its
			// kind (-o writes what it is given).
			task: "sort data.vcf into out.vcf", want: "samtools sort -o out.vcf '<bam>'", notInArgv: []string{"aln.bam", "sorted.bam"},
			evidence: []string{"missing: <bam> for positional 1 (the example's aln.bam is not the task's)", "data.vcf has no place in `samtools sort`"}},
		{name: "the example's region left out when the task has none", rec: samRec, doc: samToolDoc(), front: "name: samtools",
			examples: []string{"extract region chr1:100-200 from aln.bam into region.bam", "view -b -o region.bam aln.bam chr1:100-200"},
			// A region the task does not give is left out; the command is
			// not less right for it, so no confidence relation is asked.
			task: "view x.bam into y.bam", want: "samtools view -b -o y.bam x.bam", notInArgv: []string{"chr1:100-200"}},
		{name: "an output with no output flag becomes a positional", rec: seqtk, front: "name: seqtk",
			examples: []string{"convert reads.fq to FASTA", "seq -a reads.fq"},
			task:     "convert in.fq into out.fa", want: "seqtk seq in.fq out.fa",
			evidence: []string{"no output flag for out.fa; added as a positional", "dropped -a from the example: nothing in the task asks for it"}},
		{name: "without help, a flag the task names is kept", rec: hisat, front: "name: hisat2",
			examples: []string{"align reads.fq to genome_idx for stringtie", "--dta -x genome_idx -U reads.fq -S aln.sam"},
			task:     "align r.fq for stringtie with dta", want: "hisat2 --dta -U r.fq",
			evidence: []string{"dropped -x genome_idx from the example: nothing in the task asks for it"}},
		{name: "an example whose args do not parse is skipped", rec: samRec, doc: samToolDoc(), front: "name: samtools",
			examples: []string{"broken", "sort 'unbalanced", "sort aln.bam into s.bam", "sort -o s.bam aln.bam"},
			task:     "sort x.bam into y.bam", want: "samtools sort -o y.bam x.bam"},
	})
	// The sequence's flag says where its value came from.
	sk := inlineSkill(t, "name: cutadapt", "trim adapter AGATCGGAAGAGC from reads.fq into trimmed.fq", "-a AGATCGGAAGAGC -o trimmed.fq reads.fq")
	f := MapTask(builtinRules, cutadapt, nil, sk, "trim adapter CTGTCTCTTATA from r.fq into c.fq")
	if f.Flags[0].Why != "the task's sequence" {
		t.Errorf("why %q", f.Flags[0].Why)
	}
}

func TestAdaptChoosesByKeywordWords(t *testing.T) {
	// All words of a multi-word keyword, not side by side, still count.
	sk := inlineSkill(t, "name: samtools\nkeywords:\n  view: [extract region]\n  sort: [sort]",
		"sort aln.bam into s.bam", "sort -o s.bam aln.bam",
		"show aln.bam", "view aln.bam")
	f := MapTask(builtinRules, samRec, samToolDoc(), sk, "extract the reads in region chr1:1-2 of x.bam")
	if !slices.Equal(f.Subcommand, []string{"view"}) || !hasEvidence(f, `the words of skill keyword "extract region"`) {
		t.Errorf("subcommand %q evidence %q", f.Subcommand, f.Evidence)
	}
}

func TestAdaptKeepsTaskRegionTheExampleLacks(t *testing.T) {
	// Design: "add flags for task slots the example lacks". A region the
	// task names must reach the command even when the chosen example has
	// none (fromDoc appends regions; adapt should too).
	sk := inlineSkill(t, "name: samtools", "extract reads from in.bam into out.bam", "view -o out.bam in.bam")
	for _, doc := range []*ToolDoc{samToolDoc(), nil} {
		f := MapTask(builtinRules, samRec, doc, sk, "extract region chr2:5-10 from x.bam into y.bam")
		cmd := Assemble(samRec, f)
		if !slices.Contains(cmd.Argv, "chr2:5-10") {
			t.Fatalf("regression: the task's region is dropped when the adapted example has none: %s (confidence %.2f, evidence %q)", cmd.Display, f.Confidence, f.Evidence)
		}
		if cmd.Display != "samtools view -o y.bam x.bam chr2:5-10" {
			t.Errorf("doc %v: %q", doc != nil, cmd.Display)
		}
	}
}

func TestUserTypedFlags(t *testing.T) {
	// A user-typed switch followed by a file: the file is the input.
	f := MapTask(builtinRules, samRec, samToolDoc(), nil, "sort -n in.bam into out.bam")
	if got := Assemble(samRec, f).Display; got != "samtools sort -o out.bam -n in.bam" {
		t.Errorf("switch then file: %q", got)
	}
	if i := slices.IndexFunc(f.Flags, func(fv FlagValue) bool { return fv.Name == "-n" }); i < 0 || f.Flags[i].HasValue {
		t.Errorf("-n flags %+v", f.Flags)
	}
	// A typed flag and the same number in words: one flag, not two.
	f = MapTask(builtinRules, samRec, samToolDoc(), nil, "sort in.bam -@ 8 using 8 threads")
	n := 0
	for _, fv := range f.Flags {
		if fv.Name == "-@" {
			n++
		}
	}
	if n != 1 {
		t.Errorf("-@ %d times: %+v", n, f.Flags)
	}
	// The same flag typed twice is added once.
	f = MapTask(builtinRules, samRec, samToolDoc(), nil, "sort in.bam -m 2G -m 3G")
	if got := Assemble(samRec, f).Display; got != "samtools sort -m 2G in.bam" {
		t.Errorf("typed twice: %q", got)
	}
	// --name=value typed in the task keeps its value.
	f = MapTask(builtinRules, samRec, samToolDoc(), nil, "sort in.bam --threads=4")
	if fv := f.Flags[len(f.Flags)-1]; fv.Name != "--threads" || fv.Value != "4" || !fv.HasValue {
		t.Errorf("--threads=4: %+v", f.Flags)
	}
}

func TestFromDocOutputPositional(t *testing.T) {
	// The usage names an output positional: the task's output goes there,
	// after the input, not through a flag.
	rec := &ToolRecord{Name: "conv", Executable: "conv"}
	doc := &ToolDoc{Description: "convert BCF to VCF", Flags: []FlagDoc{{Name: "-o", ParamType: "file", Category: "Output", Description: "output file"}},
		Positionals: []PositionalDoc{{Position: 1, Name: "in.bcf", Required: true}, {Position: 2, Name: "out.vcf", Required: true}}}
	f := MapTask(builtinRules, rec, doc, nil, "convert a.bcf into b.vcf")
	if got := Assemble(rec, f).Display; got != "conv a.bcf b.vcf" || !slices.Equal(f.Outputs, []string{"b.vcf"}) {
		t.Errorf("got %q outputs %q", got, f.Outputs)
	}
	// A second output has no positional left: it goes through -o.
	f = MapTask(builtinRules, rec, doc, nil, "convert a.bcf into b.vcf and c.vcf")
	if got := Assemble(rec, f).Display; !strings.Contains(got, "-o c.vcf") {
		t.Errorf("second output: %q", got)
	}
}

func TestBestFlagSkipsUsedAliases(t *testing.T) {
	m := newMapper(builtinRules, samRec, nil, nil, "with 8 threads")
	c := &candidate{flags: []FlagDoc{
		{Name: "--threads", Aliases: []string{"-t"}, ParamType: "int", Category: "Performance", Description: "number of threads"},
		{Name: "", ParamType: "int", Description: "threads"},
		{Name: "--verbose", ParamType: "bool", Category: "General", Description: "threads chatter"},
	}}
	all := func(FlagDoc) bool { return true }
	if fd, s := m.bestFlag(c, []string{"threads"}, all, map[string]bool{}); fd.Name != "--threads" || s <= 0 {
		t.Errorf("best %+v %.1f", fd, s)
	}
	if fd, s := m.bestFlag(c, []string{"threads"}, all, map[string]bool{"-t": true}); fd.Name != "" || s != 0 {
		t.Errorf("the flag is used under its alias, yet chosen: %+v", fd)
	}
}

func TestAdaptNames(t *testing.T) {
	hisat := &ToolRecord{Name: "hisat2", Executable: "hisat2"}
	tool := &ToolRecord{Name: "asm", Executable: "asm"}
	runAdaptCases(t, []adaptCase{
		// The index name the task gives replaces the example's.
		{name: "index name from the task", rec: hisat, doc: hisatToolDoc(), front: "name: hisat2",
			examples: []string{"align single-end reads reads.fq to genome_idx", "-x genome_idx -U reads.fq -S aln.sam"},
			task:     "align s.fq to index myidx into s.sam", want: "hisat2 -x myidx -U s.fq -S s.sam"},
		// An output prefix the task does not ask for, though the example
		// built it around its input, is left out: the tool's default.
		{name: "output prefix derived from the input", rec: tool, front: "name: asm",
			examples: []string{"assemble reads.fq", "--prefix reads_out reads.fq"},
			task:     "assemble sample7.fq", want: "asm sample7.fq"},
	})
	sk := inlineSkill(t, "name: hisat2", "align single-end reads reads.fq to genome_idx", "-x genome_idx -U reads.fq -S aln.sam")
	f := MapTask(builtinRules, hisat, hisatToolDoc(), sk, "align s.fq to index myidx into s.sam")
	if f.Flags[0].Why != "the name the task gives" {
		t.Errorf("why %q", f.Flags[0].Why)
	}
	f = MapTask(builtinRules, tool, nil, inlineSkill(t, "name: asm", "assemble reads.fq", "--prefix reads_out reads.fq"), "assemble sample7.fq")
	if len(f.Outputs) != 0 || !hasEvidence(f, "left out --prefix sample7_out: the task asks for no output") {
		t.Errorf("outputs %q evidence %q", f.Outputs, f.Evidence)
	}
}

func TestRelevanceIgnoresCommonWords(t *testing.T) {
	flags := []FlagDoc{
		{Name: "--rna-strandness", Description: "strand-specific reads information"},
		{Name: "--trim5", Description: "trim bases from reads"},
		{Name: "--trim3", Description: "trim bases from reads end"},
		{Name: "--skip", Description: "skip the first reads"},
		{Name: "--upto", Description: "stop after reads"},
	}
	m := newMapper(builtinRules, hisatRec, nil, nil, "align reads with rna strandness")
	m.common = commonWords(flags)
	if !m.common["read"] && !m.common["reads"] {
		t.Fatalf("common %v", m.common)
	}
	// Name words count double; "reads" is in every description and counts nothing.
	if got, _ := m.switchFit("--rna-strandness", &flags[0], m.askTerms()); got != 4 {
		t.Errorf("fit of --rna-strandness = %v, want 4", got)
	}
	if got, _ := m.switchFit("--skip", &flags[3], m.askTerms()); got != 0 {
		t.Errorf("fit of --skip = %v, want 0", got)
	}
}

// TestAdaptPassesRecordEvidence checks that every pass of Stage 3 says
// what it did: the example it chose, how the files were aligned, what it
// dropped and added, and the source check.
func TestAdaptPassesRecordEvidence(t *testing.T) {
	sk := inlineSkill(t, "name: samtools", "sort aln.bam into sorted.bam", "sort -o sorted.bam aln.bam")
	f := MapTask(builtinRules, samRec, samToolDoc(), sk, "sort in.bam into out.bam")
	if got := Assemble(samRec, f).Display; got != "samtools sort -o out.bam in.bam" {
		t.Fatalf("got %q", got)
	}
	for _, want := range []string{
		`example: adapted "sort aln.bam into sorted.bam" (similarity`,
		"aligned the example's files to the task's: sorted.bam → out.bam, aln.bam → in.bam",
		"sources: every value comes from the task",
	} {
		if !hasEvidence(f, want) {
			t.Errorf("evidence %q lacks %q", f.Evidence, want)
		}
	}
	// An example too far from the task is not adapted: the help builds it.
	far := inlineSkill(t, "name: samtools", "merge many files", "merge -o all.bam a.bam b.bam")
	f = MapTask(builtinRules, samRec, samToolDoc(), far, "sort in.bam into out.bam")
	if !hasEvidence(f, "built from the help") {
		t.Errorf("evidence %q lacks the help fallback", f.Evidence)
	}
	// A fill whose value has no source says so, not that all have one.
	f = MapTask(builtinRules, samRec, samToolDoc(), sk, "sort by coordinate")
	if hasEvidence(f, "sources: every value") && len(f.Missing) > 0 {
		t.Errorf("missing %q but evidence %q claims every source", f.Missing, f.Evidence)
	}
	// No example file took a task file.
	a := &adaptation{toks: []exToken{{flag: "-n"}}, vals: []string{""}}
	if got := alignLine(a); got != "aligned: no example file took a task file" {
		t.Errorf("alignLine: %q", got)
	}
}

// TestShapeFeatures checks the evidence about the command's and the
// help's shape: the uncovered share squared, a command with no flag, the
// help's subcommands (ln(1+n)/5), the candidate's examples (/10).
func TestShapeFeatures(t *testing.T) {
	feat := map[string]float64{"uncovered_words": 0.5}
	shapeFeatures(feat, &Fill{}, nil)
	if feat["uncovered_words_sq"] != 0.25 || feat["no_flags"] != 1 || feat["help_subcommands"] != 0 {
		t.Errorf("no flags, no help: %v", feat)
	}
	feat = map[string]float64{}
	shapeFeatures(feat, &Fill{Flags: []FlagValue{{Name: "-n"}}}, samToolDoc())
	want := math.Log1p(float64(len(samToolDoc().Subcommands))) / 5
	if feat["uncovered_words_sq"] != 0 || feat["no_flags"] != 0 || math.Abs(feat["help_subcommands"]-want) > 1e-9 || want == 0 {
		t.Errorf("one flag, samtools help: %v (help_subcommands want %v)", feat, want)
	}
	sk := inlineSkill(t, "name: samtools",
		"sort aln.bam by read name into sorted.bam", "sort -n -o sorted.bam aln.bam",
		"sort aln.bam by coordinate into sorted.bam", "sort -o sorted.bam aln.bam",
		"view aln.bam as BAM into out.bam", "view -b -o out.bam aln.bam")
	f := MapTask(builtinRules, samRec, samToolDoc(), sk, "sort in.bam by read name into out.bam")
	if f.Features["candidate_examples"] != 0.2 || f.Features["no_flags"] != 0 {
		t.Errorf("sort has 2 examples and the command sets -n: %v", f.Features)
	}
	f = MapTask(builtinRules, samRec, samToolDoc(), sk, "sort in.bam by coordinate into out.bam and mind the frobnicated quux")
	if f.Features["uncovered_words_sq"] <= 0 || f.Features["uncovered_words_sq"] != f.Features["uncovered_words"]*f.Features["uncovered_words"] {
		t.Errorf("uncovered %v, squared %v", f.Features["uncovered_words"], f.Features["uncovered_words_sq"])
	}
}

// TestConfidenceFeatures checks the evidence the confidence is weighed
// from: the example's gaps to the task, the flags kept as the example
// wrote them, outputs derived from a task value, a subcommand no task word
// names.
func TestConfidenceFeatures(t *testing.T) {
	sk := inlineSkill(t, "name: samtools",
		"sort aln.bam by read name into sorted.bam", "sort -n -o sorted.bam aln.bam",
		"view aln.bam as BAM into out.bam", "view -b -o out.bam aln.bam")
	f := MapTask(builtinRules, samRec, samToolDoc(), sk, "sort in.bam by read name with great care into out.bam")
	feat := f.Features
	if feat["example_flags"] != 1 || feat["example_values"] != 0 {
		t.Errorf("example flags %v values %v, want 1 and 0 (-n)", feat["example_flags"], feat["example_values"])
	}
	// "great" and "care" are not in the example's task: 2 of its 5 words.
	if got := feat["task_beyond_example"]; got < 0.3 || got > 0.5 {
		t.Errorf("task_beyond_example %v", got)
	}
	if feat["example_beyond_task"] != 0 {
		t.Errorf("example_beyond_task %v, want 0", feat["example_beyond_task"])
	}
	if feat["unnamed_subcommand"] != 0 {
		t.Error("sort is named by the task")
	}
	if feat["task_words"] <= 0 {
		t.Error("task_words not counted")
	}
	// No output asked for: the output derived from the input stays, a
	// BAM (standard output would get it), and is counted as derived;
	// the subcommand is chosen by its example, not by a word of the
	// task.
	f = MapTask(builtinRules, samRec, samToolDoc(), sk, "order in.bam by read name")
	if f.Features["derived_outputs"] != 1 || !slices.Contains(f.Outputs, "in.sorted.bam") {
		t.Errorf("derived_outputs %v (outputs %q)", f.Features["derived_outputs"], f.Outputs)
	}
	if n := newMapper(builtinRules, samRec, nil, nil, "order in.bam by read name").countDerived(&Fill{Outputs: []string{"in.sorted.bam", "in.bam", "other.bam"}}); n != 1 {
		t.Errorf("countDerived %d, want 1 (in.sorted.bam)", n)
	}
	if f.Features["unnamed_subcommand"] != 1 {
		t.Errorf("unnamed_subcommand %v; evidence %q", f.Features["unnamed_subcommand"], f.Evidence)
	}
	if n := countPrefix([]string{"kept the example's file a", "kept x", "kept the example's file b"}, "kept the example's file "); n != 2 {
		t.Errorf("countPrefix %d", n)
	}
	m := newMapper(builtinRules, samRec, nil, nil, "view x into out.bam")
	fl, vals := m.countFromExample(&Fill{Flags: []FlagValue{{Name: "-b", Why: "from the example"}, {Name: "-O", Value: "b", HasValue: true, Why: "from the example"}, {Name: "-o", Value: "out.bam", HasValue: true, Why: "from the example"}}}, nil)
	if fl != 1 || vals != 1 {
		t.Errorf("countFromExample %d %d", fl, vals)
	}
}

// TestAdaptFlagsWithoutHelp checks example flags no help describes: one
// the skill's examples show taking a value takes the line's last file,
// and one whose kind the task only writes is an output.
func TestAdaptFlagsWithoutHelp(t *testing.T) {
	rec := &ToolRecord{Name: "pc", Executable: "pc"}
	sk := inlineSkill(t, "name: pc",
		"mark duplicates in input.bam and write marked.bam with metrics", "Mark -I input.bam -O marked.bam -M metrics.txt",
		"mark and remove duplicates", "Mark -I input.bam -O dedup.bam -M m.txt --REMOVE true",
		"collect metrics for aln.bam with reference ref.fa", "Collect -I aln.bam -O out.txt -R ref.fa",
		"collect with the reference and a switch", "Collect -R ref.fa -I aln.bam -O out.txt",
		"sort by name", "Sort -n in.bam")
	f := MapTask(builtinRules, rec, nil, sk, "mark duplicates in s.bam, write d.bam and the metrics to d_metrics.txt")
	if got := Assemble(rec, f).Display; got != "pc Mark -I s.bam -O d.bam -M d_metrics.txt" {
		t.Errorf("got %q\n%q", got, f.Evidence)
	}
	m := newMapper(builtinRules, rec, nil, sk, "x")
	v := m.valuedFlags()
	if !v["-M"] || !v["-R"] || v["-n"] || v["--REMOVE"] {
		t.Errorf("valued flags %v", v)
	}
	// Without a skill there is no evidence: nil, and "-z last.bam" stays a switch.
	if newMapper(builtinRules, rec, nil, nil, "x").valuedFlags() != nil {
		t.Error("valued flags without a skill")
	}
	c := &candidate{}
	if toks := classifyWith([]string{"-n", "x.bam"}, c, v); len(toks) != 2 || toks[0].hasValue {
		t.Errorf("-n x.bam: %+v", toks)
	}
	if toks := classifyWith([]string{"-R", "ref.fa"}, c, v); len(toks) != 1 || toks[0].value != "ref.fa" {
		t.Errorf("-R ref.fa: %+v", toks)
	}
}

// TestAdaptOutputOfAnotherKind checks that the task's one output goes
// through the example's output flag though its kind differs (the format
// set by another flag), unless another example argument has its kind.
func TestAdaptOutputOfAnotherKind(t *testing.T) {
	rec := &ToolRecord{Name: "bl", Executable: "bl"}
	doc := &ToolDoc{Record: *rec, Flags: []FlagDoc{
		{Name: "-query", ParamType: "file", Category: "Input", Description: "input query file"},
		{Name: "-out", ParamType: "file", Category: "Output", Description: "output file name"},
		{Name: "-A", ParamType: "string", Category: "General", Description: "save multiple alignment of all hits to file"},
	}}
	sk := inlineSkill(t, "name: bl", "search query.fa, output hits.tsv", "-query query.fa -out hits.tsv")
	f := MapTask(builtinRules, rec, doc, sk, "search q.fa, output q.xml")
	if got := Assemble(rec, f).Display; got != "bl -query q.fa -out q.xml" {
		t.Errorf("got %q\n%q", got, f.Evidence)
	}
	a := &adaptation{toks: []exToken{{flag: "-A", value: "hits.sto", hasValue: true}}}
	if !a.exampleHasKindOf([]FileSlot{{Path: "x.sto", Type: FileType("x.sto")}}, []bool{false}) {
		t.Error("hits.sto is the place of x.sto")
	}
	if a.exampleHasKindOf([]FileSlot{{Path: "x.sto", Type: FileType("x.sto")}}, []bool{true}) {
		t.Error("a used file has no place to find")
	}
}

// TestAdaptAddsAskedSwitches checks that a switch of the help the task
// asks for with words beyond the example's task is added, and not when
// those words follow a negation.
func TestAdaptAddsAskedSwitches(t *testing.T) {
	rec := &ToolRecord{Name: "pk", Executable: "pk"}
	doc := &ToolDoc{Record: *rec, Flags: []FlagDoc{
		{Name: "--summits", ParamType: "bool", Category: "General", Description: "report the summits of every peak region"},
		{Name: "--force", Aliases: []string{"-f"}, ParamType: "bool", Category: "General", Description: "overwrite files without asking"},
	}}
	sk := inlineSkill(t, "name: pk", "call peaks on chip.bam", "chip.bam")
	// "summit", not the name "summits": the help's words fit, the task
	// does not name it (addNamedSwitches).
	f := MapTask(builtinRules, rec, doc, sk, "call peaks on x.bam and report the summit of each")
	if got := Assemble(rec, f).Display; got != "pk --summits x.bam" {
		t.Errorf("got %q\n%q", got, f.Evidence)
	}
	if !hasEvidence(f, "added --summits: the task's words summit, report fit its help") {
		t.Errorf("evidence %q", f.Evidence)
	}
	f = MapTask(builtinRules, rec, doc, sk, "call peaks on x.bam without the summits")
	if got := Assemble(rec, f).Display; got != "pk x.bam" {
		t.Errorf("negated: got %q", got)
	}
	// Nothing beyond the example: nothing added.
	f = MapTask(builtinRules, rec, doc, sk, "call peaks on x.bam")
	if got := Assemble(rec, f).Display; got != "pk x.bam" {
		t.Errorf("plain: got %q", got)
	}
}

// TestAdaptAddsSwitchTheTaskNames checks that a switch whose whole long
// name is a task word beyond the example ("keep" for --keep) is added,
// ahead of a switch whose description merely shares that word.
func TestAdaptAddsSwitchTheTaskNames(t *testing.T) {
	rec := &ToolRecord{Name: "zp", Executable: "zp"}
	doc := &ToolDoc{Record: *rec, Flags: []FlagDoc{
		{Name: "--stdout", Aliases: []string{"-c"}, ParamType: "bool", Category: "General", Description: "write on standard output, keep original files unchanged"},
		{Name: "--keep", Aliases: []string{"-k"}, ParamType: "bool", Category: "General", Description: "don't delete input files during operation"},
	}}
	sk := inlineSkill(t, "name: zp", "compress calls.vcf", "calls.vcf")
	f := MapTask(builtinRules, rec, doc, sk, "compress a.vcf but keep it")
	if got := Assemble(rec, f).Display; got != "zp -k a.vcf" {
		t.Errorf("got %q\n%q", got, f.Evidence)
	}
	// Without the word, nothing is added.
	f = MapTask(builtinRules, rec, doc, sk, "compress a.vcf")
	if got := Assemble(rec, f).Display; got != "zp a.vcf" {
		t.Errorf("plain: got %q", got)
	}
}

// TestAdaptAddsHelplessSwitchByName checks that a switch the help gives
// only a name for is added when the task says every part of the name, a
// part that is the tool's own name included ("check whether it is
// sorted" for sort-bed's --check-sort), and not for a task that says
// only the tool's part.
func TestAdaptAddsHelplessSwitchByName(t *testing.T) {
	rec := &ToolRecord{Name: "sort-bed", Executable: "sort-bed"}
	doc := &ToolDoc{Record: *rec, Flags: []FlagDoc{
		{Name: "--check-sort", ParamType: "bool", Category: "General"},
		{Name: "--max-mem", ParamType: "string", Category: "General", Description: "memory to use"},
		{Name: "--quick", ParamType: "bool", Category: "General"},
	}}
	sk := inlineSkill(t, "name: sort-bed", "sort input.bed for use with BEDOPS", "input.bed > input.sorted.bed")
	f := MapTask(builtinRules, rec, doc, sk, "check whether regions.bed is already sorted")
	if got := Assemble(rec, f).Display; got != "sort-bed --check-sort regions.bed" {
		t.Errorf("got %q\n%q", got, f.Evidence)
	}
	if !hasEvidence(f, "added --check-sort: the task's words check fit its name") {
		t.Errorf("evidence %q", f.Evidence)
	}
	f = MapTask(builtinRules, rec, doc, sk, "sort regions.bed in place of the old order")
	if got := Assemble(rec, f).Display; strings.Contains(got, "--check-sort") || strings.Contains(got, "--quick") {
		t.Errorf("got %q", got)
	}
}

// TestAdaptKeepsValueTheTaskSaysInASense checks that an example's value
// the task says in another language (a lexicon sense: "转录组" for
// "transcriptome") is kept, and dropped from a task that does not say it.
func TestAdaptKeepsValueTheTaskSaysInASense(t *testing.T) {
	rec := &ToolRecord{Name: "bu", Executable: "bu"}
	doc := &ToolDoc{Record: *rec, Flags: []FlagDoc{
		{Name: "-i", ParamType: "file", Category: "Input", Description: "input sequence file"},
		{Name: "-m", ParamType: "string", Category: "General", Description: "analysis kind: genome, proteins"},
	}}
	sk := inlineSkill(t, "name: bu", "评估转录组组装 asm.fasta 的完整性", "-i asm.fasta -m transcriptome")
	f := MapTask(builtinRules, rec, doc, sk, "评估转录组 Trinity.fasta 的完整性")
	if got := Assemble(rec, f).Display; got != "bu -i Trinity.fasta -m transcriptome" {
		t.Errorf("got %q\n%q", got, f.Evidence)
	}
	f = MapTask(builtinRules, rec, doc, sk, "评估 Trinity.fasta 的完整性")
	if got := Assemble(rec, f).Display; got != "bu -i Trinity.fasta" {
		t.Errorf("no sense: got %q\n%q", got, f.Evidence)
	}
}

// TestPhraseSwitchAmongBestFits checks that a switch whose help the task
// says nearly word for word is chosen only among the switches that fit
// the task's uncovered words best: "print only the duplicated lines"
// adds uniq's -d ("only print duplicate lines"), not -D ("print all
// duplicate lines") nor -u ("only print unique lines"), whose help holds
// as large a share of the task's words but fewer of those the command
// leaves unexplained.
func TestPhraseSwitchAmongBestFits(t *testing.T) {
	doc := goldenDoc(t, "uniq")
	rec := &ToolRecord{Name: "uniq", Executable: "uniq"}
	sk := inlineSkill(t, "name: uniq", "print lines of sorted_reads.txt that appear only once", "-u sorted_reads.txt")
	f := MapTask(builtinRules, rec, doc, sk, "print only the duplicated lines of sorted.txt")
	if got := Assemble(rec, f).Display; got != "uniq -d sorted.txt" {
		t.Errorf("got %q\n%q", got, f.Evidence)
	}
}

// TestAdaptAddsSwitchItsHelpSpellsOut checks that a switch with a short
// name is named by a task word its help spells out and no other flag's
// help says ("metagenome" for --meta, "metagenome / uneven coverage
// mode"), and not by a word the name only begins ("metabolic").
func TestAdaptAddsSwitchItsHelpSpellsOut(t *testing.T) {
	rec := &ToolRecord{Name: "fl", Executable: "fl"}
	doc := &ToolDoc{Record: *rec, Flags: []FlagDoc{
		{Name: "--meta", ParamType: "bool", Category: "General", Description: "metagenome / uneven coverage mode"},
		{Name: "--pacbio-hifi", ParamType: "file", Category: "Input", Description: "PacBio HiFi reads"},
		{Name: "--out-dir", Aliases: []string{"-o"}, ParamType: "path", Category: "Output", Description: "output directory"},
		{Name: "--threads", Aliases: []string{"-t"}, ParamType: "int", Category: "General", Description: "number of parallel threads"},
	}}
	sk := inlineSkill(t, "name: fl", "assemble PacBio HiFi reads hifi.fastq.gz into asm", "--pacbio-hifi hifi.fastq.gz -o asm")
	f := MapTask(builtinRules, rec, doc, sk, "metagenome assembly of the PacBio HiFi reads x.fq.gz, output folder out")
	if got := Assemble(rec, f).Display; !strings.Contains(got, "--meta") {
		t.Errorf("got %q\n%q", got, f.Evidence)
	}
	f = MapTask(builtinRules, rec, doc, sk, "metabolic assembly of the PacBio HiFi reads x.fq.gz, output folder out")
	if got := Assemble(rec, f).Display; strings.Contains(got, "--meta") {
		t.Errorf("metabolic: got %q", got)
	}
	// The help's word begins with the task's ("metagenomic" for
	// "宏基因组", a sense: metagenome), and a second flag's help says it
	// too.
	doc.Flags[0].Description = "this flag is required for metagenomic data"
	doc.Flags = append(doc.Flags,
		FlagDoc{Name: "--metaplasmid", ParamType: "bool", Category: "General", Description: "plasmid detection in metagenomic datasets"},
		FlagDoc{Name: "--nanopore", ParamType: "file", Category: "Input", Description: "nanopore reads"},
		FlagDoc{Name: "--pacbio", ParamType: "file", Category: "Input", Description: "pacbio reads"})
	f = MapTask(builtinRules, rec, doc, sk, "用宏基因组模式组装 x.fq.gz，输出目录 out")
	if got := Assemble(rec, f).Display; !strings.Contains(got, "--meta") || strings.Contains(got, "--metaplasmid") {
		t.Errorf("zh: got %q\n%q", got, f.Evidence)
	}
}

// TestAdaptDropsModifierOfDroppedFlag checks that an example flag whose
// long name extends a dropped flag's (--recode-INFO-all of --recode) is
// dropped with it, and kept when the task asks for the flag it modifies.
func TestAdaptDropsModifierOfDroppedFlag(t *testing.T) {
	rec := &ToolRecord{Name: "vt", Executable: "vt"}
	doc := &ToolDoc{Record: *rec, Flags: []FlagDoc{
		{Name: "--gzvcf", ParamType: "file", Category: "Input", Description: "compressed VCF input"},
		{Name: "--recode", ParamType: "bool", Category: "General"},
		{Name: "--recode-INFO-all", ParamType: "bool", Category: "Output", Description: "keep all INFO values in the original file"},
		{Name: "--het", ParamType: "bool", Category: "General", Description: "heterozygosity per individual"},
	}}
	sk := inlineSkill(t, "name: vt", "subset calls.vcf.gz and recode a new VCF", "--gzvcf calls.vcf.gz --recode --recode-INFO-all")
	f := MapTask(builtinRules, rec, doc, sk, "heterozygosity of chr22.vcf.gz")
	got := Assemble(rec, f).Display
	if strings.Contains(got, "--recode") {
		t.Errorf("got %q\n%q", got, f.Evidence)
	}
	if !hasEvidence(f, "dropped --recode-INFO-all from the example: it modifies --recode") {
		t.Errorf("evidence %q", f.Evidence)
	}
	f = MapTask(builtinRules, rec, doc, sk, "subset chr22.vcf.gz and recode a new VCF")
	if got := Assemble(rec, f).Display; !strings.Contains(got, "--recode --recode-INFO-all") {
		t.Errorf("recode: got %q\n%q", got, f.Evidence)
	}
}

// TestAdaptAddsTheSwitchAnAddedOneNeeds checks that a switch added for
// the task's words brings the switch its help says it must be used with,
// the one of those named that the task's words fit ("multi-mapping" for
// -M, not -O), and none when none fits.
func TestAdaptAddsTheSwitchAnAddedOneNeeds(t *testing.T) {
	rec := &ToolRecord{Name: "fc", Executable: "fc"}
	doc := &ToolDoc{Record: *rec, Flags: []FlagDoc{
		{Name: "-a", ParamType: "file", Category: "Input", Description: "annotation file"},
		{Name: "-M", ParamType: "bool", Category: "General", Description: "Multi-mapping reads will also be counted."},
		{Name: "-O", ParamType: "bool", Category: "General", Description: "Assign reads to all their overlapping features."},
		{Name: "--fraction", ParamType: "bool", Category: "General", Description: "Assign fractional counts to features. This option must be used together with '-M' or '-O' or both. Each multi-mapping alignment carries a fraction."},
	}}
	sk := inlineSkill(t, "name: fc", "count reads per gene in aln.bam using annotation.gtf", "-a annotation.gtf aln.bam")
	f := MapTask(builtinRules, rec, doc, sk, "include multi-mapping reads with fractional counts, for x.bam and g.gtf")
	if got := Assemble(rec, f).Display; got != "fc -a g.gtf --fraction -M x.bam" {
		t.Errorf("got %q\n%q", got, f.Evidence)
	}
	if !hasEvidence(f, "added -M: --fraction must be used with it") {
		t.Errorf("evidence %q", f.Evidence)
	}
	f = MapTask(builtinRules, rec, doc, sk, "give fractional counts for x.bam and g.gtf")
	if got := Assemble(rec, f).Display; got != "fc -a g.gtf --fraction x.bam" {
		t.Errorf("none fits: got %q\n%q", got, f.Evidence)
	}
}

// TestKeptForExampleFeature checks that an example switch kept because
// this task repeats the example's task, not because its help fits this
// task, is counted (the kept_for_example feature), and no other kept
// flag or file is.
func TestKeptForExampleFeature(t *testing.T) {
	ev := []string{
		"kept --no-mixed: the example's task asks for it in words this task repeats (pair)",
		"kept --drop-sam: the task repeats the example's task (0% of its words lacking)",
		"kept --very-sensitive: the words of the example's task no help explains are in this task (bp)",
		"kept -x: the example's explanation ties it to words of its task this task repeats (y)",
		"kept -O b: its help names the form of the task's output, as it did the example's",
		"kept the example's file ref.fa: the task names no file for it",
	}
	if got := countKeptForExample(ev); got != 4 {
		t.Errorf("counted %d, want 4", got)
	}
}

// TestAdaptKeepsFlagTheExampleTaskAsksFor checks that an example flag is
// kept when the words its help shares with the example's task are all in
// this task, though the help alone fits the task too little, and dropped
// when this task lacks them; words of the subcommand's own description
// ask for no flag.
func TestAdaptKeepsFlagTheExampleTaskAsksFor(t *testing.T) {
	rec := &ToolRecord{Name: "bt", Executable: "bt"}
	doc := &ToolDoc{Record: *rec, Subcommands: []SubcommandDoc{{Name: "intersect", Description: "intersect interval files", Parser: "getopt", Flags: []FlagDoc{
		{Name: "-s", ParamType: "bool", Category: "General", Description: "require same strandedness"},
		{Name: "-v", ParamType: "bool", Category: "General", Description: "only report intervals with no overlap"},
		{Name: "-a", ParamType: "file", Category: "Input", Description: "BED file A"},
		{Name: "-b", ParamType: "file", Category: "Input", Description: "BED file B"},
	}}}}
	sk := inlineSkill(t, "name: bt", "intersect a.bed with b.bed on the same strand, intervals only", "intersect -s -v -a a.bed -b b.bed")
	f := MapTask(builtinRules, rec, doc, sk, "intersect x.bed with y.bed, same strand")
	if got := Assemble(rec, f).Display; got != "bt intersect -s -a x.bed -b y.bed" {
		t.Errorf("got %q\n%q", got, f.Evidence)
	}
	if !hasEvidence(f, "kept -s: the example's task asks for it in words this task repeats (same)") {
		t.Errorf("evidence %q", f.Evidence)
	}
	f = MapTask(builtinRules, rec, doc, sk, "intersect x.bed with y.bed")
	if got := Assemble(rec, f).Display; got != "bt intersect -a x.bed -b y.bed" {
		t.Errorf("plain: got %q\n%q", got, f.Evidence)
	}
}

// TestAdaptSetsTheListedValueTheTaskNames checks that an example flag's
// value is replaced by the value its help lists that the task names, by
// the whole word or by a word it begins ("archaeal" names arc), and that
// a name with digits or a prose run names nothing.
func TestAdaptSetsTheListedValueTheTaskNames(t *testing.T) {
	rec := &ToolRecord{Name: "rn", Executable: "rn"}
	doc := &ToolDoc{Record: *rec, Flags: []FlagDoc{
		{Name: "--kingdom", ParamType: "string", Category: "General", Description: "Kingdom: bac mito euk arc (default 'bac')"},
		{Name: "--mode", ParamType: "choice", Category: "General", Description: "how to run", Choices: []string{"fast", "sensitive"}},
	}}
	sk := inlineSkill(t, "name: rn", "find rRNAs in the eukaryotic genome g.fa", "--kingdom euk g.fa",
		"find rRNAs in g.fa in fast mode", "--mode fast g.fa")
	for _, c := range []struct{ task, want string }{
		{"find rRNAs in the archaeal genome x.fa", "rn --kingdom arc x.fa"},
		{"find rRNAs in the eukaryotic genome x.fa", "rn --kingdom euk x.fa"},
		{"find rRNAs in x.fa in sensitive mode", "rn --mode sensitive x.fa"},
	} {
		f := MapTask(builtinRules, rec, doc, sk, c.task)
		if got := Assemble(rec, f).Display; got != c.want {
			t.Errorf("%q: got %q, want %q\n%q", c.task, got, c.want, f.Evidence)
		}
	}
	f := MapTask(builtinRules, rec, doc, sk, "find rRNAs in the archaeal genome x.fa")
	if !hasEvidence(f, "set --kingdom arc for the example's euk: the task names arc, which --kingdom's help lists") {
		t.Errorf("evidence %q", f.Evidence)
	}
	m := newMapper(builtinRules, rec, doc, sk, "find rRNAs of bacteria1 in x.fa")
	if v := m.listedValue(exToken{flag: "--kingdom", value: "euk", hasValue: true, doc: &doc.Flags[0]}); v != "" {
		t.Errorf("a name with digits named %q", v)
	}
	prose := FlagDoc{Name: "-O", ParamType: "string", Description: "b: compressed BCF, z: compressed VCF"}
	m = newMapper(builtinRules, rec, doc, sk, "write a compressed VCF")
	if v := m.listedValue(exToken{flag: "-O", value: "z", hasValue: true, doc: &prose}); v != "" {
		t.Errorf("a prose run named %q", v)
	}
}

// TestFlagContinuation checks that a word going on a flag's value where
// the help shows no operand (STAR's "--outSAMtype BAM SortedByCoordinate")
// stays the example's constant: it takes neither the task's name (which
// goes to --outFileNamePrefix) nor an output derived from the input.
func TestFlagContinuation(t *testing.T) {
	sk := &skills.Skill{Name: "STAR", Examples: []skills.Example{{
		Task: "align paired-end reads reads_R1.fastq.gz reads_R2.fastq.gz and output a coordinate-sorted BAM with 8 threads",
		Args: "--runThreadN 8 --genomeDir star_index --readFilesIn reads_R1.fastq.gz reads_R2.fastq.gz --readFilesCommand zcat --outSAMtype BAM SortedByCoordinate --outFileNamePrefix sample_",
	}}}
	checkCommands(t, "STAR", sk, taskCommand{
		"align the gzipped paired-end reads s1_R1.fastq.gz and s1_R2.fastq.gz to the index star_index with 8 threads, output a coordinate-sorted BAM with prefix s1_",
		"STAR --runThreadN 8 --genomeDir star_index --readFilesIn s1_R1.fastq.gz s1_R2.fastq.gz --readFilesCommand zcat --outSAMtype BAM SortedByCoordinate --outFileNamePrefix s1_"})
}

// TestNumberAfterFlagName checks that the word right before a task number
// spelling another flag's whole name ("ploidy 1" for --ploidy) moves the
// number there from the example's flag the words after it fit (-C,
// "minimum alternate count"), where a name any tool has (threads) does not.
func TestNumberAfterFlagName(t *testing.T) {
	sk := &skills.Skill{Name: "freebayes", Examples: []skills.Example{{
		Task: "call low-frequency variants in a pooled sample pool.bam at 5% allele fraction with at least 2 supporting reads",
		Args: "-f ref.fa -F 0.05 -C 2 pool.bam",
	}}}
	checkCommands(t, "freebayes", sk, taskCommand{"call variants in the pooled sample p.bam against g.fa with ploidy 1 and minimum alternate allele fraction 0.1", "freebayes -f g.fa -F 0.1 -p 1 p.bam"})
}

// An example's switch that overwrites what exists (--force, "-f
// overwrite output directory") stays only when the task asks to
// overwrite; "Force strandedness" forces nothing of the user's.
func TestAdaptDropsUnaskedOverwrite(t *testing.T) {
	rec := &ToolRecord{Name: "split2", Executable: "split2"}
	doc := &ToolDoc{Flags: []FlagDoc{
		{Name: "--out-dir", Aliases: []string{"-O"}, ParamType: "string", Category: "Output", Description: "output directory"},
		{Name: "--by-part", Aliases: []string{"-p"}, ParamType: "int", Description: "split into N parts"},
		{Name: "--force", Aliases: []string{"-f"}, ParamType: "bool", Category: "Output", Description: "overwrite output directory"},
	}}
	sk := inlineSkill(t, "name: split2", "split reads.fq into 4 parts in out_dir", "-p 4 -O out_dir -f reads.fq")
	for task, want := range map[string]bool{
		"split pool.fq into 8 parts in pool_parts":                          false,
		"split pool.fq into 8 parts in pool_parts, overwriting it if there": true,
	} {
		f := MapTask(builtinRules, rec, doc, sk, task)
		if got := Assemble(rec, f).Display; strings.Contains(got, " -f") != want {
			t.Errorf("%q: %q (want -f: %v)\n%s", task, got, want, strings.Join(f.Evidence, "\n"))
		}
	}
	for fd, want := range map[*FlagDoc]bool{
		{Name: "--force", Description: "force"}:                                                true,
		{Name: "-f", Description: "overwrite output directory"}:                                true,
		{Name: "-s", Description: "Force strandedness. If the feature occupies the antisense"}: false,
		{Name: "--missing", Description: "reports. fid: Force FID column to be overwritten"}:   false,
	} {
		if overwrites(*fd) != want {
			t.Errorf("overwrites(%s %q) = %v", fd.Name, fd.Description, !want)
		}
	}
}
