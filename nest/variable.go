package nest

import (
	"context"
	"math"
	"math/rand"
	"slices"
	"sort"
	"sync"
	"time"
)

// The variable-sized search: one material's parts on several stock rows
// (sheet sizes), some of them limited, each sheet with a cost. It is the
// one entry point solveVariable; the rest of the package knows nothing of
// how it searches.
//
// First version: a constructive sheet-by-sheet greedy. For every row with
// sheets left it fills one sheet from the remaining parts (MaxRects, or
// guillotine sheets for guillotine layouts) and takes the sheet with the
// lowest cost per placed area; several part orders are tried and the
// cheapest plan is kept. Then every sheet is offered to a cheaper row that
// holds all its parts ("downsize"). With a time limit or an iteration
// budget, the greedy is rerun on perturbed part orders and the cheapest
// plan is kept.

// vsRow is one stock row in engine units.
type vsRow struct {
	binW, binH int     // the usable sheet plus one kerf, as job.binW/binH
	limit      int     // sheets there are; 0 = unlimited
	cost       float64 // the objective's cost of one sheet (> 0)
}

// vsKind is one part line in engine units. Per row r: w[r] x h[r] is its
// size inflated by the kerf in the orientation it is stored for that row
// (0 x 0 when it fits no orientation of the row), rotate[r] whether it may
// also be turned there.
type vsKind struct {
	count  int
	w, h   []int
	rotate []bool
}

// vsOptions are the search's options.
type vsOptions struct {
	ctx        context.Context
	kerf       int
	guillotine bool
	profile    profile   // the saw profile of guillotine layouts
	deadline   time.Time // zero: no time-bounded improvement
	iterations int       // > 0: a work budget (sheets filled) for the improvement
	seed       int64
	// progress, when not nil, is told the fraction of the work done and,
	// when the search found a better plan since it last told one, that
	// plan (nil otherwise): the first plan at once, then at most every
	// 100 ms, as the one-sheet search reports.
	progress func(done float64, best *vsPlan)
	// start, when not nil, is a plan of these kinds and rows (the
	// constructive phase's) from which the search improves without
	// building its own first plan.
	start *vsPlan
	// workers is how many goroutines run the improvement (0 or 1: one),
	// each from the constructive plan with its own seed and share of the
	// iteration budget (improveAll).
	workers int
}

// vsPage is one sheet of the plan: its row and parts (kind = index into
// the kinds, positions inflated within the row's bin); cuts for
// guillotine layouts, in cutting order.
type vsPage struct {
	row   int
	spots []spot
	cuts  []cut
}

// solveVariable lays out kinds on rows. It returns the pages and, per
// kind, the copies it could not place because the limited rows ran out.
// ok is false when ctx was cancelled before a complete plan existed.
func solveVariable(kinds []vsKind, rows []vsRow, o vsOptions) (pages []vsPage, left []int, ok bool) {
	p, ok := solvePlan(kinds, rows, o)
	if !ok {
		return nil, nil, false
	}
	return p.pages, p.left, true
}

// solvePlan is solveVariable's search; it returns the plan.
func solvePlan(kinds []vsKind, rows []vsRow, o vsOptions) (plan *vsPlan, ok bool) {
	if o.ctx == nil {
		o.ctx = context.Background()
	}
	v := &vsSearch{kinds: kinds, rows: rows, o: o, start: time.Now()}
	improving := !o.deadline.IsZero() || o.iterations > 0
	best := o.start
	orders := v.orders()
	greedy := orders
	if best != nil {
		v.tell(best)
		greedy = nil // the constructive phase tried them
	}
	for i, ord := range greedy {
		if best != nil && o.ctx.Err() != nil {
			break
		}
		p := v.greedy(ord)
		if p == nil {
			break
		}
		v.downsize(p)
		if p.better(best) {
			best = p
		}
		if improving {
			v.tell(best)
		} else {
			v.tellDone(best, float64(i+1)/float64(len(greedy)))
		}
	}
	if best == nil {
		return nil, false
	}
	if p := v.tileWithin(best); p != nil {
		v.tellDone(p, 1)
		return p, true // its cost is the lower bound
	}
	if improving {
		if p := v.patternPlan(); p != nil && p.better(best) {
			best = p
			v.tell(best)
		}
		best = v.improveAll(best, orders[0])
	}
	return best, true
}

// tileWithin runs tileExactly unless plan best already fills the
// cheapest rows: with exactNodes nodes in the constructive phase, more per
// step of an iteration budget, and up to 50 % of the time to the deadline
// (65 % when the parts need every cheapest sheet, fillsCheapest).
func (v *vsSearch) tileWithin(best *vsPlan) *vsPlan {
	if best.nLeft == 0 && best.cost <= v.areaCost()*(1+1e-9) {
		return nil // no plan is cheaper
	}
	nodes := exactNodes
	if v.o.iterations > 0 {
		nodes += min(v.o.iterations, MaxIterations) * exactNodesPerIteration
	}
	var end time.Time
	if !v.o.deadline.IsZero() {
		// Up to mergeMaxParts pieces (beyond, tileExactly does not
		// run). With a tenth of the time beyond 60 pieces, ortmann2010
		// at 1 s had 82 proven optima (Path 100: 8 of 17) and 243.43 M
		// and the zero-waste family 11 of 40 at the optimum, mean gap
		// 15.3 %; with 40 % 91 (Path 100: 15), 243.00 M, 13 and 14.3 %,
		// since the merge repair got 2.6 times faster. 60 % did no
		// better then. Once the repair took pairs with few merges first
		// over several sizes (scorePartners), which tiles the zero-waste
		// family more often and some ortmann2010 instances later
		// (Path100i3b5 in 0.49 s instead of 0.36 s), 40 % left
		// ortmann2010 at 1 s with 92 and 93 proven optima (243.19 and
		// 242.89 M, two runs), 50 % with 94 and 94 (242.79 and 242.76
		// M; 60 %: 94 and 94, 242.79 and 242.81 M).
		//
		// When the parts fill every cheapest sheet, a plan that misses the
		// exact tiling must open a dearer sheet, and the ruin and recreate
		// after it only chooses which. There, against 40 %, on the
		// zero-waste family (kesim bench --zero-waste 40 at 1 s, two at a
		// time, seeds 1, 2 and 4): 65 % took the instances at the optimum
		// from 16, 16, 20 to 19, 19, 20 and the mean gap from 12.6, 11.2,
		// 9.2 % to 10.7, 10.1, 9.2 %; 90 % 19, 20, 20 but 11.8, 11.1,
		// 9.9 % (the plans that miss it, with less time, are dearer); 80 %
		// between the two.
		share := 0.5
		if v.fillsCheapest() {
			share = 0.65
		}
		now := time.Now()
		end = now.Add(time.Duration(float64(v.o.deadline.Sub(now)) * share))
		if v.o.iterations <= 0 {
			nodes = math.MaxInt / 4 // bounded by the time
		}
	}
	// others is the stop of the tiling's other workers; this one's also
	// reports progress.
	others := func() bool { return expired(v.o.ctx, end) }
	calls := 0
	stop := func() bool {
		calls++
		if calls&63 == 0 {
			v.tell(best)
		}
		return others()
	}
	return v.tileExactly(nodes, stop, others)
}

// fillsCheapest reports whether the cheapest rows are all limited and the
// parts' area is all of their sheets' (or more): no plan reaches the lower
// bound without every one of those sheets tiled exactly.
func (v *vsSearch) fillsCheapest() bool {
	rows := v.cheapestRows()
	if rows == nil {
		return false
	}
	cost := 0.0
	for _, r := range rows {
		cost += float64(v.rows[r].limit) * v.rows[r].cost
	}
	return cost <= v.areaCost()*(1+1e-9)
}

// pieces returns the copies to lay out.
func (v *vsSearch) pieces() int {
	n := 0
	for _, kd := range v.kinds {
		n += kd.count
	}
	return n
}

// cheapestRate is the lowest cost per area of any row.
func (v *vsSearch) cheapestRate() float64 {
	per := math.Inf(1)
	for _, rw := range v.rows {
		per = min(per, rw.cost/float64(rw.binW*rw.binH))
	}
	return per
}

// areaCost is the parts' area at the lowest cost per area of any row: no
// plan costs less.
func (v *vsSearch) areaCost() float64 {
	per := v.cheapestRate()
	area := 0
	for k, kd := range v.kinds {
		area += kd.count * v.area(k)
	}
	return per * float64(area)
}

// vsWorkerSeedStep sets the workers' seeds apart: worker i searches with
// seed + i × vsWorkerSeedStep.
const vsWorkerSeedStep = 7919

// improveAll improves the constructive plan best on o.workers goroutines,
// each with its own seed and an equal share of what is left of the
// iteration budget, and returns the best plan they found (of equal plans
// the lowest worker's), so that a seed, a budget and a worker count give
// the same plan on any machine; worker 0 has the search's own seed, so one
// worker is the search as it was. Only worker 0 reports progress. The
// workers search alone: the variable-sized search's state (sheets of
// several rows, the goal-driven pool) has no cheap copy to share.
func (v *vsSearch) improveAll(best *vsPlan, ord []int) *vsPlan {
	w := max(1, v.o.workers)
	if w == 1 {
		return v.improveFrom(best, ord)
	}
	found := make([]*vsPlan, w)
	var wg sync.WaitGroup
	for i := range w {
		o := v.o
		o.seed += int64(i) * vsWorkerSeedStep
		if o.iterations > 0 {
			rest := max(0, o.iterations-v.work)
			o.iterations = v.work + rest/w
			if i == 0 {
				o.iterations += rest % w
			}
		}
		if i > 0 {
			o.progress = nil
		}
		wv := &vsSearch{kinds: v.kinds, rows: v.rows, o: o, start: v.start, work: v.work, told: v.told, toldAt: v.toldAt}
		wg.Add(1)
		go func() {
			defer wg.Done()
			found[i] = wv.improveFrom(best, ord)
		}()
	}
	wg.Wait()
	out := found[0]
	for _, p := range found[1:] {
		if p.better(out) {
			out = p
		}
	}
	return out
}

// improveFrom runs one improvement from best: ruin and recreate of whole
// sheets for guillotine layouts, the goal-driven search otherwise.
func (v *vsSearch) improveFrom(best *vsPlan, ord []int) *vsPlan {
	if v.o.guillotine {
		return v.improve(best, ord)
	}
	g := v.newGDRR(best, rand.New(rand.NewSource(v.o.seed)))
	for !v.stop() {
		g.step()
		v.tell(g.best)
	}
	return g.best
}

// tell tells o.progress of plan best (see vsOptions.progress) with the
// share of the budget spent: the iterations, or the time to the deadline.
func (v *vsSearch) tell(best *vsPlan) {
	if v.o.progress == nil {
		return
	}
	d := 0.0
	if v.o.iterations > 0 {
		d = float64(v.work) / float64(v.o.iterations)
	}
	if !v.o.deadline.IsZero() {
		d = max(d, float64(time.Since(v.start))/float64(max(1, v.o.deadline.Sub(v.start))))
	}
	v.tellDone(best, min(d, 1))
}

func (v *vsSearch) tellDone(best *vsPlan, done float64) {
	if v.o.progress == nil {
		return
	}
	now := time.Now()
	if v.told != nil && now.Sub(v.toldAt) < 100*time.Millisecond {
		return
	}
	v.toldAt = now
	if best == v.told {
		v.o.progress(done, nil)
		return
	}
	v.told = best
	v.o.progress(done, best)
}

type vsSearch struct {
	kinds   []vsKind
	rows    []vsRow
	o       vsOptions
	scratch []rect
	front   []size // fill's front of free sizes
	// The candidates of greedyFrom per row and of downsize, kept
	// between calls: the guillotine improvement calls them every step.
	rowCands  [][]vsCand
	pageCands []vsCand
	taken     []int // truncate's count per kind, zero between calls
	work      int   // sheets filled so far, for the iteration budget
	// patternEnd is the work at which the pattern search stops, with an
	// iteration budget (o.iterations > 0; it may be 0 then too: a budget
	// of one step leaves the search none).
	patternEnd int
	start      time.Time
	told       *vsPlan   // the plan progress was last told
	toldAt     time.Time // when progress was last told
}

// size is a rectangle's width and height.
type size struct{ w, h int }

type vsPlan struct {
	pages    []vsPage
	left     []int
	nLeft    int
	cost     float64
	lastFill int // area of the last page
}

// better: more pieces placed, then cheaper, then fewer sheets, then the
// emptiest last sheet.
func (p *vsPlan) better(q *vsPlan) bool {
	if q == nil {
		return true
	}
	if p.nLeft != q.nLeft {
		return p.nLeft < q.nLeft
	}
	if d := p.cost - q.cost; d < -1e-9*max(1, q.cost) || d > 1e-9*max(1, q.cost) {
		return d < 0
	}
	if len(p.pages) != len(q.pages) {
		return len(p.pages) < len(q.pages)
	}
	return p.lastFill < q.lastFill
}

func (v *vsSearch) stop() bool {
	if v.o.ctx.Err() != nil {
		return true
	}
	if v.o.iterations > 0 && v.work >= v.o.iterations {
		return true
	}
	if !v.o.deadline.IsZero() && time.Now().After(v.o.deadline) {
		return true
	}
	return v.o.deadline.IsZero() && v.o.iterations <= 0
}

// area is a kind's inflated area (the same on every row it fits).
func (v *vsSearch) area(k int) int {
	kd := &v.kinds[k]
	for r := range v.rows {
		if kd.w[r] > 0 {
			return kd.w[r] * kd.h[r]
		}
	}
	return 0
}

func (v *vsSearch) sides(k int) (int, int) {
	kd := &v.kinds[k]
	for r := range v.rows {
		if kd.w[r] > 0 {
			return min(kd.w[r], kd.h[r]), max(kd.w[r], kd.h[r])
		}
	}
	return 0, 0
}

// orders returns the part orders the greedy tries: by area, long side,
// perimeter and short side, each decreasing.
func (v *vsSearch) orders() [][]int {
	area := make([]int, len(v.kinds))
	short := make([]int, len(v.kinds))
	long := make([]int, len(v.kinds))
	for k := range v.kinds {
		area[k] = v.area(k)
		short[k], long[k] = v.sides(k)
	}
	keys := []func(k int) int{
		func(k int) int { return area[k] },
		func(k int) int { return long[k] },
		func(k int) int { return short[k] + long[k] },
		func(k int) int { return short[k] },
	}
	var out [][]int
	for _, key := range keys {
		ord := make([]int, 0, len(v.kinds))
		for k := range v.kinds {
			if v.kinds[k].count > 0 {
				ord = append(ord, k)
			}
		}
		// Decreasing key, then decreasing area; stable, so of equal
		// keys the first kind first.
		slices.SortStableFunc(ord, func(a, b int) int {
			if ka, kb := key(a), key(b); ka != kb {
				return kb - ka
			}
			return area[b] - area[a]
		})
		out = append(out, ord)
	}
	return out
}

// newSheet returns an empty sheet of row r.
func (v *vsSearch) newSheet(r int) sheet {
	row := v.rows[r]
	if v.o.profile.set() {
		return newPbin(row.binW, row.binH, v.o.kerf, v.o.profile, &v.scratch)
	}
	if v.o.guillotine {
		return newGbin(&job{binW: row.binW, binH: row.binH, kerf: v.o.kerf})
	}
	return newBin(row.binW, row.binH, &v.scratch, false)
}

var vsHeuristic = heuristic{rule: ruleBSSF, choice: choiceFirst, orient: orientFree, split: splitShorterLeftover}

// fill fills one sheet of row r from the counts avail (not changed) in
// the order ord and returns it with the area placed.
//
// On a big job nearly every part is offered to every sheet of every row,
// and most no longer fit: a sheet answers them from the largest free area
// and the Pareto front of its free rectangles' sizes (freeFront), in
// O(log front), and scans its free rectangles only for a part that fits.
// The front is exact (a part fits exactly when some free rectangle holds
// it), so the plans are those of a scan for every part. It is built only
// once frontAfter parts were checked since the last placement: a
// guillotine sheet keeps hundreds of small free rectangles, and sorting
// them after every placement made the guillotine improvement four times
// slower on ortmann2010.
func (v *vsSearch) fill(r int, cands []vsCand, avail []int) (sheet, int) {
	s := v.newSheet(r)
	v.work++
	// Both kinds of sheet place a part in one free rectangle that holds
	// it, and find one whenever one does.
	b, _ := s.(*bin)
	var free *[]rect
	if b != nil {
		free = &b.free
	} else if g, ok := s.(*gbin); ok {
		free = &g.free
	}
	stale, checks := true, 0 // the front is out of date; parts checked since
	area, maxArea := 0, 0
	for _, c := range cands {
		w, h, rot := int(c.w), int(c.h), c.rotate
	copies:
		for n := avail[c.k]; n > 0; n-- {
			if b != nil && !b.mayFit(w, h, rot) || b == nil && !s.mayFit(w, h, rot) {
				break
			}
			switch {
			case free == nil:
			case stale && checks < frontAfter:
				checks++
				if !holds(*free, w, h, rot) {
					break copies
				}
			default:
				if stale {
					v.front = freeFront(*free, v.front[:0])
					maxArea = 0
					for _, f := range v.front {
						maxArea = max(maxArea, f.w*f.h)
					}
					stale = false
				}
				if w*h > maxArea || !frontFits(v.front, w, h, rot) {
					break copies
				}
			}
			p := s.find(w, h, rot, vsHeuristic)
			if !p.ok {
				// Free space only shrinks: no further copy fits either.
				break
			}
			s.place(p, c.k, 0)
			stale, checks = true, 0
			area += p.w * p.h
		}
	}
	return s, area
}

const frontAfter = 24

// holds reports whether some free rectangle holds a w x h part (or its
// turn when rotate).
func holds(free []rect, w, h int, rotate bool) bool {
	for _, f := range free {
		if (f.w-w)|(f.h-h) >= 0 || rotate && (f.w-h)|(f.h-w) >= 0 {
			return true
		}
	}
	return false
}

// vsCand is a kind as a fill of one row offers it: the kinds' sizes for
// the row in the order of the fill, one after another in memory (a big
// job's fills read them millions of times).
type vsCand struct {
	k      int32
	w, h   int32
	rotate bool
}

// cands appends to out the kinds of ord that fit row r, in order.
func (v *vsSearch) cands(r int, ord []int, out []vsCand) []vsCand {
	for _, k := range ord {
		if kd := &v.kinds[k]; kd.w[r] > 0 {
			out = append(out, vsCand{k: int32(k), w: int32(kd.w[r]), h: int32(kd.h[r]), rotate: kd.rotate[r]})
		}
	}
	return out
}

// freeFront returns in front the Pareto front of the free rectangles'
// sizes: the sizes no other free rectangle is at least as wide and as
// high as, widest first (so heights increase).
func freeFront(free []rect, front []size) []size {
	for _, f := range free {
		front = append(front, size{f.w, f.h})
	}
	slices.SortFunc(front, func(a, b size) int {
		if a.w != b.w {
			return b.w - a.w
		}
		return b.h - a.h
	})
	n, maxH := 0, -1
	for _, f := range front {
		if f.h > maxH {
			front[n] = f
			n++
			maxH = f.h
		}
	}
	return front[:n]
}

// frontFits reports whether a w x h part (or its turn when rotate) fits
// some free rectangle of the front: the rectangles at least w wide are a
// prefix of it, and the last of them is the highest.
func frontFits(front []size, w, h int, rotate bool) bool {
	return frontHolds(front, w, h) || rotate && frontHolds(front, h, w)
}

func frontHolds(front []size, w, h int) bool {
	lo, hi := 0, len(front) // front[:lo] are at least w wide, front[hi:] not
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if front[m].w >= w {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo > 0 && front[lo-1].h >= h
}

func toPage(r int, s sheet) vsPage {
	pg := vsPage{row: r, spots: append([]spot(nil), s.parts()...)}
	switch s := s.(type) {
	case *gbin:
		pg.cuts = append([]cut(nil), s.cuts...)
	case *pbin:
		pg.cuts = s.cuts()
	}
	return pg
}

// greedy builds a plan sheet by sheet; nil when cancelled.
func (v *vsSearch) greedy(ord []int) *vsPlan {
	left := make([]int, len(v.kinds))
	for k, kd := range v.kinds {
		left[k] = kd.count
	}
	return v.greedyFrom(ord, &vsPlan{}, left)
}

// greedyFrom adds sheets to plan p for the copies left (which it
// counts down) and returns p; nil when cancelled.
func (v *vsSearch) greedyFrom(ord []int, p *vsPlan, left []int) *vsPlan {
	n := 0
	for _, c := range left {
		n += c
	}
	used := make([]int, len(v.rows))
	for _, pg := range p.pages {
		used[pg.row]++
	}
	// Per row, the kinds in order that fit it and are still to place.
	if v.rowCands == nil {
		v.rowCands = make([][]vsCand, len(v.rows))
	}
	cands := v.rowCands
	for r := range v.rows {
		cands[r] = slices.DeleteFunc(v.cands(r, ord, cands[r][:0]), func(c vsCand) bool { return left[c.k] == 0 })
	}
	dead := 0
	for n > 0 {
		if v.o.ctx.Err() != nil {
			return nil
		}
		bestR, bestArea := -1, 0
		var bestS sheet
		var bestScore float64
		for r, row := range v.rows {
			if row.limit > 0 && used[r] >= row.limit {
				continue
			}
			s, a := v.fill(r, cands[r], left)
			if a == 0 {
				continue
			}
			score := row.cost / float64(a)
			if bestR < 0 || score < bestScore {
				bestR, bestS, bestArea, bestScore = r, s, a, score
			}
		}
		if bestR < 0 {
			break // stock ran out
		}
		used[bestR]++
		for _, sp := range bestS.parts() {
			left[sp.kind]--
			n--
			if left[sp.kind] == 0 {
				dead++
			}
		}
		// Kinds placed in full are dropped once they are a quarter of
		// the list (fill skips them until then), not after every sheet.
		if dead > len(cands[bestR])/4 {
			for r := range cands {
				cands[r] = slices.DeleteFunc(cands[r], func(c vsCand) bool { return left[c.k] == 0 })
			}
			dead = 0
		}
		p.pages = append(p.pages, toPage(bestR, bestS))
		p.cost += v.rows[bestR].cost
		p.lastFill = bestArea
	}
	p.left, p.nLeft = left, n
	return p
}

// improve runs ruin and recreate on plan best until the time or the
// iteration budget is spent: take out one to three sheets (the emptier
// ones more likely), put their parts (and any copies left over) into the
// other sheets where they fit, fill new sheets with the greedy for the
// rest, and offer every sheet to a cheaper row. A plan no worse than the
// current one is kept (so plateaus are walked); the best is returned.
func (v *vsSearch) improve(best *vsPlan, ord []int) *vsPlan {
	rng := rand.New(rand.NewSource(v.o.seed))
	cur := best
	for !v.stop() {
		np := len(cur.pages)
		if np == 0 {
			break
		}
		drop := map[int]bool{}
		for d := 1 + rng.Intn(min(3, np)); len(drop) < d; {
			// Tournament of two: the emptier sheet (per its row's area).
			a, b := rng.Intn(np), rng.Intn(np)
			if v.fill01(cur.pages[b]) < v.fill01(cur.pages[a]) {
				a = b
			}
			drop[a] = true
		}
		left := append([]int(nil), cur.left...)
		next := &vsPlan{}
		var keep []int
		for i, pg := range cur.pages {
			if drop[i] {
				for _, sp := range pg.spots {
					left[sp.kind]++
				}
				continue
			}
			keep = append(keep, i)
		}
		// A perturbed order of the parts to put back.
		order := append([]int(nil), ord...)
		for s := 0; s < 1+len(order)/8 && len(order) > 1; s++ {
			i := rng.Intn(len(order) - 1)
			order[i], order[i+1] = order[i+1], order[i]
		}
		for _, i := range keep {
			pg := cur.pages[i]
			if !v.o.guillotine && anyLeft(left) {
				pg = v.insertInto(pg, order, left)
			}
			next.pages = append(next.pages, pg)
			next.cost += v.rows[pg.row].cost
		}
		if v.greedyFrom(order, next, left) == nil {
			break
		}
		v.downsize(next)
		if !cur.better(next) {
			cur = next
			if next.better(best) {
				best = next
			}
		}
		v.tell(best)
	}
	return best
}

func anyLeft(left []int) bool {
	for _, c := range left {
		if c > 0 {
			return true
		}
	}
	return false
}

// fill01 is the share of a page's (inflated) bin its parts cover.
func (v *vsSearch) fill01(pg vsPage) float64 {
	a := 0
	for _, sp := range pg.spots {
		a += sp.w * sp.h
	}
	r := v.rows[pg.row]
	return float64(a) / (float64(r.binW) * float64(r.binH))
}

// insertInto adds copies from left (counted down) to a MaxRects page
// where they fit and returns the new page.
func (v *vsSearch) insertInto(pg vsPage, ord []int, left []int) vsPage {
	row := v.rows[pg.row]
	b := newBin(row.binW, row.binH, &v.scratch, false)
	b.rebuild(pg.spots, 0)
	v.work++
	added := false
	for _, k := range ord {
		kd := &v.kinds[k]
		if left[k] == 0 || kd.w[pg.row] == 0 {
			continue
		}
		for left[k] > 0 && b.mayFit(kd.w[pg.row], kd.h[pg.row], kd.rotate[pg.row]) {
			p := b.find(kd.w[pg.row], kd.h[pg.row], kd.rotate[pg.row], vsHeuristic)
			if !p.ok {
				break
			}
			b.place(p, int32(k), 0)
			left[k]--
			added = true
		}
	}
	if !added {
		return pg
	}
	return vsPage{row: pg.row, spots: append([]spot(nil), b.placed...)}
}

// downsize moves each sheet's parts to a cheaper row with sheets left
// that holds them all.
func (v *vsSearch) downsize(p *vsPlan) {
	used := make([]int, len(v.rows))
	for _, pg := range p.pages {
		used[pg.row]++
	}
	avail := make([]int, len(v.kinds))
	byCost := make([]int, len(v.rows))
	for r := range byCost {
		byCost[r] = r
	}
	sort.SliceStable(byCost, func(a, b int) bool { return v.rows[byCost[a]].cost < v.rows[byCost[b]].cost })
	for i := range p.pages {
		pg := &p.pages[i]
		// The page's kinds, biggest first (of equal area, by index);
		// avail is set and cleared in the time of the page's parts, not
		// of all the kinds.
		ord := make([]int, 0, len(pg.spots))
		for _, sp := range pg.spots {
			if avail[sp.kind] == 0 {
				ord = append(ord, int(sp.kind))
			}
			avail[sp.kind]++
		}
		slices.Sort(ord)
		sort.SliceStable(ord, func(a, b int) bool { return v.area(ord[a]) > v.area(ord[b]) })
		for _, r := range byCost {
			row := v.rows[r]
			if row.cost >= v.rows[pg.row].cost || row.limit > 0 && used[r] >= row.limit {
				continue
			}
			v.pageCands = v.cands(r, ord, v.pageCands[:0])
			s, _ := v.fill(r, v.pageCands, avail)
			if len(s.parts()) != len(pg.spots) {
				continue
			}
			p.cost += row.cost - v.rows[pg.row].cost
			used[pg.row]--
			used[r]++
			*pg = toPage(r, s)
			break
		}
		for _, k := range ord {
			avail[k] = 0
		}
	}
	if len(p.pages) > 0 {
		p.lastFill = 0
		for _, sp := range p.pages[len(p.pages)-1].spots {
			p.lastFill += sp.w * sp.h
		}
	}
}

// The improvement of free layouts is a goal-driven ruin and recreate with
// the choice of sheet type (Gardeyn and Wauters, EJOR 2022). It keeps a
// cost ceiling, the cost of the best complete plan. A step takes parts out
// of one to four sheets into a pool and inserts the pool back, biggest
// first (with a little noise), at the best MaxRects position over the
// sheets; a part that no sheet takes may open a new sheet of the row that
// holds the most of the pool for its cost (or of the row that takes all
// of it, see chooseRow), only while the plan's cost stays below the
// ceiling; one step in gdrrUpsizeEvery first moves a sheet to a bigger row
// (upsize). A step is kept under late acceptance hill climbing on the
// pool's weight. When the pool empties the plan is
// complete and cheaper than the ceiling: it is downsized and kept, the
// ceiling drops to its cost, and the sheet with the highest cost per used
// area is emptied into the pool.

// gdSheet is one sheet of the ruin and recreate: its row and its bin.
type gdSheet struct {
	row int
	b   *bin
}

type gdUndo struct {
	i, row int
	old    *bin
}

type gdrr struct {
	v       *vsSearch
	rng     *rand.Rand
	weight  []float64 // per kind: the cost of leaving a copy unplaced
	minSide int
	ceiling float64
	sheets  []gdSheet
	base    int // sheets before the current step; later ones are new
	// lo and hi bound the old sheets the step ruins and inserts into:
	// on a big plan a window of gdrrWindow sheets, so that a step takes
	// the time of a few tens of sheets, not of a thousand.
	lo, hi  int
	pool    []int32
	used    []int
	cost    float64 // the non-empty sheets' cost
	miss    float64 // the pool's weight
	history []float64
	it      int
	undo    []gdUndo
	spare   []*bin
	best    *vsPlan
	order   []int32
	keys    []float64
	idx     []int
	trial   *bin
	q       heuristic // the placement rule of the step
}

func (v *vsSearch) newGDRR(start *vsPlan, rng *rand.Rand) *gdrr {
	g := &gdrr{v: v, rng: rng, best: start, history: make([]float64, 64)}
	g.weight = make([]float64, len(v.kinds))
	g.minSide = math.MaxInt
	for k := range v.kinds {
		g.weight[k] = math.Pow(float64(v.area(k)), 1.2)
		if s, _ := v.sides(k); s > 0 {
			g.minSide = min(g.minSide, s)
		}
	}
	if g.minSide == math.MaxInt {
		g.minSide = 0
	}
	g.ceiling = math.Inf(1)
	if start.nLeft == 0 {
		g.ceiling = start.cost
	}
	g.load(start)
	if start.nLeft == 0 {
		g.dropWorst()
	}
	g.resetHistory()
	return g
}

func (g *gdrr) resetHistory() {
	for i := range g.history {
		g.history[i] = g.miss
	}
}

// load makes the plan p the current state, its unplaced copies the pool.
func (g *gdrr) load(p *vsPlan) {
	v := g.v
	for _, s := range g.sheets {
		g.spare = append(g.spare, s.b)
	}
	g.sheets = g.sheets[:0]
	g.used = make([]int, len(v.rows))
	g.pool = g.pool[:0]
	g.cost, g.miss = 0, 0
	for _, pg := range p.pages {
		b := g.newBin(pg.row)
		b.rebuild(pg.spots, g.minSide)
		g.sheets = append(g.sheets, gdSheet{row: pg.row, b: b})
		g.used[pg.row]++
		g.cost += v.rows[pg.row].cost
	}
	for k, n := range p.left {
		for ; n > 0; n-- {
			g.toPool(int32(k))
		}
	}
}

func (g *gdrr) toPool(k int32) {
	g.pool = append(g.pool, k)
	g.miss += g.weight[k]
}

// dropWorst empties the sheet with the highest cost per used area.
func (g *gdrr) dropWorst() {
	worst, score := -1, 0.0
	for i, s := range g.sheets {
		if len(s.b.placed) == 0 {
			continue
		}
		sc := g.v.rows[s.row].cost / float64(s.b.usedArea())
		if worst < 0 || sc > score {
			worst, score = i, sc
		}
	}
	if worst < 0 {
		return
	}
	s := &g.sheets[worst]
	for _, sp := range s.b.placed {
		g.toPool(sp.kind)
	}
	s.b.rebuild(s.b.placed[:0], g.minSide)
	g.used[s.row]--
	g.cost -= g.v.rows[s.row].cost
	g.compact()
}

// compact drops the empty sheets.
func (g *gdrr) compact() {
	kept := g.sheets[:0]
	for _, s := range g.sheets {
		if len(s.b.placed) > 0 {
			kept = append(kept, s)
		} else {
			g.spare = append(g.spare, s.b)
		}
	}
	g.sheets = kept
}

func (g *gdrr) newBin(r int) *bin {
	row := g.v.rows[r]
	if n := len(g.spare); n > 0 {
		b := g.spare[n-1]
		g.spare = g.spare[:n-1]
		b.w, b.h = row.binW, row.binH
		b.reset()
		return b
	}
	return newBin(row.binW, row.binH, &g.v.scratch, true)
}

// touch saves old sheet i as it is before the step first changes it.
func (g *gdrr) touch(i int) *bin {
	if i >= g.base {
		return g.sheets[i].b
	}
	for _, u := range g.undo {
		if u.i == i {
			return g.sheets[i].b
		}
	}
	old := g.newBin(g.sheets[i].row)
	g.sheets[i].b.copyTo(old)
	g.undo = append(g.undo, gdUndo{i, g.sheets[i].row, old})
	return g.sheets[i].b
}

// step runs one ruin and recreate.
func (g *gdrr) step() {
	g.v.work++
	g.base = len(g.sheets)
	before, beforeCost := g.miss, g.cost
	beforePool := append([]int32(nil), g.pool...)
	beforeUsed := append([]int(nil), g.used...)
	g.undo = g.undo[:0]
	h := &g.history[g.it%len(g.history)]
	g.it++
	g.lo, g.hi = 0, g.base
	if g.base > gdrrWindowMin {
		g.lo = g.rng.Intn(g.base - gdrrWindow + 1)
		g.hi = g.lo + gdrrWindow
	}
	if g.rng.Intn(gdrrUpsizeEvery) == 0 {
		g.upsize()
	}
	g.ruin()
	// A placement rule per step, as the single-size search draws them
	// (pisinger2005_area at 1 s, every third instance: 1.0075 x best known
	// with best short side fit alone, 1.0056 with a rule per step).
	rules := [...]rule{ruleBSSF, ruleBAF, ruleBLSF, ruleBL, ruleCP}
	g.q = vsHeuristic
	g.q.rule = rules[g.rng.Intn(len(rules))]
	g.q.corners = g.q.rule == ruleCP && g.rng.Intn(2) == 0
	g.recreate()
	if g.miss <= max(before, *h) {
		if g.miss < *h {
			*h = g.miss
		}
		for _, u := range g.undo {
			g.spare = append(g.spare, u.old)
		}
		g.compact()
	} else {
		for _, u := range g.undo {
			g.spare = append(g.spare, g.sheets[u.i].b)
			g.sheets[u.i].b, g.sheets[u.i].row = u.old, u.row
		}
		for _, s := range g.sheets[g.base:] {
			g.spare = append(g.spare, s.b)
		}
		g.sheets = g.sheets[:g.base]
		g.pool, g.miss, g.cost, g.used = beforePool, before, beforeCost, beforeUsed
	}
	if len(g.pool) == 0 {
		g.complete()
	}
}

// gdrrWindow is the size of a step's window of sheets on plans of more
// than gdrrWindowMin sheets.
const (
	gdrrWindow    = 32
	gdrrWindowMin = 96
)

// complete records the complete plan, downsized, lowers the ceiling to its
// cost and empties its worst sheet.
func (g *gdrr) complete() {
	p := &vsPlan{left: make([]int, len(g.v.kinds))}
	for _, s := range g.sheets {
		p.pages = append(p.pages, toPage(s.row, s.b))
		p.cost += g.v.rows[s.row].cost
	}
	g.v.downsize(p)
	if p.better(g.best) {
		g.best = p
	}
	g.ceiling = min(g.ceiling, p.cost)
	g.load(p)
	g.dropWorst()
	g.resetHistory()
}

// gdrrUpsizeEvery is how often, one step in so many, a step first moves a
// sheet to a bigger row (upsize).
const gdrrUpsizeEvery = 16

// upsize moves a random sheet, with its parts where they lie, to a row
// whose sheet contains it, when the plan's cost stays below the ceiling:
// the sheet then has room for more of the pool. Without it a search that
// found three sheets of one row stays there while two of a slightly bigger
// row would do: it opens a new sheet only below the ceiling, and the third
// sheet of the smaller row is cheaper per area placed (ortmann2010,
// Nice100i2b2: three 482 x 1000 sheets, 69 % full, against two of
// 518 x 1000). The completed plan is downsized as any other.
func (g *gdrr) upsize() {
	v := g.v
	if g.hi <= g.lo {
		return // no sheet: every part is in the pool
	}
	i := g.lo + g.rng.Intn(g.hi-g.lo)
	s := &g.sheets[i]
	from := v.rows[s.row]
	if len(s.b.placed) == 0 {
		return
	}
	var to []int
	for r, row := range v.rows {
		if r == s.row || row.binW < from.binW || row.binH < from.binH || row.cost <= from.cost ||
			row.limit > 0 && g.used[r] >= row.limit || g.cost-from.cost+row.cost >= g.ceiling-1e-9*max(1, g.ceiling) {
			continue
		}
		if g.keeps(s.b.placed, r) {
			to = append(to, r)
		}
	}
	if len(to) == 0 {
		return
	}
	r := to[g.rng.Intn(len(to))]
	b := g.touch(i)
	g.used[s.row]--
	g.used[r]++
	g.cost += v.rows[r].cost - from.cost
	s.row = r
	b.w, b.h = v.rows[r].binW, v.rows[r].binH
	b.rebuild(b.placed, g.minSide)
}

// keeps reports whether every part of spots may lie as it does on a sheet
// of row r.
func (g *gdrr) keeps(spots []spot, r int) bool {
	for _, sp := range spots {
		kd := &g.v.kinds[sp.kind]
		if !(sp.w == kd.w[r] && sp.h == kd.h[r] || kd.rotate[r] && sp.w == kd.h[r] && sp.h == kd.w[r]) {
			return false
		}
	}
	return true
}

// ruin takes parts out of one to four sheets.
func (g *gdrr) ruin() {
	g.ruinSheet()
	for n := 1; n < 4 && g.rng.Intn(10) < 7; n++ {
		g.ruinSheet()
	}
}

// ruinSheet removes parts of one random sheet (ruinParts); a sheet left
// empty goes back to its stock row.
func (g *gdrr) ruinSheet() {
	if len(g.sheets) == 0 {
		return
	}
	i := g.lo + g.rng.Intn(g.hi-g.lo)
	if len(g.sheets[i].b.placed) == 0 {
		return
	}
	b := g.touch(i)
	keep := ruinParts(b.placed, g.rng.Intn, func(s spot) rect {
		w := s.w + g.rng.Intn(max(1, b.w/2))
		h := s.h + g.rng.Intn(max(1, b.h/2))
		return rect{s.x + s.w/2 - w/2, s.y + s.h/2 - h/2, w, h}
	}, g.toPool)
	b.rebuild(keep, g.minSide)
	if len(keep) == 0 {
		g.used[g.sheets[i].row]--
		g.cost -= g.v.rows[g.sheets[i].row].cost
	}
}

// recreate inserts the pool, heaviest first with some noise.
func (g *gdrr) recreate() {
	g.order = append(g.order[:0], g.pool...)
	g.keys = g.keys[:0]
	g.idx = g.idx[:0]
	for i, k := range g.order {
		g.keys = append(g.keys, g.weight[k]*(0.85+0.3*g.rng.Float64()))
		g.idx = append(g.idx, i)
	}
	sort.Slice(g.idx, func(a, b int) bool { return g.keys[g.idx[a]] > g.keys[g.idx[b]] })
	order := make([]int32, len(g.idx))
	for i, j := range g.idx {
		order[i] = g.order[j]
	}
	g.pool = g.pool[:0]
	g.miss = 0
	for n, k := range order {
		if g.insert(k) {
			continue
		}
		if r := g.chooseRow(k, order[n:]); r >= 0 {
			g.sheets = append(g.sheets, gdSheet{row: r, b: g.newBin(r)})
			g.used[r]++
			g.cost += g.v.rows[r].cost
			if g.insert(k) {
				continue
			}
			// Cannot happen: chooseRow placed it on an empty sheet.
			g.used[r]--
			g.cost -= g.v.rows[r].cost
			g.spare = append(g.spare, g.sheets[len(g.sheets)-1].b)
			g.sheets = g.sheets[:len(g.sheets)-1]
		}
		g.toPool(k)
	}
}

// insert places a copy of kind k at the best position over the sheets in
// use (old sheets emptied by this step's ruin are out of use).
func (g *gdrr) insert(k int32) bool {
	kd := &g.v.kinds[k]
	bi := -1
	var best placement
	for i := g.lo; i < len(g.sheets); i++ {
		if i == g.hi {
			i = max(i, g.base)
			if i == len(g.sheets) {
				break
			}
		}
		s := &g.sheets[i]
		r := s.row
		if kd.w[r] == 0 || i < g.base && len(s.b.placed) == 0 {
			continue
		}
		if !s.b.mayFit(kd.w[r], kd.h[r], kd.rotate[r]) {
			continue
		}
		p := s.b.find(kd.w[r], kd.h[r], kd.rotate[r], g.q)
		if p.better(best) {
			best, bi = p, i
		}
	}
	if bi < 0 {
		return false
	}
	g.touch(bi).place(best, k, g.minSide)
	return true
}

// chooseRow returns the row of a new sheet for kind k, or -1: among the
// rows that take k, have sheets left and keep the cost below the ceiling,
// the cheapest whose sheet takes all the parts rest (k first) when nothing
// was left out before k, else the one that takes them for the lowest cost
// per area placed. Together with upsize it took ortmann2010 at 1 s from
// 247.2, 247.6, 247.1 and 246.9 M (four runs) to 246.3, 246.5, 246.4 and
// 246.5 M, and kesim bench --zero-waste 40 at 1 s from a mean gap of
// 39.7 % to 22.6 %; choosing the completing row alone gave 246.8 M.
func (g *gdrr) chooseRow(k int32, rest []int32) int {
	v := g.v
	kd := &v.kinds[k]
	all := len(rest)
	if len(rest) > 400 {
		rest = rest[:400]
	}
	// A row whose sheet takes every part left (none was left out before
	// k either) completes the plan below the ceiling, which is the goal:
	// the cheapest such row wins over any that does not.
	whole := len(g.pool) == 0 && all <= 400
	bestR, bestScore, bestWhole := -1, 0.0, false
	for r, row := range v.rows {
		if kd.w[r] == 0 || row.limit > 0 && g.used[r] >= row.limit {
			continue
		}
		if g.cost+row.cost >= g.ceiling-1e-9*max(1, g.ceiling) {
			continue
		}
		if g.trial == nil {
			g.trial = newBin(row.binW, row.binH, &v.scratch, true)
		}
		b := g.trial
		b.w, b.h = row.binW, row.binH
		b.reset()
		area, placed := 0, 0
		for _, q := range rest {
			qd := &v.kinds[q]
			if qd.w[r] == 0 || !b.mayFit(qd.w[r], qd.h[r], qd.rotate[r]) {
				continue
			}
			p := b.find(qd.w[r], qd.h[r], qd.rotate[r], g.q)
			if !p.ok {
				continue
			}
			b.place(p, q, g.minSide)
			area += p.w * p.h
			placed++
		}
		if area == 0 {
			continue
		}
		completes := whole && placed == len(rest)
		score := row.cost / float64(area) * (0.95 + 0.1*g.rng.Float64())
		if completes {
			score = row.cost
		}
		if bestR < 0 || completes && !bestWhole || completes == bestWhole && score < bestScore {
			bestR, bestScore, bestWhole = r, score, completes
		}
	}
	return bestR
}
