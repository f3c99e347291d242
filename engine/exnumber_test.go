package engine

import (
	"slices"
	"strings"
	"testing"
)

// TestExampleNumberWordsFitTheFlag checks on the captured help of shuf and
// uniq that a task number takes an example flag when the words around it
// are the words the example's task said that flag's value with ("pick
// 100 random gene IDs" for -n 100), though the flag's help alone fits
// them too little, and that a number said in other words does not.
func TestExampleNumberWordsFitTheFlag(t *testing.T) {
	for _, tc := range []struct {
		tool, flag, exTask, exCmd, task, other string
		want                                   []string
	}{
		{"shuf", "-n", "pick 100 random gene IDs from genes.txt", "shuf -n 100 genes.txt",
			"randomly pick 50 lines from big.txt", "shuffle big.txt with 50 as the random seed",
			[]string{"-n", "50", "big.txt"}},
		{"uniq", "-w", "count barcodes in cb.txt by their first 16 characters", "uniq -c -w 16 cb.txt",
			"count barcodes in bc.txt by their first 12 characters", "count barcodes in bc.txt, 12 of them",
			[]string{"-c", "-w", "12", "bc.txt"}},
	} {
		sk := inlineSkill(t, "name: "+tc.tool, tc.exTask, tc.exCmd)
		cmd, f := mapCaptured(t, tc.tool, sk, tc.task)
		if got := cmd.Args; !slices.Equal(got, tc.want) {
			t.Errorf("%s: %q, want %q\n%s", tc.tool, got, tc.want, strings.Join(f.Evidence, "\n"))
		}
		cmd, f = mapCaptured(t, tc.tool, sk, tc.other)
		got := cmd.Args
		if k := slices.Index(got, tc.flag); k >= 0 && k+1 < len(got) && got[k+1] == tc.want[len(tc.want)-2] {
			t.Errorf("%s: %q took %s from other words: %q", tc.tool, tc.other, tc.flag, got)
		}
	}
}
