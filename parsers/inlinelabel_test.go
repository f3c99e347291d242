package parsers

import "testing"

// sambamba writes its first option on the heading's line with its
// description on the next, deeper line ("Options: -r,
// --remove-duplicates"); a heading line with a lone flag and nothing
// deeper after it ("PicardOpts: --help") is a field, not an entry.
func TestInlineLabelWithDescriptionBelow(t *testing.T) {
	help := `Usage: sambamba-markdup [options] <input.bam> <output.bam>
       By default, marks the duplicates without removing them

Options: -r, --remove-duplicates
                    remove duplicates instead of just marking them
         -t, --nthreads=NTHREADS
                    number of threads to use
`
	s, err := getoptParser{}.Parse(help)
	if err != nil {
		t.Fatal(err)
	}
	f, ok := findFlag(s, "--remove-duplicates")
	if !ok || f.ParamType != "bool" || f.Description != "remove duplicates instead of just marking them" {
		t.Errorf("--remove-duplicates: %+v (flags %+v)", f, s.Flags)
	}
	if f, ok := findFlag(s, "--nthreads"); !ok || f.Description != "number of threads to use" {
		t.Errorf("--nthreads: %+v", f)
	}
	for _, c := range []struct {
		content, next string
		want          bool
	}{
		{"Options: -r, --remove-duplicates", "                    remove duplicates", true},
		{"PicardOpts: --help", "USAGE: AccumulateQualityYieldMetrics [arguments]", false},
		{"Options: -r, --remove-duplicates", "", false},
		{"Options: -q INT  quality threshold", "", true},
	} {
		if got := inlineOptionLabel(c.content, 0, c.next) > 0; got != c.want {
			t.Errorf("inlineOptionLabel(%q, next %q) = %v, want %v", c.content, c.next, got, c.want)
		}
	}
}
