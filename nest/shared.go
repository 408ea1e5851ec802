package nest

import "context"

// Sharing layouts between searches that run apart: the browser runs a
// longer search on several engines, one Web Worker each, every one from
// its own seed (docs/worker.md). They share no memory, so a layout one of
// them finds travels to the others as a Result, and each continues from
// it when it has fewer sheets than its own best, as the goroutines of
// options.workers do every epochSteps steps (improve.go).

// Inbox returns the latest layout of the same request that another search
// found, or nil when none came since it was last asked. The search calls it
// from its own goroutine, every 128 steps of the improvement phase.
type Inbox func() *Result

// LayoutShared is Layout that also takes layouts from inbox (nil: none).
// Only a layout on one sheet size takes them (no stock rows, pinned pages
// or keepLeftover); the others ignore the inbox. A layout taken must pass
// Verify against req and have fewer sheets, or the same sheets and a
// smaller last one; anything else is ignored.
func LayoutShared(ctx context.Context, req Request, onProgress func(Progress), inbox Inbox) (Result, error) {
	req, err := withLineIDs(req)
	if err != nil {
		return Result{}, err
	}
	if req.Options.KeepLeftover {
		return layoutKeepLeftover(ctx, req, onProgress)
	}
	if len(req.Pinned) > 0 {
		return layoutPinned(ctx, req, onProgress)
	}
	if usesStock(&req) {
		return layoutStock(ctx, req, onProgress)
	}
	return layoutSheet(ctx, req, onProgress, inbox)
}

// takeShared makes the inbox's layout the best when it is better.
func (s *search) takeShared() {
	if s.inbox == nil || s.best == nil {
		return
	}
	r := s.inbox()
	if r == nil || len(r.Pages) > len(s.best.bins) {
		return
	}
	if sol := s.solutionOf(*r); sol != nil && sol.better(s.best) {
		s.best = sol
	}
}

// solutionOf converts a result of the search's request back to a
// solution, or returns nil when it is no valid layout of it.
func (s *search) solutionOf(r Result) *solution {
	if Verify(s.req, r) != nil {
		return nil
	}
	j := s.j
	kindOf := make([]int32, len(s.req.Parts))
	for i := range kindOf {
		kindOf[i] = -1
	}
	for ki, k := range j.kinds {
		kindOf[k.part] = int32(ki)
	}
	sol := &solution{}
	for _, pg := range r.Pages {
		spots := make([]spot, 0, len(pg.Parts))
		area := 0
		for _, p := range pg.Parts {
			if p.OriginalIndex < 0 || p.OriginalIndex >= len(kindOf) || kindOf[p.OriginalIndex] < 0 {
				return nil
			}
			// Verify accepted every length as whole units.
			sp := spot{kind: kindOf[p.OriginalIndex], x: exactUnits(p.X) - j.trim, y: exactUnits(p.Y) - j.trim,
				w: exactUnits(p.Width) + j.kerf, h: exactUnits(p.Height) + j.kerf}
			spots = append(spots, sp)
			area += sp.w * sp.h
		}
		sol.bins = append(sol.bins, spots)
		sol.areas = append(sol.areas, area)
		if j.guillotine {
			cuts, ok := guillotineCuts(j, spots)
			if !ok {
				return nil
			}
			sol.cuts = append(sol.cuts, cuts)
		}
	}
	return sol
}
