package testcloud

import "syscall"

// sysProcAttr puts a helper server in its own process group and kills it
// when the test binary dies.
func sysProcAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
}
