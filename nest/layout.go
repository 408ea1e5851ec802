package nest

import (
	"cmp"
	"context"
	"math"
	"slices"
	"time"
)

// Layout lays out the request's parts on as few sheets as it can.
//
// It first runs a portfolio of constructive heuristics (MaxRects with
// several placement rules, sheet choices and part orders) and keeps the best
// layout: fewest sheets, then the emptiest last sheet. With a time limit (or
// an iteration budget) it then keeps improving that layout. It stops as
// soon as the layout meets the proven lower bound.
//
// onProgress, when not nil, is called from Layout's goroutine with the
// fraction of work done and, whenever a better layout is found, that layout.
//
// Cancelling ctx ends the search early: Layout returns the best complete
// layout found so far, or ctx's error when it had none yet. A request that
// cannot be laid out returns an *InputError with a Turkish message.
func Layout(ctx context.Context, req Request, onProgress func(Progress)) (Result, error) {
	return LayoutShared(ctx, req, onProgress, nil)
}

// Check reports whether Layout would take req, without laying it out: the
// *InputError Layout would return for it, or nil. The store checks a layout
// with it before saving, so that every saved layout lays out again.
func Check(req Request) error {
	req, err := withLineIDs(req)
	if err != nil {
		return err
	}
	if usesStock(&req) {
		_, err = newStockJob(req)
	} else {
		_, _, err = newJob(req)
	}
	return err
}

// layoutSheet is Layout for a request of one sheet size without
// materials, grain or band: the engine as it always was.
func layoutSheet(ctx context.Context, req Request, onProgress func(Progress), inbox Inbox) (Result, error) {
	start := time.Now()
	j, skipped, err := newJob(req)
	if err != nil {
		return Result{}, err
	}
	s := &search{
		ctx: ctx, req: req, j: j, skipped: skipped, start: start, onProgress: onProgress,
		pk: &packer{j: j}, inbox: inbox,
	}
	if req.Options.TimeLimitMs > 0 {
		s.deadline = start.Add(time.Duration(req.Options.TimeLimitMs) * time.Millisecond)
	}
	if len(j.items) == 0 {
		return s.result(&solution{}), nil
	}
	if err := ctx.Err(); err != nil {
		return Result{}, err
	}
	s.construct()
	if s.best == nil {
		return Result{}, ctx.Err()
	}
	if !s.optimal() {
		s.exactFit()
	}
	if !s.optimal() {
		s.repeat()
	}
	if !s.optimal() && (req.Options.TimeLimitMs > 0 || req.Options.Iterations > 0) {
		s.improve()
	}
	res := s.result(s.best)
	s.report(1, nil)
	return res, nil
}

// search holds the state of one Layout call.
type search struct {
	ctx        context.Context
	req        Request
	j          *job
	skipped    []Skipped
	start      time.Time
	deadline   time.Time // zero: no time-bounded improvement
	onProgress func(Progress)
	pk         *packer
	inbox      Inbox // layouts found elsewhere (shared.go); nil: none

	lb         int
	best       *solution
	lastReport time.Time // when a layout was last reported
	lastCall   time.Time // when onProgress was last called
	reported   int       // page count last reported with a layout
	iterations int       // steps of the improvement phase so far
	// profiledRuns are the constructive runs under a saw profile made
	// so far (profiled).
	profiledRuns map[profiledRun]bool
}

// stopped reports whether the search must end now: cancelled or out of time.
func (s *search) stopped() bool {
	if s.ctx.Err() != nil {
		return true
	}
	return !s.deadline.IsZero() && s.best != nil && time.Now().After(s.deadline)
}

func (s *search) optimal() bool { return s.best != nil && len(s.best.bins) <= s.lb }

// offer considers a candidate solution and reports whether it became the best.
func (s *search) offer(sol *solution, done float64) bool {
	if sol == nil || !sol.better(s.best) {
		return false
	}
	s.best = sol
	s.report(done, sol)
	return true
}

// report calls onProgress, passing the layout when it is better than the
// one reported last: at once when it saves a sheet, otherwise at most every
// 100 ms, so that a fast stream of small gains does not flood the caller.
func (s *search) report(done float64, sol *solution) {
	if s.onProgress == nil {
		return
	}
	p := Progress{Done: done, LowerBound: s.lb}
	if s.best != nil {
		p.Pages = len(s.best.bins)
	}
	now := time.Now()
	if sol != nil && (s.reported == 0 || len(sol.bins) < s.reported || now.Sub(s.lastReport) >= 100*time.Millisecond) {
		r := s.result(sol)
		p.Best = &r
		s.reported = len(sol.bins)
		s.lastReport = now
	} else if sol != nil && now.Sub(s.lastReport) < 20*time.Millisecond {
		return
	}
	s.lastCall = now
	s.onProgress(p)
}

// construct runs the constructive portfolio.
func (s *search) construct() {
	cfgs := portfolio(s.j)
	share := 1.0
	if !s.deadline.IsZero() || s.req.Options.Iterations > 0 {
		share = 0.2
	}
	sorted := make([][]int32, numSortOrders)
	// The area bound is instant; the full bound waits until the first
	// layout is on screen, since on big jobs it costs more than a layout.
	s.lb = areaBound(s.j)
	for n, c := range cfgs {
		if n == 1 {
			s.lb = lowerBound(s.j, s.stopped)
			if s.optimal() {
				s.report(share*float64(n)/float64(len(cfgs)), s.best)
				return
			}
		}
		if s.best != nil && s.stopped() {
			return
		}
		if sorted[c.order] == nil {
			sorted[c.order] = sortedItems(s.j, c.order)
		}
		items := sorted[c.order]
		sol, ok := s.pack(items, c.heuristic)
		if !ok {
			return
		}
		if done := share * float64(n+1) / float64(len(cfgs)); !s.offer(sol, done) {
			// The progress bar moves with every run of the portfolio,
			// not only with the better layouts: on a big job in the
			// browser a run takes tens of milliseconds.
			s.report(done, nil)
		}
		if s.optimal() {
			return
		}
	}
}

func (s *search) ctxDone() bool { return s.ctx.Err() != nil }

// pack runs one constructive heuristic in the layout's mode. It returns
// the layout when it beats the best one (nil otherwise), and false when
// the search was cancelled first.
func (s *search) pack(items []int32, h heuristic) (*solution, bool) {
	if s.j.guillotine {
		sol := s.pk.packGuillotine(items, h, s.ctxDone)
		if sol == nil {
			return nil, false
		}
		if s.j.profile.set() {
			sol = s.profiled(sol, items, h)
			return sol, sol != nil || !s.ctxDone()
		}
		return sol, true
	}
	if !s.pk.pack(items, h, s.ctxDone) {
		return nil, false
	}
	if !s.pk.beats(s.best) {
		return nil, true
	}
	return s.pk.solution(), true
}

// result converts a solution to the JSON result in centimetres.
func (s *search) result(sol *solution) Result {
	j, req := s.j, s.req
	// The sheet as laid out: rounded down to 0.01 cm, as every length of
	// the result is a whole 0.01 cm.
	res := Result{Sheet: Sheet{toCM(j.sheetW), toCM(j.sheetH)}, Skipped: s.skipped, Pages: []Page{}}
	if res.Skipped == nil {
		res.Skipped = []Skipped{}
	}
	copies := make([]int, len(req.Parts))
	sheetArea := float64(j.sheetW) * float64(j.sheetH)
	var total float64
	cutLength := 0
	for bi, spots := range sol.bins {
		// Parts are listed in reading order (top to bottom, left to
		// right): the order an operator finds them on the drawing.
		sorted := append([]spot(nil), spots...)
		slices.SortStableFunc(sorted, func(a, b spot) int {
			if a.y != b.y {
				return cmp.Compare(a.y, b.y)
			}
			return cmp.Compare(a.x, b.x)
		})
		page := Page{ID: pageID(bi), Parts: make([]Placed, 0, len(sorted))}
		var area float64
		for _, sp := range sorted {
			k := j.kinds[sp.kind]
			pi := k.part
			p := req.Parts[pi]
			w, h := sp.w-j.kerf, sp.h-j.kerf
			rotated := sp.turned(&k) != k.turned
			page.Parts = append(page.Parts, Placed{
				ID: partID(p, pi) + "-" + itoa(copies[pi]), Name: p.Name,
				X: toCM(sp.x + j.trim), Y: toCM(sp.y + j.trim),
				Width: toCM(w), Height: toCM(h), Rotated: rotated, OriginalIndex: pi,
			})
			copies[pi]++
			area += float64(w) * float64(h)
		}
		page.Efficiency = int(math.Round(100 * area / sheetArea))
		if sol.cuts != nil {
			for ci, c := range sol.cuts[bi] {
				dir := Horizontal
				if c.vertical {
					dir = Vertical
				}
				page.Cuts = append(page.Cuts, Cut{
					Order: ci + 1, X: toCM(c.x + j.trim), Y: toCM(c.y + j.trim),
					Length: toCM(c.length - j.kerf), Direction: dir,
				})
				res.Stats.Cuts++
				cutLength += c.length - j.kerf
			}
		}
		total += area
		res.Pages = append(res.Pages, page)
	}
	res.Stats = Stats{
		Pages: len(res.Pages), LowerBound: s.lb, Optimal: len(res.Pages) <= s.lb,
		Placed: len(j.items), ElapsedMs: time.Since(s.start).Milliseconds(),
		Cuts: res.Stats.Cuts, CutLength: toCM(cutLength),
	}
	if len(res.Pages) > 0 {
		res.Stats.Efficiency = math.Round(1000*total/(sheetArea*float64(len(res.Pages)))) / 10
	} else {
		res.Stats.Optimal = true
	}
	setPatterns(&res)
	return res
}

func pageID(i int) string { return "page-" + itoa(i) }

func itoa(i int) string {
	if i == 0 {
		return "0"
	}
	var b [20]byte
	n := len(b)
	for ; i > 0; i /= 10 {
		n--
		b[n] = byte('0' + i%10)
	}
	return string(b[n:])
}
