package engine

import (
	"strings"
	"testing"
)

// TestOneLetterNamePartIsNoStopword checks that a one-letter part of a
// switch's name ("A" of -sizeA, for ascending) is not read as the stopword
// "a": -sizeA is not named by "size" alone, so "by size in descending
// order" asks for -sizeD, not both.
func TestOneLetterNamePartIsNoStopword(t *testing.T) {
	rec := &ToolRecord{Name: "bs", Executable: "bs"}
	doc := &ToolDoc{Record: *rec, Flags: []FlagDoc{
		{Name: "-sizeA", ParamType: "bool", Category: "General", Description: "Sort by feature size in ascending order."},
		{Name: "-sizeD", ParamType: "bool", Category: "General", Description: "Sort by feature size in descending order."},
		{Name: "-i", ParamType: "file", Placeholder: "FILE", Category: "Input", Description: "Input file."},
	}}
	sk := inlineSkill(t, "name: bs", "sort the intervals of a.bed", "-i a.bed")
	f := MapTask(builtinRules, rec, doc, sk, "sort the intervals of x.bed by size in descending order")
	if got := Assemble(rec, f).Display; got != "bs -i x.bed -sizeD" {
		t.Errorf("got %q\n%s", got, strings.Join(f.Evidence, "\n"))
	}
}
