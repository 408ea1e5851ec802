package nest

import (
	"cmp"
	"slices"
)

// Leftovers: the usable rectangles a layout leaves, which go back on the
// rack as offcuts (docs/engine.md, "Offcuts and leftovers").

// OffcutRule is the smallest offcut worth keeping of a material and
// thickness; a rule with an empty Material is the default for all.
type OffcutRule struct {
	Material  string  `json:"material,omitempty"`
	Thickness float64 `json:"thickness,omitempty"` // mm; 0 = any thickness of the material
	MinWidth  float64 `json:"minWidth"`            // cm
	MinHeight float64 `json:"minHeight"`           // cm
}

// Leftover is a usable rectangle of a page that can be cut off, in cm,
// within the sheet.
type Leftover struct {
	// Page is the 0-based index of the page in Result.Pages.
	Page      int     `json:"page"`
	StockID   string  `json:"stockId,omitempty"`
	Material  string  `json:"material,omitempty"`
	Thickness float64 `json:"thickness,omitempty"`
	X         float64 `json:"x"`
	Y         float64 `json:"y"`
	Width     float64 `json:"width"`
	Height    float64 `json:"height"`
	// Grain is the grain of the page's stock row, which the offcut keeps
	// (Stock.Grain); empty without one.
	Grain string `json:"grain,omitempty"`
}

// Limits and messages of the offcut settings.
const (
	MaxOffcutRules = 100
	// MaxOffcutMinUse bounds Options.OffcutMinUse, a percent.
	MaxOffcutMinUse = 100
	// MaxPinnedPages bounds Request.Pinned.
	MaxPinnedPages = 10000
	// DefaultOffcutCM is the sides (cm) of the offcut rule of a user who
	// set none: the rack's, and the cut list's leftovers' without rules.
	DefaultOffcutCM = 30
)

// Turkish messages of the offcut fields, shared with the store and the web
// app (generated into web/src/generated/texts.ts).
const (
	MsgOffcutMinUse    = "Artık kullanım oranı 0 ile 100 arasında bir tam sayı olmalı."
	MsgOffcutQuantity  = "Artık satırının adedi 1 ile 100.000 arasında bir tam sayı olmalı."
	MsgTooManyRules    = "En fazla 100 artık kuralı olabilir."
	MsgOffcutRuleSize  = "Artık için en küçük ölçü 0 ile 10.000 cm arasında olmalı."
	MsgTooManyPinned   = "En fazla 10.000 kesilmiş levha sabitlenebilir."
	MsgPinnedPage      = "Kesilmiş levha bu işe uymuyor: parçaları, ölçüsü veya stoku değişmiş."
	MsgPinnedDuplicate = "Kesilmiş levhalarda aynı parça iki kez var."
)

// ValidateOffcutRules reports the first rule out of bounds, as an
// *InputError on "rules[i]....".
func ValidateOffcutRules(rules []OffcutRule) error {
	if len(rules) > MaxOffcutRules {
		return &InputError{Field: "rules", Message: MsgTooManyRules}
	}
	for i, r := range rules {
		f := "rules[" + itoa(i) + "]."
		switch {
		case longText(r.Material):
			return textErr(f + "material")
		case badNumber(r.Thickness, 0, MaxThicknessMM):
			return &InputError{Field: f + "thickness", Message: MsgThickness}
		case badNumber(r.MinWidth, 0, MaxSheetCM):
			return &InputError{Field: f + "minWidth", Message: MsgOffcutRuleSize}
		case badNumber(r.MinHeight, 0, MaxSheetCM):
			return &InputError{Field: f + "minHeight", Message: MsgOffcutRuleSize}
		}
	}
	return nil
}

// ruleFor returns the rule of a page's material and thickness: one of the
// material and its thickness first, then one of the material with no
// thickness, then one of no material and the page's thickness, then the
// default (no material, no thickness). ok is false when none applies or
// the rule is invalid: the page then gives no leftovers. (A rule of a
// thickness and no material, which the web app's rule table allows, had
// matched no page.)
func ruleFor(rules []OffcutRule, material string, thickness float64) (minW, minH int, ok bool) {
	best, rank := -1, 0
	m := FoldMaterial(material)
	for i, r := range rules {
		rk := 0
		same := thickKey(r.Thickness) == thickKey(thickness)
		switch {
		case r.Material == "" && r.Thickness == 0:
			rk = 1
		case r.Material == "" && same:
			rk = 2
		case r.Material != "" && FoldMaterial(r.Material) == m && r.Thickness == 0:
			rk = 3
		case r.Material != "" && FoldMaterial(r.Material) == m && same:
			rk = 4
		}
		if rk > rank {
			best, rank = i, rk
		}
	}
	if best < 0 {
		return 0, 0, false
	}
	r := rules[best]
	w, okW := toUnits(r.MinWidth, MaxSheetCM, true)
	h, okH := toUnits(r.MinHeight, MaxSheetCM, true)
	return max(w, 1), max(h, 1), okW && okH
}

// Leftovers returns the offcuts of res worth keeping under rules: on each
// page, rectangles free of parts (the kerf kept between them and every
// part), within the trimmed sheet, at least the page's rule in either
// orientation, that can be cut off: on a page with a cutting sequence,
// they are the sequence's waste pieces; on the others, pieces of
// edge-to-edge cuts that touch no part (edgeCuts). They are listed page
// by page, the largest first. A page whose sizes the request's options
// do not explain (an invalid request) gives none.
//
// O(n² log n) for n parts on a page (a page with a cutting sequence:
// O(c²) for c cuts).
func Leftovers(req Request, res Result, rules []OffcutRule) []Leftover {
	kerf, okK := toUnits(req.Options.Kerf, MaxKerfCM, true)
	trim, okT := toUnits(req.Options.Trim, MaxSheetCM, true)
	if !okK || !okT {
		return nil
	}
	var out []Leftover
	work := leftoverWork
	for pi := range res.Pages {
		page := &res.Pages[pi]
		minW, minH, ok := ruleFor(rules, page.Material, page.Thickness)
		if !ok {
			continue
		}
		sw, sh := page.Width, page.Height
		if sw == 0 || sh == 0 {
			sw, sh = res.Sheet.Width, res.Sheet.Height
		}
		w, okW := toUnits(sw, MaxSheetCM, false)
		h, okH := toUnits(sh, MaxSheetCM, false)
		if !okW || !okH || 2*trim >= w || 2*trim >= h {
			continue
		}
		grain := ""
		for _, s := range req.Stock {
			if s.ID == page.StockID && page.StockID != "" {
				grain = s.Grain
				break
			}
		}
		var found []rect
		for _, r := range pageLeftovers(page, rect{trim, trim, w - 2*trim, h - 2*trim}, kerf, minW, minH, &work) {
			if r.w >= minW && r.h >= minH || r.w >= minH && r.h >= minW {
				found = append(found, r)
			}
		}
		slices.SortStableFunc(found, func(a, b rect) int {
			return cmp.Or(cmp.Compare(b.w*b.h, a.w*a.h), cmp.Compare(a.y, b.y), cmp.Compare(a.x, b.x))
		})
		for _, r := range found {
			out = append(out, Leftover{
				Page: pi, StockID: page.StockID, Material: page.Material, Thickness: page.Thickness,
				X: toCM(r.x), Y: toCM(r.y), Width: toCM(r.w), Height: toCM(r.h), Grain: grain,
			})
		}
	}
	return out
}

// pageRects returns a page's parts in units, false when one is not on the
// 0.1 mm grid or is empty.
func pageRects(page *Page) ([]rect, bool) {
	rs := make([]rect, 0, len(page.Parts))
	for _, p := range page.Parts {
		r := rect{exactUnits(p.X), exactUnits(p.Y), exactUnits(p.Width), exactUnits(p.Height)}
		if r.x < 0 || r.y < 0 || r.w <= 0 || r.h <= 0 {
			return nil, false
		}
		rs = append(rs, r)
	}
	return rs, true
}

// pageLeftovers returns the empty pieces of a page within the usable
// sheet u: the largest part-free pieces of its cutting sequence when it
// has one that replays (of any size), else those of edgeCuts (of the
// rule's size, with what is left of work).
func pageLeftovers(page *Page, u rect, kerf, minW, minH int, work *int) []rect {
	parts, ok := pageRects(page)
	if !ok {
		return nil
	}
	if len(page.Cuts) > 0 {
		if tree, ok := replayCuts(page.Cuts, u, kerf, work); ok {
			// The largest pieces of the sequence that hold no part:
			// a cut the sequence makes within one is not needed. Each
			// piece looks only at the parts near its parent (freeOf's
			// test), so a level of the tree looks at each part about once.
			var out []rect
			var walk func(i int, near []rect) bool
			walk = func(i int, near []rect) bool {
				n := tree[i]
				if *work -= len(near); *work < 0 {
					return false
				}
				var in []rect
				for _, p := range near {
					if within(n.r, p, kerf) {
						in = append(in, p)
					}
				}
				if len(in) == 0 {
					out = append(out, n.r)
					return true
				}
				for _, c := range n.kids {
					if !walk(c, in) {
						return false
					}
				}
				return true
			}
			if walk(0, parts) {
				return out
			}
			// Out of work: the edge cuts' margins below.
		}
	}
	// A part that reaches into the trim (a result no layout gives, but a
	// stored one may be anything Verify lets through) can leave a piece
	// over it: no leftover ever lies on a part.
	return slices.DeleteFunc(edgeCuts(u, parts, kerf, minW, minH, work), func(r rect) bool { return !freeOf(r, parts, kerf) })
}

// cutNode is a piece of a cutting sequence: the sheet, or one side of a
// cut of its parent piece; kids are the pieces its cut made.
type cutNode struct {
	r    rect
	kids []int
}

// replayCuts returns the tree of the pieces a cutting sequence makes of u
// (u first), false when a cut does not split a piece from edge to edge,
// or when the pieces it looks at spend work.
func replayCuts(cuts []Cut, u rect, k int, work *int) ([]cutNode, bool) {
	tree := []cutNode{{r: u}}
	leaves := []int{0}
	for _, c := range cuts {
		x, y, l := exactUnits(c.X), exactUnits(c.Y), exactUnits(c.Length)
		// The newest pieces first: a sequence mostly cuts a piece the
		// cut before made.
		found := -1
		for i := len(leaves) - 1; i >= 0; i-- {
			if cutSplits(c, tree[leaves[i]].r, x, y, l) {
				found = i
				break
			}
		}
		if found < 0 {
			return nil, false
		}
		if *work -= len(leaves) - found; *work < 0 {
			return nil, false
		}
		ni := leaves[found]
		leaves = slices.Delete(leaves, found, found+1)
		for _, r := range cutSides(c, tree[ni].r, x, y, k) {
			tree[ni].kids = append(tree[ni].kids, len(tree))
			leaves = append(leaves, len(tree))
			tree = append(tree, cutNode{r: r})
		}
	}
	return tree, true
}

// freeOf reports whether r keeps at least the kerf from every part.
func freeOf(r rect, parts []rect, k int) bool {
	for _, p := range parts {
		if within(r, p, k) {
			return false
		}
	}
	return true
}

// within reports whether part p lies in r or nearer to it than the kerf
// k (each grown by k to the right and below, as the packer grows them).
func within(r, p rect, k int) bool {
	return rect{r.x, r.y, r.w + k, r.h + k}.overlaps(rect{p.x, p.y, p.w + k, p.h + k})
}

// edgeCuts returns empty pieces of u that edge-to-edge cuts touching no
// part separate from the parts, and at least minW x minH in either
// orientation. It works on rectangles grown by the kerf to the right and
// below (as the packer does), where a cut is a line no grown part
// crosses. In a region, each of its empty strips (the margins beside its
// parts' bounding box and the gaps between parts that run across the
// whole region) can be cut off; the widest vertical and the widest
// horizontal strip are both tried in the first edgeLookahead levels, the
// larger alone below, and the choice that keeps the most area in pieces
// of the rule's size (then the largest piece) wins. A region with no
// strip (parts interlocked with no through cut) keeps its gaps.
//
// O(2^edgeLookahead n² log n) for n parts, at most about *work parts
// looked at (taken off it): once it is spent, the search stops trying both
// strips and stops below edgeShallow levels, O(n log n) a page (see
// leftoverWork).
func edgeCuts(u rect, parts []rect, k, minW, minH int, work *int) []rect {
	grown := make([]rect, len(parts))
	for i, p := range parts {
		grown[i] = rect{p.x, p.y, p.w + k, p.h + k}
	}
	out, _ := edgeRegion(rect{u.x, u.y, u.w + k, u.h + k}, grown, k, minW, minH, 0, work)
	return out
}

// leftoverWork bounds the work of Leftovers over all the pages of a
// result: the parts its regions look for strips in (edgePartWork each),
// and the pieces and parts a cutting sequence's replay looks at, summed. Pages of
// thousands of parts that no cut separates in halves (parts along a
// diagonal: each cut takes one part off) made the search quadratic, and a
// cut (Kesildi) of a stored result of 4,000 such parts held the database
// for 9 s. At the bound (about 1 s of work) the search goes on cheaply
// (edgeShallow): the margins of the parts and the widest strips between
// them are still found, smaller gaps deep down are not. Engine layouts
// stay far below it: 3,000 pieces on 134 pages take 2 ms.
const leftoverWork = 100_000_000

// edgePartWork is what a part costs edgeRegion, in leftoverWork's units
// (a part a piece of a cutting sequence looks at costs 1): it sorts them.
const edgePartWork = 16

// edgeShallow is how many levels below a page's sheet edgeRegion still
// cuts once the work is spent.
const edgeShallow = 2

// edgeLookahead is the number of levels where edgeCuts tries both strips.
// Against the greedy choice alone (0), 3 keeps 0,1 % more leftover area
// of at least 10 x 10 cm over 300 random free layouts, and costs 8 times
// its work: 0,9 s for a page of 3,600 parts in a grid, 2 ms for 3,000
// pieces on 134 pages.
const edgeLookahead = 3

// cutScore ranks the pieces a region gives: their area, then the
// largest.
type cutScore struct{ area, largest int }

func (a cutScore) add(b cutScore) cutScore {
	return cutScore{a.area + b.area, max(a.largest, b.largest)}
}

func (a cutScore) better(b cutScore) bool {
	return a.area > b.area || a.area == b.area && a.largest > b.largest
}

// edgeRegion is edgeCuts of region r (grown) holding parts (grown), with
// what is left of work.
func edgeRegion(r rect, parts []rect, k, minW, minH, depth int, work *int) ([]rect, cutScore) {
	*work -= edgePartWork * len(parts)
	spent := *work < 0
	if spent && depth > edgeShallow && len(parts) > 0 {
		return nil, cutScore{}
	}
	if len(parts) == 0 {
		w, h := r.w-k, r.h-k
		if w >= minW && h >= minH || w >= minH && h >= minW {
			return []rect{{r.x, r.y, w, h}}, cutScore{w * h, w * h}
		}
		return nil, cutScore{}
	}
	var strips []rect
	var dirs []bool
	v, okV := widestStrip(r, parts, true)
	h, okH := widestStrip(r, parts, false)
	switch {
	case okV && okH && depth < edgeLookahead && !spent:
		strips, dirs = []rect{v, h}, []bool{true, false}
	case okV && (!okH || v.w*v.h >= h.w*h.h):
		strips, dirs = []rect{v}, []bool{true}
	case okH:
		strips, dirs = []rect{h}, []bool{false}
	}
	var best []rect
	bestScore, found := cutScore{}, false
	for si, strip := range strips {
		// Split the region along the strip: the side before it, the
		// strip itself (empty), the side after it.
		var before, after rect
		if dirs[si] {
			before = rect{r.x, r.y, strip.x - r.x, r.h}
			after = rect{strip.x + strip.w, r.y, r.x + r.w - strip.x - strip.w, r.h}
		} else {
			before = rect{r.x, r.y, r.w, strip.y - r.y}
			after = rect{r.x, strip.y + strip.h, r.w, r.y + r.h - strip.y - strip.h}
		}
		var inBefore, inAfter []rect
		for _, p := range parts {
			if before.contains(p) {
				inBefore = append(inBefore, p)
			} else {
				inAfter = append(inAfter, p)
			}
		}
		out, score := edgeRegion(strip, nil, k, minW, minH, depth+1, work)
		for _, side := range []struct {
			r     rect
			parts []rect
		}{{before, inBefore}, {after, inAfter}} {
			if side.r.w > 0 && side.r.h > 0 {
				o, s := edgeRegion(side.r, side.parts, k, minW, minH, depth+1, work)
				out, score = append(out, o...), score.add(s)
			}
		}
		if !found || score.better(bestScore) {
			best, bestScore, found = out, score, true
		}
	}
	return best, bestScore
}

// widestStrip returns the largest empty strip running across region r,
// down its whole height when vertical, else across its whole width, that
// no part (grown by the kerf) crosses; false when there is none. Without
// one, a line inside r that no part crosses (grown parts that touch, such
// as rows a kerf apart) is a strip of no width, the one nearest the
// middle: cut there, each side may have strips of its own (rows that only
// touched had kept the gaps beside their parts).
func widestStrip(r rect, parts []rect, vertical bool) (rect, bool) {
	best, found := rect{}, false
	lo, hi := r.x, r.x+r.w
	if !vertical {
		lo, hi = r.y, r.y+r.h
	}
	mid := lo + (hi-lo)/2
	line, lined := 0, false
	type span struct{ a, b int }
	spans := make([]span, len(parts))
	for i, p := range parts {
		if vertical {
			spans[i] = span{p.x, p.x + p.w}
		} else {
			spans[i] = span{p.y, p.y + p.h}
		}
	}
	slices.SortFunc(spans, func(a, b span) int { return cmp.Compare(a.a, b.a) })
	reach := lo
	consider := func(a, b int) {
		if b == a && lo < a && a < hi && (!lined || abs(a-mid) < abs(line-mid)) {
			line, lined = a, true
		}
		if b <= a {
			return
		}
		s := rect{a, r.y, b - a, r.h}
		if !vertical {
			s = rect{r.x, a, r.w, b - a}
		}
		if !found || s.w*s.h > best.w*best.h {
			best, found = s, true
		}
	}
	for _, s := range spans {
		consider(reach, s.a)
		reach = max(reach, s.b)
	}
	consider(reach, hi)
	if !found && lined {
		if vertical {
			return rect{line, r.y, 0, r.h}, true
		}
		return rect{r.x, line, r.w, 0}, true
	}
	return best, found
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
