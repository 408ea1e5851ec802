package nest

// Guillotine layouts for panel saws: every cut runs from edge to edge of
// the piece it splits. The packer keeps disjoint free rectangles, as in the
// Guillotine algorithm of Jylänki's survey ("A Thousand Ways to Pack the
// Bin", 2010, section 3): a part goes to the top-left corner of a free
// rectangle, and the rest of that rectangle is split by two cuts, one
// through the whole rectangle and one through the strip holding the part.
// Every sheet is thereby a tree of guillotine cuts, and the order in which
// the cuts were made is a valid cutting sequence (a cut only ever splits a
// piece that an earlier cut made).

// splitRule decides which of the two cuts around a placed part runs
// through the whole free rectangle.
type splitRule uint8

const (
	splitShorterLeftover splitRule = iota // the cut across the shorter leftover side first
	splitLongerLeftover
	splitMinArea // keep the larger remainder as square as possible
	splitMaxArea
	numSplits
)

// across reports whether, for a w x h part at the corner of free piece f,
// the first cut runs across the whole width of f (horizontal) rather than
// down its whole height.
func (sr splitRule) across(f rect, w, h int) bool {
	rw, rh := f.w-w, f.h-h
	switch sr {
	case splitShorterLeftover:
		return rw <= rh
	case splitLongerLeftover:
		return rw > rh
	case splitMinArea:
		return w*rh > rw*h
	default: // splitMaxArea
		return w*rh <= rw*h
	}
}

// cut is one saw cut in inflated units within the usable sheet: the blade
// runs from (x, y) along length, down when vertical, right otherwise, and
// removes the kerf after x (vertical) or y (horizontal).
type cut struct {
	x, y, length int
	vertical     bool
}

// gbin is a sheet being filled with guillotine cuts.
type gbin struct {
	free   []rect
	placed []spot
	area   int
	cuts   []cut
	kerf   int
	maxFW  int
	maxFH  int
}

func newGbin(j *job) *gbin {
	return &gbin{free: []rect{{0, 0, j.binW, j.binH}}, kerf: j.kerf, maxFW: j.binW, maxFH: j.binH}
}

func (b *gbin) mayFit(w, h int, rotate bool) bool {
	return w <= b.maxFW && h <= b.maxFH || rotate && h <= b.maxFW && w <= b.maxFH
}

func (b *gbin) usedArea() int { return b.area }

func (b *gbin) parts() []spot { return b.placed }

// find returns the best free rectangle for the part under q.rule (contact
// point, which needs neighbours, counts as best area fit) and q.orient, and
// which cut q.split makes first there.
func (b *gbin) find(w, h int, rotate bool, q heuristic) placement {
	w, h = q.orient.preferred(w, h, rotate)
	var best placement
	for i, f := range b.free {
		if w <= f.w && h <= f.h {
			if p := fitScore(f, w, h, q.rule); p.better(best) {
				best = p
				best.at = int32(i)
			}
		}
		if rotate && q.orient == orientFree && h <= f.w && w <= f.h {
			if p := fitScore(f, h, w, q.rule); p.better(best) {
				best = p
				best.at = int32(i)
			}
		}
	}
	if !best.ok && rotate && q.orient != orientFree {
		q.orient = orientFree
		return b.find(h, w, false, q)
	}
	if best.ok {
		best.across = q.split.across(b.free[best.at], best.w, best.h)
	}
	return best
}

// place puts the part into free rectangle p.at and splits the rest.
func (b *gbin) place(p placement, ki int32, minSide int) {
	f := b.free[p.at]
	b.free[p.at] = b.free[len(b.free)-1]
	b.free = b.free[:len(b.free)-1]
	b.placed = append(b.placed, spot{kind: ki, x: p.x, y: p.y, w: p.w, h: p.h})
	b.area += p.w * p.h
	rw, rh := f.w-p.w, f.h-p.h
	var bottom, right rect
	if p.across {
		bottom = rect{f.x, f.y + p.h, f.w, rh}
		right = rect{f.x + p.w, f.y, rw, p.h}
		if rh > 0 {
			b.cuts = append(b.cuts, cut{x: f.x, y: f.y + p.h - b.kerf, length: f.w, vertical: false})
		}
		if rw > 0 {
			b.cuts = append(b.cuts, cut{x: f.x + p.w - b.kerf, y: f.y, length: p.h, vertical: true})
		}
	} else {
		right = rect{f.x + p.w, f.y, rw, f.h}
		bottom = rect{f.x, f.y + p.h, p.w, rh}
		if rw > 0 {
			b.cuts = append(b.cuts, cut{x: f.x + p.w - b.kerf, y: f.y, length: f.h, vertical: true})
		}
		if rh > 0 {
			b.cuts = append(b.cuts, cut{x: f.x, y: f.y + p.h - b.kerf, length: p.w, vertical: false})
		}
	}
	for _, r := range [2]rect{bottom, right} {
		if r.w >= minSide && r.h >= minSide {
			b.free = append(b.free, r)
		}
	}
	b.maxFW, b.maxFH = 0, 0
	for _, r := range b.free {
		b.maxFW = max(b.maxFW, r.w)
		b.maxFH = max(b.maxFH, r.h)
	}
}

// packGuillotine places order's items with heuristic h on guillotine
// sheets, or returns nil when stop reports true first.
func (pk *packer) packGuillotine(order []int32, h heuristic, stop func() bool) *solution {
	j := pk.j
	var bins []sheet // *gbin
	sm := pk.suffixMins(order)
	for i, ki := range order {
		if i&255 == 255 && stop != nil && stop() {
			return nil
		}
		k := &j.kinds[ki]
		bi, p := bestSheet(bins, k, h)
		if bi < 0 {
			bins = append(bins, newGbin(j))
			bi = len(bins) - 1
			p = bins[bi].find(k.w, k.h, k.rotate, h)
		}
		bins[bi].place(p, ki, sm[i+1])
	}
	s := &solution{bins: make([][]spot, len(bins)), areas: make([]int, len(bins)), cuts: make([][]cut, len(bins))}
	for i, sh := range bins {
		b := sh.(*gbin)
		s.bins[i] = b.placed
		s.areas[i] = b.area
		s.cuts[i] = b.cuts
	}
	return s
}

// guillotineCuts finds a cutting sequence that frees every part of a sheet
// with edge-to-edge cuts, or reports false when it finds none. A cut that
// crosses no part can be made first without losing a sequence that exists
// (the other cuts only get shorter), so the search is greedy: cut off the
// first strip found, along x or y, then cut each side; splitPiece says in
// which order, so that the blade's width never rules out a later cut.
func guillotineCuts(j *job, spots []spot) ([]cut, bool) {
	items := make([]rect, len(spots))
	for i, s := range spots {
		items[i] = rect{s.x, s.y, s.w, s.h}
	}
	var cuts []cut
	if j.profile.set() {
		ok := j.profile.cuts(items, j.binW, j.binH, j.kerf, &cuts)
		return cuts, ok
	}
	ok := splitPiece(items, rect{0, 0, j.binW, j.binH}, j.kerf, &cuts, nil)
	return cuts, ok
}

// splitPiece appends the cuts that free the parts inside piece p to cuts
// (when not nil) and reports whether there are such cuts. It reorders
// items.
//
// A cut may run anywhere in a gap between parts, and the cut is made at
// the end of the parts before it: waste behind a part is cut off later
// with any width, while waste before a part must be wider than the blade
// (the blade would otherwise cut into the edge before it). So a cut at the
// end keeps every later cut as free as it can be, and a cut that frees
// waste in front of the parts waits until no other cut is left in either
// direction; with no blade width, any cut could come first.
//
// added, when not nil, is the one part of items that the others are
// known to be cuttable without. With no blade width, a piece that does
// not hold it needs no check then: a cut that crosses no part keeps the
// parts on either side of it cuttable (the old cuts, cut short at it,
// still free them).
func splitPiece(items []rect, p rect, kerf int, cuts *[]cut, added *rect) bool {
	if len(items) == 0 || len(items) == 1 && items[0] == p {
		return true
	}
	if added != nil && kerf == 0 && !p.contains(*added) {
		return true
	}
	for pass := 0; pass < 2; pass++ {
		for _, vertical := range [2]bool{true, false} {
			c, n := pieceCut(items, p, kerf, vertical, pass)
			if c < 0 {
				continue
			}
			first, second := cutPiece(p, c, kerf, vertical, cuts)
			return splitPiece(items[:n], first, kerf, cuts, added) && splitPiece(items[n:], second, kerf, cuts, added)
		}
	}
	return false
}

// pieceCut returns where splitPiece cuts piece p holding items in one
// direction (vertical: a cut down the piece at x = c), and how many of
// items (sorted by their start in pass 0) lie before it; c < 0 when there
// is no such cut. Pass 0 cuts at the end of the first run of overlapping
// parts, pass 1 the waste in front of the first part when it is wider than
// the blade.
func pieceCut(items []rect, p rect, kerf int, vertical bool, pass int) (c, n int) {
	p1 := p.y + p.h
	if vertical {
		p1 = p.x + p.w
	}
	if pass == 0 {
		sortByStart(items, vertical)
		// The end of the first run of overlapping parts.
		_, reach := span(items[0], vertical)
		for n = 1; n < len(items); n++ {
			s, e := span(items[n], vertical)
			if s >= reach {
				break
			}
			reach = max(reach, e)
		}
		if reach < p1 {
			return reach, n
		}
		return -1, 0
	}
	p0 := p.y
	if vertical {
		p0 = p.x
	}
	if s := firstStart(items, vertical); s-p0 > kerf {
		// The waste in front of the first part. (The parts' order
		// does not matter: every cut is decided by their spans.)
		return s, 0
	}
	return -1, 0
}

// cutPiece cuts piece p at c (down it when vertical), appends the cut to
// cuts when not nil, and returns the two sides.
func cutPiece(p rect, c, kerf int, vertical bool, cuts *[]cut) (first, second rect) {
	if vertical {
		first, second = rect{p.x, p.y, c - p.x, p.h}, rect{c, p.y, p.x + p.w - c, p.h}
	} else {
		first, second = rect{p.x, p.y, p.w, c - p.y}, rect{p.x, c, p.w, p.y + p.h - c}
	}
	if cuts != nil {
		if vertical {
			*cuts = append(*cuts, cut{x: c - kerf, y: p.y, length: p.h, vertical: true})
		} else {
			*cuts = append(*cuts, cut{x: p.x, y: c - kerf, length: p.w})
		}
	}
	return first, second
}

// span is r's extent along x (vertical cuts) or y.
func span(r rect, vertical bool) (int, int) {
	if vertical {
		return r.x, r.x + r.w
	}
	return r.y, r.y + r.h
}

// firstStart returns the least start of items' spans.
func firstStart(items []rect, vertical bool) int {
	s, _ := span(items[0], vertical)
	for _, it := range items[1:] {
		t, _ := span(it, vertical)
		s = min(s, t)
	}
	return s
}

// sortByStart sorts items by their start along x (vertical) or y: an
// insertion sort, since a sheet holds few parts.
func sortByStart(items []rect, vertical bool) {
	for i := 1; i < len(items); i++ {
		it := items[i]
		s, _ := span(it, vertical)
		k := i
		for ; k > 0; k-- {
			if t, _ := span(items[k-1], vertical); t <= s {
				break
			}
			items[k] = items[k-1]
		}
		items[k] = it
	}
}
