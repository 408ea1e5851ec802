package nest

import (
	"math/rand/v2"
	"testing"
)

// mayFit is only a shortcut: it may refuse a part without a scan, but never
// one that some rule would place. Sheets (MaxRects and cut trees) are
// filled with random parts at the positions the rules choose; every query
// is asked of mayFit and of every rule. Some refusals must come from the
// free area alone (free pieces long and wide enough, too little area
// left), which the improvement phase relies on to skip nearly full sheets.
func TestMayFitNeverRefusesAPlace(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 20))
	for _, trees := range []bool{false, true} {
		byArea := 0
		for range 300 {
			var scratch []rect
			w, h := 20+rng.IntN(200), 20+rng.IntN(200)
			var s sheet = newBin(w, h, &scratch, true)
			if trees {
				s = newGtree(w, h)
			}
			if !s.mayFit(w, h, false) {
				t.Fatalf("an empty %dx%d sheet refuses a part of its size", w, h)
			}
			query := func(r rule, corners bool) heuristic {
				return heuristic{rule: r, orient: orientFree, corners: corners, split: splitRule(rng.IntN(int(numSplits)))}
			}
			for range 1 + rng.IntN(30) {
				p := s.find(1+rng.IntN(w/2), 1+rng.IntN(h/2), rng.IntN(2) == 0, query(rule(rng.IntN(int(numRules))), false))
				if p.ok {
					s.place(p, 0, 1)
				}
			}
			for range 200 {
				pw, ph, rotate := 1+rng.IntN(w), 1+rng.IntN(h), rng.IntN(2) == 0
				if b, ok := s.(*bin); ok && len(b.free) > 0 && rng.IntN(2) == 0 {
					// A free rectangle's own size, maybe turned: the
					// tightest fits.
					f := b.free[rng.IntN(len(b.free))]
					pw, ph = f.w, f.h
					if rotate && rng.IntN(2) == 0 {
						pw, ph = ph, pw
					}
				}
				fits := false
				for r := range numRules {
					for _, corners := range []bool{false, true} {
						if corners && (r != ruleCP || trees) {
							continue
						}
						if b, ok := s.(*bin); ok {
							b.cacheQ = 0
						}
						if s.find(pw, ph, rotate, query(r, corners)).ok {
							fits = true
						}
					}
				}
				may := s.mayFit(pw, ph, rotate)
				if fits && !may {
					t.Fatalf("%dx%d sheet (cut tree %v) with %d parts: a %dx%d part (turns %v) fits, mayFit says no", w, h, trees, len(s.parts()), pw, ph, rotate)
				}
				var mw, mh int
				switch s := s.(type) {
				case *bin:
					mw, mh = s.maxFreeW, s.maxFreeH
				case *gtree:
					mw, mh = s.maxW, s.maxH
				}
				sides := pw <= mw && ph <= mh || rotate && ph <= mw && pw <= mh
				if sides && !may {
					byArea++
				}
			}
		}
		if byArea < 100 {
			t.Fatalf("cut trees %v: only %d refusals by free area, the test does not reach the case", trees, byArea)
		}
	}
}
