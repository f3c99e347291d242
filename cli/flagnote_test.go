package cli

import (
	"strings"
	"testing"

	"github.com/traitome/oxo-call/engine"
)

// TestRenderFlagsNotes checks that docs show names the parameter an
// associated qualifier belongs to and marks a flag only the detailed help
// lists; a plain flag's help is printed as it is.
func TestRenderFlagsNotes(t *testing.T) {
	var b strings.Builder
	renderFlags(&b, "flags", []engine.FlagDoc{
		{Name: "-minweight", ParamType: "float", Description: "Minimum scoring weight"},
		{Name: "-rformat", Aliases: []string{"-rformat2"}, ParamType: "string", Description: "Report format", Qualifies: "-outfile", Secondary: true},
		{Name: "-auto", ParamType: "bool", Description: "Turn off prompts", Secondary: true},
	})
	out := b.String()
	for _, want := range []string{"  Minimum scoring weight\n", "(of -outfile; detailed help only) Report format", "(detailed help only) Turn off prompts", "-rformat2, -rformat"} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in:\n%s", want, out)
		}
	}
}
