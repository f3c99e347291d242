package engine

import (
	"strings"
	"testing"
)

// TestCompoundAsksForItsSwitch checks that a hyphenated compound of the
// task that one switch's help writes ("single-end") asks for that switch,
// though another flag's help holds both its parts ("paired end data …
// when using --single") and so covers them word by word; a compound the
// help of two flags writes names neither.
func TestCompoundAsksForItsSwitch(t *testing.T) {
	rec := &ToolRecord{Name: "qq", Executable: "qq"}
	doc := &ToolDoc{Record: *rec, Flags: []FlagDoc{
		{Name: "--single", ParamType: "bool", Category: "General", Description: "Quantify single-end reads"},
		{Name: "--sd", Aliases: []string{"-s"}, ParamType: "float", Category: "General", Description: "Estimated standard deviation of fragment length (estimated from paired end data, but required when using --single)"},
		{Name: "--fragment-length", Aliases: []string{"-l"}, ParamType: "float", Category: "General", Description: "Estimated average fragment length"},
	}}
	f := MapTask(builtinRules, rec, doc, nil, "the single-end library r.fq: fragment length 200, sd 20")
	if got := Assemble(rec, f).Display; !strings.Contains(got, "--single") {
		t.Errorf("got %q, want --single\n%s", got, strings.Join(f.Evidence, "\n"))
	}
	// A compound two flags' help writes names neither of them (cutadapt's
	// "paired-end" in --interleaved and -p: golden cutadapt#2 holds the
	// whole case); writers counts each help once.
	flags := []FlagDoc{
		{Name: "--interleaved", Description: "Read and write interleaved paired-end reads"},
		{Name: "-p", Description: "Write the second read of Paired-End reads to FILE"},
		{Name: "--paired-output", Description: "Write the second read of Paired-End reads to FILE"},
		{Name: "-a", Description: "Sequence of an adapter ligated to the 3' end"},
	}
	if n := writers(flags, "paired-end"); n != 2 {
		t.Errorf("writers of paired-end = %d, want 2", n)
	}
	if n := writers(flags, "single-end"); n != 0 {
		t.Errorf("writers of single-end = %d, want 0", n)
	}
}
