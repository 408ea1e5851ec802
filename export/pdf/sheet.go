package pdf

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"kesim/export"
	"kesim/nest"
)

// Sheet page geometry in mm.
const (
	titleRoom   = 9.0  // the page title above the drawing
	rulerRoom   = 4.0  // grid numbers above and left of the sheet
	listGap     = 5.0  // between the drawing and the list
	minListRoom = 50.0 // the list goes beside or below the drawing only with more room than this
	shrinkLimit = 0.6  // the drawing may shrink to this share of its scale to keep the list on its page
	ptToMM      = 25.4 / 72
	// minText is the smallest text a sheet page prints, in points: smaller
	// letters break up in a laser printer's halftone and are unreadable at
	// the saw.
	minText      = 6.0
	minLabelFont = minText // points; smaller labels are unreadable on paper
	numberFont   = minText // points, for part numbers and grid numbers
	pad          = 0.8     // mm between a label and its part's edge
)

// palette holds the parts' fill colours: light versions of the DXF colours
// 2 to 7 (yellow, green, cyan, blue, magenta, white), cycled the same way.
// Printed in grey each is 12 to 18 % (luminance 0,299 R + 0,587 G +
// 0,114 B): dark enough that a laser still prints it (under about 10 % a
// fill vanishes and a part looks like waste), light enough that black
// text on it stays sharp.
var palette = [6][3]int{
	{250, 222, 120}, {196, 236, 196}, {189, 233, 245},
	{200, 212, 250}, {243, 203, 238}, {212, 212, 212},
}

// box is a rectangle on the page, in mm.
type box struct{ x, y, w, h float64 }

// sheet writes the page of sheet page: a title, the sheet drawn to scale,
// and its list (parts, then cuts) beside or below the drawing when there is
// room, else on the next page; with a sheet address, the QR codes of its
// sheets' checklists at the bottom (see checklist.go).
func (d *doc) sheet(page int) error {
	codes, err := d.checklistCodes(page)
	if err != nil {
		return err
	}
	f, s := d.f, export.PageSheet(d.res, page)
	parts := d.sheetParts(page)
	pg := d.res.Pages[page]
	if d.multi {
		d.addPage(s)
		d.footerSheet = Printable(export.SheetLabel(d.opt.Stock, d.res, page))
	} else {
		f.AddPage()
	}
	x, y, w, h := d.content()
	// The title: the sheet (or the pattern's sheets), then the rest.
	rest := fmt.Sprintf(" / %d   ·   %s cm   ·   %s parça   ·   verim %%%d",
		len(d.res.Pages), export.Size(s.Width, s.Height), tally(len(parts)), pg.Efficiency)
	if len(pg.Cuts) > 0 {
		rest += "   ·   " + tally(len(pg.Cuts)) + " kesim"
	}
	if same := d.same[page]; same >= 0 {
		rest += fmt.Sprintf("   ·   Sayfa %d ile aynı", same+1)
	}
	d.font("B", 12)
	title := d.fit("Sayfa "+itoa(page+1)+rest, w)
	if d.repeats(page) > 1 {
		// One drawing for every sheet cut to the pattern: a long list of
		// its sheets is shortened before the rest is.
		title = d.patternText(page, "", rest, w)
	}
	f.Text(x, y+5, title)
	if d.multi {
		// The second line says what the sheet is: its material and the
		// stock row it is cut from.
		d.font("", 10)
		line := "Malzeme: " + export.MaterialName(pg.Material, pg.Thickness) + "   ·   Levha: " + d.stockName(pg.StockID)
		grain := export.SheetGrain(d.opt.Stock, d.res, page)
		if grain == "" {
			f.Text(x, y+10.5, d.fit(line, w))
		} else {
			// The grain, in words and as an arrow, for the board to be
			// laid on the saw the right way round.
			g := "   ·   Damar: " + grainWord[grain]
			gw := f.GetStringWidth(g)
			line = d.fit(line, w-gw-grainArrowRoom)
			f.Text(x, y+10.5, line+g)
			d.grainArrow(grain, x+f.GetStringWidth(line+g)+grainArrowRoom/2, y+9.3)
		}
		y += stockLineRoom
		h -= stockLineRoom
	}

	strip, fits := checklistStrip(codes, box{x, y, w, h})
	if strip > 0 {
		d.drawChecklistStrip(codes, box{x, y, w, h}, strip, fits)
		h -= strip
	}

	var stages []int
	if d.opt.Stages > 0 {
		// Under a number of stages the sequence goes stage by stage (a
		// beam saw's): each cut says its stage, so the operator sees
		// where one ends and the strips are turned.
		stages = nest.CutStages(s, pg.Cuts, d.kerf(), d.opt.FirstCut)
	}
	lines := listLines(parts, pg.Cuts, stages, d.opt.Stages)
	lines = append(lines, d.bandLines(export.EdgeCodes(d.res, []int{page}))...)
	set := d.measureList(lines, listFont)
	l := planSheetPage(box{x, y, w, h}, s, len(lines), set.minCol)
	unshown, untagged := d.drawSheet(s, l.drawing.x, l.drawing.y, l.scale, parts, pg.Cuts)
	// Parts whose number the drawing has no room for even outside them,
	// and cuts whose tag it has no room for: the list marks them and says
	// so under their section, rather than send the reader looking.
	if len(untagged) > 0 {
		first := len(parts) + 1 // the cuts' lines follow the parts and the cuts' headings
		for _, i := range untagged {
			lines[first+i].number += "*"
		}
		lines = slices.Insert(lines, first+len(pg.Cuts), listLine{text: untaggedNote, keep: untaggedNote})
	}
	if len(unshown) > 0 {
		for _, i := range unshown {
			lines[i].number += "*"
		}
		lines = slices.Insert(lines, len(parts), listLine{text: smallNote, keep: smallNote})
	}
	if len(unshown)+len(untagged) > 0 {
		set = d.measureList(lines, listFont)
	}
	d.sheetList(page, lines, l.list, l.listOnPage, set)
	d.checklistPages(page, codes[fits:])
	return nil
}

// smallNote follows the parts of a sheet's list when some are marked "*",
// and untaggedNote its cuts: the line is drawn, its tag found no room.
const (
	smallNote    = "* çizimde gösterilemeyecek kadar küçük"
	untaggedNote = "* etiketi çizimde gösterilemedi; yeri satırında yazılı"
)

// stockLineRoom is the height in mm of the line under a sheet page's title
// naming its material and stock row.
const stockLineRoom = 6.0

// grainWord is a sheet's grain in the words of its page.
var grainWord = map[string]string{nest.GrainVertical: "dikey", nest.GrainHorizontal: "yatay"}

// grainArrowRoom is the width in mm the grain arrow takes after its words.
const grainArrowRoom = 8.0

// grainArrow draws the grain arrow centred on (cx, cy): up along the
// sheet's height (vertical) or right along its width (horizontal), as the
// labels draw a part's.
func (d *doc) grainArrow(grain string, cx, cy float64) {
	f := d.f
	f.SetDrawColor(0, 0, 0)
	f.SetLineWidth(0.35)
	const l, head = 2.4, 1.1 // half the arrow's length, its head's
	if grain == nest.GrainVertical {
		f.Line(cx, cy+l, cx, cy-l)
		f.Line(cx, cy-l, cx-head*0.6, cy-l+head)
		f.Line(cx, cy-l, cx+head*0.6, cy-l+head)
	} else {
		f.Line(cx-l, cy, cx+l, cy)
		f.Line(cx+l, cy, cx+l-head, cy-head*0.6)
		f.Line(cx+l, cy, cx+l-head, cy+head*0.6)
	}
}

// stockName names stock row id, from the request's stock when given.
func (d *doc) stockName(id string) string {
	return Printable(export.StockName(d.opt.Stock, id))
}

// bandPalette holds the colours of banded edges, one per band code in the
// order the codes first appear on the parts, cycled.
var bandPalette = [...][3]int{
	{220, 40, 30}, {30, 80, 220}, {0, 140, 60}, {230, 120, 0}, {140, 40, 170}, {120, 70, 20},
}

func (d *doc) bandRGB(code string) [3]int {
	c, _ := bandStyle(d.bandColor[code])
	return bandPalette[c]
}

// bandStyle returns the colour (in bandPalette) and the dash pattern (in
// bandDashes) of the i-th band code: the first six take a colour and a
// pattern each, and the codes after them shift the pattern against the
// colour, so that the first 36 codes of a job differ in one or the other.
func bandStyle(i int) (colour, dash int) {
	n := len(bandPalette)
	return i % n, (i + i/n) % n
}

// bandDashes holds the dash patterns of banded edges in mm at bandWidth,
// one per band code beside its colour in bandPalette. On a black-and-white
// laser every colour of bandPalette prints as about the same dark grey, and
// the edge bander must still tell a 2 mm band's edges from a 0,4 mm band's:
// the first code is solid, the others differ in rhythm (dashes, dots, dash
// and dot), not only in length, and the legend draws each code's pattern.
var bandDashes = [len(bandPalette)][]float64{
	nil,                            // ──────
	{2.4, 1.2},                     // ── ── ──
	{0.6, 0.6},                     // ········
	{2.4, 0.8, 0.6, 0.8},           // ── · ── ·
	{2.4, 0.8, 0.6, 0.8, 0.6, 0.8}, // ── · · ── · ·
	{5, 1.2},                       // ───── ─────
}

// bandStroke sets the line style of band code's edges, lw mm wide: its
// colour and its dash pattern, scaled down with a line thinner than
// bandWidth (a small part's edge). endStroke sets the solid line back.
func (d *doc) bandStroke(code string, lw float64) {
	rgb := d.bandRGB(code)
	d.f.SetDrawColor(rgb[0], rgb[1], rgb[2])
	d.f.SetLineWidth(lw)
	_, k := bandStyle(d.bandColor[code])
	dash := slices.Clone(bandDashes[k])
	for i := range dash {
		dash[i] *= lw / bandWidth
	}
	d.f.SetDashPattern(dash, 0)
}

func (d *doc) endStroke() {
	d.f.SetDashPattern(nil, 0)
	d.f.SetDrawColor(0, 0, 0)
}

// bandLines returns the legend of the band codes on a sheet: each code's
// line as its edges are drawn (colour and dash pattern), the code and its
// name, and its thickness.
func (d *doc) bandLines(codes []string) []listLine {
	if len(codes) == 0 {
		return nil
	}
	lines := []listLine{bandHeadings}
	for _, code := range codes {
		text, right := Printable(code), ""
		if b, ok := export.Band(d.opt.Bands, code); ok {
			if name := Printable(b.Name); name != "" {
				text += " · " + name
			}
			if b.Thickness > 0 {
				right = export.Num(b.Thickness) + " mm"
			}
		}
		lines = append(lines, listLine{band: code, text: text, keep: Printable(code), right: right})
	}
	return lines
}

// sheetPage is where a sheet's page puts the drawing and the list.
type sheetPage struct {
	drawing    box     // the sheet, drawn to scale
	scale      float64 // mm per cm
	list       box     // where the list starts, when listOnPage
	listOnPage bool    // else the list starts on the next page
}

// planSheetPage places the drawing of sheet s and its list of lines rows,
// whose columns need minCol mm (see listSet), in content, the page's
// writable box. The drawing is as large as fits, and the list goes beside
// it, or below it, when that leaves more than minListRoom; beside, the
// drawing shrinks, when it keeps shrinkLimit of its size, to leave the
// list's column the width it needs (else the list goes below). Otherwise
// the drawing shrinks to leave room below for the whole list, when it keeps
// shrinkLimit of its size, rather than send a short list to a page of its
// own.
func planSheetPage(content box, s nest.Sheet, lines int, minCol float64) sheetPage {
	area := box{content.x + rulerRoom, content.y + titleRoom + rulerRoom,
		content.w - rulerRoom, content.h - titleRoom - rulerRoom}
	scale := min(area.w/s.Width, area.h/s.Height)
	right, bottom := content.x+content.w, content.y+content.h
	l := sheetPage{scale: scale, listOnPage: true}
	drawnW, drawnH := s.Width*scale, s.Height*scale
	beside := min(scale, (area.w-listGap-minCol)/s.Width) // the scale that leaves the list its column
	switch {
	case area.w-drawnW > minListRoom && beside >= shrinkLimit*scale:
		l.scale = beside
		left := area.x + s.Width*beside + listGap
		l.list = box{left, content.y + titleRoom, right - left, content.h - titleRoom}
	case area.h-drawnH > minListRoom:
		top := area.y + drawnH + listGap
		l.list = box{content.x, top, content.w, bottom - top}
	default:
		need := listHeight(lines, content.w, minCol)
		if shrunk := min(scale, (area.h-need-listGap)/s.Height); shrunk >= shrinkLimit*scale {
			l.scale = shrunk
			top := area.y + s.Height*shrunk + listGap
			l.list = box{content.x, top, content.w, bottom - top}
		} else {
			l.listOnPage = false
		}
	}
	l.drawing = box{area.x, area.y, s.Width * l.scale, s.Height * l.scale}
	return l
}

// drawSheet draws the sheet with its top-left corner at (x, y) mm, scale mm
// per cm: outline, grid with its numbers, the labelled parts and the cuts.
// A part too small for its number has it outside, on a leader (see
// leader); it returns the parts (indexes) whose number found no room even
// so, for the list to say they are not on the drawing.
func (d *doc) drawSheet(s nest.Sheet, x, y, scale float64, parts []nest.Placed, cuts []nest.Cut) (unshown, untagged []int) {
	f := d.f
	f.SetFillColor(255, 255, 255)
	f.SetDrawColor(0, 0, 0)
	f.SetLineWidth(0.3)
	f.Rect(x, y, s.Width*scale, s.Height*scale, "FD")

	step := 10.0 // cm, as on the screen
	if s.Width > 200 {
		step = 20
	}
	f.SetDrawColor(gridGrey, gridGrey, gridGrey)
	f.SetLineWidth(gridWidth)
	d.font("", numberFont)
	f.SetTextColor(80, 80, 80) // a lighter grey breaks up in a laser's halftone
	// Number every grid line, or every n-th when lines are too close for
	// their numbers.
	every := int(math.Ceil(f.GetStringWidth(export.Num(max(s.Width, s.Height))) * 1.6 / (step * scale)))
	for k := 1; float64(k)*step < s.Width; k++ {
		gx := x + float64(k)*step*scale
		f.Line(gx, y, gx, y+s.Height*scale)
		if k%every == 0 {
			label := export.Num(float64(k) * step)
			f.Text(gx-f.GetStringWidth(label)/2, y-1, label)
		}
	}
	for k := 1; float64(k)*step < s.Height; k++ {
		gy := y + float64(k)*step*scale
		f.Line(x, gy, x+s.Width*scale, gy)
		if k%every == 0 {
			label := export.Num(float64(k) * step)
			f.Text(x-1-f.GetStringWidth(label), gy+0.7, label)
		}
	}
	f.SetTextColor(0, 0, 0)

	f.SetDrawColor(60, 60, 60)
	f.SetLineWidth(0.2)
	for i, p := range parts {
		c := palette[i%len(palette)]
		f.SetFillColor(c[0], c[1], c[2])
		f.Rect(x+p.X*scale, y+p.Y*scale, p.Width*scale, p.Height*scale, "FD")
	}
	// The texts drawn, which the numbers written outside their parts and
	// the cuts' tags must leave readable.
	var taken []box
	var small []int
	for i, p := range parts {
		numbered, drawn := d.label(p, i+1, box{x + p.X*scale, y + p.Y*scale, p.Width * scale, p.Height * scale})
		taken = append(taken, drawn...)
		if !numbered {
			small = append(small, i)
		}
	}
	for _, p := range parts {
		d.drawEdges(p, box{x + p.X*scale, y + p.Y*scale, p.Width * scale, p.Height * scale})
	}
	f.SetDrawColor(0, 0, 0)
	f.SetLineWidth(0.3)
	f.Rect(x, y, s.Width*scale, s.Height*scale, "D")
	sheet := box{x, y, s.Width * scale, s.Height * scale}
	d.cutLines(x, y, scale, cuts)
	for _, i := range small {
		p := parts[i]
		if b, ok := d.leader(i+1, box{x + p.X*scale, y + p.Y*scale, p.Width * scale, p.Height * scale}, sheet, taken); ok {
			taken = append(taken, b)
		} else {
			unshown = append(unshown, i)
		}
	}
	return unshown, d.drawCuts(x, y, scale, cuts, sheet, taken)
}

// gridGrey and gridWidth (mm) draw the sheet's grid: 41 % grey, 0,2 mm
// wide, which a black-and-white laser's halftone prints as a line of close
// dots (at 300 dpi its gaps are at most 0,6 mm), half as dark as a part's outline
// (0,2 mm of grey 60, 76 %) and far lighter than the sheet's outline
// (0,3 mm black), a cut (0,35 mm) or a banded edge. The grid was 0,1 mm
// of grey 205 (20 %), which a mono render broke into specks with gaps of
// 2 to 3 mm, two thirds of the line missing. (A solid line needs black, which
// drew the grid as heavy as the parts.)
const (
	gridGrey  = 150
	gridWidth = 0.2
)

// cutRGB is the colour of a guillotine layout's cuts and their tags: a
// dark red, which a black-and-white laser prints near black (the tags'
// 6 pt letters stay whole, the lines do not fade into the grid).
var cutRGB = [3]int{170, 0, 0}

// cutLines draws a guillotine layout's cuts over the sheet drawn at (x,
// y), each as a red line.
func (d *doc) cutLines(x, y, scale float64, cuts []nest.Cut) {
	f := d.f
	f.SetDrawColor(cutRGB[0], cutRGB[1], cutRGB[2])
	f.SetLineWidth(0.35)
	for _, c := range cuts {
		x1, y1 := x+c.X*scale, y+c.Y*scale
		if c.Direction == nest.Vertical {
			f.Line(x1, y1, x1, y1+c.Length*scale)
		} else {
			f.Line(x1, y1, x1+c.Length*scale, y1)
		}
	}
}

// drawCuts writes the order of every cut of a guillotine layout drawn at
// (x, y) ("K1", "K2", ...; cutLines draws the lines) in a white box at its
// start, where the saw enters. A tag that would cover a text
// taken (a part's number, name or size, another tag) slides along its line
// to the first free place; one with none is left out (the list has every
// cut, and marks those: drawCuts returns their indices).
func (d *doc) drawCuts(x, y, scale float64, cuts []nest.Cut, sheet box, taken []box) (untagged []int) {
	f := d.f
	d.font("B", numberFont)
	f.SetTextColor(cutRGB[0], cutRGB[1], cutRGB[2])
	f.SetFillColor(255, 255, 255)
	f.SetLineWidth(0.15)
	h := numberFont * ptToMM
	// A tag may stick out of the sheet by half its height.
	within := box{sheet.x - h, sheet.y - h, sheet.w + 2*h, sheet.h + 2*h}
	taken = slices.Clone(taken)
	for ci, c := range cuts {
		label := "K" + itoa(c.Order)
		w := f.GetStringWidth(label)
		bw, bh := w+0.8, h+0.8
		length := c.Length * scale
		room := length - bh // how far the tag may slide along its line
		if c.Direction == nest.Horizontal {
			room = length - bw
		}
		tagged := false
		for at := 0.0; at <= max(room, 0)+1e-9 && !tagged; at += 0.5 {
			b := box{x + c.X*scale - bw/2, y + c.Y*scale + at, bw, bh} // vertical: the box hangs below the entry point
			if c.Direction == nest.Horizontal {
				b = box{x + c.X*scale + at, y + c.Y*scale - bh/2, bw, bh} // horizontal: centred on the line, from its left end
			}
			if !free(b, within, taken) {
				continue
			}
			taken = append(taken, b)
			f.Rect(b.x, b.y, b.w, b.h, "FD")
			f.Text(b.x+0.4, b.y+0.4+h*0.8, label)
			tagged = true
		}
		if !tagged {
			untagged = append(untagged, ci)
		}
	}
	f.SetTextColor(0, 0, 0)
	return untagged
}

// label writes part number n's name and size inside its rectangle r, as
// large as fits from 9 pt down to minLabelFont, turned by 90° when only that
// fits; its number goes in the top-left corner when there is room. A name
// too long for one line is wrapped at its spaces, and when it does not fit
// even so, shortened in its middle (FitMiddle), so that two long names that
// differ at their end stay apart. A part too small for its size shows only
// its number, and one too small for that shows nothing: the list has it.
func (d *doc) label(p nest.Placed, n int, r box) (numbered bool, drawn []box) {
	f := d.f
	size := export.Size(p.Width, p.Height)
	if p.Rotated {
		size += " (D)"
	}
	number := itoa(n)
	d.font("", numberFont)
	numW, numH := f.GetStringWidth(number), numberFont*ptToMM
	// try sets the name in lines of at most most lines at pt points, flat
	// or turned, and writes it when it fits.
	try := func(pt float64, turned bool, lines func(pt, width float64, most int) []string) bool {
		w, h := r.w, r.h
		if turned {
			w, h = r.h, r.w
		}
		line := pt * ptToMM * 1.25
		most := int((h-2*pad)/line+1e-9) - 1 // lines for the name, under which the size goes
		d.font("", pt)
		sizeW := f.GetStringWidth(size)
		if most < 1 || sizeW+2*pad > w {
			return false
		}
		d.font("B", pt)
		name := lines(pt, w-2*pad, most)
		if name == nil {
			return false
		}
		textW := sizeW
		for _, l := range name {
			textW = max(textW, f.GetStringWidth(l))
		}
		textH := float64(len(name)+1) * line
		d.block(name, size, pt, r.x+r.w/2, r.y+r.h/2, turned)
		across, along := textW, textH // the text's extent across r and down it
		if turned {
			across, along = textH, textW
		}
		drawn = append(drawn, box{r.x + r.w/2 - across/2, r.y + r.h/2 - along/2, across, along})
		if r.h >= along+2*(numH+pad) || r.w >= across+2*(numW+pad) {
			d.cornerNumber(r, number)
			numbered = true
			// The number's box reaches down to its font's descent, as
			// its letters' boxes do, for no cut's tag to touch it.
			drawn = append(drawn, box{r.x + pad, r.y + pad, numW, numH * 1.25})
		}
		return true
	}
	whole := func(pt, width float64, most int) []string {
		if !d.fits(p.Name, width) {
			return nil
		}
		return []string{p.Name}
	}
	wrapped := func(pt, width float64, most int) []string { return d.wrap(p.Name, width, most) }
	middle := func(pt, width float64, most int) []string {
		// As many whole lines as fit but one, then the rest shortened in
		// its middle.
		words := strings.Fields(p.Name)
		var lines []string
		for len(words) > 0 && len(lines) < most-1 && d.fits(words[0], width) {
			line, k := words[0], 1
			for ; k < len(words) && d.fits(line+" "+words[k], width); k++ {
				line += " " + words[k]
			}
			lines, words = append(lines, line), words[k:]
		}
		last := FitMiddle(d.f, strings.Join(words, " "), width)
		if len([]rune(last)) < 4 { // hardly a letter of the rest
			return nil
		}
		return append(lines, last)
	}
	for _, lines := range []func(pt, width float64, most int) []string{whole, wrapped, middle} {
		for pt := 9.0; pt >= minLabelFont; pt-- {
			if try(pt, false, lines) || (r.h > r.w && try(pt, true, lines)) {
				return numbered, drawn
			}
		}
	}
	d.font("B", 6)
	if w := f.GetStringWidth(number); w+2*pad <= r.w && 6*ptToMM+2*pad <= r.h {
		f.Text(r.x+r.w/2-w/2, r.y+r.h/2+6*ptToMM*0.35, number)
		return true, []box{{r.x + r.w/2 - w/2, r.y + r.h/2 - 6*ptToMM*0.5, w, 6 * ptToMM}}
	}
	return false, nil
}

// overlaps reports whether boxes a and b share more than a hair.
func overlaps(a, b box) bool {
	const hair = 0.05
	return a.x+a.w > b.x+hair && b.x+b.w > a.x+hair && a.y+a.h > b.y+hair && b.y+b.h > a.y+hair
}

// free reports whether b lies inside within and overlaps none of taken.
func free(b, within box, taken []box) bool {
	if b.x < within.x || b.y < within.y || b.x+b.w > within.x+within.w || b.y+b.h > within.y+within.h {
		return false
	}
	for _, t := range taken {
		if overlaps(b, t) {
			return false
		}
	}
	return true
}

// leader writes number n of a part drawn in r, too small to hold it, in a
// white box just outside it, joined to it by a thin line: right of it,
// below, left or above, nearer first, where the box covers no text taken
// and stays on the sheet. It returns the box, or false when none is free.
func (d *doc) leader(n int, r, sheet box, taken []box) (box, bool) {
	f := d.f
	number := itoa(n)
	d.font("B", numberFont)
	w, h := f.GetStringWidth(number)+0.8, numberFont*ptToMM+0.8
	cx, cy := r.x+r.w/2, r.y+r.h/2
	for _, gap := range []float64{1.2, 3, 5} {
		for _, b := range []box{
			{r.x + r.w + gap, cy - h/2, w, h},
			{cx - w/2, r.y + r.h + gap, w, h},
			{r.x - gap - w, cy - h/2, w, h},
			{cx - w/2, r.y - gap - h, w, h},
		} {
			if !free(b, sheet, taken) {
				continue
			}
			// The line runs from the part's middle to the box's nearest edge.
			ex, ey := min(max(cx, b.x), b.x+b.w), min(max(cy, b.y), b.y+b.h)
			f.SetDrawColor(60, 60, 60)
			f.SetLineWidth(0.1)
			f.Line(cx, cy, ex, ey)
			f.SetFillColor(255, 255, 255)
			f.Rect(b.x, b.y, b.w, b.h, "FD")
			f.Text(b.x+0.4, b.y+0.4+numberFont*ptToMM*0.8, number)
			return b, true
		}
	}
	return box{}, false
}

// cornerNumber writes a part's number in the top-left corner of its rectangle r.
func (d *doc) cornerNumber(r box, number string) {
	d.font("", numberFont)
	d.f.Text(r.x+pad, r.y+pad+numberFont*ptToMM, number)
}

// block writes the name's lines (bold) over the size, centred on (cx, cy),
// reading upwards when turned.
func (d *doc) block(name []string, size string, pt, cx, cy float64, turned bool) {
	f := d.f
	if turned {
		f.TransformBegin()
		f.TransformRotate(90, cx, cy)
	}
	line := pt * ptToMM * 1.25
	// Baselines sit about a third of the font size below each line's middle.
	y := cy - float64(len(name))*line/2 + pt*ptToMM*0.35
	d.font("B", pt)
	for _, l := range name {
		f.Text(cx-f.GetStringWidth(l)/2, y, l)
		y += line
	}
	d.font("", pt)
	f.Text(cx-f.GetStringWidth(size)/2, y, size)
	if turned {
		f.TransformEnd()
	}
}

// bandWidth is the width in mm of the line drawn along a banded edge.
const bandWidth = 0.9

// drawEdges draws the banded edges of part p, drawn in r, as it lies on the
// sheet: a thick line in its code's colour and dash pattern (bandStroke)
// just inside each banded edge.
func (d *doc) drawEdges(p nest.Placed, r box) {
	if p.Edges == nil {
		return
	}
	f := d.f
	lw := min(bandWidth, r.w/4, r.h/4)
	f.SetLineCapStyle("butt")
	in := lw / 2
	for _, e := range []struct {
		code           string
		x1, y1, x2, y2 float64
	}{
		{p.Edges.Top, r.x, r.y + in, r.x + r.w, r.y + in},
		{p.Edges.Bottom, r.x, r.y + r.h - in, r.x + r.w, r.y + r.h - in},
		{p.Edges.Left, r.x + in, r.y, r.x + in, r.y + r.h},
		{p.Edges.Right, r.x + r.w - in, r.y, r.x + r.w - in, r.y + r.h},
	} {
		if e.code == "" {
			continue
		}
		d.bandStroke(e.code, lw)
		f.Line(e.x1, e.y1, e.x2, e.y2)
	}
	d.endStroke()
}
