package postgres

import (
	"context"
	"slices"

	"github.com/jackc/pgx/v5"

	"kesim/internal/apperr"
	"kesim/internal/store"
)

// RecutPiece records the recut of one piece of the owner's layout id and
// saves its part for the owner, in one transaction. The layout's row is
// read FOR SHARE, as a tick reads it: a recut waits for a re-plan of the
// job, and then finds the piece in the new result. The recut's row is an
// insert that keeps a row already there (a second recut at the same
// moment waits for the first to commit, then inserts nothing), and
// finding one rolls the part back: a piece makes one part however many
// phones send it.
func (s *Store) RecutPiece(ctx context.Context, owner store.Owner, id string, r store.Recut) (store.Part, error) {
	var out store.Part
	err := s.inTx(ctx, "postgres: recut", func(tx pgx.Tx) error {
		l, err := getLayout(ctx, tx, owner, id, " FOR SHARE")
		if err != nil {
			return err
		}
		// A piece id PostgreSQL cannot hold is in no result: it is never
		// sent to the database.
		in, ok := store.RecutPart(l, r.PieceID)
		if !ok {
			return apperr.New(apperr.NotFound, store.MsgPieceMissing)
		}
		if slices.Contains(l.RecutPieces, r.PieceID) {
			return apperr.New(apperr.Conflict, store.MsgRecutDone)
		}
		if in, err = in.Validate(); err != nil {
			return err
		}
		p, err := insertPart(ctx, tx, &s.clock, owner, in)
		if err != nil {
			return err
		}
		tag, err := tx.Exec(ctx, `INSERT INTO piece_recuts (layout_id, piece_id, part_id, recut_by, recut_at)
			VALUES ($1, $2, $3, $4, $5) ON CONFLICT (layout_id, piece_id) DO NOTHING`,
			id, r.PieceID, p.ID, nullString(r.By), p.CreatedAt)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return apperr.New(apperr.Conflict, store.MsgRecutDone)
		}
		out = p
		return nil
	})
	return out, err
}

// recutPieces returns the pieces of a layout sent back for recutting, in
// the order sent.
func recutPieces(ctx context.Context, db reader, id string) ([]string, error) {
	return queryStrings(ctx, db, `SELECT piece_id FROM piece_recuts WHERE layout_id = $1
		ORDER BY recut_at, piece_id`, id)
}

// dropRecuts deletes the recuts of the given pieces of a layout (a
// re-plan's store.DroppedRecuts).
func dropRecuts(ctx context.Context, tx pgx.Tx, id string, pieces []string) error {
	if len(pieces) == 0 {
		return nil
	}
	_, err := tx.Exec(ctx, `DELETE FROM piece_recuts WHERE layout_id = $1 AND piece_id = ANY($2)`, id, pieces)
	return err
}
