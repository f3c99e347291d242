package engine

import (
	"strings"
	"testing"
)

// A flag is written by its short alias, one dash against two, though the
// alias is more than a letter (deeptools' "--corData FILE, -in FILE");
// a name of one dash stays when its alias is no shorter.
func TestSpellingPrefersTheOneDashAlias(t *testing.T) {
	for _, c := range []struct {
		fd   FlagDoc
		want string
	}{
		{FlagDoc{Name: "--corData", Aliases: []string{"-in"}}, "-in"},
		{FlagDoc{Name: "--plotFile", Aliases: []string{"-o"}}, "-o"},
		{FlagDoc{Name: "--binSize", Aliases: []string{"-bs", "-b"}}, "-b"},
		{FlagDoc{Name: "--threads"}, "--threads"},
		{FlagDoc{Name: "-threads", Aliases: []string{"-t"}}, "-t"},
		{FlagDoc{Name: "-in", Aliases: []string{"--input"}}, "-in"},
		{FlagDoc{Name: "-i", Aliases: []string{"-in"}}, "-i"},
	} {
		if got := spelling(c.fd); got != c.want {
			t.Errorf("spelling(%s %v) = %s, want %s", c.fd.Name, c.fd.Aliases, got, c.want)
		}
	}
}

// The flags the command adds to an example follow the example's style:
// "--input … --output …" gains "--thread 8", not "-T 8"; an example in
// one-dash names, or in both styles, changes nothing of its own, and a
// flag the task types keeps the user's spelling.
func TestExampleSpelling(t *testing.T) {
	c := &candidate{flags: []FlagDoc{
		{Name: "--input", Aliases: []string{"-I"}, ParamType: "file"},
		{Name: "--output", Aliases: []string{"-O"}, ParamType: "file"},
		{Name: "--thread", Aliases: []string{"-T"}, ParamType: "int"},
		{Name: "--region", Aliases: []string{"-R"}, ParamType: "string"},
		{Name: "--sequencing", ParamType: "bool"},
	}}
	fill := func() *Fill {
		return &Fill{Flags: []FlagValue{
			{Name: "--input", Value: "a.bcf", HasValue: true, Why: "from the example"},
			{Name: "--output", Value: "b.bcf", HasValue: true, Why: "from the example"},
			{Name: "-T", Value: "8", HasValue: true, Why: "the task's 8"},
			{Name: "-R", Value: "chr1", HasValue: true, Why: "written in the task"},
			{Name: "--sequencing", Why: "the task names it"},
		}}
	}
	m := &mapper{}
	f := fill()
	m.exampleSpelling(f, c)
	if f.Flags[2].Name != "--thread" || f.Flags[3].Name != "-R" || f.Flags[0].Name != "--input" || len(m.evidence) != 1 || !strings.Contains(m.evidence[0], "-T as --thread") {
		t.Errorf("flags %+v, evidence %q", f.Flags, m.evidence)
	}
	f = fill()
	f.Flags[1].Name = "-O" // the example mixes both styles
	m.exampleSpelling(f, c)
	if f.Flags[2].Name != "-T" {
		t.Errorf("mixed example: %+v", f.Flags)
	}
	f = fill()
	f.Flags[0].Name, f.Flags[1].Name, f.Flags[2].Name = "-I", "-O", "--thread"
	m.exampleSpelling(f, c)
	if f.Flags[2].Name != "-T" {
		t.Errorf("one-dash example: %+v", f.Flags)
	}
}
