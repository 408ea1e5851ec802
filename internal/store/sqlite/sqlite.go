// Package sqlite is the embedded store: one SQLite file through the pure Go
// driver modernc.org/sqlite, in WAL mode with foreign keys on.
package sqlite

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync/atomic"
	"time"

	"modernc.org/sqlite" // registers the "sqlite" database/sql driver
	sqlite3 "modernc.org/sqlite/lib"

	"kesim/internal/store"
)

//go:embed migrations/*.sql
var migrationFiles embed.FS

// Pragmas of every connection. busy_timeout covers another process (a
// second server, the sqlite3 shell) holding the write lock; within this
// process writers queue on the single write connection instead. The 10 s
// are the reads' and the migrations'; a write sets the write connection's
// to what is left of busyBudget (writeConn).
// synchronous=FULL makes a commit durable across a power cut, not only
// across a crash of the process: a save answered 201 stays saved.
const pragmas = "_pragma=busy_timeout(10000)&_pragma=foreign_keys(1)&_pragma=synchronous(FULL)"

// Store is a store.Store on one SQLite file.
type Store struct {
	// write has exactly one connection. SQLite allows one writer at a time;
	// with one connection Go queues writers in the pool instead of letting
	// them race for the lock and fail with SQLITE_BUSY. Its transactions
	// begin IMMEDIATE, so a transaction that reads first and writes later
	// (Sync) holds the write lock from the start. Writes take it through
	// beginWrite and inPlace (here.go), the migrations directly.
	write *sql.DB
	// read has several query-only connections; in WAL mode they read a
	// consistent snapshot while a write goes on.
	read  *sql.DB
	clock store.Clock
	// lock is the database's lock file, held shared until Close (lock.go).
	lock *fileLock
	// path and file are the database file as opened: every write checks
	// that the file at path is still that one (here.go).
	path string
	file os.FileInfo
	// busySeen is when a write was last refused for another program's
	// lock (writeConn).
	busySeen atomic.Pointer[time.Time]
}

var _ store.Store = (*Store)(nil)

// Open opens (creating if needed) the database file at path and its
// directory, and brings its schema up to date. It refuses a database whose
// schema is newer than this binary knows, with a *store.SchemaTooNewError.
func Open(ctx context.Context, path string) (*Store, error) {
	if path == "" || strings.ContainsRune(path, '?') {
		return nil, fmt.Errorf("veritabanı yolu %q geçersiz: bir dosya yolu verin (ör. kesim-data/kesim.db; ? içermemeli)", path)
	}
	if dir := filepath.Dir(path); dir != "" {
		if err := os.MkdirAll(dir, 0o750); err != nil {
			return nil, &FileError{Role: "veritabanı klasörü", Path: dir, Write: true, Err: err}
		}
	}
	if err := notForeign(ctx, path); err != nil {
		return nil, err
	}
	lock, err := lockShared(path)
	if err != nil {
		return nil, err
	}
	if err := createPrivate(path); err != nil {
		lock.unlock()
		return nil, err
	}
	// A file that cannot be written would open (SQLite falls back to
	// reading) and then refuse every save.
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		lock.unlock()
		if errors.Is(err, fs.ErrPermission) {
			return nil, fmt.Errorf("veritabanı %s yazılamıyor: dosya ya da klasörü salt okunur (izinleri denetleyin): %w", path, err)
		}
		return nil, fmt.Errorf("veritabanı %s açılamıyor: %w", path, err)
	}
	f.Close()
	start := time.Now()
	s, err := open(ctx, path)
	// Two processes opening a new file at once race to switch it to WAL
	// mode, and the loser's first statement may get SQLITE_BUSY without the
	// busy handler being asked. It waits a moment and opens again; the
	// migrations themselves are safe to race (migrateOne). A busy answer
	// that came after the busy handler's wait is another program holding
	// the database: no retry (each would wait busy_timeout again, minutes
	// in all), but a Turkish message.
	for wait := 10 * time.Millisecond; isBusy(err) && time.Since(start) < time.Second && wait < 5*time.Second; wait *= 2 {
		select {
		case <-ctx.Done():
		case <-time.After(wait):
		}
		if ctx.Err() != nil {
			break
		}
		start = time.Now()
		s, err = open(ctx, path)
	}
	if isBusy(err) {
		err = fmt.Errorf("veritabanı %s başka bir program tarafından kilitli tutuluyor (10 saniye beklendi); o program bitince yeniden deneyin: %w", path, err)
	} else if why := openProblem(err); why != "" {
		err = fmt.Errorf("veritabanı %s %s: %w", path, why, err)
	}
	if err != nil {
		lock.unlock()
		return nil, err
	}
	s.lock = lock
	s.path = path
	if s.file, err = os.Stat(path); err != nil {
		s.Close()
		return nil, fmt.Errorf("veritabanı %s okunamıyor: %w", path, err)
	}
	return s, nil
}

// createPrivate creates the database file at path, empty and mode 0600,
// when there is none: it holds the accounts' password hashes and TOTP
// secrets, and SQLite would create it with the umask's mode (0644). SQLite
// gives its -wal, -shm and -journal files the database file's mode. An
// existing file is left as it is; an error is left to SQLite's own
// (a read-only folder, a missing right), which Open words.
func createPrivate(path string) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return nil
	}
	return f.Close()
}

// notForeign refuses an existing SQLite file of another program (tables,
// none of them Kesim's): --db may name the wrong file, and opening it would
// add Kesim's tables and switch it to WAL. It is read read-only; a file it
// cannot read is left to Open's own errors.
func notForeign(ctx context.Context, path string) error {
	if info, err := os.Stat(path); err != nil || info.Size() == 0 {
		return nil
	}
	db, err := openReadOnly(path)
	if err != nil {
		return nil
	}
	defer db.Close()
	var ours, others int
	if err := db.QueryRowContext(ctx, `SELECT
		COUNT(*) FILTER (WHERE name = 'schema_migrations'),
		COUNT(*) FILTER (WHERE name <> 'schema_migrations' AND name NOT LIKE 'sqlite\_%' ESCAPE '\')
		FROM sqlite_master WHERE type = 'table'`).Scan(&ours, &others); err != nil {
		return nil
	}
	if ours == 0 && others > 0 {
		return fmt.Errorf("veritabanı %s başka bir programın (Kesim tablosu yok, başka tablolar var): dokunulmadı; --db ile Kesim'in dosyasını verin", path)
	}
	return nil
}

// openProblem says in Turkish what SQLite's err on opening a database
// means for the user, or "" for another error.
func openProblem(err error) string {
	var e *sqlite.Error
	if !errors.As(err, &e) {
		return ""
	}
	switch e.Code() & 0xff {
	case sqlite3.SQLITE_READONLY:
		return "yazılamıyor: dosya ya da klasörü salt okunur (izinleri denetleyin)"
	case sqlite3.SQLITE_NOTADB:
		return "bir SQLite veritabanı değil: --db başka bir dosyayı gösteriyor olabilir"
	case sqlite3.SQLITE_CORRUPT:
		return "bozuk: bir yedekten geri yükleyin (kesim restore)"
	case sqlite3.SQLITE_CANTOPEN:
		return "açılamıyor: yol bir klasör ya da izin yok"
	case sqlite3.SQLITE_IOERR:
		return "okunurken ya da yazılırken disk hatası oldu"
	case sqlite3.SQLITE_FULL:
		return "yazılamıyor: disk dolu"
	}
	return ""
}

// isBusy reports whether err is SQLite's "database is locked".
func isBusy(err error) bool {
	var e *sqlite.Error
	return errors.As(err, &e) && e.Code()&0xff == sqlite3.SQLITE_BUSY
}

// open opens the database at path for Open, which holds its lock.
func open(ctx context.Context, path string) (*Store, error) {
	write, err := sql.Open("sqlite", path+"?"+pragmas+"&_pragma=journal_mode(WAL)&_txlock=immediate")
	if err != nil {
		return nil, fmt.Errorf("sqlite: open %s: %w", path, err)
	}
	write.SetMaxOpenConns(1)
	write.SetMaxIdleConns(1)
	write.SetConnMaxLifetime(0)
	write.SetConnMaxIdleTime(0)
	s := &Store{write: write}
	// The write connection sets WAL mode (a property of the file) before any
	// reader opens it.
	if err := s.migrate(ctx); err != nil {
		write.Close()
		return nil, err
	}
	read, err := sql.Open("sqlite", path+"?"+pragmas+"&_pragma=query_only(1)")
	if err != nil {
		write.Close()
		return nil, fmt.Errorf("sqlite: open %s: %w", path, err)
	}
	n := max(4, runtime.NumCPU())
	read.SetMaxOpenConns(n)
	read.SetMaxIdleConns(n)
	s.read = read
	return s, nil
}

// migrate runs the embedded migrations that the database has not run yet,
// each in its own transaction.
func (s *Store) migrate(ctx context.Context) error {
	sub, err := fs.Sub(migrationFiles, "migrations")
	if err != nil {
		return err
	}
	migrations, err := store.Migrations(sub)
	if err != nil {
		return err
	}
	if _, err := s.write.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
		version    INTEGER PRIMARY KEY,
		applied_at INTEGER NOT NULL
	)`); err != nil {
		return fmt.Errorf("sqlite: create schema_migrations: %w", err)
	}
	for _, m := range migrations {
		if err := s.migrateOne(ctx, m, len(migrations)); err != nil {
			return err
		}
	}
	// A database with no migration to run still needs the version check.
	return s.migrateOne(ctx, store.Migration{}, len(migrations))
}

// migrateOne runs m unless the database already has it; with a zero m it
// only checks the version. The check is inside the (IMMEDIATE) transaction,
// so two processes starting at once do not both run m.
func (s *Store) migrateOne(ctx context.Context, m store.Migration, known int) error {
	tx, err := s.write.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("sqlite: begin migration: %w", err)
	}
	defer tx.Rollback()
	var current int
	if err := tx.QueryRowContext(ctx, `SELECT COALESCE(MAX(version), 0) FROM schema_migrations`).Scan(&current); err != nil {
		return fmt.Errorf("sqlite: read schema version: %w", err)
	}
	if current > known {
		return &store.SchemaTooNewError{Database: current, Known: known}
	}
	if m.Version == 0 || m.Version <= current {
		return nil
	}
	if _, err := tx.ExecContext(ctx, m.SQL); err != nil {
		return fmt.Errorf("sqlite: migration %s: %w", m.Name, err)
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)`,
		m.Version, time.Now().UTC().UnixMicro()); err != nil {
		return fmt.Errorf("sqlite: record migration %s: %w", m.Name, err)
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("sqlite: commit migration %s: %w", m.Name, err)
	}
	return nil
}

// Driver returns "sqlite".
func (s *Store) Driver() string { return "sqlite" }

// Ping reports whether the database file is still the one opened (here)
// and answers a query.
func (s *Store) Ping(ctx context.Context) error {
	if err := s.here(); err != nil {
		return err
	}
	var one int
	if err := s.read.QueryRowContext(ctx, `SELECT 1`).Scan(&one); err != nil {
		return wrap("sqlite: ping", err)
	}
	return nil
}

// Close closes the database. A write that has returned is already durable.
func (s *Store) Close() error {
	return errors.Join(s.read.Close(), s.write.Close(), s.lock.unlock())
}

// ownerWhere is the condition selecting the owner's rows and its arguments.
func ownerWhere(owner store.Owner) (string, []any) {
	if id, ok := owner.UserID(); ok {
		return "user_id = ?", []any{id}
	}
	return "user_id IS NULL", nil
}

// layoutWhere is ownerWhere for saved_layouts: for a store.Floor owner,
// only a layout that is not planned.
func layoutWhere(owner store.Owner) (string, []any) {
	where, args := ownerWhere(owner)
	if owner.OnFloor() {
		where += " AND state <> '" + store.StatePlanned + "'"
	}
	return where, args
}

func micros(t time.Time) int64 { return t.UnixMicro() }

func fromMicros(us int64) time.Time { return time.UnixMicro(us).UTC() }
