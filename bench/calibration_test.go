package bench

import (
	"context"
	"slices"
	"strings"
	"testing"
)

func TestLiteral(t *testing.T) {
	for _, c := range []struct {
		ref, got string
		want     bool
	}{
		{"samtools sort -o a.s.bam a.bam", "samtools  sort -o a.s.bam a.bam", true},
		{"samtools sort -@ 8 -o a.s.bam a.bam", "samtools sort -o a.s.bam -@ 8 a.bam", true}, // flag order
		{"samtools sort -o a.s.bam a.bam", "samtools sort -o out.bam a.bam", false},          // another file
		{"samtools sort -o a.s.bam a.bam", "samtools sort -n -o a.s.bam a.bam", false},
	} {
		if got := Literal(c.ref, c.got); got != c.want {
			t.Errorf("Literal(%q, %q) = %v", c.ref, c.got, got)
		}
	}
}

func TestSourceless(t *testing.T) {
	for _, c := range []struct {
		task, cmd string
		want      []string
	}{
		// The example's index and a file the task never named.
		{"align r1.fq to index hg38", "bowtie2 -x genome_idx -U r1.fq -S out.sam", []string{"genome_idx", "out.sam"}},
		// Derived from the task's input, constants, numbers, placeholders.
		{"sort aln.bam with 8 threads", "samtools sort -@ 8 -O bam -o aln.sorted.bam aln.bam", nil},
		{"align r1.fq", "bowtie2 -x <index> -U r1.fq", nil},
		// key=value pairs and comma lists are looked into.
		{"trim reads.fq", "bbduk.sh in=reads.fq out=clean_1.fq", []string{"clean_1.fq"}},
		{"subset c.vcf to NA1 and NA2", "bcftools view -s sample1,NA2 c.vcf", []string{"sample1"}},
		{"x", "tool", nil},
		// A constant the task spells out in words.
		{"a BUS file for 10x Chromium v3 data", "kallisto bus -x 10xv3", nil},
		{"下载 a.fq", "tool a.fq ../b.fq", []string{"../b.fq"}},
	} {
		if got := Sourceless(c.task, c.cmd); !slices.Equal(got, c.want) {
			t.Errorf("Sourceless(%q, %q) = %q, want %q", c.task, c.cmd, got, c.want)
		}
	}
	if valueLike("") || valueLike("-x") || valueLike("ab") || valueLike("SM:s1") || !valueLike("s_1") {
		t.Fatal("valueLike")
	}
}

func TestCalibrate(t *testing.T) {
	c := Calibrate([]Outcome{
		{Right: true, Confidence: 0.95},
		{Right: true, Uncertain: true, Confidence: 0.45},
		{Right: false, Uncertain: true, Confidence: 0.1},
		{Right: false, Confidence: 0.9},
		{Right: false, Uncertain: true, Confidence: 1.0},
	})
	if c.WrongUncertain.K != 2 || c.WrongUncertain.N != 3 || c.RightUncertain.K != 1 || c.RightUncertain.N != 2 {
		t.Fatalf("%+v", c)
	}
	if b := c.Bands[4]; b.N != 3 || b.Right != 1 || b.Rate != 0.3333 {
		t.Fatalf("top band %+v", b)
	}
	if c.Bands[1].N != 0 || c.Bands[1].Rate != 0 || c.Bands[0].N != 1 {
		t.Fatalf("bands %+v", c.Bands)
	}
	var b strings.Builder
	c.Write(&b)
	if !strings.Contains(b.String(), "wrong commands uncertain (exit 3): 2/3 = 0.667") || !strings.Contains(b.String(), "0.8–1.0         3  0.333") {
		t.Fatal(b.String())
	}
}

// Run carries the generator's uncertainty into the rows, judges them
// literally, and the summary reports the calibration over them.
func TestRunCalibration(t *testing.T) {
	cases := []Case{
		{Tool: "samtools", ReferenceArgs: "sort -o a.s.bam a.bam", Task: "sort a.bam into a.s.bam"},
		{Tool: "samtools", ReferenceArgs: "sort -o a.s.bam a.bam", Task: "sort a.bam"},
	}
	g := &fakeGen{answers: map[string]Output{
		"sort a.bam into a.s.bam": {Command: "samtools sort -o a.s.bam a.bam", Confidence: 0.9},
		"sort a.bam":              {Command: "samtools sort -o out.bam in.bam", Confidence: 0.2, Uncertain: true},
	}}
	rows := Run(context.Background(), cases, g, Options{Jobs: 1})
	if !rows[0].Literal || rows[0].Uncertain || rows[1].Literal || !rows[1].Uncertain || !slices.Equal(rows[1].Sourceless, []string{"out.bam", "in.bam"}) {
		t.Fatalf("%+v", rows)
	}
	s := Summarize(rows, 0)
	if s.Calibration.WrongUncertain.K != 1 || s.Calibration.RightUncertain.K != 0 || s.Literal.K != 1 || s.Sourceless.K != 1 {
		t.Fatalf("%+v", s.Calibration)
	}
}

// TestLiteralKeepsFilePlaces checks that the same words in other places
// are another command: swapped positionals, or files given to each
// other's flags, are not literal matches; flag order still is free.
func TestLiteralKeepsFilePlaces(t *testing.T) {
	for _, tc := range []struct {
		ref, got string
		want     bool
	}{
		{"nucmer -p x ref.fa q.fa", "nucmer -p x q.fa ref.fa", false},
		{"pairtools dedup -o d.pairs.gz --output-stats d.stats in.pairs.gz", "pairtools dedup --output-stats d.pairs.gz -o d.stats in.pairs.gz", false},
		{"bwa mem -t 8 -o a.sam ref.fa r.fq", "bwa mem -o a.sam -t 8 ref.fa r.fq", true},
		{"samtools sort -o out.bam in.bam", "samtools sort -o out.bam in.bam", true},
	} {
		if got := Literal(tc.ref, tc.got); got != tc.want {
			t.Errorf("Literal(%q, %q) = %v, want %v", tc.ref, tc.got, got, tc.want)
		}
	}
}
