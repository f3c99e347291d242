package engine

import (
	"slices"
	"strings"
	"testing"
)

// A listed value the task writes as two words ("a chrom sizes table" for
// pyfaidx's "-i {bed,chromsizes,nucleotide,transposed}") names it as the
// one word does.
func TestChoiceNamedInTwoWords(t *testing.T) {
	rec := &ToolRecord{Name: "faidx", Executable: "faidx", Installed: true}
	doc := &ToolDoc{Record: *rec, Flags: []FlagDoc{
		{Name: "--out", Aliases: []string{"-o"}, ParamType: "string", Placeholder: "OUT", Description: "output file name (default: stdout)", Default: "stdout", Category: "Output"},
		{Name: "--transform", Aliases: []string{"-i"}, ParamType: "choice", Placeholder: "bed,chromsizes,nucleotide,transposed", Description: "transform the requested regions into another format. default: None", Default: "None", Category: "Format", Choices: []string{"bed", "chromsizes", "nucleotide", "transposed"}},
	}, Positionals: []PositionalDoc{{Position: 1, Name: "fasta", ParamType: "string", Description: "FASTA file", Required: true}}}
	f := MapTask(builtinRules, rec, doc, nil, "write a chrom sizes table for hg38.fa to hg38.chrom.sizes")
	if !slices.ContainsFunc(f.Flags, func(fv FlagValue) bool { return fv.Name == "-i" && fv.Value == "chromsizes" }) {
		t.Errorf("flags %+v\n%s", f.Flags, strings.Join(f.Evidence, "\n"))
	}
}
