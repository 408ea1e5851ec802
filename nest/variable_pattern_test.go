package nest

import (
	"context"
	"math/rand"
	"reflect"
	"testing"
	"time"
)

// guillotineValue is the unconstrained guillotine knapsack of a w x h
// sheet by brute force: every integer cut of every integer rectangle.
func guillotineValue(w, h int, pieces []patPiece, value []float64) float64 {
	best := make([][]float64, w+1)
	for x := range best {
		best[x] = make([]float64, h+1)
	}
	for x := 1; x <= w; x++ {
		for y := 1; y <= h; y++ {
			v := 0.0
			for _, p := range pieces {
				if p.w <= x && p.h <= y {
					v = max(v, value[p.k])
				}
			}
			for a := 1; a < x; a++ {
				v = max(v, best[a][y]+best[x-a][y])
			}
			for b := 1; b < y; b++ {
				v = max(v, best[x][b]+best[x][y-b])
			}
			best[x][y] = v
		}
	}
	return best[w][h]
}

// The knapsack over raster points finds the best guillotine fill that
// every cut of every rectangle finds, and its layout holds that value,
// inside the sheet, without overlap.
func TestPatternKnapsackIsExact(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	for c := 0; c < 300; c++ {
		row := vsRow{binW: 10 + rng.Intn(30), binH: 10 + rng.Intn(30), cost: 1}
		kinds := make([]vsKind, 1+rng.Intn(5))
		for k := range kinds {
			w, h := 2+rng.Intn(row.binW), 2+rng.Intn(row.binH)
			kinds[k] = vsKind{count: 1, w: []int{w}, h: []int{h}, rotate: []bool{rng.Intn(2) == 0}}
		}
		v := &vsSearch{kinds: kinds, rows: []vsRow{row}}
		pr := v.newPatRow(0)
		if pr == nil {
			continue // no part fits
		}
		value := make([]float64, len(kinds))
		use := make([]bool, len(kinds))
		for k := range kinds {
			value[k], use[k] = float64(1+rng.Intn(100)), rng.Intn(5) > 0
		}
		pr.solve(value, use, nil)
		var pieces []patPiece
		for _, p := range pr.pieces {
			if use[p.k] {
				pieces = append(pieces, p)
			}
		}
		want := guillotineValue(row.binW, row.binH, pieces, value)
		got := 0.0
		rs := make([]rect, len(pr.spots))
		for i, sp := range pr.spots {
			got += value[sp.kind]
			if !use[sp.kind] || sp.x < 0 || sp.y < 0 || sp.x+sp.w > row.binW || sp.y+sp.h > row.binH {
				t.Fatalf("case %d: spot %+v outside the %dx%d sheet or of a kind left out", c, sp, row.binW, row.binH)
			}
			rs[i] = rect{sp.x, sp.y, sp.w, sp.h}
		}
		if _, _, bad := overlapping(rs); bad {
			t.Fatalf("case %d: overlap", c)
		}
		if got != want || pr.value != want {
			t.Fatalf("case %d: layout worth %g, knapsack %g, brute force %g", c, got, pr.value, want)
		}
		if _, ok := guillotineCuts(&job{binW: row.binW, binH: row.binH}, pr.spots); !ok {
			t.Fatalf("case %d: the layout has no guillotine cutting sequence", c)
		}
	}
}

// On a cutting-stock job (many copies of few lines on three sheet sizes),
// the pattern search's plan is cheaper than the greedy's best, and the
// search with it stays valid and deterministic, free and guillotine.
func TestPatternPlanCuttingStock(t *testing.T) {
	kinds, rows := cuttingStockKinds(8)
	for _, g := range []bool{false, true} {
		o := vsOptions{ctx: context.Background(), guillotine: g, seed: 3, iterations: 3000}
		v := &vsSearch{kinds: kinds, rows: rows, o: o}
		greedy := v.greedy(v.orders()[0])
		for _, ord := range v.orders()[1:] {
			if p := v.greedy(ord); p.better(greedy) {
				greedy = p
			}
		}
		v.downsize(greedy)
		p := v.patternPlan()
		if p == nil {
			t.Fatal("no pattern plan on a cutting-stock job")
		}
		checkVS(t, kinds, rows, p.pages, p.left, g)
		if p.nLeft != 0 || p.cost >= greedy.cost {
			t.Errorf("guillotine %v: pattern plan %g (%d left), greedy %g", g, p.cost, p.nLeft, greedy.cost)
		}
		pages, left, _ := solveVariable(kinds, rows, o)
		checkVS(t, kinds, rows, pages, left, g)
		if c := planCost(rows, pages); c > p.cost {
			t.Errorf("guillotine %v: the search ends at %g, its pattern plan cost %g", g, c, p.cost)
		}
		again, againLeft, _ := solveVariable(kinds, rows, o)
		if !reflect.DeepEqual(pages, again) || !reflect.DeepEqual(left, againLeft) {
			t.Errorf("guillotine %v: not deterministic", g)
		}
	}
}

// Jobs of few copies per line take no pattern search.
func TestPatternPlanOnlyForCuttingStock(t *testing.T) {
	kinds, rows := cuttingStockKinds(12)
	for k := range kinds {
		kinds[k].count = 3
	}
	v := &vsSearch{kinds: kinds, rows: rows, o: vsOptions{ctx: context.Background(), iterations: 100}}
	if v.patternPlan() != nil {
		t.Error("a pattern plan for 3 copies per line")
	}
}

// A knapsack asked to stop leaves the row unsolved, and a cancelled
// search gives no pattern plan.
func TestPatternStops(t *testing.T) {
	v, pr, value, use := cuttingStockKnapsack(8)
	asked := 0
	if pr.solve(value, use, func() bool { asked++; return true }) || pr.solved || asked != 1 {
		t.Fatalf("a stopped knapsack: solved %v, asked %d times", pr.solved, asked)
	}
	if !pr.solve(value, use, func() bool { return false }) || !pr.solved || len(pr.spots) == 0 {
		t.Fatal("a knapsack not stopped gave no layout")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	v = &vsSearch{kinds: v.kinds, rows: v.rows, o: vsOptions{ctx: ctx, iterations: 1000}}
	if v.patternPlan() != nil {
		t.Error("a cancelled search gave a pattern plan")
	}
}

// With many rows (a group with dozens of offcut rows), the knapsacks keep
// to patternMaxBytes together, the cheapest rows per area first, and
// share one table.
func TestPatternRowsMemory(t *testing.T) {
	rows := make([]vsRow, 80)
	for r := range rows {
		rows[r] = vsRow{binW: 580 + r, binH: 580 + r, cost: float64(1000 + 7*(r%13))}
	}
	var kinds []vsKind
	for s := 30; s < 90; s++ {
		kd := vsKind{count: 10}
		for range rows {
			kd.w, kd.h, kd.rotate = append(kd.w, s), append(kd.h, 120-s), append(kd.rotate, true)
		}
		kinds = append(kinds, kd)
	}
	v := &vsSearch{kinds: kinds, rows: rows}
	got := v.patternRows()
	if len(got) == 0 || len(got) == len(rows) {
		t.Fatalf("%d of %d rows take patterns; the memory bound should leave some out", len(got), len(rows))
	}
	total, cells := 0, 0
	for i, pr := range got {
		total += pr.bytes()
		cells = max(cells, len(pr.xs)*len(pr.ys))
		if i > 0 {
			a, b := got[i-1], pr
			if rows[a.r].cost/float64(rows[a.r].binW*rows[a.r].binH) > rows[b.r].cost/float64(rows[b.r].binW*rows[b.r].binH) {
				t.Fatalf("row %d before the cheaper row %d", a.r, b.r)
			}
			if &a.val[0] != &b.val[0] {
				t.Fatal("the rows do not share their table")
			}
		}
	}
	if total+20*cells > patternMaxBytes {
		t.Errorf("the knapsacks take %d bytes, more than %d", total+20*cells, patternMaxBytes)
	}
}

// With an iteration budget the pattern search keeps to its share of it,
// the first pass too, give or take the final downsizing of its plan (a
// sheet filled per page and cheaper row).
func TestPatternKeepsToBudget(t *testing.T) {
	for _, lines := range []int{8, 50} {
		kinds, rows := cuttingStockKinds(lines)
		for _, it := range []int{50, 300, 3000} {
			v := &vsSearch{kinds: kinds, rows: rows, o: vsOptions{ctx: context.Background(), iterations: it}}
			p := v.patternPlan()
			limit := int(float64(it) * patternShare)
			if p != nil {
				limit += len(p.pages) * (len(rows) - 1)
			}
			if v.work > limit {
				t.Errorf("%d lines, budget %d: the pattern search did %d work, at most %d", lines, it, v.work, limit)
			}
			if p != nil {
				checkVS(t, kinds, rows, p.pages, p.left, false)
			}
		}
	}
}

// A budget of a step or two leaves the pattern search a work bound of 0,
// which it read as "no bound": with no time limit it searched until the
// request was cancelled (an API request with "iterations": 3 and no time
// limit held a core for good). The watchdog only tells a hang apart.
func TestPatternSmallBudgetEnds(t *testing.T) {
	req := Request{
		Stock: []Stock{
			{ID: "a", Material: "Sunta", Thickness: 18, Width: 183, Height: 366, Quantity: 2, Price: 1450},
			{ID: "b", Material: "Sunta", Thickness: 18, Width: 280, Height: 210, Price: 1300},
		},
		Parts: []Part{
			{Name: "P0", Width: 126, Height: 167, Quantity: 6, Material: "Sunta", Thickness: 18},
			{Name: "P1", Width: 66, Height: 21, Quantity: 6, Material: "Sunta", Thickness: 18},
			{Name: "P3", Width: 34, Height: 59, Quantity: 1, Material: "Sunta", Thickness: 18},
			{Name: "P4", Width: 98, Height: 125, Quantity: 6, Material: "Sunta", Thickness: 18},
		},
		Options: Options{Kerf: 0.4, Trim: 1, Guillotine: true, Seed: 22},
	}
	for _, it := range []int{1, 2, 3, 4} {
		req.Options.Iterations = it
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		res, err := Layout(ctx, req, nil)
		hung := ctx.Err() != nil
		cancel()
		if err != nil || hung {
			t.Fatalf("iterations %d: %v (cancelled by the watchdog: %v)", it, err, hung)
		}
		if err := Verify(req, res); err != nil {
			t.Fatal(err)
		}
	}
}
