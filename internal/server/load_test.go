package server

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"runtime/metrics"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"kesim/internal/store/sqlite"
)

// BenchmarkMixedLoad is the server's load target: the whole server (its
// middleware included) on SQLite, over real HTTP on loopback, 16 clients
// with a connection each, 80% GET /api/layouts with 100 saved layouts of 40
// part lines and 20% POST /api/parts. It reports requests per second and
// the 99th percentile of the answer time; every answer must be a success.
//
//	go test ./internal/server/ -run '^$' -bench MixedLoad -benchtime 20000x
func BenchmarkMixedLoad(b *testing.B) {
	const clients = 16
	st, err := sqlite.Open(context.Background(), filepath.Join(b.TempDir(), "kesim.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	// As kesim serve runs on loopback: a log line per request (formatted, then dropped) and the metrics.
	srv := httptest.NewServer(New(Config{Store: st, Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), Metrics: true}))
	defer srv.Close()
	if !strings.HasPrefix(srv.URL, "http://127.0.0.1:") {
		b.Fatalf("server at %s, want 127.0.0.1", srv.URL)
	}
	client := &http.Client{Transport: &http.Transport{
		MaxIdleConns: clients, MaxIdleConnsPerHost: clients, MaxConnsPerHost: clients,
	}}
	defer client.CloseIdleConnections()
	seedLoad(b, client, srv.URL, 100, 40)

	var (
		next    atomic.Int64
		failed  atomic.Int64
		mu      sync.Mutex
		latency = make([]time.Duration, 0, b.N)
		writes  = make([]time.Duration, 0, b.N/5+1)
		wg      sync.WaitGroup
	)
	b.ResetTimer()
	for range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			mine := make([]time.Duration, 0, b.N/clients+1)
			var mineW []time.Duration
			for {
				i := next.Add(1)
				if i > int64(b.N) {
					break
				}
				start := time.Now()
				var resp *http.Response
				var err error
				if i%5 == 0 {
					resp, err = client.Post(srv.URL+"/api/parts", "application/json",
						strings.NewReader(fmt.Sprintf(`{"name":"Yük %d","width":45.5,"height":30,"quantity":2}`, i)))
				} else {
					resp, err = client.Get(srv.URL + "/api/layouts")
				}
				if err != nil {
					failed.Add(1)
					b.Error(err)
					continue
				}
				_, err = io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				mine = append(mine, time.Since(start))
				if i%5 == 0 {
					mineW = append(mineW, time.Since(start))
				}
				if err != nil || resp.StatusCode >= 300 {
					failed.Add(1)
					b.Errorf("answer %d, %v", resp.StatusCode, err)
				}
			}
			mu.Lock()
			latency = append(latency, mine...)
			writes = append(writes, mineW...)
			mu.Unlock()
		}()
	}
	wg.Wait()
	b.StopTimer()
	if n := failed.Load(); n > 0 {
		b.Fatalf("%d requests failed", n)
	}
	slices.Sort(latency)
	slices.Sort(writes)
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "req/s")
	b.ReportMetric(ms(latency[len(latency)/2]), "p50-ms")
	b.ReportMetric(ms(latency[len(latency)*99/100]), "p99-ms")
	if len(writes) > 0 {
		b.ReportMetric(ms(writes[len(writes)*99/100]), "p99-post-ms")
	}
}

// seedLoad saves n layouts of lines part lines each through POST /api/sync.
func seedLoad(b *testing.B, client *http.Client, url string, n, lines int) {
	b.Helper()
	var sb strings.Builder
	sb.WriteString(`{"layouts":[`)
	for i := range n {
		if i > 0 {
			sb.WriteByte(',')
		}
		fmt.Fprintf(&sb, `{"name":"Düzen %d","parts":[`, i)
		for j := range lines {
			if j > 0 {
				sb.WriteByte(',')
			}
			fmt.Fprintf(&sb, `{"id":"%d","name":"Parça %d","width":%d.5,"height":45.55,"quantity":%d}`, j, j, 10+j, j+1)
		}
		sb.WriteString(`],"sheet":{"width":183,"height":366},"options":{"kerf":0.3}}`)
	}
	sb.WriteString(`]}`)
	resp, err := client.Post(url+"/api/sync", "application/json", strings.NewReader(sb.String()))
	if err != nil {
		b.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		b.Fatalf("seed: %d %s", resp.StatusCode, body)
	}
}

// BenchmarkNestLarge lays out jobs at the server's piece limit through POST
// /api/nest, with the server's time cap of 5 s, and reports the peak of the
// live heap while it runs (sampled every 2 ms) and of the process's
// resident memory (Linux). The last job, 100,000 pieces in 100,000 lines
// (4 MB), is refused with 413 after at most 20,001 lines were decoded.
//
//	go test ./internal/server/ -run '^$' -bench NestLarge -benchtime 1x
func BenchmarkNestLarge(b *testing.B) {
	line := func(i int) string {
		return fmt.Sprintf(`{"id":"p%d","name":"Parça %d","width":%d.%d,"height":%d.5,"quantity":1}`, i, i, 3+i*7%57, i%10, 3+i*13%77)
	}
	job := func(options string, lines int, line func(int) string) string {
		var sb strings.Builder
		sb.WriteString(`{"sheet":{"width":183,"height":366},"options":` + options + `,"parts":[`)
		for i := range lines {
			if i > 0 {
				sb.WriteByte(',')
			}
			sb.WriteString(line(i))
		}
		sb.WriteString(`]}`)
		return sb.String()
	}
	small := func(i int) string {
		return fmt.Sprintf(`{"name":"K%d","width":%d.5,"height":%d.5,"quantity":1}`, i, 1+i*7%9, 1+i*13%9)
	}
	jobs := []struct {
		name, body string
		status     int
	}{
		{"20000Kinds", job(`{"kerf":0.3}`, 20000, line), http.StatusOK},
		{"20000KindsGuillotine", job(`{"kerf":0.3,"guillotine":true}`, 20000, line), http.StatusOK},
		{"20000KindsIterations", job(`{"kerf":0.3,"timeLimitMs":600000,"iterations":100000000}`, 20000, line), http.StatusOK},
		{"20000Small", job(`{"kerf":0.3,"timeLimitMs":5000}`, 20000, small), http.StatusOK},
		{"20000SmallGuillotine", job(`{"kerf":0.3,"guillotine":true,"timeLimitMs":5000}`, 20000, small), http.StatusOK},
		{"200KindsOf100Guillotine", `{"sheet":{"width":183,"height":366},"options":{"guillotine":true},"parts":[` +
			strings.Join(func() []string {
				l := make([]string, 200)
				for i := range l {
					l[i] = fmt.Sprintf(`{"name":"R%d","width":%d.5,"height":%d.5,"quantity":100}`, i, 5+i*37%85, 5+i*53%115)
				}
				return l
			}(), ",") + `]}`, http.StatusOK},
		{"100000Lines", `{"sheet":{"width":183,"height":366},"parts":[` +
			strings.Repeat(`{"width":5,"height":7,"quantity":1},`, 99999) + `{"width":5,"height":7,"quantity":1}]}`,
			http.StatusRequestEntityTooLarge},
	}
	h := &nestHandler{limit: 5 * time.Second, log: slog.New(slog.DiscardHandler)}
	for _, j := range jobs {
		b.Run(j.name, func(b *testing.B) {
			var peakHeap, peakRSS uint64
			for b.Loop() {
				runtime.GC()
				resetPeakRSS()
				stop := make(chan struct{})
				done := make(chan uint64)
				go func() {
					sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
					var peak uint64
					t := time.NewTicker(2 * time.Millisecond)
					defer t.Stop()
					for {
						metrics.Read(sample)
						peak = max(peak, sample[0].Value.Uint64())
						select {
						case <-stop:
							done <- peak
							return
						case <-t.C:
						}
					}
				}()
				r := httptest.NewRequest("POST", "/api/nest", strings.NewReader(j.body))
				w := httptest.NewRecorder()
				h.ServeHTTP(w, r)
				close(stop)
				peakHeap = max(peakHeap, <-done)
				peakRSS = max(peakRSS, readPeakRSS())
				if w.Code != j.status {
					b.Fatalf("%d %.300s, want %d", w.Code, w.Body, j.status)
				}
			}
			b.ReportMetric(float64(len(j.body))/1e6, "body-MB")
			b.ReportMetric(float64(peakHeap)/(1<<20), "peak-heap-MiB")
			if peakRSS > 0 {
				b.ReportMetric(float64(peakRSS)/(1<<20), "peak-rss-MiB")
			}
		})
	}
}

// resetPeakRSS sets the process's peak resident memory back to its current
// one (Linux; elsewhere it does nothing).
func resetPeakRSS() { _ = os.WriteFile("/proc/self/clear_refs", []byte("5"), 0) }

// readPeakRSS returns the process's peak resident memory in bytes since
// resetPeakRSS (VmHWM), or 0 where it cannot be read.
func readPeakRSS() uint64 {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for line := range strings.SplitSeq(string(data), "\n") {
		if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			kb, _ := strconv.ParseUint(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
			return kb << 10
		}
	}
	return 0
}
