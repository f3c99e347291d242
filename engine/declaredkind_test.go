package engine

import (
	"strings"
	"testing"
)

// A switch whose help declares the input's kind ("Indicate the input file
// … is in BAM format") is needed for an input of that kind; a help that
// names a kind in passing, an output's kind or several kinds declares
// nothing.
func TestDeclaresInputKind(t *testing.T) {
	for desc, want := range map[string]bool{
		"Indicate the input file provided via -i is in BAM format.": true,
		"Input file is a BAM file":                                  true,
		"specify that input is in SAM format":                       true,
		"input from STDIN. If the STDIN is interleaved paired-end FASTQ, please also add --interleaved_in.":              false,
		"Input file contains alignments in SAM/BAM/CRAM format. The exact file format will be determined automatically.": false,
		"Output is in BAM format":         false,
		"the input BAM is sorted by name": false,
	} {
		if got := declaresInputKind(FlagDoc{Name: "-b", ParamType: "bool", Description: desc}); got != want {
			t.Errorf("declaresInputKind(%q) = %v, want %v", desc, got, want)
		}
	}
	if declaresInputKind(FlagDoc{Name: "-i", ParamType: "file", Description: "input is in BAM format"}) {
		t.Error("a flag that takes a value declares no kind")
	}
}

// exactSNP-like help: -b is added for a BAM input, not for a SAM one; a
// switch of the command that speaks of the input's kinds meets them.
func TestDeclaredKindSwitchAdded(t *testing.T) {
	rec := &ToolRecord{Name: "snpcall", Executable: "snpcall"}
	doc := &ToolDoc{Description: "call SNPs from read alignments", Flags: []FlagDoc{
		{Name: "-i", ParamType: "file", Category: "Input", Description: "Specify name of an input file including read mapping results."},
		{Name: "-g", ParamType: "file", Category: "Input", Description: "Specify name of the file including all reference sequences."},
		{Name: "-o", ParamType: "file", Category: "Output", Description: "Specify name of the output file."},
		{Name: "-b", ParamType: "bool", Category: "Input", Description: "Indicate the input file provided via -i is in BAM format."},
	}}
	for task, want := range map[string]bool{
		"call SNPs in sample.bam against ref.fa, output snps.vcf": true,
		"call SNPs in sample.sam against ref.fa, output snps.vcf": false,
	} {
		f := MapTask(builtinRules, rec, doc, nil, task)
		got := Assemble(rec, f).Display
		if strings.Contains(got, " -b") != want {
			t.Errorf("%q: %q (want -b: %v)\n%s", task, got, want, strings.Join(f.Evidence, "\n"))
		}
	}
	withAlignments := &candidate{flags: []FlagDoc{{Name: "--alignments", ParamType: "bool", Description: "Input file contains alignments in SAM/BAM/CRAM format."}}}
	m := newMapper(builtinRules, rec, nil, nil, "quantify aln.bam")
	met := m.kindNamedByFill(&Fill{Flags: []FlagValue{{Name: "--alignments"}}}, withAlignments)
	if !met["bam"] || !met["sam"] {
		t.Errorf("an input switch's kinds are met: %v", met)
	}
}

// "to BAM format out.bam": a kind's name and "format" between the marker
// and the file leave it an output.
func TestFormatWordBeforeOutput(t *testing.T) {
	_, got := capturedFill(t, "samtools", "convert aln.sam to BAM format out.bam")
	if got != "samtools view -b -o out.bam aln.sam" {
		t.Errorf("got %q", got)
	}
}

// A file of a kind written through a flag whose name or help names the
// kind meets the task's ask for that kind ("in FASTA format" with
// --fastaout out.fasta), so addKindFlags adds no switch for it; a flag
// that names another kind (--fastq_filter) meets nothing.
func TestKindMetByOutputFlag(t *testing.T) {
	rec := &ToolRecord{Name: "vs", Executable: "vs"}
	doc := &ToolDoc{Flags: []FlagDoc{
		{Name: "--fastq_filter", ParamType: "file", Category: "Input", Description: "filter and truncate sequences in FASTQ file"},
		{Name: "--fastaout", ParamType: "file", Category: "Output", Description: "FASTA output filename"},
		{Name: "--fasta_score", ParamType: "bool", Description: "include score in fasta output"},
	}}
	c := &candidate{flags: doc.Flags}
	m := newMapper(builtinRules, rec, nil, nil, "write filtered.fasta")
	if met := m.kindNamedByFill(&Fill{Flags: []FlagValue{fv("--fastaout", "filtered.fasta")}}, c); !met["fasta"] {
		t.Errorf("--fastaout filtered.fasta meets no fasta: %v", met)
	}
	if met := m.kindNamedByFill(&Fill{Flags: []FlagValue{fv("--fastq_filter", "filtered.fasta")}}, c); met["fasta"] {
		t.Errorf("--fastq_filter meets fasta: %v", met)
	}
}
