package bench

import (
	"math"
	"reflect"
	"testing"
)

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

func TestScorePairs(t *testing.T) {
	tests := []struct {
		name, ref, got    string
		exact, equiv, sub bool
		recall, precision float64
		jaccard, pos, acc float64
	}{
		{"flag order", "samtools sort -@ 8 -o out.bam in.bam", "samtools sort -o out.bam -@ 8 in.bam",
			false, true, true, 1, 1, 1, 1, 1},
		{"renamed files", "samtools sort -o sorted.bam in.bam", "samtools sort -o aln.sorted.bam input.bam",
			true, true, true, 1, 1, 1, 1, 1},
		{"redirection", "bwa mem ref.fa r.fq > out.sam", "bwa mem ref.fa r.fq",
			true, true, true, 1, 1, 1, 1, 1},
		{"pipe in got", "bwa mem -t 8 ref.fa r.fq", "bwa mem -t 8 ref.fa r.fq | samtools sort -o x.bam",
			true, true, true, 1, 1, 1, 1, 1},
		{"STAR mode", "STAR --runMode genomeGenerate --genomeDir idx --genomeFastaFiles g.fa",
			"STAR --genomeFastaFiles g.fa --runMode genomeGenerate --genomeDir idx",
			false, true, true, 1, 1, 1, 1, 1},
		{"STAR wrong mode", "STAR --runMode genomeGenerate --genomeDir idx",
			"STAR --runMode alignReads --genomeDir idx",
			false, false, false, 1, 1, 1, 1, 0.3},
		{"STAR default mode stated", "STAR --genomeDir idx --readFilesIn r.fq",
			"STAR --runMode alignReads --genomeDir idx --readFilesIn r.fq",
			false, true, true, 1, 1, 1, 1, 1},
		{"bedtools old name", "intersectBed -a a.bed -b b.bed", "bedtools intersect -a a.bed -b b.bed",
			true, true, true, 1, 1, 1, 1, 1},
		{"bedtools flags swapped", "bedtools intersect -a a.bed -b b.bed", "bedtools intersect -b b.bed -a a.bed",
			false, true, true, 1, 1, 1, 1, 1},
		{"boolean flags swapped before the file", "samtools view -b -h in.bam", "samtools view -h -b in.bam",
			false, true, true, 1, 1, 1, 1, 1},
		{"boolean evidence from the other command", "samtools view -b -o out.bam in.bam", "samtools view -b in.bam -o out.bam",
			false, true, true, 1, 1, 1, 1, 1},
		{"wrong subcommand", "samtools sort -@ 4 in.bam", "samtools view -@ 4 in.bam",
			false, false, false, 1, 1, 1, 1, 0.3},
		{"wrong executable", "hisat2-build ref.fa idx", "hisat2 ref.fa idx",
			false, false, false, 1, 1, 1, 1, 0.3},
		{"threads with =", "fastp --thread 8 -i a.fq -o b.fq", "fastp --thread=8 -i a.fq -o b.fq",
			true, true, true, 1, 1, 1, 1, 1},
		{"key=value renamed", "bbduk.sh in=a.fq out=b.fq ktrim=r", "bbduk.sh in=reads.fq out=clean.fq ktrim=r",
			true, true, true, 1, 1, 1, 1, 1},
		{"key=value wrong value", "bbduk.sh in=a.fq out=b.fq ktrim=r", "bbduk.sh in=a.fq out=b.fq ktrim=l",
			false, false, true, 2.0 / 3, 2.0 / 3, 0.5, 1, 0.35*2/3 + 0.25*2/3 + 0.25*0.5 + 0.15},
		{"missing flag", "samtools sort -@ 8 -o out.bam in.bam", "samtools sort -o out.bam in.bam",
			false, false, true, 0.5, 1, 0.5, 1, 0.35*0.5 + 0.25 + 0.25*0.5 + 0.15},
		{"no flags either side", "samtools flagstat in.bam", "samtools flagstat x.bam",
			true, true, true, 1, 1, 1, 1, 1},
		{"extra flag only", "samtools flagstat in.bam", "samtools flagstat -@ 4 x.bam",
			false, false, true, 1, 0, 0, 1, 0.35 + 0.15},
		{"positional subsequence", "samtools view in.bam chr1 chr2", "samtools view in.bam chr2",
			false, false, true, 1, 1, 1, 2.0 / 3, 0.85 + 0.15*2/3},
		{"positionals swapped", "tool x.txt chr1 chr2", "tool x.txt chr2 chr1",
			false, false, true, 1, 1, 1, 2.0 / 3, 0.85 + 0.15*2/3},
		{"repeated flag counts twice", "tool -v -v x.txt", "tool -v x.txt",
			false, false, true, 0.5, 1, 0.5, 1, 0.35*0.5 + 0.25 + 0.25*0.5 + 0.15},
		{"empty reference", "", "samtools view x.bam",
			false, false, false, 1, 1, 1, 0, 0.3 * 0.85},
		{"empty got", "samtools view x.bam", "", false, false, false, 0, 0, 0, 0, 0},
		{"blank got", "samtools view x.bam", "  \n ", false, false, false, 0, 0, 0, 0, 0},
		{"got without a command", "samtools view x.bam", "> out.txt", false, false, false, 0, 0, 0, 0, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := Score(tc.ref, tc.got)
			if s.Exact != tc.exact || s.Equivalent != tc.equiv || s.SubcommandMatch != tc.sub {
				t.Errorf("exact, equivalent, sub = %v, %v, %v; want %v, %v, %v", s.Exact, s.Equivalent, s.SubcommandMatch, tc.exact, tc.equiv, tc.sub)
			}
			for _, c := range []struct {
				name      string
				got, want float64
			}{{"recall", s.Recall, tc.recall}, {"precision", s.Precision, tc.precision}, {"jaccard", s.Jaccard, tc.jaccard},
				{"positional", s.PositionalOrder, tc.pos}, {"accuracy", s.Accuracy, tc.acc}} {
				if !near(c.got, c.want) {
					t.Errorf("%s = %v, want %v", c.name, c.got, c.want)
				}
			}
		})
	}
}

func TestScoreAccuracyOneIsExact(t *testing.T) {
	// Exactly 1, not 0.9999…: the weights must add up in float64.
	if s := Score("samtools sort -o o.bam i.bam", "samtools sort -o o.bam i.bam"); s.Accuracy != 1 {
		t.Fatalf("accuracy %v", s.Accuracy)
	}
}

func TestCompareEmptyGot(t *testing.T) {
	if s := compare(Normalize("samtools view"), Normalized{}); s != (Scores{}) {
		t.Fatalf("got %+v", s)
	}
}

func TestCanonical(t *testing.T) {
	n := Normalized{
		FlagGroups:  []string{"-b <INPUT_1>", "-a <INPUT_2>", "-o <OUTPUT_1>", "-x 3"},
		Positionals: []string{"<INPUT_3>", "<INPUT_1>", "chr1"},
	}
	g, p := canonical(n)
	if want := []string{"-a <INPUT_1>", "-b <INPUT_2>", "-o <OUTPUT_1>", "-x 3"}; !reflect.DeepEqual(g, want) {
		t.Errorf("groups %q, want %q", g, want)
	}
	if want := []string{"<INPUT_3>", "<INPUT_2>", "chr1"}; !reflect.DeepEqual(p, want) {
		t.Errorf("positionals %q, want %q", p, want)
	}
}

func TestLCS(t *testing.T) {
	for _, tc := range []struct {
		a, b []string
		want int
	}{
		{nil, nil, 0}, {[]string{"a"}, nil, 0},
		{[]string{"a", "b", "c", "d"}, []string{"b", "d", "c"}, 2},
		{[]string{"x", "a", "y", "b"}, []string{"a", "b"}, 2},
		{[]string{"a", "b"}, []string{"b", "a"}, 1},
	} {
		if got := lcs(tc.a, tc.b); got != tc.want {
			t.Errorf("lcs(%q, %q) = %d, want %d", tc.a, tc.b, got, tc.want)
		}
	}
}

func BenchmarkScore(b *testing.B) {
	for b.Loop() {
		Score("hisat2 -p 8 -x idx -1 r1.fq.gz -2 r2.fq.gz -S out.sam --dta", "hisat2 --dta -x idx -1 a.fq.gz -2 b.fq.gz -p 8 -S out.sam")
	}
}
