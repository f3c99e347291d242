package engine

import (
	"strings"
	"testing"

	"github.com/traitome/oxo-call/task"
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

// Built from the help alone, a region goes to the usage's place for one
// when that place comes before the files ("mc segment [alignments]",
// whose help shows "e.g. chr7:123400-123500"), and after them when the
// usage reads it last ("[region ...]").
func TestRegionAtTheUsagesPlace(t *testing.T) {
	rec := &ToolRecord{Name: "mc", Executable: "mc", Installed: true}
	doc := &ToolDoc{Record: *rec, UsagePatterns: []string{"mc [-h] segment [alignments] [sequences ...]"},
		Positionals: []PositionalDoc{
			{Position: 1, Name: "segment", ParamType: "string", Required: true, Description: "zero-based sequence range, e.g. chr7:123400-123500"},
			{Position: 2, Name: "alignments", ParamType: "string", Description: "file of sequence alignments in MAF format"},
			{Position: 3, Name: "sequences", ParamType: "string", Repeatable: true, Description: "file of sequences in fasta or fastq format"},
		}}
	f := MapTask(builtinRules, rec, doc, nil, "cut the alignments in aln.maf that fall in chr1:5000-6000")
	if got := Assemble(rec, f).Display; got != "mc chr1:5000-6000 aln.maf" || !hasEvidence(f, "put the region chr1:5000-6000 at positional 1") {
		t.Errorf("got %q\n%s", got, strings.Join(f.Evidence, "\n"))
	}
	doc = &ToolDoc{Record: *rec, UsagePatterns: []string{"mc <in.bam> [region ...]"},
		Positionals: []PositionalDoc{{Position: 1, Name: "in.bam", ParamType: "file", Required: true}, {Position: 2, Name: "region", Repeatable: true}}}
	f = MapTask(builtinRules, rec, doc, nil, "show the reads of aln.bam in chr1:100-200")
	if got := Assemble(rec, f).Display; got != "mc aln.bam chr1:100-200" {
		t.Errorf("got %q\n%s", got, strings.Join(f.Evidence, "\n"))
	}
	if regionPlace(doc.Positionals) != 1 || regionPlace(nil) != -1 {
		t.Error("regionPlace")
	}
}

// Two regions keep the task's order at the usage's place for them.
func TestRegionsInTheTasksOrder(t *testing.T) {
	rec := &ToolRecord{Name: "tx", Executable: "tx", Installed: true}
	doc := &ToolDoc{Record: *rec, UsagePatterns: []string{"tx [OPTIONS] [FILE] [REGION [...]]"},
		Positionals: []PositionalDoc{{Position: 1, Name: "FILE", ParamType: "file"}, {Position: 2, Name: "REGION", Repeatable: true}}}
	f := MapTask(builtinRules, rec, doc, nil, "show the lines of peaks.bed.gz in chr1:1-100000 and chr2:1-100000")
	if got := Assemble(rec, f).Display; got != "tx peaks.bed.gz chr1:1-100000 chr2:1-100000" {
		t.Errorf("got %q\n%s", got, strings.Join(f.Evidence, "\n"))
	}
}

// Built from the help alone, the usage's place named as a file of the
// kind the task writes ("dotplot.png") takes the task's output when no
// input is of that kind; an input of that kind leaves it a place to read.
func TestOutputPlaceByKind(t *testing.T) {
	rec := &ToolRecord{Name: "ld", Executable: "ld", Installed: true}
	doc := &ToolDoc{Record: *rec, UsagePatterns: []string{"ld [options] maf-or-tab-alignments dotplot.png"},
		Flags:       []FlagDoc{{Name: "--width", Aliases: []string{"-x"}, ParamType: "int", Placeholder: "INT", Description: "maximum width in pixels"}},
		Positionals: []PositionalDoc{{Position: 1, Name: "maf-or-tab-alignments", ParamType: "string", Required: true}, {Position: 2, Name: "dotplot.png", ParamType: "file", Required: true}}}
	f := MapTask(builtinRules, rec, doc, nil, "draw a dotplot of hc.maf as hc_dot.png")
	if got := Assemble(rec, f).Display; got != "ld hc.maf hc_dot.png" || !hasEvidence(f, "the usage's dotplot.png is the output") {
		t.Errorf("got %q\n%s", got, strings.Join(f.Evidence, "\n"))
	}
	// the slot check reads the place as the output's too
	for _, l := range f.Mismatched {
		if strings.Contains(l, "output written as a positional") {
			t.Errorf("mismatch: %s", l)
		}
	}
	if outputPlaceByKind(doc.Positionals, []task.File{{Path: "a.png", Type: "image"}}, []task.File{{Path: "b.png", Type: "image"}}) != -1 ||
		outputPlaceByKind(doc.Positionals, nil, []task.File{{Path: "b.txt", Type: "text"}}) != -1 {
		t.Error("outputPlaceByKind")
	}
}
