// Package server is Kesim's HTTP server: the JSON API of docs/http-api.md
// and the embedded web app.
package server

import (
	"context"
	"errors"
	"io/fs"
	"log/slog"
	"net/http"
	"net/netip"
	"time"

	"kesim/internal/apperr"
	"kesim/internal/store"
	"kesim/internal/version"
)

// Config is what the server needs. Store may be nil (no saving), and App
// nil (the web app is not built).
type Config struct {
	Store  store.Store
	App    fs.FS
	Logger *slog.Logger
	// Texts of the page's header and footer.
	Title, Machine, Factory string
	// NestTimeLimit caps the improvement time of POST /api/nest: layout work
	// belongs in the browser; the server only stands in when it cannot.
	NestTimeLimit time.Duration
	// NestMaxPieces is the most pieces one POST /api/nest may lay out;
	// 0 means DefaultNestMaxPieces.
	NestMaxPieces int
	// Now is the clock of sessions; nil means time.Now.
	Now func() time.Time
	// TrustedProxies are the reverse proxies whose X-Forwarded-For and
	// X-Forwarded-Proto are believed (--trusted-proxy).
	TrustedProxies []netip.Prefix
	// PublicHosts are the names besides this computer's own under which a
	// server without accounts answers its API (--public-host).
	PublicHosts []string
	// Metrics serves GET /metrics (Prometheus, metrics.go), outside the
	// sign-in: kesim serve sets it on a loopback address, and on a network
	// address only with --metrics.
	Metrics bool
}

// New returns the server's handler.
func New(cfg Config) http.Handler {
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.NestTimeLimit <= 0 {
		cfg.NestTimeLimit = 5 * time.Second
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	var m *serverMetrics
	if cfg.Metrics {
		m = newMetrics(cfg.Store)
	}
	mux := http.NewServeMux()
	au := newAuth(cfg)
	au.register(mux)
	mux.HandleFunc("GET /api/health", func(w http.ResponseWriter, r *http.Request) {
		health(w, r, cfg.Store)
	})
	mux.HandleFunc("GET /api/config", func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, http.StatusOK, map[string]string{"title": cfg.Title, "machine": cfg.Machine, "factory": cfg.Factory})
	})
	mux.Handle("POST /api/nest", &nestHandler{limit: cfg.NestTimeLimit, maxPieces: cfg.NestMaxPieces, log: cfg.Logger, metrics: m})
	mux.Handle("POST /api/export/{kind}", exportHandler{maxPieces: cfg.NestMaxPieces})
	if cfg.Store != nil {
		registerStoreRoutes(mux, cfg.Store)
	}
	mux.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		Error(w, r, apperr.New(apperr.NotFound, msgNoRoute))
	})
	if m != nil {
		mux.Handle("GET /metrics", m)
		mux.HandleFunc("/metrics", func(w http.ResponseWriter, r *http.Request) {
			readOnly(w, msgMetricsMethod) // in Turkish, not the mux's 405
		})
	} else {
		// Not the web app's page: a scraper pointed here learns that the
		// metrics are off (kesim serve --metrics).
		mux.HandleFunc("/metrics", func(w http.ResponseWriter, r *http.Request) {
			http.Error(w, msgMetricsOff, http.StatusNotFound)
		})
	}
	mux.Handle("/", appHandler(cfg.App))
	// observe, outermost, logs every request (logging.go) and counts it.
	return observe(withLogger(securityHeaders(au.rebindGuard(au.guard(routed(mux)))), cfg.Logger), mux, cfg.Logger, m)
}

// msgNoRoute answers an /api/ path that is no route.
const msgNoRoute = "Böyle bir API yolu yok."

// healthStatus is the answer of GET /api/health: whether the server and its
// database answer, and which build is running.
type healthStatus struct {
	Status   string `json:"status"`   // ok, or unavailable when the database does not answer
	Database string `json:"database"` // sqlite, postgres, or none
	Version  string `json:"version"`
	Commit   string `json:"commit"`
}

func health(w http.ResponseWriter, r *http.Request, st store.Store) {
	build := version.Get()
	answer := healthStatus{Status: "ok", Database: "none", Version: build.Version, Commit: build.Commit}
	if st == nil {
		writeJSON(w, http.StatusOK, answer)
		return
	}
	answer.Database = st.Driver()
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	if err := st.Ping(ctx); err != nil {
		answer.Status = "unavailable"
		writeJSON(w, http.StatusServiceUnavailable, answer)
		return
	}
	writeJSON(w, http.StatusOK, answer)
}

// securityHeaders sets the headers every answer carries: the page may run
// only its own scripts and WebAssembly, may not be framed, and sends no
// referrer to other sites.
func securityHeaders(next http.Handler) http.Handler {
	const csp = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self' blob:; " +
		"style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self'; " +
		"object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", csp)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "same-origin")
		h.Set("X-Frame-Options", "DENY")
		next.ServeHTTP(w, r)
	})
}

// errNotBuilt is the page shown when the binary was built without the app.
var errNotBuilt = errors.New("Web uygulaması derlenmemiş: make build çalıştırın.")
