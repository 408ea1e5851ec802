package sqlite

import (
	"context"
	"database/sql"
	"errors"

	"kesim/internal/apperr"
	"kesim/internal/store"
	"kesim/nest"
)

// ReplaceLayout puts in in place of the owner's layout id (a re-plan), in
// one transaction: the stored state and ticks decide which pages the new
// result must keep (see store.Store). The re-plan is checked on a read
// connection first: the check may take seconds, and the write connection
// is every save's. Inside the transaction only store.ReplanHolds runs; a
// job changed meanwhile in a way it cannot settle is checked again
// outside, at most store.ReplanAttempts times in all. The new row's JSON
// is made before the transaction, and inside it the stored result is
// decoded only if it changed since the check read it (store.KnownResult).
func (s *Store) ReplaceLayout(ctx context.Context, owner store.Owner, id string, in store.LayoutInput) (store.Layout, error) {
	in, err := in.Validate()
	if err != nil {
		return store.Layout{}, err
	}
	row, err := store.ReplanRowOf(in)
	if err != nil {
		return store.Layout{}, wrap("sqlite: replace layout", err)
	}
	var known store.KnownResult
	return store.Replan(ctx, in,
		func() (store.Layout, error) { return readLayout(ctx, s.read, owner, id, known.Parse) },
		func(checked store.Layout, c store.ReplanCheck) (store.Layout, bool, error) {
			return s.replaceChecked(ctx, owner, id, in, row, &known, checked, c)
		})
}

// replaceChecked writes the re-plan in (its row), checked (c) against the
// layout checked, whose result known decoded, in one write transaction,
// unless the layout changed meanwhile so that the check does not hold
// (store.ReplanHolds): then it writes nothing and reports again.
func (s *Store) replaceChecked(ctx context.Context, owner store.Owner, id string, in store.LayoutInput, row store.ReplanRow, known *store.KnownResult, checked store.Layout, c store.ReplanCheck) (store.Layout, bool, error) {
	tx, err := s.beginWrite(ctx)
	if err != nil {
		return store.Layout{}, false, wrap("sqlite: replace layout", err)
	}
	defer tx.Rollback()
	cur, err := readLayout(ctx, tx, owner, id, known.Reuse)
	if err != nil {
		return store.Layout{}, false, err
	}
	if holds, err := store.ReplanHolds(c, checked, cur, in); err != nil || !holds {
		return store.Layout{}, err == nil, err
	}
	l, err := s.writeReplan(ctx, tx, owner, id, in, row, cur)
	return l, false, err
}

// writeReplan writes the re-plan in (its row) over cur, checked, in tx and
// commits. It answers the layout as stored, with in's result, which it
// does not read back.
func (s *Store) writeReplan(ctx context.Context, tx *writeTx, owner store.Owner, id string, in store.LayoutInput, row store.ReplanRow, cur store.Layout) (store.Layout, error) {
	codes, err := offcutCodes(ctx, tx, owner)
	if err != nil {
		return store.Layout{}, wrap("sqlite: replace layout", err)
	}
	if err := store.CheckKeptOffcuts(cur, in, codes); err != nil {
		return store.Layout{}, err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE saved_layouts SET name = ?, parts_data = ?, sheet = ?, options = ?,
		stock = ?, bands = ?, part_lines = ?, pieces = ?, result = ?, placed = ? WHERE id = ?`,
		in.Name, string(row.Parts), string(row.Sheet), string(row.Options), nullText(row.Stock), nullText(row.Bands),
		row.Lines, row.Pieces, nullText(row.Result), row.Placed, id); err != nil {
		return store.Layout{}, wrap("sqlite: replace layout", err)
	}
	if cur.State == store.StatePlanned {
		if _, err := tx.ExecContext(ctx, `DELETE FROM piece_ticks WHERE layout_id = ?`, id); err != nil {
			return store.Layout{}, wrap("sqlite: replace layout", err)
		}
	}
	if err := dropRecuts(ctx, tx, id, store.DroppedRecuts(cur.Result, in.Result, cur.RecutPieces)); err != nil {
		return store.Layout{}, wrap("sqlite: replace layout", err)
	}
	l, err := readLayout(ctx, tx, owner, id, nil)
	if err != nil {
		return store.Layout{}, err
	}
	l.Result = in.Result
	if err := s.commit(tx); err != nil {
		return store.Layout{}, wrap("sqlite: replace layout", err)
	}
	return l, nil
}

// SetLayoutState moves the owner's layout to c.State in one transaction,
// with the offcuts a cut makes or an undone cut takes back, and the stock
// sheets a cut takes or an undone cut puts back.
func (s *Store) SetLayoutState(ctx context.Context, owner store.Owner, id string, c store.StateChange) (store.Layout, error) {
	if err := c.Check(); err != nil {
		return store.Layout{}, err
	}
	tx, err := s.beginWrite(ctx)
	if err != nil {
		return store.Layout{}, wrap("sqlite: set state", err)
	}
	defer tx.Rollback()
	cur, err := getLayout(ctx, tx, owner, id)
	if err != nil {
		return store.Layout{}, err
	}
	if err := c.Moved(cur.State); err != nil {
		return store.Layout{}, err
	}
	if cur.State == c.State {
		return cur, nil
	}
	if cur.Result == nil {
		return store.Layout{}, apperr.New(apperr.Conflict, store.MsgJobNoResult)
	}
	if cur.State == store.StateCut {
		if err := s.undoCut(ctx, tx, owner, id); err != nil {
			return store.Layout{}, saveError("sqlite: undo cut", err)
		}
		if err := s.returnSheets(ctx, tx, owner, id); err != nil {
			return store.Layout{}, saveError("sqlite: undo cut", err)
		}
	}
	if cur.State == store.StatePlanned && c.State == store.StateCutting {
		// Kesime başla: the boards the job is planned on must still be
		// on the rack, before any is sawn (the check of a cut).
		if err := checkOffcuts(ctx, tx, owner, cur); err != nil {
			return store.Layout{}, saveError("sqlite: set state", err)
		}
	}
	if c.State == store.StateCut {
		if err := s.cut(ctx, tx, owner, cur); err != nil {
			return store.Layout{}, saveError("sqlite: cut", err)
		}
	}
	if _, err := tx.ExecContext(ctx, `UPDATE saved_layouts SET state = ?, state_by = ?, state_at = ? WHERE id = ?`,
		c.State, nullString(c.By), micros(s.clock.Now()), id); err != nil {
		return store.Layout{}, wrap("sqlite: set state", err)
	}
	// The row as it is now, but the result, which a state does not
	// change: decoding a 20.000-piece result again held the write
	// transaction for about half its time.
	result := cur.Result
	if cur, err = readLayout(ctx, tx, owner, id, nil); err != nil {
		return store.Layout{}, err
	}
	cur.Result = result
	if err := s.commit(tx); err != nil {
		return store.Layout{}, wrap("sqlite: set state", err)
	}
	return cur, nil
}

// cut takes the offcuts the layout's pages use off the rack, puts its
// leftovers on it and takes the sheets it used off the owner's stock rows.
func (s *Store) cut(ctx context.Context, tx *writeTx, owner store.Owner, l store.Layout) error {
	where, args := ownerWhere(owner)
	onRack, err := readOffcuts(ctx, tx, owner)
	if err != nil {
		return err
	}
	codes, err := offcutCodes(ctx, tx, owner)
	if err != nil {
		return err
	}
	if err := store.CheckOffcutRows(l.Request(), l.Result, onRack, codes); err != nil {
		return err
	}
	for _, code := range store.UsedOffcuts(l.Request(), l.Result, codes) {
		res, err := tx.ExecContext(ctx, `UPDATE stock_rows SET consumed_by = ?
			WHERE kind = ? AND row_id = ? AND consumed_by IS NULL AND `+where,
			append([]any{l.ID, store.StockKindOffcut, code}, args...)...)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n == 0 {
			return store.OffcutGone(code)
		}
	}
	settings, next, found, err := readSettings(ctx, tx, owner)
	if err != nil {
		return err
	}
	rack, err := readOffcuts(ctx, tx, owner)
	if err != nil {
		return err
	}
	taken, listed := map[string]bool{}, 0
	// Every id the owner has is taken; the sheets and the offcuts on the
	// rack are listed in the stock list.
	rows, err := tx.QueryContext(ctx, `SELECT row_id, kind = ? OR consumed_by IS NULL FROM stock_rows WHERE `+where,
		append([]any{store.StockKindSheet}, args...)...)
	if err != nil {
		return err
	}
	for rows.Next() {
		var code string
		var inList bool
		if err := rows.Scan(&code, &inList); err != nil {
			rows.Close()
			return err
		}
		taken[code] = true
		if inList {
			listed++
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	made, err := madeOffcuts(ctx, tx, owner, l.ID)
	if err != nil {
		return err
	}
	// The offcuts its undone earlier cut kept aside give their codes back
	// to the same boards (store.NewOffcuts); the others are gone.
	earlier, err := keptOffcuts(ctx, tx, owner, l.ID)
	if err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM stock_rows WHERE kind = ? AND source = ? AND consumed_by = source AND `+where,
		append([]any{store.StockKindOffcut, l.ID}, args...)...); err != nil {
		return err
	}
	offcuts, next, skipped, kept := store.NewOffcuts(l, settings, store.AreaM2(rack), listed, next, taken, made, codes, earlier)
	store.ReportCut(ctx, len(offcuts), skipped)
	// The leftovers the rack has of the cut, for the job's cut list.
	keptJSON, err := store.CutOffcutsColumn(kept)
	if err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE saved_layouts SET cut_offcuts = ? WHERE id = ?`, string(keptJSON), l.ID); err != nil {
		return err
	}
	created := micros(s.clock.Now())
	if err := insertEach(ctx, tx, `INSERT INTO stock_rows
		(id, user_id, kind, source, row_id, position, name, material, thickness, width, height, quantity, price, grain, created_at)
		VALUES (?, ?, ?, ?, ?, ?, '', ?, ?, ?, ?, 1, 0, ?, ?)`, len(offcuts), func(i int) []any {
		o := offcuts[i]
		return []any{store.NewID(), owner.UserIDOrNil(), store.StockKindOffcut, l.ID, o.ID, i, o.Material,
			store.Hundredths(o.Thickness), store.Hundredths(o.Width), store.Hundredths(o.Height), o.Grain, created}
	}); err != nil {
		return err
	}
	if err := writeSettings(ctx, tx, &s.clock, owner, settings, next, found); err != nil {
		return err
	}
	// The full sheets it is cut from leave the owner's limited stock rows.
	return s.takeSheets(ctx, tx, owner, l, codes)
}

// checkOffcuts checks the offcuts the layout is planned on against the
// owner's rack (store.CheckOffcutRows).
func checkOffcuts(ctx context.Context, db querier, owner store.Owner, l store.Layout) error {
	onRack, err := readOffcuts(ctx, db, owner)
	if err != nil {
		return err
	}
	codes, err := offcutCodes(ctx, db, owner)
	if err != nil {
		return err
	}
	return store.CheckOffcutRows(l.Request(), l.Result, onRack, codes)
}

// offcutCodes returns the codes of all the owner's offcuts, on the rack
// or taken off it by a cut job (store.OffcutCodes).
func offcutCodes(ctx context.Context, db querier, owner store.Owner) (store.OffcutCodes, error) {
	where, args := ownerWhere(owner)
	rows, err := db.QueryContext(ctx, `SELECT row_id, COALESCE(consumed_by, '') FROM stock_rows WHERE kind = ? AND `+where,
		append([]any{store.StockKindOffcut}, args...)...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	codes := store.OffcutCodes{}
	for rows.Next() {
		var code, by string
		if err := rows.Scan(&code, &by); err != nil {
			return nil, err
		}
		codes[code] = by
	}
	return codes, rows.Err()
}

// madeOffcuts returns the offcuts an earlier cut of the layout made that
// outlived its undo: later jobs were cut from them (store.NewOffcuts).
func madeOffcuts(ctx context.Context, tx *writeTx, owner store.Owner, id string) ([]nest.Stock, error) {
	where, args := ownerWhere(owner)
	rows, err := tx.QueryContext(ctx, `SELECT row_id, material, thickness, width, height FROM stock_rows
		WHERE kind = ? AND source = ? AND consumed_by IS NOT NULL AND consumed_by <> source AND `+where+` ORDER BY created_at, position`,
		append([]any{store.StockKindOffcut, id}, args...)...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	return store.ScanCodedSizes(rows)
}

// keptOffcuts returns the offcuts of the layout's earlier cut that its undo
// kept aside (consumed_by its own source): their codes and sizes.
func keptOffcuts(ctx context.Context, tx *writeTx, owner store.Owner, id string) ([]nest.Stock, error) {
	where, args := ownerWhere(owner)
	rows, err := tx.QueryContext(ctx, `SELECT row_id, material, thickness, width, height FROM stock_rows
		WHERE kind = ? AND source = ? AND consumed_by = source AND `+where+` ORDER BY created_at, position`,
		append([]any{store.StockKindOffcut, id}, args...)...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	return store.ScanCodedSizes(rows)
}

// undoCut takes the layout's offcuts that no later job used off the rack
// and keeps them aside (consumed_by its own id: no rack, no stock list, a
// code no sheet row may take), so that a cut again gives the same boards
// the same codes; it puts back on the rack those its cut used, but for
// those whose own job is no longer cut (undone meanwhile): they were
// never made, and are kept aside for that job in turn.
func (s *Store) undoCut(ctx context.Context, tx *writeTx, owner store.Owner, id string) error {
	where, args := ownerWhere(owner)
	if _, err := tx.ExecContext(ctx, `UPDATE stock_rows SET consumed_by = source WHERE kind = ? AND consumed_by = ?
		AND source IN (SELECT id FROM saved_layouts WHERE state <> ?) AND `+where,
		append([]any{store.StockKindOffcut, id, store.StateCut}, args...)...); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE stock_rows SET consumed_by = NULL WHERE kind = ? AND consumed_by = ?
		AND (source IS NULL OR source <> consumed_by) AND `+where,
		append([]any{store.StockKindOffcut, id}, args...)...); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE stock_rows SET consumed_by = source WHERE kind = ? AND source = ? AND consumed_by IS NULL AND `+where,
		append([]any{store.StockKindOffcut, id}, args...)...); err != nil {
		return err
	}
	_, err := tx.ExecContext(ctx, `UPDATE saved_layouts SET cut_offcuts = NULL WHERE id = ?`, id)
	return err
}

// TickPiece ticks or unticks one piece: an insert that keeps a row already
// there, or a delete, so concurrent ticks never lose one.
func (s *Store) TickPiece(ctx context.Context, owner store.Owner, id string, t store.Tick) (store.Ticks, error) {
	tx, err := s.beginWrite(ctx)
	if err != nil {
		return store.Ticks{}, wrap("sqlite: tick", err)
	}
	defer tx.Rollback()
	where, args := layoutWhere(owner)
	var placed bool
	var ticks store.Ticks
	// The result's text is searched (store.PieceNeedle), not parsed: a
	// tick holds the one write connection only for that scan (json_each
	// took 30 ms on a job of 5,000 pieces).
	err = tx.QueryRowContext(ctx, `SELECT placed, COALESCE(instr(result, ?), 0) > 0
		FROM saved_layouts WHERE id = ? AND `+where,
		append([]any{store.PieceNeedle(t.PieceID), id}, args...)...).Scan(&ticks.Progress.Total, &placed)
	if errors.Is(err, sql.ErrNoRows) {
		return store.Ticks{}, apperr.New(apperr.NotFound, store.MsgLayoutMissing)
	}
	if err != nil {
		return store.Ticks{}, wrap("sqlite: tick", err)
	}
	if !placed {
		return store.Ticks{}, apperr.New(apperr.NotFound, store.MsgPieceMissing)
	}
	if t.Cut {
		_, err = tx.ExecContext(ctx, `INSERT INTO piece_ticks (layout_id, piece_id, ticked_by, ticked_at)
			VALUES (?, ?, ?, ?) ON CONFLICT (layout_id, piece_id) DO NOTHING`,
			id, t.PieceID, nullString(t.By), micros(s.clock.Now()))
	} else {
		_, err = tx.ExecContext(ctx, `DELETE FROM piece_ticks WHERE layout_id = ? AND piece_id = ?`, id, t.PieceID)
	}
	if err != nil {
		return store.Ticks{}, wrap("sqlite: tick", err)
	}
	if ticks.CutPieces, err = cutPieces(ctx, tx, id); err != nil {
		return store.Ticks{}, wrap("sqlite: tick", err)
	}
	ticks.Progress.Cut = len(ticks.CutPieces)
	if err := s.commit(tx); err != nil {
		return store.Ticks{}, wrap("sqlite: tick", err)
	}
	return ticks, nil
}

// readOffcuts returns the offcuts on the owner's rack, oldest first.
func readOffcuts(ctx context.Context, db querier, owner store.Owner) ([]store.Offcut, error) {
	where, args := ownerWhere(owner)
	rows, err := db.QueryContext(ctx, `SELECT row_id, name, material, thickness, width, height, quantity, price, grain,
		source, created_at FROM stock_rows WHERE kind = ? AND consumed_by IS NULL AND `+where+`
		ORDER BY created_at, position`, append([]any{store.StockKindOffcut}, args...)...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	list := []store.Offcut{}
	for rows.Next() {
		var o store.Offcut
		var th, w, h, price, created int64
		var source sql.NullString
		if err := rows.Scan(&o.ID, &o.Name, &o.Material, &th, &w, &h, &o.Quantity, &price, &o.Grain,
			&source, &created); err != nil {
			return nil, err
		}
		o.Thickness, o.Width, o.Height = store.FromHundredths(th), store.FromHundredths(w), store.FromHundredths(h)
		o.Price, o.Offcut = store.FromHundredths(price), true
		o.SourceLayoutID, o.CreatedAt = source.String, fromMicros(created)
		list = append(list, o)
	}
	return list, rows.Err()
}

// readSettings returns the owner's offcut settings (the defaults when none
// are stored), the number of the next offcut code, and whether a row exists.
func readSettings(ctx context.Context, db querier, owner store.Owner) (store.OffcutSettings, int64, bool, error) {
	where, args := ownerWhere(owner)
	var data []byte
	var next int64
	err := db.QueryRowContext(ctx, `SELECT settings, next_code FROM offcut_settings WHERE `+where, args...).Scan(&data, &next)
	if errors.Is(err, sql.ErrNoRows) {
		return store.DefaultOffcutSettings(), 1, false, nil
	}
	if err != nil {
		return store.OffcutSettings{}, 0, false, err
	}
	return store.ParseOffcutSettings(data), next, true, nil
}

// writeSettings stores the owner's offcut settings and next code.
func writeSettings(ctx context.Context, tx *writeTx, clock *store.Clock, owner store.Owner, o store.OffcutSettings, next int64, found bool) error {
	data, err := store.SettingsColumn(o)
	if err != nil {
		return err
	}
	if found {
		where, args := ownerWhere(owner)
		_, err = tx.ExecContext(ctx, `UPDATE offcut_settings SET settings = ?, next_code = ? WHERE `+where,
			append([]any{string(data), next}, args...)...)
		return err
	}
	_, err = tx.ExecContext(ctx, `INSERT INTO offcut_settings (id, user_id, settings, next_code, created_at)
		VALUES (?, ?, ?, ?, ?)`, store.NewID(), owner.UserIDOrNil(), string(data), next, micros(clock.Now()))
	return err
}

// nullString is a text column's value: NULL for "".
func nullString(s string) any {
	if s == "" {
		return nil
	}
	return s
}

// LayoutOwner returns the owner and state of the layout id, whoever owns it.
func (s *Store) LayoutOwner(ctx context.Context, id string) (store.Owner, string, error) {
	var user sql.NullString
	var state string
	err := s.read.QueryRowContext(ctx, `SELECT user_id, state FROM saved_layouts WHERE id = ?`, id).Scan(&user, &state)
	if errors.Is(err, sql.ErrNoRows) {
		return store.Owner{}, "", apperr.New(apperr.NotFound, store.MsgLayoutMissing)
	}
	if err != nil {
		return store.Owner{}, "", wrap("sqlite: layout owner", err)
	}
	return store.User(user.String), state, nil
}
