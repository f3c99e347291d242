// Package cli holds oxo-call's commands. Each command is an options struct
// plus a run function that writes to injected streams, so every command is
// tested without a terminal.
package cli

import (
	"io"
	"os"
	"strings"
	"time"

	"github.com/traitome/oxo-call/engine"
)

// IOStreams are the streams a command reads and writes.
type IOStreams struct {
	In  io.Reader
	Out io.Writer
	Err io.Writer
	// Interactive is true when stdin and stderr are terminals (prompts and
	// progress are shown only then).
	Interactive bool
}

// Deps are the side effects a command may use.
type Deps struct {
	IO     IOStreams
	Getenv func(string) string
	Runner engine.Runner
	Now    func() time.Time
	// Packages find the package that installed a tool (its other
	// programs are companions); nil means none.
	Packages []engine.PackageSource
}

// SystemDeps returns Deps bound to the real process.
func SystemDeps() *Deps {
	return &Deps{
		IO:       IOStreams{In: os.Stdin, Out: os.Stdout, Err: os.Stderr, Interactive: isTerminal(os.Stdin) && isTerminal(os.Stderr)},
		Getenv:   os.Getenv,
		Runner:   engine.ExecRunner{},
		Now:      time.Now,
		Packages: engine.SystemPackages(),
	}
}

func isTerminal(f *os.File) bool {
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// pathDirs is the PATH as a list.
func (d *Deps) pathDirs() []string {
	return strings.Split(d.Getenv("PATH"), string(os.PathListSeparator))
}
