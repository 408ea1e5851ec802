package nest

import (
	"cmp"
	"context"
	"fmt"
	"maps"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// guillotinePieces cuts a w x h sheet into n pieces by random guillotine
// cuts in whole cm, each side at least 5 cm.
func guillotinePieces(rng *rand.Rand, w, h, n int) [][2]int {
	pieces := [][2]int{{w, h}}
	for tries := 0; len(pieces) < n && tries < 200; tries++ {
		i := rng.IntN(len(pieces))
		p := pieces[i]
		vertical := rng.IntN(2) == 0
		side := p[0]
		if !vertical {
			side = p[1]
		}
		if side < 10 {
			continue
		}
		c := 5 + rng.IntN(side-9)
		if vertical {
			pieces[i] = [2]int{c, p[1]}
			pieces = append(pieces, [2]int{p[0] - c, p[1]})
		} else {
			pieces[i] = [2]int{p[0], c}
			pieces = append(pieces, [2]int{p[0], p[1] - c})
		}
	}
	return pieces
}

// TestTileCheapestRowsExactly lays out parts cut from the limited sheets
// of two sizes with no waste, beside a dearer unlimited row: the plan must
// fill exactly the limited sheets, at the cost lower bound, and pass
// Verify. Without the exact tiling the engine opened the dearer sheet on
// such jobs (kesim bench --zero-waste: none of 40 at the optimum).
func TestTileCheapestRowsExactly(t *testing.T) {
	for c := range 12 {
		rng := rand.New(rand.NewPCG(uint64(c), 5))
		req := Request{Sheet: Sheet{Width: 100, Height: 100}, Options: Options{Iterations: 300, Seed: 1, Guillotine: c%3 == 0}}
		sizes := [][3]int{{120 + rng.IntN(60), 60 + rng.IntN(40), 1}, {90 + rng.IntN(40), 50 + rng.IntN(30), 2}}
		for r, sz := range sizes {
			req.Stock = append(req.Stock, Stock{ID: fmt.Sprint("s", r), Width: float64(sz[0]), Height: float64(sz[1]),
				Quantity: sz[2], Price: float64(sz[0]*sz[1]) / 100})
			for range sz[2] {
				for i, p := range guillotinePieces(rng, sz[0], sz[1], 4+rng.IntN(4)) {
					req.Parts = append(req.Parts, Part{ID: fmt.Sprintf("p%d_%d", len(req.Parts), i), Width: float64(p[0]), Height: float64(p[1]), Quantity: 1})
				}
			}
		}
		req.Stock = append(req.Stock, Stock{ID: "big", Width: 250, Height: 150, Price: 1.5 * 250 * 150 / 100})
		res, err := Layout(context.Background(), req, nil)
		if err != nil {
			t.Fatal(err)
		}
		if err := Verify(req, res); err != nil {
			t.Fatalf("case %d: %v", c, err)
		}
		want := 0.0
		for _, s := range req.Stock[:2] {
			want += s.Price * float64(s.Quantity)
		}
		if math.Abs(res.Stats.Cost-want) > 1e-6 || math.Abs(res.Stats.CostLowerBound-want) > 1e-6 {
			t.Errorf("case %d (%d parts): cost %g, bound %g; want both %g (every limited sheet filled exactly)", c, len(req.Parts), res.Stats.Cost, res.Stats.CostLowerBound, want)
		}
		for _, pg := range res.Pages {
			if pg.StockID == "big" {
				t.Errorf("case %d: a page on the dearer row", c)
				break
			}
		}
	}
}

// TestStockWorkersDeterministic lays out a job of several materials and
// rows with three workers twice: the same layout for the same seed,
// budget and worker count, and Verify passes.
func TestStockWorkersDeterministic(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	req := Request{Sheet: Sheet{Width: 100, Height: 100}, Options: Options{Iterations: 600, Seed: 4, Workers: 3}}
	req.Stock = []Stock{
		{ID: "a1", Material: "A", Width: 180, Height: 90, Quantity: 2, Price: 100},
		{ID: "a2", Material: "A", Width: 120, Height: 80, Price: 70},
		{ID: "b1", Material: "B", Width: 200, Height: 100, Price: 150},
	}
	for i := range 60 {
		mat := "A"
		if i%3 == 0 {
			mat = "B"
		}
		req.Parts = append(req.Parts, Part{ID: fmt.Sprint("p", i), Material: mat,
			Width: float64(10 + rng.IntN(60)), Height: float64(8 + rng.IntN(50)), Quantity: 1 + rng.IntN(3)})
	}
	first, err := Layout(context.Background(), req, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := Verify(req, first); err != nil {
		t.Fatal(err)
	}
	again, _ := Layout(context.Background(), req, nil)
	first.Stats.ElapsedMs, again.Stats.ElapsedMs = 0, 0
	a, _ := first.AppendJSON(nil)
	b, _ := again.AppendJSON(nil)
	if string(a) != string(b) {
		t.Errorf("three workers gave two layouts for one seed and budget\n%s\n%s", a, b)
	}
}

// A time limit that ends inside the constructive phase stops the one-row
// layouts of a group on several rows: the plan is still complete and
// passes Verify.
func TestStockDeadlineInConstruction(t *testing.T) {
	req := stockJobRequest(1, 3000, 1)
	req.Options.TimeLimitMs = 1
	res := mustLayout(t, req)
	if res.Stats.Placed != 3000 || len(res.Skipped) != 0 {
		t.Errorf("placed %d, skipped %d lines; want all 3,000 placed", res.Stats.Placed, len(res.Skipped))
	}
}

// Oriented parts cut from one sheet of each of three sizes, with more
// sheets in stock than they fill and no prices (cost = area), as in the
// ortmann2010 set: the plan fills one sheet of each size exactly, at the
// lower bound.
func TestTileOrientedWithSpareSheets(t *testing.T) {
	no := false
	for c := range 8 {
		rng := rand.New(rand.NewPCG(uint64(c), 11))
		req := Request{Sheet: Sheet{Width: 100, Height: 100}, Options: Options{Iterations: 300, Seed: 2}}
		area := 0
		for r := range 3 {
			w, h := 60+rng.IntN(60), 40+rng.IntN(50)
			req.Stock = append(req.Stock, Stock{ID: fmt.Sprint("s", r), Width: float64(w), Height: float64(h), Quantity: 3, Price: float64(w*h) / 100})
			for i, p := range guillotinePieces(rng, w, h, 6+rng.IntN(5)) {
				req.Parts = append(req.Parts, Part{ID: fmt.Sprintf("p%d_%d", r, i), Width: float64(p[0]), Height: float64(p[1]), Quantity: 1, Rotate: &no})
				area += p[0] * p[1]
			}
		}
		res, err := Layout(context.Background(), req, nil)
		if err != nil {
			t.Fatal(err)
		}
		if err := Verify(req, res); err != nil {
			t.Fatalf("case %d: %v", c, err)
		}
		if res.Stats.Efficiency < 99.99 || len(res.Pages) != 3 {
			t.Errorf("case %d: %d pages at %.2f %%; want the 3 sheets the parts were cut from, full", c, len(res.Pages), res.Stats.Efficiency)
		}
	}
}

// areaReachable finds the sums of sheet areas within the counts.
func TestAreaReachable(t *testing.T) {
	targets := []mtarget{{w: 3, h: 2, n: 2}, {w: 5, h: 1, n: 1}}
	for a, want := range map[int]bool{0: true, 5: true, 6: true, 11: true, 12: true, 17: true, 7: false, 18: false, 23: false} {
		if got := areaReachable(targets, a); got != want {
			t.Errorf("area %d: %v, want %v", a, got, want)
		}
	}
}

// TestMergeRepairTilesSheets cuts sheets of two sizes into parts and
// gives the merge repair the parts of all of them, with a spare sheet of
// each size: it must put every part on a sheet of one of the sizes, within
// the counts, each sheet filled exactly and without overlap.
func TestMergeRepairTilesSheets(t *testing.T) {
	checkSequentialTiling(t, func(e *exact, targets []mtarget, nodes int, stop func() bool) bool {
		if stop != nil {
			// The check's stopped run: the repair makes every sheet at
			// once, so it is stopped from the start.
			stop = func() bool { return true }
		}
		return e.mergeRepair(targets, nodes, stop, 1)
	})
}

// checkSequentialTiling cuts sheets of two sizes into 8 to 15 parts each
// and gives search all of them, with a spare sheet of each size: every part
// must end up on a sheet of its size, within the counts, inside the sheet,
// without overlap, and each sheet filled exactly (and cuttable by guillotine
// cuts in guillotine mode). Stopped after its first sheet, the search must
// give the parts back.
func checkSequentialTiling(t *testing.T, search func(e *exact, targets []mtarget, nodes int, stop func() bool) bool) {
	t.Helper()
	for c := range 6 {
		rng := rand.New(rand.NewPCG(uint64(c), 17))
		sizes := [][2]int{{120 + rng.IntN(80), 60 + rng.IntN(50)}, {80 + rng.IntN(60), 70 + rng.IntN(40)}}
		cut := []int{1, 2} // sheets cut of each size
		targets := []mtarget{{sizes[0][0], sizes[0][1], cut[0] + 1}, {sizes[1][0], sizes[1][1], cut[1] + 1}}
		e := &exact{j: &job{guillotine: c%2 == 0}, w: max(sizes[0][0], sizes[1][0]), h: max(sizes[0][1], sizes[1][1])}
		count := map[[2]int]int{}
		pieces := 0
		for i, sz := range sizes {
			for range cut[i] {
				for _, p := range guillotinePieces(rng, sz[0], sz[1], 8+rng.IntN(8)) {
					count[[2]int{min(p[0], p[1]), max(p[0], p[1])}]++
					pieces++
				}
			}
		}
		// The shapes in a fixed order (a map's order changes from run to
		// run, and so would the searches).
		for _, k := range slices.SortedFunc(maps.Keys(count), func(a, b [2]int) int { return cmp.Or(a[0]-b[0], a[1]-b[1]) }) {
			e.shapes = append(e.shapes, exactShape{w: k[0], h: k[1], rotate: true, left: count[k]})
		}
		e.orientShapes()
		left := make([]int, len(e.shapes))
		for i, sh := range e.shapes {
			left[i] = sh.left
		}
		// Stopped after its first sheet, a search gives the parts back.
		if search(e, targets, 300000, func() bool { return len(e.targetOf) > 0 }) {
			t.Fatalf("case %d: a search stopped after its first sheet found a tiling", c)
		}
		for i, sh := range e.shapes {
			if sh.left != left[i] {
				t.Fatalf("case %d: shape %d has %d copies left after a stopped search, %d before", c, i, sh.left, left[i])
			}
		}
		if !search(e, targets, 1000000, nil) {
			t.Errorf("case %d (%d parts): no tiling found", c, pieces)
			continue
		}
		for i, sh := range e.shapes {
			if sh.left != left[i] {
				t.Fatalf("case %d: shape %d has %d copies left after the search, %d before", c, i, sh.left, left[i])
			}
		}
		used := make([]int, len(targets))
		filled := make([]int, e.sheets)
		placed := make([]int, len(e.shapes))
		for s := range e.sheets {
			used[e.targetOf[s]]++
		}
		for i, p := range e.placed {
			tg := targets[e.targetOf[p.sheet]]
			sh := e.shapes[p.shape]
			if p.x < 0 || p.y < 0 || p.x+p.w > tg.w || p.y+p.h > tg.h || [2]int{min(p.w, p.h), max(p.w, p.h)} != [2]int{sh.w, sh.h} {
				t.Fatalf("case %d: part %+v outside its %dx%d sheet or of the wrong size", c, p, tg.w, tg.h)
			}
			for _, q := range e.placed[:i] {
				if q.sheet == p.sheet && p.x < q.x+q.w && q.x < p.x+p.w && p.y < q.y+q.h && q.y < p.y+p.h {
					t.Fatalf("case %d: parts %+v and %+v overlap", c, p, q)
				}
			}
			filled[p.sheet] += p.w * p.h
			placed[p.shape]++
		}
		for i, sh := range e.shapes {
			if placed[i] != sh.left {
				t.Errorf("case %d: %d of %d parts %dx%d placed", c, placed[i], sh.left, sh.w, sh.h)
			}
		}
		for i, n := range used {
			if n > targets[i].n {
				t.Errorf("case %d: %d sheets of size %d, %d in stock", c, n, i, targets[i].n)
			}
		}
		for s, a := range filled {
			tg := targets[e.targetOf[s]]
			if a != tg.w*tg.h {
				t.Errorf("case %d: sheet %d holds %d of %d", c, s, a, tg.w*tg.h)
			}
			if !e.j.guillotine {
				continue
			}
			var spots []spot
			for _, p := range e.placed {
				if p.sheet == s {
					spots = append(spots, spot{x: p.x, y: p.y, w: p.w, h: p.h})
				}
			}
			if _, ok := guillotineCuts(&job{binW: tg.w, binH: tg.h}, spots); !ok {
				t.Errorf("case %d: sheet %d cannot be cut by guillotine cuts", c, s)
			}
		}
	}
}
