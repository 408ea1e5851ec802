// Package postgres is the store for a PostgreSQL server (or a
// PostgreSQL-compatible cluster) through pgx, for a company that runs
// several Kesim servers on one database.
package postgres

import (
	"context"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"kesim/internal/store"
)

//go:embed migrations/*.sql
var migrationFiles embed.FS

// Store is a store.Store on a PostgreSQL database.
type Store struct {
	pool  *pgxpool.Pool
	clock store.Clock
}

var _ store.Store = (*Store)(nil)

// Open connects to the database at url (postgres://...) and brings its
// schema up to date. The tables live in the first schema of the search_path,
// which the URL may set (search_path=...). It refuses a database whose
// schema is newer than this binary knows, with a *store.SchemaTooNewError.
func Open(ctx context.Context, url string) (*Store, error) {
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		// The error may quote the URL and its password: say only what failed.
		return nil, fmt.Errorf("PostgreSQL veritabanı adresi okunamadı: postgres://kullanıcı:şifre@sunucu:5432/veritabanı biçiminde yazın")
	}
	// A statement waits for another's lock (a psql session holding a
	// table, a stuck writer) at most lockTimeout and answers 409 "çakıştı"
	// (lock_not_available) instead of holding the request and its
	// connection for ever; none runs longer than statementTimeout. The URL
	// may set either (…?lock_timeout=2s).
	for name, value := range map[string]string{"lock_timeout": lockTimeout, "statement_timeout": statementTimeout} {
		if _, ok := cfg.ConnConfig.RuntimeParams[name]; !ok {
			cfg.ConnConfig.RuntimeParams[name] = value
		}
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("postgres: connect: %w", err)
	}
	s := &Store{pool: pool}
	if err := s.migrate(ctx); err != nil {
		pool.Close()
		return nil, connectProblem(err)
	}
	return s, nil
}

// connectProblem says in Turkish why the first connection, made by the
// migrations, failed (a server not running yet, a wrong password, a
// database not created), with pgx's words after it; another error is
// returned as it is. pgx's words name the user, database and address,
// never the password.
func connectProblem(err error) error {
	var ce *pgconn.ConnectError
	if !errors.As(err, &ce) {
		return err
	}
	why := "sunucu yanıt vermiyor ya da bağlantıyı reddediyor; PostgreSQL'in çalıştığını, adresini ve kapısını (port) denetleyin"
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		switch pe.Code {
		case "28P01", "28000": // invalid_password, invalid_authorization_specification
			why = "kullanıcı adı ya da şifre kabul edilmedi (ya da sunucunun pg_hba.conf'u bu bağlantıya izin vermiyor)"
		case "3D000": // invalid_catalog_name
			why = "adresteki veritabanı sunucuda yok; önce açın (createdb)"
		case "53300", "57P03": // too_many_connections, cannot_connect_now
			why = "sunucu şu an bağlantı kabul etmiyor (bağlantıları dolu ya da açılıyor); biraz sonra yeniden deneyin"
		}
	}
	return fmt.Errorf("PostgreSQL veritabanına bağlanılamadı: %s: %w", why, err)
}

// The session's lock_timeout and statement_timeout unless the URL sets
// them (Open); a migration sets neither (it may wait for another server's).
// A lock is legitimately held as long as a transaction verifies a big
// re-plan within it (seconds; ReplaceLayout), and a tick waiting behind it
// must still be taken: lockTimeout leaves it a minute.
const (
	lockTimeout      = "60s"
	statementTimeout = "60s"
)

// migrate runs the embedded migrations that the database has not run yet,
// each in its own transaction. An advisory lock per schema keeps servers
// that start at once from running the same migration twice.
func (s *Store) migrate(ctx context.Context) error {
	sub, err := fs.Sub(migrationFiles, "migrations")
	if err != nil {
		return err
	}
	migrations, err := store.Migrations(sub)
	if err != nil {
		return err
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
// only checks the version.
func (s *Store) migrateOne(ctx context.Context, m store.Migration, known int) error {
	return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		// Another server's migration, or a migration of many rows, takes
		// what it takes.
		if _, err := tx.Exec(ctx, `SET LOCAL lock_timeout = 0; SET LOCAL statement_timeout = 0`); err != nil {
			return fmt.Errorf("postgres: migration time limits: %w", err)
		}
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtext('kesim_migrate:' || current_schema()))`); err != nil {
			return fmt.Errorf("postgres: lock for migration: %w", err)
		}
		if _, err := tx.Exec(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
			version    INTEGER     PRIMARY KEY,
			applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
		)`); err != nil {
			return fmt.Errorf("postgres: create schema_migrations: %w", err)
		}
		var current int
		if err := tx.QueryRow(ctx, `SELECT COALESCE(MAX(version), 0) FROM schema_migrations`).Scan(&current); err != nil {
			return fmt.Errorf("postgres: read schema version: %w", err)
		}
		if current > known {
			return &store.SchemaTooNewError{Database: current, Known: known}
		}
		if m.Version == 0 || m.Version <= current {
			return nil
		}
		if _, err := tx.Exec(ctx, m.SQL); err != nil {
			return fmt.Errorf("postgres: migration %s: %w", m.Name, err)
		}
		if _, err := tx.Exec(ctx, `INSERT INTO schema_migrations (version) VALUES ($1)`, m.Version); err != nil {
			return fmt.Errorf("postgres: record migration %s: %w", m.Name, err)
		}
		return nil
	})
}

// Driver returns "postgres".
func (s *Store) Driver() string { return "postgres" }

// Ping reports whether the server answers.
func (s *Store) Ping(ctx context.Context) error {
	if err := s.pool.Ping(ctx); err != nil {
		return wrap("postgres: ping", err)
	}
	return nil
}

// Close closes the connections, waiting for those in use.
func (s *Store) Close() error {
	s.pool.Close()
	return nil
}

// querier is what a pool and a transaction have in common.
type querier interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

// ownerWhere is the condition selecting the owner's rows, with the owner's
// user id as parameter $n when there is one. IS NULL and = keep the
// (user_id, created_at) index usable, which IS NOT DISTINCT FROM would not.
func ownerWhere(owner store.Owner, n int) (string, []any) {
	if id, ok := owner.UserID(); ok {
		return fmt.Sprintf("user_id = $%d", n), []any{id}
	}
	return "user_id IS NULL", nil
}

// layoutWhere is ownerWhere for saved_layouts: for a store.Floor owner,
// only a layout that is not planned.
func layoutWhere(owner store.Owner, n int) (string, []any) {
	where, args := ownerWhere(owner, n)
	if owner.OnFloor() {
		where += " AND state <> '" + store.StatePlanned + "'"
	}
	return where, args
}

func utc(t time.Time) time.Time { return t.UTC() }
