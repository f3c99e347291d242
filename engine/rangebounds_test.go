package engine

import (
	"strings"
	"testing"
)

// palindromeDoc is a help with a minimum and a maximum of one length and
// a maximum gap whose help shares "between" with a range.
func palindromeDoc() (*ToolRecord, *ToolDoc) {
	doc := &ToolDoc{Flags: []FlagDoc{
		{Name: "-sequence", ParamType: "file", Placeholder: "seqall", Description: "Nucleotide sequence(s) filename (input USA)", Required: true, Category: "Input", ByPosition: true},
		{Name: "-minpallen", ParamType: "int", Placeholder: "integer", Description: "[10] Enter minimum length of palindrome", Default: "10"},
		{Name: "-maxpallen", ParamType: "int", Placeholder: "integer", Description: "[100] Enter maximum length of palindrome", Default: "100"},
		{Name: "-gaplimit", ParamType: "int", Placeholder: "integer", Description: "[100] Enter maximum gap between repeated regions", Default: "100"},
		{Name: "-nummismatches", ParamType: "int", Placeholder: "integer", Description: "[0] Number of mismatches allowed", Default: "0"},
		{Name: "-outfile", ParamType: "file", Placeholder: "outfile", Description: "[*.palindrome] Output file name", Category: "Output", ByPosition: true},
		{Name: "-overlap", Aliases: []string{"-nooverlap"}, ParamType: "bool", Description: "[Y] Report overlapping matches", Default: "Y"},
	}}
	rec := &ToolRecord{Name: "palindrome", Executable: "palindrome"}
	doc.Record = *rec
	return rec, doc
}

// A range's lower bound never goes to a flag whose help says a maximum;
// it goes to the sibling of the flag its upper bound went to.
func TestRangeBoundsTakeSiblingFlags(t *testing.T) {
	rec, doc := palindromeDoc()
	f := MapTask(builtinRules, rec, doc, nil, "Look for inverted repeats in phage.fa: arms between 15 and 40 bp, at most a 20 bp gap between the arms, 1 mismatch allowed. Output phage.pal")
	got := Assemble(rec, f).Display
	for _, want := range []string{"-minpallen 15", "-maxpallen 40", "-gaplimit 20", "-nummismatches 1"} {
		if !strings.Contains(got, want) {
			t.Errorf("%s lacks %s", got, want)
		}
	}
}

// "don't report overlapping ones" negates -overlap: "overlapping" and
// "overlap" meet once the doubled consonant is undone.
func TestNegatedDoubledConsonant(t *testing.T) {
	rec, doc := palindromeDoc()
	f := MapTask(builtinRules, rec, doc, nil, "find repeats in a.fa, and don't report overlapping ones. Output a.pal")
	if got := Assemble(rec, f).Display; !strings.HasSuffix(got, " -nooverlap") {
		t.Errorf("got %s, want -nooverlap", got)
	}
	if got := undoubled(map[string]bool{"overlapp": true, "fill": true, "trim": true}); !got["overlap"] || !got["fill"] || !got["trim"] || len(got) != 3 {
		t.Errorf("undoubled: %v", got)
	}
}

func TestOppositeBound(t *testing.T) {
	maxGap := FlagDoc{Name: "-gaplimit", Description: "Enter maximum gap between repeated regions"}
	minLen := FlagDoc{Name: "-minpallen", Description: "Enter minimum length of palindrome"}
	both := FlagDoc{Name: "-len", Description: "minimum or maximum length"}
	deep := FlagDoc{Name: "--r2", Description: "LD statistic reports. Both are based on the maximum likelihood solution"}
	late := FlagDoc{Name: "--r3", Description: "LD statistic reports for the pairs of a window at the maximum"}
	for _, c := range []struct {
		fd    FlagDoc
		bound string
		want  bool
	}{
		{maxGap, "low", true}, {maxGap, "least", true}, {maxGap, "high", false}, {maxGap, "", false},
		{minLen, "most", true}, {minLen, "high", true}, {minLen, "low", false},
		{both, "low", false}, {both, "high", false},
		{deep, "low", false}, {late, "low", false},
	} {
		if got := oppositeBound(c.fd, c.bound); got != c.want {
			t.Errorf("%s, %q: got %v", c.fd.Name, c.bound, got)
		}
	}
}

func TestBoundSibling(t *testing.T) {
	c := &candidate{flags: []FlagDoc{{Name: "-maxpallen"}, {Name: "-minpallen"}, {Name: "--max-len", Aliases: []string{"-M"}}, {Name: "--min-len"}, {Name: "--MaxDepth"}, {Name: "--MinDepth"}, {Name: "--maximum"}}}
	for name, want := range map[string]string{"-maxpallen": "-minpallen", "-minpallen": "-maxpallen", "--max-len": "--min-len", "--MaxDepth": "--MinDepth", "--maximum": ""} {
		fd, _ := LookupFlag(c.flags, name)
		sib, ok := boundSibling(c, fd)
		if ok != (want != "") || sib.Name != want {
			t.Errorf("%s: got %q %v, want %q", name, sib.Name, ok, want)
		}
	}
	if sameCase("MAX", "min") != "MIN" || sameCase("Max", "min") != "Min" || sameCase("max", "min") != "min" {
		t.Error("sameCase")
	}
}
