package nest

import (
	"cmp"
	"encoding/binary"
	"math"
	"slices"
)

// setPatterns lays out alike the pages that hold the same pieces (see
// unifyPages), then numbers the distinct sheet patterns of res: pages cut from
// the same stock row (same size, material and thickness) with the same
// placement — the same set of (part line, x, y, width, height, turned),
// whatever the copy ids — and the same cutting sequence carry the same
// Page.Pattern, 1-based in order of first appearance; Stats.Patterns
// counts the distinct ones. The pages stay listed one by one.
func setPatterns(res *Result) {
	unifyPages(res)
	numberPatterns(res)
}

// numberPatterns sets Page.Pattern and Stats.Patterns (see setPatterns)
// as the pages stand.
func numberPatterns(res *Result) {
	// Only pages alike in a cheap signature can share a pattern: a page
	// alone in its signature is a pattern of its own without building its
	// key (most pages of most layouts).
	sigs, alone := signatures(res, true)
	seen := make(map[string]int)
	var key []byte
	var order []int
	n := 0
	for i := range res.Pages {
		if alone[sigs[i]] {
			n++
			res.Pages[i].Pattern = n
			continue
		}
		key, order = patternKey(key[:0], order[:0], &res.Pages[i])
		k, ok := seen[string(key)]
		if !ok {
			n++
			k = n
			seen[string(key)] = k
		}
		res.Pages[i].Pattern = k
	}
	res.Stats.Patterns = n
}

// pageSig is what two pages that hold the same pieces (and, with cuts,
// the same pattern) have in common, cheap to compute: their stock row and
// size, their number of pieces (and cuts), and sums over the pieces that
// do not depend on their order.
type pageSig struct {
	stock, material          string
	thickness, width, height float64
	parts, cuts, lines       int
	area                     int64
}

// signatures returns each page's signature and which signatures only one
// page has; withCuts counts the cuts too.
func signatures(res *Result, withCuts bool) ([]pageSig, map[pageSig]bool) {
	sigs := make([]pageSig, len(res.Pages))
	count := make(map[pageSig]int, len(res.Pages))
	for i := range res.Pages {
		p := &res.Pages[i]
		g := pageSig{stock: p.StockID, material: p.Material, thickness: p.Thickness + 0,
			width: p.Width + 0, height: p.Height + 0, parts: len(p.Parts)}
		if withCuts {
			g.cuts = len(p.Cuts)
		}
		for k := range p.Parts {
			pl := &p.Parts[k]
			g.lines += pl.OriginalIndex
			g.area += int64(math.Round(pl.Width*100)) * int64(math.Round(pl.Height*100))
		}
		sigs[i] = g
		count[g]++
	}
	alone := make(map[pageSig]bool, len(count))
	for g, c := range count {
		alone[g] = c == 1
	}
	return sigs, alone
}

// pageKey builds the bytes that identify a page; -0 and 0 are the same
// place.
type pageKey []byte

func (k *pageKey) num(v float64) { *k = binary.LittleEndian.AppendUint64(*k, math.Float64bits(v+0)) }

func (k *pageKey) str(v string) {
	*k = binary.AppendUvarint(*k, uint64(len(v)))
	*k = append(*k, v...)
}

// sheet writes page p's stock row and size.
func (k *pageKey) sheet(p *Page) {
	k.str(p.StockID)
	k.str(p.Material)
	k.num(p.Thickness)
	k.num(p.Width)
	k.num(p.Height)
}

// piece writes a placement's part line, its place when at, its size and
// its turn.
func (k *pageKey) piece(pl *Placed, at bool) {
	*k = binary.AppendVarint(*k, int64(pl.OriginalIndex))
	if at {
		k.num(pl.X)
		k.num(pl.Y)
	}
	k.num(pl.Width)
	k.num(pl.Height)
	if pl.Rotated {
		*k = append(*k, 1)
	} else {
		*k = append(*k, 0)
	}
}

// patternKey appends to key the bytes that identify page p's pattern:
// its stock row and size, its placements sorted by part line and
// geometry, and its cuts in order. order is scratch space.
func patternKey(key []byte, order []int, p *Page) ([]byte, []int) {
	k := pageKey(key)
	k.sheet(p)
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
	k = binary.AppendUvarint(k, uint64(len(order)))
	for _, i := range order {
		k.piece(&p.Parts[i], true)
	}
	k = binary.AppendUvarint(k, uint64(len(p.Cuts)))
	for _, c := range p.Cuts {
		k.num(c.X)
		k.num(c.Y)
		k.num(c.Length)
		k.str(c.Direction)
	}
	return k, order
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

// unifyPages lays out alike every page that holds the same parts as an
// earlier page of the same stock row: the same part lines, each as many
// times, in the same sizes and turns, only elsewhere on the sheet. The
// later page takes the earlier one's placement (its own copies, in the
// earlier page's places) and cuts, so that the two are one pattern, cut
// twice; this costs no sheet and changes no total: only pages whose cuts
// are as many and as long in all are changed. A layout whose part lines
// all have one copy (the 2BP set) never has two such pages.
func unifyPages(res *Result) {
	if len(res.Pages) < 2 {
		return
	}
	sigs, alone := signatures(res, false)
	first := map[string]int{}
	var key []byte
	var order []int
	for i := range res.Pages {
		if alone[sigs[i]] {
			continue // no other page holds the same pieces
		}
		key, order = contentKey(key[:0], order[:0], &res.Pages[i])
		k, ok := first[string(key)]
		if !ok {
			first[string(key)] = i
			continue
		}
		takePlacement(&res.Pages[i], &res.Pages[k])
	}
}

// contentKey appends to key the bytes that identify what page p holds:
// its stock row and size and its placements' part lines, sizes and turns,
// sorted, without their places.
func contentKey(key []byte, order []int, p *Page) ([]byte, []int) {
	k := pageKey(key)
	k.sheet(p)
	for i := range p.Parts {
		order = append(order, i)
	}
	slices.SortFunc(order, func(a, b int) int { return comparePiece(&p.Parts[a], &p.Parts[b]) })
	k = binary.AppendUvarint(k, uint64(len(order)))
	for _, i := range order {
		k.piece(&p.Parts[i], false)
	}
	return k, order
}

// comparePiece orders placements by part line, size and turn.
func comparePiece(a, b *Placed) int {
	if c := cmp.Compare(a.OriginalIndex, b.OriginalIndex); c != 0 {
		return c
	}
	if c := cmp.Compare(a.Width, b.Width); c != 0 {
		return c
	}
	if c := cmp.Compare(a.Height, b.Height); c != 0 {
		return c
	}
	switch {
	case a.Rotated == b.Rotated:
		return 0
	case a.Rotated:
		return 1
	}
	return -1
}

// takePlacement gives page p, which holds the same pieces as page from,
// from's placement and cuts, keeping p's own copies (ids, names, edges),
// when their cuts are as many and as long in all; else p is left as it is.
func takePlacement(p, from *Page) {
	if len(p.Cuts) != len(from.Cuts) || len(p.Parts) != len(from.Parts) {
		return
	}
	var a, b float64
	for k := range p.Cuts {
		a += p.Cuts[k].Length
		b += from.Cuts[k].Length
	}
	if a != b {
		return
	}
	// p's copies, grouped by piece in p's order, are dealt out to from's
	// places in from's order.
	mine := make([]int, len(p.Parts))
	for i := range mine {
		mine[i] = i
	}
	slices.SortStableFunc(mine, func(x, y int) int { return comparePiece(&p.Parts[x], &p.Parts[y]) })
	theirs := make([]int, len(from.Parts))
	for i := range theirs {
		theirs[i] = i
	}
	slices.SortStableFunc(theirs, func(x, y int) int { return comparePiece(&from.Parts[x], &from.Parts[y]) })
	parts := make([]Placed, len(p.Parts))
	for k, j := range theirs {
		pl := p.Parts[mine[k]]
		if comparePiece(&pl, &from.Parts[j]) != 0 {
			return // not the same pieces after all
		}
		pl.X, pl.Y = from.Parts[j].X, from.Parts[j].Y
		parts[j] = pl
	}
	p.Parts = parts
	p.Cuts = slices.Clone(from.Cuts)
}
