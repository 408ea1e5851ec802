package server

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"kesim/internal/apperr"
	"kesim/internal/store"
	"kesim/internal/store/sqlite"
	"kesim/internal/version"
	"kesim/nest"
)

func newTestServer(t *testing.T, app fstest.MapFS) http.Handler {
	t.Helper()
	cfg := Config{Store: newTestStore(t), Title: "Kesim", Machine: "CNC-1", Factory: "İzmir fabrikası"}
	if app != nil {
		cfg.App = app
	}
	return New(cfg)
}

func do(h http.Handler, method, path, body string, header ...string) *httptest.ResponseRecorder {
	r := httptest.NewRequest(method, "http://localhost"+path, strings.NewReader(body))
	for i := 0; i+1 < len(header); i += 2 {
		r.Header.Set(header[i], header[i+1])
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	return w
}

func TestHealthAndConfig(t *testing.T) {
	h := newTestServer(t, nil)
	w := do(h, "GET", "/api/health", "")
	build := version.Get()
	want := fmt.Sprintf(`{"status":"ok","database":"sqlite","version":%q,"commit":%q}`, build.Version, build.Commit)
	if w.Code != 200 || strings.TrimSpace(w.Body.String()) != want {
		t.Errorf("health: %d %s, want %s", w.Code, w.Body, want)
	}
	w = do(h, "GET", "/api/config", "")
	var cfg map[string]string
	if err := json.Unmarshal(w.Body.Bytes(), &cfg); err != nil || cfg["factory"] != "İzmir fabrikası" || cfg["machine"] != "CNC-1" {
		t.Errorf("config: %s %v", w.Body, err)
	}
}

// downStore is a store whose database has gone away: every question
// fails.
type downStore struct{ *sqlite.Store }

func (downStore) Ping(context.Context) error { return errors.New("connection refused") }

func (downStore) HasUsers(context.Context) (bool, error) {
	return false, apperr.Wrap("count users", errors.New("unexpected EOF"))
}

// With the database gone, /api/health says so as documented, 503 with
// "unavailable" for a load balancer, not the 500 of asking the database
// whether it has accounts.
func TestHealthWithTheDatabaseDown(t *testing.T) {
	st, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "k.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	h := New(Config{Store: downStore{st}})
	w := do(h, "GET", "/api/health", "")
	var answer healthStatus
	if err := json.Unmarshal(w.Body.Bytes(), &answer); err != nil || w.Code != http.StatusServiceUnavailable || answer.Status != "unavailable" {
		t.Errorf("health with the database down: %d %s", w.Code, w.Body)
	}
}

func TestNestAPI(t *testing.T) {
	h := newTestServer(t, nil)
	reqJSON := `{"sheet":{"width":100,"height":148},"parts":[{"id":"k","name":"Kapak","width":50,"height":74,"quantity":4}],"options":{"timeLimitMs":600000}}`
	w := do(h, "POST", "/api/nest", reqJSON)
	if w.Code != 200 {
		t.Fatalf("nest: %d %s", w.Code, w.Body)
	}
	var res nest.Result
	if err := json.Unmarshal(w.Body.Bytes(), &res); err != nil {
		t.Fatal(err)
	}
	var req nest.Request
	_ = json.Unmarshal([]byte(reqJSON), &req)
	if err := nest.Verify(req, res); err != nil {
		t.Fatal(err)
	}
	if res.Stats.Pages != 1 || !res.Stats.Optimal {
		t.Errorf("stats %+v", res.Stats)
	}
}

func TestNestAPIErrors(t *testing.T) {
	h := newTestServer(t, nil)
	tests := []struct {
		name, body string
		status     int
		code, msg  string
	}{
		{"bad width", `{"sheet":{"width":100,"height":148},"parts":[{"name":"A","width":0,"height":5,"quantity":1}]}`,
			400, "invalid", "Lütfen geçerli pozitif değerler girin!"},
		{"bad sheet", `{"sheet":{"width":0,"height":148},"parts":[{"name":"A","width":1,"height":5,"quantity":1}]}`,
			400, "invalid", "Lütfen geçerli genişlik ve yükseklik değerleri girin!"},
		{"not JSON", `{"sheet":`, 400, "invalid", "İstek gövdesi geçerli bir JSON değil."},
		{"wrong type", `{"sheet":{"width":"a"}}`, 400, "invalid", "Lütfen geçerli pozitif değerler girin!"},
		{"too large", `{"parts":[` + strings.Repeat(`{"name":"A","width":1,"height":1,"quantity":1},`, 120000) + `{}]}`,
			413, "too_large", "İstek gövdesi çok büyük: en fazla 5 MB gönderilebilir."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := do(h, "POST", "/api/nest", tt.body)
			var body struct {
				Error struct{ Code, Message string }
			}
			_ = json.Unmarshal(w.Body.Bytes(), &body)
			if w.Code != tt.status || body.Error.Code != tt.code || body.Error.Message != tt.msg {
				t.Errorf("got %d %s, want %d %s %q", w.Code, w.Body, tt.status, tt.code, tt.msg)
			}
		})
	}
	// A path the mux would clean with an HTML redirect is an unknown API path too.
	for _, p := range []string{"/api", "/api/layouts//x", "/api/parts/../layouts", "/api/./health"} {
		if w := do(h, "GET", p, ""); w.Code != 404 || !strings.Contains(w.Body.String(), msgNoRoute) {
			t.Errorf("GET %s: %d %s", p, w.Code, w.Body)
		}
	}
	if w := do(h, "GET", "/api/health", ""); w.Code != 200 {
		t.Errorf("GET /api/health: %d", w.Code)
	}
	if w := do(h, "GET", "/api/nope", ""); w.Code != 404 || !strings.Contains(w.Body.String(), "not_found") {
		t.Errorf("unknown API path: %d %s", w.Code, w.Body)
	}
}

func TestAppServing(t *testing.T) {
	wasm := bytes.Repeat([]byte("\x00asm"), 1000)
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	_, _ = zw.Write(wasm)
	_ = zw.Close()
	app := fstest.MapFS{
		"index.html":          {Data: []byte("<!doctype html><title>Kesim</title>" + strings.Repeat(" ", 2000))},
		"assets/app-abc1.js":  {Data: []byte(strings.Repeat("console.log('kesim');\n", 200))},
		"engine.wasm":         {Data: wasm},
		"engine.wasm.gz":      {Data: gz.Bytes()},
		"wasm_exec.js":        {Data: []byte("// go")},
		"assets/logo-123.png": {Data: []byte("\x89PNG")},
	}
	h := newTestServer(t, app)

	w := do(h, "GET", "/", "")
	if w.Code != 200 || !strings.Contains(w.Body.String(), "<title>Kesim</title>") || w.Header().Get("Cache-Control") != "no-cache" {
		t.Errorf("index: %d %q", w.Code, w.Header())
	}
	for _, hdr := range []string{"Content-Security-Policy", "X-Content-Type-Options", "Referrer-Policy"} {
		if w.Header().Get(hdr) == "" {
			t.Errorf("%s missing", hdr)
		}
	}
	if csp := w.Header().Get("Content-Security-Policy"); !strings.Contains(csp, "'wasm-unsafe-eval'") || !strings.Contains(csp, "frame-ancestors 'none'") {
		t.Errorf("CSP %q", csp)
	}
	if w := do(h, "GET", "/some/client/route", ""); w.Code != 200 || !strings.Contains(w.Body.String(), "Kesim") {
		t.Errorf("client route: %d", w.Code)
	}
	if w := do(h, "GET", "/missing.js", ""); w.Code != 404 {
		t.Errorf("missing file: %d", w.Code)
	}
	// The metrics are off here (Config.Metrics): a scraper gets 404, not the page.
	if w := do(h, "GET", "/metrics", ""); w.Code != 404 || strings.Contains(w.Body.String(), "<title>") {
		t.Errorf("GET /metrics with metrics off: %d %.80s", w.Code, w.Body)
	}

	w = do(h, "GET", "/engine.wasm", "", "Accept-Encoding", "gzip, br")
	if w.Code != 200 || w.Header().Get("Content-Type") != "application/wasm" || w.Header().Get("Content-Encoding") != "gzip" {
		t.Fatalf("wasm: %d %v", w.Code, w.Header())
	}
	zr, err := gzip.NewReader(w.Body)
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := io.ReadAll(zr); !bytes.Equal(got, wasm) {
		t.Error("gzipped wasm does not decompress to the module")
	}
	if w := do(h, "GET", "/engine.wasm", ""); !bytes.Equal(w.Body.Bytes(), wasm) || w.Header().Get("Content-Encoding") != "" {
		t.Error("plain wasm for a client without gzip")
	}
	// The engine is revalidated, unless asked for under the version the
	// app was built with: then the browser keeps it (and Chrome its
	// optimised code) without asking again.
	if w := do(h, "GET", "/engine.wasm", "", "Accept-Encoding", "gzip"); w.Header().Get("Cache-Control") != "no-cache" {
		t.Errorf("unversioned engine: Cache-Control %q", w.Header().Get("Cache-Control"))
	}
	w = do(h, "GET", "/engine.wasm?v=3f2a9c", "", "Accept-Encoding", "gzip")
	if w.Code != 200 || w.Header().Get("Cache-Control") != "public, max-age=31536000, immutable" || w.Header().Get("Content-Encoding") != "gzip" {
		t.Errorf("versioned engine: %d %v", w.Code, w.Header())
	}
	if w := do(h, "GET", "/wasm_exec.js?v=3f2a9c", ""); w.Header().Get("Cache-Control") != "no-cache" {
		t.Errorf("only the engine is kept by version: wasm_exec.js Cache-Control %q", w.Header().Get("Cache-Control"))
	}

	w = do(h, "GET", "/assets/app-abc1.js", "", "Accept-Encoding", "gzip")
	if w.Header().Get("Cache-Control") != "public, max-age=31536000, immutable" || w.Header().Get("Content-Encoding") != "gzip" {
		t.Errorf("asset headers %v", w.Header())
	}
	etag := w.Header().Get("ETag")
	if w := do(h, "GET", "/assets/app-abc1.js", "", "Accept-Encoding", "gzip", "If-None-Match", etag); w.Code != http.StatusNotModified {
		t.Errorf("revalidation: %d, want 304", w.Code)
	}
}

func TestAppNotBuilt(t *testing.T) {
	h := New(Config{})
	w := do(h, "GET", "/", "")
	if w.Code != http.StatusServiceUnavailable || !strings.Contains(w.Body.String(), "make build") {
		t.Errorf("%d %s", w.Code, w.Body)
	}
	if w := do(h, "GET", "/api/health", ""); w.Code != 200 || !strings.Contains(w.Body.String(), `"none"`) {
		t.Errorf("health without a store: %d %s", w.Code, w.Body)
	}
}

func newTestStore(t *testing.T) store.Store {
	t.Helper()
	st, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "kesim.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}
