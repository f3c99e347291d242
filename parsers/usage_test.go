package parsers

import (
	"reflect"
	"strings"
	"testing"
)

func TestFindUsage(t *testing.T) {
	cases := []struct {
		help string
		want []string
	}{
		// on the label's line, continued deeper
		{"usage: prog [-h] [-a A]\n            [-b B]\n\nmore", []string{"prog [-h] [-a A] [-b B]"}},
		// below a bare label, two usages at the same column
		{"Usage:\n  prog run [flags]\n  prog [command]\n\nFlags:", []string{"prog run [flags]", "prog [command]"}},
		{"USAGE\n  blastn [-h]\n    [-db x]\nDESCRIPTION", []string{"blastn [-h] [-db x]"}},
		// a blank line between label and usage
		{"USAGE:\n\n    tool <x>\n", []string{"tool <x>"}},
		// a heading right below ends it
		{"usage: fastp [options] ...\noptions:\n  -i", []string{"fastp [options] ..."}},
		{"Usage: a\nUsage: b", []string{"a", "b"}},
		{"Usage: tool [opts]\n       tool -x", []string{"tool [opts]", "tool -x"}},
		// a man page's or POD's SYNOPSIS heading, forms indented below it
		{"SYNOPSIS\n     rsem-x [options] a b\n     rsem-x [options] --paired-end a c b\n\nARGUMENTS", []string{"rsem-x [options] a b", "rsem-x [options] --paired-end a c b"}},
		// a label closing the first sentence of the line
		{"gffread v0.12.7. Usage:\ngffread [-g <fa>] [-s <x>]\n [-w <exons.fa>]\n [<input_gff>]\n\n Filter", []string{"gffread [-g <fa>] [-s <x>] [-w <exons.fa>] [<input_gff>]"}},
		// a sentence under the usage, indented deeper, is not part of it
		{"USAGE: sort-bed [--help] <file1.bed> <...>\n        Sort BED file(s).\n        May use '-' to indicate stdin.\n", []string{"sort-bed [--help] <file1.bed> <...>"}},
		// not usage lines
		{"see the Usage:\n  x [y]", nil},
		{"Synopsis:\n  barrnap 0.9 - rapid ribosomal RNA prediction\nAuthor:", nil},
		{"SYNOPSIS of it\n  x [y]", nil},
		{"Usage of gofmt:\n  -d\tdiff", nil},
		{"Usage example: x", nil},
		{"Usage:\nOptions:", nil},
		{"        usage: deep", nil},
		{"usage", nil},
	}
	for _, c := range cases {
		got, _ := findUsage(splitLines(c.help))
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("findUsage(%q) = %q, want %q", c.help, got, c.want)
		}
	}
}

func TestUsagePositionals(t *testing.T) {
	cases := []struct {
		usage string
		want  []Positional
	}{
		{"tool [options] <in.bam> [out.bam]", []Positional{
			{Position: 1, Name: "in.bam", ParamType: "file", Required: true},
			{Position: 2, Name: "out.bam", ParamType: "file"}}},
		// A parenthesised note after the form holds no arguments.
		{"hmmfetch [options] <hmmfile> <key>         (retrieves HMM named <key>)", []Positional{
			{Position: 1, Name: "hmmfile", ParamType: "file", Required: true},
			{Position: 2, Name: "key", ParamType: "string", Required: true}}},
		// jellyfish writes a type word and a regex-style count.
		{"jellyfish merge [options] input:string+", []Positional{
			{Position: 1, Name: "input", ParamType: "string", Required: true, Repeatable: true}}},
		{"tool count [options] db:path file:path*", []Positional{
			{Position: 1, Name: "db", ParamType: "file", Required: true},
			{Position: 2, Name: "file", ParamType: "file", Repeatable: true}}},
		{"tool sub -o OUT INPUT... [-v]", []Positional{
			{Position: 1, Name: "INPUT", ParamType: "string", Required: true, Repeatable: true}}},
		{"prog [-h] -t TFILE [TFILE ...] {run,stop} rest", []Positional{
			{Position: 1, Name: "{run,stop}", ParamType: "choice", Required: true, Choices: []string{"run", "stop"}},
			{Position: 2, Name: "rest", ParamType: "string", Required: true}}},
		{"tool <a>|<b> [x] [...]", []Positional{
			{Position: 1, Name: "a|b", ParamType: "string", Required: true},
			{Position: 2, Name: "x", ParamType: "string", Repeatable: true}}},
		{"tool [OPTIONS]... [path]… NUM", []Positional{
			{Position: 1, Name: "path", ParamType: "file", Repeatable: true},
			{Position: 2, Name: "NUM", ParamType: "int", Required: true}}},
		{"bbduk.sh in=<file> out=<file>", nil},
		// a numbered series written out: one repeatable argument
		{"fastqc seqfile1 seqfile2 .. seqfileN", []Positional{
			{Position: 1, Name: "seqfileN", ParamType: "file", Required: true, Repeatable: true}}},
		{"bedtools multiinter -i FILE1 FILE2 .. FILEn", []Positional{
			{Position: 1, Name: "FILE2", ParamType: "file", Required: true, Repeatable: true}}},
		// a word that ends in n after an ellipsis is an argument of its own
		{"tool files... pattern", []Positional{
			{Position: 1, Name: "files", ParamType: "file", Required: true, Repeatable: true},
			{Position: 2, Name: "pattern", ParamType: "string", Required: true}}},
		// a redirection written onto its file is no argument
		{"freebayes -f [REFERENCE] [OPTIONS] [BAM] >[OUTPUT]", []Positional{
			{Position: 1, Name: "REFERENCE", ParamType: "string"},
			{Position: 2, Name: "BAM", ParamType: "string"}}},
		{"tool <in.txt> <list", []Positional{{Position: 1, Name: "in.txt", ParamType: "file", Required: true}}},
		// a group of flags one of which is needed: its words are their values
		{"NanoStat [-h] [-t N] (--fastq file [file ...] | --bam file [file ...]) rest", []Positional{
			{Position: 1, Name: "rest", ParamType: "string", Required: true}}},
		{"tool (-o OFILE | --o-prefix OPREFIX)", nil},
		{"tool {-1 <m1> | -U <r>} [-S <sam>] -- ...", nil},
		{"tool", nil},
		{"tool | [-x]", nil},
		{"tool ... -x", nil},
		{"tool [+]", nil},
	}
	for _, c := range cases {
		if got := usagePositionals(c.usage); !reflect.DeepEqual(got, c.want) {
			t.Errorf("usagePositionals(%q) =\n %+v\nwant\n %+v", c.usage, got, c.want)
		}
	}
}

func TestUsageFlags(t *testing.T) {
	got := usageFlags([]string{
		"tool -x <idx> {-1 <m1> | -U <r>} [-S <sam>] [--version|--version-only] [-outfmt format] -q",
		"",
	})
	want := []Flag{
		{Name: "-x", ParamType: "string", Placeholder: "idx", Required: true},
		{Name: "-1", ParamType: "string", Placeholder: "m1"},
		{Name: "-U", ParamType: "string", Placeholder: "r"},
		{Name: "-S", ParamType: "string", Placeholder: "sam"},
		{Name: "--version", Aliases: []string{"--version-only"}, ParamType: "bool"},
		{Name: "-outfmt", ParamType: "string", Placeholder: "format"},
		{Name: "-q", ParamType: "bool", Required: true},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("usageFlags =\n %+v\nwant\n %+v", got, want)
	}
}

func TestUsageOperandIsNoFlagValue(t *testing.T) {
	// hmmfetch: "<hmmfile>" is an operand of the first form, so -f and
	// --index before it in the others are switches.
	got := usageFlags([]string{
		"hmmfetch [options] <hmmfile> <key> (retrieves HMM named <key>)",
		"hmmfetch [options] -f <hmmfile> <keyfile> (retrieves all HMMs in <keyfile>)",
		"hmmfetch [options] --index <hmmfile> (indexes <hmmfile>)",
		"hmmfetch -o <out> <hmmfile>",
	})
	want := []Flag{
		{Name: "-f", ParamType: "bool"},
		{Name: "--index", ParamType: "bool"},
		{Name: "-o", ParamType: "string", Placeholder: "out"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("usageFlags =\n %+v\nwant\n %+v", got, want)
	}
	// One form alone has no operand to tell a value from.
	if got := usageFlags([]string{"tool -f <file> <other>"}); len(got) != 1 || got[0].ParamType == "bool" {
		t.Errorf("single form: %+v", got)
	}
}

func TestMergeUsageFlags(t *testing.T) {
	listed := []Flag{
		{Name: "--index", Aliases: []string{"-x"}, ParamType: "bool"},
		{Name: "-v", ParamType: "bool"},
	}
	fromUsage := []Flag{
		{Name: "-x", ParamType: "string", Placeholder: "idx", Required: true},
		{Name: "-v", ParamType: "bool"},
		{Name: "-b", ParamType: "string", Placeholder: "bam"},
	}
	got := mergeUsageFlags(append([]Flag(nil), listed...), fromUsage, false)
	want := []Flag{
		{Name: "--index", Aliases: []string{"-x"}, ParamType: "string", Placeholder: "idx", Required: true},
		{Name: "-v", ParamType: "bool"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("merge without add = %+v", got)
	}
	got = mergeUsageFlags(append([]Flag(nil), listed...), fromUsage, true)
	if len(got) != 3 || got[2].Name != "-b" {
		t.Errorf("merge with add = %+v", got)
	}
}

func TestIsOptionsMarker(t *testing.T) {
	for in, want := range map[string]bool{
		"[options]": true, "[OPTIONS]...": true, "[options...]": true, "[options]*": true,
		"[flags]": true, "[arguments]": true, "[<options>]": true,
		"<options>": false, "[in.bam]": false, "options": false,
	} {
		if got := isOptionsMarker(in); got != want {
			t.Errorf("isOptionsMarker(%q) = %v", in, got)
		}
	}
}

func TestUsageFormsAndBundles(t *testing.T) {
	fs := usageFlags([]string{"samtools index -M [-bc] [-m INT] <in1.bam> <in2.bam>...", "samtools index [-bc] [-m INT] <in.bam> [out.index]"})
	for _, f := range fs {
		if f.Name == "-M" && f.Required {
			t.Error("-M is required by one usage form only, so it is not required")
		}
		if f.Name == "-bc" {
			t.Error("[-bc] is two switches, not a flag named -bc")
		}
	}
	fs = usageFlags([]string{"tool -x <idx> [-outfmt format]"})
	found := false
	for _, f := range fs {
		found = found || f.Name == "-outfmt"
	}
	if !found {
		t.Error("-outfmt with a value is a single-dash long flag")
	}
}

// A usage line whose flags the option table gives a value writes their
// values as plain words ("-i input -g reference_genome -o output"): they
// are no positionals; after a switch of the table, a plain word is one.
func TestUsageValuesOfTableFlags(t *testing.T) {
	help := `Usage:

  ./exactSNP [options] -i input -g reference_genome -o output

Required arguments:

  -i <file>  Specify name of an input file including read mapping results.

  -g <file>  Specify name of the file including all reference sequences.

  -o <file>  Specify name of the output file.

Optional arguments:

  -b         Indicate the input file provided via -i is in BAM format.
`
	s, err := getoptParser{}.Parse(help)
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Positionals) != 0 {
		t.Errorf("positionals %+v, want none", s.Positionals)
	}
	got := usagePositionalsWith("tk -b input", map[string]bool{"-i": true})
	if len(got) != 1 || got[0].Name != "input" {
		t.Errorf("after a switch: %+v", got)
	}
	if plainWord("") || plainWord("-x") || plainWord("a<b>") || !plainWord("ref_genome.fa") {
		t.Error("plainWord")
	}
}

func TestModePositionals(t *testing.T) {
	mode := func(name string, choices ...string) Positional {
		return Positional{Position: 1, Name: name, ParamType: "choice", Required: true, Choices: choices}
	}
	cases := []struct {
		usages []string
		want   []Positional
	}{
		// one line per output format: the word chooses a mode
		{[]string{"maf-convert --help", "maf-convert axt mafFile(s)", "maf-convert sam mafFile(s)"}, []Positional{
			mode("axt|sam", "axt", "sam"),
			{Position: 2, Name: "mafFile(s)", ParamType: "file", Required: true}}},
		// after a subcommand's word; operands in lower case
		{[]string{"tool conv encode [options] infile outfile", "tool conv decode [options] infile outfile"}, []Positional{
			mode("encode|decode", "encode", "decode"),
			{Position: 2, Name: "infile", ParamType: "file", Required: true},
			{Position: 3, Name: "outfile", ParamType: "file", Required: true}}},
		// the group of the most words wins
		{[]string{"tool a X", "tool b X", "tool c Y Z", "tool d Y Z", "tool e Y Z"}, []Positional{
			mode("c|d|e", "c", "d", "e"),
			{Position: 2, Name: "Y", ParamType: "string", Required: true},
			{Position: 3, Name: "Z", ParamType: "string", Required: true}}},
		// not modes: one line, placeholders, flags, no operand after,
		// different operands
		{[]string{"maf-convert sam mafFile(s)"}, nil},
		{[]string{"fasterq-dump <path> [options]", "fasterq-dump <accession> [options]"}, nil},
		{[]string{"muscle -align input.fa -output aln.afa", "muscle -super5 input.fa -output aln.afa"}, nil},
		{[]string{"tool start [options]", "tool stop [options]"}, nil},
		{[]string{"tool index <ref.fa>", "tool mem <ref> <reads.fq>"}, nil},
		{nil, nil},
	}
	for _, c := range cases {
		if got := modePositionals(c.usages, nil); !reflect.DeepEqual(got, c.want) {
			t.Errorf("modePositionals(%q) =\n %+v\nwant\n %+v", c.usages, got, c.want)
		}
	}
}

func TestModePositionalsFromHelp(t *testing.T) {
	s, err := argparseParser{}.Parse(load(t, "maf-convert"))
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Positionals) != 2 || s.Positionals[0].Name != "axt|bed|blast|blasttab|chain|gff|html|psl|sam|tab" || len(s.Positionals[0].Choices) != 10 || s.Positionals[1].Name != "mafFile(s)" {
		t.Errorf("maf-convert positionals = %+v", s.Positionals)
	}
}

func TestUsageComment(t *testing.T) {
	for note, want := range map[string]int{
		"(retrieves HMM named <key>) x": 4,
		"(indexes <hmmfile>)":           2,
		"(in | other) more":             0, // alternatives
		"(--fastq file)":                0, // a group of flags
		"(Input) x":                     0, // one word, capitalised
		"(retrieves":                    0, // never closed
	} {
		if got := usageComment(tokens(note)); got != want {
			t.Errorf("usageComment(%q) = %d, want %d", note, got, want)
		}
	}
}

// A bracketed name whose last part says options ("[sortOptions]",
// "[process-flags]", "[other_options]") is an options marker, not a
// positional; a name that only begins so is not.
func TestNamedOptionsMarker(t *testing.T) {
	for _, c := range []struct {
		usage string
		want  int
	}{
		{"bamtools sort [-in <filename>] [-out <filename>] [sortOptions]", 0},
		{"closest-features [Process-Flags] <input-file> <query-file>", 2},
		{"tool [other_options] <in.bam>", 1},
		{"tool [options_file] <in.bam>", 2},
		{"tool [OPTIONS] <in.bam>", 1},
		{"vcftools [ --vcf FILE | --gzvcf FILE ] [ --out OUTPUT PREFIX ] [ FILTERING OPTIONS ] [ OUTPUT OPTIONS ]", 0},
	} {
		if got := UsagePositionals(c.usage); len(got) != c.want {
			t.Errorf("%s: %d positionals %v, want %d", c.usage, len(got), got, c.want)
		}
	}
}

// A man page wraps a long synopsis at the form's own column; a line after
// a form that leaves a bracket open continues it, and is no form of its
// own.
func TestWrappedSynopsis(t *testing.T) {
	help := "NAME\n       vt - variant tools\n\nSYNOPSIS\n       vt [ --vcf FILE ] [ --out PREFIX ] [ FILTERING OPTIONS ]  [ OUTPUT\n       OPTIONS ]\n       vt --version\n\nDESCRIPTION\n       vt reads VCF files.\n"
	got, _ := findUsage(strings.Split(help, "\n"))
	if len(got) != 2 || !strings.HasSuffix(got[0], "[ OUTPUT OPTIONS ]") || got[1] != "vt --version" {
		t.Errorf("usage forms %q", got)
	}
}
