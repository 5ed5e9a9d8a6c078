package ddblocal

import "syscall"

// sysProcAttr puts DynamoDB Local in its own process group (a Ctrl-C on
// the terminal reaches only the parent, which stops it in order) and kills
// it when the parent dies.
func sysProcAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
}
