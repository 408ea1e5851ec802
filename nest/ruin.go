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
// take any parts out. Guillotine layouts keep each sheet's cut tree, so a
// ruin empties whole sheets and a recreate fills the free pieces of the
// tree, and every layout stays guillotine.

// rrBin is one sheet of the ruin-and-recreate state: a MaxRects sheet b in
// free mode, a guillotine sheet g in guillotine mode.
type rrBin struct {
	b     *bin
	g     *gbin
	spots []spot
}

func (rb *rrBin) clone() *rrBin {
	c := &rrBin{spots: slices.Clone(rb.spots)}
	if rb.g != nil {
		g := *rb.g
		g.free = slices.Clone(rb.g.free)
		g.cuts = slices.Clone(rb.g.cuts)
		c.g = &g
		return c
	}
	b := *rb.b
	b.free = slices.Clone(rb.b.free)
	b.used = slices.Clone(rb.b.used)
	b.scratch = nil
	c.b = &b
	return c
}

func (rb *rrBin) area() int {
	if rb.g != nil {
		return rb.g.area
	}
	return rb.b.area
}

func (rb *rrBin) mayFit(w, h int, rotate bool) bool {
	if rb.g != nil {
		return rb.g.mayFit(w, h, rotate)
	}
	return rb.b.mayFit(w, h, rotate)
}

// rebuild recomputes the free space after parts were removed. From a
// guillotine sheet only the parts placed last can be removed (rb.spots
// keeps placement order): their cuts are undone and the rest replayed.
func (rb *rrBin) rebuild(j *job, minSide int) {
	if j.guillotine {
		cuts := 0
		for _, s := range rb.spots {
			cuts += int(s.cuts)
		}
		rb.g = replayGbin(j, rb.spots, rb.g.cuts[:cuts], minSide)
		return
	}
	rb.b = newBin(j.binW, j.binH)
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

// rr holds the ruin-and-recreate search.
type rr struct {
	s       *search
	j       *job
	rng     *rand.Rand
	weight  []float64 // per kind: the cost of leaving one copy unplaced
	minSide int
	cur     *rrState
	// undo lists the bins changed in the current step, as they were.
	undo     map[int]*rrBin
	trialBuf []int32
}

func (r *rr) run(budget *int) {
	j := r.j
	r.weight = make([]float64, len(j.kinds))
	r.minSide = math.MaxInt
	for i, k := range j.kinds {
		// Big parts weigh more than their area: a pool of small parts is
		// closer to fitting than a pool of one big part of the same area.
		r.weight[i] = math.Pow(float64(k.w)*float64(k.h), 1.2)
		r.minSide = min(r.minSide, k.w, k.h)
	}
	r.cur = r.fromSolution(r.s.best)
	r.dropEmptiest()
	history := make([]float64, 64)
	for i := range history {
		history[i] = r.cur.cost
	}
	for it := 0; ; it++ {
		if *budget == 0 || r.s.stopped() {
			return
		}
		if *budget > 0 {
			*budget--
		}
		if len(r.cur.bins) < r.s.lb {
			return
		}
		before := r.cur.cost
		beforePool := slices.Clone(r.cur.pool)
		r.undo = map[int]*rrBin{}
		r.ruin()
		r.recreate()
		h := &history[it%len(history)]
		if r.cur.cost <= before || r.cur.cost <= *h {
			if r.cur.cost < *h {
				*h = r.cur.cost
			}
		} else {
			for bi, old := range r.undo {
				r.cur.bins[bi] = old
			}
			r.cur.pool, r.cur.cost = beforePool, before
		}
		if len(r.cur.pool) == 0 {
			r.s.offer(r.toSolution(), r.s.doneFraction(it))
			if r.s.optimal() {
				return
			}
			r.dropEmptiest()
			for i := range history {
				history[i] = r.cur.cost
			}
		}
		if it&127 == 0 {
			r.s.report(r.s.doneFraction(it), nil)
		}
	}
}

func (r *rr) fromSolution(sol *solution) *rrState {
	st := &rrState{}
	for i, spots := range sol.bins {
		rb := &rrBin{spots: slices.Clone(spots)}
		if r.j.guillotine {
			rb.g = replayGbin(r.j, spots, sol.cuts[i], r.minSide)
		} else {
			rb.rebuild(r.j, r.minSide)
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
		sol.bins = append(sol.bins, slices.Clone(rb.spots))
		sol.areas = append(sol.areas, rb.area())
		if rb.g != nil {
			sol.cuts = append(sol.cuts, slices.Clone(rb.g.cuts))
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
	for _, s := range st.bins[e].spots {
		st.pool = append(st.pool, s.kind)
		st.cost += r.weight[s.kind]
	}
	st.bins = slices.Delete(st.bins, e, e+1)
}

// touch returns bin bi ready to change, remembering it for undo.
func (r *rr) touch(bi int) *rrBin {
	if _, ok := r.undo[bi]; !ok {
		r.undo[bi] = r.cur.bins[bi]
		r.cur.bins[bi] = r.cur.bins[bi].clone()
	}
	return r.cur.bins[bi]
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
	if len(rb.spots) == 0 {
		return
	}
	keep := rb.spots[:0]
	remove := func(s spot) {
		st.pool = append(st.pool, s.kind)
		st.cost += r.weight[s.kind]
	}
	switch p := r.rng.IntN(10); {
	case r.j.guillotine && p < 4: // the parts placed last, or all
		n := len(rb.spots) - 1 - r.rng.IntN(len(rb.spots))
		if p < 2 {
			n = 0
		}
		keep = rb.spots[:n]
		for _, s := range rb.spots[n:] {
			remove(s)
		}
	case r.j.guillotine: // the free rectangle a random part went into
		_, split := replayCuts(r.j, rb.g.cuts)
		si := r.rng.IntN(len(rb.spots))
		first := 0 // the index of the part's first cut, which split that rectangle
		for _, s := range rb.spots[:si] {
			first += int(s.cuts)
		}
		if rb.spots[si].cuts == 0 {
			return
		}
		kept, cuts, removed := pruneSubtree(rb.spots, rb.g.cuts, split, split[first])
		for _, s := range removed {
			remove(s)
		}
		rb.spots = kept
		rb.g = replayGbin(r.j, kept, cuts, r.minSide)
		return
	case p < 6: // a region around a random part
		c := rb.spots[r.rng.IntN(len(rb.spots))]
		rw := int(float64(r.j.binW) * (0.1 + 0.5*r.rng.Float64()))
		rh := int(float64(r.j.binH) * (0.1 + 0.5*r.rng.Float64()))
		cx, cy := c.x+c.w/2, c.y+c.h/2
		area := rect{cx - rw/2, cy - rh/2, rw, rh}
		for _, s := range rb.spots {
			if s.x < area.x+area.w && area.x < s.x+s.w && s.y < area.y+area.h && area.y < s.y+s.h {
				remove(s)
			} else {
				keep = append(keep, s)
			}
		}
	case p < 9: // a few random parts
		n := 1 + r.rng.IntN(min(4, len(rb.spots)))
		for _, s := range rb.spots {
			if r.rng.IntN(len(rb.spots)) < n {
				remove(s)
			} else {
				keep = append(keep, s)
			}
		}
	default: // the whole sheet
		for _, s := range rb.spots {
			remove(s)
		}
	}
	rb.spots = keep
	rb.rebuild(r.j, r.minSide)
}

// recreate inserts the pool, biggest first with some noise, each part at
// the best position over all sheets.
func (r *rr) recreate() {
	st := r.cur
	j := r.j
	pool := st.pool
	noise := 0.2 * r.rng.Float64()
	keys := make([]float64, len(pool))
	byLongSide := r.rng.IntN(4) == 0
	for i, ki := range pool {
		k := j.kinds[ki]
		v := float64(k.w) * float64(k.h)
		if byLongSide {
			v = float64(max(k.w, k.h))
		}
		keys[i] = v * (1 + noise*r.rng.Float64())
	}
	idx := make([]int, len(pool))
	for i := range idx {
		idx[i] = i
	}
	sort.Slice(idx, func(a, b int) bool { return keys[idx[a]] > keys[idx[b]] })
	rules := [...]rule{ruleBSSF, ruleBAF, ruleBLSF, ruleBL, ruleCP}
	nr := len(rules)
	if j.guillotine {
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
		best, bestBin, bestFree := placement{}, -1, -1
		for bi, rb := range st.bins {
			if !rb.mayFit(k.w, k.h, k.rotate) {
				continue
			}
			var p placement
			fi := -1
			switch {
			case rb.g != nil:
				p, fi = rb.g.find(k.w, k.h, k.rotate, ru, orientFree)
			case corners:
				p = rb.b.findCorners(k.w, k.h, k.rotate)
			default:
				p = rb.b.find(k.w, k.h, k.rotate, ru, orientFree)
			}
			if p.better(best) {
				best, bestBin, bestFree = p, bi, fi
			}
		}
		if bestBin < 0 {
			left = append(left, ki)
			cost += r.weight[ki]
			continue
		}
		rb := r.touch(bestBin)
		var cuts int8
		if rb.g != nil {
			cuts = rb.g.place(best, bestFree, split, r.minSide)
		} else {
			rb.b.place(best, r.minSide, true)
		}
		rb.spots = append(rb.spots, spot{kind: ki, x: best.x, y: best.y, w: best.w, h: best.h, turned: best.w != k.w || best.h != k.h, cuts: cuts})
	}
	r.trialBuf = pool[:0]
	st.pool = left
	st.cost = cost
}
