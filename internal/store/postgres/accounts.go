package postgres

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"kesim/internal/apperr"
	"kesim/internal/store"
)

var _ store.Accounts = (*Store)(nil)

// HasUsers reports whether any account exists.
func (s *Store) HasUsers(ctx context.Context) (bool, error) {
	var exists bool
	if err := s.pool.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM users)`).Scan(&exists); err != nil {
		return false, wrap("postgres: count users", err)
	}
	return exists, nil
}

// CreateUser adds an account; the first one adopts the rows saved without
// a user. The table lock makes "first" exact with several servers. The
// schema's first-user lock, taken before it, waits for the transactions
// that are saving rows without a user (their trigger holds it shared, see
// migration 0008): the adoption sees their rows, and a later such insert
// sees the account and fails.
func (s *Store) CreateUser(ctx context.Context, name, hash string, admin bool) (store.Account, error) {
	u := store.Account{ID: store.NewID(), Name: name, Admin: admin, CreatedAt: s.clock.Now()}
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtext('kesim_first_user:' || current_schema()))`); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `LOCK TABLE users IN EXCLUSIVE MODE`); err != nil {
			return err
		}
		var existing bool
		if err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM users)`).Scan(&existing); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `INSERT INTO users (id, name, password_hash, admin, created_at) VALUES ($1, $2, $3, $4, $5)`,
			u.ID, u.Name, hash, admin, u.CreatedAt); err != nil {
			return err
		}
		if !existing {
			for _, table := range []string{"parts", "saved_layouts", "stock_rows", "band_codes", "offcut_settings"} {
				if _, err := tx.Exec(ctx, `UPDATE `+table+` SET user_id = $1 WHERE user_id IS NULL`, u.ID); err != nil {
					return err
				}
			}
		}
		return nil
	})
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == "23505" {
		return store.Account{}, apperr.New(apperr.Conflict, store.MsgUserExists)
	}
	if err != nil {
		return store.Account{}, wrap("postgres: create user", err)
	}
	return u, nil
}

// UserByName returns the user and the password hash.
func (s *Store) UserByName(ctx context.Context, name string) (store.Account, string, error) {
	if !store.Storable(name) {
		// PostgreSQL cannot hold such a name, and would answer an error
		// rather than no row: no user has it.
		return store.Account{}, "", apperr.New(apperr.NotFound, store.MsgUserNotFound)
	}
	var u store.Account
	var hash string
	var secret *string
	err := s.pool.QueryRow(ctx, `SELECT id, name, admin, created_at, password_hash, totp_secret FROM users WHERE name = $1`, name).
		Scan(&u.ID, &u.Name, &u.Admin, &u.CreatedAt, &hash, &secret)
	if errors.Is(err, pgx.ErrNoRows) {
		return store.Account{}, "", apperr.New(apperr.NotFound, store.MsgUserNotFound)
	}
	if err != nil {
		return store.Account{}, "", wrap("postgres: user", err)
	}
	u.CreatedAt = utc(u.CreatedAt)
	if secret != nil {
		u.TOTPSecret = *secret
	}
	return u, hash, nil
}

// Users lists every account by name.
func (s *Store) Users(ctx context.Context) ([]store.Account, error) {
	rows, err := s.pool.Query(ctx, `SELECT id, name, admin, created_at FROM users ORDER BY name`)
	if err != nil {
		return nil, wrap("postgres: users", err)
	}
	defer rows.Close()
	users := []store.Account{}
	for rows.Next() {
		var u store.Account
		if err := rows.Scan(&u.ID, &u.Name, &u.Admin, &u.CreatedAt); err != nil {
			return nil, wrap("postgres: users", err)
		}
		u.CreatedAt = utc(u.CreatedAt)
		users = append(users, u)
	}
	return users, rows.Err()
}

// SetPassword replaces the hash and ends the user's sessions.
func (s *Store) SetPassword(ctx context.Context, name, hash string) error {
	return s.userChange(ctx, name, func(tx pgx.Tx, id string) error {
		if _, err := tx.Exec(ctx, `UPDATE users SET password_hash = $1 WHERE id = $2`, hash, id); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `UPDATE session_tokens SET revoked = TRUE WHERE user_id = $1`, id)
		return err
	})
}

// SetTOTP enrols or removes the user's authenticator secret.
func (s *Store) SetTOTP(ctx context.Context, name, secret string) error {
	return s.userChange(ctx, name, func(tx pgx.Tx, id string) error {
		if _, err := tx.Exec(ctx, `UPDATE users SET totp_secret = NULLIF($1, ''), totp_last_step = NULL WHERE id = $2`, secret, id); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `UPDATE session_tokens SET revoked = TRUE WHERE user_id = $1`, id)
		return err
	})
}

// DeleteUser removes the account, its sessions and, with rows, its rows
// (store.Accounts).
func (s *Store) DeleteUser(ctx context.Context, name string, rows bool) (store.UserRows, error) {
	var owned store.UserRows
	err := s.userChange(ctx, name, func(tx pgx.Tx, id string) error {
		q := `SELECT (SELECT COUNT(*) FROM saved_layouts WHERE user_id = $1), (SELECT COUNT(*) FROM parts WHERE user_id = $1),
			(SELECT COUNT(*) FROM stock_rows WHERE user_id = $1), (SELECT COUNT(*) FROM band_codes WHERE user_id = $1)`
		if err := tx.QueryRow(ctx, q, id).Scan(&owned.Layouts, &owned.Parts, &owned.Stock, &owned.Bands); err != nil {
			return err
		}
		if owned.Any() && !rows {
			return apperr.New(apperr.Conflict, store.MsgUserHasRows)
		}
		for _, q := range []string{
			`DELETE FROM parts WHERE user_id = $1`, `DELETE FROM saved_layouts WHERE user_id = $1`,
			`DELETE FROM stock_rows WHERE user_id = $1`, `DELETE FROM band_codes WHERE user_id = $1`,
			`DELETE FROM offcut_settings WHERE user_id = $1`,
			`DELETE FROM session_tokens WHERE user_id = $1`, `DELETE FROM users WHERE id = $1`,
		} {
			if _, err := tx.Exec(ctx, q, id); err != nil {
				return err
			}
		}
		return nil
	})
	return owned, err
}

func (s *Store) userChange(ctx context.Context, name string, change func(tx pgx.Tx, id string) error) error {
	if !store.Storable(name) {
		return apperr.New(apperr.NotFound, store.MsgUserNotFound)
	}
	var missing bool
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		var id string
		err := tx.QueryRow(ctx, `SELECT id FROM users WHERE name = $1 FOR UPDATE`, name).Scan(&id)
		if errors.Is(err, pgx.ErrNoRows) {
			missing = true
			return nil
		}
		if err != nil {
			return err
		}
		return change(tx, id)
	})
	if missing {
		return apperr.New(apperr.NotFound, store.MsgUserNotFound)
	}
	if err != nil {
		return wrap("postgres: change user", err)
	}
	return nil
}

// AddTokens stores new tokens.
func (s *Store) AddTokens(ctx context.Context, tokens ...store.Token) error {
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error { return insertTokens(ctx, tx, tokens) })
	if err != nil {
		return wrap("postgres: add tokens", err)
	}
	return nil
}

func insertTokens(ctx context.Context, tx pgx.Tx, tokens []store.Token) error {
	for _, t := range tokens {
		if _, err := tx.Exec(ctx, `INSERT INTO session_tokens (token_hash, kind, family, user_id, expires_at) VALUES ($1, $2, $3, $4, $5)`,
			t.Hash, t.Kind, t.Family, t.UserID, t.Expires); err != nil {
			return err
		}
	}
	return nil
}

// TokenUser returns a valid token of the kind and its user.
func (s *Store) TokenUser(ctx context.Context, hash, kind string, now time.Time) (store.Token, store.Account, error) {
	var t store.Token
	var u store.Account
	var secret *string
	err := s.pool.QueryRow(ctx, `SELECT t.token_hash, t.kind, t.family, t.user_id, t.expires_at, t.used, t.revoked,
			u.id, u.name, u.admin, u.created_at, u.totp_secret
		FROM session_tokens t JOIN users u ON u.id = t.user_id
		WHERE t.token_hash = $1 AND t.kind = $2`, hash, kind).
		Scan(&t.Hash, &t.Kind, &t.Family, &t.UserID, &t.Expires, &t.Used, &t.Revoked, &u.ID, &u.Name, &u.Admin, &u.CreatedAt, &secret)
	if secret != nil {
		u.TOTPSecret = *secret
	}
	if errors.Is(err, pgx.ErrNoRows) {
		return store.Token{}, store.Account{}, apperr.New(apperr.NotFound, "")
	}
	if err != nil {
		return store.Token{}, store.Account{}, wrap("postgres: token", err)
	}
	if t.Revoked || t.Used || !now.Before(t.Expires) {
		return store.Token{}, store.Account{}, apperr.New(apperr.NotFound, "")
	}
	u.CreatedAt = utc(u.CreatedAt)
	return t, u, nil
}

// RotateRefresh uses a refresh token once and stores its successors.
func (s *Store) RotateRefresh(ctx context.Context, hash string, now time.Time, next ...store.Token) (store.Token, error) {
	var t store.Token
	var outcome error
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		err := tx.QueryRow(ctx, `SELECT token_hash, kind, family, user_id, expires_at, used, revoked
			FROM session_tokens WHERE token_hash = $1 AND kind = 'refresh' FOR UPDATE`, hash).
			Scan(&t.Hash, &t.Kind, &t.Family, &t.UserID, &t.Expires, &t.Used, &t.Revoked)
		switch {
		case errors.Is(err, pgx.ErrNoRows):
			outcome = apperr.New(apperr.NotFound, "")
			return nil
		case err != nil:
			return err
		case t.Used && !t.Revoked:
			outcome = store.ErrTokenReused
			_, err := tx.Exec(ctx, `UPDATE session_tokens SET revoked = TRUE WHERE family = $1`, t.Family)
			return err
		case t.Revoked || t.Used || !now.Before(t.Expires):
			outcome = apperr.New(apperr.NotFound, "")
			return nil
		}
		if _, err := tx.Exec(ctx, `UPDATE session_tokens SET used = TRUE WHERE token_hash = $1`, hash); err != nil {
			return err
		}
		for i := range next {
			next[i].Family, next[i].UserID = t.Family, t.UserID
		}
		return insertTokens(ctx, tx, next)
	})
	if err != nil {
		return store.Token{}, wrap("postgres: rotate", err)
	}
	if outcome != nil {
		return store.Token{}, outcome
	}
	return t, nil
}

// RevokeFamily ends every token of a sign-in.
func (s *Store) RevokeFamily(ctx context.Context, family string) error {
	if _, err := s.pool.Exec(ctx, `UPDATE session_tokens SET revoked = TRUE WHERE family = $1`, family); err != nil {
		return wrap("postgres: revoke", err)
	}
	return nil
}
