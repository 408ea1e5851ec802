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
	r := &rr{s: s, j: s.j, rng: rng}
	if s.j.guillotine {
		r.trees = guillotineSearch(s.j, s.lb) == byTrees
		r.checked = !r.trees
	}
	r.run(&budget)
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
