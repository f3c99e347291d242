package parsers

import (
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"
)

// load reads testdata/<name>.txt, a help text captured from a real tool.
func load(t testing.TB, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name+".txt"))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// testdataFiles lists the captured help texts by name.
func testdataFiles(t testing.TB) []string {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join("testdata", "*.txt"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no testdata: %v", err)
	}
	var out []string
	for _, p := range paths {
		out = append(out, strings.TrimSuffix(filepath.Base(p), ".txt"))
	}
	return out
}

// parseWith parses testdata/<file>.txt with the named parser.
func parseWith(t testing.TB, parser, file string) *Schema {
	t.Helper()
	p, err := Get(parser)
	if err != nil {
		t.Fatal(err)
	}
	s, err := p.Parse(load(t, file))
	if err != nil {
		t.Fatalf("%s on %s: %v", parser, file, err)
	}
	return s
}

// findFlag returns the flag whose name or alias is name.
func findFlag(s *Schema, name string) (Flag, bool) {
	for _, f := range s.Flags {
		if f.Name == name {
			return f, true
		}
		for _, a := range f.Aliases {
			if a == name {
				return f, true
			}
		}
	}
	return Flag{}, false
}

// flagNames returns the canonical names of the flags, sorted.
func flagNames(s *Schema) []string {
	var out []string
	for _, f := range s.Flags {
		out = append(out, f.Name)
	}
	sort.Strings(out)
	return out
}

// flagWant is a hand-checked fact about one flag. Every field is compared
// exactly, except the description, which must contain Desc.
type flagWant struct {
	Flag
	Desc string
}

// checkFlags asserts each wanted flag against the schema.
func checkFlags(t *testing.T, s *Schema, wants []flagWant) {
	t.Helper()
	for _, w := range wants {
		got, ok := findFlag(s, w.Name)
		if !ok {
			t.Errorf("flag %s missing; have %v", w.Name, flagNames(s))
			continue
		}
		if !strings.Contains(got.Description, w.Desc) {
			t.Errorf("%s: description %q does not contain %q", w.Name, got.Description, w.Desc)
		}
		got.Description, got.Section = "", ""
		want := w.Flag
		if len(want.Aliases) == 0 {
			want.Aliases = nil
		}
		if len(got.Aliases) == 0 {
			got.Aliases = nil
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s:\n got  %+v\n want %+v", w.Name, got, want)
		}
	}
}

// recallPrecision compares parsed flag names (canonical names and
// aliases) with a hand-made list of every spelling the help shows.
func recallPrecision(s *Schema, want []string) (recall, precision float64, missing, extra []string) {
	got := map[string]bool{}
	for _, f := range s.Flags {
		got[f.Name] = true
		for _, a := range f.Aliases {
			got[a] = true
		}
	}
	wantSet := map[string]bool{}
	for _, w := range want {
		wantSet[w] = true
		if !got[w] {
			missing = append(missing, w)
		}
	}
	for g := range got {
		if !wantSet[g] {
			extra = append(extra, g)
		}
	}
	sort.Strings(extra)
	hit := float64(len(want) - len(missing))
	return hit / float64(len(want)), hit / float64(len(got)), missing, extra
}
