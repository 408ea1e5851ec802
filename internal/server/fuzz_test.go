package server

import (
	"bytes"
	"encoding/json"
	"log/slog"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	"kesim/internal/store/sqlite"
	"kesim/nest"
)

// fuzzPaths are the bodies FuzzAPIBodies posts, chosen by its first
// argument.
var fuzzPaths = []string{"/api/nest", "/api/parts", "/api/layouts", "/api/sync"}

// FuzzAPIBodies posts arbitrary bodies to the API of a server on a SQLite
// store: no body may make it answer 5xx or panic. A layout it answers must
// be one that nest.Verify accepts, and the sizes it stores are the ones the
// engine cuts (whole 0.01 cm, parts rounded up, the canvas down).
func FuzzAPIBodies(f *testing.F) {
	nestReq := `{"sheet":{"width":100,"height":148},"parts":[{"id":"k","name":"Kapak","width":50,"height":74,"quantity":4}],"options":{"kerf":0.3}}`
	part := `{"name":"Raf","width":45.5,"height":20,"quantity":3}`
	layout := `{"name":"Plan","parts":[{"id":"p1","name":"Raf","width":45.5,"height":20,"quantity":3,"rotate":false}],"sheet":{"width":100,"height":148},"options":{"kerf":0.3,"trim":1,"guillotine":true}}`
	for i, body := range []string{nestReq, part, layout, `{"parts":[` + part + `],"layouts":[` + layout + `]}`} {
		f.Add(uint8(i), []byte(body))
	}
	f.Add(uint8(0), []byte(`{"sheet":{"width":100,"height":100},"parts":[{"width":1,"height":1,"quantity":1},{"width":1,"height":1,"quantity":9223372036854775807}]}`))
	f.Add(uint8(0), []byte(`{"sheet":{"width":100.009,"height":100},"parts":[{"width":50.004,"height":100,"quantity":2},{"width":0.0000001,"height":1,"quantity":1}]}`))
	f.Add(uint8(0), []byte(`{"sheet":{"width":0.004,"height":1e308},"parts":[{"width":-0,"height":1e-300,"quantity":-1}],"options":{"kerf":1e-9,"trim":-1,"timeLimitMs":-5,"iterations":1e3}}`))
	f.Add(uint8(0), []byte(`{"sheet":{"width":100,"height":148},"stock":[{"id":"s1","material":"Beyaz","thickness":18,"width":100,"height":100,"quantity":1,"price":500,"grain":"vertical"},{"id":"s2","material":"Beyaz","thickness":18,"width":120,"height":80,"price":450}],"bands":[{"code":"B1","thickness":0.8,"price":6.5,"overlength":2}],"parts":[{"name":"Yan","width":60,"height":70,"quantity":3,"material":"beyaz","thickness":18,"grain":"horizontal","edges":{"top":"B1","left":"B1"}},{"name":"Arka","width":90,"height":90,"quantity":1}],"options":{"objective":"cost","deductBands":true}}`))
	f.Add(uint8(0), []byte(`{"stock":[{"id":"a","width":50,"height":50,"quantity":1}],"parts":[{"width":40,"height":40,"quantity":3},{"width":60,"height":10,"quantity":1,"material":"Yok"}],"options":{"objective":"sheets"}}`))
	f.Add(uint8(1), []byte(`{"name":"Toz","width":0.0000001,"height":45.555,"quantity":100000}`))
	f.Add(uint8(1), []byte(`{"name":"x","width":"1","height":null,"quantity":1e400}`))
	f.Add(uint8(2), []byte(`{"name":"P","parts":[{"name":"a","width":1000.001,"height":1,"quantity":9223372036854775807}],"sheet":{"width":0.009,"height":1},"options":{"kerf":-0.0000001}}`))
	f.Add(uint8(3), []byte(`{"parts":[{"name":"a","width":1,"height":1,"quantity":1},{"name":"a","width":1.001,"height":1,"quantity":1}],"layouts":[{"name":"x","parts":[]}]}`))

	st, err := sqlite.Open(f.Context(), filepath.Join(f.TempDir(), "kesim.db"))
	if err != nil {
		f.Fatal(err)
	}
	f.Cleanup(func() { st.Close() })
	// The server's default time cap: slowJob keeps the jobs far below it,
	// so an answer is never cut short by it.
	h := New(Config{Store: st, Logger: slog.New(slog.DiscardHandler)})

	f.Fuzz(func(t *testing.T, which uint8, body []byte) {
		path := fuzzPaths[int(which)%len(fuzzPaths)]
		// The request as the server reads it: the first JSON value.
		var req nest.Request
		if path == "/api/nest" && json.NewDecoder(bytes.NewReader(body)).Decode(&req) == nil && slowJob(req) {
			return // valid but slow: the engine's own tests take big jobs
		}
		// localhost: a server without accounts answers no other name.
		r := httptest.NewRequest("POST", "http://localhost"+path, strings.NewReader(string(body)))
		r.Header.Set("Content-Type", "application/json")
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		if w.Code >= 500 {
			t.Fatalf("POST %s %q: %d %s", path, body, w.Code, w.Body)
		}
		switch {
		case path == "/api/nest" && w.Code == 200:
			var res nest.Result
			if err := json.Unmarshal(w.Body.Bytes(), &res); err != nil {
				t.Fatalf("POST %s %q: answer %s: %v", path, body, w.Body, err)
			}
			if err := nest.Verify(req, res); err != nil {
				t.Fatalf("POST %s %q: the layout answered is wrong: %v", path, body, err)
			}
		case path == "/api/parts" && w.Code == 201:
			var p size
			if err := json.Unmarshal(w.Body.Bytes(), &p); err != nil || !p.on(nest.RoundUp) {
				t.Fatalf("POST %s %q: stored %s (%v), want sizes rounded up to 0.01 cm", path, body, w.Body, err)
			}
		case path == "/api/layouts" && w.Code == 201:
			var l struct {
				Parts []size
				Sheet *size
			}
			if err := json.Unmarshal(w.Body.Bytes(), &l); err != nil || l.Sheet != nil && !l.Sheet.on(nest.RoundDown) {
				t.Fatalf("POST %s %q: stored %s (%v), want the canvas rounded down to 0.01 cm", path, body, w.Body, err)
			}
			for _, p := range l.Parts {
				if !p.on(nest.RoundUp) {
					t.Fatalf("POST %s %q: stored %s, want sizes rounded up to 0.01 cm", path, body, w.Body)
				}
			}
		}
	})
}

// size is the width and height of a stored part or canvas, as answered.
type size struct{ Width, Height *float64 }

// on reports whether the sizes answered are positive and ones that round
// keeps as they are (whole 0.01 cm, rounded the engine's way).
func (s size) on(round func(float64) float64) bool {
	for _, v := range []*float64{s.Width, s.Height} {
		if v != nil && !(*v > 0 && round(*v) == *v) {
			return false
		}
	}
	return true
}

// slowJob reports whether a valid request would take long to lay out: more
// than 3,000 pieces (counted without overflow, so that quantities beyond
// the engine's limit are still sent and refused), a large iteration budget
// or a time limit.
func slowJob(req nest.Request) bool {
	total := 0
	for _, p := range req.Parts {
		if p.Quantity > 0 {
			if p.Quantity > 100000-total {
				return false // refused at once
			}
			total += p.Quantity
		}
	}
	return total > 3000 || req.Options.Iterations > 200 || req.Options.TimeLimitMs > 10
}
