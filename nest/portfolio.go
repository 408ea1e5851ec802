package nest

import "sort"

// The constructive portfolio: which runs of the packers are tried, and in
// which orders of the parts.

// config is one run of the constructive portfolio: a part order and a
// heuristic.
type config struct {
	order sortOrder
	heuristic
}

// portfolioConfigs is the constructive portfolio, best first. It was chosen
// greedily over the 500 instances of the standard 2BP benchmark (with and
// without rotation): each entry is the one that saved the most sheets given
// the entries before it; the whole set of 8 orders x 5 rules x 3 sheet
// choices x 4 orientations does no better. The orientation entries after
// them matter for workshop jobs of many equal parts that tile the sheet
// exactly as entered (4 x 50x74 on 100x148).
var portfolioConfigs = []config{
	{byArea, heuristic{rule: ruleBL, choice: choiceFirst, orient: orientGiven}},
	{byShortSide, heuristic{rule: ruleCP, choice: choiceTightest, orient: orientWide}},
	{byArea, heuristic{rule: ruleCP, choice: choiceTightest, orient: orientFree}},
	{byPerimeter, heuristic{rule: ruleBSSF, choice: choiceGlobal, orient: orientFree}},
	{byArea, heuristic{rule: ruleCP, choice: choiceFirst, orient: orientFree}},
	{byShortSide, heuristic{rule: ruleCP, choice: choiceTightest, orient: orientFree}},
	{byArea, heuristic{rule: ruleBSSF, choice: choiceGlobal, orient: orientFree}},
	{byArea, heuristic{rule: ruleCP, choice: choiceGlobal, orient: orientFree}},
	{byShortSide, heuristic{rule: ruleBAF, choice: choiceGlobal, orient: orientFree}},
	{byShortSide, heuristic{rule: ruleBLSF, choice: choiceGlobal, orient: orientFree}},
	{byArea, heuristic{rule: ruleBSSF, choice: choiceTightest, orient: orientFree}},
	{byHeight, heuristic{rule: ruleBL, choice: choiceFirst, orient: orientFree}},
	{byLongSide, heuristic{rule: ruleCP, choice: choiceFirst, orient: orientFree}},
	{byArea, heuristic{rule: ruleBLSF, choice: choiceGlobal, orient: orientFree}},
	{byShortSide, heuristic{rule: ruleBLSF, choice: choiceGlobal, orient: orientTall}},
	{byPerimeter, heuristic{rule: ruleCP, choice: choiceGlobal, orient: orientFree}},
	{byArea, heuristic{rule: ruleBAF, choice: choiceFirst, orient: orientFree}},
	{byLongSide, heuristic{rule: ruleBSSF, choice: choiceFirst, orient: orientFree}},
	{byLongSide, heuristic{rule: ruleCP, choice: choiceGlobal, orient: orientTall}},
	{byShortSide, heuristic{rule: ruleBL, choice: choiceTightest, orient: orientFree}},
	{byShortSide, heuristic{rule: ruleBSSF, choice: choiceFirst, orient: orientFree}},
	{byHeight, heuristic{rule: ruleBLSF, choice: choiceGlobal, orient: orientFree}},
	{byShortSide, heuristic{rule: ruleBSSF, choice: choiceTightest, orient: orientFree}},
	{byHeight, heuristic{rule: ruleBL, choice: choiceGlobal, orient: orientFree}},
	{byArea, heuristic{rule: ruleBSSF, choice: choiceFirst, orient: orientTall}},
	{byArea, heuristic{rule: ruleBSSF, choice: choiceFirst, orient: orientWide}},
}

// guillotinePortfolio is the constructive portfolio for guillotine
// layouts: the placement rules that have a meaning without neighbours,
// each split rule, and both sheet choices.
var guillotinePortfolio = func() []config {
	var cs []config
	for _, o := range []sortOrder{byArea, byShortSide, byPerimeter, byLongSide, byRelLongSide} {
		for _, sp := range []splitRule{splitShorterLeftover, splitMinArea, splitLongerLeftover, splitMaxArea} {
			for _, r := range []rule{ruleBSSF, ruleBAF, ruleBLSF} {
				for _, c := range []binChoice{choiceGlobal, choiceFirst} {
					cs = append(cs, config{o, heuristic{rule: r, choice: c, split: sp}})
				}
			}
		}
	}
	return cs
}()

// portfolio returns the configurations worth running on j: when no part
// may turn, the orientation variants are the same run and are dropped.
func portfolio(j *job) []config {
	if j.guillotine {
		return guillotinePortfolio
	}
	canTurn := false
	for _, k := range j.kinds {
		canTurn = canTurn || k.rotate
	}
	if canTurn {
		return portfolioConfigs
	}
	var cs []config
	seen := map[config]bool{}
	for _, c := range portfolioConfigs {
		c.orient = orientFree
		if !seen[c] {
			seen[c] = true
			cs = append(cs, c)
		}
	}
	return cs
}

// sortOrder is how the items are sorted before a constructive run: big
// first by one measure. The literature's constructive heuristics all sort
// "big first", and which measure wins depends on the instance.
type sortOrder uint8

const (
	byArea sortOrder = iota
	byPerimeter
	byLongSide
	byShortSide
	byWidth
	byHeight
	// Relative to the sheet: the measures that matter on long sheets.
	byRelLongSide  // the longer of w/W and h/H
	byRelPerimeter // w/W + h/H
	numSortOrders
)

// before reports whether kind a goes before kind b under o, on a sheet of
// W x H: a's measure is the bigger.
func (o sortOrder) before(a, b *kind, W, H int) bool {
	switch o {
	case byArea:
		return a.w*a.h > b.w*b.h
	case byPerimeter:
		return a.w+a.h > b.w+b.h
	case byLongSide:
		return max(a.w, a.h) > max(b.w, b.h)
	case byShortSide:
		return min(a.w, a.h) > min(b.w, b.h)
	case byWidth:
		return a.w > b.w
	case byHeight:
		return a.h > b.h
	case byRelLongSide:
		return max(a.w*H, a.h*W) > max(b.w*H, b.h*W)
	default: // byRelPerimeter
		return a.w*H+a.h*W > b.w*H+b.h*W
	}
}

// sortedItems returns the items sorted by o, ties broken by area, longer
// side and kind, so that every run is deterministic.
func sortedItems(j *job, o sortOrder) []int32 {
	kinds := make([]int32, len(j.kinds))
	for i := range kinds {
		kinds[i] = int32(i)
	}
	sort.SliceStable(kinds, func(x, y int) bool {
		a, b := &j.kinds[kinds[x]], &j.kinds[kinds[y]]
		if o.before(a, b, j.binW, j.binH) {
			return true
		}
		if o.before(b, a, j.binW, j.binH) {
			return false
		}
		if a.w*a.h != b.w*b.h {
			return a.w*a.h > b.w*b.h
		}
		return max(a.w, a.h) > max(b.w, b.h)
	})
	items := make([]int32, 0, len(j.items))
	for _, ki := range kinds {
		for c := 0; c < j.kinds[ki].count; c++ {
			items = append(items, ki)
		}
	}
	return items
}
