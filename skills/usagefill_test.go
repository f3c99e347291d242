package skills

import "testing"

func TestFillUsage(t *testing.T) {
	types := map[string]string{"-m": "int", "-f": "float", "-o": "file"}
	flagType := func(f string) string { return types[f] }
	for in, want := range map[string]string{
		"samtools dict [options] <file.fa|file.fa.gz>":                           "samtools dict file.fa",
		"samtools index -M [-bc] [-m INT] <in1.bam> <in2.bam>...":                "samtools index -M in1.bam in2.bam",
		"Usage: bwa mem [options] <idxbase> <in1.fq> [in2.fq]":                   "bwa mem idxbase in1.fq",
		"bowtie2 [options]* -x <bt2-idx> {-1 <m1> -2 <m2> | -U <r>} [-S <sam>]":  "bowtie2 -x idx -1 m1 -2 m2",
		"minimap2 [options] <target.fa>|<target.idx> [query.fa] [...]":           "minimap2 target.fa",
		"bedtools intersect [OPTIONS] -a <bed/gff/vcf/bam> -b <bed/gff/vcf/bam>": "bedtools intersect -a regions.bed -b regions2.bed",
		"kit run -m N -f X -o OUT FILE FILE":                                     "kit run -m 4 -f 0.5 -o out.txt input.txt input2.txt",
		"$ kit view <reads.fastq> <genome>":                                      "kit view reads.fastq ref.fa",
		"kit view <weird-name?>":                                                 "kit view weird_name",
		"kit view <:::>":                                                         "kit view x",
		"bwa index ref.fa":                                                       "bwa index ref.fa",
		"kit (a|b) FILE":                                                         "kit a input.txt",
		"kit {x,y} FILE":                                                         "kit x input.txt",
		"kit [unbalanced FILE":                                                   "kit [unbalanced input.txt",
	} {
		got, ok := FillUsage(in, flagType)
		if !ok || got != want {
			t.Errorf("%q: %q %v, want %q", in, got, ok, want)
		}
	}
	for _, in := range []string{"samtools <command> [options]", "seqkit [command]", "seqkit amplicon [flags]", "kit", "", "bedtools <subcommand> [options]", "kit COMMAND FILE"} {
		if got, ok := FillUsage(in, nil); ok {
			t.Errorf("%q: %q, want no example", in, got)
		}
	}
}
