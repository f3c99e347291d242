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
	checkCommands(t, "grep", nil,
		taskCommand{"show the lines of variants.vcf that mention rs1234, with their line numbers", "grep -n rs1234 variants.vcf"},
		taskCommand{"show the genes.txt entries containing 'kinase', ignoring case", "grep -i kinase genes.txt"})
	sk := &skills.Skill{Name: "grep", Examples: []skills.Example{{Task: "show the lines of x.bed that mention chr1, with line numbers", Args: "-n chr1 x.bed"}}}
	checkCommands(t, "grep", sk, taskCommand{"show the lines of variants.vcf that mention rs1234, with their line numbers", "grep -n rs1234 variants.vcf"})
	if patternPlace(nil) != -1 || patternPlace(&candidate{known: true, positionals: []PositionalDoc{{Name: "FILE", ParamType: "file"}}}) != -1 {
		t.Error("a usage with no pattern place")
	}
}
