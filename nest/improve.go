package nest

import (
	"math/rand/v2"
	"time"
)

// improve perturbs the best order and repacks it with the heuristics of the
// portfolio until the time limit or the iteration budget runs out, keeping
// every improvement (an iterated greedy search). It is deterministic for a
// given seed and iteration budget.
func (s *search) improve() {
	seed := uint64(s.req.Options.Seed)
	rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	cfgs := portfolio(s.j)
	budget := s.req.Options.Iterations
	cur := append([]int32(nil), s.bestOrder...)
	trial := make([]int32, len(cur))
	n := len(cur)
	for it := 0; budget == 0 || it < budget; it++ {
		if s.stopped() || s.optimal() {
			return
		}
		copy(trial, cur)
		// Move a few items forward: a part packed earlier finds room that
		// later parts would have fragmented.
		moves := 1 + rng.IntN(3)
		for m := 0; m < moves && n > 1; m++ {
			a, b := rng.IntN(n), rng.IntN(n)
			if a > b {
				a, b = b, a
			}
			v := trial[b]
			copy(trial[a+1:b+1], trial[a:b])
			trial[a] = v
		}
		h := cfgs[rng.IntN(len(cfgs))].heuristic
		if rng.IntN(2) == 0 {
			h = s.bestHeur
		}
		sol := s.pk.pack(trial, h, s.ctxDone)
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
		return 0.2 + 0.8*float64(it)/float64(b)
	}
	if s.deadline.IsZero() {
		return 1
	}
	total := s.deadline.Sub(s.start).Seconds()
	if total <= 0 {
		return 1
	}
	f := 0.2 + 0.8*time.Since(s.start).Seconds()/total
	return min(f, 1)
}
