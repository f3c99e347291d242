package parsers

import (
	"reflect"
	"testing"
)

func TestGoflagGofmt(t *testing.T) {
	s := parseWith(t, "goflag", "gofmt")
	checkFlags(t, s, []flagWant{
		{Flag: Flag{Name: "-cpuprofile", ParamType: "string", Placeholder: "string"}, Desc: "write cpu profile"},
		{Flag: Flag{Name: "-d", ParamType: "bool"}, Desc: "display diffs"},
		{Flag: Flag{Name: "-r", ParamType: "string", Placeholder: "string"}, Desc: "rewrite rule"},
	})
	if got := flagNames(s); !reflect.DeepEqual(got, []string{"-cpuprofile", "-d", "-e", "-l", "-r", "-s", "-w"}) {
		t.Errorf("flags = %v", got)
	}
	want := []Positional{{Position: 1, Name: "path", ParamType: "file", Repeatable: true}}
	if !reflect.DeepEqual(s.Positionals, want) || s.OptionLines != 7 || s.ParsedLines != 7 {
		t.Errorf("positionals %+v, lines %d/%d", s.Positionals, s.ParsedLines, s.OptionLines)
	}
}

func TestGoflagToolchain(t *testing.T) {
	link := parseWith(t, "goflag", "go_link")
	checkFlags(t, link, []flagWant{
		{Flag: Flag{Name: "-D", ParamType: "int", Placeholder: "int", Default: "-1"}, Desc: "start address of data symbols"},
		// a back-quoted word in the usage names the value
		{Flag: Flag{Name: "-X", ParamType: "string", Placeholder: "definition"}, Desc: "importpath.name=value"},
		{Flag: Flag{Name: "-r", ParamType: "file", Placeholder: "path"}, Desc: "dynamic linker search path"},
	})
	compile := parseWith(t, "goflag", "go_compile")
	// names the getopt-style rows never use
	checkFlags(t, compile, []flagWant{
		{Flag: Flag{Name: "-%", ParamType: "bool"}, Desc: "debug non-static initializers"},
		{Flag: Flag{Name: "-+", ParamType: "bool"}, Desc: "compiling runtime"},
		{Flag: Flag{Name: "-I", ParamType: "file", Placeholder: "directory"}, Desc: "import search path"},
	})
	if len(compile.Flags) != 68 || compile.ParsedLines != 68 {
		t.Errorf("%d flags, want 68", len(compile.Flags))
	}
	want := []Positional{{Position: 1, Name: "file.go", ParamType: "file", Required: true, Repeatable: true}}
	if !reflect.DeepEqual(compile.Positionals, want) {
		t.Errorf("positionals = %+v", compile.Positionals)
	}
}

func TestGoflagDefaults(t *testing.T) {
	help := "Usage of tool:\n" +
		"  -addr string\n    \tlisten address (default \":8080\")\n" +
		"  -n int\n    \thow many\n    \tacross two lines (default 3)\n" +
		"  -t duration\n    \ttimeout (default 5s)\n" +
		"  -v\tverbose\n"
	p, _ := Get("goflag")
	s, err := p.Parse(help)
	if err != nil {
		t.Fatal(err)
	}
	checkFlags(t, s, []flagWant{
		{Flag: Flag{Name: "-addr", ParamType: "string", Placeholder: "string", Default: ":8080"}, Desc: "listen address"},
		{Flag: Flag{Name: "-n", ParamType: "int", Placeholder: "int", Default: "3"}, Desc: "how many across two lines"},
		{Flag: Flag{Name: "-t", ParamType: "string", Placeholder: "duration", Default: "5s"}, Desc: "timeout"},
		{Flag: Flag{Name: "-v", ParamType: "bool"}, Desc: "verbose"},
	})
	if len(s.Usage) != 0 {
		t.Errorf("\"Usage of tool:\" is not a usage line: %q", s.Usage)
	}
}
