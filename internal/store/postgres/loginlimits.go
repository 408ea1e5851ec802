package postgres

import (
	"context"
	"time"

	"kesim/internal/store"
)

// LoginFailures counts each key's failed sign-ins since a time.
func (s *Store) LoginFailures(ctx context.Context, since time.Time, keys ...string) ([]int, error) {
	counts := make([]int, len(keys))
	for i, k := range keys {
		if err := s.pool.QueryRow(ctx, `SELECT COUNT(*) FROM login_failures WHERE key = $1 AND at >= $2`, k, since).Scan(&counts[i]); err != nil {
			return nil, store.InternalError("postgres: login failures", err)
		}
	}
	return counts, nil
}

// AddLoginFailure records a failed sign-in under each key.
func (s *Store) AddLoginFailure(ctx context.Context, at time.Time, keys ...string) error {
	if len(keys) == 0 {
		return nil
	}
	if _, err := s.pool.Exec(ctx, `INSERT INTO login_failures (key, at) SELECT k, $2 FROM unnest($1::text[]) AS k`, keys, at); err != nil {
		return store.InternalError("postgres: add login failure", err)
	}
	return nil
}

// ClearLoginFailures forgets a key's failures.
func (s *Store) ClearLoginFailures(ctx context.Context, key string) error {
	if _, err := s.pool.Exec(ctx, `DELETE FROM login_failures WHERE key = $1`, key); err != nil {
		return store.InternalError("postgres: clear login failures", err)
	}
	return nil
}

// Prune deletes expired tokens and old failures.
func (s *Store) Prune(ctx context.Context, now, failuresBefore time.Time) error {
	if _, err := s.pool.Exec(ctx, `DELETE FROM session_tokens WHERE expires_at < $1`, now); err != nil {
		return store.InternalError("postgres: prune tokens", err)
	}
	if _, err := s.pool.Exec(ctx, `DELETE FROM login_failures WHERE at < $1`, failuresBefore); err != nil {
		return store.InternalError("postgres: prune login failures", err)
	}
	return nil
}

// UseTOTPStep accepts a TOTP step once per user.
func (s *Store) UseTOTPStep(ctx context.Context, userID string, step int64) (bool, error) {
	tag, err := s.pool.Exec(ctx, `UPDATE users SET totp_last_step = $2 WHERE id = $1 AND (totp_last_step IS NULL OR totp_last_step < $2)`, userID, step)
	if err != nil {
		return false, store.InternalError("postgres: totp step", err)
	}
	return tag.RowsAffected() == 1, nil
}
