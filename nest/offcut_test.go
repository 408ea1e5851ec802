package nest

import (
	"context"
	"math/rand"
	"testing"
)

// withOffcuts adds offcut rows (quantity 1, no price) of the job's
// materials and a minimum use.
func withOffcuts(rng *rand.Rand, req Request) Request {
	req.Stock = append([]Stock(nil), req.Stock...)
	for i, n := 0, 1+rng.Intn(5); i < n; i++ {
		p := req.Parts[rng.Intn(len(req.Parts))]
		req.Stock = append(req.Stock, Stock{
			ID: "A-" + itoa(i+1), Material: p.Material, Thickness: p.Thickness,
			Width: float64(30 + rng.Intn(120)), Height: float64(30 + rng.Intn(120)), Quantity: 1, Offcut: true,
		})
	}
	req.Options.OffcutMinUse = []int{0, 30, 60, 90, 100}[rng.Intn(5)]
	return req
}

// TestOffcutProperties: random jobs with offcut rows are verified, and no
// offcut is used below the minimum use (Verify checks it).
func TestOffcutProperties(t *testing.T) {
	n := 400
	if testing.Short() {
		n = 80
	}
	used := 0
	for seed := 0; seed < n; seed++ {
		rng := rand.New(rand.NewSource(int64(seed)))
		req := withOffcuts(rng, randomStockRequest(rng))
		res, err := Layout(context.Background(), req, nil)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if err := Verify(req, res); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		for _, p := range res.Pages {
			if len(p.StockID) > 2 && p.StockID[:2] == "A-" {
				used++
			}
		}
	}
	if used == 0 {
		t.Fatal("no offcut used in any job")
	}
}

// TestOffcutFirst: an offcut that takes the parts well is used instead of
// a new sheet; one the parts would cover below the minimum use is spared
// when the sheets bought anyway take its parts, and used (its page
// flagged) when sparing it would cost a sheet.
func TestOffcutFirst(t *testing.T) {
	req := Request{
		Stock: []Stock{
			{ID: "yeni", Material: "Beyaz", Thickness: 18, Width: 183, Height: 366, Price: 1450},
			{ID: "A-1", Material: "Beyaz", Thickness: 18, Width: 80, Height: 60, Quantity: 1, Offcut: true},
		},
		Parts:   []Part{{ID: "raf", Name: "Raf", Width: 38, Height: 55, Quantity: 2, Material: "Beyaz", Thickness: 18}},
		Options: Options{Kerf: 0.4, OffcutMinUse: 60},
	}
	res := mustLayout(t, req)
	if len(res.Pages) != 1 || res.Pages[0].StockID != "A-1" || res.Pages[0].BelowMinUse || len(res.Buy) != 0 || res.Stats.Cost != 0 {
		t.Fatalf("want the offcut only, got %d pages on %q, buy %v, cost %g", len(res.Pages), res.Pages[0].StockID, res.Buy, res.Stats.Cost)
	}
	// One shelf covers 44 % of the offcut, below 60 %; sparing the offcut
	// would buy a sheet for it, so the offcut takes it, flagged.
	req.Parts[0].Quantity = 1
	res = mustLayout(t, req)
	if len(res.Pages) != 1 || res.Pages[0].StockID != "A-1" || !res.Pages[0].BelowMinUse || res.Stats.Cost != 0 {
		t.Fatalf("want the offcut below its minimum use, got %d pages on %q (flag %v), cost %g", len(res.Pages), res.Pages[0].StockID, res.Pages[0].BelowMinUse, res.Stats.Cost)
	}
	// Verify holds the flag to the page: a page below the minimum without
	// it, and one above it with it, are refused.
	bad := res
	bad.Pages = []Page{res.Pages[0]}
	bad.Pages[0].BelowMinUse = false
	if err := Verify(req, bad); err == nil {
		t.Fatal("Verify accepts an offcut used below the minimum without the flag")
	}
	req.Options.OffcutMinUse = 40
	if err := Verify(req, res); err == nil {
		t.Fatal("Verify accepts the flag on an offcut used above the minimum")
	}
	// With no minimum, the offcut takes the shelf, unflagged.
	req.Options.OffcutMinUse = 0
	if res = mustLayout(t, req); len(res.Pages) != 1 || res.Pages[0].StockID != "A-1" || res.Pages[0].BelowMinUse {
		t.Fatalf("want the offcut, got %d pages on %q", len(res.Pages), res.Pages[0].StockID)
	}
	// A cabinet side needs a new sheet anyway, and that sheet has room for
	// the shelf: the offcut is spared.
	req.Options.OffcutMinUse = 60
	req.Parts = append(req.Parts, Part{ID: "yan", Name: "Yan", Width: 150, Height: 300, Quantity: 1, Material: "Beyaz", Thickness: 18})
	res = mustLayout(t, req)
	if len(res.Pages) != 1 || res.Pages[0].StockID != "yeni" || res.Pages[0].BelowMinUse || res.Stats.Placed != 2 {
		t.Fatalf("want one new sheet with both parts, got %d pages on %q, %d placed", len(res.Pages), res.Pages[0].StockID, res.Stats.Placed)
	}
	// An offcut row must be limited.
	unlimited := req
	unlimited.Stock = []Stock{req.Stock[0], {ID: "A-2", Material: "Beyaz", Thickness: 18, Width: 80, Height: 60, Offcut: true}}
	if _, err := Layout(context.Background(), unlimited, nil); err == nil || err.Error() != MsgOffcutQuantity {
		t.Fatalf("an unlimited offcut: %v", err)
	}
}

// A material with offcut rows only takes its offcut first and then the
// default sheet: an offcut on the rack never leaves the canvas's parts
// without a sheet.
func TestOffcutThenDefaultSheet(t *testing.T) {
	req := Request{
		Sheet: Sheet{Width: 100, Height: 100},
		Parts: []Part{{ID: "a", Name: "Kapak", Width: 40, Height: 40, Quantity: 5}},
		Stock: []Stock{{ID: "A-1", Width: 50, Height: 50, Quantity: 1, Offcut: true}},
	}
	res := mustLayout(t, req)
	if res.Stats.Placed != 5 || len(res.Skipped) != 0 {
		t.Fatalf("placed %d, skipped %v", res.Stats.Placed, res.Skipped)
	}
	rows := map[string]int{}
	for _, p := range res.Pages {
		rows[p.StockID]++
	}
	if rows["A-1"] != 1 || rows[StockDefault] != 1 {
		t.Errorf("sheets by row %v, want the offcut and one default sheet", rows)
	}
}
