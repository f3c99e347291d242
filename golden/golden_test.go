package golden

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"gopkg.in/yaml.v3"

	"github.com/traitome/oxo-call/engine"
	"github.com/traitome/oxo-call/rules"
)

var (
	update  = flag.Bool("update", false, "rewrite tooldoc.golden.json from the captures")
	capture = flag.String("capture", "", "re-capture help from installed tools: a comma list of golden tools, or all")
	// probeTimeout bounds each probe of a capture; a slow-starting tool
	// (cnvkit imports pandas) on a loaded machine needs more than the
	// explorer's default.
	probeTimeout = flag.Duration("probe-timeout", 0, "with -capture: bound each probe by this (default: the explorer's)")
)

type toolEntry struct {
	Tool    string `yaml:"tool"`
	Package string `yaml:"package"`
	// CapturedOnly: the help was captured from the package, but the tool
	// is not installed where the tests run (its install takes too long),
	// so OXO_LIVE=1 does not require it.
	CapturedOnly bool `yaml:"captured_only"`
}

func loadTools(t *testing.T) []toolEntry {
	t.Helper()
	b, err := os.ReadFile("tools.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var list []toolEntry
	if err := yaml.Unmarshal(b, &list); err != nil {
		t.Fatal(err)
	}
	return list
}

func loadRules(t testing.TB) *rules.Set {
	s, errs := rules.Load(rules.Options{})
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	return s
}

// explore builds the ToolDoc of a capture, offline.
func explore(s *rules.Set, c *Capture) *engine.ToolDoc {
	x := &engine.Explorer{Rules: s, Runner: ReplayRunner{C: c}, Opts: engine.ExploreOptions{Budget: time.Hour}}
	return x.Explore(context.Background(), c.Record(), nil)
}

// goldenJSON is the ToolDoc without what a capture already holds (raw
// help) or what changes between runs (timings).
func goldenJSON(doc *engine.ToolDoc) []byte {
	d := *doc
	d.RawHelp, d.SubcommandHelps = "", nil
	d.Probes = append([]engine.Probe(nil), d.Probes...)
	for i := range d.Probes {
		d.Probes[i].Elapsed = 0
	}
	d.Exploration.WallMS, d.Exploration.SerialMS = 0, 0
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	_ = enc.Encode(d)
	return buf.Bytes()
}

// TestCapture re-captures help from installed tools; it runs only with
// -capture (make golden-capture).
func TestCapture(t *testing.T) {
	if *capture == "" {
		t.Skip("run with -capture all|tool,tool to re-capture")
	}
	s := loadRules(t)
	want := map[string]bool{}
	for _, n := range strings.Split(*capture, ",") {
		want[n] = true
	}
	rv := &engine.Resolver{Rules: s, PathDirs: strings.Split(os.Getenv("PATH"), ":"), Runner: engine.ExecRunner{}}
	for _, te := range loadTools(t) {
		if !want["all"] && !want[te.Tool] {
			continue
		}
		t.Run(te.Tool, func(t *testing.T) {
			rec, err := rv.Resolve(context.Background(), te.Tool, nil)
			if err != nil {
				t.Skipf("not installed: %v", err)
			}
			rv.Complete(context.Background(), rec, nil)
			c := &Capture{Meta: Meta{Tool: te.Tool, Executable: rec.Executable, Version: rec.Version, Package: te.Package,
				Captured: time.Now().UTC().Format("2006-01-02")}, Outputs: map[string]string{}}
			for _, comp := range rec.CompanionTools {
				c.Meta.Companions = append(c.Meta.Companions, comp.Name)
			}
			x := &engine.Explorer{Rules: s, Runner: &RecordRunner{Inner: engine.ExecRunner{}, C: c}, Opts: engine.ExploreOptions{Budget: 3 * time.Minute, ProbeTimeout: *probeTimeout}}
			doc := x.Explore(context.Background(), rec, nil)
			if c.Meta.Version == "" {
				c.Meta.Version = doc.Record.Version
			}
			if err := c.Write(filepath.Join(te.Tool, "capture.txtar")); err != nil {
				t.Fatal(err)
			}
			t.Logf("%s: %d probes, %d subcommands", te.Tool, len(c.Outputs), len(doc.Subcommands))
		})
	}
}

// TestGoldenToolDocs reads every capture offline and compares the ToolDoc
// with tooldoc.golden.json (rewritten with -update; review the diff).
func TestGoldenToolDocs(t *testing.T) {
	s := loadRules(t)
	for _, te := range loadTools(t) {
		t.Run(te.Tool, func(t *testing.T) {
			c, err := Read(filepath.Join(te.Tool, "capture.txtar"))
			if err != nil {
				t.Fatalf("no capture (make golden-capture TOOLS=%s): %v", te.Tool, err)
			}
			got := goldenJSON(explore(s, c))
			path := filepath.Join(te.Tool, "tooldoc.golden.json")
			if *update {
				if err := os.WriteFile(path, got, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run make golden-update and review the diff)", err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%s differs from the ToolDoc built from the capture:\n%s\n(run make golden-update and review the diff)", path, firstDiff(string(want), string(got)))
			}
		})
	}
}

// TestLiveHelpMatchesCapture compares each installed tool's root help with
// its capture, so a changed tool shows up instead of drifting silently.
func TestLiveHelpMatchesCapture(t *testing.T) {
	s := loadRules(t)
	for _, te := range loadTools(t) {
		t.Run(te.Tool, func(t *testing.T) {
			c, err := Read(filepath.Join(te.Tool, "capture.txtar"))
			if err != nil {
				t.Skip("no capture")
			}
			full, err := exec.LookPath(c.Meta.Executable)
			if err != nil {
				if os.Getenv("OXO_LIVE") == "1" && !te.CapturedOnly {
					t.Fatalf("%s not installed but OXO_LIVE=1", c.Meta.Executable)
				}
				t.Skip("not installed")
			}
			doc := explore(s, c)
			var used []string
			prog := full
			for _, p := range doc.Probes {
				// The manual index's summary line is no help text.
				if r, ok := s.Get(p.Rule); ok && r.Kind == "probes" {
					continue
				}
				if p.Valid {
					used = p.Args
					// The capture ran the resolved path; so does this
					// check, since tools print their argv[0]. A manual
					// page is printed by its own program.
					prog = cmp.Or(p.Program, full)
				}
			}
			if used == nil {
				t.Skip("the capture has no valid root help")
			}
			argv := append([]string{prog}, used...)
			res := engine.ExecRunner{}.Run(context.Background(), engine.RunSpec{Argv: argv, Timeout: 20 * time.Second})
			live := Normalize(string(engine.StripANSI(res.Output)))
			if rec := c.Outputs[Key(argv)]; !sameWordsPerLine(squeeze(NormalizeCPU(live)), squeeze(NormalizeCPU(rec))) {
				t.Errorf("%q help changed since the capture of version %s:\n%s\nre-capture: make golden-capture TOOLS=%s", strings.Join(argv, " "), c.Meta.Version, firstDiff(rec, live), te.Tool)
			}
		})
	}
}

// firstDiff shows the first differing line with context.
func firstDiff(a, b string) string {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := 0; i < max(len(al), len(bl)); i++ {
		var x, y string
		if i < len(al) {
			x = al[i]
		}
		if i < len(bl) {
			y = bl[i]
		}
		if x != y {
			return fmt.Sprintf("line %d:\n- %s\n+ %s", i+1, x, y)
		}
	}
	return "(equal)"
}

// squeeze drops trailing spaces and blank lines, which some help
// renderers emit differently from run to run.
func squeeze(s string) string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if l = strings.TrimRight(l, " \t\r"); l != "" {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}

// sameWordsPerLine reports whether a and b have the same lines up to the
// order of the words within each line: some tools print a list from a hash
// in a different order on every run (barrnap's "Kingdom: bac mito euk arc").
func sameWordsPerLine(a, b string) bool {
	if a == b {
		return true
	}
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	if len(al) != len(bl) {
		return false
	}
	for i := range al {
		x, y := strings.Fields(al[i]), strings.Fields(bl[i])
		slices.Sort(x)
		slices.Sort(y)
		if !slices.Equal(x, y) {
			return false
		}
	}
	return true
}

func TestSameWordsPerLine(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want bool
	}{
		{"x\n  --kingdom [X] Kingdom: bac mito euk arc", "x\n  --kingdom [X] Kingdom: arc bac euk mito", true},
		{"a b\nc", "a b\nc", true},
		{"a b\nc", "a b\nd", false},
		{"a b c", "a b", false},
		{"a\nb", "a b", false},
	} {
		if got := sameWordsPerLine(c.a, c.b); got != c.want {
			t.Errorf("sameWordsPerLine(%q, %q) = %v, want %v", c.a, c.b, got, c.want)
		}
	}
}
