// Command oxo-call turns a plain-language task into one correct, checked
// command line for a command-line tool.
package main

import (
	"context"
	"os"
	"os/signal"
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
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	code := cli.Main(ctx, os.Args, cli.SystemDeps())
	stop()
	os.Exit(code)
}
