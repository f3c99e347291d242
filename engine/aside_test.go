package engine

import (
	"strings"
	"testing"
)

// A flag the task names in an aside takes the value before it ("put 0/0
// (the -R option)"), the noun "option" then asks for nothing more, and a
// region goes to a flag whose placeholder lists kinds of value ("-r
// <list|file>"), not values to choose from.
func TestAsideFlagAndKindPlaceholder(t *testing.T) {
	rec := &ToolRecord{Name: "vm", Executable: "vm", Installed: true}
	doc := &ToolDoc{Record: *rec, UsagePatterns: []string{"vm [OPTIONS] file1.vcf file2.vcf.gz ... > out.vcf"},
		Flags: []FlagDoc{
			{Name: "--regions", Aliases: []string{"-r"}, ParamType: "string", Placeholder: "list|file", Description: "Do only the given regions (comma-separated list or one region per line in a file)."},
			{Name: "--ref-for-missing", Aliases: []string{"-R"}, ParamType: "string", Placeholder: "string", Description: "Use the REF allele instead of the default missing genotype (e.g. 0/0)."},
			{Name: "--silent", Aliases: []string{"-s"}, ParamType: "bool", Description: "Try to be a bit more silent."},
		},
		Positionals: []PositionalDoc{{Position: 1, Name: "file1.vcf", ParamType: "file", Required: true}, {Position: 2, Name: "file2.vcf.gz", ParamType: "file", Required: true, Repeatable: true}}}
	f := MapTask(builtinRules, rec, doc, nil, "merge t1.vcf.gz and t2.vcf.gz over 3:10-900, with 0/0 (the -R option) for missing genotypes, into both.vcf")
	got := Assemble(rec, f).Display
	if got != "vm -r 3:10-900 -R 0/0 t1.vcf.gz t2.vcf.gz > both.vcf" {
		t.Errorf("got %q\n%s", got, strings.Join(f.Evidence, "\n"))
	}
	if hasEvidence(f, "value kind") || hasEvidence(f, "accounts for: option") || hasEvidence(f, ", option") {
		t.Errorf("evidence:\n%s", strings.Join(f.Evidence, "\n"))
	}
	if cs := choicesOf(FlagDoc{Placeholder: "list|file"}); cs != nil {
		t.Errorf("choicesOf(list|file) = %q", cs)
	}
	if cs := choicesOf(FlagDoc{Placeholder: "snps|indels|both"}); len(cs) != 3 {
		t.Errorf("choicesOf(snps|indels|both) = %q", cs)
	}
}
