//go:build !linux

package lambdart

import (
	"os"
	"syscall"
)

// sysProcAttr keeps the default attributes: without Pdeathsig, a separate
// process group would let functions outlive a killed service, while in the
// terminal's group they at least receive its Ctrl-C.
func sysProcAttr() *syscall.SysProcAttr { return nil }

// terminate asks the process to stop where the platform can signal it, and
// fails elsewhere so the caller kills it.
func terminate(p *os.Process) error {
	return p.Signal(os.Interrupt)
}
