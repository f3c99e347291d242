package parsers

import "testing"

func TestStdinOnRealHelp(t *testing.T) {
	// the help of tools that read their input from standard input, and
	// of tools that take it as a file
	for _, tc := range []struct {
		file, parser string
		stdin        bool
	}{
		{"bam2bed", "generic", true},      // "Usage:", blank, "$ bam2bed < foo.bam > …"
		{"bamleftalign", "generic", true}, // "[BAM data stream] | bamleftalign [options]"
		{"vcf_sort", "getopt", true},      // "cat file.vcf | vcf-sort > out.vcf"
		{"samtools_view", "getopt", false},
		{"bedtools_intersect", "generic", false},
		{"bowtie2", "getopt", false},
	} {
		s := parseWith(t, tc.parser, tc.file)
		if s.Stdin != tc.stdin {
			t.Errorf("%s: Stdin = %v, want %v (usage %q)", tc.file, s.Stdin, tc.stdin, s.Usage)
		}
	}
	// the program fed by the pipe is no positional of its own usage
	s := parseWith(t, "generic", "bamleftalign")
	if len(s.Positionals) != 0 {
		t.Errorf("bamleftalign positionals = %+v, want none", s.Positionals)
	}
}

func TestReadsStdin(t *testing.T) {
	for _, tc := range []struct {
		usage []string
		want  bool
	}{
		{[]string{"prog [options] < in.fa > out.fa"}, true},
		{[]string{"prog [options] <in.fa"}, true},
		{[]string{"cat x | /opt/bin/prog -a"}, true},
		{[]string{"prog > out.vcf", "cat file.vcf | prog > out.vcf"}, true},
		// alternatives, not a pipe
		{[]string{"prog [-a | -b] <file>"}, false},
		{[]string{"prog -a | -b file"}, false},
		{[]string{"prog [option ...] [file(s)] | fastaindex"}, false},
		{[]string{"prog -x file | other"}, false},
		{[]string{"prog <in.fa> <out.fa>"}, false},
		{[]string{"prog [option ...] <input filename(s)>"}, false},
		{[]string{"prog [-in <filename>] [ [-script <filename] | [filterOptions] ]"}, false},
		{[]string{"prog [-stub <stub>] < -mapped | -paired >"}, false},
		{[]string{"prog [options] < [file]"}, false},
		{[]string{"prog [options] <input.bam | input.sam> [region1 [...]]"}, false},
		{[]string{"prog <in.bam ..> [-G <guide_gff>]"}, false},
		{[]string{"prog in.fa > out.fa"}, false},
		// another program's form says nothing of this one
		{[]string{"prog [options] file", "other < x"}, false},
		{[]string{"prog file", "prog file | other"}, false},
		{nil, false},
		{[]string{""}, false},
	} {
		if got := readsStdin(tc.usage); got != tc.want {
			t.Errorf("readsStdin(%q) = %v, want %v", tc.usage, got, tc.want)
		}
	}
}

func TestShellForms(t *testing.T) {
	help := "tool\n\n  Usage:\n\n  $ tool < a.bam > a.bed\n  $ tool2 < a.bam\n\n  Or:\n  $ other\n"
	got := shellForms(splitLines(normalize(help)))
	if len(got) != 2 || got[0] != "tool < a.bam > a.bed" {
		t.Errorf("shellForms = %q", got)
	}
	for _, h := range []string{"Usage: tool file\n  $ tool x\n", "Usage:\n\n  tool file\n", "no label\n$ tool < x\n"} {
		if got := shellForms(splitLines(normalize(h))); got != nil {
			t.Errorf("shellForms(%q) = %q, want none", h, got)
		}
	}
}
