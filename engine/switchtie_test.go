package engine

import (
	"strings"
	"testing"
	"time"
)

// TestSwitchTieLeavesOtherAsks checks, on the captured help of bedtools
// getfasta, that two switches a task word names alike ("the BED name":
// -name and -nameOnly) are neither added, are recorded as unmet though one
// word names them, and do not keep the task's other words from adding
// their switch ("reverse-complementing minus-strand features": -s).
func TestSwitchTieLeavesOtherAsks(t *testing.T) {
	cmd, f := mapCaptured(t, "bedtools", nil, "extract the sequences of the regions in p.bed from g.fa, reverse-complementing minus-strand features and using the BED name in the header; save p.fa")
	if got := cmd.Display; !strings.Contains(got+" ", " -s ") || strings.Contains(got, "-name") || f.Features["unmet_switch"] != 1 || !hasEvidence(f, "fits them as well") {
		t.Errorf("got %q, features %v\n%s", got, f.Features, strings.Join(f.Evidence, "\n"))
	}
}

// TestSwitchTieOnNameStartsEnds checks that a tie whose words are name
// terms the task says only as the start of longer words ("fractional
// overlapping" for --fraction-overlap and --overlap-fraction) ends the
// switch pass: nothing is set aside, so another round would tie again.
func TestSwitchTieOnNameStartsEnds(t *testing.T) {
	rec := &ToolRecord{Name: "tt", Executable: "tt"}
	doc := &ToolDoc{Record: *rec, Flags: []FlagDoc{
		{Name: "--fraction-overlap", ParamType: "bool", Category: "General", Description: "report A"},
		{Name: "--overlap-fraction", ParamType: "bool", Category: "General", Description: "report B"},
		{Name: "-o", ParamType: "file", Category: "Output", Description: "output file"},
	}}
	done := make(chan string, 1)
	go func() {
		f := MapTask(builtinRules, rec, doc, nil, "report the fractional overlapping of a.bed into b.txt")
		done <- Assemble(rec, f).Display
	}()
	select {
	case got := <-done:
		if strings.Contains(got, "fraction") {
			t.Errorf("a tie added a switch: %q", got)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("the switch pass did not end on a tie of name starts")
	}
}
