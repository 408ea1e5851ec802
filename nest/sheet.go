package nest

// sheet is one sheet being filled. The engine keeps its sheets three ways,
// each in its own file, and they all answer the same questions:
//
//   - bin (maxrects.go): MaxRects, the list of maximal free rectangles;
//     the constructive phase of free layouts and the improvement phase
//     (for guillotine layouts with every placement checked);
//   - gbin (guillotine.go): disjoint free rectangles split by guillotine
//     cuts; the constructive phase of guillotine layouts;
//   - gtree (gtree.go): a tree of guillotine cuts, whose parts can be taken
//     out again; the improvement phase of guillotine layouts.
//
// bestSheet chooses among sheets through this interface. packer.choose,
// which runs for every part of every constructive MaxRects run, answers
// the same question for bins with state of its own: it asks only the
// sheets that may still take the kind (a sheet where a kind did not fit
// never will) and reads their cached answers in place. The constructive
// phase through bestSheet took twice as long on the 3,000-piece job
// (BenchmarkLayoutUltra3000, one core: 156-175 against 78-90 ms) and 4 %
// longer on the 2BP set (Constructive2BP/rotation); TestPackMatchesReference
// checks that both choose alike. rr.guillotinePlacement asks another
// question: every position over all sheets, ranked, until one keeps its
// sheet guillotine-cuttable.
type sheet interface {
	// mayFit reports whether a w x h part, or its turn when rotate, might
	// fit: false, without a scan, when the free area is smaller than the
	// part or no free piece is big enough.
	mayFit(w, h int, rotate bool) bool
	// find returns the best position for a w x h part, or its turn when
	// rotate, under q's rule (and orientation and split rule where the
	// sheet has them); ok is false when the part fits nowhere.
	find(w, h int, rotate bool, q heuristic) placement
	// place puts a part of kind ki at p, a position find returned for the
	// sheet as it is. Free space narrower than minSide, the shortest side
	// of any part still to come, may be dropped.
	place(p placement, ki int32, minSide int)
	// usedArea is the parts' area, in inflated units.
	usedArea() int
	// parts returns the sheet's parts; the caller must not change them.
	parts() []spot
}

// placement is a candidate position of a part in a sheet, with its two
// scores (minimised, s1 first).
type placement struct {
	x, y, w, h int
	s1, s2     int
	// at is the free rectangle (gbin) or waste leaf (gtree) that takes
	// the part; bin does not need it.
	at int32
	ok bool
	// across tells gbin and gtree which cut around the part comes first:
	// the one across the whole free piece (splitRule.across).
	across bool
}

// better reports whether p scores better than q.
func (p placement) better(q placement) bool {
	if !q.ok {
		return p.ok
	}
	return p.ok && (p.s1 < q.s1 || p.s1 == q.s1 && p.s2 < q.s2)
}

// bestSheet returns the index of the sheet that takes a part of kind k
// under h (h.choice decides among the sheets where it fits) and its
// position there, or -1 when none does. Sheets that may take the part are
// asked in order, so the first of equal positions wins.
//
// It asks every sheet for every part it places, and most sheets have no
// room for it: their mayFit is called directly, for a call through the
// interface per sheet made the improvement phase 15 to 20% slower
// (BenchmarkImproveFree, native). Telling the kind of a sheet is a
// compare, and the check is inlined.
func bestSheet(sheets []sheet, k *kind, h heuristic) (int, placement) {
	best, bestSheet, bestArea := placement{}, -1, -1
	// A MaxRects sheet's cached answer is read in place, the query's flags
	// worked out once (as packer.choose does): through find, every sheet
	// asked copied its placement out and worked the flags out again. The
	// 2BP set at 30,000 steps (kesim bench --time 0, one worker, the same
	// layouts) took 14.5 s of CPU against 15.0 (two runs each); guillotine
	// at 10,000 steps 8.9 s either way.
	f := queryFlags(k.rotate, h)
	for i, s := range sheets {
		var p *placement
		switch s := s.(type) {
		case *bin:
			if !s.mayFit(k.w, k.h, k.rotate) {
				continue
			}
			if s.cacheQ != f || s.cacheW != k.w || s.cacheH != k.h {
				s.answer(k.w, k.h, k.rotate, h, f)
			}
			p = &s.cacheHit
		case *gtree:
			if !s.mayFit(k.w, k.h, k.rotate) {
				continue
			}
			q := s.find(k.w, k.h, k.rotate, h)
			p = &q
		case *gbin:
			if !s.mayFit(k.w, k.h, k.rotate) {
				continue
			}
			q := s.find(k.w, k.h, k.rotate, h)
			p = &q
		default:
			if !s.mayFit(k.w, k.h, k.rotate) {
				continue
			}
			q := s.find(k.w, k.h, k.rotate, h)
			p = &q
		}
		if !p.ok {
			continue
		}
		switch h.choice {
		case choiceFirst:
			return i, *p
		case choiceGlobal:
			if p.better(best) {
				best, bestSheet = *p, i
			}
		case choiceTightest:
			if a := s.usedArea(); a > bestArea {
				best, bestSheet, bestArea = *p, i, a
			}
		}
	}
	return bestSheet, best
}
