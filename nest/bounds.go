package nest

import (
	"cmp"
	"math"
	"slices"
	"sort"
)

// Lower bounds on the number of sheets, from dual-feasible functions (DFF).
//
// A function f: [0,C] -> [0,C'] is dual feasible when any set of lengths
// that fits into C maps to a set that fits into C'. Fekete and Schepers
// ("A general framework for bounding approximate and exact packing
// problems", Math. Programming 2004) show that applying one DFF to the
// widths and one to the heights turns a feasible 2D packing into a feasible
// one again, so the mapped area bound
//
//	ceil( sum_i f(w_i) g(h_i) / (C'_f C'_g) )
//
// is a lower bound for every pair (f, g). With rotation allowed, each part
// contributes the smaller of its two orientations' mapped areas. The pairs
// tried include the identity (the area bound), the Martello-Toth step
// functions U^λ (which give the Martello-Vigo L1 and L2 bounds, Martello
// and Vigo, Management Science 1998), the Fekete-Schepers u^(k), and the
// functions of Carlier, Clautiaux and Moukrim (Computers & OR 2007).
//
// Cost: O(F^2 * kinds) for F functions per axis; F is capped, so this stays
// in milliseconds even for jobs with hundreds of part types.

// dff is one dual-feasible function on integer lengths 0..c.
type dff struct {
	f    func(x int) int
	capy int // C': the image of the capacity
}

// maxLambdas caps the λ parameters tried per family and axis; the work is
// O(λ² kinds), so jobs with many kinds try fewer.
func maxLambdas(kinds int) int {
	return max(8, min(48, int(math.Sqrt(500000/float64(kinds+1)))))
}

// dffs returns the functions tried on an axis of capacity c, with at most
// maxL λ values taken from the part sides that matter on that axis.
func dffs(c int, sides []int, maxL int) []dff {
	fs := []dff{{f: func(x int) int { return x }, capy: c}}
	for k := 1; k <= 6; k++ {
		fs = append(fs, dff{capy: k * c, f: func(x int) int {
			if (k+1)*x%c == 0 {
				return x * k
			}
			return (k + 1) * x / c * c
		}})
	}
	for _, l := range lambdas(c, sides, maxL) {
		fs = append(fs, dff{capy: c, f: func(x int) int {
			switch {
			case x > c-l:
				return c
			case x < l:
				return 0
			}
			return x
		}})
		q := c / l
		fs = append(fs, dff{capy: 2 * q, f: func(x int) int {
			switch {
			case 2*x > c:
				return 2 * (q - (c-x)/l)
			case 2*x == c:
				return q
			}
			return 2 * (x / l)
		}})
	}
	return fs
}

// lambdas returns the distinct sides in [1, c/2], at most maxL of them,
// spread evenly.
func lambdas(c int, sides []int, maxL int) []int {
	var ls []int
	seen := map[int]bool{}
	for _, s := range sides {
		if s >= 1 && 2*s <= c && !seen[s] {
			seen[s] = true
			ls = append(ls, s)
		}
	}
	sort.Ints(ls)
	if len(ls) <= maxL {
		return ls
	}
	out := make([]int, 0, maxL)
	for i := 0; i < maxL; i++ {
		out = append(out, ls[i*len(ls)/maxL])
	}
	return out
}

// mappedArea is the sum over the kinds of one pair of functions' mapped
// areas (lowerBound's arrays x and y for that pair), the turned one where
// smaller for the kinds from turn on. It is called once per pair, not
// inlined: WebAssembly has no on-stack replacement, and a function called
// many times is optimised by the browser after the first few calls, while
// one long loop would run unoptimised to its end.
//
//go:noinline
func mappedArea(x, y []float64, turn int) float64 {
	n := len(x) / 2
	xw, xh, yh, yw := x[:n], x[n:], y[:n], y[n:]
	sum := 0.0
	for i := range turn {
		sum += xw[i] * yh[i]
	}
	for i := turn; i < n; i++ {
		m := xw[i] * yh[i]
		// Not min(): its NaN handling is a slow call in wasm.
		if t := xh[i] * yw[i]; t < m {
			m = t
		}
		sum += m
	}
	return sum
}

// areaBound is the sheets the parts' area needs: ceil(total / sheet).
func areaBound(j *job) int {
	area := 0
	for _, k := range j.kinds {
		area += k.w * k.h * k.count
	}
	sheet := j.binW * j.binH
	return (area + sheet - 1) / sheet
}

// lowerBound returns a lower bound on the sheets the job needs. stop, when
// it reports true, cuts the search short; the bound found so far is valid.
func lowerBound(j *job, stop func() bool) int {
	if len(j.items) == 0 {
		return 0
	}
	var xs, ys []int
	for _, k := range j.kinds {
		xs = append(xs, k.w)
		ys = append(ys, k.h)
		if k.rotate {
			xs = append(xs, k.h)
			ys = append(ys, k.w)
		}
	}
	maxL := maxLambdas(len(j.kinds))
	fx := dffs(j.binW, xs, maxL)
	fy := dffs(j.binH, ys, maxL)
	// The kinds that may turn into a fitting orientation come last: turn
	// is where they start. A part's contribution to the sum does not
	// depend on the order, only its float rounding does, which the
	// tolerance below covers.
	kinds := make([]kind, 0, len(j.kinds))
	for _, k := range j.kinds {
		if !(k.rotate && k.h <= j.binW && k.w <= j.binH) {
			kinds = append(kinds, k)
		}
	}
	turn := len(kinds)
	for _, k := range j.kinds {
		if k.rotate && k.h <= j.binW && k.w <= j.binH {
			kinds = append(kinds, k)
		}
	}
	// Every function on every side of every kind, in one array per axis:
	// for function i, [i*2n, i*2n+n) holds the widths' (x) or heights' (y)
	// values, [i*2n+n, i*2n+2n) the other side's, for the turned part. The
	// heights' values are multiplied by the kind's count.
	n := len(kinds)
	mapAll := func(fs []dff, side func(k kind) (int, int), count bool) []float64 {
		out := make([]float64, 2*n*len(fs))
		for i, d := range fs {
			v := out[2*n*i : 2*n*(i+1)]
			for ki, k := range kinds {
				a, b := side(k)
				c := 1.0
				if count {
					c = float64(k.count)
				}
				v[ki] = float64(d.f(a)) / float64(d.capy) * c
				if ki >= turn {
					v[n+ki] = float64(d.f(b)) / float64(d.capy) * c
				}
			}
		}
		return out
	}
	vx := mapAll(fx, func(k kind) (int, int) { return k.w, k.h }, false)
	vy := mapAll(fy, func(k kind) (int, int) { return k.h, k.w }, true)
	best := 1
	tol := 1e-9 * float64(len(j.items)+1)
	for a := range fx {
		if a&15 == 15 && stop != nil && stop() {
			break
		}
		x := vx[2*n*a : 2*n*(a+1)]
		for b := range fy {
			// The tolerance keeps float rounding from ever overstating.
			if lb := int(math.Ceil(mappedArea(x, vy[2*n*b:2*n*(b+1)], turn) - tol)); lb > best {
				best = lb
			}
		}
	}
	return best
}

// bounds sets a group's sheet bound (single row: lowerBound, as the
// engine's own; several rows: the placed parts' area over the largest
// usable sheet), its cost bound in TL where every row has a price, and
// whether its layout meets the bound of its objective. Every bound is on
// the parts the layout placed.
func (sj *stockJob) bounds(g *stockGroup, gr *groupResult) {
	k := sj.kerf
	area := 0
	pieces := 0
	var kinds []kind
	for i, pi := range g.parts {
		n := sj.req.Parts[pi].Quantity - gr.left[pi]
		if n <= 0 {
			continue
		}
		pieces += n
		area += (sj.cutW[pi] + k) * (sj.cutH[pi] + k) * n
		if sj.sameSize(g) {
			f := g.fit[i][0]
			kinds = append(kinds, kind{w: f.w + k, h: f.h + k, rotate: f.rotate, part: pi, count: n})
		}
	}
	gr.areaUsed = float64(area)
	if pieces == 0 {
		gr.lb, gr.costLB, gr.optimal = 0, 0, len(gr.pages) == 0
		return
	}
	obj := sj.groupObjective(g)
	if sj.sameSize(g) {
		// Rows of one size: the single-sheet bound holds for any of
		// them, and the cheapest lb sheets cost at least the cheapest
		// rows' lb sheets.
		row := &sj.rows[g.rows[0]]
		if gr.lb == 0 {
			j := &job{binW: row.binW, binH: row.binH, kerf: k, trim: sj.trim, sheetW: row.sheetW, sheetH: row.sheetH, kinds: kinds}
			for ki, kd := range kinds {
				for c := 0; c < kd.count; c++ {
					j.items = append(j.items, int32(ki))
				}
			}
			gr.lb = lowerBound(j, nil)
		}
		if sj.allPriced(g) {
			need := gr.lb
			for _, ri := range sj.rowsByCost(g) {
				r := &sj.rows[ri]
				take := need
				if r.limit > 0 {
					take = min(need, r.limit)
				}
				gr.costLB += float64(take) * r.price
				if need -= take; need == 0 {
					break
				}
			}
		}
		gr.optimal = len(gr.pages) <= gr.lb
		return
	}
	maxArea := 0
	for _, ri := range g.rows {
		maxArea = max(maxArea, sj.rows[ri].binW*sj.rows[ri].binH)
	}
	gr.lb = max(1, (area+maxArea-1)/maxArea)
	// Every layout takes at least lb sheets, each at least the cheapest.
	atLeast := func(cost func(*stockRow) float64) float64 {
		least := math.Inf(1)
		for _, ri := range g.rows {
			least = math.Min(least, cost(&sj.rows[ri]))
		}
		return float64(gr.lb) * least
	}
	price := func(r *stockRow) float64 { return r.price }
	sheetArea := func(r *stockRow) float64 { return float64(r.sheetW) * float64(r.sheetH) }
	if sj.allPriced(g) {
		gr.costLB = math.Max(sj.fractionalBound(g, area, price), atLeast(price))
	}
	value := 0.0
	for _, p := range gr.pages {
		value += sj.rowCost(obj, &sj.rows[p.row])
	}
	switch obj {
	case ObjectiveSheets:
		gr.optimal = len(gr.pages) <= gr.lb
	case ObjectiveCost:
		gr.optimal = value <= gr.costLB*(1+1e-12)
	default:
		b := math.Max(sj.fractionalBound(g, area, sheetArea), atLeast(sheetArea))
		gr.optimal = value <= b*(1+1e-12)
	}
}

// fractionalBound is the least cost of sheets whose usable areas (plus a
// kerf, as the parts are inflated) hold area, with sheets taken in
// fractions, cheapest per area first, each row up to its limit. No layout
// of the parts costs less.
func (sj *stockJob) fractionalBound(g *stockGroup, area int, cost func(*stockRow) float64) float64 {
	rows := append([]int(nil), g.rows...)
	per := func(ri int) float64 {
		r := &sj.rows[ri]
		return cost(r) / (float64(r.binW) * float64(r.binH))
	}
	slices.SortStableFunc(rows, func(a, b int) int { return cmp.Compare(per(a), per(b)) })
	need := float64(area)
	bound := 0.0
	for _, ri := range rows {
		r := &sj.rows[ri]
		a := float64(r.binW) * float64(r.binH)
		take := need
		if r.limit > 0 {
			take = math.Min(need, a*float64(r.limit))
		}
		bound += take * per(ri)
		need -= take
		if need <= 0 {
			break
		}
	}
	// Sheets come whole: the least cost of whole sheets (each row up to
	// its quantity) whose areas add up to the parts' area is a bound too,
	// found by a depth-first search over the counts per row, cheapest per
	// area first, cut off by the fractional bound of the rest. A search
	// that runs out of its budget keeps the fractional bound.
	best := math.Inf(1)
	nodes := 0
	var dfs func(i int, need int, acc float64) bool
	dfs = func(i int, need int, acc float64) bool {
		if nodes++; nodes > 200000 {
			return false
		}
		if need <= 0 {
			best = math.Min(best, acc)
			return true
		}
		if i == len(rows) || acc+float64(need)*per(rows[i]) >= best {
			return true
		}
		r := &sj.rows[rows[i]]
		a := r.binW * r.binH
		most := (need + a - 1) / a
		if r.limit > 0 {
			most = min(most, r.limit)
		}
		for n := most; n >= 0; n-- {
			if !dfs(i+1, need-n*a, acc+float64(n)*cost(r)) {
				return false
			}
		}
		return true
	}
	if dfs(0, area, 0) && !math.IsInf(best, 1) {
		// The float sums of both may differ in the last bits; the whole-
		// sheet bound is never below the fractional one in exact terms.
		bound = math.Max(bound, best)
	}
	return bound
}
