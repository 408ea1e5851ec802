package postgres

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"kesim/internal/store"
)

// Sync saves the parts and layouts the owner does not have yet, in one
// transaction (see store.Store).
func (s *Store) Sync(ctx context.Context, owner store.Owner, parts []store.PartInput, layouts []store.LayoutInput) (store.SyncResult, error) {
	parts, layouts, index, err := store.ValidateSync(parts, layouts)
	if err != nil {
		return store.SyncResult{}, err
	}
	var res store.SyncResult
	err = s.inTx(ctx, "postgres: sync", func(tx pgx.Tx) error {
		res = store.SyncResult{} // counted anew when the transaction is retried
		return s.sync(ctx, tx, owner, parts, layouts, index, &res)
	})
	if err != nil {
		return store.SyncResult{}, err
	}
	return res, nil
}

func (s *Store) sync(ctx context.Context, tx pgx.Tx, owner store.Owner, parts []store.PartInput, layouts []store.LayoutInput, index []int, res *store.SyncResult) error {
	// Under READ COMMITTED two syncs of the same owner could both find a
	// name missing and both add it; the lock makes them take turns. It is
	// held until the transaction ends.
	lockKey := "kesim_sync:anonymous"
	if id, ok := owner.UserID(); ok {
		lockKey = "kesim_sync:user:" + id
	}
	if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtext($1))`, lockKey); err != nil {
		return err
	}
	where, args := ownerWhere(owner, 6)
	for _, p := range parts {
		found, err := exists(ctx, tx, `SELECT 1 FROM parts
			WHERE name = $1 AND width = $2::bigint / 100.0 AND height = $3::bigint / 100.0
			AND material = $4 AND thickness = $5::bigint / 100.0 AND `+where,
			append([]any{p.Name, store.Hundredths(p.Width), store.Hundredths(p.Height), p.Material, store.Hundredths(p.Thickness)}, args...))
		if err != nil {
			return err
		}
		if found {
			continue
		}
		if _, err := insertPart(ctx, tx, &s.clock, owner, p); err != nil {
			return err
		}
		res.NewParts++
	}
	var namer store.SyncNamer // anew when the transaction is retried
	for i, l := range layouts {
		c, err := store.SyncColumnsOf(l)
		if err != nil {
			return err
		}
		where, args := ownerWhere(owner, 6)
		// The names of the user's layouts of this content.
		names, err := queryStrings(ctx, tx, `SELECT name FROM saved_layouts WHERE parts_data = $1::jsonb
			AND sheet = $2::jsonb AND options = $3::jsonb AND stock IS NOT DISTINCT FROM $4::jsonb
			AND bands IS NOT DISTINCT FROM $5::jsonb AND `+where,
			append([]any{string(c.Parts), string(c.Sheet), string(c.Options), nullText(c.Stock), nullText(c.Bands)}, args...)...)
		if err != nil {
			return err
		}
		if store.SyncedAs(names, l.Name) {
			continue
		}
		where, args = ownerWhere(owner, 2)
		l.Name, err = namer.Pick(l.Name, fmt.Sprintf("layouts[%d].name", index[i]), func(names []string) ([]string, error) {
			return queryStrings(ctx, tx, `SELECT name FROM saved_layouts WHERE name = ANY($1::text[]) AND `+where,
				append([]any{names}, args...)...)
		})
		if err != nil {
			return err
		}
		if _, err := insertLayout(ctx, tx, &s.clock, owner, l); err != nil {
			return err
		}
		res.NewLayouts++
	}
	return nil
}

// exists reports whether query finds a row.
func exists(ctx context.Context, tx pgx.Tx, query string, args []any) (bool, error) {
	var one int
	err := tx.QueryRow(ctx, query+` LIMIT 1`, args...).Scan(&one)
	if errors.Is(err, pgx.ErrNoRows) {
		return false, nil
	}
	return err == nil, err
}
