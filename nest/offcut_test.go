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
// a new sheet; one the parts would cover below the minimum use is not.
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
	if len(res.Pages) != 1 || res.Pages[0].StockID != "A-1" || len(res.Buy) != 0 || res.Stats.Cost != 0 {
		t.Fatalf("want the offcut only, got %d pages on %q, buy %v, cost %g", len(res.Pages), res.Pages[0].StockID, res.Buy, res.Stats.Cost)
	}
	// One shelf covers 44 % of the offcut: below 60 %, a new sheet.
	req.Parts[0].Quantity = 1
	res = mustLayout(t, req)
	if len(res.Pages) != 1 || res.Pages[0].StockID != "yeni" {
		t.Fatalf("want a new sheet, got %d pages on %q", len(res.Pages), res.Pages[0].StockID)
	}
	// With no minimum, the offcut takes it.
	req.Options.OffcutMinUse = 0
	res, err := Layout(context.Background(), req, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Pages) != 1 || res.Pages[0].StockID != "A-1" {
		t.Fatalf("want the offcut, got %d pages on %q", len(res.Pages), res.Pages[0].StockID)
	}
	// An offcut row must be limited.
	bad := req
	bad.Stock = []Stock{req.Stock[0], {ID: "A-2", Material: "Beyaz", Thickness: 18, Width: 80, Height: 60, Offcut: true}}
	if _, err := Layout(context.Background(), bad, nil); err == nil || err.Error() != MsgOffcutQuantity {
		t.Fatalf("an unlimited offcut: %v", err)
	}
	// A result that uses the offcut below the minimum is refused.
	req.Options.OffcutMinUse = 60
	if err := Verify(req, res); err == nil {
		t.Fatal("Verify accepts an offcut used below the minimum")
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
