package parsers

import (
	"strings"
	"testing"
)

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

// A row of a short and a long name with no comma between them and the
// help on the lines below (freebayes "-f --fasta-reference FILE") is one
// flag with two spellings and a value.
func TestShortLongNoComma(t *testing.T) {
	for _, tc := range []struct {
		row, long, value string
	}{
		{"-f --fasta-reference FILE", "--fasta-reference", "FILE"},
		{"-r --region <chrom>:<start_position>-<end_position>", "--region", "<chrom>:<start_position>-<end_position>"},
		{"-c --stdin", "--stdin", ""},
	} {
		ol, ok := parseOptionLine(tc.row)
		if !ok || len(ol.spec.names) != 2 || ol.spec.names[1] != tc.long || ol.desc != "" {
			t.Errorf("%q: %+v %v", tc.row, ol, ok)
			continue
		}
		if got := strings.Join(ol.spec.values, " "); got != tc.value {
			t.Errorf("%q: value %q, want %q", tc.row, got, tc.value)
		}
	}
	if ol, ok := parseOptionLine("-f --fasta-reference FILE and more words"); ok && len(ol.spec.names) == 2 && ol.desc == "" {
		t.Errorf("prose after the row read as a flag row: %+v", ol)
	}
}
