package nest

import (
	"cmp"
	"fmt"
	"math"
	"math/bits"
	"slices"
)

// Verify reports whether res is a correct layout of req: with pinned
// pages, those come first and unchanged (but for each piece's
// originalIndex, its line in req or -1, and the pattern numbers), and the
// other pages are a correct layout of the rest of the job; otherwise the sheet as the
// engine takes it (rounded down to 0.01 cm), every part inside the usable
// sheet (the sheet less the trim), no two parts on a page closer than the
// kerf, sizes equal to the input rounded up to 0.01 cm (swapped only when
// rotated and allowed), every copy placed exactly once or its whole part line skipped
// (and only when it fits in no orientation), and page ids, efficiencies and
// statistics right. It returns the first problem found.
//
// Verify works in engine units, so it judges exactly what the engine meant;
// it is O(n log n + overlapping pairs) per page.
func Verify(req Request, res Result) error {
	req, err := withLineIDs(req)
	if err != nil {
		return fmt.Errorf("geçersiz istek: %w", err)
	}
	if len(req.Pinned) > 0 {
		return verifyPinned(req, res)
	}
	if usesStock(&req) {
		return verifyStock(req, res)
	}
	return verifySheet(req, res)
}

// verifySheet is Verify for a request of one sheet size.
func verifySheet(req Request, res Result) error {
	j, skipped, err := newJob(req)
	if err != nil {
		return fmt.Errorf("geçersiz istek: %w", err)
	}
	sw, sh := j.sheetW, j.sheetH
	placed := make([]int, len(req.Parts))
	if exactUnits(res.Sheet.Width) != sw || exactUnits(res.Sheet.Height) != sh {
		return fmt.Errorf("tuval %gx%g, beklenen %gx%g", res.Sheet.Width, res.Sheet.Height, toCM(sw), toCM(sh))
	}
	skippedLine, err := verifySkipped(req, res, skipped)
	if err != nil {
		return err
	}
	seen := map[string]bool{}
	var totalArea float64
	count, cuts, cutLength := 0, 0, 0
	for pi, page := range res.Pages {
		if err := verifyPageID(pi, page); err != nil {
			return err
		}
		rs := make([]rect, len(page.Parts))
		var area float64
		for i, p := range page.Parts {
			r, err := verifySheetPart(j, req, page.ID, p, skippedLine, seen)
			if err != nil {
				return err
			}
			rs[i] = r
			placed[p.OriginalIndex]++
			area += float64(r.w-j.kerf) * float64(r.h-j.kerf)
			count++
		}
		if a, b, ok := overlapping(rs); ok {
			return fmt.Errorf("%s: %q ile %q çakışıyor veya testere payından yakın", page.ID, page.Parts[a].ID, page.Parts[b].ID)
		}
		if j.guillotine {
			n, length, err := verifyCuts(j, page)
			if err != nil {
				return fmt.Errorf("%s: %w", page.ID, err)
			}
			cuts += n
			cutLength += length
		} else if len(page.Cuts) > 0 {
			return fmt.Errorf("%s: giyotin olmayan yerleşimde kesim sırası var", page.ID)
		}
		want := int(math.Round(100 * area / (float64(sw) * float64(sh))))
		if page.Efficiency != want {
			return fmt.Errorf("%s: verim %d, hesaplanan %d", page.ID, page.Efficiency, want)
		}
		totalArea += area
	}
	if err := verifyCopies(req, skippedLine, placed, seen); err != nil {
		return err
	}
	st := res.Stats
	if st.Pages != len(res.Pages) || st.Placed != count {
		return fmt.Errorf("istatistik yanlış: %d sayfa %d parça, sayılan %d sayfa %d parça", st.Pages, st.Placed, len(res.Pages), count)
	}
	if st.Cuts != cuts || exactUnits(st.CutLength) != cutLength {
		return fmt.Errorf("kesim istatistiği yanlış: %d kesim %.2f cm, sayılan %d kesim %.2f cm", st.Cuts, st.CutLength, cuts, toCM(cutLength))
	}
	if st.LowerBound > st.Pages && count > 0 {
		return fmt.Errorf("alt sınır (%d) sayfa sayısından (%d) büyük", st.LowerBound, st.Pages)
	}
	if st.Optimal != (st.Pages <= st.LowerBound) {
		return fmt.Errorf("optimal bayrağı %v, sayfa %d alt sınır %d", st.Optimal, st.Pages, st.LowerBound)
	}
	if len(res.Pages) > 0 {
		want := math.Round(1000*totalArea/(float64(sw)*float64(sh)*float64(len(res.Pages)))) / 10
		if st.Efficiency != want {
			return fmt.Errorf("ortalama verim %.1f, hesaplanan %.1f", st.Efficiency, want)
		}
	}
	return nil
}

// verifySkipped checks res.Skipped against the lines the engine skips
// (skipped), in order, and returns per part line whether it is skipped.
func verifySkipped(req Request, res Result, skipped []Skipped) ([]bool, error) {
	if len(res.Skipped) != len(skipped) {
		return nil, fmt.Errorf("%d parça satırı atlanmalıydı, %d atlandı", len(skipped), len(res.Skipped))
	}
	skippedLine := make([]bool, len(req.Parts))
	for i, s := range res.Skipped {
		if s != skipped[i] {
			return nil, fmt.Errorf("atlanan parça %d yanlış: %+v, beklenen %+v", i, s, skipped[i])
		}
		skippedLine[s.OriginalIndex] = true
	}
	return skippedLine, nil
}

// verifyPageID checks that page number n has its id and some parts.
func verifyPageID(n int, page Page) error {
	if page.ID != pageID(n) {
		return fmt.Errorf("sayfa %d kimliği %q, beklenen %q", n, page.ID, pageID(n))
	}
	if len(page.Parts) == 0 {
		return fmt.Errorf("%s boş", page.ID)
	}
	return nil
}

// verifySheetPart checks one placed part of a page of job j: its line (not
// skipped), id (not seen before; it is added to seen), name, size and
// turn, and its place in the trimmed sheet. It returns the part's
// rectangle with the kerf.
func verifySheetPart(j *job, req Request, pageID string, p Placed, skippedLine []bool, seen map[string]bool) (rect, error) {
	if p.OriginalIndex < 0 || p.OriginalIndex >= len(req.Parts) {
		return rect{}, fmt.Errorf("%s: %q geçersiz originalIndex %d", pageID, p.ID, p.OriginalIndex)
	}
	in := req.Parts[p.OriginalIndex]
	if skippedLine[p.OriginalIndex] {
		return rect{}, fmt.Errorf("%s: atlanan parça %q yerleştirilmiş", pageID, p.ID)
	}
	if seen[p.ID] {
		return rect{}, fmt.Errorf("%s: %q iki kez yerleştirilmiş", pageID, p.ID)
	}
	seen[p.ID] = true
	if p.Name != in.Name {
		return rect{}, fmt.Errorf("%s: %q adı %q, beklenen %q", pageID, p.ID, p.Name, in.Name)
	}
	x, y := exactUnits(p.X), exactUnits(p.Y)
	w, h := exactUnits(p.Width), exactUnits(p.Height)
	// The input's sides as the engine takes them: rounded up to 0.01 cm
	// (roundUnits), so 50.004 must be placed as 50.01.
	iw, ih := int(roundUnits(in.Width, true)), int(roundUnits(in.Height, true))
	if x < 0 || y < 0 || w < 0 || h < 0 {
		return rect{}, fmt.Errorf("%s: %q konumu veya boyutu 0,1 mm'nin katı değil", pageID, p.ID)
	}
	switch {
	case !p.Rotated && w == iw && h == ih:
	case p.Rotated && w == ih && h == iw && in.CanRotate():
	default:
		return rect{}, fmt.Errorf("%s: %q boyutu %gx%g (döndürülmüş: %v), girdi %gx%g", pageID, p.ID, p.Width, p.Height, p.Rotated, in.Width, in.Height)
	}
	if x < j.trim || y < j.trim || x+w > j.sheetW-j.trim || y+h > j.sheetH-j.trim {
		return rect{}, fmt.Errorf("%s: %q kullanılabilir tuvalin dışında", pageID, p.ID)
	}
	// Inflated by the kerf on the right and bottom: two parts keep the
	// kerf between them exactly when these do not overlap.
	return rect{x, y, w + j.kerf, h + j.kerf}, nil
}

// verifyCopies checks that every copy of each line not skipped is placed
// (placed counts them per line, seen holds their ids).
func verifyCopies(req Request, skippedLine []bool, placed []int, seen map[string]bool) error {
	for i, p := range req.Parts {
		if skippedLine[i] {
			continue
		}
		if placed[i] != p.Quantity {
			return fmt.Errorf("parça %d (%q): %d adet yerleştirilmiş, %d istenmişti", i, p.Name, placed[i], p.Quantity)
		}
		for c := 0; c < p.Quantity; c++ {
			if id := partID(p, i) + "-" + itoa(c); !seen[id] {
				return fmt.Errorf("parça %d (%q): %q kopyası yok", i, p.Name, id)
			}
		}
	}
	return nil
}

// exactUnits converts cm to engine units, or returns -1 when the value is
// not a whole number of units (beyond float printing noise).
func exactUnits(cm float64) int {
	u := math.Round(cm * unitsPerCM)
	if math.Abs(u-cm*unitsPerCM) > 1e-6 || u < 0 {
		return -1
	}
	return int(u)
}

// overlapping returns two indices of rectangles that overlap, if any (a
// rectangle of no width or height overlaps none), by a sweep over x that
// holds the rectangles the sweep line crosses in a list: on a page of parts
// the list stays short. When it grows past sweepList the sweep starts again
// with the rectangles held by rank in y (overlappingByY, O(n log n)): the
// list alone took 2,8 s on a column of 50,000 strips across the sheet, a
// result any client may send (BenchmarkOverlapColumn, now 12 ms), and the
// tree alone made BenchmarkVerify's pages half as slow again.
func overlapping(rs []rect) (int, int, bool) {
	idx := make([]int, 0, len(rs))
	for i, r := range rs {
		if r.w > 0 && r.h > 0 {
			idx = append(idx, i)
		}
	}
	slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(rs[a].x, rs[b].x) })
	var active []int
	for _, i := range idx {
		r := rs[i]
		kept := active[:0]
		for _, a := range active {
			if rs[a].x+rs[a].w > r.x {
				kept = append(kept, a)
			}
		}
		active = kept
		for _, a := range active {
			q := rs[a]
			if q.y < r.y+r.h && r.y < q.y+q.h {
				return a, i, true
			}
		}
		if len(active) >= sweepList {
			return overlappingByY(rs)
		}
		active = append(active, i)
	}
	return 0, 0, false
}

// sweepList is the most rectangles overlapping holds in its list.
const sweepList = 256

// overlappingByY is overlapping in O(n log n). The rectangles the sweep
// holds at a time do not overlap one another, so their y ranges are
// disjoint: a new one overlaps some of them exactly when it overlaps the
// one that starts last at or below it or the one that starts first above
// it. Those two are found in a Fenwick tree over the rectangles' ranks by
// y.
func overlappingByY(rs []rect) (int, int, bool) {
	type event struct{ x, i int } // i < 0: rectangle -i-1 ends
	events := make([]event, 0, 2*len(rs))
	var byY []int
	for i, r := range rs {
		if r.w > 0 && r.h > 0 {
			events = append(events, event{r.x, i}, event{r.x + r.w, -i - 1})
			byY = append(byY, i)
		}
	}
	// Ends come before starts at one x: rectangles that touch do not
	// overlap.
	slices.SortFunc(events, func(a, b event) int {
		return cmp.Or(cmp.Compare(a.x, b.x), cmp.Compare(a.i, b.i))
	})
	slices.SortFunc(byY, func(a, b int) int { return cmp.Or(cmp.Compare(rs[a].y, rs[b].y), cmp.Compare(a, b)) })
	rank := make([]int, len(rs))
	for k, i := range byY {
		rank[i] = k + 1
	}
	held := fenwick(make([]int, len(byY)+1))
	meets := func(a, b rect) bool { return a.y < b.y+b.h && b.y < a.y+a.h }
	for _, ev := range events {
		if ev.i < 0 {
			held.add(rank[-ev.i-1], -1)
			continue
		}
		r, k := rs[ev.i], rank[ev.i]
		below := held.sum(k - 1)
		if below > 0 {
			if a := byY[held.find(below)-1]; meets(rs[a], r) {
				return a, ev.i, true
			}
		}
		if below < held.sum(len(byY)) {
			if a := byY[held.find(below+1)-1]; meets(rs[a], r) {
				return a, ev.i, true
			}
		}
		held.add(k, 1)
	}
	return 0, 0, false
}

// fenwick counts the rectangles held at each rank, 1 to len-1.
type fenwick []int

func (f fenwick) add(i, v int) {
	for ; i < len(f); i += i & -i {
		f[i] += v
	}
}

// sum returns the count at ranks 1 to i.
func (f fenwick) sum(i int) int {
	s := 0
	for ; i > 0; i -= i & -i {
		s += f[i]
	}
	return s
}

// find returns the lowest rank at which the sum reaches c (1 <= c <= the
// total).
func (f fenwick) find(c int) int {
	pos := 0
	for step := 1 << bits.Len(uint(len(f))); step > 0; step >>= 1 {
		if next := pos + step; next < len(f) && f[next] < c {
			pos = next
			c -= f[next]
		}
	}
	return pos + 1
}

// cutSplits reports whether cut c, at (x, y) and l long in units, runs
// from edge to edge of piece p.
func cutSplits(c Cut, p rect, x, y, l int) bool {
	return c.Direction == Vertical && y == p.y && l == p.h && p.x < x && x < p.x+p.w ||
		c.Direction == Horizontal && x == p.x && l == p.w && p.y < y && y < p.y+p.h
}

// cutSides returns the pieces cut c at (x, y) leaves of p with a blade k
// wide: the one before it, and the one behind it unless the blade took it.
func cutSides(c Cut, p rect, x, y, k int) []rect {
	if c.Direction == Vertical {
		sides := []rect{{p.x, p.y, x - p.x, p.h}}
		if x+k < p.x+p.w {
			sides = append(sides, rect{x + k, p.y, p.x + p.w - x - k, p.h})
		}
		return sides
	}
	sides := []rect{{p.x, p.y, p.w, y - p.y}}
	if y+k < p.y+p.h {
		sides = append(sides, rect{p.x, y + k, p.w, p.y + p.h - y - k})
	}
	return sides
}

// verifyCuts replays a guillotine page's cutting sequence on the trimmed
// sheet: every cut must run from edge to edge of exactly one piece, and at
// the end every part must be a piece of its own, exactly its size. It
// returns the number of cuts and their length in units.
func verifyCuts(j *job, page Page) (int, int, error) {
	k := j.kerf
	pieces := []rect{{j.trim, j.trim, j.sheetW - 2*j.trim, j.sheetH - 2*j.trim}}
	length := 0
	for i, c := range page.Cuts {
		x, y, l := exactUnits(c.X), exactUnits(c.Y), exactUnits(c.Length)
		if c.Order != i+1 || x < 0 || y < 0 || l <= 0 || c.Direction != Vertical && c.Direction != Horizontal {
			return 0, 0, fmt.Errorf("kesim %d geçersiz: %+v", i+1, c)
		}
		found := slices.IndexFunc(pieces, func(p rect) bool { return cutSplits(c, p, x, y, l) })
		if found < 0 {
			return 0, 0, fmt.Errorf("kesim %d (%+v) bir parçayı baştan sona kesmiyor", i+1, c)
		}
		p := pieces[found]
		pieces = append(pieces[:found], pieces[found+1:]...)
		pieces = append(pieces, cutSides(c, p, x, y, k)...)
		length += l
	}
	exact := make(map[rect]bool, len(pieces))
	for _, p := range pieces {
		exact[p] = true
	}
	parts := make([]rect, len(page.Parts))
	for i, p := range page.Parts {
		r := rect{exactUnits(p.X), exactUnits(p.Y), exactUnits(p.Width), exactUnits(p.Height)}
		if !exact[r] {
			return 0, 0, fmt.Errorf("%q kesim sırasıyla tam boyutunda ayrılmıyor", p.ID)
		}
		delete(exact, r) // a piece holds one part
		parts[i] = r
	}
	if err := verifyProfile(j, page, parts); err != nil {
		return 0, 0, err
	}
	return len(page.Cuts), length, nil
}

// verifyStock is Verify for a request with stock (docs/engine.md,
// "Materials, stock rows, grain and edge band"): besides what Verify
// checks of every page, each page's row exists and its size is the row's,
// every part on it is of the page's material and thickness and of a group
// the row serves, no row gives more sheets than its quantity, the grain
// rule is kept, parts have their cut size (band deducted), the placed
// edges are turned with the part, every piece is placed or skipped (with
// "Stok yetmedi" only the copies not placed, and only where no unlimited
// row the part fits on serves it), and the totals (materials, used, buy, band
// totals, stats) add up.
func verifyStock(req Request, res Result) error {
	sj, err := newStockJob(req)
	if err != nil {
		return fmt.Errorf("geçersiz istek: %w", err)
	}
	rowOf := map[string]int{}
	for ri, r := range sj.rows {
		rowOf[r.id] = ri
	}
	if err := verifyOffcutUse(sj, res, rowOf); err != nil {
		return err
	}
	groupOf := sj.groupOf()
	if err := verifyStockSheet(sj, res); err != nil {
		return err
	}
	whole, out, err := verifySkippedStock(sj, req, res, groupOf)
	if err != nil {
		return err
	}
	t := &stockTally{req: req, sj: sj, groupOf: groupOf, placed: make([]int, len(req.Parts)), seen: map[string]bool{},
		bandUnits: make([]int, len(req.Bands)), bandUsed: make([]bool, len(req.Bands))}
	used := make([]int, len(sj.rows))
	var partArea, sheetArea float64
	cuts, cutLength := 0, 0
	gs := make([]groupSum, len(sj.groups))
	for pn, page := range res.Pages {
		if err := verifyPageID(pn, page); err != nil {
			return err
		}
		ri, gi, err := t.pageStock(page, rowOf, used)
		if err != nil {
			return err
		}
		row := &sj.rows[ri]
		area, n, length, err := t.pageContents(page, gi, row)
		if err != nil {
			return err
		}
		cuts += n
		cutLength += length
		sa := float64(row.sheetW) * float64(row.sheetH)
		gs[gi].pages++
		gs[gi].cost += row.price
		gs[gi].part += area
		gs[gi].sheet += sa
		partArea += area
		sheetArea += sa
	}
	if err := t.verifyStockCopies(whole, out); err != nil {
		return err
	}
	for pi, n := range out {
		if gi := groupOf[pi]; gi >= 0 {
			gs[gi].stockOut += n
		}
	}
	lb, optimal, cost, costLB, err := verifyMaterials(sj, res, gs)
	if err != nil {
		return err
	}
	st := res.Stats
	if st.Pages != len(res.Pages) || st.Placed != t.count {
		return fmt.Errorf("istatistik yanlış: %d sayfa %d parça, sayılan %d sayfa %d parça", st.Pages, st.Placed, len(res.Pages), t.count)
	}
	if st.Cuts != cuts || exactUnits(st.CutLength) != cutLength {
		return fmt.Errorf("kesim istatistiği yanlış: %d kesim %.2f cm, sayılan %d kesim %.2f cm", st.Cuts, st.CutLength, cuts, toCM(cutLength))
	}
	if st.LowerBound != lb || st.Optimal != optimal || math.Abs(st.Cost-roundTL(cost)) > 1e-6 || math.Abs(st.CostLowerBound-floorTL(costLB)) > 1e-6 {
		return fmt.Errorf("istatistik malzemelerin toplamı değil: %+v", st)
	}
	if sheetArea > 0 {
		if want := math.Round(1000*partArea/sheetArea) / 10; st.Efficiency != want {
			return fmt.Errorf("ortalama verim %.1f, hesaplanan %.1f", st.Efficiency, want)
		}
	}
	return t.verifyUsedAndBands(res, used)
}

// verifyStockSheet checks res.Sheet: the default sheet, or without one
// the first page's sheet.
func verifyStockSheet(sj *stockJob, res Result) error {
	var want Sheet
	if sj.defRow >= 0 {
		want = Sheet{toCM(sj.rows[sj.defRow].sheetW), toCM(sj.rows[sj.defRow].sheetH)}
	} else if len(res.Pages) > 0 {
		want = Sheet{res.Pages[0].Width, res.Pages[0].Height}
	}
	if res.Sheet != want {
		return fmt.Errorf("tuval %gx%g, beklenen %gx%g", res.Sheet.Width, res.Sheet.Height, want.Width, want.Height)
	}
	return nil
}

// pageStock checks a page's stock: its row exists (rowOf, by id), its size
// is the row's, the row gives no more sheets than its quantity (used
// counts them, this page included), and the page's material and
// thickness are its first part's group's, whose rows include the row. It
// returns the row and the group.
func (t *stockTally) pageStock(page Page, rowOf map[string]int, used []int) (ri, gi int, err error) {
	sj, req := t.sj, t.req
	ri, ok := rowOf[page.StockID]
	if !ok {
		return 0, 0, fmt.Errorf("%s: bilinmeyen stok satırı %q", page.ID, page.StockID)
	}
	row := &sj.rows[ri]
	if exactUnits(page.Width) != row.sheetW || exactUnits(page.Height) != row.sheetH {
		return 0, 0, fmt.Errorf("%s: levha %gx%g, stok satırı %gx%g", page.ID, page.Width, page.Height, toCM(row.sheetW), toCM(row.sheetH))
	}
	used[ri]++
	if row.limit > 0 && used[ri] > row.limit {
		return 0, 0, fmt.Errorf("%s: %q satırından %d levhadan fazlası kullanılmış", page.ID, row.id, row.limit)
	}
	first := page.Parts[0].OriginalIndex
	if first < 0 || first >= len(req.Parts) {
		return 0, 0, fmt.Errorf("%s: geçersiz originalIndex %d", page.ID, first)
	}
	gi = t.groupOf[first]
	if gi < 0 {
		return 0, 0, fmt.Errorf("%s: yerleştirilmemesi gereken parça", page.ID)
	}
	g := sj.groups[gi]
	if page.Material != g.material || page.Thickness != g.thickness {
		return 0, 0, fmt.Errorf("%s: malzeme %q %g mm, beklenen %q %g mm", page.ID, page.Material, page.Thickness, g.material, g.thickness)
	}
	if !slices.Contains(g.rows, ri) {
		return 0, 0, fmt.Errorf("%s: %q satırı bu malzemenin değil", page.ID, row.id)
	}
	return ri, gi, nil
}

// verifyStockCopies checks that no whole line skipped is placed and that
// of every other line the copies placed and left over (out) add up to its
// quantity, the placed ones numbered from 0.
func (t *stockTally) verifyStockCopies(whole map[int]Skipped, out []int) error {
	for i, p := range t.req.Parts {
		if _, ok := whole[i]; ok {
			if t.placed[i] > 0 {
				return fmt.Errorf("atlanan parça %d (%q) yerleştirilmiş", i, p.Name)
			}
			continue
		}
		if t.placed[i]+out[i] != p.Quantity {
			return fmt.Errorf("parça %d (%q): %d adet yerleştirilmiş, %d atlanmış, %d istenmişti", i, p.Name, t.placed[i], out[i], p.Quantity)
		}
		for c := 0; c < t.placed[i]; c++ {
			if id := partID(p, i) + "-" + itoa(c); !t.seen[id] {
				return fmt.Errorf("parça %d (%q): %q kopyası yok", i, p.Name, id)
			}
		}
	}
	return nil
}

func sameEdges(a, b *Edges) bool {
	if a == nil || b == nil {
		return (a == nil || *a == Edges{}) && (b == nil || *b == Edges{})
	}
	return *a == *b
}

// stockTally is what verifyStock adds up over the pages: the copies placed
// per part line, the ids seen, the band per code, the pieces.
type stockTally struct {
	req       Request
	sj        *stockJob
	groupOf   []int // per part line, its group (-1: none)
	placed    []int
	seen      map[string]bool
	bandUnits []int
	bandUsed  []bool
	count     int
}

// placedPart checks one placed part of a page of group gi cut from row:
// its line, id, name, size and turn under the grain rule and the band
// deduction, its place in the trimmed sheet and its edges; it returns the
// part's rectangle with the kerf, and counts it and its band.
func (t *stockTally) placedPart(pageID string, p Placed, gi int, row *stockRow) (rect, error) {
	req, sj := t.req, t.sj
	lo, hiX, hiY := sj.trim, row.sheetW-sj.trim, row.sheetH-sj.trim
	pi := p.OriginalIndex
	if pi < 0 || pi >= len(req.Parts) {
		return rect{}, fmt.Errorf("%s: %q geçersiz originalIndex %d", pageID, p.ID, pi)
	}
	in := req.Parts[pi]
	if t.groupOf[pi] != gi {
		return rect{}, fmt.Errorf("%s: %q bu sayfanın malzemesinden değil", pageID, p.ID)
	}
	if t.seen[p.ID] {
		return rect{}, fmt.Errorf("%s: %q iki kez yerleştirilmiş", pageID, p.ID)
	}
	t.seen[p.ID] = true
	if p.Name != in.Name {
		return rect{}, fmt.Errorf("%s: %q adı %q, beklenen %q", pageID, p.ID, p.Name, in.Name)
	}
	x, y := exactUnits(p.X), exactUnits(p.Y)
	w, h := exactUnits(p.Width), exactUnits(p.Height)
	if x < 0 || y < 0 || w < 0 || h < 0 {
		return rect{}, fmt.Errorf("%s: %q konumu veya boyutu 0,1 mm'nin katı değil", pageID, p.ID)
	}
	cw, ch := sj.cutW[pi], sj.cutH[pi]
	forced := grained(row.grain) && grained(in.Grain)
	switch {
	case forced && p.Rotated != (in.Grain != row.grain):
		return rect{}, fmt.Errorf("%s: %q damar yönüne göre döndürülmemiş", pageID, p.ID)
	case !forced && p.Rotated && !in.CanRotate():
		return rect{}, fmt.Errorf("%s: %q döndürülemez", pageID, p.ID)
	case !p.Rotated && (w != cw || h != ch), p.Rotated && (w != ch || h != cw):
		return rect{}, fmt.Errorf("%s: %q boyutu %gx%g (döndürülmüş: %v), kesim ölçüsü %gx%g", pageID, p.ID, p.Width, p.Height, p.Rotated, toCM(cw), toCM(ch))
	}
	if x < lo || y < lo || x+w > hiX || y+h > hiY {
		return rect{}, fmt.Errorf("%s: %q kullanılabilir levhanın dışında", pageID, p.ID)
	}
	if e := rotateEdges(in.Edges, p.Rotated); !sameEdges(e, p.Edges) {
		return rect{}, fmt.Errorf("%s: %q bantları %+v, beklenen %+v", pageID, p.ID, p.Edges, e)
	}
	if e := in.Edges; e != nil {
		fw, fh := int(roundUnits(in.Width, true)), int(roundUnits(in.Height, true))
		for n, c := range [4]string{e.Top, e.Bottom, e.Left, e.Right} {
			if c == "" {
				continue
			}
			bi := slices.IndexFunc(req.Bands, func(b Band) bool { return b.Code == c })
			l := fw
			if n >= 2 {
				l = fh
			}
			t.bandUnits[bi] += l + int(roundUnits(req.Bands[bi].Overlength, true))
			t.bandUsed[bi] = true
		}
	}
	t.placed[pi]++
	t.count++
	return rect{x, y, w + sj.kerf, h + sj.kerf}, nil
}

// groupSum is what a material's pages add up to: pages, price, parts' and
// sheets' area.
type groupSum struct {
	pages       int
	cost        float64
	part, sheet float64
	stockOut    int // copies left over for want of stock
}

// verifyMaterials checks res.Materials, one per group in page order,
// against what the group's pages add up to (gs), and returns their totals
// for the stats.
func verifyMaterials(sj *stockJob, res Result, gs []groupSum) (lb int, optimal bool, cost, costLB float64, err error) {
	if len(res.Materials) != len(sj.groups) {
		return 0, false, 0, 0, fmt.Errorf("%d malzeme özeti, beklenen %d", len(res.Materials), len(sj.groups))
	}
	lb, optimal = 0, true
	for gi, m := range res.Materials {
		g, s := sj.groups[gi], gs[gi]
		if m.Material != g.material || m.Thickness != g.thickness || m.Pages != s.pages {
			return 0, false, 0, 0, fmt.Errorf("malzeme %d: %q %g mm %d sayfa, beklenen %q %g mm %d sayfa", gi, m.Material, m.Thickness, m.Pages, g.material, g.thickness, s.pages)
		}
		if m.StockOut != s.stockOut {
			return 0, false, 0, 0, fmt.Errorf("malzeme %q: stok yetmedi %d adet, sayılan %d", m.Material, m.StockOut, s.stockOut)
		}
		if m.Objective != sj.groupObjective(g) {
			return 0, false, 0, 0, fmt.Errorf("malzeme %q: hedef %q, beklenen %q", m.Material, m.Objective, sj.groupObjective(g))
		}
		if math.Abs(m.Cost-roundTL(s.cost)) > 1e-9 {
			return 0, false, 0, 0, fmt.Errorf("malzeme %q: maliyet %g, hesaplanan %g", m.Material, m.Cost, roundTL(s.cost))
		}
		if m.LowerBound > m.Pages || m.CostLowerBound > m.Cost+1e-9 {
			return 0, false, 0, 0, fmt.Errorf("malzeme %q: alt sınır %d sayfa %g TL, sonuç %d sayfa %g TL", m.Material, m.LowerBound, m.CostLowerBound, m.Pages, m.Cost)
		}
		if m.Optimal && m.Objective == ObjectiveSheets && m.Pages > m.LowerBound ||
			m.Optimal && m.Objective == ObjectiveCost && m.Cost > m.CostLowerBound+0.01 {
			return 0, false, 0, 0, fmt.Errorf("malzeme %q: optimal denmiş ama alt sınıra ulaşılmamış", m.Material)
		}
		want := 0.0
		if s.sheet > 0 {
			want = math.Round(1000*s.part/s.sheet) / 10
		}
		if m.Efficiency != want {
			return 0, false, 0, 0, fmt.Errorf("malzeme %q: verim %g, hesaplanan %g", m.Material, m.Efficiency, want)
		}
		lb += m.LowerBound
		optimal = optimal && m.Optimal
		cost += m.Cost
		costLB += m.CostLowerBound
	}
	return lb, optimal, cost, costLB, nil
}

// verifySkippedStock checks res.Skipped: the lines no stock or no row takes
// exactly as the request says, whole; "Stok yetmedi" only for groups whose
// rows are all limited, with the copies left over. It returns the whole
// lines skipped and, per line, the copies left over.
func verifySkippedStock(sj *stockJob, req Request, res Result, groupOf []int) (whole map[int]Skipped, out []int, err error) {
	// Skipped lines: the ones no stock or no row takes, exactly; stock-out
	// only for groups of limited rows.
	whole = map[int]Skipped{}
	for _, s := range sj.skipped {
		whole[s.OriginalIndex] = s
	}
	out = make([]int, len(req.Parts))
	found := 0
	for _, s := range res.Skipped {
		if s.OriginalIndex < 0 || s.OriginalIndex >= len(req.Parts) {
			return nil, nil, fmt.Errorf("atlanan parça geçersiz: %+v", s)
		}
		if exp, ok := whole[s.OriginalIndex]; ok && s == exp {
			found++ // a whole line: no stock, no row, or only spent rows (a pinned layout's)
			continue
		}
		if s.Reason == SkipStockOut {
			gi := groupOf[s.OriginalIndex]
			if gi < 0 || out[s.OriginalIndex] > 0 || s.Quantity < 1 {
				return nil, nil, fmt.Errorf("stok yetmedi satırı geçersiz: %+v", s)
			}
			for _, ri := range sj.groups[gi].rows {
				if sj.rows[ri].limit == 0 && sj.fitOn(s.OriginalIndex, &sj.rows[ri]).fits {
					return nil, nil, fmt.Errorf("%q sınırsız stok varken stok yetmedi diye atlanmış", s.ID)
				}
			}
			if exp := sj.skip(s.OriginalIndex, s.Quantity, SkipStockOut); s != exp {
				return nil, nil, fmt.Errorf("atlanan parça yanlış: %+v, beklenen %+v", s, exp)
			}
			out[s.OriginalIndex] = s.Quantity
			continue
		}
		if exp, ok := whole[s.OriginalIndex]; !ok || s != exp {
			return nil, nil, fmt.Errorf("atlanan parça yanlış: %+v, beklenen %+v", s, exp)
		}
		found++
	}
	if found != len(sj.skipped) {
		return nil, nil, fmt.Errorf("%d parça satırı atlanmalıydı, %d atlandı", len(sj.skipped), found)
	}
	return whole, out, nil
}

// verifyUsedAndBands checks res.Used and res.Buy against the sheets counted
// per row (used), in row order, and res.BandTotals against the band
// counted per code.
func (t *stockTally) verifyUsedAndBands(res Result, used []int) error {
	sj, req := t.sj, t.req
	// Used and buy, in row order.
	var wantUsed, wantBuy []StockCount
	for ri, n := range used {
		if n > 0 {
			wantUsed = append(wantUsed, StockCount{sj.rows[ri].id, n})
			if sj.rows[ri].limit == 0 {
				wantBuy = append(wantBuy, StockCount{sj.rows[ri].id, n})
			}
		}
	}
	if !slices.Equal(res.Used, wantUsed) || !slices.Equal(res.Buy, wantBuy) {
		return fmt.Errorf("kullanılan %v / alınacak %v, sayılan %v / %v", res.Used, res.Buy, wantUsed, wantBuy)
	}
	var wantBands []BandTotal
	for bi, b := range req.Bands {
		if t.bandUsed[bi] {
			wantBands = append(wantBands, bandTotal(b, t.bandUnits[bi]))
		}
	}
	if !slices.Equal(res.BandTotals, wantBands) {
		return fmt.Errorf("bant toplamları %v, sayılan %v", res.BandTotals, wantBands)
	}
	return nil
}

// pageContents checks the parts of a page of group gi cut from row (each
// with placedPart), that none overlaps or comes nearer than the kerf, its
// cutting sequence and its efficiency; it returns the parts' area and the
// cuts' count and length.
func (t *stockTally) pageContents(page Page, gi int, row *stockRow) (area float64, cuts, cutLength int, err error) {
	sj, req := t.sj, t.req
	pj := &job{kerf: sj.kerf, trim: sj.trim, sheetW: row.sheetW, sheetH: row.sheetH, profile: newProfile(req.Options)}
	rs := make([]rect, len(page.Parts))
	for i, p := range page.Parts {
		r, err := t.placedPart(page.ID, p, gi, row)
		if err != nil {
			return 0, 0, 0, err
		}
		rs[i] = r
		area += float64(r.w-sj.kerf) * float64(r.h-sj.kerf)
	}
	if a, b, ok := overlapping(rs); ok {
		return 0, 0, 0, fmt.Errorf("%s: %q ile %q çakışıyor veya testere payından yakın", page.ID, page.Parts[a].ID, page.Parts[b].ID)
	}
	if req.Options.Guillotine {
		n, length, err := verifyCuts(pj, page)
		if err != nil {
			return 0, 0, 0, fmt.Errorf("%s: %w", page.ID, err)
		}
		cuts, cutLength = n, length
	} else if len(page.Cuts) > 0 {
		return 0, 0, 0, fmt.Errorf("%s: giyotin olmayan yerleşimde kesim sırası var", page.ID)
	}
	sa := float64(row.sheetW) * float64(row.sheetH)
	if want := int(math.Round(100 * area / sa)); page.Efficiency != want {
		return 0, 0, 0, fmt.Errorf("%s: verim %d, hesaplanan %d", page.ID, page.Efficiency, want)
	}
	return area, cuts, cutLength, nil
}

// verifyOffcutUse checks that every page cut from an offcut row covers at
// least Options.OffcutMinUse percent of it or is flagged BelowMinUse, and
// that only such pages are flagged. Whether sparing a flagged offcut would
// have cost more is the engine's claim: Verify cannot lay the job out
// again to check it.
func verifyOffcutUse(sj *stockJob, res Result, rowOf map[string]int) error {
	for _, p := range res.Pages {
		ri, ok := rowOf[p.StockID]
		below := ok && sj.belowMinUse(ri, p.Parts)
		if below && !p.BelowMinUse {
			return fmt.Errorf("%s: artık %s en az %%%d kullanılmalı, ama sayfa bunu belirtmiyor", p.ID, sj.rows[ri].id, sj.req.Options.OffcutMinUse)
		}
		if !below && p.BelowMinUse {
			return fmt.Errorf("%s: sayfa artığın en az kullanımın altında olduğunu söylüyor, ama değil", p.ID)
		}
	}
	return nil
}
