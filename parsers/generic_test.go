package parsers

import (
	"reflect"
	"slices"
	"strings"
	"testing"
)

func TestGenericBlast(t *testing.T) {
	s := parseWith(t, "generic", "blastn")
	checkFlags(t, s, []flagWant{
		// one single-dash long flag, never split into letters
		{Flag: Flag{Name: "-outfmt", ParamType: "string", Placeholder: "String", Default: "0"}, Desc: "alignment view options"},
		// "<String, Permissible values: ...>" wrapped onto a second line
		{Flag: Flag{Name: "-task", ParamType: "choice", Placeholder: "String", Default: "megablast",
			Choices: []string{"blastn", "blastn-short", "dc-megablast", "megablast", "rmblastn"}}, Desc: "Task to execute"},
		{Flag: Flag{Name: "-strand", ParamType: "choice", Placeholder: "String", Default: "both", Choices: []string{"both", "minus", "plus"}}, Desc: "Query strand"},
		{Flag: Flag{Name: "-evalue", ParamType: "float", Placeholder: "Real", Default: "10"}, Desc: "Expectation value"},
		{Flag: Flag{Name: "-query", ParamType: "file", Placeholder: "File_In", Default: "-"}, Desc: "Input file name"},
		{Flag: Flag{Name: "-use_index", ParamType: "choice", Placeholder: "Boolean", Default: "false", Choices: []string{"true", "false"}}, Desc: "MegaBLAST database index"},
		// "<Integer, (>=0 and =<4)>": comparisons inside the brackets
		{Flag: Flag{Name: "-sorthits", ParamType: "int", Placeholder: "Integer"}, Desc: "Sorting option for hits"},
		{Flag: Flag{Name: "-best_hit_overhang", ParamType: "float", Placeholder: "Real", Excludes: []string{"culling_limit"}}, Desc: "Best Hit algorithm overhang"},
		{Flag: Flag{Name: "-html", ParamType: "bool"}, Desc: "Produce HTML output?"},
	})
	for _, f := range s.Flags {
		if f.Name == "-o" || f.Name == "-u" {
			t.Errorf("a single-dash long flag was split: %s", f.Name)
		}
	}
	if len(s.Flags) != 71 || s.OptionLines != 71 {
		t.Errorf("%d flags from %d option lines, want 71", len(s.Flags), s.OptionLines)
	}
	if s.Description != "Nucleotide-Nucleotide BLAST 2.12.0+" {
		t.Errorf("description = %q", s.Description)
	}
}

func TestGenericBedtools(t *testing.T) {
	s := parseWith(t, "generic", "bedtools_intersect")
	checkFlags(t, s, []flagWant{
		{Flag: Flag{Name: "-wa", ParamType: "bool"}, Desc: "Write the original entry in A"},
		{Flag: Flag{Name: "-wb", ParamType: "bool"}, Desc: "Useful for knowing _what_ A overlaps"},
		{Flag: Flag{Name: "-ubam", ParamType: "bool"}, Desc: "uncompressed BAM"},
		{Flag: Flag{Name: "-nonamecheck", ParamType: "bool"}, Desc: "naming conventions"},
		// -a and -b appear only in the usage line, outside brackets
		{Flag: Flag{Name: "-a", ParamType: "string", Placeholder: "bed/gff/vcf/bam", Required: true}},
		{Flag: Flag{Name: "-b", ParamType: "string", Placeholder: "bed/gff/vcf/bam", Required: true}},
	})
	if len(s.Flags) != 29 || s.ParsedLines != 27 {
		t.Errorf("%d flags from %d rows, want 29 from 27", len(s.Flags), s.ParsedLines)
	}
	if s.Description != "Report overlaps between two feature files." {
		t.Errorf("description = %q", s.Description)
	}
}

func TestGenericPicard(t *testing.T) {
	s := parseWith(t, "generic", "picard_sortsam")
	checkFlags(t, s, []flagWant{
		{Flag: Flag{Name: "--INPUT", Aliases: []string{"-I"}, ParamType: "file", Placeholder: "File", Required: true}, Desc: "The SAM, BAM or CRAM file to sort."},
		{Flag: Flag{Name: "--SORT_ORDER", Aliases: []string{"-SO"}, ParamType: "string", Placeholder: "SortOrder", Required: true}, Desc: "queryname"},
		// the description is glued to the placeholder: "<Integer>When"
		{Flag: Flag{Name: "--MAX_RECORDS_IN_RAM", ParamType: "int", Placeholder: "Integer", Default: "500000"}, Desc: "When writing files"},
		{Flag: Flag{Name: "--REFERENCE_SEQUENCE", Aliases: []string{"-R"}, ParamType: "file", Placeholder: "File", Default: "null"}, Desc: "Reference sequence file."},
		{Flag: Flag{Name: "--VALIDATION_STRINGENCY", ParamType: "choice", Placeholder: "ValidationStringency", Default: "STRICT", Choices: []string{"STRICT", "LENIENT", "SILENT"}}, Desc: "Validation stringency"},
		{Flag: Flag{Name: "--TMP_DIR", ParamType: "file", Placeholder: "File", Default: "null", Repeatable: true}, Desc: "temporary"},
		{Flag: Flag{Name: "--help", Aliases: []string{"-h"}, ParamType: "choice", Placeholder: "Boolean", Default: "false", Choices: []string{"true", "false"}}, Desc: "display the help message"},
	})
	if len(s.Flags) != 19 || s.OptionLines != 19 {
		t.Errorf("%d flags from %d option lines, want 19", len(s.Flags), s.OptionLines)
	}
	if !strings.HasPrefix(s.Description, "This tool sorts the input SAM or BAM file") {
		t.Errorf("description = %q", s.Description)
	}
}

func TestGenericKeyValue(t *testing.T) {
	s := parseWith(t, "generic", "bbduk")
	checkFlags(t, s, []flagWant{
		{Flag: Flag{Name: "in", ParamType: "file", Placeholder: "file", Style: "kv"}, Desc: "Main input."},
		{Flag: Flag{Name: "ref", ParamType: "file", Placeholder: "file,file", Style: "kv"}, Desc: "reference files"},
		// "(tuc)" opening the description is the short key
		{Flag: Flag{Name: "touppercase", Aliases: []string{"tuc"}, ParamType: "choice", Default: "f", Choices: []string{"t", "f"}, Style: "kv"}, Desc: "upper-case"},
		{Flag: Flag{Name: "reads", ParamType: "int", Default: "-1", Style: "kv"}, Desc: "quit after processing"},
		{Flag: Flag{Name: "qin", ParamType: "string", Default: "auto", Style: "kv"}, Desc: "Input quality offset"},
		// a long key leaves one space before "(mkf)"
		{Flag: Flag{Name: "minkmerfraction", Aliases: []string{"mkf"}, ParamType: "float", Default: "0.0", Style: "kv"}, Desc: "fraction of its total"},
		// its help writes the value onto it: -Xmx20g
		{Flag: Flag{Name: "-Xmx", ParamType: "string", Placeholder: "VALUE", Style: "glued"}, Desc: "Java's memory usage"},
	})
	if len(s.Flags) != 152 || s.OptionLines != 152 {
		t.Errorf("%d flags from %d option lines, want 152", len(s.Flags), s.OptionLines)
	}
	if !strings.HasPrefix(s.Description, "Compares reads to the kmers in a reference dataset") {
		t.Errorf("description = %q", s.Description)
	}
	if len(s.Positionals) != 0 {
		t.Errorf("key=value usage items are not positionals: %+v", s.Positionals)
	}
	if want := []string{"bbduk.sh in=<input file> out=<output file> ref=<contaminant files>"}; !reflect.DeepEqual(s.Usage, want) {
		t.Errorf("usage = %q", s.Usage)
	}
}

func TestGenericMatchesGetoptOnGetoptHelp(t *testing.T) {
	// the fallback reads a getopt help as well as the getopt parser does
	for _, file := range []string{"samtools_sort", "bwa_mem", "minimap2", "bowtie2"} {
		g := parseWith(t, "getopt", file)
		f := parseWith(t, "generic", file)
		g.Parser, f.Parser = "", ""
		if !reflect.DeepEqual(g, f) {
			t.Errorf("%s: generic and getopt differ", file)
		}
	}
}

// EMBOSS (ACD) help: qualifiers whose name may be left out ("[-sequence]"),
// a type column (seqall, seqoutall, integer, boolean), "-[no]name"
// switches, and a "Standard (Mandatory) qualifiers:" heading.
func TestEmbossQualifiers(t *testing.T) {
	help := `Reverse and complement a nucleotide sequence
Version: EMBOSS:6.6.0.0

   Standard (Mandatory) qualifiers:
  [-sequence]          seqall     Nucleotide sequence(s) filename and
                                  optional format, or reference (input USA)
  [-outseq]            seqoutall  [<sequence>.<format>] Sequence set(s)
                                  filename and optional format (output USA)

   Additional (Optional) qualifiers:
   -word               integer    [3] Word size to consider (Integer from 1 to 20)
   -[no]reverse        boolean    [Y] Set this to be false if you do not wish
                                  to reverse the output sequence
`
	d, err := genericParser{}.Parse(help)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"-sequence": "file", "-outseq": "file", "-word": "int", "-reverse": "bool"}
	got := map[string]Flag{}
	for _, f := range d.Flags {
		got[f.Name] = f
	}
	for name, typ := range want {
		f, ok := got[name]
		if !ok || f.ParamType != typ {
			t.Errorf("%s: got %+v, want type %s (flags %v)", name, f, typ, d.Flags)
		}
	}
	if !got["-sequence"].Required || got["-word"].Required {
		t.Errorf("required: -sequence %v, -word %v", got["-sequence"].Required, got["-word"].Required)
	}
	if strings.HasPrefix(got["-word"].Description, "integer") {
		t.Errorf("the type column stays in the description: %q", got["-word"].Description)
	}
	if !slices.Contains(got["-reverse"].Aliases, "-noreverse") {
		t.Errorf("-[no]reverse: aliases %v", got["-reverse"].Aliases)
	}
}

// EMBOSS help: an "Additional (Optional) qualifiers (* if not always
// prompted):" heading, too long for a section label, still ends the
// "Standard (Mandatory) qualifiers:" group.
func TestEmbossOptionalGroupAfterLongHeading(t *testing.T) {
	help := `Calculate the composition of unique words in sequences
Version: EMBOSS:6.6.0.0

   Standard (Mandatory) qualifiers:
  [-sequence]          seqall     Sequence(s) filename and optional format, or
                                  reference (input USA)
   -minoe              float      [0.6] Minimum observed/expected (Number from
                                  0.000 to 10.000)
  [-outfile]           outfile    [*.compseq] This is the results file.

   Additional (Optional) qualifiers (* if not always prompted):
   -frame              integer    [0] The reading frame
   -calcfreq           boolean    [N] Calculate the expected frequencies
`
	d, err := genericParser{}.Parse(help)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]Flag{}
	for _, f := range d.Flags {
		got[f.Name] = f
	}
	// A mandatory qualifier with a default is prompted for with it: it
	// is not missing when left out. Both names are in brackets, so both
	// may be given by place.
	if !got["-sequence"].Required || got["-outfile"].Required {
		t.Errorf("the mandatory group: -sequence required %v (want true), -outfile required %v (want false: it has a default)", got["-sequence"].Required, got["-outfile"].Required)
	}
	if got["-outfile"].Default != "*.compseq" || got["-frame"].Default != "0" || got["-calcfreq"].Default != "N" {
		t.Errorf("ACD defaults: -outfile %q, -frame %q, -calcfreq %q", got["-outfile"].Default, got["-frame"].Default, got["-calcfreq"].Default)
	}
	// "float" is read as the value's name; the default is still the
	// bracket the description opens with.
	if m := got["-minoe"]; m.Default != "0.6" || m.Required || m.ParamType != "float" {
		t.Errorf("-minoe: default %q (want 0.6), required %v (want false), type %q", m.Default, m.Required, m.ParamType)
	}
	if !got["-sequence"].ByPosition || !got["-outfile"].ByPosition || got["-frame"].ByPosition {
		t.Errorf("by position: -sequence %v, -outfile %v (want true), -frame %v (want false)", got["-sequence"].ByPosition, got["-outfile"].ByPosition, got["-frame"].ByPosition)
	}
	if got["-frame"].Required || got["-calcfreq"].Required {
		t.Errorf("the optional group is read as required: -frame %v, -calcfreq %v", got["-frame"].Required, got["-calcfreq"].Required)
	}
}

// TestGenericSections: each flag carries the heading it is listed under
// (diamond's "Makedb options:", "View options:").
func TestGenericSections(t *testing.T) {
	p, err := Get("generic")
	if err != nil {
		t.Fatal(err)
	}
	s, err := p.Parse(strings.Join([]string{
		"Syntax: diamond COMMAND [OPTIONS]",
		"",
		"General options:",
		"--threads (-p)           number of CPU threads",
		"",
		"Makedb options:",
		"--in                     input reference file in FASTA format",
		"",
		"View options:",
		"--daa (-a)               DIAMOND alignment archive (DAA) file",
	}, "\n"))
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]string{"--threads": "General options", "--in": "Makedb options", "--daa": "View options"} {
		if f, ok := findFlag(s, name); !ok || f.Section != want {
			t.Errorf("%s: section %q, want %q (%v)", name, f.Section, want, ok)
		}
	}
}
