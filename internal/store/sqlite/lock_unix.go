//go:build unix

package sqlite

import (
	"errors"
	"os"
	"syscall"
)

// fileLock is a held lock file.
type fileLock struct{ f *os.File }

// lockFile opens (creating) the file at path and takes an flock on it,
// shared or exclusive, without waiting. flock locks belong to the open
// file, so two opens in one process exclude each other as two processes do.
func lockFile(path string, exclusive bool) (*fileLock, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o640)
	if err != nil {
		return nil, err
	}
	how := syscall.LOCK_SH
	if exclusive {
		how = syscall.LOCK_EX
	}
	for {
		err = syscall.Flock(int(f.Fd()), how|syscall.LOCK_NB)
		if !errors.Is(err, syscall.EINTR) {
			break
		}
	}
	if err != nil {
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, ErrInUse
		}
		return nil, err
	}
	return &fileLock{f}, nil
}

// unlock releases the lock; closing the file drops the flock. A second
// unlock does nothing.
func (l *fileLock) unlock() error {
	if l == nil || l.f == nil {
		return nil
	}
	err := l.f.Close()
	l.f = nil
	return err
}

// ownedByMe reports whether the file at path belongs to the user this
// process runs as.
func ownedByMe(path string) bool {
	info, err := os.Stat(path)
	if err != nil {
		return false
	}
	st, ok := info.Sys().(*syscall.Stat_t)
	return ok && int(st.Uid) == os.Geteuid()
}
