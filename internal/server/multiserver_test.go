package server

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"

	"kesim/internal/password"
	"kesim/internal/store"
	"kesim/internal/store/postgres"
)

// Servers keep no state of their own (docs/architecture.md): sessions,
// saved work and the sign-in limits live in the database, so a company may
// run several servers behind one proxy. These tests prove it on two
// servers, each with its own PostgreSQL pool, on one fresh schema.

// sharedSchema returns the URL of a new schema on the test's PostgreSQL
// server (dropped when the test ends), or skips.
func sharedSchema(t *testing.T) string {
	t.Helper()
	base := os.Getenv("KESIM_TEST_POSTGRES_URL")
	if base == "" {
		t.Skip("KESIM_TEST_POSTGRES_URL is not set: the two-server test is skipped " +
			"(.ci/run sets it, e.g. postgres://postgres@127.0.0.1:5432/test?sslmode=disable)")
	}
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, base)
	if err != nil {
		t.Fatalf("connect to the test server: %v", err)
	}
	defer conn.Close(ctx)
	schema := "kesim_test_" + store.NewID()
	if _, err := conn.Exec(ctx, "CREATE SCHEMA "+schema); err != nil {
		t.Fatalf("create schema: %v", err)
	}
	t.Cleanup(func() {
		conn, err := pgx.Connect(ctx, base)
		if err != nil {
			t.Errorf("connect to drop schema %s: %v", schema, err)
			return
		}
		defer conn.Close(ctx)
		if _, err := conn.Exec(ctx, "DROP SCHEMA "+schema+" CASCADE"); err != nil {
			t.Errorf("drop schema %s: %v", schema, err)
		}
	})
	u, err := url.Parse(base)
	if err != nil {
		t.Fatalf("KESIM_TEST_POSTGRES_URL: %v", err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}

// twoServers starts two servers on one database, each through its own
// store (its own connection pool), behind real HTTP, with the account ayse.
func twoServers(t *testing.T) (a, b *httptest.Server) {
	t.Helper()
	dbURL := sharedSchema(t)
	start := func() *httptest.Server {
		st, err := postgres.Open(context.Background(), dbURL)
		if err != nil {
			t.Fatalf("open the store: %v", err)
		}
		srv := httptest.NewServer(New(Config{Store: st, Logger: slog.New(slog.DiscardHandler), Metrics: true}))
		t.Cleanup(func() { srv.Close(); st.Close() }) // before the schema is dropped
		return srv
	}
	a, b = start(), start()
	st, err := postgres.Open(context.Background(), dbURL)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	h, err := password.Hash("ayse-parola")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.CreateUser(context.Background(), "ayse", h, true); err != nil {
		t.Fatal(err)
	}
	return a, b
}

// send makes one request to srv with the given cookies, as the page does
// (Origin on writes), and returns the status, body and cookies set.
func send(t *testing.T, srv *httptest.Server, method, path, body string, cookies []*http.Cookie) (int, string, []*http.Cookie) {
	t.Helper()
	r, err := http.NewRequest(method, srv.URL+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if method != http.MethodGet {
		r.Header.Set("Origin", srv.URL)
		r.Header.Set("Content-Type", "application/json")
	}
	for _, c := range cookies {
		r.AddCookie(&http.Cookie{Name: c.Name, Value: c.Value})
	}
	res, err := srv.Client().Do(r)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return res.StatusCode, string(b), res.Cookies()
}

func TestTwoServersShareSessionsAndLayouts(t *testing.T) {
	a, b := twoServers(t)
	status, body, cookies := send(t, a, "POST", "/api/auth/login", `{"username":"ayse","password":"ayse-parola"}`, nil)
	if status != 200 || len(cookies) == 0 {
		t.Fatalf("sign-in on A: %d %s (%d cookies)", status, body, len(cookies))
	}
	if status, body, _ := send(t, b, "GET", "/api/auth/me", "", cookies); status != 200 || !strings.Contains(body, `"username":"ayse"`) {
		t.Fatalf("A's session on B: %d %s", status, body)
	}
	if status, body, _ := send(t, b, "GET", "/api/layouts", "", nil); status != 401 {
		t.Fatalf("B without a session: %d %s, want 401", status, body)
	}

	layout := `{"name":"Mutfak dolabı","parts":[{"id":"p1","name":"Kapak","width":50,"height":30,"quantity":2}],` +
		`"sheet":{"width":183,"height":366.5}}`
	status, body, _ = send(t, a, "POST", "/api/layouts", layout, cookies)
	if status != http.StatusCreated {
		t.Fatalf("save on A: %d %s", status, body)
	}
	var saved struct{ ID string }
	if err := json.Unmarshal([]byte(body), &saved); err != nil || saved.ID == "" {
		t.Fatalf("saved layout %s: %v", body, err)
	}
	status, body, _ = send(t, b, "GET", "/api/layouts", "", cookies)
	if status != 200 || !strings.Contains(body, saved.ID) || !strings.Contains(body, "Mutfak dolabı") {
		t.Fatalf("B lists %d %s, want the layout saved on A (%s)", status, body, saved.ID)
	}

	// B's metrics show its own PostgreSQL pool.
	status, body, _ = send(t, b, "GET", "/metrics", "", nil)
	p := expfmt.NewTextParser(model.UTF8Validation)
	fams, err := p.TextToMetricFamilies(strings.NewReader(body))
	if status != 200 || err != nil {
		t.Fatalf("GET /metrics on B: %d %v", status, err)
	}
	for state, least := range map[string]float64{"open": 1, "max": 1} {
		if m := series(fams["kesim_db_connections"], map[string]string{"pool": "main", "state": state}); m.GetGauge().GetValue() < least {
			t.Errorf("B's pool, %s connections: %v, want at least %v", state, m, least)
		}
	}

	// Signing out on B ends the session on A, and a refresh token used on
	// one server is spent on the other.
	status, body, refreshed := send(t, b, "POST", "/api/auth/refresh", "", cookies)
	if status != 200 {
		t.Fatalf("refresh on B: %d %s", status, body)
	}
	if status, _, _ := send(t, a, "POST", "/api/auth/refresh", "", cookies); status != 401 {
		t.Errorf("the refresh token spent on B was taken again on A: %d", status)
	}
	if status, body, _ := send(t, a, "POST", "/api/auth/logout", "", refreshed); status >= 300 {
		t.Fatalf("sign-out on A: %d %s", status, body)
	}
	if status, _, _ := send(t, b, "GET", "/api/layouts", "", refreshed); status != 401 {
		t.Errorf("B still takes the session signed out on A: %d", status)
	}
}

func TestTwoServersShareTheSignInLimit(t *testing.T) {
	a, b := twoServers(t)
	wrong := `{"username":"ayse","password":"yanlis"}`
	for i := range maxPairFails {
		if status, body, _ := send(t, a, "POST", "/api/auth/login", wrong, nil); status != 401 {
			t.Fatalf("failure %d on A: %d %s", i+1, status, body)
		}
	}
	// The next attempt, on B and with the right password, meets the limit
	// A's failures reached.
	status, body, _ := send(t, b, "POST", "/api/auth/login", `{"username":"ayse","password":"ayse-parola"}`, nil)
	if status != http.StatusTooManyRequests || !strings.Contains(body, msgTooManyTries) {
		t.Fatalf("sign-in on B after %d failures on A: %d %s, want 429", maxPairFails, status, body)
	}
}

// What a user can send that PostgreSQL cannot hold is answered as on
// SQLite, never "Sunucu hatası": an id with a NUL or invalid UTF-8 in the
// path is a row that does not exist (404), a part line id with a NUL is
// refused (400 on its field).
func TestPostgresAnswersAsSQLite(t *testing.T) {
	pg, err := postgres.Open(context.Background(), sharedSchema(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { pg.Close() })
	servers := map[string]http.Handler{
		"postgres": New(Config{Store: pg, Logger: slog.New(slog.DiscardHandler)}),
		"sqlite":   New(Config{Store: newTestStore(t), Logger: slog.New(slog.DiscardHandler)}),
	}
	for _, c := range []struct {
		method, path, body string
		status             int
	}{
		{"GET", "/api/layouts/%00", "", http.StatusNotFound},
		{"GET", "/api/layouts/%FF", "", http.StatusNotFound},
		{"DELETE", "/api/layouts/a%C3%28", "", http.StatusNotFound},
		{"DELETE", "/api/parts/%00", "", http.StatusNotFound},
		{"PATCH", "/api/layouts/%00", `{"state":"cutting"}`, http.StatusNotFound},
		{"PUT", "/api/layouts/%00", `{"parts":[{"name":"x","width":1,"height":1,"quantity":1}]}`, http.StatusNotFound},
		{"PUT", "/api/layouts/%00/pieces/p1-0", `{"cut":true}`, http.StatusNotFound},
		{"POST", "/api/layouts/%00/pieces/p1-0/recut", ``, http.StatusNotFound},
		{"POST", "/api/layouts", `{"name":"A","parts":[{"id":"a\u0000","name":"x","width":1,"height":1,"quantity":1}]}`, http.StatusBadRequest},
		{"POST", "/api/sync", `{"parts":[],"layouts":[{"name":"A","parts":[{"id":"a\u0000","name":"x","width":1,"height":1,"quantity":1}]}]}`, http.StatusBadRequest},
	} {
		answers := map[string]string{}
		for name, h := range servers {
			w := do(h, c.method, c.path, c.body, "Origin", "http://localhost")
			if w.Code != c.status {
				t.Errorf("%s %s %s on %s: %d %s, want %d", c.method, c.path, c.body, name, w.Code, w.Body, c.status)
			}
			answers[name] = w.Body.String()
		}
		if answers["postgres"] != answers["sqlite"] {
			t.Errorf("%s %s: PostgreSQL answers %s, SQLite %s", c.method, c.path, answers["postgres"], answers["sqlite"])
		}
	}
}
