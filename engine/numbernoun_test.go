package engine

import (
	"slices"
	"strings"
	"testing"
)

// TestNumberNounNamesTheFlag checks on captured helps that the word right
// after a task number places it on the flag whose name says that word:
// "97% identity" moves the example's -evalue value to -perc_identity,
// "4 parts" the example's --by-size value to --by-part; and that a noun
// does not move a number the words around it name the example's flag
// for ("a minimum overlap of 5 bases" stays on
// -O --overlap, though "bases" is a part of --quality-base).
func TestNumberNounNamesTheFlag(t *testing.T) {
	for _, tc := range []struct {
		tool, exTask, exCmd, task string
		want, not                 []string
	}{
		{"blastn", "search short primers primers.fa against ref_db", "blastn -task blastn-short -query primers.fa -db ref_db -outfmt 6 -evalue 1 -out primer_hits.tsv",
			"search reads.fa against ref_db keeping hits with at least 97% identity, output reads_97.tsv",
			[]string{"-perc_identity", "97"}, []string{"-evalue", "-sorthits"}},
		{"seqkit", "split reads.fastq.gz into chunks of 1000000 reads", "seqkit split2 -s 1000000 -O out reads.fastq.gz",
			"split reads.fq.gz into 4 parts inside the output directory parts",
			[]string{"-p", "4"}, []string{"-s"}},
		{"cutadapt", "trim adapter AGATCGGAAGAGC from in.fq, minimum overlap of 3 bases, output out.fq", "cutadapt -a AGATCGGAAGAGC -O 3 -o out.fq in.fq",
			"trim adapter TGGAATTCTCGG from reads.fq, requiring a minimum overlap of 5 bases, output o.fq",
			[]string{"-O", "5"}, []string{"--quality-base"}},
	} {
		sk := inlineSkill(t, "name: "+tc.tool, tc.exTask, tc.exCmd)
		cmd, f := mapCaptured(t, tc.tool, sk, tc.task)
		got := cmd.Args
		if k := slices.Index(got, tc.want[0]); k < 0 || k+1 >= len(got) || got[k+1] != tc.want[1] {
			t.Errorf("%s: %q lacks %q\n%s", tc.tool, got, tc.want, strings.Join(f.Evidence, "\n"))
		}
		for _, n := range tc.not {
			if slices.Contains(got, n) {
				t.Errorf("%s: %q holds %s", tc.tool, got, n)
			}
		}
	}
}

// TestNounNames checks which flag names a number's noun says: a part of
// the name, the other parts said around the number, a share's "perc",
// a bound only with a bound.
func TestNounNames(t *testing.T) {
	n := func(v, noun string, ctx ...string) NumberSlot {
		return NumberSlot{Value: v, Noun: noun, Context: append(ctx, noun)}
	}
	for _, c := range []struct {
		fd    FlagDoc
		n     NumberSlot
		bound bool
		want  bool
	}{
		{FlagDoc{Name: "-perc_identity", ParamType: "float", Description: "Percent identity"}, n("97%", "identity"), false, true},
		{FlagDoc{Name: "-perc_identity", ParamType: "float", Description: "Percent of matches"}, n("97", "identity"), false, false},
		{FlagDoc{Name: "--by-part", ParamType: "int", Description: "split into N parts"}, n("4", "parts"), false, true},
		{FlagDoc{Name: "--threads-max", ParamType: "int", Description: "most threads"}, n("8", "threads"), false, false},
		{FlagDoc{Name: "--threads-max", ParamType: "int", Description: "most threads"}, n("8", "threads", "at", "most"), true, true},
		{FlagDoc{Name: "--spot-groups", ParamType: "string", Description: "Filter by spot group"}, n("10000", "spots"), false, false},
		{FlagDoc{Name: "--quality-base", ParamType: "int", Description: "quality values are ascii(quality + N)"}, n("5", "bases"), false, false},
		{FlagDoc{Name: "--bootstrap-samples", ParamType: "int", Description: "Number of bootstrap samples"}, n("100", "bootstraps"), false, true},
		{FlagDoc{Name: "--window-size", ParamType: "int", Description: "size"}, n("500", "windows", "size"), false, true},
		{FlagDoc{Name: "-T", ParamType: "int", Description: "threads"}, n("8", "threads"), false, false},
	} {
		if got := nounNames(c.fd, c.n, c.bound); got != c.want {
			t.Errorf("%s for %s %s: got %v", c.fd.Name, c.n.Value, c.n.Noun, got)
		}
	}
}

// TestCodesExcludeNumberedMeanings checks that a help listing its values
// as "0 = Pairwise, 1 = …" takes none of the task's other numbers.
func TestCodesExcludeNumberedMeanings(t *testing.T) {
	fd := FlagDoc{Name: "-outfmt", Description: "alignment view options: 0 = Pairwise, 1 = Query-anchored showing identities, 2 = Query-anchored no identities, 3 = Flat query-anchored"}
	if !codesExclude(fd, "97%") || !codesExclude(fd, "10") {
		t.Error("97% and 10 are no codes of -outfmt")
	}
	if codesExclude(fd, "2") {
		t.Error("2 is a code of -outfmt")
	}
}
