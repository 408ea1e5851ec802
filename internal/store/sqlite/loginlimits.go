package sqlite

import (
	"context"
	"database/sql"
	"time"

	"kesim/internal/store"
)

// RecordLoginAttempt counts a sign-in attempt under each key, if allow
// agrees with the counts so far. A first look on a read connection lets a
// refused attempt (most of a flood) go without the write lock; the write
// transaction, IMMEDIATE and so alone on the file among every process,
// then reads again and decides.
func (s *Store) RecordLoginAttempt(ctx context.Context, bucket, since time.Time, keys []string, allow func([][]store.LoginCount) bool) (bool, error) {
	counts, err := loginCounts(ctx, s.read, since, keys)
	if err != nil {
		return false, err
	}
	if !allow(counts) {
		return false, nil
	}
	tx, err := s.beginWrite(ctx)
	if err != nil {
		return false, wrap("sqlite: begin", err)
	}
	defer tx.Rollback()
	if counts, err = loginCounts(ctx, tx, since, keys); err != nil {
		return false, err
	}
	if !allow(counts) {
		return false, nil
	}
	for _, k := range keys {
		if _, err := tx.ExecContext(ctx, `INSERT INTO login_counts (key, bucket, n) VALUES (?, ?, 1)
			ON CONFLICT (key, bucket) DO UPDATE SET n = n + 1`, k, micros(bucket)); err != nil {
			return false, wrap("sqlite: count login attempt", err)
		}
	}
	if err := s.commit(tx); err != nil {
		return false, wrap("sqlite: commit", err)
	}
	return true, nil
}

// queryer is what a pool and a transaction have in common for reading.
type queryer interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

// loginCounts returns each key's non-zero buckets since a time, oldest
// first.
func loginCounts(ctx context.Context, db queryer, since time.Time, keys []string) ([][]store.LoginCount, error) {
	counts := make([][]store.LoginCount, len(keys))
	for i, k := range keys {
		rows, err := db.QueryContext(ctx, `SELECT bucket, n FROM login_counts WHERE key = ? AND bucket >= ? AND n > 0 ORDER BY bucket`, k, micros(since))
		if err != nil {
			return nil, wrap("sqlite: login counts", err)
		}
		for rows.Next() {
			var c store.LoginCount
			var b int64
			if err := rows.Scan(&b, &c.N); err != nil {
				rows.Close()
				return nil, wrap("sqlite: login counts", err)
			}
			c.Bucket = fromMicros(b)
			counts[i] = append(counts[i], c)
		}
		if err := rows.Close(); err != nil {
			return nil, wrap("sqlite: login counts", err)
		}
		if err := rows.Err(); err != nil {
			return nil, wrap("sqlite: login counts", err)
		}
	}
	return counts, nil
}

// ForgetLoginAttempt takes one attempt back from each key's bucket; a
// bucket that reaches zero goes.
func (s *Store) ForgetLoginAttempt(ctx context.Context, bucket time.Time, keys ...string) error {
	tx, err := s.beginWrite(ctx)
	if err != nil {
		return wrap("sqlite: begin", err)
	}
	defer tx.Rollback()
	for _, k := range keys {
		if _, err := tx.ExecContext(ctx, `UPDATE login_counts SET n = n - 1 WHERE key = ? AND bucket = ? AND n > 0`, k, micros(bucket)); err != nil {
			return wrap("sqlite: forget login attempt", err)
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM login_counts WHERE key = ? AND bucket = ? AND n <= 0`, k, micros(bucket)); err != nil {
			return wrap("sqlite: forget login attempt", err)
		}
	}
	if err := s.commit(tx); err != nil {
		return wrap("sqlite: commit", err)
	}
	return nil
}

// ClearLoginFailures forgets the keys' counts.
func (s *Store) ClearLoginFailures(ctx context.Context, keys ...string) error {
	tx, err := s.beginWrite(ctx)
	if err != nil {
		return wrap("sqlite: begin", err)
	}
	defer tx.Rollback()
	for _, k := range keys {
		if _, err := tx.ExecContext(ctx, `DELETE FROM login_counts WHERE key = ?`, k); err != nil {
			return wrap("sqlite: clear login failures", err)
		}
	}
	if err := s.commit(tx); err != nil {
		return wrap("sqlite: commit", err)
	}
	return nil
}

// Prune deletes expired tokens and old counts.
func (s *Store) Prune(ctx context.Context, now, failuresBefore time.Time) error {
	if _, err := s.execWrite(ctx, `DELETE FROM session_tokens WHERE expires_at < ?`, micros(now)); err != nil {
		return wrap("sqlite: prune tokens", err)
	}
	if _, err := s.execWrite(ctx, `DELETE FROM login_counts WHERE bucket < ?`, micros(failuresBefore)); err != nil {
		return wrap("sqlite: prune login counts", err)
	}
	return nil
}

// UseTOTPStep accepts a TOTP step once per user.
func (s *Store) UseTOTPStep(ctx context.Context, userID string, step int64) (bool, error) {
	res, err := s.execWrite(ctx, `UPDATE users SET totp_last_step = ? WHERE id = ? AND (totp_last_step IS NULL OR totp_last_step < ?)`, step, userID, step)
	if err != nil {
		return false, wrap("sqlite: totp step", err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, wrap("sqlite: totp step", err)
	}
	return n == 1, nil
}
