package nest

import (
	"cmp"
	"fmt"
	"slices"
)

// The saw profile (docs/engine.md, "Saw profile"): how a guillotine layout
// must be cut on the workshop's saw. A beam saw cuts a sheet in stages: the
// first stage's cuts all run one way (along the sheet's length, the rip
// cuts, on most saws) and make strips; the strips are turned and the
// second stage cuts across them; and so on. Options.FirstCut fixes the
// first stage's direction and Options.Stages how many stages there may be,
// counted the way panel-saw software counts them ("3-stage with trim"): a
// cut that only frees one part from its waste may come one stage later.
//
// A piece is cut by the cuts of its own stage (parallel to the ones that
// made it) as long as one crosses it clear of parts, and only then turned
// for the next stage. That order never costs a stage: a line of the piece's
// direction that crosses no part crosses none in any strip the piece is
// cut into across, where it would be a cut one stage later. So without a
// blade width a sheet meets the profile exactly when profileSplitter.split,
// which always makes such cuts first, cuts it within the stages. With one
// it may miss a few sheets that could be cut (about 1 in 1,000 random
// guillotine sheets): it cuts waste in front of the parts the piece's own
// way before it turns, where the blade's width can decide which order
// works, and it does not go back. The search keeps every sheet so (every placement is
// checked, as in guillotine layouts without a profile, and the layouts of
// the searches that do not check are checked before they are taken): a
// sheet the check misses costs a position, never a valid layout.

// profile is a job's saw profile; the zero value asks for guillotine cuts
// only.
type profile struct {
	// first is firstLong or firstShort, 0 for either.
	first  int8
	stages int // 0: any number
}

const (
	firstLong int8 = 1 + iota
	firstShort
)

// newProfile returns the profile of options o (checked by checkProfile).
func newProfile(o Options) profile {
	if !o.Guillotine {
		return profile{}
	}
	pr := profile{stages: o.Stages}
	switch o.FirstCut {
	case FirstCutLong:
		pr.first = firstLong
	case FirstCutShort:
		pr.first = firstShort
	}
	return pr
}

// set reports whether the profile asks more than guillotine cuts.
func (pr profile) set() bool { return pr.first != 0 || pr.stages > 0 }

// firstVertical reports whether the first cuts of a w x h sheet run down it
// (vertical cuts): the long ones on a sheet at least as high as wide.
func (pr profile) firstVertical(w, h int) bool {
	return (pr.first == firstLong) == (h >= w)
}

// checkProfile refuses a saw profile out of range, or one asked of a
// layout that is not guillotine.
func checkProfile(o Options) error {
	if o.FirstCut != "" && o.FirstCut != FirstCutLong && o.FirstCut != FirstCutShort {
		return &InputError{Field: "options.firstCut", Message: MsgFirstCut}
	}
	if o.Stages < 0 || o.Stages == 1 || o.Stages > MaxStages {
		return &InputError{Field: "options.stages", Message: MsgStages}
	}
	if !o.Guillotine && o.FirstCut != "" {
		return &InputError{Field: "options.firstCut", Message: MsgProfileNoGuil}
	}
	if !o.Guillotine && o.Stages != 0 {
		return &InputError{Field: "options.stages", Message: MsgProfileNoGuil}
	}
	return nil
}

// cuts returns a cutting sequence of a w x h sheet (inflated, as the
// engine keeps it) holding items (inflated; reordered) that meets the
// profile, with cuts appended to cuts when not nil; false when there is
// none. With a number of stages the sequence goes stage by stage, as a
// beam saw cuts: every first-stage cut, then the strips' second-stage cuts
// strip by strip, and so on (each piece's cuts still come after the cut
// that made it); without, piece by piece, as a panel saw is fed.
func (pr profile) cuts(items []rect, w, h, kerf int, cuts *[]cut) bool {
	return pr.split(items, w, h, kerf, cuts, nil)
}

// split is cuts, recording the pieces it cuts in *nodes when not nil
// (pieceTree).
func (pr profile) split(items []rect, w, h, kerf int, cuts *[]cut, nodes *[]pnode) bool {
	ps := profileSplitter{kerf: kerf, stages: pr.stages, cuts: cuts, nodes: nodes}
	sheet := rect{0, 0, w, h}
	n := 0
	if cuts != nil {
		n = len(*cuts)
	}
	ok := false
	if pr.first != 0 {
		ok = ps.split(items, 0, sheet, 1, pr.firstVertical(w, h))
	} else if ok = ps.split(items, 0, sheet, 1, true); !ok {
		if cuts != nil {
			*cuts, ps.stageOf = (*cuts)[:n], ps.stageOf[:0]
		}
		if nodes != nil {
			*nodes = (*nodes)[:0]
		}
		ok = ps.split(items, 0, sheet, 1, false)
	}
	if ok && cuts != nil && pr.stages > 0 {
		made := (*cuts)[n:]
		order := make([]int, len(made))
		for i := range order {
			order[i] = i
		}
		slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(ps.stageOf[a], ps.stageOf[b]) })
		sorted := make([]cut, len(made))
		for i, k := range order {
			sorted[i] = made[k]
		}
		copy(made, sorted)
	}
	return ok
}

// profileSplitter cuts pieces under a profile of stages stages (0: any),
// appending the cuts to cuts (when not nil) and each one's stage to
// stageOf, and each piece to nodes (when not nil).
type profileSplitter struct {
	kerf, stages int
	cuts         *[]cut
	stageOf      []int
	nodes        *[]pnode
}

// split is splitPiece under the profile: p is a piece of stage stage whose
// cuts run down it when vertical. Cuts of p's own direction come first; a
// turn to the other direction is the next stage, allowed up to stages, and
// one more for a piece of one part (a trim). It reorders items, which are
// items lo on of the sheet's (for nodes).
func (ps *profileSplitter) split(items []rect, lo int, p rect, stage int, vertical bool) bool {
	node := -1
	if ps.nodes != nil {
		node = len(*ps.nodes)
		*ps.nodes = append(*ps.nodes, pnode{p: p, stage: stage, vertical: vertical,
			lo: int32(lo), hi: int32(lo + len(items)), kids: [2]int32{-1, -1}})
	}
	if len(items) == 0 || len(items) == 1 && items[0] == p {
		return true
	}
	for _, turn := range [2]bool{false, true} {
		dir, st := vertical, stage
		if turn {
			dir, st = !vertical, stage+1
			if ps.stages > 0 && st > ps.stages && (st > ps.stages+1 || len(items) > 1) {
				return false
			}
		}
		for pass := 0; pass < 2; pass++ {
			c, n := pieceCut(items, p, ps.kerf, dir, pass)
			if c < 0 {
				continue
			}
			first, second := cutPiece(p, c, ps.kerf, dir, ps.cuts)
			if ps.cuts != nil {
				ps.stageOf = append(ps.stageOf, st)
			}
			if node >= 0 {
				(*ps.nodes)[node].kids[0] = int32(len(*ps.nodes))
			}
			if !ps.split(items[:n], lo, first, st, dir) {
				return false
			}
			if node >= 0 {
				(*ps.nodes)[node].kids[1] = int32(len(*ps.nodes))
			}
			return ps.split(items[n:], lo+n, second, st, dir)
		}
	}
	return false
}

// verifyProfile checks a guillotine page's cutting sequence against the
// profile of j: every cut within the stages (a trim of one part one more),
// and the first cut in the profile's direction unless no cut that way
// crosses the sheet clear of parts. parts are the page's parts and pieces
// as verifyCuts has them (trimmed sheet coordinates, not inflated).
func verifyProfile(j *job, page Page, parts []rect) error {
	pr := j.profile
	if !pr.set() || len(page.Cuts) == 0 {
		return nil
	}
	w, h := j.sheetW-2*j.trim, j.sheetH-2*j.trim
	first := pr.firstVertical(w+j.kerf, h+j.kerf)
	if pr.first == 0 {
		first = page.Cuts[0].Direction == Vertical
	} else if (page.Cuts[0].Direction == Vertical) != first {
		inflated := make([]rect, len(parts))
		for i, p := range parts {
			inflated[i] = rect{p.x - j.trim, p.y - j.trim, p.w + j.kerf, p.h + j.kerf}
		}
		bin := rect{0, 0, w + j.kerf, h + j.kerf}
		for pass := range 2 {
			if c, _ := pieceCut(inflated, bin, j.kerf, first, pass); c >= 0 {
				return fmt.Errorf("ilk kesim %s olmalı", map[bool]string{true: "dikey", false: "yatay"}[first])
			}
		}
	}
	return replayStages(page.Cuts, rect{j.trim, j.trim, w, h}, first, j.kerf, func(i int, p rect, st int) error {
		if pr.stages == 0 || st <= pr.stages {
			return nil
		}
		in := 0
		for _, q := range parts {
			if p.contains(q) {
				in++
			}
		}
		if st > pr.stages+1 || in > 1 {
			return fmt.Errorf("kesim %d %d. kademede; en çok %d kademe", i+1, st, pr.stages)
		}
		return nil
	})
}

// replayStages replays cuts on sheet (the trimmed sheet, in units), whose
// first stage's cuts run down it when first, and calls visit with each
// cut's index, the piece it cuts and its stage: the stage of the cuts that
// made the piece, one more when it runs the other way. It stops at visit's
// error or at a cut that does not cut a piece from end to end.
func replayStages(cuts []Cut, sheet rect, first bool, kerf int, visit func(i int, p rect, stage int) error) error {
	type piece struct {
		r        rect
		stage    int
		vertical bool
	}
	pieces := []piece{{sheet, 1, first}}
	for i, c := range cuts {
		x, y, l := exactUnits(c.X), exactUnits(c.Y), exactUnits(c.Length)
		found := -1
		for pi, p := range pieces {
			if cutSplits(c, p.r, x, y, l) {
				found = pi
				break
			}
		}
		if found < 0 {
			return fmt.Errorf("kesim %d bir parçayı baştan sona kesmiyor", i+1)
		}
		p := pieces[found]
		vertical := c.Direction == Vertical
		st := p.stage
		if vertical != p.vertical {
			st++
		}
		if err := visit(i, p.r, st); err != nil {
			return err
		}
		pieces = append(pieces[:found], pieces[found+1:]...)
		for _, r := range cutSides(c, p.r, x, y, kerf) {
			pieces = append(pieces, piece{r, st, vertical})
		}
	}
	return nil
}

// CutStages returns the stage of each cut of a guillotine page cut from
// sheet with blade width kerf (cm) under the saw profile's firstCut, as
// Verify counts them: the first cuts (of firstCut's direction, or of the
// first cut's when it is empty) are stage 1, a cut that turns from the
// cuts that made its piece the next. A trim may be one stage more than
// Options.Stages. nil when there are no cuts or they do not replay.
func CutStages(sheet Sheet, cuts []Cut, kerf float64, firstCut string) []int {
	if len(cuts) == 0 {
		return nil
	}
	// As the engine takes them: the blade width rounded up, the sheet's
	// sides down.
	k, okK := toUnits(kerf, MaxKerfCM, true)
	sw, okW := toUnits(sheet.Width, MaxSheetCM, false)
	sh, okH := toUnits(sheet.Height, MaxSheetCM, false)
	c0 := cuts[0]
	trim := exactUnits(c0.X)
	if c0.Direction == Vertical {
		trim = exactUnits(c0.Y)
	}
	if !okK || !okW || !okH || trim < 0 {
		return nil
	}
	w, h := sw-2*trim, sh-2*trim
	first := c0.Direction == Vertical
	if firstCut != "" {
		first = newProfile(Options{Guillotine: true, FirstCut: firstCut}).firstVertical(w, h)
	}
	stages := make([]int, len(cuts))
	if replayStages(cuts, rect{trim, trim, w, h}, first, k, func(i int, _ rect, st int) error {
		stages[i] = st
		return nil
	}) != nil {
		return nil
	}
	return stages
}

// pbin is a MaxRects sheet whose every placement keeps it cuttable under
// a saw profile: the sheets of the variable-sized search's guillotine
// layouts under a profile, where the guillotine sheets (gbin) would cut
// the free space in stages of their own.
type pbin struct {
	*bin
	pr    profile
	kerf  int
	cands []placement
	tree  pieceTree
}

func newPbin(w, h, kerf int, pr profile, scratch *[]rect) *pbin {
	return &pbin{bin: newBin(w, h, scratch, true), pr: pr, kerf: kerf}
}

// find returns the best position under q whose part keeps the sheet
// cuttable under the profile: the bin's own when it does, else the next
// best position at a free rectangle's corner.
func (b *pbin) find(w, h int, rotate bool, q heuristic) placement {
	p := b.bin.find(w, h, rotate, q)
	if !p.ok || b.keeps(p) {
		return p
	}
	p, _ = b.checkedPlacement(w, h, rotate, q.rule, p, profileTries, &b.cands, b.keeps)
	return p
}

// checkedPlacement returns the best position under rule of a w x h part
// (or its turn when rotate) at a free rectangle of b, other than refused,
// that keeps accepts, among the budget best, and what is left of budget;
// not ok when none does. The candidates go in *buf, scratch the caller
// keeps. Under a saw profile each position asked is a check of the whole
// sheet, so the budget bounds them (profileTries).
func (b *bin) checkedPlacement(w, h int, rotate bool, rule rule, refused placement, budget int, buf *[]placement, keeps func(placement) bool) (placement, int) {
	cs := (*buf)[:0]
	for _, f := range b.free {
		if w <= f.w && h <= f.h {
			cs = append(cs, b.score(f, w, h, rule))
		}
		if rotate && h <= f.w && w <= f.h && w != h {
			cs = append(cs, b.score(f, h, w, rule))
		}
	}
	*buf = cs
	for ; len(cs) > 0 && budget > 0; budget-- {
		bi := 0
		for i := range cs {
			if cs[i].better(cs[bi]) {
				bi = i
			}
		}
		if c := cs[bi]; c != refused && keeps(c) {
			return c, budget - 1
		}
		cs[bi] = cs[len(cs)-1]
		cs = cs[:len(cs)-1]
	}
	return placement{}, budget
}

// keeps reports whether the sheet with a part at p can be cut under the
// profile.
func (b *pbin) keeps(p placement) bool {
	return b.tree.keeps(b.bin, b.pr, b.kerf, rect{p.x, p.y, p.w, p.h})
}

// cuts returns the sheet's cutting sequence under the profile.
func (b *pbin) cuts() []cut {
	rs := make([]rect, len(b.placed))
	for i, s := range b.placed {
		rs[i] = rect{s.x, s.y, s.w, s.h}
	}
	var cuts []cut
	b.pr.cuts(rs, b.w, b.h, b.kerf, &cuts)
	return cuts
}

// packProfiled is the constructive phase of a guillotine layout under a saw
// profile, for items in order under h: each part on the first sheet (or,
// with choiceGlobal, the sheet whose position scores best) where a
// position keeps the sheet cuttable under the profile: the sheet's best
// position, else the next best few (profileTries); on a new sheet when no
// sheet has one. nil when cancelled.
func (s *search) packProfiled(items []int32, h heuristic) *solution {
	r := newRR(s, nil, false, true)
	r.cur = &rrState{}
	h.corners = false
	type offer struct {
		i int
		p placement
	}
	var offers []offer
	for n, ki := range items {
		if n&63 == 0 && s.ctxDone() {
			return nil
		}
		k := &s.j.kinds[ki]
		// Each sheet's best position, best first (in sheet order with
		// choiceFirst): the first that keeps its sheet cuttable, or
		// another of that sheet's, wins.
		offers = offers[:0]
		for i, sh := range r.cur.sheets {
			b := sh.(*bin)
			if !b.mayFit(k.w, k.h, k.rotate) {
				continue
			}
			if p := b.find(k.w, k.h, k.rotate, h); p.ok {
				offers = append(offers, offer{i, p})
			}
		}
		if h.choice != choiceFirst {
			slices.SortStableFunc(offers, func(a, b offer) int {
				return cmp.Or(cmp.Compare(a.p.s1, b.p.s1), cmp.Compare(a.p.s2, b.p.s2))
			})
		}
		// Each check is one of the whole sheet: every sheet's best
		// position, then, with profileTries checks, other positions of
		// those sheets. (Checking only the first profileTries sheets'
		// best positions never reached the sheets opened last, the ones
		// with room, once that many sheets were full: on a job of 400
		// pieces of random sizes under two stages each part but the
		// first few then took a new sheet, 89 to 164 sheets where the
		// improvement reaches about 30.)
		bi, best := -1, placement{}
		budget := profileTries
		for _, o := range offers {
			if r.keepsGuillotine(o.i, o.p) {
				bi, best = o.i, o.p
				break
			}
		}
		for oi := 0; bi < 0 && oi < len(offers) && budget > 0; oi++ {
			var p placement
			if p, budget = r.sheetPlacement(offers[oi].i, k, h, offers[oi].p, budget); p.ok {
				bi, best = offers[oi].i, p
			}
		}
		if bi < 0 {
			// A part alone on a sheet meets every profile.
			b := newBin(s.j.binW, s.j.binH, &r.scratch, true)
			r.cur.sheets = append(r.cur.sheets, b)
			bi, best = len(r.cur.sheets)-1, b.find(k.w, k.h, k.rotate, h)
			if !best.ok {
				return nil // not reached: every kind fits the sheet
			}
		}
		r.cur.sheets[bi].place(best, ki, r.minSide)
	}
	return r.toSolution()
}

// sheetPlacement returns the best position of a part of kind k on checked
// sheet i, other than refused, that keeps it cuttable under the profile,
// among its budget best, and what is left of budget; not ok when none
// does.
func (r *rr) sheetPlacement(i int, k *kind, q heuristic, refused placement, budget int) (placement, int) {
	return r.cur.sheets[i].(*bin).checkedPlacement(k.w, k.h, k.rotate, q.rule, refused, budget, &r.placeBuf,
		func(p placement) bool { return r.keepsGuillotine(i, p) })
}

// profiled returns sol, a guillotine layout of the constructive phase, with
// the cutting sequences of the profile when every sheet meets it, else the
// layout packProfiled makes of items under h, or nil when it made that one
// before (the split rules of the guillotine portfolio are one run to it).
func (s *search) profiled(sol *solution, items []int32, h heuristic) *solution {
	cuts := make([][]cut, len(sol.bins))
	for i, b := range sol.bins {
		c, ok := guillotineCuts(s.j, b)
		if !ok {
			h.split = 0
			key := profiledRun{&items[0], h}
			if s.profiledRuns[key] || len(s.profiledRuns) >= profileRuns {
				return nil
			}
			if s.profiledRuns == nil {
				s.profiledRuns = map[profiledRun]bool{}
			}
			s.profiledRuns[key] = true
			return s.packProfiled(items, h)
		}
		cuts[i] = c
	}
	sol.cuts = cuts
	return sol
}

// profileRuns bounds the runs of packProfiled in one constructive phase:
// each checks every placement against the profile, ten times the work of a
// guillotine run, and the ruin and recreate improves on the best of them.
// A kitchen job of three materials and 1,000 pieces (kitchenRequest) under
// three stages showed its first layout after 565 ms with every run (30 a
// group) and after 354 ms with 8 (one run each, a loaded machine); 2BP
// guillotine under two stages at 1 s took 7,095 sheets with the bounds
// here against 7,130 without them (three stages: 7,020 and 7,017).
const profileRuns = 8

// profiledRun is a run of packProfiled: the items' order (its first
// element's address: construct keeps one slice per order) and the
// heuristic.
type profiledRun struct {
	order *int32
	h     heuristic
}

// profilePageCuts returns the cutting sequence under req's saw profile of a
// page of a w x h sheet (cm), as Layout writes a page's cuts; false when
// its parts cannot be cut under the profile or are not on the engine's
// grid.
func profilePageCuts(req Request, page Page, w, h float64) ([]Cut, bool) {
	kerf, trim := exactUnits(req.Options.Kerf), exactUnits(req.Options.Trim)
	binW, binH := exactUnits(w)-2*trim+kerf, exactUnits(h)-2*trim+kerf
	rs, ok := pageRects(&page)
	if !ok {
		return nil, false
	}
	for i := range rs {
		rs[i] = rect{rs[i].x - trim, rs[i].y - trim, rs[i].w + kerf, rs[i].h + kerf}
	}
	var cs []cut
	if !newProfile(req.Options).cuts(rs, binW, binH, kerf, &cs) {
		return nil, false
	}
	out := make([]Cut, len(cs))
	for i, c := range cs {
		dir := Horizontal
		if c.vertical {
			dir = Vertical
		}
		out[i] = Cut{Order: i + 1, X: toCM(c.x + trim), Y: toCM(c.y + trim), Length: toCM(c.length - kerf), Direction: dir}
	}
	return out, true
}

// profileTries is how many positions, best first, the search on checked
// sheets (and a pbin) tries for a part under a saw profile: each was a
// check of the whole sheet. Without the bound, 2BP class 6 (about 30
// parts a sheet) at 2,000 steps with three stages took 25 s for its ten
// 100-part instances, most of it checking positions that break the
// stages; with 16, 19 s and the same sheets. At 1 s under two stages (a
// shared machine), the whole 2BP rotation set took 7,115 sheets with 16
// and 7,090 with 64, class 6 155 (16), 148 (32) and 144 (64), and 169
// with 8. Now that each is a check of the piece that holds the part
// (pieceTree), 128 took class 6 to 122 sheets and the whole set to 7,037
// at 1 s, within the noise of 64's 123 and 7,042.
const profileTries = 64

// pieceTree is the pieces profileSplitter cut a sheet's parts into, kept
// while the sheet does not change, so that a position for one more part is
// checked in the smallest piece that holds it rather than on the whole
// sheet: under two stages the search tries up to profileTries positions a
// part, most of them refused, and each was a check of the whole sheet.
// The cuts around that piece stay clear of the new part, so when the piece
// can be cut with it within its stage, so can the sheet. When it cannot,
// the position is refused, though another order of cuts around the piece
// might take it: of 6,66 million positions so refused on 2BP's class 6
// under two stages, the whole sheet's check took 553. 2BP under two
// stages at 1,000 steps took 22 s instead of 37 s (7,154 sheets instead of
// 7,145: the few refusals change the search's path), and at 1 s 7,042
// sheets instead of 7,049 (class 6: 123 instead of 125). With a blade width
// a position the piece takes is checked on the whole sheet too, since the
// sheet's cutting sequence is the whole sheet's check, which may then miss
// what the pieces found (see above).
type pieceTree struct {
	b         *bin
	edits     uint64  // b.edits when the tree was made
	ok        bool    // the sheet as it is meets the profile
	items     []rect  // its parts, as the tree's pieces order them
	nodes     []pnode // the pieces; nodes[0] is the sheet
	buf, full []rect
}

// pnode is a piece of a pieceTree: its rectangle, the stage and direction
// of its cuts, its parts (items[lo:hi]) and the two pieces its first cut
// makes (-1: none).
type pnode struct {
	p        rect
	stage    int
	vertical bool
	lo, hi   int32
	kids     [2]int32
}

// keeps reports whether sheet b with one more part at q can be cut under
// the profile pr.
func (t *pieceTree) keeps(b *bin, pr profile, kerf int, q rect) bool {
	if t.b != b || t.edits != b.edits {
		t.b, t.edits = b, b.edits
		t.items = t.items[:0]
		for _, s := range b.placed {
			t.items = append(t.items, rect{s.x, s.y, s.w, s.h})
		}
		t.nodes = t.nodes[:0]
		t.ok = pr.split(t.items, b.w, b.h, kerf, nil, &t.nodes)
	}
	at := int32(0)
	for t.ok {
		next := int32(-1)
		for _, k := range t.nodes[at].kids {
			// A piece of the stage after the last is a trim, allowed
			// in a piece of one part: with the new part in it, the
			// piece that was trimmed is checked.
			if k >= 0 && t.nodes[k].p.contains(q) && (pr.stages == 0 || t.nodes[k].stage <= pr.stages) {
				next = k
			}
		}
		if next < 0 {
			break
		}
		at = next
	}
	if t.ok && at > 0 {
		nd := &t.nodes[at]
		rs := append(append(t.buf[:0], t.items[nd.lo:nd.hi]...), q)
		t.buf = rs
		ps := profileSplitter{kerf: kerf, stages: pr.stages}
		if !ps.split(rs, 0, nd.p, nd.stage, nd.vertical) {
			return false
		}
		if kerf == 0 {
			return true
		}
	}
	rs := t.full[:0]
	for _, s := range b.placed {
		rs = append(rs, rect{s.x, s.y, s.w, s.h})
	}
	rs = append(rs, q)
	t.full = rs
	return pr.cuts(rs, b.w, b.h, kerf, nil)
}
