package nest

// binChoice says which open sheet receives the next part.
type binChoice uint8

const (
	// choiceFirst puts the part into the first sheet where it fits. Early
	// sheets fill up and the last one stays emptiest.
	choiceFirst binChoice = iota
	// choiceGlobal puts the part where the rule scores best over all sheets.
	choiceGlobal
	// choiceTightest puts the part into the fullest sheet where it fits.
	choiceTightest
	numChoices
)

// heuristic is one constructive configuration of the portfolio.
type heuristic struct {
	rule   rule
	choice binChoice
	orient orient
	split  splitRule // guillotine sheets only
	// corners: the contact point rule tries the four corners of every
	// free rectangle (MaxRects, in the improvement phase).
	corners bool
}

// spot is a placed part: its kind and position in inflated units.
type spot struct {
	kind       int32
	x, y, w, h int
}

// turned reports whether the part is turned with respect to its kind k as
// stored.
func (s spot) turned(k *kind) bool { return s.w != k.w || s.h != k.h }

// solution is a complete packing of a job's items.
type solution struct {
	bins  [][]spot
	areas []int   // used (inflated) area per bin
	cuts  [][]cut // per bin, in cutting order; guillotine layouts only
}

// better reports whether s is a better layout than t: fewer sheets, then
// the emptiest last sheet (a bigger usable offcut).
func (s *solution) better(t *solution) bool {
	if t == nil {
		return true
	}
	if len(s.bins) != len(t.bins) {
		return len(s.bins) < len(t.bins)
	}
	return s.areas[len(s.areas)-1] < t.areas[len(t.areas)-1]
}

// packer lays out items in a given order with one heuristic. It keeps its
// buffers between runs so that a portfolio allocates little.
type packer struct {
	j    *job
	bins []*bin
	// suffixMin[i] is the shortest side of items order[i:].
	suffixMin []int
	scratch   []rect
	// The sheets that may take the copies of one kind: free space only
	// shrinks, so a sheet where a kind did not fit never will, and the
	// copies of a kind come one after another. For kind run, cands lists
	// the sheets below rest where it fitted at the last look, in order;
	// the others below rest cannot take it, those from rest on are not
	// looked at yet.
	run   int32
	cands []int32
	rest  int
}

// pack places order's items (indices into j.items' kinds) and reports
// whether it finished, false when stop reported true first. The layout
// stays in the packer: beats compares it, solution copies it out.
func (pk *packer) pack(order []int32, h heuristic, stop func() bool) bool {
	j := pk.j
	pk.bins = pk.bins[:0]
	sm := pk.suffixMins(order)
	pk.run = -1
	keepUsed := h.rule == ruleCP
	lastMin := sm[0]
	for i, ki := range order {
		if i&255 == 255 && stop != nil && stop() {
			return false
		}
		k := &j.kinds[ki]
		if sm[i] > lastMin+lastMin/4 {
			// The shortest side of the parts still to come grew: drop the
			// free rectangles none of them can use, in every sheet.
			for _, b := range pk.bins {
				b.prune(sm[i])
			}
			lastMin = sm[i]
		}
		minSide := sm[i+1]
		bi, p := pk.choose(k, ki, h)
		if !p.ok {
			b := pk.newBin(keepUsed)
			bi = len(pk.bins) - 1
			p = b.find(k.w, k.h, k.rotate, h)
		}
		pk.bins[bi].place(p, ki, minSide)
	}
	return true
}

// beats reports whether the packer's last layout is better than t, as
// solution.better would: most runs of a portfolio are not, and their
// layouts are never copied.
func (pk *packer) beats(t *solution) bool {
	if t == nil {
		return true
	}
	if len(pk.bins) != len(t.bins) {
		return len(pk.bins) < len(t.bins)
	}
	return pk.bins[len(pk.bins)-1].area < t.areas[len(t.areas)-1]
}

// solution returns a copy of the packer's last layout.
func (pk *packer) solution() *solution {
	n := 0
	for _, b := range pk.bins {
		n += len(b.placed)
	}
	all := make([]spot, 0, n) // one allocation for every sheet's spots
	s := &solution{bins: make([][]spot, len(pk.bins)), areas: make([]int, len(pk.bins))}
	for i, b := range pk.bins {
		all = append(all, b.placed...)
		s.bins[i] = all[len(all)-len(b.placed) : len(all) : len(all)]
		s.areas[i] = b.area
	}
	return s
}

// suffixMins returns, for every i, the shortest side of order[i:].
func (pk *packer) suffixMins(order []int32) []int {
	if cap(pk.suffixMin) < len(order)+1 {
		pk.suffixMin = make([]int, len(order)+1)
	}
	sm := pk.suffixMin[:len(order)+1]
	sm[len(order)] = 1 << 62
	for i := len(order) - 1; i >= 0; i-- {
		k := pk.j.kinds[order[i]]
		sm[i] = min(sm[i+1], k.w, k.h)
	}
	return sm
}

// newBin opens a sheet, reusing one of an earlier run when there is one.
func (pk *packer) newBin(keepUsed bool) *bin {
	if n := len(pk.bins); n < cap(pk.bins) && pk.bins[:n+1][n] != nil {
		pk.bins = pk.bins[:n+1]
		b := pk.bins[n]
		b.reset()
		b.keepUsed = keepUsed
		return b
	}
	b := newBin(pk.j.binW, pk.j.binH, &pk.scratch, keepUsed)
	pk.bins = append(pk.bins, b)
	return b
}

// choose picks the sheet and position for kind k (index ki) among the
// open sheets. It is bestSheet for the constructive MaxRects runs, made
// fast: it looks only at the sheets that may still take the kind (see
// packer.cands), in the order of the sheets, so it chooses as a scan of
// every sheet would (TestPackMatchesReference).
func (pk *packer) choose(k *kind, ki int32, h heuristic) (int, placement) {
	if ki != pk.run {
		pk.run, pk.cands, pk.rest = ki, pk.cands[:0], 0
	}
	bestBin := -1
	var bestS1, bestS2 int
	bestArea := -1
	// find's cache is used here directly: a sheet's answer is compared
	// where it is cached, and only the chosen one is copied out.
	q := queryFlags(k.rotate, h)
	nc := len(pk.cands)
	n := 0 // candidates kept
	for i, end := 0, nc+len(pk.bins)-pk.rest; i < end; i++ {
		bi := pk.rest + i - nc
		if i < nc {
			bi = int(pk.cands[i])
		}
		b := pk.bins[bi]
		if !b.mayFit(k.w, k.h, k.rotate) {
			continue
		}
		if b.cacheQ != q || b.cacheW != k.w || b.cacheH != k.h {
			b.answer(k.w, k.h, k.rotate, h, q)
		}
		p := &b.cacheHit
		if !p.ok {
			continue
		}
		// Reading cands is done once i reaches nc, so n may overwrite it.
		if n < len(pk.cands) {
			pk.cands[n] = int32(bi)
		} else {
			pk.cands = append(pk.cands, int32(bi))
		}
		n++
		switch h.choice {
		case choiceFirst:
			if i < nc {
				pk.cands = append(pk.cands[:n], pk.cands[i+1:nc]...)
			} else {
				pk.cands, pk.rest = pk.cands[:n], bi+1
			}
			return bi, *p
		case choiceGlobal:
			// As placement.better.
			if bestBin < 0 || p.s1 < bestS1 || p.s1 == bestS1 && p.s2 < bestS2 {
				bestBin, bestS1, bestS2 = bi, p.s1, p.s2
			}
		case choiceTightest:
			if b.area > bestArea {
				bestBin, bestArea = bi, b.area
			}
		}
	}
	pk.cands, pk.rest = pk.cands[:n], len(pk.bins)
	if bestBin < 0 {
		return -1, placement{}
	}
	return bestBin, pk.bins[bestBin].cacheHit
}
