package engine

import (
	"strings"
	"testing"
)

// mapOn maps a task onto a tool's captured help with a one-example skill
// and returns the command and the fill.
func mapOn(t *testing.T, tool, exTask, exArgs, taskText string) (string, *Fill) {
	t.Helper()
	cmd, f := mapCaptured(t, tool, inlineSkill(t, "name: "+tool, exTask, exArgs), taskText)
	return cmd.Display, f
}

// TestSwitchesAskedInWords checks, on the captured help of md5sum, bgzip
// and uniq, that a switch the task asks for in words is added though the
// example lacks it: through a synonym (verify → check), a Chinese
// keyword (校验, 统计…次数), and not for words the bare example's task
// already has ("repeated lines" is what uniq does without a switch).
func TestSwitchesAskedInWords(t *testing.T) {
	for _, c := range []struct {
		tool, exTask, exArgs, task, want string
	}{
		{"md5sum", "print the MD5 checksum of a.txt", "a.txt", "verify the checksums listed in sums.md5", "md5sum -c sums.md5"},
		{"md5sum", "print the MD5 checksum of a.txt", "a.txt", "校验 sums.md5 中列出文件的 MD5 checksum", "md5sum -c sums.md5"},
		{"bgzip", "compress calls.vcf with bgzip", "calls.vcf", "print the decompressed content of x.vcf.gz", "bgzip -d x.vcf.gz"},
		{"uniq", "print lines of sorted_reads.txt that appear only once", "-u sorted_reads.txt", "统计 ids.txt 中每行出现的次数", "uniq -c ids.txt"},
		{"uniq", "collapse adjacent repeated lines in log.txt and write them to log.dedup.txt", "log.txt log.dedup.txt", "remove the repeated lines of a.txt and write the result to b.txt", "uniq a.txt b.txt"},
	} {
		got, f := mapOn(t, c.tool, c.exTask, c.exArgs, c.task)
		if got != c.want {
			t.Errorf("%s: got %q, want %q\n%s", c.task, got, c.want, strings.Join(f.Evidence, "\n"))
		}
	}
	_, f := mapOn(t, "uniq", "print lines of sorted_reads.txt that appear only once", "-u sorted_reads.txt", "统计 ids.txt 中每行出现的次数")
	if !hasEvidence(f, "added -c: the task's words count fit its help") {
		t.Errorf("evidence %q", f.Evidence)
	}
}

// TestExampleSwitchDroppedForWordsTaskLacks checks, on the captured help
// of fastp and bgzip, that a switch the example's task asks for in words
// this task does not repeat is dropped, with the words in the evidence,
// and kept when the task repeats them.
func TestExampleSwitchDroppedForWordsTaskLacks(t *testing.T) {
	got, f := mapOn(t, "fastp", "merge overlapping paired-end reads into merged.fastq.gz", "-i R1.fq.gz -I R2.fq.gz -m --merged_out merged.fastq.gz",
		"preprocess paired-end reads a1.fq.gz and a2.fq.gz, writing c1.fq.gz and c2.fq.gz")
	if strings.Contains(got+" ", " -m ") {
		t.Errorf("got %q\n%s", got, strings.Join(f.Evidence, "\n"))
	}
	if !hasEvidence(f, "dropped -m from the example: its task asks for it in words this task lacks (merg") {
		t.Errorf("evidence %q", f.Evidence)
	}
	got, f = mapOn(t, "bgzip", "decompress calls.vcf.gz keeping the compressed file", "-d -k calls.vcf.gz", "decompress x.vcf.gz")
	if got != "bgzip -d x.vcf.gz" {
		t.Errorf("got %q\n%s", got, strings.Join(f.Evidence, "\n"))
	}
	got, _ = mapOn(t, "bgzip", "decompress calls.vcf.gz keeping the compressed file", "-d -k calls.vcf.gz", "decompress x.vcf.gz but keep the compressed file")
	if got != "bgzip -d -k x.vcf.gz" {
		t.Errorf("kept: got %q", got)
	}
}

// TestUnmetSwitchIsEvidence checks that a switch fitting the task's
// uncovered words fairly well but not enough is not added, is recorded,
// and shows as the unmet_switch feature.
func TestUnmetSwitchIsEvidence(t *testing.T) {
	got, f := mapOn(t, "bgzip", "compress calls.vcf with bgzip", "calls.vcf", "check the integrity of x.vcf.gz")
	if strings.Contains(got, " -t") {
		t.Errorf("got %q", got)
	}
	if f.Features["unmet_switch"] != 1 || !hasEvidence(f, "unmet switch: the task's words") {
		t.Errorf("features %v\n%s", f.Features, strings.Join(f.Evidence, "\n"))
	}
	_, f = mapOn(t, "bgzip", "compress calls.vcf with bgzip", "calls.vcf", "compress x.vcf")
	if f.Features["unmet_switch"] != 0 {
		t.Errorf("plain: features %v", f.Features)
	}
}

// TestAskedSwitchGuards checks the guards against a false add: a switch
// that turns something off needs a task that says so (or names it
// whole), a switch that ends the run is never added, two switches that
// fit alike are both left out (unmet), and several that fit are all
// added.
func TestAskedSwitchGuards(t *testing.T) {
	rec := &ToolRecord{Name: "qc", Executable: "qc"}
	doc := &ToolDoc{Record: *rec, Flags: []FlagDoc{
		{Name: "--no-quality-filter", ParamType: "bool", Category: "General", Description: "quality filtering of the reads is disabled"},
		{Name: "--version", ParamType: "bool", Category: "General", Description: "print the version report and exit"},
		{Name: "--html-report", ParamType: "bool", Category: "General", Description: "write an html summary"},
		{Name: "--json-report", ParamType: "bool", Category: "General", Description: "write a json summary"},
		{Name: "--dedup", ParamType: "bool", Category: "General", Description: "remove duplicated reads"},
		{Name: "--overrepresentation", ParamType: "bool", Category: "General", Description: "analyse the overrepresentation of sequences"},
		{Name: "--threads", ParamType: "int", Category: "Performance", Description: "worker threads"},
	}}
	sk := inlineSkill(t, "name: qc", "process reads.fq", "reads.fq")
	run := func(task string) (string, *Fill) {
		f := MapTask(builtinRules, rec, doc, sk, task)
		return Assemble(rec, f).Display, f
	}
	if got, f := run("quality filter x.fq, version report"); got != "qc x.fq" {
		t.Errorf("got %q\n%s", got, strings.Join(f.Evidence, "\n"))
	}
	if got, _ := run("process x.fq with quality filtering disabled"); got != "qc --no-quality-filter x.fq" {
		t.Errorf("disabled: got %q", got)
	}
	if got, f := run("process x.fq, write a summary report"); got != "qc x.fq" || f.Features["unmet_switch"] != 1 {
		t.Errorf("tie: got %q %v", got, f.Features)
	}
	if got, _ := run("process x.fq, dedup the duplicated reads and analyse the overrepresentation"); got != "qc --dedup --overrepresentation x.fq" {
		t.Errorf("several: got %q", got)
	}
}

// TestExampleSwitchStandsWhenTaskRepeatsIt checks, on the captured help
// of seqkit and wc, that an example's switch whose help does not name the
// task's words stands when the task repeats what the example's task says
// beyond every help of its flags ("IDs", "行数"), and not when it lacks
// those words.
func TestExampleSwitchStandsWhenTaskRepeatsIt(t *testing.T) {
	got, f := mapOn(t, "seqkit", "print only the sequence IDs of input.fa", "seq -n -i input.fa", "print only the sequence IDs (not full headers, no sequences) of seqs.fa")
	if got != "seqkit seq -n -i seqs.fa" {
		t.Errorf("got %q\n%s", got, strings.Join(f.Evidence, "\n"))
	}
	if !hasEvidence(f, "kept -n: the task repeats the example's task") {
		t.Errorf("evidence %q", f.Evidence)
	}
	if got, f := mapOn(t, "wc", "统计 reads.fastq 的行数（除以 4 即为 reads 数）", "-l reads.fastq", "统计 reads.fq 的行数"); got != "wc -l reads.fq" {
		t.Errorf("got %q\n%s", got, strings.Join(f.Evidence, "\n"))
	}
	if got, f := mapOn(t, "seqkit", "print only the sequence IDs of input.fa", "seq -n -i input.fa", "print the sequences of seqs.fa"); got != "seqkit seq seqs.fa" {
		t.Errorf("lacking: got %q\n%s", got, strings.Join(f.Evidence, "\n"))
	}
}

// TestSwitchAddedForItsHelpsWords checks, on the captured help of tabix,
// md5sum and bowtie2, that a switch is added when the task says its help
// nearly word for word though the fit of the task's uncovered words alone
// is too low, with the share in the evidence; and that a task holding
// fewer of its help's words gets nothing.
func TestSwitchAddedForItsHelpsWords(t *testing.T) {
	for _, c := range []struct {
		tool, exTask, exArgs, task, want string
	}{
		{"tabix", "index the bgzipped VCF calls.vcf.gz", "-p vcf calls.vcf.gz", "re-index x.vcf.gz as VCF, overwriting the existing index", "tabix -p vcf -f x.vcf.gz"},
		{"md5sum", "print the MD5 checksum of a.txt", "a.txt", "print a BSD-style MD5 checksum line for b.txt", "md5sum --tag b.txt"},
		{"bowtie2", "align reads.fq to the index idx, output aln.sam", "-x idx -U reads.fq -S aln.sam", "align r.fq to the index idx, write out.sam, and leave unaligned reads out of the SAM", "bowtie2 -x idx -U r.fq --no-unal -S out.sam"},
		// "asking" alone is too little of -f's help ("overwrite" names
		// its --force: sense_force).
		{"tabix", "index the bgzipped VCF calls.vcf.gz", "-p vcf calls.vcf.gz", "index x.vcf.gz as VCF, asking first", "tabix -p vcf x.vcf.gz"},
		{"tabix", "index the bgzipped VCF calls.vcf.gz", "-p vcf calls.vcf.gz", "index x.vcf.gz as VCF, overwrite", "tabix -p vcf -f x.vcf.gz"},
	} {
		got, f := mapOn(t, c.tool, c.exTask, c.exArgs, c.task)
		if got != c.want {
			t.Errorf("%s: got %q, want %q\n%s", c.task, got, c.want, strings.Join(f.Evidence, "\n"))
		}
	}
	_, f := mapOn(t, "md5sum", "print the MD5 checksum of a.txt", "a.txt", "print a BSD-style MD5 checksum line for b.txt")
	if !hasEvidence(f, "added --tag: the task holds 75% of the words of its help (bsd, checksum, styl") {
		t.Errorf("evidence %q", f.Evidence)
	}
}

// TestExampleFlagDroppedForHelpWordsTaskLacks checks, on the captured
// help of prokka and iqtree2, that an example flag whose help holds words
// of the example's task that this task lacks ("overwrite", "site") is
// dropped though other words of its help ("output folder") fit the task,
// and kept when the task repeats them.
func TestExampleFlagDroppedForHelpWordsTaskLacks(t *testing.T) {
	for _, c := range []struct {
		tool, exTask, exArgs, task, want string
	}{
		{"prokka", "annotate an archaeal genome and overwrite an existing output folder", "--kingdom Archaea --outdir archaea_annot --force genome.fna",
			"annotate ecoli.fna, output folder ecoli_annot", "prokka --outdir ecoli_annot ecoli.fna"},
		{"prokka", "annotate an archaeal genome and overwrite an existing output folder", "--kingdom Archaea --outdir archaea_annot --force genome.fna",
			"annotate ecoli.fna, overwriting the existing output folder ecoli_annot", "prokka --outdir ecoli_annot --force ecoli.fna"},
		{"iqtree2", "compute gene and site concordance factors on species.treefile using loci.treefile", "-t species.treefile --gcf loci.treefile --scf 100",
			"compute gene concordance factors on the species tree sp.treefile using the gene trees in genes.treefile", "iqtree2 -t sp.treefile --gcf genes.treefile"},
	} {
		got, f := mapOn(t, c.tool, c.exTask, c.exArgs, c.task)
		if got != c.want {
			t.Errorf("%s: got %q, want %q\n%s", c.task, got, c.want, strings.Join(f.Evidence, "\n"))
		}
	}
	_, f := mapOn(t, "prokka", "annotate an archaeal genome and overwrite an existing output folder", "--kingdom Archaea --outdir archaea_annot --force genome.fna",
		"annotate ecoli.fna, output folder ecoli_annot")
	if !hasEvidence(f, "dropped --force from the example: it overwrites what exists, and the task does not ask to") {
		t.Errorf("evidence %q", f.Evidence)
	}
}

// mapOnExamples is mapOn with a skill of several examples (task, args
// pairs).
func mapOnExamples(t *testing.T, tool, taskText string, examples ...string) (string, *Fill) {
	t.Helper()
	doc := goldenDoc(t, tool)
	rec := &ToolRecord{Name: tool, Executable: tool}
	doc.Record = *rec
	f := MapTask(builtinRules, rec, doc, inlineSkill(t, "name: "+tool, examples...), taskText)
	return Assemble(rec, f).Display, f
}

// TestExampleSwitchKeptForItsTasksWords checks, on the captured help of
// uniq, seqkit and featureCounts, that an example switch whose help names
// none of the task's words is kept when the task repeats the example
// task's words that stand for it ("once" for uniq -u, "longest" for
// seqkit sort -r), and dropped when another example of the skill without
// it holds those words, when the task lacks them, or when its own help
// holds a word of its example's task this task lacks ("paired-end" for
// featureCounts -p).
func TestExampleSwitchKeptForItsTasksWords(t *testing.T) {
	const uniqOnce, uniqOnceArgs = "print lines of sorted_reads.txt that appear only once", "-u sorted_reads.txt"
	const seqkitSort, seqkitSortArgs = "sort sequences in input.fa by length from longest to shortest", "sort -l -r -o sorted.fa input.fa"
	const fcDUTP, fcDUTPArgs = "count a reversely stranded (dUTP, TruSeq stranded) paired-end library aln.bam", "-p --countReadPairs -s 2 -a genes.gtf -o counts.txt aln.bam"
	for _, c := range []struct {
		tool, task, want string
		examples         []string
	}{
		{"uniq", "print only the lines that occur exactly once in s.txt", "uniq -u s.txt", []string{uniqOnce, uniqOnceArgs}},
		{"uniq", "print the lines of s.txt", "uniq s.txt", []string{uniqOnce, uniqOnceArgs}},
		{"seqkit", "sort contigs.fa by sequence length, longest first, save as s.fa", "seqkit sort -l -r -o s.fa contigs.fa", []string{seqkitSort, seqkitSortArgs}},
		{"seqkit", "sort contigs.fa by sequence length, save as s.fa", "seqkit sort -l -o s.fa contigs.fa", []string{seqkitSort, seqkitSortArgs}},
		// "longest" stands for seq -M as well: it is not -r's; "longest
		// first" says a descending order (lexicon sense_descending),
		// which the example's "from longest to shortest" says too.
		{"seqkit", "sort contigs.fa by sequence length, longest first, save as s.fa", "seqkit sort -l -r -o s.fa contigs.fa",
			[]string{seqkitSort, seqkitSortArgs, "keep the longest sequences of input.fa", "seq -m 1000 input.fa"}},
		{"seqkit", "sort contigs.fa by sequence length, the longest ones, save as s.fa", "seqkit sort -l -o s.fa contigs.fa",
			[]string{seqkitSort, seqkitSortArgs, "keep the longest sequences of input.fa", "seq -m 1000 input.fa"}},
		{"featureCounts", "reversely stranded counting (dUTP library) of r.bam with g.gtf, output c.txt", "featureCounts -s 2 -a g.gtf -o c.txt r.bam", []string{fcDUTP, fcDUTPArgs}},
		// "bp" says what the task's 1000 measures (-X takes it), not
		// what --very-sensitive is for.
		{"bowtie2", "align the pairs a_1.fq and a_2.fq to index idx allowing fragments up to 1000 bp long, output pe.sam", "bowtie2 -X 1000 -x idx -1 a_1.fq -2 a_2.fq -S pe.sam",
			[]string{"align paired-end ATAC-seq reads with fragments up to 2000 bp", "-p 8 --very-sensitive -X 2000 -x genome_idx -1 reads_R1.fastq.gz -2 reads_R2.fastq.gz -S atac.sam"}},
	} {
		got, f := mapOnExamples(t, c.tool, c.task, c.examples...)
		if got != c.want {
			t.Errorf("%s: got %q, want %q\n%s", c.task, got, c.want, strings.Join(f.Evidence, "\n"))
		}
	}
	_, f := mapOnExamples(t, "uniq", "print only the lines that occur exactly once in s.txt", uniqOnce, uniqOnceArgs)
	if !hasEvidence(f, "kept -u: the words of the example's task no help explains are in this task (onc)") {
		t.Errorf("evidence %q", f.Evidence)
	}
}

// TestExampleChoiceDroppedForWordsTaskLacks checks, on the captured help
// of minimap2 and cnvkit, that an example's value its flag's help lists
// with a meaning (map-ont: Nanopore, female) is dropped when the example's
// task asked for it in words this task lacks, and kept when the task
// says them.
func TestExampleChoiceDroppedForWordsTaskLacks(t *testing.T) {
	const mmTask, mmArgs = "align Nanopore reads using a prebuilt index ref.mmi", "-a -x map-ont -o aln.sam ref.mmi reads.fq"
	const cnTask, cnArgs = "call copy numbers for a female sample", "call sample.cns -x female -o sample.call.cns"
	for _, c := range []struct {
		tool, exTask, exArgs, task, want string
	}{
		{"minimap2", mmTask, mmArgs, "use the prebuilt index r.mmi to align q.fq, SAM output to o.sam", "minimap2 -a -o o.sam r.mmi q.fq"},
		{"minimap2", mmTask, mmArgs, "align the nanopore reads q.fq with the prebuilt index r.mmi, SAM output to o.sam", "minimap2 -a -x map-ont -o o.sam r.mmi q.fq"},
		{"cnvkit", cnTask, cnArgs, "call copy numbers from s.cns, output s.call.cns", "cnvkit call s.cns -o s.call.cns"},
		{"cnvkit", cnTask, cnArgs, "call copy numbers of the female sample s.cns, output s.call.cns", "cnvkit call s.cns -x female -o s.call.cns"},
	} {
		got, f := mapOn(t, c.tool, c.exTask, c.exArgs, c.task)
		if got != c.want {
			t.Errorf("%s: got %q, want %q\n%s", c.task, got, c.want, strings.Join(f.Evidence, "\n"))
		}
	}
	_, f := mapOn(t, "minimap2", mmTask, mmArgs, "use the prebuilt index r.mmi to align q.fq, SAM output to o.sam")
	if !hasEvidence(f, "dropped -x map-ont from the example: its task asks for map-ont in words this task lacks ("+stem("nanopore")+")") {
		t.Errorf("evidence %q", f.Evidence)
	}
}

// TestChineseConceptsAskForSwitches checks that a Chinese word's concept
// (解压: decompress) asks for the switch whose help says it, as the
// English word does, on bgzip's captured help.
func TestChineseConceptsAskForSwitches(t *testing.T) {
	for _, task := range []string{"decompress x.vcf.gz", "把 x.vcf.gz 解压"} {
		got, f := mapOn(t, "bgzip", "compress calls.vcf with bgzip", "calls.vcf", task)
		if got != "bgzip -d x.vcf.gz" {
			t.Errorf("%s: got %q\n%s", task, got, strings.Join(f.Evidence, "\n"))
		}
	}
	// 反向链特异 says reverse and stranded: kallisto's --rf-stranded.
	got, f := mapOn(t, "kallisto", "quantify paired reads r1.fq.gz r2.fq.gz with index tx.idx into out", "quant -i tx.idx -o out r1.fq.gz r2.fq.gz",
		"用索引 m.idx 对 a_1.fq 和 a_2.fq 做定量，反向链特异文库，输出目录 q1")
	// It is added, or the command is unsure and says it may lack it:
	// never a confident command without it.
	if !strings.Contains(got+" ", " --rf-stranded ") && !(f.Uncertain && hasEvidence(f, "fit --rf-stranded")) {
		t.Errorf("kallisto: got %q, uncertain %v\n%s", got, f.Uncertain, strings.Join(f.Evidence, "\n"))
	}
}

// TestPositionalNamesCoverTaskWords checks that the task's word for what
// a positional is ("index" for bowtie2-build's <bt2_index_base>) is
// accounted for by the argument, so it does not count as a switch the
// command lacks (--large-index).
func TestPositionalNamesCoverTaskWords(t *testing.T) {
	got, f := mapOn(t, "bowtie2-build", "build an index of genome.fa", "genome.fa genome", "build a bowtie2 index of ecoli.fa named ecoli")
	if got != "bowtie2-build ecoli.fa ecoli" || f.Features["unmet_switch"] != 0 {
		t.Errorf("got %q, features %v\n%s", got, f.Features, strings.Join(f.Evidence, "\n"))
	}
}

// TestExampleRegionIsData checks that an example's region is never kept:
// the task's own region takes its flag, and a task without one drops it.
func TestExampleRegionIsData(t *testing.T) {
	got, _ := mapOn(t, "bcftools", "extract chr1:100-200 from calls.vcf.gz", "view -r chr1:100-200 calls.vcf.gz", "extract chr20:5-9 from x.vcf.gz")
	if got != "bcftools view -r chr20:5-9 x.vcf.gz" {
		t.Errorf("region task: got %q", got)
	}
	got, f := mapOn(t, "bcftools", "extract chr1:100-200 from calls.vcf.gz as compressed VCF", "view -r chr1:100-200 -O z calls.vcf.gz", "view the region of x.vcf.gz as compressed VCF")
	if strings.Contains(got, "chr1") || !hasEvidence(f, "the task gives no region for it") {
		t.Errorf("no region: got %q\n%s", got, strings.Join(f.Evidence, "\n"))
	}
	if exampleRegion("1:100") || !exampleRegion("chr7") || !exampleRegion("'chrX:1-5'") {
		t.Error("exampleRegion")
	}
}

// TestAccessionIsAnItem checks that an accession the task gives
// (SRR390728) takes the example's accession and, when the command has no
// place for it, is named as unused.
func TestAccessionIsAnItem(t *testing.T) {
	got, f := mapOn(t, "fasterq-dump", "dump SRR1234567 to FASTQ", "SRR1234567", "dump the run SRR390728 to FASTQ")
	if got != "fasterq-dump SRR390728" {
		t.Errorf("got %q\n%s", got, strings.Join(f.Evidence, "\n"))
	}
	_, f = mapOn(t, "bgzip", "compress calls.vcf with bgzip", "calls.vcf", "compress x.vcf, the calls of SRR390728")
	if f.Features["unused_items"] != 1 {
		t.Errorf("accession: features %v", f.Features)
	}
	_, f = mapOn(t, "bgzip", "compress calls.vcf with bgzip", "calls.vcf", "compress x.vcf of the PASS sites")
	if f.Features["unused_items"] != 0 {
		t.Errorf("literal: features %v", f.Features)
	}
}

// TestTiedNumberIsEvidence checks that a task number two flags' help
// fits alike is placed in one of them but recorded as a guess (the
// tied_values feature), and that a number one flag fits best is not.
func TestTiedNumberIsEvidence(t *testing.T) {
	rec := &ToolRecord{Name: "rrna", Executable: "rrna"}
	doc := &ToolDoc{Record: *rec, Flags: []FlagDoc{
		{Name: "--lencutoff", ParamType: "float", Category: "Quality", Description: "Proportional length threshold to label as partial"},
		{Name: "--reject", ParamType: "float", Category: "Quality", Description: "Proportional length threshold to reject prediction"},
		{Name: "--evalue", ParamType: "float", Category: "Quality", Description: "Similarity e-value cut-off"},
	}}
	sk := inlineSkill(t, "name: rrna", "predict rRNA in a.fa", "a.fa")
	f := MapTask(builtinRules, rec, doc, sk, "predict rRNA in x.fa with a length threshold of 0.5")
	if f.Features["tied_values"] != 1 || !hasEvidence(f, "tied: the task's 0.5") {
		t.Errorf("tied: features %v\n%s", f.Features, strings.Join(f.Evidence, "\n"))
	}
	f = MapTask(builtinRules, rec, doc, sk, "predict rRNA in x.fa, rejecting predictions below a length threshold of 0.5")
	if f.Features["tied_values"] != 0 {
		t.Errorf("reject: features %v\n%s", f.Features, strings.Join(f.Evidence, "\n"))
	}
}

// TestUnmetSwitchOneWord: one task word that only a switch's name holds
// ("fixed" for --fix-ends) is no sign of an ask the command lacks; one the
// help of few flags says ("circular") is.
func TestUnmetSwitchOneWord(t *testing.T) {
	rec := &ToolRecord{Name: "sq", Executable: "sq"}
	doc := &ToolDoc{Record: *rec, Flags: []FlagDoc{
		{Name: "-o", ParamType: "file", Placeholder: "FILE", Category: "Output", Description: "write the index to FILE"},
		{Name: "--circular-seqs", ParamType: "bool", Category: "General", Description: "treat the sequences as circular"},
		{Name: "--fix-ends", ParamType: "bool", Category: "General", Description: "repair the sequence ends"},
		{Name: "--sort", ParamType: "bool", Category: "General", Description: "sort the sequence records"},
	}}
	sk := inlineSkill(t, "name: sq", "index a.fa into a.idx", "-o a.idx a.fa")
	for task, want := range map[string]float64{"index b.fa into b.idx, fixed": 0, "index b.fa into b.idx, circular": 1} {
		f := MapTask(builtinRules, rec, doc, sk, task)
		if f.Features["unmet_switch"] != want {
			t.Errorf("%q: unmet_switch %v, want %v\n%s", task, f.Features["unmet_switch"], want, strings.Join(f.Evidence, "\n"))
		}
	}
}

// TestFileStatesAskForNothing checks that a past participle right before
// an input file says what the file is, not what to do: samtools view's
// -M ("Use index and multi-region iterator") is not asked for by "the
// indexed a.bam", and the word still asks when the task says it of
// something else too, or of an output.
func TestFileStatesAskForNothing(t *testing.T) {
	for _, c := range []struct {
		task string
		want []string
	}{
		{"extract the reads overlapping chr2:1000-5000 from the indexed a.bam into b.bam", []string{"index"}},
		{"extract chr2 from the indexed a.bam, indexed reads only, into b.bam", nil},
		{"write the sorted b.bam from a.bam", nil},
		{"extract chr2 from a.bam into b.bam", nil},
	} {
		m := newMapper(builtinRules, samRec, nil, nil, c.task)
		got := m.fileStates(strings.Fields(strings.ToLower(c.task)))
		if strings.Join(got, " ") != strings.Join(c.want, " ") {
			t.Errorf("%s: fileStates = %q, want %q", c.task, got, c.want)
		}
	}
}

// TestSwitchMarkedOnNotAsked checks on bowtie2's captured help, built
// from the help alone, that "paired-end" does not ask for --end-to-end,
// whose help marks it on already ("entire read must align; no clipping
// (on)"), while --local, marked "(off)", is still asked for by name.
func TestSwitchMarkedOnNotAsked(t *testing.T) {
	cmd, f := mapCaptured(t, "bowtie2", nil, "align paired-end reads r1.fq and r2.fq to the index hg38, write out.sam")
	if got := cmd.Display; strings.Contains(got, "--end-to-end") {
		t.Errorf("got %s\n%s", got, strings.Join(f.Evidence, "\n"))
	}
	cmd, f = mapCaptured(t, "bowtie2", nil, "align reads.fq to the index hg38 in local mode, write out.sam")
	if got := cmd.Display; !strings.Contains(got, "--local") {
		t.Errorf("local: got %s\n%s", got, strings.Join(f.Evidence, "\n"))
	}
}
