package server

import (
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"
)

// Dotfiles that came along with the build are never served, and a path
// with a dot segment is no client-side route either.
func TestAppRefusesDotfiles(t *testing.T) {
	app := fstest.MapFS{
		"index.html":        {Data: []byte("<!doctype html><title>Kesim</title>")},
		"assets/app-1.js":   {Data: []byte("console.log(1)")},
		".env":              {Data: []byte("GIZLI=1")},
		".git/config":       {Data: []byte("[core] GIZLI")},
		"assets/.cache.js":  {Data: []byte("GIZLI")},
		".well-known/x.txt": {Data: []byte("GIZLI")},
	}
	h := New(Config{App: app, Logger: slog.New(slog.DiscardHandler)})
	for _, path := range []string{"/.env", "/.git/config", "/.git/", "/.git", "/assets/.cache.js", "/.well-known/x.txt", "/.gizli-sayfa", "/a/.b/c"} {
		w := httptest.NewRecorder()
		h.ServeHTTP(w, httptest.NewRequest("GET", "http://localhost"+path, nil))
		if w.Code != 404 || strings.Contains(w.Body.String(), "GIZLI") || strings.Contains(w.Body.String(), "<title>") {
			t.Errorf("GET %s: %d %.60q, want 404", path, w.Code, w.Body)
		}
	}
	for _, path := range []string{"/", "/assets/app-1.js", "/kayitli/duzen"} {
		w := httptest.NewRecorder()
		h.ServeHTTP(w, httptest.NewRequest("GET", "http://localhost"+path, nil))
		if w.Code != 200 {
			t.Errorf("GET %s: %d", path, w.Code)
		}
	}
}

// What is no file and no metrics is answered in Turkish plain text, with
// its status (Go's own answers were English: "404 page not found",
// "Method Not Allowed"); a path without an extension is still the app.
func TestNonAPIAnswersInTurkish(t *testing.T) {
	app := fstest.MapFS{"index.html": {Data: []byte("<!doctype html><title>Kesim</title>")}}
	quiet := slog.New(slog.DiscardHandler)
	on := New(Config{App: app, Logger: quiet, Metrics: true})
	off := New(Config{App: app, Logger: quiet})
	noIndex := New(Config{App: fstest.MapFS{"x.js": {Data: []byte("1")}}, Logger: quiet})
	for _, c := range []struct {
		h              http.Handler
		method, path   string
		header, status int
		want           string
	}{
		{off, "GET", "/.env", 0, 404, msgNoFile},
		{off, "GET", "/nonexistent.js", 0, 404, msgNoFile},
		{off, "GET", "/assets/yok-123.css", 0, 404, msgNoFile},
		{off, "POST", "/", 0, 405, msgReadOnly},
		{off, "DELETE", "/kayitli/duzen", 0, 405, msgReadOnly},
		{noIndex, "GET", "/kayitli/duzen", 0, 404, msgNoFile},
		{off, "GET", "/metrics", 0, 404, msgMetricsOff},
		{off, "POST", "/metrics", 0, 404, msgMetricsOff},
		{on, "GET", "/metrics", 1, 404, msgMetricsProxied},
		{on, "GET", "/metrics", 2, 404, msgMetricsProxied},
		{on, "GET", "/metrics", 3, 404, msgMetricsProxied},
		{on, "POST", "/metrics", 0, 405, msgMetricsMethod},
		{on, "PUT", "/metrics", 0, 405, msgMetricsMethod},
	} {
		r := httptest.NewRequest(c.method, "http://localhost"+c.path, nil)
		switch c.header {
		case 1:
			r.Header.Set("X-Forwarded-For", "203.0.113.7")
		case 2:
			r.Header.Set("Forwarded", "for=203.0.113.7")
		case 3:
			r.Header.Set("X-Real-IP", "203.0.113.7")
		}
		w := httptest.NewRecorder()
		c.h.ServeHTTP(w, r)
		if w.Code != c.status || strings.TrimSpace(w.Body.String()) != c.want || w.Header().Get("Content-Type") != "text/plain; charset=utf-8" {
			t.Errorf("%s %s (header %d): %d %q %q, want %d %q", c.method, c.path, c.header, w.Code, w.Header().Get("Content-Type"), w.Body, c.status, c.want)
		}
		if c.status == 405 && w.Header().Get("Allow") != "GET, HEAD" {
			t.Errorf("%s %s: Allow %q", c.method, c.path, w.Header().Get("Allow"))
		}
	}
	for _, c := range []struct {
		h    http.Handler
		path string
	}{{off, "/kayitli/duzen"}, {on, "/metrics"}} {
		if w := do(c.h, "HEAD", c.path, ""); w.Code != 200 {
			t.Errorf("HEAD %s: %d", c.path, w.Code)
		}
	}
}

// A Range header the file cannot satisfy, or one that is malformed, is
// answered 416 in Turkish plain text (Go's own body was English: "invalid
// range: failed to overlap"), with the Content-Range Go sets; a valid
// range is still 206 with its bytes, plain or gzip-compressed.
func TestAppRangeAnswers(t *testing.T) {
	js := strings.Repeat("console.log('kesim');\n", 200)
	app := fstest.MapFS{
		"index.html":      {Data: []byte("<!doctype html><title>Kesim</title>")},
		"assets/app-1.js": {Data: []byte(js)},
	}
	h := New(Config{App: app, Logger: slog.New(slog.DiscardHandler)})
	for _, c := range []struct {
		path, rng, enc string
		wantCR         string // Content-Range, "" for a malformed header
	}{
		{"/assets/app-1.js", "bytes=999999999-", "", "bytes */" + strconv.Itoa(len(js))},
		{"/assets/app-1.js", "bytes=999999999-", "gzip", "bytes */"},
		{"/", "bytes=999999999-1000000000", "", "bytes */"},
		{"/kayitli/duzen", "bytes=5000-", "", "bytes */"},
		{"/assets/app-1.js", "bytes=abc", "", ""},
		{"/assets/app-1.js", "elmalar=0-1", "", ""},
	} {
		w := do(h, "GET", c.path, "", "Range", c.rng, "Accept-Encoding", c.enc)
		if w.Code != 416 || strings.TrimSpace(w.Body.String()) != msgBadRange || w.Header().Get("Content-Type") != "text/plain; charset=utf-8" {
			t.Errorf("GET %s Range %q (%s): %d %q %q, want 416 %q", c.path, c.rng, c.enc, w.Code, w.Header().Get("Content-Type"), w.Body, msgBadRange)
		}
		if cr := w.Header().Get("Content-Range"); !strings.HasPrefix(cr, c.wantCR) || (c.wantCR == "") != (cr == "") {
			t.Errorf("GET %s Range %q (%s): Content-Range %q, want %q...", c.path, c.rng, c.enc, cr, c.wantCR)
		}
		if ce := w.Header().Get("Content-Encoding"); ce != "" {
			t.Errorf("GET %s Range %q (%s): Content-Encoding %q on the Turkish text", c.path, c.rng, c.enc, ce)
		}
	}
	w := do(h, "GET", "/assets/app-1.js", "", "Range", "bytes=0-6")
	if w.Code != 206 || w.Body.String() != "console" || w.Header().Get("Content-Range") != "bytes 0-6/"+strconv.Itoa(len(js)) {
		t.Errorf("GET Range bytes=0-6: %d %q %q", w.Code, w.Header().Get("Content-Range"), w.Body)
	}
	w = do(h, "GET", "/assets/app-1.js", "", "Range", "bytes=0-1", "Accept-Encoding", "gzip")
	if w.Code != 206 || w.Body.Len() != 2 || w.Header().Get("Content-Encoding") != "gzip" || !strings.HasPrefix(w.Header().Get("Content-Range"), "bytes 0-1/") {
		t.Errorf("GET gzip Range bytes=0-1: %d %q %q", w.Code, w.Header().Get("Content-Range"), w.Body)
	}
	// Over a real connection: the body's length is the Turkish text's.
	srv := httptest.NewServer(h)
	defer srv.Close()
	req, _ := http.NewRequest("GET", srv.URL+"/assets/app-1.js", nil)
	req.Header.Set("Range", "bytes=999999999-")
	resp, err := srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != 416 || string(b) != msgBadRange+"\n" {
		t.Errorf("over HTTP: %d %q", resp.StatusCode, b)
	}
}
