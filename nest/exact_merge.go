package nest

import (
	"cmp"
	"math"
	"math/bits"
	"slices"
)

// The merge search: the exact-fit search for layouts without waste, built
// bottom up. Parts cut from a sheet by guillotine cuts can be put together
// again two at a time, each time along a common side of equal length, until
// the sheet is whole; parts cut around a pinwheel (four rectangles around a
// fifth, which no straight cut separates) five at a time. So the search
// merges the rectangles it has (parts, then blocks of parts) in pairs that
// share a side, and, when no pair leads to a layout, in pinwheels, until
// every block is a sheet.
//
// The order of merges does not matter: when a pair of blocks are siblings
// in some layout that is consistent with the blocks built so far, merging
// them first leads to it too. So a merge whose subtree was searched in full
// without success is never tried again below the node that tried it (a
// nogood), of merges of equal sizes only the first is tried, and a state
// (the multiset of block sizes) that failed is not searched again. Pairs
// whose new side is a side of another block or of the sheet come first,
// then those that one or two more blocks of the common side make so
// (rowReach), then those with the longest common side: a long side shared
// by chance is rare; on one sheet, and over sheets of several sizes, pairs
// of blocks with few merges to choose from come first (scorePartners).
// Only pair merges are tried in guillotine mode, so every layout it finds
// is guillotine.
//
// A wrong merge early on is found out only near the sheet, so the search is
// a limited discrepancy search (Harvey and Ginsberg 1995), the k-th best
// merge at a node costing k: first the path the order prefers, then paths
// that leave it a little, then more. On the perfect-packing family of
// kesim bench --perfect it found twice as many layouts in 30,000 nodes
// as a depth-first search with restarts (6 against 3 of 20 guillotine
// instances).

// mtarget is a sheet size of a merge search over several sizes, scaled,
// and how many sheets of it there are.
type mtarget struct{ w, h, n int }

// mergeMaxParts is the most parts with which the merge searches run: they
// keep a block per part, and a dive of the repair over 600 pieces
// (ortmann2010's Nice 500) took longer than its time and laid out less.
const mergeMaxParts = 150

// mblock is a block of the merge search: a part, or parts merged.
type mblock struct {
	w, h   int   // scaled, in the block's own frame
	rotate bool  // every part in it may turn
	shape  int32 // a part: its shape; a merged block: -1
	// tgt is the target the block has the size of (over several sizes),
	// -1 for none: asked of every block at every node, it is worked out
	// once, when the block is made.
	tgt int32
	// kids are the blocks inside a merged block: m.kids[at:at+n].
	kids kidSpan
}

// kidSpan is where a merged block's kids lie in the merger's kids: one
// array for every block, so that a merge allocates nothing, and a block
// takes 40 bytes instead of the 56 it took with a slice of its own.
type kidSpan struct{ at, n int32 }

// mkid is a block inside a merged block: where it lies in the parent's
// frame and whether it is turned.
type mkid struct {
	block  int32
	x, y   int32 // scaled units, within the sheet (at most 1,000,000: 10,000 cm at 0.01 cm)
	turned bool
}

// mcand is a candidate merge: the blocks it takes and the block it makes.
type mcand struct {
	used  [5]int32
	n     int
	block mblock // without kids, which merge copies from kids
	kids  [5]mkid
	score int
}

// mergeKey identifies a merge of two blocks into a block of a given size.
type mergeKey struct {
	a, b int32
	w, h int
}

// merger is the state of one merge search.
type merger struct {
	e *exact
	// targets are the sheet sizes of a search over several (tileExactly);
	// nil: the exact's one sheet.
	targets []mtarget
	used    []int // withinLimits' count per target
	blocks  []mblock
	kids    []mkid // the merged blocks' kids (mblock.kids)
	alive   []int32
	nogood  map[mergeKey]bool
	// failed holds the states (multisets of block sizes, as sums of a
	// hash per size) searched in full without a layout: merges in
	// another order often reach the same blocks.
	failed   map[uint64]int // the discrepancies a state failed with
	state    uint64
	nodes    int // of this run, weighted by the blocks
	calls    int // of dfs
	limit    int // of this run
	total    int // of every run
	left     int // discrepancies left
	truncs   int // branches left out for want of discrepancies
	stop     func() bool
	abort    bool
	full     bool    // run searched every merge without a layout
	sides    []int32 // pairs' count of the blocks' sides, by length
	partners []int32 // scorePartners' count of merges per block
	// lined's scratch: the blocks it tests and their sums.
	lineBlocks []int32
	lineBits   []uint64
	// pairs' scratch: the blocks by side length.
	pairHead []int32
	pairRefs []sideRef
	// rowReach's scratch: each side's group, where it lies in rowVals
	// (from -1 until built in this pairsInto), and the sides built.
	rowSpan  [][2]int32
	rowVals  []rowVal
	rowSides []int
	// the dive's pairs and their order, reused, and the search's per
	// depth
	pairBuf   []mcand
	orderBuf  []int32
	pairStack []pairBufs
	depth     int
	// pinwheels' scratch: the blocks' orientations and their index.
	wheelRefs []wheelRef
	wheelHead [2][]int32
	wheelNext []int32
	wheelBits []uint64 // the widths there are
	wheelA    []uint64 // a centre's bottom blocks
}

// mergeSearch runs the merge search with at most nodes nodes and returns
// its layout, or nil. It needs a job without waste. A search that ends in
// full without a layout sets e.noMerge: no merges tile the sheet.
func (e *exact) mergeSearch(nodes int, stop func() bool) *solution {
	if e.waste != 0 || len(e.j.items) > mergeMaxParts {
		return nil
	}
	left, _, _ := e.pool()
	m := newMerger(e, nil, left, stop)
	if !m.run(nodes) {
		e.noMerge = m.full
		return nil
	}
	m.emitAll()
	return e.solution()
}

// emitAll lays out every block as a sheet: e.placed, e.sheets and, with
// targets, e.targetOf.
func (m *merger) emitAll() {
	e, targets := m.e, m.targets
	e.placed = e.placed[:0]
	e.sheets = len(m.alive)
	e.targetOf = e.targetOf[:0]
	for sheet, b := range m.alive {
		blk := m.blocks[b]
		w := e.w
		if targets != nil {
			t := m.target(b)
			e.targetOf = append(e.targetOf, t)
			w = targets[t].w
		}
		// A block that may turn is laid out turned when its width is
		// not the sheet's.
		m.emit(b, 0, 0, blk.w != w, sheet)
	}
}

// newMerger starts a merge search over left[i] copies of each shape i.
func newMerger(e *exact, targets []mtarget, left []int, stop func() bool) *merger {
	m := &merger{e: e, targets: targets, nogood: map[mergeKey]bool{}, failed: map[uint64]int{}, stop: stop}
	for si, sh := range e.shapes {
		for range left[si] {
			m.alive = append(m.alive, int32(len(m.blocks)))
			m.blocks = append(m.blocks, mblock{w: sh.w, h: sh.h, rotate: sh.rotate, shape: int32(si), tgt: m.targetOf(sh.w, sh.h, sh.rotate)})
			m.state += m.blocks[len(m.blocks)-1].hash()
		}
	}
	return m
}

// run runs the limited discrepancy search with at most nodes nodes in all
// (m.total counts them) and reports whether it found what it looks for.
func (m *merger) run(nodes int) bool {
	for k := 0; ; k++ {
		if m.total >= nodes || m.stop != nil && m.stop() {
			return false
		}
		m.nodes, m.abort, m.left, m.truncs = 0, false, k, 0
		m.limit = nodes - m.total
		found := m.dfs()
		m.total += m.nodes
		if found {
			return true
		}
		if m.abort {
			return false // out of nodes
		}
		if m.truncs == 0 {
			m.full = true
			return false // searched in full
		}
	}
}

// pool returns the copies left of each shape, their number and their
// area, scaled.
func (e *exact) pool() (left []int, pieces, area int) {
	left = make([]int, len(e.shapes))
	for i, sh := range e.shapes {
		left[i] = sh.left
		pieces += sh.left
		area += sh.left * sh.w * sh.h
	}
	return left, pieces, area
}

// orients returns the block's orientations: its own and, when it may
// turn and is not square, the turned one.
// The third value is 1 when turned. (An array: a slice would be allocated
// for every pair.)
func (b *mblock) orients() ([2][3]int, int) {
	if b.rotate && b.w != b.h {
		return [2][3]int{{b.w, b.h, 0}, {b.h, b.w, 1}}, 2
	}
	return [2][3]int{{b.w, b.h, 0}}, 1
}

// fits reports whether a w x h block, turning when rotate, fits the sheet
// (one of the targets, when there are several sizes).
func (m *merger) fits(w, h int, rotate bool) bool {
	if m.targets == nil {
		e := m.e
		return w <= e.w && h <= e.h || rotate && h <= e.w && w <= e.h
	}
	for _, t := range m.targets {
		if w <= t.w && h <= t.h || rotate && h <= t.w && w <= t.h {
			return true
		}
	}
	return false
}

// sheetSized reports whether block b is a whole sheet.
func (m *merger) sheetSized(b int32) bool {
	if m.targets != nil {
		return m.target(b) >= 0
	}
	blk := &m.blocks[b]
	e := m.e
	return blk.w == e.w && blk.h == e.h || blk.rotate && blk.h == e.w && blk.w == e.h
}

// target returns the index of the target block b has the size of, or -1.
func (m *merger) target(b int32) int { return int(m.blocks[b].tgt) }

// kidsOf returns a merged block's kids (none for a part).
func (m *merger) kidsOf(b *mblock) []mkid { return m.kids[b.kids.at : b.kids.at+b.kids.n] }

// targetOf returns the index of the target a w x h block (turning when
// rotate) has the size of, or -1.
func (m *merger) targetOf(w, h int, rotate bool) int32 {
	for i, t := range m.targets {
		if w == t.w && h == t.h || rotate && h == t.w && w == t.h {
			return int32(i)
		}
	}
	return -1
}

// withinLimits reports whether the sheet-sized blocks are no more than
// the targets allow.
func (m *merger) withinLimits() bool {
	if m.targets == nil {
		return true
	}
	if len(m.used) != len(m.targets) {
		m.used = make([]int, len(m.targets))
	}
	used := m.used
	clear(used)
	for _, b := range m.alive {
		if t := m.target(b); t >= 0 {
			used[t]++
			if used[t] > m.targets[t].n {
				return false
			}
		}
	}
	return true
}

func (m *merger) dfs() bool {
	// A node costs more with more blocks: pairs looks at every pair.
	m.nodes += 1 + len(m.alive)*len(m.alive)/512
	m.calls++
	// The clock every 16 nodes: a node over 150 blocks of one size takes
	// about 5 ms.
	if m.nodes > m.limit || m.calls&15 == 0 && m.stop != nil && m.stop() {
		m.abort = true
		return false
	}
	done := true
	for _, b := range m.alive {
		done = done && m.sheetSized(b)
	}
	if !m.withinLimits() {
		return false
	}
	if done {
		return true
	}
	if v, ok := m.failed[m.state]; ok && v >= m.left || !m.lined() {
		return false
	}
	truncs := m.truncs
	if m.search() {
		return true
	}
	if !m.abort && len(m.failed) < mergeMaxFailed {
		v := m.left
		if m.truncs == truncs {
			v = math.MaxInt // searched in full
		}
		m.failed[m.state] = max(m.failed[m.state], v)
	}
	return false
}

// mergeLineCheck is the most blocks for which lined runs: with more,
// nearly every length is some sum of the blocks' sides.
const mergeLineCheck = 24

// lined reports whether every block may lie in a sheet with the others: a
// line across the sheet along a block's edge crosses other blocks whole,
// so the sheet's width less the block's must be a sum of other blocks'
// widths (each block one way or, when it may turn, the other), and so for
// the height. The sums of the blocks before each block and of those after
// it are built once (the latter reversed, bit k for the sum W - k), so that
// each block's test is one pass over them rather than a pass per other
// block: 8n passes instead of 2n² (kesim bench --perfect 100 at 1 s spent
// a quarter of its time in lined before).
func (m *merger) lined() bool {
	e := m.e
	if len(m.alive) > mergeLineCheck || !e.widthsOnly || e.h >= 1<<12 || m.targets != nil {
		return true
	}
	bl := m.lineBlocks[:0]
	for _, b := range m.alive {
		if !m.sheetSized(b) {
			bl = append(bl, b)
		}
	}
	m.lineBlocks = bl
	n := len(bl)
	if n == 0 {
		return true
	}
	ww, wh := e.w/64+1, e.h/64+1
	// pre[i] holds the sums of bl[:i], suf[i] those of bl[i+1:], reversed,
	// widths then heights.
	size := (n + 1) * 2 * (ww + wh)
	if cap(m.lineBits) < size {
		m.lineBits = make([]uint64, size)
	}
	bits := m.lineBits[:size]
	clear(bits)
	at := func(set, i int, width bool) []uint64 {
		off := (set*(n+1) + i) * (ww + wh)
		if width {
			return bits[off : off+ww]
		}
		return bits[off+ww : off+ww+wh]
	}
	const pre, suf = 0, 1
	at(pre, 0, true)[0], at(pre, 0, false)[0] = 1, 1
	setBit(at(suf, n-1, true), e.w)
	setBit(at(suf, n-1, false), e.h)
	for i := 0; i+1 < n; i++ {
		Y := &m.blocks[bl[i]]
		pw, ph := at(pre, i+1, true), at(pre, i+1, false)
		copy(pw, at(pre, i, true))
		copy(ph, at(pre, i, false))
		shiftOr(pw, Y.w, Y.h, Y.rotate, e.w)
		shiftOr(ph, Y.h, Y.w, Y.rotate, e.h)
	}
	for i := n - 1; i > 0; i-- {
		Y := &m.blocks[bl[i]]
		sw, sh := at(suf, i-1, true), at(suf, i-1, false)
		copy(sw, at(suf, i, true))
		copy(sh, at(suf, i, false))
		shiftOrDown(sw, Y.w, Y.h, Y.rotate)
		shiftOrDown(sh, Y.h, Y.w, Y.rotate)
	}
	for i, x := range bl {
		X := &m.blocks[x]
		ok := false
		os, no := X.orients()
		for _, o := range os[:no] {
			if o[0] <= e.w && o[1] <= e.h &&
				sumsTo(at(pre, i, true), at(suf, i, true), o[0]) &&
				sumsTo(at(pre, i, false), at(suf, i, false), o[1]) {
				ok = true
			}
		}
		if !ok {
			return false
		}
	}
	return true
}

// setBit sets bit i of r.
func setBit(r []uint64, i int) { r[i/64] |= 1 << (i % 64) }

// shiftOrDown adds a part of side a (or, with both, b) to the reversed
// sums in r, where bit k stands for the sum top - k: r |= r >> a.
func shiftOrDown(r []uint64, a, b int, both bool) {
	qa, ma := a>>6, uint(a&63)
	qb, mb := b>>6, uint(b&63)
	for i := range r {
		v := r[i] | shiftedDownBy(r, i, qa, ma)
		if both {
			v |= shiftedDownBy(r, i, qb, mb)
		}
		r[i] = v
	}
}

// shiftedDown returns word i of r shifted right by s bits.
func shiftedDown(r []uint64, i, s int) uint64 { return shiftedDownBy(r, i, s>>6, uint(s&63)) }

// shiftedDownBy returns word i of r shifted right by q words and m bits
// (m < 64; a shift by 64 bits gives 0 in Go).
func shiftedDownBy(r []uint64, i, q int, m uint) uint64 {
	if i+q >= len(r) {
		return 0
	}
	v := r[i+q] >> m
	if i+q+1 < len(r) {
		v |= r[i+q+1] << (64 - m)
	}
	return v
}

// sumsTo reports whether some sum a of pre and some sum b of the reversed
// sums rev (bit k for top - k) make a + b = top - side: bit a of pre and
// bit a + side of rev.
func sumsTo(pre, rev []uint64, side int) bool {
	q, m := side>>6, uint(side&63)
	for i := range pre {
		if pre[i]&shiftedDownBy(rev, i, q, m) != 0 {
			return true
		}
	}
	return false
}

// has reports whether bit i of r is set.
func has(r []uint64, i int) bool { return r[i/64]>>(i%64)&1 == 1 }

// mergeMaxFailed bounds the failed states kept by either search (about
// 10 MB).
const mergeMaxFailed = 1 << 18

// hash returns a hash of the block's size (turned to its shorter side
// first when it may turn).
func (b *mblock) hash() uint64 {
	w, h := b.w, b.h
	if b.rotate && w > h {
		w, h = h, w
	}
	return mix(uint64(w)<<33 ^ uint64(h)<<1 ^ uint64(b2i(b.rotate)))
}

// search tries the merges of the blocks as they are.
func (m *merger) search() bool {
	var added []mergeKey
	defer func() {
		for _, k := range added {
			delete(m.nogood, k)
		}
	}()
	tried := map[[6]int]bool{}
	rank := 0
	try := func(c mcand) bool {
		if c.n == 2 {
			k := m.key(c)
			if m.nogood[k] {
				return false
			}
			a, b := &m.blocks[c.used[0]], &m.blocks[c.used[1]]
			sig := [6]int{min(a.w, a.h)<<1 | b2i(a.rotate), max(a.w, a.h), min(b.w, b.h)<<1 | b2i(b.rotate), max(b.w, b.h), c.block.w, c.block.h}
			if sig[0] > sig[2] || sig[0] == sig[2] && sig[1] > sig[3] {
				sig[0], sig[1], sig[2], sig[3] = sig[2], sig[3], sig[0], sig[1]
			}
			if tried[sig] {
				return false
			}
			tried[sig] = true
		}
		// The rank-th merge tried costs rank discrepancies.
		if rank > m.left {
			m.truncs++
			return false
		}
		cost := rank
		rank++
		truncs := m.truncs
		m.left -= cost
		found := m.apply(c)
		m.left += cost
		if found {
			return true
		}
		if !m.abort && c.n == 2 && m.truncs == truncs {
			k := m.key(c)
			m.nogood[k] = true
			added = append(added, k)
		}
		return false
	}
	// Each depth of the search keeps its pairs while it tries them, in
	// memory of its own that the next node at that depth reuses.
	d := m.depth
	if d == len(m.pairStack) {
		m.pairStack = append(m.pairStack, pairBufs{})
	}
	pairs, order := m.pairsInto(m.pairStack[d].pairs, m.pairStack[d].order)
	m.pairStack[d] = pairBufs{pairs, order}
	m.depth++
	defer func() { m.depth-- }()
	for _, k := range order {
		if try(pairs[k]) {
			return true
		}
		if m.abort {
			return false
		}
		if rank > m.left {
			m.truncs++ // the merges after it are left out
			break
		}
	}
	if m.e.j.guillotine {
		return false
	}
	if m.left < 1 {
		m.truncs++
		return false
	}
	// Pinwheels are ranked on their own, from 1: behind the best pair,
	// but not behind every pair, or a pinwheel among many blocks would
	// wait for a large number of discrepancies.
	rank = 1
	for _, c := range m.pinwheels() {
		if try(c) {
			return true
		}
		if m.abort {
			return false
		}
		if rank > m.left {
			m.truncs++ // the merges after it are left out
			return false
		}
	}
	return false
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

func (m *merger) key(c mcand) mergeKey {
	a, b := c.used[0], c.used[1]
	if a > b {
		a, b = b, a
	}
	return mergeKey{a, b, c.block.w, c.block.h}
}

// apply makes the merge, searches on and undoes it unless it led to a
// layout.
func (m *merger) apply(c mcand) bool {
	saved := slices.Clone(m.alive)
	savedState := m.state
	savedKids := len(m.kids)
	id := m.merge(c)
	if m.dfs() {
		return true
	}
	m.alive, m.state = saved, savedState
	m.blocks = m.blocks[:id]
	m.kids = m.kids[:savedKids]
	return false
}

// merge makes the block of merge c in place of the blocks it takes and
// returns its number.
func (m *merger) merge(c mcand) int32 {
	id := int32(len(m.blocks))
	c.block.kids = kidSpan{int32(len(m.kids)), int32(c.n)}
	m.kids = append(m.kids, c.kids[:c.n]...)
	c.block.tgt = m.targetOf(c.block.w, c.block.h, c.block.rotate)
	m.blocks = append(m.blocks, c.block)
	used := c.used[:c.n]
	for _, b := range used {
		m.state -= m.blocks[b].hash()
	}
	m.state += c.block.hash()
	alive := m.alive[:0]
	for _, b := range m.alive {
		if !slices.Contains(used, b) {
			alive = append(alive, b)
		}
	}
	m.alive = append(alive, id)
	return id
}

// pairsInto returns the merges of two blocks along a common side that fit
// the sheet, and the order to try them in: those whose new side another
// block or the sheet has, then those one or two more blocks of the common
// side make so (rowReach), then the longest common side, and on one sheet
// or sheets of several sizes pairs with few merges to choose from
// (scorePartners). It appends to out[:0] and order[:0], which the searches
// reuse (fresh slices for every call were nine tenths of what they
// allocated).
func (m *merger) pairsInto(out []mcand, order []int32) ([]mcand, []int32) {
	out = m.pairs(out)
	return out, pairOrder(out, order)
}

// pairOrder appends to order[:0] the indices of out by score, best first,
// of equal scores the first candidate first (sorted through the indices: a
// candidate is a large struct).
func pairOrder(out []mcand, order []int32) []int32 {
	order = order[:0]
	for i := range out {
		order = append(order, int32(i))
	}
	slices.SortStableFunc(order, func(x, y int32) int { return cmp.Compare(out[y].score, out[x].score) })
	return order
}

// nthPair returns the index in out of the pair pairsInto's order puts
// k-th (from 0, k < len(out)): the dive takes one of the first few, and
// keeping the k+1 best in one pass costs less than sorting them all.
func nthPair(out []mcand, k int, top []int32) ([]int32, int32) {
	top = top[:0]
	for i := range out {
		s := out[i].score
		// Insert after the ones at least as good: of equal scores the
		// first candidate first, as the stable sort has them.
		j := len(top)
		for j > 0 && out[top[j-1]].score < s {
			j--
		}
		if j > k {
			continue
		}
		if len(top) <= k {
			top = append(top, 0)
		}
		copy(top[j+1:], top[j:len(top)-1])
		top[j] = int32(i)
	}
	return top, top[k]
}

// pairs appends to out[:0] the merges of two blocks along a common side
// that fit the sheet, each with its score (pairsInto's order, unsorted).
func (m *merger) pairs(out []mcand) []mcand {
	out = out[:0]
	e := m.e
	// sides counts the blocks' sides, for the look-ahead below, by length
	// up to the longest (a merged block that fits is no longer than the
	// sheet's longer side).
	longest := max(e.w, e.h)
	for _, a := range m.alive {
		longest = max(longest, m.blocks[a].w, m.blocks[a].h)
	}
	if len(m.sides) <= longest {
		m.sides = make([]int32, longest+1)
	}
	sides := m.sides
	count := func(d int32) {
		for _, a := range m.alive {
			A := &m.blocks[a]
			sides[A.w] += d
			if A.h != A.w {
				sides[A.h] += d
			}
		}
	}
	count(1)
	defer count(-1)
	// The blocks by the length of their sides: lists through head and
	// refs, in the order of alive, so that a block meets only the blocks
	// with a side of its own (looking at every pair took a third of the
	// merge repair's time).
	if len(m.pairHead) <= longest {
		m.pairHead = slices.Repeat([]int32{-1}, longest+1)
	}
	head, refs := m.pairHead, m.pairRefs[:0]
	for i := len(m.alive) - 1; i >= 0; i-- {
		B := &m.blocks[m.alive[i]]
		if m.sheetSized(m.alive[i]) {
			continue
		}
		refs = append(refs, sideRef{int32(i), head[B.w]})
		head[B.w] = int32(len(refs) - 1)
		if B.h != B.w {
			refs = append(refs, sideRef{int32(i), head[B.h]})
			head[B.h] = int32(len(refs) - 1)
		}
	}
	m.pairRefs = refs
	if len(m.rowSpan) <= longest {
		m.rowSpan = slices.Repeat([][2]int32{{-1, 0}}, longest+1)
	}
	defer func() {
		for _, r := range refs {
			B := &m.blocks[m.alive[r.i]]
			head[B.w], head[B.h] = -1, -1
		}
		for _, side := range m.rowSides {
			m.rowSpan[side][0] = -1
		}
		m.rowSides, m.rowVals = m.rowSides[:0], m.rowVals[:0]
	}()
	for ia, a := range m.alive {
		A := &m.blocks[a]
		if m.sheetSized(a) {
			continue
		}
		// a's orientations, worked out at its first partner: most blocks
		// have none after them.
		var oas [2][3]int
		na := 0
		// The blocks after a with a side of a's, each once.
		x, y := head[A.w], int32(-1)
		if A.h != A.w {
			y = head[A.h]
		}
		for x >= 0 || y >= 0 {
			var ib int32
			switch {
			case y < 0 || x >= 0 && refs[x].i < refs[y].i:
				ib, x = refs[x].i, refs[x].next
			case x < 0 || refs[y].i < refs[x].i:
				ib, y = refs[y].i, refs[y].next
			default:
				ib, x, y = refs[x].i, refs[x].next, refs[y].next
			}
			if int(ib) <= ia {
				continue
			}
			if na == 0 {
				oas, na = A.orients()
			}
			b := m.alive[ib]
			B := &m.blocks[b]
			rotate := A.rotate && B.rotate
			seen := [4][2]int{}
			n := 0
			obs, nb := B.orients()
			for _, oa := range oas[:na] {
				for _, ob := range obs[:nb] {
					for _, vertical := range [2]bool{true, false} {
						var w, h, side, bx, by, ra, rb int
						if vertical {
							if oa[0] != ob[0] {
								continue
							}
							w, h, side, bx, by = oa[0], oa[1]+ob[1], oa[0], 0, oa[1]
							ra, rb = oa[1], ob[1]
						} else {
							if oa[1] != ob[1] {
								continue
							}
							w, h, side, bx, by = oa[0]+ob[0], oa[1], oa[1], oa[0], 0
							ra, rb = oa[0], ob[0]
						}
						if !m.fits(w, h, rotate) {
							continue
						}
						nw, nh := w, h
						if rotate && nw > nh {
							nw, nh = nh, nw
						}
						if slices.Contains(seen[:n], [2]int{nw, nh}) {
							continue // the same block, turned
						}
						seen[n] = [2]int{nw, nh}
						n++
						// The new side: a true merge makes a block whose
						// sibling shares one of its sides, so a new side that
						// another block or the sheet has is a good sign.
						other := h
						if !vertical {
							other = w
						}
						score := side * 4
						if m.known(other) {
							score += 4 * max(e.w, e.h)
						} else if k := m.rowReach(side, other, ra, rb, head, refs); k > 0 {
							score += rowBonus[k] * max(e.w, e.h) / 100
						}
						out = append(out, mcand{used: [5]int32{a, b}, n: 2, score: score,
							block: mblock{w: w, h: h, rotate: rotate, shape: -1},
							kids:  [5]mkid{{a, 0, 0, oa[2] == 1}, {b, int32(bx), int32(by), ob[2] == 1}},
						})
					}
				}
			}
		}
	}
	if m.targets == nil || len(m.targets) > 1 {
		m.scorePartners(out)
	}
	return out
}

// rowBonus is the score of a pair whose new side another block or the
// sheet does not have, by the blocks of the common side that make it one
// (rowReach): 1 or 2, in hundredths of the sheet's longer side.
//
// A true merge is most often part of a row of blocks with the common
// side whose other sides add up to a side of a block or of the sheet,
// one or two blocks further on. Of the pairs the dive met on 60 sheets cut
// by guillotine cuts into 60 to 90 parts, 41 % were true (consistent with
// the layout the parts were cut in) when the new side was there already,
// 31 % when one more block of the common side made it, 24 % with two and
// 10 % otherwise. On 40 such sheets of 30 to 75 parts, a dive that was
// put right after each wrong merge took the wrong one first 638 times in
// 1,863 merges with the bonus and 739 times in 1,871 without; on kesim
// bench --perfect 100 at 5 s it found 61 and 60 one-sheet layouts (seeds
// 1 and 2) instead of 59 and 58, the guillotine half 32 and 39 instead of
// 31 and 37.
var rowBonus = [3]int{0, 400, 250}

// known reports whether length t is a side of a block or of a sheet
// (m.sides holds the blocks' sides while pairsInto runs). Over several
// sheet sizes (tileExactly) e.w and e.h are the largest width and height:
// the other sizes' sides are known too. With them, the zero-waste family
// at 1 s (kesim bench --zero-waste 40, seeds 1 to 4) had 70 instances at
// the optimum instead of 68, ortmann2010 92 proven optima instead of 91.
func (m *merger) known(t int) bool {
	if t == m.e.w || t == m.e.h || t < len(m.sides) && m.sides[t] > 0 {
		return true
	}
	for _, s := range m.targets {
		if t == s.w || t == s.h {
			return true
		}
	}
	return false
}

// rowReach returns how many more blocks with a side of length side (one
// or two; 0: none) the block that blocks a and b make, side by other,
// takes to get a side that is known; ra and rb are the lengths a and b
// add along the row. The blocks come from head and refs as pairsInto
// lists them, grouped by that length (rowGroup), so that many blocks of
// one size cost as much as one.
func (m *merger) rowReach(side, other, ra, rb int, head []int32, refs []sideRef) int {
	g := m.rowGroup(side, head, refs)
	// left is how many blocks of the group add v, less a and b.
	left := func(v rowVal) int {
		n := v.n
		if v.v == ra {
			n--
		}
		if v.v == rb {
			n--
		}
		return n
	}
	reach := 0
	for i, x := range g {
		if left(x) < 1 {
			continue
		}
		if m.known(other + x.v) {
			return 1
		}
		if reach == 2 {
			continue
		}
		for _, y := range g[i:] {
			if (y.v != x.v || left(x) >= 2) && left(y) >= 1 && m.known(other+x.v+y.v) {
				reach = 2
				break
			}
		}
	}
	return reach
}

// rowVal is a length that n blocks of a side's group add along a row.
type rowVal struct{ v, n int }

// rowGroup returns the lengths that the blocks with a side of length
// side add along a row, each once with its count, built on the first
// call of a pairsInto (which resets m.rowSpan).
func (m *merger) rowGroup(side int, head []int32, refs []sideRef) []rowVal {
	if sp := m.rowSpan[side]; sp[0] >= 0 {
		return m.rowVals[sp[0]:sp[1]]
	}
	at := len(m.rowVals)
	for r := head[side]; r >= 0; r = refs[r].next {
		C := &m.blocks[m.alive[refs[r].i]]
		v := C.w
		if C.w == side {
			v = C.h
		}
		k := at
		for k < len(m.rowVals) && m.rowVals[k].v != v {
			k++
		}
		if k == len(m.rowVals) {
			m.rowVals = append(m.rowVals, rowVal{v, 0})
		}
		m.rowVals[k].n++
	}
	m.rowSpan[side] = [2]int32{int32(at), int32(len(m.rowVals))}
	m.rowSides = append(m.rowSides, side)
	return m.rowVals[at:]
}

// scorePartners raises the score of pairs of blocks that have few merges
// to choose from: a block has a sibling in every layout, and when it can be
// merged with one block only, that one is likely it. On 300 sheets cut by
// guillotine cuts into 16 to 90 parts, half of the pairs in which a part
// has only one merge were siblings in the layout the parts were cut in,
// against one pair in nine over all pairs; the bonus is about the log odds
// of that frequency by the fewer merges of the pair's blocks, in
// hundredths of the sheet's longer side (the longest common side and the
// new side's match weigh up to 400 of them each). The merge search then
// took a sibling pair first at the start on 33 of 40 such sheets instead
// of 21, and on kesim bench --perfect 100 at 5 s (seeds 1, 2, 3) found 87
// one-sheet layouts instead of 80, the guillotine half 54 of 150 instead
// of 47. Over several sheets of one size (sheetBySheet) it does not serve:
// it left 3 of the 16 jobs of TestExactFitTilesSeveralSheets untiled
// instead of 2, and the merge repair tiled kesim bench --perfect-sheets 60
// (20,000 iterations, no clock) on 54 and 51 instances instead of 55 and
// 52 (seeds 1, 2). Over several sizes (tileExactly) it does: the repair
// took the zero-waste family (--zero-waste 40, 20,000 iterations, seeds 1
// to 4) from 27, 23, 30, 24 instances at the optimum to 28, 24, 30, 27
// (mean gap 5.79, 7.87, 4.57, 6.66 % -> 5.43, 7.54, 3.63, 4.81 %), and at
// 1 s, two at a time, from 27, 21, 29, 24 to 26, 24, 28, 27 (5.77, 8.95,
// 4.81, 6.63 % -> 6.04, 7.54, 4.81, 4.78 %: it finds some tilings the
// other order misses and misses a few it finds), with ortmann2010 (every
// 4th instance, 2,000 iterations) as it was. Restarting the repair over
// several sizes too, after 50 or 150 steps per part times the Luby
// sequence, then did worse at 1 s (101 and 101 on seeds 1 to 4 against
// 105).
func (m *merger) scorePartners(out []mcand) {
	if len(m.partners) < len(m.blocks) {
		m.partners = make([]int32, len(m.blocks)*2)
	}
	n := m.partners
	for _, c := range out {
		n[c.used[0]]++
		n[c.used[1]]++
	}
	unit := max(m.e.w, m.e.h)
	for i := range out {
		c := &out[i]
		c.score += partnerBonus[min(int(min(n[c.used[0]], n[c.used[1]])), len(partnerBonus)-1)] * unit / 100
	}
	for _, c := range out {
		n[c.used[0]], n[c.used[1]] = 0, 0
	}
}

// partnerBonus is scorePartners' bonus by the fewer merges of a pair's two
// blocks.
var partnerBonus = [...]int{0, 210, 93, 53, 18, -5, -45}

// pinwheels returns the merges of five blocks into a pinwheel that fit the
// sheet. With x0 < x1 < x2 < x3 and y0 < y1 < y2 < y3 the blocks are
//
//	a (bottom) [x0,x2) x [y0,y1)   b (right) [x2,x3) x [y0,y2)
//	c (top)    [x1,x3) x [y2,y3)   d (left)  [x0,x1) x [y1,y3)
//	centre     [x1,x2) x [y1,y2)
//
// so that wa = wd + wc', hb = ha + hc', wc = wc' + wb, hd = hc' + hc for
// the centre's wc' x hc'. The blocks are found centre, bottom, left,
// right, top, each through an index of the orientations by width or height.
func (m *merger) pinwheels() []mcand {
	x := m.wheelIndex()
	defer x.clear()
	all, byW, byH, nextW := x.all, x.byW, x.byH, x.nextW
	// The widths there are, as a bit set: a bottom block a is the centre's
	// width wider than a left block d, so for each centre only the widths w
	// with w and w + the centre's width both there lead to one (and only a
	// bottom block with a right block as high as it and the centre). Looking
	// at every pair of centre and bottom took 37 % of the zero-waste family's
	// time (kesim bench --zero-waste 40 at 1 s, two at a time), 22 % now;
	// seeds 1 and 2 went from 20 and 19 at the optimum to 22 and 21, mean
	// gap 10.3 and 10.1 % to 9.2 and 9.3 %. The pinwheels are the same, in
	// the same order.
	words := x.longest/64 + 1
	if cap(m.wheelBits) < words {
		m.wheelBits = make([]uint64, words)
	}
	widths := m.wheelBits[:words]
	clear(widths)
	for _, r := range all {
		widths[r.w/64] |= 1 << (r.w % 64)
	}
	// The bottom blocks of a centre, marked in a bit set over all so that
	// they come in its order.
	marks := (len(all) + 63) / 64
	if cap(m.wheelA) < marks {
		m.wheelA = make([]uint64, marks)
	}
	bottoms := m.wheelA[:marks]
	var out []mcand
	for ci := range all {
		ce := &all[ci]
		some := false
		for k := range words {
			for dw := widths[k] & shiftedDown(widths, k, ce.w); dw != 0; dw &= dw - 1 {
				w := k*64 + bits.TrailingZeros64(dw)
				if w == 0 {
					continue
				}
				for ai := byW[w+ce.w]; ai >= 0; ai = nextW[ai] {
					// A right block b is as high as a and the centre.
					if hb := all[ai].h + ce.h; hb <= x.longest && byH[hb] >= 0 {
						bottoms[ai/64] |= 1 << (ai % 64)
						some = true
					}
				}
			}
		}
		if !some {
			continue
		}
		for k := range bottoms {
			for set := bottoms[k]; set != 0; set &= set - 1 {
				a := &all[k*64+bits.TrailingZeros64(set)]
				if a.b == ce.b || a.w <= ce.w {
					continue
				}
				if out = m.wheelsAround(&x, out, a, ce); len(out) >= wheelsMost {
					clear(bottoms)
					return out
				}
			}
			bottoms[k] = 0
		}
	}
	return out
}

// wheelsMost is the most pinwheels pinwheels returns.
const wheelsMost = 64

// wheelIdx is pinwheels' index of the blocks' orientations: all of them,
// and lists through byW and byH (by length) and nextW and nextH (by ref),
// each in the order of all.
type wheelIdx struct {
	all                    []wheelRef
	byW, byH, nextW, nextH []int32
	longest                int
}

// wheelIndex indexes the orientations of the blocks that are not sheets,
// in the merger's scratch; clear must run before the next index.
func (m *merger) wheelIndex() wheelIdx {
	all := m.wheelRefs[:0]
	longest := 0
	for _, b := range m.alive {
		if m.sheetSized(b) {
			continue
		}
		os, n := m.blocks[b].orients()
		for _, o := range os[:n] {
			all = append(all, wheelRef{b, o[2] == 1, o[0], o[1]})
			longest = max(longest, o[0], o[1])
		}
	}
	m.wheelRefs = all
	// Built backwards so that each list has its refs in order.
	if len(m.wheelHead[0]) <= longest {
		for i := range m.wheelHead {
			m.wheelHead[i] = slices.Repeat([]int32{-1}, 2*longest+2)
		}
	}
	byW, byH := m.wheelHead[0], m.wheelHead[1]
	if cap(m.wheelNext) < 2*len(all) {
		m.wheelNext = make([]int32, 2*len(all))
	}
	nextW, nextH := m.wheelNext[:len(all)], m.wheelNext[len(all):2*len(all)]
	for i := len(all) - 1; i >= 0; i-- {
		r := &all[i]
		nextW[i], byW[r.w] = byW[r.w], int32(i)
		nextH[i], byH[r.h] = byH[r.h], int32(i)
	}
	return wheelIdx{all, byW, byH, nextW, nextH, longest}
}

// clear empties the index's lists for the next index.
func (x *wheelIdx) clear() {
	for _, r := range x.all {
		x.byW[r.w], x.byH[r.h] = -1, -1
	}
}

// wheelsAround appends to out the pinwheels with bottom block a (wider
// than the centre, as high as a right block less the centre) and centre
// ce, up to wheelsMost in all: the left, right and top blocks are found
// through the index.
func (m *merger) wheelsAround(x *wheelIdx, out []mcand, a, ce *wheelRef) []mcand {
	all := x.all
	for di := x.byW[a.w-ce.w]; di >= 0; di = x.nextW[di] {
		d := &all[di]
		if d.b == a.b || d.b == ce.b || d.h <= ce.h {
			continue
		}
		hc := d.h - ce.h
		for bi := x.byH[a.h+ce.h]; bi >= 0; bi = x.nextH[bi] {
			b := &all[bi]
			if b.b == a.b || b.b == ce.b || b.b == d.b || ce.w+b.w > x.longest {
				continue
			}
			for ci := x.byW[ce.w+b.w]; ci >= 0; ci = x.nextW[ci] {
				c := &all[ci]
				if c.h != hc || c.b == a.b || c.b == b.b || c.b == d.b || c.b == ce.b {
					continue
				}
				w, h := a.w+b.w, a.h+d.h
				rotate := m.blocks[a.b].rotate && m.blocks[b.b].rotate && m.blocks[c.b].rotate &&
					m.blocks[d.b].rotate && m.blocks[ce.b].rotate
				// The same five blocks turned half way round are found
				// again with c in a's place, and, when the pinwheel may
				// turn, a quarter of the way with b or d there: each is
				// kept once, with the lowest block in a's place. The
				// copies took up places among the 64 returned and were
				// searched again: a job of 23 parts around a pinwheel took
				// 1.9 s of repair with them, 1.1 s without.
				if a.b > c.b || rotate && (a.b > b.b || a.b > d.b) {
					continue
				}
				if !m.fits(w, h, rotate) {
					continue
				}
				out = append(out, mcand{used: [5]int32{a.b, b.b, c.b, d.b, ce.b}, n: 5,
					block: mblock{w: w, h: h, rotate: rotate, shape: -1},
					kids: [5]mkid{
						{a.b, 0, 0, a.turned}, {b.b, int32(a.w), 0, b.turned},
						{c.b, int32(d.w), int32(b.h), c.turned}, {d.b, 0, int32(a.h), d.turned},
						{ce.b, int32(d.w), int32(a.h), ce.turned},
					},
				})
				if len(out) >= wheelsMost {
					return out
				}
			}
		}
	}
	return out
}

// pairBufs holds pairs' candidates and their order for reuse.
type pairBufs struct {
	pairs []mcand
	order []int32
}

// sideRef is a block (its index in alive) in pairs' list of the blocks
// with a side of one length, and the next in the list.
type sideRef struct{ i, next int32 }

// wheelRef is a block in one of its orientations, for pinwheels.
type wheelRef struct {
	b      int32
	turned bool
	w, h   int
}

// emit places block b's parts with its lower left corner at (x, y) of
// sheet, turned when turned.
func (m *merger) emit(b int32, x, y int, turned bool, sheet int) {
	blk := &m.blocks[b]
	if blk.shape >= 0 {
		w, h := blk.w, blk.h
		if turned {
			w, h = h, w
		}
		m.e.placed = append(m.e.placed, exactSpot{shape: blk.shape, sheet: sheet, x: x, y: y, w: w, h: h})
		return
	}
	for _, k := range m.kidsOf(blk) {
		kx, ky := int(k.x), int(k.y)
		if turned {
			kx, ky = ky, kx
		}
		m.emit(k.block, x+kx, y+ky, k.turned != turned, sheet)
	}
}
