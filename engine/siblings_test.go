package engine

import (
	"strings"
	"testing"
)

// TestSiblingSwitch checks, on kallisto's and samtools' captured help,
// that a switch kept from the example gives way to its sibling (a switch
// whose help says nearly the same) when the task's own words fit the
// sibling's help alone, and stands when the task says what it does.
func TestSiblingSwitch(t *testing.T) {
	const exTask, exArgs = "quantify a dUTP stranded paired-end library r1.fq.gz r2.fq.gz with index tx.idx into quant_out", "quant -i tx.idx -o quant_out --rf-stranded r1.fq.gz r2.fq.gz"
	got, f := mapOn(t, "kallisto", exTask, exArgs, "quantify the forward-stranded paired library a_1.fq.gz a_2.fq.gz with index m.idx into f_out")
	if !strings.Contains(got+" ", " --fr-stranded ") || !hasEvidence(f, "set --fr-stranded for the example's --rf-stranded") {
		t.Errorf("forward: got %q\n%s", got, strings.Join(f.Evidence, "\n"))
	}
	got, _ = mapOn(t, "kallisto", exTask, exArgs, "quantify the reverse-stranded paired library a_1.fq.gz a_2.fq.gz with index m.idx into f_out")
	if !strings.Contains(got+" ", " --rf-stranded ") {
		t.Errorf("reverse: got %q", got)
	}
	got, _ = mapOn(t, "samtools", "build a CSI index for sorted.bam with long chromosomes", "index -c sorted.bam", "build a CSI index, not a BAI one, for big.bam")
	if got != "samtools index -c big.bam" {
		t.Errorf("samtools: got %q", got)
	}
}

// TestExampleWordArgumentIsExampleValue checks that a word the example
// writes as an argument (xargs' "samtools index") and the task never
// says counts among the example's values, or is missing when the
// example's own task says it, and one the task says does not.
func TestExampleWordArgumentIsExampleValue(t *testing.T) {
	const exTask, exArgs = "index every BAM file listed in bam_list.txt", "-a bam_list.txt -n 1 samtools index"
	_, f := mapOn(t, "xargs", exTask, exArgs, "test every file listed in list.txt, one file per command")
	// "index", which the example's task says, is that task's data: a
	// missing value; "samtools" stays, an example's value.
	if f.Features["example_values"] < 1 || f.Features["missing_values"] < 1 {
		t.Errorf("unsaid: features %v", f.Features)
	}
	_, f = mapOn(t, "xargs", exTask, exArgs, "samtools index every BAM file listed in list.txt, one file per command")
	if f.Features["example_values"] != 0 {
		t.Errorf("said: features %v", f.Features)
	}
}

// TestNumberTakesTheFlagItsWordsName checks, on head's captured help,
// that a task number the example's flag takes by place goes to the flag
// the words around it name ("100 bytes" for -c, not the example's -n),
// and stays on the example's flag when they name none.
func TestNumberTakesTheFlagItsWordsName(t *testing.T) {
	const exTask, exArgs = "print the first 5 lines of counts.tsv", "-n 5 counts.tsv"
	got, f := mapOn(t, "head", exTask, exArgs, "print the first 100 bytes of big.txt")
	if got != "head -c 100 big.txt" || !hasEvidence(f, "set -c 100 for the example's -n") {
		t.Errorf("bytes: got %q\n%s", got, strings.Join(f.Evidence, "\n"))
	}
	if got, _ = mapOn(t, "head", exTask, exArgs, "print the first 100 lines of big.txt"); got != "head -n 100 big.txt" {
		t.Errorf("lines: got %q", got)
	}
}

// TestSameNumberKeepsExampleFlag checks, on bedtools' captured help,
// that a task number equal to the value the example sets a flag to stays
// on that flag when a word around it fits the flag.
func TestSameNumberKeepsExampleFlag(t *testing.T) {
	got, f := mapOn(t, "bedtools", "合并 sorted.bed 中相距 1000 bp 以内的区间，并统计合并的区间数", "merge -i sorted.bed -d 1000 -c 1 -o count", "merge the features of peaks.bed that are within 1000 bp of each other")
	if got != "bedtools merge -i peaks.bed -d 1000" {
		t.Errorf("got %q\n%s", got, strings.Join(f.Evidence, "\n"))
	}
}
