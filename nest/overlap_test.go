package nest

import (
	"math/rand/v2"
	"testing"
)

// TestOverlappingMatchesPairs compares the sweep with a check of every pair
// on random rectangles that often touch, share edges or overlap: both must
// agree whether some pair overlaps, and a pair the sweep names must
// overlap.
func TestOverlappingMatchesPairs(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	meet := func(a, b rect) bool {
		return a.w > 0 && a.h > 0 && b.w > 0 && b.h > 0 &&
			a.x < b.x+b.w && b.x < a.x+a.w && a.y < b.y+b.h && b.y < a.y+a.h
	}
	found := 0
	for n := range 3000 {
		rs := make([]rect, 1+rng.IntN(12))
		for i := range rs {
			rs[i] = rect{rng.IntN(20), rng.IntN(20), rng.IntN(8), rng.IntN(8)}
		}
		if n%2 == 0 { // a layout without overlaps: a grid with gaps
			for i := range rs {
				rs[i] = rect{i % 4 * 10, i / 4 * 10, 1 + rng.IntN(10), 1 + rng.IntN(10)}
			}
		}
		want := false
		for a := range rs {
			for b := a + 1; b < len(rs); b++ {
				want = want || meet(rs[a], rs[b])
			}
		}
		for _, f := range []func([]rect) (int, int, bool){overlapping, overlappingByY} {
			a, b, got := f(rs)
			if got != want {
				t.Fatalf("%v: overlapping %v, pairs say %v", rs, got, want)
			}
			if got && (a == b || !meet(rs[a], rs[b])) {
				t.Fatalf("%v: named %d and %d, which do not overlap", rs, a, b)
			}
		}
		if want {
			found++
		}
	}
	if found < 500 || found > 2500 {
		t.Fatalf("%d of 3000 sets overlap: the test draws too few of one kind", found)
	}
}

// TestOverlappingColumn: a column of strips across the sheet, more than
// the sweep's list holds, is found free of overlaps, and a strip moved a
// unit down onto its neighbour is found.
func TestOverlappingColumn(t *testing.T) {
	rs := make([]rect, 3*sweepList)
	for i := range rs {
		rs[i] = rect{i % 3, 2 * i, 1000, 2}
	}
	if a, b, bad := overlapping(rs); bad {
		t.Fatalf("strips %d and %d overlap", a, b)
	}
	rs[500].y--
	a, b, bad := overlapping(rs)
	if !bad || min(a, b) != 499 || max(a, b) != 500 {
		t.Fatalf("got %d, %d, %v; want strips 499 and 500", a, b, bad)
	}
}
