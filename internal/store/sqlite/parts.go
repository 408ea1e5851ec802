package sqlite

import (
	"context"
	"database/sql"

	"kesim/internal/apperr"
	"kesim/internal/store"
)

// ListParts returns the owner's parts, newest first.
func (s *Store) ListParts(ctx context.Context, owner store.Owner) ([]store.Part, error) {
	where, args := ownerWhere(owner)
	rows, err := s.read.QueryContext(ctx, `SELECT id, name, width, height, quantity, created_at,
		material, thickness, grain, edge_top, edge_bottom, edge_left, edge_right
		FROM parts WHERE `+where+` ORDER BY created_at DESC, id DESC`, args...)
	if err != nil {
		return nil, wrap("sqlite: list parts", err)
	}
	defer rows.Close()
	parts := []store.Part{}
	for rows.Next() {
		var p store.Part
		var w, h, created, th int64
		var edges [4]string
		if err := rows.Scan(&p.ID, &p.Name, &w, &h, &p.Quantity, &created,
			&p.Material, &th, &p.Grain, &edges[0], &edges[1], &edges[2], &edges[3]); err != nil {
			return nil, wrap("sqlite: scan part", err)
		}
		p.Thickness, p.Edges = store.FromHundredths(th), store.EdgesFromColumns(edges)
		p.Width, p.Height = store.FromHundredths(w), store.FromHundredths(h)
		p.UserID = owner.UserIDOrNil()
		p.CreatedAt = fromMicros(created)
		parts = append(parts, p)
	}
	if err := rows.Err(); err != nil {
		return nil, wrap("sqlite: list parts", err)
	}
	return parts, nil
}

// CreatePart validates in and saves it for the owner.
func (s *Store) CreatePart(ctx context.Context, owner store.Owner, in store.PartInput) (store.Part, error) {
	in, err := in.Validate()
	if err != nil {
		return store.Part{}, err
	}
	var p store.Part
	err = s.inPlace(ctx, func(db *sql.Conn) (err error) {
		p, err = insertPart(ctx, db, &s.clock, owner, in)
		return err
	})
	if err != nil {
		return store.Part{}, saveError("sqlite: create part", err)
	}
	return p, nil
}

// insertPart saves a validated part.
func insertPart(ctx context.Context, db execer, clock *store.Clock, owner store.Owner, in store.PartInput) (store.Part, error) {
	p := store.Part{
		ID: store.NewID(), Name: in.Name, Width: in.Width, Height: in.Height, Quantity: in.Quantity,
		Material: in.Material, Thickness: in.Thickness, Grain: in.Grain, Edges: in.Edges,
		UserID: owner.UserIDOrNil(), CreatedAt: clock.At(in.CreatedAt),
	}
	e := store.EdgeColumns(p.Edges)
	_, err := db.ExecContext(ctx, `INSERT INTO parts (id, name, width, height, quantity, user_id, created_at,
		material, thickness, grain, edge_top, edge_bottom, edge_left, edge_right)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		p.ID, p.Name, store.Hundredths(p.Width), store.Hundredths(p.Height), p.Quantity, p.UserID, micros(p.CreatedAt),
		p.Material, store.Hundredths(p.Thickness), p.Grain, e[0], e[1], e[2], e[3])
	return p, err
}

// DeletePart deletes the owner's part with the given id.
func (s *Store) DeletePart(ctx context.Context, owner store.Owner, id string) error {
	where, args := ownerWhere(owner)
	res, err := s.execWrite(ctx, `DELETE FROM parts WHERE id = ? AND `+where, append([]any{id}, args...)...)
	if err != nil {
		return wrap("sqlite: delete part", err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return wrap("sqlite: delete part", err)
	} else if n == 0 {
		return apperr.New(apperr.NotFound, store.MsgPartNotFound)
	}
	return nil
}
