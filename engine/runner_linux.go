package engine

import "syscall"

// dieWithParent has the kernel kill a probe when oxo-call dies, even by
// kill -9 (its own children, if any, are ended by CleanStaleProbeDirs on
// the next start).
func dieWithParent(a *syscall.SysProcAttr) { a.Pdeathsig = syscall.SIGKILL }
