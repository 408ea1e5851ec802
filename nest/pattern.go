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

// PatternGroups groups the listed pages of res (indexes into res.Pages, in
// the order given) by their pattern, for printing each pattern once: a
// group holds the pages whose Pattern is the same positive number and whose
// stock row, placement and cuts do match, in the order listed; the groups
// come in the order of their first page. A page without a pattern number
// (a result made before patterns, or by hand) is a group of its own, so
// such a result prints as before; so is an index out of range.
func PatternGroups(res *Result, pages []int) [][]int {
	groups := make([][]int, 0, len(pages))
	index := map[string]int{}
	var key []byte
	var order []int
	for _, page := range pages {
		if page < 0 || page >= len(res.Pages) || res.Pages[page].Pattern <= 0 {
			groups = append(groups, []int{page})
			continue
		}
		key = binary.AppendVarint(key[:0], int64(res.Pages[page].Pattern))
		key, order = patternKey(key, order[:0], &res.Pages[page])
		if g, ok := index[string(key)]; ok {
			groups[g] = append(groups[g], page)
			continue
		}
		index[string(key)] = len(groups)
		groups = append(groups, []int{page})
	}
	return groups
}
