package nest

import "math"

// The exact tiling of the cheapest stock: when the cheapest sheets per
// area are limited rows whose sheets together hold exactly the parts'
// area, a plan that fills every one of them without waste costs the cost
// lower bound, and any other plan leaves waste on them and opens a dearer
// sheet for the rest. Parts cut from those very sheets (offcuts and panels
// that came from a layout, or parts designed to tile the boards bought) are
// that case, and a search sheet by sheet rarely finds the one fit. The
// merge search of the exact-fit search (exact_merge.go) builds the sheets
// bottom up from the parts, here with several sheet sizes and how many
// there are of each. On kesim bench --zero-waste 40 at 1 s it took the
// instances at the optimum from none to 2 and the mean gap from 48 to 42 %;
// like the one-sheet search it finds fits of a few tens of parts, not of
// a hundred, and gets at most 40 % of the time when the case holds.

// tileExactly returns a plan that fills the cheapest rows exactly, or nil
// when the case does not hold or the search finds none within nodes or
// before stop.
func (v *vsSearch) tileExactly(nodes int, stop func() bool) *vsPlan {
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
	if area != capacity || items > mergeMaxParts || g == 0 {
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
	if !e.mergeTiles(targets, nodes, stop) {
		return nil
	}
	plan := &vsPlan{left: make([]int, len(v.kinds))}
	for i, spots := range e.spots() {
		t := e.targetOf[i]
		r := rowsOf[t][0]
		rowsOf[t] = rowsOf[t][1:]
		pg := vsPage{row: r, spots: spots}
		if v.o.guillotine {
			pg.cuts = sheetCuts(spots, v.rows[r], v.o.kerf)
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
// is grain-locked on one: a part free to turn may turn on every row it
// fits, or only one way fits there. Grain-locked parts are left to the
// other searches.
func (v *vsSearch) freeParts(rows []int) (*job, int) {
	j := &job{kinds: make([]kind, len(v.kinds)), guillotine: v.o.guillotine, kerf: v.o.kerf}
	area := 0
	for k, kd := range v.kinds {
		if kd.count == 0 {
			continue
		}
		w, h := 0, 0
		for _, r := range rows {
			kw, kh := kd.w[r], kd.h[r]
			if kw == 0 {
				continue
			}
			if !kd.rotate[r] && kw != kh && kh <= v.rows[r].binW && kw <= v.rows[r].binH {
				return nil, 0
			}
			w, h = kw, kh
		}
		if w == 0 {
			return nil, 0
		}
		j.kinds[k] = kind{w: w, h: h, rotate: true, count: kd.count}
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

// sheetCuts returns the guillotine cuts of a page of row rw.
func sheetCuts(spots []spot, rw vsRow, kerf int) []cut {
	items := make([]rect, len(spots))
	for i, s := range spots {
		items[i] = rect{s.x, s.y, s.w, s.h}
	}
	var cuts []cut
	splitPiece(items, rect{0, 0, rw.binW, rw.binH}, kerf, &cuts, nil)
	return cuts
}
