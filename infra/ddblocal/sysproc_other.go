//go:build unix && !linux

package ddblocal

import "syscall"

// sysProcAttr puts DynamoDB Local in its own process group. Without
// Linux's parent death signal, a killed parent can leave it running.
func sysProcAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true}
}
