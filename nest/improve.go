package nest

import (
	"math/rand/v2"
	"time"
)

// improve runs the improvement phase on the best constructive layout until
// the time limit, the iteration budget or the lower bound. It is
// deterministic for a given seed and iteration budget.
//
// A guillotine layout is improved by two searches that take turns, one on
// MaxRects sheets checked for guillotine cuts and one on cut trees: which
// of them finds the better layouts depends on the job, and each starts
// again from the other's when that one is better. The one that usually
// wins on such a job (guillotineSearch) gets three turns in four.
func (s *search) improve() {
	seed := uint64(s.req.Options.Seed)
	rng := func(stream uint64) *rand.Rand { return rand.New(rand.NewPCG(seed+stream, seed^0x9e3779b97f4a7c15)) }
	var rs []*rr
	if !s.j.guillotine {
		rs = []*rr{newRR(s, rng(0), false, false)}
	} else {
		checks, trees := newRR(s, rng(0), false, true), newRR(s, rng(1), true, false)
		rs = []*rr{checks, checks, checks, trees}
		if guillotineSearch(s.j, s.lb) == byTrees {
			rs = []*rr{trees, trees, trees, checks}
		}
	}
	budget := s.req.Options.Iterations
	for s.iterations = 0; budget <= 0 || s.iterations < budget; s.iterations++ {
		if s.stopped() || s.optimal() {
			return
		}
		rs[s.iterations/turnSteps%len(rs)].step()
		if s.iterations&127 == 0 || s.iterations&7 == 0 && s.onProgress != nil && time.Since(s.lastCall) >= progressEvery {
			s.report(s.doneFraction(), nil)
		}
	}
}

// progressEvery is the longest the improvement phase goes without a
// progress report (checked every 8 steps): on a big job 128 steps take
// most of a second in the browser, and the progress bar would stand still.
const progressEvery = 50 * time.Millisecond

// turnSteps is the number of steps a search runs before the other's turn.
const turnSteps = 256

// doneFraction estimates the share of the work done.
func (s *search) doneFraction() float64 {
	if b := s.req.Options.Iterations; b > 0 {
		return min(0.2+0.8*float64(s.iterations)/float64(b), 1)
	}
	if s.deadline.IsZero() {
		return 1
	}
	total := s.deadline.Sub(s.start).Seconds()
	if total <= 0 {
		return 1
	}
	return min(0.2+0.8*time.Since(s.start).Seconds()/total, 1)
}

// guillotineMode is how the improvement phase keeps a layout guillotine.
type guillotineMode uint8

const (
	// byChecks: MaxRects sheets, where a part goes only to a position that
	// leaves the sheet cuttable (guillotineCuts).
	byChecks guillotineMode = iota
	// byTrees: cut trees, where a part goes into a waste piece.
	byTrees
)

// guillotineSearch tells which representation usually finds the better
// guillotine layouts of the job. A MaxRects sheet places parts more
// freely, which wins when sheets hold few parts; with many parts a sheet's
// check gets slow and rejects most positions, and the tree wins, but only
// when the parts may turn: the tree then tries both ways in every waste
// piece. In separate runs over the 2BP benchmark at 5 s per instance, with
// rotation, the checks did better on 10 instances of classes 3, 5, 7, 8
// and 10 (3 to 8 parts a sheet), the trees on 3 of classes 4 and 6 (30 to
// 40 parts a sheet); oriented, the checks did better on the hardest
// instances of classes 4 and 6 too (85 against 88 sheets on ten of them).
func guillotineSearch(j *job, lowerBound int) guillotineMode {
	turns := false
	for _, k := range j.kinds {
		turns = turns || k.rotate
	}
	if turns && len(j.items) >= 12*max(lowerBound, 1) {
		return byTrees
	}
	return byChecks
}
