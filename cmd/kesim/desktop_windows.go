//go:build windows

package main

import (
	"syscall"
	"unsafe"
)

// processQueryLimitedInformation is PROCESS_QUERY_LIMITED_INFORMATION,
// enough to read an exit code, and granted for other users' processes too.
const processQueryLimitedInformation = 0x1000

// stillActive is the exit code GetExitCodeProcess reports for a process
// that runs (STILL_ACTIVE).
const stillActive = 259

// processAlive reports whether a process with the id pid runs: it can be
// opened and has no exit code yet.
func processAlive(pid int) bool {
	if pid <= 0 {
		return false
	}
	h, err := syscall.OpenProcess(processQueryLimitedInformation, false, uint32(pid))
	if err != nil {
		// ERROR_ACCESS_DENIED: it runs, under an account we cannot query.
		return err == syscall.ERROR_ACCESS_DENIED
	}
	defer syscall.CloseHandle(h)
	var code uint32
	if err := syscall.GetExitCodeProcess(h, &code); err != nil {
		return false
	}
	return code == stillActive
}

var getConsoleProcessList = syscall.NewLazyDLL("kernel32.dll").NewProc("GetConsoleProcessList")

// ownConsole reports whether this process is alone on its console: the
// console was opened for it (a double-click in Explorer) and closes, with
// whatever it says, when the process ends.
func ownConsole() bool {
	var pids [2]uint32
	n, _, _ := getConsoleProcessList.Call(uintptr(unsafe.Pointer(&pids[0])), uintptr(len(pids)))
	return n == 1
}
