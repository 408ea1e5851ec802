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
	f.Add([]byte(`{"sheet":{"width":183,"height":366},"stock":[{"id":"s1","material":"Beyaz","thickness":18,"width":183,"height":366,"quantity":2,"price":1450},{"id":"s2","material":"beyaz","thickness":18,"width":210,"height":280,"price":1300,"grain":"vertical"}],"bands":[{"code":"B1","thickness":0.8,"price":6.5,"overlength":2}],"parts":[{"name":"Yan","width":56,"height":72,"quantity":5,"material":"BEYAZ","thickness":18,"grain":"horizontal","edges":{"top":"B1","left":"B1"}},{"name":"Arka","width":100,"height":200,"quantity":2}],"options":{"deductBands":true,"objective":"cost","iterations":20}}`))
	f.Add([]byte(`{"stock":[{"id":"a","width":50,"height":50,"quantity":1},{"id":"b","width":100,"height":40,"quantity":1,"grain":"horizontal"}],"parts":[{"width":30,"height":30,"quantity":4,"grain":"vertical"}],"options":{"objective":"sheets","guillotine":true,"kerf":0.4}}`))
	f.Add([]byte(`{"stock":[{"id":"s","material":"B","width":100,"height":100},{"id":"A-1","material":"B","width":60,"height":40,"quantity":1,"offcut":true}],"parts":[{"id":"a","material":"B","width":25,"height":35,"quantity":5}],"options":{"offcutMinUse":60,"keepLeftover":true,"kerf":0.4,"guillotine":true},"pinned":[{"id":"page-3","parts":[{"id":"a-1","x":0,"y":0,"width":25,"height":35,"originalIndex":0},{"id":"gone-0","x":30,"y":0,"width":5,"height":5,"originalIndex":7}],"stockId":"s","material":"B","width":100,"height":100}]}`))
	f.Add([]byte(`{"sheet":{"width":100,"height":100},"parts":[{"id":"a","width":50,"height":50,"quantity":1}],"options":{"keepLeftover":true},"pinned":[{"id":"page-0","parts":[{"id":"a-0","width":50,"height":50}]}]}`))
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
		if total > 3000 && !hugeQuantity(req) || len(req.Parts) > 300 || len(req.Stock) > 20 || len(req.Pinned) > 50 {
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
		if len(res.Materials) == 0 {
			if st := res.Stats; st.Optimal != (st.Pages == st.LowerBound) {
				t.Fatalf("optimal %v with %d pages and lower bound %d\nrequest %s", st.Optimal, st.Pages, st.LowerBound, data)
			}
			return
		}
		// With materials, optimal means every material meets the bound of
		// its objective, and the stats say so only when all of them do.
		all := true
		for _, m := range res.Materials {
			all = all && m.Optimal
			if m.Optimal && (m.Objective == ObjectiveCost && m.Cost != m.CostLowerBound || m.Objective == ObjectiveSheets && m.Pages != m.LowerBound) {
				t.Fatalf("material %+v claimed optimal\nrequest %s", m, data)
			}
			if m.CostLowerBound > m.Cost+1e-9 {
				t.Fatalf("material %+v: cost bound above the cost\nrequest %s", m, data)
			}
		}
		if res.Stats.Optimal != all {
			t.Fatalf("stats optimal %v, materials %+v\nrequest %s", res.Stats.Optimal, res.Materials, data)
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
