package sqlite

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// The lock file beside a database file (kesim.db.lock) says who uses the
// database. Every Open holds it shared until Close, so two servers may
// share a file; Restore holds it exclusively while it swaps the file, so it
// refuses while any server or kesim user command has the database open,
// and no Open gets in while it works. The operating system releases the
// lock when a process dies, so a crashed server leaves no stale lock: flock
// on Unix, the share mode of the open file on Windows.

// ErrInUse is returned by Restore while another process, or another Store
// in this one, has the database open, and by Open while a restore runs.
var ErrInUse = errors.New("veritabanı kullanımda")

// lockPath is the lock file of the database at path.
func lockPath(path string) string { return path + ".lock" }

// lockFor takes the lock of the database at path, shared or exclusive,
// without waiting. It fails with an error wrapping ErrInUse when the lock
// is held the other way.
func lockFor(path string, exclusive bool) (*fileLock, error) {
	// A folder named as the database would only get a stray lock file
	// beside it before SQLite refuses it.
	if info, err := os.Stat(path); err == nil && info.IsDir() {
		return nil, fmt.Errorf("%s bir klasör; veritabanı olarak bir dosya verin (ör. %s)", path, filepath.Join(path, "kesim.db"))
	}
	l, err := lockFile(lockPath(path), exclusive)
	if err != nil && !errors.Is(err, ErrInUse) {
		return nil, fmt.Errorf("sqlite: kilit dosyası %s: %w", lockPath(path), err)
	}
	return l, err
}

// lockShared takes the lock of the database at path as Open does: shared,
// refused while a restore holds it.
func lockShared(path string) (*fileLock, error) {
	l, err := lockFor(path, false)
	if errors.Is(err, ErrInUse) {
		return nil, fmt.Errorf("%s şu an geri yükleniyor (kesim restore); bitince yeniden deneyin: %w", path, err)
	}
	return l, err
}
