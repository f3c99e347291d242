package engine

import (
	"slices"
	"strings"
	"testing"
)

// A flag that reads a set of ranges takes the task's ranges whole, lo-hi
// and joined by commas; with two such flags the numbers are placed one
// by one, as any others.
func TestRangeFlagTakesTheRanges(t *testing.T) {
	doc := func(two bool) (*ToolRecord, *ToolDoc) {
		d := &ToolDoc{Flags: []FlagDoc{
			{Name: "-sequence", ParamType: "file", Placeholder: "FILE", Description: "Sequence filename (input USA)", Required: true, Category: "Input", ByPosition: true},
			{Name: "-regions", ParamType: "string", Placeholder: "RANGE", Description: "[Whole sequence] Regions to put in lower case", Default: "Whole sequence"},
			{Name: "-outseq", ParamType: "file", Placeholder: "FILE", Description: "Sequence set(s) filename (output USA)", Required: true, Category: "Output", ByPosition: true},
		}}
		if two {
			d.Flags = append(d.Flags, FlagDoc{Name: "-keep", ParamType: "string", Placeholder: "RANGE", Description: "Regions to keep"})
		}
		rec := &ToolRecord{Name: "maskit", Executable: "maskit"}
		d.Record = *rec
		return rec, d
	}
	rec, d := doc(false)
	f := MapTask(builtinRules, rec, d, nil, "mask positions 100-250 and 400-420 of clone.fa, write masked.fa")
	if got := Assemble(rec, f).Display; !strings.Contains(got, "-regions 100-250,400-420") {
		t.Errorf("got %s", got)
	}
	if !slices.ContainsFunc(f.Evidence, func(e string) bool { return strings.HasPrefix(e, "gave -regions the task's ranges 100-250,400-420") }) {
		t.Errorf("no evidence: %q", f.Evidence)
	}
	rec, d = doc(true)
	f = MapTask(builtinRules, rec, d, nil, "mask positions 100-250 and 400-420 of clone.fa, write masked.fa")
	if got := Assemble(rec, f).Display; strings.Contains(got, "100-250") {
		t.Errorf("two range flags, yet the ranges went whole to one: %s", got)
	}
}
