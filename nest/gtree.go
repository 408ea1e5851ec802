package nest

// A guillotine sheet as a tree of cuts, for the improvement phase.
//
// Every inner node is a piece of the sheet cut into strips that lie side by
// side: along x, separated by vertical cuts (vertical), or along y,
// separated by horizontal cuts. A strip is a part (a leaf that holds one
// part, exactly its inflated size), waste (a leaf that holds nothing) or an
// inner node again, cut the other way. Any guillotine layout, with any
// number of stages, is such a tree (Gardeyn and Wauters, EJOR 2022, keep
// their sheets the same way).
//
// Unlike the free rectangles of gbin, the tree lets the search take out any
// part, not only the ones placed last: the part becomes waste, the waste
// strips of its node move to the node's end and merge into one (strips of
// a guillotine piece may be cut in any order), and a node left with waste
// alone becomes waste itself. So a sheet is always kept in a normal form
// with its free space in as few, as big, pieces as the cuts allow.

// Node kinds other than a part's kind index.
const (
	gWaste int32 = -1
	gInner int32 = -2
	gDead  int32 = -3 // a free slot of the node array
)

// gnode is one node of a guillotine tree. Links are indices into the
// tree's node array, -1 for none.
type gnode struct {
	x, y, w, h          int
	parent, first, next int32
	// kind is the part kind of a part leaf, or gWaste, gInner or gDead.
	kind int32
	// vertical: an inner node's strips lie along x, split by vertical cuts.
	vertical bool
}

// gtree is one guillotine sheet. Node 0 is the root: an inner node the
// size of the usable sheet (plus one kerf, as everywhere in the engine).
type gtree struct {
	n    []gnode
	dead []int32
	area int // the parts' inflated area
	// maxW and maxH bound the waste leaves' sides: a part that exceeds
	// them in both orientations cannot fit, without a scan.
	maxW, maxH int
}

func newGtree(w, h int) *gtree {
	t := &gtree{n: []gnode{
		{x: 0, y: 0, w: w, h: h, parent: -1, first: 1, next: -1, kind: gInner, vertical: true},
		{x: 0, y: 0, w: w, h: h, parent: 0, first: -1, next: -1, kind: gWaste},
	}}
	t.maxW, t.maxH = w, h
	return t
}

// alloc adds a node and returns its index.
func (t *gtree) alloc(g gnode) int32 {
	g.first, g.next = -1, -1
	if k := len(t.dead); k > 0 {
		i := t.dead[k-1]
		t.dead = t.dead[:k-1]
		t.n[i] = g
		return i
	}
	t.n = append(t.n, g)
	return int32(len(t.n) - 1)
}

// free releases node i and its subtree.
func (t *gtree) free(i int32) {
	for c := t.n[i].first; c >= 0; {
		next := t.n[c].next
		t.free(c)
		c = next
	}
	t.n[i] = gnode{kind: gDead, parent: -1, first: -1, next: -1}
	t.dead = append(t.dead, i)
}

// mayFit is bin.mayFit for a cut tree: the free area first, then the
// waste leaves' sides.
func (t *gtree) mayFit(w, h int, rotate bool) bool {
	if r := &t.n[0]; t.area+w*h > r.w*r.h {
		return false
	}
	return w <= t.maxW && h <= t.maxH || rotate && h <= t.maxW && w <= t.maxH
}

// bounds recomputes maxW and maxH.
func (t *gtree) bounds() {
	t.maxW, t.maxH = 0, 0
	for i := range t.n {
		if g := &t.n[i]; g.kind == gWaste {
			t.maxW = max(t.maxW, g.w)
			t.maxH = max(t.maxH, g.h)
		}
	}
}

// find returns the best waste leaf for a w x h part (or its turn) under
// q.rule, and which cut q.split makes first there, as in gbin. Both
// orientations compete, whatever q.orient.
func (t *gtree) find(w, h int, rotate bool, q heuristic) placement {
	var best placement
	for i := range t.n {
		g := &t.n[i]
		if g.kind != gWaste {
			continue
		}
		f := rect{g.x, g.y, g.w, g.h}
		if w <= f.w && h <= f.h {
			if p := fitScore(f, w, h, q.rule); p.better(best) {
				best = p
				best.at = int32(i)
			}
		}
		if rotate && h <= f.w && w <= f.h {
			if p := fitScore(f, h, w, q.rule); p.better(best) {
				best = p
				best.at = int32(i)
			}
		}
	}
	if best.ok {
		f := t.n[best.at]
		best.across = q.split.across(rect{f.x, f.y, f.w, f.h}, best.w, best.h)
	}
	return best
}

// place puts a part of kind ki at p, in the waste leaf's top-left corner.
// The tree keeps every waste piece: minSide does not matter.
func (t *gtree) place(p placement, ki int32, minSide int) {
	leaf := p.at
	f := t.n[leaf]
	w, h := p.w, p.h
	t.area += w * h
	vertical := t.n[f.parent].vertical // how the leaf's siblings lie
	// The first cut runs along the leaf's siblings (a new strip as long as
	// the part) or across them.
	along := p.across != vertical
	// In the parent's direction the part takes length a of the leaf's
	// length l; across it, c of cl.
	a, l, c, cl := w, f.w, h, f.h
	if !vertical {
		a, l, c, cl = h, f.h, w, f.w
	}
	part := gnode{w: w, h: h, kind: ki}
	if along || a == l || c == cl {
		// The leaf becomes the strip of length a and, after it, waste of
		// length l-a. The strip is the part, or the part and waste across.
		if a < l {
			rest := t.alloc(gnode{kind: gWaste, parent: f.parent})
			t.n[rest].next = f.next
			t.n[leaf].next = rest
			t.setLength(leaf, vertical, a)
			t.setLength(rest, vertical, l-a)
		}
		if c == cl {
			t.n[leaf].kind = ki
		} else {
			t.split(leaf, !vertical, c, part)
		}
	} else {
		// The leaf is cut across first: a strip of length c holding the
		// part and waste of length a-l beside it, then waste.
		strip := t.split(leaf, !vertical, c, gnode{kind: gWaste})
		t.split(strip, vertical, a, part)
	}
	t.layout(f.parent)
	t.bounds()
}

// setLength sets a strip's length in its parent's direction (the other
// side is the parent's).
func (t *gtree) setLength(i int32, vertical bool, l int) {
	p := &t.n[t.n[i].parent]
	g := &t.n[i]
	if vertical {
		g.w, g.h = l, p.h
	} else {
		g.w, g.h = p.w, l
	}
}

// split turns leaf i into an inner node cut in direction vertical, with
// first a strip of length a holding g (a part, or waste) and then waste.
// It returns g's node.
func (t *gtree) split(i int32, vertical bool, a int, g gnode) int32 {
	n := t.n[i]
	g.parent = i
	first := t.alloc(g)
	rest := t.alloc(gnode{kind: gWaste, parent: i})
	t.n[first].next = rest
	t.n[i].kind, t.n[i].vertical, t.n[i].first = gInner, vertical, first
	l := n.h
	if vertical {
		l = n.w
	}
	t.setLength(first, vertical, a)
	t.setLength(rest, vertical, l-a)
	if g.kind >= 0 {
		t.n[first].w, t.n[first].h = g.w, g.h
	}
	return first
}

// layout sets the positions of node i's subtree from i's own.
func (t *gtree) layout(i int32) {
	g := &t.n[i]
	x, y := g.x, g.y
	for c := g.first; c >= 0; c = t.n[c].next {
		cn := &t.n[c]
		cn.x, cn.y = x, y
		if g.vertical {
			x += cn.w
		} else {
			y += cn.h
		}
		if cn.kind == gInner {
			t.layout(c)
		}
	}
}

// remove takes the parts at leaves is out: each becomes waste and its
// node is brought back to normal form.
func (t *gtree) remove(is ...int32) {
	for _, i := range is {
		g := &t.n[i]
		t.area -= g.w * g.h
		g.kind = gWaste
		t.normalize(g.parent)
	}
	t.bounds()
}

// normalize moves the waste strips of inner node i to its end and merges
// them into one; a node left with waste alone becomes waste itself, and
// its parent is normalized in turn.
func (t *gtree) normalize(i int32) {
	for {
		g := &t.n[i]
		var keep []int32
		waste, wasteLen := int32(-1), 0
		for c := g.first; c >= 0; {
			next := t.n[c].next
			cn := &t.n[c]
			if cn.kind == gWaste {
				if g.vertical {
					wasteLen += cn.w
				} else {
					wasteLen += cn.h
				}
				if waste < 0 {
					waste = c
				} else {
					t.free(c)
				}
			} else {
				keep = append(keep, c)
			}
			c = next
		}
		if len(keep) == 0 && g.parent >= 0 {
			// Waste alone: the node is waste.
			t.free(waste)
			g = &t.n[i]
			g.kind, g.first = gWaste, -1
			i = g.parent
			continue
		}
		if waste >= 0 {
			keep = append(keep, waste)
			t.setLength(waste, g.vertical, wasteLen)
		}
		g = &t.n[i]
		g.first = keep[0]
		for k, c := range keep {
			t.n[c].next = -1
			if k > 0 {
				t.n[keep[k-1]].next = c
			}
		}
		t.layout(i)
		return
	}
}

// leaves returns the part leaves.
func (t *gtree) leaves() []int32 {
	var out []int32
	for i := range t.n {
		if t.n[i].kind >= 0 {
			out = append(out, int32(i))
		}
	}
	return out
}

// parts returns the sheet's parts, in a new slice.
func (t *gtree) parts() []spot {
	var out []spot
	for _, i := range t.leaves() {
		g := t.n[i]
		out = append(out, spot{kind: g.kind, x: g.x, y: g.y, w: g.w, h: g.h})
	}
	return out
}

func (t *gtree) usedArea() int { return t.area }

// copyTo makes c a copy of t that shares no memory with it, reusing c's
// buffers (see bin.copyTo).
func (t *gtree) copyTo(c *gtree) {
	n, dead := c.n, c.dead
	*c = *t
	c.n = append(n[:0], t.n...)
	c.dead = append(dead[:0], t.dead...)
}

// cuts returns a cutting sequence for the tree: each inner node's strips
// are cut off one after another, then each strip is cut in turn.
func (t *gtree) cuts(kerf int) []cut {
	var out []cut
	var walk func(i int32)
	walk = func(i int32) {
		g := t.n[i]
		for c := g.first; c >= 0; c = t.n[c].next {
			cn := t.n[c]
			if cn.next < 0 {
				break
			}
			if g.vertical {
				out = append(out, cut{x: cn.x + cn.w - kerf, y: g.y, length: g.h, vertical: true})
			} else {
				out = append(out, cut{x: g.x, y: cn.y + cn.h - kerf, length: g.w})
			}
		}
		for c := g.first; c >= 0; c = t.n[c].next {
			if t.n[c].kind == gInner {
				walk(c)
			}
		}
	}
	walk(0)
	return out
}

// gtreeFromCuts builds the tree of a sheet laid out by gbin: its parts and
// its cutting sequence.
func gtreeFromCuts(j *job, spots []spot, cuts []cut) *gtree {
	// First the binary tree of the cuts: every cut splits one leaf.
	type bnode struct {
		r           rect
		vertical    bool
		left, right int
	}
	k := j.kerf
	bs := []bnode{{r: rect{0, 0, j.binW, j.binH}, left: -1, right: -1}}
	for _, c := range cuts {
		for i := range bs {
			b := &bs[i]
			p := b.r
			if b.left >= 0 {
				continue
			}
			var l, r rect
			switch {
			case c.vertical && c.y == p.y && c.length == p.h && p.x <= c.x && c.x+k < p.x+p.w:
				l, r = rect{p.x, p.y, c.x + k - p.x, p.h}, rect{c.x + k, p.y, p.x + p.w - c.x - k, p.h}
			case !c.vertical && c.x == p.x && c.length == p.w && p.y <= c.y && c.y+k < p.y+p.h:
				l, r = rect{p.x, p.y, p.w, c.y + k - p.y}, rect{p.x, c.y + k, p.w, p.y + p.h - c.y - k}
			default:
				continue
			}
			b.vertical, b.left, b.right = c.vertical, len(bs), len(bs)+1
			bs = append(bs, bnode{r: l, left: -1, right: -1}, bnode{r: r, left: -1, right: -1})
			break
		}
	}
	at := make(map[rect]spot, len(spots))
	for _, s := range spots {
		at[rect{s.x, s.y, s.w, s.h}] = s
	}
	t := &gtree{}
	// Then the tree in normal form: a binary node's children cut the same
	// way join its strips.
	var strips func(b int, vertical bool, out []int) []int
	strips = func(b int, vertical bool, out []int) []int {
		if bs[b].left >= 0 && bs[b].vertical == vertical {
			out = strips(bs[b].left, vertical, out)
			return strips(bs[b].right, vertical, out)
		}
		return append(out, b)
	}
	var build func(b int, parent int32) int32
	build = func(b int, parent int32) int32 {
		n := bs[b]
		g := gnode{x: n.r.x, y: n.r.y, w: n.r.w, h: n.r.h, parent: parent, kind: gWaste}
		if s, ok := at[n.r]; ok && n.left < 0 {
			g.kind = s.kind
			t.area += s.w * s.h
		}
		if n.left >= 0 {
			g.kind, g.vertical = gInner, n.vertical
		}
		i := t.alloc(g)
		if n.left >= 0 {
			prev := int32(-1)
			for _, c := range strips(b, n.vertical, nil) {
				ci := build(c, i)
				if prev < 0 {
					t.n[i].first = ci
				} else {
					t.n[prev].next = ci
				}
				prev = ci
			}
		}
		return i
	}
	if bs[0].left < 0 {
		// No cut: the root is an inner node with one strip.
		t.alloc(gnode{w: j.binW, h: j.binH, parent: -1, kind: gInner, vertical: true})
		t.n[0].first = build(0, 0)
	} else {
		build(0, -1)
	}
	// Normal form: every inner node's waste merged at its end.
	for i := len(t.n) - 1; i >= 0; i-- {
		if t.n[i].kind == gInner {
			t.normalize(int32(i))
		}
	}
	t.bounds()
	return t
}
