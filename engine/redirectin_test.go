package engine

import (
	"os"
	"strings"
	"testing"
)

// helpDoc reads the captured help of a tool (parsers/testdata) into a
// ToolDoc as `docs add` does.
func helpDoc(t *testing.T, tool, file string) (*ToolRecord, *ToolDoc) {
	t.Helper()
	b, err := os.ReadFile("../parsers/testdata/" + file + ".txt")
	if err != nil {
		t.Fatal(err)
	}
	rec := &ToolRecord{Name: tool, Executable: tool}
	x := &Explorer{Rules: builtinRules}
	return rec, x.FromText(rec, string(b), nil)
}

// TestInputOnStdin: a tool whose usage reads standard input and lists no
// positional gets the task's input as "< file"; its other input still
// goes to its flag, its output to "> file". A tool with a positional
// place keeps the input there.
func TestInputOnStdin(t *testing.T) {
	for _, c := range []struct{ tool, file, task, display string }{
		{"bamleftalign", "bamleftalign", "left-align indels in realigned_N2.bam against ce11.fa and write compressed BAM to N2.leftaligned.bam",
			"bamleftalign -f ce11.fa -c < realigned_N2.bam > N2.leftaligned.bam"},
		{"bam2bed", "bam2bed", "turn GM12878_chr1.bam into BED GM12878_chr1.bed", "bam2bed < GM12878_chr1.bam > GM12878_chr1.bed"},
		{"vcf-sort", "vcf_sort", "sort calls.vcf in natural chromosome order and write sorted.vcf", "vcf-sort -c < calls.vcf > sorted.vcf"},
	} {
		rec, doc := helpDoc(t, c.tool, c.file)
		if !doc.ReadsStdin {
			t.Fatalf("%s: the help's usage reads standard input, ReadsStdin false", c.tool)
		}
		f := MapTask(builtinRules, rec, doc, nil, c.task)
		cmd := Assemble(rec, f)
		if cmd.Display != c.display {
			t.Errorf("%s %q:\n got %s\nwant %s\n%s", c.tool, c.task, cmd.Display, c.display, strings.Join(f.Evidence, "\n"))
		}
		if cmd.Stdin == "" || cmd.Stdin != f.Stdin || !contains(f.Inputs, f.Stdin) || contains(f.Positionals, f.Stdin) {
			t.Errorf("%s: stdin %q, fill stdin %q, inputs %q, positionals %q", c.tool, cmd.Stdin, f.Stdin, f.Inputs, f.Positionals)
		}
	}
	// a positional place takes the input, whatever the usage says; a
	// repeatable one takes every input
	rec, doc := helpDoc(t, "vcf-sort", "vcf_sort")
	doc.Positionals = []PositionalDoc{{Position: 1, Name: "FILE", ParamType: "file"}}
	f := MapTask(builtinRules, rec, doc, nil, "sort calls.vcf and write sorted.vcf")
	if f.Stdin != "" || !contains(f.Positionals, "calls.vcf") {
		t.Errorf("with a positional place: stdin %q, positionals %q", f.Stdin, f.Positionals)
	}
	// an input past the usage's places is read on standard input
	f = MapTask(builtinRules, rec, doc, nil, "sort calls.vcf and more.vcf and write sorted.vcf")
	if f.Stdin != "more.vcf" || len(f.Positionals) != 1 || f.Positionals[0] != "calls.vcf" {
		t.Errorf("an input past the places: stdin %q, positionals %q\n%s", f.Stdin, f.Positionals, strings.Join(f.Evidence, "\n"))
	}
	doc.Positionals[0].Repeatable = true
	f = MapTask(builtinRules, rec, doc, nil, "sort calls.vcf and more.vcf and write sorted.vcf")
	if f.Stdin != "" || len(f.Positionals) != 2 {
		t.Errorf("a repeatable place: stdin %q, positionals %q", f.Stdin, f.Positionals)
	}
	// a usage that does not read standard input: the input stays a positional
	doc.Positionals, doc.ReadsStdin = nil, false
	f = MapTask(builtinRules, rec, doc, nil, "sort calls.vcf and write sorted.vcf")
	if f.Stdin != "" {
		t.Errorf("usage without standard input: stdin %q", f.Stdin)
	}
}

// TestAssembleStdin: "< file" comes before "> file" in the display, and
// the file is quoted as any word.
func TestAssembleStdin(t *testing.T) {
	rec := &ToolRecord{Name: "wc", Executable: "wc"}
	cmd := Assemble(rec, &Fill{Flags: []FlagValue{{Name: "-l"}}, Stdin: "my reads.txt", Stdout: "n.txt"})
	if cmd.Display != "wc -l < 'my reads.txt' > n.txt" || cmd.Stdin != "my reads.txt" || len(cmd.Args) != 1 {
		t.Errorf("got %q stdin %q args %q", cmd.Display, cmd.Stdin, cmd.Args)
	}
}

// TestStdinInputChecked: Stage 5 warns about a missing input read on
// standard input, as about any input.
func TestStdinInputChecked(t *testing.T) {
	f := &Fill{Stdin: "in.bam", Stdout: "out.bed", Outputs: []string{"out.bed"}}
	if got := inputsOf(f); len(got) != 1 || got[0] != "in.bam" {
		t.Errorf("inputsOf = %q", got)
	}
	f.Outputs = append(f.Outputs, "in.bam")
	if got := inputsOf(f); len(got) != 0 {
		t.Errorf("an input also written: inputsOf = %q", got)
	}
}
