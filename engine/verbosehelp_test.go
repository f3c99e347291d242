package engine

import (
	"context"
	"os"
	"testing"
)

// embossDoc explores an EMBOSS program through its captured helps: --help
// prints the plain help, -help -verbose the associated and general
// qualifiers too.
func embossDoc(t *testing.T, tool string) (*ToolRecord, *ToolDoc, *Trace) {
	t.Helper()
	plain, err := os.ReadFile("../parsers/testdata/" + tool + ".txt")
	if err != nil {
		t.Fatal(err)
	}
	verbose, err := os.ReadFile("../parsers/testdata/" + tool + "_verbose.txt")
	if err != nil {
		t.Fatal(err)
	}
	rec := &ToolRecord{Name: tool, Executable: tool, ResolvedPath: "/usr/bin/" + tool, Installed: true}
	r := &mapRunner{out: map[string]string{"--help": string(plain), "-help -verbose": string(verbose)}}
	tr := &Trace{}
	return rec, (&Explorer{Rules: builtinRules, Runner: r}).Explore(context.Background(), rec, tr), tr
}

// TestExploreReadsTheVerboseHelp checks that a help saying where more of
// its options are described ("… can be found with -help -verbose") is
// probed with that call of two flags, and that the flags only it lists
// are secondary, each with the parameter it qualifies.
func TestExploreReadsTheVerboseHelp(t *testing.T) {
	_, doc, tr := embossDoc(t, "sigcleave")
	if ev := eventWith(tr, "the help points to -help -verbose for detail: read instead"); ev == nil || ev.Rule != "probes.more_options_help" {
		t.Fatalf("trace %v", whats(tr))
	}
	for _, c := range []struct {
		name      string
		secondary bool
		qualifies string
	}{
		{"-minweight", false, ""}, {"-outfile", false, ""}, {"-prokaryote", false, ""},
		{"-rformat", true, "-outfile"}, {"-sformat", true, "-sequence"}, {"-auto", true, ""},
	} {
		fd, ok := LookupFlag(doc.Flags, c.name)
		if !ok || fd.Secondary != c.secondary || fd.Qualifies != c.qualifies {
			t.Errorf("%s: %+v (found %v)", c.name, fd, ok)
		}
	}
}
