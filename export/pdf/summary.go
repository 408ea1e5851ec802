package pdf

import (
	"cmp"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"kesim/export"
	"kesim/nest"
)

func itoa(i int) string { return strconv.Itoa(i) }

// tally writes a count (pieces, sheets) the Turkish way, with thousands
// dots: 1.240; itoa writes numbers that name a page, a part or a cut.
func tally(i int) string { return export.Count(float64(i)) }

// summary writes the first page: the job in figures, then one line per sheet
// and the parts that fit no sheet.
func (d *doc) summary() {
	f := d.f
	x, y, w, _ := d.content()
	f.AddPage()
	d.font("B", 18)
	f.Text(x, y+7, d.fit(d.opt.Title, w))
	d.font("", 10)
	f.SetTextColor(90, 90, 90)
	f.Text(x, y+13, "Özet")
	f.SetTextColor(0, 0, 0)

	sums := sumLayout(d.res)
	y = d.facts(x, y+22, d.summaryFacts(sums))
	y = d.pagesTable(y + 4)
	if sums.skipped > 0 {
		y = d.skippedTable(y + 4)
	}
	// The part types summarise the job only when they are few, or when most
	// have several copies; otherwise the sheets' part lists say it all.
	if types := partTypes(d.res); len(types) <= maxTypeRows || 2*len(types) <= sums.placed {
		d.table(y+4, "Parça çeşitleri", []column{named("Parça", 60), left(d.sizeHeading(), 35),
			right("Adet", 15), wrapped("Sayfalar", 75)}, types)
	}
}

// layoutSums are a layout's totals that the summary prints.
type layoutSums struct {
	placed          int     // parts on the sheets
	area, sheetArea float64 // of the placed parts and of the sheets, cm²
	cuts            int     // guillotine cuts
	cutLength       float64 // cm
	skipped         int     // parts on no sheet
}

// sumLayout adds up res's pages and skipped parts.
func sumLayout(res nest.Result) layoutSums {
	var t layoutSums
	for i, pg := range res.Pages {
		s := export.PageSheet(res, i)
		t.sheetArea += s.Width * s.Height
		t.placed += len(pg.Parts)
		for _, p := range pg.Parts {
			t.area += p.Width * p.Height
		}
		t.cuts += len(pg.Cuts)
		for _, c := range pg.Cuts {
			t.cutLength += c.Length
		}
	}
	for _, s := range res.Skipped {
		t.skipped += s.Quantity
	}
	return t
}

// summaryFacts returns the job in figures, label and value: the date, the
// sheet (or the materials and the cost), the sheets, the parts and the
// efficiency, then the cuts, the patterns and the skipped parts when there
// are some.
func (d *doc) summaryFacts(t layoutSums) [][2]string {
	res := d.res
	sheets := export.Count(float64(len(res.Pages)))
	if res.Stats.LowerBound > 0 && d.stockOut() == 0 {
		sheets += "  (en az " + export.Count(float64(res.Stats.LowerBound)) + " gerekir)"
	}
	// The engine's own figure, rounded as the page shows it: recomputed
	// here, 68.25 rounded to even gave %68,2 on paper and %68,3 on screen.
	// A result made by hand may leave it out.
	efficiency := res.Stats.Efficiency
	if efficiency == 0 && t.area > 0 {
		efficiency = t.area / t.sheetArea * 100
	}
	facts := [][2]string{
		{"Tarih", d.date},
		{"Tuval boyutu", export.Size(res.Sheet.Width, res.Sheet.Height) + " cm"},
		{"Sayfa sayısı", sheets},
		{"Toplam parça", export.Count(float64(t.placed))},
		{"Ortalama verim", export.Percent(efficiency)},
	}
	if d.multi {
		// Sheets of several sizes: the materials, and the cost.
		facts[1] = [2]string{"Malzeme", tally(len(export.Groups(res))) + " malzeme (her biri kendi bölümünde)"}
		// The sheets' cost and, with priced band, the total the order
		// summary gives: one "Toplam maliyet" in the whole document.
		bandCost := 0.0
		for _, b := range res.BandTotals {
			bandCost += b.Cost
		}
		switch {
		case bandCost > 0:
			facts = append(facts, [2]string{"Levha maliyeti", d.totalCostText()},
				[2]string{"Toplam maliyet", export.Money(res.Stats.Cost+bandCost) + " (levha ve bant)"})
		case res.Stats.Cost > 0:
			facts = append(facts, [2]string{"Toplam maliyet", d.totalCostText()})
		}
	}
	if t.cuts > 0 {
		facts = append(facts, [2]string{"Kesim", export.Count(float64(t.cuts)) + " kesim, toplam " + export.Count(t.cutLength) + " cm"})
	}
	if d.repeated {
		// Identical sheets are drawn once: how many drawings there are.
		facts = append(facts, [2]string{"Farklı desen", fmt.Sprintf("%s (%s sayfa, aynı sayfalar bir kez çizildi)", tally(d.drawings()), tally(len(res.Pages)))})
	}
	if p := profileText(d.opt.FirstCut, d.opt.Stages); p != "" {
		facts = append(facts, [2]string{"Kesim profili", p})
	}
	if d.cutSizes {
		facts = append(facts, [2]string{"Ölçüler", "kesim ölçüsü (bantlı kenarlardan bant kalınlığı düşüldü)"})
	}
	if d.stockOut() > 0 {
		// Said plainly: the plan is not the whole job.
		facts = append(facts, [2]string{"Stok yetmedi", d.stockOutText()})
	}
	if t.skipped > 0 {
		// Not "Sığmayan": the stock may have run out for parts that fit.
		facts = append(facts, [2]string{"Yerleştirilemeyen parça", tally(t.skipped) + " (aşağıda)"})
	}
	return facts
}

// drawings returns the number of sheet drawings: pages cut to the same
// pattern are drawn once.
func (d *doc) drawings() int {
	n := 0
	for i := range d.res.Pages {
		if d.drawn(i) {
			n++
		}
	}
	return n
}

// facts writes facts from y down, a label and its value in bold 45 mm to
// its right, 7 mm apart, and returns the y below them; facts that would
// start below the page's content are left out.
func (d *doc) facts(x, y float64, facts [][2]string) float64 {
	for _, fact := range facts {
		if y > d.bottom() {
			break
		}
		d.font("", 11)
		d.f.Text(x, y, fact[0])
		d.font("B", 11)
		d.f.Text(x+45, y, fact[1])
		y += 7
	}
	return y
}

// pagesTable writes the table of the sheets from y down, one row per page
// (with its material and stock row for a layout with materials), and
// returns the y below it.
func (d *doc) pagesTable(y float64) float64 {
	cols := []column{right("Sayfa", 20), right("Parça", 20), right("Verim", 20), left("Not", 60)}
	if d.multi {
		cols = []column{right("Sayfa", 15), left("Malzeme", 50), left("Levha", 50),
			right("Parça", 15), right("Verim", 15), left("Not", 40)}
	}
	// A pattern's note names its sheets, shortened to the column once for
	// all its pages: the sheets of a pattern cut hundreds of times, not
	// one after the other, take thousands of characters.
	d.font("", tableFont)
	noteW := cols[len(cols)-1].width - 2*cellPad
	patternNotes := map[int]string{} // by the group's first page
	rows := make([][]string, len(d.res.Pages))
	for i, pg := range d.res.Pages {
		note := ""
		if d.same[i] >= 0 {
			note = fmt.Sprintf("Sayfa %d ile aynı", d.same[i]+1)
		}
		if d.repeats(i) > 1 {
			first := d.group[i][0]
			n, ok := patternNotes[first]
			if !ok {
				n = d.patternText(i, "Desen: ", "", noteW)
				patternNotes[first] = n
			}
			note = n
		}
		rows[i] = []string{itoa(i + 1), tally(len(pg.Parts)), "%" + itoa(pg.Efficiency), note}
		if d.multi {
			rows[i] = []string{itoa(i + 1), export.MaterialName(pg.Material, pg.Thickness), d.stockName(pg.StockID),
				tally(len(pg.Parts)), "%" + itoa(pg.Efficiency), note}
		}
	}
	return d.table(y, "Sayfalar", cols, rows)
}

// skippedTable writes the table of the parts placed on no sheet from y
// down and returns the y below it.
func (d *doc) skippedTable(y float64) float64 {
	var rows [][]string
	for _, s := range d.res.Skipped {
		rows = append(rows, []string{s.Name, export.Size(s.Width, s.Height), tally(s.Quantity), s.Reason})
	}
	title := "Tuvale sığmayan parçalar"
	if d.multi {
		title = "Yerleştirilemeyen parçalar"
	}
	// The reason is never cut: it says what to do (stock to add, a
	// part to turn), in a column as wide as the page leaves, wrapped.
	_, _, w, _ := d.content()
	return d.table(y, title, []column{named("Parça", 60), left("Ölçü (cm)", 30),
		right("Adet", 15), wrapped("Neden", max(60, w-105))}, rows)
}

// maxTypeRows is the longest part types table printed whatever the copies.
const maxTypeRows = 100

// partTypes returns one row per part type of res (name and unrotated size)
// in the order of the request: name, size, copies placed, and the sheets
// they are on. It is the list to check the job against.
func partTypes(res nest.Result) [][]string {
	type key struct {
		index int
		name  string
		w, h  float64
	}
	type count struct {
		copies int
		pages  []int // indexes, in order
	}
	counts := map[key]*count{}
	var keys []key
	for i, pg := range res.Pages {
		for _, p := range pg.Parts {
			k := key{p.OriginalIndex, p.Name, p.Width, p.Height}
			if p.Rotated {
				k.w, k.h = p.Height, p.Width
			}
			c := counts[k]
			if c == nil {
				c = &count{}
				counts[k] = c
				keys = append(keys, k)
			}
			c.copies++
			if len(c.pages) == 0 || c.pages[len(c.pages)-1] != i {
				c.pages = append(c.pages, i)
			}
		}
	}
	slices.SortStableFunc(keys, func(a, b key) int { return cmp.Compare(a.index, b.index) })
	rows := make([][]string, len(keys))
	for i, k := range keys {
		c := counts[k]
		// Runs as "3-7" (export.PageList): a part on 100 sheets is "1-100",
		// not a line of numbers cut short in the middle of one.
		rows[i] = []string{k.name, export.Size(k.w, k.h), tally(c.copies), export.PageList(c.pages)}
	}
	return rows
}

// column is one column of a table: its heading, width in mm and alignment.
type column struct {
	heading string
	width   float64
	right   bool
	// middle shortens a text too long for the column in its middle
	// (FitMiddle), as a part's name, rather than at its end.
	middle bool
	// wrap breaks a text too long for the column into lines (up to
	// maxCellLines), the row as tall as its tallest cell.
	wrap bool
}

// wrapped is a left-aligned column whose texts wrap.
func wrapped(heading string, width float64) column {
	return column{heading: heading, width: width, wrap: true}
}

// maxCellLines is the most lines a wrapped cell takes; tableLine is the
// height in mm of each line after its first.
const (
	maxCellLines = 6
	tableLine    = 4.0
)

// cellLines returns the lines of s in column c, in the current font: one,
// or for a wrapped column as many as it takes (at most maxCellLines, the
// last shortened when it needs more).
func (d *doc) cellLines(c column, s string) []string {
	width := c.width - 2*cellPad
	if !c.wrap || d.fits(s, width) {
		return []string{s}
	}
	lines := d.wrap(s, width, maxCellLines)
	if lines != nil {
		return lines
	}
	// Too many lines, or a word wider than the column: as many whole
	// lines as fit, then the rest cut.
	words := strings.Fields(s)
	for len(words) > 0 && len(lines) < maxCellLines-1 && d.fits(words[0], width) {
		line, k := words[0], 1
		for ; k < len(words) && d.fits(line+" "+words[k], width); k++ {
			line += " " + words[k]
		}
		lines, words = append(lines, line), words[k:]
	}
	if len(words) > 0 {
		// The last line is cut at a word, then "…": cut inside one, a
		// page list's "143, 145" read "143, 14…", as if sheet 14 were
		// listed. Only a word wider than the column is cut inside.
		line := ""
		for k := 0; k < len(words) && d.fits(strings.Join(words[:k+1], " ")+" …", width); k++ {
			line = strings.Join(words[:k+1], " ")
		}
		if rest := strings.Join(words, " "); line == "" || d.fits(rest, width) {
			lines = append(lines, d.fit(rest, width))
		} else {
			lines = append(lines, line+" …")
		}
	}
	return lines
}

// left and right are columns aligned left and right; named is a column of
// parts' names, shortened in the middle.
func left(heading string, width float64) column { return column{heading: heading, width: width} }
func right(heading string, width float64) column {
	return column{heading: heading, width: width, right: true}
}
func named(heading string, width float64) column {
	return column{heading: heading, width: width, middle: true}
}

// Table text and row geometry.
const (
	tableFont = 9.0 // points
	tableRow  = 5.5 // mm
)

// table writes a titled table from y down, continuing on new pages (with the
// title, marked "devam", and the headings again) when the page is full, and
// returns the y below it.
func (d *doc) table(y float64, title string, cols []column, rows [][]string) float64 {
	f := d.f
	x, top, _, h := d.content()
	bottom := top + h
	const titleHeight = 7.0
	head := func(title string) {
		d.font("B", 11)
		f.Text(x, y+4, title)
		y += titleHeight
		d.font("B", tableFont)
		f.SetFillColor(235, 235, 235)
		cx := x
		for _, c := range cols {
			f.Rect(cx, y, c.width, tableRow, "F")
			d.cell(cx, y, c, c.heading)
			cx += c.width
		}
		y += tableRow
		d.font("", tableFont)
	}
	// A title and headings with no row under them belong on the next page.
	if y+titleHeight+2*tableRow > bottom {
		f.AddPage()
		y = top
	}
	head(title)
	for _, row := range rows {
		cells := make([][]string, len(cols))
		rowH := tableRow
		for i, c := range cols {
			cells[i] = d.cellLines(c, row[i])
			rowH = max(rowH, tableRow+float64(len(cells[i])-1)*tableLine)
		}
		if y+rowH > bottom {
			f.AddPage()
			y = top
			head(title + " (devam)")
		}
		cx := x
		for i, c := range cols {
			for k, line := range cells[i] {
				d.cell(cx, y+float64(k)*tableLine, c, line)
			}
			cx += c.width
		}
		f.SetDrawColor(220, 220, 220)
		f.SetLineWidth(0.1)
		f.Line(x, y+rowH, cx, y+rowH)
		y += rowH
	}
	return y
}

// cellPad is the room in mm left and right of a table cell's text.
const cellPad = 1.5

// cell writes s in a table cell at (x, y), cut to fit the column.
func (d *doc) cell(x, y float64, c column, s string) {
	if c.middle {
		s = FitMiddle(d.f, s, c.width-2*cellPad)
	} else {
		s = d.fit(s, c.width-2*cellPad)
	}
	tx := x + cellPad
	if c.right {
		tx = x + c.width - cellPad - d.f.GetStringWidth(s)
	}
	d.f.Text(tx, y+tableRow-1.7, s)
}

// fit returns s, or its beginning and "…", so that it is at most width mm
// wide in the current font. The cut is found by a binary search, s
// measured a few times, not once per character: a table's cell can hold
// thousands of characters.
func (d *doc) fit(s string, width float64) string {
	if d.fits(s, width) {
		return s
	}
	// starts[k] is where the (k+1)-th character of s starts.
	starts := make([]int, 0, len(s))
	for i := range s {
		starts = append(starts, i)
	}
	// Every prefix wider than width would also be cut: the longest that
	// fits with "…" has n characters.
	n := sort.Search(len(starts), func(k int) bool { return !d.fits(s[:starts[k]]+"…", width) }) - 1
	if n <= 0 {
		return ""
	}
	return s[:starts[n]] + "…"
}

// fits reports whether s is at most width mm wide in the current font
// (give or take a rounding error, so that a column measured on its widest
// text prints it).
func (d *doc) fits(s string, width float64) bool {
	return d.f.GetStringWidth(s) <= width+1e-9
}

// identicalPages returns, for every page, the index of the first earlier
// page cut from the same board with the same parts in the same places, or
// -1. The same board is the same stock row, material, thickness and sheet
// size: a door at (0, 0) of a 39,7 x 79,7 offcut and the same door at (0,
// 0) of a 183 x 366 sheet are two different sheets to fetch, not one.
func identicalPages(res nest.Result) []int {
	same := make([]int, len(res.Pages))
	first := map[string]int{}
	for i, pg := range res.Pages {
		lines := make([]string, len(pg.Parts))
		for j, p := range pg.Parts {
			lines[j] = fmt.Sprintf("%g %g %g %g %s", p.X, p.Y, p.Width, p.Height, p.Name)
		}
		slices.Sort(lines)
		s := export.PageSheet(res, i)
		board := fmt.Sprintf("%q %q %g %g %g", pg.StockID, pg.Material, pg.Thickness+0, s.Width+0, s.Height+0)
		key := board + "\n" + strings.Join(lines, "\n")
		if k, ok := first[key]; ok {
			same[i] = k
		} else {
			first[key] = i
			same[i] = -1
		}
	}
	return same
}

// profileText is the saw profile as the summary says it, short enough
// for its line: "ilk kesim boyuna, en çok 2 kademe + kırpma (sıra kademe
// kademe)", empty without one.
func profileText(firstCut string, stages int) string {
	var words []string
	switch firstCut {
	case nest.FirstCutLong:
		words = append(words, "ilk kesim boyuna")
	case nest.FirstCutShort:
		words = append(words, "ilk kesim enine")
	}
	if stages > 0 {
		words = append(words, fmt.Sprintf("en çok %d kademe + kırpma (sıra kademe kademe)", stages))
	}
	return strings.Join(words, ", ")
}
