//go:build !unix

package testcloud

import "syscall"

func sysProcAttr() *syscall.SysProcAttr { return nil }
