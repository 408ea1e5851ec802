package sqlite

import (
	"context"
	"time"

	"kesim/internal/store"
)

// LoginFailures counts each key's failed sign-ins since a time.
func (s *Store) LoginFailures(ctx context.Context, since time.Time, keys ...string) ([]int, error) {
	counts := make([]int, len(keys))
	for i, k := range keys {
		if err := s.read.QueryRowContext(ctx, `SELECT COUNT(*) FROM login_failures WHERE key = ? AND at >= ?`, k, micros(since)).Scan(&counts[i]); err != nil {
			return nil, store.InternalError("sqlite: login failures", err)
		}
	}
	return counts, nil
}

// AddLoginFailure records a failed sign-in under each key.
func (s *Store) AddLoginFailure(ctx context.Context, at time.Time, keys ...string) error {
	tx, err := s.write.BeginTx(ctx, nil)
	if err != nil {
		return store.InternalError("sqlite: begin", err)
	}
	defer tx.Rollback()
	for _, k := range keys {
		if _, err := tx.ExecContext(ctx, `INSERT INTO login_failures (key, at) VALUES (?, ?)`, k, micros(at)); err != nil {
			return store.InternalError("sqlite: add login failure", err)
		}
	}
	if err := tx.Commit(); err != nil {
		return store.InternalError("sqlite: commit", err)
	}
	return nil
}

// ClearLoginFailures forgets a key's failures.
func (s *Store) ClearLoginFailures(ctx context.Context, key string) error {
	if _, err := s.write.ExecContext(ctx, `DELETE FROM login_failures WHERE key = ?`, key); err != nil {
		return store.InternalError("sqlite: clear login failures", err)
	}
	return nil
}

// Prune deletes expired tokens and old failures.
func (s *Store) Prune(ctx context.Context, now, failuresBefore time.Time) error {
	if _, err := s.write.ExecContext(ctx, `DELETE FROM session_tokens WHERE expires_at < ?`, micros(now)); err != nil {
		return store.InternalError("sqlite: prune tokens", err)
	}
	if _, err := s.write.ExecContext(ctx, `DELETE FROM login_failures WHERE at < ?`, micros(failuresBefore)); err != nil {
		return store.InternalError("sqlite: prune login failures", err)
	}
	return nil
}

// UseTOTPStep accepts a TOTP step once per user.
func (s *Store) UseTOTPStep(ctx context.Context, userID string, step int64) (bool, error) {
	res, err := s.write.ExecContext(ctx, `UPDATE users SET totp_last_step = ? WHERE id = ? AND (totp_last_step IS NULL OR totp_last_step < ?)`, step, userID, step)
	if err != nil {
		return false, store.InternalError("sqlite: totp step", err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, store.InternalError("sqlite: totp step", err)
	}
	return n == 1, nil
}
