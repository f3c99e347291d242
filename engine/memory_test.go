package engine

import (
	"strings"
	"testing"
)

// TestCarryMemoryUnits checks that an amount of memory the task gives with
// its unit reaches the flag in the form its help reads: bare where the
// help reads that unit, with the suffix where the help writes sizes with
// one, and uncertain where the help reads another unit or names none.
func TestCarryMemoryUnits(t *testing.T) {
	rec := &ToolRecord{Name: "srt", Executable: "srt"}
	doc := func(memHelp string) *ToolDoc {
		return &ToolDoc{Record: *rec, Description: "sort records",
			Flags: []FlagDoc{
				{Name: "-m", ParamType: "string", Placeholder: "SIZE", Category: "Performance", Description: memHelp},
				{Name: "-o", ParamType: "file", Category: "Output", Description: "output file"},
			},
			Positionals: []PositionalDoc{{Position: 1, Name: "in", ParamType: "file", Required: true}}}
	}
	for _, c := range []struct {
		help, task, want string
		missing          string
	}{
		{"memory limit, suffix K/M/G recognized [768M]", "sort in.txt with a 2 GB memory limit into out.txt", "srt -o out.txt -m 2G in.txt", ""},
		{"total memory limit (by default 2GB)", "sort in.txt with a memory limit of 500 megabytes into out.txt", "srt -o out.txt -m 500M in.txt", ""},
		{"max amount of memory in GB", "sort in.txt with a 8 GB memory limit into out.txt", "srt -o out.txt -m 8 in.txt", ""},
		{"memory limit (in MB)", "sort in.txt with a 8 GB memory limit into out.txt", "srt -o out.txt -m 8 in.txt", "missing: -m in MB, the unit its help reads (the task gives 8 GB)"},
		{"memory limit", "sort in.txt with a 8 GB memory limit into out.txt", "srt -o out.txt -m 8G in.txt", "missing: the unit -m reads its amount in (the task gives 8 GB; its help names none)"},
		// A flag that took the same number for something else is left alone.
		{"number of threads to use [4]", "sort in.txt with 8 threads and 8 GB of memory into out.txt", "srt -o out.txt -m 8 in.txt", ""},
		// "Gb" is gigabases, no memory: the number stays as written.
		{"memory limit, suffix K/M/G recognized [768M]", "sort in.txt with a 3 Gb memory limit into out.txt", "srt -o out.txt -m 3 in.txt", ""},
	} {
		f := MapTask(builtinRules, rec, doc(c.help), nil, c.task)
		got := Assemble(rec, f).Display
		if got != c.want || strings.Join(f.Missing, "") != c.missing || c.missing != "" && !f.Uncertain {
			t.Errorf("%q / %q: got %q missing %q uncertain %v, want %q %q\n%s", c.help, c.task, got, f.Missing, f.Uncertain, c.want, c.missing, strings.Join(f.Evidence, "\n"))
		}
	}
}
