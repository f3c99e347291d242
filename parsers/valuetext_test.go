package parsers

import (
	"slices"
	"testing"
)

// parseGetopt reads help with the getopt parser and indexes its flags by
// name.
func parseGetopt(t *testing.T, help string) map[string]Flag {
	t.Helper()
	s, err := getoptParser{}.Parse(help)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]Flag{}
	for _, f := range s.Flags {
		got[f.Name] = f
	}
	return got
}

// cd-hit style: bare names in a tab-separated table, the value only
// described in the text after them. A flag whose help gives a default
// value, a numeric range or what a number set does takes a value; one that
// names a file name takes a file; ", required" makes it required.
func TestValueDescribedAfterBareName(t *testing.T) {
	help := `Usage: clust [Options]

Options

   -i	input filename in fasta format, required, can be in .gz format
   -c	sequence identity threshold, default 0.9
 	this is the default "global sequence identity"
   -G	use global sequence identity, default 1
 	if set to 0, then use local sequence identity
   -A	minimal alignment coverage control for both sequences, default 0
   -g	1 or 0, default 0
   -k	word size (from 2 to 8)
   -q	quiet mode, by default 2 lines are printed
   -h	print this help
`
	got := parseGetopt(t, help)
	for _, name := range []string{"-c", "-G", "-A", "-g", "-k"} {
		if f := got[name]; f.ParamType == "bool" || f.Placeholder == "" {
			t.Errorf("%s should take a value: %+v", name, f)
		}
	}
	if f := got["-c"]; f.Default != "0.9" {
		t.Errorf("-c default %q, want 0.9", f.Default)
	}
	if f := got["-i"]; f.ParamType != "file" || !f.Required {
		t.Errorf("-i: %+v, want a required file", f)
	}
	for _, name := range []string{"-q", "-h"} {
		if f := got[name]; f.ParamType != "bool" {
			t.Errorf("%s is a switch: %+v", name, f)
		}
	}
}

// mafft style: "--op # :   text": a "#" value placeholder and " :"
// before the column gap.
func TestHashPlaceholderAndSpacedColon(t *testing.T) {
	help := `If unsure which option to use:
  % aligner --auto in > out

--op # :         Gap opening penalty, default: 1.53
--maxiterate # : Maximum number of iterative refinement, default: 0
--clustalout :   Output: clustal format, default: fasta
--quiet :        Do not report progress
--thread # :     Number of threads (if unsure, --thread -1)
`
	got := parseGetopt(t, help)
	want := map[string]string{"--op": "float", "--maxiterate": "int", "--thread": "int", "--quiet": "bool", "--clustalout": "bool"}
	for name, typ := range want {
		if f, ok := got[name]; !ok || f.ParamType != typ {
			t.Errorf("%s: %+v, want type %s", name, f, typ)
		}
	}
}

// fastqc style: a description that says what the value is ("Specifies the
// number of files", "Selects a directory", "in the specified output
// directory"), and an option whose short and long names stand on two rows
// of one running sentence.
func TestValueNamedByVerbAndSplitAliasRows(t *testing.T) {
	help := `SYNOPSIS

	qc seqfile1 .. seqfileN

OPTIONS:

    -o --outdir     Create all output files in the specified output directory.
    -t --threads    Specifies the number of files which can be processed
                    simultaneously.
    -c              Specifies a non-default file which contains the list of
    --contaminants  contaminants to screen overrepresented sequences against.
   -d --dir         Selects a directory to be used for temporary files.
   -q --quiet       Supress all progress messages on stdout.
    -x              Exclude the reads of the filtered list
    --xtra          extra output on stderr
`
	got := parseGetopt(t, help)
	want := map[string]string{"--outdir": "DIR", "--threads": "INT", "--contaminants": "FILE", "--dir": "DIR", "--quiet": ""}
	for name, ph := range want {
		if f, ok := got[name]; !ok || f.Placeholder != ph {
			t.Errorf("%s: %+v, want placeholder %q", name, f, ph)
		}
	}
	if f := got["--contaminants"]; !slices.Contains(f.Aliases, "-c") {
		t.Errorf("--contaminants aliases %v, want -c", f.Aliases)
	}
	if _, ok := got["-c"]; ok {
		t.Errorf("-c is read as an option of its own")
	}
	if _, ok := got["-x"]; !ok {
		t.Errorf("-x, whose sentence ends on its row, is merged with --xtra")
	}
}

// NCBI toolkit style: the value's type in brackets after the text
// ("[String]  Optional", "[File In]", "[Integer]"); "[T/F]" is a switch.
func TestNCBITypeTags(t *testing.T) {
	help := `
asnconv 6.1   arguments:

  -s  Source name [String]  Optional
  -i  Single Input File [File In]  Optional
    default = stdin
  -o  Nucleotide Output File Name [File Out]  Optional
  -n  Number of records [Integer]  Optional
    default = 0
  -e  Expectation value [Real]
  -f  Format (b GenBank, e EMBL) [String]
    default = b
  -u  Recurse [T/F]  Optional
    default = F
`
	got := parseGetopt(t, help)
	want := map[string]string{"-s": "string", "-i": "file", "-o": "file", "-n": "int", "-e": "float", "-f": "string", "-u": "bool"}
	for name, typ := range want {
		if f, ok := got[name]; !ok || f.ParamType != typ {
			t.Errorf("%s: %+v, want type %s", name, f, typ)
		}
	}
}
