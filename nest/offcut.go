package nest

import (
	"context"
	"slices"
	"time"
)

// Offcut rows (Stock.Offcut): offcuts from the rack cost nothing under
// every objective (rowCost), so the search fills them before it buys a
// sheet; Options.OffcutMinUse keeps it from spending an offcut on a few
// small parts. An offcut sheet whose parts cover less than that share of
// it is taken out of the group's rows and the group is laid out again,
// until every offcut page used meets it: at most one more layout per
// offcut row of the group.

// layoutGroup lays out one group (layoutGroupRows) on its rows less the
// offcuts left out before, and leaves out those its layout uses below
// Options.OffcutMinUse. Layouts reported through progress meet it too.
func (sj *stockJob) layoutGroup(ctx context.Context, g *stockGroup, o Options, deadline time.Time, improve bool, from *groupResult, progress func(float64, *groupResult)) (*groupResult, error) {
	for {
		fg := sj.withoutUnused(g)
		if len(fg.rows) == 0 {
			gr := &groupResult{left: map[int]int{}}
			for _, pi := range g.parts {
				gr.left[pi] = sj.req.Parts[pi].Quantity
			}
			sj.bounds(g, gr)
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
			return gr, err
		}
		out := sj.underUsed(gr)
		if len(out) == 0 {
			if len(fg.rows) != len(g.rows) {
				sj.keptRows(g, gr)
			}
			return gr, nil
		}
		if sj.unused == nil {
			sj.unused = map[int]bool{}
		}
		for _, ri := range out {
			sj.unused[ri] = true
		}
	}
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
// than Options.OffcutMinUse percent of their sheet.
func (sj *stockJob) underUsed(gr *groupResult) []int {
	minUse := sj.req.Options.OffcutMinUse
	if minUse <= 0 {
		return nil
	}
	var out []int
	for _, pg := range gr.pages {
		row := &sj.rows[pg.row]
		if !row.offcut {
			continue
		}
		area := 0
		for _, pl := range pg.parts {
			area += exactUnits(pl.Width) * exactUnits(pl.Height)
		}
		if 100*area < minUse*row.sheetW*row.sheetH && !slices.Contains(out, pg.row) {
			out = append(out, pg.row)
		}
	}
	return out
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
