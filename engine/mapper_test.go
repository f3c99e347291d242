package engine

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/traitome/oxo-call/skills"
)

// inlineSkill parses a skill written in the test: front matter lines, then
// (task, args) pairs for its examples.
func inlineSkill(t *testing.T, front string, examples ...string) *skills.Skill {
	t.Helper()
	var b strings.Builder
	b.WriteString("---\n" + strings.TrimSpace(front) + "\n---\n## Concepts\n- a concept\n## Pitfalls\n- a pitfall\n## Examples\n")
	for i := 0; i+1 < len(examples); i += 2 {
		fmt.Fprintf(&b, "### %s\n**Args:** `%s`\n**Explanation:** why\n", examples[i], examples[i+1])
	}
	sk, _, err := skills.Parse("inline.md", []byte(b.String()), false)
	if err != nil {
		t.Fatalf("inline skill: %v\n%s", err, b.String())
	}
	return sk
}

// samRec is a samtools-like record; samToolDoc its hand-made help.
var samRec = &ToolRecord{Name: "samtools", Executable: "samtools", ResolvedPath: "/usr/bin/samtools", Installed: true}

func samToolDoc() *ToolDoc {
	threads := FlagDoc{Name: "-@", ParamType: "int", Category: "Performance", Description: "Number of additional threads to use"}
	return &ToolDoc{Record: *samRec, Description: "Tools for alignments in the SAM format", Subcommands: []SubcommandDoc{
		{Name: "sort", Description: "sort alignment file", Parser: "getopt", Flags: []FlagDoc{
			{Name: "-o", ParamType: "file", Category: "Output", Description: "Write final output to FILE"},
			threads,
			{Name: "-n", ParamType: "bool", Category: "Algorithm", Description: "Sort by read name"},
			{Name: "-m", ParamType: "string", Category: "Performance", Description: "Set maximum memory per thread"},
		}, Positionals: []PositionalDoc{{Position: 1, Name: "in.bam", Required: true}}},
		{Name: "index", Description: "index alignment", Parser: "getopt", Flags: []FlagDoc{threads}},
		{Name: "view", Description: "SAM<->BAM<->CRAM conversion", Parser: "getopt", Flags: []FlagDoc{
			{Name: "-o", ParamType: "file", Category: "Output", Description: "output file name"},
			{Name: "-b", ParamType: "bool", Category: "Format", Description: "output BAM"},
			{Name: "-q", ParamType: "int", Category: "Quality", Description: "only include reads with mapping quality >= INT"},
			{Name: "-T", ParamType: "file", Category: "Input", Description: "reference sequence FASTA FILE"},
		}, Positionals: []PositionalDoc{{Position: 1, Name: "in.bam", Required: true}, {Position: 2, Name: "region", Repeatable: true}}},
		{Name: "faidx", Description: "index/extract FASTA", Parser: "getopt"},
		{Name: "merge", Description: "merge sorted alignments", Parser: "getopt", Flags: []FlagDoc{
			{Name: "-o", ParamType: "file", Category: "Output", Description: "output file"}, threads,
		}},
	}}
}

func samSkill(t *testing.T) *skills.Skill {
	return inlineSkill(t, `
name: samtools
keywords:
  sort: [sort, 排序]
  index: [index bam]
  faidx: [index fasta]
  view: [convert, extract region, filter]`,
		"sort aln.bam by coordinate with 4 threads into aln.sorted.bam", "sort -@ 4 -o aln.sorted.bam aln.bam",
		"index a sorted BAM file aln.sorted.bam", "index aln.sorted.bam",
		"extract region chr1:100-200 from aln.bam into region.bam", "view -b -o region.bam aln.bam chr1:100-200",
		"index the reference ref.fa", "faidx ref.fa",
		"merge a.bam b.bam c.bam into merged.bam", "merge -o merged.bam a.bam b.bam c.bam",
	)
}

// hisatRec has a companion on disk; hisatToolDoc lists it with its help.
var hisatRec = &ToolRecord{Name: "hisat2", Executable: "hisat2", ResolvedPath: "/opt/bin/hisat2", Installed: true,
	CompanionTools: []Companion{{Name: "hisat2-build", Path: "/opt/bin/hisat2-build", Rule: "companion.dash_suffix"}}}

func hisatToolDoc() *ToolDoc {
	return &ToolDoc{Record: *hisatRec, Description: "HISAT2 aligner for spliced reads", Flags: []FlagDoc{
		{Name: "-x", ParamType: "string", Category: "Input", Description: "Index filename prefix"},
		{Name: "-1", ParamType: "file", Category: "Input", Description: "Files with #1 mates"},
		{Name: "-2", ParamType: "file", Category: "Input", Description: "Files with #2 mates"},
		{Name: "-U", ParamType: "file", Category: "Input", Description: "Files with unpaired reads"},
		{Name: "-S", ParamType: "file", Category: "Output", Description: "File for SAM output"},
		{Name: "--threads", Aliases: []string{"-p"}, ParamType: "int", Category: "Performance", Description: "number of alignment threads to launch"},
		{Name: "--rg", ParamType: "string", Category: "General", Description: "add text to the read group header line"},
	}, Companions: []SubcommandDoc{{Name: "hisat2-build", Description: "build a HISAT2 index", Parser: "getopt",
		Flags:       []FlagDoc{{Name: "-p", ParamType: "int", Category: "Performance", Description: "number of threads"}},
		Positionals: []PositionalDoc{{Position: 1, Name: "reference_in", Required: true}, {Position: 2, Name: "ht2_index_base", Required: true}}}},
	}
}

func hisatSkill(t *testing.T) *skills.Skill {
	return inlineSkill(t, `
name: hisat2
companions: [hisat2-build]
keywords:
  hisat2-build: [build index, 建索引]
  hisat2: [align, 比对]`,
		"build a HISAT2 index from genome.fa with 8 threads", "hisat2-build -p 8 genome.fa genome_idx",
		"align paired-end reads reads_R1.fastq.gz and reads_R2.fastq.gz to genome_idx with 8 threads", "-p 8 -x genome_idx -1 reads_R1.fastq.gz -2 reads_R2.fastq.gz -S aln.sam",
		"align single-end reads reads.fastq.gz to genome_idx with 8 threads", "-p 8 -x genome_idx -U reads.fastq.gz -S aln.sam",
	)
}

// wantIn fails the test unless cmd holds want, with the fill's evidence.
func wantIn(t *testing.T, cmd string, f *Fill, want string) {
	t.Helper()
	if !strings.Contains(cmd, want) {
		t.Errorf("want %q in %q\n%s", want, cmd, strings.Join(f.Evidence, "\n"))
	}
}

func hasEvidence(f *Fill, s string) bool {
	return slices.ContainsFunc(f.Evidence, func(e string) bool { return strings.Contains(e, s) })
}

func TestMapFromHelpAlone(t *testing.T) {
	cases := []struct {
		task, want string
		outputs    []string
		uncertain  bool
		evidence   string
	}{
		{"sort in.bam with 8 threads into out.bam", "samtools sort -o out.bam -@ 8 in.bam", []string{"out.bam"}, false, "no skill example fits: built from the help alone"},
		{"对aln.bam排序，使用8个线程，输出到 out.bam", "samtools sort -o out.bam -@ 8 aln.bam", []string{"out.bam"}, false, "chose subcommand sort"},
		{"sort in.bam -m 2G", "samtools sort -m 2G in.bam", nil, false, "chose subcommand sort"},
		{"merge p.bam q.bam into m.bam", "samtools merge -o m.bam p.bam q.bam", []string{"m.bam"}, false, "chose subcommand merge"},
		// A region goes after the input, where the usage puts it.
		{"view chr2:5-10 of x.bam into y.bam", "samtools view -o y.bam x.bam chr2:5-10", []string{"y.bam"}, false, "chose subcommand view"},
		// No file in the task: the command shows a placeholder and says what is missing.
		{"sort something please", "samtools sort '<in.bam>'", nil, true, "missing: <in.bam> for positional 1 (the task names no input file)"},
		// A number no flag's words fit is reported and makes the command uncertain.
		{"sort in.bam keeping 7 giraffes", "samtools sort in.bam", nil, true, "7 has no place in `samtools sort`"},
	}
	for _, c := range cases {
		f := MapTask(builtinRules, samRec, samToolDoc(), nil, c.task)
		if got := Assemble(samRec, f).Display; got != c.want {
			t.Errorf("%q: got %q, want %q\nevidence %q", c.task, got, c.want, f.Evidence)
		}
		if !slices.Equal(f.Outputs, c.outputs) {
			t.Errorf("%q: outputs %q, want %q", c.task, f.Outputs, c.outputs)
		}
		if f.Uncertain != c.uncertain || f.Uncertain != (f.Confidence < ConfidenceThreshold || len(f.Missing)+len(f.Unused) > 0) {
			t.Errorf("%q: uncertain %v (confidence %.2f), want %v (%q)", c.task, f.Uncertain, f.Confidence, c.uncertain, f.Evidence)
		}
		if !hasEvidence(f, c.evidence) {
			t.Errorf("%q: evidence %q lacks %q", c.task, f.Evidence, c.evidence)
		}
		if f.Example != nil {
			t.Errorf("%q: no skill, yet example %+v", c.task, f.Example)
		}
	}
	// The thread flag says why it was chosen.
	f := MapTask(builtinRules, samRec, samToolDoc(), nil, "sort in.bam with 8 threads into out.bam")
	if i := slices.IndexFunc(f.Flags, func(fv FlagValue) bool { return fv.Name == "-@" }); i < 0 || !strings.Contains(f.Flags[i].Why, "threads") {
		t.Errorf("-@ why: %+v", f.Flags)
	}
}

func TestMapAdaptsSkillExample(t *testing.T) {
	sk := samSkill(t)
	cases := []struct {
		task, want string
		outputs    []string
		evidence   string
	}{
		// The example's order is kept; its numbers become the task's.
		{"sort in.bam with 8 threads into out.bam", "samtools sort -@ 8 -o out.bam in.bam", []string{"out.bam"}, "chose subcommand sort"},
		// No output asked for: the example's output, rebuilt around the
		// task's input (in.sorted.bam), stays, for the tool's default
		// place, standard output, would get binary BAM.
		{"sort in.bam", "samtools sort -o in.sorted.bam in.bam", []string{"in.sorted.bam"}, "chose subcommand sort"},
		{"对aln.bam排序，使用8个线程，输出到 out.bam", "samtools sort -@ 8 -o out.bam aln.bam", []string{"out.bam"}, `skill keyword "排序"`},
		// The example merges three files; the task two: the third is left out.
		{"merge p.bam q.bam into m.bam", "samtools merge -o m.bam p.bam q.bam", []string{"m.bam"}, "chose subcommand merge"},
		// "index ref.fa" means faidx: index's examples are on BAM files.
		{"index ref.fa", "samtools faidx ref.fa", nil, "chose subcommand faidx"},
		// The region is the task's, not the example's.
		// -b ("output BAM") is kept: the task writes a .bam.
		{"extract region chr2:5-10 from x.bam into y.bam", "samtools view -b -o y.bam x.bam chr2:5-10", []string{"y.bam"}, "skill keyword \"extract region\""},
		// and dropped when the output is no BAM.
		{"extract region chr2:5-10 from x.bam into y.sam", "samtools view -o y.sam x.bam chr2:5-10", []string{"y.sam"}, "dropped -b from the example"},
		// A user-typed flag is added before the positionals.
		{"sort in.bam into out.bam -n", "samtools sort -n -o out.bam in.bam", []string{"out.bam"}, "chose subcommand sort"},
	}
	for _, c := range cases {
		f := MapTask(builtinRules, samRec, samToolDoc(), sk, c.task)
		if got := Assemble(samRec, f).Display; got != c.want {
			t.Errorf("%q: got %q, want %q\nevidence %q", c.task, got, c.want, f.Evidence)
		}
		if !slices.Equal(f.Outputs, c.outputs) {
			t.Errorf("%q: outputs %q, want %q", c.task, f.Outputs, c.outputs)
		}
		if !hasEvidence(f, c.evidence) {
			t.Errorf("%q: evidence %q lacks %q", c.task, f.Evidence, c.evidence)
		}
		if f.Example == nil || f.Example.Source != "skill" {
			t.Errorf("%q: example %+v, want the skill's", c.task, f.Example)
		}
		if f.Confidence < ConfidenceThreshold {
			t.Errorf("%q: confidence %.2f is below the threshold", c.task, f.Confidence)
		}
	}
	// With the skill the same task is surer than with the help alone.
	with := MapTask(builtinRules, samRec, samToolDoc(), sk, "sort in.bam with 8 threads into out.bam")
	without := MapTask(builtinRules, samRec, samToolDoc(), nil, "sort in.bam with 8 threads into out.bam")
	if with.Confidence <= without.Confidence {
		t.Errorf("confidence with skill %.2f, without %.2f", with.Confidence, without.Confidence)
	}
	if why := with.Flags[0].Why; !strings.Contains(why, `the task's "8"`) {
		t.Errorf("-@ why %q", why)
	}
}

func TestMapCompanion(t *testing.T) {
	sk := hisatSkill(t)
	cases := []struct {
		task, want, argv0 string
		doc               bool
	}{
		{"build index for hg38.fa", "hisat2-build hg38.fa hg38_idx", "/opt/bin/hisat2-build", true},
		{"build index for genome.fa named gidx with 4 threads", "hisat2-build -p 4 genome.fa gidx", "/opt/bin/hisat2-build", true},
		{"建索引 genome.fa 前缀 gidx", "hisat2-build genome.fa gidx", "/opt/bin/hisat2-build", true},
		// Not installed: the same command from the skill alone.
		{"build index for hg38.fa", "hisat2-build hg38.fa hg38_idx", "/opt/bin/hisat2-build", false},
	}
	for _, c := range cases {
		var doc *ToolDoc
		if c.doc {
			doc = hisatToolDoc()
		}
		f := MapTask(builtinRules, hisatRec, doc, sk, c.task)
		cmd := Assemble(hisatRec, f)
		if cmd.Display != c.want || cmd.Argv[0] != c.argv0 || cmd.Executable != "hisat2-build" {
			t.Errorf("%q (doc %v): got %q argv %q, want %q from %s\nevidence %q", c.task, c.doc, cmd.Display, cmd.Argv, c.want, c.argv0, f.Evidence)
		}
		if !hasEvidence(f, "chose companion hisat2-build") {
			t.Errorf("%q: evidence %q", c.task, f.Evidence)
		}
	}
	// Without a skill the companion is still chosen from its name and
	// description, and the index base is an output positional.
	f := MapTask(builtinRules, hisatRec, hisatToolDoc(), nil, "build index for genome.fa named gidx")
	if got := Assemble(hisatRec, f).Display; got != "hisat2-build genome.fa gidx" || !slices.Equal(f.Outputs, []string{"gidx"}) {
		t.Errorf("no skill: got %q outputs %q", got, f.Outputs)
	}
}

func TestMapCompanionOutputNamedAfterInput(t *testing.T) {
	// The help alone, a task naming no output: the index base positional
	// should be named after the input ("named the output genome after the
	// input"), never left as an empty argument.
	f := MapTask(builtinRules, hisatRec, hisatToolDoc(), nil, "build index for genome.fa")
	cmd := Assemble(hisatRec, f)
	for _, a := range cmd.Argv {
		if a == "" {
			t.Fatalf("regression: fromDoc names the output positional %q (nameFor with no example returns \"\"): %s", a, cmd.Display)
		}
	}
	if cmd.Display != "hisat2-build genome.fa genome" {
		t.Errorf("got %q", cmd.Display)
	}
}

func TestMapAligner(t *testing.T) {
	sk := hisatSkill(t)
	cases := []struct{ task, want string }{
		{"align r1.fq.gz and r2.fq.gz to genome_idx with 16 threads into out.sam", "hisat2 -p 16 -x genome_idx -1 r1.fq.gz -2 r2.fq.gz -S out.sam"},
		{"将 r1.fq 和 r2.fq 比对到 genome_idx，使用8个线程，输出到 out.sam", "hisat2 -p 8 -x genome_idx -1 r1.fq -2 r2.fq -S out.sam"},
		// Single-end reads pick the single-end example; its thread count
		// is not asked for and is dropped.
		{"align single-end reads s.fq to genome_idx into s.sam", "hisat2 -x genome_idx -U s.fq -S s.sam"},
		// A flag the user typed is kept as written.
		{"align single-end reads s.fq to genome_idx into s.sam with -k 31", "hisat2 -x genome_idx -U s.fq -k 31 -S s.sam"},
	}
	for _, c := range cases {
		f := MapTask(builtinRules, hisatRec, hisatToolDoc(), sk, c.task)
		if got := Assemble(hisatRec, f).Display; got != c.want {
			t.Errorf("%q: got %q, want %q\nevidence %q", c.task, got, c.want, f.Evidence)
		}
	}
	f := MapTask(builtinRules, hisatRec, hisatToolDoc(), sk, "align single-end reads s.fq to genome_idx into s.sam with -k 31")
	if fv := f.Flags[len(f.Flags)-1]; fv.Name != "-k" || fv.Value != "31" || fv.Why != "written in the task" {
		t.Errorf("user flag %+v", fv)
	}
}

func TestMapReadGroup(t *testing.T) {
	rec := &ToolRecord{Name: "bwa", Executable: "bwa", Installed: true}
	doc := &ToolDoc{Record: *rec, Subcommands: []SubcommandDoc{{Name: "mem", Description: "BWA-MEM algorithm", Parser: "getopt", Flags: []FlagDoc{
		{Name: "-t", ParamType: "int", Category: "Performance", Description: "number of threads"},
		{Name: "-R", ParamType: "string", Category: "General", Description: "read group header line such as '@RG\\tID:foo\\tSM:bar'"},
		{Name: "-M", ParamType: "bool", Category: "General", Description: "mark shorter split hits as secondary"},
	}, Positionals: []PositionalDoc{{Position: 1, Name: "idxbase", Required: true}, {Position: 2, Name: "in1.fq", Required: true}}}}}
	f := MapTask(builtinRules, rec, doc, nil, `mem ref.fa reads.fq with 4 threads and read group "@RG\tID:s1\tSM:s1"`)
	cmd := Assemble(rec, f)
	want := []string{"bwa", "mem", "-t", "4", "-R", `@RG\tID:s1\tSM:s1`, "ref.fa", "reads.fq"}
	if !slices.Equal(cmd.Argv, want) {
		t.Fatalf("argv %q, want %q (evidence %q)", cmd.Argv, want, f.Evidence)
	}
	if f.Flags[1].Why != "read-group string from the task" {
		t.Errorf("why %q", f.Flags[1].Why)
	}
	// A quoted string that is not a read group is not forced onto a flag.
	f = MapTask(builtinRules, rec, doc, nil, `mem ref.fa reads.fq "hello world"`)
	if got := Assemble(rec, f).Display; got != "bwa mem ref.fa reads.fq" {
		t.Errorf("quoted non-RG: %q", got)
	}
}

func TestMapKeyValueTool(t *testing.T) {
	rec := &ToolRecord{Name: "bbduk.sh", Executable: "bbduk.sh", Installed: true}
	doc := &ToolDoc{Record: *rec, Flags: []FlagDoc{
		{Name: "in", ParamType: "file", Category: "Input", Description: "main input file", Style: "kv"},
		{Name: "out", ParamType: "file", Category: "Output", Description: "write reads here", Style: "kv"},
		{Name: "ref", ParamType: "file", Category: "Input", Description: "reference adapter fasta", Style: "kv"},
		{Name: "k", ParamType: "int", Category: "Algorithm", Description: "kmer length used for finding contaminants", Style: "kv"},
		{Name: "threads", ParamType: "int", Category: "Performance", Description: "number of threads", Style: "kv"},
		{Name: "minlen", ParamType: "int", Category: "Quality", Description: "reads shorter than this after trimming are discarded", Style: "kv"},
	}}
	sk := inlineSkill(t, "name: bbduk.sh",
		"trim adapters from reads.fq with k 23 into clean.fq", "in=reads.fq out=clean.fq ref=adapters.fa k=23 threads=4")
	for _, d := range []*ToolDoc{doc, nil} {
		f := MapTask(builtinRules, rec, d, sk, "trim adapters from r.fq using ad.fa into c.fq with k=19")
		cmd := Assemble(rec, f)
		want := []string{"bbduk.sh", "in=r.fq", "out=c.fq", "ref=ad.fa", "k=19"}
		if !slices.Equal(cmd.Argv, want) {
			t.Errorf("doc %v: argv %q, want %q (evidence %q)", d != nil, cmd.Argv, want, f.Evidence)
		}
		if !hasEvidence(f, "dropped threads 4 from the example") {
			t.Errorf("doc %v: evidence %q", d != nil, f.Evidence)
		}
		if got := shellWords(t, cmd.Display); !slices.Equal(got, cmd.DisplayArgv) {
			t.Errorf("display %q does not round-trip", cmd.Display)
		}
	}
	// An example input the task has no file for is left out, with a note.
	f := MapTask(builtinRules, rec, doc, sk, "trim r.fq into c.fq with 8 threads, minlen=50")
	if got := Assemble(rec, f).Argv; !slices.Equal(got, []string{"bbduk.sh", "in=r.fq", "out=c.fq", "threads=8", "minlen=50"}) {
		t.Errorf("argv %q (evidence %q)", got, f.Evidence)
	}
	if !hasEvidence(f, "left out ref adapters.fa: the task has no file for it") {
		t.Errorf("evidence %q", f.Evidence)
	}
	// From the help alone, key=value flags keep their style.
	f = MapTask(builtinRules, rec, doc, nil, "trim r.fq into c.fq with 8 threads, minlen=50")
	for _, fv := range f.Flags {
		if fv.Style != "kv" {
			t.Errorf("flag %+v lost its key=value style", fv)
		}
	}
	if got := Assemble(rec, f).Argv; !slices.Contains(got, "out=c.fq") || !slices.Contains(got, "threads=8") || !slices.Contains(got, "minlen=50") {
		t.Errorf("help-only argv %q", got)
	}
}

func TestMapStdoutRedirection(t *testing.T) {
	rec := &ToolRecord{Name: "seqtk", Executable: "seqtk", Installed: true}
	sk := inlineSkill(t, `
name: seqtk
keywords:
  seq: [convert fastq to fasta]
  sample: [subsample]`,
		"convert reads.fq to FASTA", "seq -a reads.fq > reads.fa",
		"subsample 10000 reads from reads.fq with seed 11", "sample -s 11 reads.fq 10000 > sub.fq")
	cases := []struct{ task, stdout, display string }{
		{"convert in.fq to fasta into out.fa", "out.fa", "seqtk seq in.fq > out.fa"},
		// No output named: the output stays on standard output, the tool's
		// default; no file name is made up for it.
		{"convert in.fq to fasta", "", "seqtk seq in.fq"},
		{"convert 'my reads.fq' to fasta into 'my out.fa'", "my out.fa", "seqtk seq 'my reads.fq' > 'my out.fa'"},
	}
	for _, c := range cases {
		f := MapTask(builtinRules, rec, nil, sk, c.task)
		cmd := Assemble(rec, f)
		if cmd.Stdout != c.stdout || cmd.Display != c.display || f.Stdout != c.stdout {
			t.Errorf("%q: stdout %q display %q, want %q / %q", c.task, cmd.Stdout, cmd.Display, c.stdout, c.display)
		}
		if slices.Contains(cmd.Argv, ">") || c.stdout != "" && slices.Contains(cmd.Argv, c.stdout) {
			t.Errorf("%q: the redirection leaked into argv %q", c.task, cmd.Argv)
		}
		if c.stdout != "" && !slices.Contains(f.Outputs, c.stdout) || c.stdout == "" && len(f.Outputs) > 0 {
			t.Errorf("%q: outputs %q lack the stdout file", c.task, f.Outputs)
		}
	}
}

func TestMapConfidence(t *testing.T) {
	sk := samSkill(t)
	// Nothing points anywhere: low confidence, and the evidence says so.
	f := MapTask(builtinRules, samRec, samToolDoc(), nil, "frobnicate x.txt")
	if f.Confidence >= ConfidenceThreshold || !hasEvidence(f, "nothing in the task points to a subcommand or companion") {
		t.Errorf("vague task: confidence %.2f evidence %q", f.Confidence, f.Evidence)
	}
	// Without the help the command is less sure than with it.
	withDoc := MapTask(builtinRules, samRec, samToolDoc(), sk, "sort in.bam into out.bam")
	noDoc := MapTask(builtinRules, samRec, nil, sk, "sort in.bam into out.bam")
	if noDoc.Confidence >= withDoc.Confidence {
		t.Errorf("no doc %.2f, doc %.2f", noDoc.Confidence, withDoc.Confidence)
	}
	if got := Assemble(samRec, noDoc).Display; got != "samtools sort -o out.bam in.bam" {
		t.Errorf("skill only: %q", got)
	}
	// A far-off example is used but marked as not close.
	far := inlineSkill(t, "name: samtools", "compute the depth of coverage per position", "depth -a aln.bam")
	f = MapTask(builtinRules, samRec, nil, far, "depth of x.bam")
	if !hasEvidence(f, "the closest example is not close") && f.Example != nil && !hasEvidence(f, "chose subcommand depth") {
		t.Errorf("far example: %q", f.Evidence)
	}
	// Two subcommands equally likely: a close call lowers confidence.
	tie := &ToolDoc{Subcommands: []SubcommandDoc{
		{Name: "alpha", Description: "sort records", Parser: "getopt"},
		{Name: "beta", Description: "sort records", Parser: "getopt"}}}
	f = MapTask(builtinRules, &ToolRecord{Executable: "kit"}, tie, nil, "sort x.bam")
	clear := &ToolDoc{Subcommands: []SubcommandDoc{
		{Name: "alpha", Description: "sort records", Parser: "getopt"},
		{Name: "beta", Description: "count records", Parser: "getopt"}}}
	g := MapTask(builtinRules, &ToolRecord{Executable: "kit"}, clear, nil, "sort x.bam")
	if !hasEvidence(f, "close call between") || f.Confidence >= g.Confidence {
		t.Errorf("tie: confidence %.2f (without the tie %.2f) evidence %q", f.Confidence, g.Confidence, f.Evidence)
	}
	if c := clamp01(1.234); c != 1 {
		t.Errorf("clamp01(1.234) = %v", c)
	}
	if c := clamp01(-0.5); c != 0 {
		t.Errorf("clamp01(-0.5) = %v", c)
	}
}

func TestMapTaskWithoutFileKeepsConfidenceHonest(t *testing.T) {
	// Design: "confidence falls with every guess". A task that names no
	// file leaves the example's file in the command: that is a guess.
	f := MapTask(builtinRules, samRec, samToolDoc(), samSkill(t), "sort something please")
	if f.Confidence == 1 && !hasEvidence(f, "kept the example's file") {
		t.Fatalf("regression: a task naming no file gets the example's files (%s) at confidence %.2f with no evidence of the guess",
			Assemble(samRec, f).Display, f.Confidence)
	}
	if f.Confidence >= 1 || !hasEvidence(f, "aln.bam") {
		t.Errorf("confidence %.2f evidence %q", f.Confidence, f.Evidence)
	}
}

func TestMapRegionWithoutUsage(t *testing.T) {
	// Skill only (the tool is not installed, so no usage lists the
	// positionals): the task's region must replace the example's.
	f := MapTask(builtinRules, samRec, nil, samSkill(t), "extract region chr2:5-10 from x.bam into y.bam")
	cmd := Assemble(samRec, f)
	if slices.Contains(cmd.Argv, "chr1:100-200") {
		t.Fatalf("regression: with no usage positionals, positionalIsOutput takes the example's region for an output; got %s (outputs %q)", cmd.Display, f.Outputs)
	}
	if cmd.Display != "samtools view -o y.bam x.bam chr2:5-10" {
		t.Errorf("got %q", cmd.Display)
	}
}

func TestMapSkillOnlyPairedMates(t *testing.T) {
	// Not installed: "-1"/"-2" in the example are mate flags, not numbers.
	f := MapTask(builtinRules, hisatRec, nil, hisatSkill(t), "align r1.fq.gz and r2.fq.gz to genome_idx into out.sam")
	cmd := Assemble(hisatRec, f)
	if !slices.Contains(cmd.Argv, "-1") {
		t.Fatalf("regression: without help, classify reads -1/-2 as negative numbers; got %s", cmd.Display)
	}
	i := slices.Index(cmd.Argv, "-1")
	if i+1 >= len(cmd.Argv) || cmd.Argv[i+1] != "r1.fq.gz" {
		t.Errorf("got %q", cmd.Display)
	}
}

func TestMapSkillOnlyCandidates(t *testing.T) {
	// Without help, subcommands come from skill keywords and examples.
	sk := inlineSkill(t, `
name: kit
keywords:
  stats run: [summary statistics]`,
		"count records in a.bed", "count a.bed",
		"show the version", "--version")
	rec := &ToolRecord{Name: "kit", Executable: "kit"}
	f := MapTask(builtinRules, rec, nil, sk, "summary statistics of x.bed")
	if !slices.Equal(f.Subcommand, []string{"stats", "run"}) {
		t.Errorf("keyword subcommand: %+v (%q)", f.Subcommand, f.Evidence)
	}
	f = MapTask(builtinRules, rec, nil, sk, "count records in x.bed")
	if got := Assemble(rec, f).Display; got != "kit count x.bed" {
		t.Errorf("example subcommand: %q (%q)", got, f.Evidence)
	}
	// No doc, no skill: the tool itself, at low confidence.
	f = MapTask(builtinRules, rec, nil, nil, "count records in x.bed")
	if got := Assemble(rec, f).Display; got != "kit x.bed" || f.Confidence >= ConfidenceThreshold {
		t.Errorf("bare: %q conf %.2f", got, f.Confidence)
	}
}

func TestSplitRedirect(t *testing.T) {
	cases := []struct {
		in     string
		rest   string
		stdout string
	}{
		{"seq -a in.fq > out.fa", "seq -a in.fq", "out.fa"},
		{"seq -a in.fq 1> out.fa", "seq -a in.fq", "out.fa"},
		{"seq -a in.fq >out.fa", "seq -a in.fq", "out.fa"},
		{"view in.bam | head", "view in.bam", ""},
		{"index a.bam && echo done", "index a.bam", ""},
		{"index a.bam ; ls", "index a.bam", ""},
		{"x >", "x >", ""},
		{"-l < genes.txt", "-l", ""},
		// a comparison a skill quoted (-mapQuality ">=20") is a value
		{"filter -mapQuality >=20 -in a.bam", "filter -mapQuality >=20 -in a.bam", ""},
	}
	for _, c := range cases {
		rest, out, _ := splitRedirect(strings.Fields(c.in))
		if strings.Join(rest, " ") != c.rest || out != c.stdout {
			t.Errorf("%q: rest %q stdout %q, want %q %q", c.in, rest, out, c.rest, c.stdout)
		}
	}
}

func TestClassifyExampleTokens(t *testing.T) {
	c := &candidate{flags: []FlagDoc{
		{Name: "-o", ParamType: "file", Category: "Output", Description: "output"},
		{Name: "-n", ParamType: "bool", Description: "reverse the order"},
		{Name: "-w", ParamType: "bool"}, // from a usage line: no description
		{Name: "k", ParamType: "int", Style: "kv"},
	}}
	toks := classify([]string{"-o", "out.bam", "-n", "in.bam", "--level=3", "k=5", "x=y", "-w", "7", "-5", "-u", "-", "ref/a.fa=b", "-z", "last.bam"}, c)
	type tk struct {
		flag, value string
		has, pos    bool
		style       string
	}
	var got []tk
	for _, t := range toks {
		got = append(got, tk{t.flag, t.value, t.hasValue, t.pos, t.style})
	}
	want := []tk{
		{"-o", "out.bam", true, false, ""},
		{"-n", "", false, false, ""}, // a known bool takes no value
		{"", "in.bam", false, true, ""},
		{"--level", "3", true, false, "eq"},
		{"k", "5", true, false, "kv"},
		{"x", "y", true, false, "kv"},
		{"-w", "7", true, false, ""},        // weak bool: the example's shape wins
		{"", "-5", false, true, ""},         // a negative number
		{"-u", "-", true, false, ""},        // "-" is standard input, a value
		{"", "ref/a.fa=b", false, true, ""}, // a path with "=", not key=value
		{"-z", "", false, false, ""},        // unknown flag before the line's last file
		{"", "last.bam", false, true, ""},
	}
	if !slices.Equal(got, want) {
		t.Errorf("classify:\n got %+v\nwant %+v", got, want)
	}
	if toks[0].doc == nil || toks[0].doc.Category != "Output" || toks[4].doc == nil || toks[5].doc != nil {
		t.Errorf("docs not attached: %+v", toks)
	}
	// A weak switch whose help only mentions files takes no file ("join
	// --header h1.txt h2.txt"); one whose name says it takes a value does.
	c = &candidate{flags: []FlagDoc{
		{Name: "--header", ParamType: "bool", Description: "treat the first line in each file as field headers"},
		{Name: "--genomeDir", ParamType: "bool", Description: "path to the genome directory"},
	}}
	toks = classify([]string{"--header", "h1.txt", "h2.txt", "--genomeDir", "idx/", "x.fq"}, c)
	if len(toks) != 5 || toks[0].hasValue || !toks[1].pos || toks[3].value != "idx/" {
		t.Errorf("weak switches before files: %+v", toks)
	}
	// An optional value the help writes joined (--cs[=STR]) is not the
	// next argument.
	c = &candidate{flags: []FlagDoc{
		{Name: "--cs", ParamType: "string", Placeholder: "STR", AttachedValue: true, Description: "output the cs tag"},
		{Name: "-t", ParamType: "int", Placeholder: "INT", Description: "number of threads"},
	}}
	toks = classify([]string{"--cs", "-t", "8", "ref.fa"}, c)
	if len(toks) != 3 || toks[0].hasValue || toks[1].flag != "-t" || toks[1].value != "8" {
		t.Errorf("--cs -t 8: %+v", toks)
	}
}

func TestAdaptHelpers(t *testing.T) {
	// Output flags by help category, else by name.
	for flag, want := range map[string]bool{"-o": true, "--out": true, "--outdir": true, "--prefix": true, "--output-dir": true, "--outFileNamePrefix": true, "-t": false, "--in": false} {
		if got := isOutputFlag(exToken{flag: flag}); got != want {
			t.Errorf("isOutputFlag(%s) = %v", flag, got)
		}
	}
	if isOutputFlag(exToken{flag: "-o", doc: &FlagDoc{Category: "Input"}}) {
		t.Error("the help's category must win over the name")
	}
	for flag, want := range map[string]bool{"-@": true, "--threads": true, "-j": true, "--mem": true, "-q": false, "--runThreadN": true} {
		if got := optionalByConcept(exToken{flag: flag}); got != want {
			t.Errorf("optionalByConcept(%s) = %v", flag, got)
		}
	}
	if !optionalByConcept(exToken{flag: "-q", doc: &FlagDoc{Category: "Quality"}}) || optionalByConcept(exToken{flag: "-t", doc: &FlagDoc{Category: "Input"}}) {
		t.Error("optionalByConcept ignores the help's category")
	}
	for name, want := range map[string]bool{"out.bam": true, "<output>": true, "prefix": false, "ht2_index_base": true, "in.bam": false} {
		idx := 1
		if name == "prefix" {
			idx = 0 // an index prefix in first position is read (bwa mem <idxbase>)
		}
		if got := outputPositional(PositionalDoc{Name: name}, idx); got != want {
			t.Errorf("outputPositional(%s, %d) = %v", name, idx, got)
		}
	}
	for a, want := range map[string]bool{"-o": true, "--output": true, "--outFile": true, ">": true, "-S": true, "-s": false, "-x": false} {
		if got := isOutputName(a); got != want {
			t.Errorf("isOutputName(%s) = %v", a, got)
		}
	}
	for in, want := range map[string]string{"bam": "alignment-reads", "cram": "alignment-reads", "gz": "file", "fasta": "fasta"} {
		if got := family(in); got != want {
			t.Errorf("family(%s) = %s", in, got)
		}
	}
	order := insertBeforePositionals([]string{"f0", "p0", "p1"}, "f1")
	if !slices.Equal(order, []string{"f0", "f1", "p0", "p1"}) {
		t.Errorf("insert: %q", order)
	}
	if order := insertBeforePositionals([]string{"p0"}, "f0"); !slices.Equal(order, []string{"f0", "p0"}) {
		t.Errorf("insert before a lone positional: %q", order)
	}
	if order := insertBeforePositionals(nil, "f0"); !slices.Equal(order, []string{"f0"}) {
		t.Errorf("insert into nothing: %q", order)
	}
	common := commonWords([]FlagDoc{{Description: "trim reads adapter"}, {Description: "reads adapter min"}, {Description: "reads adapter max"}, {Description: "x"}})
	if !common["read"] && !common["reads"] || !common["adapter"] || common["min"] {
		t.Errorf("commonWords = %v", common)
	}
	// one help shared by three flags is one text: its words are neither
	// common nor rare by its count of flags
	shared := []FlagDoc{{Name: "--freq", Description: "allele frequency report"}, {Name: "--freq2", Description: "allele frequency report"}, {Name: "--counts", Description: "allele frequency report"}, {Name: "--depth", Description: "depth report"}, {Name: "--sites", Description: "site report"}}
	if c := commonWords(shared); c["allele"] {
		t.Errorf("a shared help counted per flag: %v", c)
	}
	if o := onceWords(shared); !o[trimRoot("allele")] || o[trimRoot("report")] {
		t.Errorf("onceWords = %v", o)
	}
}

func TestDeriveAndNameOutputs(t *testing.T) {
	m := newMapper(builtinRules, samRec, nil, nil, "sort aln.bam")
	cases := []struct{ exOut, exIn, taskIn, want string }{
		{"input.sorted.bam", "input.bam", "aln.bam", "aln.sorted.bam"},
		{"sorted.bam", "input.bam", "aln.bam", "aln.sorted.bam"},
		{"report.html", "input.bam", "aln.bam", "report.html"},
		{"out.bam", "", "aln.bam", "out.bam"},
	}
	for _, c := range cases {
		if got := m.deriveOutput(c.exOut, c.exIn, c.taskIn); got != c.want {
			t.Errorf("deriveOutput(%s, %s, %s) = %s, want %s", c.exOut, c.exIn, c.taskIn, got, c.want)
		}
	}
	if got := m.nameFor("genome_idx", "genome.fa", "hg38.fa"); got != "hg38_idx" {
		t.Errorf("nameFor prefix: %s", got)
	}
	if got := m.nameFor("idx", "genome.fa", "hg38.fa"); got != "hg38" {
		t.Errorf("nameFor other: %s", got)
	}
	if got := m.nameFor("idx", "", ""); got != "idx" {
		t.Errorf("nameFor without files: %s", got)
	}
	named := newMapper(builtinRules, samRec, nil, nil, "index genome.fa named myidx")
	if got := named.nameFor("idx", "genome.fa", "genome.fa"); got != "myidx" {
		t.Errorf("a name the task gives wins: %s", got)
	}
	named = newMapper(builtinRules, samRec, nil, nil, "index genome.fa named myidx")
	if got := named.deriveOutput("out.bam", "a.bam", "b.bam"); got != "myidx" {
		t.Errorf("deriveOutput with a task name: %s", got)
	}
	if got := m.taskWordList(); !slices.Equal(got, []string{"sort"}) {
		t.Errorf("taskWordList = %q", got)
	}
}

func TestExampleKeyAndTypes(t *testing.T) {
	sk := samSkill(t)
	m := newMapper(builtinRules, hisatRec, hisatToolDoc(), sk, "index ref.fa")
	cands := m.candidates()
	if k, n := m.exampleKey(nil, cands); k != "hisat2" || n != 0 {
		t.Errorf("empty args: %s %d", k, n)
	}
	if k, n := m.exampleKey([]string{"hisat2-build", "g.fa", "idx"}, cands); k != "hisat2-build" || n != 1 {
		t.Errorf("companion: %s %d", k, n)
	}
	if k, n := m.exampleKey([]string{"hisat2", "-x", "idx"}, cands); k != "hisat2" || n != 1 {
		t.Errorf("the tool's own name: %s %d", k, n)
	}
	if k, n := m.exampleKey([]string{"-x", "idx"}, cands); k != "hisat2" || n != 0 {
		t.Errorf("flags only: %s %d", k, n)
	}
	// typesFit: an example on other file kinds does not fit the task.
	c := &candidate{examples: []scoredExample{{args: []string{"index", "a.bam"}}}}
	if m.typesFit(c) {
		t.Error("a BAM example fits a FASTA task")
	}
	c.examples = append(c.examples, scoredExample{args: []string{"faidx", "r.fa"}})
	if !m.typesFit(c) {
		t.Error("a FASTA example does not fit a FASTA task")
	}
	if !m.typesFit(&candidate{examples: []scoredExample{{args: []string{"--version"}}}}) {
		t.Error("an example with no files always fits")
	}
}

// TestFamilyNameIsNotACompanionName: asked of hisat2-build, "a hisat2
// index" names the family of the user's program, so its companion hisat2
// (the aligner) is not chosen for the word; asked of hisat2, the same
// word still names the tool.
func TestFamilyNameIsNotACompanionName(t *testing.T) {
	build := &ToolRecord{Name: "hisat2-build", Executable: "hisat2-build", ResolvedPath: "/opt/bin/hisat2-build", Installed: true,
		CompanionTools: []Companion{{Name: "hisat2", Path: "/opt/bin/hisat2", Rule: "companion.same_package"}}}
	aligner := hisatToolDoc()
	doc := &ToolDoc{Record: *build, Flags: aligner.Companions[0].Flags, Positionals: aligner.Companions[0].Positionals,
		Companions: []SubcommandDoc{{Name: "hisat2", Description: aligner.Description, Parser: "getopt", Flags: aligner.Flags}}}
	store, _ := skills.Load(nil, skills.Builtin())
	sk, _ := store.Get("hisat2-build")
	f := MapTask(builtinRules, build, doc, sk, "make a hisat2 index from mm10.fa with basename mm10_idx")
	if f.Executable != "hisat2-build" {
		t.Fatalf("chose %s, want hisat2-build\n%s", f.Executable, strings.Join(f.Evidence, "\n"))
	}
	if got := strings.Join(f.Positionals, " "); got != "mm10.fa mm10_idx" {
		t.Errorf("positionals %q, want the reference and the base", got)
	}
}

// A subcommand's name written as the noun that marks a value ("with the
// index tx_idx", "the kallisto index mm.idx", "the hg38 index") names a
// thing the command uses, not the command: it is no mention and gives no
// concept; written as the command ("index sorted.bam") it is one.
func TestMarkerNounIsNoMention(t *testing.T) {
	names := map[string]bool{"tx_idx": true, "hg38": true}
	for _, c := range []struct {
		text string
		at   int
		want bool
	}{
		{"quantify reads.fq with the index tx_idx", 4, true},
		{"quantify reads.fq with the kallisto index mm.idx", 5, true},
		{"align reads.fq to the hg38 index", 5, true},
		{"index sorted.bam", 0, false},
		{"build the index, then quantify tx_idx", 2, false},
		{"index", 0, false},
	} {
		if got := markerNoun(strings.Fields(c.text), c.at, names); got != c.want {
			t.Errorf("markerNoun(%q, %d) = %v, want %v", c.text, c.at, got, c.want)
		}
	}
	rec := &ToolRecord{Name: "sal", Executable: "sal", Installed: true}
	doc := &ToolDoc{Record: *rec, Subcommands: []SubcommandDoc{
		{Name: "index", Parser: "getopt", Description: "create an index", Flags: []FlagDoc{{Name: "-t", ParamType: "file", Category: "Input", Description: "transcript fasta file"}}},
		{Name: "quant", Parser: "getopt", Description: "quantification of reads", Flags: []FlagDoc{{Name: "-i", ParamType: "string", Category: "Input", Description: "index directory"}}},
	}}
	m := newMapper(builtinRules, rec, doc, nil, "count reads.fq with the index tx_idx")
	if m.mentions("index") || strings.Contains(m.jobText(), "index") {
		t.Errorf("the index tx_idx: mentioned or kept in %q", m.jobText())
	}
	m = newMapper(builtinRules, rec, doc, nil, "index transcripts.fa")
	if !m.mentions("index") {
		t.Error("index transcripts.fa: not a mention")
	}
}
