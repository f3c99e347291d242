package parsers

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// maxFuzzInput bounds fuzz inputs. Each input runs seven parsers and the
// listing helpers; the fuzzer minimises every new input it keeps, and on
// help-sized inputs that takes minutes. Full-size texts are covered by the
// table tests and benchmarks.
const maxFuzzInput = 4096

// FuzzParse runs every parser, Headings, Section and every subcommand
// listing method over arbitrary text. None may panic, and what they return
// must keep the package's invariants. Seeds are the captured help texts,
// cut to their first lines.
func FuzzParse(f *testing.F) {
	paths, _ := filepath.Glob(filepath.Join("testdata", "*.txt"))
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(seed(string(b)))
	}
	f.Add("Options: -q INT  x\n -a/b, --c/--d [=E]...  {f,g} [default: h]\n")
	f.Add("usage: x {a,b} [[[[-c]]]] <<<<\n  {a,b}\n    a  b\nCommand: a  b\n")
	f.Fuzz(func(t *testing.T, help string) {
		if len(help) > maxFuzzInput {
			return
		}
		blank := strings.TrimSpace(normalize(help)) == ""
		for _, p := range All() {
			s, err := p.Parse(help)
			if blank != (err != nil) || (err == nil) == (s == nil) {
				t.Fatalf("%s: blank %v, err %v, schema %v", p.Name(), blank, err, s != nil)
			}
			if s == nil {
				continue
			}
			if s.ParsedLines > s.OptionLines || s.ParsedLines < 0 {
				t.Fatalf("%s: parsed %d of %d", p.Name(), s.ParsedLines, s.OptionLines)
			}
			for _, fl := range s.Flags {
				if fl.Name == "" || fl.ParamType == "" {
					t.Fatalf("%s: bad flag %+v", p.Name(), fl)
				}
			}
			for i, q := range s.Positionals {
				if q.Position != i+1 || q.Name == "" {
					t.Fatalf("%s: bad positional %+v", p.Name(), q)
				}
			}
		}
		heads := Headings(help)
		if len(heads) > 5 {
			heads = heads[:5]
		}
		for _, h := range heads {
			Section(help, h)
		}
		for _, kind := range []string{"section", "braces", "heading_item"} {
			es, err := ExtractSubcommands(help, ListMethod{Kind: kind, Headings: heads})
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range es {
				if !validCommandName(e.Name) {
					t.Fatalf("%s: bad name %q", kind, e.Name)
				}
			}
		}
		lines := strings.Count(help, "\n") + 1
		for _, ex := range HelpExamples(help, []string{"kit", "x"}) {
			if ex.Command == "" || ex.Line < 1 || ex.Line > lines || strings.Contains(ex.Command, "\n") {
				t.Fatalf("bad example %+v", ex)
			}
		}
	})
}

// seed cuts a help text at a line end before maxFuzzInput/2 bytes.
func seed(help string) string {
	if len(help) <= maxFuzzInput/2 {
		return help
	}
	cut := strings.LastIndexByte(help[:maxFuzzInput/2], '\n')
	return help[:cut+1]
}
