package cli

import (
	"errors"
	"fmt"
)

// Exit codes, in one place. `run` returns the tool's own exit code when
// it ran the tool (128+n when signal n killed it).
const (
	ExitOK = 0
	// ExitError: any failure of oxo-call itself.
	ExitError = 1
	// ExitUsage: bad flags or arguments.
	ExitUsage = 2
	// ExitUncertain: a command was printed but its confidence is below the
	// threshold and no model is configured to settle it, or (dry-run)
	// Stage 5 found an error in it.
	ExitUncertain = 3
	// ExitRefused: run refused a command with an error finding or a
	// dangerous one without confirmation.
	ExitRefused = 4
	// ExitChecksFailed: rules test or skill verify found failures.
	ExitChecksFailed = 5
)

// exitError carries an exit code with a message.
type exitError struct {
	code int
	msg  string
}

func (e *exitError) Error() string { return e.msg }

// withCode returns an error that exits with code.
func withCode(code int, format string, a ...any) error {
	return &exitError{code: code, msg: fmt.Sprintf(format, a...)}
}

// silentExit exits with code and prints nothing more (the command already
// reported).
func silentExit(code int) error { return &exitError{code: code} }

// ExitCode maps an error to the process exit code.
func ExitCode(err error) int {
	if err == nil {
		return ExitOK
	}
	var e *exitError
	if errors.As(err, &e) {
		return e.code
	}
	var u *usageError
	if errors.As(err, &u) {
		return ExitUsage
	}
	return ExitError
}

// usageError is a mistake in how a command was called.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

func usagef(format string, a ...any) error { return &usageError{msg: fmt.Sprintf(format, a...)} }
