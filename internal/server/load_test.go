package server

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"kesim/internal/store/sqlite"
)

// BenchmarkMixedLoad is the load target of issue 10: the whole server (its
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
	srv := httptest.NewServer(New(Config{Store: st}))
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
		wg      sync.WaitGroup
	)
	b.ResetTimer()
	for range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			mine := make([]time.Duration, 0, b.N/clients+1)
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
				if err != nil || resp.StatusCode >= 300 {
					failed.Add(1)
					b.Errorf("answer %d, %v", resp.StatusCode, err)
				}
			}
			mu.Lock()
			latency = append(latency, mine...)
			mu.Unlock()
		}()
	}
	wg.Wait()
	b.StopTimer()
	if n := failed.Load(); n > 0 {
		b.Fatalf("%d requests failed", n)
	}
	slices.Sort(latency)
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "req/s")
	b.ReportMetric(float64(latency[len(latency)*99/100].Microseconds())/1000, "p99-ms")
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
