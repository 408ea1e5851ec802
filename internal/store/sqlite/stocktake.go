package sqlite

import (
	"context"
	"slices"

	"kesim/internal/store"
)

// takeSheets takes the full sheets the cut of l uses off the owner's
// limited sheet rows (store.TakeSheets): a row left with none is removed
// (quantity 0 would mean unlimited). Each take is recorded in
// job_stock_taken with the row as it was, for the undo; any change counts
// as a save of the stock list (its version moves on), so that a stock
// dialog open elsewhere is refused instead of writing the sheets back.
func (s *Store) takeSheets(ctx context.Context, tx *writeTx, owner store.Owner, l store.Layout, codes store.OffcutCodes) error {
	rows, err := readSheets(ctx, tx, owner)
	if err != nil {
		return err
	}
	takes, missed := store.TakeSheets(l, rows, codes)
	where, args := ownerWhere(owner)
	for _, t := range takes {
		if t.Left == 0 {
			_, err = tx.ExecContext(ctx, `DELETE FROM stock_rows WHERE kind = ? AND row_id = ? AND `+where,
				append([]any{store.StockKindSheet, t.Row.ID}, args...)...)
		} else {
			_, err = tx.ExecContext(ctx, `UPDATE stock_rows SET quantity = ? WHERE kind = ? AND row_id = ? AND `+where,
				append([]any{t.Left, store.StockKindSheet, t.Row.ID}, args...)...)
		}
		if err != nil {
			return err
		}
		data, err := store.TakenRowColumn(t.Row)
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO job_stock_taken (layout_id, stock_id, taken, row_json)
			VALUES (?, ?, ?, ?) ON CONFLICT (layout_id, stock_id) DO UPDATE SET taken = job_stock_taken.taken + excluded.taken`,
			l.ID, t.Row.ID, t.Taken, string(data)); err != nil {
			return err
		}
	}
	if len(takes) > 0 {
		if err := countStockSave(ctx, tx, &s.clock, owner, nil); err != nil {
			return err
		}
	}
	store.ReportStockTaken(ctx, takes, missed)
	return nil
}

// returnSheets puts back the sheets the undone cut of the layout id took
// off the owner's sheet rows (store.ReturnSheets) and deletes its records.
func (s *Store) returnSheets(ctx context.Context, tx *writeTx, owner store.Owner, id string) error {
	recs, err := takenRecords(ctx, tx, id)
	if err != nil || len(recs) == 0 {
		return err
	}
	rows, err := readSheets(ctx, tx, owner)
	if err != nil {
		return err
	}
	codes, err := offcutCodes(ctx, tx, owner)
	if err != nil {
		return err
	}
	taken := make(map[string]bool, len(codes))
	for code := range codes {
		taken[code] = true
	}
	where, args := ownerWhere(owner)
	var onRack int
	if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM stock_rows WHERE kind = ? AND consumed_by IS NULL AND `+where,
		append([]any{store.StockKindOffcut}, args...)...).Scan(&onRack); err != nil {
		return err
	}
	rets := store.ReturnSheets(recs, rows, len(rows)+onRack, taken)
	changed := false
	created := micros(s.clock.Now())
	for _, r := range rets {
		st := r.Record.Row.Stock
		switch {
		case r.Add:
			_, err = tx.ExecContext(ctx, `UPDATE stock_rows SET quantity = ? WHERE kind = ? AND row_id = ? AND `+where,
				append([]any{r.Quantity, store.StockKindSheet, r.Record.StockID}, args...)...)
		case r.Insert:
			// Back at its old place: the rows from there on move down one.
			if _, err = tx.ExecContext(ctx, `UPDATE stock_rows SET position = position + 1 WHERE kind = ? AND position >= ? AND `+where,
				append([]any{store.StockKindSheet, r.Record.Row.Position}, args...)...); err != nil {
				return err
			}
			_, err = tx.ExecContext(ctx, `INSERT INTO stock_rows
				(id, user_id, kind, row_id, position, name, material, thickness, width, height, quantity, price, grain, created_at)
				VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
				store.NewID(), owner.UserIDOrNil(), store.StockKindSheet, r.Record.StockID, r.Record.Row.Position,
				st.Name, st.Material, store.Hundredths(st.Thickness), store.Hundredths(st.Width), store.Hundredths(st.Height),
				r.Quantity, store.Hundredths(st.Price), st.Grain, created)
		default:
			continue
		}
		if err != nil {
			return err
		}
		changed = true
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM job_stock_taken WHERE layout_id = ?`, id); err != nil {
		return err
	}
	if changed {
		if err := countStockSave(ctx, tx, &s.clock, owner, nil); err != nil {
			return err
		}
	}
	store.ReportStockReturned(ctx, rets)
	return nil
}

// takenRecords returns the layout's job_stock_taken rows in the order of
// their rows' places in the list.
func takenRecords(ctx context.Context, db querier, id string) ([]store.TakenRecord, error) {
	rows, err := db.QueryContext(ctx, `SELECT stock_id, taken, row_json FROM job_stock_taken WHERE layout_id = ?`, id)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var recs []store.TakenRecord
	for rows.Next() {
		var rec store.TakenRecord
		var data []byte
		if err := rows.Scan(&rec.StockID, &rec.Taken, &data); err != nil {
			return nil, err
		}
		if rec.Row, err = store.ParseTakenRow(data); err != nil {
			return nil, err
		}
		recs = append(recs, rec)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	slices.SortStableFunc(recs, func(a, b store.TakenRecord) int { return a.Row.Position - b.Row.Position })
	return recs, nil
}

// readSheets returns the owner's sheet rows with their positions, in
// their order.
func readSheets(ctx context.Context, db querier, owner store.Owner) ([]store.SheetRow, error) {
	where, args := ownerWhere(owner)
	rows, err := db.QueryContext(ctx, `SELECT row_id, name, material, thickness, width, height, quantity, price, grain, position
		FROM stock_rows WHERE kind = ? AND `+where+` ORDER BY position`, append([]any{store.StockKindSheet}, args...)...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var list []store.SheetRow
	for rows.Next() {
		var r store.SheetRow
		var th, w, h, price int64
		if err := rows.Scan(&r.ID, &r.Name, &r.Material, &th, &w, &h, &r.Quantity, &price, &r.Grain, &r.Position); err != nil {
			return nil, err
		}
		r.Thickness, r.Width, r.Height = store.FromHundredths(th), store.FromHundredths(w), store.FromHundredths(h)
		r.Price = store.FromHundredths(price)
		list = append(list, r)
	}
	return list, rows.Err()
}
