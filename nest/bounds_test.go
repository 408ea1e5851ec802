package nest

import (
	"math/rand/v2"
	"testing"
)

// TestDFFsAreDualFeasible checks every function of every family
// exhaustively on small capacities: any multiset of lengths that fits into
// C must map into C'. An invalid function would give a false "optimal".
func TestDFFsAreDualFeasible(t *testing.T) {
	for c := 2; c <= 23; c++ {
		sides := make([]int, c)
		for i := range sides {
			sides[i] = i + 1
		}
		for fi, d := range dffs(c, sides, c) {
			// Depth-first over non-increasing multisets with sum <= c.
			var walk func(rest, maxX, mapped int)
			walk = func(rest, maxX, mapped int) {
				if mapped > d.capy {
					t.Fatalf("c=%d function %d: a packing of %d maps to %d > %d", c, fi, c-rest, mapped, d.capy)
				}
				for x := min(rest, maxX); x >= 1; x-- {
					walk(rest-x, x, mapped+d.f(x))
				}
			}
			walk(c, c, 0)
			if d.f(0) != 0 {
				t.Fatalf("c=%d function %d: f(0) = %d", c, fi, d.f(0))
			}
		}
	}
}

// TestLowerBoundNeverAboveLayout checks the bound against layouts on random
// jobs, and that it is at least the area bound.
func TestLowerBoundNeverAboveLayout(t *testing.T) {
	for seed := uint64(0); seed < 300; seed++ {
		rng := rand.New(rand.NewPCG(seed, 3))
		req := randomRequest(rng)
		j, _, err := newJob(req)
		if err != nil {
			continue
		}
		lb := lowerBound(j, nil)
		area := 0
		for _, it := range j.items {
			area += j.kinds[it].w * j.kinds[it].h
		}
		binArea := j.binW * j.binH
		if len(j.items) > 0 && lb < (area+binArea-1)/binArea {
			t.Fatalf("seed %d: bound %d below the area bound", seed, lb)
		}
		res := mustLayout(t, req)
		if lb > len(res.Pages) && len(j.items) > 0 {
			t.Fatalf("seed %d: bound %d above a layout of %d pages", seed, lb, len(res.Pages))
		}
	}
}

func TestLowerBoundKnownValues(t *testing.T) {
	tests := []struct {
		name string
		req  Request
		want int
	}{
		// Three parts larger than half the sheet each way: no two share.
		{"large parts", Request{Sheet: Sheet{10, 10}, Parts: []Part{{Name: "A", Width: 6, Height: 6, Quantity: 3}}}, 3},
		// Area says 2, but each 6x4 needs a column of its own width > 5
		// that cannot hold three stacked (3 x 4 > 10)... two per sheet.
		{"stacks", Request{Sheet: Sheet{10, 10}, Parts: []Part{{Name: "A", Width: 6, Height: 4, Quantity: 5, Rotate: boolp(false)}}}, 3},
		{"area", Request{Sheet: Sheet{10, 10}, Parts: []Part{{Name: "A", Width: 1, Height: 1, Quantity: 101}}}, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			j, _, err := newJob(tt.req)
			if err != nil {
				t.Fatal(err)
			}
			if got := lowerBound(j, nil); got != tt.want {
				t.Errorf("lowerBound = %d, want %d", got, tt.want)
			}
		})
	}
}
