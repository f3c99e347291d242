package engine

import "testing"

// A listed value the task writes as the help spells it, with capitals,
// alone or before a hyphen, is asked for whatever the flag's category:
// bamCoverage's --normalizeUsing {RPKM,CPM,…} for "RPKM-normalised"; a
// lower-case word is prose, a kind's name (SAM) is the kind flags', and a
// value a sentence quotes is no listed value.
func TestWritesCode(t *testing.T) {
	cmd, f := mapHelpOnly(t, "bamCoverage", "Make an RPKM-normalised bigWig from h3k27ac_rep1.bam with 25 bp bins on 4 processors, saving h3k27ac_rep1.rpkm.bw")
	wantIn(t, cmd, f, "--normalizeUsing RPKM")
	norm := FlagDoc{Name: "--normalizeUsing", ParamType: "choice", Choices: []string{"RPKM", "CPM", "BPM", "RPGC", "None"}, Description: "Use one of the entered methods to normalize the number of reads per bin."}
	m := &mapper{task: "normalise to CPM, then the rpkm-like values; keep SAM-like records"}
	for v, want := range map[string]bool{"CPM": true, "RPKM": false, "rpkm": false, "SAM": false, "BP": false} {
		if got := m.writesCode(norm, v); got != want {
			t.Errorf("writesCode(%s) = %v, want %v", v, got, want)
		}
	}
}
