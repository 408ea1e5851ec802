package postgres

import (
	"context"

	"kesim/internal/store"
)

// ListLayouts returns the owner's layouts, newest first.
func (s *Store) ListLayouts(ctx context.Context, owner store.Owner) ([]store.Layout, error) {
	where, args := ownerWhere(owner, 1)
	rows, err := s.pool.Query(ctx, `SELECT id, name, parts_data::text, sheet::text, options::text, created_at
		FROM saved_layouts WHERE `+where+` ORDER BY created_at DESC, id DESC`, args...)
	if err != nil {
		return nil, store.InternalError("postgres: list layouts", err)
	}
	defer rows.Close()
	layouts := []store.Layout{}
	var parts, sheet, options []byte
	for rows.Next() {
		var l store.Layout
		if err := rows.Scan(&l.ID, &l.Name, &parts, &sheet, &options, &l.CreatedAt); err != nil {
			return nil, store.InternalError("postgres: scan layout", err)
		}
		if err := store.ScanLayoutColumns(&l, parts, sheet, options); err != nil {
			return nil, store.InternalError("postgres: layout "+l.ID, err)
		}
		l.UserID = owner.UserIDOrNil()
		l.CreatedAt = utc(l.CreatedAt)
		layouts = append(layouts, l)
	}
	if err := rows.Err(); err != nil {
		return nil, store.InternalError("postgres: list layouts", err)
	}
	return layouts, nil
}

// CreateLayout validates in and saves it for the owner.
func (s *Store) CreateLayout(ctx context.Context, owner store.Owner, in store.LayoutInput) (store.Layout, error) {
	in, err := in.Validate()
	if err != nil {
		return store.Layout{}, err
	}
	l, err := insertLayout(ctx, s.pool, &s.clock, owner, in)
	if err != nil {
		return store.Layout{}, store.InternalError("postgres: create layout", err)
	}
	return l, nil
}

// insertLayout saves a validated layout.
func insertLayout(ctx context.Context, db querier, clock *store.Clock, owner store.Owner, in store.LayoutInput) (store.Layout, error) {
	l := store.Layout{
		ID: store.NewID(), Name: in.Name, Parts: in.Parts, Sheet: in.Sheet, Options: in.Options,
		UserID: owner.UserIDOrNil(), CreatedAt: clock.At(in.CreatedAt),
	}
	parts, sheet, options, err := store.LayoutColumns(l)
	if err != nil {
		return l, err
	}
	_, err = db.Exec(ctx, `INSERT INTO saved_layouts (id, name, parts_data, sheet, options, user_id, created_at)
		VALUES ($1, $2, $3::jsonb, $4::jsonb, $5::jsonb, $6, $7)`,
		l.ID, l.Name, string(parts), string(sheet), string(options), l.UserID, l.CreatedAt)
	return l, err
}

// DeleteLayout deletes the owner's layout with the given id.
func (s *Store) DeleteLayout(ctx context.Context, owner store.Owner, id string) error {
	where, args := ownerWhere(owner, 2)
	tag, err := s.pool.Exec(ctx, `DELETE FROM saved_layouts WHERE id = $1 AND `+where, append([]any{id}, args...)...)
	if err != nil {
		return store.InternalError("postgres: delete layout", err)
	}
	if tag.RowsAffected() == 0 {
		return store.NotFoundError(store.MsgLayoutMissing)
	}
	return nil
}
