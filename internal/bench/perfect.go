package bench

import (
	"fmt"
	"math/rand/v2"
)

// Perfect packings: instances whose parts were cut from one sheet with no
// waste, so that the optimum is one sheet and the area bound proves it.
// Half of them are cut by recursive guillotine cuts (class PerfectGuillotine),
// half around nested pinwheels, five rectangles of which no edge-to-edge cut
// separates any (class PerfectPinwheel); the parts are then shuffled and half
// of them turned, so that the order and orientation give nothing away. A
// tool that misses the fit wastes a whole sheet, which users notice.

// The classes of the perfect-packing family.
const (
	PerfectGuillotine = 1
	PerfectPinwheel   = 2
)

// perfectSheets are the sheet sizes of the family in cm: common panels.
var perfectSheets = [][2]int{{280, 207}, {244, 122}, {366, 183}, {210, 280}, {250, 125}, {305, 152}}

// perfectMinSide is the shortest side of a generated part in cm.
const perfectMinSide = 4

// MaxPerfect is the most instances Perfect generates.
const MaxPerfect = 10000

// Perfect returns n perfect-packing instances for seed: even indices are cut
// by guillotine cuts, odd ones around pinwheels, each into 16 to 90 parts.
// The same n and seed give the same instances.
func Perfect(n int, seed uint64) []Instance {
	n = min(max(n, 0), MaxPerfect)
	out := make([]Instance, 0, n)
	for i := 0; i < n; i++ {
		rng := rand.New(rand.NewPCG(seed, uint64(i)))
		sheet := perfectSheets[rng.IntN(len(perfectSheets))]
		parts := 16 + rng.IntN(75)
		class, name := PerfectGuillotine, "g"
		if i%2 == 1 {
			class, name = PerfectPinwheel, "p"
		}
		pieces := perfectPieces(rng, sheet[0], sheet[1], parts, class == PerfectPinwheel)
		out = append(out, Instance{
			ID:    fmt.Sprintf("perfect_%s_n%03d_%04d", name, parts, i+1),
			Class: class, N: parts, BinW: float64(sheet[0]), BinH: float64(sheet[1]), Items: shuffled(rng, pieces),
		})
	}
	return out
}

// PerfectSheets returns n instances whose parts were cut from two to four
// sheets of one size, each sheet into 8 to 30 parts as in Perfect (even
// indices by guillotine cuts, odd ones around pinwheels), all shuffled and
// half of them turned: the optimum is that many sheets, and the area bound
// proves it. These are the parts of a job planned on boards bought for it.
// The same n and seed give the same instances.
func PerfectSheets(n int, seed uint64) []Instance {
	n = min(max(n, 0), MaxPerfect)
	out := make([]Instance, 0, n)
	for i := 0; i < n; i++ {
		rng := rand.New(rand.NewPCG(seed, uint64(i)|1<<40))
		sheet := perfectSheets[rng.IntN(len(perfectSheets))]
		sheets := 2 + rng.IntN(3)
		class, name := PerfectGuillotine, "g"
		if i%2 == 1 {
			class, name = PerfectPinwheel, "p"
		}
		var pieces []rect
		for range sheets {
			pieces = append(pieces, perfectPieces(rng, sheet[0], sheet[1], 8+rng.IntN(23), class == PerfectPinwheel)...)
		}
		out = append(out, Instance{
			ID:    fmt.Sprintf("perfect%d_%s_n%03d_%04d", sheets, name, len(pieces), i+1),
			Class: class, N: len(pieces), BinW: float64(sheet[0]), BinH: float64(sheet[1]), Items: shuffled(rng, pieces),
		})
	}
	return out
}

// shuffled returns the pieces' sizes in a random order, half of them
// turned.
func shuffled(rng *rand.Rand, pieces []rect) [][2]int {
	rng.Shuffle(len(pieces), func(a, b int) { pieces[a], pieces[b] = pieces[b], pieces[a] })
	items := make([][2]int, len(pieces))
	for k, p := range pieces {
		items[k] = [2]int{p.w, p.h}
		if rng.IntN(2) == 1 {
			items[k] = [2]int{p.h, p.w}
		}
	}
	return items
}

// rect is a piece of the sheet in whole cm.
type rect struct{ x, y, w, h int }

// perfectPieces cuts a w x h sheet into exactly parts pieces, with no cut
// from edge to edge when pinwheel.
func perfectPieces(rng *rand.Rand, w, h, parts int, pinwheel bool) []rect {
	for {
		pieces := cutSheet(rng, w, h, parts, pinwheel)
		// A guillotine cut inside a pinwheel's piece may line up with one
		// of another piece and open a cut across the sheet.
		if len(pieces) == parts && (!pinwheel || !edgeToEdgeCut(pieces, w, h)) {
			return pieces
		}
	}
}

// cutSheet cuts a w x h sheet into parts pieces, or fewer when the pieces
// get too small to cut further (the caller then tries again). With
// pinwheel, the sheet is first cut around a pinwheel, and so is every
// piece while four more pieces are wanted and it is big enough; the
// remaining pieces come from guillotine cuts of the biggest pieces.
func cutSheet(rng *rand.Rand, w, h, parts int, pinwheel bool) []rect {
	pieces := []rect{{0, 0, w, h}}
	// tries bounds the attempts to cut a piece that is too small.
	for tries := 0; len(pieces) < parts && tries < 1000; tries++ {
		// A big piece is cut: one of the three biggest, at random.
		i := biggest(pieces, rng)
		p := pieces[i]
		if pinwheel && len(pieces)+4 <= parts {
			if ps, ok := cutPinwheel(rng, p); ok {
				pieces = append(append(pieces[:i:i], pieces[i+1:]...), ps[:]...)
				continue
			}
			if len(pieces) == 1 {
				continue // the sheet itself must be a pinwheel
			}
		}
		if a, b, ok := cutGuillotine(rng, p); ok {
			pieces[i] = a
			pieces = append(pieces, b)
		}
	}
	return pieces
}

// biggest returns the index of one of the three biggest pieces by area.
func biggest(pieces []rect, rng *rand.Rand) int {
	idx := []int{-1, -1, -1}
	for i, p := range pieces {
		for k := range idx {
			if idx[k] < 0 || p.w*p.h > pieces[idx[k]].w*pieces[idx[k]].h {
				copy(idx[k+1:], idx[k:])
				idx[k] = i
				break
			}
		}
	}
	n := 0
	for n < len(idx) && idx[n] >= 0 {
		n++
	}
	return idx[rng.IntN(n)]
}

// between returns a cut position in (lo, hi) that leaves at least
// perfectMinSide on either side, or false when there is none.
func between(rng *rand.Rand, lo, hi int) (int, bool) {
	a, b := lo+perfectMinSide, hi-perfectMinSide
	if a > b {
		return 0, false
	}
	return a + rng.IntN(b-a+1), true
}

// cutGuillotine cuts p in two across its longer side (or, one time in four,
// its shorter one).
func cutGuillotine(rng *rand.Rand, p rect) (rect, rect, bool) {
	vertical := p.w >= p.h
	if rng.IntN(4) == 0 {
		vertical = !vertical
	}
	for range 2 {
		if vertical {
			if c, ok := between(rng, p.x, p.x+p.w); ok {
				return rect{p.x, p.y, c - p.x, p.h}, rect{c, p.y, p.x + p.w - c, p.h}, true
			}
		} else if c, ok := between(rng, p.y, p.y+p.h); ok {
			return rect{p.x, p.y, p.w, c - p.y}, rect{p.x, c, p.w, p.y + p.h - c}, true
		}
		vertical = !vertical
	}
	return rect{}, rect{}, false
}

// cutPinwheel cuts p into five pieces: four around a centre piece, each
// reaching from one side of p to the centre, turning like a pinwheel. For
// x0 < x1 < x2 < x3 and y0 < y1 < y2 < y3:
//
//	bottom [x0,x2) x [y0,y1)   right [x2,x3) x [y0,y2)
//	top    [x1,x3) x [y2,y3)   left  [x0,x1) x [y1,y3)
//	centre [x1,x2) x [y1,y2)
//
// No straight cut from edge to edge of p misses all five.
func cutPinwheel(rng *rand.Rand, p rect) ([5]rect, bool) {
	x0, x3, y0, y3 := p.x, p.x+p.w, p.y, p.y+p.h
	x1, ok1 := between(rng, x0, x3-perfectMinSide)
	y1, ok2 := between(rng, y0, y3-perfectMinSide)
	if !ok1 || !ok2 {
		return [5]rect{}, false
	}
	x2, ok3 := between(rng, x1, x3)
	y2, ok4 := between(rng, y1, y3)
	if !ok3 || !ok4 {
		return [5]rect{}, false
	}
	return [5]rect{
		{x0, y0, x2 - x0, y1 - y0}, {x2, y0, x3 - x2, y2 - y0},
		{x1, y2, x3 - x1, y3 - y2}, {x0, y1, x1 - x0, y3 - y1},
		{x1, y1, x2 - x1, y2 - y1},
	}, true
}

// edgeToEdgeCut reports whether a straight line across the whole sheet
// runs between the pieces.
func edgeToEdgeCut(pieces []rect, w, h int) bool {
	for _, p := range pieces {
		for _, c := range [2][2]int{{p.x + p.w, w}, {p.y + p.h, h}} {
			if c[0] == c[1] {
				continue
			}
			vertical := c[1] == w
			crossed := false
			for _, q := range pieces {
				if vertical && q.x < c[0] && c[0] < q.x+q.w || !vertical && q.y < c[0] && c[0] < q.y+q.h {
					crossed = true
					break
				}
			}
			if !crossed {
				return true
			}
		}
	}
	return false
}
