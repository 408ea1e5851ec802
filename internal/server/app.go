package server

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strings"
	"sync"
	"time"
)

// appHandler serves the built single-page app: files as they are, any
// other path the index page. Hashed assets and the versioned engine are
// cached for a year; the rest is revalidated through its ETag. Text files
// and the engine's WebAssembly go out gzip-compressed to clients that
// accept it.
func appHandler(app fs.FS) http.Handler {
	if app == nil {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/plain; charset=utf-8")
			w.WriteHeader(http.StatusServiceUnavailable)
			_, _ = w.Write([]byte(errNotBuilt.Error() + "\n"))
		})
	}
	a := &appFiles{fs: app, files: map[string]*appFile{}}
	return a
}

type appFiles struct {
	fs    fs.FS
	mu    sync.Mutex
	files map[string]*appFile
}

// appFile is one file of the app, read and compressed once.
type appFile struct {
	name string
	raw  []byte
	gz   []byte // nil when compressing does not pay
	etag string
}

// The answers of the paths outside /api/ that are no file, in Turkish
// plain text as the page of a binary built without the app (errNotBuilt):
// Go's own are English ("404 page not found").
const (
	// msgNoFile answers a file the app does not have (a missing asset,
	// a dotfile); a path without an extension is a client-side route
	// and gets the app's page instead.
	msgNoFile = "Sayfa bulunamadı: bu adreste Kesim'in bir dosyası yok."
	// msgReadOnly answers a method other than GET and HEAD.
	msgReadOnly = "Bu adres yalnızca okunabilir: GET veya HEAD isteği gönderin."
	// msgBadRange answers a Range header that is malformed or asks for
	// bytes the file does not have (416).
	msgBadRange = "İstenen bayt aralığı verilemiyor: Range başlığı geçersiz ya da dosyanın boyutunu aşıyor."
)

// notFound answers 404 msgNoFile.
func notFound(w http.ResponseWriter) { http.Error(w, msgNoFile, http.StatusNotFound) }

// readOnly answers 405 with msg and Allow: GET, HEAD.
func readOnly(w http.ResponseWriter, msg string) {
	w.Header().Set("Allow", "GET, HEAD")
	http.Error(w, msg, http.StatusMethodNotAllowed)
}

func (a *appFiles) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		readOnly(w, msgReadOnly)
		return
	}
	name := strings.TrimPrefix(path.Clean(r.URL.Path), "/")
	if name == "" {
		name = "index.html"
	}
	// Dotfiles of the build (.env, .git, .DS_Store...) are never the app's:
	// not served, and no client-side route either.
	for seg := range strings.SplitSeq(name, "/") {
		if strings.HasPrefix(seg, ".") {
			notFound(w)
			return
		}
	}
	f := a.file(name)
	if f == nil {
		if path.Ext(name) != "" {
			notFound(w)
			return
		}
		f = a.file("index.html") // a client-side route
		if f == nil {
			notFound(w)
			return
		}
	}
	h := w.Header()
	// Hashed assets, and the engine asked for under its version
	// (engine.wasm?v=...: the app's bundle names the one it was built
	// with), are kept for a year. Chrome keeps the engine's optimised code
	// only for a response it does not revalidate.
	versioned := path.Ext(f.name) == ".wasm" && r.URL.Query().Get("v") != ""
	if strings.HasPrefix(f.name, "assets/") || versioned {
		h.Set("Cache-Control", "public, max-age=31536000, immutable")
	} else {
		h.Set("Cache-Control", "no-cache")
	}
	ctype := mime.TypeByExtension(path.Ext(f.name))
	if path.Ext(f.name) == ".wasm" {
		ctype = "application/wasm"
	}
	if ctype == "" {
		ctype = "application/octet-stream"
	}
	h.Set("Content-Type", ctype)
	h.Set("Vary", "Accept-Encoding")
	body, etag := f.raw, f.etag
	if f.gz != nil && strings.Contains(r.Header.Get("Accept-Encoding"), "gzip") {
		h.Set("Content-Encoding", "gzip")
		body, etag = f.gz, f.etag+"-gz"
	}
	h.Set("ETag", `"`+etag+`"`)
	http.ServeContent(&rangeErrorWriter{ResponseWriter: w}, r, "", time.Time{}, bytes.NewReader(body))
}

// rangeErrorWriter passes http.ServeContent's answer through, except its
// 416 (a bad or unsatisfiable Range header), whose English body ("invalid
// range: failed to overlap") it replaces by msgBadRange. The status and
// the headers ServeContent set (Content-Range: bytes */size) are kept.
type rangeErrorWriter struct {
	http.ResponseWriter
	replaced bool // a 416 was answered: ServeContent's own body is dropped
}

func (w *rangeErrorWriter) WriteHeader(code int) {
	if code != http.StatusRequestedRangeNotSatisfiable || w.replaced {
		w.ResponseWriter.WriteHeader(code)
		return
	}
	w.replaced = true
	h := w.Header()
	h.Del("Content-Length")
	h.Set("Content-Type", "text/plain; charset=utf-8")
	h.Set("X-Content-Type-Options", "nosniff")
	w.ResponseWriter.WriteHeader(code)
	_, _ = w.ResponseWriter.Write([]byte(msgBadRange + "\n"))
}

func (w *rangeErrorWriter) Write(p []byte) (int, error) {
	if w.replaced {
		return len(p), nil
	}
	return w.ResponseWriter.Write(p)
}

// Unwrap gives http.ResponseController the writer underneath.
func (w *rangeErrorWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// file returns the named file, reading and compressing it on first use, or
// nil when there is none.
func (a *appFiles) file(name string) *appFile {
	a.mu.Lock()
	defer a.mu.Unlock()
	if f, ok := a.files[name]; ok {
		return f
	}
	raw, err := fs.ReadFile(a.fs, name)
	if err != nil {
		a.files[name] = nil
		return nil
	}
	sum := sha256.Sum256(raw)
	f := &appFile{name: name, raw: raw, etag: hex.EncodeToString(sum[:12])}
	if compressible(name) {
		// A precompressed copy made at build time is preferred: it is
		// compressed harder than is worth doing here.
		if gz, err := fs.ReadFile(a.fs, name+".gz"); err == nil {
			f.gz = gz
		} else {
			var b bytes.Buffer
			zw, _ := gzip.NewWriterLevel(&b, gzip.BestCompression)
			_, _ = zw.Write(raw)
			_ = zw.Close()
			if b.Len() < len(raw)*9/10 {
				f.gz = b.Bytes()
			}
		}
	}
	a.files[name] = f
	return f
}

func compressible(name string) bool {
	switch path.Ext(name) {
	case ".html", ".js", ".mjs", ".css", ".svg", ".json", ".wasm", ".txt", ".map":
		return true
	}
	return false
}
