package engine

import (
	"slices"
	"strings"
	"testing"
)

// Built from the help alone, a command whose usage admits no operand
// ("k2i [options]") gives a task item it would write as a positional to
// the flag whose help names what the task's words call it ("DB" for
// "database"); when no flag fits, or two fit alike, the item stays and
// the command is uncertain. A usage with an operand, or none at all,
// changes nothing.
func TestOperandsBehindFlags(t *testing.T) {
	rec := &ToolRecord{Name: "k2i", Executable: "k2i", Installed: true}
	db := FlagDoc{Name: "--db", ParamType: "string", Placeholder: "NAME", Description: "Name for Kraken 2 DB (default: none)"}
	threads := FlagDoc{Name: "--threads", ParamType: "int", Placeholder: "NUM", Description: "Number of threads to use"}
	skip := FlagDoc{Name: "--skip-counts", ParamType: "bool", Description: "Only print database summary statistics"}
	refdb := FlagDoc{Name: "--ref", ParamType: "string", Placeholder: "NAME", Description: "reference DB to compare with"}
	const task = "Print only the summary statistics of the database in /data/k2_standard"
	cases := []struct {
		task  string
		flags []FlagDoc
		pos   []PositionalDoc
		usage []string
		want  string
		left  bool // the item stays, and the command is uncertain for it
	}{
		{task, []FlagDoc{db, threads, skip}, nil, []string{"k2i [options]"}, "k2i --db /data/k2_standard --skip-counts", false},
		{task, []FlagDoc{threads, skip}, nil, []string{"k2i [options]"}, "k2i --skip-counts /data/k2_standard", true},
		{task, []FlagDoc{db, refdb, skip}, nil, []string{"k2i [options]"}, "k2i --skip-counts /data/k2_standard", true},
		{task, []FlagDoc{db, threads, skip}, []PositionalDoc{{Position: 1, Name: "db", Required: true}}, []string{"k2i [options] <db>"}, "k2i --skip-counts /data/k2_standard", false},
		{task, []FlagDoc{db, threads, skip}, nil, nil, "k2i --skip-counts /data/k2_standard", false},
		{task, []FlagDoc{db, threads, skip}, nil, []string{"k2i"}, "k2i --skip-counts /data/k2_standard", false},
		// a file of a known kind is left to the flags that read files:
		// such usages often leave their files out ("seqkit stats [flags]")
		{"Print only the summary statistics of the database reads.fq", []FlagDoc{db, threads, skip}, nil, []string{"k2i [options]"}, "k2i --skip-counts reads.fq", false},
	}
	for _, tc := range cases {
		doc := &ToolDoc{Record: *rec, Flags: tc.flags, Positionals: tc.pos, UsagePatterns: tc.usage}
		f := MapTask(builtinRules, rec, doc, nil, tc.task)
		if got := Assemble(rec, f).Display; got != tc.want {
			t.Errorf("%v %v: got %s, want %s\n%s", tc.usage, tc.pos, got, tc.want, strings.Join(f.Evidence, "\n"))
		}
		left := slices.ContainsFunc(f.Mismatched, func(s string) bool { return strings.Contains(s, "shows no operand") })
		if left != tc.left || left && !f.Uncertain {
			t.Errorf("%v: mismatched %q (uncertain %v), want the item left: %v", tc.usage, f.Mismatched, f.Uncertain, tc.left)
		}
	}
}
