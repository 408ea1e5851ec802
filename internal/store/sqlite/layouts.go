package sqlite

import (
	"context"
	"database/sql"

	"kesim/internal/store"
)

// execer is what a *sql.DB and a *sql.Tx have in common.
type execer interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// ListLayouts returns the owner's layouts, newest first.
func (s *Store) ListLayouts(ctx context.Context, owner store.Owner) ([]store.Layout, error) {
	where, args := ownerWhere(owner)
	rows, err := s.read.QueryContext(ctx, `SELECT id, name, parts_data, sheet, options, created_at
		FROM saved_layouts WHERE `+where+` ORDER BY created_at DESC, id DESC`, args...)
	if err != nil {
		return nil, store.InternalError("sqlite: list layouts", err)
	}
	defer rows.Close()
	layouts := []store.Layout{}
	// RawBytes point into the driver's row buffer: no copy, and decoding
	// copies what it keeps.
	var parts, sheet, options sql.RawBytes
	for rows.Next() {
		var l store.Layout
		var created int64
		if err := rows.Scan(&l.ID, &l.Name, &parts, &sheet, &options, &created); err != nil {
			return nil, store.InternalError("sqlite: scan layout", err)
		}
		if err := store.ScanLayoutColumns(&l, parts, sheet, options); err != nil {
			return nil, store.InternalError("sqlite: layout "+l.ID, err)
		}
		l.UserID = owner.UserIDOrNil()
		l.CreatedAt = fromMicros(created)
		layouts = append(layouts, l)
	}
	if err := rows.Err(); err != nil {
		return nil, store.InternalError("sqlite: list layouts", err)
	}
	return layouts, nil
}

// CreateLayout validates in and saves it for the owner.
func (s *Store) CreateLayout(ctx context.Context, owner store.Owner, in store.LayoutInput) (store.Layout, error) {
	in, err := in.Validate()
	if err != nil {
		return store.Layout{}, err
	}
	l, err := insertLayout(ctx, s.write, &s.clock, owner, in)
	if err != nil {
		return store.Layout{}, store.InternalError("sqlite: create layout", err)
	}
	return l, nil
}

// insertLayout saves a validated layout.
func insertLayout(ctx context.Context, db execer, clock *store.Clock, owner store.Owner, in store.LayoutInput) (store.Layout, error) {
	l := store.Layout{
		ID: store.NewID(), Name: in.Name, Parts: in.Parts, Sheet: in.Sheet, Options: in.Options,
		UserID: owner.UserIDOrNil(), CreatedAt: clock.At(in.CreatedAt),
	}
	parts, sheet, options, err := store.LayoutColumns(l)
	if err != nil {
		return l, err
	}
	_, err = db.ExecContext(ctx, `INSERT INTO saved_layouts (id, name, parts_data, sheet, options, user_id, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?)`,
		l.ID, l.Name, string(parts), string(sheet), string(options), l.UserID, micros(l.CreatedAt))
	return l, err
}

// DeleteLayout deletes the owner's layout with the given id.
func (s *Store) DeleteLayout(ctx context.Context, owner store.Owner, id string) error {
	where, args := ownerWhere(owner)
	res, err := s.write.ExecContext(ctx, `DELETE FROM saved_layouts WHERE id = ? AND `+where, append([]any{id}, args...)...)
	if err != nil {
		return store.InternalError("sqlite: delete layout", err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return store.InternalError("sqlite: delete layout", err)
	} else if n == 0 {
		return store.NotFoundError(store.MsgLayoutMissing)
	}
	return nil
}
