package nest

import (
	"math/rand/v2"
	"time"
)

// improve runs the improvement phase on the best constructive layout until
// the time limit, the iteration budget or the lower bound. It is
// deterministic for a given seed and iteration budget.
func (s *search) improve() {
	seed := uint64(s.req.Options.Seed)
	rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	budget := s.req.Options.Iterations
	if budget == 0 {
		budget = -1 // bounded by time only
	}
	if s.j.guillotine {
		s.iteratedGreedy(rng, budget)
		return
	}
	r := &rr{s: s, j: s.j, rng: rng}
	r.run(&budget)
}

// iteratedGreedy perturbs the best part order and repacks it with the
// portfolio's heuristics, keeping every improvement. It serves the
// guillotine mode, whose layouts the ruin-and-recreate search (built on
// MaxRects) cannot keep guillotine.
func (s *search) iteratedGreedy(rng *rand.Rand, budget int) {
	cfgs := portfolio(s.j)
	cur := append([]int32(nil), s.bestOrder...)
	trial := make([]int32, len(cur))
	n := len(cur)
	for it := 0; budget < 0 || it < budget; it++ {
		if s.stopped() || s.optimal() {
			return
		}
		copy(trial, cur)
		// Move a few parts forward: packed earlier, a part finds room that
		// later parts would have fragmented.
		for m := 1 + rng.IntN(3); m > 0 && n > 1; m-- {
			a, b := rng.IntN(n), rng.IntN(n)
			if a > b {
				a, b = b, a
			}
			v := trial[b]
			copy(trial[a+1:b+1], trial[a:b])
			trial[a] = v
		}
		h := s.bestHeur
		if rng.IntN(2) == 0 {
			h = cfgs[rng.IntN(len(cfgs))].heuristic
		}
		sol := s.pack(trial, h)
		if sol == nil {
			return
		}
		if s.offer(sol, trial, h, s.doneFraction(it)) {
			copy(cur, trial)
		}
		if it&63 == 0 {
			s.report(s.doneFraction(it), nil)
		}
	}
}

// doneFraction estimates the share of the work done after it iterations.
func (s *search) doneFraction(it int) float64 {
	if b := s.req.Options.Iterations; b > 0 {
		return min(0.2+0.8*float64(it)/float64(b), 1)
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
