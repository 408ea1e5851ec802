//go:build windows

package sqlite

import (
	"errors"
	"syscall"
)

// fileLock is a held lock file.
type fileLock struct{ h syscall.Handle }

// errSharingViolation is ERROR_SHARING_VIOLATION: the file is open with a
// share mode that excludes this open.
const errSharingViolation syscall.Errno = 32

// lockFile opens (creating) the file at path with a share mode that
// admits other shared holders (read and write sharing) or none
// (exclusive), so that an exclusive open fails while any shared one is
// held, and the other way round.
func lockFile(path string, exclusive bool) (*fileLock, error) {
	name, err := syscall.UTF16PtrFromString(path)
	if err != nil {
		return nil, err
	}
	var share uint32 = syscall.FILE_SHARE_READ | syscall.FILE_SHARE_WRITE
	if exclusive {
		share = 0
	}
	h, err := syscall.CreateFile(name, syscall.GENERIC_READ|syscall.GENERIC_WRITE, share, nil,
		syscall.OPEN_ALWAYS, syscall.FILE_ATTRIBUTE_NORMAL, 0)
	if err != nil {
		if errors.Is(err, errSharingViolation) {
			return nil, ErrInUse
		}
		return nil, err
	}
	return &fileLock{h}, nil
}

// unlock releases the lock by closing the file. A second unlock does
// nothing.
func (l *fileLock) unlock() error {
	if l == nil || l.h == syscall.InvalidHandle {
		return nil
	}
	err := syscall.CloseHandle(l.h)
	l.h = syscall.InvalidHandle
	return err
}

// ownedByMe reports whether the file at path belongs to the user this
// process runs as; on Windows it is not asked, and the lock file's
// permission error keeps its general wording.
func ownedByMe(path string) bool { return false }

// giveLock: on Windows a file's access follows its folder's; nothing to
// give.
func giveLock(lp, db string) {}
