package engine

import "testing"

func TestConversionKinds(t *testing.T) {
	for name, want := range map[string]string{
		"bam2bed":             "alignment-reads>bed",
		"bam2bed_gnuParallel": "alignment-reads>bed",
		"bamtobed":            "alignment-reads>bed",
		"fq2fa":               "fastq>fasta",
		"vcf-to-bed":          "vcf>bed",
		// Not a conversion: no kind on one side, or one family.
		"hisat2-build": "",
		"bowtie2":      "",
		"fx2tab":       "",
		"toto":         "",
		"sam2bam":      "",
	} {
		got := ""
		if a, b, ok := conversionKinds(name); ok {
			got = a + ">" + b
		}
		if got != want {
			t.Errorf("conversionKinds(%q) = %q, want %q", name, got, want)
		}
	}
}

// A name that spells the conversion the task asks for chooses its
// candidate, though "bam" and "bed" are too short to count as parts of
// it; a task that already reads the second kind converts nothing.
func TestChooseByConversionName(t *testing.T) {
	wantChosen(t, []chooseCase{
		{"bedtools", "turn the alignments in aln.bam into BED intervals, written to aln.bed", "bamtobed"},
		{"seqkit", "convert reads.fq to FASTA, saving reads.fa", "fq2fa"},
		{"bedtools", "find overlaps between the alignments in aln.bam and exons.bed, writing the output as BED", "intersect"},
	})
}
