package nest

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// stockJobRequest is a stock-mode job of the sizes the issue asks to be
// instant: materials lines parts each, of furniture-like sizes, on three
// stock rows per material: 183 x 366 (40 in stock), 210 x 280 (25 in
// stock) and 207 x 280 to buy, each with a price, so that the
// variable-sized search lays every material out. qty copies per line.
func stockJobRequest(materials, lines, qty int) Request {
	rng := rand.New(rand.NewPCG(17, uint64(lines)))
	req := Request{Options: Options{Kerf: 0.4}}
	for m := range materials {
		mat := fmt.Sprintf("Malzeme %d", m+1)
		req.Stock = append(req.Stock,
			Stock{ID: mat + "-a", Material: mat, Width: 183, Height: 366, Quantity: 40, Price: 1450},
			Stock{ID: mat + "-b", Material: mat, Width: 210, Height: 280, Quantity: 25, Price: 1390},
			Stock{ID: mat + "-c", Material: mat, Width: 207, Height: 280, Price: 1500},
		)
		for i := range lines {
			w := float64(5+rng.IntN(80)) + float64(rng.IntN(10))/10
			h := float64(5+rng.IntN(120)) + float64(rng.IntN(10))/10
			req.Parts = append(req.Parts, Part{
				ID: fmt.Sprintf("m%dp%d", m, i), Name: fmt.Sprintf("Parça %d", i),
				Material: mat, Width: w, Height: h, Quantity: qty,
			})
		}
	}
	return req
}

// benchStock reports, per job, the time to the first complete layout (the
// first progress with a layout) and to the end of the constructive phase.
func benchStock(b *testing.B, req Request) {
	first, total, res := timeLayouts(b, req)
	b.ReportMetric(first, "ms-first")
	b.ReportMetric(total, "ms-all")
	b.ReportMetric(res.Stats.Cost, "TL")
}

// BenchmarkStockDistinct20000: 20,000 part lines of one copy each, all
// different, on one material's three rows.
func BenchmarkStockDistinct20000(b *testing.B) { benchStock(b, stockJobRequest(1, 20000, 1)) }

// BenchmarkStockDistinct20000Limit2s: the same job with a 2 s time limit,
// which the one-row layouts of the constructive phase keep to (ms-all).
func BenchmarkStockDistinct20000Limit2s(b *testing.B) {
	req := stockJobRequest(1, 20000, 1)
	req.Options.TimeLimitMs = 2000
	benchStock(b, req)
}

// BenchmarkStockThreeMaterials: the browser target of issue 17, three
// materials of 1,000 pieces (200 lines of 5) each.
func BenchmarkStockThreeMaterials(b *testing.B) { benchStock(b, stockJobRequest(3, 200, 5)) }

// cuttingStockKinds is a cutting-stock job like gcut8d: 50 part lines of
// 130 to 320 a side, about 50 copies each, free to turn, on three sheet
// sizes of about 500 x 500 (engine units of 1, no kerf).
func cuttingStockKinds(lines int) ([]vsKind, []vsRow) {
	rng := rand.New(rand.NewPCG(8, uint64(lines)))
	rows := []vsRow{{binW: 50000, binH: 50000, cost: 250000}, {binW: 60000, binH: 40000, cost: 240000}, {binW: 55000, binH: 45000, cost: 247500}}
	kinds := make([]vsKind, lines)
	for i := range kinds {
		w, h := (130+rng.IntN(191))*100, (130+rng.IntN(191))*100
		kd := vsKind{count: 10 + rng.IntN(90)}
		for range rows {
			kd.w, kd.h, kd.rotate = append(kd.w, w), append(kd.h, h), append(kd.rotate, true)
		}
		kinds[i] = kd
	}
	return kinds, rows
}

// cuttingStockKnapsack returns the search of cuttingStockKinds(lines), the
// knapsack of its first row, and every kind's value (its area) and use.
func cuttingStockKnapsack(lines int) (*vsSearch, *patRow, []float64, []bool) {
	kinds, rows := cuttingStockKinds(lines)
	v := &vsSearch{kinds: kinds, rows: rows}
	value := make([]float64, len(kinds))
	use := make([]bool, len(kinds))
	for k := range kinds {
		value[k], use[k] = float64(v.area(k)), true
	}
	return v, v.newPatRow(0), value, use
}

// BenchmarkPatternSolve: one guillotine knapsack of the pattern search on
// the 500 x 500 row of a 50-line cutting-stock job.
func BenchmarkPatternSolve(b *testing.B) {
	_, pr, value, use := cuttingStockKnapsack(50)
	b.ReportMetric(float64(pr.cells()), "cells")
	for b.Loop() {
		pr.solve(value, use, nil)
	}
}
