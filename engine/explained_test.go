package engine

import (
	"fmt"
	"strings"
	"testing"

	"github.com/traitome/oxo-call/skills"
)

// explainedSkill is a skill whose examples carry explanations: triples of
// task, args and explanation.
func explainedSkill(t *testing.T, tool string, ex ...string) *skills.Skill {
	t.Helper()
	var b strings.Builder
	b.WriteString("---\nname: " + tool + "\n---\n## Concepts\n- a concept\n## Pitfalls\n- a pitfall\n## Examples\n")
	for i := 0; i+2 < len(ex); i += 3 {
		fmt.Fprintf(&b, "### %s\n**Args:** `%s`\n**Explanation:** %s\n", ex[i], ex[i+1], ex[i+2])
	}
	sk, _, err := skills.Parse("explained.md", []byte(b.String()), false)
	if err != nil {
		t.Fatalf("skill: %v\n%s", err, b.String())
	}
	return sk
}

// usageOnly is the captured help of a tool as its short usage lists its
// flags: without a word of description (blastn --help without -help).
func usageOnly(tool string) string { return tool + " (usage only)" }

// mapExplained maps a task onto a tool's captured help with a skill whose
// examples carry explanations.
func mapExplained(t *testing.T, tool, taskText string, ex ...string) (string, *Fill) {
	t.Helper()
	bare, short := strings.CutSuffix(tool, " (usage only)")
	tool = bare
	doc := goldenDoc(t, tool)
	if short {
		for i := range doc.Flags {
			doc.Flags[i].Description = ""
		}
	}
	rec := &ToolRecord{Name: tool, Executable: tool}
	doc.Record = *rec
	f := MapTask(builtinRules, rec, doc, explainedSkill(t, tool, ex...), taskText)
	return Assemble(rec, f).Display, f
}

// TestExampleFlagKeptForItsExplainedWords checks, on the captured help of
// blastn with its descriptions left out (flags listed in a usage line
// only, as its --help prints them), that an
// example's constant is kept when the example's explanation ties it to
// words of the example's task this task repeats ("tabular" for -outfmt 6),
// and dropped when this task lacks them. prodigal's help, read with its
// descriptions, says -f selects the output format: -f gff is kept for a
// task that writes a .gff whatever its words, by the help, not the
// explanation.
func TestExampleFlagKeptForItsExplainedWords(t *testing.T) {
	blast := []string{"search query.fa against ref_db with blastn, tabular output, e-value 1e-5, 8 threads",
		"-query query.fa -db ref_db -outfmt 6 -evalue 1e-5 -num_threads 8 -out hits.tsv",
		"-outfmt 6 writes 12-column tabular hits; -evalue filters weak hits; -num_threads parallelises the search"}
	prodigal := []string{"predict genes in genome.fa and write GFF, proteins and nucleotide sequences",
		"-i genome.fa -o genes.gff -f gff -a proteins.faa -d genes.fna",
		"-f gff writes coordinates as GFF3 to genes.gff; -a writes translated proteins and -d gene nucleotide sequences"}
	for _, c := range []struct {
		tool, task string
		ex         []string
		want       string
		kept       bool
	}{
		{usageOnly("blastn"), "blastn genes.fa vs genome_db, 8 threads, tabular output to genes_hits.tsv", blast, "-outfmt 6", true},
		{usageOnly("blastn"), "blastn genes.fa vs genome_db, 8 threads, output to genes_hits.tsv", blast, "-outfmt 6", false},
		// read with its descriptions, the help itself says -outfmt 6 is
		// tabular
		{"blastn", "blastn genes.fa vs genome_db, 8 threads, tabular output to genes_hits.tsv", blast, "-outfmt 6", true},
		{"prodigal", "predict genes in the bacterial genome genome.fa, write them as GFF to genes.gff and the proteins to proteins.faa", prodigal, "-f gff", true},
		{"prodigal", "predict genes in genome.fa, write genes.gff and the proteins to proteins.faa", prodigal, "-f gff", true},
	} {
		got, f := mapExplained(t, c.tool, c.task, c.ex...)
		if strings.Contains(got, c.want) != c.kept {
			t.Errorf("%s: got %q, want %s kept: %v\n%s", c.task, got, c.want, c.kept, strings.Join(f.Evidence, "\n"))
		}
		if c.kept && c.tool == usageOnly("blastn") && !hasEvidence(f, "kept "+c.want+": the example's explanation ties it to words of its task this task repeats") {
			t.Errorf("%s: evidence %q", c.task, f.Evidence)
		}
	}
}

// TestExplainedWordsGuards checks what the explanation does not keep, on
// the captured help of shapeit4, uniq and blastn: a value that is data
// (the region chr20), a flag tied only to plain words ("prints") or to
// words the skill's other examples use without it, and a flag the
// explanation speaks of twice or only beside another flag.
func TestExplainedWordsGuards(t *testing.T) {
	got, f := mapExplained(t, "shapeit4", "phase the genotypes in target.vcf.gz on chromosome 20 with the genetic map chr20.b37.gmap.gz, write phased.bcf",
		"phase chromosome 20 of genotypes.vcf.gz with a genetic map and 8 threads",
		"--input genotypes.vcf.gz --map chr20.b38.gmap.gz --region chr20 --output chr20.phased.vcf.gz --thread 8",
		"--input genotypes, --map genetic map, --region chromosome, --output phased VCF, --thread threads")
	if strings.Contains(got, "chr20 ") || hasEvidence(f, "kept --region") {
		t.Errorf("shapeit4: got %q\n%s", got, strings.Join(f.Evidence, "\n"))
	}
	uniqTask := "print only the duplicated lines of sorted.txt"
	got, f = mapExplained(t, "uniq", uniqTask,
		"print lines of sorted_reads.txt that appear only once", "-u sorted_reads.txt", "-u prints only lines that are not repeated")
	if strings.Contains(got, "-u") {
		t.Errorf("uniq: got %q\n%s", got, strings.Join(f.Evidence, "\n"))
	}
	// "repeated" stands for -u in the one example, not when another
	// example's task holds it without -u.
	one := []string{"show lines of a.txt not repeated", "-u a.txt", "-u shows lines not repeated"}
	got, f = mapExplained(t, "uniq", "list the lines of b.txt that are not repeated", one...)
	if !strings.Contains(got, "-u") {
		t.Errorf("uniq, one example: got %q\n%s", got, strings.Join(f.Evidence, "\n"))
	}
	got, f = mapExplained(t, "uniq", "list the lines of b.txt that are not repeated", append(one,
		"collapse repeated lines of c.txt", "c.txt", "the bare command collapses adjacent repeats")...)
	if strings.Contains(got, "-u") {
		t.Errorf("uniq, two examples: got %q\n%s", got, strings.Join(f.Evidence, "\n"))
	}
	for _, expl := range []string{
		"-outfmt 6 writes tabular hits; -outfmt 6 is tabular",       // spoken of twice
		"-outfmt 6 and -evalue 1e-5 give tabular filtered hits",     // beside another flag
		"the output is tabular; -evalue filters, -num_threads runs", // not named
	} {
		got, f = mapExplained(t, usageOnly("blastn"), "blastn genes.fa vs genome_db, 8 threads, tabular output to g.tsv",
			"search query.fa against ref_db with blastn, tabular output, e-value 1e-5, 8 threads",
			"-query query.fa -db ref_db -outfmt 6 -evalue 1e-5 -num_threads 8 -out hits.tsv", expl)
		if strings.Contains(got, "-outfmt") {
			t.Errorf("%s: got %q\n%s", expl, got, strings.Join(f.Evidence, "\n"))
		}
	}
}

// TestSwitchAddedForItsHelpsPhrase checks, on the captured help of bwa and
// grep, that a switch is added when the task says its help's words in
// order ("smart pairing" for bwa mem -p, "line numbers" for grep -n), and
// not for two words of a long help ("SAM output" in hisat2's --reorder
// "force SAM output order to match order of input reads").
func TestSwitchAddedForItsHelpsPhrase(t *testing.T) {
	doc := goldenDoc(t, "bwa")
	rec := &ToolRecord{Name: "bwa", Executable: "bwa"}
	doc.Record = *rec
	f := MapTask(builtinRules, rec, doc, inlineSkill(t, "name: bwa", "align paired-end reads r1.fq and r2.fq to ref.fa with 8 threads", "mem -t 8 -o aln.sam ref.fa r1.fq r2.fq"),
		"align the interleaved paired-end file il.fq (smart pairing) to ref.fa using 4 threads into il.sam")
	if got := Assemble(rec, f).Display; got != "bwa mem -t 4 -p -o il.sam ref.fa il.fq" || !hasEvidence(f, `added -p: the task says "smart pair"`) {
		t.Errorf("bwa: got %q\n%s", got, strings.Join(f.Evidence, "\n"))
	}
	got, f := mapOn(t, "grep", "show the lines of a.txt holding ACGT", "-e ACGT a.txt", "show the lines of b.txt holding TTAGGG with their line numbers")
	if !strings.Contains(got+" ", " -n ") || !hasEvidence(f, `added -n: the task says "`+stem("line")+` number"`) {
		t.Errorf("grep: got %q\n%s", got, strings.Join(f.Evidence, "\n"))
	}
	got, f = mapOn(t, "hisat2", "align single-end reads r.fq.gz to genome_idx", "-x genome_idx -U r.fq.gz -S r.sam", "map single-end reads a.fq.gz to the index idx, SAM output to a.sam")
	if strings.Contains(got, "--reorder") {
		t.Errorf("hisat2: got %q\n%s", got, strings.Join(f.Evidence, "\n"))
	}
	// The subcommand's description lists what its switches do ("sort
	// sequences by id/name/sequence/length"): that covers the task's
	// words for seqkit sort, not for the switch whose help they say.
	sq := goldenDoc(t, "seqkit")
	srec := &ToolRecord{Name: "seqkit", Executable: "seqkit"}
	sq.Record = *srec
	f = MapTask(builtinRules, srec, sq, nil, "sort contigs.fa by sequence length, save as sorted.fa")
	if got := Assemble(srec, f).Display; !strings.HasPrefix(got, "seqkit sort ") || !strings.Contains(got+" ", " -l ") {
		t.Errorf("seqkit sort: got %q\n%s", got, strings.Join(f.Evidence, "\n"))
	}
	f = MapTask(builtinRules, srec, sq, nil, "sort contigs.fa by name, save as sorted.fa")
	if got := Assemble(srec, f).Display; strings.Contains(got+" ", " -l ") {
		t.Errorf("seqkit sort by name: got %q\n%s", got, strings.Join(f.Evidence, "\n"))
	}
}

// TestSwitchAddedForRareWordsOfItsHelp checks, on the captured help of
// kraken2 and bedtools, that a run of words few other flags' help says,
// in the first sentence of a long help, adds the switch ("scientific
// names" for --use-names "Print scientific names instead of just
// taxids"), and that such a run in a later sentence does not ("bp
// upstream" in flank -pct's "E.g. if used on a 1000bp feature, ... will
// add 500 bp upstream").
func TestSwitchAddedForRareWordsOfItsHelp(t *testing.T) {
	got, f := mapOn(t, "kraken2", "run kraken2 on reads.fq with kraken2_db using 8 threads and write a report", "--db kraken2_db --threads 8 --report sample.kreport --output sample.kraken reads.fq",
		"kraken2 on the reads r.fq with database db1; per-read output with scientific names to r.kraken, report to r.kreport")
	if !strings.Contains(got+" ", " --use-names ") || !hasEvidence(f, `added --use-names: the task says "scientific nam"`) {
		t.Errorf("kraken2: got %q\n%s", got, strings.Join(f.Evidence, "\n"))
	}
	got, f = mapOn(t, "kraken2", "run kraken2 on reads.fq with kraken2_db using 8 threads and write a report", "--db kraken2_db --threads 8 --report sample.kreport --output sample.kraken reads.fq",
		"kraken2 on the reads r.fq with database db1; per-read output to r.kraken, report to r.kreport")
	if strings.Contains(got, "--use-names") {
		t.Errorf("kraken2 without names: got %q\n%s", got, strings.Join(f.Evidence, "\n"))
	}
	cmd, f := mapCaptured(t, "bedtools", nil, "create the 2000 bp upstream flank of each gene in genes.bed, respecting strand (genome file genome.txt)")
	if got := cmd.Display; !strings.HasPrefix(got, "bedtools flank ") || strings.Contains(got, "-pct") {
		t.Errorf("bedtools flank: got %q\n%s", got, strings.Join(f.Evidence, "\n"))
	}
}

// TestPhraseTwoSwitchesSayIsUnmet checks that a run of help words two
// switches' helps say alike adds neither and shows as the unmet_phrase
// feature, and that a run a set flag's help says as well adds nothing.
func TestPhraseTwoSwitchesSayIsUnmet(t *testing.T) {
	rec := &ToolRecord{Name: "tool", Executable: "tool"}
	doc := &ToolDoc{Record: *rec, Flags: []FlagDoc{
		{Name: "-o", ParamType: "file", Category: "Output", Description: "output file"},
		{Name: "-a", ParamType: "bool", Category: "General", Description: "smart pairing"},
		{Name: "-b", ParamType: "bool", Category: "General", Description: "smart pairing of mates"},
		{Name: "-c", ParamType: "bool", Category: "General", Description: "gentle trimming"},
	}}
	sk := inlineSkill(t, "name: tool", "process in.fq into out.fq", "-o out.fq in.fq")
	f := MapTask(builtinRules, rec, doc, sk, "process x.fq with smart pairing into y.fq")
	if got := Assemble(rec, f).Display; got != "tool -o y.fq x.fq" || f.Features["unmet_phrase"] != 1 || !hasEvidence(f, "another switch's help says them as well") {
		t.Errorf("got %q, features %v\n%s", got, f.Features, strings.Join(f.Evidence, "\n"))
	}
	f = MapTask(builtinRules, rec, doc, sk, "process x.fq with gentle trimming into y.fq")
	if got := Assemble(rec, f).Display; got != "tool -c -o y.fq x.fq" || f.Features["unmet_phrase"] != 0 {
		t.Errorf("got %q, features %v\n%s", got, f.Features, strings.Join(f.Evidence, "\n"))
	}
}

// TestPhraseSaidBySetFlagAddsNothing checks, on the captured help of
// uniq, that a switch already set whose long help says the task's run of
// words ("only print duplicate lines, one for each group" for -d) leaves
// no run for another switch's short help ("print all duplicate lines",
// -D), though its help is too long for the run to add it.
func TestPhraseSaidBySetFlagAddsNothing(t *testing.T) {
	if got, f := mapHelpOnly(t, "uniq", "print only the duplicated lines of sorted.txt"); got != "uniq -d sorted.txt" {
		t.Errorf("got %q, want uniq -d sorted.txt\n%s", got, strings.Join(f.Evidence, "\n"))
	}
}

// TestDescriptionTermStandsForAFlag checks, on the captured help of
// FastTree (whose description says "nucleotide or protein" and whose help
// lists -n <number> but not -nt), that an example's -nt is read as one
// flag, not -n with the value "t", and is kept when two examples or more
// say "nucleotide" and all of them set it. A description term said by
// one example only ("lines" for shuf -r) is no such evidence.
func TestDescriptionTermStandsForAFlag(t *testing.T) {
	nt := []string{
		"build a tree from the nucleotide alignment aln.fasta with the GTR model, writing tree.nwk",
		"-nt -gtr -out tree.nwk aln.fasta", "-nt marks nucleotide input; -gtr uses the GTR model",
		"quickly build a tree for a large nucleotide alignment aln.fasta",
		"-nt -gtr -fastest -out tree.nwk aln.fasta", "-fastest speeds up neighbor joining",
		"build a tree from the protein alignment prot.fasta with the LG model",
		"-lg -out tree.nwk prot.fasta", "-lg selects the LG model"}
	task := "build a maximum-likelihood tree from the nucleotide alignment gene.fa with the GTR model, write gene.nwk"
	got, f := mapExplained(t, "FastTree", task, nt...)
	if !strings.Contains(got+" ", " -nt ") || strings.Contains(got, "-n t") {
		t.Errorf("two examples: got %q, want -nt kept\n%s", got, strings.Join(f.Evidence, "\n"))
	}
	got, f = mapExplained(t, "FastTree", task, nt[:3]...)
	if strings.Contains(got, "-nt") {
		t.Errorf("one example: got %q, want -nt dropped\n%s", got, strings.Join(f.Evidence, "\n"))
	}
	if got, _ := mapExplained(t, "FastTree", task, append([]string{"build a tree for the nucleotide alignment x.fasta", "-out x.nwk x.fasta", "writes x.nwk"}, nt...)...); strings.Contains(got, "-nt") {
		t.Errorf("an example says the term without -nt: got %q, want -nt dropped", got)
	}
}

// TestExplainedCodeForANumbersWords checks, on mmseqs' captured help, that
// an example's setting code (--cov-mode 1) tied only to the word that says
// what a task's number measures ("80% coverage", which -c takes) is
// dropped, and kept when the task says the word apart from any number.
func TestExplainedCodeForANumbersWords(t *testing.T) {
	ex := []string{"cluster proteins.faa at 90% identity and 80% coverage",
		"easy-cluster proteins.faa clu tmp --min-seq-id 0.9 -c 0.8 --cov-mode 1",
		"writes clu_cluster.tsv; --cov-mode 1 measures target coverage"}
	for _, c := range []struct {
		task string
		kept bool
	}{
		{"cluster gut.faa with easy-cluster at 50% identity and 80% coverage, result prefix g50, temporary directory tmp_mm", false},
		{"cluster gut.faa with easy-cluster at 50% identity, measuring coverage, result prefix g50, temporary directory tmp_mm", true},
	} {
		got, f := mapExplained(t, "mmseqs", c.task, ex...)
		if strings.Contains(got, "--cov-mode 1") != c.kept {
			t.Errorf("%s: got %q, want --cov-mode 1 kept: %v\n%s", c.task, got, c.kept, strings.Join(f.Evidence, "\n"))
		}
	}
}

// TestListedValueSaidInOtherWords checks, on minimap2's captured help,
// that the example's -x value gives way to the listed value the task says
// in Chinese ("剪接" for splice) or joined to a verb ("splice-align").
func TestListedValueSaidInOtherWords(t *testing.T) {
	ex := []string{"map the nanopore reads reads.fq.gz to ref.fa, SAM output to aln.sam",
		"-a -x map-ont -o aln.sam ref.fa reads.fq.gz",
		"-x map-ont is the preset for nanopore reads"}
	for task, want := range map[string]string{
		"把纳米孔 reads r.fq.gz 剪接比对到 g.fa,输出 SAM 到 r.sam":                         "-x splice",
		"splice-align the nanopore reads r.fq.gz to g.fa, SAM output to r.sam": "-x splice",
		"map the nanopore reads r.fq.gz to g.fa, SAM output to r.sam":          "-x map-ont",
	} {
		got, f := mapExplained(t, "minimap2", task, ex...)
		if !strings.Contains(got, want) {
			t.Errorf("%s: got %q, want %s\n%s", task, got, want, strings.Join(f.Evidence, "\n"))
		}
	}
}

// TestSwitchThatDoesInsteadOf checks, on sambamba's captured help, that a
// switch whose help says what it does instead of something ("remove
// duplicates instead of just marking them") is asked for by a task that
// says not to do that something ("Remove (not just mark) duplicates").
func TestSwitchThatDoesInsteadOf(t *testing.T) {
	ex := []string{"mark duplicates in sorted.bam with 8 threads", "markdup -t 8 sorted.bam marked.bam", "markdup marks duplicates"}
	for task, want := range map[string]bool{
		"Remove (not just mark) duplicate reads from a.sorted.bam, saving a.dedup.bam": true,
		"mark duplicate reads in a.sorted.bam, saving a.marked.bam":                    false,
	} {
		got, f := mapExplained(t, "sambamba", task, ex...)
		if strings.Contains(got+" ", " -r ") != want {
			t.Errorf("%s: got %q, want -r: %v\n%s", task, got, want, strings.Join(f.Evidence, "\n"))
		}
	}
}
