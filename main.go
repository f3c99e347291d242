// Command oxo-call turns a plain-language task into one correct, checked
// command line for a command-line tool.
package main

import (
	"context"
	"os"
	"os/signal"

	"github.com/traitome/oxo-call/cli"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	code := cli.Main(ctx, os.Args, cli.SystemDeps())
	stop()
	os.Exit(code)
}
