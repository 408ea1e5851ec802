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
	"syscall"
	"time"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// ErrExists is returned by Backup when the target file exists and may not
// be replaced.
var ErrExists = errors.New("dosya zaten var")

// FileError is an error of Backup, Restore, Check or Open on a file the
// user named (or the lock file beside it), returned as it is (never
// wrapped), so that the command line says it in its words. Role says in Turkish what the file is ("veritabanı",
// "yedek"), Path is the name the user gave (never a temporary file's),
// Write whether it was being written or created rather than read. Err is
// the cause as the operating system gives it (fs.ErrNotExist,
// fs.ErrPermission, syscall.ENOSPC, also for SQLite's "disk is full",
// syscall.EFBIG past the file-size limit, syscall.EIO for another failed
// write of SQLite's).
type FileError struct {
	Role  string
	Path  string
	Write bool
	Err   error
}

// Error says it plainly in Turkish; kesim backup and restore say it as
// kesim nest says its files' errors.
func (e *FileError) Error() string {
	cause := e.Err
	var pe *fs.PathError
	if errors.As(cause, &pe) {
		cause = pe.Err // its path may be a temporary file's
	}
	switch {
	case !e.Write && errors.Is(cause, fs.ErrNotExist):
		return fmt.Sprintf("%s %s yok", e.Role, e.Path)
	case errors.Is(cause, syscall.ENOSPC):
		return fmt.Sprintf("%s %s yazılamadı: disk dolu", e.Role, e.Path)
	case errors.Is(cause, syscall.EFBIG):
		return fmt.Sprintf("%s %s yazılamadı: %s", e.Role, e.Path, MsgFileTooLarge)
	case errors.Is(cause, syscall.EIO) && e.Write:
		return fmt.Sprintf("%s %s yazılamadı: yazılırken disk hatası oldu", e.Role, e.Path)
	case e.Write:
		return fmt.Sprintf("%s %s yazılamadı: %v", e.Role, e.Path, cause)
	}
	return fmt.Sprintf("%s %s okunamıyor: %v", e.Role, e.Path, cause)
}

func (e *FileError) Unwrap() error { return e.Err }

// MsgFileTooLarge says why a file could not be written past the
// process's file-size limit (EFBIG).
const MsgFileTooLarge = "dosya çok büyük: bu oturumun dosya boyutu sınırını (ulimit -f) aşıyor; sınırı kaldırın (ulimit -f unlimited) ya da yükseltin"

// copyCause is the operating system's error behind SQLite's result code
// when VACUUM INTO failed writing tmp, the copy of the database at src:
// the source is opened read-only, so a failed write, sync or truncation is
// the copy's. It is syscall.EFBIG when the process has a file-size limit
// (fileSizeLimit) that the copy reached (tmp within SQLite's largest page
// of it) or that the database exceeds, syscall.ENOSPC for SQLITE_FULL (a
// full disk), syscall.EIO for another failed write; nil for any other
// code (the database's own problem). Before, a copy stopped by the limit
// was "veritabanı … kopyalanamadı: … disk hatası": the database blamed.
func copyCause(code int, src, tmp string) error {
	switch code {
	case sqlite3.SQLITE_FULL, sqlite3.SQLITE_IOERR_WRITE, sqlite3.SQLITE_IOERR_FSYNC, sqlite3.SQLITE_IOERR_TRUNCATE:
	default:
		if code&0xff != sqlite3.SQLITE_FULL {
			return nil
		}
	}
	if limit, ok := fileSizeLimit(); ok {
		const maxPage = 65536
		if info, err := os.Stat(tmp); err == nil && info.Size()+maxPage > limit {
			return syscall.EFBIG
		}
		if info, err := os.Stat(src); err == nil && info.Size() > limit {
			return syscall.EFBIG
		}
	}
	if code&0xff == sqlite3.SQLITE_FULL {
		return syscall.ENOSPC
	}
	return syscall.EIO
}

// Backup writes a consistent copy of the database at src to dst, while
// servers go on writing to it: VACUUM INTO reads one snapshot of the
// database (the WAL included) in a read transaction, so the copy holds
// every transaction committed before it began and none after. The copy is
// written to a temporary file beside dst, synced and renamed, so dst is
// either absent or whole. An existing dst is replaced only with overwrite.
// src must exist; it is opened read-only and never created.
func Backup(ctx context.Context, src, dst string, overwrite bool) error {
	if _, err := os.Stat(src); err != nil {
		return &FileError{Role: "veritabanı", Path: src, Err: err}
	}
	if info, err := os.Stat(filepath.Dir(dst)); err != nil || !info.IsDir() {
		return fmt.Errorf("%s klasörü yok", filepath.Dir(dst))
	}
	if info, err := os.Stat(dst); err == nil && info.IsDir() {
		return fmt.Errorf("%s bir klasör; yedek için bir dosya adı verin", dst)
	} else if err == nil && !info.Mode().IsRegular() {
		// Renamed over it, the copy replaced the device itself (--force
		// /dev/null left a database where /dev/null was).
		return notAFile(dst, "yedek için bir dosya adı verin")
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
	written := func(err error) error { return &FileError{Role: "yedek", Path: dst, Write: true, Err: err} }
	// The copy holds the accounts' password hashes and TOTP secrets: only
	// its owner reads it (createTemp's mode 0600). Created here, so that a
	// folder that cannot be written is named as such, not as SQLite's
	// "unable to open database" of the temporary file.
	tmp, err := createTemp(dst)
	if err != nil {
		return written(err)
	}
	defer os.Remove(tmp)
	if err := copyInto(ctx, src, "veritabanı", tmp, dst, "yedek"); err != nil {
		return err
	}
	if err := syncFile(tmp); err != nil {
		return written(err)
	}
	if !overwrite {
		// Checked again: the copy took a while.
		if _, err := os.Lstat(dst); err == nil {
			return fmt.Errorf("%s: %w (üzerine yazmak için --force verin)", dst, ErrExists)
		}
	}
	if err := os.Rename(tmp, dst); err != nil {
		return written(err)
	}
	return syncDir(filepath.Dir(dst))
}

// copyInto writes the copy of the database at src to tmp, the empty
// temporary file of dst (createTemp); the roles name src and dst in the
// errors: a full disk is a *FileError of dst.
func copyInto(ctx context.Context, src, srcRole, tmp, dst, dstRole string) error {
	db, err := openReadOnly(src)
	if err != nil {
		return err
	}
	defer db.Close()
	// VACUUM INTO writes into an empty file as into a new one.
	_, err = db.ExecContext(ctx, `VACUUM INTO ?`, tmp)
	if err == nil {
		return nil
	}
	var se *sqlite.Error
	if errors.As(err, &se) {
		if cause := copyCause(se.Code(), src, tmp); cause != nil {
			return &FileError{Role: dstRole, Path: dst, Write: true, Err: cause}
		}
		// Reading a WAL database takes its -shm file of 32 KB, which
		// SQLite makes that size on opening it: a file-size limit below
		// that stops the read, not the copy.
		if limit, ok := fileSizeLimit(); ok && limit < 32<<10 && se.Code() == sqlite3.SQLITE_IOERR_SHMSIZE {
			return fmt.Errorf("%s %s kopyalanamadı: %s-shm yazılamadı: %s", srcRole, src, src, MsgFileTooLarge)
		}
	}
	if why := openProblem(err); why != "" {
		return fmt.Errorf("%s %s kopyalanamadı: %s", srcRole, src, why)
	}
	return fmt.Errorf("%s %s kopyalanamadı: %w", srcRole, src, err)
}

// Check reports whether the file at path, a backup, is a Kesim database
// that this binary can open: SQLite's integrity_check passes, and its
// schema version (table schema_migrations) is one this binary knows. It
// returns the version. The file is opened read-only; one that is missing
// or cannot be read is a *FileError.
func Check(ctx context.Context, path string) (version int, err error) {
	info, err := os.Stat(path)
	if err != nil {
		return 0, &FileError{Role: "yedek", Path: path, Err: err}
	}
	if !info.Mode().IsRegular() {
		return 0, fmt.Errorf("%s bir dosya değil", path)
	}
	f, err := os.Open(path)
	if err != nil {
		return 0, &FileError{Role: "yedek", Path: path, Err: err}
	}
	f.Close()
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
		var se *sqlite.Error
		if errors.As(err, &se) && se.Code()&0xff == sqlite3.SQLITE_NOTADB {
			return 0, notKesim("SQLite dosyası değil")
		}
		if errors.As(err, &se) && se.Code()&0xff == sqlite3.SQLITE_CORRUPT {
			// A copy cut short (a full disk, a USB stick pulled out) is a
			// database with its end missing, not another program's file.
			return 0, fmt.Errorf("%s bozuk: SQLite okuyamadı (dosya yarım kalmış ya da bozulmuş olabilir); başka bir yedek deneyin", path)
		}
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
		return 0, fmt.Errorf("%s bu Kesim'den yeni bir sürümle yazılmış (şema %d, bu sürüm %s kadar bilir): yeni Kesim'i kurun", path, version, dative(known))
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
// looks for it); an older .bak pair is kept under its date (olderBak), once
// both new copies are whole (keepOld): a failed copy leaves the older pair,
// and the database, as they were. The backup is copied to a
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
			return "", &FileError{Role: "veritabanı klasörü", Path: dir, Write: true, Err: err}
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
	written := func(err error) error { return &FileError{Role: "veritabanı", Path: dbPath, Write: true, Err: err} }

	tmp, err := createTemp(dbPath)
	if err != nil {
		return "", written(err)
	}
	defer os.Remove(tmp)
	// VACUUM INTO, not a copy of the file: a backup with a WAL beside it
	// (the .bak of an earlier restore, of a server that was killed) holds
	// its last transactions there, and a copy of the file alone lost them.
	if err := copyInto(ctx, from, "yedek", tmp, dbPath, "veritabanı"); err != nil {
		return "", err
	}
	if err := syncFile(tmp); err != nil {
		return "", written(err)
	}
	if _, err := os.Stat(dbPath); err == nil {
		if bak, err = keepOld(dbPath); err != nil {
			return "", err
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
		return "", written(err)
	}
	return bak, syncDir(filepath.Dir(dbPath))
}

// keepOld copies the database at dbPath, which no one has open, and its
// WAL, if any, to dbPath+".bak" and ".bak-wal", keeping an older .bak pair
// under its date (olderBak), and returns the .bak's path. The files are copied as they are, not
// checkpointed or vacuumed: the pair is a database SQLite opens whole, the
// copy works as well on a damaged database (the usual reason to restore),
// and it never writes to the database itself. Both are copied to
// temporary files first, and the older pair is replaced only when both
// copies are whole: a copy that fails (a full disk, an unreadable WAL)
// removes the temporary files and leaves the older pair as it was, never a
// .bak without its WAL, which SQLite would open as a complete database
// that lacks the last transactions. A failure is a *FileError: of the
// database file (or its WAL) when it cannot be opened for reading, else
// of the copy being written.
func keepOld(dbPath string) (string, error) {
	bak := dbPath + ".bak"
	kept := func(src, dst string, err error) error {
		var pe *fs.PathError
		if errors.As(err, &pe) && pe.Op == "open" && pe.Path == src {
			return &FileError{Role: "veritabanı", Path: src, Err: err}
		}
		return &FileError{Role: "eski veritabanının kopyası", Path: dst, Write: true, Err: err}
	}
	tmpDB, err := stageCopy(dbPath, bak)
	if err != nil {
		return "", kept(dbPath, bak, err)
	}
	defer os.Remove(tmpDB)
	tmpWAL, err := stageCopy(dbPath+"-wal", bak+"-wal")
	switch {
	case errors.Is(err, fs.ErrNotExist):
		tmpWAL = "" // checkpointed and removed at the last close
	case err != nil:
		return "", kept(dbPath+"-wal", bak+"-wal", err)
	default:
		defer os.Remove(tmpWAL)
	}
	// The older .bak is kept under the date it was made (olderBak): a
	// second restore, of the wrong backup and then the right one, lost the
	// database from before the first. Its WAL goes first, then the .bak and
	// its shared memory, then the new WAL and the new .bak come: a .bak is
	// never beside a WAL not its own, which SQLite would replay into it.
	// (Restoring from the .bak itself is safe: its WAL is in Restore's
	// temporary file already.)
	if info, err := os.Stat(bak); err == nil {
		older := olderBak(dbPath, info.ModTime())
		for _, pair := range [][2]string{{bak + "-wal", older + "-wal"}, {bak, older}} {
			if err := os.Rename(pair[0], pair[1]); err != nil && !errors.Is(err, fs.ErrNotExist) {
				return "", kept("", pair[1], err)
			}
		}
	}
	for _, old := range []string{bak + "-shm", bak + "-wal"} {
		if err := os.Remove(old); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return "", kept("", old, err)
		}
	}
	if tmpWAL != "" {
		if err := os.Rename(tmpWAL, bak+"-wal"); err != nil {
			return "", kept("", bak+"-wal", err)
		}
	}
	if err := os.Rename(tmpDB, bak); err != nil {
		os.Remove(bak + "-wal") // no WAL left without its .bak
		return "", kept("", bak, err)
	}
	return bak, nil
}

// olderBak is the name an older .bak of dbPath, made at made, is kept
// under: "kesim.db.2026-12-07_14-05-09.bak" (local time), with "-2", "-3"
// ... before ".bak" when that name is taken. Its WAL, if any, goes beside
// it with "-wal", where SQLite looks for it.
func olderBak(dbPath string, made time.Time) string {
	base := dbPath + "." + made.Local().Format("2006-01-02_15-04-05")
	name := base + ".bak"
	for i := 2; ; i++ {
		if _, err := os.Lstat(name); errors.Is(err, fs.ErrNotExist) {
			return name
		}
		name = fmt.Sprintf("%s-%d.bak", base, i)
	}
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

// createTemp creates a new, empty temporary file beside path, mode 0600,
// and returns its name.
func createTemp(path string) (string, error) {
	var b [6]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", err
	}
	tmp := path + ".tmp-" + hex.EncodeToString(b[:])
	f, err := os.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return "", err
	}
	if err := f.Close(); err != nil {
		os.Remove(tmp)
		return "", err
	}
	return tmp, nil
}

// dative is n with the Turkish dative suffix, as it is read aloud: the
// vowel follows the last vowel of the number's last word (bir, iki, ...,
// on, yirmi, ..., yüz, bin, milyon), with y after a vowel: 1'e, 2'ye,
// 6'ya, 9'a, 10'a, 20'ye, 50'ye, 100'e, 1000'e, 1000000'a.
func dative(n int) string {
	ones := [10]string{"", "e", "ye", "e", "e", "e", "ya", "ye", "e", "a"}
	tens := [10]string{"", "a", "ye", "a", "a", "ye", "a", "e", "e", "a"}
	suffix := "e" // yüz, bin
	m := n
	if m < 0 {
		m = -m // eksi ...: the same last word
	}
	switch {
	case m == 0:
		suffix = "a" // sıfır
	case m%10 != 0:
		suffix = ones[m%10]
	case m%100 != 0:
		suffix = tens[m/10%10]
	case m%1000 != 0:
		// yüz
	case m%1000000 != 0:
		// bin
	default:
		suffix = "a" // milyon, milyar, trilyon, katrilyon
	}
	return fmt.Sprintf("%d'%s", n, suffix)
}

// copyData copies the data of copyFile; a test makes it fail part way,
// as a full disk does.
var copyData = io.Copy

// copyFile copies the file src to dst, mode 0600 (it holds the accounts'
// password hashes and TOTP secrets), replacing an older dst only when the
// copy is whole: the data go to a temporary file beside dst, synced and
// renamed over it. On a failure (a full disk) the temporary file is
// removed and an older dst is left as it was. A missing src is an error
// wrapping fs.ErrNotExist, and nothing is created.
func copyFile(src, dst string) error {
	tmp, err := stageCopy(src, dst)
	if err != nil {
		return err
	}
	if err := os.Rename(tmp, dst); err != nil {
		os.Remove(tmp)
		return err
	}
	return nil
}

// stageCopy copies the file src to a new temporary file beside dst, mode
// 0600, synced, and returns its name; the caller renames it over dst or
// removes it. On a failure nothing is left. A missing src is an error
// wrapping fs.ErrNotExist, and nothing is created.
func stageCopy(src, dst string) (tmp string, err error) {
	in, err := os.Open(src)
	if err != nil {
		return "", err
	}
	defer in.Close()
	tmp, err = createTemp(dst)
	if err != nil {
		return "", err
	}
	defer func() {
		if err != nil {
			os.Remove(tmp)
			tmp = ""
		}
	}()
	out, err := os.OpenFile(tmp, os.O_WRONLY, 0)
	if err != nil {
		return tmp, err
	}
	if _, err := copyData(out, in); err != nil {
		out.Close()
		return tmp, err
	}
	if err := errors.Join(out.Sync(), out.Close()); err != nil {
		return tmp, err
	}
	return tmp, nil
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
