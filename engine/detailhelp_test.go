package engine

import (
	"context"
	"slices"
	"strings"
	"testing"
)

// blShort is the short help a BLAST+ program prints for --help: options
// without descriptions, and the flag that prints them.
const blShort = `USAGE
  bl [-h] [-help] [-query input_file] [-db database_name] [-out output_file]
    [-outfmt format]

DESCRIPTION
   Nucleotide-Nucleotide BL 2.12.0+

Use '-help' to print detailed descriptions of command line arguments
`

// blLong is what -help prints: the same options, described.
const blLong = `USAGE
  bl [-h] [-help] [-query input_file] [-db database_name] [-out output_file]
    [-outfmt format]

DESCRIPTION
   Nucleotide-Nucleotide BL 2.12.0+

OPTIONAL ARGUMENTS
 -h
   Print USAGE and DESCRIPTION;  ignore all other parameters
 -help
   Print USAGE, DESCRIPTION and ARGUMENTS; ignore all other parameters
 *** Input query options
 -query <File_In>
   Input file name
   Default = ` + "`-'" + `
 -db <String>
   BLAST database name
 -out <File_Out>
   Output file name
 -outfmt <String>
   alignment view options:
     0 = Pairwise,
     6 = Tabular,
`

// TestExploreReadsTheDetailedHelp checks that a help pointing to the flag
// that prints its descriptions is read from that flag (rules/probes/
// detail.yaml), that the trace names the rule, and that a detailed help
// that describes no more flags is not read instead.
func TestExploreReadsTheDetailedHelp(t *testing.T) {
	rec := &ToolRecord{Name: "bl", Executable: "bl", ResolvedPath: "/usr/bin/bl", Installed: true}
	r := &mapRunner{out: map[string]string{"--help": blShort, "-help": blLong}}
	tr := &Trace{}
	doc := (&Explorer{Rules: builtinRules, Runner: r}).Explore(context.Background(), rec, tr)
	f, ok := LookupFlag(doc.Flags, "-outfmt")
	if !ok || !strings.Contains(f.Description, "Tabular") {
		t.Fatalf("-outfmt %+v; ran %q", f, r.ran)
	}
	if ev := eventWith(tr, "the help points to -help for detail: read instead"); ev == nil || ev.Rule != "probes.detailed_help" {
		t.Errorf("trace %v", whats(tr))
	}
	if n := slices.IndexFunc(doc.Probes, func(p Probe) bool { return slices.Equal(p.Args, []string{"-help"}) && p.Valid }); n < 0 {
		t.Errorf("probes %+v", doc.Probes)
	}
	// -help printing the short help again: the root help stays.
	r = &mapRunner{out: map[string]string{"--help": blShort, "-help": blShort + "\n"}}
	tr = &Trace{}
	doc = (&Explorer{Rules: builtinRules, Runner: r}).Explore(context.Background(), rec, tr)
	if f, _ := LookupFlag(doc.Flags, "-outfmt"); f.Description != "" || eventWith(tr, "read instead") != nil {
		t.Errorf("-outfmt %+v, trace %v", f, whats(tr))
	}
	if !slices.Contains(r.ran, "/usr/bin/bl -help") {
		t.Errorf("ran %q", r.ran)
	}
}
