package cutlist

import (
	"bytes"
	"math"
	"testing"

	"kesim/nest"
)

// FuzzWrite: any numbers and texts in a result and the options give a file
// or a Turkish error, never a panic; leftovers never overlap a part.
func FuzzWrite(f *testing.F) {
	f.Add(100.0, 100.0, 10.0, 20.0, 30.0, 40.0, 5.0, 3, "Raf ş", true)
	f.Add(math.NaN(), -1.0, 1e308, 0.0, -5.0, 1e9, -1.0, -2, "\x00<&>", false)
	// A part of no width inside what would be a leftover (found by fuzzing).
	f.Add(100.0, 28.0, 5.0/3, 55.0, 30.0, 0.0, 5.0, 3, "", false)
	f.Fuzz(func(t *testing.T, w, h, x, y, pw, ph, min float64, max int, name string, rot bool) {
		res := nest.Result{Sheet: nest.Sheet{Width: w, Height: h}, Pages: []nest.Page{{
			Parts: []nest.Placed{{ID: name, Name: name, X: x, Y: y, Width: pw, Height: ph, Rotated: rot, Edges: &nest.Edges{Top: name}},
				{ID: "b", X: y, Y: x, Width: ph, Height: pw}},
			Cuts: []nest.Cut{{Length: pw}},
		}}}
		opt := Options{MinLeftover: min, MaxLeftovers: max, Trim: x}
		var b bytes.Buffer
		errX := WriteXLSX(&b, res, opt)
		errC := WriteCSV(&b, res, opt)
		errS := WriteSheetsCSV(&b, res, opt)
		if (errX == nil) != (errC == nil) || (errC == nil) != (errS == nil) {
			t.Fatalf("xlsx %v, csv %v, sheets %v", errX, errC, errS)
		}
		if _, sheets, err := Rows(res, opt); err == nil {
			for _, l := range sheets[0].Leftovers {
				for _, p := range res.Pages[0].Parts {
					if l.X < p.X+p.Width-0.01 && p.X < l.X+l.Width-0.01 && l.Y < p.Y+p.Height-0.01 && p.Y < l.Y+l.Height-0.01 {
						t.Fatalf("leftover %+v overlaps %+v", l, p)
					}
				}
			}
		}
	})
}
