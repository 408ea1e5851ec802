package postgres

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"kesim/internal/apperr"
	"kesim/internal/store"
)

// The errors PostgreSQL gives for what a user can send past the store's
// validation are the user's, with a Turkish message and a 4xx code, and
// never carry the SQL or its values to the user; any other database error
// stays internal ("Sunucu hatası", the cause for the log).
func TestRefusalsAreTheUsers(t *testing.T) {
	s := openTemp(t)
	ctx := context.Background()
	if _, err := s.pool.Exec(ctx, `INSERT INTO parts (id, name, width, height, quantity, created_at) VALUES ('x', 'Kapak', 1, 1, 1, now())`); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, sql string
		code      apperr.Code
		msg       string
		cause     string // the log's, of a refusal
	}{
		{"unique", `INSERT INTO parts (id, name, width, height, quantity, created_at) VALUES ('x', 'gizli-değer', 1, 1, 1, now())`, apperr.Conflict, store.MsgDuplicate,
			"SQLSTATE 23505 constraint parts_pkey table parts"},
		{"out of range", `INSERT INTO parts (id, name, width, height, quantity, created_at) VALUES ('y', 'gizli-değer', 100000, 1, 1, now())`, apperr.Invalid, store.MsgValueRange,
			"SQLSTATE 22003"},
		{"out of range, quoted", `SELECT '99999999999'::integer`, apperr.Invalid, store.MsgValueRange, "SQLSTATE 22003"},
		{"check", `INSERT INTO parts (id, name, width, height, quantity, created_at) VALUES ('y', 'gizli-değer', -1, 1, 1, now())`, apperr.Invalid, store.MsgValueRange,
			"SQLSTATE 23514 constraint "},
		{"NUL in JSON", `SELECT '{"id":"gizli-değer\u0000"}'::jsonb`, apperr.Invalid, store.MsgTextInvalid, "SQLSTATE 22P05"},
		{"foreign key", `INSERT INTO piece_ticks (layout_id, piece_id, ticked_at) VALUES ('gizli-değer', 'p1-0', now())`, apperr.Conflict, store.MsgGone,
			"SQLSTATE 23503 constraint "},
		{"server fault", `SELECT * FROM gizli_deger_tablosu`, apperr.Internal, apperr.MsgInternal, ""},
	} {
		_, err := s.pool.Exec(ctx, c.sql)
		if err == nil {
			t.Fatalf("%s: no error from %s", c.name, c.sql)
		}
		for _, f := range []func(string, error) error{wrap, saveError} {
			got := f("postgres: test", err)
			if apperr.CodeOf(got) != c.code || apperr.MessageOf(got) != c.msg {
				t.Errorf("%s: %v, want %s %q", c.name, got, c.code, c.msg)
			}
			if strings.Contains(apperr.MessageOf(got), "gizli") || !errors.Is(got, err) {
				t.Errorf("%s: the user reads %q (the cause must stay for the log, never in the message)", c.name, apperr.MessageOf(got))
			}
			// The log's cause names the code and what was refused, never
			// the value (99999999999 is quoted in PostgreSQL's message).
			var re *store.RefusalError
			if errors.As(got, &re) != (c.cause != "") || re != nil && (!strings.HasPrefix(re.Cause, c.cause) ||
				strings.Contains(re.Cause, "gizli") || strings.Contains(re.Cause, "99999999999")) {
				t.Errorf("%s: refusal %+v, want the cause to start %q", c.name, re, c.cause)
			}
		}
	}
	// A row without a user once an account exists stays the sign-in
	// error (the trigger's own exception is no refusal).
	if _, err := s.CreateUser(ctx, "ayse", "hash", true); err != nil {
		t.Fatal(err)
	}
	if _, err := s.CreatePart(ctx, store.Anonymous(), store.PartInput{Name: "Kapak", Width: 1, Height: 1, Quantity: 1}); apperr.CodeOf(err) != apperr.Unauthorized {
		t.Errorf("a local-mode save after the first account: %v, want unauthorized", err)
	}
}

// Each SQLSTATE a user can cause has its kind; the code's own mistakes
// (a NOT NULL, a malformed cast) stay server faults.
func TestRefusalCodes(t *testing.T) {
	for code, want := range map[string]store.Refusal{
		"23505": store.RefusedDuplicate, "23503": store.RefusedGone,
		"22001": store.RefusedValue, "22003": store.RefusedValue, "23514": store.RefusedValue, "54000": store.RefusedValue,
		"22021": store.RefusedText, "22P05": store.RefusedText,
		"40001": store.RefusedRetry, "40P01": store.RefusedRetry, "55P03": store.RefusedRetry,
		// The database out of reach or not working: 503, as /api/health.
		"08006": store.RefusedUnavailable, "08001": store.RefusedUnavailable, "53300": store.RefusedUnavailable,
		"57P01": store.RefusedUnavailable, "57P03": store.RefusedUnavailable, "55000": store.RefusedUnavailable,
		"57014": store.RefusedUnavailable, "53100": store.RefusedFull, "25006": store.RefusedReadOnly,
		"23502": 0, "22P02": 0, "42P01": 0, "P0001": 0,
	} {
		if got := refusal(&pgconn.PgError{Code: code}); got != want {
			t.Errorf("SQLSTATE %s: refusal %d, want %d", code, got, want)
		}
	}
	// A server that takes no connection at all.
	if got := refusal(fmt.Errorf("postgres: get layout: %w", &pgconn.ConnectError{})); got != store.RefusedUnavailable {
		t.Errorf("a connect error: refusal %d", got)
	}
	// The request's own end is no refusal of the database (the server
	// answers a client that left with 499).
	for _, err := range []error{context.Canceled, context.DeadlineExceeded} {
		if got := refusal(fmt.Errorf("postgres: get layout: %w", err)); got != 0 {
			t.Errorf("%v: refusal %d", err, got)
		}
	}
}

// A database that closes its doors while the server runs (ALTER DATABASE …
// ALLOW_CONNECTIONS false, the server's connections ended) is 503 with the
// Turkish message of an unreachable database, not "Sunucu hatası"; once it
// opens again the store works without a restart.
func TestDatabaseClosedIsUnavailable(t *testing.T) {
	u := schemaURL(t)
	ctx := context.Background()
	admin, err := pgx.Connect(ctx, u)
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close(ctx)
	var db string
	if err := admin.QueryRow(ctx, `SELECT current_database()`).Scan(&db); err != nil {
		t.Fatal(err)
	}
	app := "kesim_test_" + store.NewID() // the store's connections, and no one else's
	s, err := Open(ctx, u+"&application_name="+app)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if _, err := s.CreatePart(ctx, store.Anonymous(), store.PartInput{Name: "Yan", Width: 1, Height: 1, Quantity: 1}); err != nil {
		t.Fatal(err)
	}
	// Every connection of the store's pool ended by the database, as
	// pg_terminate_backend does: the next statement finds it gone.
	var ended int
	if err := admin.QueryRow(ctx, `SELECT count(*) FILTER (WHERE pg_terminate_backend(pid)) FROM pg_stat_activity WHERE datname = $1 AND application_name = $2`, db, app).Scan(&ended); err != nil || ended == 0 {
		t.Fatalf("ended %d connections: %v", ended, err)
	}
	_, err = s.CreatePart(ctx, store.Anonymous(), store.PartInput{Name: "Kapak", Width: 1, Height: 1, Quantity: 1})
	if err != nil && (apperr.CodeOf(err) != apperr.Unavailable || apperr.MessageOf(err) != apperr.MsgUnavailable) {
		t.Errorf("a save on a connection the database ended: %v (%s), want it saved or 503", err, apperr.CodeOf(err))
	}
	if _, err := s.CreatePart(ctx, store.Anonymous(), store.PartInput{Name: "Raf", Width: 1, Height: 1, Quantity: 1}); err != nil {
		t.Errorf("the next save: %v", err)
	}
}

// A writer waits for another's lock at most the URL's lock_timeout (here
// 0,2 s; 10 s by default) and is then told to try again (409), instead of
// holding the request as long as the lock is held.
func TestLockTimeout(t *testing.T) {
	u := schemaURL(t)
	ctx := context.Background()
	s, err := Open(ctx, u+"&lock_timeout=200ms")
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	holder, err := pgx.Connect(ctx, u)
	if err != nil {
		t.Fatal(err)
	}
	defer holder.Close(ctx)
	tx, err := holder.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, `LOCK TABLE parts IN ACCESS EXCLUSIVE MODE`); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	_, err = s.CreatePart(ctx, store.Anonymous(), store.PartInput{Name: "Kapak", Width: 1, Height: 1, Quantity: 1})
	if apperr.CodeOf(err) != apperr.Conflict || apperr.MessageOf(err) != store.MsgRetry {
		t.Errorf("a save behind a held lock: %v, want 409 %q", err, store.MsgRetry)
	}
	if waited := time.Since(start); waited > 20*time.Second {
		t.Errorf("waited %v", waited)
	}
}

// A transaction that lost to another (a serialization failure, a
// deadlock) is run again; one that keeps losing is a conflict that asks
// the user to try again, not "Sunucu hatası".
func TestTransactionRetried(t *testing.T) {
	ctx := context.Background()
	lost := &pgconn.PgError{Code: "40001", Message: "could not serialize access due to read/write dependencies among transactions"}
	runs := 0
	err := runTx(ctx, "postgres: test", func() error {
		runs++
		if runs < txAttempts {
			return lost
		}
		return nil
	})
	if err != nil || runs != txAttempts {
		t.Errorf("lost %d times, then committed: %v after %d runs", txAttempts-1, err, runs)
	}
	runs = 0
	err = runTx(ctx, "postgres: test", func() error {
		runs++
		return &pgconn.PgError{Code: "40P01", Message: "deadlock detected"}
	})
	if apperr.CodeOf(err) != apperr.Conflict || apperr.MessageOf(err) != store.MsgRetry || runs != txAttempts {
		t.Errorf("always losing: %v after %d runs, want conflict %q after %d", err, runs, store.MsgRetry, txAttempts)
	}
	runs = 0
	err = runTx(ctx, "postgres: test", func() error {
		runs++
		return apperr.New(apperr.NotFound, store.MsgLayoutMissing)
	})
	if apperr.CodeOf(err) != apperr.NotFound || runs != 1 {
		t.Errorf("a user's error: %v after %d runs, want it once, as it is", err, runs)
	}
	runs = 0
	err = runTx(ctx, "postgres: test", func() error {
		runs++
		return errors.New("connection reset")
	})
	if apperr.CodeOf(err) != apperr.Internal || runs != 1 {
		t.Errorf("a server fault: %v after %d runs, want internal at once", err, runs)
	}
}
