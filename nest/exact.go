package nest

import (
	"cmp"
	"math"
	"math/bits"
	"math/rand/v2"
	"slices"
	"time"
)

// The exact-fit search: a search for a layout on as many sheets as the
// lower bound says, run when the parts (nearly) fill them, where the
// constructive heuristics and ruin and recreate most often miss the one
// layout that fits. Parts designed to tile the sheet (a cabinet's panels cut
// from one board) are the case the user notices: any layout that misses the
// fit wastes a whole sheet. Two searches run one after the other
// (exactFit): the merge search (exact_merge.go) for parts with no waste,
// and the skyline search below.
//
// The skyline search fills a skyline (Lesh et al. 2004, "Exhaustive approaches to
// 2D rectangular perfect packings"; Korf 2003 for the waste accounting).
// Everything below the skyline is taken, by parts or by waste. The search
// takes the narrowest segment that is lower than both its neighbours: the
// point at its left end can only be covered by a part whose lower left
// corner lies on it, so branching over the parts that fit there (each
// shape once, in each allowed orientation) and over "waste" (the segment
// raised to its lower neighbour) misses no layout without waste. The
// waste a layout may have is the sheets' area less the parts': a branch
// that needs more is cut off, and so is a segment whose width no sum of
// the remaining parts' widths (each part one way or the other) fills with
// that waste (a subset sum, as a bit set). In guillotine mode a filled
// sheet must be cuttable by guillotineCuts, or the search backtracks.
//
// The search restarts with a growing node budget (the Luby sequence) and
// a part order perturbed by the seed, so that one bad early choice does
// not hold it for the whole time, and skips states (the sheet, its skyline
// and the parts placed) searched in full before; it is deterministic for a
// seed and node budget.

// exactMaxParts is the most parts with which the exact-fit search runs:
// the skyline search saves the skyline at every depth, up to a segment per
// part, so its memory grows with the square of the parts (12 MB at 1,000).
const exactMaxParts = 1000

// exactRunNodes is the node budget of the skyline search's first run.
const exactRunNodes = 4096

// exactSlack is the most waste, as a share of the lower bound's sheets,
// with which the exact-fit search runs: beyond it the waste branches
// explode and the search rarely finds anything the heuristics miss.
const exactSlack = 0.02

// exactShape is a part size of the job, in scaled units, with the kinds of
// that size and the copies still to place.
type exactShape struct {
	w, h   int
	rotate bool
	kinds  []int32
	left   int
}

// exactOrient is one orientation of a shape: w wide and h high.
type exactOrient struct {
	shape int32
	w, h  int
}

// exactSeg is a skyline segment: [x, x+w) at height y.
type exactSeg struct{ x, w, y int }

// exactSpot is a placed part in scaled units.
type exactSpot struct {
	shape      int32
	sheet      int
	x, y, w, h int
}

// exact is the state of one exact-fit search.
type exact struct {
	j          *job
	scale      int // the units per scaled unit: the gcd of every length
	w, h       int // the sheet, scaled
	sheets     int // the sheets to fill
	shapes     []exactShape
	orients    []exactOrient // in the order the search tries them
	widthsOnly bool          // the subset-sum check runs (the sheet is narrow enough)
	left       int           // parts still to place
	waste      int           // waste still allowed, scaled area
	sheet      int           // the sheet being filled
	sky        []exactSeg
	stack      [][]exactSeg // the skyline saved per depth
	placed     []exactSpot
	reach      []uint64 // subset-sum scratch
	nodes      int      // nodes of the current run
	limit      int      // node limit of the current run
	total      int      // nodes of every run
	// failed holds the states searched in full without a layout: the
	// sheet, its skyline and the parts left, hashed. Parts placed in
	// another order often leave the same skyline.
	failed  map[uint64]bool
	state   uint64 // the parts placed, as a sum of a hash per shape
	stop    func() bool
	aborted bool
	// targetOf is each sheet's target after a search over several sizes
	// (tileExactly).
	targetOf  []int
	noMerge   bool // the merge search ended in full: no merges tile the sheet
	exhausted bool // the skyline search ended in full without a layout (see noFit)
}

// newExact prepares the search for lb sheets, or returns nil when the
// parts' area leaves more waste than exactSlack.
func newExact(j *job, lb int) *exact {
	if lb < 1 || len(j.items) == 0 || len(j.items) > exactMaxParts {
		return nil
	}
	area := 0
	g := gcd(j.binW, j.binH)
	for _, k := range j.kinds {
		area += k.w * k.h * k.count
		g = gcd(g, gcd(k.w, k.h))
	}
	capacity := lb * j.binW * j.binH
	if area > capacity || float64(capacity-area) > exactSlack*float64(capacity) {
		return nil
	}
	e := &exact{j: j, scale: g, w: j.binW / g, h: j.binH / g, sheets: lb, left: len(j.items)}
	e.waste = (capacity - area) / (g * g)
	e.widthsOnly = e.w < 1<<12
	e.prepare()
	return e
}

// prepare sorts the job's kinds into the search's shapes (addShapes) and
// makes its memo of failed states and its scratch: what a search made by
// newExact and one made by fresh both start with.
func (e *exact) prepare() {
	e.addShapes()
	e.failed = map[uint64]bool{}
	e.reach = make([]uint64, e.w/64+1)
}

// addShapes sorts the job's kinds into the search's shapes (kinds of one
// size and rotation) and their orientations that fit the sheet.
func (e *exact) addShapes() {
	g := e.scale
	type key struct {
		w, h   int
		rotate bool
	}
	index := map[key]int{}
	for ki, k := range e.j.kinds {
		kk := key{k.w / g, k.h / g, k.rotate}
		if k.rotate && kk.w > kk.h {
			kk.w, kk.h = kk.h, kk.w
		}
		i, ok := index[kk]
		if !ok {
			i = len(e.shapes)
			index[kk] = i
			e.shapes = append(e.shapes, exactShape{w: kk.w, h: kk.h, rotate: kk.rotate})
		}
		e.shapes[i].kinds = append(e.shapes[i].kinds, int32(ki))
		e.shapes[i].left += k.count
	}
	e.orientShapes()
}

// orientShapes lists the shapes' orientations that fit the sheet.
func (e *exact) orientShapes() {
	e.orients = e.orients[:0]
	for si, sh := range e.shapes {
		for _, o := range [2][2]int{{sh.w, sh.h}, {sh.h, sh.w}} {
			if o[0] <= e.w && o[1] <= e.h {
				e.orients = append(e.orients, exactOrient{shape: int32(si), w: o[0], h: o[1]})
			}
			if !sh.rotate || sh.w == sh.h {
				break
			}
		}
	}
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// order sorts the orientations for a run: widest first, the widths
// perturbed by up to a quarter after the first run.
func (e *exact) order(run int, rng *rand.Rand) {
	key := make(map[exactOrient]int, len(e.orients))
	for _, o := range e.orients {
		k := o.w * 1024
		if run > 0 {
			k += rng.IntN(o.w*256 + 1)
		}
		key[o] = k
	}
	slices.SortStableFunc(e.orients, func(a, b exactOrient) int {
		if c := cmp.Compare(key[b], key[a]); c != 0 {
			return c
		}
		return cmp.Compare(b.h, a.h)
	})
}

// search runs restarts until one finds a layout, nodes are spent or stop
// reports true. It returns the layout or nil.
func (e *exact) search(seed uint64, nodes int, stop func() bool) *solution {
	rng := rand.New(rand.NewPCG(seed, 0x5eed))
	e.stop = stop
	for run := 0; ; run++ {
		if e.total >= nodes {
			return nil
		}
		e.limit = min(exactRunNodes*luby(run+1), nodes-e.total)
		e.order(run, rng)
		e.sheet, e.placed, e.nodes, e.aborted = 0, e.placed[:0], 0, false
		e.sky = append(e.sky[:0], exactSeg{0, e.w, 0})
		found := e.dfs(0)
		e.total += e.nodes
		if found {
			return e.solution()
		}
		if !e.aborted {
			e.exhausted = true
			return nil // the whole tree was searched
		}
		if stop != nil && stop() {
			return nil // time is up
		}
	}
}

// luby returns the i-th term (from 1) of the Luby sequence 1 1 2 1 1 2 4 ...
func luby(i int) int {
	for {
		k := bits.Len(uint(i))
		if i == 1<<k-1 {
			return 1 << (k - 1)
		}
		i -= 1<<(k-1) - 1
	}
}

// dfs fills the skyline from depth d on and reports whether it placed every
// part; it leaves the layout in e.placed.
func (e *exact) dfs(d int) bool {
	e.nodes++
	if e.nodes > e.limit || e.nodes&1023 == 0 && e.stop != nil && e.stop() {
		e.aborted = true
		return false
	}
	if e.left == 0 {
		return e.cuttable()
	}
	if len(e.sky) == 1 && e.sky[0].y == e.h {
		// The sheet is full: on to the next.
		if e.sheet+1 >= e.sheets || !e.cuttable() {
			return false
		}
		e.sheet++
		saved := e.save(d)
		e.sky = append(e.sky[:0], exactSeg{0, e.w, 0})
		if e.dfs(d + 1) {
			return true
		}
		e.sheet--
		e.sky = append(e.sky[:0], saved...)
		return false
	}
	key := e.key()
	if e.failed[key] {
		return false
	}
	if e.fill(d) {
		return true
	}
	if !e.aborted && len(e.failed) < mergeMaxFailed {
		e.failed[key] = true
	}
	return false
}

// key hashes the search's state: the sheet, the skyline and the parts
// placed.
func (e *exact) key() uint64 {
	x := e.state ^ uint64(e.sheet)*0x9e3779b97f4a7c15
	for _, s := range e.sky {
		x = mix(x ^ uint64(s.x)<<42 ^ uint64(s.w)<<21 ^ uint64(s.y))
	}
	return x
}

// mix is splitmix64's finaliser.
func mix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}

// fill branches at the skyline's lowest narrow segment: a part at its
// left end, or waste.
func (e *exact) fill(d int) bool {
	i := e.lowest()
	seg := e.sky[i]
	raise := e.h - seg.y // up to the lower neighbour (or the sheet's top)
	if i > 0 {
		raise = e.sky[i-1].y - seg.y
	}
	if i+1 < len(e.sky) {
		raise = min(raise, e.sky[i+1].y-seg.y)
	}
	if need := e.gapWaste(seg.w, raise); need > e.waste {
		return false
	}
	saved := e.save(d)
	// Parts that fill the segment's width exactly first, then the others.
	for pass := 0; pass < 2; pass++ {
		for _, o := range e.orients {
			sh := &e.shapes[o.shape]
			if sh.left == 0 || o.h > e.h-seg.y || (pass == 0) != (o.w == seg.w) || o.w > seg.w {
				continue
			}
			sh.left--
			e.left--
			e.state += mix(uint64(o.shape))
			e.placed = append(e.placed, exactSpot{o.shape, e.sheet, seg.x, seg.y, o.w, o.h})
			e.put(i, o.w, o.h)
			if e.dfs(d + 1) {
				return true
			}
			e.placed = e.placed[:len(e.placed)-1]
			e.left++
			sh.left++
			e.state -= mix(uint64(o.shape))
			e.sky = append(e.sky[:0], saved...)
			if e.aborted {
				return false
			}
		}
	}
	if cost := seg.w * raise; cost <= e.waste {
		e.waste -= cost
		e.raise(i, raise)
		found := e.dfs(d + 1)
		e.waste += cost
		if found {
			return true
		}
		e.sky = append(e.sky[:0], saved...)
	}
	return false
}

// save copies the skyline to depth d's buffer and returns it.
func (e *exact) save(d int) []exactSeg {
	for len(e.stack) <= d {
		e.stack = append(e.stack, nil)
	}
	e.stack[d] = append(e.stack[d][:0], e.sky...)
	return e.stack[d]
}

// lowest returns the narrowest segment lower than its neighbours, the
// lowest and then the leftmost of equals.
func (e *exact) lowest() int {
	best := -1
	for i, s := range e.sky {
		if i > 0 && e.sky[i-1].y < s.y || i+1 < len(e.sky) && e.sky[i+1].y < s.y {
			continue
		}
		if best < 0 || s.w < e.sky[best].w || s.w == e.sky[best].w && s.y < e.sky[best].y {
			best = i
		}
	}
	return best
}

// put places a w x h part at the left end of segment i.
func (e *exact) put(i, w, h int) {
	s := e.sky[i]
	top := exactSeg{s.x, w, s.y + h}
	if w < s.w {
		e.sky = slices.Insert(e.sky, i+1, exactSeg{s.x + w, s.w - w, s.y})
	}
	e.sky[i] = top
	e.merge(i)
}

// raise lifts segment i by dy, as waste.
func (e *exact) raise(i, dy int) {
	e.sky[i].y += dy
	e.merge(i)
}

// merge joins segment i with its neighbours of the same height.
func (e *exact) merge(i int) {
	if i+1 < len(e.sky) && e.sky[i+1].y == e.sky[i].y {
		e.sky[i].w += e.sky[i+1].w
		e.sky = slices.Delete(e.sky, i+1, i+2)
	}
	if i > 0 && e.sky[i-1].y == e.sky[i].y {
		e.sky[i-1].w += e.sky[i].w
		e.sky = slices.Delete(e.sky, i, i+1)
	}
}

// gapWaste returns a lower bound on the waste a segment w wide, raise
// below its lower neighbour, must take: the columns that no sum of the
// remaining parts' widths fills, each raised at least to the lower of the
// neighbour and the shortest remaining side.
func (e *exact) gapWaste(w, raise int) int {
	if !e.widthsOnly {
		return 0
	}
	minSide := raise
	words := w/64 + 1
	r := e.reach[:words]
	clear(r)
	r[0] = 1
	for si := range e.shapes {
		sh := &e.shapes[si]
		if sh.left == 0 {
			continue
		}
		minSide = min(minSide, sh.w, sh.h)
		for c := 0; c < sh.left; c++ {
			if !shiftOr(r, sh.w, sh.h, sh.rotate && sh.w != sh.h, w) {
				break // nothing new: more copies add nothing
			}
			if r[w/64]>>(w%64)&1 == 1 {
				return 0
			}
		}
	}
	best := w
	for ; best > 0 && r[best/64]>>(best%64)&1 == 0; best-- {
	}
	return (w - best) * max(minSide, 1)
}

// shiftOr sets r |= r<<a (| r<<b when both) over bits 0..w and reports
// whether a bit changed.
func shiftOr(r []uint64, a, b int, both bool, w int) bool {
	changed := false
	words := len(r)
	// The word and bit offsets of a and b, worked out once: shiftOr runs
	// for every block at every node of the merge search (lined).
	qa, ma := a>>6, uint(a&63)
	qb, mb := b>>6, uint(b&63)
	// From the top word down, so that each word reads the old values.
	for i := words - 1; i >= 0; i-- {
		v := r[i] | shiftedBy(r, i, qa, ma)
		if both {
			v |= shiftedBy(r, i, qb, mb)
		}
		if i == words-1 && (w+1)%64 != 0 {
			v &= 1<<((w+1)%64) - 1
		}
		if v != r[i] {
			changed = true
			r[i] = v
		}
	}
	return changed
}

// shifted returns word i of r shifted left by s bits.
func shifted(r []uint64, i, s int) uint64 { return shiftedBy(r, i, s>>6, uint(s&63)) }

// shiftedBy returns word i of r shifted left by q words and m bits (m <
// 64). A shift by 64 bits gives 0 in Go, so m = 0 needs no test.
func shiftedBy(r []uint64, i, q int, m uint) uint64 {
	if i < q {
		return 0
	}
	v := r[i-q] << m
	if i > q {
		v |= r[i-q-1] >> (64 - m)
	}
	return v
}

// cuttable reports whether the sheet being filled can be cut with
// guillotine cuts, when the job asks for them.
func (e *exact) cuttable() bool {
	if !e.j.guillotine {
		return true
	}
	var spots []spot
	for _, p := range e.placed {
		if p.sheet == e.sheet {
			spots = append(spots, spot{x: p.x * e.scale, y: p.y * e.scale, w: p.w * e.scale, h: p.h * e.scale})
		}
	}
	_, ok := guillotineCuts(e.j, spots)
	return ok
}

// solution converts the layout found to a solution: each shape's copies
// go to its kinds in order, the sheets fullest first.
func (e *exact) solution() *solution {
	sol := &solution{bins: e.spots(), areas: make([]int, e.sheets)}
	for i, b := range sol.bins {
		for _, s := range b {
			sol.areas[i] += s.w * s.h
		}
	}
	// A sheet left empty by the waste is dropped.
	for i := len(sol.bins) - 1; i >= 0; i-- {
		if len(sol.bins[i]) == 0 {
			sol.bins = slices.Delete(sol.bins, i, i+1)
			sol.areas = slices.Delete(sol.areas, i, i+1)
		}
	}
	order := make([]int, len(sol.bins))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(sol.areas[b], sol.areas[a]) })
	sorted := &solution{}
	for _, i := range order {
		sorted.bins = append(sorted.bins, sol.bins[i])
		sorted.areas = append(sorted.areas, sol.areas[i])
		if e.j.guillotine {
			cuts, ok := guillotineCuts(e.j, sol.bins[i])
			if !ok {
				return nil // the merge search's blocks, against a saw profile
			}
			sorted.cuts = append(sorted.cuts, cuts)
		}
	}
	return sorted
}

// spots returns the placed parts per sheet in engine units, each copy of a
// shape given to the shape's kinds in turn.
func (e *exact) spots() [][]spot {
	bins := make([][]spot, e.sheets)
	used := make([]int, len(e.j.kinds))
	next := make([]int, len(e.shapes)) // the shape's kind being given copies
	for _, p := range e.placed {
		sh := &e.shapes[p.shape]
		ki := sh.kinds[next[p.shape]]
		for used[ki] == e.j.kinds[ki].count {
			next[p.shape]++
			ki = sh.kinds[next[p.shape]]
		}
		used[ki]++
		bins[p.sheet] = append(bins[p.sheet], spot{kind: ki, x: p.x * e.scale, y: p.y * e.scale, w: p.w * e.scale, h: p.h * e.scale})
	}
	return bins
}

// exactNodes is the exact-fit search's node budget in the constructive
// phase (no time limit, no iteration budget): a few tens of milliseconds.
const exactNodes = 20000

// exactNodesPerIteration is the nodes the search gets per step of an
// iteration budget, on top of exactNodes.
const exactNodesPerIteration = 20

// noFit reports whether the skyline search proved that the bound's sheets
// cannot take the parts: without waste it is complete (at the lowest
// segment's left end a part, or none), and it ended in full without a
// layout.
func (e *exact) noFit() bool { return e.exhausted && e.waste == 0 }

// exactFit runs the exact-fit search when the parts nearly fill the lower
// bound's sheets, and offers its layout (or, when it proves that they
// cannot take the parts, raises the bound by one sheet): for parts that
// fill them exactly, a short skyline search first, then for one sheet the
// merge search and then the merge repair (exact_lns.go) with three quarters
// of the nodes (on 20 instances of the perfect-packing family's pinwheel
// half the merge search found 3 layouts in 30,000 nodes, the skyline search
// none in 100,000), or, for parts that tile several sheets, the searches
// sheet by sheet (sheetBySheet), then the skyline search, which also takes
// layouts with waste, with the rest. With a time limit, parts that fill the sheets
// exactly give them 80 % and 10 % of it; with waste, when the merge search
// does not run, the skyline search takes 10 %. Progress is reported as in
// the improvement phase.
func (s *search) exactFit() {
	e := newExact(s.j, s.lb)
	if e == nil {
		return
	}
	o := s.req.Options
	nodes := exactNodes
	if o.Iterations > 0 {
		nodes += min(o.Iterations, MaxIterations) * exactNodesPerIteration
	}
	var mergeEnd, end time.Time // zero: no time limit
	if o.TimeLimitMs > 0 {
		if o.Iterations <= 0 {
			nodes = math.MaxInt / 4 // bounded by the time
		}
		limit := time.Duration(o.TimeLimitMs) * time.Millisecond
		// With waste only the skyline search runs, and it rarely finds
		// what ruin and recreate misses: half of the time made
		// cl07_n100_06 (99 % full) take 27 sheets instead of 26 at 1 s.
		end = s.start.Add(limit / 10)
		if e.waste == 0 {
			// Parts that tile the sheets: ruin and recreate finds the
			// tiling far less often than the merge search (3 against 24
			// of 100 on kesim bench --perfect at 5 s).
			mergeEnd, end = s.start.Add(limit*8/10), s.start.Add(limit*9/10)
		}
	}
	stopAt := func(t time.Time) func() bool {
		return func() bool {
			if s.onProgress != nil && time.Since(s.lastCall) >= progressEvery {
				s.report(s.doneFraction(), nil)
			}
			return expired(s.ctx, t)
		}
	}
	mergeNodes := nodes / 4 * 3
	var sol *solution
	if e.waste == 0 {
		// On small jobs the skyline search ends in a few thousand nodes:
		// a short one first either lays them out or proves that no
		// layout fills the bound's sheets (noFit). A job of
		// 9 parts of exactly an 8 x 8 sheet's area that do not tile it
		// took the merge search 15,201 nodes to try every merge, more
		// than it gets, and then the repair 80 % of the time limit.
		sol = e.search(uint64(o.Seed), exactNodes/4, stopAt(end))
		e.total = 0 // the later skyline search counts its own nodes
		if e.noFit() {
			s.lb++
			s.offer(nil, 0.2)
			return
		}
	}
	switch {
	case sol != nil:
	case e.waste != 0 || len(s.j.items) > mergeMaxParts:
		// The skyline search alone.
	case e.sheets > 1:
		sol = s.sheetBySheet(e, mergeNodes, mergeEnd, stopAt(mergeEnd), uint64(o.Seed))
	default:
		// A short merge search settles small jobs (it is exhaustive where
		// the repair is not), with half of the nodes, at most 10,000, and
		// an eighth of the time; the repair has the rest.
		first := min(mergeNodes/2, exactNodes/2)
		firstEnd := mergeEnd
		if !mergeEnd.IsZero() {
			firstEnd = time.Now().Add(time.Until(mergeEnd) / 8)
		}
		sol = e.mergeSearch(first, stopAt(firstEnd))
		// The repair searches the same merges: after a merge search that
		// ended in full it would only spend the time.
		if sol == nil && !e.noMerge && !s.ctxDone() {
			if found := s.repairOnWorkers(e, nil, mergeNodes-first, mergeEnd, stopAt(mergeEnd), uint64(o.Seed)); found != nil {
				sol = found.solution()
			}
		}
	}
	if sol == nil && !s.ctxDone() {
		sol = e.search(uint64(o.Seed), nodes-mergeNodes, stopAt(end))
		if e.noFit() {
			s.lb++
		}
	}
	s.offer(sol, 0.2)
}

// sheetBySheet runs the search that tiles several sheets, for parts that
// fill them without waste: the merge repair over all the sheets, with
// nodes and the time to end. It returns the layout or nil.
//
// Parts cut from two to four sheets of one size (40 jobs of 31 to 88
// parts, 100,000 nodes each) were tiled by the merge search over all the
// sheets at once in 11 jobs, by the merge search sheet by sheet in 22 (all
// 11 among them) and by a frame search sheet by sheet (guillotine blocks
// grown from a sheet's corner) in 14, 2 of them new. The merge repair in
// the place of the search sheet by sheet took kesim bench --perfect-sheets
// 60 at 1 s from 17 to 41 (guillotine mode: 13 to 27). The frame search
// then ran first with a quarter of the time until the repair tiled all it
// tiled: without it, --perfect-sheets 60 at 1 s, seeds 1 and 2, kept 52 and
// 51 (guillotine mode 29 and 30; at 5 s 29) and took about half the time
// on the jobs it lays out.
func (s *search) sheetBySheet(e *exact, nodes int, end time.Time, stop func() bool, seed uint64) *solution {
	targets := []mtarget{{e.w, e.h, e.sheets}}
	found := s.repairOnWorkers(e, targets, nodes, end, stop, seed)
	e.total = 0 // the skyline search counts its own nodes
	if found != nil {
		return found.solution()
	}
	return nil
}
