package nest

import (
	"context"
	"slices"
)

// Options.KeepLeftover: the last sheet of each material is laid out again
// so that its leftover is one large rectangle. Its parts are packed into
// the narrowest sheet of the full height (or the lowest of the full
// width) they fit, found by bisection with the constructive engine, so
// that a strip across the whole sheet stays free; the page keeps the
// arrangement whose largest leftover (Leftovers, any size) is largest,
// its own when neither is larger. The pages, their parts and the sheet
// count stay the same; only positions, turns (where allowed) and cuts
// change.

// keepSteps bounds the bisection: 14 halvings of 10,000 cm reach 0.6 cm.
const keepSteps = 14

// layoutKeepLeftover is Layout with Options.KeepLeftover.
func layoutKeepLeftover(ctx context.Context, req Request, onProgress func(Progress)) (Result, error) {
	plain := req
	plain.Options.KeepLeftover = false
	res, err := Layout(ctx, plain, onProgress)
	if err != nil {
		return res, err
	}
	last := map[string]int{}
	var order []string
	for i := len(req.Pinned); i < len(res.Pages); i++ {
		p := &res.Pages[i]
		key := FoldMaterial(p.Material) + "\x00" + itoa(int(thickKey(p.Thickness)))
		if _, ok := last[key]; !ok {
			order = append(order, key)
		}
		last[key] = i
	}
	changed := false
	for _, key := range order {
		if ctx.Err() != nil {
			break
		}
		if page, ok := repackPage(ctx, req, &res, last[key]); ok {
			res.Pages[last[key]] = page
			changed = true
		}
	}
	if changed {
		res.Stats.Cuts, res.Stats.CutLength = 0, 0
		units := 0
		for _, p := range res.Pages {
			res.Stats.Cuts += len(p.Cuts)
			for _, c := range p.Cuts {
				units += exactUnits(c.Length)
			}
		}
		if units > 0 {
			res.Stats.CutLength = toCM(units)
		}
		numberPatterns(&res)
	}
	return res, nil
}

// largestLeftover is the area in units of the largest leftover of page i.
func largestLeftover(req Request, res *Result, i int) int {
	one := Result{Sheet: res.Sheet, Pages: res.Pages[i : i+1]}
	best := 0
	for _, l := range Leftovers(req, one, []OffcutRule{{}}) {
		best = max(best, exactUnits(l.Width)*exactUnits(l.Height))
	}
	return best
}

// repackPage returns page i laid out again with a larger largest
// leftover, false when no arrangement found has one.
func repackPage(ctx context.Context, req Request, res *Result, i int) (Page, bool) {
	page := res.Pages[i]
	sw, sh := page.Width, page.Height
	if sw == 0 || sh == 0 {
		sw, sh = res.Sheet.Width, res.Sheet.Height
	}
	grainedRow := false
	for _, s := range req.Stock {
		if s.ID == page.StockID {
			grainedRow = grained(s.Grain)
		}
	}
	// One line per part line: the pieces as they lie, turnable where the
	// part and the row allow it.
	sub := Request{Options: Options{Kerf: req.Options.Kerf, Trim: req.Options.Trim, Guillotine: req.Options.Guillotine, Seed: req.Options.Seed}}
	var lines []int         // sub line -> originalIndex
	var ids [][]string      // sub line -> the piece ids
	var turned []bool       // sub line -> the sub part is the part turned
	lineOf := map[int]int{} // originalIndex -> sub line
	for _, pl := range page.Parts {
		if pl.OriginalIndex < 0 || pl.OriginalIndex >= len(req.Parts) {
			return page, false
		}
		p := req.Parts[pl.OriginalIndex]
		l, ok := lineOf[pl.OriginalIndex]
		if !ok {
			l = len(sub.Parts)
			lineOf[pl.OriginalIndex] = l
			// A part that may turn is given as entered; one that may
			// not (grain on a grained row, or locked) as it lies.
			rot := p.CanRotate() && !(grainedRow && grained(p.Grain))
			w, h, t := pl.Width, pl.Height, pl.Rotated
			if rot && pl.Rotated {
				w, h, t = h, w, false
			}
			sub.Parts = append(sub.Parts, Part{ID: "k" + itoa(l), Name: p.Name, Width: w, Height: h, Rotate: &rot})
			lines = append(lines, pl.OriginalIndex)
			ids = append(ids, nil)
			turned = append(turned, t)
		}
		sub.Parts[l].Quantity++
		ids[l] = append(ids[l], pl.ID)
	}
	best, bestArea := page, largestLeftover(req, res, i)
	for _, vertical := range []bool{true, false} {
		full, other := sw, sh
		if !vertical {
			full, other = sh, sw
		}
		// Bisect the side in whole 0.01 cm: lo does not fit, hi does.
		lo, hi := 0, exactUnits(full)
		var fit Result
		for step := 0; step < keepSteps && hi-lo > 1 && ctx.Err() == nil; step++ {
			mid := (lo + hi) / 2
			sub.Sheet = Sheet{toCM(mid), other}
			if !vertical {
				sub.Sheet = Sheet{other, toCM(mid)}
			}
			r, err := Layout(ctx, sub, nil)
			if err == nil && len(r.Pages) == 1 && len(r.Skipped) == 0 {
				hi, fit = mid, r
			} else {
				lo = mid
			}
		}
		if len(fit.Pages) != 1 {
			continue
		}
		cand := placeRepacked(req, page, fit.Pages[0], lines, ids, turned, vertical, exactUnits(fit.Sheet.Width), exactUnits(fit.Sheet.Height), exactUnits(sw), exactUnits(sh))
		if newProfile(req.Options).set() {
			// The strip and the sub layout's cuts, in the saw profile's
			// stages, or not at all.
			var ok bool
			if cand.Cuts, ok = profilePageCuts(req, cand, sw, sh); !ok {
				continue
			}
		}
		trial := Result{Sheet: res.Sheet, Pages: []Page{cand}}
		if a := largestLeftover(req, &trial, 0); a > bestArea {
			best, bestArea = cand, a
		}
	}
	return best, bestArea > largestLeftover(req, res, i)
}

// placeRepacked turns the sub layout's page into page's new arrangement:
// the same piece ids, turns relative to the parts as entered, edges as
// they lie, and the cuts with the one that frees the strip first.
func placeRepacked(req Request, page, got Page, lines []int, ids [][]string, turned []bool, vertical bool, subW, subH, sw, sh int) Page {
	out := page
	out.Parts = make([]Placed, 0, len(got.Parts))
	next := make([]int, len(lines))
	for _, pl := range got.Parts {
		l := int(atoiPrefix(pl.ID[1:]))
		oi := lines[l]
		p := req.Parts[oi]
		n := Placed{
			ID: ids[l][next[l]], Name: p.Name, X: pl.X, Y: pl.Y, Width: pl.Width, Height: pl.Height,
			Rotated: pl.Rotated != turned[l], OriginalIndex: oi,
		}
		next[l]++
		if page.StockID != "" {
			n.Edges = rotateEdges(p.Edges, n.Rotated)
		}
		out.Parts = append(out.Parts, n)
	}
	slices.SortStableFunc(out.Parts, func(a, b Placed) int {
		if a.Y != b.Y {
			if a.Y < b.Y {
				return -1
			}
			return 1
		}
		switch {
		case a.X < b.X:
			return -1
		case a.X > b.X:
			return 1
		}
		return 0
	})
	out.Cuts = nil
	if len(got.Cuts) > 0 {
		trim := exactUnits(req.Options.Trim)
		order := 1
		if vertical && subW < sw {
			out.Cuts = append(out.Cuts, Cut{Order: 1, X: toCM(subW - trim), Y: toCM(trim), Length: toCM(sh - 2*trim), Direction: Vertical})
			order++
		} else if !vertical && subH < sh {
			out.Cuts = append(out.Cuts, Cut{Order: 1, X: toCM(trim), Y: toCM(subH - trim), Length: toCM(sw - 2*trim), Direction: Horizontal})
			order++
		}
		for _, c := range got.Cuts {
			c.Order = order
			order++
			out.Cuts = append(out.Cuts, c)
		}
	}
	return out
}

func atoiPrefix(s string) int {
	n := 0
	for _, c := range s {
		if c < '0' || c > '9' {
			break
		}
		n = n*10 + int(c-'0')
	}
	return n
}
