package sqlite

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"io/fs"
	"path/filepath"
	"reflect"
	"strings"
	"sync/atomic"
	"testing"

	"kesim/internal/store"
	"kesim/nest"
)

// TestMigrationFromVersion8 opens a database of schema 8 with a part and a
// layout saved before stock rows existed: migrations 9 and 10 run, the old
// rows read back without material, stock or bands, the layout as a planned
// job without a result, and the new tables work.
func TestMigrationFromVersion8(t *testing.T) {
	path := filepath.Join(t.TempDir(), "kesim.db")
	ctx := context.Background()
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	sub, _ := fs.Sub(migrationFiles, "migrations")
	migrations, err := store.Migrations(sub)
	if err != nil {
		t.Fatal(err)
	}
	if len(migrations) < 9 || migrations[8].Version != 9 {
		t.Fatalf("migrations %d, want a 9th", len(migrations))
	}
	if _, err := db.ExecContext(ctx, `CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, applied_at INTEGER NOT NULL)`); err != nil {
		t.Fatal(err)
	}
	for _, m := range migrations[:8] {
		if _, err := db.ExecContext(ctx, m.SQL); err != nil {
			t.Fatalf("%s: %v", m.Name, err)
		}
		if _, err := db.ExecContext(ctx, `INSERT INTO schema_migrations VALUES (?, 0)`, m.Version); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := db.ExecContext(ctx, `INSERT INTO parts (id, name, width, height, quantity, user_id, created_at)
		VALUES ('p1', 'Kapak', 4555, 3000, 2, NULL, 1000000000000000)`); err != nil {
		t.Fatal(err)
	}
	if _, err := db.ExecContext(ctx, `INSERT INTO saved_layouts (id, name, parts_data, sheet, options, part_lines, pieces, user_id, created_at)
		VALUES ('l1', 'Eski', '[{"id":"p1","name":"Kapak","width":45.55,"height":30,"quantity":2}]',
		'{"width":183,"height":366.5}', '{"kerf":0.3}', 1, 2, NULL, 1000000000000000)`); err != nil {
		t.Fatal(err)
	}
	db.Close()

	s, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	parts, err := s.ListParts(ctx, store.Anonymous())
	if err != nil || len(parts) != 1 {
		t.Fatalf("parts %+v, %v", parts, err)
	}
	if p := parts[0]; p.Width != 45.55 || p.Material != "" || p.Thickness != 0 || p.Grain != "" || p.Edges != nil {
		t.Errorf("old part read back %+v", p)
	}
	l, err := s.GetLayout(ctx, store.Anonymous(), "l1")
	if err != nil || len(l.Parts) != 1 || l.Stock != nil || l.Bands != nil || l.Options.Kerf != 0.3 {
		t.Errorf("old layout %+v, %v", l, err)
	}
	if l.State != store.StatePlanned || l.Result != nil || l.StateAt != nil || len(l.CutPieces) != 0 || l.Progress != (store.Progress{}) {
		t.Errorf("old layout's job: state %q result %v at %v ticks %v progress %+v", l.State, l.Result, l.StateAt, l.CutPieces, l.Progress)
	}
	if page, err := s.ListLayouts(ctx, store.Anonymous(), store.LayoutQuery{}); err != nil || len(page.Layouts) != 1 || page.Layouts[0].State != store.StatePlanned {
		t.Errorf("old layout listed %+v, %v", page, err)
	}
	list, err := s.GetStock(ctx, store.Anonymous())
	if err != nil || len(list.Stock) != 0 || len(list.Bands) != 0 || len(list.Offcuts) != 0 ||
		list.Settings == nil || list.Settings.MinUse != store.DefaultOffcutUse {
		t.Errorf("stock after migration %+v, %v", list, err)
	}
}

// countingConnector opens connections of the sqlite driver that count the
// statements naming a table.
type countingConnector struct {
	driver driver.Driver
	dsn    string
	table  string
	n      *atomic.Int64
}

func (c countingConnector) Connect(context.Context) (driver.Conn, error) {
	conn, err := c.driver.Open(c.dsn)
	if err != nil {
		return nil, err
	}
	return countingConn{conn, c}, nil
}

func (c countingConnector) Driver() driver.Driver { return c.driver }

type countingConn struct {
	driver.Conn
	c countingConnector
}

func (c countingConn) count(query string) {
	if strings.Contains(query, c.c.table) {
		c.c.n.Add(1)
	}
}

func (c countingConn) QueryContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Rows, error) {
	c.count(query)
	return c.Conn.(driver.QueryerContext).QueryContext(ctx, query, args)
}

func (c countingConn) PrepareContext(ctx context.Context, query string) (driver.Stmt, error) {
	c.count(query)
	return c.Conn.(driver.ConnPrepareContext).PrepareContext(ctx, query)
}

// GetStock reads the owner's offcut_settings row once, for the version and
// the settings together (it had read it twice), with or without the row.
func TestGetStockReadsSettingsOnce(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "kesim.db")
	s, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var n atomic.Int64
	read := sql.OpenDB(countingConnector{s.read.Driver(), path + "?" + pragmas + "&_pragma=query_only(1)", "offcut_settings", &n})
	s.read.Close()
	s.read = read

	owner := store.User("u1")
	list, err := s.GetStock(ctx, owner)
	if err != nil || list.Version != 0 || list.Settings == nil || !reflect.DeepEqual(*list.Settings, store.DefaultOffcutSettings()) {
		t.Fatalf("stock without a settings row: version %d settings %+v, %v", list.Version, list.Settings, err)
	}
	if got := n.Swap(0); got != 1 {
		t.Errorf("without a settings row: %d queries of offcut_settings, want 1", got)
	}
	settings := store.OffcutSettings{Rules: []nest.OffcutRule{{MinWidth: 20, MinHeight: 25}}, MaxArea: 2, MinUse: 40}
	if _, err := s.ReplaceStock(ctx, owner, store.StockList{Settings: &settings}); err != nil {
		t.Fatal(err)
	}
	n.Store(0)
	list, err = s.GetStock(ctx, owner)
	if err != nil || list.Version != 1 || list.Settings == nil || !reflect.DeepEqual(*list.Settings, settings) {
		t.Fatalf("stock after a save: version %d settings %+v, %v", list.Version, list.Settings, err)
	}
	if got := n.Load(); got != 1 {
		t.Errorf("with a settings row: %d queries of offcut_settings, want 1", got)
	}
}
