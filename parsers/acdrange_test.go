package parsers

import (
	"strings"
	"testing"
)

// An EMBOSS qualifier of type "range" reads a set of ranges: its
// placeholder says so (RANGE), and a string's does not, so Stage 3 can
// give it the task's ranges whole.
func TestACDRangePlaceholder(t *testing.T) {
	help := strings.Join([]string{
		"Extract regions from a sequence",
		"Version: EMBOSS:6.6.0.0",
		"",
		"   Standard (Mandatory) qualifiers:",
		"  [-sequence]          sequence   Sequence filename and optional format, or",
		"                                  reference (input USA)",
		"   -regions            range      [Whole sequence] Regions to extract.",
		"   -name               string     Name of the new sequence",
		"  [-outseq]            seqoutall  [<sequence>.<format>] Sequence set(s)",
		"                                  filename and optional format (output USA)",
		"",
	}, "\n")
	s := parseText(t, "generic", help)
	if f, ok := findFlag(s, "-regions"); !ok || f.Placeholder != "RANGE" || f.Default != "Whole sequence" {
		t.Errorf("-regions: %+v (found %v)", f, ok)
	}
	for _, name := range []string{"-name", "-outseq", "-sequence"} {
		if f, ok := findFlag(s, name); !ok || f.Placeholder == "RANGE" {
			t.Errorf("%s: %+v (found %v)", name, f, ok)
		}
	}
}
