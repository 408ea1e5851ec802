package pdf

import (
	"fmt"

	"kesim/export"
	"kesim/nest"
)

// A sheet's list: columns of rows, first the parts (a colour swatch, as the
// part is filled in the drawing, then number, name and size), then for a
// guillotine layout the cutting sequence (order, direction and the line's
// position, length). What the saw needs is never shortened: a cut's
// position, a part's size with its "(D)" (turned), the headings. The
// columns are measured on the list's own lines (see measureList) and made
// as wide as those need; only a part's (or a band's) name is shortened to
// fit (in its middle, FitMiddle), and a list squeezed into less room than that is set in a smaller
// font rather than cut.
const (
	listFont     = 7.5     // points
	minListFont  = minText // points: a list never gets smaller than this
	listRow      = 4.2     // mm
	listHead     = 10.0    // mm: the title and the column headings
	listColumn   = 70.0    // mm, the widest a column gets, unless its lines need more
	listColGap   = 4.0     // mm
	swatchWidth  = 3.0     // mm
	numberWidth  = 8.0     // mm, at least
	sizeWidth    = 22.0    // mm, at least
	textGap      = 2.0     // mm between the number and the text
	rightGap     = 1.0     // mm between the text and the right-hand column
	minNameWidth = 9.0     // mm a part's name gets at least, at listFont
)

// listLine is one row of a sheet's list: a part, a cut, or the headings that
// start a section (and head every column the section continues in).
type listLine struct {
	heading bool
	swatch  *[3]int // a part's fill colour
	band    string  // a band code, whose edges' line the row starts with
	number  string
	text    string
	// keep is the beginning of text that is never shortened: a cut's whole
	// text, a band's code; a part's name may be shortened to nothing. A
	// heading's text is always kept whole.
	keep  string
	right string // never shortened
}

// Section headings of a sheet's list.
var (
	partHeadings = listLine{heading: true, number: "No", text: "Parça", right: sizeHeading}
	cutHeadings  = listLine{heading: true, number: "Sıra", text: "Kesim sırası", right: "Boy (cm)"}
	bandHeadings = listLine{heading: true, text: "Kenar bandı", right: "Kalınlık"}
)

// Headings of a size column: what the request gave, or, when the bands'
// thickness was taken off the banded parts (Options.DeductBands), the
// size they are cut to.
const (
	sizeHeading    = "Ölçü (cm)"
	cutSizeHeading = "Kesim ölçüsü (cm)"
)

// sizeHeading returns the heading of the placed parts' sizes.
func (d *doc) sizeHeading() string {
	if d.cutSizes {
		return cutSizeHeading
	}
	return sizeHeading
}

// partHeadings returns the headings of a sheet list's parts.
func (d *doc) partHeadings() listLine {
	h := partHeadings
	h.right = d.sizeHeading()
	return h
}

// listLines returns the rows of a sheet's list: its parts, numbered as in
// the drawing, then its cuts, if any, each with its stage from stages (nil:
// none) of a saw profile of at most most stages ("2. kademe"; a trim one
// stage past them "kırpma").
func listLines(parts []nest.Placed, cuts []nest.Cut, stages []int, most int) []listLine {
	lines := make([]listLine, 0, len(parts)+len(cuts)+1)
	for i, p := range parts {
		size := export.Size(p.Width, p.Height)
		if p.Rotated {
			size += " (D)"
		}
		lines = append(lines, listLine{swatch: &palette[i%len(palette)], number: itoa(i + 1), text: p.Name, right: size})
	}
	if len(cuts) > 0 {
		lines = append(lines, cutHeadings)
	}
	for i, c := range cuts {
		// Where the saw enters is on the drawing; the line says which line.
		where := "Yatay, y = " + export.Num(c.Y)
		if c.Direction == nest.Vertical {
			where = "Dikey, x = " + export.Num(c.X)
		}
		if i < len(stages) {
			// One stage past the last is a trim; further (a page pinned
			// before the profile changed) is said as it is.
			if stages[i] == most+1 {
				where += " · kırpma"
			} else {
				where += " · " + itoa(stages[i]) + ". kademe"
			}
		}
		lines = append(lines, listLine{number: "K" + itoa(c.Order), text: where, keep: where, right: export.Num(c.Length)})
	}
	return lines
}

// listSet is how a sheet's list is set: its font and the widths of its
// columns' parts, measured on its lines.
type listSet struct {
	pt     float64 // font size, points
	number float64 // mm: the numbers, right-aligned, end this far right of the swatch
	right  float64 // mm: the right-hand column, sizes and lengths
	// minCol is the narrowest column, in mm, that prints every line's kept
	// text and right-hand value in full.
	minCol float64
}

// measureList measures lines in pt points: the widest number, kept text
// and right-hand value (never less than the usual numberWidth, minNameWidth
// and sizeWidth, scaled to pt, so that a list of short values is set as it
// always was).
func (d *doc) measureList(lines []listLine, pt float64) listSet {
	k := pt / listFont
	m := listSet{pt: pt, number: numberWidth * k, right: sizeWidth * k}
	text, whole := minNameWidth*k, 0.0
	width := d.f.GetStringWidth
	for _, l := range append([]listLine{d.partHeadings()}, lines...) {
		if l.heading {
			d.font("B", pt)
		} else {
			d.font("", pt)
		}
		m.number = max(m.number, width(l.number))
		m.right = max(m.right, width(l.right))
		switch {
		case !l.heading && l.right == "" && l.keep == l.text:
			whole = max(whole, width(l.text)) // a note: the right-hand column is its own
		case l.heading || (l.keep != "" && l.keep == l.text):
			text = max(text, width(l.text))
		case l.keep != "":
			text = max(text, width(l.keep+"…"))
		}
	}
	m.minCol = swatchWidth + m.number + textGap + max(text+rightGap+m.right, whole)
	return m
}

// fitList returns how lines are set in columns colW mm wide: in listFont
// when they fit, else in the largest font down to minListFont in which
// they do (or minListFont, the kept texts then shortened as a last resort).
func (d *doc) fitList(lines []listLine, m listSet, colW float64) listSet {
	for pt := listFont - 0.25; m.minCol > colW+1e-9 && pt >= minListFont; pt -= 0.25 {
		m = d.measureList(lines, pt)
	}
	return m
}

// listColumns is how many list columns fit in width mm, and their width,
// for columns at least minCol mm wide (when width has room for one).
func listColumns(width, minCol float64) (int, float64) {
	widest := max(listColumn, minCol)
	n := max(1, int((width+listColGap)/(widest+listColGap)))
	return n, min(widest, (width-float64(n-1)*listColGap)/float64(n))
}

// listHeight is the height in mm of a list of n lines in width mm, in
// columns at least minCol mm wide.
func listHeight(n int, width, minCol float64) float64 {
	cols, _ := listColumns(width, minCol)
	return listHead + float64((n+cols-1)/cols)*listRow
}

// sheetList writes the list of a sheet into r, filling its columns one after
// the other, and continues on new pages when r is full. With onPage false it
// starts on a new page. m is the list measured in listFont.
func (d *doc) sheetList(page int, lines []listLine, r box, onPage bool, m listSet) {
	f := d.f
	title := func(w float64) string {
		if d.repeats(page) > 1 {
			return d.patternText(page, "", " listesi", w)
		}
		return fmt.Sprintf("Sayfa %d listesi", page+1)
	}
	full := func() box {
		f.AddPage()
		x, y, w, h := d.content()
		return box{x, y, w, h}
	}
	if !onPage {
		r = full()
	}
	headings := d.partHeadings()
	for i := 0; i < len(lines); {
		cols, colW := listColumns(r.w, m.minCol)
		rows := int((r.h-listHead)/listRow + 1e-9) // listHeight's own height must fit
		if rows < 1 {
			r = full()
			continue
		}
		set := d.fitList(lines, m, colW)
		// Balance the columns of the last part of the list.
		rows = min(rows, (len(lines)-i+cols-1)/cols)
		d.font("B", 10)
		f.Text(r.x, r.y+4, title(r.w))
		for c := 0; c < cols && i < len(lines); c++ {
			x := r.x + float64(c)*(colW+listColGap)
			y := r.y + listHead
			if lines[i].heading {
				headings = lines[i]
				i++
			}
			d.listLine(x, y-listRow, colW, headings, set)
			for k := 0; k < rows && i < len(lines); k++ {
				if lines[i].heading {
					if k == rows-1 {
						break // a heading never ends a column
					}
					headings = lines[i]
				}
				d.listLine(x, y, colW, lines[i], set)
				y += listRow
				i++
			}
		}
		if i < len(lines) {
			r = full()
			title = func(float64) string { return fmt.Sprintf("Sayfa %d listesi (devam)", page+1) }
		}
	}
}

// listLine writes one row of a list, set as m says, with its top at y.
func (d *doc) listLine(x, y, w float64, l listLine, m listSet) {
	f := d.f
	base := y + listRow - 1.1
	if l.heading {
		d.font("B", m.pt)
		f.SetTextColor(90, 90, 90)
		f.SetDrawColor(150, 150, 150)
		f.SetLineWidth(0.1)
		f.Line(x, base+1, x+w, base+1)
	} else {
		d.font("", m.pt)
	}
	if l.band != "" {
		d.bandStroke(l.band, bandWidth)
		f.SetLineCapStyle("butt")
		f.Line(x+0.3, y+listRow/2, x+swatchWidth+m.number, y+listRow/2)
		d.endStroke()
	} else if l.swatch != nil {
		f.SetFillColor(l.swatch[0], l.swatch[1], l.swatch[2])
		f.SetDrawColor(60, 60, 60)
		f.SetLineWidth(0.1)
		f.Rect(x+0.3, y+0.9, swatchWidth-0.6, listRow-1.8, "FD")
	}
	f.Text(x+swatchWidth+m.number-f.GetStringWidth(l.number), base, l.number)
	textX := x + swatchWidth + m.number + textGap
	room := x + w - m.right - rightGap - textX
	if !l.heading && l.right == "" && l.keep == l.text {
		room = x + w - textX // a note runs across the right-hand column
	}
	text := d.fit(l.text, room)
	if !l.heading && l.keep == "" {
		// A part's name is shortened in its middle: names of one job
		// often differ only at their end (sol/sağ).
		text = FitMiddle(f, l.text, room)
	}
	f.Text(textX, base, text)
	f.Text(x+w-m.right, base, d.fit(l.right, m.right))
	f.SetTextColor(0, 0, 0)
}
