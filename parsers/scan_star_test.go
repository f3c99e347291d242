package parsers

import "testing"

// A qualifier row EMBOSS marks with a star in the first column ("*
// -outfile … Output file name") is read like any other row.
func TestStarQualifier(t *testing.T) {
	help := `Draw a protein charge plot
Version: EMBOSS:6.6.0.0

   Standard (Mandatory) qualifiers (* if not always prompted):
  [-seqall]            seqall     Protein sequence(s) filename and optional
                                  format, or reference (input USA)
*  -outfile            outfile    [*.charge] Output file name

   Additional (Optional) qualifiers:
   -window             integer    [5] Window length (Integer 1 or more)
`
	fs, _, _ := scanFlags(splitLines(help), nil, scanConfig{})
	names := map[string]bool{}
	for _, f := range fs {
		names[f.Name] = true
	}
	for _, want := range []string{"-seqall", "-outfile", "-window"} {
		if !names[want] {
			t.Errorf("%s not read: %+v", want, fs)
		}
	}
	if unstarQualifier("* a bullet") != "* a bullet" || unstarQualifier("*  -o x") != "   -o x" {
		t.Error("unstarQualifier")
	}
}
