package nest

import (
	"cmp"
	"math"
	"slices"
)

// The repeated layout: a big job of few part lines with many copies each
// (a kitchen series: 108 sides, 54 bottoms, 144 drawer sides…) is a small
// job many times over, and the sheets that take the small job well, cut
// again and again, take the big one well too, where ruin and recreate on
// a thousand pieces at once does not get that far in its time. So the
// search also lays out the job divided by d (each line's copies / d,
// rounded down) and repeats its sheets d times, lays out the copies left
// over on sheets of their own, and offers that layout; the improvement
// then goes on from the better one.

// repeatMinPieces is the fewest pieces with which the repeated layout is
// tried.
const repeatMinPieces = 300

// repeatShare is the share of the time limit the divided job takes, and
// repeatRestShare that of the copies left over.
const (
	repeatShare     = 0.4
	repeatRestShare = 0.05
)

// repeat offers the repeated layout (see above) when the job is big and
// the divided job covers at least 80 % of its pieces.
func (s *search) repeat() {
	o := s.req.Options
	if o.TimeLimitMs <= 0 || o.Iterations > 0 || s.stopped() {
		return
	}
	j := s.j
	n := 0
	for _, k := range j.kinds {
		n += k.count
	}
	if n < repeatMinPieces {
		return
	}
	d := s.repeatDivisor(n)
	if d < 2 {
		return
	}
	sub, rest, subLine, restLine := s.divided(d)
	covered := 0
	for _, p := range sub.Parts {
		covered += p.Quantity * d
	}
	if covered*10 < n*8 {
		return
	}
	bins := s.layoutShare(sub, repeatShare, subLine)
	if bins == nil {
		return
	}
	var all [][]spot
	for range d {
		for _, b := range bins {
			all = append(all, slices.Clone(b))
		}
	}
	if len(rest.Parts) > 0 {
		more := s.layoutShare(rest, repeatRestShare, restLine)
		if more == nil {
			return
		}
		all = append(all, more...)
	}
	// The fullest sheets first: the last one is the emptiest (solution.better).
	area := func(b []spot) int {
		a := 0
		for _, sp := range b {
			a += sp.w * sp.h
		}
		return a
	}
	slices.SortStableFunc(all, func(a, b []spot) int { return cmp.Compare(area(b), area(a)) })
	sol := &solution{}
	for _, b := range all {
		sol.bins = append(sol.bins, b)
		sol.areas = append(sol.areas, area(b))
		if j.guillotine {
			cuts, ok := guillotineCuts(j, b)
			if !ok {
				return
			}
			sol.cuts = append(sol.cuts, cuts)
		}
	}
	s.offer(sol, s.doneFraction())
}

// layoutShare lays out req (a part of the job: line[i] is the job's kind
// of its part line i) with share of the job's time limit and returns its
// pages as the job's bins, or nil when it failed, skipped a part or a page
// does not convert.
func (s *search) layoutShare(req Request, share float64, line []int) [][]spot {
	req.Options.TimeLimitMs = max(1, int(float64(s.req.Options.TimeLimitMs)*share))
	res, err := layoutSheet(s.ctx, req, nil, nil)
	if err != nil || len(res.Skipped) > 0 {
		return nil
	}
	return s.binsOf(res, line)
}

// binsOf returns the pages of res, a layout of a request whose part line
// i is the job's kind line[i], as the job's bins, or nil when a page does
// not convert.
func (s *search) binsOf(res Result, line []int) [][]spot {
	j := s.j
	var bins [][]spot
	for _, pg := range res.Pages {
		b := make([]spot, 0, len(pg.Parts))
		for _, p := range pg.Parts {
			if p.OriginalIndex < 0 || p.OriginalIndex >= len(line) {
				return nil
			}
			x, y, w, h := exactUnits(p.X), exactUnits(p.Y), exactUnits(p.Width), exactUnits(p.Height)
			if x < 0 || y < 0 || w < 0 || h < 0 {
				return nil
			}
			b = append(b, spot{kind: int32(line[p.OriginalIndex]), x: x - j.trim, y: y - j.trim, w: w + j.kerf, h: h + j.kerf})
		}
		bins = append(bins, b)
	}
	return bins
}

// repeatDivisor returns the divisor d of the repeated layout, or 0 for
// none: of the divided jobs of 40 to 300 pieces whose sheets, filled as
// well as the lower bound's, would take fewer sheets than the best layout,
// d times over with the copies left over on sheets of their own, the one
// that would take the fewest, and of those the smallest (most likely laid
// out at its bound in its time).
func (s *search) repeatDivisor(n int) int {
	j := s.j
	sheet := float64(j.binW) * float64(j.binH)
	total := 0.0
	for _, k := range j.kinds {
		total += float64(k.w) * float64(k.h) * float64(k.count)
	}
	fill := min(1, total/(float64(max(s.lb, 1))*sheet))
	best, bestSheets := 0, len(s.best.bins)
	for d := max(2, n/300); d <= n/40; d++ {
		var sub, rest float64
		for _, k := range j.kinds {
			a := float64(k.w) * float64(k.h)
			sub += a * float64(k.count/d)
			rest += a * float64(k.count%d)
		}
		sheets := d*int(math.Ceil(sub/(fill*sheet))) + int(math.Ceil(rest/(fill*sheet)))
		if sheets < bestSheets || sheets == bestSheets && best > 0 {
			best, bestSheets = d, sheets
		}
	}
	return best
}

// divided returns the job divided by d (each line's copies / d, rounded
// down, as sub) and the copies left over (rest), with the job's kind of
// each of their part lines.
func (s *search) divided(d int) (sub, rest Request, subLine, restLine []int) {
	sub, rest = s.req, s.req
	sub.Parts, rest.Parts = nil, nil
	for ki, k := range s.j.kinds {
		p := s.req.Parts[k.part]
		if p.Quantity = k.count / d; p.Quantity > 0 {
			sub.Parts = append(sub.Parts, p)
			subLine = append(subLine, ki)
		}
		if p.Quantity = k.count % d; p.Quantity > 0 {
			rest.Parts = append(rest.Parts, p)
			restLine = append(restLine, ki)
		}
	}
	return sub, rest, subLine, restLine
}
