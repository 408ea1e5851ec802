package sqlite

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
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

// realPath is the database file that path names, its links resolved: the
// file itself when it exists, else the name in its folder with the
// folder's links resolved. SQLite opens the file a link points to (its WAL
// is beside that file), so the lock is beside it too: a server started
// with --db kesim.db and a restore given --db link.db take one lock, and
// a restore replaces the file, not the link.
func realPath(path string) string {
	if p, err := filepath.EvalSymlinks(path); err == nil {
		return p
	}
	if dir, err := filepath.EvalSymlinks(filepath.Dir(path)); err == nil {
		return filepath.Join(dir, filepath.Base(path))
	}
	return path
}

// sqliteHeader starts every SQLite database file.
const sqliteHeader = "SQLite format 3\x00"

// notSQLite reports whether the file at path exists, has data and does not
// start as a SQLite database does. An empty file, one that is not there
// or one that cannot be read is left to SQLite.
func notSQLite(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	head := make([]byte, len(sqliteHeader))
	n, _ := io.ReadFull(f, head) // shorter than the header: no database
	return n > 0 && string(head[:n]) != sqliteHeader
}

// lockFor takes the lock of the database at path (its links resolved,
// see realPath), shared or exclusive, without waiting. It fails with an
// error wrapping ErrInUse when the lock is held the other way.
func lockFor(path string, exclusive bool) (*fileLock, error) {
	// A folder named as the database would only get a stray lock file
	// beside it before SQLite refuses it.
	if info, err := os.Stat(path); err == nil && info.IsDir() {
		return nil, fmt.Errorf("%s bir klasör; veritabanı olarak bir dosya verin (ör. %s)", path, filepath.Join(path, "kesim.db"))
	} else if err == nil && !info.Mode().IsRegular() {
		// A device, a pipe or a socket: a restore renamed the backup over
		// it (--db /dev/null replaced the device with the database), a
		// server left a lock and a -journal beside it before SQLite failed.
		return nil, notAFile(path, "veritabanı olarak bir dosya verin")
	}
	// So would any other program's file: --db /etc/passwd made
	// /etc/passwd.lock before SQLite said it was no database.
	if notSQLite(path) {
		return nil, fmt.Errorf("%s bir SQLite veritabanı değil (dosyanın başı SQLite'ınki değil): dokunulmadı; --db ile Kesim'in veritabanını verin", path)
	}
	lp := lockPath(realPath(path))
	l, err := lockFile(lp, exclusive)
	switch {
	case err == nil:
		// Made by root (sudo kesim restore onto a machine whose service
		// has not run yet), the lock file was root's, mode 0640: the
		// service's account could not open it and did not start.
		giveLock(lp, realPath(path))
		return l, nil
	case errors.Is(err, ErrInUse):
		return l, err
	case errors.Is(err, fs.ErrPermission) && readOnlyFolder(realPath(path), lp):
		// The user owns the database, but its folder cannot be written
		// (a copy on a read-only mount, chmod a-w): running as the owner
		// would not help.
		return nil, fmt.Errorf("kilit dosyası %s açılamadı: %s klasörü salt okunur (veritabanı sizin, ama klasörüne yazılamıyor); klasöre yazma izni verin ya da veritabanını yazılabilen bir klasöre kopyalayın", lp, filepath.Dir(lp))
	case errors.Is(err, fs.ErrPermission):
		// The lock file is opened for writing, also by a backup: a user
		// who may read the database but not write beside it (a backup
		// run by another account) is told whose it is.
		return nil, fmt.Errorf("kilit dosyası %s açılamadı: izin yok; Kesim'i veritabanının sahibi olan kullanıcıyla çalıştırın", lp)
	}
	return nil, &FileError{Role: "kilit dosyası", Path: lp, Write: true, Err: err}
}

// notAFile is the error of a path that names a device, a pipe or a
// socket where Kesim reads or writes a database file; what says what to
// give instead.
func notAFile(path, what string) error {
	return fmt.Errorf("%s bir dosya değil (aygıt, boru ya da soket); %s", path, what)
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

// readOnlyFolder reports whether the lock file lp of the database file db
// could not be created because its folder may not be written by its
// owner: lp does not exist and db is the user's own (ownedByMe).
func readOnlyFolder(db, lp string) bool {
	if _, err := os.Lstat(lp); !errors.Is(err, fs.ErrNotExist) {
		return false
	}
	return ownedByMe(db)
}
