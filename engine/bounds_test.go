package engine

import (
	"slices"
	"strings"
	"testing"
)

// TestBoundWordsChooseTheFlag checks on the captured help of bowtie2 and
// megahit that a number said with a bound word takes the flag whose help
// says that bound ("max fragment length 800" → -X "maximum fragment
// length", not -I "minimum fragment length"; "minimum contig length" →
// --min-contig-len), through the upper_bound and lower_bound concepts.
func TestBoundWordsChooseTheFlag(t *testing.T) {
	for _, tc := range []struct {
		tool, task, flag, value string
	}{
		{"bowtie2", "align a_1.fq and a_2.fq to the index idx with max fragment length 800 into o.sam", "-X", "800"},
		{"megahit", "assemble reads.fq into asm keeping contigs of at least 1500 bp minimum contig length", "--min-contig-len", "1500"},
	} {
		cmd, f := mapCaptured(t, tc.tool, nil, tc.task)
		args := cmd.Args
		if k := slices.Index(args, tc.flag); k < 0 || k+1 >= len(args) || args[k+1] != tc.value {
			t.Errorf("%s %q: %q, want %s %s\n%s", tc.tool, tc.task, args, tc.flag, tc.value, strings.Join(f.Evidence, "\n"))
		}
	}
}

// TestExampleRangeNumberNotKept checks on the captured help of bowtie2 and
// cutadapt that an end of a range the example's task gave ("fragment
// length 10-700" for -I 10 -X 700; "length 20-30" for -m 20 -M 30) is the
// example's number, not this task's, when this task gives numbers of its
// own: it is left out (the help has a default) rather than kept.
func TestExampleRangeNumberNotKept(t *testing.T) {
	for _, tc := range []struct {
		tool, exTask, exCmd, task, kept, dropped string
	}{
		{"bowtie2", "align paired reads r_1.fq and r_2.fq to index g with fragment length 10-700 into p.sam",
			"bowtie2 -I 10 -X 700 -x g -1 r_1.fq -2 r_2.fq -S p.sam",
			"align a_1.fq and a_2.fq to index idx with max fragment length 1000 into o.sam", "1000", "10"},
		{"cutadapt", "trim AGATCGGAAGAGC from r.fq keeping reads of length 20-30 into t.fq",
			"cutadapt -a AGATCGGAAGAGC -m 20 -M 30 -o t.fq r.fq",
			"trim AGATCGGAAGAGC from s.fq keeping reads of maximum length 40 into u.fq", "40", "20"},
	} {
		sk := inlineSkill(t, "name: "+tc.tool, tc.exTask, tc.exCmd)
		cmd, f := mapCaptured(t, tc.tool, sk, tc.task)
		args := cmd.Args
		if !slices.Contains(args, tc.kept) || slices.Contains(args, tc.dropped) {
			t.Errorf("%s: %q, want %s and not %s\n%s", tc.tool, args, tc.kept, tc.dropped, strings.Join(f.Evidence, "\n"))
		}
	}
}

// TestComparedBound checks on the captured help of fastp and seqkit that
// a number a comparison bounds goes to the flag for what the task keeps:
// "discard reads shorter than 50" keeps reads of at least 50 (fastp -l,
// whose help says "reads shorter than length_required will be
// discarded", not --poly_g_min_len, a minimum of something else), and
// "长于 40 nt 的也丢掉" keeps reads of at most 40 (--length_limit); a
// help that says the comparison but keeps what it names fits no better.
func TestComparedBound(t *testing.T) {
	for _, tc := range []struct {
		tool, task string
		want       []string
	}{
		{"fastp", "filter in.fq.gz with fastp, discarding reads shorter than 50 bp, output out.fq.gz", []string{"-l", "50"}},
		{"fastp", "处理单端数据 r.fq.gz,短于 18 nt 的 reads 丢掉,长于 40 nt 的也丢掉,输出 c.fq.gz", []string{"-l", "18", "--length_limit", "40"}},
		{"seqkit", "将 reads.fq.gz 中长度小于 50 的序列去掉,结果保存到 filtered.fq.gz", []string{"-m", "50"}},
		// -m's "only print sequences longer than the minimum length" says
		// the task's "longer than", but keeps what it names
		{"seqkit", "remove sequences longer than 10000 bp from contigs.fa, save as short.fa", []string{"-M", "10000"}},
	} {
		got, f := mapHelpOnly(t, tc.tool, tc.task)
		args := strings.Fields(got)
		for i := 0; i+1 < len(tc.want); i += 2 {
			if k := slices.Index(args, tc.want[i]); k < 0 || k+1 >= len(args) || args[k+1] != tc.want[i+1] {
				t.Errorf("%s %q: %q, want %s %s\n%s", tc.tool, tc.task, args, tc.want[i], tc.want[i+1], strings.Join(f.Evidence, "\n"))
			}
		}
	}
}
