package quote

import (
	"bytes"
	"math"
	"testing"
	"time"

	"kesim/nest"
)

// FuzzQuote: any prices, rates, sizes and names give a quote or a Turkish
// error, never a panic; a computed quote's total is finite and not
// negative, and its PDF and CSV are written.
func FuzzQuote(f *testing.F) {
	f.Add(1450.5, 10.0, 5.0, 10.0, 20.0, 100.0, 50.0, 2.5, "Özgür", true)
	f.Add(math.NaN(), -1.0, 1e308, math.Inf(1), 200.0, -5.0, 0.0, -1.0, "\x00\U0001F600", false)
	f.Fuzz(func(t *testing.T, price, perM, perS, margin, kdv, w, pw, band float64, name string, byArea bool) {
		req := &nest.Request{Stock: []nest.Stock{{ID: "s", Price: price}}, Bands: []nest.Band{{Code: "A", Name: name}}}
		res := nest.Result{Pages: []nest.Page{{StockID: "s", Material: name, Width: w, Height: w,
			Parts: []nest.Placed{{Width: pw, Height: pw}}, Cuts: []nest.Cut{{Length: pw}}}},
			BandTotals: []nest.BandTotal{{Code: "A", Meters: band, Cost: band * 2}}}
		opt := Options{Factory: name, Customer: name, Job: name, SheetByArea: byArea, SheetPrice: price, CutPerMetre: perM, CutPerSheet: perS, MarginPct: margin, KDVPct: kdv}
		q, err := Compute(req, res, opt)
		if err != nil {
			return
		}
		if math.IsNaN(q.Total) || math.IsInf(q.Total, 0) || q.Total < 0 {
			t.Fatalf("total %v", q.Total)
		}
		if c := q.ForCustomer(); c.Total != q.Total || c.Subtotal != q.Net || c.Margin != 0 {
			t.Fatalf("customer's quote %+v of %+v", c, q)
		}
		var b bytes.Buffer
		if err := WritePDF(&b, q, opt, time.Unix(0, 0)); err != nil {
			t.Fatal(err)
		}
		if err := WriteCSV(&b, q); err != nil {
			t.Fatal(err)
		}
	})
}
