package server

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"path"
	"strings"
	"time"

	"kesim/internal/apperr"
)

// Every request leaves one log line (slog, "http request") with its
// method, route, status, duration, the bytes of its answer and, when
// signed in, the user's id. The route is the mux pattern ("GET
// /api/layouts/{id}"), never the path: paths carry ids, and the line
// carries nothing a request sent (no query, header, cookie or body), so
// passwords and tokens cannot reach the log.

// requestInfo is what the handlers below the log learn about a request:
// the route the mux chose and the signed-in user. The log puts a pointer
// into the request's context; the mux's wrapper and the sign-in guard fill
// it (requests copy their context down the chain; the pointer is shared).
type requestInfo struct {
	route string
	user  string // the account's id; empty when nobody is signed in
}

type requestInfoKey struct{}

// infoOf returns the request's info, or nil outside observe.
func infoOf(r *http.Request) *requestInfo {
	ri, _ := r.Context().Value(requestInfoKey{}).(*requestInfo)
	return ri
}

// noteUser records the signed-in user of r for its log line.
func noteUser(r *http.Request, id string) {
	if ri := infoOf(r); ri != nil {
		ri.user = id
	}
}

// routed serves mux and records the pattern it chose: the mux sets
// r.Pattern on the request it was given, a copy of the one observe sees.
func routed(mux *http.ServeMux) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// The mux answers a path to clean (/api/layouts//x, /api/a/../b)
		// and /api with a redirect in HTML; an API client gets its 404.
		if p := r.URL.Path; p == "/api" || strings.HasPrefix(p, "/api/") && !cleanPath(p) {
			if ri := infoOf(r); ri != nil {
				ri.route = "/api/"
			}
			Error(w, r, apperr.New(apperr.NotFound, msgNoRoute))
			return
		}
		mux.ServeHTTP(w, r)
		if ri := infoOf(r); ri != nil {
			ri.route = r.Pattern
		}
	})
}

// cleanPath reports whether p is as path.Clean leaves it, a final slash
// aside.
func cleanPath(p string) bool {
	c := path.Clean(p)
	if strings.HasSuffix(p, "/") && c != "/" {
		c += "/"
	}
	return c == p
}

// routeOther names requests no pattern matched (405 answers).
const routeOther = "other"

// observe logs every request and counts it in m (nil: no metrics). mux
// names the route of a request refused before it reached the mux (no
// session, a cross-site write).
func observe(next http.Handler, mux *http.ServeMux, log *slog.Logger, m *serverMetrics) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		ri := &requestInfo{}
		rec := &recorder{ResponseWriter: w}
		next.ServeHTTP(rec, r.WithContext(context.WithValue(r.Context(), requestInfoKey{}, ri)))
		d := time.Since(start)
		route := ri.route
		if route == "" {
			_, route = mux.Handler(r)
		}
		if route == "" {
			route = routeOther
		}
		status := rec.status
		if status == 0 {
			status = http.StatusOK // a handler that wrote nothing
		}
		m.observe(route, status, d)
		attrs := make([]slog.Attr, 0, 6)
		attrs = append(attrs, slog.String("method", r.Method), slog.String("route", route),
			slog.Int("status", status), slog.Duration("duration", d), slog.Int64("bytes", rec.bytes))
		if ri.user != "" {
			attrs = append(attrs, slog.String("user", ri.user))
		}
		log.LogAttrs(r.Context(), slog.LevelInfo, "http request", attrs...)
	})
}

// recorder keeps the status and the body's size of an answer.
type recorder struct {
	http.ResponseWriter
	status int
	bytes  int64
}

func (rec *recorder) WriteHeader(code int) {
	// 1xx answers (103 Early Hints) come before the real one.
	if rec.status == 0 && (code >= 200 || code == http.StatusSwitchingProtocols) {
		rec.status = code
	}
	rec.ResponseWriter.WriteHeader(code)
}

func (rec *recorder) Write(b []byte) (int, error) {
	if rec.status == 0 {
		rec.status = http.StatusOK
	}
	n, err := rec.ResponseWriter.Write(b)
	rec.bytes += int64(n)
	return n, err
}

// ReadFrom keeps the connection's sendfile for the app's files.
func (rec *recorder) ReadFrom(src io.Reader) (int64, error) {
	if rec.status == 0 {
		rec.status = http.StatusOK
	}
	n, err := io.Copy(rec.ResponseWriter, src)
	rec.bytes += n
	return n, err
}

// Flush sends what was written so far, when the connection can.
func (rec *recorder) Flush() {
	_ = http.NewResponseController(rec.ResponseWriter).Flush()
}

// Unwrap lets http.ResponseController reach the connection's writer.
func (rec *recorder) Unwrap() http.ResponseWriter { return rec.ResponseWriter }
