package nest

import (
	"cmp"
	"encoding/binary"
	"math"
	"slices"
)

// setPatterns numbers the distinct sheet patterns of res: pages cut from
// the same stock row (same size, material and thickness) with the same
// placement — the same set of (part line, x, y, width, height, turned),
// whatever the copy ids — and the same cutting sequence carry the same
// Page.Pattern, 1-based in order of first appearance; Stats.Patterns
// counts the distinct ones. The pages stay listed one by one.
func setPatterns(res *Result) {
	seen := make(map[string]int, len(res.Pages))
	var key []byte
	var order []int
	for i := range res.Pages {
		key, order = patternKey(key[:0], order[:0], &res.Pages[i])
		n, ok := seen[string(key)]
		if !ok {
			n = len(seen) + 1
			seen[string(key)] = n
		}
		res.Pages[i].Pattern = n
	}
	res.Stats.Patterns = len(seen)
}

// patternKey appends to key the bytes that identify page p's pattern:
// its stock row and size, its placements sorted by part line and
// geometry, and its cuts in order. order is scratch space.
func patternKey(key []byte, order []int, p *Page) ([]byte, []int) {
	f := func(v float64) {
		if v == 0 {
			v = 0 // -0 and 0 are the same place
		}
		key = binary.LittleEndian.AppendUint64(key, math.Float64bits(v))
	}
	s := func(v string) {
		key = binary.AppendUvarint(key, uint64(len(v)))
		key = append(key, v...)
	}
	s(p.StockID)
	s(p.Material)
	f(p.Thickness)
	f(p.Width)
	f(p.Height)
	for i := range p.Parts {
		order = append(order, i)
	}
	slices.SortFunc(order, func(a, b int) int {
		pa, pb := &p.Parts[a], &p.Parts[b]
		if c := cmp.Compare(pa.OriginalIndex, pb.OriginalIndex); c != 0 {
			return c
		}
		if c := cmp.Compare(pa.X, pb.X); c != 0 {
			return c
		}
		if c := cmp.Compare(pa.Y, pb.Y); c != 0 {
			return c
		}
		if c := cmp.Compare(pa.Width, pb.Width); c != 0 {
			return c
		}
		if c := cmp.Compare(pa.Height, pb.Height); c != 0 {
			return c
		}
		if pa.Rotated == pb.Rotated {
			return 0
		}
		if pa.Rotated {
			return 1
		}
		return -1
	})
	key = binary.AppendUvarint(key, uint64(len(order)))
	for _, i := range order {
		pl := &p.Parts[i]
		key = binary.AppendVarint(key, int64(pl.OriginalIndex))
		f(pl.X)
		f(pl.Y)
		f(pl.Width)
		f(pl.Height)
		if pl.Rotated {
			key = append(key, 1)
		} else {
			key = append(key, 0)
		}
	}
	key = binary.AppendUvarint(key, uint64(len(p.Cuts)))
	for _, c := range p.Cuts {
		f(c.X)
		f(c.Y)
		f(c.Length)
		s(c.Direction)
	}
	return key, order
}
