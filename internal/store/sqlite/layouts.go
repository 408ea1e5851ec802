package sqlite

import (
	"context"
	"database/sql"
	"errors"

	"kesim/internal/apperr"
	"kesim/internal/store"
	"kesim/nest"
)

// execer is what a *sql.DB, a *sql.Conn and a *sql.Tx have in common.
type execer interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// foldedName is the SQL of store.FoldName applied to the name column:
// SQLite's lower() changes A to Z only, and replace() does the rest.
var foldedName = func() string {
	expr := "lower(name)"
	for _, p := range store.FoldPairs() {
		expr = "replace(" + expr + ", '" + p[0] + "', '" + p[1] + "')"
	}
	return expr
}()

// ListLayouts returns a page of the owner's layouts, newest first, without
// their parts. The (user_id, created_at, id) index gives the order and the
// page's start; a search tests the owner's rows in that order until the
// page is full.
func (s *Store) ListLayouts(ctx context.Context, owner store.Owner, q store.LayoutQuery) (store.LayoutPage, error) {
	l, err := q.Check()
	if err != nil {
		return store.LayoutPage{}, err
	}
	query, args := listLayoutsSQL(owner, l)
	rows, err := s.read.QueryContext(ctx, query, args...)
	if err != nil {
		return store.LayoutPage{}, wrap("sqlite: list layouts", err)
	}
	defer rows.Close()
	list := make([]store.LayoutSummary, 0, l.Limit+1)
	var sheet sql.RawBytes
	for rows.Next() {
		var ls store.LayoutSummary
		var created int64
		if err := rows.Scan(&ls.ID, &ls.Name, &sheet, &ls.PartLines, &ls.Pieces, &created,
			&ls.State, &ls.Progress.Total, &ls.Progress.Cut); err != nil {
			return store.LayoutPage{}, wrap("sqlite: scan layout", err)
		}
		ls.Sheet = store.ParseSheet(sheet)
		ls.CreatedAt = fromMicros(created)
		list = append(list, ls)
	}
	if err := rows.Err(); err != nil {
		return store.LayoutPage{}, wrap("sqlite: list layouts", err)
	}
	return l.Page(list), nil
}

// listLayoutsSQL is the query of a page of the list, and its arguments:
// one row more than the page holds tells whether another page follows.
func listLayoutsSQL(owner store.Owner, l store.LayoutListing) (string, []any) {
	where, args := ownerWhere(owner)
	if l.Fold != "" {
		where += ` AND instr(` + foldedName + `, ?) > 0`
		args = append(args, l.Fold)
	}
	if l.After {
		where += ` AND (created_at, id) < (?, ?)`
		args = append(args, micros(l.CreatedAt), l.ID)
	}
	return `SELECT id, name, sheet, part_lines, pieces, created_at, state, placed,
		(SELECT COUNT(*) FROM piece_ticks t WHERE t.layout_id = saved_layouts.id) FROM saved_layouts
		WHERE ` + where + ` ORDER BY created_at DESC, id DESC LIMIT ?`, append(args, l.Limit+1)
}

// GetLayout returns the owner's layout with the given id.
func (s *Store) GetLayout(ctx context.Context, owner store.Owner, id string) (store.Layout, error) {
	return getLayout(ctx, s.read, owner, id)
}

// querier is what a *sql.DB, a *sql.Conn and a *sql.Tx have in common for
// reading.
type querier interface {
	execer
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

// getLayout reads the owner's layout, its result, state and ticks.
func getLayout(ctx context.Context, db querier, owner store.Owner, id string) (store.Layout, error) {
	return readLayout(ctx, db, owner, id, store.ParseResult)
}

// readLayout is getLayout with the result column decoded by result
// (store.KnownResult's Parse or Reuse), or, when result is nil, not read
// at all: the caller sets the result it has just written there.
func readLayout(ctx context.Context, db querier, owner store.Owner, id string, result func([]byte) (*nest.Result, error)) (store.Layout, error) {
	where, args := layoutWhere(owner)
	var l store.Layout
	var parts, sheet, options, stock, bands, resultColumn, cutOffcuts []byte
	var created int64
	var stateBy sql.NullString
	var stateAt sql.NullInt64
	resultSQL := "result"
	if result == nil {
		resultSQL = "NULL"
	}
	err := db.QueryRowContext(ctx, `SELECT id, name, parts_data, sheet, options, stock, bands, created_at,
		`+resultSQL+`, placed, state, state_by, state_at, cut_offcuts
		FROM saved_layouts WHERE id = ? AND `+where, append([]any{id}, args...)...).
		Scan(&l.ID, &l.Name, &parts, &sheet, &options, &stock, &bands, &created,
			&resultColumn, &l.Progress.Total, &l.State, &stateBy, &stateAt, &cutOffcuts)
	if errors.Is(err, sql.ErrNoRows) {
		return store.Layout{}, apperr.New(apperr.NotFound, store.MsgLayoutMissing)
	}
	if err != nil {
		return store.Layout{}, wrap("sqlite: get layout", err)
	}
	if err := store.ScanLayoutColumns(&l, parts, sheet, options); err != nil {
		return store.Layout{}, wrap("sqlite: layout "+l.ID, err)
	}
	if err := store.ScanStockColumns(&l, stock, bands); err != nil {
		return store.Layout{}, wrap("sqlite: layout "+l.ID, err)
	}
	if result != nil {
		if l.Result, err = result(resultColumn); err != nil {
			return store.Layout{}, wrap("sqlite: layout "+l.ID, err)
		}
	}
	if l.CutOffcuts, err = store.ParseCutOffcuts(cutOffcuts); err != nil {
		return store.Layout{}, wrap("sqlite: layout "+l.ID, err)
	}
	l.StateBy = stateBy.String
	if stateAt.Valid {
		t := fromMicros(stateAt.Int64)
		l.StateAt = &t
	}
	if l.CutPieces, err = cutPieces(ctx, db, l.ID); err != nil {
		return store.Layout{}, wrap("sqlite: ticks of "+l.ID, err)
	}
	l.Progress.Cut = len(l.CutPieces)
	if l.RecutPieces, err = recutPieces(ctx, db, l.ID); err != nil {
		return store.Layout{}, wrap("sqlite: recuts of "+l.ID, err)
	}
	l.UserID = owner.UserIDOrNil()
	l.CreatedAt = fromMicros(created)
	return l, nil
}

// cutPieces returns the ticked pieces of a layout, in the order ticked.
func cutPieces(ctx context.Context, db querier, id string) ([]string, error) {
	return queryStrings(ctx, db, `SELECT piece_id FROM piece_ticks WHERE layout_id = ?
		ORDER BY ticked_at, piece_id`, id)
}

// queryStrings returns the one text column of query's rows (none: an
// empty list).
func queryStrings(ctx context.Context, db querier, query string, args ...any) ([]string, error) {
	rows, err := db.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []string{}
	for rows.Next() {
		var v string
		if err := rows.Scan(&v); err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, rows.Err()
}

// CreateLayout validates in and saves it for the owner.
func (s *Store) CreateLayout(ctx context.Context, owner store.Owner, in store.LayoutInput) (store.Layout, error) {
	in, err := in.Validate()
	if err != nil {
		return store.Layout{}, err
	}
	if err := store.CheckResult(in, nil); err != nil {
		return store.Layout{}, err
	}
	var l store.Layout
	err = s.inPlace(ctx, func(db *sql.Conn) (err error) {
		l, err = insertLayout(ctx, db, &s.clock, owner, in)
		return err
	})
	if err != nil {
		return store.Layout{}, saveError("sqlite: create layout", err)
	}
	return l, nil
}

// insertLayout saves a validated layout.
func insertLayout(ctx context.Context, db execer, clock *store.Clock, owner store.Owner, in store.LayoutInput) (store.Layout, error) {
	l := store.Layout{
		ID: store.NewID(), Name: in.Name, Parts: in.Parts, Sheet: in.Sheet, Options: in.Options,
		Stock: in.Stock, Bands: in.Bands, Result: in.Result, State: store.StatePlanned,
		CutPieces: []string{}, RecutPieces: []string{}, Progress: store.Progress{Total: store.Placed(in.Result)},
		UserID: owner.UserIDOrNil(), CreatedAt: clock.At(in.CreatedAt),
	}
	parts, sheet, options, err := store.LayoutColumns(l)
	if err != nil {
		return l, err
	}
	stock, bands, err := store.StockColumns(l.Stock, l.Bands)
	if err != nil {
		return l, err
	}
	result, err := store.ResultColumn(l.Result)
	if err != nil {
		return l, err
	}
	lines, pieces := store.Counts(l.Parts)
	_, err = db.ExecContext(ctx, `INSERT INTO saved_layouts
		(id, name, parts_data, sheet, options, stock, bands, part_lines, pieces, user_id, created_at, result, placed)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		l.ID, l.Name, string(parts), string(sheet), string(options), nullText(stock), nullText(bands),
		lines, pieces, l.UserID, micros(l.CreatedAt), nullText(result), l.Progress.Total)
	return l, err
}

// DeleteLayout deletes the owner's layout with the given id, with the
// offcuts its cut used and, when it is not cut, its own.
func (s *Store) DeleteLayout(ctx context.Context, owner store.Owner, id string) error {
	tx, err := s.beginWrite(ctx)
	if err != nil {
		return wrap("sqlite: delete layout", err)
	}
	defer tx.Rollback()
	where, args := ownerWhere(owner)
	var state string
	err = tx.QueryRowContext(ctx, `DELETE FROM saved_layouts WHERE id = ? AND `+where+` RETURNING state`,
		append([]any{id}, args...)...).Scan(&state)
	if errors.Is(err, sql.ErrNoRows) {
		return apperr.New(apperr.NotFound, store.MsgLayoutMissing)
	}
	if err != nil {
		return wrap("sqlite: delete layout", err)
	}
	// The offcuts its cut used are sawn up: nothing can put them back now.
	if _, err := tx.ExecContext(ctx, `DELETE FROM stock_rows WHERE kind = ? AND consumed_by = ? AND `+where,
		append([]any{store.StockKindOffcut, id}, args...)...); err != nil {
		return wrap("sqlite: delete layout", err)
	}
	// Of a job that is not cut, only offcuts a later cut job used remain,
	// boards that were never made (its undo removed the others): with the
	// job gone, nothing would tell that job's undo not to put them back.
	// A cut job's own offcuts exist and stay.
	if state != store.StateCut {
		if _, err := tx.ExecContext(ctx, `DELETE FROM stock_rows WHERE kind = ? AND source = ? AND `+where,
			append([]any{store.StockKindOffcut, id}, args...)...); err != nil {
			return wrap("sqlite: delete layout", err)
		}
	}
	if err := s.commit(tx); err != nil {
		return wrap("sqlite: delete layout", err)
	}
	return nil
}

// nullText is a JSON column's value: NULL for nil.
func nullText(b []byte) any {
	if b == nil {
		return nil
	}
	return string(b)
}
