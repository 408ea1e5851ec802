package nest

import (
	"math/rand/v2"
	"reflect"
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
// every pair of centre and bottom block, each walked on as pinwheels
// walks its bottom blocks (wheelsAround).
func pinwheelsPlain(m *merger) []mcand {
	x := m.wheelIndex()
	defer x.clear()
	var out []mcand
	for ci := range x.all {
		ce := &x.all[ci]
		for ai := range x.all {
			a := &x.all[ai]
			if a.b == ce.b || a.w <= ce.w || a.h+ce.h > x.longest {
				continue
			}
			if out = m.wheelsAround(&x, out, a, ce); len(out) >= wheelsMost {
				return out
			}
		}
	}
	return out
}
