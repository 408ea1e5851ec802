package postgres

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"kesim/internal/store"
	"kesim/nest"
)

// GetStock returns the owner's stock rows and band codes, in their order.
// Exact NUMERIC values travel as integer hundredths.
func (s *Store) GetStock(ctx context.Context, owner store.Owner) (store.StockList, error) {
	list := store.StockList{Stock: []nest.Stock{}, Bands: []nest.Band{}}
	// The version first, with the settings of the same row (one query): a
	// save between this read and the rows' makes the version older than
	// the rows, and the client's next save a conflict it can reload from;
	// the other way round it would overwrite that save.
	version, settings, options, err := readStockHead(ctx, s.pool, owner)
	if err != nil {
		return list, wrap("postgres: stock version", err)
	}
	list.Version, list.Settings, list.Options = version, &settings, options
	sheets, err := readSheets(ctx, s.pool, owner)
	if err != nil {
		return list, wrap("postgres: list stock", err)
	}
	for _, r := range sheets {
		list.Stock = append(list.Stock, r.Stock)
	}
	where, args := ownerWhere(owner, 1)
	rows, err := s.pool.Query(ctx, `SELECT code, name, (thickness * 100)::bigint, (price * 100)::bigint,
		(overlength * 100)::bigint FROM band_codes WHERE `+where+` ORDER BY position`, args...)
	if err != nil {
		return list, wrap("postgres: list bands", err)
	}
	defer rows.Close()
	for rows.Next() {
		var b nest.Band
		var th, price, over int64
		if err := rows.Scan(&b.Code, &b.Name, &th, &price, &over); err != nil {
			return list, wrap("postgres: scan band", err)
		}
		b.Thickness, b.Price, b.Overlength = store.FromHundredths(th), store.FromHundredths(price), store.FromHundredths(over)
		list.Bands = append(list.Bands, b)
	}
	if err := rows.Err(); err != nil {
		return list, wrap("postgres: list bands", err)
	}
	if list.Offcuts, err = readOffcuts(ctx, s.pool, owner); err != nil {
		return list, wrap("postgres: list offcuts", err)
	}
	return list, nil
}

// ReplaceStock replaces the owner's stock rows and band codes in one
// transaction.
func (s *Store) ReplaceStock(ctx context.Context, owner store.Owner, list store.StockList) (store.StockList, error) {
	err := s.inTx(ctx, "postgres: replace stock", func(tx pgx.Tx) error {
		return s.replaceStock(ctx, tx, owner, list)
	})
	if err != nil {
		return store.StockList{}, err
	}
	return s.GetStock(ctx, owner)
}

func (s *Store) replaceStock(ctx context.Context, tx pgx.Tx, owner store.Owner, in store.StockList) error {
	// Under READ COMMITTED two replacements of one owner's list could
	// interleave their deletes and inserts and leave both lists; the lock
	// makes them take turns (held until the transaction ends), and with a
	// cut or its undo.
	if err := lockRack(ctx, tx, owner); err != nil {
		return err
	}
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
	// The offcuts cut jobs took off the rack keep their codes: an undo
	// puts them back.
	where, args := ownerWhere(owner, 2)
	consumed, err := queryStrings(ctx, tx, `SELECT row_id FROM stock_rows WHERE kind = $1 AND consumed_by IS NOT NULL AND `+where,
		append([]any{store.StockKindOffcut}, args...)...)
	if err != nil {
		return err
	}
	list, keep, err := in.ValidateRack(onRack, consumed)
	if err != nil {
		return err
	}
	where, args = ownerWhere(owner, 3)
	for _, o := range rack {
		if keep[o.ID] {
			continue
		}
		if _, err := tx.Exec(ctx, `DELETE FROM stock_rows WHERE kind = $1 AND row_id = $2 AND consumed_by IS NULL AND `+where,
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
		where, args = ownerWhere(owner, 2)
		if _, err := tx.Exec(ctx, `UPDATE offcut_settings SET layout_options = $1::jsonb WHERE `+where,
			append([]any{string(data)}, args...)...); err != nil {
			return err
		}
	}
	where, args = ownerWhere(owner, 2)
	if _, err := tx.Exec(ctx, `DELETE FROM stock_rows WHERE kind = $1 AND `+where,
		append([]any{store.StockKindSheet}, args...)...); err != nil {
		return err
	}
	where, args = ownerWhere(owner, 1)
	if _, err := tx.Exec(ctx, `DELETE FROM band_codes WHERE `+where, args...); err != nil {
		return err
	}
	created := s.clock.Now()
	user := owner.UserIDOrNil()
	batch := &pgx.Batch{}
	for i, st := range list.Stock {
		batch.Queue(`INSERT INTO stock_rows
			(id, user_id, kind, row_id, position, name, material, thickness, width, height, quantity, price, grain, created_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8::bigint / 100.0, $9::bigint / 100.0, $10::bigint / 100.0,
				$11, $12::bigint / 100.0, $13, $14)`,
			store.NewID(), user, store.StockKindSheet, st.ID, i, st.Name, st.Material,
			store.Hundredths(st.Thickness), store.Hundredths(st.Width), store.Hundredths(st.Height),
			st.Quantity, store.Hundredths(st.Price), st.Grain, created)
	}
	for i, b := range list.Bands {
		batch.Queue(`INSERT INTO band_codes
			(id, user_id, position, code, name, thickness, price, overlength, created_at)
			VALUES ($1, $2, $3, $4, $5, $6::bigint / 100.0, $7::bigint / 100.0, $8::bigint / 100.0, $9)`,
			store.NewID(), user, i, b.Code, b.Name,
			store.Hundredths(b.Thickness), store.Hundredths(b.Price), store.Hundredths(b.Overlength), created)
	}
	if batch.Len() == 0 {
		return nil
	}
	return tx.SendBatch(ctx, batch).Close()
}

// readStockHead returns, from the owner's offcut_settings row in one
// query, the number of saves of the owner's stock list (0 before the
// first), the offcut settings (the defaults without a row) and the layout
// options (nil when none were saved).
func readStockHead(ctx context.Context, db reader, owner store.Owner) (int64, store.OffcutSettings, *store.StockOptions, error) {
	where, args := ownerWhere(owner, 1)
	var v int64
	var data []byte
	var options *string
	err := db.QueryRow(ctx, `SELECT stock_version, settings::text, layout_options::text FROM offcut_settings WHERE `+where, args...).Scan(&v, &data, &options)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, store.DefaultOffcutSettings(), nil, nil
	}
	if err != nil {
		return 0, store.OffcutSettings{}, nil, err
	}
	var opts *store.StockOptions
	if options != nil {
		opts = store.ParseStockOptions([]byte(*options))
	}
	return v, store.ParseOffcutSettings(data), opts, nil
}

// countStockSave counts a save of the owner's stock list in its
// transaction, refusing it (Conflict MsgStockChanged) when want, the
// version the client read, is no longer the stored one. The check and the
// count are one conditional UPDATE: under READ COMMITTED a second save
// waits for the first's row lock and then finds the version moved on, so
// that of two saves that read the same version only one passes even
// without the rack lock the caller holds. An owner without a settings row
// (version 0) gets one with the default settings; the rack lock keeps a
// second from appearing meanwhile.
func countStockSave(ctx context.Context, tx pgx.Tx, clock *store.Clock, owner store.Owner, want *int64) error {
	where, args := ownerWhere(owner, 1)
	q := `UPDATE offcut_settings SET stock_version = stock_version + 1 WHERE ` + where
	if want != nil {
		q += fmt.Sprintf(` AND stock_version = $%d`, len(args)+1)
		args = append(args, *want)
	}
	tag, err := tx.Exec(ctx, q, args...)
	if err != nil || tag.RowsAffected() == 1 {
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
	_, err = tx.Exec(ctx, `INSERT INTO offcut_settings (id, user_id, settings, next_code, stock_version, created_at)
		VALUES ($1, $2, $3::jsonb, 1, 1, $4)`, store.NewID(), owner.UserIDOrNil(), settings, clock.Now())
	return err
}
