package nest

import (
	"cmp"
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
// as cut trees (gtree.go) whose waste pieces take the parts. Either way
// the search sees its sheets through the sheet interface; only the ruin
// and the copy of a sheet look at what kind it is.

// rrState is a layout on a fixed number of sheets with a pool of parts not
// placed yet.
type rrState struct {
	sheets []sheet // all *bin or all *gtree
	pool   []int32 // kinds
	cost   float64 // weighted area of the pool
}

// undoSheet is a sheet as it was before the current step changed it.
type undoSheet struct {
	i   int
	old sheet
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
	// undo lists the sheets changed in the current step, as they were.
	undo []undoSheet
	// spare holds sheets no longer in use, whose buffers touch reuses.
	spare    []sheet
	trialBuf []int32
	candBuf  []cand
	placeBuf []placement // sheetPlacement's candidates
	scratch  []rect
	orderBuf []keyed
	rectBuf  []rect
	// pieceTrees are the checked sheets' pieces under a saw profile, by
	// sheet (keepsGuillotine).
	pieceTrees []pieceTree
	fitBuf     []binRoom
}

// binRoom is what bin.mayFit reads of a sheet: its free area and the
// sides of its biggest free rectangles.
type binRoom struct{ free, maxW, maxH int }

// mayFit is bin.mayFit on the sheet's room.
func (f binRoom) mayFit(w, h int, rotate bool) bool {
	if w*h > f.free {
		return false
	}
	return (f.maxW-w)|(f.maxH-h) >= 0 || rotate && (f.maxW-h)|(f.maxH-w) >= 0
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
	if r.cur == nil || len(r.cur.sheets) >= len(r.s.best.bins) {
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
			r.spare = append(r.spare, r.cur.sheets[u.i])
			r.cur.sheets[u.i] = u.old
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
		if r.trees {
			st.sheets = append(st.sheets, gtreeFromCuts(r.j, spots, sol.cuts[i]))
			continue
		}
		b := newBin(r.j.binW, r.j.binH, &r.scratch, true)
		b.rebuild(spots, r.minSide)
		st.sheets = append(st.sheets, b)
	}
	return st
}

// toSolution orders the sheets fullest first, so the last one is the
// emptiest and leaves the biggest offcut.
func (r *rr) toSolution() *solution {
	sheets := slices.Clone(r.cur.sheets)
	sort.SliceStable(sheets, func(a, b int) bool { return sheets[a].usedArea() > sheets[b].usedArea() })
	sol := &solution{}
	for _, sh := range sheets {
		parts := slices.Clone(sh.parts())
		sol.areas = append(sol.areas, sh.usedArea())
		sol.bins = append(sol.bins, parts)
		switch {
		case r.trees:
			sol.cuts = append(sol.cuts, sh.(*gtree).cuts(r.j.kerf))
		case r.checked:
			cuts, ok := guillotineCuts(r.j, parts)
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
	for i, sh := range st.sheets {
		if sh.usedArea() < st.sheets[e].usedArea() {
			e = i
		}
	}
	for _, s := range st.sheets[e].parts() {
		st.pool = append(st.pool, s.kind)
		st.cost += r.weight[s.kind]
	}
	st.sheets = slices.Delete(st.sheets, e, e+1)
}

// touch returns sheet i ready to change, remembering it for undo.
func (r *rr) touch(i int) sheet {
	for _, u := range r.undo {
		if u.i == i {
			return r.cur.sheets[i]
		}
	}
	old := r.cur.sheets[i]
	r.undo = append(r.undo, undoSheet{i, old})
	var spare sheet
	if k := len(r.spare); k > 0 {
		spare, r.spare = r.spare[k-1], r.spare[:k-1]
	}
	c := copySheet(spare, old)
	r.cur.sheets[i] = c
	return c
}

// copySheet returns a copy of s that shares no memory with it, made in
// dst's buffers when dst is a sheet of the same kind.
func copySheet(dst, s sheet) sheet {
	switch s := s.(type) {
	case *bin:
		c, _ := dst.(*bin)
		if c == nil {
			c = &bin{}
		}
		s.copyTo(c)
		return c
	case *gtree:
		c, _ := dst.(*gtree)
		if c == nil {
			c = &gtree{}
		}
		s.copyTo(c)
		return c
	}
	panic("nest: the improvement phase keeps no such sheet")
}

// ruin removes parts from the layout into the pool.
func (r *rr) ruin() {
	// Ruining one sheet at a time mostly puts the same parts back; up to
	// four sheets at once lets parts trade places between sheets (measured
	// on the 2BP benchmark: 7,042 sheets with one, 6,995 with this).
	r.ruinSheet()
	for n := 1; n < 4 && r.rng.IntN(10) < 7; n++ {
		r.ruinSheet()
	}
}

// ruinSheet removes parts from one random sheet, as its kind allows.
func (r *rr) ruinSheet() {
	if len(r.cur.sheets) == 0 {
		return
	}
	switch s := r.touch(r.rng.IntN(len(r.cur.sheets))).(type) {
	case *bin:
		r.ruinBin(s)
	case *gtree:
		r.ruinTree(s)
	}
}

// ruinBin removes a region, a few random parts or all parts of a MaxRects
// sheet.
func (r *rr) ruinBin(b *bin) {
	if len(b.placed) == 0 {
		return
	}
	b.rebuild(ruinParts(b.placed, r.rng.IntN, r.region, r.pool), r.minSide)
}

// ruinParts removes parts of a MaxRects sheet's placed, which is not
// empty: those that overlap a
// region around a random part (six times in ten), a few random parts (three
// in ten) or all of them. It hands each removed part's kind to pool and
// returns the parts kept, in placed's memory. intn draws the random numbers
// and region makes the region around a part, so that the searches over one
// sheet size and over several share the moves and keep their own random
// streams.
func ruinParts(placed []spot, intn func(int) int, region func(spot) rect, pool func(int32)) []spot {
	keep := placed[:0]
	switch p := intn(10); {
	case p < 6: // a region around a random part
		area := region(placed[intn(len(placed))])
		for _, s := range placed {
			if area.overlaps(rect{s.x, s.y, s.w, s.h}) {
				pool(s.kind)
			} else {
				keep = append(keep, s)
			}
		}
	case p < 9: // a few random parts
		n := 1 + intn(min(4, len(placed)))
		for _, s := range placed {
			if intn(len(placed)) < n {
				pool(s.kind)
			} else {
				keep = append(keep, s)
			}
		}
	default: // the whole sheet
		for _, s := range placed {
			pool(s.kind)
		}
	}
	return keep
}

// ruinTree removes parts from a guillotine sheet: a region, a node of the
// cut tree, a few random parts or all parts.
func (r *rr) ruinTree(t *gtree) {
	parts := t.leaves()
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
	pool := r.cur.pool
	order := r.insertionOrder()
	q := r.stepHeuristic()
	left := r.trialBuf[:0]
	cost := 0.0
	for _, o := range order {
		ki := pool[o.i]
		if r.insert(ki, q) {
			continue
		}
		left = append(left, ki)
		cost += r.weight[ki]
		if cost > limit {
			r.trialBuf = pool[:0]
			return false
		}
	}
	r.trialBuf = pool[:0]
	r.cur.pool, r.cur.cost = left, cost
	return true
}

// keyed is an index into the pool with its insertion key.
type keyed struct {
	key float64
	i   int
}

// insertionOrder returns the pool's parts in the order recreate inserts
// them (as indices into the pool): biggest first by area, or by longer side
// in one step of four, each key scaled by up to 20% of noise. The keys are
// sorted with their indices: sorting indices by keys held elsewhere
// (sort.Slice) took 8 % of the 2BP set's time at 1 s.
func (r *rr) insertionOrder() []keyed {
	pool := r.cur.pool
	noise := 0.2 * r.rng.Float64()
	order := r.orderBuf[:0]
	byLongSide := r.rng.IntN(4) == 0
	// On checked guillotine sheets a part goes earlier the fewer sheets
	// it may still fit (a cheap form of the goal-driven ruin and
	// recreate's most constrained part first): 2BP rotation guillotine at
	// 5 s, 6,993 -> 6,990 sheets; in free layouts it costs sheets.
	byFit := r.checked
	if byFit {
		// What mayFit reads of each sheet, gathered once: the sheets'
		// structs are big and read once per part otherwise.
		r.fitBuf = r.fitBuf[:0]
		for _, sh := range r.cur.sheets {
			b := sh.(*bin) // checked sheets are MaxRects bins
			r.fitBuf = append(r.fitBuf, binRoom{b.w*b.h - b.area, b.maxFreeW, b.maxFreeH})
		}
	}
	for i, ki := range pool {
		k := &r.j.kinds[ki]
		v := float64(k.w) * float64(k.h)
		if byLongSide {
			v = float64(max(k.w, k.h))
		}
		key := v * (1 + noise*r.rng.Float64())
		if byFit {
			n := 0
			for _, f := range r.fitBuf {
				if f.mayFit(k.w, k.h, k.rotate) {
					n++
				}
			}
			key /= float64(n + 1)
		}
		order = append(order, keyed{key, i})
	}
	r.orderBuf = order
	slices.SortFunc(order, func(a, b keyed) int { return cmp.Compare(b.key, a.key) })
	return order
}

// stepHeuristic draws the placement rule of a step (and the split rule of
// cut trees); contact point tries every corner of the free rectangles in
// half of its steps.
func (r *rr) stepHeuristic() heuristic {
	rules := [...]rule{ruleBSSF, ruleBAF, ruleBLSF, ruleBL, ruleCP}
	nr := len(rules)
	if r.trees {
		nr = 3 // contact point and bottom-left need neighbours
	}
	q := heuristic{rule: rules[r.rng.IntN(nr)], choice: choiceGlobal, orient: orientFree}
	q.split = splitRule(r.rng.IntN(int(numSplits)))
	q.corners = q.rule == ruleCP && r.rng.IntN(2) == 0
	return q
}

// insert puts a part of kind ki at its best position under q over all
// sheets, and reports whether one took it. On checked sheets the position
// must leave its sheet cuttable with guillotine cuts.
func (r *rr) insert(ki int32, q heuristic) bool {
	k := &r.j.kinds[ki]
	i, p := bestSheet(r.cur.sheets, k, q)
	if i >= 0 && r.checked && !r.keepsGuillotine(i, p) {
		// The best position would leave the sheet without guillotine
		// cuts: the best one that does not.
		p, i = r.guillotinePlacement(k, q, cand{p, i})
	}
	if i < 0 {
		return false
	}
	r.touch(i).place(p, ki, r.minSide)
	return true
}

// guillotinePlacement returns the best position under q, over all sheets,
// that keeps the sheet cuttable with guillotine cuts. refused is the
// position already found to break them.
func (r *rr) guillotinePlacement(k *kind, q heuristic, refused cand) (placement, int) {
	cs := r.candBuf[:0]
	for bi, sh := range r.cur.sheets {
		b := sh.(*bin)
		if !b.mayFit(k.w, k.h, k.rotate) {
			continue
		}
		add := func(f rect, w, h int) {
			if !q.corners {
				cs = append(cs, cand{b.score(f, w, h, q.rule), bi})
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
	tries := len(cs)
	if r.j.profile.set() {
		// Under a saw profile most positions break the stages, and each
		// is a check of the whole sheet: the best few only.
		tries = min(tries, profileTries)
	}
	for ; len(cs) > 0 && tries > 0; tries-- {
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
	added := rect{p.x, p.y, p.w, p.h}
	b, checked := r.cur.sheets[bi].(*bin)
	if r.j.profile.set() && checked {
		// Under a saw profile a part added can change the stages of
		// pieces it is not in: the piece that holds it, else the whole
		// sheet again.
		if len(r.pieceTrees) <= bi {
			r.pieceTrees = append(r.pieceTrees, make([]pieceTree, bi+1-len(r.pieceTrees))...)
		}
		return r.pieceTrees[bi].keeps(b, r.j.profile, r.j.kerf, added)
	}
	buf := r.rectBuf[:0]
	for _, s := range r.cur.sheets[bi].parts() {
		buf = append(buf, rect{s.x, s.y, s.w, s.h})
	}
	buf = append(buf, added)
	r.rectBuf = buf
	if r.j.profile.set() {
		return r.j.profile.cuts(buf, r.j.binW, r.j.binH, r.j.kerf, nil)
	}
	// The sheet is cuttable without the new part: every step keeps it so.
	return splitPiece(buf, rect{0, 0, r.j.binW, r.j.binH}, r.j.kerf, nil, &added)
}

// cand is a candidate position in a sheet.
type cand struct {
	p   placement
	bin int
}
