package engine

import (
	"strings"
	"testing"
)

// TestSwitchSensesAsData checks, on the captured help of clustalo,
// wtdbg2, bgzip, fastANI and samtools, the sense classes of
// rules/lexicon/senses.yaml that let a task's words meet a switch's help:
// "overwriting" and 覆盖 meet "force" (clustalo --force "Force file
// overwriting", wtdbg2 -f, bgzip -f), 矩阵 meets "matrix" (fastANI
// --matrix), 查看 meets "print" and 只 "only" (samtools view -H "Print SAM
// header only"), "how many" meets "count" (samtools view -c).
func TestSwitchSensesAsData(t *testing.T) {
	for _, c := range []struct {
		tool, exTask, exArgs, task, want string
	}{
		{"clustalo", "align seqs.fa into aln.fa", "-i seqs.fa -o aln.fa", "align in.fa into out.fa, overwriting out.fa if it already exists", "--force"},
		{"wtdbg2", "assemble reads.fa for a 1g genome into prefix asm", "-x rs -g 1g -i reads.fa -o asm",
			"assemble subreads.fa.gz for a 2g genome into prefix dbg, overwriting old output files", "-f"},
		{"bgzip", "用 bgzip 压缩 calls.vcf", "calls.vcf", "用 bgzip 压缩 peaks.bed，覆盖已有的压缩文件", "-f"},
		{"fastANI", "compute the ANI of q.fa against r.fa into out.txt", "-q q.fa -r r.fa -o out.txt",
			"计算 q.fa 与 r.fa 的 ANI，同时输出下三角矩阵，结果写到 ani.txt", "--matrix"},
		{"samtools", "print the reads of in.bam", "view in.bam", "只查看 aln.bam 的 header", "-H"},
		{"samtools", "print the reads of in.bam", "view in.bam", "how many reads does aln.bam hold", "-c"},
	} {
		got, f := mapOn(t, c.tool, c.exTask, c.exArgs, c.task)
		if !containsStr(strings.Fields(got), c.want) {
			t.Errorf("%s: %q lacks %s\n%s", c.task, got, c.want, strings.Join(f.Evidence, "\n"))
		}
	}
	// wtdbg2's help lists --force as "See -f": -f, whose help says what it
	// does, is set, not both.
	got, _ := mapOn(t, "wtdbg2", "assemble reads.fa for a 1g genome into prefix asm", "-x rs -g 1g -i reads.fa -o asm",
		"assemble subreads.fa.gz for a 2g genome into prefix dbg, overwriting old output files")
	if strings.Contains(got, "--force") {
		t.Errorf("wtdbg2: %q sets --force beside -f", got)
	}
}

// TestAllIsASenseForSwitches checks, on the captured help of bwa and
// samtools, that "all", a stop word, still meets a switch's help that says
// it (bwa mem -a "output all alignments"): too little to add -a, it makes
// the command uncertain through an unmet switch; and that a file the
// command writes ("all.sam") covers none of the task's words.
func TestAllIsASenseForSwitches(t *testing.T) {
	_, f := mapOn(t, "bwa", "align single-end reads r.fq to ref.fa into aln.sam", "mem -o aln.sam ref.fa r.fq",
		"report all alignments (not just the best) of the single-end reads.fq against ref.fa into all.sam")
	if f.Features["unmet_switch"] < 1 || !hasEvidence(f, "unmet switch: the task's words alignment, all fit -a") {
		t.Errorf("bwa: features %v\n%s", f.Features, strings.Join(f.Evidence, "\n"))
	}
	got, f := mapOn(t, "samtools", "print the reads of in.bam", "view in.bam", "print all the header lines of aln.bam and only them")
	if !containsStr(strings.Fields(got), "-H") {
		t.Errorf("samtools: %q\n%s", got, strings.Join(f.Evidence, "\n"))
	}
}
