package postgres

import (
	"context"
	"errors"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"kesim/internal/apperr"
	"kesim/internal/store"
)

// refusal returns the kind of a PostgreSQL error that a user's request
// can cause (store.Refusal), by its SQLSTATE; 0 for any other error, which
// is a server fault. A NOT NULL violation or a malformed cast is the
// code's own mistake, never the user's, and stays internal.
func refusal(err error) store.Refusal {
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return 0 // the request's own end (a client that left): not the database's
	}
	var pe *pgconn.PgError
	if !errors.As(err, &pe) {
		// No connection to be had: the server down or unreachable.
		var ce *pgconn.ConnectError
		if errors.As(err, &ce) {
			return store.RefusedUnavailable
		}
		return 0
	}
	if strings.HasPrefix(pe.Code, "08") { // connection_exception
		return store.RefusedUnavailable
	}
	switch pe.Code {
	case "53300", "57P01", "57P02", "57P03", "55000", "57014":
		// too_many_connections; admin_shutdown (a connection terminated),
		// crash_shutdown, cannot_connect_now; a database closed to
		// connections (object_not_in_prerequisite_state at connect);
		// query_canceled (statement_timeout)
		return store.RefusedUnavailable
	case "53100": // disk_full
		return store.RefusedFull
	case "25006": // read_only_sql_transaction (a standby, default_transaction_read_only)
		return store.RefusedReadOnly
	case "23505": // unique_violation
		return store.RefusedDuplicate
	case "23503": // foreign_key_violation
		return store.RefusedGone
	case "22001", "22003", "23514", "54000": // string_data_right_truncation, numeric_value_out_of_range, check_violation, program_limit_exceeded
		return store.RefusedValue
	case "22021", "22P05": // character_not_in_repertoire (NUL, invalid UTF-8), untranslatable_character (\u0000 in JSONB)
		return store.RefusedText
	case "40001", "40P01", "55P03": // serialization_failure, deadlock_detected, lock_not_available
		return store.RefusedRetry
	}
	return 0
}

// cause describes a refusal for the log (store.RefusalError): its
// SQLSTATE and the constraint, table, column and type PostgreSQL names,
// never its message, which may quote the value refused ("value \"…\" is
// out of range").
func cause(err error) string {
	var pe *pgconn.PgError
	if !errors.As(err, &pe) {
		return ""
	}
	s := "SQLSTATE " + pe.Code
	for _, f := range []struct{ name, value string }{
		{"constraint", pe.ConstraintName}, {"table", pe.TableName}, {"column", pe.ColumnName}, {"type", pe.DataTypeName},
	} {
		if f.value != "" {
			s += " " + f.name + " " + f.value
		}
	}
	return s
}

// refusals tells the database's refusals of what a user sent.
var refusals = store.Refusals{Kind: refusal, Cause: cause}

// wrap is apperr.Wrap for the failure of op, or the user's error for a
// refusal (store.Refusals.Wrap).
func wrap(op string, err error) error { return refusals.Wrap(op, err) }

// saveError is store.SaveError for a failed write by op, or the user's
// error for a refusal (store.Refusals.SaveError).
func saveError(op string, err error) error { return refusals.SaveError(op, err) }

// txAttempts is how many times inTx runs a transaction that lost to
// another (a serialization failure, a deadlock): under READ COMMITTED they
// are rare, but a PostgreSQL-compatible cluster that runs SERIALIZABLE
// (CockroachDB, YugabyteDB) asks its clients to retry.
const txAttempts = 3

// inTx runs fn in a transaction, again (up to txAttempts in all) when the
// database aborted it in favour of another; an *apperr.Error it returns
// that is not Internal (NotFound, Conflict, Invalid) comes back as it is,
// anything else as a saveError of op.
func (s *Store) inTx(ctx context.Context, op string, fn func(tx pgx.Tx) error) error {
	return runTx(ctx, op, func() error { return pgx.BeginFunc(ctx, s.pool, fn) })
}

// runTx is inTx's loop around one run of the transaction.
func runTx(ctx context.Context, op string, run func() error) error {
	var err error
	for attempt := 1; ; attempt++ {
		err = run()
		if attempt >= txAttempts || ctx.Err() != nil || refusal(err) != store.RefusedRetry {
			break
		}
	}
	var ae *apperr.Error
	if err == nil || errors.As(err, &ae) && ae.Code != apperr.Internal {
		return err
	}
	return saveError(op, err)
}
