package cli

import (
	"context"
	"errors"
	"os"
	"os/signal"
	"syscall"
)

// ExitInterrupted is the exit code after Ctrl-C: 128 + SIGINT, as a shell
// reports it. SIGTERM gives 128 + 15.
const ExitInterrupted = 128 + int(syscall.SIGINT)

// signalCause is why the context was cancelled: a signal.
type signalCause struct{ sig syscall.Signal }

func (s signalCause) Error() string { return "interrupted by " + s.sig.String() }

// Run is the program's entry point: Main with Ctrl-C and SIGTERM
// cancelling the command. A cancelled exploration kills its probes' process
// groups, removes their directories and caches nothing; the program then
// exits 128 + the signal. A second Ctrl-C ends it at once. Probe
// directories left by an oxo-call that was killed (kill -9) are cleaned
// before the first probe (engine.ExecRunner).
func Run(args []string, d *Deps) int {
	ctx, cancel := context.WithCancelCause(context.Background())
	defer cancel(nil)
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, os.Interrupt, syscall.SIGTERM)
	go func() {
		s, ok := <-ch
		if !ok {
			return
		}
		// The default action is back for the next signal.
		signal.Stop(ch)
		sig, _ := s.(syscall.Signal)
		cancel(signalCause{sig})
	}()
	code := Main(ctx, args, d)
	signal.Stop(ch)
	close(ch)
	return code
}

// interruptedCode returns the exit code of a command whose context was
// cancelled by a signal, and false when it was not.
func interruptedCode(ctx context.Context) (int, bool) {
	if ctx.Err() == nil {
		return 0, false
	}
	var s signalCause
	if errors.As(context.Cause(ctx), &s) && s.sig != 0 {
		return 128 + int(s.sig), true
	}
	return ExitInterrupted, true
}
