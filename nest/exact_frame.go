package nest

import (
	"math"
	"math/rand/v2"
	"slices"
)

// The frame search: an exact tiling of one sheet at a time from a pool of
// parts, by guillotine blocks grown from their lower left corner. It serves
// where the parts were cut from several sheets of one size and no one knows
// which part came from which: the exact-fit search sheet by sheet
// (sheetBySheet). (It ran in the exact tiling of the cheapest stock,
// tileExactly, too, until the merge repair found its tilings faster.)
//
// A guillotine layout of a sheet is a tree: every block is a part, or two
// blocks side by side of the same height, or one above the other of the
// same width. The search builds such a tree depth first, always at the
// lowest, leftmost open corner, on a stack of frames. A frame is a block
// under construction with the size its parent requires: a sibling to the
// right of a block must have exactly its height, a sibling above it exactly
// its width, and the sheet both. At a frame's corner the search puts a part;
// a started frame that has not reached its size grows by a sibling to its
// right or above it (a new frame); a frame that has reached its size closes
// into its parent. Each tree is built in one way only (a sibling to the
// right closes as soon as it has its parent's height, and the parent, not
// the sibling, grows further to the right), and every length a frame still
// needs must be a sum of the remaining parts' sides (a subset sum, as in
// the skyline search), so a wrong part at a corner shows as soon as its
// block cannot reach its parent's side, not when the sheet is nearly full.
// Parts with the side a frame needs exactly, then bigger parts, come first.
//
// It is a limited discrepancy search (the k-th choice at a node costs k),
// like the merge search, with a memo of failed states (the frames and the
// parts placed). The sheets are filled one after the other: of the sizes
// with sheets left, the first one the search tiles within its node cap
// keeps the parts it took, and a sheet that no size tiles ends the round.
// The rounds start again from the first sheet with twice the cap and the
// parts ranked with some noise, so that a round does not tile the first
// sheet with the same wrong parts again.
//
// The merge search (exact_merge.go) merges blocks across all the pool's
// parts; this search commits to one sheet's parts early and finds out
// within that sheet whether they fit. On kesim bench --zero-waste 40 at
// 1 s (two instances at a time), with the first third of the tiling's
// time before the merge searches, it took the instances tiled exactly
// from 2 to 3 (mean gap 41.2 -> 41.1 %), Z2_n051_0019 being new; ortmann2010
// at 1 s was unchanged (total 248.04 -> 248.06 M, 57 proven optima, 93.45 %
// utilisation both). On the one-sheet perfect-packing family it tiles a
// subset of what the merge search tiles, so for one sheet size it runs
// only where the parts tile several sheets (exact.sheetBySheet).

// frameFirstCap is the node cap of a sheet size's search in the first
// round (about 40 ms).
const frameFirstCap = 50000

// frameSumsBytes bounds the memory of the subset sums a round keeps (8 MB
// of bitsets), and frameSumsMemo their number: 65,536 sets on sheets
// shorter than 1,024 scaled units, fewer on longer ones (a sheet of 28,000
// units, 2,800 mm in tenths, keeps about 2,400).
const (
	frameSumsBytes = 8 << 20
	frameSumsMemo  = 1 << 16
)

// frame is a block under construction, in scaled units: its lower left
// corner, its size so far (0 x 0: no part yet), the size its parent needs
// (0: any) and the most it may grow to.
type frame struct {
	x, y         int
	bw, bh       int
	needW, needH int
	maxW, maxH   int
	right        bool // a sibling to the right of its parent's block, else above
}

// limits returns the width and height the frame may reach.
func (f *frame) limits() (int, int) {
	w, h := f.maxW, f.maxH
	if f.needW > 0 {
		w = f.needW
	}
	if f.needH > 0 {
		h = f.needH
	}
	return w, h
}

// complete reports whether the frame has the size its parent needs.
func (f *frame) complete() bool {
	return f.bw > 0 && (f.needW == 0 || f.bw == f.needW) && (f.needH == 0 || f.bh == f.needH)
}

// The choices at a started frame: a sibling to the right or above.
const (
	frameRight = -1
	frameUp    = -2
)

// fchoice is a choice at a node: a part's orientation, or a sibling
// (shape frameRight or frameUp), with its rank.
type fchoice struct {
	o     exactOrient
	score int
}

// framer is the state of one sheet's frame search.
type framer struct {
	e      *exact
	st     []frame
	left   int // discrepancies left
	truncs int // choices left out for want of discrepancies
	failed map[uint64]int
	// longest is the longest side of a target: sums runs up to it.
	longest int
	// sumsMemo holds sums' result per set of remaining parts (the hash
	// of the parts placed).
	sumsMemo map[uint64][]uint64
	choices  [][]fchoice // per depth
	// noise is each orientation's rank offset in this round: none in
	// the first, up to half its area after, so that a round does not
	// find the same wrong tiling of a sheet again.
	noise []int
}

// frameSequential tiles targets sheet by sheet with the frame search, in
// rounds of growing node caps, with at most nodes nodes in all. On success
// the layout is in e.placed, e.targetOf gives each sheet's target and
// e.sheets their number. The shapes' counts are left as they were.
func (e *exact) frameSequential(targets []mtarget, nodes int, stop func() bool) bool {
	e.stop = stop
	total := 0
	rng := rand.New(rand.NewPCG(uint64(len(e.orients)), 0xf4a3e))
	for cap, round := frameFirstCap, 0; total < nodes && (stop == nil || !stop()); cap, round = cap*2, round+1 {
		noise := make([]int, len(e.orients))
		for i, o := range e.orients {
			if round > 0 {
				noise[i] = rng.IntN(o.w*o.h/2 + 1)
			}
		}
		ok, used := e.frameRound(targets, cap, nodes-total, noise)
		total += used
		if ok {
			return true
		}
		if cap > math.MaxInt/4 {
			break
		}
	}
	return false
}

// frameRound fills the sheets one after the other, each size tried with at
// most cap nodes, and reports whether every part found a sheet and the
// nodes it used.
func (e *exact) frameRound(targets []mtarget, cap, nodes int, noise []int) (bool, int) {
	n := 0
	for _, tg := range targets {
		n = max(n, tg.w, tg.h)
	}
	f := &framer{e: e, longest: n/64*64 + 63, sumsMemo: map[uint64][]uint64{}, noise: noise}
	tg := slices.Clone(targets)
	e.total = 0
	e.placed, e.targetOf, e.sheet = e.placed[:0], e.targetOf[:0], 0
	saved, pieces, area := e.pool()
	state := e.state
	for pieces > 0 {
		tiled := false
		if area > 1<<24 || areaReachable(tg, area) {
			for ti := range tg {
				if tg[ti].n == 0 || e.total >= nodes {
					continue
				}
				f.failed = map[uint64]int{}
				start := len(e.placed)
				top := frame{needW: tg[ti].w, needH: tg[ti].h, maxW: tg[ti].w, maxH: tg[ti].h}
				if f.run(top, min(nodes, e.total+cap)) {
					for _, p := range e.placed[start:] {
						pieces--
						area -= p.w * p.h
					}
					e.targetOf = append(e.targetOf, ti)
					tg[ti].n--
					e.sheet++
					tiled = true
					break
				}
			}
		}
		if !tiled {
			break
		}
	}
	// The shapes' counts (and the hash of the parts placed) are as they
	// were, as after the merge searches: on failure the next search takes
	// every part.
	for i := range e.shapes {
		e.shapes[i].left = saved[i]
	}
	e.state = state
	if pieces > 0 {
		e.sheet = 0
		return false, e.total
	}
	e.sheets, e.sheet = e.sheet, 0
	return true, e.total
}

// run runs the limited discrepancy search for the sheet top, with one
// more discrepancy each time, until it tiles the sheet, has searched the
// whole tree, or e.total reaches nodes.
func (f *framer) run(top frame, nodes int) bool {
	e := f.e
	start := len(e.placed)
	for k := 0; ; k++ {
		if e.total >= nodes || e.stop != nil && e.stop() {
			return false
		}
		e.placed, e.nodes, e.aborted = e.placed[:start], 0, false
		f.st = append(f.st[:0], top)
		f.left, f.truncs = k, 0
		e.limit = nodes - e.total
		found := f.dfs(0)
		e.total += e.nodes
		if found {
			return true
		}
		if e.aborted || f.truncs == 0 {
			return false
		}
	}
}

// key hashes the state: the frames and the parts placed.
func (f *framer) key() uint64 {
	x := f.e.state
	for _, fr := range f.st {
		x = mix(x ^ uint64(fr.x)<<48 ^ uint64(fr.y)<<32 ^ uint64(fr.bw)<<16 ^ uint64(fr.bh))
		x = mix(x ^ uint64(fr.needW)<<48 ^ uint64(fr.needH)<<32 ^ uint64(fr.maxW)<<16 ^ uint64(fr.maxH) ^ uint64(b2i(fr.right))<<63)
	}
	return x
}

// sums returns the lengths up to n that some of the remaining parts make
// end to end, each by one of its sides. A result is kept per set of
// remaining parts: most nodes close or open frames and leave the parts as
// they were, and a search that comes back up finds the sets it left.
func (f *framer) sums(n int) []uint64 {
	e := f.e
	if r, ok := f.sumsMemo[e.state]; ok {
		return r
	}
	if len(f.sumsMemo) >= min(frameSumsMemo, frameSumsBytes/(8*(n/64+1))) {
		clear(f.sumsMemo)
	}
	r := make([]uint64, n/64+1)
	f.sumsMemo[e.state] = r
	r[0] = 1
	for si := range e.shapes {
		sh := &e.shapes[si]
		for c := 0; c < sh.left; c++ {
			if !shiftOr(r, sh.w, sh.h, sh.rotate && sh.w != sh.h, n) {
				break
			}
		}
	}
	return r
}

// dfs searches on from depth d and reports whether the sheet is tiled; the
// parts stay in e.placed.
func (f *framer) dfs(d int) bool {
	e := f.e
	e.nodes++
	if e.nodes > e.limit || e.nodes&1023 == 0 && e.stop != nil && e.stop() {
		e.aborted = true
		return false
	}
	top := &f.st[len(f.st)-1]
	if top.complete() {
		if len(f.st) == 1 {
			return true // the sheet
		}
		return f.close(d)
	}
	key := f.key()
	if v, ok := f.failed[key]; ok && v >= f.left {
		return false
	}
	truncs := f.truncs
	found := f.branch(d)
	if !found && !e.aborted && len(f.failed) < mergeMaxFailed {
		v := f.left
		if f.truncs == truncs {
			v = math.MaxInt // searched in full
		}
		f.failed[key] = max(f.failed[key], v)
	}
	return found
}

// close merges the complete top frame into its parent's block and searches
// on.
func (f *framer) close(d int) bool {
	child := f.st[len(f.st)-1]
	f.st = f.st[:len(f.st)-1]
	p := &f.st[len(f.st)-1]
	bw, bh := p.bw, p.bh
	if child.right {
		p.bw += child.bw
	} else {
		p.bh += child.bh
	}
	found := f.dfs(d + 1)
	p = &f.st[len(f.st)-1]
	p.bw, p.bh = bw, bh
	f.st = append(f.st, child)
	return found
}

// branch tries the choices at the top frame in rank order, the k-th one
// costing k discrepancies.
func (f *framer) branch(d int) bool {
	e := f.e
	fi := len(f.st) - 1
	fr := f.st[fi]
	for len(f.choices) <= d {
		f.choices = append(f.choices, nil)
	}
	cs := f.choices[d][:0]
	limW, limH := fr.limits()
	r := f.sums(f.longest)
	if fr.bw == 0 {
		cs = f.parts(cs, &fr, r)
	} else {
		// A sibling to the right has the block's height and one above
		// its width: both must be sums of the remaining parts' sides,
		// and so must what the frame still needs.
		if fr.bw < limW && (fr.needW == 0 || has(r, fr.needW-fr.bw)) && has(r, fr.bh) {
			s := f.exactCount(fr.bh, true)
			if fr.needW > 0 && fr.bh == limH {
				s += 1 << 20 // the only way on
			}
			cs = append(cs, fchoice{o: exactOrient{shape: frameRight}, score: s})
		}
		if fr.bh < limH && (fr.needH == 0 || has(r, fr.needH-fr.bh)) && has(r, fr.bw) {
			s := f.exactCount(fr.bw, false)
			if fr.needH > 0 && fr.bw == limW {
				s += 1 << 20
			}
			cs = append(cs, fchoice{o: exactOrient{shape: frameUp}, score: s})
		}
	}
	slices.SortStableFunc(cs, func(a, b fchoice) int { return b.score - a.score })
	f.choices[d] = cs
	left := f.left
	defer func() { f.left = left }()
	for k, c := range cs {
		if k > left {
			f.truncs++
			break
		}
		f.left = left - k
		if f.try(d, fi, c.o) {
			return true
		}
		if e.aborted {
			return false
		}
	}
	return false
}

// parts appends the parts that may go at an empty frame's corner: within
// its limits, leaving what it needs to a sum of the remaining sides; those
// with a side it needs exactly first, then the biggest.
func (f *framer) parts(cs []fchoice, fr *frame, r []uint64) []fchoice {
	e := f.e
	limW, limH := fr.limits()
	for i, o := range e.orients {
		if e.shapes[o.shape].left == 0 || o.w > limW || o.h > limH {
			continue
		}
		if fr.needW > 0 && o.w < fr.needW && !has(r, fr.needW-o.w) ||
			fr.needH > 0 && o.h < fr.needH && !has(r, fr.needH-o.h) {
			continue
		}
		s := o.w*o.h + f.noise[i]
		if fr.needW > 0 && o.w == fr.needW {
			s += 4 << 20
		}
		if fr.needH > 0 && o.h == fr.needH {
			s += 4 << 20
		}
		cs = append(cs, fchoice{o: o, score: s})
	}
	return cs
}

// exactCount counts the remaining parts with a side of length n, as their
// height when asHeight, else as their width.
func (f *framer) exactCount(n int, asHeight bool) int {
	c := 0
	for _, o := range f.e.orients {
		sh := &f.e.shapes[o.shape]
		if sh.left > 0 && (asHeight && o.h == n || !asHeight && o.w == n) {
			c += sh.left
		}
	}
	return c
}

// try makes choice o at frame fi and searches on; on failure it undoes it.
func (f *framer) try(d, fi int, o exactOrient) bool {
	e := f.e
	fr := f.st[fi]
	limW, limH := fr.limits()
	switch o.shape {
	case frameRight:
		f.st = append(f.st, frame{x: fr.x + fr.bw, y: fr.y, needH: fr.bh, maxW: limW - fr.bw, maxH: fr.bh, right: true})
		found := f.dfs(d + 1)
		f.st = f.st[:fi+1]
		return found
	case frameUp:
		f.st = append(f.st, frame{x: fr.x, y: fr.y + fr.bh, needW: fr.bw, maxW: fr.bw, maxH: limH - fr.bh})
		found := f.dfs(d + 1)
		f.st = f.st[:fi+1]
		return found
	}
	sh := &e.shapes[o.shape]
	sh.left--
	e.state += mix(uint64(o.shape))
	e.placed = append(e.placed, exactSpot{o.shape, e.sheet, fr.x, fr.y, o.w, o.h})
	f.st[fi].bw, f.st[fi].bh = o.w, o.h
	found := f.dfs(d + 1)
	f.st = f.st[:fi+1]
	f.st[fi].bw, f.st[fi].bh = 0, 0
	if !found {
		e.placed = e.placed[:len(e.placed)-1]
		sh.left++
		e.state -= mix(uint64(o.shape))
	}
	return found
}
