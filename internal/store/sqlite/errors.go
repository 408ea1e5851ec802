package sqlite

import (
	"errors"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"

	"kesim/internal/store"
)

// refusal returns the kind of a SQLite error that a user's request can
// cause (store.Refusal), by its extended result code, as the PostgreSQL
// driver does by SQLSTATE, so that both answer the same request alike; 0
// for any other error, a server fault. The store's validation keeps most
// of them from happening; SQLITE_BUSY is another program (a backup, the
// sqlite3 shell) holding the database past the busy timeout.
func refusal(err error) store.Refusal {
	var e *sqlite.Error
	if !errors.As(err, &e) {
		return 0
	}
	switch e.Code() {
	case sqlite3.SQLITE_CONSTRAINT_UNIQUE, sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY:
		return store.RefusedDuplicate
	case sqlite3.SQLITE_CONSTRAINT_FOREIGNKEY:
		return store.RefusedGone
	case sqlite3.SQLITE_CONSTRAINT_CHECK, sqlite3.SQLITE_TOOBIG:
		return store.RefusedValue
	}
	switch e.Code() & 0xff {
	case sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED:
		return store.RefusedRetry
	case sqlite3.SQLITE_FULL:
		return store.RefusedFull
	case sqlite3.SQLITE_READONLY:
		return store.RefusedReadOnly
	}
	return 0
}

// cause describes a refusal for the log (store.RefusalError): SQLite's
// message and extended result code ("constraint failed: UNIQUE constraint
// failed: parts.id (2067)"), which name a constraint, a table and its
// columns, never the values.
func cause(err error) string {
	var e *sqlite.Error
	if !errors.As(err, &e) {
		return ""
	}
	return e.Error()
}

// refusals tells the database's refusals of what a user sent.
var refusals = store.Refusals{Kind: refusal, Cause: cause}

// wrap is apperr.Wrap for the failure of op, or the user's error for a
// refusal (store.Refusals.Wrap).
func wrap(op string, err error) error { return refusals.Wrap(op, err) }

// saveError is store.SaveError for a failed write by op, or the user's
// error for a refusal (store.Refusals.SaveError).
// The refusal of a row without a user once an account exists (a trigger's
// RAISE, SQLITE_CONSTRAINT_TRIGGER) is store.SaveError's.
func saveError(op string, err error) error { return refusals.SaveError(op, err) }
