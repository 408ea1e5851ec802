package nest

import (
	"math/rand/v2"
	"sync"
	"time"
)

// improve runs the improvement phase on the best constructive layout until
// the time limit, the iteration budget or the lower bound. It is
// deterministic for a given seed, iteration budget and worker count.
func (s *search) improve() {
	if w := s.req.Options.Workers; w > 1 {
		s.improveParallel(min(w, MaxWorkers))
		return
	}
	rs := s.searches(0)
	budget := s.req.Options.Iterations
	for s.iterations = 0; budget <= 0 || s.iterations < budget; s.iterations++ {
		if s.stopped() || s.optimal() {
			return
		}
		if s.iterations&127 == 0 {
			s.takeShared()
		}
		rs[s.iterations/turnSteps%len(rs)].step()
		if s.iterations&127 == 0 || s.iterations&7 == 0 && s.onProgress != nil && time.Since(s.lastCall) >= progressEvery {
			s.report(s.doneFraction(), nil)
		}
	}
}

// searches returns the ruin-and-recreate searches of one worker, in the
// order of their turns, with random streams from stream on.
//
// A guillotine layout is improved by two searches that take turns, one on
// MaxRects sheets checked for guillotine cuts and one on cut trees: which
// of them finds the better layouts depends on the job, and each starts
// again from the other's when that one is better. The one that usually
// wins on such a job (guillotineSearch) gets three turns in four.
func (s *search) searches(stream uint64) []*rr {
	seed := uint64(s.req.Options.Seed)
	rng := func(k uint64) *rand.Rand {
		return rand.New(rand.NewPCG(seed+stream+k, seed^0x9e3779b97f4a7c15))
	}
	if !s.j.guillotine {
		return []*rr{newRR(s, rng(0), false, false)}
	}
	checks, trees := newRR(s, rng(0), false, true), newRR(s, rng(1), true, false)
	if s.j.profile.set() {
		// Cut trees keep stages of their own: under a saw profile only
		// the sheets checked at every placement.
		return []*rr{checks}
	}
	if guillotineSearch(s.j, s.lb) == byTrees {
		return []*rr{trees, trees, trees, checks}
	}
	return []*rr{checks, checks, checks, trees}
}

// MaxWorkers is the most goroutines options.workers may ask for.
const MaxWorkers = 64

// msgInvalidWorkers refuses options.workers out of range.
const msgInvalidWorkers = "Çalışan sayısı 0 ile 64 arasında olmalı."

// epochSteps is the steps each worker runs between two exchanges of the
// best layout: fixed, so that the exchanges, and the layout, do not
// depend on the machine's speed.
const epochSteps = 128

// improveParallel runs the improvement phase on n goroutines. Each worker
// has its own searches and random streams (worker 0 those of the one-worker
// phase) and a share of the iteration budget; after every epochSteps steps
// of each, the best of their layouts (the first worker's of equals) becomes
// everyone's, and a worker whose layout has more sheets starts again from it.
func (s *search) improveParallel(n int) {
	budget := s.req.Options.Iterations
	workers := make([]*search, n)
	rss := make([][]*rr, n)
	shares := make([]int, n)
	for w := range workers {
		c := &search{ctx: s.ctx, req: s.req, j: s.j, start: s.start, deadline: s.deadline, lb: s.lb, best: s.best}
		workers[w], rss[w] = c, c.searches(uint64(2*w))
		if budget > 0 {
			shares[w] = budget / n
			if w < budget%n {
				shares[w]++
			}
		}
	}
	for {
		var wg sync.WaitGroup
		for w, c := range workers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				c.epoch(rss[w], shares[w])
			}()
		}
		wg.Wait()
		done := true
		s.iterations = 0
		for w, c := range workers {
			s.iterations += c.iterations
			done = done && budget > 0 && c.iterations >= shares[w]
			if c.best.better(s.best) {
				s.offer(c.best, s.doneFraction())
			}
		}
		s.takeShared()
		for _, c := range workers {
			if s.best.better(c.best) {
				c.best = s.best
			}
		}
		if done || s.stopped() || s.optimal() {
			return
		}
		s.report(s.doneFraction(), nil)
	}
}

// epoch runs up to epochSteps steps of a worker's searches, fewer when its
// share of the budget (0: none) is spent, time is up or the layout is
// optimal.
func (s *search) epoch(rs []*rr, share int) {
	for k := 0; k < epochSteps; k++ {
		if share > 0 && s.iterations >= share || s.stopped() || s.optimal() {
			return
		}
		rs[s.iterations/turnSteps%len(rs)].step()
		s.iterations++
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
