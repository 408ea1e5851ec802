package postgres

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"

	"kesim/internal/apperr"
	"kesim/internal/store"
	"kesim/nest"
)

// lockRack takes the owner's stock lock (replaceStock's) until the
// transaction ends: a cut, its undo and a save of the stock list change
// the rack one at a time.
func lockRack(ctx context.Context, tx pgx.Tx, owner store.Owner) error {
	key := "kesim_stock:anonymous"
	if id, ok := owner.UserID(); ok {
		key = "kesim_stock:user:" + id
	}
	_, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtext($1))`, key)
	return err
}

// ReplaceLayout puts in in place of the owner's layout id (a re-plan), in
// one transaction that holds the layout's row, so that no tick lands on a
// page being replaced. The re-plan is checked before the transaction,
// which holds the row (and so every tick on it) while it lasts; inside it
// only store.ReplanHolds runs, and a job changed meanwhile in a way it
// cannot settle is checked again outside, at most store.ReplanAttempts
// times in all. The new row's JSON is made before the transaction, and
// inside it the stored result is decoded only if it changed since the
// check read it (store.KnownResult).
func (s *Store) ReplaceLayout(ctx context.Context, owner store.Owner, id string, in store.LayoutInput) (store.Layout, error) {
	in, err := in.Validate()
	if err != nil {
		return store.Layout{}, err
	}
	row, err := store.ReplanRowOf(in)
	if err != nil {
		return store.Layout{}, wrap("postgres: replace layout", err)
	}
	var known store.KnownResult
	return store.Replan(ctx, in,
		func() (store.Layout, error) { return readLayout(ctx, s.pool, owner, id, "", known.Parse) },
		func(checked store.Layout, c store.ReplanCheck) (store.Layout, bool, error) {
			return s.replaceChecked(ctx, owner, id, in, row, &known, checked, c)
		})
}

// replaceChecked writes the re-plan in (its row), checked (c) against the
// layout checked, whose result known decoded, in one transaction, unless
// the layout changed meanwhile so that the check does not hold
// (store.ReplanHolds): then it writes nothing and reports again. It
// answers the layout as stored, with in's result, which it does not read
// back.
func (s *Store) replaceChecked(ctx context.Context, owner store.Owner, id string, in store.LayoutInput, row store.ReplanRow, known *store.KnownResult, checked store.Layout, c store.ReplanCheck) (store.Layout, bool, error) {
	var out store.Layout
	var again bool
	err := s.inTx(ctx, "postgres: replace layout", func(tx pgx.Tx) error {
		again = false
		cur, err := readLayout(ctx, tx, owner, id, " FOR UPDATE", known.Reuse)
		if err != nil {
			return err
		}
		if holds, err := store.ReplanHolds(c, checked, cur, in); err != nil || !holds {
			again = err == nil
			return err
		}
		codes, err := offcutCodes(ctx, tx, owner)
		if err != nil {
			return err
		}
		if err := store.CheckKeptOffcuts(cur, in, codes); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE saved_layouts SET name = $1, parts_data = $2::jsonb, sheet = $3::jsonb,
			options = $4::jsonb, stock = $5::jsonb, bands = $6::jsonb, part_lines = $7, pieces = $8,
			result = $9::jsonb, placed = $10 WHERE id = $11`,
			in.Name, string(row.Parts), string(row.Sheet), string(row.Options), nullText(row.Stock), nullText(row.Bands),
			row.Lines, row.Pieces, nullText(row.Result), row.Placed, id); err != nil {
			return err
		}
		if cur.State == store.StatePlanned {
			if _, err := tx.Exec(ctx, `DELETE FROM piece_ticks WHERE layout_id = $1`, id); err != nil {
				return err
			}
		}
		if err := dropRecuts(ctx, tx, id, store.DroppedRecuts(cur.Result, in.Result, cur.RecutPieces)); err != nil {
			return err
		}
		if out, err = readLayout(ctx, tx, owner, id, "", nil); err != nil {
			return err
		}
		out.Result = in.Result
		return nil
	})
	return out, again, err
}

// SetLayoutState moves the owner's layout to c.State in one transaction
// holding the owner's rack lock and the layout's row.
func (s *Store) SetLayoutState(ctx context.Context, owner store.Owner, id string, c store.StateChange) (store.Layout, error) {
	if err := c.Check(); err != nil {
		return store.Layout{}, err
	}
	var out store.Layout
	err := s.inTx(ctx, "postgres: set state", func(tx pgx.Tx) error {
		if err := lockRack(ctx, tx, owner); err != nil {
			return err
		}
		cur, err := getLayout(ctx, tx, owner, id, " FOR UPDATE")
		if err != nil {
			return err
		}
		if err := c.Moved(cur.State); err != nil {
			return err
		}
		if cur.State == c.State {
			out = cur
			return nil
		}
		if cur.Result == nil {
			return apperr.New(apperr.Conflict, store.MsgJobNoResult)
		}
		if cur.State == store.StateCut {
			if err := undoCut(ctx, tx, owner, id); err != nil {
				return err
			}
			if err := s.returnSheets(ctx, tx, owner, id); err != nil {
				return err
			}
		}
		if cur.State == store.StatePlanned && c.State == store.StateCutting {
			// Kesime başla: the boards the job is planned on must still
			// be on the rack, before any is sawn (the check of a cut).
			if err := checkOffcuts(ctx, tx, owner, cur); err != nil {
				return err
			}
		}
		if c.State == store.StateCut {
			if err := s.cut(ctx, tx, owner, cur); err != nil {
				return err
			}
		}
		if _, err := tx.Exec(ctx, `UPDATE saved_layouts SET state = $1, state_by = $2, state_at = $3 WHERE id = $4`,
			c.State, nullString(c.By), s.clock.Now(), id); err != nil {
			return err
		}
		// The row as it is now, but the result, which a state does not
		// change (decoding it again held the row for about half the time).
		out, err = readLayout(ctx, tx, owner, id, "", nil)
		out.Result = cur.Result
		return err
	})
	return out, err
}

// cut takes the offcuts the layout's pages use off the rack, puts its
// leftovers on it and takes the sheets it used off the owner's stock rows.
func (s *Store) cut(ctx context.Context, tx pgx.Tx, owner store.Owner, l store.Layout) error {
	where, args := ownerWhere(owner, 4)
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
		tag, err := tx.Exec(ctx, `UPDATE stock_rows SET consumed_by = $1
			WHERE kind = $2 AND row_id = $3 AND consumed_by IS NULL AND `+where,
			append([]any{l.ID, store.StockKindOffcut, code}, args...)...)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
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
	// Every id the owner has is taken; the sheets and the offcuts on the
	// rack are listed in the stock list.
	where, args = ownerWhere(owner, 2)
	rows, err := tx.Query(ctx, `SELECT row_id, kind = $1 OR consumed_by IS NULL FROM stock_rows WHERE `+where,
		append([]any{store.StockKindSheet}, args...)...)
	if err != nil {
		return err
	}
	taken, listed := map[string]bool{}, 0
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
	where, args = ownerWhere(owner, 3)
	if _, err := tx.Exec(ctx, `DELETE FROM stock_rows WHERE kind = $1 AND source = $2 AND consumed_by = source AND `+where,
		append([]any{store.StockKindOffcut, l.ID}, args...)...); err != nil {
		return err
	}
	offcuts, next, skipped, kept := store.NewOffcuts(l, settings, store.AreaM2(rack), listed, next, taken, made, codes, earlier)
	// The leftovers the rack has of the cut, for the job's cut list.
	keptJSON, err := store.CutOffcutsColumn(kept)
	if err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, `UPDATE saved_layouts SET cut_offcuts = $1::jsonb WHERE id = $2`, string(keptJSON), l.ID); err != nil {
		return err
	}
	store.ReportCut(ctx, len(offcuts), skipped)
	created := s.clock.Now()
	batch := &pgx.Batch{}
	for i, o := range offcuts {
		batch.Queue(`INSERT INTO stock_rows
			(id, user_id, kind, source, row_id, position, name, material, thickness, width, height, quantity, price, grain, created_at)
			VALUES ($1, $2, $3, $4, $5, $6, '', $7, $8::bigint / 100.0, $9::bigint / 100.0, $10::bigint / 100.0, 1, 0, $11, $12)`,
			store.NewID(), owner.UserIDOrNil(), store.StockKindOffcut, l.ID, o.ID, i, o.Material,
			store.Hundredths(o.Thickness), store.Hundredths(o.Width), store.Hundredths(o.Height), o.Grain, created)
	}
	if batch.Len() > 0 {
		if err := tx.SendBatch(ctx, batch).Close(); err != nil {
			return err
		}
	}
	if err := writeSettings(ctx, tx, &s.clock, owner, settings, next, found); err != nil {
		return err
	}
	// The full sheets it is cut from leave the owner's limited stock rows.
	return s.takeSheets(ctx, tx, owner, l, codes)
}

// checkOffcuts checks the offcuts the layout is planned on against the
// owner's rack (store.CheckOffcutRows).
func checkOffcuts(ctx context.Context, tx pgx.Tx, owner store.Owner, l store.Layout) error {
	onRack, err := readOffcuts(ctx, tx, owner)
	if err != nil {
		return err
	}
	codes, err := offcutCodes(ctx, tx, owner)
	if err != nil {
		return err
	}
	return store.CheckOffcutRows(l.Request(), l.Result, onRack, codes)
}

// offcutCodes returns the codes of all the owner's offcuts, on the rack
// or taken off it by a cut job (store.OffcutCodes).
func offcutCodes(ctx context.Context, tx pgx.Tx, owner store.Owner) (store.OffcutCodes, error) {
	where, args := ownerWhere(owner, 2)
	rows, err := tx.Query(ctx, `SELECT row_id, COALESCE(consumed_by::text, '') FROM stock_rows WHERE kind = $1 AND `+where,
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
func madeOffcuts(ctx context.Context, tx pgx.Tx, owner store.Owner, id string) ([]nest.Stock, error) {
	where, args := ownerWhere(owner, 3)
	rows, err := tx.Query(ctx, `SELECT row_id, material, (thickness * 100)::bigint, (width * 100)::bigint, (height * 100)::bigint
		FROM stock_rows WHERE kind = $1 AND source = $2 AND consumed_by IS NOT NULL AND consumed_by <> source AND `+where+` ORDER BY created_at, position`,
		append([]any{store.StockKindOffcut, id}, args...)...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	return store.ScanCodedSizes(rows)
}

// keptOffcuts returns the offcuts of the layout's earlier cut that its undo
// kept aside (consumed_by its own source): their codes and sizes.
func keptOffcuts(ctx context.Context, tx pgx.Tx, owner store.Owner, id string) ([]nest.Stock, error) {
	where, args := ownerWhere(owner, 3)
	rows, err := tx.Query(ctx, `SELECT row_id, material, (thickness * 100)::bigint, (width * 100)::bigint, (height * 100)::bigint
		FROM stock_rows WHERE kind = $1 AND source = $2 AND consumed_by = source AND `+where+` ORDER BY created_at, position`,
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
func undoCut(ctx context.Context, tx pgx.Tx, owner store.Owner, id string) error {
	undone, undoneArgs := ownerWhere(owner, 4)
	if _, err := tx.Exec(ctx, `UPDATE stock_rows SET consumed_by = source WHERE kind = $1 AND consumed_by = $2
		AND source IN (SELECT id FROM saved_layouts WHERE state <> $3) AND `+undone,
		append([]any{store.StockKindOffcut, id, store.StateCut}, undoneArgs...)...); err != nil {
		return err
	}
	where, args := ownerWhere(owner, 3)
	if _, err := tx.Exec(ctx, `UPDATE stock_rows SET consumed_by = NULL WHERE kind = $1 AND consumed_by = $2
		AND (source IS NULL OR source <> consumed_by) AND `+where,
		append([]any{store.StockKindOffcut, id}, args...)...); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, `UPDATE stock_rows SET consumed_by = source WHERE kind = $1 AND source = $2 AND consumed_by IS NULL AND `+where,
		append([]any{store.StockKindOffcut, id}, args...)...); err != nil {
		return err
	}
	_, err := tx.Exec(ctx, `UPDATE saved_layouts SET cut_offcuts = NULL WHERE id = $1`, id)
	return err
}

// TickPiece ticks or unticks one piece: an insert that keeps a row already
// there, or a delete, so concurrent ticks never lose one. The layout's row
// is read FOR SHARE: ticks do not wait for each other, but wait for a
// re-plan of the same job, and then check the new result.
func (s *Store) TickPiece(ctx context.Context, owner store.Owner, id string, t store.Tick) (store.Ticks, error) {
	if !store.Storable(id) {
		// PostgreSQL cannot hold such an id, and would answer an error
		// rather than no row: no layout has it.
		return store.Ticks{}, apperr.New(apperr.NotFound, store.MsgLayoutMissing)
	}
	if !store.Storable(t.PieceID) {
		// Checked after the layout, as SQLite answers: a layout that
		// exists holds no such piece.
		if _, err := getLayout(ctx, s.pool, owner, id, ""); err != nil {
			return store.Ticks{}, err
		}
		return store.Ticks{}, apperr.New(apperr.NotFound, store.MsgPieceMissing)
	}
	var ticks store.Ticks
	err := s.inTx(ctx, "postgres: tick", func(tx pgx.Tx) error {
		where, args := layoutWhere(owner, 3)
		var placed bool
		// The result is searched in SQL (a JSON path), not sent here.
		err := tx.QueryRow(ctx, `SELECT placed, COALESCE(jsonb_path_exists(result,
				'$.pages[*].parts[*] ? (@.id == $p)', jsonb_build_object('p', $2::text)), FALSE)
			FROM saved_layouts WHERE id = $1 AND `+where+` FOR SHARE`,
			append([]any{id, t.PieceID}, args...)...).Scan(&ticks.Progress.Total, &placed)
		if errors.Is(err, pgx.ErrNoRows) {
			return apperr.New(apperr.NotFound, store.MsgLayoutMissing)
		}
		if err != nil {
			return err
		}
		if !placed {
			return apperr.New(apperr.NotFound, store.MsgPieceMissing)
		}
		if t.Cut {
			_, err = tx.Exec(ctx, `INSERT INTO piece_ticks (layout_id, piece_id, ticked_by, ticked_at)
				VALUES ($1, $2, $3, $4) ON CONFLICT (layout_id, piece_id) DO NOTHING`,
				id, t.PieceID, nullString(t.By), s.clock.Now())
		} else {
			_, err = tx.Exec(ctx, `DELETE FROM piece_ticks WHERE layout_id = $1 AND piece_id = $2`, id, t.PieceID)
		}
		if err != nil {
			return err
		}
		ticks.CutPieces, err = cutPieces(ctx, tx, id)
		ticks.Progress.Cut = len(ticks.CutPieces)
		return err
	})
	return ticks, err
}

// readOffcuts returns the offcuts on the owner's rack, oldest first.
func readOffcuts(ctx context.Context, db reader, owner store.Owner) ([]store.Offcut, error) {
	where, args := ownerWhere(owner, 2)
	rows, err := db.Query(ctx, `SELECT row_id, name, material, (thickness * 100)::bigint, (width * 100)::bigint,
		(height * 100)::bigint, quantity, (price * 100)::bigint, grain, source, created_at
		FROM stock_rows WHERE kind = $1 AND consumed_by IS NULL AND `+where+`
		ORDER BY created_at, position`, append([]any{store.StockKindOffcut}, args...)...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	list := []store.Offcut{}
	for rows.Next() {
		var o store.Offcut
		var th, w, h, price int64
		var source *string
		var created time.Time
		if err := rows.Scan(&o.ID, &o.Name, &o.Material, &th, &w, &h, &o.Quantity, &price, &o.Grain,
			&source, &created); err != nil {
			return nil, err
		}
		o.Thickness, o.Width, o.Height = store.FromHundredths(th), store.FromHundredths(w), store.FromHundredths(h)
		o.Price, o.Offcut = store.FromHundredths(price), true
		if source != nil {
			o.SourceLayoutID = *source
		}
		o.CreatedAt = utc(created)
		list = append(list, o)
	}
	return list, rows.Err()
}

// readSettings returns the owner's offcut settings (the defaults when none
// are stored), the number of the next offcut code, and whether a row exists.
func readSettings(ctx context.Context, db reader, owner store.Owner) (store.OffcutSettings, int64, bool, error) {
	where, args := ownerWhere(owner, 1)
	var data []byte
	var next int64
	err := db.QueryRow(ctx, `SELECT settings::text, next_code FROM offcut_settings WHERE `+where, args...).Scan(&data, &next)
	if errors.Is(err, pgx.ErrNoRows) {
		return store.DefaultOffcutSettings(), 1, false, nil
	}
	if err != nil {
		return store.OffcutSettings{}, 0, false, err
	}
	return store.ParseOffcutSettings(data), next, true, nil
}

// writeSettings stores the owner's offcut settings and next code. The
// caller holds the owner's rack lock, so the row cannot appear meanwhile.
func writeSettings(ctx context.Context, tx pgx.Tx, clock *store.Clock, owner store.Owner, o store.OffcutSettings, next int64, found bool) error {
	data, err := store.SettingsColumn(o)
	if err != nil {
		return err
	}
	if found {
		where, args := ownerWhere(owner, 3)
		_, err = tx.Exec(ctx, `UPDATE offcut_settings SET settings = $1::jsonb, next_code = $2 WHERE `+where,
			append([]any{string(data), next}, args...)...)
		return err
	}
	_, err = tx.Exec(ctx, `INSERT INTO offcut_settings (id, user_id, settings, next_code, created_at)
		VALUES ($1, $2, $3::jsonb, $4, $5)`, store.NewID(), owner.UserIDOrNil(), string(data), next, clock.Now())
	return err
}

// nullString is a text column's value: NULL for "".
func nullString(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// LayoutOwner returns the owner and state of the layout id, whoever owns it.
func (s *Store) LayoutOwner(ctx context.Context, id string) (store.Owner, string, error) {
	if !store.Storable(id) {
		// PostgreSQL cannot hold such an id, and would answer an error
		// rather than no row: no layout has it.
		return store.Owner{}, "", apperr.New(apperr.NotFound, store.MsgLayoutMissing)
	}
	var user *string
	var state string
	err := s.pool.QueryRow(ctx, `SELECT user_id, state FROM saved_layouts WHERE id = $1`, id).Scan(&user, &state)
	if errors.Is(err, pgx.ErrNoRows) {
		return store.Owner{}, "", apperr.New(apperr.NotFound, store.MsgLayoutMissing)
	}
	if err != nil {
		return store.Owner{}, "", wrap("postgres: layout owner", err)
	}
	if user == nil {
		return store.Anonymous(), state, nil
	}
	return store.User(*user), state, nil
}
