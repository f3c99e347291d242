package engine

import (
	"strings"
	"testing"
)

// TestFileNeverInARegionPlace checks that a file the task reads does not
// take a usage place named for a region ("tabix [FILE] [REGION [...]]")
// when a flag's help holds its words: "the regions listed in targets.bed"
// goes to -R ("restrict to regions listed in the file"). A place whose
// name is a choice of words ("region|window|base") is no region place.
func TestFileNeverInARegionPlace(t *testing.T) {
	rec := &ToolRecord{Name: "tx", Executable: "tx", Installed: true}
	doc := &ToolDoc{Record: *rec, UsagePatterns: []string{"tx [OPTIONS] [FILE] [REGION [...]]"},
		Flags: []FlagDoc{
			{Name: "--regions", Aliases: []string{"-R"}, ParamType: "file", Placeholder: "FILE", Category: "Input", Description: "restrict to regions listed in the file"},
			{Name: "--preset", Aliases: []string{"-p"}, ParamType: "string", Placeholder: "STR", Category: "Format", Description: "gff, bed, sam, vcf"},
		},
		Positionals: []PositionalDoc{{Position: 1, Name: "FILE", ParamType: "file"}, {Position: 2, Name: "REGION", ParamType: "string", Repeatable: true}}}
	f := MapTask(builtinRules, rec, doc, nil, "retrieve the records of calls.vcf.gz that fall in the regions listed in targets.bed")
	if got := Assemble(rec, f).Display; got != "tx -R targets.bed calls.vcf.gz" || !hasEvidence(f, "the usage's place there is for a region") {
		t.Errorf("got %q\n%s", got, strings.Join(f.Evidence, "\n"))
	}
	if !regionPlaceName("REGION") || !regionPlaceName("region1") || regionPlaceName("region|window|base") || regionPlaceName("FILE") {
		t.Error("regionPlaceName")
	}
}
