package parsers

import (
	"strings"
	"testing"
)

// parseCaptured parses one help text of a golden capture with the named
// parser.
func parseCaptured(t *testing.T, parser, tool, name string) *Schema {
	t.Helper()
	p, err := Get(parser)
	if err != nil {
		t.Fatal(err)
	}
	s, err := p.Parse(captured(t, tool, name))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// sortmerna's usage writes "-ref FILE" and "-reads FWD_READS" where its
// table lists --ref and --reads: one flag each, spelled both ways, and
// required (usage unbracketed, and under "[REQUIRED]").
func TestUsageSingleDashSpellingOfLongOption(t *testing.T) {
	s := parseCaptured(t, "getopt", "sortmerna", "sortmerna -h")
	for _, n := range []string{"--ref", "--reads"} {
		f, ok := findFlag(s, n)
		if !ok {
			t.Fatalf("%s not found", n)
		}
		if f.Name != n || !contains(f.Aliases, n[1:]) || !f.Required || f.ParamType != "file" {
			t.Errorf("%+v", f)
		}
	}
	for _, f := range s.Flags {
		if f.Name == "-ref" || f.Name == "-reads" {
			t.Errorf("%s is a flag of its own", f.Name)
		}
	}
	// "[COMMON]" ends the required group
	if f, _ := findFlag(s, "--workdir"); f.Required {
		t.Errorf("--workdir is required")
	}
	// a usage flag with no table entry of either spelling is still added
	u := mergeUsageFlags(nil, usageFlags([]string{"x -ref FILE"}), true)
	if len(u) != 1 || u[0].Name != "-ref" {
		t.Errorf("%+v", u)
	}
}

// Flags listed under a "Required arguments:" heading are required; those
// under "Optional arguments:" are not (kallisto quant, generic parser).
func TestRequiredArgumentsHeading(t *testing.T) {
	s := parseCaptured(t, "generic", "kallisto", "kallisto quant --help")
	var req []string
	for _, f := range s.Flags {
		if f.Required {
			req = append(req, f.Name)
		}
	}
	if strings.Join(req, ",") != "--index,--output-dir" {
		t.Fatalf("required: %v", req)
	}
	// bcftools csq: "Required options:" then "CSQ options:"
	s = parseCaptured(t, "getopt", "bcftools", "bcftools csq --help")
	req = nil
	for _, f := range s.Flags {
		if f.Required {
			req = append(req, f.Name)
		}
	}
	if strings.Join(req, ",") != "--fasta-ref,--gff-annot" {
		t.Fatalf("required: %v", req)
	}
	for _, c := range []struct {
		label string
		want  bool
	}{
		{"Required arguments", true}, {"REQUIRED ARGUMENTS", true}, {"required named arguments", true},
		{"Required", true}, {"Optional arguments", false}, {"Required if paired", false},
	} {
		if got := requiredLabelRE.MatchString(c.label); got != c.want {
			t.Errorf("%q: %v", c.label, got)
		}
	}
}

// xargs "COMMAND [INITIAL-ARGS]..." and parallel "[command [arguments]]"
// (usage forms under a bare "Usage:" and a blank line, at the label's
// column) name a command the tool runs; "< list_of_arguments" is a
// redirection, not an argument.
func TestUsageInnerCommand(t *testing.T) {
	s := parseCaptured(t, "getopt", "xargs", "xargs --help")
	if len(s.Positionals) != 2 || !s.Positionals[0].Command || s.Positionals[0].Name != "COMMAND" || s.Positionals[1].Command {
		t.Errorf("xargs positionals %+v", s.Positionals)
	}
	s = parseCaptured(t, "generic", "parallel", "parallel --help")
	if len(s.Usage) != 3 || !strings.HasPrefix(s.Usage[2], "cat ... | parallel --pipe") {
		t.Fatalf("parallel usage %q", s.Usage)
	}
	if len(s.Positionals) != 1 || !s.Positionals[0].Command {
		t.Errorf("parallel positionals %+v", s.Positionals)
	}
	// a level with commands of its own: "<command> [options]" is no
	// command line, and neither is a command word with no arguments
	for _, u := range []string{"samtools <command> [options]", "tool [options] COMMAND", "tool run <cmd> file"} {
		for _, p := range usagePositionals(u) {
			if p.Command {
				t.Errorf("%q: %+v", u, p)
			}
		}
	}
	for _, u := range []string{"mmseqs apply <i:DB> <o:DB> -- program [args...] [options]", "sambamba [command] [args...]"} {
		ps := usagePositionals(u)
		if len(ps) == 0 || !ps[len(ps)-2].Command && !ps[0].Command {
			t.Errorf("%q: %+v", u, ps)
		}
	}
	// prose after a bare "Usage:" is not a usage form
	if u, _ := findUsage(splitLines("Usage:\n\nsee the manual for details\n")); len(u) != 0 {
		t.Errorf("usage %q", u)
	}
}

// Flags whose row shows no value form, but whose description does: a type
// column (samblaster "-i --input   FILE Input sam file"), a <placeholder>
// (gffread "-o  write the output records into <outfile>"), a value default
// listed among the values (lastal "-f  output format: TAB, MAF, BlastTab
// (default: MAF)") or a number other than 0/1 (diamond "(default=0.001)").
// Switches stay switches.
func TestValueShownInDescription(t *testing.T) {
	check := func(s *Schema, name, typ, ph string) {
		t.Helper()
		f, ok := findFlag(s, name)
		if !ok {
			t.Fatalf("%s not found", name)
		}
		if f.ParamType != typ || f.Placeholder != ph {
			t.Errorf("%s: %s %q", name, f.ParamType, f.Placeholder)
		}
	}
	s := parseCaptured(t, "generic", "samblaster", "samblaster --help")
	check(s, "--input", "file", "FILE")
	check(s, "--maxSplitCount", "int", "INT")
	check(s, "--excludeDups", "bool", "")
	if f, _ := findFlag(s, "--input"); strings.HasPrefix(f.Description, "FILE") {
		t.Errorf("type column left in the description: %q", f.Description)
	}
	s = parseCaptured(t, "getopt", "gffread", "gffread --help")
	check(s, "-o", "file", "outfile")
	check(s, "-t", "string", "trackname")
	check(s, "-A", "bool", "") // "use the description field from <seq_info.fsize>": a switch
	check(s, "-T", "bool", "")
	check(s, "-g", "file", "PATH") // "full path to a multi-fasta file"
	s = parseCaptured(t, "getopt", "lastal", "lastal -h")
	check(s, "-f", "string", "VALUE")
	check(s, "--split", "bool", "")
	check(s, "-P", "int", "INT") // "number of parallel threads (1)"
	s = parseCaptured(t, "getopt", "cd-hit", "cd-hit --help")
	check(s, "-T", "int", "INT") // "number of threads, default 1"
	// values the help numbers ("0=masked sequence, 1=repeat
	// probabilities, …, 3=BED"): the flag takes one
	s = parseCaptured(t, "getopt", "tantan", "tantan --help")
	check(s, "-f", "int", "NUM")
	for d, want := range map[string]string{
		"compression for output files (0=none, 1=gzip, zstd)": "NUM",
		"output type: 0=masked sequence":                      "",
		"set the flag x=1 and y=2 for all":                    "",
		"output format 0 = BLAST pairwise 5 = BLAST XML":      "NUM",
		"phenotypes coded as 0 = control, 1 = case":           "",
		// a description that is the name of a file or a directory: the
		// flag is given one; a verb before it makes it a switch
		"database file":                                   "FILE",
		"input query file":                                "FILE",
		"directory for temporary files":                   "DIR",
		"file for unaligned queries":                      "FILE",
		"Output file (opt., default is STDOUT":            "FILE",
		"overwrite output file":                           "",
		"keep the input files":                            "",
		"output file format":                              "",
		"file sizes are printed":                          "",
		"letter to use for masking, instead of lowercase": "LETTER",
		// words in capitals say which file (diamond, kallisto); a
		// rich-click type appended is read by the click parser
		"DIAMOND alignment archive (DAA) file":                    "FILE",
		"GTF file for transcriptome information (required for X)": "FILE",
		"TSV file to rename sample names (PATH)":                  "",
		"BAM output file":                                         "FILE",
		"print to BAM file":                                       "",
		"string used as the separator":                            "STRING",
		"letters are masked":                                      "",
		// "this" amount in the first sentence: the value the flag is
		// given; in a later sentence, prose
		"report alignments within this percentage range of top score": "NUM",
		"suppress repeats, offset by <= this distance (1000)":         "NUM",
		"Disable it. Passing this value is not needed":                "",
		"this option outputs the genotypes":                           "",
	} {
		f := Flag{Name: "-x", Description: d}
		if valueFromDescription(&f); f.Placeholder != want {
			t.Errorf("%q: %q, want %q", d, f.Placeholder, want)
		}
	}
	// a switch says what it does; "number" later in its text is no value
	for _, d := range []string{"print the number of reads", "output paths to stdout", "numbering of exons"} {
		f := Flag{Name: "-x", Description: d}
		if valueFromDescription(&f); f.Placeholder != "" {
			t.Errorf("%q: %q", d, f.Placeholder)
		}
	}
	// a switch's on/off default, a default naming the switch, 0 or 1
	for _, d := range []string{"(default: off)", "(default: no-shout)", "(default: 1)", "(default: mean)"} {
		f := Flag{Name: "--shout", Description: "shout it " + d}
		descMeta(&f, []string{f.Description}, false)
		valueFromDescription(&f)
		if f.Placeholder != "" {
			t.Errorf("%s: %q", d, f.Placeholder)
		}
	}
	f := Flag{Name: "-e", Description: "maximum e-value (default=0.001)"}
	descMeta(&f, []string{f.Description}, false)
	if valueFromDescription(&f); f.Placeholder != "VALUE" {
		t.Errorf("%+v", f)
	}
	if f := (Flag{Name: "-x", Style: "kv", Description: "FILE Input"}); true {
		valueFromDescription(&f)
		if f.Placeholder != "" {
			t.Errorf("kv: %+v", f)
		}
	}
}

// Help styles of the Unix tools and augustus, on their captured help.
func TestUnixHelpStyles(t *testing.T) {
	// pigz "-0 to -9, -11": every level is a switch
	s := parseCaptured(t, "getopt", "pigz", "pigz --help")
	for _, n := range []string{"-0", "-1", "-6", "-9", "-11"} {
		if f, ok := findFlag(s, n); !ok || f.ParamType != "bool" {
			t.Errorf("pigz %s: %+v", n, f)
		}
	}
	if got := expandRange("-9 to -0  x"); got != "-9 to -0  x" {
		t.Errorf("a falling range: %q", got)
	}
	if got := expandRange("-1 to -3 level"); got != "-1/-2/-3  level" {
		t.Errorf("%q", got)
	}
	// join "-a FILENUM": a number
	s = parseCaptured(t, "getopt", "join", "join --help")
	if f, _ := findFlag(s, "-a"); f.ParamType != "int" {
		t.Errorf("join -a %+v", f)
	}
	if inferType("[-]NUM", nil) != "string" || inferType("FILE", nil) != "file" {
		t.Error("placeholders other than FILENUM changed type")
	}
	// uniq "[INPUT [OUTPUT]]": two optional positionals
	s = parseCaptured(t, "getopt", "uniq", "uniq --help")
	if len(s.Positionals) != 2 || s.Positionals[0].Name != "INPUT" || s.Positionals[1].Name != "OUTPUT" || s.Positionals[1].Position != 2 || s.Positionals[0].Required {
		t.Errorf("uniq positionals %+v", s.Positionals)
	}
	// cut "OPTION... [FILE]...": OPTION is the options, not a positional
	s = parseCaptured(t, "getopt", "cut", "cut --help")
	if len(s.Positionals) != 1 || s.Positionals[0].Name != "FILE" {
		t.Errorf("cut positionals %+v", s.Positionals)
	}
	// tail "--follow[={name|descriptor}]": an optional attached choice
	s = parseCaptured(t, "getopt", "tail", "tail --help")
	if f, _ := findFlag(s, "--follow"); !f.OptionalValue || !f.AttachedValue || strings.Join(f.Choices, ",") != "name,descriptor" {
		t.Errorf("tail --follow %+v", f)
	}
	// augustus: "usage:" with the form on the next line, at the label's
	// column; --species=SPECIES is required
	s = parseCaptured(t, "generic", "augustus", "augustus --help")
	if f, ok := findFlag(s, "--species"); !ok || !f.Required || f.Placeholder != "SPECIES" {
		t.Errorf("augustus --species %+v", f)
	}
	if len(s.Positionals) != 1 || s.Positionals[0].Name != "queryfilename" {
		t.Errorf("augustus positionals %+v", s.Positionals)
	}
	for _, u := range []string{"[A [B] C]", "[A]", "[command [arguments]]", "[x [...]]", "[[A] [B]]"} {
		if p := nestedOptionals(u); p != nil {
			t.Errorf("%q: %q", u, p)
		}
	}
}

// makeblastdb's usage "-dbtype molecule_type": a lower_snake name after a
// flag is its value, not a required positional.
func TestUsageSnakeCaseValue(t *testing.T) {
	s := parseCaptured(t, "generic", "makeblastdb", "makeblastdb --help")
	if f, ok := findFlag(s, "-dbtype"); !ok || f.ParamType != "string" || f.Placeholder != "molecule_type" || !f.Required {
		t.Errorf("-dbtype %+v", f)
	}
	if len(s.Positionals) != 0 {
		t.Errorf("positionals %+v", s.Positionals)
	}
	for _, w := range []string{"_x", "x_", "Mol_type", "plain"} {
		if snakePlaceholder(w) {
			t.Errorf("%q", w)
		}
	}
}

// RSEM's help is Perl POD printed by perldoc: its usage forms sit under a
// bare "SYNOPSIS" heading and name the positionals the tool takes.
func TestUsageUnderPODSynopsis(t *testing.T) {
	s := parseCaptured(t, "generic", "rsem-prepare-reference", "rsem-prepare-reference --help")
	if len(s.Usage) != 1 || !strings.HasSuffix(s.Usage[0], "reference_fasta_file(s) reference_name") {
		t.Fatalf("usage = %q", s.Usage)
	}
	if len(s.Positionals) != 2 || s.Positionals[1].Name != "reference_name" || !s.Positionals[0].Required {
		t.Errorf("positionals = %+v", s.Positionals)
	}
	s = parseCaptured(t, "generic", "rsem-calculate-expression", "rsem-calculate-expression --help")
	if len(s.Usage) != 3 || !strings.Contains(s.Usage[1], "--paired-end upstream_read_file(s) downstream_read_file(s)") {
		t.Errorf("usage = %q", s.Usage)
	}
	if f, ok := findFlag(s, "--strandedness"); !ok || f.ParamType == "bool" {
		t.Errorf("--strandedness = %+v, %v", f, ok)
	}
}

// fastANI writes its usage under "SYNOPSIS" underlined with dashes, run
// by its path and named with capitals ("/usr/bin/fastANI [-h] [-r
// <value>] …", wrapped); a form so named under a plain label is not read.
func TestUsageUnderUnderlinedSynopsis(t *testing.T) {
	s := parseCaptured(t, "getopt", "fastANI", "fastANI --help")
	if len(s.Usage) != 1 || !strings.HasPrefix(s.Usage[0], "/usr/bin/fastANI [-h]") || !strings.HasSuffix(s.Usage[0], "[-o <value>] [-v]") {
		t.Fatalf("usage = %q", s.Usage)
	}
	for _, c := range []struct {
		help string
		n    int
	}{
		{"SYNOPSIS\n--------\nSTAR [options] --genomeDir <dir>\n\nOPTIONS\n  -x  a switch\n", 1},
		{"Usage:\nSTAR [options] --genomeDir <dir>\n\nOPTIONS\n  -x  a switch\n", 0},
		{"SYNOPSIS\n--------\nOptions [are] below\n", 0},
	} {
		d, err := newDoc(c.help)
		if err != nil || len(d.usage) != c.n {
			t.Errorf("%q: usage %q, want %d", c.help, d.usage, c.n)
		}
	}
}

// gffread's help opens with "gffread v0.12.7. Usage:" and the usage on
// the lines below: its flags with a <value> there (-w <exons.fa>) take one
// although their table rows show none.
func TestUsageLabelClosingASentence(t *testing.T) {
	s := parseCaptured(t, "getopt", "gffread", "gffread --help")
	if len(s.Usage) != 1 || !strings.HasSuffix(s.Usage[0], "[<input_gff>]") {
		t.Fatalf("usage = %q", s.Usage)
	}
	for _, n := range []string{"-w", "-x", "-y", "-i"} {
		if f, ok := findFlag(s, n); !ok || f.ParamType == "bool" {
			t.Errorf("%s = %+v", n, f)
		}
	}
	for _, n := range []string{"-T", "-C", "--bed"} {
		if f, ok := findFlag(s, n); !ok || f.ParamType != "bool" {
			t.Errorf("%s = %+v", n, f)
		}
	}
}
