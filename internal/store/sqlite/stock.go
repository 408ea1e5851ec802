package sqlite

import (
	"context"
	"database/sql"
	"errors"

	"kesim/internal/apperr"
	"kesim/internal/store"
	"kesim/nest"
)

// GetStock returns the owner's stock rows and band codes, in their order.
func (s *Store) GetStock(ctx context.Context, owner store.Owner) (store.StockList, error) {
	list := store.StockList{Stock: []nest.Stock{}, Bands: []nest.Band{}}
	// The version first, with the settings of the same row (one query): a
	// save between this read and the rows' makes the version older than
	// the rows, and the client's next save a conflict it can reload from;
	// the other way round it would overwrite that save.
	version, settings, options, err := readStockHead(ctx, s.read, owner)
	if err != nil {
		return list, wrap("sqlite: stock version", err)
	}
	list.Version, list.Settings, list.Options = version, &settings, options
	sheets, err := readSheets(ctx, s.read, owner)
	if err != nil {
		return list, wrap("sqlite: list stock", err)
	}
	for _, r := range sheets {
		list.Stock = append(list.Stock, r.Stock)
	}
	where, args := ownerWhere(owner)
	rows, err := s.read.QueryContext(ctx, `SELECT code, name, thickness, price, overlength
		FROM band_codes WHERE `+where+` ORDER BY position`, args...)
	if err != nil {
		return list, wrap("sqlite: list bands", err)
	}
	defer rows.Close()
	for rows.Next() {
		var b nest.Band
		var th, price, over int64
		if err := rows.Scan(&b.Code, &b.Name, &th, &price, &over); err != nil {
			return list, wrap("sqlite: scan band", err)
		}
		b.Thickness, b.Price, b.Overlength = store.FromHundredths(th), store.FromHundredths(price), store.FromHundredths(over)
		list.Bands = append(list.Bands, b)
	}
	if err := rows.Err(); err != nil {
		return list, wrap("sqlite: list bands", err)
	}
	if list.Offcuts, err = readOffcuts(ctx, s.read, owner); err != nil {
		return list, wrap("sqlite: list offcuts", err)
	}
	return list, nil
}

// ReplaceStock replaces the owner's stock rows and band codes in one
// transaction.
func (s *Store) ReplaceStock(ctx context.Context, owner store.Owner, list store.StockList) (store.StockList, error) {
	if err := s.replaceStock(ctx, owner, list); err != nil {
		if apperr.CodeOf(err) == apperr.Invalid {
			return store.StockList{}, err
		}
		return store.StockList{}, saveError("sqlite: replace stock", err)
	}
	return s.GetStock(ctx, owner)
}

func (s *Store) replaceStock(ctx context.Context, owner store.Owner, in store.StockList) error {
	tx, err := s.beginWrite(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := countStockSave(ctx, tx, &s.clock, owner, in.IfVersion); err != nil {
		return err
	}
	rack, err := readOffcuts(ctx, tx, owner)
	if err != nil {
		return err
	}
	onRack := make(map[string]bool, len(rack))
	for _, o := range rack {
		onRack[o.ID] = true
	}
	where, args := ownerWhere(owner)
	// The offcuts cut jobs took off the rack keep their codes: an undo
	// puts them back.
	consumed, err := queryStrings(ctx, tx, `SELECT row_id FROM stock_rows WHERE kind = ? AND consumed_by IS NOT NULL AND `+where,
		append([]any{store.StockKindOffcut}, args...)...)
	if err != nil {
		return err
	}
	list, keep, err := in.ValidateRack(onRack, consumed)
	if err != nil {
		return err
	}
	for _, o := range rack {
		if keep[o.ID] {
			continue
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM stock_rows WHERE kind = ? AND row_id = ? AND consumed_by IS NULL AND `+where,
			append([]any{store.StockKindOffcut, o.ID}, args...)...); err != nil {
			return err
		}
	}
	if list.Settings != nil {
		_, next, found, err := readSettings(ctx, tx, owner)
		if err != nil {
			return err
		}
		if err := writeSettings(ctx, tx, &s.clock, owner, *list.Settings, next, found); err != nil {
			return err
		}
	}
	if list.Options != nil {
		// countStockSave made sure of the owner's row.
		data, err := store.StockOptionsColumn(*list.Options)
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE offcut_settings SET layout_options = ? WHERE `+where,
			append([]any{string(data)}, args...)...); err != nil {
			return err
		}
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM stock_rows WHERE kind = ? AND `+where,
		append([]any{store.StockKindSheet}, args...)...); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM band_codes WHERE `+where, args...); err != nil {
		return err
	}
	created := micros(s.clock.Now())
	user := owner.UserIDOrNil()
	if err := insertEach(ctx, tx, `INSERT INTO stock_rows
		(id, user_id, kind, row_id, position, name, material, thickness, width, height, quantity, price, grain, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, len(list.Stock), func(i int) []any {
		st := list.Stock[i]
		return []any{store.NewID(), user, store.StockKindSheet, st.ID, i, st.Name, st.Material,
			store.Hundredths(st.Thickness), store.Hundredths(st.Width), store.Hundredths(st.Height),
			st.Quantity, store.Hundredths(st.Price), st.Grain, created}
	}); err != nil {
		return err
	}
	if err := insertEach(ctx, tx, `INSERT INTO band_codes
		(id, user_id, position, code, name, thickness, price, overlength, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`, len(list.Bands), func(i int) []any {
		b := list.Bands[i]
		return []any{store.NewID(), user, i, b.Code, b.Name,
			store.Hundredths(b.Thickness), store.Hundredths(b.Price), store.Hundredths(b.Overlength), created}
	}); err != nil {
		return err
	}
	return s.commit(tx)
}

// insertEach runs the insert query once per row, prepared once.
func insertEach(ctx context.Context, tx *writeTx, query string, n int, row func(i int) []any) error {
	if n == 0 {
		return nil
	}
	stmt, err := tx.PrepareContext(ctx, query)
	if err != nil {
		return err
	}
	defer stmt.Close()
	for i := range n {
		if _, err := stmt.ExecContext(ctx, row(i)...); err != nil {
			return err
		}
	}
	return nil
}

// readStockHead returns, from the owner's offcut_settings row in one
// query, the number of saves of the owner's stock list (0 before the
// first), the offcut settings (the defaults without a row) and the layout
// options (nil when none were saved).
func readStockHead(ctx context.Context, db querier, owner store.Owner) (int64, store.OffcutSettings, *store.StockOptions, error) {
	where, args := ownerWhere(owner)
	var v int64
	var data []byte
	var options sql.NullString
	err := db.QueryRowContext(ctx, `SELECT stock_version, settings, layout_options FROM offcut_settings WHERE `+where, args...).Scan(&v, &data, &options)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, store.DefaultOffcutSettings(), nil, nil
	}
	if err != nil {
		return 0, store.OffcutSettings{}, nil, err
	}
	var opts *store.StockOptions
	if options.Valid {
		opts = store.ParseStockOptions([]byte(options.String))
	}
	return v, store.ParseOffcutSettings(data), opts, nil
}

// countStockSave counts a save of the owner's stock list in its
// transaction, refusing it (Conflict MsgStockChanged) when want, the
// version the client read, is no longer the stored one. The check and the
// count are one conditional UPDATE, so that of two saves that read the
// same version only one passes, whatever the driver's locking. An owner
// without a settings row (version 0) gets one with the default settings.
func countStockSave(ctx context.Context, tx *writeTx, clock *store.Clock, owner store.Owner, want *int64) error {
	where, args := ownerWhere(owner)
	q := `UPDATE offcut_settings SET stock_version = stock_version + 1 WHERE ` + where
	if want != nil {
		q += ` AND stock_version = ?`
		args = append(args, *want)
	}
	res, err := tx.ExecContext(ctx, q, args...)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil || n == 1 {
		return err
	}
	_, _, found, err := readSettings(ctx, tx, owner)
	if err != nil {
		return err
	}
	settings, err := store.StockSaveMissed(found, want)
	if err != nil {
		return err
	}
	_, err = tx.ExecContext(ctx, `INSERT INTO offcut_settings (id, user_id, settings, next_code, stock_version, created_at)
		VALUES (?, ?, ?, 1, 1, ?)`, store.NewID(), owner.UserIDOrNil(), settings, micros(clock.Now()))
	return err
}
