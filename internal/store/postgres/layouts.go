package postgres

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"kesim/internal/apperr"
	"kesim/internal/store"
	"kesim/nest"
)

// foldedName is the SQL of store.FoldName applied to the name column, by
// translate() alone: PostgreSQL's lower() depends on the database's locale,
// translate() on nothing but its arguments.
var foldedName = func() string {
	from, to := "ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz"
	for _, p := range store.FoldPairs() {
		from, to = from+p[0], to+p[1]
	}
	return "translate(name, '" + from + "', '" + to + "')"
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
	rows, err := s.pool.Query(ctx, query, args...)
	if err != nil {
		return store.LayoutPage{}, wrap("postgres: list layouts", err)
	}
	defer rows.Close()
	list := make([]store.LayoutSummary, 0, l.Limit+1)
	var sheet []byte
	for rows.Next() {
		var ls store.LayoutSummary
		if err := rows.Scan(&ls.ID, &ls.Name, &sheet, &ls.PartLines, &ls.Pieces, &ls.CreatedAt,
			&ls.State, &ls.Progress.Total, &ls.Progress.Cut); err != nil {
			return store.LayoutPage{}, wrap("postgres: scan layout", err)
		}
		ls.Sheet = store.ParseSheet(sheet)
		ls.CreatedAt = utc(ls.CreatedAt)
		list = append(list, ls)
	}
	if err := rows.Err(); err != nil {
		return store.LayoutPage{}, wrap("postgres: list layouts", err)
	}
	return l.Page(list), nil
}

// listLayoutsSQL is the query of a page of the list, and its arguments:
// one row more than the page holds tells whether another page follows.
func listLayoutsSQL(owner store.Owner, l store.LayoutListing) (string, []any) {
	where, args := ownerWhere(owner, 1)
	if l.Fold != "" {
		args = append(args, l.Fold)
		where += fmt.Sprintf(` AND strpos(%s, $%d) > 0`, foldedName, len(args))
	}
	if l.After {
		args = append(args, l.CreatedAt, l.ID)
		where += fmt.Sprintf(` AND (created_at, id) < ($%d, $%d)`, len(args)-1, len(args))
	}
	args = append(args, l.Limit+1)
	return `SELECT id, name, sheet::text, part_lines, pieces, created_at, state, placed,
		(SELECT COUNT(*) FROM piece_ticks t WHERE t.layout_id = saved_layouts.id) FROM saved_layouts
		WHERE ` + where + fmt.Sprintf(` ORDER BY created_at DESC, id DESC LIMIT $%d`, len(args)), args
}

// GetLayout returns the owner's layout with the given id.
func (s *Store) GetLayout(ctx context.Context, owner store.Owner, id string) (store.Layout, error) {
	return getLayout(ctx, s.pool, owner, id, "")
}

// reader is what a pool and a transaction have in common for reading.
type reader interface {
	querier
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
}

// getLayout reads the owner's layout, its result, state and ticks; lock
// " FOR UPDATE" holds the row until the transaction ends.
func getLayout(ctx context.Context, db reader, owner store.Owner, id, lock string) (store.Layout, error) {
	return readLayout(ctx, db, owner, id, lock, store.ParseResult)
}

// readLayout is getLayout with the result column decoded by result
// (store.KnownResult's Parse or Reuse), or, when result is nil, not read
// at all: the caller sets the result it has just written there.
func readLayout(ctx context.Context, db reader, owner store.Owner, id, lock string, result func([]byte) (*nest.Result, error)) (store.Layout, error) {
	if !store.Storable(id) {
		// PostgreSQL cannot hold such an id, and would answer an error
		// rather than no row: no layout has it.
		return store.Layout{}, apperr.New(apperr.NotFound, store.MsgLayoutMissing)
	}
	where, args := layoutWhere(owner, 2)
	var l store.Layout
	var parts, sheet, options, stock, bands, resultColumn, cutOffcuts []byte
	var stateBy *string
	resultSQL := "result::text"
	if result == nil {
		resultSQL = "NULL::text"
	}
	err := db.QueryRow(ctx, `SELECT id, name, parts_data::text, sheet::text, options::text,
		stock::text, bands::text, created_at, `+resultSQL+`, placed, state, state_by, state_at, cut_offcuts::text
		FROM saved_layouts WHERE id = $1 AND `+where+lock, append([]any{id}, args...)...).
		Scan(&l.ID, &l.Name, &parts, &sheet, &options, &stock, &bands, &l.CreatedAt,
			&resultColumn, &l.Progress.Total, &l.State, &stateBy, &l.StateAt, &cutOffcuts)
	if errors.Is(err, pgx.ErrNoRows) {
		return store.Layout{}, apperr.New(apperr.NotFound, store.MsgLayoutMissing)
	}
	if err != nil {
		return store.Layout{}, wrap("postgres: get layout", err)
	}
	if err := store.ScanLayoutColumns(&l, parts, sheet, options); err != nil {
		return store.Layout{}, wrap("postgres: layout "+l.ID, err)
	}
	if err := store.ScanStockColumns(&l, stock, bands); err != nil {
		return store.Layout{}, wrap("postgres: layout "+l.ID, err)
	}
	if result != nil {
		if l.Result, err = result(resultColumn); err != nil {
			return store.Layout{}, wrap("postgres: layout "+l.ID, err)
		}
	}
	if l.CutOffcuts, err = store.ParseCutOffcuts(cutOffcuts); err != nil {
		return store.Layout{}, wrap("postgres: layout "+l.ID, err)
	}
	if stateBy != nil {
		l.StateBy = *stateBy
	}
	if l.StateAt != nil {
		t := utc(*l.StateAt)
		l.StateAt = &t
	}
	if l.CutPieces, err = cutPieces(ctx, db, l.ID); err != nil {
		return store.Layout{}, wrap("postgres: ticks of "+l.ID, err)
	}
	l.Progress.Cut = len(l.CutPieces)
	if l.RecutPieces, err = recutPieces(ctx, db, l.ID); err != nil {
		return store.Layout{}, wrap("postgres: recuts of "+l.ID, err)
	}
	l.UserID = owner.UserIDOrNil()
	l.CreatedAt = utc(l.CreatedAt)
	return l, nil
}

// cutPieces returns the ticked pieces of a layout, in the order ticked.
func cutPieces(ctx context.Context, db reader, id string) ([]string, error) {
	return queryStrings(ctx, db, `SELECT piece_id FROM piece_ticks WHERE layout_id = $1
		ORDER BY ticked_at, piece_id`, id)
}

// queryStrings returns the one text column of query's rows (none: an
// empty list, never nil).
func queryStrings(ctx context.Context, db reader, query string, args ...any) ([]string, error) {
	rows, err := db.Query(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	return pgx.AppendRows([]string{}, rows, pgx.RowTo[string])
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
	l, err := insertLayout(ctx, s.pool, &s.clock, owner, in)
	if err != nil {
		return store.Layout{}, saveError("postgres: create layout", err)
	}
	return l, nil
}

// insertLayout saves a validated layout.
func insertLayout(ctx context.Context, db querier, clock *store.Clock, owner store.Owner, in store.LayoutInput) (store.Layout, error) {
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
	_, err = db.Exec(ctx, `INSERT INTO saved_layouts
		(id, name, parts_data, sheet, options, stock, bands, part_lines, pieces, user_id, created_at, result, placed)
		VALUES ($1, $2, $3::jsonb, $4::jsonb, $5::jsonb, $6::jsonb, $7::jsonb, $8, $9, $10, $11, $12::jsonb, $13)`,
		l.ID, l.Name, string(parts), string(sheet), string(options), nullText(stock), nullText(bands),
		lines, pieces, l.UserID, l.CreatedAt, nullText(result), l.Progress.Total)
	return l, err
}

// DeleteLayout deletes the owner's layout with the given id, with the
// offcuts its cut used and, when it is not cut, its own.
func (s *Store) DeleteLayout(ctx context.Context, owner store.Owner, id string) error {
	if !store.Storable(id) {
		// PostgreSQL cannot hold such an id, and would answer an error
		// rather than no row: no layout has it.
		return apperr.New(apperr.NotFound, store.MsgLayoutMissing)
	}
	where, args := ownerWhere(owner, 2)
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		// The state is the one deleted: a cut or an undo of the job that
		// committed meanwhile is seen (the row is locked and read again).
		var state string
		err := tx.QueryRow(ctx, `DELETE FROM saved_layouts WHERE id = $1 AND `+where+` RETURNING state`,
			append([]any{id}, args...)...).Scan(&state)
		if errors.Is(err, pgx.ErrNoRows) {
			return apperr.New(apperr.NotFound, store.MsgLayoutMissing)
		}
		if err != nil {
			return err
		}
		// The offcuts its cut used are sawn up: nothing can put them back now.
		where3, args3 := ownerWhere(owner, 3)
		if _, err := tx.Exec(ctx, `DELETE FROM stock_rows WHERE kind = $1 AND consumed_by = $2 AND `+where3,
			append([]any{store.StockKindOffcut, id}, args3...)...); err != nil {
			return err
		}
		// Of a job that is not cut, only offcuts a later cut job used
		// remain, boards that were never made (its undo removed the
		// others): with the job gone, nothing would tell that job's undo
		// not to put them back. A cut job's own offcuts exist and stay.
		if state != store.StateCut {
			_, err = tx.Exec(ctx, `DELETE FROM stock_rows WHERE kind = $1 AND source = $2 AND `+where3,
				append([]any{store.StockKindOffcut, id}, args3...)...)
		}
		return err
	})
	if apperr.CodeOf(err) == apperr.NotFound {
		return err
	}
	if err != nil {
		return wrap("postgres: delete layout", err)
	}
	return nil
}

// nullText is a JSON column's value: NULL for nil.
func nullText(b []byte) *string {
	if b == nil {
		return nil
	}
	s := string(b)
	return &s
}
