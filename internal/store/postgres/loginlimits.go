package postgres

import (
	"context"
	"slices"
	"time"

	"github.com/jackc/pgx/v5"

	"kesim/internal/store"
)

// loginLockClass is the first half of the advisory locks that make the
// counts of one key change one transaction at a time.
const loginLockClass = 0x6b73 // "ks"

// lockLoginKeys takes the transaction's advisory lock of each key, in one
// order everywhere so that two transactions never wait for each other.
func lockLoginKeys(ctx context.Context, tx pgx.Tx, keys []string) error {
	sorted := slices.Sorted(slices.Values(keys))
	for _, k := range sorted {
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock($1, hashtext(current_schema() || ':' || $2))`, loginLockClass, k); err != nil {
			return err
		}
	}
	return nil
}

// loginCounts returns each key's non-zero buckets since a time, oldest
// first.
func loginCounts(ctx context.Context, q interface {
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
}, since time.Time, keys []string) ([][]store.LoginCount, error) {
	rows, err := q.Query(ctx, `SELECT key, bucket, n FROM login_counts WHERE key = ANY($1) AND bucket >= $2 AND n > 0 ORDER BY bucket`, keys, since)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	counts := make([][]store.LoginCount, len(keys))
	for rows.Next() {
		var k string
		var c store.LoginCount
		if err := rows.Scan(&k, &c.Bucket, &c.N); err != nil {
			return nil, err
		}
		c.Bucket = utc(c.Bucket)
		if i := slices.Index(keys, k); i >= 0 {
			counts[i] = append(counts[i], c)
		}
	}
	return counts, rows.Err()
}

// RecordLoginAttempt counts a sign-in attempt under each key, if allow
// agrees with the counts so far. A first look without locks lets a refused
// attempt (most of a flood) go cheaply; the transaction then locks the keys,
// reads again and decides.
func (s *Store) RecordLoginAttempt(ctx context.Context, bucket, since time.Time, keys []string, allow func([][]store.LoginCount) bool) (bool, error) {
	counts, err := loginCounts(ctx, s.pool, since, keys)
	if err != nil {
		return false, wrap("postgres: login counts", err)
	}
	if !allow(counts) {
		return false, nil
	}
	allowed := false
	err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if err := lockLoginKeys(ctx, tx, keys); err != nil {
			return err
		}
		counts, err := loginCounts(ctx, tx, since, keys)
		if err != nil {
			return err
		}
		if allowed = allow(counts); !allowed {
			return nil
		}
		_, err = tx.Exec(ctx, `INSERT INTO login_counts (key, bucket, n) SELECT k, $2, 1 FROM unnest($1::text[]) AS k
			ON CONFLICT (key, bucket) DO UPDATE SET n = login_counts.n + 1`, keys, bucket)
		return err
	})
	if err != nil {
		return false, wrap("postgres: count login attempt", err)
	}
	return allowed, nil
}

// ForgetLoginAttempt takes one attempt back from each key's bucket; a
// bucket that reaches zero goes.
func (s *Store) ForgetLoginAttempt(ctx context.Context, bucket time.Time, keys ...string) error {
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if err := lockLoginKeys(ctx, tx, keys); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE login_counts SET n = n - 1 WHERE key = ANY($1) AND bucket = $2 AND n > 0`, keys, bucket); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `DELETE FROM login_counts WHERE key = ANY($1) AND bucket = $2 AND n <= 0`, keys, bucket)
		return err
	})
	if err != nil {
		return wrap("postgres: forget login attempt", err)
	}
	return nil
}

// ClearLoginFailures forgets the keys' counts.
func (s *Store) ClearLoginFailures(ctx context.Context, keys ...string) error {
	if _, err := s.pool.Exec(ctx, `DELETE FROM login_counts WHERE key = ANY($1)`, keys); err != nil {
		return wrap("postgres: clear login failures", err)
	}
	return nil
}

// Prune deletes expired tokens and old counts.
func (s *Store) Prune(ctx context.Context, now, failuresBefore time.Time) error {
	if _, err := s.pool.Exec(ctx, `DELETE FROM session_tokens WHERE expires_at < $1`, now); err != nil {
		return wrap("postgres: prune tokens", err)
	}
	if _, err := s.pool.Exec(ctx, `DELETE FROM login_counts WHERE bucket < $1`, failuresBefore); err != nil {
		return wrap("postgres: prune login counts", err)
	}
	return nil
}

// UseTOTPStep accepts a TOTP step once per user.
func (s *Store) UseTOTPStep(ctx context.Context, userID string, step int64) (bool, error) {
	tag, err := s.pool.Exec(ctx, `UPDATE users SET totp_last_step = $2 WHERE id = $1 AND (totp_last_step IS NULL OR totp_last_step < $2)`, userID, step)
	if err != nil {
		return false, wrap("postgres: totp step", err)
	}
	return tag.RowsAffected() == 1, nil
}
