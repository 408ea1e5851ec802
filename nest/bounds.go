package nest

import (
	"math"
	"sort"
)

// Lower bounds on the number of sheets, from dual-feasible functions (DFF).
//
// A function f: [0,C] -> [0,C'] is dual feasible when any set of lengths
// that fits into C maps to a set that fits into C'. Fekete and Schepers
// ("A general framework for bounding approximate and exact packing
// problems", Math. Programming 2004) show that applying one DFF to the
// widths and one to the heights turns a feasible 2D packing into a feasible
// one again, so the mapped area bound
//
//	ceil( sum_i f(w_i) g(h_i) / (C'_f C'_g) )
//
// is a lower bound for every pair (f, g). With rotation allowed, each part
// contributes the smaller of its two orientations' mapped areas. The pairs
// tried include the identity (the area bound), the Martello-Toth step
// functions U^λ (which give the Martello-Vigo L1 and L2 bounds, Martello
// and Vigo, Management Science 1998), the Fekete-Schepers u^(k), and the
// functions of Carlier, Clautiaux and Moukrim (Computers & OR 2007).
//
// Cost: O(F^2 * kinds) for F functions per axis; F is capped, so this stays
// in milliseconds even for jobs with hundreds of part types.

// dff is one dual-feasible function on integer lengths 0..c.
type dff struct {
	f    func(x int) int
	capy int // C': the image of the capacity
}

// maxLambdas caps the λ parameters tried per family and axis; the work is
// O(λ² kinds), so jobs with many kinds try fewer.
func maxLambdas(kinds int) int {
	return max(8, min(48, int(math.Sqrt(500000/float64(kinds+1)))))
}

// dffs returns the functions tried on an axis of capacity c, with at most
// maxL λ values taken from the part sides that matter on that axis.
func dffs(c int, sides []int, maxL int) []dff {
	fs := []dff{{f: func(x int) int { return x }, capy: c}}
	for k := 1; k <= 6; k++ {
		fs = append(fs, dff{capy: k * c, f: func(x int) int {
			if (k+1)*x%c == 0 {
				return x * k
			}
			return (k + 1) * x / c * c
		}})
	}
	for _, l := range lambdas(c, sides, maxL) {
		fs = append(fs, dff{capy: c, f: func(x int) int {
			switch {
			case x > c-l:
				return c
			case x < l:
				return 0
			}
			return x
		}})
		q := c / l
		fs = append(fs, dff{capy: 2 * q, f: func(x int) int {
			switch {
			case 2*x > c:
				return 2 * (q - (c-x)/l)
			case 2*x == c:
				return q
			}
			return 2 * (x / l)
		}})
	}
	return fs
}

// lambdas returns the distinct sides in [1, c/2], at most maxL of them,
// spread evenly.
func lambdas(c int, sides []int, maxL int) []int {
	var ls []int
	seen := map[int]bool{}
	for _, s := range sides {
		if s >= 1 && 2*s <= c && !seen[s] {
			seen[s] = true
			ls = append(ls, s)
		}
	}
	sort.Ints(ls)
	if len(ls) <= maxL {
		return ls
	}
	out := make([]int, 0, maxL)
	for i := 0; i < maxL; i++ {
		out = append(out, ls[i*len(ls)/maxL])
	}
	return out
}

// areaBound is the sheets the parts' area needs: ceil(total / sheet).
func areaBound(j *job) int {
	area := 0
	for _, k := range j.kinds {
		area += k.w * k.h * k.count
	}
	sheet := j.binW * j.binH
	return (area + sheet - 1) / sheet
}

// lowerBound returns a lower bound on the sheets the job needs. stop, when
// it reports true, cuts the search short; the bound found so far is valid.
func lowerBound(j *job, stop func() bool) int {
	if len(j.items) == 0 {
		return 0
	}
	var xs, ys []int
	for _, k := range j.kinds {
		xs = append(xs, k.w)
		ys = append(ys, k.h)
		if k.rotate {
			xs = append(xs, k.h)
			ys = append(ys, k.w)
		}
	}
	maxL := maxLambdas(len(j.kinds))
	fx := dffs(j.binW, xs, maxL)
	fy := dffs(j.binH, ys, maxL)
	// Precompute every function on every side of every kind.
	type vals struct{ w, h []float64 }
	mapAll := func(fs []dff, c int) []vals {
		out := make([]vals, len(fs))
		for i, d := range fs {
			v := vals{w: make([]float64, len(j.kinds)), h: make([]float64, len(j.kinds))}
			for ki, k := range j.kinds {
				v.w[ki] = -1
				v.h[ki] = -1
				if k.w <= c {
					v.w[ki] = float64(d.f(k.w)) / float64(d.capy)
				}
				if k.h <= c {
					v.h[ki] = float64(d.f(k.h)) / float64(d.capy)
				}
			}
			out[i] = v
		}
		return out
	}
	vx, vy := mapAll(fx, j.binW), mapAll(fy, j.binH)
	best := 1
	for a := range vx {
		if a&15 == 15 && stop != nil && stop() {
			break
		}
		for b := range vy {
			sum := 0.0
			for ki, k := range j.kinds {
				m := vx[a].w[ki] * vy[b].h[ki] // as stored; always fits
				if k.rotate && vx[a].h[ki] >= 0 && vy[b].w[ki] >= 0 {
					// Not min(): its NaN handling is a slow call in wasm.
					if t := vx[a].h[ki] * vy[b].w[ki]; t < m {
						m = t
					}
				}
				sum += m * float64(k.count)
			}
			// The tolerance keeps float rounding from ever overstating.
			if lb := int(math.Ceil(sum - 1e-9*float64(len(j.items)+1))); lb > best {
				best = lb
			}
		}
	}
	return best
}
