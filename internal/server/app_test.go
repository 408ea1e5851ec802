package server

import (
	"log/slog"
	"net/http/httptest"
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
