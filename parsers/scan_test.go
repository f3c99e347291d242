package parsers

import (
	"reflect"
	"testing"
)

func TestDedupeMergesLaterMentions(t *testing.T) {
	flags := []Flag{
		{Name: "--out", ParamType: "bool"},
		{Name: "--in", ParamType: "file", Placeholder: "FILE"},
		{Name: "--out", Aliases: []string{"-o"}, ParamType: "file", Placeholder: "FILE", Description: "Output.", Default: "-"},
		{Name: "--out", Aliases: []string{"-o", "-O"}, ParamType: "string"},
	}
	want := []Flag{
		{Name: "--out", Aliases: []string{"-o", "-O"}, ParamType: "file", Placeholder: "FILE", Description: "Output.", Default: "-"},
		{Name: "--in", ParamType: "file", Placeholder: "FILE"},
	}
	if got := dedupeFlags(flags); !reflect.DeepEqual(got, want) {
		t.Errorf("dedupeFlags = %+v", got)
	}
}

// A table whose rows put one space (or " : ") between flag and
// description is read when at least three such rows stand together; one
// such line alone stays prose.
func TestSpacedRowTable(t *testing.T) {
	help := `Options:
 --mix : both short and long reads are provided
        (long reads must come second)
 -e only estimate the abundance of given transcripts (requires -G)
 -B enable output of table files which will be created in the
    same directory as the output GTF
 -t INT number of threads
 -x do not assemble any transcripts on the given sequence(s)
`
	s, err := getoptParser{}.Parse(help)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"--mix": "both short and long reads are provided (long reads must come second)",
		"-e":    "only estimate the abundance of given transcripts (requires -G)",
		"-B":    "enable output of table files which will be created in the same directory as the output GTF",
		"-x":    "do not assemble any transcripts on the given sequence(s)",
	}
	for n, d := range want {
		f, ok := findFlag(s, n)
		if !ok || f.ParamType != "bool" || f.Description != d {
			t.Errorf("%s: %+v", n, f)
		}
	}
	// a row a placeholder already reads keeps its value
	if f, _ := findFlag(s, "-t"); f.ParamType != "int" || f.Description != "number of threads" {
		t.Errorf("-t: %+v", f)
	}
	if s.OptionLines != s.ParsedLines {
		t.Errorf("%d option lines, %d parsed", s.OptionLines, s.ParsedLines)
	}

	prose := "Notes:\n  -e only estimates the abundance of given transcripts\n  and needs a reference.\n"
	s, _ = getoptParser{}.Parse(prose)
	if len(s.Flags) != 0 {
		t.Errorf("prose read as flags: %+v", s.Flags)
	}
}

// A row of one flag and one plain word, its description on the deeper
// lines below, takes that word as the value's name; without a
// description below the row is not read.
func TestValueWordRow(t *testing.T) {
	help := `    OUTPUTS:
      --output prefix
         Prefix for output files
      --outdir directory
         Use this directory for all output files.
      --vcf
         If specified, a vcf file will be generated
`
	s, err := genericParser{}.Parse(help)
	if err != nil {
		t.Fatal(err)
	}
	for n, ph := range map[string]string{"--output": "prefix", "--outdir": "directory"} {
		f, ok := findFlag(s, n)
		if !ok || f.Placeholder != ph || f.ParamType == "bool" || f.Description == "" {
			t.Errorf("%s: %+v", n, f)
		}
	}
	if f, _ := findFlag(s, "--vcf"); f.ParamType != "bool" {
		t.Errorf("--vcf: %+v", f)
	}
	// the word is a value only when a description follows below
	if _, ok := valueWordRow("--output prefix", []string{"", "--vcf"}, 0); ok {
		t.Errorf("row without a description below read")
	}
	if _, ok := valueWordRow("--output Prefix", []string{"   Prefix for output"}, 0); ok {
		t.Errorf("capitalised word read as a value")
	}
	if _, ok := valueWordRow("--output prefix", nil, 0); ok {
		t.Errorf("row at the end of the text read")
	}
	if _, ok := valueWordRow("--output prefix", []string{"", "    Prefix"}, 0); !ok {
		t.Errorf("row with a description after a blank line not read")
	}
}

// "{-B|-b <dir_path>}" in a usage over a table listing -B and -b apart:
// alternatives, and the value is the last one's. "[-j ][--ids <f>]"
// holds two groups.
func TestUsageAlternativesAndJoinedGroups(t *testing.T) {
	help := `Prog v1.2.3 usage:

prog <in.bam> {-B|-b <dir_path>} [-j ][--ids <IDs.lst>]
Options:
 -B enable output of table files in the output directory
 -b enable output of table files under the given directory
 -j join the records of one locus
 --ids keep only the records whose IDs are listed
`
	s, err := getoptParser{}.Parse(help)
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Usage) != 1 {
		t.Fatalf("usage %q", s.Usage)
	}
	for n, ph := range map[string]string{"-B": "", "-b": "dir_path", "-j": "", "--ids": "IDs.lst"} {
		f, ok := findFlag(s, n)
		if !ok || f.Placeholder != ph || (ph == "") != (f.ParamType == "bool") {
			t.Errorf("%s: %+v", n, f)
		}
	}
	if !endsWithUsageLabel("Tool 0.12 usage:") || endsWithUsageLabel("Basic usage:") || endsWithUsageLabel("Tool version usage:") {
		t.Errorf("usage label after a version")
	}
}

// Option rows stacked with no help of their own share the help written
// below the last of them (vcftools' "--freq" over "--freq2"); help on a
// row's own line is that row's alone, and a blank line ends the stack.
func TestStackedRowsShareHelp(t *testing.T) {
	help := `OPTIONS
       --freq
       --freq2
         Outputs the allele frequency for each site.

       --counts

       --depth
         Outputs the mean depth.

       -o, --output-dir <path>
       -p, --plot-threshold <float>   Plot aberrant chromosomes
`
	s, err := getoptParser{}.Parse(help)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"--freq":           "Outputs the allele frequency for each site.",
		"--freq2":          "Outputs the allele frequency for each site.",
		"--counts":         "",
		"--depth":          "Outputs the mean depth.",
		"--output-dir":     "",
		"--plot-threshold": "Plot aberrant chromosomes",
	}
	for n, d := range want {
		if f, ok := findFlag(s, n); !ok || f.Description != d {
			t.Errorf("%s: %+v", n, f)
		}
	}
}
