package engine

import (
	"strings"
	"testing"
)

// TestOutputKindOfExampleSwitch checks, on the captured help of gffread,
// that an example's switch that makes the output another kind ("-T  main
// output will be GTF instead of GFF3", from "convert GFF3 to GTF") is
// dropped when the task writes GFF3, and that the output does not move to
// a flag whose help opens on another kind ("-x  write a fasta file with
// spliced CDS for each GFF transcript") for the "GFF" in its help.
func TestOutputKindOfExampleSwitch(t *testing.T) {
	got, f := mapOn(t, "gffread", "convert GFF3 to GTF", "annotation.gff3 -T -o annotation.gtf",
		"convert the GTF a.gtf to GFF3, saving b.gff3")
	if got != "gffread a.gtf -o b.gff3" || !hasEvidence(f, "dropped -T from the example: it makes the output gtf, and the task writes b.gff3") {
		t.Errorf("got %q\n%s", got, strings.Join(f.Evidence, "\n"))
	}
	got, f = mapOn(t, "gffread", "convert GFF3 to GTF", "annotation.gff3 -T -o annotation.gtf",
		"convert the GFF3 a.gff3 to GTF, saving b.gtf")
	if got != "gffread a.gff3 -T -o b.gtf" {
		t.Errorf("the example's own kind: got %q\n%s", got, strings.Join(f.Evidence, "\n"))
	}
	if !writesOtherKind(FlagDoc{Name: "-x", Description: "write a fasta file with spliced CDS for each GFF transcript"}, "b.gff3") ||
		writesOtherKind(FlagDoc{Name: "-o", Description: "write the output records into <outfile> instead of stdout"}, "b.gff3") ||
		writesOtherKind(FlagDoc{Name: "-b", Description: "write BAM output"}, "out.bam") {
		t.Error("writesOtherKind")
	}
}
