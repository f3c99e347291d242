package engine

import (
	"slices"
	"strings"
	"testing"

	"github.com/traitome/oxo-call/task"
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
		// A file where the flag's name says it takes a format's name.
		{FlagDoc{Name: "--outfmt", ParamType: "string", Description: "choose output legacy 3.x file formats by name"}, "model_h2.hmm", true},
		{FlagDoc{Name: "--outfmt", ParamType: "string"}, "2", false},
		{FlagDoc{Name: "--output-fmt-option", ParamType: "string"}, "noRG.bam", true},
		{FlagDoc{Name: "--format-file", ParamType: "string"}, "fmt.txt", false},
		// A number where the placeholder reads a format's name and the
		// help numbers no format (samtools -O); BLAST's numbered formats
		// take one.
		{FlagDoc{Name: "--output-fmt", ParamType: "string", Placeholder: "FORMAT[,OPT[=VAL]]", Description: "Specify output format (SAM, BAM, CRAM)"}, "42", true},
		{FlagDoc{Name: "--output-fmt", ParamType: "string", Placeholder: "FORMAT[,OPT[=VAL]]", Description: "Specify output format (SAM, BAM, CRAM)"}, "bam", false},
		{FlagDoc{Name: "-outfmt", ParamType: "string", Placeholder: "<format>", Description: "alignment view options: 0 = Pairwise, 6 = Tabular"}, "6", false},
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

// TestNumberOnAFilePlace checks, on phmmer's captured help, that a task
// number given to a flag whose help writes its placeholder as a file's
// ("-A <f>: save multiple alignment of hits to file <f>") makes the
// command uncertain, and that prose ("Maximum file size") does not count.
func TestNumberOnAFilePlace(t *testing.T) {
	got, f := mapGolden(t, "phmmer", "search lyso.faa against sp.fasta with phmmer, reporting only hits with E-value below 0.001, output to lyso.txt")
	// (the task's number belongs on -E; wherever it goes, on -A it is
	// never a sure command)
	if strings.Contains(got, "-A 0.001") && (!f.Uncertain || !hasEvidence(f, "slot: -A 0.001 is a number where the help reads a file")) {
		t.Errorf("phmmer: got %q\n%s", got, strings.Join(f.Evidence, "\n"))
	}
	for _, c := range []struct {
		fd   FlagDoc
		want bool
	}{
		{FlagDoc{Name: "-A", Placeholder: "f", Description: "save multiple alignment of hits to file <f>"}, true},
		{FlagDoc{Name: "--rs", Placeholder: "FILE", Description: "get random bytes from file FILE"}, true},
		{FlagDoc{Name: "--max-size", Placeholder: "size", Description: "Maximum file size to download in KB"}, false},
		{FlagDoc{Name: "-o", ParamType: "file", Placeholder: "f", Description: "direct output to file <f>"}, false},
		{FlagDoc{Name: "-E", Placeholder: "x", Description: "report sequences <= this E-value threshold"}, false},
	} {
		if got := namesFilePlace(c.fd); got != c.want {
			t.Errorf("namesFilePlace(%s %q) = %v", c.fd.Name, c.fd.Description, got)
		}
	}
}

// TestBundledSwitchNotAddedAgain checks, on show-coords' captured help,
// that a switch an example writes in a bundle ("-rcl") is not added again
// on its own.
func TestBundledSwitchNotAddedAgain(t *testing.T) {
	got, f := mapOn(t, "show-coords", "print the coordinates of a.delta sorted by reference, with coverage and lengths, to a.coords",
		"-rcl a.delta", "print the coordinates of b.delta sorted by reference with percent coverage and sequence lengths")
	if !strings.Contains(got+" ", " -rcl ") || strings.Contains(got+" ", " -r ") {
		t.Errorf("got %q\n%s", got, strings.Join(f.Evidence, "\n"))
	}
}

// TestChineseDirectoryName checks that a word before 目录 ("results 目录下
// 的报告") is an item of the task: a command that leaves it out is
// uncertain and names it.
func TestChineseDirectoryName(t *testing.T) {
	got, f := mapGolden(t, "multiqc", "用 MultiQC 汇总 qc_runs 目录下的所有质控报告,输出到 mqc_out 目录")
	if !strings.Contains(got, "qc_runs") && (!f.Uncertain || !slices.Contains(f.Unused, "qc_runs")) {
		t.Errorf("got %q, unused %q\n%s", got, f.Unused, strings.Join(f.Evidence, "\n"))
	}
	if fr := task.Parse("汇总 qc_runs 目录下的报告"); !slices.ContainsFunc(fr.Values, func(v task.Value) bool { return v.Text == "qc_runs" }) {
		t.Errorf("values %+v", fr.Values)
	}
}

// TestValuesListIsWhole: a help that lists every value after "(Values:"
// (EMBOSS menus) takes no number outside the list: "table 4" goes to
// -table, not to -frame, whose list has no 4, and a 4 on -frame is a
// value-kind mismatch.
func TestValuesListIsWhole(t *testing.T) {
	checkCommands(t, "transeq", nil,
		taskCommand{"translate cds_q.fa in all three forward frames with table 4, save cds_q.pep", "transeq -sequence cds_q.fa -outseq cds_q.pep -table 4 -frame F"})
	doc := goldenDoc(t, "transeq")
	frame, _ := LookupFlag(doc.Flags, "-frame")
	if why := kindMismatch(frame, "4"); !strings.Contains(why, "not one of the values the help lists (1, 2, 3, F, -1, -2, -3, R, 6)") {
		t.Errorf("-frame 4: %q", why)
	}
	for _, v := range []string{"f", "-1", "6"} {
		if why := kindMismatch(frame, v); why != "" {
			t.Errorf("-frame %s: %q", v, why)
		}
	}
	if valuesListed(FlagDoc{Description: "one; two (2); three (3)"}) != nil {
		t.Error("a list without (Values: is no whole list")
	}
}
