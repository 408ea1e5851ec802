package sqlite

import (
	"context"
	"slices"

	"kesim/internal/apperr"
	"kesim/internal/store"
)

// RecutPiece records the recut of one piece of the owner's layout id and
// saves its part for the owner, in one transaction: the recut's row is an
// insert that keeps a row already there, and finding one rolls the part
// back, so a piece makes one part however many phones send it.
func (s *Store) RecutPiece(ctx context.Context, owner store.Owner, id string, r store.Recut) (store.Part, error) {
	tx, err := s.beginWrite(ctx)
	if err != nil {
		return store.Part{}, wrap("sqlite: recut", err)
	}
	defer tx.Rollback()
	l, err := getLayout(ctx, tx, owner, id)
	if err != nil {
		return store.Part{}, err
	}
	in, ok := store.RecutPart(l, r.PieceID)
	if !ok {
		return store.Part{}, apperr.New(apperr.NotFound, store.MsgPieceMissing)
	}
	if slices.Contains(l.RecutPieces, r.PieceID) {
		return store.Part{}, apperr.New(apperr.Conflict, store.MsgRecutDone)
	}
	if in, err = in.Validate(); err != nil {
		return store.Part{}, err
	}
	p, err := insertPart(ctx, tx, &s.clock, owner, in)
	if err != nil {
		return store.Part{}, saveError("sqlite: recut", err)
	}
	res, err := tx.ExecContext(ctx, `INSERT INTO piece_recuts (layout_id, piece_id, part_id, recut_by, recut_at)
		VALUES (?, ?, ?, ?, ?) ON CONFLICT (layout_id, piece_id) DO NOTHING`,
		id, r.PieceID, p.ID, nullString(r.By), micros(p.CreatedAt))
	if err != nil {
		return store.Part{}, saveError("sqlite: recut", err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return store.Part{}, wrap("sqlite: recut", err)
	} else if n == 0 {
		return store.Part{}, apperr.New(apperr.Conflict, store.MsgRecutDone)
	}
	if err := s.commit(tx); err != nil {
		return store.Part{}, wrap("sqlite: recut", err)
	}
	return p, nil
}

// recutPieces returns the pieces of a layout sent back for recutting, in
// the order sent.
func recutPieces(ctx context.Context, db querier, id string) ([]string, error) {
	return queryStrings(ctx, db, `SELECT piece_id FROM piece_recuts WHERE layout_id = ?
		ORDER BY recut_at, piece_id`, id)
}

// dropRecuts deletes the recuts of the given pieces of a layout (a
// re-plan's store.DroppedRecuts).
func dropRecuts(ctx context.Context, tx *writeTx, id string, pieces []string) error {
	for _, piece := range pieces {
		if _, err := tx.ExecContext(ctx, `DELETE FROM piece_recuts WHERE layout_id = ? AND piece_id = ?`, id, piece); err != nil {
			return err
		}
	}
	return nil
}
