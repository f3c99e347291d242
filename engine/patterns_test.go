package engine

import (
	"testing"

	"github.com/traitome/oxo-call/skills"
)

// TestPatternPlace checks that the search pattern a task gives goes where
// the usage reads it (grep's PATTERNS), not to a flag whose help reads a
// pattern too (-e) or fits the words around a quoted string
// (--group-separator), and that it replaces an example's own pattern.
func TestPatternPlace(t *testing.T) {
	for _, c := range []struct{ task, want string }{
		{"show the lines of variants.vcf that mention rs1234, with their line numbers", "grep -n rs1234 variants.vcf"},
		{"show the genes.txt entries containing 'kinase', ignoring case", "grep -i kinase genes.txt"},
	} {
		if cmd, _ := mapCaptured(t, "grep", nil, c.task); cmd.Display != c.want {
			t.Errorf("%q: %s, want %s", c.task, cmd.Display, c.want)
		}
	}
	sk := &skills.Skill{Name: "grep", Examples: []skills.Example{{Task: "show the lines of x.bed that mention chr1, with line numbers", Args: "-n chr1 x.bed"}}}
	if cmd, _ := mapCaptured(t, "grep", sk, "show the lines of variants.vcf that mention rs1234, with their line numbers"); cmd.Display != "grep -n rs1234 variants.vcf" {
		t.Errorf("the example's pattern: %s", cmd.Display)
	}
	if patternPlace(nil) != -1 || patternPlace(&candidate{known: true, positionals: []PositionalDoc{{Name: "FILE", ParamType: "file"}}}) != -1 {
		t.Error("a usage with no pattern place")
	}
}
