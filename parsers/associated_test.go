package parsers

import (
	"slices"
	"testing"
)

// TestAssociatedQualifiers checks EMBOSS's -help -verbose: each associated
// qualifier is named without its parameter's number (kept as an alias)
// and records the parameter it qualifies; a qualifier two parameters
// share is one flag of neither; the parameters and the general
// qualifiers qualify nothing.
func TestAssociatedQualifiers(t *testing.T) {
	s := parseWith(t, "generic", "sigcleave_verbose")
	for _, c := range []struct{ name, alias, qualifies, typ string }{
		{"-rformat", "-rformat2", "-outfile", "string"},
		{"-rmaxall", "-rmaxall2", "-outfile", "int"},
		{"-sformat", "-sformat1", "-sequence", "string"},
		{"-sreverse", "-sreverse1", "-sequence", "bool"},
	} {
		f, ok := findFlag(s, c.name)
		if !ok || f.Name != c.name || !slices.Contains(f.Aliases, c.alias) || f.Qualifies != c.qualifies || f.ParamType != c.typ {
			t.Errorf("%s: %+v (found %v)", c.name, f, ok)
		}
	}
	for _, name := range []string{"-sequence", "-minweight", "-outfile", "-prokaryote", "-auto", "-stdout"} {
		if f, ok := findFlag(s, name); !ok || f.Qualifies != "" || f.Name != name {
			t.Errorf("%s: %+v (found %v)", name, f, ok)
		}
	}
	m := parseWith(t, "generic", "matcher_verbose")
	f, ok := findFlag(m, "-sformat")
	if !ok || !slices.Contains(f.Aliases, "-sformat1") || !slices.Contains(f.Aliases, "-sformat2") || f.Qualifies != "" {
		t.Errorf("-sformat of two parameters: %+v (found %v)", f, ok)
	}
	if f, ok := findFlag(m, "-aformat"); !ok || f.Qualifies != "-outfile" || f.Name != "-aformat" {
		t.Errorf("-aformat: %+v (found %v)", f, ok)
	}
	n := 0
	for _, f := range m.Flags {
		if f.Name == "-sformat" {
			n++
		}
	}
	if n != 1 {
		t.Errorf("-sformat listed %d times", n)
	}
}

// TestUnnumberAssociatedKeepsOwnNames checks that a qualifier whose
// unnumbered name another flag holds keeps its number, and that a
// numbered name outside an associated section is left as it is.
func TestUnnumberAssociatedKeepsOwnNames(t *testing.T) {
	got := unnumberAssociated([]Flag{
		{Name: "-rformat", Section: "Additional (Optional) qualifiers"},
		{Name: "-rformat2", Section: `"-outfile" associated qualifiers`},
		{Name: "-window2", Section: "Additional (Optional) qualifiers"},
		{Name: "-ufo1", Section: `"-sequence" associated qualifiers`},
	})
	if got[1].Name != "-rformat2" || got[1].Qualifies != "-outfile" {
		t.Errorf("clash: %+v", got[1])
	}
	if got[2].Name != "-window2" || got[2].Qualifies != "" {
		t.Errorf("outside: %+v", got[2])
	}
	if got[3].Name != "-ufo" || !slices.Equal(got[3].Aliases, []string{"-ufo1"}) {
		t.Errorf("ufo: %+v", got[3])
	}
}
