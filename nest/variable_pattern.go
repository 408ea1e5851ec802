package nest

import (
	"cmp"
	"math"
	"math/rand"
	"slices"
	"time"
)

// The pattern search, for cutting-stock jobs: many copies of few part
// lines (gcut's 590 to 2,751 pieces of 10 to 50 lines on three sheet
// sizes). There the sheets that cost least come from choosing which parts
// share a sheet, which a greedy that fills sheet after sheet from a part
// order does not weigh. A pass fills one sheet of each row as well as it
// can, takes the one that gives the most value for its cost and cuts that
// pattern as often as the copies left allow (Haessler's sequential
// heuristic), until every copy is placed. Between passes each line's value
// is corrected towards what its copies cost in the pass (their share of
// their sheets' cost by area), so that parts that ended on poor sheets are
// placed earlier in the next pass (sequential value correction, as
// Mukhacheva and Belov and Scheithauer apply it to cutting stock). One
// sheet's fill
// is the unconstrained guillotine knapsack (Gilmore & Gomory 1966) over
// the parts' raster points (the lengths that are sums of their sides,
// Herz 1972): its layouts are guillotine, so they serve both modes.

// patternMaxWork bounds one row's knapsack: raster points across times
// down times their sum. Beyond it the row takes no patterns.
const patternMaxWork = 200_000_000

// patternMaxLengths is the most distinct part sides per direction, and
// patternMaxPoints the most raster points, with which a row takes
// patterns: the raster takes the sides times the sheet's length, the cuts
// (rasterCuts) up to half the points squared.
const (
	patternMaxLengths = 1024
	patternMaxPoints  = 1024
)

// patternMaxBytes bounds the memory of the rows' knapsacks together: their
// cuts and length indices, and the one table they share. Rows beyond it,
// the dearer per area first, take no patterns (a group may have dozens of
// offcut rows).
const patternMaxBytes = 64 << 20

// patternMinCopies is the fewest copies per part line, on average, with
// which the pattern search runs: with fewer, a pattern is rarely cut
// twice and the greedy orders do as well.
const patternMinCopies = 4

// patPiece is one orientation of a kind on a row.
type patPiece struct {
	k    int32
	w, h int
}

// patRow is the guillotine knapsack of one row.
type patRow struct {
	r      int
	g      int     // the unit of xs and ys: a divisor of every length
	xs, ys []int   // raster points, increasing
	xi, yi []int32 // per length, the index of the longest raster point not above it (-1: none)
	pieces []patPiece
	// cutsX[i] are the cuts worth trying across a cell xs[i] wide, cutsY
	// along one ys[j] high (rasterCuts).
	cutsX, cutsY [][]rasterCut
	val          []float64 // per raster cell (i*len(ys)+j)
	valT         []float64 // the same, transposed (j*len(xs)+i), for the cuts across
	how          []int32   // how the cell's value is reached (see solve)
	spots        []spot    // the last solve's layout
	value        float64   // and its value
	solved       bool      // spots hold a solve of this pass
}

// uses reports whether the last solve's layout holds a kind that use
// leaves out. While it does not, that layout is still the best: taking
// kinds away makes no layout better.
func (pr *patRow) uses(use []bool) bool {
	for _, sp := range pr.spots {
		if !use[sp.kind] {
			return true
		}
	}
	return false
}

// raster returns the lengths up to n that are sums of lengths (each any
// number of times), increasing, and per length up to n the index of the
// longest of them not above it; nil when there are more than most.
func raster(lengths []int, n, most int) ([]int, []int32) {
	reach := make([]bool, n+1)
	reach[0] = true
	var pts []int
	idx := make([]int32, n+1)
	for x := 0; x <= n; x++ {
		// Every sum below x is known: reach[x] is final.
		if x > 0 && reach[x] {
			if pts = append(pts, x); len(pts) > most {
				return nil, nil
			}
		}
		idx[x] = int32(len(pts) - 1)
		if !reach[x] {
			continue
		}
		for _, l := range lengths {
			if x+l <= n {
				reach[x+l] = true
			}
		}
	}
	return pts, idx
}

// rasterCut is a cut of a length into the raster points a and b, as
// indices.
type rasterCut struct{ a, b int32 }

// rasterCuts returns per raster point the cuts of it worth trying: into
// pts[a] and the longest raster point b not above the rest, with a no
// longer than the rest (the other way round is the same cut), and of the
// cuts with the same b only that with the longest a (a cell's value never
// falls as it grows).
func rasterCuts(pts []int, idx []int32) [][]rasterCut {
	out := make([][]rasterCut, len(pts))
	for i, l := range pts {
		var cs []rasterCut
		for a := 0; a < len(pts) && 2*pts[a] <= l; a++ {
			b := idx[l-pts[a]]
			if n := len(cs); n > 0 && cs[n-1].b == b {
				cs[n-1].a = int32(a)
				continue
			}
			cs = append(cs, rasterCut{int32(a), b})
		}
		out[i] = cs
	}
	return out
}

// newPatRow prepares row r's knapsack, or returns nil when no part fits
// it or the knapsack is too big.
func (v *vsSearch) newPatRow(r int) *patRow {
	row := v.rows[r]
	pr := &patRow{r: r}
	var ws, hs []int
	for k, kd := range v.kinds {
		if kd.count == 0 || kd.w[r] == 0 {
			continue
		}
		for t := 0; t < 2; t++ {
			w, h := kd.w[r], kd.h[r]
			if t == 1 {
				if !kd.rotate[r] || w == h {
					break
				}
				w, h = h, w
			}
			if w <= row.binW && h <= row.binH {
				pr.pieces = append(pr.pieces, patPiece{int32(k), w, h})
				ws, hs = append(ws, w), append(hs, h)
			}
		}
	}
	if len(pr.pieces) == 0 {
		return nil
	}
	// Lengths in units of their greatest common divisor: the raster
	// points are the same, the tables smaller.
	g := gcd(row.binW, row.binH)
	for _, pc := range pr.pieces {
		g = gcd(g, gcd(pc.w, pc.h))
	}
	pr.g = g
	if row.binW/g > 1<<16 || row.binH/g > 1<<16 {
		return nil
	}
	for i := range ws {
		ws[i] /= g
		hs[i] /= g
	}
	slices.Sort(ws)
	slices.Sort(hs)
	ws, hs = slices.Compact(ws), slices.Compact(hs)
	if len(ws) > patternMaxLengths || len(hs) > patternMaxLengths {
		return nil // not a cutting-stock job; the raster would take long
	}
	pr.xs, pr.xi = raster(ws, row.binW/g, patternMaxPoints)
	pr.ys, pr.yi = raster(hs, row.binH/g, patternMaxPoints)
	if pr.xs == nil || pr.ys == nil || pr.cells() > patternMaxWork {
		return nil
	}
	pr.cutsX, pr.cutsY = rasterCuts(pr.xs, pr.xi), rasterCuts(pr.ys, pr.yi)
	return pr
}

// bytes is the memory of the row's own tables: its cuts and length
// indices.
func (pr *patRow) bytes() int {
	n := 4 * (len(pr.xi) + len(pr.yi))
	for _, cs := range [2][][]rasterCut{pr.cutsX, pr.cutsY} {
		for _, c := range cs {
			n += 8 * len(c)
		}
	}
	return n
}

// patternRows returns the rows' knapsacks, cheapest per area first, while
// they fit in patternMaxBytes, with one table for all of them: a row's
// table is needed only while it is solved.
func (v *vsSearch) patternRows() []*patRow {
	order := make([]int, len(v.rows))
	for r := range order {
		order[r] = r
	}
	perArea := func(r int) float64 { return v.rows[r].cost / float64(v.rows[r].binW*v.rows[r].binH) }
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(perArea(a), perArea(b)) })
	var rows []*patRow
	used, cells := 0, 0
	for _, r := range order {
		if v.halted() {
			break
		}
		pr := v.newPatRow(r)
		if pr == nil {
			continue
		}
		c := len(pr.xs) * len(pr.ys)
		if used+pr.bytes()+20*max(cells, c) > patternMaxBytes {
			continue
		}
		used += pr.bytes()
		cells = max(cells, c)
		rows = append(rows, pr)
	}
	val, valT, how := make([]float64, cells), make([]float64, cells), make([]int32, cells)
	for _, pr := range rows {
		c := len(pr.xs) * len(pr.ys)
		pr.val, pr.valT, pr.how = val[:c], valT[:c], how[:c]
	}
	return rows
}

// solve fills the row's sheet with the most value, a kind's copy worth
// value[k] (kinds with use[k] false are left out), and leaves the layout
// in pr.spots (positions from the sheet's lower left corner).
//
// how codes a cell's best: p+1 is piece p at the corner, -1 the cell one
// raster point narrower, -2 one lower, -3-c a cut: c < len(xs) across at
// xs[c], else along at ys[c-len(xs)].
//
// stop, when not nil, is asked every few raster points (a knapsack of 200 M
// cell-cuts takes about 100 ms natively, more in the browser, whose
// cancels reach the engine when it asks): when it reports true, solve
// returns false and the row is left unsolved.
func (pr *patRow) solve(value []float64, use []bool, stop func() bool) bool {
	nx, ny := len(pr.xs), len(pr.ys)
	if pr.val == nil { // a row of its own (patternRows shares one table)
		pr.val, pr.valT, pr.how = make([]float64, nx*ny), make([]float64, nx*ny), make([]int32, nx*ny)
	}
	val, valT, how := pr.val, pr.valT, pr.how
	clear(val)
	clear(how)
	for p, pc := range pr.pieces {
		if !use[pc.k] {
			continue
		}
		c := int(pr.xi[pc.w/pr.g])*ny + int(pr.yi[pc.h/pr.g])
		if value[pc.k] > val[c] {
			val[c], how[c] = value[pc.k], int32(p+1)
		}
	}
	for i := 0; i < nx; i++ {
		if i&15 == 15 && stop != nil && stop() {
			pr.solved = false
			return false
		}
		cutsX := pr.cutsX[i]
		for j := 0; j < ny; j++ {
			c := i*ny + j
			best, h := val[c], how[c]
			if i > 0 && val[c-ny] > best {
				best, h = val[c-ny], -1
			}
			if j > 0 && val[c-1] > best {
				best, h = val[c-1], -2
			}
			col := valT[j*nx : j*nx+nx]
			for _, ab := range cutsX {
				if s := col[ab.a] + col[ab.b]; s > best {
					best, h = s, -3-ab.a
				}
			}
			row := val[i*ny : i*ny+ny]
			for _, ab := range pr.cutsY[j] {
				if s := row[ab.a] + row[ab.b]; s > best {
					best, h = s, int32(-3-nx)-ab.a
				}
			}
			val[c], how[c] = best, h
			valT[j*nx+i] = best
		}
	}
	pr.value = val[nx*ny-1]
	pr.spots = pr.spots[:0]
	pr.place(nx-1, ny-1, 0, 0)
	pr.solved = true
	return true
}

// place appends the layout of cell (i, j) at (x, y) to pr.spots.
func (pr *patRow) place(i, j, x, y int) {
	nx, ny := len(pr.xs), len(pr.ys)
	for {
		h := pr.how[i*ny+j]
		switch {
		case h == 0:
			return
		case h > 0:
			pc := pr.pieces[h-1]
			pr.spots = append(pr.spots, spot{kind: pc.k, x: x * pr.g, y: y * pr.g, w: pc.w, h: pc.h})
			return
		case h == -1:
			i--
		case h == -2:
			j--
		case int(-3-h) < nx:
			a := int(-3 - h)
			b := int(pr.xi[pr.xs[i]-pr.xs[a]])
			pr.place(a, j, x, y)
			x += pr.xs[a]
			i = b
		default:
			a := int(-3-h) - nx
			b := int(pr.yi[pr.ys[j]-pr.ys[a]])
			pr.place(i, a, x, y)
			y += pr.ys[a]
			j = b
		}
	}
}

// patternPlan runs passes of the pattern search with a share of the
// improvement (patternShare of the time to the deadline, or of the
// iteration budget) and returns the best plan, or nil when the job is not
// a cutting-stock job or no pass completed. With a time limit the first
// pass may take the whole time: without it the search gives nothing.
func (v *vsSearch) patternPlan() *vsPlan {
	n := v.pieces()
	lines := 0
	for _, kd := range v.kinds {
		if kd.count > 0 {
			lines++
		}
	}
	if lines == 0 || n < patternMinCopies*lines {
		return nil
	}
	rows := v.patternRows()
	if len(rows) == 0 {
		return nil
	}
	var end time.Time
	if !v.o.deadline.IsZero() {
		now := time.Now()
		end = now.Add(time.Duration(float64(v.o.deadline.Sub(now)) * patternShare))
	}
	if v.o.iterations > 0 {
		// Every pass keeps to the budget, the first too: a knapsack
		// costs hundreds of sheets filled, and a small budget would
		// otherwise be overrun many times.
		v.patternEnd = v.work + int(float64(max(0, v.o.iterations-v.work))*patternShare)
	}
	more := func() bool {
		return (end.IsZero() || time.Now().Before(end)) && (v.o.iterations <= 0 || v.work < v.patternEnd)
	}
	per := v.cheapestRate()
	value := make([]float64, len(v.kinds))
	for k := range v.kinds {
		value[k] = per * float64(v.area(k))
	}
	rng := rand.New(rand.NewSource(v.o.seed))
	var best *vsPlan
	for best == nil || more() {
		p, price := v.patternPass(rows, value, best != nil, more)
		if p == nil {
			break
		}
		if p.better(best) {
			best = p
			v.tell(best)
		}
		// The correction: a step towards what the copies cost, with a
		// little noise so that passes differ.
		for k := range value {
			if price[k] > 0 {
				value[k] = (value[k]*(1-patternStep) + price[k]*patternStep) * (1 + 0.02*(rng.Float64()-0.5))
			}
		}
	}
	if best != nil {
		v.downsize(best) // once: it fills sheets, which the budget counts
	}
	return best
}

// patternStep is how far a pass moves the values towards the prices: on
// gcut8d (50 lines, 8 s), 0.2 gave 154.0 M, 0.3 154.3 M, 0.5 155.9 M and
// 0.8 155.1 M.
const patternStep = 0.2

// patternShare is the share of the improvement's time or iterations the
// pattern search takes.
const patternShare = 0.5

// patternPass builds a plan pattern by pattern with the kinds' values and
// returns it with each kind's price: the mean cost of its copies, their
// share by area of their sheets' cost. It returns nil when cancelled.
//
// With bounded, the pass gives up (nil) once more reports false; the
// search must stop whenever v.stop does.
func (v *vsSearch) patternPass(rows []*patRow, value []float64, bounded bool, more func() bool) (*vsPlan, []float64) {
	left := make([]int, len(v.kinds))
	use := make([]bool, len(v.kinds))
	n := 0
	for k, kd := range v.kinds {
		left[k] = kd.count
		use[k] = kd.count > 0
		n += kd.count
	}
	for _, pr := range rows {
		pr.solved = false
	}
	price := make([]float64, len(v.kinds))
	used := make([]int, len(v.rows))
	count := make([]int, len(v.kinds))
	p := &vsPlan{}
	for n > 0 {
		if v.halted() || bounded && !more() {
			return nil, nil
		}
		bestR, bestSpots, ok := v.bestPattern(rows, value, use, left, used)
		if !ok {
			return nil, nil
		}
		if bestR < 0 {
			break // stock ran out, or nothing fits
		}
		clear(count)
		area := 0
		for _, sp := range bestSpots {
			count[sp.kind]++
			area += sp.w * sp.h
		}
		times := math.MaxInt
		for k, c := range count {
			if c > 0 {
				times = min(times, left[k]/c)
			}
		}
		if lim := v.rows[bestR].limit; lim > 0 {
			times = min(times, lim-used[bestR])
		}
		times = max(times, 1)
		cost := v.rows[bestR].cost
		var cuts []cut
		if v.o.guillotine {
			// The knapsack's layouts are guillotine by construction.
			var ok bool
			if cuts, ok = guillotineCuts(&job{binW: v.rows[bestR].binW, binH: v.rows[bestR].binH, kerf: v.o.kerf, profile: v.o.profile}, bestSpots); !ok {
				return nil, nil
			}
		}
		for range times {
			p.pages = append(p.pages, vsPage{row: bestR, spots: slices.Clone(bestSpots), cuts: slices.Clone(cuts)})
		}
		used[bestR] += times
		p.cost += float64(times) * cost
		p.lastFill = area
		for k, c := range count {
			if c == 0 {
				continue
			}
			left[k] -= times * c
			n -= times * c
			price[k] += float64(times*c) * cost * float64(v.area(k)) / float64(area)
			if left[k] == 0 {
				use[k] = false
			}
		}
	}
	p.left, p.nLeft = left, n
	for k, kd := range v.kinds {
		if placed := kd.count - left[k]; placed > 0 {
			price[k] /= float64(placed)
		}
	}
	return p, price
}

// bestPattern returns the row whose sheet, filled by its knapsack with
// the copies left, gives the most value for its cost, and that layout; -1
// when no row with sheets left holds a part. A row's knapsack is solved
// again only when its layout holds a kind used up and it might still be
// the best: its last value is a bound on its next (taking kinds away makes
// no layout better), and rows are solved in the order of that bound.
//
// ok is false when the search must stop: cancelled, past the deadline, or
// a knapsack would take the iteration budget beyond its share.
func (v *vsSearch) bestPattern(rows []*patRow, value []float64, use []bool, left, used []int) (r int, spots []spot, ok bool) {
	var bestSpots []spot
	bestR, bestEff := -1, 0.0
	for {
		var stale *patRow
		bestR, bestEff, bestSpots = -1, 0, nil
		for _, pr := range rows {
			row := v.rows[pr.r]
			if row.limit > 0 && used[pr.r] >= row.limit {
				continue
			}
			if !pr.solved || pr.uses(use) {
				if ub := pr.value / row.cost; !pr.solved || ub > bestEff && (stale == nil || ub > stale.value/v.rows[stale.r].cost) {
					stale = pr
				}
				continue
			}
			spots := v.truncate(pr.spots, left)
			worth := 0.0
			for _, sp := range spots {
				worth += value[sp.kind]
			}
			if eff := worth / row.cost; len(spots) > 0 && eff > bestEff {
				bestR, bestEff, bestSpots = pr.r, eff, spots
			}
		}
		if stale == nil || !stale.solved || stale.value/v.rows[stale.r].cost > bestEff {
			if stale == nil {
				return bestR, bestSpots, true
			}
			// A solve costs about as much as this many sheets filled,
			// for the iteration budget.
			cost := 1 + stale.cells()/patternCellsPerWork
			if v.o.iterations > 0 && v.work+cost > v.patternEnd || !stale.solve(value, use, v.halted) {
				return -1, nil, false
			}
			v.work += cost
			continue
		}
		return bestR, bestSpots, true
	}
}

// halted reports whether the search must end: cancelled, or past the
// deadline.
func (v *vsSearch) halted() bool {
	return expired(v.o.ctx, v.o.deadline)
}

// cells is the knapsack's work: raster points across times down times
// their sum, halved.
func (pr *patRow) cells() int {
	nx, ny := len(pr.xs), len(pr.ys)
	return nx * ny * (nx + ny) / 2
}

// patternCellsPerWork is the knapsack work that counts as one sheet filled.
const patternCellsPerWork = 200_000

// truncate returns the spots with at most left[k] copies of each kind k.
func (v *vsSearch) truncate(spots []spot, left []int) []spot {
	if len(v.taken) != len(v.kinds) {
		v.taken = make([]int, len(v.kinds))
	}
	var out []spot
	for _, sp := range spots {
		if v.taken[sp.kind] < left[sp.kind] {
			v.taken[sp.kind]++
			out = append(out, sp)
		}
	}
	for _, sp := range spots {
		v.taken[sp.kind] = 0
	}
	return out
}
