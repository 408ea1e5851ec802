package postgres

import (
	"context"
	"errors"
	"net/url"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/jackc/pgx/v5"

	"kesim/internal/store"
	"kesim/internal/store/storetest"
)

// serverURL returns the PostgreSQL server of the tests, or skips.
func serverURL(tb testing.TB) string {
	tb.Helper()
	u := os.Getenv("KESIM_TEST_POSTGRES_URL")
	if u == "" {
		tb.Skip("KESIM_TEST_POSTGRES_URL is not set: the PostgreSQL store suite is skipped " +
			"(.ci/run sets it, e.g. postgres://postgres@127.0.0.1:5432/test?sslmode=disable)")
	}
	return u
}

// schemaURL creates a schema of its own for the calling test, dropped when
// it ends, and returns a URL whose search_path selects it: parallel runs and
// reruns never see each other's tables.
func schemaURL(tb testing.TB) string {
	tb.Helper()
	base := serverURL(tb)
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, base)
	if err != nil {
		tb.Fatalf("connect to the test server: %v", err)
	}
	defer conn.Close(ctx)
	schema := "kesim_test_" + store.NewID()
	if _, err := conn.Exec(ctx, "CREATE SCHEMA "+schema); err != nil {
		tb.Fatalf("create schema: %v", err)
	}
	tb.Cleanup(func() {
		conn, err := pgx.Connect(ctx, base)
		if err != nil {
			tb.Errorf("connect to drop schema %s: %v", schema, err)
			return
		}
		defer conn.Close(ctx)
		if _, err := conn.Exec(ctx, "DROP SCHEMA "+schema+" CASCADE"); err != nil {
			tb.Errorf("drop schema %s: %v", schema, err)
		}
	})
	u, err := url.Parse(base)
	if err != nil {
		tb.Fatalf("KESIM_TEST_POSTGRES_URL: %v", err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}

func openTemp(tb testing.TB) *Store {
	tb.Helper()
	s, err := Open(context.Background(), schemaURL(tb))
	if err != nil {
		tb.Fatalf("Open: %v", err)
	}
	tb.Cleanup(func() { s.Close() }) // runs before the schema is dropped
	return s
}

func TestAccounts(t *testing.T) {
	serverURL(t)
	storetest.RunAccounts(t, func(t *testing.T) storetest.AccountStore { return openTemp(t) })
}

func TestStore(t *testing.T) {
	serverURL(t)
	storetest.Run(t, func(t *testing.T) store.Store { return openTemp(t) })
}

func TestTwoStoresOneDatabase(t *testing.T) {
	storetest.RunShared(t, func(t *testing.T) (store.Store, store.Store) {
		u := schemaURL(t)
		// Both start at once on the new database, as two servers do: the
		// migrations run once and neither fails.
		var stores [2]*Store
		var errs [2]error
		var wg sync.WaitGroup
		for i := range stores {
			wg.Add(1)
			go func() {
				defer wg.Done()
				stores[i], errs[i] = Open(context.Background(), u)
			}()
		}
		wg.Wait()
		for i, s := range stores {
			if errs[i] != nil {
				t.Fatalf("Open %d: %v", i, errs[i])
			}
			t.Cleanup(func() { s.Close() })
		}
		return stores[0], stores[1]
	})
}

func BenchmarkStore(b *testing.B) {
	serverURL(b)
	storetest.Bench(b, func(b *testing.B) store.Store { return openTemp(b) })
}

func TestReopenAndRefuseNewerSchema(t *testing.T) {
	u := schemaURL(t)
	ctx := context.Background()
	s, err := Open(ctx, u)
	if err != nil {
		t.Fatal(err)
	}
	p, err := s.CreatePart(ctx, store.User("u1"), store.PartInput{Name: "Kapak", Width: 45.55, Height: 999.99, Quantity: 2})
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	s, err = Open(ctx, u)
	if err != nil {
		t.Fatalf("reopen: %v", err)
	}
	got, err := s.ListParts(ctx, store.User("u1"))
	if err != nil || len(got) != 1 || got[0].Width != 45.55 || got[0].Height != 999.99 || !got[0].CreatedAt.Equal(p.CreatedAt) {
		t.Errorf("after reopen: %+v, %v; want [%+v]", got, err, p)
	}
	if _, err := s.pool.Exec(ctx, `INSERT INTO schema_migrations (version) VALUES (999)`); err != nil {
		t.Fatal(err)
	}
	s.Close()
	_, err = Open(ctx, u)
	var tooNew *store.SchemaTooNewError
	if !errors.As(err, &tooNew) || tooNew.Database != 999 {
		t.Fatalf("Open on a newer schema: %v, want SchemaTooNewError for version 999", err)
	}
}

func TestInvalidURL(t *testing.T) {
	_, err := Open(context.Background(), "postgres://kesim:gizli@[::1")
	if err == nil {
		t.Fatal("Open accepted a malformed URL")
	}
	if s := err.Error(); strings.Contains(s, "gizli") {
		t.Errorf("error %q shows the password", s)
	}
}
