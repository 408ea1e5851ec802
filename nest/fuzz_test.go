package nest

import (
	"context"
	"encoding/json"
	"errors"
	"testing"
)

// FuzzLayout feeds arbitrary JSON requests to the engine: it must either
// refuse them with an *InputError or return a layout that Verify accepts.
func FuzzLayout(f *testing.F) {
	f.Add([]byte(`{"sheet":{"width":100,"height":148},"parts":[{"name":"Kapak","width":50,"height":74,"quantity":4}]}`))
	f.Add([]byte(`{"sheet":{"width":10,"height":10},"parts":[{"name":"A","width":6,"height":4,"quantity":5,"rotate":false}],"options":{"kerf":0.3,"trim":0.5}}`))
	f.Add([]byte(`{"sheet":{"width":0.5,"height":1000},"parts":[{"name":"","width":0.1,"height":999.99,"quantity":3}],"options":{"iterations":5,"seed":3}}`))
	f.Add([]byte(`{"sheet":{"width":100,"height":100},"parts":[{"width":1e308,"height":-0,"quantity":-1}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		var req Request
		if json.Unmarshal(data, &req) != nil {
			return
		}
		total := 0
		for _, p := range req.Parts {
			if p.Quantity > 0 {
				total += p.Quantity
			}
		}
		if total > 3000 || len(req.Parts) > 300 {
			return // keep each run fast; big jobs have their own tests
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
		if err := Verify(req, res); err != nil {
			t.Fatalf("%v\nrequest %s", err, data)
		}
	})
}
