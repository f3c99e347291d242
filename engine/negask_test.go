package engine

import (
	"strings"
	"testing"
)

// TestExampleSwitchAskedAwayByANegation checks that an example's switch
// whose words the example's task says plainly ("print only the header")
// and this task only after a negation ("without the header") is dropped,
// and the switch that leaves the header out is added; an example whose
// task negates the same words keeps its switch.
func TestExampleSwitchAskedAwayByANegation(t *testing.T) {
	rec := &ToolRecord{Name: "vv", Executable: "vv"}
	doc := &ToolDoc{Record: *rec, Flags: []FlagDoc{
		{Name: "--header-only", Aliases: []string{"-h"}, ParamType: "bool", Category: "General", Description: "Print only the header in VCF output"},
		{Name: "--no-header", Aliases: []string{"-H"}, ParamType: "bool", Category: "General", Description: "Suppress the header in VCF output"},
		{Name: "--threads", ParamType: "int", Category: "Performance", Description: "number of worker threads"},
	}}
	sk := inlineSkill(t, "name: vv", "print only the header of calls.vcf", "-h calls.vcf")
	f := MapTask(builtinRules, rec, doc, sk, "print the records of x.vcf without the header")
	if got := Assemble(rec, f).Display; got != "vv -H x.vcf" {
		t.Errorf("got %q\n%s", got, strings.Join(f.Evidence, "\n"))
	}
	if !hasEvidence(f, "dropped -h from the example: the task says its words after a negation (header)") {
		t.Errorf("evidence %q", f.Evidence)
	}
	f = MapTask(builtinRules, rec, doc, sk, "print only the header of x.vcf")
	if got := Assemble(rec, f).Display; got != "vv -h x.vcf" {
		t.Errorf("plain: got %q", got)
	}
}

// TestExampleSwitchNamedPlainlyStays checks that an example's switch
// whose own name the task says plainly ("name, length and GC content")
// stays though the task negates another word of its help ("without the
// sequence column" for --length "print sequence length").
func TestExampleSwitchNamedPlainlyStays(t *testing.T) {
	rec := &ToolRecord{Name: "tt", Executable: "tt"}
	doc := &ToolDoc{Record: *rec, Flags: []FlagDoc{
		{Name: "--name", Aliases: []string{"-n"}, ParamType: "bool", Category: "General", Description: "only print names (no sequences)"},
		{Name: "--length", Aliases: []string{"-l"}, ParamType: "bool", Category: "General", Description: "print sequence length"},
		{Name: "--gc", Aliases: []string{"-g"}, ParamType: "bool", Category: "General", Description: "print GC content"},
	}}
	sk := inlineSkill(t, "name: tt", "tabulate ID, length and GC content of each sequence in input.fa", "-n -l -g input.fa")
	f := MapTask(builtinRules, rec, doc, sk, "table with the name, length and GC content of every transcript in t.fasta, without the sequence column")
	if got := Assemble(rec, f).Display; got != "tt -n -l -g t.fasta" {
		t.Errorf("got %q\n%s", got, strings.Join(f.Evidence, "\n"))
	}
}
