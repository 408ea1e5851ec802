package pdf

import (
	"fmt"

	"kesim/export"
	"kesim/nest"
)

// A sheet's list: columns of rows, first the parts (a colour swatch, as the
// part is filled in the drawing, then number, name and size), then for a
// guillotine layout the cutting sequence (order, direction and the line's
// position, length).
const (
	listFont    = 7.5  // points
	listRow     = 4.2  // mm
	listHead    = 10.0 // mm: the title and the column headings
	listColumn  = 70.0 // mm, the widest a column gets
	listColGap  = 4.0  // mm
	swatchWidth = 3.0  // mm
	numberWidth = 8.0  // mm
	sizeWidth   = 22.0 // mm
)

// listLine is one row of a sheet's list: a part, a cut, or the headings that
// start a section (and head every column the section continues in).
type listLine struct {
	heading bool
	swatch  *[3]int // a part's fill colour, or a band code's colour
	band    bool    // the swatch is a band's: a thick line
	number  string
	text    string
	right   string
}

// Section headings of a sheet's list.
var (
	partHeadings = listLine{heading: true, number: "No", text: "Parça", right: "Ölçü (cm)"}
	cutHeadings  = listLine{heading: true, number: "Sıra", text: "Kesim sırası", right: "Boy (cm)"}
	bandHeadings = listLine{heading: true, text: "Kenar bandı", right: "Kalınlık"}
)

// listLines returns the rows of a sheet's list: its parts, numbered as in
// the drawing, then its cuts, if any.
func listLines(parts []nest.Placed, cuts []nest.Cut) []listLine {
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
	for _, c := range cuts {
		// Where the saw enters is on the drawing; the line says which line.
		where := "Yatay, y = " + export.Num(c.Y)
		if c.Direction == nest.Vertical {
			where = "Dikey, x = " + export.Num(c.X)
		}
		lines = append(lines, listLine{number: "K" + itoa(c.Order), text: where, right: export.Num(c.Length)})
	}
	return lines
}

// listColumns is how many list columns fit in width mm, and their width.
func listColumns(width float64) (int, float64) {
	n := max(1, int((width+listColGap)/(listColumn+listColGap)))
	return n, min(listColumn, (width-float64(n-1)*listColGap)/float64(n))
}

// listHeight is the height in mm of a list of n lines in width mm.
func listHeight(n int, width float64) float64 {
	cols, _ := listColumns(width)
	return listHead + float64((n+cols-1)/cols)*listRow
}

// sheetList writes the list of a sheet into r, filling its columns one after
// the other, and continues on new pages when r is full. With onPage false it
// starts on a new page.
func (d *doc) sheetList(page int, lines []listLine, r box, onPage bool) {
	f := d.f
	title := fmt.Sprintf("Sayfa %d listesi", page+1)
	if d.repeats(page) > 1 {
		title = d.patternLabel(page) + " listesi"
	}
	full := func() box {
		f.AddPage()
		x, y, w, h := d.content()
		return box{x, y, w, h}
	}
	if !onPage {
		r = full()
	}
	headings := partHeadings
	for i := 0; i < len(lines); {
		cols, colW := listColumns(r.w)
		rows := int((r.h-listHead)/listRow + 1e-9) // listHeight's own height must fit
		if rows < 1 {
			r = full()
			continue
		}
		// Balance the columns of the last part of the list.
		rows = min(rows, (len(lines)-i+cols-1)/cols)
		d.font("B", 10)
		f.Text(r.x, r.y+4, title)
		for c := 0; c < cols && i < len(lines); c++ {
			x := r.x + float64(c)*(colW+listColGap)
			y := r.y + listHead
			if lines[i].heading {
				headings = lines[i]
				i++
			}
			d.listLine(x, y-listRow, colW, headings)
			for k := 0; k < rows && i < len(lines); k++ {
				if lines[i].heading {
					if k == rows-1 {
						break // a heading never ends a column
					}
					headings = lines[i]
				}
				d.listLine(x, y, colW, lines[i])
				y += listRow
				i++
			}
		}
		if i < len(lines) {
			r = full()
			title = fmt.Sprintf("Sayfa %d listesi (devam)", page+1)
		}
	}
}

// listLine writes one row of a list, with its top at y.
func (d *doc) listLine(x, y, w float64, l listLine) {
	f := d.f
	base := y + listRow - 1.1
	if l.heading {
		d.font("B", listFont)
		f.SetTextColor(90, 90, 90)
		f.SetDrawColor(150, 150, 150)
		f.SetLineWidth(0.1)
		f.Line(x, base+1, x+w, base+1)
	} else {
		d.font("", listFont)
	}
	if l.swatch != nil && l.band {
		f.SetDrawColor(l.swatch[0], l.swatch[1], l.swatch[2])
		f.SetLineWidth(bandWidth)
		f.Line(x+0.3, y+listRow/2, x+swatchWidth+numberWidth, y+listRow/2)
	} else if l.swatch != nil {
		f.SetFillColor(l.swatch[0], l.swatch[1], l.swatch[2])
		f.SetDrawColor(60, 60, 60)
		f.SetLineWidth(0.1)
		f.Rect(x+0.3, y+0.9, swatchWidth-0.6, listRow-1.8, "FD")
	}
	f.Text(x+swatchWidth+numberWidth-f.GetStringWidth(l.number), base, l.number)
	textX := x + swatchWidth + numberWidth + 2
	f.Text(textX, base, d.fit(l.text, x+w-sizeWidth-1-textX))
	f.Text(x+w-sizeWidth, base, d.fit(l.right, sizeWidth))
	f.SetTextColor(0, 0, 0)
}
