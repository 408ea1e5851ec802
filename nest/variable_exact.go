package nest

import "math"

// The exact tiling of the cheapest stock: when the cheapest sheets per
// area are limited rows and some choice of them holds exactly the parts'
// area, a plan that fills the sheets it takes without waste costs the
// lower bound, and any other plan leaves waste and, on limited stock,
// often opens a dearer sheet for the rest. Parts cut from those very
// sheets (offcuts and panels that came from a layout, or parts designed to
// tile the boards bought) are that case, and the greedy and ruin and
// recreate rarely find the one fit. The merge search of the exact-fit search
// (exact_merge.go) builds the sheets bottom up from the parts, here with
// several sheet sizes and how many there are of each. Measured at 1 s per
// instance, two at a time:
//   - ortmann2010 (230 shared instances, each cut from one sheet of every
//     type, with spare sheets): proven optimal 12 -> 50, utilisation
//     92.2 -> 93.6 % (all 25- and 50-part instances but 10 at the optimum);
//   - kesim bench --zero-waste 40: at the optimum 0 -> 2, mean gap 48 ->
//     41 %.
// A merge search sheet by sheet in the second half of that time (since
// replaced) took ortmann2010 at 1 s from 50 to 58 proven optima (Path 50:
// 14 -> 17), utilisation 93.61 -> 93.79 %, and the zero-waste family at 5 s
// from 2 to 5 at the optimum, mean gap 40.2 -> 36.4 %. A frame search
// (guillotine blocks grown from a sheet's corner), sheet by sheet too,
// then ran first with a third of the time, and the two merge searches a
// third each: the zero-waste family at 1 s went from 2 to 3 at the
// optimum, ortmann2010 at 1 s stayed at 57 proven optima. The merge repair
// (exact_lns.go) over all the sheets in the two merge searches' two
// thirds: ortmann2010 at 1 s went from 57 to 82 proven optima and from
// 246.4 to 243.4 M (Nice 92.4 -> 93.9 %, Path 95.5 -> 96.0 %), the
// zero-waste family from 4 to 10 at the optimum, mean gap 22.6 -> 16.3 %.
// It now runs alone (tileExactly), with 50 % or 65 % of the time
// (tileWithin).

// tileExactly returns a plan that fills cheapest rows exactly, or nil
// when the case does not hold or the merge repair over all the sheets
// finds none within nodes or before stop. The frame search sheet by sheet
// ran first with a third of the nodes and the time until it found no
// tiling the repair did not find faster: without it, the zero-waste family
// (kesim bench --zero-waste 40 at 1 s, two at a time, seeds 1 to 4) went
// from 15, 15, 23, 18 at the optimum to 16, 16, 24, 20 with 40 % of the
// time (tileWithin), from 19, 17, 24, 20 to 19, 20, 24, 20 with 90 %, and
// its solved instances took less time; ortmann2010 at 1 s kept 93 proven
// optima (243.12 -> 243.11 M).
func (v *vsSearch) tileExactly(nodes int, stop, others func() bool) *vsPlan {
	rows := v.cheapestRows()
	if rows == nil {
		return nil
	}
	j, area := v.freeParts(rows)
	if j == nil {
		return nil
	}
	g, capacity := 0, 0
	for _, k := range j.kinds {
		if k.count > 0 {
			g = gcd(g, gcd(k.w, k.h))
		}
	}
	for _, r := range rows {
		rw := v.rows[r]
		capacity += rw.limit * rw.binW * rw.binH
		g = gcd(g, gcd(rw.binW, rw.binH))
		j.binW, j.binH = max(j.binW, rw.binW), max(j.binH, rw.binH)
	}
	items := len(j.items)
	if area > capacity || items > mergeMaxParts || g == 0 {
		return nil
	}
	e := &exact{j: j, scale: g, w: j.binW / g, h: j.binH / g, left: items}
	e.addShapes()
	// One target per sheet size, with the rows of that size in turn.
	var targets []mtarget
	var rowsOf [][]int
	for _, r := range rows {
		rw := v.rows[r]
		t := mtarget{w: rw.binW / g, h: rw.binH / g, n: rw.limit}
		i := 0
		for i < len(targets) && (targets[i].w != t.w || targets[i].h != t.h) {
			i++
		}
		if i == len(targets) {
			targets = append(targets, mtarget{w: t.w, h: t.h})
			rowsOf = append(rowsOf, nil)
		}
		targets[i].n += t.n
		for range rw.limit {
			rowsOf[i] = append(rowsOf[i], r)
		}
	}
	// With more sheets than the parts fill, some choice of them must hold
	// the parts' area exactly.
	if area != capacity && !areaReachable(targets, area/(g*g)) {
		return nil
	}
	// The improvement phase's search (from the constructive plan) starts
	// from another seed: with the constructive phase's, it would first
	// repeat the exactNodes nodes that phase searched without a tiling.
	// Another seed is another path, so the measures move both ways: the
	// zero-waste family (kesim bench --zero-waste 40, two at a time) at
	// 1 s, seeds 1 to 4, went from 22, 21, 26, 21 at the optimum to 24,
	// 19, 27, 23 (mean gap 8.5 -> 7.6 %), with 5,000 iterations (no clock)
	// on seeds 1 to 3 from 21, 20, 24 to 22, 18, 27, and at 5 s on seeds 1
	// and 2 from 29 and 25 to 26 and 25; ortmann2010 at 1 s kept 93
	// proven optima (243.11 -> 243.09 M).
	seed := uint64(v.o.seed)
	if v.o.start != nil {
		seed = mix(seed + 1)
	}
	e = repairOnWorkers(e, targets, nodes, seed, v.o.workers, !v.o.deadline.IsZero() && v.o.iterations <= 0, stop, others)
	if e == nil {
		return nil
	}
	plan := &vsPlan{left: make([]int, len(v.kinds))}
	for i, spots := range e.spots() {
		t := e.targetOf[i]
		r := rowsOf[t][0]
		rowsOf[t] = rowsOf[t][1:]
		pg := vsPage{row: r, spots: spots}
		if v.o.guillotine {
			var ok bool
			if pg.cuts, ok = guillotineCuts(&job{binW: v.rows[r].binW, binH: v.rows[r].binH, kerf: v.o.kerf, profile: v.o.profile}, spots); !ok {
				return nil // the merge repair's blocks, against a saw profile
			}
		}
		plan.pages = append(plan.pages, pg)
		plan.cost += v.rows[r].cost
	}
	if n := len(plan.pages); n > 0 {
		for _, s := range plan.pages[n-1].spots {
			plan.lastFill += s.w * s.h
		}
	}
	return plan
}

// freeParts returns the parts as a job's kinds (indexed as v.kinds, one
// item per copy) and their area, or nil when a part fits none of rows or
// lies differently on two of them. A part free to turn may turn on every
// row it fits, or only one way fits there; a part that may not turn (an
// oriented job) must lie the same way on every row. A part whose grain
// turns it on some rows and not on others is left to the other searches.
func (v *vsSearch) freeParts(rows []int) (*job, int) {
	j := &job{kinds: make([]kind, len(v.kinds)), guillotine: v.o.guillotine, kerf: v.o.kerf}
	area := 0
	for k, kd := range v.kinds {
		if kd.count == 0 {
			continue
		}
		// turns: the part may turn on some row; same: it lies the same
		// way on every row; forced: on every row where it may not turn,
		// only one way fits (so no grain holds it).
		w, h := 0, 0
		turns, same, forced := false, true, true
		for _, r := range rows {
			kw, kh := kd.w[r], kd.h[r]
			if kw == 0 {
				continue
			}
			if kd.rotate[r] {
				turns = true
			} else if kw != kh && kh <= v.rows[r].binW && kw <= v.rows[r].binH {
				forced = false
			}
			if w != 0 && (kw != w || kh != h) {
				same = false
			}
			w, h = kw, kh
		}
		if w == 0 || turns && !forced || !turns && !same {
			return nil, 0
		}
		locked := !turns
		j.kinds[k] = kind{w: w, h: h, rotate: !locked, count: kd.count}
		area += kd.count * w * h
	}
	n := 0
	for _, k := range j.kinds {
		n += k.count
	}
	j.items = make([]int32, n)
	return j, area
}

// cheapestRows returns the rows of the lowest cost per area when they are
// all limited, or nil.
func (v *vsSearch) cheapestRows() []int {
	best := math.Inf(1)
	for _, rw := range v.rows {
		best = min(best, rw.cost/float64(rw.binW*rw.binH))
	}
	var out []int
	for r, rw := range v.rows {
		if c := rw.cost / float64(rw.binW*rw.binH); c <= best*(1+1e-9) {
			if rw.limit <= 0 {
				return nil
			}
			out = append(out, r)
		}
	}
	return out
}

// areaReachable reports whether sheets of targets, at most t.n of each,
// can have an area of exactly a (all scaled), a subset sum over a bit set
// (the sheets of a size in powers of two).
func areaReachable(targets []mtarget, a int) bool {
	if a <= 0 || a > 1<<24 {
		return a == 0
	}
	r := make([]uint64, a/64+1)
	r[0] = 1
	for _, t := range targets {
		sheet := t.w * t.h
		for n, step := t.n, 1; n > 0; step *= 2 {
			c := min(step, n)
			n -= c
			if d := c * sheet; d <= a {
				shiftOr(r, d, 0, false, a)
			}
		}
	}
	return has(r, a)
}
