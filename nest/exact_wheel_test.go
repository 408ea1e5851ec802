package nest

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
)

// TestPinwheelsIndexed: the pinwheels found through the index of widths
// are those, in the same order, that looking at every pair of centre and
// bottom block finds (pinwheelsPlain), on parts cut around pinwheels and
// by guillotine cuts, as the merge repair merges them.
func TestPinwheelsIndexed(t *testing.T) {
	found := 0
	for c := range 24 {
		rng := rand.New(rand.NewPCG(uint64(c), 91))
		req := tiling(rng, 60+rng.IntN(200), 40+rng.IntN(150), 10+rng.IntN(50), 1, 0, c%3 != 0)
		j := mustJob(t, req)
		e := newExact(j, 1)
		left, _, _ := e.pool()
		m := newMerger(e, nil, left, nil)
		for step := 0; ; step++ {
			got, want := m.pinwheels(), pinwheelsPlain(m)
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("case %d step %d: %d pinwheels, want %d\n%+v\n%+v", c, step, len(got), len(want), got, want)
			}
			found += len(got)
			pairs, order := m.pairsInto(nil, nil)
			var next mcand
			switch {
			case len(got) > 0 && rng.IntN(2) == 0:
				next = got[rng.IntN(len(got))]
			case len(order) > 0:
				next = pairs[order[rng.IntN(min(3, len(order)))]]
			default:
				next.n = 0
			}
			if next.n == 0 {
				break
			}
			m.merge(next)
		}
	}
	if found == 0 {
		t.Fatal("no pinwheels found at all: the test checks nothing")
	}
}

// pinwheelsPlain is the search pinwheels replaced, kept as its oracle:
// every pair of centre and bottom block, then the same index walk (the
// shared lines are the point: only the choice of bottom blocks differs).
func pinwheelsPlain(m *merger) []mcand {
	var all []wheelRef
	longest := 0
	for _, b := range m.alive {
		if m.sheetSized(b) {
			continue
		}
		os, n := m.blocks[b].orients()
		for _, o := range os[:n] {
			all = append(all, wheelRef{b, o[2] == 1, o[0], o[1]})
			longest = max(longest, o[0], o[1])
		}
	}
	// The index: lists through head (by length) and next (by ref), built
	// backwards so that each lists its refs in order.
	byW, byH := slices.Repeat([]int32{-1}, 2*longest+2), slices.Repeat([]int32{-1}, 2*longest+2)
	nextW, nextH := make([]int32, len(all)), make([]int32, len(all))
	for i := len(all) - 1; i >= 0; i-- {
		r := &all[i]
		nextW[i], byW[r.w] = byW[r.w], int32(i)
		nextH[i], byH[r.h] = byH[r.h], int32(i)
	}
	var out []mcand
	for _, ce := range all {
		for _, a := range all {
			if a.b == ce.b || a.w <= ce.w || a.h+ce.h > longest {
				continue
			}
			for di := byW[a.w-ce.w]; di >= 0; di = nextW[di] {
				d := &all[di]
				if d.b == a.b || d.b == ce.b || d.h <= ce.h {
					continue
				}
				hc := d.h - ce.h
				for bi := byH[a.h+ce.h]; bi >= 0; bi = nextH[bi] {
					b := &all[bi]
					if b.b == a.b || b.b == ce.b || b.b == d.b || ce.w+b.w > longest {
						continue
					}
					for ci := byW[ce.w+b.w]; ci >= 0; ci = nextW[ci] {
						c := &all[ci]
						if c.h != hc || c.b == a.b || c.b == b.b || c.b == d.b || c.b == ce.b {
							continue
						}
						w, h := a.w+b.w, a.h+d.h
						rotate := m.blocks[a.b].rotate && m.blocks[b.b].rotate && m.blocks[c.b].rotate &&
							m.blocks[d.b].rotate && m.blocks[ce.b].rotate
						// The same five blocks turned half way round are
						// found again with c in a's place, and, when the
						// pinwheel may turn, a quarter of the way with b or
						// d there: each is kept once, with the lowest block
						// in a's place. The copies took up places among the
						// 64 returned and were searched again: a job of 23
						// parts around a pinwheel took 1.9 s of repair with
						// them, 1.1 s without.
						if a.b > c.b || rotate && (a.b > b.b || a.b > d.b) {
							continue
						}
						if !m.fits(w, h, rotate) {
							continue
						}
						out = append(out, mcand{used: [5]int32{a.b, b.b, c.b, d.b, ce.b}, n: 5,
							block: mblock{w: w, h: h, rotate: rotate, shape: -1},
							kids: [5]mkid{
								{a.b, 0, 0, a.turned}, {b.b, a.w, 0, b.turned},
								{c.b, d.w, b.h, c.turned}, {d.b, 0, a.h, d.turned},
								{ce.b, d.w, a.h, ce.turned},
							},
						})
						if len(out) >= 64 {
							return out
						}
					}
				}
			}
		}
	}
	return out
}
