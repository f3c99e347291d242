package parsers

import (
	"reflect"
	"testing"
)

func TestCobraSeqkitSeq(t *testing.T) {
	s := parseWith(t, "cobra", "seqkit_seq")
	checkFlags(t, s, []flagWant{
		// %q-quoted default: the escape is decoded
		{Flag: Flag{Name: "--gap-letters", Aliases: []string{"-G"}, ParamType: "string", Placeholder: "string", Default: "- \t."}, Desc: "gap letters"},
		{Flag: Flag{Name: "--max-len", Aliases: []string{"-M"}, ParamType: "int", Placeholder: "int", Default: "-1"}, Desc: "shorter than the maximum length"},
		{Flag: Flag{Name: "--max-qual", Aliases: []string{"-R"}, ParamType: "float", Placeholder: "float", Default: "-1"}, Desc: "average quality"},
		{Flag: Flag{Name: "--reverse", Aliases: []string{"-r"}, ParamType: "bool"}, Desc: "reverse sequence"},
		// a global flag
		{Flag: Flag{Name: "--threads", Aliases: []string{"-j"}, ParamType: "int", Placeholder: "int", Default: "2"}, Desc: "number of CPUs"},
		{Flag: Flag{Name: "--id-regexp", ParamType: "string", Placeholder: "string", Default: `^(\S+)\s?`}, Desc: "parsing ID"},
	})
	if len(s.Flags) != 30 {
		t.Errorf("%d flags, want 30", len(s.Flags))
	}
	if s.Description != "transform sequences (extract ID, filter by length, remove gaps, reverse complement...)" {
		t.Errorf("description = %q", s.Description)
	}
	if !reflect.DeepEqual(s.Usage, []string{"seqkit seq [flags]"}) || len(s.Positionals) != 0 {
		t.Errorf("usage %q, positionals %+v", s.Usage, s.Positionals)
	}
}

func TestCobraRoot(t *testing.T) {
	help := load(t, "seqkit")
	s := parseWith(t, "cobra", "seqkit")
	if len(s.Flags) != 10 {
		t.Errorf("%d flags, want 10", len(s.Flags))
	}
	if s.Description != "SeqKit -- a cross-platform and ultrafast toolkit for FASTA/Q file manipulation" {
		t.Errorf("description = %q", s.Description)
	}
	want := []Positional{{Position: 1, Name: "command", ParamType: "string"}}
	if !reflect.DeepEqual(s.Positionals, want) {
		t.Errorf("positionals = %+v", s.Positionals)
	}
	es, err := ExtractSubcommands(help, ListMethod{Kind: "section", Headings: []string{"Available Commands:"}})
	if err != nil {
		t.Fatal(err)
	}
	if len(es) != 38 {
		t.Errorf("%d commands, want 38", len(es))
	}
	for _, e := range es {
		if e.Name == "seq" && e.Description != "transform sequences (extract ID, filter by length, remove gaps, reverse complement...)" {
			t.Errorf("seq = %+v", e)
		}
	}
}

func TestCobraListTypes(t *testing.T) {
	help := `Run a job.

Usage:
  tool run [flags] <job>

Flags:
  -e, --env stringArray     environment (default [])
      --tags strings        tags to add
      --timeout duration    give up after this long (default 1m0s)
`
	p, _ := Get("cobra")
	s, err := p.Parse(help)
	if err != nil {
		t.Fatal(err)
	}
	checkFlags(t, s, []flagWant{
		{Flag: Flag{Name: "--env", Aliases: []string{"-e"}, ParamType: "string", Placeholder: "stringArray", Default: "[]", Repeatable: true}, Desc: "environment"},
		{Flag: Flag{Name: "--tags", ParamType: "string", Placeholder: "strings", Repeatable: true}, Desc: "tags"},
		{Flag: Flag{Name: "--timeout", ParamType: "string", Placeholder: "duration", Default: "1m0s"}, Desc: "give up"},
	})
	want := []Positional{{Position: 1, Name: "job", ParamType: "string", Required: true}}
	if !reflect.DeepEqual(s.Positionals, want) {
		t.Errorf("positionals = %+v", s.Positionals)
	}
}
