package engine

import "testing"

// TestWrittenPositionals: a description sentence that opens with a
// writing verb and says "to" before a place's name marks that place as
// written; one with another verb, or a name it does not say after "to",
// marks nothing, and the ToolDoc's own list is not changed.
func TestWrittenPositionals(t *testing.T) {
	for _, c := range []struct {
		desc, name string
		want       bool
	}{
		{"Copy standard input to each FILE, and also to standard output.", "FILE", true},
		{"Rename SOURCE to DEST, or move SOURCE(s) to DIRECTORY. Copy SOURCE to DEST.", "DEST", true},
		{"Copy SOURCE to DEST.", "SOURCE", false},
		{"In the 1st form, create a link to TARGET with the name LINK_NAME.", "TARGET", false},
		{"create a link to TARGET", "TARGET", false},
		{"Write the reads to <out.fq>", "<out.fq>", true},
		{"Copy standard input to each FILE", "", false},
		// the opening verb writes the place's content, not to it (nl)
		{"Write each FILE to standard output, with line numbers added.", "FILE", false},
		{"Output FILE", "FILE", false},
		{"", "FILE", false},
	} {
		ps := []PositionalDoc{{Position: 1, Name: c.name}}
		got := writtenPositionals(c.desc, ps)
		if got[0].Written != c.want {
			t.Errorf("%q, %q: written %v, want %v", c.desc, c.name, got[0].Written, c.want)
		}
		if ps[0].Written {
			t.Errorf("%q: the ToolDoc's list was changed", c.desc)
		}
		if got[0].Written && !outputPositional(got[0], 0) {
			t.Errorf("%q: a written place is no output place", c.desc)
		}
	}
}

// TestTeeWritesItsFiles checks on tee's captured help that the file the
// task writes goes to tee's FILE place, not to a redirection of its
// standard output.
func TestTeeWritesItsFiles(t *testing.T) {
	if got, _ := mapHelpOnly(t, "tee", "append the piped output to run.log and also print it"); got != "tee -a run.log" {
		t.Errorf("got %q, want tee -a run.log", got)
	}
}
