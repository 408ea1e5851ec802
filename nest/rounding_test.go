package nest

import (
	"context"
	"errors"
	"math"
	"testing"
	"time"
)

// A part finer than 0.1 mm is cut as the next 0.1 mm up: two parts of
// 50.004 cm do not fit into a 100 cm sheet side by side, and the layout
// says so with the sizes it laid out.
func TestLayoutRoundsPartSizesUp(t *testing.T) {
	req := Request{Sheet: Sheet{100, 100}, Parts: []Part{{Name: "Yarım", Width: 50.004, Height: 100, Quantity: 2}}}
	res := mustLayout(t, req)
	if res.Stats.Pages != 2 || !res.Stats.Optimal {
		t.Fatalf("stats %+v: want 2 pages, proven optimal", res.Stats)
	}
	for _, pg := range res.Pages {
		for _, p := range pg.Parts {
			if w, h := math.Min(p.Width, p.Height), math.Max(p.Width, p.Height); w != 50.01 || h != 100 {
				t.Errorf("placed %+v: want 50,01 x 100", p)
			}
		}
	}
	// Kerf and trim round up as well: 0.001 cm of trim takes 0.01 cm of
	// every edge, so a part of the whole sheet no longer fits.
	req = Request{Sheet: Sheet{100, 100}, Parts: []Part{{Name: "Tam", Width: 100, Height: 100, Quantity: 1}}, Options: Options{Trim: 0.001}}
	if res := mustLayout(t, req); len(res.Skipped) != 1 {
		t.Errorf("a 100 cm part on a 100 cm sheet with 0,001 cm trim: %+v, want skipped", res)
	}
	req = Request{Sheet: Sheet{100, 148}, Parts: []Part{{Name: "Yarım", Width: 49.99, Height: 148, Quantity: 2}}, Options: Options{Kerf: 0.021}}
	if res := mustLayout(t, req); res.Stats.Pages != 2 {
		t.Errorf("two 49,99 cm parts with 0,021 cm kerf (0,03 cm as laid out) on 100 cm: %d pages, want 2", res.Stats.Pages)
	}
}

// Sizes typed with two decimals are exact, though their float64 times 100
// is not always a whole number: 0.29*100 is 28.999999999999996, 0.57*100
// is 56.99999999999999, 0.07*100 is 7.000000000000001.
func TestLayoutKeepsTwoDecimalSizes(t *testing.T) {
	req := Request{Sheet: Sheet{100, 148}, Parts: []Part{
		{Name: "A", Width: 45.5, Height: 0.29, Quantity: 1, Rotate: boolp(false)},
		{Name: "B", Width: 54.43, Height: 0.57, Quantity: 1, Rotate: boolp(false)},
		{Name: "C", Width: 0.07, Height: 147.43, Quantity: 1, Rotate: boolp(false)},
	}, Options: Options{Kerf: 0.07, Trim: 0.29}}
	res := mustLayout(t, req)
	want := map[string][2]float64{"A": {45.5, 0.29}, "B": {54.43, 0.57}, "C": {0.07, 147.43}}
	if res.Stats.Pages != 1 {
		t.Fatalf("%d pages: the three fit exactly into one sheet with kerf and trim", res.Stats.Pages)
	}
	for _, p := range res.Pages[0].Parts {
		if got := [2]float64{p.Width, p.Height}; got != want[p.Name] {
			t.Errorf("%s placed as %v, want %v", p.Name, got, want[p.Name])
		}
	}
	// The sheet is laid out rounded down: 100.5 stays, 100.009 is 100.
	for in, want := range map[float64]float64{100.5: 100.5, 100.004: 100, 100.009: 100, 0.57: 0.57} {
		r := mustLayout(t, Request{Sheet: Sheet{in, 148}, Parts: []Part{{Name: "A", Width: 0.1, Height: 1, Quantity: 1}}})
		if r.Sheet.Width != want {
			t.Errorf("sheet %v laid out as %v, want %v", in, r.Sheet.Width, want)
		}
	}
}

// A skipped part line is reported with the size the engine took.
func TestLayoutSkippedReportsRoundedSize(t *testing.T) {
	req := Request{Sheet: Sheet{100, 148}, Parts: []Part{
		{Name: "Dev", Width: 100.004, Height: 148, Quantity: 2, Rotate: boolp(false)},
		{Name: "Raf", Width: 10, Height: 10, Quantity: 1},
	}}
	res := mustLayout(t, req)
	if len(res.Skipped) != 1 || res.Skipped[0].Width != 100.01 || res.Skipped[0].Height != 148 || res.Skipped[0].Quantity != 2 {
		t.Fatalf("skipped %+v: want Dev as 100,01 x 148, 2 pieces", res.Skipped)
	}
}

// Sizes that round to nothing are refused with the specification's
// messages, never laid out on a sheet of width 0.
func TestLayoutRefusesSizesThatRoundToZero(t *testing.T) {
	ok := Part{Name: "B", Width: 10, Height: 10, Quantity: 1}
	tests := []struct {
		name  string
		req   Request
		field string
		msg   string
	}{
		{"tiny part width", Request{Sheet: Sheet{100, 148}, Parts: []Part{{Name: "B", Width: 0.0000001, Height: 10, Quantity: 1}}}, "parts[0].width", MsgInvalidValues},
		{"tiny part height", Request{Sheet: Sheet{100, 148}, Parts: []Part{ok, {Name: "B", Width: 1, Height: 1e-300, Quantity: 1}}}, "parts[1].height", MsgInvalidValues},
		{"sheet below 0.01 cm", Request{Sheet: Sheet{0.009, 148}, Parts: []Part{ok}}, "sheet", MsgInvalidSheet},
		{"tiny sheet", Request{Sheet: Sheet{100, 0.0000001}, Parts: []Part{ok}}, "sheet", MsgInvalidSheet},
		{"sheet too large", Request{Sheet: Sheet{10000.5, 100}, Parts: []Part{ok}}, "sheet", MsgSheetTooLarge},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := Layout(context.Background(), tt.req, nil)
			var ie *InputError
			if !errors.As(err, &ie) || ie.Field != tt.field || ie.Message != tt.msg {
				t.Fatalf("got %+v, %v; want %s: %q", res.Sheet, err, tt.field, tt.msg)
			}
		})
	}
}

// Quantities are checked before they are summed: one near the largest int
// would wrap the total below zero, pass the limit, and the engine would
// then allocate pieces until the process died.
func TestLayoutRefusesQuantitiesThatOverflow(t *testing.T) {
	for _, qs := range [][]int{
		{1, math.MaxInt},
		{math.MaxInt, math.MaxInt},
		{MaxPieces, 1},
		{math.MaxInt - MaxPieces + 2, MaxPieces},
	} {
		req := Request{Sheet: Sheet{100, 148}}
		for _, q := range qs {
			req.Parts = append(req.Parts, Part{Name: "B", Width: 1, Height: 1, Quantity: q})
		}
		start := time.Now()
		_, err := Layout(context.Background(), req, nil)
		var ie *InputError
		if !errors.As(err, &ie) || ie.Message != msgTooManyPieces {
			t.Fatalf("quantities %v: %v, want %q", qs, err, msgTooManyPieces)
		}
		if d := time.Since(start); d > time.Second {
			t.Errorf("quantities %v refused after %v", qs, d)
		}
	}
}

func TestRoundUpAndDown(t *testing.T) {
	for in, want := range map[float64]float64{
		45.5: 45.5, 45.55: 45.55, 0.3: 0.3, 1.005: 1.01, 50.004: 50.01, 50.0001: 50.01,
		0.0000001: 0, 0.001: 0.01, 1000: 1000, 999.999: 1000, 0: 0,
	} {
		if got := RoundUp(in); got != want {
			t.Errorf("RoundUp(%v) = %v, want %v", in, got, want)
		}
	}
	for in, want := range map[float64]float64{45.55: 45.55, 0.3: 0.3, 100.009: 100, 0.009: 0, 148: 148} {
		if got := RoundDown(in); got != want {
			t.Errorf("RoundDown(%v) = %v, want %v", in, got, want)
		}
	}
	if !math.IsNaN(RoundUp(math.NaN())) || !math.IsInf(RoundUp(math.Inf(1)), 1) {
		t.Error("NaN and infinity must stay as they are, so that checks refuse them")
	}
}
