//go:build unix

package sqlite

import "syscall"

// fileSizeLimit is the largest file this process may write (RLIMIT_FSIZE,
// the shell's ulimit -f), and whether it has such a limit. A write past it
// fails with EFBIG (Go ignores the SIGXFSZ that comes with it).
func fileSizeLimit() (int64, bool) {
	var l syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_FSIZE, &l); err != nil || l.Cur > 1<<62 { // RLIM_INFINITY
		return 0, false
	}
	return int64(l.Cur), true
}
