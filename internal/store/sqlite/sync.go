package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"

	"kesim/internal/store"
)

// Sync saves the parts and layouts the owner does not have yet, in one
// transaction (see store.Store).
func (s *Store) Sync(ctx context.Context, owner store.Owner, parts []store.PartInput, layouts []store.LayoutInput) (store.SyncResult, error) {
	parts, layouts, index, err := store.ValidateSync(parts, layouts)
	if err != nil {
		return store.SyncResult{}, err
	}
	res, err := s.sync(ctx, owner, parts, layouts, index)
	if err != nil {
		return store.SyncResult{}, saveError("sqlite: sync", err)
	}
	return res, nil
}

func (s *Store) sync(ctx context.Context, owner store.Owner, parts []store.PartInput, layouts []store.LayoutInput, index []int) (store.SyncResult, error) {
	var res store.SyncResult
	tx, err := s.beginWrite(ctx)
	if err != nil {
		return res, err
	}
	defer tx.Rollback()
	where, args := ownerWhere(owner)
	for _, p := range parts {
		found, err := exists(ctx, tx, `SELECT 1 FROM parts
			WHERE name = ? AND width = ? AND height = ? AND material = ? AND thickness = ? AND `+where,
			append([]any{p.Name, store.Hundredths(p.Width), store.Hundredths(p.Height), p.Material, store.Hundredths(p.Thickness)}, args...))
		if err != nil {
			return res, err
		}
		if found {
			continue
		}
		if _, err := insertPart(ctx, tx, &s.clock, owner, p); err != nil {
			return res, err
		}
		res.NewParts++
	}
	var namer store.SyncNamer
	for i, l := range layouts {
		c, err := store.SyncColumnsOf(l)
		if err != nil {
			return res, err
		}
		// The names of the user's layouts of this content.
		names, err := queryStrings(ctx, tx, `SELECT name FROM saved_layouts WHERE parts_data = ? AND sheet = ?
			AND options = ? AND stock IS ? AND bands IS ? AND `+where,
			append([]any{string(c.Parts), string(c.Sheet), string(c.Options), nullText(c.Stock), nullText(c.Bands)}, args...)...)
		if err != nil {
			return res, err
		}
		if store.SyncedAs(names, l.Name) {
			continue
		}
		l.Name, err = namer.Pick(l.Name, fmt.Sprintf("layouts[%d].name", index[i]), func(names []string) ([]string, error) {
			list, err := json.Marshal(names)
			if err != nil {
				return nil, err
			}
			return queryStrings(ctx, tx, `SELECT name FROM saved_layouts
				WHERE name IN (SELECT value FROM json_each(?)) AND `+where, append([]any{string(list)}, args...)...)
		})
		if err != nil {
			return res, err
		}
		if _, err := insertLayout(ctx, tx, &s.clock, owner, l); err != nil {
			return res, err
		}
		res.NewLayouts++
	}
	return res, s.commit(tx)
}

// exists reports whether query finds a row.
func exists(ctx context.Context, tx *writeTx, query string, args []any) (bool, error) {
	var one int
	err := tx.QueryRowContext(ctx, query+` LIMIT 1`, args...).Scan(&one)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	return err == nil, err
}
