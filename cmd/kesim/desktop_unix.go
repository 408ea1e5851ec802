//go:build unix

package main

import (
	"errors"
	"syscall"
)

// processAlive reports whether a process with the id pid runs: signal 0
// checks without sending anything (EPERM: it runs as another user).
func processAlive(pid int) bool {
	if pid <= 0 {
		return false
	}
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}

// ownConsole reports whether the console closes with this process; a Unix
// terminal stays.
func ownConsole() bool { return false }
