package nest

import (
	"context"
	"errors"
	"testing"
)

// FuzzLayout feeds arbitrary JSON requests to the engine, read as the
// browser and the server read them (DecodeRequest): it must either refuse
// them with an *InputError or return a layout that Verify accepts, claimed
// optimal only when its pages meet the lower bound.
func FuzzLayout(f *testing.F) {
	f.Add([]byte(`{"sheet":{"width":100,"height":148},"parts":[{"name":"Kapak","width":50,"height":74,"quantity":4}]}`))
	f.Add([]byte(`{"sheet":{"width":10,"height":10},"parts":[{"name":"A","width":6,"height":4,"quantity":5,"rotate":false}],"options":{"kerf":0.3,"trim":0.5}}`))
	f.Add([]byte(`{"sheet":{"width":0.5,"height":1000},"parts":[{"name":"","width":0.1,"height":999.99,"quantity":3}],"options":{"iterations":5,"seed":3}}`))
	f.Add([]byte(`{"sheet":{"width":100,"height":100},"parts":[{"width":1e308,"height":-0,"quantity":-1}]}`))
	f.Add([]byte(`{"sheet":{"width":100,"height":100},"parts":[{"width":50.004,"height":100,"quantity":2}]}`))
	f.Add([]byte(`{"sheet":{"width":100.009,"height":0.0000001},"parts":[{"width":0.0000001,"height":1,"quantity":1}],"options":{"kerf":0.0049,"trim":0.001,"guillotine":true}}`))
	f.Add([]byte(`{"sheet":{"width":100,"height":100},"parts":[{"width":1,"height":1,"quantity":1},{"width":1,"height":1,"quantity":9223372036854775807}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		req, err := DecodeRequest(data)
		if err != nil {
			return
		}
		// Keep each run fast; big jobs have their own tests. The sum
		// stops before it could wrap: quantities near the largest int
		// must still reach the engine, which refuses them.
		total := 0
		for _, p := range req.Parts {
			if p.Quantity > 0 {
				total += min(p.Quantity, 3001)
			}
			if total > 3000 {
				break
			}
		}
		if total > 3000 && !hugeQuantity(req) || len(req.Parts) > 300 {
			return
		}
		req.Options.TimeLimitMs = 0
		if req.Options.Iterations > 50 {
			req.Options.Iterations = 50
		}
		res, err := Layout(context.Background(), req, nil)
		var ie *InputError
		if errors.As(err, &ie) {
			if ie.Message == "" {
				t.Fatal("input error without a message")
			}
			return
		}
		if err != nil {
			t.Fatalf("unexpected error: %v", err)
		}
		if hugeQuantity(req) {
			t.Fatalf("more than %d pieces laid out: %s", MaxPieces, data)
		}
		if err := Verify(req, res); err != nil {
			t.Fatalf("%v\nrequest %s", err, data)
		}
		if st := res.Stats; st.Optimal != (st.Pages == st.LowerBound) {
			t.Fatalf("optimal %v with %d pages and lower bound %d\nrequest %s", st.Optimal, st.Pages, st.LowerBound, data)
		}
	})
}

// hugeQuantity reports whether the request asks for more pieces than the
// engine lays out, counted without overflow: the engine must refuse it at
// once, however large the quantities.
func hugeQuantity(req Request) bool {
	total := 0
	for _, p := range req.Parts {
		if p.Quantity > 0 {
			if p.Quantity > MaxPieces-total {
				return true
			}
			total += p.Quantity
		}
	}
	return false
}
