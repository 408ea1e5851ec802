package postgres

import (
	"context"
	"io/fs"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"kesim/internal/store"
	"kesim/internal/store/storetest"
)

// TestMigrationCountsOldLayouts opens a database of schema 5 with saved
// layouts: the migration fills their part counts, and the list shows them.
func TestMigrationCountsOldLayouts(t *testing.T) {
	u := schemaURL(t)
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, u)
	if err != nil {
		t.Fatal(err)
	}
	sub, _ := fs.Sub(migrationFiles, "migrations")
	migrations, err := store.Migrations(sub)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := conn.Exec(ctx, `CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())`); err != nil {
		t.Fatal(err)
	}
	for _, m := range migrations[:5] {
		if _, err := conn.Exec(ctx, m.SQL); err != nil {
			t.Fatalf("%s: %v", m.Name, err)
		}
		if _, err := conn.Exec(ctx, `INSERT INTO schema_migrations (version) VALUES ($1)`, m.Version); err != nil {
			t.Fatal(err)
		}
	}
	old := []struct{ id, name, parts string }{
		{strings.Repeat("a", 32), "Mutfak", `[{"id":"p1","name":"Kapak","width":50,"height":30,"quantity":2},` +
			`{"id":"p2","name":"Raf","width":45.55,"height":12.05,"quantity":7,"rotate":false}]`},
		{strings.Repeat("b", 32), "Boş", `[]`},
		{strings.Repeat("c", 32), "Büyük", `[{"name":"A","width":1,"height":1,"quantity":100000},{"name":"B","width":1,"height":1,"quantity":100000}]`},
	}
	for i, l := range old {
		if _, err := conn.Exec(ctx, `INSERT INTO saved_layouts (id, name, parts_data, sheet, options, user_id, created_at)
			VALUES ($1, $2, $3::jsonb, '{"width":183,"height":366.5}', '{"kerf":0.3}', 'u1', $4)`,
			l.id, l.name, l.parts, time.Date(2026, 1, 1+i, 0, 0, 0, 0, time.UTC)); err != nil {
			t.Fatal(err)
		}
	}
	conn.Close(ctx)

	s, err := Open(ctx, u)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	page, err := s.ListLayouts(ctx, store.User("u1"), store.LayoutQuery{})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][2]int{"Mutfak": {2, 9}, "Boş": {0, 0}, "Büyük": {2, 200000}}
	if len(page.Layouts) != len(want) {
		t.Fatalf("listed %+v, want %d layouts", page.Layouts, len(want))
	}
	for _, l := range page.Layouts {
		if got := [2]int{l.PartLines, l.Pieces}; got != want[l.Name] || l.Sheet == nil || l.Sheet.Height != 366.5 {
			t.Errorf("%s listed with %d lines, %d pieces, sheet %v; want %v", l.Name, l.PartLines, l.Pieces, l.Sheet, want[l.Name])
		}
	}
	l, err := s.GetLayout(ctx, store.User("u1"), old[0].id)
	if err != nil || len(l.Parts) != 2 || l.Parts[1].Width != 45.55 || l.Options.Kerf != 0.3 {
		t.Errorf("old layout: %+v, %v", l, err)
	}
}

// TestListLayoutsUsesIndex checks the plan of a page further down a large
// list: the owner's index gives the order and the start, with no sort.
func TestListLayoutsUsesIndex(t *testing.T) {
	s := openTemp(t)
	ctx := context.Background()
	// Enough rows for the planner to prefer the index to a scan.
	if _, err := s.pool.Exec(ctx, `INSERT INTO saved_layouts (id, name, parts_data, sheet, options, user_id, created_at)
		SELECT md5(i::text), 'Düzen ' || i, '[]', '{"width":1,"height":1}', '{}', 'u' || (i % 20),
			now() - i * interval '1 minute'
		FROM generate_series(1, 20000) AS i`); err != nil {
		t.Fatal(err)
	}
	if _, err := s.pool.Exec(ctx, `ANALYZE saved_layouts`); err != nil {
		t.Fatal(err)
	}
	page, err := s.ListLayouts(ctx, store.User("u3"), store.LayoutQuery{Limit: 2})
	if err != nil || page.Next == "" {
		t.Fatalf("first page: %+v, %v", page, err)
	}
	l, err := store.LayoutQuery{Limit: 50, Search: "düzen", Cursor: page.Next}.Check()
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []store.LayoutListing{{Limit: 50}, l} {
		query, args := listLayoutsSQL(store.User("u3"), q)
		rows, err := s.pool.Query(ctx, `EXPLAIN `+query, args...)
		if err != nil {
			t.Fatal(err)
		}
		var plan []string
		for rows.Next() {
			var line string
			if err := rows.Scan(&line); err != nil {
				t.Fatal(err)
			}
			plan = append(plan, line)
		}
		rows.Close()
		all := strings.Join(plan, "\n")
		t.Logf("%s\n%s", query, all)
		if !strings.Contains(all, "saved_layouts_owner_created") || strings.Contains(all, "Sort") {
			t.Errorf("plan:\n%s\nwant the owner's index and no sort", all)
		}
	}
}

func TestOlderResult(t *testing.T) {
	s := openTemp(t)
	storetest.OlderResult(t, s, func(id string, result []byte) {
		if _, err := s.pool.Exec(context.Background(), `UPDATE saved_layouts SET result = $1 WHERE id = $2`, string(result), id); err != nil {
			t.Fatal(err)
		}
	})
}
