//go:build unix && !linux

package testcloud

import "syscall"

// sysProcAttr puts a helper server in its own process group. Without
// Linux's parent death signal, a killed test binary can leave it running.
func sysProcAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true}
}
