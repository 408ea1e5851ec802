package nest

import (
	"math"
	"math/rand/v2"
	"slices"
	"sort"
)

// Ruin and recreate with a fixed number of sheets.
//
// To save a sheet, the search takes the best layout of m sheets, empties
// its least filled sheet into a pool of unplaced parts, and then searches
// layouts of m-1 sheets that leave as little of the pool unplaced as
// possible: each step removes some parts (a region of one sheet, a few
// random parts, or a whole sheet) and inserts the pool back, biggest first,
// at the best MaxRects position over all sheets. A step is kept under late
// acceptance hill climbing (Burke and Bykov, EJOR 2017). When the pool is
// empty the layout of m-1 sheets is complete and the search goes on for
// m-2, until the lower bound, the time limit or the iteration budget.
//
// This is the scheme of the goal-driven ruin and recreate of Gardeyn and
// Wauters (EJOR 2022). Free layouts use MaxRects placement, and a ruin may
// take any parts out. Guillotine layouts stay guillotine after every step,
// kept two ways by two searches that take turns (see improve): as MaxRects
// sheets whose every placement is checked to leave the sheet cuttable, and
// as cut trees (gtree.go) whose waste pieces take the parts.

// rrBin is one sheet of the ruin-and-recreate state: a MaxRects sheet b
// and its parts, or a cut tree t.
type rrBin struct {
	b     *bin
	spots []spot
	t     *gtree
}

// copyTo makes c a copy of rb that shares no memory with it, reusing c's
// buffers: a search steps many thousand times a second, and a fresh copy of
// every sheet it changes kept the garbage collector busy for a fifth of the
// time.
func (rb *rrBin) copyTo(c *rrBin) {
	if rb.t != nil {
		if c.t == nil {
			c.t = &gtree{}
		}
		n, dead := c.t.n, c.t.dead
		*c.t = *rb.t
		c.t.n = append(n[:0], rb.t.n...)
		c.t.dead = append(dead[:0], rb.t.dead...)
		return
	}
	c.spots = append(c.spots[:0], rb.spots...)
	if c.b == nil {
		c.b = &bin{}
	}
	free, used := c.b.free, c.b.used
	*c.b = *rb.b
	c.b.free = append(free[:0], rb.b.free...)
	c.b.used = append(used[:0], rb.b.used...)
}

func (rb *rrBin) area() int {
	if rb.t != nil {
		return rb.t.area
	}
	return rb.b.area
}

func (rb *rrBin) mayFit(w, h int, rotate bool) bool {
	if rb.t != nil {
		return rb.t.mayFit(w, h, rotate)
	}
	return rb.b.mayFit(w, h, rotate)
}

// kinds returns the kinds of the sheet's parts.
func (rb *rrBin) kinds() []int32 {
	var out []int32
	if rb.t != nil {
		for _, i := range rb.t.parts() {
			out = append(out, rb.t.n[i].kind)
		}
		return out
	}
	for _, s := range rb.spots {
		out = append(out, s.kind)
	}
	return out
}

// rebuild recomputes a MaxRects sheet's free space after parts were
// removed.
func (rb *rrBin) rebuild(minSide int) {
	rb.b.reset()
	for _, s := range rb.spots {
		rb.b.place(placement{x: s.x, y: s.y, w: s.w, h: s.h, ok: true}, minSide, true)
	}
}

// rrState is a layout on a fixed number of sheets with a pool of parts not
// placed yet.
type rrState struct {
	bins []*rrBin
	pool []int32 // kinds
	cost float64 // weighted area of the pool
}

// undoBin is a sheet as it was before the current step changed it.
type undoBin struct {
	bin int
	old *rrBin
}

// rr holds the ruin-and-recreate search.
type rr struct {
	s       *search
	j       *job
	rng     *rand.Rand
	weight  []float64 // per kind: the cost of leaving one copy unplaced
	minSide int
	// trees: guillotine sheets are kept as cut trees; checked: as MaxRects
	// sheets whose placements are checked for guillotine cuts.
	trees, checked bool
	cur            *rrState
	// history is the late acceptance list of costs; it counts the steps.
	history []float64
	it      int
	// undo lists the bins changed in the current step, as they were.
	undo []undoBin
	// spare holds sheets no longer in use, whose buffers touch reuses.
	spare    []*rrBin
	trialBuf []int32
	candBuf  []cand
	scratch  []rect
	keyBuf   []float64
	idxBuf   []int
	rectBuf  []rect
}

// newRR prepares a search on s's layouts. trees and checked choose how a
// guillotine layout is kept (see guillotineSearch).
func newRR(s *search, rng *rand.Rand, trees, checked bool) *rr {
	j := s.j
	r := &rr{s: s, j: j, rng: rng, trees: trees, checked: checked}
	r.weight = make([]float64, len(j.kinds))
	r.minSide = math.MaxInt
	for i, k := range j.kinds {
		// Big parts weigh more than their area: a pool of small parts is
		// closer to fitting than a pool of one big part of the same area.
		r.weight[i] = math.Pow(float64(k.w)*float64(k.h), 1.2)
		r.minSide = min(r.minSide, k.w, k.h)
	}
	r.history = make([]float64, 64)
	return r
}

// restart takes the best layout found so far, by this search or another,
// and empties its least filled sheet into the pool.
func (r *rr) restart() {
	r.cur = r.fromSolution(r.s.best)
	r.dropEmptiest()
	for i := range r.history {
		r.history[i] = r.cur.cost
	}
}

// step runs one ruin and recreate. When the pool empties, the layout of
// one sheet less is offered to the search.
func (r *rr) step() {
	if r.cur == nil || len(r.cur.bins) >= len(r.s.best.bins) {
		r.restart()
	}

	before := r.cur.cost
	beforePool := slices.Clone(r.cur.pool)
	r.undo = r.undo[:0]
	h := &r.history[r.it%len(r.history)]
	r.it++
	r.ruin()
	if r.recreate(max(before, *h)) {
		if r.cur.cost < *h {
			*h = r.cur.cost
		}
		for _, u := range r.undo {
			r.spare = append(r.spare, u.old)
		}
	} else {
		for _, u := range r.undo {
			r.spare = append(r.spare, r.cur.bins[u.bin])
			r.cur.bins[u.bin] = u.old
		}
		r.cur.pool, r.cur.cost = beforePool, before
	}
	if len(r.cur.pool) == 0 {
		r.s.offer(r.toSolution(), r.s.doneFraction())
	}
}

func (r *rr) fromSolution(sol *solution) *rrState {
	st := &rrState{}
	for i, spots := range sol.bins {
		rb := &rrBin{}
		if r.trees {
			rb.t = gtreeFromCuts(r.j, spots, sol.cuts[i])
		} else {
			rb.spots = slices.Clone(spots)
			rb.b = newBin(r.j.binW, r.j.binH, &r.scratch)
			rb.rebuild(r.minSide)
		}
		st.bins = append(st.bins, rb)
	}
	return st
}

// toSolution orders the sheets fullest first, so the last one is the
// emptiest and leaves the biggest offcut.
func (r *rr) toSolution() *solution {
	bins := slices.Clone(r.cur.bins)
	sort.SliceStable(bins, func(a, b int) bool { return bins[a].area() > bins[b].area() })
	sol := &solution{}
	for _, rb := range bins {
		sol.areas = append(sol.areas, rb.area())
		if rb.t != nil {
			sol.bins = append(sol.bins, rb.t.spots())
			sol.cuts = append(sol.cuts, rb.t.cuts(r.j.kerf))
			continue
		}
		sol.bins = append(sol.bins, slices.Clone(rb.spots))
		if r.checked {
			cuts, ok := guillotineCuts(r.j, rb.spots)
			if !ok {
				return nil // not reached: every step keeps the sheets guillotine
			}
			sol.cuts = append(sol.cuts, cuts)
		}
	}
	return sol
}

// dropEmptiest empties the least filled sheet into the pool and removes it.
func (r *rr) dropEmptiest() {
	st := r.cur
	e := 0
	for i, rb := range st.bins {
		if rb.area() < st.bins[e].area() {
			e = i
		}
	}
	for _, ki := range st.bins[e].kinds() {
		st.pool = append(st.pool, ki)
		st.cost += r.weight[ki]
	}
	st.bins = slices.Delete(st.bins, e, e+1)
}

// touch returns bin bi ready to change, remembering it for undo.
func (r *rr) touch(bi int) *rrBin {
	for _, u := range r.undo {
		if u.bin == bi {
			return r.cur.bins[bi]
		}
	}
	old := r.cur.bins[bi]
	r.undo = append(r.undo, undoBin{bi, old})
	var c *rrBin
	if k := len(r.spare); k > 0 {
		c, r.spare = r.spare[k-1], r.spare[:k-1]
	} else {
		c = &rrBin{}
	}
	old.copyTo(c)
	r.cur.bins[bi] = c
	return c
}

// ruin removes parts from the layout into the pool.
func (r *rr) ruin() {
	// Ruining one sheet at a time mostly puts the same parts back; up to
	// four sheets at once lets parts trade places between sheets (measured
	// on the 2BP benchmark: 7,042 sheets with one, 6,995 with this).
	r.ruinBin()
	for n := 1; n < 4 && r.rng.IntN(10) < 7; n++ {
		r.ruinBin()
	}
}

// ruinBin removes a region, a few random parts or all parts of one sheet.
func (r *rr) ruinBin() {
	st := r.cur
	if len(st.bins) == 0 {
		return
	}
	bi := r.rng.IntN(len(st.bins))
	rb := r.touch(bi)
	if rb.t != nil {
		r.ruinTree(rb.t)
		return
	}
	if len(rb.spots) == 0 {
		return
	}
	keep := rb.spots[:0]
	switch p := r.rng.IntN(10); {
	case p < 6: // a region around a random part
		area := r.region(rb.spots[r.rng.IntN(len(rb.spots))])
		for _, s := range rb.spots {
			if area.overlaps(rect{s.x, s.y, s.w, s.h}) {
				r.pool(s.kind)
			} else {
				keep = append(keep, s)
			}
		}
	case p < 9: // a few random parts
		n := 1 + r.rng.IntN(min(4, len(rb.spots)))
		for _, s := range rb.spots {
			if r.rng.IntN(len(rb.spots)) < n {
				r.pool(s.kind)
			} else {
				keep = append(keep, s)
			}
		}
	default: // the whole sheet
		for _, s := range rb.spots {
			r.pool(s.kind)
		}
	}
	rb.spots = keep
	rb.rebuild(r.minSide)
}

// ruinTree removes parts from a guillotine sheet: a region, a node of the
// cut tree, a few random parts or all parts.
func (r *rr) ruinTree(t *gtree) {
	parts := t.parts()
	if len(parts) == 0 {
		return
	}
	var out []int32
	switch p := r.rng.IntN(10); {
	case p < 4: // a region around a random part
		g := t.n[parts[r.rng.IntN(len(parts))]]
		area := r.region(spot{x: g.x, y: g.y, w: g.w, h: g.h})
		for _, i := range parts {
			if g := t.n[i]; area.overlaps(rect{g.x, g.y, g.w, g.h}) {
				out = append(out, i)
			}
		}
	case p < 6: // a node of the cut tree around a random part
		n := t.n[parts[r.rng.IntN(len(parts))]].parent
		for n > 0 && r.rng.IntN(2) == 0 {
			n = t.n[n].parent
		}
		node := rect{t.n[n].x, t.n[n].y, t.n[n].w, t.n[n].h}
		for _, i := range parts {
			if g := t.n[i]; node.contains(rect{g.x, g.y, g.w, g.h}) {
				out = append(out, i)
			}
		}
	case p < 9: // a few random parts
		k := 1 + r.rng.IntN(min(4, len(parts)))
		for _, i := range parts {
			if r.rng.IntN(len(parts)) < k {
				out = append(out, i)
			}
		}
	default:
		out = parts
	}
	for _, i := range out {
		r.pool(t.n[i].kind)
	}
	t.remove(out...)
}

// pool puts one part of kind ki into the pool.
func (r *rr) pool(ki int32) {
	r.cur.pool = append(r.cur.pool, ki)
	r.cur.cost += r.weight[ki]
}

// region is a random rectangle of 10% to 60% of the sheet's sides around
// the centre of s.
func (r *rr) region(s spot) rect {
	rw := int(float64(r.j.binW) * (0.1 + 0.5*r.rng.Float64()))
	rh := int(float64(r.j.binH) * (0.1 + 0.5*r.rng.Float64()))
	cx, cy := s.x+s.w/2, s.y+s.h/2
	return rect{cx - rw/2, cy - rh/2, rw, rh}
}

// recreate inserts the pool, biggest first with some noise, each part at
// the best position over all sheets. It stops, and reports false, as soon
// as the parts left out cost more than limit: such a step is not accepted,
// so the rest of the work would be thrown away (the rule of the goal-driven
// ruin and recreate). A step that is not stopped ends as it would without
// the limit, since the cost only grows and nothing after the first part
// draws from the random source.
func (r *rr) recreate(limit float64) bool {
	st := r.cur
	j := r.j
	pool := st.pool
	noise := 0.2 * r.rng.Float64()
	keys := slices.Grow(r.keyBuf[:0], len(pool))[:len(pool)]
	r.keyBuf = keys
	byLongSide := r.rng.IntN(4) == 0
	// On checked guillotine sheets a part goes earlier the fewer sheets
	// it may still fit (a cheap form of the goal-driven ruin and
	// recreate's most constrained part first): 2BP rotation guillotine at
	// 5 s, 6,993 -> 6,990 sheets; in free layouts it costs sheets.
	byFit := r.checked
	for i, ki := range pool {
		k := j.kinds[ki]
		v := float64(k.w) * float64(k.h)
		if byLongSide {
			v = float64(max(k.w, k.h))
		}
		keys[i] = v * (1 + noise*r.rng.Float64())
		if byFit {
			n := 0
			for _, rb := range st.bins {
				if rb.mayFit(k.w, k.h, k.rotate) {
					n++
				}
			}
			keys[i] /= float64(n + 1)
		}
	}
	idx := slices.Grow(r.idxBuf[:0], len(pool))[:len(pool)]
	r.idxBuf = idx
	for i := range idx {
		idx[i] = i
	}
	sort.Slice(idx, func(a, b int) bool { return keys[idx[a]] > keys[idx[b]] })
	rules := [...]rule{ruleBSSF, ruleBAF, ruleBLSF, ruleBL, ruleCP}
	nr := len(rules)
	if r.trees {
		nr = 3 // contact point and bottom-left need neighbours
	}
	ru := rules[r.rng.IntN(nr)]
	split := splitRule(r.rng.IntN(int(numSplits)))
	corners := ru == ruleCP && r.rng.IntN(2) == 0
	left := r.trialBuf[:0]
	cost := 0.0
	for _, i := range idx {
		ki := pool[i]
		k := &j.kinds[ki]
		best, bestBin, bestAt := placement{}, -1, gspot{}
		for bi, rb := range st.bins {
			if !rb.mayFit(k.w, k.h, k.rotate) {
				continue
			}
			if rb.t == nil && !corners {
				// The sheet's cached answer is compared where it is
				// stored and copied only when it is the best so far.
				b := rb.b
				b.find(k.w, k.h, k.rotate, ru, orientFree)
				if p := &b.cacheHit; p.better(best) {
					best, bestBin, bestAt = *p, bi, gspot{}
				}
				continue
			}
			var p placement
			var at gspot
			if rb.t != nil {
				p, at = rb.t.find(k.w, k.h, k.rotate, ru, split)
			} else {
				p = rb.b.findCorners(k.w, k.h, k.rotate)
			}
			if p.better(best) {
				best, bestBin, bestAt = p, bi, at
			}
		}
		if bestBin >= 0 && r.checked && !r.keepsGuillotine(bestBin, best) {
			// The best position would leave the sheet without guillotine
			// cuts: the best one that does not.
			best, bestBin = r.guillotinePlacement(k, ru, corners, cand{best, bestBin})
		}
		if bestBin < 0 {
			left = append(left, ki)
			cost += r.weight[ki]
			if cost > limit {
				r.trialBuf = pool[:0]
				return false
			}
			continue
		}
		rb := r.touch(bestBin)
		turned := best.w != k.w || best.h != k.h
		if rb.t != nil {
			rb.t.place(bestAt, ki, turned)
			continue
		}
		rb.b.place(best, r.minSide, true)
		rb.spots = append(rb.spots, spot{kind: ki, x: best.x, y: best.y, w: best.w, h: best.h, turned: turned})
	}
	r.trialBuf = pool[:0]
	st.pool = left
	st.cost = cost
	return true
}

// guillotinePlacement returns the best position under ru, over all sheets,
// that keeps the sheet cuttable with guillotine cuts. refused is the
// position already found to break them.
func (r *rr) guillotinePlacement(k *kind, ru rule, corners bool, refused cand) (placement, int) {
	cs := r.candBuf[:0]
	for bi, rb := range r.cur.bins {
		b := rb.b
		if !b.mayFit(k.w, k.h, k.rotate) {
			continue
		}
		add := func(f rect, w, h int) {
			if !corners {
				cs = append(cs, cand{b.score(f, w, h, ru), bi})
				return
			}
			for _, p := range b.corners(f, w, h) {
				cs = append(cs, cand{p, bi})
			}
		}
		for _, f := range b.free {
			if k.w <= f.w && k.h <= f.h {
				add(f, k.w, k.h)
			}
			if k.rotate && k.h <= f.w && k.w <= f.h {
				add(f, k.h, k.w)
			}
		}
	}
	r.candBuf = cs
	for len(cs) > 0 {
		bi := 0
		for i := range cs {
			if cs[i].p.better(cs[bi].p) {
				bi = i
			}
		}
		if c := cs[bi]; c != refused && r.keepsGuillotine(c.bin, c.p) {
			return c.p, c.bin
		}
		cs[bi] = cs[len(cs)-1]
		cs = cs[:len(cs)-1]
	}
	return placement{}, -1
}

// keepsGuillotine reports whether sheet bi with a part at p can still be
// cut with guillotine cuts.
func (r *rr) keepsGuillotine(bi int, p placement) bool {
	buf := r.rectBuf[:0]
	for _, s := range r.cur.bins[bi].spots {
		buf = append(buf, rect{s.x, s.y, s.w, s.h})
	}
	added := rect{p.x, p.y, p.w, p.h}
	buf = append(buf, added)
	r.rectBuf = buf
	// The sheet is cuttable without the new part: every step keeps it so.
	return splitPiece(buf, rect{0, 0, r.j.binW, r.j.binH}, r.j.kerf, nil, &added)
}

// cand is a candidate position in a sheet.
type cand struct {
	p   placement
	bin int
}
