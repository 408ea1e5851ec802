package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"time"

	"kesim/internal/apperr"
	"kesim/internal/store"
)

var _ store.Accounts = (*Store)(nil)

// HasUsers reports whether any account exists.
func (s *Store) HasUsers(ctx context.Context) (bool, error) {
	var n int
	if err := s.read.QueryRowContext(ctx, `SELECT COUNT(*) FROM (SELECT 1 FROM users LIMIT 1)`).Scan(&n); err != nil {
		return false, wrap("sqlite: count users", err)
	}
	return n > 0, nil
}

// CreateUser adds an account; the first one adopts the rows saved without
// a user. The transaction is IMMEDIATE (the only writer on the file, of any
// process) from the count to the adoption, and migration 0008 refuses rows
// without a user once an account exists: no such row can slip in between.
func (s *Store) CreateUser(ctx context.Context, name, hash string, admin bool) (store.Account, error) {
	u := store.Account{ID: store.NewID(), Name: name, Admin: admin, CreatedAt: s.clock.Now()}
	tx, err := s.beginWrite(ctx)
	if err != nil {
		return store.Account{}, wrap("sqlite: begin", err)
	}
	defer tx.Rollback()
	var existing int
	if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM users`).Scan(&existing); err != nil {
		return store.Account{}, wrap("sqlite: count users", err)
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO users (id, name, password_hash, admin, created_at) VALUES (?, ?, ?, ?, ?)`,
		u.ID, u.Name, hash, admin, micros(u.CreatedAt)); err != nil {
		if strings.Contains(err.Error(), "UNIQUE") {
			return store.Account{}, apperr.New(apperr.Conflict, store.MsgUserExists)
		}
		return store.Account{}, wrap("sqlite: create user", err)
	}
	if existing == 0 {
		for _, table := range []string{"parts", "saved_layouts", "stock_rows", "band_codes", "offcut_settings"} {
			if _, err := tx.ExecContext(ctx, `UPDATE `+table+` SET user_id = ? WHERE user_id IS NULL`, u.ID); err != nil {
				return store.Account{}, wrap("sqlite: adopt rows", err)
			}
		}
	}
	if err := s.commit(tx); err != nil {
		return store.Account{}, wrap("sqlite: commit", err)
	}
	return u, nil
}

// UserByName returns the user and the password hash.
func (s *Store) UserByName(ctx context.Context, name string) (store.Account, string, error) {
	var u store.Account
	var hash string
	var secret sql.NullString
	var created int64
	err := s.read.QueryRowContext(ctx, `SELECT id, name, admin, created_at, password_hash, totp_secret FROM users WHERE name = ?`, name).
		Scan(&u.ID, &u.Name, &u.Admin, &created, &hash, &secret)
	if errors.Is(err, sql.ErrNoRows) {
		return store.Account{}, "", apperr.New(apperr.NotFound, store.MsgUserNotFound)
	}
	if err != nil {
		return store.Account{}, "", wrap("sqlite: user", err)
	}
	u.CreatedAt = fromMicros(created)
	u.TOTPSecret = secret.String
	return u, hash, nil
}

// Users lists every account by name.
func (s *Store) Users(ctx context.Context) ([]store.Account, error) {
	rows, err := s.read.QueryContext(ctx, `SELECT id, name, admin, created_at FROM users ORDER BY name`)
	if err != nil {
		return nil, wrap("sqlite: users", err)
	}
	defer rows.Close()
	users := []store.Account{}
	for rows.Next() {
		var u store.Account
		var created int64
		if err := rows.Scan(&u.ID, &u.Name, &u.Admin, &created); err != nil {
			return nil, wrap("sqlite: users", err)
		}
		u.CreatedAt = fromMicros(created)
		users = append(users, u)
	}
	return users, rows.Err()
}

// SetPassword replaces the hash and ends the user's sessions.
func (s *Store) SetPassword(ctx context.Context, name, hash string) error {
	return s.userChange(ctx, name, func(tx *writeTx, id string) error {
		if _, err := tx.ExecContext(ctx, `UPDATE users SET password_hash = ? WHERE id = ?`, hash, id); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `UPDATE session_tokens SET revoked = 1 WHERE user_id = ?`, id)
		return err
	})
}

// SetTOTP enrols or removes the user's authenticator secret.
func (s *Store) SetTOTP(ctx context.Context, name, secret string) error {
	return s.userChange(ctx, name, func(tx *writeTx, id string) error {
		if _, err := tx.ExecContext(ctx, `UPDATE users SET totp_secret = NULLIF(?, ''), totp_last_step = NULL WHERE id = ?`, secret, id); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `UPDATE session_tokens SET revoked = 1 WHERE user_id = ?`, id)
		return err
	})
}

// DeleteUser removes the account, its sessions and, with rows, its rows
// (store.Accounts).
func (s *Store) DeleteUser(ctx context.Context, name string, rows bool) (store.UserRows, error) {
	var owned store.UserRows
	err := s.userChange(ctx, name, func(tx *writeTx, id string) error {
		q := `SELECT (SELECT COUNT(*) FROM saved_layouts WHERE user_id = ?), (SELECT COUNT(*) FROM parts WHERE user_id = ?),
			(SELECT COUNT(*) FROM stock_rows WHERE user_id = ?), (SELECT COUNT(*) FROM band_codes WHERE user_id = ?)`
		if err := tx.QueryRowContext(ctx, q, id, id, id, id).Scan(&owned.Layouts, &owned.Parts, &owned.Stock, &owned.Bands); err != nil {
			return err
		}
		if owned.Any() && !rows {
			return apperr.New(apperr.Conflict, store.MsgUserHasRows)
		}
		for _, q := range []string{
			`DELETE FROM parts WHERE user_id = ?`, `DELETE FROM saved_layouts WHERE user_id = ?`,
			`DELETE FROM stock_rows WHERE user_id = ?`, `DELETE FROM band_codes WHERE user_id = ?`,
			`DELETE FROM offcut_settings WHERE user_id = ?`,
			`DELETE FROM session_tokens WHERE user_id = ?`, `DELETE FROM users WHERE id = ?`,
		} {
			if _, err := tx.ExecContext(ctx, q, id); err != nil {
				return err
			}
		}
		return nil
	})
	return owned, err
}

// userChange runs change on the named user in one transaction.
func (s *Store) userChange(ctx context.Context, name string, change func(tx *writeTx, id string) error) error {
	tx, err := s.beginWrite(ctx)
	if err != nil {
		return wrap("sqlite: begin", err)
	}
	defer tx.Rollback()
	var id string
	err = tx.QueryRowContext(ctx, `SELECT id FROM users WHERE name = ?`, name).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return apperr.New(apperr.NotFound, store.MsgUserNotFound)
	}
	if err != nil {
		return wrap("sqlite: user", err)
	}
	if err := change(tx, id); err != nil {
		return wrap("sqlite: change user", err)
	}
	if err := s.commit(tx); err != nil {
		return wrap("sqlite: commit", err)
	}
	return nil
}

// AddTokens stores new tokens.
func (s *Store) AddTokens(ctx context.Context, tokens ...store.Token) error {
	tx, err := s.beginWrite(ctx)
	if err != nil {
		return wrap("sqlite: begin", err)
	}
	defer tx.Rollback()
	if err := insertTokens(ctx, tx, tokens); err != nil {
		return err
	}
	if err := s.commit(tx); err != nil {
		return wrap("sqlite: commit", err)
	}
	return nil
}

func insertTokens(ctx context.Context, tx *writeTx, tokens []store.Token) error {
	for _, t := range tokens {
		if _, err := tx.ExecContext(ctx, `INSERT INTO session_tokens (token_hash, kind, family, user_id, expires_at) VALUES (?, ?, ?, ?, ?)`,
			t.Hash, t.Kind, t.Family, t.UserID, micros(t.Expires)); err != nil {
			return wrap("sqlite: add token", err)
		}
	}
	return nil
}

// TokenUser returns a valid token of the kind and its user.
func (s *Store) TokenUser(ctx context.Context, hash, kind string, now time.Time) (store.Token, store.Account, error) {
	var t store.Token
	var u store.Account
	var expires, created int64
	var secret sql.NullString
	err := s.read.QueryRowContext(ctx, `SELECT t.token_hash, t.kind, t.family, t.user_id, t.expires_at, t.used, t.revoked,
			u.id, u.name, u.admin, u.created_at, u.totp_secret
		FROM session_tokens t JOIN users u ON u.id = t.user_id
		WHERE t.token_hash = ? AND t.kind = ?`, hash, kind).
		Scan(&t.Hash, &t.Kind, &t.Family, &t.UserID, &expires, &t.Used, &t.Revoked, &u.ID, &u.Name, &u.Admin, &created, &secret)
	u.TOTPSecret = secret.String
	if errors.Is(err, sql.ErrNoRows) {
		return store.Token{}, store.Account{}, apperr.New(apperr.NotFound, "")
	}
	if err != nil {
		return store.Token{}, store.Account{}, wrap("sqlite: token", err)
	}
	t.Expires, u.CreatedAt = fromMicros(expires), fromMicros(created)
	if t.Revoked || t.Used || !now.Before(t.Expires) {
		return store.Token{}, store.Account{}, apperr.New(apperr.NotFound, "")
	}
	return t, u, nil
}

// RotateRefresh uses a refresh token once and stores its successors.
func (s *Store) RotateRefresh(ctx context.Context, hash string, now time.Time, next ...store.Token) (store.Token, error) {
	tx, err := s.beginWrite(ctx)
	if err != nil {
		return store.Token{}, wrap("sqlite: begin", err)
	}
	defer tx.Rollback()
	var t store.Token
	var expires int64
	err = tx.QueryRowContext(ctx, `SELECT token_hash, kind, family, user_id, expires_at, used, revoked
		FROM session_tokens WHERE token_hash = ? AND kind = 'refresh'`, hash).
		Scan(&t.Hash, &t.Kind, &t.Family, &t.UserID, &expires, &t.Used, &t.Revoked)
	if errors.Is(err, sql.ErrNoRows) {
		return store.Token{}, apperr.New(apperr.NotFound, "")
	}
	if err != nil {
		return store.Token{}, wrap("sqlite: token", err)
	}
	t.Expires = fromMicros(expires)
	if t.Used && !t.Revoked {
		if _, err := tx.ExecContext(ctx, `UPDATE session_tokens SET revoked = 1 WHERE family = ?`, t.Family); err != nil {
			return store.Token{}, wrap("sqlite: revoke", err)
		}
		if err := s.commit(tx); err != nil {
			return store.Token{}, wrap("sqlite: commit", err)
		}
		return store.Token{}, store.ErrTokenReused
	}
	if t.Revoked || t.Used || !now.Before(t.Expires) {
		return store.Token{}, apperr.New(apperr.NotFound, "")
	}
	if _, err := tx.ExecContext(ctx, `UPDATE session_tokens SET used = 1 WHERE token_hash = ?`, hash); err != nil {
		return store.Token{}, wrap("sqlite: use token", err)
	}
	for i := range next {
		next[i].Family, next[i].UserID = t.Family, t.UserID
	}
	if err := insertTokens(ctx, tx, next); err != nil {
		return store.Token{}, err
	}
	if err := s.commit(tx); err != nil {
		return store.Token{}, wrap("sqlite: commit", err)
	}
	return t, nil
}

// RevokeFamily ends every token of a sign-in.
func (s *Store) RevokeFamily(ctx context.Context, family string) error {
	if _, err := s.execWrite(ctx, `UPDATE session_tokens SET revoked = 1 WHERE family = ?`, family); err != nil {
		return wrap("sqlite: revoke", err)
	}
	return nil
}
