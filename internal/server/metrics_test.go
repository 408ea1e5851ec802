package server

import (
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"
)

// scrape reads GET /metrics as Prometheus does.
func scrape(t *testing.T, c *client) map[string]*dto.MetricFamily {
	t.Helper()
	w := c.do("GET", "/metrics", "")
	if w.Code != 200 {
		t.Fatalf("GET /metrics: %d %s", w.Code, w.Body)
	}
	if ct := w.Header().Get("Content-Type"); !strings.HasPrefix(ct, "text/plain; version=0.0.4") {
		t.Errorf("Content-Type %q", ct)
	}
	p := expfmt.NewTextParser(model.UTF8Validation)
	families, err := p.TextToMetricFamilies(w.Body)
	if err != nil {
		t.Fatalf("the exposition is no Prometheus text: %v", err)
	}
	return families
}

// series returns the family's metric whose labels include want, or nil.
func series(f *dto.MetricFamily, want map[string]string) *dto.Metric {
	if f == nil {
		return nil
	}
	for _, m := range f.GetMetric() {
		n := 0
		for _, l := range m.GetLabel() {
			if v, ok := want[l.GetName()]; ok && v == l.GetValue() {
				n++
			}
		}
		if n == len(want) {
			return m
		}
	}
	return nil
}

func TestMetrics(t *testing.T) {
	ts := newTeamServer(t, true, func(c *Config) { c.Metrics = true })
	c := ts.client()
	c.login(t, "ayse")
	for range 3 {
		c.do("GET", "/api/layouts/01JBILINMEYENDUZEN0000000", "")
	}
	ok := c.do("POST", "/api/nest", nestBody("2", "3"))
	if ok.Code != 200 {
		t.Fatalf("nest: %d %s", ok.Code, ok.Body)
	}
	bad := c.do("POST", "/api/nest", `{"sheet":{"width":0,"height":148},"parts":[{"name":"A","width":10,"height":10,"quantity":1}]}`)
	if bad.Code != 400 {
		t.Fatalf("nest on a sheet of width 0: %d %s", bad.Code, bad.Body)
	}

	// Prometheus scrapes without a session.
	fams := scrape(t, ts.client())
	for name, typ := range map[string]dto.MetricType{
		"kesim_http_requests_total":           dto.MetricType_COUNTER,
		"kesim_http_request_duration_seconds": dto.MetricType_HISTOGRAM,
		"kesim_layouts_total":                 dto.MetricType_COUNTER,
		"kesim_db_connections":                dto.MetricType_GAUGE,
		"kesim_db_waits_total":                dto.MetricType_COUNTER,
		"kesim_db_wait_seconds_total":         dto.MetricType_COUNTER,
		"kesim_build_info":                    dto.MetricType_GAUGE,
		"go_goroutines":                       dto.MetricType_GAUGE,
	} {
		if f := fams[name]; f == nil || f.GetType() != typ {
			t.Errorf("%s: %v, want a %v", name, f, typ)
		}
	}
	layouts := c.do("GET", "/api/layouts/01JBILINMEYENDUZEN0000000", "").Code
	reqs := fams["kesim_http_requests_total"]
	if m := series(reqs, map[string]string{"route": "GET /api/layouts/{id}", "status": strconv.Itoa(layouts)}); m.GetCounter().GetValue() != 3 {
		t.Errorf("GET /api/layouts/{id} %d counted %v, want 3", layouts, m)
	}
	if m := series(reqs, map[string]string{"route": "POST /api/auth/login", "status": "200"}); m.GetCounter().GetValue() != 1 {
		t.Errorf("sign-ins counted %v, want 1", m)
	}
	hist := series(fams["kesim_http_request_duration_seconds"], map[string]string{"route": "POST /api/nest"})
	if hist.GetHistogram().GetSampleCount() != 2 || len(hist.GetHistogram().GetBucket()) < 5 {
		t.Errorf("POST /api/nest latency %v, want 2 samples in buckets", hist)
	}
	for outcome, want := range map[string]float64{layoutOK: 1, layoutInvalid: 1, layoutTimeout: 0} {
		if m := series(fams["kesim_layouts_total"], map[string]string{"outcome": outcome}); m.GetCounter().GetValue() != want {
			t.Errorf("layouts %s: %v, want %v", outcome, m, want)
		}
	}
	for _, pool := range []string{"write", "read"} {
		if m := series(fams["kesim_db_connections"], map[string]string{"pool": pool, "state": "open"}); m.GetGauge().GetValue() < 1 {
			t.Errorf("pool %s: open connections %v, want at least 1", pool, m)
		}
	}
	if m := series(fams["kesim_db_connections"], map[string]string{"pool": "write", "state": "max"}); m.GetGauge().GetValue() != 1 {
		t.Errorf("the write pool's size %v, want 1", m)
	}
	for _, f := range fams {
		for _, m := range f.GetMetric() {
			for _, l := range m.GetLabel() {
				if strings.Contains(l.GetValue(), "01JBILINMEYENDUZEN") {
					t.Errorf("%s has a path's id as a label: %v", f.GetName(), m)
				}
			}
		}
	}
}

// A reverse proxy in front of a loopback server must not publish its
// metrics: forwarded requests are refused, whatever the proxy's trust.
func TestMetricsNotThroughAProxy(t *testing.T) {
	ts := newTeamServer(t, false, func(c *Config) { c.Metrics = true })
	for _, h := range [][]string{
		{"X-Forwarded-For", "203.0.113.7"},
		{"Forwarded", "for=203.0.113.7;proto=https"},
		{"X-Real-IP", "203.0.113.7"},
	} {
		w := ts.client().do("GET", "/metrics", "", h...)
		if w.Code != 404 || strings.Contains(w.Body.String(), "kesim_") {
			t.Errorf("GET /metrics with %s: %d %.80s", h[0], w.Code, w.Body)
		}
	}
	if w := ts.client().do("GET", "/metrics", ""); w.Code != 200 {
		t.Errorf("GET /metrics straight to the server: %d", w.Code)
	}
}

func TestMetricsOffUnlessConfigured(t *testing.T) {
	ts := newTeamServer(t, false)
	w := ts.client().do("GET", "/metrics", "")
	if w.Code == 200 || strings.Contains(w.Body.String(), "kesim_http_requests_total") {
		t.Errorf("GET /metrics without Config.Metrics: %d %s", w.Code, w.Body)
	}
	// Without a store, the pools are left out and the rest still parses.
	h := New(Config{Metrics: true, Logger: slog.New(slog.DiscardHandler)})
	r := httptest.NewRequest("GET", "http://localhost/metrics", nil)
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, r)
	p := expfmt.NewTextParser(model.UTF8Validation)
	fams, err := p.TextToMetricFamilies(rec.Body)
	if err != nil || fams["kesim_db_connections"] != nil || fams["kesim_layouts_total"] == nil {
		t.Errorf("metrics without a store: %v %v", err, fams["kesim_db_connections"])
	}
}

// BenchmarkObserve measures what the request log and the metrics add to
// one request: none is the bare handler, log the log line (slog's JSON
// handler writing to io.Discard), metrics the log and the counts.
func BenchmarkObserve(b *testing.B) {
	mux := http.NewServeMux()
	bare := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { _, _ = w.Write([]byte("{}")) })
	mux.Handle("GET /api/layouts/{id}", bare)
	log := slog.New(slog.NewJSONHandler(io.Discard, nil))
	for _, c := range []struct {
		name string
		h    http.Handler
	}{
		{"none", mux},
		{"log", observe(routed(mux), mux, log, nil)},
		{"metrics", observe(routed(mux), mux, log, newMetrics(nil))},
	} {
		b.Run(c.name, func(b *testing.B) {
			r := httptest.NewRequest("GET", "http://localhost/api/layouts/01JBILINMEYENDUZEN0000000", nil)
			w := httptest.NewRecorder()
			b.ReportAllocs()
			for b.Loop() {
				w.Body.Reset()
				c.h.ServeHTTP(w, r)
			}
		})
	}
}
