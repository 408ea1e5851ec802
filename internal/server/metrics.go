package server

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"net/http"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/VictoriaMetrics/metrics"

	"kesim/internal/store"
	"kesim/internal/version"
	"kesim/nest"
)

// GET /metrics (Config.Metrics) answers in Prometheus's text format:
//
//	kesim_http_requests_total{route,status}            counter
//	kesim_http_request_duration_seconds{route}         histogram
//	kesim_layouts_total{outcome}                       counter: POST /api/nest layouts
//	kesim_db_connections{pool,state}                   gauge: open, in_use, idle, max
//	kesim_db_waits_total{pool}                         counter: waits for a connection
//	kesim_db_wait_seconds_total{pool}                  counter
//	kesim_build_info{version,commit}                   gauge, 1
//
// and Go's runtime and process metrics (go_*, process_*). The route is the
// mux pattern, so the series stay a few dozen whatever the paths.
//
// The library is github.com/VictoriaMetrics/metrics rather than
// Prometheus's client_golang: for the same output it added 95 KB to kesim
// and 44 KB of start-up allocations, client_golang 3.3 MB and 216 KB.

// Outcomes of a layout computed on the server.
const (
	layoutOK       = "ok"       // answered with a layout
	layoutTimeout  = "timeout"  // no complete layout within the time cap
	layoutCanceled = "canceled" // the client left before the answer
	layoutInvalid  = "invalid"  // the engine refused the job (the user's input)
	layoutError    = "error"    // anything else
)

// poolStater is a store that reports its connection pools by name (the
// SQLite and PostgreSQL stores, stats.go).
type poolStater interface {
	PoolStats() map[string]sql.DBStats
}

// serverMetrics are one server's counts. A nil *serverMetrics counts
// nothing: the server was built without Config.Metrics.
type serverMetrics struct {
	set     *metrics.Set
	series  sync.Map // routeStatus → *requestSeries
	layouts map[string]*metrics.Counter
	pools   poolStater // nil: the store reports no pools
}

func newMetrics(st store.Store) *serverMetrics {
	// HELP and TYPE lines: Prometheus then knows the histogram for one.
	metrics.ExposeMetadata(true)
	m := &serverMetrics{set: metrics.NewSet(), layouts: map[string]*metrics.Counter{}}
	for _, o := range []string{layoutOK, layoutTimeout, layoutCanceled, layoutInvalid, layoutError} {
		m.layouts[o] = m.set.NewCounter(`kesim_layouts_total{outcome="` + o + `"}`)
	}
	build := version.Get()
	m.set.NewGauge(`kesim_build_info{version="`+labelValue(build.Version)+`",commit="`+labelValue(build.Commit)+`"}`,
		func() float64 { return 1 })
	if p, ok := st.(poolStater); ok {
		m.pools = p
		m.set.RegisterMetricsWriter(m.writePools)
	}
	return m
}

// observe counts one answered request.
func (m *serverMetrics) observe(route string, status int, d time.Duration) {
	if m == nil {
		return
	}
	key := routeStatus{route, status}
	s, ok := m.series.Load(key)
	if !ok {
		r := labelValue(route)
		s, _ = m.series.LoadOrStore(key, &requestSeries{
			count:    m.set.GetOrCreateCounter(`kesim_http_requests_total{route="` + r + `",status="` + strconv.Itoa(status) + `"}`),
			duration: m.set.GetOrCreatePrometheusHistogram(`kesim_http_request_duration_seconds{route="` + r + `"}`),
		})
	}
	rs := s.(*requestSeries)
	rs.count.Inc()
	rs.duration.Update(d.Seconds())
}

// routeStatus keys a request's series: the set's own lookup would build
// their names on every request.
type routeStatus struct {
	route  string
	status int
}

type requestSeries struct {
	count    *metrics.Counter
	duration *metrics.PrometheusHistogram // shared by a route's statuses
}

// layout counts a layout computed for POST /api/nest, by its outcome: r's
// context tells a client that left, err what nest.Layout returned.
func (m *serverMetrics) layout(r *http.Request, err error) {
	if m == nil {
		return
	}
	var ie *nest.InputError
	outcome := layoutOK
	switch {
	case r.Context().Err() != nil:
		outcome = layoutCanceled
	case errors.Is(err, context.DeadlineExceeded):
		outcome = layoutTimeout
	case errors.As(err, &ie):
		outcome = layoutInvalid
	case err != nil:
		outcome = layoutError
	}
	m.layouts[outcome].Inc()
}

// ServeHTTP answers GET /metrics, except through a reverse proxy: a server
// on a loopback address serves its metrics by default, and a proxy in
// front of it would otherwise publish them. Proxies say they forwarded a
// request (nginx and Caddy set X-Forwarded-For); Prometheus, scraping the
// server itself, says nothing of the kind. A client that adds the header
// on its own only refuses itself.
func (m *serverMetrics) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if forwarded(r) {
		http.Error(w, msgMetricsProxied, http.StatusNotFound)
		return
	}
	w.Header().Set("Content-Type", "text/plain; version=0.0.4; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	m.set.WritePrometheus(w)
	metrics.WriteProcessMetrics(w)
}

// writePools writes the database's pools: each family once with its HELP
// and TYPE, then a line per pool (the library's helpers would repeat the
// TYPE line for every labelled series).
func (m *serverMetrics) writePools(w io.Writer) {
	stats := m.pools.PoolStats()
	names := make([]string, 0, len(stats))
	for name := range stats {
		names = append(names, name)
	}
	sort.Strings(names)
	var b strings.Builder
	b.WriteString("# HELP kesim_db_connections Connections of the database pool, by state.\n# TYPE kesim_db_connections gauge\n")
	for _, name := range names {
		s := stats[name]
		for _, v := range []struct {
			state string
			n     int
		}{{"open", s.OpenConnections}, {"in_use", s.InUse}, {"idle", s.Idle}, {"max", s.MaxOpenConnections}} {
			fmt.Fprintf(&b, "kesim_db_connections{pool=\"%s\",state=\"%s\"} %d\n", labelValue(name), v.state, v.n)
		}
	}
	b.WriteString("# HELP kesim_db_waits_total Requests for a connection that waited for one.\n# TYPE kesim_db_waits_total counter\n")
	for _, name := range names {
		fmt.Fprintf(&b, "kesim_db_waits_total{pool=\"%s\"} %d\n", labelValue(name), stats[name].WaitCount)
	}
	b.WriteString("# HELP kesim_db_wait_seconds_total Time spent waiting for a connection.\n# TYPE kesim_db_wait_seconds_total counter\n")
	for _, name := range names {
		fmt.Fprintf(&b, "kesim_db_wait_seconds_total{pool=\"%s\"} %g\n", labelValue(name), stats[name].WaitDuration.Seconds())
	}
	_, _ = io.WriteString(w, b.String())
}

// The Turkish answers of /metrics when it gives no metrics (plain text,
// as a scraper reads it).
const (
	// msgMetricsProxied answers a request a proxy passed on (404).
	msgMetricsProxied = "Ölçümler bir vekil sunucu (proxy) üzerinden verilmez; sunucunun kendisine doğrudan sorun."
	// msgMetricsOff answers /metrics on a server that does not serve
	// them (404): a network address without --metrics.
	msgMetricsOff = "Bu sunucuda ölçümler kapalı: ağ adresinde kesim serve --metrics ile açılır."
	// msgMetricsMethod answers a method other than GET and HEAD (405).
	msgMetricsMethod = "Ölçümler yalnızca GET isteğiyle okunur."
)

// forwarded reports whether r says a proxy passed it on.
func forwarded(r *http.Request) bool {
	h := r.Header
	return h.Get("X-Forwarded-For") != "" || h.Get("Forwarded") != "" || h.Get("X-Real-Ip") != ""
}

// labelValue escapes s for a label value in double quotes.
func labelValue(s string) string {
	return labelEscaper.Replace(s)
}

var labelEscaper = strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`)
