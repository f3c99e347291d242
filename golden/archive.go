// Package golden holds per-tool golden tests: the real help text of each
// tool captured into golden/<tool>/capture.txtar, the ToolDoc expected from
// it (tooldoc.golden.json) and task cases (cases.yaml). A ReplayRunner
// serves the captured text in place of the tool, so the tests run offline
// and the same way on every machine.
package golden

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"

	"github.com/rogpeppe/go-internal/txtar"
	"gopkg.in/yaml.v3"

	"github.com/traitome/oxo-call/engine"
)

// Meta describes a capture.
type Meta struct {
	// Tool is the golden directory name; Executable the program captured.
	Tool       string   `yaml:"tool"`
	Executable string   `yaml:"executable"`
	Version    string   `yaml:"version"`
	Companions []string `yaml:"companions,omitempty"`
	// Package is the Debian package the tool came from.
	Package  string `yaml:"package,omitempty"`
	Captured string `yaml:"captured"`
}

// Capture is every probe output recorded for one tool, keyed by Key.
type Capture struct {
	Meta    Meta
	Outputs map[string]string
}

// Key names a probe: the program's base name and its arguments.
func Key(argv []string) string {
	if len(argv) == 0 {
		return ""
	}
	return strings.Join(append([]string{filepath.Base(argv[0])}, argv[1:]...), " ")
}

// Read loads a capture.txtar.
func Read(path string) (*Capture, error) {
	a, err := txtar.ParseFile(path)
	if err != nil {
		return nil, err
	}
	c := &Capture{Outputs: map[string]string{}}
	if err := yaml.Unmarshal(a.Comment, &c.Meta); err != nil {
		return nil, fmt.Errorf("%s: meta: %w", path, err)
	}
	if c.Meta.Executable == "" {
		return nil, fmt.Errorf("%s: meta has no executable", path)
	}
	for _, f := range a.Files {
		c.Outputs[f.Name] = string(f.Data)
	}
	return c, nil
}

// Write saves the capture as txtar, probes sorted by key.
func (c *Capture) Write(path string) error {
	meta, err := yaml.Marshal(c.Meta)
	if err != nil {
		return err
	}
	a := &txtar.Archive{Comment: meta}
	keys := make([]string, 0, len(c.Outputs))
	for k := range c.Outputs {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		data := c.Outputs[k]
		if data != "" && !strings.HasSuffix(data, "\n") {
			data += "\n"
		}
		a.Files = append(a.Files, txtar.File{Name: k, Data: []byte(data)})
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return os.WriteFile(path, txtar.Format(a), 0o644)
}

// Record is the ToolRecord the capture stands for, as if the tool were
// installed in /usr/bin.
func (c *Capture) Record() *engine.ToolRecord {
	rec := &engine.ToolRecord{Name: c.Meta.Tool, Executable: c.Meta.Executable, ResolvedPath: "/usr/bin/" + c.Meta.Executable,
		GlobalPath: "/usr/bin/" + c.Meta.Executable, Version: c.Meta.Version, Installed: true}
	for _, n := range c.Meta.Companions {
		rec.CompanionTools = append(rec.CompanionTools, engine.Companion{Name: n, Path: "/usr/bin/" + n, Rule: "captured"})
	}
	return rec
}

// ReplayRunner serves captured outputs; a probe that was never recorded
// behaves like a tool that printed nothing and failed.
type ReplayRunner struct{ C *Capture }

// Run implements engine.Runner.
func (r ReplayRunner) Run(_ context.Context, spec engine.RunSpec) engine.RunResult {
	out, ok := r.C.Outputs[Key(spec.Argv)]
	if !ok {
		return engine.RunResult{ExitCode: 1}
	}
	return engine.RunResult{Output: []byte(out)}
}

// RecordRunner runs real probes through Inner and records their
// normalised output into C.
type RecordRunner struct {
	Inner engine.Runner
	C     *Capture
	mu    sync.Mutex
}

// Run implements engine.Runner.
func (r *RecordRunner) Run(ctx context.Context, spec engine.RunSpec) engine.RunResult {
	res := r.Inner.Run(ctx, spec)
	res.Output = []byte(Normalize(string(engine.StripANSI(res.Output))))
	if engine.IsBinary(res.Output) {
		res.Output = bytes.ToValidUTF8(res.Output[:min(len(res.Output), 64)], []byte("?"))
	}
	r.mu.Lock()
	r.C.Outputs[Key(spec.Argv)] = string(res.Output)
	r.mu.Unlock()
	return res
}

var (
	probeDirRE = regexp.MustCompile(`/tmp/oxo-probe-[0-9]+(-[0-9]+)?`)
	clockRE    = regexp.MustCompile(`\b\d{1,2}:\d{2}:\d{2}(\.\d+)?\b`)
	dateRE     = regexp.MustCompile(`\b\d{4}-\d{2}-\d{2}\b|\b(Mon|Tue|Wed|Thu|Fri|Sat|Sun) (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) +\d+\b`)
	// cpuRE matches the instruction-set build a tool picks at start-up
	// (plink2 prints "AVX2" on one machine and "SSE4.2" on another).
	cpuRE = regexp.MustCompile(`\b(AVX512[A-Z]*|AVX2|AVX|SSE4\.[12]|SSE[23]|NEON)\b`)
)

// NormalizeCPU hides the instruction-set build in a help text, so a
// capture made on one CPU compares equal to the same tool on another.
// The padding after the name changes with its length, so a line that
// held one keeps single spaces.
func NormalizeCPU(s string) string {
	if !cpuRE.MatchString(s) {
		return s
	}
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		if cpuRE.MatchString(l) {
			lines[i] = strings.Join(strings.Fields(cpuRE.ReplaceAllString(l, "<cpu>")), " ")
		}
	}
	return strings.Join(lines, "\n")
}

// Normalize removes what changes between runs of the same tool: the probe's
// temporary directory, clock times, dates and the host name.
func Normalize(s string) string {
	s = probeDirRE.ReplaceAllString(s, "<tmp>")
	s = clockRE.ReplaceAllString(s, "<time>")
	s = dateRE.ReplaceAllString(s, "<date>")
	if h, err := os.Hostname(); err == nil && len(h) > 3 {
		s = strings.ReplaceAll(s, h, "<host>")
	}
	return s
}
