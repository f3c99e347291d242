package engine

import "testing"

// A task output finds the flag named for outputs even when no hint word
// fits its help ("out file"), and a subcommand help that repeats the
// parent's global flags does not make that flag two; a flag named -o
// whose value is a number (hisat2-build -o/--offrate <int>) is not it.
func TestNamedOutputFlag(t *testing.T) {
	outFile := FlagDoc{Name: "--out-file", Aliases: []string{"-o"}, ParamType: "string", Description: `out file ("-" for stdout)`, Category: "Output"}
	offrate := FlagDoc{Name: "--offrate", Aliases: []string{"-o"}, ParamType: "int", Description: "SA is sampled every 2^offRate BWT chars", Category: "Output"}
	table := FlagDoc{Name: "--trans-table", Aliases: []string{"-T"}, ParamType: "int", Category: "Input"}
	isOut := func(fd FlagDoc) bool { return fd.Category == "Output" && fd.ParamType != "bool" }
	cases := []struct {
		name  string
		flags []FlagDoc
		used  map[string]bool
		want  string
	}{
		{"global flag listed twice", []FlagDoc{table, outFile, outFile}, nil, "--out-file"},
		{"numeric -o", []FlagDoc{table, offrate}, nil, ""},
		{"already used", []FlagDoc{outFile}, map[string]bool{"-o": true}, ""},
		{"two output flags", []FlagDoc{outFile, {Name: "--output", ParamType: "file", Category: "Output"}}, nil, ""},
	}
	for _, tc := range cases {
		used := tc.used
		if used == nil {
			used = map[string]bool{}
		}
		fd, s := namedOutputFlag(&candidate{flags: tc.flags, known: true}, isOut, used)
		if fd.Name != tc.want || (s > 0) != (tc.want != "") {
			t.Errorf("%s: got %q (%v), want %q", tc.name, fd.Name, s, tc.want)
		}
	}
	m := newMapper(builtinRules, samRec, nil, nil, "translate cds.fa, write prot.fa")
	f := &Fill{}
	m.addOutput(f, &candidate{flags: []FlagDoc{table, outFile, outFile}, known: true}, "prot.fa", map[string]bool{})
	if len(f.Flags) != 1 || f.Flags[0].Name != "-o" || f.Flags[0].Value != "prot.fa" || len(f.Positionals) != 0 {
		t.Fatalf("prot.fa should go through -o: %+v", f)
	}
}
