// Command oxo-call turns a plain-language task into one correct, checked
// command line for a command-line tool.
package main

import (
	"os"
	"runtime/debug"

	"github.com/traitome/oxo-call/cli"
)

func main() {
	// oxo-call is mostly a short-lived process that allocates its rules,
	// skills and ToolDoc at start; collecting less often takes about a
	// sixth off a warm dry-run (BENCHMARKS.md) for a few MB of memory.
	// GOGC in the environment still wins.
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}
	os.Exit(cli.Run(os.Args, cli.SystemDeps()))
}
