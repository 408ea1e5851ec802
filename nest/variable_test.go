package nest

import (
	"context"
	"math/rand"
	"reflect"
	"slices"
	"testing"
	"time"
)

// randomVS returns a random variable-sized instance in engine units.
func randomVS(rng *rand.Rand) ([]vsKind, []vsRow) {
	nr := 1 + rng.Intn(3)
	rows := make([]vsRow, nr)
	for r := range rows {
		rows[r] = vsRow{binW: 2000 + 100*rng.Intn(40), binH: 2000 + 100*rng.Intn(40), cost: float64(1 + rng.Intn(100))}
		if rng.Intn(2) == 0 {
			rows[r].limit = 1 + rng.Intn(4)
		}
	}
	kinds := make([]vsKind, 1+rng.Intn(8))
	for k := range kinds {
		w, h := 200+10*rng.Intn(200), 200+10*rng.Intn(200)
		kd := vsKind{count: 1 + rng.Intn(10), w: make([]int, nr), h: make([]int, nr), rotate: make([]bool, nr)}
		for r := range rows {
			if w <= rows[r].binW && h <= rows[r].binH {
				kd.w[r], kd.h[r], kd.rotate[r] = w, h, rng.Intn(2) == 0
			}
		}
		kinds[k] = kd
	}
	return kinds, rows
}

// checkVS checks a plan: limits kept, every copy placed once or left
// over, parts inside their sheets in an allowed orientation, no overlap,
// guillotine pages with a cutting sequence.
func checkVS(t *testing.T, kinds []vsKind, rows []vsRow, pages []vsPage, left []int, guillotine bool) {
	t.Helper()
	used := make([]int, len(rows))
	placed := make([]int, len(kinds))
	for _, pg := range pages {
		used[pg.row]++
		r := rows[pg.row]
		rs := make([]rect, len(pg.spots))
		for i, sp := range pg.spots {
			kd := kinds[sp.kind]
			okSize := sp.w == kd.w[pg.row] && sp.h == kd.h[pg.row] || kd.rotate[pg.row] && sp.w == kd.h[pg.row] && sp.h == kd.w[pg.row]
			if kd.w[pg.row] == 0 || !okSize || sp.x < 0 || sp.y < 0 || sp.x+sp.w > r.binW || sp.y+sp.h > r.binH {
				t.Fatalf("spot %+v wrong on row %d", sp, pg.row)
			}
			rs[i] = rect{sp.x, sp.y, sp.w, sp.h}
			placed[sp.kind]++
		}
		if _, _, bad := overlapping(rs); bad {
			t.Fatal("overlap")
		}
		if guillotine {
			if _, ok := guillotineCuts(&job{binW: r.binW, binH: r.binH}, pg.spots); !ok {
				t.Fatal("guillotine page without a cutting sequence")
			}
		}
	}
	for r, n := range used {
		if rows[r].limit > 0 && n > rows[r].limit {
			t.Fatalf("row %d: %d sheets, limit %d", r, n, rows[r].limit)
		}
	}
	for k, kd := range kinds {
		if placed[k]+left[k] != kd.count {
			t.Fatalf("kind %d: %d placed + %d left != %d", k, placed[k], left[k], kd.count)
		}
	}
}

func planCost(rows []vsRow, pages []vsPage) float64 {
	c := 0.0
	for _, pg := range pages {
		c += rows[pg.row].cost
	}
	return c
}

func TestSolveVariable(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for c := 0; c < 200; c++ {
		kinds, rows := randomVS(rng)
		g := c%3 == 0
		o := vsOptions{ctx: context.Background(), guillotine: g, seed: int64(c)}
		pages, left, ok := solveVariable(kinds, rows, o)
		if !ok {
			t.Fatal("not ok")
		}
		checkVS(t, kinds, rows, pages, left, g)
		// The improvement keeps the plan valid, is deterministic for a
		// seed and a budget, and never ends worse than it started.
		o.iterations = 300
		p2, l2, _ := solveVariable(kinds, rows, o)
		checkVS(t, kinds, rows, p2, l2, g)
		p3, l3, _ := solveVariable(kinds, rows, o)
		if !reflect.DeepEqual(p2, p3) || !reflect.DeepEqual(l2, l3) {
			t.Fatal("not deterministic")
		}
		n1, n2 := 0, 0
		for k := range left {
			n1 += left[k]
			n2 += l2[k]
		}
		if n2 > n1 || n2 == n1 && planCost(rows, p2) > planCost(rows, pages)+1e-9 {
			t.Fatalf("case %d: improvement made it worse: %d left %g -> %d left %g", c, n1, planCost(rows, pages), n2, planCost(rows, p2))
		}
	}
}

func TestSolveVariableCancelled(t *testing.T) {
	kinds, rows := randomVS(rand.New(rand.NewSource(2)))
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, ok := solveVariable(kinds, rows, vsOptions{ctx: ctx}); ok {
		t.Error("a cancelled search claimed a plan")
	}
}

// Zero-waste instances: two limited stock types cut into pieces, and a
// larger unlimited type that costs more per area. The optimum is the
// pieces' area at the limited types' price per area; report the gap.
func TestSolveVariableZeroWaste(t *testing.T) {
	rng := rand.New(rand.NewSource(4))
	var gap float64
	n := 20
	for c := 0; c < n; c++ {
		rows := []vsRow{{binW: 1000, binH: 1000, limit: 3, cost: 100}, {binW: 600, binH: 1000, limit: 3, cost: 60}, {binW: 2000, binH: 2000, cost: 480}}
		count := map[[2]int]int{}
		for r := 0; r < 2; r++ {
			for s := 0; s < rows[r].limit; s++ {
				// Guillotine-cut the sheet into random pieces.
				var cut func(w, h int)
				cut = func(w, h int) {
					if w*h <= 40000 || rng.Intn(4) == 0 {
						count[[2]int{w, h}]++
						return
					}
					if w >= h {
						a := 100 * (1 + rng.Intn(w/100-1))
						cut(a, h)
						cut(w-a, h)
					} else {
						a := 100 * (1 + rng.Intn(h/100-1))
						cut(w, a)
						cut(w, h-a)
					}
				}
				cut(rows[r].binW, rows[r].binH)
			}
		}
		var kinds []vsKind
		for wh, q := range count {
			kd := vsKind{count: q, w: make([]int, 3), h: make([]int, 3), rotate: []bool{true, true, true}}
			for r := range rows {
				if wh[0] <= rows[r].binW && wh[1] <= rows[r].binH {
					kd.w[r], kd.h[r] = wh[0], wh[1]
				} else if wh[1] <= rows[r].binW && wh[0] <= rows[r].binH {
					kd.w[r], kd.h[r] = wh[1], wh[0]
				}
			}
			kinds = append(kinds, kd)
		}
		// Map order is random: sort the kinds for a repeatable test.
		sortKinds(kinds)
		pages, left, _ := solveVariable(kinds, rows, vsOptions{ctx: context.Background(), iterations: 2000, seed: int64(c)})
		checkVS(t, kinds, rows, pages, left, false)
		gap += planCost(rows, pages)/480 - 1
	}
	t.Logf("zero-waste: mean cost %.2f%% above the optimum (2,000 steps each)", 100*gap/float64(n))
	// The goal-driven ruin and recreate reaches the optimum on these
	// (measured: 0.00%).
	if gap/float64(n) > 0.01 {
		t.Errorf("zero-waste: mean cost %.2f%% above the optimum, want under 1%%", 100*gap/float64(n))
	}
}

func sortKinds(ks []vsKind) {
	for i := 1; i < len(ks); i++ {
		for j := i; j > 0 && (ks[j].w[0] < ks[j-1].w[0] || ks[j].w[0] == ks[j-1].w[0] && ks[j].h[0] < ks[j-1].h[0]); j-- {
			ks[j], ks[j-1] = ks[j-1], ks[j]
		}
	}
}

// The front of a sheet's free sizes answers exactly as a scan of its free
// rectangles, on MaxRects and on guillotine sheets: fill relies on it to
// skip the scan for parts that do not fit, and so lays out what it laid
// out without it.
func TestFreeFront(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	var scratch []rect
	for c := 0; c < 300; c++ {
		w, h := 500+rng.Intn(1500), 500+rng.Intn(1500)
		var s sheet = newBin(w, h, &scratch, false)
		if c%2 == 1 {
			s = newGbin(&job{binW: w, binH: h, kerf: 5})
		}
		for n := rng.Intn(30); n > 0; n-- {
			if p := s.find(20+rng.Intn(400), 20+rng.Intn(400), true, vsHeuristic); p.ok {
				s.place(p, 0, 0)
			}
		}
		var front []size
		switch s := s.(type) {
		case *bin:
			front = freeFront(s.free, nil)
		case *gbin:
			front = freeFront(s.free, nil)
		}
		for q := 0; q < 200; q++ {
			w, h, rot := 1+rng.Intn(1000), 1+rng.Intn(1000), rng.Intn(2) == 0
			if got, want := frontFits(front, w, h, rot), s.find(w, h, rot, vsHeuristic).ok; got != want {
				t.Fatalf("sheet %d: %d x %d (rotate %v): front says %v, scan %v", c, w, h, rot, got, want)
			}
		}
	}
}

// A long stock-mode run tells its progress while the variable-sized
// search improves, not only when a group is done: several reports past
// the constructive phase (Done above 0.2, below 1) at most ten a second,
// Done never going back, and every layout reported valid. With two rows
// to buy the constructive phase also lays a bigger job out on each alone,
// and Done still only grows.
func TestVariableProgress(t *testing.T) {
	for _, c := range []struct {
		name  string
		lines int
		buy   []int // rows made unlimited; the others limited
	}{
		{"variable only", 300, nil},
		// Big enough that the layouts on one row alone take more than
		// the 100 ms between the constructive phase's reports.
		{"two rows to buy", 3000, []int{1, 2}},
	} {
		t.Run(c.name, func(t *testing.T) {
			req := stockJobRequest(1, c.lines, 2)
			// Every row limited: no row alone takes the job, the
			// variable-sized search does all of it.
			req.Stock[2].Quantity = 100
			for _, r := range c.buy {
				req.Stock[r].Quantity = 0
			}
			req.Options.TimeLimitMs = 800
			var dones []float64
			var at []time.Time
			res, err := Layout(context.Background(), req, func(p Progress) {
				if n := len(dones); n > 0 && p.Done < dones[n-1] {
					t.Errorf("Done went back: %g after %g", p.Done, dones[n-1])
				}
				dones = append(dones, p.Done)
				if p.Done > 0.2 && p.Done < 1 {
					at = append(at, time.Now())
				}
				if p.Best != nil {
					if err := Verify(req, *p.Best); err != nil {
						t.Errorf("progress layout: %v", err)
					}
				}
			})
			if err != nil {
				t.Fatal(err)
			}
			if err := Verify(req, res); err != nil {
				t.Fatal(err)
			}
			if c.buy != nil {
				return // its constructive phase can take the time limit
			}
			if len(at) < 2 {
				t.Fatalf("%d progress reports while improving, want several (Done: %v)", len(at), dones)
			}
			// At most ten a second: the search's reports are 100 ms
			// apart.
			if rate := float64(len(at)-1) / at[len(at)-1].Sub(at[0]).Seconds(); rate > 12 {
				t.Errorf("%.1f progress reports a second while improving, want at most 10", rate)
			}
		})
	}
}

// TestSolveVariableWorkers checks the improvement on several goroutines:
// valid plans, the same plan for a seed, a budget and a worker count, one
// worker the search as it was, and never worse than its own start.
func TestSolveVariableWorkers(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	cases := 60
	if raceEnabled || testing.Short() {
		cases = 15
	}
	for c := 0; c < cases; c++ {
		kinds, rows := randomVS(rng)
		g := c%3 == 0
		o := vsOptions{ctx: context.Background(), guillotine: g, seed: int64(c), iterations: 400}
		one, oneLeft, _ := solveVariable(kinds, rows, o)
		o.workers = 1
		p1, l1, _ := solveVariable(kinds, rows, o)
		if !reflect.DeepEqual(one, p1) || !reflect.DeepEqual(oneLeft, l1) {
			t.Fatalf("case %d: one worker differs from the search without workers", c)
		}
		o.workers = 3
		p3, l3, _ := solveVariable(kinds, rows, o)
		checkVS(t, kinds, rows, p3, l3, g)
		again, againLeft, _ := solveVariable(kinds, rows, o)
		if !reflect.DeepEqual(p3, again) || !reflect.DeepEqual(l3, againLeft) {
			t.Fatalf("case %d: three workers are not deterministic", c)
		}
		start, startLeft, _ := solveVariable(kinds, rows, vsOptions{ctx: context.Background(), guillotine: g, seed: int64(c)})
		n0, n3 := 0, 0
		for k := range startLeft {
			n0 += startLeft[k]
			n3 += l3[k]
		}
		if n3 > n0 || n3 == n0 && planCost(rows, p3) > planCost(rows, start)+1e-9 {
			t.Fatalf("case %d: three workers ended worse than the constructive plan", c)
		}
	}
}

// bigVS is a job of about 150 sheets: 300 part lines of two copies on two
// rows, so that the improvement works in windows of sheets.
func bigVS() ([]vsKind, []vsRow) {
	rng := rand.New(rand.NewSource(9))
	rows := []vsRow{{binW: 2440, binH: 1220, cost: 30}, {binW: 2800, binH: 2070, cost: 55, limit: 40}}
	kinds := make([]vsKind, 300)
	for k := range kinds {
		w, h := 600+rng.Intn(600), 400+rng.Intn(500)
		kinds[k] = vsKind{count: 2, w: []int{w, w}, h: []int{h, h}, rotate: []bool{true, true}}
	}
	return kinds, rows
}

// The improvement of a plan of more than gdrrWindowMin sheets keeps it
// valid, never makes it worse and is deterministic; from a given start
// plan it improves that plan.
func TestSolveVariableBigPlan(t *testing.T) {
	kinds, rows := bigVS()
	start, ok := solvePlan(kinds, rows, vsOptions{ctx: context.Background(), seed: 1})
	if !ok || len(start.pages) <= gdrrWindowMin {
		t.Fatalf("the job has %d sheets; the window needs more than %d", len(start.pages), gdrrWindowMin)
	}
	o := vsOptions{ctx: context.Background(), seed: 1, iterations: 3000}
	p, _ := solvePlan(kinds, rows, o)
	checkVS(t, kinds, rows, p.pages, p.left, false)
	if p.nLeft != 0 || p.cost > start.cost {
		t.Errorf("improved plan %g (%d left), constructive %g", p.cost, p.nLeft, start.cost)
	}
	again, _ := solvePlan(kinds, rows, o)
	if !reflect.DeepEqual(p, again) {
		t.Error("not deterministic")
	}
	// A poor start, one sheet per copy: the search improves that plan
	// and returns a valid one no dearer.
	poor := &vsPlan{left: make([]int, len(kinds))}
	for k, kd := range kinds {
		for range kd.count {
			poor.pages = append(poor.pages, vsPage{row: 0, spots: []spot{{kind: int32(k), w: kd.w[0], h: kd.h[0]}}})
			poor.cost += rows[0].cost
		}
	}
	o.start, o.iterations = poor, 200
	from, _ := solvePlan(kinds, rows, o)
	checkVS(t, kinds, rows, from.pages, from.left, false)
	if from.nLeft != 0 || from.cost >= poor.cost {
		t.Errorf("from one sheet per copy (%g) the search ended at %g with %d left", poor.cost, from.cost, from.nLeft)
	}
}

// trapVS is a job whose greedy plan is three sheets of the cheaper row
// (144) where two of the slightly bigger row do (116): parts of 26, 22 and
// 4 (and 26, 22 and 2) fill a 52 high sheet (cost 58) each; the 48 high
// sheet (cost 48) is cheaper per area and takes 26 and 22.
func trapVS() ([]vsKind, []vsRow) {
	rows := []vsRow{{binW: 10, binH: 48, limit: 3, cost: 48}, {binW: 10, binH: 52, limit: 2, cost: 58}}
	var kinds []vsKind
	for _, h := range []int{26, 22, 4, 2} {
		n := 1
		if h > 4 {
			n = 2
		}
		kinds = append(kinds, vsKind{count: n, w: []int{10, 10}, h: []int{h, h}, rotate: []bool{false, false}})
	}
	return kinds, rows
}

// From the trap's plan with its third sheet emptied, the ruin and
// recreate moves a full 48 high sheet to the 52 high row with its parts
// where they lie (the cost stays below the ceiling of 144), and a step
// that is not kept puts it back. Without the move the search leaves the
// trap only by emptying a whole sheet and choosing the dearer row by
// chance: of 50 seeds, with 300, 1,000 and 3,000 sheets of work, 5, 12
// and 32 reached the two sheets before and 45, 50 and 50 with it.
func TestGDRRUpsize(t *testing.T) {
	kinds, rows := trapVS()
	v := &vsSearch{kinds: kinds, rows: rows, o: vsOptions{ctx: context.Background()}}
	start, ok := solvePlan(kinds, rows, vsOptions{ctx: context.Background(), seed: 1})
	if !ok || start.cost != 144 || len(start.pages) != 3 {
		t.Fatalf("the greedy plan costs %g; the test wants the trap of 144", start.cost)
	}
	g := v.newGDRR(start, rand.New(rand.NewSource(1)))
	if g.cost != 96 || len(g.pool) != 2 || g.ceiling != 144 {
		t.Fatalf("after the first plan: cost %g, pool %v, ceiling %g", g.cost, g.pool, g.ceiling)
	}
	before := slices.Clone(g.sheets[0].b.placed)
	g.base, g.lo, g.hi = len(g.sheets), 0, 1
	g.upsize()
	s := g.sheets[0]
	if s.row != 1 || s.b.h != 52 || g.cost != 106 || g.used[0] != 1 || g.used[1] != 1 {
		t.Fatalf("upsize: row %d, sheet %d high, cost %g, used %v", s.row, s.b.h, g.cost, g.used)
	}
	if !reflect.DeepEqual(s.b.placed, before) || s.b.usedArea() != 480 {
		t.Fatalf("the parts moved: %v against %v", s.b.placed, before)
	}
	if !s.b.find(10, 4, false, vsHeuristic).ok {
		t.Fatal("the bigger sheet has no room for the 4 high part")
	}
	// The second follows: 58 + 58 is below the ceiling too.
	g.lo, g.hi = 1, 2
	g.upsize()
	if g.sheets[1].row != 1 || g.cost != 116 {
		t.Fatalf("second upsize: row %d, cost %g", g.sheets[1].row, g.cost)
	}
	// A third sheet of the 52 high row is over its limit.
	g.sheets = append(g.sheets, gdSheet{row: 0, b: g.newBin(0)})
	g.sheets[2].b.place(placement{w: 10, h: 2, ok: true}, 3, g.minSide)
	g.used[0]++
	g.lo, g.hi = 2, 3
	g.upsize()
	if g.sheets[2].row != 0 {
		t.Fatal("upsize went past the row's limit")
	}
}

// A step that is not kept undoes an upsize: the sheet is back on its row
// with its bin.
func TestGDRRUpsizeUndone(t *testing.T) {
	kinds, rows := trapVS()
	v := &vsSearch{kinds: kinds, rows: rows, o: vsOptions{ctx: context.Background()}}
	start, _ := solvePlan(kinds, rows, vsOptions{ctx: context.Background(), seed: 1})
	g := v.newGDRR(start, rand.New(rand.NewSource(1)))
	g.base, g.lo, g.hi = len(g.sheets), 0, 1
	g.undo = g.undo[:0]
	g.upsize()
	for _, u := range g.undo {
		g.sheets[u.i].b, g.sheets[u.i].row = u.old, u.row
	}
	if s := g.sheets[0]; s.row != 0 || s.b.h != 48 || len(s.b.placed) != 2 {
		t.Fatalf("undone: row %d, %d high, %d parts", s.row, s.b.h, len(s.b.placed))
	}
}

// chooseRow opens, for a part no sheet takes, the row whose sheet takes
// every part left, even when another row is cheaper per area placed: a
// complete plan below the ceiling is the search's goal.
func TestGDRRChooseRowCompletes(t *testing.T) {
	kinds, rows := trapVS()
	v := &vsSearch{kinds: kinds, rows: rows, o: vsOptions{ctx: context.Background()}}
	start, _ := solvePlan(kinds, rows, vsOptions{ctx: context.Background(), seed: 1})
	for seed := int64(1); seed <= 20; seed++ {
		g := v.newGDRR(start, rand.New(rand.NewSource(seed)))
		g.q = vsHeuristic
		// One 48 high sheet with 26 and 22 is left; 26, 22 and 4 are to
		// place: a 48 high sheet takes 26 and 22 (1 per unit of area), a
		// 52 high one all three (58 / 52).
		g.sheets = g.sheets[:1]
		g.cost, g.used = 48, []int{1, 0}
		g.pool = g.pool[:0]
		if r := g.chooseRow(0, []int32{0, 1, 2}); r != 1 {
			t.Fatalf("seed %d: chose row %d for the last three parts, want the one that takes them all", seed, r)
		}
		// With a part already left out in this step, no row completes
		// the plan, and the cost per area decides.
		g.pool = append(g.pool, 3)
		if r := g.chooseRow(0, []int32{0, 1, 2}); r != 0 {
			t.Fatalf("seed %d: chose row %d with a part left out", seed, r)
		}
	}
}

// A plan of three sheets of one row, where two of a slightly bigger row
// would do, is left for the two (with 1,000 sheets of work, 12 of 50
// seeds before upsize).
func TestSolveVariableUpsizes(t *testing.T) {
	kinds, rows := trapVS()
	for seed := int64(1); seed <= 5; seed++ {
		p, _ := solvePlan(kinds, rows, vsOptions{ctx: context.Background(), seed: seed, iterations: 1000})
		checkVS(t, kinds, rows, p.pages, p.left, false)
		if p.nLeft != 0 || p.cost != 116 {
			t.Errorf("seed %d: %g with %d left, want two 52 high sheets (116)", seed, p.cost, p.nLeft)
		}
	}
}
