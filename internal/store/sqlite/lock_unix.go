//go:build unix

package sqlite

import (
	"errors"
	"os"
	"path/filepath"
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

// giveLock gives the lock file lp of the database file db to the owner of
// db (of its folder when there is no db yet: the account the server runs
// as) when this process runs as root and the lock is another's, as SQLite
// gives its -wal and -shm files the database's owner. Only root may give a
// file away; for anyone else the lock is their own or not theirs to give.
// A failure is left to the server's open, which names the lock file.
func giveLock(lp, db string) {
	if os.Geteuid() != 0 {
		return
	}
	owner, err := os.Stat(db)
	if err != nil {
		if owner, err = os.Stat(filepath.Dir(db)); err != nil {
			return
		}
	}
	lock, err := os.Stat(lp)
	if err != nil {
		return
	}
	want, ok1 := owner.Sys().(*syscall.Stat_t)
	got, ok2 := lock.Sys().(*syscall.Stat_t)
	if !ok1 || !ok2 || (got.Uid == want.Uid && got.Gid == want.Gid) {
		return
	}
	_ = os.Chown(lp, int(want.Uid), int(want.Gid))
}
