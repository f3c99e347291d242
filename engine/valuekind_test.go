package engine

import (
	"testing"
)

func TestKindMismatch(t *testing.T) {
	file := FlagDoc{Name: "-R", ParamType: "file"}
	integer := FlagDoc{Name: "-n", ParamType: "int"}
	number := FlagDoc{Name: "-p", ParamType: "float"}
	str := FlagDoc{Name: "-s", ParamType: "string"}
	for _, c := range []struct {
		fd   FlagDoc
		v    string
		want bool
	}{
		{file, "7", true}, {file, "chr7", true}, {file, "chr1:100-200", true}, {file, "regions.bed", false}, {file, "-", false},
		{integer, "12", false}, {integer, "2G", false}, {integer, "4.6m", false}, {integer, "10%", true}, {integer, "0.5", true}, {integer, "part_", true}, {integer, "r.fq", true},
		{number, "0.1", false}, {number, "1e-5", false}, {number, "10%", true}, {number, "hits.tsv", true},
		{str, "10%", false}, {str, "7", false},
		// A count where the help reads a share (seqkit sample -p "sample by proportion").
		{FlagDoc{Name: "-p", ParamType: "float", Description: "sample by proportion"}, "500", true},
		{FlagDoc{Name: "-p", ParamType: "float", Description: "sample by proportion"}, "0.1", false},
		{FlagDoc{Name: "-p", ParamType: "float", Description: "sample by proportion"}, "1", false},
		{FlagDoc{Name: "-m", ParamType: "float", Description: "minimum identity"}, "97", false},
		{FlagDoc{Name: "-H", ParamType: "string", Description: "Reference panel of haplotypes in VCF/BCF format"}, "8", true},
		{FlagDoc{Name: "-H", ParamType: "string", Description: "Reference panel of haplotypes in VCF/BCF format"}, "ref.bcf", false},
		{FlagDoc{Name: "-l", ParamType: "string", Description: "compression level of the BAM file written"}, "6", false},
		{FlagDoc{Name: "-w", ParamType: "string", Description: "window size in the output format"}, "6", false},
	} {
		if got := kindMismatch(c.fd, c.v) != ""; got != c.want {
			t.Errorf("kindMismatch(%s %s, %q) = %v, want %v", c.fd.Name, c.fd.ParamType, c.v, got, c.want)
		}
	}
}

// TestMapValueOfTheWrongKindIsUncertain checks that a task number placed
// into a flag the help reads as a file makes the command uncertain,
// whatever its confidence, and is named in the fill and the evidence.
func TestMapValueOfTheWrongKindIsUncertain(t *testing.T) {
	rec := &ToolRecord{Name: "sh", Executable: "sh"}
	doc := &ToolDoc{Record: *rec, Flags: []FlagDoc{
		{Name: "--random-source", ParamType: "file", Category: "General", Description: "get random bytes from FILE"},
		{Name: "--count", Aliases: []string{"-n"}, ParamType: "int", Category: "General", Description: "output at most COUNT lines"},
	}}
	sk := inlineSkill(t, "name: sh", "pick 5 random lines of a.txt", "--random-source 5 a.txt")
	f := MapTask(builtinRules, rec, doc, sk, "pick 10 random lines of b.txt")
	cmd := Assemble(rec, f).Display
	if cmd != "sh --random-source 10 b.txt" || len(f.Mismatched) != 1 || !f.Uncertain || f.Features["value_kind_mismatches"] != 1 ||
		!hasEvidence(f, "value kind: --random-source 10 is a number or a region where the help reads a file") {
		t.Errorf("%s: mismatched %q uncertain %v\n%q", cmd, f.Mismatched, f.Uncertain, f.Evidence)
	}
}

// TestChoiceMismatch: a value outside the values a help lists is a
// mismatch; capitals in the list name kinds (NUM|AUTO) and are not read
// as literal values; "z[0-9]" allows z and z with a digit.
func TestChoiceMismatch(t *testing.T) {
	cases := []struct {
		fd   FlagDoc
		v    string
		want bool
	}{
		{FlagDoc{Name: "-f", Placeholder: "sam|bam|json|unpack"}, "42", true},
		{FlagDoc{Name: "-f", Placeholder: "sam|bam|json|unpack"}, "BAM", false},
		{FlagDoc{Name: "-O", Placeholder: "u|b|v|z[0-9]"}, "z", false},
		{FlagDoc{Name: "-O", Placeholder: "u|b|v|z[0-9]"}, "z9", false},
		{FlagDoc{Name: "-O", Placeholder: "u|b|v|z[0-9]"}, "30", true},
		{FlagDoc{Name: "-T", ParamType: "choice", Choices: []string{"NUM", "AUTO"}}, "8", false},
		{FlagDoc{Name: "-L", Placeholder: "FILENAME|REGION"}, "t.bed", false},
		{FlagDoc{Name: "--fix", Choices: []string{"snps", "indels", "gaps"}}, "snps,indels", false},
		{FlagDoc{Name: "--fix", Choices: []string{"snps", "indels", "gaps"}}, "snps,all", true},
	}
	for _, c := range cases {
		if got := kindMismatch(c.fd, c.v) != ""; got != c.want {
			t.Errorf("%s %s (%q %q): mismatch %v, want %v", c.fd.Name, c.v, c.fd.Placeholder, c.fd.Choices, got, c.want)
		}
	}
}
