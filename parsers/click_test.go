package parsers

import (
	"reflect"
	"testing"
)

// multiqcFacts hold for both renderings of the same click command: the
// rich-click panels the tool prints and click's plain formatter.
var multiqcFacts = []flagWant{
	{Flag: Flag{Name: "--force", Aliases: []string{"-f"}, ParamType: "bool"}, Desc: "Overwrite any existing reports"},
	{Flag: Flag{Name: "--template", Aliases: []string{"-t"}, ParamType: "choice", Placeholder: "default|default_dev|gathered|geo|sections|simple",
		Choices: []string{"default", "default_dev", "gathered", "geo", "sections", "simple"}}, Desc: "Report template to use."},
	{Flag: Flag{Name: "--data-format", Aliases: []string{"-k"}, ParamType: "choice", Placeholder: "tsv|json|yaml", Choices: []string{"tsv", "json", "yaml"}}, Desc: "different format"},
	{Flag: Flag{Name: "--dirs-depth", Aliases: []string{"-dd"}, ParamType: "int", Placeholder: "INTEGER"}, Desc: "directories to sample names"},
	{Flag: Flag{Name: "--ignore", Aliases: []string{"-x"}, ParamType: "string", Placeholder: "GLOB EXPRESSION"}, Desc: "Ignore analysis files"},
	{Flag: Flag{Name: "--config", Aliases: []string{"-c"}, ParamType: "file", Placeholder: "PATH"}, Desc: "Specific config file"},
	{Flag: Flag{Name: "--cl-config", ParamType: "string", Placeholder: "TEXT"}, Desc: "YAML on the command line"},
	{Flag: Flag{Name: "--no-ansi", ParamType: "bool"}, Desc: "coloured log output"},
}

func TestClickRich(t *testing.T) {
	s := parseWith(t, "click", "multiqc")
	checkFlags(t, s, append(multiqcFacts,
		// rich-click appends the type: "(INTEGER RANGE)", "(MODULE NAME)"
		flagWant{Flag: Flag{Name: "--verbose", Aliases: []string{"-v"}, ParamType: "int", Placeholder: "INTEGER RANGE"}, Desc: "Increase output verbosity."},
		flagWant{Flag: Flag{Name: "--module", Aliases: []string{"-m"}, ParamType: "string", Placeholder: "MODULE NAME", Repeatable: true}, Desc: "Use only this module"},
	))
	if len(s.Flags) != 41 || s.OptionLines != 41 || s.ParsedLines != 41 {
		t.Errorf("flags %d, option lines %d, parsed %d; want 41", len(s.Flags), s.OptionLines, s.ParsedLines)
	}
	want := []Positional{{Position: 1, Name: "ANALYSIS DIRECTORY", ParamType: "file"}}
	if !reflect.DeepEqual(s.Positionals, want) {
		t.Errorf("positionals = %+v", s.Positionals)
	}
	if len(s.Usage) != 1 || s.Usage[0] != "multiqc [OPTIONS] [ANALYSIS DIRECTORY]" {
		t.Errorf("usage = %q", s.Usage)
	}
	wantHeads := []string{"Usage", "Main options", "Choosing modules to run", "Sample handling",
		"Report customisation", "Output files", "MultiQC behaviour"}
	if got := Headings(load(t, "multiqc")); !reflect.DeepEqual(got, wantHeads) {
		t.Errorf("headings = %q", got)
	}
}

func TestClickPlain(t *testing.T) {
	s := parseWith(t, "click", "multiqc_plain")
	checkFlags(t, s, append(multiqcFacts,
		// click prints this option's metavar as "[MODULE NAME]"
		flagWant{Flag: Flag{Name: "--module", Aliases: []string{"-m"}, ParamType: "string", Placeholder: "MODULE NAME", Repeatable: true, OptionalValue: true}, Desc: "Use only this module"},
		// "[i](leave as full file name)[/]" is markup, not a default
		flagWant{Flag: Flag{Name: "--fullnames", Aliases: []string{"-s"}, ParamType: "bool"}, Desc: "Do not clean the sample names"},
	))
	if len(s.Flags) != 41 {
		t.Errorf("%d flags, want 41", len(s.Flags))
	}
	if s.Description != "MultiQC aggregates results from bioinformatics analyses across many samples into a single report." {
		t.Errorf("description = %q", s.Description)
	}
}

func TestClickSyntax(t *testing.T) {
	help := `Usage: greet [OPTIONS] NAME [FILES]...

  Greets NAME.

Options:
  --shout / --no-shout  Shout it.  [default: no-shout]
  -n, --count INTEGER   How many times.  [default: 1; required]
  --color [red|green]   The colour.  [required]
  --help                Show this message and exit.

Commands:
  hello  Say hello.
`
	p, _ := Get("click")
	s, err := p.Parse(help)
	if err != nil {
		t.Fatal(err)
	}
	checkFlags(t, s, []flagWant{
		// a boolean pair: two options
		{Flag: Flag{Name: "--shout", ParamType: "bool", Default: "no-shout"}, Desc: "Shout it."},
		{Flag: Flag{Name: "--no-shout", ParamType: "bool", Default: "no-shout"}, Desc: "Shout it."},
		{Flag: Flag{Name: "--count", Aliases: []string{"-n"}, ParamType: "int", Placeholder: "INTEGER", Default: "1", Required: true}, Desc: "How many times."},
		{Flag: Flag{Name: "--color", ParamType: "choice", Placeholder: "red|green", Choices: []string{"red", "green"}, Required: true}, Desc: "The colour."},
	})
	want := []Positional{
		{Position: 1, Name: "NAME", ParamType: "string", Required: true},
		{Position: 2, Name: "FILES", ParamType: "file", Repeatable: true},
	}
	if !reflect.DeepEqual(s.Positionals, want) {
		t.Errorf("positionals = %+v", s.Positionals)
	}
	if s.Description != "Greets NAME." {
		t.Errorf("description = %q", s.Description)
	}
	es, _ := ExtractSubcommands(help, ListMethod{Kind: "section", Headings: []string{"Commands"}})
	if !reflect.DeepEqual(es, []Entry{{Name: "hello", Description: "Say hello."}}) {
		t.Errorf("commands = %+v", es)
	}
}
