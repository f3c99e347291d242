//go:build !linux

package engine

import "syscall"

// dieWithParent is Linux only (Pdeathsig); elsewhere the next start's
// CleanStaleProbeDirs ends what a killed oxo-call left.
func dieWithParent(*syscall.SysProcAttr) {}
