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
