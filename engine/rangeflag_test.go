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

// A unit written onto a number ("6-mer") says what it is in a help's
// words when no flag fits the number's own: -wordsize ("Word size") takes
// it. A number with words of its own keeps their fit.
func TestUnitSenseOfAKmer(t *testing.T) {
	rec := &ToolRecord{Name: "wcount", Executable: "wcount"}
	doc := &ToolDoc{Record: *rec, Flags: []FlagDoc{
		{Name: "-sequence", ParamType: "file", Placeholder: "FILE", Description: "Sequence filename (input USA)", Required: true, Category: "Input", ByPosition: true},
		{Name: "-wordsize", ParamType: "int", Description: "Word size (Integer 1 or more)"},
		{Name: "-mincount", ParamType: "int", Description: "Minimum word count to report"},
		{Name: "-outfile", ParamType: "file", Placeholder: "FILE", Description: "Output file name", Required: true, Category: "Output", ByPosition: true},
	}}
	f := MapTask(builtinRules, rec, doc, nil, "count every 6-mer in promoters.fa, counts to out.txt")
	if got := Assemble(rec, f).Display; !strings.Contains(got, "-wordsize 6") {
		t.Errorf("got %s\n%s", got, strings.Join(f.Evidence, "\n"))
	}
	f = MapTask(builtinRules, rec, doc, nil, "count every 6-mer in promoters.fa seen at least 5 times, counts to out.txt")
	if got := Assemble(rec, f).Display; !strings.Contains(got, "-wordsize 6") || !strings.Contains(got, "-mincount 5") {
		t.Errorf("got %s\n%s", got, strings.Join(f.Evidence, "\n"))
	}
	// A flag that names only how the unit is measured (a window's size)
	// is no place for it: the number stays unplaced.
	doc.Flags[1] = FlagDoc{Name: "-window", ParamType: "int", Description: "This is the size of window in which to count"}
	doc.Flags = slices.Delete(doc.Flags, 2, 3) // no -mincount
	f = MapTask(builtinRules, rec, doc, nil, "count every 6-mer in promoters.fa, counts to out.txt")
	if got := Assemble(rec, f).Display; strings.Contains(got, "-window") || !slices.Contains(f.Unused, "6") {
		t.Errorf("got %s (unused %q)", got, f.Unused)
	}
}
