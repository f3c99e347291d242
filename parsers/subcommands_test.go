package parsers

import (
	"reflect"
	"strings"
	"testing"
)

// names lists entry names.
func names(es []Entry) []string {
	var out []string
	for _, e := range es {
		out = append(out, e.Name)
	}
	return out
}

func TestSubcommandsSectionGroups(t *testing.T) {
	es, err := ExtractSubcommands(load(t, "samtools"), ListMethod{Kind: "section", Headings: []string{"Commands"}})
	if err != nil {
		t.Fatal(err)
	}
	// 4 + 7 + 12 + 8 + 6 + 2 commands in six "-- Group" blocks
	if len(es) != 39 {
		t.Errorf("%d commands, want 39: %v", len(es), names(es))
	}
	byName := map[string]string{}
	for _, e := range es {
		byName[e.Name] = e.Description
	}
	for name, desc := range map[string]string{
		"dict":    "create a sequence dictionary file",
		"sort":    "sort alignment file",
		"help":    "display this help message or help for [cmd]",
		"version": "detailed version information",
	} {
		if byName[name] != desc {
			t.Errorf("%s = %q, want %q", name, byName[name], desc)
		}
	}
	for _, e := range es {
		if strings.HasPrefix(e.Name, "-") || e.Name == "Indexing" {
			t.Errorf("group heading returned as a command: %+v", e)
		}
	}
}

func TestSubcommandsProseInSection(t *testing.T) {
	es, _ := ExtractSubcommands(load(t, "bcftools"), ListMethod{Kind: "section", Headings: []string{"Commands:"}})
	if len(es) != 22 {
		t.Errorf("%d commands, want 22: %v", len(es), names(es))
	}
	for _, e := range es {
		if e.Name == "39" || e.Name == "Most" || e.Name == "in" {
			t.Errorf("prose read as a command: %+v", e)
		}
	}
}

func TestSubcommandsHeadingItem(t *testing.T) {
	es, err := ExtractSubcommands(load(t, "bwa"), ListMethod{Kind: "heading_item", Headings: []string{"Command"}})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"index", "mem", "fastmap", "pemerge", "aln", "samse", "sampe", "bwasw",
		"shm", "fa2pac", "pac2bwt", "pac2bwtgen", "bwtupdate", "bwt2sa"}
	if !reflect.DeepEqual(names(es), want) {
		t.Errorf("commands = %v", names(es))
	}
	if es[0].Description != "index sequences in the FASTA format" {
		t.Errorf("index = %q", es[0].Description)
	}
	// the note under the list is not read as commands
	seqtk, _ := ExtractSubcommands(load(t, "seqtk"), ListMethod{Kind: "heading_item", Headings: []string{"command"}})
	if len(seqtk) != 17 || seqtk[0].Name != "seq" || seqtk[16].Name != "listhet" {
		t.Errorf("seqtk commands = %v", names(seqtk))
	}
}

func TestSubcommandsBraces(t *testing.T) {
	help := load(t, "macs2")
	for _, heads := range [][]string{nil, {"positional arguments"}} {
		es, err := ExtractSubcommands(help, ListMethod{Kind: "braces", Headings: heads})
		if err != nil {
			t.Fatal(err)
		}
		if len(es) != 12 || es[0].Name != "callpeak" || es[11].Name != "refinepeak" {
			t.Fatalf("commands = %v", names(es))
		}
		if es[0].Description != "Main MACS2 Function: Call peaks from alignment results." {
			t.Errorf("callpeak = %q", es[0].Description)
		}
		// wrapped descriptions join
		if !strings.HasSuffix(es[1].Description, "so only bedGraph files from MACS2 are accpetable.") {
			t.Errorf("bdgpeakcall = %q", es[1].Description)
		}
	}
	// choices of an option ("-f {AUTO,BAM,...}") are not subcommands
	es, _ := ExtractSubcommands(load(t, "macs2_callpeak"), ListMethod{Kind: "braces"})
	if len(es) != 0 {
		t.Errorf("option choices read as commands: %v", names(es))
	}
}

func TestSubcommandsBracesWithoutUsage(t *testing.T) {
	help := `positional arguments:
  {run,stop}
    run       start it
    stop      stop it
`
	es, _ := ExtractSubcommands(help, ListMethod{Kind: "braces"})
	want := []Entry{{Name: "run", Description: "start it"}, {Name: "stop", Description: "stop it"}}
	if !reflect.DeepEqual(es, want) {
		t.Errorf("entries = %+v", es)
	}
}

func TestSubcommandsCleanNames(t *testing.T) {
	help := `Commands:
  build         Build it
  two words     not a command: "two" takes "words" as an argument? no
  --flag        an option row
  x.y_z-1       odd but valid
  build         duplicate
`
	es, _ := ExtractSubcommands(help, ListMethod{Kind: "section", Headings: []string{"Commands", "", "Missing"}})
	if got := names(es); !reflect.DeepEqual(got, []string{"build", "x.y_z-1"}) {
		t.Errorf("names = %q", got)
	}
	for _, e := range es {
		if e.Name == "" || strings.ContainsAny(e.Name, " \t") {
			t.Errorf("bad name %q", e.Name)
		}
	}
}

func TestSubcommandsUnknownKind(t *testing.T) {
	_, err := ExtractSubcommands("x", ListMethod{Kind: "table"})
	if err == nil || !strings.Contains(err.Error(), `"table"`) {
		t.Errorf("err = %v", err)
	}
}

func TestSubcommandsHeadingItemStopsAtShallowerText(t *testing.T) {
	help := "Command: add      add a thing\n" +
		"         remove   remove a thing\n" +
		"                  for good\n" +
		"    see the manual for more\n" +
		"         stray    not listed\n"
	es, _ := ExtractSubcommands(help, ListMethod{Kind: "heading_item", Headings: []string{"Command"}})
	want := []Entry{{Name: "add", Description: "add a thing"}, {Name: "remove", Description: "remove a thing for good"}}
	if !reflect.DeepEqual(es, want) {
		t.Errorf("entries = %+v", es)
	}
}

func TestListingMethod(t *testing.T) {
	help := "usage: mmseqs <command> [<args>]\n\nEasy workflows for plain text input/output\n  easy-search       \tSensitive homology search\n  easy-cluster      \tSlower, sensitive clustering\n\nMain workflows\n  search            \tSensitive homology search\n\nAn indented   sentence alone is not a command.\n"
	e, err := ExtractSubcommands(help, ListMethod{Kind: "listing"})
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, x := range e {
		names = append(names, x.Name)
	}
	if got := strings.Join(names, ","); got != "easy-search,easy-cluster,search" {
		t.Fatalf("listing = %s", got)
	}
}

func TestColonAlignedListing(t *testing.T) {
	help := "Usage: salmon <COMMAND>\n\nCommands:\n     index      : create a salmon index\n     quantmerge : merge multiple quantifications into a single file\n"
	e, _ := ExtractSubcommands(help, ListMethod{Kind: "section", Headings: []string{"commands"}})
	if len(e) != 2 || e[1].Name != "quantmerge" || e[1].Description != "merge multiple quantifications into a single file" {
		t.Fatalf("entries = %+v", e)
	}
}

// jellyfish 2.3.0's root help, as captured: its subcommands are a comma
// list on one line.
const jellyfishHelp = `Usage: jellyfish <cmd> [options] arg...
Where <cmd> is one of: count, bc, info, stats, histo, dump, merge, query, cite, mem, jf.
Options:
  --version        Display version
  --help           Display this message
`

func TestSubcommandsInline(t *testing.T) {
	heads := []string{"is one of:", "can be one of:"}
	es, err := ExtractSubcommands(jellyfishHelp, ListMethod{Kind: "inline", Headings: heads})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"count", "bc", "info", "stats", "histo", "dump", "merge", "query", "cite", "mem", "jf"}
	if got := names(es); !reflect.DeepEqual(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
	for _, bad := range []string{
		"Where <cmd> is one of: count.\n",                 // one name is not a list
		"Where <cmd> is one of: count, two words, dump\n", // prose, not names
		"Usage: x <cmd>\n  count   count things\n",        // no inline list
	} {
		if es, _ := ExtractSubcommands(bad, ListMethod{Kind: "inline", Headings: heads}); len(es) != 0 {
			t.Errorf("%q: got %v, want none", bad, names(es))
		}
	}
}

// "name   - description" rows (kmc_tools' operations): the dash is no part
// of the description.
func TestSubcommandRowsWithDash(t *testing.T) {
	help := "Usage:\n ops [global parameters] <operation>\nAvailable operations:\n  transform            - transforms a database\n  simple               - performs set operations\n"
	got, err := ExtractSubcommands(help, ListMethod{Kind: "section", Headings: []string{"available operations"}})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0].Name != "transform" || got[0].Description != "transforms a database" {
		t.Errorf("got %+v", got)
	}
}
