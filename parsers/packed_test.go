package parsers

import "testing"

func TestPackedRow(t *testing.T) {
	fs, ok := packedRow("-links N -lname PATTERN -mmin N -size N[bcwkMG] -empty -type [bcdpflsD] -fprintf FILE FORMAT")
	if !ok {
		t.Fatal("not read as a packed row")
	}
	want := []struct{ name, ph, typ string }{
		{"-links", "N", "int"}, {"-lname", "PATTERN", "string"}, {"-mmin", "N", "int"},
		{"-size", "N[bcwkMG]", "string"}, {"-empty", "", "bool"}, {"-type", "[bcdpflsD]", "string"},
		{"-fprintf", "FILE FORMAT", "string"},
	}
	if len(fs) != len(want) {
		t.Fatalf("got %d flags: %+v", len(fs), fs)
	}
	for i, w := range want {
		if fs[i].Name != w.name || fs[i].Placeholder != w.ph || fs[i].ParamType != w.typ {
			t.Errorf("flag %d: got %s %q %s, want %s %q %s", i, fs[i].Name, fs[i].Placeholder, fs[i].ParamType, w.name, w.ph, w.typ)
		}
	}
	for _, row := range []string{
		"-o FILE   write the output to FILE", // a column gap: an option with its description
		"-a -b",                              // two names: too few to tell from a usage fragment
		"-exec COMMAND ; -exec COMMAND {} +", // words that are neither names nor placeholders
		"-x is read as prose when it goes on with words",
	} {
		if fs, ok := packedRow(row); ok {
			t.Errorf("%q read as a packed row: %+v", row, fs)
		}
	}
}

// TestPackedRowsInFindHelp checks that every option of find's help rows is
// read, not only the first of each row.
func TestPackedRowsInFindHelp(t *testing.T) {
	help := `Usage: find [-H] [-L] [-P] [path...] [expression]

Normal options (always true, specified before other expressions):
      -depth -files0-from FILE -maxdepth LEVELS -mindepth LEVELS
       -mount -noleaf -xdev -ignore_readdir_race -noignore_readdir_race

Tests (N can be +N or -N or N):
      -amin N -anewer FILE -atime N -cmin N -cnewer FILE -context CONTEXT
      -wholename PATTERN -size N[bcwkMG] -true -type [bcdpflsD] -uid N

Other common options:
      --help                   display this help and exit
`
	s, err := genericParser{}.Parse(help)
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]string{}
	for _, f := range s.Flags {
		names[f.Name] = f.ParamType
	}
	for _, n := range []string{"-maxdepth", "-mindepth", "-xdev", "-noignore_readdir_race", "-context", "-size", "-type", "-uid", "--help"} {
		if _, ok := names[n]; !ok {
			t.Errorf("%s not read; flags %v", n, names)
		}
	}
	if names["-xdev"] != "bool" || names["-maxdepth"] != "string" {
		t.Errorf("types: -xdev %s, -maxdepth %s", names["-xdev"], names["-maxdepth"])
	}
}

// TestColonAfterFlag checks that option rows whose flag ends with a colon
// before the column (prodigal's "-a:  Write protein translations ...")
// are read with their descriptions, merged with the usage's placeholders.
func TestColonAfterFlag(t *testing.T) {
	help := `
Usage:  prodigal [-a trans_file] [-c] [-f output_type] [-o output_file]

         -a:  Write protein translations to the selected file.
         -c:  Closed ends.  Do not allow genes to run off edges.
         -f:  Select output format (gbk, gff, or sco).  Default is gbk.
         -o:  Specify output file (default writes to stdout).
`
	s, err := genericParser{}.Parse(help)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]Flag{}
	for _, f := range s.Flags {
		got[f.Name] = f
	}
	if f := got["-a"]; f.Placeholder != "trans_file" || f.Description != "Write protein translations to the selected file." {
		t.Errorf("-a: %+v", f)
	}
	if f := got["-c"]; f.ParamType != "bool" || f.Description == "" {
		t.Errorf("-c: %+v", f)
	}
	if f := got["-f"]; f.Placeholder != "output_type" || f.Description == "" {
		t.Errorf("-f: %+v", f)
	}
	if _, ok := got["-a:"]; ok {
		t.Error("the colon kept in a flag name")
	}
}
