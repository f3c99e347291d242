package engine

import (
	"testing"

	"github.com/traitome/oxo-call/skills"
)

// A value the example set for its own output's form gives way to the one
// that names the task's output's form; it leaves when that one is the
// default. A value that did not follow the example's output is left to
// the other passes.
func TestFormValueOnCapturedHelp(t *testing.T) {
	bcf := &ToolRecord{Name: "bcftools", Executable: "bcftools"}
	cl := &ToolRecord{Name: "clustalo", Executable: "clustalo"}
	mac := &ToolRecord{Name: "macs2", Executable: "macs2"}
	runAdaptCases(t, []adaptCase{
		{name: "compressed VCF for an uncompressed output", rec: bcf, doc: goldenDoc(t, "bcftools"), front: "name: bcftools",
			examples: []string{"split multiallelic sites of calls.vcf.gz into norm.vcf.gz", "norm -m - -O z -o norm.vcf.gz calls.vcf.gz"},
			task:     "split multiallelic sites of c.vcf.gz into s.vcf", want: "bcftools norm -m - -o s.vcf c.vcf.gz",
			evidence: []string{"dropped -O z from the example: the help lists z for compressed VCF, and the task's s.vcf is uncompressed vcf; v is uncompressed VCF, the default"}},
		{name: "the form of a BCF", rec: bcf, doc: goldenDoc(t, "bcftools"), front: "name: bcftools",
			examples: []string{"keep the PASS records of calls.vcf.gz in pass.vcf.gz", "view -f PASS -O z -o pass.vcf.gz calls.vcf.gz"},
			task:     "keep the PASS records of c.vcf.gz and write them to p.bcf", want: "bcftools view -f PASS -O b -o p.bcf c.vcf.gz"},
		{name: "the form fits", rec: bcf, doc: goldenDoc(t, "bcftools"), front: "name: bcftools",
			examples: []string{"keep the PASS records of calls.vcf.gz in pass.vcf.gz", "view -f PASS -O z -o pass.vcf.gz calls.vcf.gz"},
			task:     "keep the PASS records of c.vcf.gz and write them to p.vcf.gz", want: "bcftools view -f PASS -O z -o p.vcf.gz c.vcf.gz"},
		{name: "the default by a name of its own", rec: cl, doc: goldenDoc(t, "clustalo"), front: "name: clustalo",
			examples: []string{"align seqs.fa and write PHYLIP seqs.phy", "-i seqs.fa --outfmt phy -o seqs.phy"},
			task:     "align p.fa and write the alignment to a.fa", want: "clustalo -i p.fa -o a.fa"},
		// -f BAM says what the input is: the example's output is a BED too
		{name: "not the output's form", rec: mac, doc: goldenDoc(t, "macs2"), front: "name: macs2",
			examples: []string{"remove duplicate tags from chip.bam, a BAM file, into dedup.bed", "filterdup -i chip.bam -f BAM -o dedup.bed"},
			task:     "remove duplicate tags from c.bam, a BAM file, into d.bed", want: "macs2 filterdup -i c.bam -f BAM -o d.bed"},
	})
}

// A switch the example set for its file's compression gives way to the
// one whose help names the task's files' compression, in a bundle of
// letters as well.
func TestCompressionSwitchOnCapturedHelp(t *testing.T) {
	tar := &ToolRecord{Name: "tar", Executable: "tar"}
	kr := &ToolRecord{Name: "kraken2", Executable: "kraken2"}
	runAdaptCases(t, []adaptCase{
		{name: "bzip2", rec: tar, doc: goldenDoc(t, "tar"), front: "name: tar",
			examples: []string{"extract backup.tar.gz in the current directory", "-xzf backup.tar.gz"},
			task:     "unpack refs.tar.bz2", want: "tar -xjf refs.tar.bz2",
			evidence: []string{"set -xjf for the example's -xzf: -z's help names gz, and the task's files are bz2; -j's help names that"}},
		{name: "xz", rec: tar, doc: goldenDoc(t, "tar"), front: "name: tar",
			examples: []string{"extract backup.tar.gz in the current directory", "-xzf backup.tar.gz"},
			task:     "unpack refs.tar.xz", want: "tar -xJf refs.tar.xz"},
		{name: "the same compression", rec: tar, doc: goldenDoc(t, "tar"), front: "name: tar",
			examples: []string{"extract backup.tar.gz in the current directory", "-xzf backup.tar.gz"},
			task:     "unpack refs.tar.gz", want: "tar -xzf refs.tar.gz"},
		{name: "a switch of its own", rec: kr, doc: goldenDoc(t, "kraken2"), front: "name: kraken2",
			examples: []string{"assign taxa to the gzipped reads r.fq.gz with the database kdb, report into r.txt", "--db kdb --gzip-compressed --report r.txt r.fq.gz"},
			task:     "assign taxa to the reads s.fq.bz2 with the database kdb, report into s.txt", want: "kraken2 --db kdb --bzip2-compressed --report s.txt s.fq.bz2"},
	})
}

func TestFileForms(t *testing.T) {
	for path, want := range map[string]struct {
		ext        string
		compressed bool
	}{"s.vcf": {"vcf", false}, "c.vcf.gz": {"vcf", true}, "x.bcf": {"bcf", true}, "a.bam": {"bam", true}, "t.txt": {"txt", false}} {
		if ext, c := fileForm(path); ext != want.ext || c != want.compressed {
			t.Errorf("fileForm(%q) = %q, %v", path, ext, c)
		}
	}
	if _, _, ok := outputForm([]FileSlot{{Path: "a.vcf"}, {Path: "b.vcf.gz"}}); ok {
		t.Error("outputs of two forms share none")
	}
	for _, c := range []struct {
		words, ext        string
		compressed        bool
		fits, contradicts bool
	}{
		{"uncompressed VCF", "vcf", false, true, false},
		{"compressed VCF", "vcf", false, false, true},
		{"compressed BCF", "vcf", true, false, true},
		{"compressed BCF", "bcf", true, true, false},
		{"compression level", "vcf", false, false, false},
	} {
		if f, x := formFits(c.words, c.ext, c.compressed); f != c.fits || x != c.contradicts {
			t.Errorf("formFits(%q, %q, %v) = %v, %v", c.words, c.ext, c.compressed, f, x)
		}
	}
	if compressionNamed("filter the archive through bzip2") != "bz2" || compressionNamed("gzip or bzip2 input") != "" || compressionNamed("number of threads") != "" {
		t.Error("compressionNamed")
	}
	if shortName(FlagDoc{Name: "--bzip2", Aliases: []string{"-j"}}) != "-j" || shortName(FlagDoc{Name: "--zstd"}) != "" {
		t.Error("shortName")
	}
	if !isDefaultPair(choicePair{"a2m", "a2m fa fasta", true, false}, "fasta") || isDefaultPair(choicePair{"clu", "clu clustal", true, false}, "fasta") || isDefaultPair(choicePair{"v", "v", true, false}, "") {
		t.Error("isDefaultPair")
	}
}

// An example's value the task names is not kept when it is the default
// the help gives: the tool does that without it.
func TestNamedDefaultLeaves(t *testing.T) {
	fc := &ToolRecord{Name: "featureCounts", Executable: "featureCounts"}
	cl := &ToolRecord{Name: "clustalo", Executable: "clustalo"}
	fcEx := []string{"count reads at exon level in aln.bam with genes.gtf into counts.txt", "-f -t exon -a genes.gtf -o counts.txt aln.bam"}
	runAdaptCases(t, []adaptCase{
		{name: "'exon' by default", rec: fc, doc: goldenDoc(t, "featureCounts"), front: "name: featureCounts", examples: fcEx,
			task: "count at the exon level for s.bam with g.gtf, output c.txt", want: "featureCounts -f -a g.gtf -o c.txt s.bam",
			evidence: []string{"dropped -t exon from the example: the task names exon, the default its help gives"}},
		{name: "not the default", rec: fc, doc: goldenDoc(t, "featureCounts"),
			front: "name: featureCounts", examples: []string{"count reads on gene features of aln.bam with genes.gtf into counts.txt", "-t gene -a genes.gtf -o counts.txt aln.bam"},
			task: "count reads on gene features of s.bam with g.gtf into c.txt", want: "featureCounts -t gene -a g.gtf -o c.txt s.bam"},
		// A value of the help's list of choices that the task names is
		// kept, the default or not: the user said it (delly filter -f
		// somatic), and it does no harm.
		{name: "a listed default the task names", rec: cl, doc: goldenDoc(t, "clustalo"), front: "name: clustalo",
			examples: []string{"align seqs.fa and write FASTA to aln.fa", "-i seqs.fa --outfmt fasta -o aln.fa"},
			task:     "align s.fa and write FASTA to a.fa", want: "clustalo -i s.fa --outfmt fasta -o a.fa"},
	})
	if d := defaultValue(FlagDoc{Description: "Specify feature type(s). 'exon' by default."}); d != "exon" {
		t.Errorf("default %q", d)
	}
}

// TestReviseCompressionFlags: a task file goes from the example's flag
// for the other compressed form to the one the two helps link, whose
// name and help carry the file's compression or none (vcftools --gzvcf
// and --vcf), both ways, from an example or from the help alone.
func TestReviseCompressionFlags(t *testing.T) {
	gz := &skills.Skill{Name: "vcftools", Examples: []skills.Example{{Task: "allele frequencies of calls.vcf.gz, output prefix af", Args: "--gzvcf calls.vcf.gz --freq --out af"}}}
	checkCommands(t, "vcftools", gz, taskCommand{"allele frequencies of x.vcf, output prefix af", "vcftools --vcf x.vcf --freq --out af"})
	plain := &skills.Skill{Name: "vcftools", Examples: []skills.Example{{Task: "allele frequencies of calls.vcf, output prefix af", Args: "--vcf calls.vcf --freq --out af"}}}
	checkCommands(t, "vcftools", plain, taskCommand{"allele frequencies of x.vcf.gz, output prefix af", "vcftools --gzvcf x.vcf.gz --freq --out af"})
	// Built from the help alone, the input placed on a flag by its words
	// moves the same way.
	checkCommands(t, "vcftools", nil, taskCommand{"per-individual heterozygosity for wild.vcf.gz, output prefix wild_het", "vcftools --gzvcf wild.vcf.gz --out wild_het --het"})
	if !nameHolds(FlagDoc{Name: "--gzvcf"}, "gz") || nameHolds(FlagDoc{Name: "--vcf", Aliases: []string{"-v"}}, "gz") {
		t.Error("nameHolds")
	}
}
