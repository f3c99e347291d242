package parsers

import (
	"reflect"
	"strings"
	"testing"
)

func TestRegistry(t *testing.T) {
	want := []string{"argparse", "clap", "click", "cobra", "envopt", "generic", "getopt", "goflag", "paramlist"}
	if got := Names(); !reflect.DeepEqual(got, want) {
		t.Errorf("Names() = %v", got)
	}
	all := All()
	if len(all) != len(want) {
		t.Fatalf("All() has %d parsers", len(all))
	}
	for i, p := range all {
		if p.Name() != want[i] {
			t.Errorf("All()[%d] = %s", i, p.Name())
		}
		got, err := Get(p.Name())
		if err != nil || got.Name() != p.Name() {
			t.Errorf("Get(%s) = %v, %v", p.Name(), got, err)
		}
	}
	// callers cannot change what another caller sees
	all[0] = nil
	if All()[0] == nil {
		t.Error("All() shares its slice")
	}
}

func TestRegistryUnknown(t *testing.T) {
	_, err := Get("docopt")
	if err == nil {
		t.Fatal("no error")
	}
	for _, n := range Names() {
		if !strings.Contains(err.Error(), n) {
			t.Errorf("error %q does not list %s", err, n)
		}
	}
}

func TestEmptyHelp(t *testing.T) {
	for _, p := range All() {
		for _, help := range []string{"", " \n\t\n", "\x1b[0m\n"} {
			if s, err := p.Parse(help); err == nil || s != nil {
				t.Errorf("%s.Parse(%q) = %v, %v; want an error", p.Name(), help, s, err)
			}
		}
	}
}

func TestEveryParserReadsEveryText(t *testing.T) {
	// any parser on any help: a schema whose counts are consistent and
	// whose flags and positionals are well formed
	types := map[string]bool{"bool": true, "int": true, "float": true, "string": true, "file": true, "choice": true}
	for _, file := range testdataFiles(t) {
		help := load(t, file)
		for _, p := range All() {
			s, err := p.Parse(help)
			if err != nil {
				t.Fatalf("%s on %s: %v", p.Name(), file, err)
			}
			if s.Parser != p.Name() || s.ParsedLines > s.OptionLines {
				t.Errorf("%s on %s: parser %q, parsed %d of %d", p.Name(), file, s.Parser, s.ParsedLines, s.OptionLines)
			}
			for _, f := range s.Flags {
				if f.Name == "" || !types[f.ParamType] || f.ParamType == "choice" && len(f.Choices) == 0 {
					t.Errorf("%s on %s: bad flag %+v", p.Name(), file, f)
				}
			}
			for i, q := range s.Positionals {
				if q.Position != i+1 || q.Name == "" || !types[q.ParamType] || q.ParamType == "bool" {
					t.Errorf("%s on %s: bad positional %+v", p.Name(), file, q)
				}
			}
		}
	}
}
