package parsers

import (
	"reflect"
	"testing"
)

func TestGetoptSamtoolsSort(t *testing.T) {
	s := parseWith(t, "getopt", "samtools_sort")
	if s.Parser != "getopt" {
		t.Errorf("parser = %q", s.Parser)
	}
	checkFlags(t, s, []flagWant{
		{Flag: Flag{Name: "--threads", Aliases: []string{"-@"}, ParamType: "int", Placeholder: "INT", Default: "0"}, Desc: "Number of additional threads"},
		{Flag: Flag{Name: "-o", ParamType: "file", Placeholder: "FILE"}, Desc: "Write final output to FILE"},
		{Flag: Flag{Name: "-n", ParamType: "bool"}, Desc: "Sort by read name"},
		{Flag: Flag{Name: "-m", ParamType: "int", Placeholder: "INT", Default: "768M"}, Desc: "maximum memory per thread"},
		{Flag: Flag{Name: "--output-fmt", Aliases: []string{"-O"}, ParamType: "string", Placeholder: "FORMAT[,OPT[=VAL]]", Repeatable: true}, Desc: "output format"},
		{Flag: Flag{Name: "--no-PG", ParamType: "bool"}, Desc: "Do not add a PG line"},
		{Flag: Flag{Name: "--write-index", ParamType: "bool", Default: "off"}, Desc: "index the output"},
		{Flag: Flag{Name: "--reference", ParamType: "file", Placeholder: "FILE", Default: "null"}, Desc: "Reference sequence FASTA FILE"},
	})
	if len(s.Flags) != 18 || s.OptionLines != 18 || s.ParsedLines != 18 {
		t.Errorf("flags %d, option lines %d, parsed %d; want 18 each", len(s.Flags), s.OptionLines, s.ParsedLines)
	}
	if want := []string{"samtools sort [options...] [in.bam]"}; !reflect.DeepEqual(s.Usage, want) {
		t.Errorf("usage = %q", s.Usage)
	}
	want := []Positional{{Position: 1, Name: "in.bam", ParamType: "file"}}
	if !reflect.DeepEqual(s.Positionals, want) {
		t.Errorf("positionals = %+v", s.Positionals)
	}
	// the complaint about --help printed before the help is no description
	if s.Description != "" {
		t.Errorf("description = %q", s.Description)
	}
}

func TestGetoptBwaMem(t *testing.T) {
	s := parseWith(t, "getopt", "bwa_mem")
	checkFlags(t, s, []flagWant{
		{Flag: Flag{Name: "-t", ParamType: "int", Placeholder: "INT", Default: "1"}, Desc: "number of threads"},
		{Flag: Flag{Name: "-r", ParamType: "float", Placeholder: "FLOAT", Default: "1.5"}, Desc: "internal seeds"},
		{Flag: Flag{Name: "-O", ParamType: "string", Placeholder: "INT[,INT]", Default: "6,6"}, Desc: "gap open penalties"},
		// the default ends the first line; a list of presets follows
		{Flag: Flag{Name: "-x", ParamType: "string", Placeholder: "STR", Default: "null"}, Desc: "ont2d: -k14"},
		{Flag: Flag{Name: "-H", ParamType: "file", Placeholder: "STR/FILE", Default: "null"}, Desc: "insert STR to header"},
		{Flag: Flag{Name: "-o", ParamType: "file", Placeholder: "FILE", Default: "stdout"}, Desc: "sam file"},
		{Flag: Flag{Name: "-5", ParamType: "bool"}, Desc: "smallest coordinate"},
		{Flag: Flag{Name: "-K", ParamType: "int", Placeholder: "INT"}, Desc: "process INT input bases"},
		{Flag: Flag{Name: "-I", ParamType: "string", Placeholder: "FLOAT[,FLOAT[,INT[,INT]]]", Default: "inferred"}, Desc: "FR orientation only"},
	})
	if len(s.Flags) != 36 {
		t.Errorf("%d flags, want 36", len(s.Flags))
	}
	want := []Positional{
		{Position: 1, Name: "idxbase", ParamType: "string", Required: true},
		{Position: 2, Name: "in1.fq", ParamType: "file", Required: true},
		{Position: 3, Name: "in2.fq", ParamType: "file"},
	}
	if !reflect.DeepEqual(s.Positionals, want) {
		t.Errorf("positionals = %+v", s.Positionals)
	}
}

func TestGetoptMinimap2(t *testing.T) {
	s := parseWith(t, "getopt", "minimap2")
	checkFlags(t, s, []flagWant{
		{Flag: Flag{Name: "-x", ParamType: "string", Placeholder: "STR"}, Desc: "preset"},
		{Flag: Flag{Name: "-k", ParamType: "int", Placeholder: "INT", Default: "15"}, Desc: "k-mer size"},
		{Flag: Flag{Name: "-I", ParamType: "int", Placeholder: "NUM", Default: "4G"}, Desc: "split index"},
		{Flag: Flag{Name: "-r", ParamType: "string", Placeholder: "NUM[,NUM]", Default: "500,20000"}, Desc: "bandwidth"},
		{Flag: Flag{Name: "--cs", ParamType: "string", Placeholder: "STR", Default: "none", OptionalValue: true, AttachedValue: true}, Desc: "output the cs tag"},
		{Flag: Flag{Name: "--MD", ParamType: "bool"}, Desc: "MD tag"},
		{Flag: Flag{Name: "-d", ParamType: "file", Placeholder: "FILE"}, Desc: "dump index"},
	})
	if len(s.Flags) != 35 {
		t.Errorf("%d flags, want 35", len(s.Flags))
	}
	want := []Positional{
		{Position: 1, Name: "target.fa|target.idx", ParamType: "file", Required: true},
		{Position: 2, Name: "query.fa", ParamType: "file", Repeatable: true},
	}
	if !reflect.DeepEqual(s.Positionals, want) {
		t.Errorf("positionals = %+v", s.Positionals)
	}
}

func TestGetoptBowtie2(t *testing.T) {
	s := parseWith(t, "getopt", "bowtie2")
	checkFlags(t, s, []flagWant{
		// "Options (defaults in parentheses)": a trailing "(x)" is the default
		{Flag: Flag{Name: "--threads", Aliases: []string{"-p"}, ParamType: "int", Placeholder: "int", Default: "1"}, Desc: "alignment threads"},
		{Flag: Flag{Name: "--trim3", Aliases: []string{"-3"}, ParamType: "int", Placeholder: "int", Default: "0"}, Desc: "3'/right end"},
		{Flag: Flag{Name: "--trim-to", ParamType: "string", Placeholder: "[3:|5:]<int>", Default: "0"}, Desc: "trim reads exceeding"},
		{Flag: Flag{Name: "-F", ParamType: "string", Placeholder: "k:<int>,i:<int>"}, Desc: "continuous FASTA"},
		{Flag: Flag{Name: "--rdg", ParamType: "string", Placeholder: "<int>,<int>", Default: "5,3"}, Desc: "read gap open"},
		{Flag: Flag{Name: "--very-sensitive-local", ParamType: "bool"}, Desc: "-D 20 -R 3"},
		{Flag: Flag{Name: "--local", ParamType: "bool", Default: "off"}, Desc: "soft clipped"},
		// "--fr/--rf/--ff" are three options, not spellings of one
		{Flag: Flag{Name: "--rf", ParamType: "bool"}, Desc: "mates align"},
		{Flag: Flag{Name: "--ff", ParamType: "bool"}, Desc: "mates align"},
		// shown only in the usage line
		{Flag: Flag{Name: "-x", ParamType: "string", Placeholder: "bt2-idx", Required: true}},
		{Flag: Flag{Name: "-U", ParamType: "string", Placeholder: "r"}},
		{Flag: Flag{Name: "-S", ParamType: "string", Placeholder: "sam"}},
	})
	// the note "--un-gz <path>, to gzip ..." is prose, no option row; the
	// flags it makes (suffixedFlags) take --un's value and help
	if f, ok := findFlag(s, "--un-gz"); !ok || f.ParamType != "file" || f.Description != "write unpaired reads that didn't align to <path>, gzip compress output" {
		t.Errorf("--un-gz: %+v %v", f, ok)
	}
	if s.OptionLines != s.ParsedLines {
		t.Errorf("option lines %d, parsed %d", s.OptionLines, s.ParsedLines)
	}
}

func TestGetoptHisat2(t *testing.T) {
	s := parseWith(t, "getopt", "hisat2")
	checkFlags(t, s, []flagWant{
		{Flag: Flag{Name: "--threads", Aliases: []string{"-p"}, ParamType: "int", Placeholder: "int", Default: "1"}, Desc: "alignment threads"},
		{Flag: Flag{Name: "--known-splicesite-infile", ParamType: "file", Placeholder: "path"}, Desc: "known splice sites"},
		{Flag: Flag{Name: "-x", ParamType: "string", Placeholder: "ht2-idx", Required: true}},
	})
	// "--un-gz <path>, to gzip ..." is prose at option indentation: no
	// option row, but a flag the note makes
	if _, ok := findFlag(s, "--al-conc-bz2"); !ok || s.OptionLines != s.ParsedLines {
		t.Errorf("option lines %d, parsed %d", s.OptionLines, s.ParsedLines)
	}
}

func TestGetoptFastp(t *testing.T) {
	s := parseWith(t, "getopt", "fastp")
	checkFlags(t, s, []flagWant{
		// the type and default come from the "(int [=4])" suffix
		{Flag: Flag{Name: "--compression", Aliases: []string{"-z"}, ParamType: "int", Placeholder: "int", Default: "4"}, Desc: "compression level"},
		{Flag: Flag{Name: "--in1", Aliases: []string{"-i"}, ParamType: "string", Placeholder: "string"}, Desc: "read1 input file name"},
		// "(default mode)" in prose is not the default: "[=]" says none
		{Flag: Flag{Name: "--unpaired2", ParamType: "string", Placeholder: "string"}, Desc: "unpaired2"},
		{Flag: Flag{Name: "--report_title", Aliases: []string{"-R"}, ParamType: "string", Placeholder: "string", Default: "fastp report"}, Desc: "should be quoted"},
		{Flag: Flag{Name: "--merge", Aliases: []string{"-m"}, ParamType: "bool"}, Desc: "merge each pair"},
		{Flag: Flag{Name: "--thread", Aliases: []string{"-w"}, ParamType: "int", Placeholder: "int", Default: "3"}, Desc: "worker thread number"},
	})
	if len(s.Flags) != 86 {
		t.Errorf("%d flags, want 86", len(s.Flags))
	}
}

func TestGetoptSeqtkSeq(t *testing.T) {
	s := parseWith(t, "getopt", "seqtk_seq")
	checkFlags(t, s, []flagWant{
		// the first row shares the "Options:" heading's line
		{Flag: Flag{Name: "-q", ParamType: "int", Placeholder: "INT", Default: "0"}, Desc: "mask bases"},
		{Flag: Flag{Name: "-f", ParamType: "float", Placeholder: "FLOAT", Default: "1"}, Desc: "sample FLOAT fraction"},
		{Flag: Flag{Name: "-1", ParamType: "bool"}, Desc: "2n-1 reads"},
		{Flag: Flag{Name: "-M", ParamType: "file", Placeholder: "FILE", Default: "null"}, Desc: "mask regions"},
	})
	if len(s.Flags) != 20 {
		t.Errorf("%d flags, want 20", len(s.Flags))
	}
	want := []Positional{{Position: 1, Name: "in.fq|in.fa", ParamType: "file", Required: true}}
	if !reflect.DeepEqual(s.Positionals, want) {
		t.Errorf("positionals = %+v", s.Positionals)
	}
}

func TestGetoptBcftoolsView(t *testing.T) {
	s := parseWith(t, "getopt", "bcftools_view")
	checkFlags(t, s, []flagWant{
		{Flag: Flag{Name: "--output-type", Aliases: []string{"-O"}, ParamType: "string", Placeholder: "u|b|v|z[0-9]", Default: "v"}, Desc: "un/compressed BCF"},
		{Flag: Flag{Name: "--regions-overlap", ParamType: "choice", Placeholder: "0|1|2", Choices: []string{"0", "1", "2"}, Default: "1"}, Desc: "Include if POS"},
		{Flag: Flag{Name: "--output", Aliases: []string{"-o"}, ParamType: "file", Placeholder: "FILE", Default: "stdout"}, Desc: "Output file name"},
		// "[default]" says the flag is the default behaviour, not a value
		{Flag: Flag{Name: "--with-header", ParamType: "bool"}, Desc: "header and records"},
		// "-c/C, --min-ac/--max-ac" pairs two options
		{Flag: Flag{Name: "--min-ac", Aliases: []string{"-c"}, ParamType: "string", Placeholder: "INT[:TYPE]", Default: "nref"}, Desc: "Minimum/maximum count"},
		{Flag: Flag{Name: "--max-ac", Aliases: []string{"-C"}, ParamType: "string", Placeholder: "INT[:TYPE]", Default: "nref"}, Desc: "Minimum/maximum count"},
		// "-f,   --apply-filters": aligned names, not a column gap
		{Flag: Flag{Name: "--apply-filters", Aliases: []string{"-f"}, ParamType: "string", Placeholder: "LIST"}, Desc: "FILTER strings"},
		{Flag: Flag{Name: "--novel", Aliases: []string{"-n"}, ParamType: "bool"}, Desc: "known/novel"},
	})
	if len(s.Flags) != 40 || s.ParsedLines != 31 {
		t.Errorf("%d flags from %d rows, want 40 from 31", len(s.Flags), s.ParsedLines)
	}
	if s.Description != "VCF/BCF conversion, view, subset and filter VCF/BCF files." {
		t.Errorf("description = %q", s.Description)
	}
	want := []Positional{
		{Position: 1, Name: "in.vcf.gz", ParamType: "file", Required: true},
		{Position: 2, Name: "region1", ParamType: "string", Repeatable: true},
	}
	if !reflect.DeepEqual(s.Positionals, want) {
		t.Errorf("positionals = %+v", s.Positionals)
	}
}
