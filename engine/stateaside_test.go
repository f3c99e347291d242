package engine

import (
	"slices"
	"strings"
	"testing"
)

// TestStateAsidesAskForNothing checks that a parenthesis saying what the
// user's file already is ("(it is tabix-indexed)", "(bam 已经建好索引了)")
// is left out of the words that choose the subcommand and flags, and that
// a parenthesis that says no state stays (golden samtools#36 holds the
// whole case: idxstats, not index).
func TestStateAsidesAskForNothing(t *testing.T) {
	for text, want := range map[string][][2]int{
		"which chromosomes are in x.vcf.gz? (it is tabix-indexed)": {{5, 8}},
		"统计 a.bam 里每条染色体上比对到的 reads 数(bam 已经建好索引了)":                {{5, 6}},
		"sort x.bam (already sorted by name) by coordinate":        {{2, 6}},
		"trim reads (at most 5 bp) from r.fq":                      nil,
		"count reads (unclosed":                                    nil,
	} {
		if got := stateAsides(strings.Fields(strings.ToLower(text))); !slices.Equal(got, want) {
			t.Errorf("%q: %v, want %v", text, got, want)
		}
	}
	rec := &ToolRecord{Name: "st", Executable: "st"}
	doc := &ToolDoc{Record: *rec, Subcommands: []SubcommandDoc{
		{Name: "index", Description: "index a coordinate-sorted BAM file"},
		{Name: "idxstats", Description: "BAM index stats"},
	}}
	// "indexed" in the aside points to no subcommand (without the
	// aside's words left out, it chose index on them).
	f := MapTask(builtinRules, rec, doc, nil, "reads on each chromosome of t.bam (the bam file is already indexed)")
	if !hasEvidence(f, "nothing in the task points to a subcommand") {
		t.Errorf("the aside chose a subcommand:\n%s", strings.Join(f.Evidence, "\n"))
	}
}
