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
	if got["--al-conc"] != "write pairs that aligned concordantly at least once to <path>" || got["--quiet"] != "print nothing to stderr except serious errors" || len(got) != 3 {
		t.Errorf("%q", got)
	}
}
