package engine

import (
	"slices"
	"strings"
	"testing"
)

// TestUsageAlternatives reads the groups of alternatives of bowtie2's and
// hisat2's captured usage lines.
func TestUsageAlternatives(t *testing.T) {
	for _, tc := range []struct{ tool, want string }{
		{"bowtie2", "-1 -2 | -U | --interleaved | -b"},
		{"hisat2", "-1 -2 | -U"},
	} {
		doc := goldenDoc(t, tc.tool)
		var got []string
		for _, g := range usageAlternatives(strings.Join(doc.UsagePatterns, " ")) {
			var bs []string
			for _, b := range g {
				bs = append(bs, strings.Join(b.flags, " "))
			}
			got = append(got, strings.Join(bs, " | "))
		}
		if !slices.Contains(got, tc.want) {
			t.Errorf("%s: %q, want %q among them", tc.tool, got, tc.want)
		}
	}
	if g := usageAlternatives("tool [-a | -b] {x | y} -c"); len(g) != 2 || len(g[0]) != 2 || g[0][1].flags[0] != "-b" || len(g[1][0].flags) != 0 {
		t.Errorf("brackets and flagless branches: %+v", g)
	}
}

// TestLoneMateTakesTheUnpairedFlag checks on the captured help of hisat2
// and bowtie2 that a task with one reads file, adapted from a paired
// example, gives the file to the usage's one-flag branch (-U), not to -1
// alone, and that a task with two files keeps -1 and -2.
func TestLoneMateTakesTheUnpairedFlag(t *testing.T) {
	for _, tool := range []string{"hisat2", "bowtie2"} {
		doc := goldenDoc(t, tool)
		rec := &ToolRecord{Name: tool, Executable: tool}
		doc.Record = *rec
		sk := inlineSkill(t, "name: "+tool,
			"align the paired reads r_1.fq and r_2.fq to the index g_idx into p.sam",
			tool+" -x g_idx -1 r_1.fq -2 r_2.fq -S p.sam")
		f := MapTask(builtinRules, rec, doc, sk, "align the reads s.fq to the index idx into s.sam")
		got := Assemble(rec, f).Args
		if k := slices.Index(got, "-U"); k < 0 || got[k+1] != "s.fq" || slices.Contains(got, "-1") {
			t.Errorf("%s one file: %q\n%s", tool, got, strings.Join(f.Evidence, "\n"))
		}
		f = MapTask(builtinRules, rec, doc, sk, "align the paired reads a_1.fq and a_2.fq to the index idx into a.sam")
		got = Assemble(rec, f).Args
		if !slices.Contains(got, "-1") || !slices.Contains(got, "-2") || slices.Contains(got, "-U") {
			t.Errorf("%s two files: %q", tool, got)
		}
	}
}

// TestBranchTakesMatesOfOneKind checks on hisat2's captured help, built
// from the help alone, that two reads files take the usage's branch -1
// -2, and that a reads file and a SAM file, no pair of mates, do not.
func TestBranchTakesMatesOfOneKind(t *testing.T) {
	cmd, f := mapCaptured(t, "hisat2", nil, "align r1.fq and r2.fq to the index idx")
	if got := cmd.Display; !strings.Contains(got, "-1 r1.fq -2 r2.fq") {
		t.Errorf("mates: %q\n%s", got, strings.Join(f.Evidence, "\n"))
	}
	cmd, _ = mapCaptured(t, "hisat2", nil, "align reads.fq and old.sam to the index idx")
	if got := cmd.Display; strings.Contains(got, "-2 ") || strings.Contains(got, "-1 ") {
		t.Errorf("a FASTQ and a SAM file taken as mates: %q", got)
	}
}
