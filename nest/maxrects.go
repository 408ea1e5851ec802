package nest

// This file implements the MaxRects data structure and its placement rules
// as described by Jukka Jylänki, "A Thousand Ways to Pack the Bin - A
// Practical Approach to Two-Dimensional Rectangle Bin Packing" (2010), and
// juj/RectangleBinPack: a bin keeps the list of maximal free rectangles; a
// part is placed at the top-left corner of one of them; every free
// rectangle it overlaps is split into up to four maximal remainders, and
// remainders contained in others are dropped.

// rect is a rectangle in engine units: [x, x+w) x [y, y+h).
type rect struct{ x, y, w, h int }

// contains reports whether r contains s.
func (r rect) contains(s rect) bool {
	return s.x >= r.x && s.y >= r.y && s.x+s.w <= r.x+r.w && s.y+s.h <= r.y+r.h
}

// side tells on which side of r a piece s cut from a rectangle that
// overlapped r lies: 0 left, 1 right, 2 above, 3 below.
func (r rect) side(s rect) int {
	switch {
	case s.x+s.w == r.x:
		return 0
	case s.x == r.x+r.w:
		return 1
	case s.y+s.h == r.y:
		return 2
	}
	return 3
}

// overlaps reports whether r and s share some area.
func (r rect) overlaps(s rect) bool {
	return s.x < r.x+r.w && r.x < s.x+s.w && s.y < r.y+r.h && r.y < s.y+s.h
}

// rule is a MaxRects placement rule. Scores are minimised.
type rule uint8

const (
	ruleBSSF rule = iota // Best Short Side Fit
	ruleBLSF             // Best Long Side Fit
	ruleBAF              // Best Area Fit
	ruleBL               // Bottom-Left (top-left in our y-down coordinates)
	ruleCP               // Contact Point: most perimeter touching edges and parts
	numRules
)

// orient says how a part that may turn is oriented.
type orient uint8

const (
	orientFree  orient = iota // both orientations compete under the rule
	orientGiven               // as entered; turned only when that does not fit
	orientTall                // standing (height >= width) when it fits so
	orientWide                // lying (width >= height) when it fits so
	numOrients
)

// preferred returns the part's size in the orientation o prefers.
func (o orient) preferred(w, h int, rotate bool) (int, int) {
	if rotate && (o == orientTall && w > h || o == orientWide && h > w) {
		return h, w
	}
	return w, h
}

// bin is a MaxRects sheet being filled. The fields that packer.choose
// reads of every open sheet come first, in one cache line.
type bin struct {
	// maxFreeW and maxFreeH bound the free rectangles' sides: a part that
	// exceeds both orientations' bounds cannot fit, without a scan.
	maxFreeW, maxFreeH int
	// The last query and its answer: copies of one part come one after
	// another, and a sheet that did not receive the last copy answers the
	// next one the same, so a big job scans each sheet once per part type.
	// cacheQ is the query's flags (queryFlags), 0 when nothing is cached.
	cacheW, cacheH int
	cacheQ         uint32
	keepUsed       bool // keep used, for the contact point rule
	area           int  // used area in inflated units
	cacheHit       placement

	// edits counts the changes to placed, so that what is worked out
	// from the parts (a saw profile's pieces, pieceTree) is known to be
	// current: each change makes it larger, copyTo too.
	edits uint64

	w, h   int
	free   []rect
	placed []spot
	used   []rect // the parts' rectangles, when keepUsed
	// scratch holds the pieces of split free rectangles during place; bins
	// of one search share it.
	scratch *[]rect
}

// queryFlags packs the rest of a query of find into one nonzero word: the
// parts of q a bin's answer depends on.
func queryFlags(rotate bool, q heuristic) uint32 {
	f := 1<<16 | uint32(q.rule)<<8 | uint32(q.orient)
	if rotate {
		f |= 1 << 17
	}
	if q.corners {
		f |= 1 << 18
	}
	return f
}

// newBin returns an empty w x h sheet. keepUsed keeps the parts'
// rectangles for the contact point rule.
func newBin(w, h int, scratch *[]rect, keepUsed bool) *bin {
	b := &bin{w: w, h: h, scratch: scratch, keepUsed: keepUsed}
	b.free = append(b.free, rect{0, 0, w, h})
	b.maxFreeW, b.maxFreeH = w, h
	return b
}

// reset empties the bin, keeping its buffers.
func (b *bin) reset() {
	b.free = append(b.free[:0], rect{0, 0, b.w, b.h})
	b.placed = b.placed[:0]
	b.edits++
	b.used = b.used[:0]
	b.area = 0
	b.maxFreeW, b.maxFreeH = b.w, b.h
	b.cacheQ = 0
}

// mayFit reports whether a w x h part (or its turn when rotate) might fit:
// not when the sheet's free area is smaller than the part, nor when no free
// rectangle is wide and high enough. The area comes first: in the
// improvement phase most sheets are nearly full, and half the parts asked
// of the sheets that passed the sides' test alone did not fit after a scan
// of the free rectangles. With it the 2BP set at 30,000 steps per instance
// (kesim bench --time 0 --iterations 30000, the same layouts) took 30.8 s
// of CPU against 37.1 s (three runs each). The search on sheets checked
// for guillotine cuts also counts the sheets a part may still fit
// (rr.insertionOrder), so its layouts changed: 2BP rotation guillotine
// 7,003 -> 7,002 sheets at 30,000 steps, 6,995 -> 6,991 at 1 s.
func (b *bin) mayFit(w, h int, rotate bool) bool {
	if b.area+w*h > b.w*b.h {
		return false
	}
	return (b.maxFreeW-w)|(b.maxFreeH-h) >= 0 || rotate && (b.maxFreeW-h)|(b.maxFreeH-w) >= 0
}

// usedArea is the parts' area.
func (b *bin) usedArea() int { return b.area }

// parts returns the sheet's parts.
func (b *bin) parts() []spot { return b.placed }

// find returns the best position for a w x h part under q.rule. When
// rotate is set it tries the turned part too: both orientations compete
// under orientFree; otherwise the turned one is used only when the
// preferred one does not fit in this bin. With q.corners it tries the
// four corners of every free rectangle (findCorners).
func (b *bin) find(w, h int, rotate bool, q heuristic) placement {
	if f := queryFlags(rotate, q); b.cacheQ != f || b.cacheW != w || b.cacheH != h {
		b.answer(w, h, rotate, q, f)
	}
	return b.cacheHit
}

// answer searches for find and caches the answer under the query's flags
// f. packer.choose calls it directly and reads the answer in place: going
// through find, which computes the flags again and copies the placement
// out for every sheet asked, made the 3,000-piece job 13 % slower
// (BenchmarkLayoutUltra3000, one core, 68-71 against 77-80 ms).
func (b *bin) answer(w, h int, rotate bool, q heuristic, f uint32) {
	b.cacheW, b.cacheH, b.cacheQ = w, h, f
	if q.corners {
		b.cacheHit = b.findCorners(w, h, rotate)
	} else {
		b.cacheHit = b.search(w, h, rotate, q.rule, q.orient)
	}
}

// search is find without the cache. The scores are computed in the loop
// rather than by score: a call per free rectangle, with the placement
// returned through memory, costs more than the scoring in WebAssembly.
func (b *bin) search(w, h int, rotate bool, r rule, o orient) placement {
	w, h = o.preferred(w, h, rotate)
	if r == ruleCP {
		return b.searchCP(w, h, rotate, o)
	}
	both := rotate && o == orientFree
	var best placement
	for i := range b.free {
		f := &b.free[i]
		// w <= f.w && h <= f.h with one branch: both differences are
		// non-negative when their or is.
		if (f.w-w)|(f.h-h) >= 0 {
			if s1, s2 := fitScores(f, w, h, r); !best.ok || s1 < best.s1 || s1 == best.s1 && s2 < best.s2 {
				best = placement{x: f.x, y: f.y, w: w, h: h, s1: s1, s2: s2, ok: true}
			}
		}
		if both && (f.w-h)|(f.h-w) >= 0 {
			if s1, s2 := fitScores(f, h, w, r); !best.ok || s1 < best.s1 || s1 == best.s1 && s2 < best.s2 {
				best = placement{x: f.x, y: f.y, w: h, h: w, s1: s1, s2: s2, ok: true}
			}
		}
	}
	if !best.ok && rotate && o != orientFree {
		return b.search(h, w, false, r, orientFree)
	}
	return best
}

// searchCP is search under the contact point rule.
func (b *bin) searchCP(w, h int, rotate bool, o orient) placement {
	both := rotate && o == orientFree
	var best placement
	for _, f := range b.free {
		if w <= f.w && h <= f.h {
			if p := b.score(f, w, h, ruleCP); p.better(best) {
				best = p
			}
		}
		if both && h <= f.w && w <= f.h {
			if p := b.score(f, h, w, ruleCP); p.better(best) {
				best = p
			}
		}
	}
	if !best.ok && rotate && o != orientFree {
		return b.searchCP(h, w, false, orientFree)
	}
	return best
}

// findCorners is find under the contact point rule, trying all four
// corners of every free rectangle instead of its top-left one: after a
// ruin, the best spot is often against parts on the right or below.
func (b *bin) findCorners(w, h int, rotate bool) placement {
	var best placement
	try := func(f rect, w, h int) {
		for _, p := range b.corners(f, w, h) {
			if p.better(best) {
				best = p
			}
		}
	}
	for _, f := range b.free {
		if w <= f.w && h <= f.h {
			try(f, w, h)
		}
		if rotate && h <= f.w && w <= f.h {
			try(f, h, w)
		}
	}
	return best
}

// corners are the four positions of a w x h part in the corners of free
// rectangle f, scored by contact point.
func (b *bin) corners(f rect, w, h int) [4]placement {
	var ps [4]placement
	for i, c := range [4][2]int{{f.x, f.y}, {f.x + f.w - w, f.y}, {f.x, f.y + f.h - h}, {f.x + f.w - w, f.y + f.h - h}} {
		p := placement{x: c[0], y: c[1], w: w, h: h, ok: true}
		p.s1, p.s2 = -b.contact(p.x, p.y, w, h), p.y+h
		ps[i] = p
	}
	return ps
}

func (b *bin) score(f rect, w, h int, r rule) placement {
	if r == ruleCP {
		return placement{x: f.x, y: f.y, w: w, h: h, ok: true, s1: -b.contact(f.x, f.y, w, h), s2: f.y + h}
	}
	return fitScore(f, w, h, r)
}

// fitScore scores a w x h part at the top-left corner of free rectangle f
// under the rules that look at f alone (all but contact point, which
// fitScore treats as best area fit).
func fitScore(f rect, w, h int, r rule) placement {
	s1, s2 := fitScores(&f, w, h, r)
	return placement{x: f.x, y: f.y, w: w, h: h, s1: s1, s2: s2, ok: true}
}

// fitScores is fitScore's two scores; it is inlined into search's loop.
func fitScores(f *rect, w, h int, r rule) (s1, s2 int) {
	dw, dh := f.w-w, f.h-h
	switch r {
	case ruleBSSF:
		return min(dw, dh), max(dw, dh)
	case ruleBLSF:
		return max(dw, dh), min(dw, dh)
	case ruleBL:
		return f.y + h, f.x
	}
	return f.w*f.h - w*h, min(dw, dh)
}

// contact is the length of the part's perimeter touching the sheet's edges
// or other parts when placed at (x, y). O(parts in the bin).
func (b *bin) contact(x, y, w, h int) int {
	c := 0
	if x == 0 || x+w == b.w {
		c += h
	}
	if y == 0 || y+h == b.h {
		c += w
	}
	for _, u := range b.used {
		if u.x == x+w || u.x+u.w == x {
			c += overlap(u.y, u.y+u.h, y, y+h)
		}
		if u.y == y+h || u.y+u.h == y {
			c += overlap(u.x, u.x+u.w, x, x+w)
		}
	}
	return c
}

// overlap is the length shared by [a0, a1] and [b0, b1], 0 when they
// are apart; min and max compile without branches.
func overlap(a0, a1, b0, b1 int) int {
	return max(0, min(a1, b1)-max(a0, b0))
}

// place puts a part of kind ki at p and updates the free rectangles.
// minSide is the shortest side of any part still to be placed: free
// rectangles narrower than that can never be used again and are dropped,
// which keeps the list short on big jobs.
func (b *bin) place(p placement, ki int32, minSide int) {
	b.placed = append(b.placed, spot{kind: ki, x: p.x, y: p.y, w: p.w, h: p.h})
	b.edits++
	b.occupy(rect{p.x, p.y, p.w, p.h}, minSide)
}

// occupy takes rectangle u, a part's, out of the free space.
func (b *bin) occupy(u rect, minSide int) {
	b.cacheQ = 0
	if b.keepUsed {
		b.used = append(b.used, u)
	}
	b.area += u.w * u.h
	kept := b.free[:0]
	split := (*b.scratch)[:0]
	// Every piece split off touches u, so only an untouched rectangle that
	// touches u can contain one: near holds those.
	var nearArr [16]rect
	near := nearArr[:0]
	for _, f := range b.free {
		// The gaps between u and f along both axes, on both sides: f and
		// u overlap when all four are negative, touch when none is
		// positive. One sign test replaces four comparisons and their
		// branches, which cost most in WebAssembly.
		g1, g2 := f.x-u.x-u.w, u.x-f.x-f.w
		g3, g4 := f.y-u.y-u.h, u.y-f.y-f.h
		if g1&g2&g3&g4 >= 0 {
			kept = append(kept, f)
			if (g1-1)&(g2-1)&(g3-1)&(g4-1) < 0 {
				near = append(near, f)
			}
			continue
		}
		if u.x > f.x {
			split = append(split, rect{f.x, f.y, u.x - f.x, f.h})
		}
		if u.x+u.w < f.x+f.w {
			split = append(split, rect{u.x + u.w, f.y, f.x + f.w - u.x - u.w, f.h})
		}
		if u.y > f.y {
			split = append(split, rect{f.x, f.y, f.w, u.y - f.y})
		}
		if u.y+u.h < f.y+f.h {
			split = append(split, rect{f.x, u.y + u.h, f.w, f.y + f.h - u.y - u.h})
		}
	}
	// Only the new rectangles need checking: an untouched rectangle cannot
	// contain another untouched one (they were pruned before), nor can it
	// be contained in a piece of a rectangle that did not contain it.
	// Pieces too small for any part are dropped first: they cannot
	// contain the others either. A piece ends at the side of u it was cut
	// along and reaches past u's other sides, so only pieces on the same
	// side of u can contain one another: bySide lists them per side.
	var bySideArr [4][16]int32
	var bySide [4][]int32
	for d := range bySide {
		bySide[d] = bySideArr[d][:0]
	}
	n := 0
	for _, s := range split {
		if s.w >= minSide && s.h >= minSide {
			split[n] = s
			d := u.side(s)
			bySide[d] = append(bySide[d], int32(n))
			n++
		}
	}
	split = split[:n]
	for i, s := range split {
		dominated := false
		for _, f := range near {
			if f.contains(s) {
				dominated = true
				break
			}
		}
		if !dominated {
			for _, k := range bySide[u.side(s)] {
				if t := split[k]; int(k) != i && t.contains(s) && (t != s || int(k) < i) {
					dominated = true
					break
				}
			}
		}
		if !dominated {
			kept = append(kept, s)
		}
	}
	b.free = kept
	*b.scratch = split
	b.maxFreeW, b.maxFreeH = 0, 0
	for _, f := range b.free {
		b.maxFreeW = max(b.maxFreeW, f.w)
		b.maxFreeH = max(b.maxFreeH, f.h)
	}
}

// rebuild lays the sheet out anew with the parts ps, after parts were
// taken out; ps may be the sheet's own parts, filtered in place.
func (b *bin) rebuild(ps []spot, minSide int) {
	b.reset()
	b.placed = append(b.placed, ps...)
	b.edits++
	for _, s := range ps {
		b.occupy(rect{s.x, s.y, s.w, s.h}, minSide)
	}
}

// copyTo makes c a copy of b that shares no memory with it, reusing c's
// buffers: the improvement phase steps many thousand times a second, and
// a fresh copy of every sheet it changes kept the garbage collector busy
// for a fifth of the time.
func (b *bin) copyTo(c *bin) {
	free, placed, used, edits := c.free, c.placed, c.used, c.edits
	*c = *b
	c.edits = max(edits, b.edits) + 1
	c.free = append(free[:0], b.free...)
	c.placed = append(placed[:0], b.placed...)
	c.used = append(used[:0], b.used...)
}

// prune drops free rectangles that no remaining part can use.
func (b *bin) prune(minSide int) {
	b.cacheQ = 0
	kept := b.free[:0]
	b.maxFreeW, b.maxFreeH = 0, 0
	for _, f := range b.free {
		if f.w >= minSide && f.h >= minSide {
			kept = append(kept, f)
			b.maxFreeW = max(b.maxFreeW, f.w)
			b.maxFreeH = max(b.maxFreeH, f.h)
		}
	}
	b.free = kept
}
