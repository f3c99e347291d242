package parsers

import (
	"reflect"
	"testing"
)

func TestClapFlagsOptionsStyle(t *testing.T) {
	// clap 2: separate FLAGS: and OPTIONS: sections, "[default: x]" and a
	// "[possible values: ...]" list wrapped onto the next line
	s := parseWith(t, "clap", "zoxide_init")
	checkFlags(t, s, []flagWant{
		{Flag: Flag{Name: "--no-aliases", ParamType: "bool"}, Desc: "Prevents zoxide from defining"},
		{Flag: Flag{Name: "--cmd", ParamType: "string", Placeholder: "cmd", Default: "z"}, Desc: "Renames the 'z' command"},
		{Flag: Flag{Name: "--hook", ParamType: "choice", Placeholder: "hook", Default: "pwd", Choices: []string{"none", "prompt", "pwd"}}, Desc: "Chooses event"},
		{Flag: Flag{Name: "--version", Aliases: []string{"-V"}, ParamType: "bool"}, Desc: "Prints version information"},
	})
	if len(s.Flags) != 5 {
		t.Errorf("%d flags, want 5", len(s.Flags))
	}
	want := []Positional{{Position: 1, Name: "shell", ParamType: "choice", Required: true,
		Choices: []string{"bash", "fish", "posix", "powershell", "zsh"}}}
	if !reflect.DeepEqual(s.Positionals, want) {
		t.Errorf("positionals = %+v", s.Positionals)
	}
	if s.Description != "Generates shell configuration" {
		t.Errorf("description = %q", s.Description)
	}
}

func TestClapUnifiedOptions(t *testing.T) {
	s := parseWith(t, "clap", "hexyl")
	checkFlags(t, s, []flagWant{
		{Flag: Flag{Name: "--length", Aliases: []string{"-n"}, ParamType: "int", Placeholder: "N"}, Desc: "Only read N bytes"},
		{Flag: Flag{Name: "--color", ParamType: "choice", Placeholder: "WHEN", Default: "always", Choices: []string{"always", "auto", "never"}}, Desc: "When to use colors."},
		{Flag: Flag{Name: "--border", ParamType: "choice", Placeholder: "STYLE", Default: "unicode", Choices: []string{"unicode", "ascii", "none"}}, Desc: "draw a border"},
		// "Examples: --block-size=1024" continues a description
		{Flag: Flag{Name: "--block-size", ParamType: "string", Placeholder: "SIZE"}, Desc: "Examples: --block-size=1024"},
	})
	if len(s.Flags) != 10 {
		t.Errorf("%d flags, want 10", len(s.Flags))
	}
	// ARGS shows "<FILE>", the usage "[FILE]": the usage decides
	want := []Positional{{Position: 1, Name: "FILE", ParamType: "file", Description: "The file to display. If no FILE argument is given, read from STDIN."}}
	if !reflect.DeepEqual(s.Positionals, want) {
		t.Errorf("positionals = %+v", s.Positionals)
	}
	if s.Description != "A command-line hex viewer" {
		t.Errorf("description = %q", s.Description)
	}
}

func TestClapLongHelp(t *testing.T) {
	// clap 3: descriptions on the lines below each option
	s := parseWith(t, "clap", "hyperfine")
	checkFlags(t, s, []flagWant{
		{Flag: Flag{Name: "--parameter-scan", Aliases: []string{"-P"}, ParamType: "string", Placeholder: "VAR MIN MAX"}, Desc: "This performs benchmarks for 'make -j 1'"},
		{Flag: Flag{Name: "-N", ParamType: "bool"}, Desc: "An alias for '--shell=none'."},
		{Flag: Flag{Name: "--min-runs", Aliases: []string{"-m"}, ParamType: "int", Placeholder: "NUM", Default: "10"}, Desc: "at least NUM runs"},
		{Flag: Flag{Name: "--time-unit", Aliases: []string{"-u"}, ParamType: "choice", Placeholder: "UNIT", Choices: []string{"millisecond", "second"}}, Desc: "time unit"},
		{Flag: Flag{Name: "--export-json", ParamType: "file", Placeholder: "FILE"}, Desc: "as JSON"},
		{Flag: Flag{Name: "--command-name", Aliases: []string{"-n"}, ParamType: "string", Placeholder: "NAME", Repeatable: true}, Desc: "meaningful name"},
	})
	if len(s.Flags) != 25 || s.OptionLines != 25 {
		t.Errorf("%d flags from %d option lines, want 25", len(s.Flags), s.OptionLines)
	}
	if len(s.Positionals) != 1 || s.Positionals[0].Name != "command" || !s.Positionals[0].Required || !s.Positionals[0].Repeatable {
		t.Errorf("positionals = %+v", s.Positionals)
	}
}

func TestClap4(t *testing.T) {
	long := parseWith(t, "clap", "fdfind")
	short := parseWith(t, "clap", "fdfind_short")
	checkFlags(t, long, []flagWant{
		// the long help lists values as "- auto: ..." rows
		{Flag: Flag{Name: "--color", Aliases: []string{"-c"}, ParamType: "choice", Placeholder: "when", Default: "auto", Choices: []string{"auto", "always", "never"}}, Desc: "Declare when to use color"},
		{Flag: Flag{Name: "--unrestricted", Aliases: []string{"-u"}, ParamType: "bool", Repeatable: true}, Desc: "unrestricted search"},
		{Flag: Flag{Name: "--exec", Aliases: []string{"-x"}, ParamType: "string", Placeholder: "cmd", Repeatable: true}, Desc: "Execute a command"},
		// "filetype" names a kind of entry, not a file
		{Flag: Flag{Name: "--type", Aliases: []string{"-t"}, ParamType: "string", Placeholder: "filetype", Repeatable: true}, Desc: "Filter the search by type"},
		// "(default: hidden files ... are skipped)" describes behaviour
		{Flag: Flag{Name: "--hidden", Aliases: []string{"-H"}, ParamType: "bool"}, Desc: "Include hidden directories"},
	})
	checkFlags(t, short, []flagWant{
		{Flag: Flag{Name: "--color", Aliases: []string{"-c"}, ParamType: "choice", Placeholder: "when", Default: "auto", Choices: []string{"auto", "always", "never"}}, Desc: "When to use colors"},
		{Flag: Flag{Name: "--max-depth", Aliases: []string{"-d"}, ParamType: "string", Placeholder: "depth", Default: "none"}, Desc: "maximum search depth"},
	})
	// examples such as "--exclude '*.pyc'" inside descriptions are text
	if long.OptionLines != long.ParsedLines || len(long.Flags) != 44 {
		t.Errorf("option lines %d, parsed %d, flags %d", long.OptionLines, long.ParsedLines, len(long.Flags))
	}
	if _, ok := findFlag(long, "--glob."); ok {
		t.Error("wrapped prose read as a flag")
	}
	for _, s := range []*Schema{long, short} {
		want := []string{"pattern", "path"}
		var got []string
		for _, p := range s.Positionals {
			got = append(got, p.Name)
			if p.Required {
				t.Errorf("%s should be optional", p.Name)
			}
		}
		if !reflect.DeepEqual(got, want) || !s.Positionals[1].Repeatable {
			t.Errorf("positionals = %+v", s.Positionals)
		}
	}
	if long.Description != "A program to find entries in your filesystem" {
		t.Errorf("description = %q", long.Description)
	}
}

func TestClapLongArgsSection(t *testing.T) {
	s := parseWith(t, "clap", "sd")
	want := []Positional{
		{Position: 1, Name: "find", ParamType: "string", Description: "The regexp or string (if -s) to search for", Required: true},
		{Position: 2, Name: "replace-with", ParamType: "string", Description: "What to replace each match with. Unless in string mode, you may use captured values like $1, $2, etc", Required: true},
		{Position: 3, Name: "files", ParamType: "file", Description: "The path to file(s). This is optional - sd can also read from STDIN", Repeatable: true},
	}
	if !reflect.DeepEqual(s.Positionals, want) {
		t.Errorf("positionals:\n got  %+v\n want %+v", s.Positionals, want)
	}
	checkFlags(t, s, []flagWant{
		{Flag: Flag{Name: "--flags", Aliases: []string{"-f"}, ParamType: "string", Placeholder: "flags"}, Desc: "w - match full words only"},
	})
}

func TestClapRequiredFromUsage(t *testing.T) {
	help := `tool 1.0

Usage: tool [OPTIONS] --input <FILE>

Options:
  -i, --input <FILE>  Input file
  -v, --verbose...    More output
`
	p, _ := Get("clap")
	s, err := p.Parse(help)
	if err != nil {
		t.Fatal(err)
	}
	checkFlags(t, s, []flagWant{
		{Flag: Flag{Name: "--input", Aliases: []string{"-i"}, ParamType: "file", Placeholder: "FILE", Required: true}, Desc: "Input file"},
		{Flag: Flag{Name: "--verbose", Aliases: []string{"-v"}, ParamType: "bool", Repeatable: true}, Desc: "More output"},
	})
	if len(s.Positionals) != 0 {
		t.Errorf("positionals = %+v", s.Positionals)
	}
}
