package nest

import (
	"context"
	"math/rand"
	randv2 "math/rand/v2"
	"testing"
)

// TestKeepLeftoverProperties: with Options.KeepLeftover the layout is
// verified, has as many pages, and the largest leftover of each
// material's last sheet is never smaller than without it.
func TestKeepLeftoverProperties(t *testing.T) {
	n := 150
	if testing.Short() {
		n = 30
	}
	better := 0
	for seed := 0; seed < n; seed++ {
		for _, stock := range []bool{false, true} {
			var req Request
			if stock {
				req = randomStockRequest(rand.New(rand.NewSource(int64(seed))))
			} else {
				req = randomRequest(randv2.New(randv2.NewPCG(uint64(seed), 5)))
				req.Options.Guillotine = seed%2 == 1
			}
			req.Options.TimeLimitMs, req.Options.Iterations = 0, 0
			plain, err := Layout(context.Background(), req, nil)
			if err != nil {
				continue
			}
			keep := req
			keep.Options.KeepLeftover = true
			got, err := Layout(context.Background(), keep, nil)
			if err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
			if err := Verify(keep, got); err != nil {
				t.Fatalf("seed %d (stock %v): %v", seed, stock, err)
			}
			if len(got.Pages) != len(plain.Pages) {
				t.Fatalf("seed %d: %d pages, %d without the option", seed, len(got.Pages), len(plain.Pages))
			}
			for i := range got.Pages {
				a, b := largestLeftover(keep, &got, i), largestLeftover(req, &plain, i)
				if a < b {
					t.Fatalf("seed %d page %d: largest leftover %d, %d without the option", seed, i, a, b)
				}
				if a > b {
					better++
				}
			}
		}
	}
	t.Logf("%d last sheets with a larger leftover", better)
	if better == 0 {
		t.Fatal("the option never made a leftover larger")
	}
}
