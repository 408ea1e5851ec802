package nest

import "slices"

// Refresh returns res, a result of req, with the fields an earlier Kesim
// wrote differently brought up to date, and whether it changed any, so
// that a layout saved by it saves again as this version's (docs/engine.md,
// "Go API", results of earlier versions):
//
//   - a whole part line kept off every stock row of its material only by
//     grain is skipped as SkipGrain (earlier SkipNoFit);
//   - a material's copies left over for want of stock are counted in its
//     StockOut (earlier absent), from the result's SkipStockOut lines.
//
// Anything else is left as it is, for Verify to judge. A result without
// such lines comes back as it is, without the request being read; res's
// slices are not changed: the ones it changes are copies.
//
// Refresh cannot tell every current result from an old one: a re-plan's
// line skipped whole as SkipStockOut, for a row its pinned pages used up,
// is not counted in StockOut and looks old. So use it on a result Verify
// refused only, and take its answer only when Verify accepts it (as the
// store does).
func Refresh(req Request, res Result) (Result, bool) {
	if len(req.Stock) == 0 || !mayNeedRefresh(res) {
		return res, false
	}
	req.Pinned = nil // the whole job's groups and skips
	sj, err := newStockJob(req)
	if err != nil {
		return res, false
	}
	// Whole lines skipped as too large that today's engine skips for grain.
	grain := map[int]Skipped{}
	for _, s := range sj.skipped {
		if s.Reason == SkipGrain {
			grain[s.OriginalIndex] = s
		}
	}
	cloned := false
	for i, s := range res.Skipped {
		exp, ok := grain[s.OriginalIndex]
		if s.Reason != SkipNoFit || !ok {
			continue
		}
		if s.Reason = SkipGrain; s == exp {
			if !cloned {
				res.Skipped, cloned = slices.Clone(res.Skipped), true
			}
			res.Skipped[i] = s
		}
	}
	// Copies left over for want of stock, per material, when no material
	// counts any.
	if len(res.Materials) != len(sj.groups) || countsStockOut(res) {
		return res, cloned
	}
	groupOf := sj.groupOf()
	out := make([]int, len(sj.groups))
	short := false
	for _, s := range res.Skipped {
		if s.Reason == SkipStockOut && s.OriginalIndex >= 0 && s.OriginalIndex < len(groupOf) && groupOf[s.OriginalIndex] >= 0 && s.Quantity > 0 {
			out[groupOf[s.OriginalIndex]] += s.Quantity
			short = true
		}
	}
	if short {
		res.Materials = slices.Clone(res.Materials)
		for gi := range res.Materials {
			res.Materials[gi].StockOut = out[gi]
		}
	}
	return res, cloned || short
}

// mayNeedRefresh reports whether res has what Refresh may change: a line
// skipped as too large, or one skipped for want of stock while no material
// counts those.
func mayNeedRefresh(res Result) bool {
	counted := countsStockOut(res)
	return slices.ContainsFunc(res.Skipped, func(s Skipped) bool {
		return s.Reason == SkipNoFit || s.Reason == SkipStockOut && !counted
	})
}

// countsStockOut reports whether a material of res counts copies left over
// for want of stock.
func countsStockOut(res Result) bool {
	return slices.ContainsFunc(res.Materials, func(m MaterialResult) bool { return m.StockOut != 0 })
}
