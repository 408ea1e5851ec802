package pdf

import (
	"fmt"

	"kesim/export"
	"kesim/nest"
)

// Part list geometry: columns of rows, each row a colour swatch (the part's
// fill colour in the drawing), the number, the name and the size.
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

// listColumns is how many list columns fit in width mm, and their width.
func listColumns(width float64) (int, float64) {
	n := max(1, int((width+listColGap)/(listColumn+listColGap)))
	return n, min(listColumn, (width-float64(n-1)*listColGap)/float64(n))
}

// listHeight is the height in mm of the list of n parts in width mm.
func listHeight(n int, width float64) float64 {
	cols, _ := listColumns(width)
	return listHead + float64((n+cols-1)/cols)*listRow
}

// partList writes the list of a sheet's parts into r, filling its columns
// one after the other, and continues on new pages when r is full. With
// onPage false it starts on a new page.
func (d *doc) partList(page int, parts []nest.Placed, r box, onPage bool) {
	f := d.f
	title := fmt.Sprintf("Sayfa %d parça listesi", page+1)
	full := func() box {
		f.AddPage()
		x, y, w, h := d.content()
		return box{x, y, w, h}
	}
	if !onPage {
		r = full()
	}
	for i := 0; i < len(parts); {
		cols, colW := listColumns(r.w)
		rows := int((r.h-listHead)/listRow + 1e-9) // listHeight's own height must fit
		if rows < 1 {
			r = full()
			continue
		}
		// Balance the columns of the last part of the list.
		rows = min(rows, (len(parts)-i+cols-1)/cols)
		d.font("B", 10)
		f.Text(r.x, r.y+4, title)
		for c := 0; c < cols && i < len(parts); c++ {
			x := r.x + float64(c)*(colW+listColGap)
			y := r.y + listHead
			d.listHeading(x, y-1.2, colW)
			for k := 0; k < rows && i < len(parts); k++ {
				d.listRow(x, y, colW, i, parts[i])
				y += listRow
				i++
			}
		}
		if i < len(parts) {
			r = full()
			title = fmt.Sprintf("Sayfa %d parça listesi (devam)", page+1)
		}
	}
}

// listHeading writes the column headings with their baseline at y.
func (d *doc) listHeading(x, y, w float64) {
	f := d.f
	d.font("B", listFont)
	f.SetTextColor(90, 90, 90)
	f.Text(x+swatchWidth+numberWidth-f.GetStringWidth("No"), y, "No")
	f.Text(x+swatchWidth+numberWidth+2, y, "Parça")
	f.Text(x+w-sizeWidth, y, "Ölçü (cm)")
	f.SetTextColor(0, 0, 0)
	f.SetDrawColor(150, 150, 150)
	f.SetLineWidth(0.1)
	f.Line(x, y+1, x+w, y+1)
}

// listRow writes the row of the i-th part (from 0) with its top at y.
func (d *doc) listRow(x, y, w float64, i int, p nest.Placed) {
	f := d.f
	c := palette[i%len(palette)]
	f.SetFillColor(c[0], c[1], c[2])
	f.SetDrawColor(60, 60, 60)
	f.SetLineWidth(0.1)
	f.Rect(x+0.3, y+0.9, swatchWidth-0.6, listRow-1.8, "FD")
	base := y + listRow - 1.1
	d.font("", listFont)
	number := itoa(i + 1)
	f.Text(x+swatchWidth+numberWidth-f.GetStringWidth(number), base, number)
	nameX := x + swatchWidth + numberWidth + 2
	f.Text(nameX, base, d.fit(p.Name, x+w-sizeWidth-1-nameX))
	size := export.Size(p.Width, p.Height)
	if p.Rotated {
		size += " (D)"
	}
	f.Text(x+w-sizeWidth, base, d.fit(size, sizeWidth))
}
