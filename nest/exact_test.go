package nest

import (
	"cmp"
	"context"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
)

// tiling returns a request whose parts tile its sheet: a grid of w x h
// steps (of step cm, one kerf included in each part) cut by guillotine
// cuts into parts pieces, shuffled and half of them turned. With pinwheel
// the sheet is first cut around a pinwheel, whose five pieces are then
// cut further.
func tiling(rng *rand.Rand, w, h, parts int, step, kerf float64, pinwheel bool) Request {
	pieces := []rect{{0, 0, w, h}}
	if pinwheel {
		x1, y1 := 2+rng.IntN(w/3), 2+rng.IntN(h/3)
		x2, y2 := x1+2+rng.IntN(w/3), y1+2+rng.IntN(h/3)
		pieces = []rect{{0, 0, x2, y1}, {x2, 0, w - x2, y2}, {x1, y2, w - x1, h - y2}, {0, y1, x1, h - y1}, {x1, y1, x2 - x1, y2 - y1}}
	}
	for tries := 0; len(pieces) < parts && tries < 1000; tries++ {
		i := rng.IntN(len(pieces))
		p := pieces[i]
		if p.w >= 4 && (p.w >= p.h || p.h < 4) {
			c := 2 + rng.IntN(p.w-3)
			pieces[i] = rect{p.x, p.y, c, p.h}
			pieces = append(pieces, rect{p.x + c, p.y, p.w - c, p.h})
		} else if p.h >= 4 {
			c := 2 + rng.IntN(p.h-3)
			pieces[i] = rect{p.x, p.y, p.w, c}
			pieces = append(pieces, rect{p.x, p.y + c, p.w, p.h - c})
		}
	}
	rng.Shuffle(len(pieces), func(a, b int) { pieces[a], pieces[b] = pieces[b], pieces[a] })
	req := Request{Sheet: Sheet{float64(w)*step - kerf, float64(h)*step - kerf}, Options: Options{Kerf: kerf}}
	for i, p := range pieces {
		pw, ph := float64(p.w)*step-kerf, float64(p.h)*step-kerf
		if rng.IntN(2) == 1 {
			pw, ph = ph, pw
		}
		req.Parts = append(req.Parts, Part{Name: itoa(i), Width: pw, Height: ph, Quantity: 1})
	}
	return req
}

// TestExactFitFindsTilings lays out parts that tile their sheet, without a
// time limit: the exact-fit search finds the one sheet, in free and in
// guillotine mode (where the tilings cut by guillotine cuts only), with
// and without kerf, and Verify accepts it.
func TestExactFitFindsTilings(t *testing.T) {
	for i := range 40 {
		rng := rand.New(rand.NewPCG(11, uint64(i)))
		kerf := 0.0
		if i%3 == 1 {
			kerf = 0.5
		}
		pinwheel := i%4 == 3
		req := tiling(rng, 40+rng.IntN(60), 30+rng.IntN(60), 6+rng.IntN(9), 2.5, kerf, pinwheel)
		req.Options.Guillotine = !pinwheel && i%2 == 0
		res := mustLayout(t, req)
		if res.Stats.Pages != 1 || !res.Stats.Optimal {
			t.Errorf("case %d (%d parts, pinwheel %v, guillotine %v, kerf %v): %d sheets, want 1",
				i, len(req.Parts), pinwheel, req.Options.Guillotine, kerf, res.Stats.Pages)
		}
	}
}

// TestExactFitPinwheelGuillotine: five parts around a pinwheel fit one
// sheet, but not with guillotine cuts; the guillotine layout takes two
// sheets, and the exact-fit search must not return the free one.
func TestExactFitPinwheelGuillotine(t *testing.T) {
	req := Request{Sheet: Sheet{10, 10}, Parts: []Part{
		{Name: "alt", Width: 6, Height: 4, Quantity: 1}, {Name: "sağ", Width: 4, Height: 6, Quantity: 1},
		{Name: "üst", Width: 6, Height: 4, Quantity: 1}, {Name: "sol", Width: 4, Height: 6, Quantity: 1},
		{Name: "orta", Width: 2, Height: 2, Quantity: 1},
	}}
	if res := mustLayout(t, req); res.Stats.Pages != 1 {
		t.Errorf("free: %d sheets, want 1", res.Stats.Pages)
	}
	req.Options.Guillotine = true
	if res := mustLayout(t, req); res.Stats.Pages != 2 {
		t.Errorf("guillotine: %d sheets, want 2", res.Stats.Pages)
	}
}

// TestExactSearches runs the two searches on their own: each finds the
// tilings it is made for (the merge search guillotine tilings and
// pinwheels, the skyline search any), and Verify accepts their layouts.
func TestExactSearches(t *testing.T) {
	for i := range 30 {
		rng := rand.New(rand.NewPCG(5, uint64(i)))
		req := tiling(rng, 30+rng.IntN(40), 30+rng.IntN(40), 5+rng.IntN(6), 1, 0, i%2 == 1)
		j := mustJob(t, req)
		for _, merge := range []bool{true, false} {
			e := newExact(j, 1)
			if e == nil {
				t.Fatalf("case %d: the tiling is not tight", i)
			}
			var sol *solution
			if merge {
				sol = e.mergeSearch(1_000_000, nil)
			} else {
				sol = e.search(1, 1_000_000, nil)
			}
			if sol == nil || len(sol.bins) != 1 {
				t.Errorf("case %d, merge %v: no one-sheet layout", i, merge)
				continue
			}
			s := &search{req: req, j: j, lb: 1}
			if err := Verify(req, s.result(sol)); err != nil {
				t.Errorf("case %d, merge %v: %v", i, merge, err)
			}
		}
	}
}

// TestExactFitTilesSeveralSheets lays out the parts of two or three sheets
// of one size, each cut by guillotine cuts into 8 to 16 parts, shuffled and
// half of them turned, with the constructive phase's node budget: the
// searches sheet by sheet must lay all but two of them out on as many
// sheets, free and in guillotine mode (they miss 2 of 16), and Verify must
// accept the layouts. With the merge search over all the sheets at once in
// their place, 7 of the 16 jobs took a sheet more.
func TestExactFitTilesSeveralSheets(t *testing.T) {
	missed := 0
	for c := range 16 {
		rng := rand.New(rand.NewPCG(23, uint64(c)))
		w, h := 150+rng.IntN(150), 100+rng.IntN(100)
		sheets := 2 + c%2
		req := Request{Sheet: Sheet{Width: float64(w), Height: float64(h)}, Options: Options{Guillotine: c%4 < 2}}
		for range sheets {
			for _, p := range guillotinePieces(rng, w, h, 8+rng.IntN(9)) {
				if rng.IntN(2) == 0 {
					p[0], p[1] = p[1], p[0]
				}
				req.Parts = append(req.Parts, Part{Name: itoa(len(req.Parts)), Width: float64(p[0]), Height: float64(p[1]), Quantity: 1})
			}
		}
		rng.Shuffle(len(req.Parts), func(a, b int) { req.Parts[a], req.Parts[b] = req.Parts[b], req.Parts[a] })
		res := mustLayout(t, req)
		if res.Stats.Pages != sheets {
			missed++
			t.Logf("case %d (%d parts on %d sheets, guillotine %v): %d sheets", c, len(req.Parts), sheets, req.Options.Guillotine, res.Stats.Pages)
		}
	}
	if missed > 2 {
		t.Errorf("%d of 16 jobs took more sheets than they were cut from", missed)
	}
}

// TestExactFitOnlyWhenTight: parts that leave more than exactSlack of the
// sheets empty do not start the search.
func TestExactFitOnlyWhenTight(t *testing.T) {
	req := Request{Sheet: Sheet{10, 10}, Parts: []Part{{Width: 5, Height: 9.9, Quantity: 2}}}
	j, _, _ := newJob(req)
	// 1 cm² of waste: 10,000 units², 100 in the search's scale of 0,1 cm.
	if e := newExact(j, 1); e == nil || e.scale != 10 || e.waste != 100 {
		t.Errorf("99%% full: want a search at scale 10 with 100 of waste, got %+v", e)
	}
	req.Parts[0].Height = 9
	j, _, _ = newJob(req)
	if e := newExact(j, 1); e != nil {
		t.Error("90% full: the search runs")
	}
	// 1,024 squares tile the sheet, but are more than the search takes.
	req = Request{Sheet: Sheet{32, 32}, Parts: []Part{{Width: 1, Height: 1, Quantity: 1024}}}
	j, _, _ = newJob(req)
	if e := newExact(j, 1); e != nil {
		t.Error("1,024 parts: the search runs")
	}
	req = Request{Sheet: Sheet{30, 30}, Parts: []Part{{Width: 1, Height: 1, Quantity: 890}}}
	j, _, _ = newJob(req)
	if e := newExact(j, 1); e == nil {
		t.Error("890 parts filling 98,9 %: no search")
	}
}

// TestExactFitDeterministic: the same seed and iteration budget (or none:
// the constructive phase) give the same layout, with one worker and with
// three (whose merge repairs run side by side, repairOnWorkers).
func TestExactFitDeterministic(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	req := tiling(rng, 120, 90, 40, 2, 0.3, true)
	for _, o := range []Options{{Iterations: 200, Workers: 1}, {Iterations: 200, Workers: 3}, {Workers: 3}} {
		o.Kerf, o.Seed = 0.3, 9
		req.Options = o
		a, err := Layout(context.Background(), req, nil)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := Layout(context.Background(), req, nil)
		a.Stats.ElapsedMs, b.Stats.ElapsedMs = 0, 0
		if !reflect.DeepEqual(a, b) {
			t.Errorf("%d workers, %d iterations: two runs with the same seed differ", o.Workers, o.Iterations)
		}
		if err := Verify(req, a); err != nil {
			t.Error(err)
		}
	}
}

// TestRepairOnWorkers: the merge repair on three workers, each with 3,000
// nodes, tiles every sheet the first worker tiles alone (it runs as it
// would alone) and more besides; every layout, whichever worker found it,
// passes Verify, and a second run gives the same layout.
func TestRepairOnWorkers(t *testing.T) {
	alone, three := 0, 0
	for i := range 16 {
		rng := rand.New(rand.NewPCG(23, uint64(i)))
		req := tiling(rng, 60+rng.IntN(40), 50+rng.IntN(40), 30+rng.IntN(11), 1, 0, i%2 == 1)
		j := mustJob(t, req)
		one := newExact(j, 1).mergeRepair(nil, 3000, nil, 5)
		if one {
			alone++
		}
		var placed [][]exactSpot
		for range 2 {
			e := repairOnWorkers(newExact(j, 1), nil, 3000, 5, 3, false, nil, nil)
			if e == nil {
				placed = append(placed, nil)
				continue
			}
			placed = append(placed, slices.Clone(e.placed))
			s := &search{req: req, j: j, lb: 1}
			if err := Verify(req, s.result(e.solution())); err != nil {
				t.Errorf("case %d: %v", i, err)
			}
		}
		if one && placed[0] == nil {
			t.Errorf("case %d: tiled by the first worker alone, not by three", i)
		}
		if !reflect.DeepEqual(placed[0], placed[1]) {
			t.Errorf("case %d: two runs of three workers gave two layouts", i)
		}
		if placed[0] != nil {
			three++
		}
	}
	if three <= alone {
		t.Errorf("three workers tiled %d of 16 sheets, one %d: want more", three, alone)
	}
	t.Logf("tiled: one worker %d, three %d of 16", alone, three)
}

func TestLuby(t *testing.T) {
	want := []int{1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8}
	for i, w := range want {
		if got := luby(i + 1); got != w {
			t.Errorf("luby(%d) = %d, want %d", i+1, got, w)
		}
	}
}

// On one sheet, and over sheets of several sizes, the merge search first
// merges a block that has only one block to merge with, before pairs of
// blocks that share longer sides with many others: such a pair is most
// often two pieces the sheet was cut into.
func TestMergeFewPartnersFirst(t *testing.T) {
	e := &exact{j: &job{guillotine: true}, w: 100, h: 100, sheets: 1}
	// Four 10 x 50 blocks merge with each other along 10 (into a block as
	// high as the sheet) or 50; 7 x 33 and 7 x 67 only with each other.
	e.shapes = []exactShape{{w: 10, h: 50, rotate: true, left: 4}, {w: 7, h: 33, rotate: true, left: 1}, {w: 7, h: 67, rotate: true, left: 1}}
	e.orientShapes()
	left, _, _ := e.pool()
	m := newMerger(e, nil, left, nil)
	pairs, order := m.pairsInto(nil, nil)
	first := pairs[order[0]]
	got := [2]int{e.shapes[m.blocks[first.used[0]].shape].h, e.shapes[m.blocks[first.used[1]].shape].h}
	if got != [2]int{33, 67} && got != [2]int{67, 33} {
		t.Fatalf("first merge: blocks of heights %v, want the 7 x 33 and 7 x 67 blocks", got)
	}
	// Over several sheets of one size the order is by sides alone.
	m = newMerger(e, []mtarget{{100, 100, 2}}, left, nil)
	pairs, order = m.pairsInto(nil, nil)
	first = pairs[order[0]]
	if sh := e.shapes[m.blocks[first.used[0]].shape]; sh.w != 10 {
		t.Fatalf("first merge over several sheets: a %d x %d block, want a 10 x 50 one", sh.w, sh.h)
	}
	// Over sheets of several sizes the pair with one merge comes first
	// again.
	m = newMerger(e, []mtarget{{100, 100, 1}, {60, 100, 1}}, left, nil)
	pairs, order = m.pairsInto(nil, nil)
	first = pairs[order[0]]
	got = [2]int{e.shapes[m.blocks[first.used[0]].shape].h, e.shapes[m.blocks[first.used[1]].shape].h}
	if got != [2]int{33, 67} && got != [2]int{67, 33} {
		t.Fatalf("first merge over two sizes: blocks of heights %v, want the 7 x 33 and 7 x 67 blocks", got)
	}
}

// TestMergeRepair: the merge repair tiles sheets cut into 25 to 35 parts
// (every other one around a pinwheel), and in guillotine mode sheets cut
// into 15 to 20 parts by guillotine cuts, each a layout Verify accepts
// (in guillotine mode with its cutting sequence). With 5,000 nodes each
// it tiled 4 of the 12 bigger sheets and the merge search 1 (with 20,000
// nodes, 5 and 2).
func TestMergeRepair(t *testing.T) {
	tiled := [2]int{}
	for i := range 18 {
		rng := rand.New(rand.NewPCG(21, uint64(i)))
		guillotine := i >= 12
		w, h := 60+rng.IntN(40), 50+rng.IntN(40)
		parts := 25 + rng.IntN(11)
		if guillotine {
			parts = 15 + rng.IntN(6)
		}
		req := tiling(rng, w, h, parts, 1, 0, !guillotine && i%2 == 1)
		req.Options.Guillotine = guillotine
		j := mustJob(t, req)
		e := newExact(j, 1)
		if !e.mergeRepair(nil, 5000, nil, 1) {
			continue
		}
		tiled[b2i(guillotine)]++
		s := &search{req: req, j: j, lb: 1}
		if err := Verify(req, s.result(e.solution())); err != nil {
			t.Errorf("case %d: %v", i, err)
		}
	}
	if tiled[0] < 4 || tiled[1] < 4 {
		t.Errorf("the repair tiled %d of 12 sheets and %d of 6 in guillotine mode, want at least 4 and 4", tiled[0], tiled[1])
	}
}

// TestRepairTurns: the repair with more blocks kept gets one node in
// otherTurn of the work, whatever its steps cost, and two with as many
// take turns.
func TestRepairTurns(t *testing.T) {
	// share runs 400 turns, each adding cost[i] nodes to repair i's work,
	// and returns the share of the work of repair other and its turns.
	share := func(blocks, cost [2]int, other int) (float64, int) {
		rs := []*repair{{cur: make([]int32, blocks[0]), m: &merger{}}, {cur: make([]int32, blocks[1]), m: &merger{}}}
		turns := 0
		for it := range 400 {
			i := turn(rs, it)
			rs[i].m.total += cost[i]
			if i == other {
				turns++
			}
		}
		return float64(rs[other].m.total) / float64(rs[0].m.total+rs[1].m.total), turns
	}
	want := 1 / float64(otherTurn)
	for _, c := range []struct{ blocks, cost [2]int }{{[2]int{5, 9}, [2]int{1, 1}}, {[2]int{5, 9}, [2]int{1, 4}}, {[2]int{5, 9}, [2]int{4, 1}}} {
		if got, _ := share(c.blocks, c.cost, 1); math.Abs(got-want) > 0.02 {
			t.Errorf("blocks %v, costs %v: the one with more blocks has %.3f of the work, want %.3f", c.blocks, c.cost, got, want)
		}
		swapped := [2]int{c.blocks[1], c.blocks[0]}
		if got, _ := share(swapped, [2]int{c.cost[1], c.cost[0]}, 0); math.Abs(got-want) > 0.02 {
			t.Errorf("blocks %v, costs %v: the one with more blocks has %.3f of the work, want %.3f", swapped, c.cost, got, want)
		}
	}
	if _, turns := share([2]int{6, 6}, [2]int{1, 3}, 0); turns != 200 {
		t.Errorf("6 blocks each: %d turns of 400 for the first, want 200", turns)
	}
}

// TestDissolveKeepsSheets: over several sheets, a dissolve mostly leaves
// a block that is a whole sheet, and now and then takes it apart too (its
// parts may belong elsewhere).
func TestDissolveKeepsSheets(t *testing.T) {
	rng := rand.New(rand.NewPCG(29, 0))
	w, h := 200, 150
	req := Request{Sheet: Sheet{Width: float64(w), Height: float64(h)}}
	for range 3 {
		for _, p := range guillotinePieces(rng, w, h, 12) {
			req.Parts = append(req.Parts, Part{Name: itoa(len(req.Parts)), Width: float64(p[0]), Height: float64(p[1]), Quantity: 1})
		}
	}
	j := mustJob(t, req)
	e := newExact(j, 3)
	r := e.newRepair([]mtarget{{e.w, e.h, 3}}, 1, 0.1, nil)
	// A state with a whole sheet and other merged blocks.
	sheet := int32(-1)
	for try := 0; try < 200 && sheet < 0; try++ {
		r.m.dissolve(r.rng)
		r.m.dive(r.rng, 0.3, 0)
		merged := 0
		for _, b := range r.m.alive {
			if r.m.blocks[b].shape < 0 {
				merged++
			}
		}
		for _, b := range r.m.alive {
			if r.m.sheetSized(b) && merged >= 3 {
				sheet = b
			}
		}
	}
	if sheet < 0 {
		t.Fatal("no state with a whole sheet among other merged blocks")
	}
	saved, state := slices.Clone(r.m.alive), r.m.state
	opened := 0
	const runs = 2000
	for range runs {
		r.m.dissolve(r.rng)
		if !slices.Contains(r.m.alive, sheet) {
			opened++
		}
		r.m.alive, r.m.state = append(r.m.alive[:0], saved...), state
	}
	if opened == 0 || opened > runs/5 {
		t.Errorf("the whole sheet was taken apart in %d of %d dissolves, want some and at most a fifth", opened, runs)
	}
}

// TestMergeCompact: compacting the blocks keeps every alive block's parts
// where they were, and drops the blocks taken apart.
func TestMergeCompact(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 0))
	req := tiling(rng, 60, 50, 30, 1, 0, false)
	j := mustJob(t, req)
	e := newExact(j, 1)
	r := e.newRepair(nil, 1, 0.1, nil)
	r.m.dive(r.rng, 0, 0)
	for range 20 {
		r.m.dissolve(r.rng)
		r.m.dive(r.rng, 0.3, 0)
	}
	layout := func(alive []int32) [][]exactSpot {
		var out [][]exactSpot
		for _, b := range alive {
			e.placed = e.placed[:0]
			r.m.emit(b, 0, 0, false, 0)
			out = append(out, slices.Clone(e.placed))
		}
		return out
	}
	before := layout(r.m.alive)
	n := len(r.m.blocks)
	alive := r.m.compact(r.m.alive)
	if len(r.m.blocks) >= n || len(r.m.blocks) < len(j.items) {
		t.Fatalf("compact kept %d of %d blocks for %d parts", len(r.m.blocks), n, len(j.items))
	}
	if after := layout(alive); !reflect.DeepEqual(before, after) {
		t.Error("the blocks' parts moved")
	}
}

// tiles reports whether the parts (w x h, turned when they may) tile a
// W x H grid exactly: the first empty cell in reading order takes each
// part in each way in turn. It is a checker independent of the engine's
// searches.
func tiles(W, H int, parts [][2]int, rotate bool) bool {
	grid := make([]bool, W*H)
	used := make([]bool, len(parts))
	fits := func(x, y, w, h int) bool {
		if x+w > W || y+h > H {
			return false
		}
		for dy := range h {
			for dx := range w {
				if grid[(y+dy)*W+x+dx] {
					return false
				}
			}
		}
		return true
	}
	set := func(x, y, w, h int, v bool) {
		for dy := range h {
			for dx := range w {
				grid[(y+dy)*W+x+dx] = v
			}
		}
	}
	var next func() bool
	next = func() bool {
		c := slices.Index(grid, false)
		if c < 0 {
			return true
		}
		x, y := c%W, c/W
		for i, p := range parts {
			if used[i] || i > 0 && !used[i-1] && parts[i-1] == p {
				continue // equal parts go in order
			}
			for turn := range 2 {
				w, h := p[0], p[1]
				if turn == 1 {
					if !rotate || w == h {
						break
					}
					w, h = h, w
				}
				if fits(x, y, w, h) {
					used[i] = true
					set(x, y, w, h, true)
					if next() {
						return true
					}
					set(x, y, w, h, false)
					used[i] = false
				}
			}
		}
		return false
	}
	return next()
}

// TestExactFitProvesNoTiling lays out small random jobs whose parts' area
// is exactly the sheet's, some of which tile it and some not: the engine
// lays out one sheet exactly when the parts tile it (checked by tiles),
// and otherwise proves that two sheets are the least (the skyline search
// without waste is complete, and ends on such small jobs).
func TestExactFitProvesNoTiling(t *testing.T) {
	proven := 0
	for i := range 60 {
		rng := rand.New(rand.NewPCG(13, uint64(i)))
		W, H := 5+rng.IntN(4), 5+rng.IntN(4)
		rotate := i%3 != 2
		var parts [][2]int
		for area := W * H; area > 0; {
			w, h := 1+rng.IntN(4), 1+rng.IntN(4)
			if w*h > area || w > W || h > H {
				w, h = 1, 1
			}
			area -= w * h
			parts = append(parts, [2]int{w, h})
		}
		req := Request{Sheet: Sheet{float64(W), float64(H)}, Options: Options{Iterations: 200, Seed: int64(i)}}
		for k, p := range parts {
			req.Parts = append(req.Parts, Part{Name: itoa(k), Width: float64(p[0]), Height: float64(p[1]), Quantity: 1, Rotate: &rotate})
		}
		res, err := Layout(context.Background(), req, nil)
		if err != nil {
			t.Fatal(err)
		}
		if err := Verify(req, res); err != nil {
			t.Fatal(err)
		}
		slices.SortFunc(parts, func(a, b [2]int) int { return cmp.Or(cmp.Compare(a[0], b[0]), cmp.Compare(a[1], b[1])) })
		want := 2
		if tiles(W, H, parts, rotate) {
			want = 1
		}
		if len(res.Pages) != want || res.Stats.LowerBound != want || !res.Stats.Optimal {
			t.Errorf("job %d (%d x %d, %v): %d pages, lower bound %d, optimal %v; want %d proven", i, W, H, parts, len(res.Pages), res.Stats.LowerBound, res.Stats.Optimal, want)
		}
		if want == 2 {
			proven++
		}
	}
	if proven < 10 {
		t.Errorf("only %d of 60 jobs cannot tile: the test does not test the proof", proven)
	}
}

// TestMergeLined compares lined with its definition, a sum of the other
// blocks' sides per block, on states of random tilings' blocks merged by
// chance (about a quarter of which fail it).
func TestMergeLined(t *testing.T) {
	direct := func(m *merger) bool {
		e := m.e
		for _, x := range m.alive {
			if m.sheetSized(x) {
				continue
			}
			rw, rh := make([]uint64, e.w/64+1), make([]uint64, e.h/64+1)
			rw[0], rh[0] = 1, 1
			for _, y := range m.alive {
				if Y := &m.blocks[y]; y != x && !m.sheetSized(y) {
					shiftOr(rw, Y.w, Y.h, Y.rotate, e.w)
					shiftOr(rh, Y.h, Y.w, Y.rotate, e.h)
				}
			}
			ok := false
			os, n := m.blocks[x].orients()
			for _, o := range os[:n] {
				ok = ok || o[0] <= e.w && o[1] <= e.h && has(rw, e.w-o[0]) && has(rh, e.h-o[1])
			}
			if !ok {
				return false
			}
		}
		return true
	}
	checked, failed := 0, 0
	for i := range 30 {
		rng := rand.New(rand.NewPCG(17, uint64(i)))
		req := tiling(rng, 60+rng.IntN(200), 60+rng.IntN(200), 10+rng.IntN(16), 1, 0, i%2 == 1)
		j := mustJob(t, req)
		e := newExact(j, 1)
		r := e.newRepair(nil, uint64(i), 0.5, nil)
		for range 40 {
			r.m.dissolve(r.rng)
			for step := 0; step < 30 && len(r.m.alive) > 1; step++ {
				if got, want := r.m.lined(), direct(r.m); got != want {
					t.Fatalf("tiling %d: lined %v, by definition %v", i, got, want)
				} else if !want {
					failed++
				}
				checked++
				pairs, order := r.m.pairsInto(nil, nil)
				if len(order) == 0 {
					break
				}
				r.m.merge(pairs[order[rng.IntN(min(3, len(order)))]])
			}
		}
	}
	if failed == 0 || failed == checked {
		t.Errorf("lined failed %d of %d states: the test does not tell", failed, checked)
	}
}

// TestExactFitStopsWhenProven lays out 9 parts of exactly an 8 x 8
// sheet's area that do not tile it, with a time limit of 30 s: the short
// skyline search proves two sheets the least, and the search stops there
// rather than spending the limit (it took 24 s, the merge repair's 80 %,
// when only the merge search could end it and ran out of nodes first).
func TestExactFitStopsWhenProven(t *testing.T) {
	req := Request{Sheet: Sheet{8, 8}, Options: Options{TimeLimitMs: 30000}}
	for i, p := range [][2]float64{{1, 1}, {2, 3}, {3, 1}, {3, 2}, {3, 2}, {3, 3}, {3, 3}, {4, 3}, {4, 3}} {
		req.Parts = append(req.Parts, Part{Name: itoa(i), Width: p[0], Height: p[1], Quantity: 1})
	}
	if tiles(8, 8, [][2]int{{1, 1}, {2, 3}, {3, 1}, {3, 2}, {3, 2}, {3, 3}, {3, 3}, {4, 3}, {4, 3}}, true) {
		t.Fatal("the parts tile the sheet: the test does not test the proof")
	}
	res, err := Layout(context.Background(), req, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Pages) != 2 || res.Stats.LowerBound != 2 || !res.Stats.Optimal {
		t.Fatalf("%d pages, lower bound %d, optimal %v; want 2 proven", len(res.Pages), res.Stats.LowerBound, res.Stats.Optimal)
	}
	if res.Stats.ElapsedMs > 15000 {
		t.Errorf("took %d ms of the 30,000: the proof did not end the search", res.Stats.ElapsedMs)
	}
}

// TestMergeRowReach: of four parts 20 high, three (12, 9 and 17 wide)
// make a row as long as another part's side (38), the fourth (30 wide)
// makes none with any two of them; no pair's new side is a side already.
// The merges within the row come first, though the odd part is listed
// first and every pair shares the same side and has as many partners.
func TestMergeRowReach(t *testing.T) {
	req := Request{Sheet: Sheet{100, 80}, Parts: []Part{
		{Name: "tek", Width: 30, Height: 20, Quantity: 1},
		{Name: "a", Width: 12, Height: 20, Quantity: 1},
		{Name: "b", Width: 9, Height: 20, Quantity: 1},
		{Name: "c", Width: 17, Height: 20, Quantity: 1},
		{Name: "uzun", Width: 38, Height: 15, Quantity: 1},
	}}
	j := mustJob(t, req)
	g := gcd(j.binW, j.binH)
	for _, k := range j.kinds {
		g = gcd(g, gcd(k.w, k.h))
	}
	e := &exact{j: j, scale: g, w: j.binW / g, h: j.binH / g, sheets: 1}
	e.addShapes()
	left, _, _ := e.pool()
	m := newMerger(e, nil, left, nil)
	pairs, order := m.pairsInto(nil, nil)
	odd := func(c mcand) bool {
		for _, b := range c.used[:c.n] {
			if blk := m.blocks[b]; max(blk.w, blk.h)*g == j.binW*30/100 {
				return true
			}
		}
		return false
	}
	if len(order) != 6 {
		t.Fatalf("%d pairs, want 6", len(order))
	}
	for k, i := range order {
		if odd(pairs[i]) != (k >= 3) {
			t.Errorf("pair %d of the order (%d x %d) with the odd part: %v", k, pairs[i].block.w, pairs[i].block.h, odd(pairs[i]))
		}
	}
}

// TestPinwheelsOnce: five parts around a pinwheel (no two of one size,
// none square) make one pinwheel merge, not one per way of turning it
// round: half way when the parts keep their orientation, and a quarter
// too when they may turn.
func TestPinwheelsOnce(t *testing.T) {
	for _, rotate := range []bool{true, false} {
		req := Request{Sheet: Sheet{10, 10}, Parts: []Part{
			{Name: "alt", Width: 7, Height: 2, Quantity: 1, Rotate: &rotate},
			{Name: "sağ", Width: 3, Height: 5, Quantity: 1, Rotate: &rotate},
			{Name: "üst", Width: 7, Height: 5, Quantity: 1, Rotate: &rotate},
			{Name: "sol", Width: 3, Height: 8, Quantity: 1, Rotate: &rotate},
			{Name: "orta", Width: 4, Height: 3, Quantity: 1, Rotate: &rotate},
		}}
		j := mustJob(t, req)
		e := newExact(j, 1)
		left, _, _ := e.pool()
		m := newMerger(e, nil, left, nil)
		if wheels := m.pinwheels(); len(wheels) != 1 {
			t.Errorf("rotate %v: %d pinwheels, want 1", rotate, len(wheels))
		}
	}
}

// The subset sums' bit sets (the skyline search's gaps, the merge
// search's lines): shiftOr adds a part of side a (or b) to the sums up to
// w, shiftOrDown to the sums counted down from the top, and sumsTo finds a
// sum of one set and one of the other that leave side; each against the
// same done one bit at a time, at offsets within a word, on one and
// across several.
func TestSubsetSumBits(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for range 2000 {
		words := 1 + rng.IntN(5)
		top := words*64 - 1 - rng.IntN(64)
		r := make([]uint64, words)
		for i := range r {
			r[i] = rng.Uint64() & rng.Uint64() & rng.Uint64()
		}
		if top%64 != 63 {
			r[words-1] &= 1<<(top%64+1) - 1
		}
		a, b, both := 1+rng.IntN(top+70), 1+rng.IntN(top+70), rng.IntN(2) == 0
		if rng.IntN(4) == 0 {
			a = 64 * (1 + rng.IntN(words)) // whole words
		}
		bit := func(r []uint64, k int) bool { return k >= 0 && k < len(r)*64 && has(r, k) }

		up := slices.Clone(r)
		shiftOr(up, a, b, both, top)
		for k := range words * 64 {
			want := k <= top && (bit(r, k) || bit(r, k-a) || both && bit(r, k-b))
			if bit(up, k) != want {
				t.Fatalf("shiftOr(a %d, b %d, both %v, top %d): bit %d is %v", a, b, both, top, k, !want)
			}
		}
		down := slices.Clone(r)
		shiftOrDown(down, a, b, both)
		for k := range words * 64 {
			want := bit(r, k) || bit(r, k+a) || both && bit(r, k+b)
			if bit(down, k) != want {
				t.Fatalf("shiftOrDown(a %d, b %d, both %v): bit %d is %v", a, b, both, k, !want)
			}
		}
		side := rng.IntN(words * 64)
		want := false
		for k := range words * 64 {
			want = want || bit(up, k) && bit(down, k+side)
		}
		if sumsTo(up, down, side) != want {
			t.Fatalf("sumsTo(side %d) = %v", side, !want)
		}
	}
}

// nthPair, the dive's pick, is the k-th pair of pairsInto's order (score
// down, of equal scores the first pair first), so that a dive takes the
// pair it took when it sorted them all.
func TestNthPairIsTheSortedOrder(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	var top []int32
	for range 300 {
		out := make([]mcand, 1+rng.IntN(40))
		for i := range out {
			out[i].score = rng.IntN(6) // many ties
		}
		order := pairOrder(out, nil)
		for k := range out {
			var i int32
			if top, i = nthPair(out, k, top); i != order[k] {
				t.Fatalf("scores %v: pair %d at %d, want %d", out, i, k, order[k])
			}
		}
	}
}
