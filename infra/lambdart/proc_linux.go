package lambdart

import (
	"os"
	"syscall"
)

// sysProcAttr puts each function process in its own process group, so a
// Ctrl-C in the developer's terminal reaches only the local cloud, which
// then stops its children in order; and asks the kernel to kill the process
// if the service's process dies without calling Close (Pdeathsig), so no
// function outlives it.
func sysProcAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
}

// terminate asks the process to stop, as Lambda does at shutdown.
func terminate(p *os.Process) error {
	return p.Signal(syscall.SIGTERM)
}
