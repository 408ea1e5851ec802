package postgres

import (
	"context"
	"errors"
	"strings"
	"testing"

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
		"23502": 0, "22P02": 0, "42P01": 0, "P0001": 0, "08006": 0,
	} {
		if got := refusal(&pgconn.PgError{Code: code}); got != want {
			t.Errorf("SQLSTATE %s: refusal %d, want %d", code, got, want)
		}
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
