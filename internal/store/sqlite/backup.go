package sqlite

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
)

// ErrExists is returned by Backup when the target file exists and may not
// be replaced.
var ErrExists = errors.New("dosya zaten var")

// Backup writes a consistent copy of the database at src to dst, while
// servers go on writing to it: VACUUM INTO reads one snapshot of the
// database (the WAL included) in a read transaction, so the copy holds
// every transaction committed before it began and none after. The copy is
// written to a temporary file beside dst, synced and renamed, so dst is
// either absent or whole. An existing dst is replaced only with overwrite.
// src must exist; it is opened read-only and never created.
func Backup(ctx context.Context, src, dst string, overwrite bool) error {
	if _, err := os.Stat(src); err != nil {
		return fmt.Errorf("veritabanı %s okunamıyor: %w", src, err)
	}
	if info, err := os.Stat(filepath.Dir(dst)); err != nil || !info.IsDir() {
		return fmt.Errorf("%s klasörü yok", filepath.Dir(dst))
	}
	if info, err := os.Stat(dst); err == nil && info.IsDir() {
		return fmt.Errorf("%s bir klasör; yedek için bir dosya adı verin", dst)
	}
	// The copy renamed over the database (or its WAL, its index or its
	// lock) that a server has open would corrupt it: the same file under
	// any name (./k.db, a link) is refused. Those of a linked database
	// are beside the file it points to.
	resolved := realPath(src)
	for _, f := range []string{src, resolved + "-wal", resolved + "-shm", lockPath(resolved), src + "-wal", src + "-shm", lockPath(src)} {
		if same, _ := sameFile(f, dst); same || samePath(f, dst) {
			return fmt.Errorf("%s veritabanının kendi dosyası (%s): yedeği başka bir dosyaya yazın", dst, filepath.Base(f))
		}
	}
	if !overwrite {
		if _, err := os.Lstat(dst); err == nil {
			return fmt.Errorf("%s: %w (üzerine yazmak için --force verin)", dst, ErrExists)
		}
	}
	// A restore swaps the file; a backup taken meanwhile would read either.
	lock, err := lockShared(src)
	if err != nil {
		return err
	}
	defer lock.unlock()
	tmp, err := tempPath(dst)
	if err != nil {
		return err
	}
	defer os.Remove(tmp)
	if err := vacuumInto(ctx, src, tmp); err != nil {
		return err
	}
	// The copy holds the accounts' password hashes and TOTP secrets: only
	// its owner reads it.
	if err := os.Chmod(tmp, 0o600); err != nil {
		return err
	}
	if err := syncFile(tmp); err != nil {
		return err
	}
	if !overwrite {
		// Checked again: the copy took a while.
		if _, err := os.Lstat(dst); err == nil {
			return fmt.Errorf("%s: %w (üzerine yazmak için --force verin)", dst, ErrExists)
		}
	}
	if err := os.Rename(tmp, dst); err != nil {
		return fmt.Errorf("yedek %s yazılamadı: %w", dst, err)
	}
	return syncDir(filepath.Dir(dst))
}

// vacuumInto writes the copy of the database at src to the new file dst
// and closes both.
func vacuumInto(ctx context.Context, src, dst string) error {
	db, err := openReadOnly(src)
	if err != nil {
		return err
	}
	defer db.Close()
	if _, err := db.ExecContext(ctx, `VACUUM INTO ?`, dst); err != nil {
		return fmt.Errorf("veritabanı %s kopyalanamadı: %w", src, err)
	}
	return nil
}

// Check reports whether the file at path is a Kesim database that this
// binary can open: SQLite's integrity_check passes, and its schema version
// (table schema_migrations) is one this binary knows. It returns the
// version. The file is opened read-only.
func Check(ctx context.Context, path string) (version int, err error) {
	info, err := os.Stat(path)
	if err != nil {
		return 0, fmt.Errorf("%s okunamıyor: %w", path, err)
	}
	if !info.Mode().IsRegular() {
		return 0, fmt.Errorf("%s bir dosya değil", path)
	}
	db, err := openReadOnly(path)
	if err != nil {
		return 0, err
	}
	defer db.Close()
	notKesim := func(why string) error {
		return fmt.Errorf("%s bir Kesim veritabanı değil: %s", path, why)
	}
	var check string
	if err := db.QueryRowContext(ctx, `PRAGMA integrity_check(1)`).Scan(&check); err != nil {
		return 0, notKesim("SQLite dosyası olarak okunamadı (" + err.Error() + ")")
	}
	if check != "ok" {
		return 0, fmt.Errorf("%s bozuk: SQLite bütünlük denetimi geçmedi (%s)", path, check)
	}
	if err := db.QueryRowContext(ctx, `SELECT COALESCE(MAX(version), 0) FROM schema_migrations`).Scan(&version); err != nil {
		return 0, notKesim("schema_migrations tablosu yok")
	}
	known, err := knownVersion()
	if err != nil {
		return 0, err
	}
	switch {
	case version < 1:
		return 0, notKesim("hiç şema sürümü kaydı yok")
	case version > known:
		return 0, fmt.Errorf("%s bu Kesim'den yeni bir sürümle yazılmış (şema %d, bu sürüm %d'e kadar bilir): yeni Kesim'i kurun", path, version, known)
	}
	for _, table := range []string{"parts", "saved_layouts"} {
		var n int
		if err := db.QueryRowContext(ctx, `SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ?`, table).Scan(&n); err != nil || n != 1 {
			return 0, notKesim(table + " tablosu yok")
		}
	}
	return version, nil
}

// Restore replaces the database at dbPath with the backup at from, which
// must pass Check. It refuses with an error wrapping ErrInUse while any
// Store has the database open (a server, a kesim user command), and holds
// the lock so that none opens it meanwhile. The database as it was is kept
// in dbPath+".bak" (its WAL, if any, in dbPath+".bak-wal", where SQLite
// looks for it), replacing an older .bak. The backup is copied to a
// temporary file beside dbPath, synced and renamed over dbPath, so dbPath
// is at every moment either the old database or the new one. It returns
// the path of the .bak copy, "" when there was no database. A dbPath that
// is a link is followed: the file it points to is replaced (and kept as
// .bak beside it), the link stays, and the lock is that file's, the one a
// server that opened it under either name holds.
func Restore(ctx context.Context, from, dbPath string) (bak string, err error) {
	if _, err := Check(ctx, from); err != nil {
		return "", err
	}
	if same, _ := sameFile(from, dbPath); same {
		return "", errors.New("yedek dosyası ile veritabanı aynı dosya")
	}
	if dir := filepath.Dir(dbPath); dir != "" {
		if err := os.MkdirAll(dir, 0o750); err != nil {
			return "", fmt.Errorf("veritabanı klasörü oluşturulamadı: %w", err)
		}
	}
	lock, err := lockFor(dbPath, true)
	if errors.Is(err, ErrInUse) {
		return "", fmt.Errorf("%s şu an açık: önce Kesim'i (kesim serve ya da masaüstü penceresi) kapatın, sonra yeniden deneyin: %w", dbPath, err)
	}
	if err != nil {
		return "", err
	}
	defer lock.unlock()
	// Renamed over a link, the backup replaced the link and left the
	// database it pointed to as it was.
	dbPath = realPath(dbPath)

	tmp, err := tempPath(dbPath)
	if err != nil {
		return "", err
	}
	defer os.Remove(tmp)
	// VACUUM INTO, not a copy of the file: a backup with a WAL beside it
	// (the .bak of an earlier restore, of a server that was killed) holds
	// its last transactions there, and a copy of the file alone lost them.
	if err := vacuumInto(ctx, from, tmp); err != nil {
		return "", err
	}
	if err := syncFile(tmp); err != nil {
		return "", err
	}
	if _, err := os.Stat(dbPath); err == nil {
		bak = dbPath + ".bak"
		// No one has the database open, so its file and its WAL are still:
		// copied as they are they make a database SQLite opens whole, and
		// this works as well on a damaged database, the usual reason to
		// restore.
		if err := copyFile(dbPath, bak); err != nil {
			return "", fmt.Errorf("eski veritabanı %s olarak saklanamadı: %w", bak, err)
		}
		// The old .bak's WAL and shared memory would be read with the new
		// .bak (restoring from the .bak itself is safe: its WAL is in tmp).
		os.Remove(bak + "-wal")
		os.Remove(bak + "-shm")
		if err := copyFile(dbPath+"-wal", bak+"-wal"); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return "", fmt.Errorf("eski veritabanı %s olarak saklanamadı: %w", bak, err)
		}
	}
	// The old WAL and shared memory belong to the old file: left beside the
	// new one, SQLite would replay the old transactions into it. The old
	// ones are in the .bak copy now.
	for _, suffix := range []string{"-wal", "-shm"} {
		if err := os.Remove(dbPath + suffix); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return "", fmt.Errorf("%s silinemedi: %w", dbPath+suffix, err)
		}
	}
	if err := os.Rename(tmp, dbPath); err != nil {
		return "", fmt.Errorf("yedek yerine konamadı: %w", err)
	}
	return bak, syncDir(filepath.Dir(dbPath))
}

// knownVersion is the newest schema version of the embedded migrations.
func knownVersion() (int, error) {
	entries, err := fs.Glob(migrationFiles, "migrations/*.sql")
	if err != nil {
		return 0, err
	}
	return len(entries), nil
}

// openReadOnly opens the existing database file at path read-only (a URI
// with mode=ro, so a missing file is an error, not a new database).
func openReadOnly(path string) (*sql.DB, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, err
	}
	db, err := sql.Open("sqlite", fileURI(abs)+"?mode=ro&_pragma=busy_timeout(10000)")
	if err != nil {
		return nil, fmt.Errorf("%s açılamadı: %w", path, err)
	}
	db.SetMaxOpenConns(1)
	return db, nil
}

// fileURI is SQLite's URI of the absolute path: file:///a/b on Unix,
// file:///C:/a/b on Windows, with %, ? and # escaped.
func fileURI(abs string) string {
	p := filepath.ToSlash(abs)
	p = strings.NewReplacer("%", "%25", "?", "%3F", "#", "%23").Replace(p)
	if !strings.HasPrefix(p, "/") {
		p = "/" + p
	}
	return "file://" + p
}

// tempPath names a new temporary file beside path.
func tempPath(path string) (string, error) {
	var b [6]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", err
	}
	return path + ".tmp-" + hex.EncodeToString(b[:]), nil
}

// copyFile copies the file src to a new file dst and syncs it.
func copyFile(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o640)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return errors.Join(out.Sync(), out.Close())
}

// syncFile flushes the file at path to the disk.
func syncFile(path string) error {
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		return err
	}
	return errors.Join(f.Sync(), f.Close())
}

// syncDir makes a rename in dir durable. Windows has no directory sync;
// its renames are journaled by NTFS.
func syncDir(dir string) error {
	if runtime.GOOS == "windows" {
		return nil
	}
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	return d.Sync()
}

// sameFile reports whether the paths name one existing file.
// samePath reports whether the paths a and b name one file, which need not
// exist: their folders, links resolved, and their names are the same.
func samePath(a, b string) bool {
	resolve := func(p string) string {
		dir, err := filepath.EvalSymlinks(filepath.Dir(p))
		if err != nil {
			return ""
		}
		abs, err := filepath.Abs(dir)
		if err != nil {
			return ""
		}
		return filepath.Join(abs, filepath.Base(p))
	}
	ra, rb := resolve(a), resolve(b)
	return ra != "" && ra == rb
}

func sameFile(a, b string) (bool, error) {
	ia, err := os.Stat(a)
	if err != nil {
		return false, err
	}
	ib, err := os.Stat(b)
	if err != nil {
		return false, err
	}
	return os.SameFile(ia, ib), nil
}
