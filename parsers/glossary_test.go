package parsers

import "testing"

const glossaryHelp = `Usage: 
  bowtie2 [options]* -x <bt2-idx> {-1 <m1> -2 <m2> | -U <r>} [-S <sam>]

  <bt2-idx>  Index filename prefix (minus trailing .X.bt2).
             NOTE: Bowtie 1 and Bowtie 2 indexes are not compatible.
  <m1>       Files with #1 mates, paired with files in <m2>.
  <m2>       Files with #2 mates, paired with files in <m1>.
  <r>        Files with unpaired reads.
  <sam>      File for SAM output (default: stdout)

  <m1>, <m2>, <r> can be comma-separated lists (no whitespace) and can be
  specified many times.

Options (defaults in parentheses):
  -i <func>          interval between seed substrings w/r/t read len (S,1,1.15)
  -p/--threads <int> number of alignment threads to launch (1)
`

// The usage's value names described apart from the option rows give the
// flags the usage alone shows their help, continuation lines included; a
// sentence about several names is no description of one.
func TestGlossary(t *testing.T) {
	g := glossary(glossaryHelp)
	if g["bt2-idx"] != "Index filename prefix (minus trailing .X.bt2). NOTE: Bowtie 1 and Bowtie 2 indexes are not compatible." {
		t.Errorf("bt2-idx: %q", g["bt2-idx"])
	}
	if g["r"] != "Files with unpaired reads." || g["sam"] != "File for SAM output (default: stdout)" || len(g) != 5 {
		t.Errorf("glossary %q", g)
	}
	s, err := getoptParser{}.Parse(glossaryHelp)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"-x": "Index filename prefix (minus trailing .X.bt2). NOTE: Bowtie 1 and Bowtie 2 indexes are not compatible.",
		"-U": "Files with unpaired reads.",
		"-S": "File for SAM output (default: stdout)",
		"-i": "interval between seed substrings w/r/t read len (S,1,1.15)",
	}
	for _, f := range s.Flags {
		if w, ok := want[f.Name]; ok && f.Description != w {
			t.Errorf("%s: %q, want %q", f.Name, f.Description, w)
		}
		delete(want, f.Name)
	}
	if len(want) > 0 {
		t.Errorf("flags not read: %v", want)
	}
}

// A flag with its own help keeps it; one whose value name the glossary
// lacks stays without.
func TestDescribeFromGlossaryKeepsOwnHelp(t *testing.T) {
	fs := describeFromGlossary([]Flag{{Name: "-S", Placeholder: "sam", Description: "own"}, {Name: "-q", Placeholder: "qual"}, {Name: "-b"}}, glossaryHelp)
	if fs[0].Description != "own" || fs[1].Description != "" || fs[2].Description != "" {
		t.Errorf("%+v", fs)
	}
}
