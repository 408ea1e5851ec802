package sqlite

import (
	"context"
	"database/sql"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"kesim/internal/store"
	"kesim/internal/store/storetest"
)

// oldLayouts are rows as the schema before migration 6 kept them: parts
// only in parts_data.
var oldLayouts = []struct{ id, name, parts string }{
	{strings.Repeat("a", 32), "Mutfak", `[{"id":"p1","name":"Kapak","width":50,"height":30,"quantity":2},` +
		`{"id":"p2","name":"Raf","width":45.55,"height":12.05,"quantity":7,"rotate":false}]`},
	{strings.Repeat("b", 32), "Boş", `[]`},
	{strings.Repeat("c", 32), "Büyük", `[{"name":"A","width":1,"height":1,"quantity":100000},{"name":"B","width":1,"height":1,"quantity":100000}]`},
}

// TestMigrationCountsOldLayouts opens a database of schema 5 with saved
// layouts: the migration fills their part counts, and the list shows them.
func TestMigrationCountsOldLayouts(t *testing.T) {
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
	if _, err := db.ExecContext(ctx, `CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, applied_at INTEGER NOT NULL)`); err != nil {
		t.Fatal(err)
	}
	for _, m := range migrations[:5] {
		if _, err := db.ExecContext(ctx, m.SQL); err != nil {
			t.Fatalf("%s: %v", m.Name, err)
		}
		if _, err := db.ExecContext(ctx, `INSERT INTO schema_migrations VALUES (?, 0)`, m.Version); err != nil {
			t.Fatal(err)
		}
	}
	for i, l := range oldLayouts {
		if _, err := db.ExecContext(ctx, `INSERT INTO saved_layouts (id, name, parts_data, sheet, options, user_id, created_at)
			VALUES (?, ?, ?, '{"width":183,"height":366.5}', '{"kerf":0.3}', NULL, ?)`, l.id, l.name, l.parts, 1e15+i); err != nil {
			t.Fatal(err)
		}
	}
	db.Close()

	s, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	page, err := s.ListLayouts(ctx, store.Anonymous(), store.LayoutQuery{})
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
	l, err := s.GetLayout(ctx, store.Anonymous(), oldLayouts[0].id)
	if err != nil || len(l.Parts) != 2 || l.Parts[1].Width != 45.55 || l.Options.Kerf != 0.3 {
		t.Errorf("old layout: %+v, %v", l, err)
	}
}

// TestListLayoutsUsesIndex checks the plans of a page and of a search: the
// owner's index gives the order, so no row is sorted and a page reads only
// as many rows as it needs.
func TestListLayoutsUsesIndex(t *testing.T) {
	s := openTemp(t)
	after := store.LayoutListing{Limit: 50, After: true, CreatedAt: time.Now(), ID: strings.Repeat("a", 32)}
	search := after
	search.Fold = "kapi"
	for _, c := range []struct {
		owner store.Owner
		l     store.LayoutListing
	}{
		{store.User("u"), store.LayoutListing{Limit: 50}},
		{store.Anonymous(), after},
		{store.User("u"), search},
	} {
		q, args := listLayoutsSQL(c.owner, c.l)
		rows, err := s.read.Query(`EXPLAIN QUERY PLAN `+q, args...)
		if err != nil {
			t.Fatal(err)
		}
		var plan []string
		for rows.Next() {
			var id, parent, unused int
			var detail string
			if err := rows.Scan(&id, &parent, &unused, &detail); err != nil {
				t.Fatal(err)
			}
			plan = append(plan, detail)
		}
		rows.Close()
		all := strings.Join(plan, "; ")
		t.Logf("%s\n\t%s", q, all)
		if !strings.Contains(all, "saved_layouts_owner_created") || strings.Contains(all, "TEMP B-TREE") {
			t.Errorf("plan of %s:\n%s\nwant the owner's index and no sort", q, all)
		}
	}
}

func TestOlderResult(t *testing.T) {
	s := openTemp(t)
	storetest.OlderResult(t, s, func(id string, result []byte) {
		if _, err := s.write.Exec(`UPDATE saved_layouts SET result = ? WHERE id = ?`, string(result), id); err != nil {
			t.Fatal(err)
		}
	})
}
