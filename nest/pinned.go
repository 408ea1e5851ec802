package nest

import (
	"context"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
)

// Pinned pages: a re-plan of a job being cut (docs/engine.md, "Offcuts,
// leftovers and pinned pages"). The pages already cut come back first and
// unchanged; the rest of the job (the part lines less their pinned
// pieces, the limited stock rows less the pinned sheets) is laid out as a
// request of its own, and the two are merged: the new pages take the page
// ids and piece copy numbers the pinned pages leave free, and the totals
// count the whole job.

// pinnedJob is a request with pinned pages, split.
type pinnedJob struct {
	req   Request
	stock bool // the request has stock (usesStock): both parts are laid out that way
	rest  Request
	// restLine maps a part line of rest to its line in req.
	restLine []int
	// line[i][k] is the line in req of piece k of pinned page i, -1 when
	// its line is gone.
	line [][]int
	// copies[l] are the copy numbers line l's pinned pieces take.
	copies []map[int]bool
	ids    map[string]bool // the pinned pages' ids
	// whole is the request less its pinned pages as a job with stock (nil
	// without stock): its groups name the materials, in order, of the
	// merged result.
	whole *stockJob
}

// pieceLine splits a piece id "<partID>-<copy>".
func pieceLine(id string) (string, int, bool) {
	i := strings.LastIndexByte(id, '-')
	if i < 0 {
		return "", 0, false
	}
	n, err := strconv.Atoi(id[i+1:])
	if err != nil || n < 0 || id[i+1] == '+' {
		return "", 0, false
	}
	return id[:i], n, true
}

// newPinnedJob checks the pinned pages and splits the request.
func newPinnedJob(req Request) (*pinnedJob, error) {
	if len(req.Pinned) > MaxPinnedPages {
		return nil, &InputError{Field: "pinned", Message: MsgTooManyPinned}
	}
	pj := &pinnedJob{req: req, stock: usesStock(&req), ids: map[string]bool{}, copies: make([]map[int]bool, len(req.Parts))}
	if err := pj.checkUnpinned(); err != nil {
		return nil, err
	}
	taken, err := pj.readPages()
	if err != nil {
		return nil, err
	}
	pj.rest = pj.req
	pj.rest.Pinned = nil
	pj.rest.Parts = pj.restParts()
	pj.rest.Stock = pj.restStock(taken)
	return pj, nil
}

// checkUnpinned checks the request less its pinned pages: it must be one
// the engine takes, with the same errors for the same fields, and no more
// pieces in all than it lays out.
func (pj *pinnedJob) checkUnpinned() error {
	if len(pj.req.Parts) == 0 {
		return nil
	}
	whole := pj.req
	whole.Pinned = nil
	var err error
	if pj.stock {
		pj.whole, err = newStockJob(whole)
	} else {
		_, _, err = newJob(whole)
	}
	return err
}

// readPages checks the pinned pages in order, recording their ids, the
// lines of their pieces (pj.line) and the copy numbers those take
// (pj.copies). taken[r] counts the pinned sheets of stock row r.
func (pj *pinnedJob) readPages() (taken []int, err error) {
	lineOf := map[string]int{} // a part id's first line, 1-based
	for i, p := range pj.req.Parts {
		if id := partID(p, i); lineOf[id] == 0 {
			lineOf[id] = i + 1
		}
	}
	rowOf := map[string]int{} // a stock row id's row, 1-based
	for i, s := range pj.req.Stock {
		rowOf[s.ID] = i + 1
	}
	taken = make([]int, len(pj.req.Stock))
	seen := map[string]bool{} // the piece ids of the pages so far
	pieces := 0
	for pi, page := range pj.req.Pinned {
		f := "pinned[" + itoa(pi) + "]"
		if err := pj.checkPage(page, f); err != nil {
			return nil, err
		}
		pj.ids[page.ID] = true
		// A pinned sheet of a row the request no longer has (an offcut
		// another job has used since) is cut all the same: it only
		// takes nothing off the rows.
		if r := rowOf[page.StockID]; pj.stock && r > 0 {
			taken[r-1]++
		}
		if len(page.Parts) > MaxPieces-pieces {
			return nil, &InputError{Field: f, Message: msgTooManyPieces}
		}
		pieces += len(page.Parts)
		lines, err := pj.pinPieces(page.Parts, f, lineOf, seen)
		if err != nil {
			return nil, err
		}
		pj.line = append(pj.line, lines)
	}
	return taken, nil
}

// checkPage checks a pinned page's own fields, f naming it: an id no
// earlier page has, its size and thickness, its cuts.
func (pj *pinnedJob) checkPage(page Page, f string) error {
	bad := &InputError{Field: f, Message: MsgPinnedPage}
	if page.ID == "" || pj.ids[page.ID] || longText(page.ID) || len(page.Cuts) > MaxPieces ||
		badNumber(page.Width, 0, MaxSheetCM) || badNumber(page.Height, 0, MaxSheetCM) || badNumber(page.Thickness, 0, MaxThicknessMM) {
		return bad
	}
	for _, c := range page.Cuts {
		if badNumber(c.X, 0, MaxSheetCM) || badNumber(c.Y, 0, MaxSheetCM) || badNumber(c.Length, 0, MaxSheetCM) {
			return bad
		}
	}
	return nil
}

// pinPieces checks the pieces of the pinned page f, each with an id no
// piece before it has (seen), and returns their lines in req: the line
// of a piece "<partID>-<copy>" whose part id lineOf knows, which takes
// that copy number; -1 for any other piece.
func (pj *pinnedJob) pinPieces(parts []Placed, f string, lineOf map[string]int, seen map[string]bool) ([]int, error) {
	lines := make([]int, len(parts))
	for k, p := range parts {
		if seen[p.ID] || p.ID == "" {
			return nil, &InputError{Field: f, Message: MsgPinnedDuplicate}
		}
		seen[p.ID] = true
		if badNumber(p.X, 0, MaxSheetCM) || badNumber(p.Y, 0, MaxSheetCM) ||
			badNumber(p.Width, 0, MaxSheetCM) || badNumber(p.Height, 0, MaxSheetCM) {
			return nil, &InputError{Field: f, Message: MsgPinnedPage}
		}
		lines[k] = -1
		if id, n, ok := pieceLine(p.ID); ok && lineOf[id] > 0 {
			l := lineOf[id] - 1
			if pj.copies[l] == nil {
				pj.copies[l] = map[int]bool{}
			}
			pj.copies[l][n] = true
			lines[k] = l
		}
	}
	return lines, nil
}

// restParts returns the part lines of rest, each line of req less its
// pinned pieces (a line cut in full is left out), with its id made
// explicit; pj.restLine maps them back to req's lines.
func (pj *pinnedJob) restParts() []Part {
	var parts []Part
	for i, p := range pj.req.Parts {
		left := p.Quantity - len(pj.copies[i])
		if left < 1 {
			continue // cut in full
		}
		p.ID = partID(p, i)
		p.Quantity = left
		parts = append(parts, p)
		pj.restLine = append(pj.restLine, i)
	}
	return parts
}

// restStock returns the stock rows of rest: each limited row less its
// taken pinned sheets, a row with none left spent (it still says which
// material has stock: left out, its material's parts went on the default
// sheet, of no material).
func (pj *pinnedJob) restStock(taken []int) []Stock {
	var stock []Stock
	for i, s := range pj.req.Stock {
		if s.Quantity > 0 && taken[i] > 0 {
			if s.Quantity <= taken[i] {
				s.spent = true
			} else {
				s.Quantity -= taken[i]
			}
		}
		stock = append(stock, s)
	}
	return stock
}

// freeCopies returns, per line of req, the first n copy numbers the pinned
// pieces leave free, n the line's pieces in rest.
func (pj *pinnedJob) freeCopies() [][]int {
	out := make([][]int, len(pj.req.Parts))
	for ri, l := range pj.restLine {
		n := pj.rest.Parts[ri].Quantity
		for c := 0; len(out[l]) < n; c++ {
			if !pj.copies[l][c] {
				out[l] = append(out[l], c)
			}
		}
	}
	return out
}

// freePageIDs returns n page ids "page-k", k from 0, that no pinned page
// has.
func (pj *pinnedJob) freePageIDs(n int) []string {
	out := make([]string, 0, n)
	for k := 0; len(out) < n; k++ {
		if id := pageID(k); !pj.ids[id] {
			out = append(out, id)
		}
	}
	return out
}

// layoutPinned is Layout for a request with pinned pages.
func layoutPinned(ctx context.Context, req Request, onProgress func(Progress)) (Result, error) {
	pj, err := newPinnedJob(req)
	if err != nil {
		return Result{}, err
	}
	var sub Result
	if len(pj.rest.Parts) == 0 {
		// Nothing left to cut: the request is still checked, on a
		// probe part.
		probe := pj.rest
		probe.Parts = []Part{{Width: 0.01, Height: 0.01, Quantity: 1}}
		if pj.stock {
			_, err = newStockJob(probe)
		} else {
			_, _, err = newJob(probe)
		}
		if err != nil {
			return Result{}, err
		}
		sub = pj.emptyRest()
	} else {
		progress := onProgress
		if onProgress != nil {
			progress = func(p Progress) {
				if p.Best != nil {
					best := pj.merge(*p.Best)
					p.Best = &best
				}
				if p.Pages > 0 { // 0: no layout yet
					p.Pages += len(req.Pinned)
				}
				p.LowerBound += len(req.Pinned)
				onProgress(p)
			}
		}
		if pj.stock {
			sub, err = layoutStock(ctx, pj.rest, progress)
		} else {
			sub, err = layoutSheet(ctx, pj.rest, progress, nil)
		}
		if err != nil {
			return Result{}, err
		}
	}
	return pj.merge(sub), nil
}

// emptyRest is the layout of nothing left to cut.
func (pj *pinnedJob) emptyRest() Result {
	res := Result{Pages: []Page{}, Skipped: []Skipped{}, Stats: Stats{Optimal: true}}
	w, okW := toUnits(pj.req.Sheet.Width, MaxSheetCM, false)
	h, okH := toUnits(pj.req.Sheet.Height, MaxSheetCM, false)
	if okW && okH {
		res.Sheet = Sheet{toCM(w), toCM(h)}
	}
	return res
}

// merge returns the whole job's result from the layout of rest: the
// pinned pages first, then rest's with their page ids and copy numbers
// moved to free ones and their lines to req's, and the totals of both.
func (pj *pinnedJob) merge(sub Result) Result {
	res := sub
	res.Pages = make([]Page, 0, len(pj.req.Pinned)+len(sub.Pages))
	for i, p := range pj.req.Pinned {
		p.Parts = slices.Clone(p.Parts)
		for k := range p.Parts {
			p.Parts[k].OriginalIndex = pj.line[i][k]
		}
		res.Pages = append(res.Pages, p)
	}
	free := pj.freeCopies()
	ids := pj.freePageIDs(len(sub.Pages))
	for i, p := range sub.Pages {
		p.ID = ids[i]
		p.Parts = slices.Clone(p.Parts)
		for k := range p.Parts {
			pl := &p.Parts[k]
			l := pj.restLine[pl.OriginalIndex]
			_, c, _ := pieceLine(pl.ID)
			pl.OriginalIndex = l
			pl.ID = partID(pj.req.Parts[l], l) + "-" + itoa(free[l][c])
		}
		res.Pages = append(res.Pages, p)
	}
	res.Skipped = slices.Clone(sub.Skipped)
	for i := range res.Skipped {
		res.Skipped[i].OriginalIndex = pj.restLine[res.Skipped[i].OriginalIndex]
	}
	pj.totals(&res, 1)
	return res
}

// totals adds (sign 1) or takes off (sign -1) the pinned pages'
// contributions to res's totals, and sets those that are not sums
// (efficiencies, patterns) from res's pages.
func (pj *pinnedJob) totals(res *Result, sign int) {
	st := &res.Stats
	n := len(pj.req.Pinned)
	st.Pages = len(res.Pages)
	st.LowerBound += sign * n
	cutUnits := exactUnits(st.CutLength)
	var cost float64
	for _, p := range pj.req.Pinned {
		st.Placed += sign * len(p.Parts)
		st.Cuts += sign * len(p.Cuts)
		for _, c := range p.Cuts {
			cutUnits += sign * exactUnits(c.Length)
		}
		if pj.stock {
			cost += pj.price(p.StockID)
		}
	}
	st.CutLength = toCM(cutUnits)
	if pj.stock {
		// Materials are changed below: a copy, so that Verify leaves the
		// caller's result as it was (a store trying several pinned sets
		// verified a changed one the second time).
		res.Materials = slices.Clone(res.Materials)
		st.Cost = roundTL(st.Cost + float64(sign)*cost)
		st.CostLowerBound = floorTL(st.CostLowerBound + float64(sign)*cost)
		for _, p := range pj.req.Pinned {
			mi := slices.IndexFunc(res.Materials, func(m MaterialResult) bool { return sameMaterial(m, p) })
			if mi < 0 && sign > 0 {
				mi = pj.addMaterial(res, p)
			}
			if mi >= 0 {
				m := &res.Materials[mi]
				price := pj.price(p.StockID)
				m.Pages += sign
				m.LowerBound += sign
				m.Cost = roundTL(m.Cost + float64(sign)*price)
				m.CostLowerBound = floorTL(m.CostLowerBound + float64(sign)*price)
			}
			res.Used = countRow(res.Used, p.StockID, sign, pj.req.Stock)
			if pj.unlimited(p.StockID) {
				res.Buy = countRow(res.Buy, p.StockID, sign, pj.req.Stock)
			}
		}
		if sign < 0 {
			pj.dropPinnedMaterials(res)
		}
		// The result's sheet is the default sheet's, else its first
		// page's (stockJob.result): the merged result's first page is a
		// pinned one.
		if pj.req.Sheet == (Sheet{}) {
			res.Sheet = Sheet{}
			if len(res.Pages) > 0 {
				res.Sheet = Sheet{res.Pages[0].Width, res.Pages[0].Height}
			}
		}
		// The rest's pieces name its lines; the merged result's the
		// request's.
		parts := pj.req.Parts
		if sign < 0 {
			parts = pj.rest.Parts
		}
		res.BandTotals = bandTotals(parts, pj.req.Bands, res.Pages)
		for mi := range res.Materials {
			m := &res.Materials[mi]
			m.Efficiency = pagesEfficiency(res, func(p *Page) bool {
				return FoldMaterial(p.Material) == FoldMaterial(m.Material) && thickKey(p.Thickness) == thickKey(m.Thickness)
			})
		}
	}
	st.Efficiency = pagesEfficiency(res, func(*Page) bool { return true })
	if len(res.Pages) > 0 {
		numberPatterns(res)
	} else {
		st.Patterns = 0
	}
}

// sameMaterial reports whether pinned page p is of material m.
func sameMaterial(m MaterialResult, p Page) bool {
	return FoldMaterial(m.Material) == FoldMaterial(p.Material) && thickKey(m.Thickness) == thickKey(p.Thickness)
}

// groupOf returns the index of the whole job's group of material m and
// thickness t, -1 for none.
func (pj *pinnedJob) groupOf(m string, t float64) int {
	if pj.whole == nil {
		return -1
	}
	return slices.IndexFunc(pj.whole.groups, func(g *stockGroup) bool {
		return FoldMaterial(g.material) == FoldMaterial(m) && thickKey(g.thickness) == thickKey(t)
	})
}

// addMaterial adds to res the material of pinned page p, which the rest
// of the job has nothing of (its pieces are all on pinned pages), as the
// whole job's result would list it (at its group's place, with its
// objective), with no pages yet, and returns its index. Nothing of it is
// left to plan: it is optimal.
func (pj *pinnedJob) addMaterial(res *Result, p Page) int {
	m := MaterialResult{Material: p.Material, Thickness: p.Thickness, Objective: ObjectiveArea, Optimal: true}
	gi := pj.groupOf(p.Material, p.Thickness)
	if gi >= 0 {
		g := pj.whole.groups[gi]
		m.Material, m.Thickness, m.Objective = g.material, g.thickness, pj.whole.groupObjective(g)
	}
	at := len(res.Materials)
	if gi >= 0 {
		at = 0
		for at < len(res.Materials) {
			if k := pj.groupOf(res.Materials[at].Material, res.Materials[at].Thickness); k < 0 || k > gi {
				break
			}
			at++
		}
	}
	res.Materials = slices.Insert(res.Materials, at, m)
	return at
}

// dropPinnedMaterials takes off res (a merged result less its pinned
// pages) the materials addMaterial added: those with no page left that
// the rest of the job has no part of.
func (pj *pinnedJob) dropPinnedMaterials(res *Result) {
	rest := map[[2]string]bool{}
	if sj, err := newStockJob(pj.rest); err == nil {
		for _, g := range sj.groups {
			rest[[2]string{FoldMaterial(g.material), itoa(int(thickKey(g.thickness)))}] = true
		}
	}
	res.Materials = slices.DeleteFunc(res.Materials, func(m MaterialResult) bool {
		return m.Pages == 0 && !rest[[2]string{FoldMaterial(m.Material), itoa(int(thickKey(m.Thickness)))}]
	})
	if len(res.Materials) == 0 {
		res.Materials = nil
	}
}

// price is the price of a sheet of row id.
func (pj *pinnedJob) price(id string) float64 {
	for _, s := range pj.req.Stock {
		if s.ID == id {
			return sheetPrice(s)
		}
	}
	return 0
}

// unlimited reports whether row id is one to buy.
func (pj *pinnedJob) unlimited(id string) bool {
	for _, s := range pj.req.Stock {
		if s.ID == id {
			return s.Quantity == 0
		}
	}
	return id == StockDefault
}

// countRow adds sign sheets of row id to counts, kept in the order of the
// rows (the default sheet last) and without zero counts.
func countRow(counts []StockCount, id string, sign int, rows []Stock) []StockCount {
	for i := range counts {
		if counts[i].StockID == id {
			out := slices.Clone(counts)
			out[i].Quantity += sign
			if out[i].Quantity == 0 {
				out = slices.Delete(out, i, i+1)
			}
			if len(out) == 0 {
				return nil // as the engine leaves a result without rows used
			}
			return out
		}
	}
	if sign < 0 {
		return counts
	}
	rank := func(id string) int {
		for i, s := range rows {
			if s.ID == id {
				return i
			}
		}
		return len(rows)
	}
	out := slices.Clone(counts)
	at := len(out)
	for i, c := range out {
		if rank(c.StockID) > rank(id) {
			at = i
			break
		}
	}
	return slices.Insert(out, at, StockCount{StockID: id, Quantity: 1})
}

// bandTotals returns the band totals of pages laid out from parts (each
// piece's originalIndex a line of parts), counted as the engine counts
// them (stockJob.countBands). They are counted anew rather than the pinned
// pages' band added to (or taken off) the rest's totals: those are rounded
// to the centimetre (bandTotal), and a sum of rounded totals is not the
// rounded sum.
func bandTotals(parts []Part, bands []Band, pages []Page) []BandTotal {
	units := make([]int, len(bands))
	used := make([]bool, len(bands))
	for _, pg := range pages {
		for _, pl := range pg.Parts {
			l := pl.OriginalIndex
			if l < 0 || l >= len(parts) || parts[l].Edges == nil {
				continue
			}
			part := parts[l]
			fw, fh := int(roundUnits(part.Width, true)), int(roundUnits(part.Height, true))
			e := part.Edges
			for n, c := range [4]string{e.Top, e.Bottom, e.Left, e.Right} {
				b := slices.IndexFunc(bands, func(b Band) bool { return b.Code == c })
				if c == "" || b < 0 {
					continue
				}
				side := fw
				if n >= 2 {
					side = fh
				}
				units[b] += side + int(roundUnits(bands[b].Overlength, true))
				used[b] = true
			}
		}
	}
	var out []BandTotal
	for b, band := range bands {
		if used[b] {
			out = append(out, bandTotal(band, units[b]))
		}
	}
	return out
}

// pagesEfficiency is the percent, one decimal, of the sheets of the pages
// keep selects covered by their parts.
func pagesEfficiency(res *Result, keep func(*Page) bool) float64 {
	var part, sheet float64
	for i := range res.Pages {
		p := &res.Pages[i]
		if !keep(p) {
			continue
		}
		w, h := p.Width, p.Height
		if w == 0 || h == 0 {
			w, h = res.Sheet.Width, res.Sheet.Height
		}
		sheet += float64(exactUnits(w)) * float64(exactUnits(h))
		for _, pl := range p.Parts {
			part += float64(exactUnits(pl.Width)) * float64(exactUnits(pl.Height))
		}
	}
	if sheet <= 0 {
		return 0
	}
	return math.Round(1000*part/sheet) / 10
}

// verifyPinned is Verify for a request with pinned pages: the pinned pages
// come first, unchanged; the other pages, with their ids and copy numbers
// moved back, are a layout of the rest that Verify accepts; and res is
// that layout merged.
func verifyPinned(req Request, res Result) error {
	pj, err := newPinnedJob(req)
	if err != nil {
		return fmt.Errorf("geçersiz istek: %w", err)
	}
	n := len(req.Pinned)
	if len(res.Pages) < n {
		return fmt.Errorf("%d sabit sayfa bekleniyordu, %d sayfa var", n, len(res.Pages))
	}
	for i, want := range req.Pinned {
		got := res.Pages[i]
		want.Pattern = got.Pattern
		want.Parts = slices.Clone(want.Parts)
		for k := range want.Parts {
			want.Parts[k].OriginalIndex = pj.line[i][k]
		}
		if !reflect.DeepEqual(got, want) {
			return fmt.Errorf("sabit sayfa %d (%s) değişmiş", i, want.ID)
		}
	}
	restOf := make([]int, len(req.Parts))
	for i := range restOf {
		restOf[i] = -1
	}
	for ri, l := range pj.restLine {
		restOf[l] = ri
	}
	free := pj.freeCopies()
	sub := res
	sub.Pages = make([]Page, 0, len(res.Pages)-n)
	for i, p := range res.Pages[n:] {
		p.ID = pageID(i)
		p.Parts = slices.Clone(p.Parts)
		for k := range p.Parts {
			pl := &p.Parts[k]
			l := pl.OriginalIndex
			if l < 0 || l >= len(req.Parts) || restOf[l] < 0 {
				return fmt.Errorf("%s: %q kalan bir parça satırından değil", res.Pages[n+i].ID, pl.ID)
			}
			prefix, c, ok := pieceLine(pl.ID)
			rank := slices.Index(free[l], c)
			if !ok || prefix != partID(req.Parts[l], l) || rank < 0 {
				return fmt.Errorf("%s: %q kimliği sabit sayfaların bıraktığı bir kopya değil", res.Pages[n+i].ID, pl.ID)
			}
			pl.OriginalIndex = restOf[l]
			pl.ID = prefix + "-" + itoa(rank)
		}
		sub.Pages = append(sub.Pages, p)
	}
	sub.Skipped = slices.Clone(res.Skipped)
	for i := range sub.Skipped {
		l := sub.Skipped[i].OriginalIndex
		if l < 0 || l >= len(req.Parts) || restOf[l] < 0 {
			return fmt.Errorf("atlanan parça %d kalan bir parça satırından değil", i)
		}
		sub.Skipped[i].OriginalIndex = restOf[l]
	}
	pj.totals(&sub, -1)
	if len(pj.rest.Parts) == 0 {
		want := pj.emptyRest()
		want.Stats.ElapsedMs = sub.Stats.ElapsedMs
		if !reflect.DeepEqual(sub, want) {
			return fmt.Errorf("kesilecek parça kalmadı, ama sonuç sabit sayfalardan fazlasını söylüyor")
		}
	} else {
		if pj.stock {
			err = verifyStock(pj.rest, sub)
		} else {
			err = verifySheet(pj.rest, sub)
		}
		if err != nil {
			return fmt.Errorf("kalan iş: %w", err)
		}
	}
	if merged := pj.merge(sub); !reflect.DeepEqual(merged, res) {
		return fmt.Errorf("toplamlar sabit sayfalarla kalan işin toplamı değil")
	}
	return nil
}
