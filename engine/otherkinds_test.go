package engine

import (
	"strings"
	"testing"
)

// A one-letter name says "input" only with help that speaks of a file or
// an input: bowtie2's "-i <func> interval between seed substrings" reads
// no reads file, wtpoa-cns' "-i <string> Input file(s)" does.
func TestOneLetterInputName(t *testing.T) {
	for _, c := range []struct {
		fd   FlagDoc
		want bool
	}{
		{FlagDoc{Name: "-i", ParamType: "string", Category: "Input", Placeholder: "func", Description: "interval between seed substrings w/r/t read len (S,1,1.15)"}, false},
		{FlagDoc{Name: "-i", ParamType: "string", Category: "Input", Placeholder: "string", Description: "Input file(s)"}, true},
		{FlagDoc{Name: "-i", ParamType: "string", Category: "Input", Placeholder: "string", Description: "input reads, FASTQ"}, true},
		{FlagDoc{Name: "--in", ParamType: "string", Category: "Input", Placeholder: "x", Description: "what to read"}, true},
		// numbers in a shape read no file, whatever the help says of files
		{FlagDoc{Name: "-F", ParamType: "string", Category: "Input", Placeholder: "k:<int>,i:<int>", Description: "query input files are continuous FASTA where reads are substrings (k-mers) extracted from a FASTA file <s>"}, false},
		{FlagDoc{Name: "-F", ParamType: "string", Category: "Input", Placeholder: "<file>", Description: "query input file, FASTA"}, true},
	} {
		if got := readsFile(c.fd); got != c.want {
			t.Errorf("readsFile(%s %q) = %v, want %v", c.fd.Name, c.fd.Description, got, c.want)
		}
	}
}

// On bowtie2's captured help (its usage glossary read): the reads go to
// -U and the index to -x; a switch about BAM input, which -b <bam> reads,
// is not asked for by the words it shares with a task on FASTQ reads
// (--align-paired-reads "align unpaired BAM reads … paired-end reads
// instead"); a switch about SAM records stays asked for when the task
// writes SAM, and samtools view -H ("SAM header") for a BAM's header.
func TestSwitchForOtherKinds(t *testing.T) {
	cmd, f := mapHelpOnly(t, "bowtie2", "Align smallrna_x.fq to the bowtie2 index mirbase_bt2 in local mode, leaving unaligned reads out of the SAM, output smallrna_x.sam")
	for _, want := range []string{"-x mirbase_bt2", "-U smallrna_x.fq", "--local", "--no-unal", "-S smallrna_x.sam"} {
		if !strings.Contains(cmd, want) {
			t.Errorf("want %s in %q\n%s", want, cmd, strings.Join(f.Evidence, "\n"))
		}
	}
	if strings.Contains(cmd, "--align-paired-reads") {
		t.Errorf("a switch for BAM input added: %q", cmd)
	}
	// FASTA reads go to -U too, not to -F "k:<int>,i:<int>", whose help
	// speaks of reads from a FASTA file but whose value is two numbers
	if cmd, f := mapHelpOnly(t, "bowtie2", "align the FASTA reads contigs.fa to index idx and write contigs.sam"); !strings.Contains(cmd, "-U contigs.fa") || strings.Contains(cmd, "-F ") {
		t.Errorf("FASTA reads: %q\n%s", cmd, strings.Join(f.Evidence, "\n"))
	}
	if cmd, _ := mapHelpOnly(t, "samtools", "print just the header of aln.bam"); cmd != "samtools view -H aln.bam" {
		t.Errorf("samtools: %q", cmd)
	}
}

// The kinds a candidate's valued flags read are listed once per
// candidate: switches and outputs read none.
func TestKindReaders(t *testing.T) {
	c := &candidate{key: "x", flags: []FlagDoc{
		{Name: "-b", ParamType: "string", Placeholder: "bam", Description: "Files are unaligned BAM sorted by read name."},
		{Name: "--align-paired-reads", ParamType: "bool", Description: "align unpaired BAM reads"},
		{Name: "-S", ParamType: "string", Category: "Output", Placeholder: "sam", Description: "File for SAM output"},
	}}
	m := &mapper{}
	got := m.kindReaders(c)
	if len(got["bam"]) != 1 || got["bam"][0] != "-b" || len(got["sam"]) != 0 {
		t.Errorf("readers %v", got)
	}
	other := &candidate{key: "y"}
	if len(m.kindReaders(other)) != 0 || len(m.kindReaders(c)["bam"]) != 1 {
		t.Error("kindReaders kept another candidate's readers")
	}
}
