package nest

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// referencePack is packer.pack without its shortcuts: every open sheet is
// searched for every part (no cached answers, no list of the sheets that
// may take a kind) and the best one is chosen as the rule says.
func referencePack(j *job, order []int32, h heuristic) [][]spot {
	var bins []*bin
	var scratch []rect
	sm := (&packer{j: j}).suffixMins(order)
	lastMin := sm[0]
	for i, ki := range order {
		k := &j.kinds[ki]
		if sm[i] > lastMin+lastMin/4 {
			for _, b := range bins {
				b.prune(sm[i])
			}
			lastMin = sm[i]
		}
		best, bestBin, bestArea := placement{}, -1, -1
		for bi, b := range bins {
			p := b.search(k.w, k.h, k.rotate, h.rule, h.orient)
			if !p.ok {
				continue
			}
			if h.choice == choiceFirst {
				best, bestBin = p, bi
				break
			}
			if h.choice == choiceGlobal && p.better(best) || h.choice == choiceTightest && b.area > bestArea {
				best, bestBin, bestArea = p, bi, b.area
			}
		}
		if bestBin < 0 {
			bins = append(bins, newBin(j.binW, j.binH, &scratch, h.rule == ruleCP))
			bestBin = len(bins) - 1
			best = bins[bestBin].search(k.w, k.h, k.rotate, h.rule, h.orient)
		}
		bins[bestBin].place(best, ki, sm[i+1])
	}
	spots := make([][]spot, len(bins))
	for i, b := range bins {
		spots[i] = b.placed
	}
	return spots
}

// TestPackMatchesReference checks that the packer's shortcuts (cached
// answers per sheet, only the sheets that may still take a kind, sheets
// reused between runs) choose exactly what a search of every sheet does,
// for every heuristic of the portfolio, on random jobs with many copies.
func TestPackMatchesReference(t *testing.T) {
	jobs := 150
	if raceEnabled || testing.Short() {
		jobs = 30
	}
	for seed := range jobs {
		rng := rand.New(rand.NewPCG(uint64(seed), 11))
		req := randomRequest(rng)
		for i := range req.Parts {
			if rng.IntN(2) == 0 {
				req.Parts[i].Quantity = 1 + rng.IntN(40)
			}
		}
		j, _, err := newJob(req)
		if err != nil || len(j.items) == 0 {
			continue
		}
		pk := &packer{j: j} // one packer for all runs, as in a portfolio
		for _, c := range portfolio(j) {
			items := sortedItems(j, c.order)
			if !pk.pack(items, c.heuristic, nil) {
				t.Fatal("pack stopped without a stop function")
			}
			got := pk.solution().bins
			want := referencePack(j, items, c.heuristic)
			if !slices.EqualFunc(got, want, slices.Equal) {
				t.Fatalf("seed %d, %+v: the packer's layout differs from the reference\ngot  %v\nwant %v", seed, c, got, want)
			}
		}
	}
}
