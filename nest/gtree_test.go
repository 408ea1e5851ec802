package nest

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"
	"time"
)

// sheetResult turns one sheet's parts and cuts into a Result of req, for
// Verify.
func sheetResult(t *testing.T, req Request, spots []spot, cuts []cut) Result {
	t.Helper()
	j, skipped, err := newJob(req)
	if err != nil {
		t.Fatal(err)
	}
	s := &search{req: req, j: j, skipped: skipped, start: time.Now(), lb: 1}
	area := 0
	for _, sp := range spots {
		area += sp.w * sp.h
	}
	return s.result(&solution{bins: [][]spot{spots}, areas: []int{area}, cuts: [][]cut{cuts}})
}

// improveWith runs the improvement phase on req's constructive layout with
// the guillotine representation forced to mode.
func improveWith(t *testing.T, req Request, mode guillotineMode, iterations int) Result {
	t.Helper()
	j, skipped, err := newJob(req)
	if err != nil {
		t.Fatal(err)
	}
	s := &search{ctx: context.Background(), req: req, j: j, skipped: skipped, start: time.Now(), pk: &packer{j: j}}
	if len(j.items) == 0 {
		return s.result(&solution{})
	}
	s.construct()
	r := newRR(s, rand.New(rand.NewPCG(uint64(iterations), 3)), mode == byTrees, mode == byChecks)
	for i := 0; i < iterations && !s.optimal(); i++ {
		r.step()
		if mode != byChecks {
			continue
		}
		// Every step leaves every sheet cuttable, so that a layout found
		// with the pool empty is never lost for want of cuts.
		for si, sh := range r.cur.sheets {
			if _, ok := guillotineCuts(j, sh.parts()); !ok {
				t.Fatalf("step %d left sheet %d without guillotine cuts: %+v", i, si, sh.parts())
			}
		}
	}
	return s.result(s.best)
}

// Both ways of keeping guillotine layouts, on random jobs with kerf and
// trim: every layout the search reports must be cut by its sequence.
func TestGuillotineSearchModesVerify(t *testing.T) {
	n := 400
	if raceEnabled || testing.Short() {
		n = 60
	}
	for _, mode := range []guillotineMode{byChecks, byTrees} {
		for seed := 0; seed < n; seed++ {
			rng := rand.New(rand.NewPCG(uint64(seed), 11))
			req := randomRequest(rng)
			req.Options.Guillotine = true
			if _, _, err := newJob(req); err != nil {
				continue
			}
			res := improveWith(t, req, mode, 150)
			if err := Verify(req, res); err != nil {
				t.Fatalf("mode %d, seed %d: %v\nrequest %+v", mode, seed, err, req)
			}
		}
	}
}

func TestGuillotineCutsOfPlacedParts(t *testing.T) {
	req := Request{Sheet: Sheet{10, 10}, Parts: []Part{{Name: "A", Width: 1, Height: 1, Quantity: 1}}, Options: Options{Guillotine: true}}
	j, _, _ := newJob(req)
	r := func(x, y, w, h float64) spot {
		return spot{x: int(x * unitsPerCM), y: int(y * unitsPerCM), w: int(w * unitsPerCM), h: int(h * unitsPerCM)}
	}
	tests := []struct {
		name  string
		spots []spot
		ok    bool
	}{
		{"a grid", []spot{r(0, 0, 5, 5), r(5, 0, 5, 5), r(0, 5, 5, 5), r(5, 5, 5, 5)}, true},
		{"strips of different heights", []spot{r(0, 0, 3, 7), r(0, 7, 3, 2), r(3, 0, 6, 4), r(3, 4, 2, 2)}, true},
		{"one part in the middle", []spot{r(2, 3, 4, 4)}, true},
		// Four parts turning around a hole: no cut crosses the sheet.
		{"a pinwheel", []spot{r(0, 0, 6, 4), r(6, 0, 4, 6), r(4, 6, 6, 4), r(0, 4, 4, 6)}, false},
	}
	for _, tc := range tests {
		cuts, ok := guillotineCuts(j, slices.Clone(tc.spots))
		if ok != tc.ok {
			t.Fatalf("%s: guillotine = %v, want %v", tc.name, ok, tc.ok)
		}
		if !ok {
			continue
		}
		res := sheetResult(t, req, tc.spots, cuts)
		if err := verifyPageCuts(req, res); err != nil {
			t.Fatalf("%s: %v (cuts %+v)", tc.name, err, cuts)
		}
	}
}

// verifyPageCuts checks the cutting sequence of the single page of res.
func verifyPageCuts(req Request, res Result) error {
	j, _, err := newJob(req)
	if err != nil {
		return err
	}
	_, _, err = verifyCuts(j, res.Pages[0])
	return err
}

// A strip of waste narrower than the saw blade cannot be cut off: the
// blade would cut into the part beside it.
func TestGuillotineCutsKerfSliver(t *testing.T) {
	req := Request{Sheet: Sheet{10, 10}, Parts: []Part{{Name: "A", Width: 1, Height: 1, Quantity: 1}}, Options: Options{Guillotine: true, Kerf: 0.5}}
	j, _, _ := newJob(req)
	part := func(x int) []spot { return []spot{{x: x, y: 0, w: 400 + j.kerf, h: j.binH}} }
	if _, ok := guillotineCuts(j, part(j.kerf/2)); ok {
		t.Fatal("a part 0.25 cm from the edge accepted with a 0.5 cm blade")
	}
	cuts, ok := guillotineCuts(j, part(j.kerf+1))
	if !ok {
		t.Fatal("a part more than a blade from the edge refused")
	}
	if err := verifyPageCuts(req, sheetResult(t, req, part(j.kerf+1), cuts)); err != nil {
		t.Fatal(err)
	}
	// Two parts, one above the other, the lower one starting 0.3 cm right
	// of the upper one: the waste before them is cut off only after the cut
	// between them, or the lower part would have 0.3 cm of waste in front
	// of it.
	stacked := []spot{{x: 200, y: 0, w: 300, h: 100}, {x: 230, y: 100, w: 400, h: 300}}
	cuts, ok = guillotineCuts(j, slices.Clone(stacked))
	if !ok {
		t.Fatal("two stacked parts with waste before them refused")
	}
	if err := verifyPageCuts(req, sheetResult(t, req, stacked, cuts)); err != nil {
		t.Fatal(err)
	}
}

// The checked guillotine search tells splitPiece which part it adds to a
// cuttable sheet, so that pieces without it are not checked again: on
// random guillotine sheets with a random part added, the answer must be
// the one of the full check, and both answers must come up.
func TestGuillotineCheckOfAddedPart(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	// cut fills piece p with parts by random guillotine cuts.
	var cut func(p rect, depth int, out []rect) []rect
	cut = func(p rect, depth int, out []rect) []rect {
		if depth == 0 || p.w < 4 || p.h < 4 || rng.IntN(4) == 0 {
			if rng.IntN(3) == 0 {
				return out // waste
			}
			// Mostly nearly as big as the piece, so that the free space
			// comes in thin strips that a new part may bridge.
			w, h := p.w-rng.IntN(min(p.w, 6)), p.h-rng.IntN(min(p.h, 6))
			if rng.IntN(4) == 0 {
				w, h = 1+rng.IntN(p.w), 1+rng.IntN(p.h)
			}
			return append(out, rect{p.x + rng.IntN(p.w-w+1), p.y + rng.IntN(p.h-h+1), w, h})
		}
		if rng.IntN(2) == 0 {
			c := 1 + rng.IntN(p.w-1)
			out = cut(rect{p.x, p.y, c, p.h}, depth-1, out)
			return cut(rect{p.x + c, p.y, p.w - c, p.h}, depth-1, out)
		}
		c := 1 + rng.IntN(p.h-1)
		out = cut(rect{p.x, p.y, p.w, c}, depth-1, out)
		return cut(rect{p.x, p.y + c, p.w, p.h - c}, depth-1, out)
	}
	sheet := rect{0, 0, 60, 60}
	yes, no := 0, 0
	for n := 0; n < 100000; n++ {
		parts := cut(sheet, 2+rng.IntN(6), nil)
		// A new part somewhere free.
		w, h := 1+rng.IntN(8), 1+rng.IntN(8)
		added := rect{rng.IntN(sheet.w - w + 1), rng.IntN(sheet.h - h + 1), w, h}
		if slices.ContainsFunc(parts, added.overlaps) {
			continue
		}
		items := append(parts, added)
		full := splitPiece(slices.Clone(items), sheet, 0, nil, nil)
		if got := splitPiece(slices.Clone(items), sheet, 0, nil, &added); got != full {
			t.Fatalf("parts %v with %v added: check of the added part says %v, the full check %v", parts, added, got, full)
		}
		if full {
			yes++
		} else {
			no++
		}
	}
	if yes < 1000 || no < 30 {
		t.Fatalf("too few cases of either answer: %d cuttable, %d not", yes, no)
	}
}

// Taking a part out of a cut tree merges its waste with the node's other
// waste, so that a part as long as both fits again; the cuts stay valid.
func TestGtreeRemoveMergesWaste(t *testing.T) {
	req := Request{Sheet: Sheet{10, 4}, Parts: []Part{{Name: "A", Width: 1, Height: 1, Quantity: 1}}, Options: Options{Guillotine: true}}
	j, _, _ := newJob(req)
	tr := newGtree(j.binW, j.binH)
	q := heuristic{rule: ruleBSSF, split: splitShorterLeftover}
	for i := 0; i < 3; i++ {
		tr.place(tr.find(300, 400, false, q), 0, 0)
	}
	if tr.mayFit(400, 400, false) {
		t.Fatal("a 4 cm part fits beside three 3 cm parts on 10 cm")
	}
	middle := slices.IndexFunc(tr.leaves(), func(i int32) bool { return tr.n[i].x == 300 })
	tr.remove(tr.leaves()[middle])
	if !tr.mayFit(400, 400, false) {
		t.Fatal("the waste of a removed part did not merge with the waste at the end")
	}
	p := tr.find(400, 400, false, q)
	if !p.ok {
		t.Fatal("no waste piece for 4 cm after the removal")
	}
	tr.place(p, 0, 0)
	spots := tr.parts()
	if len(spots) != 3 || tr.area != 1000*400 {
		t.Fatalf("spots %+v, area %d", spots, tr.area)
	}
	if err := verifyPageCuts(req, sheetResultOf(t, req, tr)); err != nil {
		t.Fatal(err)
	}
}

func sheetResultOf(t *testing.T, req Request, tr *gtree) Result {
	return sheetResult(t, req, tr.parts(), tr.cuts(0))
}

// A constructive guillotine layout read into cut trees gives back the same
// parts, and the trees' cuts are valid sequences.
func TestGtreeFromConstructiveLayout(t *testing.T) {
	for seed := 0; seed < 200; seed++ {
		rng := rand.New(rand.NewPCG(uint64(seed), 5))
		req := randomRequest(rng)
		req.Options.Guillotine = true
		j, skipped, err := newJob(req)
		if err != nil || len(j.items) == 0 {
			continue
		}
		s := &search{ctx: context.Background(), req: req, j: j, skipped: skipped, start: time.Now(), pk: &packer{j: j}}
		s.construct()
		sol := &solution{}
		for bi, spots := range s.best.bins {
			tr := gtreeFromCuts(j, spots, s.best.cuts[bi])
			got := tr.parts()
			if len(got) != len(spots) || tr.area != s.best.areas[bi] {
				t.Fatalf("seed %d sheet %d: %d parts (area %d) in the tree, %d (area %d) laid out", seed, bi, len(got), tr.area, len(spots), s.best.areas[bi])
			}
			sol.bins = append(sol.bins, got)
			sol.areas = append(sol.areas, tr.area)
			sol.cuts = append(sol.cuts, tr.cuts(j.kerf))
		}
		if err := Verify(req, s.result(sol)); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
	}
}
