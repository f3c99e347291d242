package parsers

import (
	"reflect"
	"testing"
)

func TestEnvoptFastasplit(t *testing.T) {
	s := parseWith(t, "envopt", "fastasplit")
	checkFlags(t, s, []flagWant{
		{Flag: Flag{Name: "--shorthelp", Aliases: []string{"-h"}, ParamType: "bool", Default: "FALSE", OptionalValue: true}, Desc: "Display compact help text"},
		// "Using: <TRUE>" after the default is the value of this run
		{Flag: Flag{Name: "--help", ParamType: "bool", Default: "FALSE", OptionalValue: true}, Desc: "Displays verbose help text"},
		{Flag: Flag{Name: "--version", Aliases: []string{"-v"}, ParamType: "bool", Default: "FALSE", OptionalValue: true}, Desc: "Show version number"},
		// mandatory: required, and filled by place when not named
		{Flag: Flag{Name: "--fasta", Aliases: []string{"-f"}, ParamType: "file", Placeholder: "path", Required: true, ByPosition: true}, Desc: "Fasta input file"},
		{Flag: Flag{Name: "--output", Aliases: []string{"-o"}, ParamType: "file", Placeholder: "dirpath", Required: true, ByPosition: true}, Desc: "Output directory"},
		// no value shown, but a default that is no TRUE/FALSE: a value
		{Flag: Flag{Name: "--chunk", Aliases: []string{"-c"}, ParamType: "int", Default: "2"}, Desc: "Number of chunks to generate"},
	})
	if len(s.Flags) != 6 || s.ParsedLines != 6 || s.OptionLines != 6 {
		t.Errorf("%d flags, lines %d/%d; want 6, 6/6", len(s.Flags), s.ParsedLines, s.OptionLines)
	}
	for _, f := range s.Flags {
		if f.Description == "" || f.Description[0] == '-' {
			t.Errorf("%s: description %q", f.Name, f.Description)
		}
	}
	if want := []string{"fastasplit <path> <dirpath>"}; !reflect.DeepEqual(s.Usage, want) {
		t.Errorf("usage = %q", s.Usage)
	}
	if s.Description != "fastasplit: A utility to split fasta format sequences" {
		t.Errorf("description = %q", s.Description)
	}
	want := []Positional{
		{Position: 1, Name: "path", ParamType: "file", Description: "Fasta input file", Required: true},
		{Position: 2, Name: "dirpath", ParamType: "file", Description: "Output directory", Required: true},
	}
	if !reflect.DeepEqual(s.Positionals, want) {
		t.Errorf("positionals = %+v", s.Positionals)
	}
}

func TestEnvoptFastafetch(t *testing.T) {
	s := parseWith(t, "envopt", "fastafetch")
	checkFlags(t, s, []flagWant{
		{Flag: Flag{Name: "--fasta", Aliases: []string{"-f"}, ParamType: "file", Placeholder: "path", Required: true, ByPosition: true}, Desc: "Fasta input file"},
		{Flag: Flag{Name: "--index", Aliases: []string{"-i"}, ParamType: "file", Placeholder: "path", Required: true, ByPosition: true}, Desc: "Index file path"},
		{Flag: Flag{Name: "--fosn", Aliases: []string{"-F"}, ParamType: "bool", Default: "FALSE", OptionalValue: true}, Desc: "Interpret query as FOSN (file of sequence names)"},
		{Flag: Flag{Name: "--query", Aliases: []string{"-q"}, ParamType: "string", Placeholder: "name", Required: true, ByPosition: true}, Desc: "Fetch query < id | fosn | stdin >"},
		{Flag: Flag{Name: "--silent", Aliases: []string{"-s"}, ParamType: "bool", Default: "FALSE", OptionalValue: true}, Desc: "Silently skip ids which cannot be found"},
	})
	if got := flagNames(s); !reflect.DeepEqual(got, []string{"--fasta", "--fosn", "--help", "--index", "--query", "--shorthelp", "--silent", "--version"}) {
		t.Errorf("flags = %v", got)
	}
	var names []string
	for _, p := range s.Positionals {
		names = append(names, p.Name+":"+p.ParamType+":"+p.Description)
	}
	if want := []string{"path:file:Fasta input file", "path:file:Index file path", "name:string:Fetch query < id | fosn | stdin >"}; !reflect.DeepEqual(names, want) {
		t.Errorf("positionals = %q", names)
	}
}

func TestEnvoptExonerate(t *testing.T) {
	s := parseWith(t, "envopt", "exonerate")
	checkFlags(t, s, []flagWant{
		// "<*** empty list ***>": a list, the flag given once per value
		{Flag: Flag{Name: "--query", Aliases: []string{"-q"}, ParamType: "file", Placeholder: "path", Required: true, ByPosition: true, Repeatable: true}, Desc: "Specify query sequences"},
		{Flag: Flag{Name: "--target", Aliases: []string{"-t"}, ParamType: "file", Placeholder: "path", Required: true, ByPosition: true, Repeatable: true}, Desc: "Specify target sequences"},
		{Flag: Flag{Name: "--querytype", Aliases: []string{"-Q"}, ParamType: "string", Placeholder: "alphabet type", Default: "unknown"}, Desc: "Specify query alphabet type"},
		{Flag: Flag{Name: "--querychunkid", ParamType: "int", Default: "0"}, Desc: "Specify query job number"},
		// a value name that says no kind takes the default's
		{Flag: Flag{Name: "--verbose", Aliases: []string{"-V"}, ParamType: "int", Placeholder: "level", Default: "1"}, Desc: "Show search progress"},
		{Flag: Flag{Name: "--percent", ParamType: "float", Placeholder: "threshold", Default: "0.0"}, Desc: "Percent self-score threshold"},
		{Flag: Flag{Name: "--gapopen", Aliases: []string{"-o"}, ParamType: "int", Placeholder: "penalty", Default: "-12"}, Desc: "Affine gap open penalty"},
		{Flag: Flag{Name: "--cores", Aliases: []string{"-c"}, ParamType: "int", Placeholder: "number", Default: "1"}, Desc: "Number of cores"},
		{Flag: Flag{Name: "--exhaustive", Aliases: []string{"-E"}, ParamType: "bool", Default: "FALSE", OptionalValue: true}, Desc: "Perform exhaustive alignment (slow)"},
		{Flag: Flag{Name: "--showalignment", ParamType: "bool", Default: "TRUE", OptionalValue: true}, Desc: "Include (human readable) alignment"},
		{Flag: Flag{Name: "--forcescan", ParamType: "choice", Placeholder: "[q|t]", Choices: []string{"q", "t"}, Default: "none"}, Desc: "Force FSM scan"},
		// "NULL" is a value never set
		{Flag: Flag{Name: "--customserver", ParamType: "string", Placeholder: "command"}, Desc: "Custom command"},
		{Flag: Flag{Name: "--fastasuffix", ParamType: "string", Placeholder: "suffix", Default: ".fa"}, Desc: "Fasta file suffix filter"},
		{Flag: Flag{Name: "--annotation", Aliases: []string{"-A"}, ParamType: "file", Placeholder: "path", Default: "none"}, Desc: "Path to sequence annotation file"},
		{Flag: Flag{Name: "--splice3", ParamType: "string", Default: "primate"}, Desc: "frequency matrix for 3' splice sites"},
		// the description runs over an indented list and a blank line
		{Flag: Flag{Name: "--model", Aliases: []string{"-m"}, ParamType: "string", Placeholder: "alignment model", Default: "ungapped"}, Desc: "Specify alignment model type Supported types: ungapped ungapped:trans affine:global"},
	})
	if len(s.Flags) != 91 || s.ParsedLines != 91 || s.OptionLines != 91 {
		t.Errorf("%d flags, lines %d/%d; want 91, 91/91", len(s.Flags), s.ParsedLines, s.OptionLines)
	}
	for _, f := range s.Flags {
		if f.Description == "" || f.Description[0] == '-' {
			t.Errorf("%s: description %q", f.Name, f.Description)
		}
	}
	// no "Synopsis:" block; the example lines are no usage
	if len(s.Usage) != 0 || len(s.Positionals) != 0 {
		t.Errorf("usage %q, positionals %+v", s.Usage, s.Positionals)
	}
	if s.Description != "exonerate: A generic sequence comparison tool" {
		t.Errorf("description = %q", s.Description)
	}
}

func TestEnvoptChoicesAndStrays(t *testing.T) {
	help := "fastasort: A utility for sorting fasta sequence databases\n\n" +
		"Synopsis:\n--------\nfastaremove <path> <path | stdin>\n\n" +
		"-f --fasta <path>\nFasta input file\nEnvironment variable: $X_FASTA (Not set)\n*** This argument is mandatory ***\n <*** not set ***>\n" +
		"-r --remove <path | stdin>\nList of sequences to remove\nEnvironment variable: $X_REMOVE (Not set)\n*** This argument is mandatory ***\n <*** not set ***>\n" +
		"-k --key <id | len | seq>\nSort key to apply to sequences\nEnvironment variable: $X_KEY (Not set)\nDefault: \"id\"\n\n" +
		// a row with no "Environment variable:" line before the next
		// option is no option of this style
		"-x --stray\nNot an option of this style\n" +
		"-n --number\nA number\nEnvironment variable: $X_NUMBER (Set: 3)\nDefault: \"0.5\"\n"
	p, _ := Get("envopt")
	s, err := p.Parse(help)
	if err != nil {
		t.Fatal(err)
	}
	checkFlags(t, s, []flagWant{
		// "<path | stdin>": a file, or the word for standard input
		{Flag: Flag{Name: "--remove", Aliases: []string{"-r"}, ParamType: "file", Placeholder: "path | stdin", Required: true, ByPosition: true}, Desc: "List of sequences to remove"},
		{Flag: Flag{Name: "--key", Aliases: []string{"-k"}, ParamType: "choice", Placeholder: "id | len | seq", Choices: []string{"id", "len", "seq"}, Default: "id"}, Desc: "Sort key"},
		{Flag: Flag{Name: "--number", Aliases: []string{"-n"}, ParamType: "float", Default: "0.5"}, Desc: "A number"},
	})
	if _, ok := findFlag(s, "--stray"); ok || s.ParsedLines != 4 || s.OptionLines != 5 {
		t.Errorf("flags %v, lines %d/%d", flagNames(s), s.ParsedLines, s.OptionLines)
	}
	if len(s.Positionals) != 2 || s.Positionals[1].Description != "List of sequences to remove" {
		t.Errorf("positionals = %+v", s.Positionals)
	}
}
