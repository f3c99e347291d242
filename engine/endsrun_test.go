package engine

import (
	"strings"
	"testing"
)

// TestEndsRunVersionNumber checks that a switch whose help only reports on
// the program ("-v --version: Show version number for this program" of
// the exonerate tools) is never added for the task's words: "a
// non-redundant version of proteins_all.fa" asks for no -v.
func TestEndsRunVersionNumber(t *testing.T) {
	rec, doc := helpDoc(t, "fastanrdb", "fastanrdb")
	f := MapTask(builtinRules, rec, doc, nil, "make a non-redundant version of proteins_all.fa (identical sequences merged into one entry) -> proteins_nr.fa")
	if got := Assemble(rec, f).Display; got != "fastanrdb -f proteins_all.fa > proteins_nr.fa" {
		t.Errorf("got %s\n%s", got, strings.Join(f.Evidence, "\n"))
	}
}
