package engine

import (
	"slices"
	"strings"
	"testing"
)

// TestSoleFileOfOtherKindPlaced checks on the captured help of wc and head
// that the task's one file left takes the place of an example's file of
// another kind (a placeholder would leave it out for certain), that the
// evidence says so and counts it, and that with two files left neither is
// guessed.
func TestSoleFileOfOtherKindPlaced(t *testing.T) {
	for _, tc := range []struct {
		tool, exTask, exCmd, task string
		want                      []string
	}{
		{"wc", "count the lines of peaks.bed", "wc -l peaks.bed", "count the lines in notes.txt", []string{"-l", "notes.txt"}},
		{"head", "show the first 10 lines of variants.vcf", "head -n 10 variants.vcf", "show the first 5 lines of reads.fq", []string{"-n", "5", "reads.fq"}},
	} {
		sk := inlineSkill(t, "name: "+tc.tool, tc.exTask, tc.exCmd)
		cmd, f := mapCaptured(t, tc.tool, sk, tc.task)
		if got := cmd.Args; !slices.Equal(got, tc.want) {
			t.Errorf("%s: %q, want %q\n%s", tc.tool, got, tc.want, strings.Join(f.Evidence, "\n"))
		}
		if f.Features["files_other_kind"] != 1 || len(f.Missing) > 0 || len(f.Unused) > 0 {
			t.Errorf("%s: files_other_kind %v, missing %q, unused %q", tc.tool, f.Features["files_other_kind"], f.Missing, f.Unused)
		}
		// Two files left: which one the example's place takes is a guess.
		two := strings.Replace(tc.task, "notes.txt", "a.txt and b.txt", 1)
		two = strings.Replace(two, "reads.fq", "a.fq and b.txt", 1)
		cmd, f = mapCaptured(t, tc.tool, sk, two)
		if f.Features["files_other_kind"] != 0 {
			t.Errorf("%s: placed one of two files: %q", tc.tool, cmd.Args)
		}
	}
}
