package exporttest

import (
	"context"
	"fmt"
	"sync"
	"testing"

	"kesim/nest"
)

// Kitchen is the stock and band lists of Materials: two sizes of 18 mm
// white chipboard (one limited), 18 mm walnut MDF with grain, 8 mm white
// chipboard for backs, and two band codes.
func Kitchen() ([]nest.Stock, []nest.Band) {
	return []nest.Stock{
			{ID: "s1", Name: "Beyaz 18 büyük", Material: "Beyaz Sunta", Thickness: 18, Width: 183, Height: 366, Quantity: 4, Price: 1450},
			{ID: "s2", Material: "Beyaz Sunta", Thickness: 18, Width: 210, Height: 280, Price: 1300},
			{ID: "s3", Name: "Ceviz kapaklık", Material: "Ceviz MDF", Thickness: 18, Width: 183, Height: 366, Price: 2100.5, Grain: nest.GrainVertical},
			{ID: "s4", Name: "Arkalık", Material: "Beyaz Sunta", Thickness: 8, Width: 210, Height: 280, Quantity: 2, Price: 650},
		}, []nest.Band{
			{Code: "B1", Name: "PVC 0,8 beyaz", Thickness: 0.8, Price: 6.5, Overlength: 2},
			{Code: "B2", Name: "ABS 2 ceviz", Thickness: 2, Price: 12.75, Overlength: 2},
		}
}

// Materials is a hand-made layout of three materials and thicknesses
// (Beyaz Sunta 18 mm on two sheet sizes, Ceviz MDF 18 mm, Beyaz Sunta 8 mm)
// with the stock of Kitchen, banded edges as placed (one turned part) and
// every result field of a layout with stock rows.
func Materials() nest.Result {
	b1 := &nest.Edges{Top: "B1", Left: "B1"}
	return nest.Result{
		Sheet: nest.Sheet{Width: 183, Height: 366},
		Pages: []nest.Page{
			{ID: "page-0", Efficiency: 31, StockID: "s1", Material: "Beyaz Sunta", Thickness: 18, Width: 183, Height: 366,
				Parts: []nest.Placed{
					{ID: "p0-0", Name: "Yan", X: 0, Y: 0, Width: 56, Height: 72, Edges: b1},
					{ID: "p0-1", Name: "Yan", X: 56, Y: 0, Width: 56, Height: 72, Edges: b1},
					{ID: "p1-0", Name: TurkishName, X: 0, Y: 72, Width: 80, Height: 60, OriginalIndex: 1,
						Edges: &nest.Edges{Bottom: "B1"}},
					{ID: "p2-0", Name: "Üst Tabla", X: 0, Y: 132, Width: 120, Height: 56, OriginalIndex: 2},
				}},
			{ID: "page-1", Efficiency: 25, StockID: "s2", Material: "Beyaz Sunta", Thickness: 18, Width: 210, Height: 280,
				Parts: []nest.Placed{
					{ID: "p2-1", Name: "Üst Tabla", X: 0, Y: 0, Width: 120, Height: 56, OriginalIndex: 2},
					{ID: "p3-0", Name: "Raf", X: 0, Y: 56, Width: 90, Height: 50, OriginalIndex: 3,
						Edges: &nest.Edges{Top: "B1"}},
				}},
			{ID: "page-2", Efficiency: 8, StockID: "s3", Material: "Ceviz MDF", Thickness: 18, Width: 183, Height: 366,
				Parts: []nest.Placed{
					// Kapak 40 x 70 as entered, turned: its top band is on its right.
					{ID: "p4-0", Name: "Kapak", X: 10, Y: 20, Width: 70, Height: 40, Rotated: true, OriginalIndex: 4,
						Edges: &nest.Edges{Right: "B2", Left: "B2", Top: "B2", Bottom: "B2"}},
					{ID: "p4-1", Name: "Kapak", X: 10, Y: 60, Width: 70, Height: 40, Rotated: true, OriginalIndex: 4,
						Edges: &nest.Edges{Right: "B2", Left: "B2", Top: "B2", Bottom: "B2"}},
				}},
			{ID: "page-3", Efficiency: 26, StockID: "s4", Material: "Beyaz Sunta", Thickness: 8, Width: 210, Height: 280,
				Parts: []nest.Placed{
					{ID: "p5-0", Name: "Arkalık", X: 0, Y: 0, Width: 100, Height: 150, OriginalIndex: 5},
				}},
		},
		Skipped: []nest.Skipped{{OriginalIndex: 6, ID: "p6", Name: "Çekmece dibi", Width: 50, Height: 40, Quantity: 1,
			Reason: nest.SkipNoStock}},
		Materials: []nest.MaterialResult{
			{Material: "Beyaz Sunta", Thickness: 18, Pages: 2, LowerBound: 1, Efficiency: 28.4, Objective: nest.ObjectiveCost,
				Cost: 2750, CostLowerBound: 1300},
			{Material: "Ceviz MDF", Thickness: 18, Pages: 1, LowerBound: 1, Efficiency: 8.4, Objective: nest.ObjectiveCost,
				Cost: 2100.5, CostLowerBound: 2100.5, Optimal: true},
			{Material: "Beyaz Sunta", Thickness: 8, Pages: 1, LowerBound: 1, Efficiency: 26.1, Objective: nest.ObjectiveCost,
				Cost: 650, CostLowerBound: 650, Optimal: true},
		},
		Used:       []nest.StockCount{{StockID: "s1", Quantity: 1}, {StockID: "s2", Quantity: 1}, {StockID: "s3", Quantity: 1}, {StockID: "s4", Quantity: 1}},
		Buy:        []nest.StockCount{{StockID: "s2", Quantity: 1}, {StockID: "s3", Quantity: 1}},
		BandTotals: []nest.BandTotal{{Code: "B1", Meters: 7.88, Cost: 51.22}, {Code: "B2", Meters: 4.56, Cost: 58.14}},
		Stats:      nest.Stats{Pages: 4, LowerBound: 3, Efficiency: 22.6, Placed: 9, Cost: 5500.5, CostLowerBound: 4050.5},
	}
}

// KitchenRequest is a kitchen job for the real engine on Kitchen's stock:
// carcass parts in 18 mm white chipboard, grained walnut doors, 8 mm backs,
// bands on chosen edges (some parts may turn), and a part of a material no
// stock row has.
func KitchenRequest() nest.Request {
	stock, bands := Kitchen()
	no := false
	req := nest.Request{
		Stock: stock, Bands: bands,
		Options: nest.Options{Kerf: 0.4, Seed: 3, Iterations: 200, DeductBands: true},
		Parts: []nest.Part{
			{ID: "yan", Name: "Yan", Width: 56, Height: 72, Quantity: 6, Material: "Beyaz Sunta", Thickness: 18,
				Edges: &nest.Edges{Top: "B1", Left: "B1"}},
			{ID: "taban", Name: "Taban", Width: 80, Height: 56, Quantity: 3, Material: "beyaz sunta", Thickness: 18,
				Edges: &nest.Edges{Top: "B1"}},
			{ID: "raf", Name: TurkishName, Width: 78, Height: 50, Quantity: 4, Material: "Beyaz Sunta", Thickness: 18,
				Edges: &nest.Edges{Bottom: "B1"}},
			{ID: "kapak", Name: "Kapak", Width: 40, Height: 70, Quantity: 6, Material: "Ceviz MDF", Thickness: 18,
				Grain: nest.GrainHorizontal, Edges: &nest.Edges{Top: "B2", Bottom: "B2", Left: "B2", Right: "B2"}},
			{ID: "arka", Name: "Arkalık", Width: 80, Height: 72, Quantity: 3, Material: "Beyaz Sunta", Thickness: 8, Rotate: &no},
			{ID: "cam", Name: "Cam raf", Width: 30, Height: 30, Quantity: 1, Material: "Cam", Thickness: 4},
		},
	}
	return req
}

// EngineMaterials is the engine's layout of KitchenRequest, checked with
// nest.Verify, computed once per test binary; callers must not change it.
func EngineMaterials(t testing.TB) nest.Result {
	t.Helper()
	res, err := engineMaterials()
	if err != nil {
		t.Fatal(err)
	}
	return res
}

var engineMaterials = sync.OnceValues(func() (nest.Result, error) {
	req := KitchenRequest()
	res, err := nest.Layout(context.Background(), req, nil)
	if err != nil {
		return res, fmt.Errorf("kitchen: nest.Layout: %w", err)
	}
	if err := nest.Verify(req, res); err != nil {
		return res, fmt.Errorf("kitchen: nest.Verify: %w", err)
	}
	return res, nil
})
