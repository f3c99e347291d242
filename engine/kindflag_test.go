package engine

import (
	"slices"
	"strings"
	"testing"

	"github.com/traitome/oxo-call/skills"
)

// A flag named for a file kind reads that kind: the example's --gff3
// aligned to the task's GTF moves to --gtf when the help has it, and a
// file left at a flag named for another kind is a mismatch. Flags named
// for no kind, for a general one (--out) or with one letter (-R) are no
// judge of a file's kind.
func TestFlagNamedForAKind(t *testing.T) {
	doc := func(gtf bool) (*ToolRecord, *ToolDoc) {
		d := &ToolDoc{Flags: []FlagDoc{
			{Name: "--gff3", ParamType: "file", Placeholder: "<file>", Description: "The annotation file is in GFF3 format"},
			{Name: "--bowtie2", ParamType: "bool", Description: "Build Bowtie 2 indices"},
			{Name: "--out", ParamType: "file", Placeholder: "<file>", Description: "Write a report to file"},
		}, Positionals: []PositionalDoc{{Name: "reference_fasta_file(s)"}, {Name: "reference_name"}}}
		if gtf {
			d.Flags = append(d.Flags, FlagDoc{Name: "--gtf", ParamType: "file", Placeholder: "<file>", Description: "The annotation file is in GTF format"})
		}
		rec := &ToolRecord{Name: "prepref", Executable: "prepref"}
		d.Record = *rec
		return rec, d
	}
	sk := &skills.Skill{Name: "prepref", Examples: []skills.Example{{
		Task: "prepare a reference from a GFF3 annotation annotation.gff3 and genome.fa",
		Args: "--gff3 annotation.gff3 genome.fa ref/genome",
	}}}
	task := "prepare a reference from the genome hg38.fa and the annotation gencode.gtf, reference name ref/hg38"
	rec, d := doc(true)
	f := MapTask(builtinRules, rec, d, sk, task)
	if got := Assemble(rec, f).Display; !strings.Contains(got, "--gtf gencode.gtf") || strings.Contains(got, "--gff3") {
		t.Errorf("got %s", got)
	}
	if !slices.ContainsFunc(f.Evidence, func(e string) bool { return strings.HasPrefix(e, "gave gencode.gtf to --gtf, not --gff3") }) {
		t.Errorf("no evidence: %q", f.Evidence)
	}
	if len(f.Mismatched) > 0 {
		t.Errorf("mismatched: %q", f.Mismatched)
	}
	// Without --gtf the file stays, and the command says it does not fit.
	rec, d = doc(false)
	f = MapTask(builtinRules, rec, d, sk, task)
	if got := Assemble(rec, f).Display; !strings.Contains(got, "--gff3 gencode.gtf") {
		t.Errorf("got %s", got)
	}
	if !slices.Contains(f.Mismatched, "--gff3 gencode.gtf is a gtf file where the flag's name says gff") || !f.Uncertain {
		t.Errorf("mismatched %q, uncertain %v", f.Mismatched, f.Uncertain)
	}
	for _, c := range []struct {
		fd   FlagDoc
		v    string
		want bool
	}{
		{FlagDoc{Name: "--bed", ParamType: "file"}, "genome.fa", true},
		{FlagDoc{Name: "--bed", ParamType: "file"}, "peaks.narrowPeak", false}, // a BED by another name
		{FlagDoc{Name: "--vcf", ParamType: "file"}, "calls.bcf", false},        // the same kind
		{FlagDoc{Name: "--bed", ParamType: "file"}, "regions.txt", false},      // a general kind says nothing
		{FlagDoc{Name: "--out", ParamType: "file"}, "aln.bam", false},          // a general name says nothing
		{FlagDoc{Name: "-R", ParamType: "file"}, "regions.bed", false},         // one letter: not an R script
		{FlagDoc{Name: "-g", Aliases: []string{"--gtf"}, ParamType: "file"}, "genes.gff3", true},
		// a help that names the file's kind too reads it (bedtools getfasta)
		{FlagDoc{Name: "-bed", ParamType: "file", Placeholder: "<bed/gff/vcf>", Description: "BED/GFF/VCF file of ranges"}, "genes.gff", false},
		{FlagDoc{Name: "-bed", ParamType: "file", Description: "BED/GFF/VCF file of ranges to extract from -fi"}, "calls.vcf.gz", false},
		// a help that names the kind only to say it is not read
		{FlagDoc{Name: "--gff3", ParamType: "file", Description: "The annotation file is in GFF3 format instead of GTF format."}, "genes.gtf", true},
	} {
		if got := strings.Contains(kindMismatch(c.fd, c.v), "flag's name says"); got != c.want {
			t.Errorf("%s %s: mismatch %v, want %v", c.fd.Name, c.v, got, c.want)
		}
	}
}
