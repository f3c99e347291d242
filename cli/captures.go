package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"

	"github.com/traitome/oxo-call/engine"
	"github.com/traitome/oxo-call/golden"
)

// captures serves recorded help (DIR/<tool>/capture.txtar, as written by
// make golden-capture) for executables that are not installed, so skill
// verification runs without the tools.
type captures struct {
	byExe map[string]*golden.Capture
}

// loadCaptures reads every DIR/*/capture.txtar. A capture that does not
// read is an error naming its file; a directory with none is one too.
func loadCaptures(dir string) (*captures, error) {
	paths, err := filepath.Glob(filepath.Join(dir, "*", "capture.txtar"))
	if err != nil {
		return nil, err
	}
	if len(paths) == 0 {
		if _, err := os.Stat(dir); err != nil {
			return nil, fmt.Errorf("--captures: %w", err)
		}
		return nil, fmt.Errorf("--captures: %s holds no */capture.txtar", dir)
	}
	sort.Strings(paths)
	c := &captures{byExe: map[string]*golden.Capture{}}
	for _, p := range paths {
		cp, err := golden.Read(p)
		if err != nil {
			return nil, fmt.Errorf("--captures: %w", err)
		}
		for _, n := range []string{cp.Meta.Executable, cp.Meta.Tool} {
			if _, dup := c.byExe[n]; !dup {
				c.byExe[n] = cp
			}
		}
	}
	return c, nil
}

// lookup implements engine.Options.Captured.
func (c *captures) lookup(exe string) (*engine.ToolRecord, engine.Runner, bool) {
	cp, ok := c.byExe[exe]
	if !ok {
		return nil, nil, false
	}
	return cp.Record(), golden.ReplayRunner{C: cp}, true
}
