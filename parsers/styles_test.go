package parsers

import (
	"strings"
	"testing"
)

// parseText parses a help excerpt with the named parser.
func parseText(t *testing.T, parser, help string) *Schema {
	t.Helper()
	p, err := Get(parser)
	if err != nil {
		t.Fatal(err)
	}
	s, err := p.Parse(help)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// A "#" in a short flag's name stands for a number written onto it
// (zstd, lz4): "-T#" is -T8, "-#" is -19. Such a flag takes a number,
// glued, and is no switch.
func TestNumberInFlagName(t *testing.T) {
	help := `Usage: zstd [OPTIONS...] [INPUT... | -] [-o OUTPUT]

Options:
  -o OUTPUT                     Write output to a single file, OUTPUT.
  -#                            Desired compression level, where ` + "`#`" + ` is a number between 1 and 19;
                                lower numbers provide faster compression.
  -d, --decompress              Perform decompression.
  --fast[=#]                    Use to very fast compression levels. [Default: 1]
  -T#                           Spawn # compression threads. [Default: 1; pass 0 for core count.]
  -B#                           Set job size to #. [Default: 0 (automatic)]
`
	s := parseText(t, "getopt", help)
	for _, n := range []string{"-T", "-B", "-#"} {
		f, ok := findFlag(s, n)
		if !ok {
			t.Fatalf("%s missing; have %v", n, flagNames(s))
		}
		if f.ParamType != "int" || f.Style != "glued" || f.Placeholder != "#" {
			t.Errorf("%s: %+v", n, f)
		}
	}
	if _, ok := findFlag(s, "-T#"); ok {
		t.Errorf("-T# kept its # in the name")
	}
	if f, _ := findFlag(s, "--fast"); f.ParamType != "int" || !f.AttachedValue {
		t.Errorf("--fast[=#]: %+v", f)
	}
	if f, _ := findFlag(s, "-d"); f.ParamType != "bool" || f.Style != "" {
		t.Errorf("-d: %+v", f)
	}
}

// SRA Toolkit's table writes no placeholders: the value shows only in the
// description, as the value's name alone ("output-dir"), a default
// ("dflt=6", "dflt=1MB") or words that name a count or a bound ("how many
// thread", "minimum length"). Such flags take values; the switches beside
// them stay switches.
func TestValueNamedOnlyInDescription(t *testing.T) {
	help := `Usage:
  fasterq-dump <accession> [options]

Options:
  -o|--outfile                     output-file 
  -O|--outdir                      output-dir 
  -b|--bufsize                     size of file-buffer dflt=1MB 
  -e|--threads                     how many thread dflt=6 
  -t|--temp                        where to put temp. files dflt=curr dir 
  -p|--progress                    show progress 
  -S|--split-files                 write reads into different files 
  --min_length                     minimum total nucleotide length 
  --min-memory                     Minimize memory usage (slower). 
  -f|--force                       force to overwrite existing file(s) 
`
	s := parseText(t, "generic", help)
	for n, want := range map[string]string{"-o": "file", "-O": "file", "-t": "file", "-b": "string", "-e": "int", "--min_length": "int"} {
		f, ok := findFlag(s, n)
		if !ok {
			t.Fatalf("%s missing; have %v", n, flagNames(s))
		}
		if f.ParamType != want {
			t.Errorf("%s: %s, want %s (%+v)", n, f.ParamType, want, f)
		}
	}
	if f, _ := findFlag(s, "-e"); f.Default != "6" {
		t.Errorf("-e default %q", f.Default)
	}
	for _, n := range []string{"-p", "-S", "--min-memory", "-f"} {
		if f, _ := findFlag(s, n); f.ParamType != "bool" {
			t.Errorf("%s: %+v", n, f)
		}
	}
}

// argparse prints a subparsers group with a title word ("subcommands")
// above its choices, one level deeper: the choices are the subcommands,
// the title is none.
func TestNestedSubcommandTitle(t *testing.T) {
	help := `usage: multiBamSummary [-h] [--version]  ...

options:
  -h, --help  show this help message and exit
  --version   show program's version number and exit

commands:
  subcommands

              subcommands
    bins      The coverage calculation is done for consecutive bins of equal size (10 kilobases by default). This mode
              is useful to assess the genome-wide similarity of BAM files.
    BED-file  The user provides a BED file that contains all regions that should be considered for the coverage
              analysis.

example usages:
multiBamSummary bins --bamfiles file1.bam file2.bam -o results.npz
`
	es, err := ExtractSubcommands(help, ListMethod{Kind: "section", Headings: []string{"commands"}})
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range es {
		names = append(names, e.Name)
	}
	if len(es) != 2 || es[0].Name != "bins" || es[1].Name != "BED-file" || es[0].Description == "" {
		t.Errorf("subcommands %v", names)
	}
	// a bare word with one plain row under it stays an item
	es, _ = ExtractSubcommands("Commands:\n  view\n      print alignments\n  sort    sort them\n", ListMethod{Kind: "section", Headings: []string{"commands"}})
	if len(es) != 2 || es[0].Name != "view" {
		t.Errorf("%+v", es)
	}
}

// HMMER lists the formats of --informat and --outformat on lines below
// the option rows; each list goes to the option its words name.
func TestFormatsListedBelowTheOptions(t *testing.T) {
	help := `Usage: hmmalign [-options] <hmmfile> <seqfile>

Basic options:
  -h     : show brief help on version and usage
  -o <f> : output alignment to file <f>, not stdout

Less common options:
  --trim          : trim terminal tails of nonaligned residues from alignment
  --informat <s>  : assert <seqfile> is in format <s>: no autodetection
  --outformat <s> : output alignment in format <s>  [Stockholm]

Sequence input formats include:   FASTA, EMBL, GenBank, UniProt
Alignment output formats include: Stockholm, Pfam, A2M, PSIBLAST
`
	s := parseText(t, "getopt", help)
	in, _ := findFlag(s, "--informat")
	out, _ := findFlag(s, "--outformat")
	if in.ParamType != "choice" || len(in.Choices) != 4 || in.Choices[0] != "FASTA" {
		t.Errorf("--informat: %+v", in)
	}
	if out.ParamType != "choice" || len(out.Choices) != 4 || out.Choices[2] != "A2M" {
		t.Errorf("--outformat: %+v", out)
	}
	if o, _ := findFlag(s, "-o"); len(o.Choices) != 0 {
		t.Errorf("-o: %+v", o)
	}
	// one format option takes a list that names no direction; prose is
	// no list
	s = parseText(t, "getopt", "Options:\n  --format <s>  : input format\n\nSupported formats: fasta, fastq and sam.\n")
	if f, _ := findFlag(s, "--format"); len(f.Choices) != 3 || f.Choices[2] != "sam" {
		t.Errorf("--format: %+v", f)
	}
	s = parseText(t, "getopt", "Options:\n  --format <s>  : input format\n\nformats: see the manual for the full list\n")
	if f, _ := findFlag(s, "--format"); len(f.Choices) != 0 {
		t.Errorf("--format from prose: %+v", f)
	}
}

// A manual page lists a flag's values in a placeholder ("<yes/no/reverse>")
// or in a sentence ("Possible values for <mode> are union,
// intersection-strict and intersection-nonempty"): they are its choices.
func TestValuesListedInPlaceholderOrProse(t *testing.T) {
	help := `Options
       -f <format>, --format=<format>
              Format of the input data. Possible values are sam (for text SAM files) and bam (for binary BAM files).
              Default is sam.

       -s <yes/no/reverse>, --stranded=<yes/no/reverse>
              whether the data is from a strand-specific assay (default: yes)

       -m <mode>, --mode=<mode>
              Mode to handle reads overlapping more than one feature. Possible values for <mode> are union,
              intersection-strict and intersection-nonempty (default: union)

       -o <file/dir>
              where the output goes

       -t <type>
              Possible values are many and vary by version.
`
	s := parseText(t, "getopt", help)
	for n, want := range map[string][]string{"--format": {"sam", "bam"}, "--stranded": {"yes", "no", "reverse"}, "--mode": {"union", "intersection-strict", "intersection-nonempty"}} {
		f, ok := findFlag(s, n)
		if !ok {
			t.Fatalf("%s missing; have %v", n, flagNames(s))
		}
		if f.ParamType != "choice" || strings.Join(f.Choices, ",") != strings.Join(want, ",") {
			t.Errorf("%s: %+v", n, f)
		}
	}
	for _, n := range []string{"-o", "-t"} {
		if f, _ := findFlag(s, n); len(f.Choices) != 0 {
			t.Errorf("%s: %+v", n, f)
		}
	}
}

// bedops lists its operations as switches followed by the files they
// take, with no description: each is a flag of its own.
func TestOperationSwitchesWithFileArguments(t *testing.T) {
	help := `      USAGE: bedops [process-flags] <operation> <File(s)>*

      Process Flags:
          --ec                 Error check input files (slower).

      Operations: (choose one of)
          -c, --complement [-L] File1 [File]*
          -d, --difference ReferenceFile File2 [File]*
          -i, --intersect File1 File2 [File]*
          -m, --merge File1 [File]*
          -u, --everything File1 [File]*
`
	s := parseText(t, "getopt", help)
	for _, n := range []string{"--difference", "--intersect", "--merge", "--everything"} {
		f, ok := findFlag(s, n)
		if !ok {
			t.Fatalf("%s missing; have %v", n, flagNames(s))
		}
		if f.ParamType != "bool" || len(f.Aliases) != 1 {
			t.Errorf("%s: %+v", n, f)
		}
	}
	// a row of prose that starts with a flag stays prose
	if s := parseText(t, "getopt", "Options:\n  -x  exclude\n\n  --times option). Use the Files listed\n"); len(s.Flags) != 1 {
		t.Errorf("%v", flagNames(s))
	}
}
