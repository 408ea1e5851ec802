package nest

import (
	"context"
	"slices"
	"time"
)

// Offcut rows (Stock.Offcut): offcuts from the rack cost nothing under
// every objective (rowCost), so the search fills them before it buys a
// sheet; Options.OffcutMinUse keeps it from spending an offcut on a few
// small parts that the sheets bought anyway have room for. An offcut sheet
// whose parts cover less than that share of it is taken out of the
// group's rows and the group is laid out again. The layout without it is
// kept unless it is worse (more copies left over, or a higher cost under
// the material's objective, or the same cost on more sheets): then sparing
// the offcuts would cost a sheet, and the layout with them stands, its
// pages flagged Page.BelowMinUse. At most one more layout per offcut row of
// the group.

// layoutGroup lays out one group (layoutGroupRows) on its rows less the
// offcuts left out before, and leaves out those its layout uses below
// Options.OffcutMinUse when that costs nothing. Layouts reported through
// progress meet the minimum.
func (sj *stockJob) layoutGroup(ctx context.Context, g *stockGroup, o Options, deadline time.Time, improve bool, from *groupResult, progress func(float64, *groupResult)) (*groupResult, error) {
	// prev is the last layout, which used the offcut rows spared below the
	// minimum.
	var prev *groupResult
	var spared []int
	for {
		fg := sj.withoutUnused(g)
		if len(fg.rows) == 0 {
			gr := &groupResult{left: map[int]int{}}
			for _, pi := range g.parts {
				gr.left[pi] = sj.req.Parts[pi].Quantity
			}
			sj.bounds(g, gr)
			if prev != nil && sj.groupBetter(g, prev, gr) {
				return sj.keepOffcuts(prev, spared), nil
			}
			return gr, nil
		}
		f := from
		if from != nil && from.alone > 0 && len(from.pages) > 0 {
			c := *from
			c.alone = slices.Index(fg.rows, from.pages[0].row) + 1
			f = &c
		}
		p := progress
		if progress != nil {
			p = func(d float64, r *groupResult) {
				if r != nil && len(sj.underUsed(r)) > 0 {
					r = nil
				}
				if r != nil && len(fg.rows) != len(g.rows) {
					sj.keptRows(g, r)
				}
				progress(d, r)
			}
		}
		gr, err := sj.layoutGroupRows(ctx, fg, o, deadline, improve, f, p)
		if err != nil || gr == nil {
			if err == nil && prev != nil {
				return sj.keepOffcuts(prev, spared), nil
			}
			return gr, err
		}
		if len(fg.rows) != len(g.rows) {
			sj.keptRows(g, gr)
		}
		if prev != nil && sj.groupBetter(g, prev, gr) {
			return sj.keepOffcuts(prev, spared), nil
		}
		out := sj.underUsed(gr)
		if len(out) == 0 {
			return gr, nil
		}
		if sj.unused == nil {
			sj.unused = map[int]bool{}
		}
		for _, ri := range out {
			sj.unused[ri] = true
		}
		prev, spared = gr, out
	}
}

// keepOffcuts returns gr, a layout that uses the offcut rows spared below
// Options.OffcutMinUse, after the layout without them turned out worse:
// they are no longer left out, and underUsed accepts them from now on
// (the improvement phase does not test them again).
func (sj *stockJob) keepOffcuts(gr *groupResult, spared []int) *groupResult {
	if sj.needed == nil {
		sj.needed = map[int]bool{}
	}
	for _, ri := range spared {
		delete(sj.unused, ri)
		sj.needed[ri] = true
	}
	return gr
}

// keptRows fixes up gr, a layout of g on some of its rows: a part that
// fits only the offcuts left out is left over (the search takes only
// parts that fit a row), and the bounds are those of all of g's rows (the
// bounds of the rows kept need not hold for all of them; those of all
// hold for any layout).
func (sj *stockJob) keptRows(g *stockGroup, gr *groupResult) {
	placed := map[int]int{}
	for _, pg := range gr.pages {
		for _, pl := range pg.parts {
			placed[pl.OriginalIndex]++
		}
	}
	if gr.left == nil {
		gr.left = map[int]int{}
	}
	for _, pi := range g.parts {
		if n := sj.req.Parts[pi].Quantity - placed[pi]; n > 0 {
			gr.left[pi] = n
		}
	}
	gr.lb, gr.costLB = 0, 0
	sj.bounds(g, gr)
}

// underUsed returns the offcut rows of gr's pages whose parts cover less
// than Options.OffcutMinUse percent of their sheet, less those kept
// because sparing them cost more (keepOffcuts).
func (sj *stockJob) underUsed(gr *groupResult) []int {
	var out []int
	for _, pg := range gr.pages {
		if !sj.needed[pg.row] && sj.belowMinUse(pg.row, pg.parts) && !slices.Contains(out, pg.row) {
			out = append(out, pg.row)
		}
	}
	return out
}

// belowMinUse reports whether parts, a sheet of row ri, is an offcut
// covered less than Options.OffcutMinUse percent.
func (sj *stockJob) belowMinUse(ri int, parts []Placed) bool {
	minUse := sj.req.Options.OffcutMinUse
	row := &sj.rows[ri]
	if minUse <= 0 || !row.offcut {
		return false
	}
	area := 0
	for _, pl := range parts {
		area += exactUnits(pl.Width) * exactUnits(pl.Height)
	}
	return 100*area < minUse*row.sheetW*row.sheetH
}

// withoutUnused returns g without the offcut rows left out.
func (sj *stockJob) withoutUnused(g *stockGroup) *stockGroup {
	if len(sj.unused) == 0 {
		return g
	}
	fg := &stockGroup{material: g.material, thickness: g.thickness, parts: g.parts, fit: make([][]stockFit, len(g.parts))}
	for r, ri := range g.rows {
		if sj.unused[ri] {
			continue
		}
		fg.rows = append(fg.rows, ri)
		for i := range g.parts {
			fg.fit[i] = append(fg.fit[i], g.fit[i][r])
		}
	}
	return fg
}
