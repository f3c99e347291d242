package parsers

import "testing"

// A note under the last entry of a group, short of the description
// column ("(Note: for --un, --al, … add '-gz' …)" under bowtie2's
// --al-conc), is not that entry's help, and the note's own lines are no
// option rows; the entry after it is read as usual.
func TestNoteAfterEntry(t *testing.T) {
	help := `Options:
  --un <path>        write unpaired reads that didn't align to <path>
  --al-conc <path>   write pairs that aligned concordantly at least once to <path>
    (Note: for --un, --al, --un-conc, or --al-conc, add '-gz' to the option name, e.g.
    --un-gz <path>, to gzip compress output, or add '-bz2' to bzip2 compress output.)
  --quiet            print nothing to stderr except serious errors
`
	s, err := getoptParser{}.Parse(help)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, f := range s.Flags {
		got[f.Name] = f.Description
	}
	if got["--al-conc"] != "write pairs that aligned concordantly at least once to <path>" || got["--quiet"] != "print nothing to stderr except serious errors" {
		t.Errorf("%q", got)
	}
	// the note's flags are made from the listed ones the table has
	// (--al and --un-conc are not in this table)
	if got["--un-gz"] != "write unpaired reads that didn't align to <path>, gzip compress output" ||
		got["--al-conc-bz2"] != "write pairs that aligned concordantly at least once to <path>, bzip2 compress output" || len(got) != 7 {
		t.Errorf("%q", got)
	}
}

// A note that names no flag the table has, or says nothing of the
// option name, makes no flag; a name the table has is not made twice.
func TestSuffixedFlagsNone(t *testing.T) {
	flags := []Flag{{Name: "--un", ParamType: "file", Description: "write reads"}, {Name: "--un-gz", ParamType: "file", Description: "own help"}}
	for _, lines := range [][]string{
		{"(Note: for --al, add '-gz' to the option name, to gzip compress output)"},
		{"(Note: for --un, add '-gz' to the file name, to gzip compress output)"},
		{"(Note: for --un, add '-gz' to the option name, to gzip compress output)"},
	} {
		if got := suffixedFlags(lines, flags); len(got) != 0 {
			t.Errorf("%q: %+v", lines, got)
		}
	}
	// the note spread over three lines
	got := suffixedFlags([]string{"(Note: for --un", "or --al, add 'bz2' to the option", "name, to bzip2 compress output)"}, flags[:1])
	if len(got) != 1 || got[0].Name != "--un-bz2" || got[0].Description != "write reads, bzip2 compress output" {
		t.Errorf("%+v", got)
	}
}
