package dxf

import (
	"fmt"
	"strconv"
	"unicode/utf8"

	"kesim/export"
	"kesim/nest"
)

// Grid spacing in cm: a line every minorGrid, every second one major.
const minorGrid = 5

// ACI colours: grey for major and lighter grey for minor grid lines, and the
// six part colours the specification cycles through from 2.
const (
	colorByLayer   = 0
	colorGridMajor = 8
	colorGridMinor = 9
	firstPartColor = 2
	partColors     = 6
)

// charWidth bounds the width of an average letter of the text style's font
// (Arial) as a fraction of the text height, used to fit labels inside parts.
const charWidth = 0.8

// sheetDrawing draws one sheet whose bottom-left corner is (originX, 0).
type sheetDrawing struct {
	t       *tagWriter
	sheet   nest.Sheet
	originX float64
	multi   bool // a layout with materials: the title names the material and stock row
	opt     Options
	// bandColors is the ACI colour of every band code in the layout.
	bandColors map[string]int
	// group is the pages cut to the drawn sheet's pattern, the drawn one
	// first; a group of several is titled with their numbers and count.
	group []int
}

// bandPalette holds the ACI colours of band codes, in the order the codes
// first appear in the layout, cycled: red, blue, green, orange, magenta,
// brown.
var bandPalette = [...]int{1, 5, 3, 30, 6, 34}

// bandColors gives every band code on the parts of res its colour.
func bandColors(res nest.Result) map[string]int {
	colors := map[string]int{}
	for i, code := range export.EdgeCodes(res, nil) {
		colors[code] = bandPalette[i%len(bandPalette)]
	}
	return colors
}

// draw writes the sheet of page page: outline, grid, title, dimensions, for
// every part its polyline, marks, label and sequence number, and the cutting
// sequence of a guillotine layout.
func (d sheetDrawing) draw(res nest.Result, page int, onClamp export.ClampFunc) {
	t, w, h, x0 := d.t, d.sheet.Width, d.sheet.Height, d.originX
	a := annotation(d.sheet)
	// Numbered in cutting order, as the PDF numbers them (export.Numbers).
	parts := export.SheetParts(res, page, onClamp)
	export.CutOrder(parts, res.Pages[page].Cuts, export.OrderKerf(d.opt.Kerf))

	t.rectangle(LayerBoundary, colorByLayer, x0, 0, x0+w, h)
	for k := 1; float64(k*minorGrid) < w; k++ {
		x := x0 + float64(k*minorGrid)
		t.line(LayerGrid, gridColor(k), x, 0, x, h)
	}
	for k := 1; float64(k*minorGrid) < h; k++ {
		y := float64(k * minorGrid)
		t.line(LayerGrid, gridColor(k), x0, y, x0+w, y)
	}
	pg := res.Pages[page]
	title := fmt.Sprintf("Sayfa %d / %d - %s cm - %d parça - verim %%%d",
		page+1, len(res.Pages), export.Size(w, h), len(pg.Parts), pg.Efficiency)
	if len(d.group) > 1 {
		title = fmt.Sprintf("%s / %d - %s cm - %d parça - verim %%%d",
			export.PatternLabel(d.group), len(res.Pages), export.Size(w, h), len(pg.Parts), pg.Efficiency)
	}
	if d.multi {
		title += " - " + export.MaterialName(pg.Material, pg.Thickness) + " - " + export.StockName(d.opt.Stock, pg.StockID)
	}
	// The title and the legend keep to the sheet's width: in a file of
	// several sheets side by side (a material's stock row may have a long
	// name) a wider line ran across the next sheet's title or parts.
	t.text(LayerPartInfo, lineHeight(title, 2*a, w), x0, h+1.5*a, 0, false, title)
	codes := export.EdgeCodes(res, []int{page})
	for i, code := range codes {
		// The legend of the band codes, above the title, one line each.
		legend := "BANT " + code
		if b, ok := export.Band(d.opt.Bands, code); ok && b.Name != "" {
			legend += " - " + b.Name
		}
		t.coloredText(LayerBand, d.bandColors[code], lineHeight(legend, 1.2*a, w), x0, h+(4.5+2*float64(len(codes)-1-i))*a, 0, false, legend)
	}

	// Width below the sheet, height left of it, each a line with end ticks.
	t.line(LayerDimensions, colorByLayer, x0, -2*a, x0+w, -2*a)
	t.line(LayerDimensions, colorByLayer, x0, -1.5*a, x0, -2.5*a)
	t.line(LayerDimensions, colorByLayer, x0+w, -1.5*a, x0+w, -2.5*a)
	t.text(LayerDimensions, 1.2*a, x0+w/2, -3.5*a, 0, true, export.Num(w)+" cm")
	t.line(LayerDimensions, colorByLayer, x0-2*a, 0, x0-2*a, h)
	t.line(LayerDimensions, colorByLayer, x0-1.5*a, 0, x0-2.5*a, 0)
	t.line(LayerDimensions, colorByLayer, x0-1.5*a, h, x0-2.5*a, h)
	t.text(LayerDimensions, 1.2*a, x0-3.5*a, h/2, 90, true, export.Num(h)+" cm")

	for i, p := range parts {
		d.part(i, p, a)
	}
	for _, c := range pg.Cuts {
		d.cut(c, a)
	}
}

// cut draws one saw cut of a guillotine layout's cutting sequence on the
// SEQUENCE layer, with its order ("K1", "K2", ...) at its start, so that the
// saw operator reads the cut order next to the part numbers.
func (d sheetDrawing) cut(c nest.Cut, a float64) {
	x, y := d.originX+c.X, d.sheet.Height-c.Y
	h := 0.6 * a
	if c.Direction == nest.Vertical {
		d.t.line(LayerSequence, colorByLayer, x, y, x, y-c.Length)
		d.t.text(LayerSequence, h, x+0.3*h, y-1.3*h, 0, false, cutLabel(c))
		return
	}
	d.t.line(LayerSequence, colorByLayer, x, y, x+c.Length, y)
	d.t.text(LayerSequence, h, x+0.3*h, y+0.3*h, 0, false, cutLabel(c))
}

// cutLabel names a cut by its order, "K" for kesim (cut): "K1".
func cutLabel(c nest.Cut) string { return "K" + strconv.Itoa(c.Order) }

func gridColor(k int) int {
	if k%2 == 0 {
		return colorGridMajor
	}
	return colorGridMinor
}

// part draws the i-th part (counted from 0) of the sheet; a is the
// annotation unit.
func (d sheetDrawing) part(i int, p nest.Placed, a float64) {
	t := d.t
	left := d.originX + p.X
	right := left + p.Width
	top := d.sheet.Height - p.Y
	bottom := top - p.Height
	t.rectangle(LayerParts, firstPartColor+i%partColors, left, bottom, right, top)

	arm := min(a, p.Width/4, p.Height/4)
	t.polyline(LayerCornerMarks, colorByLayer, false, left+arm, bottom, left, bottom, left, bottom+arm)
	t.polyline(LayerCornerMarks, colorByLayer, false, right-arm, bottom, right, bottom, right, bottom+arm)
	t.polyline(LayerCornerMarks, colorByLayer, false, right-arm, top, right, top, right, top-arm)
	t.polyline(LayerCornerMarks, colorByLayer, false, left+arm, top, left, top, left, top-arm)

	cx, cy := (left+right)/2, (bottom+top)/2
	c := min(a/2, p.Width/8, p.Height/8)
	t.line(LayerCenterMarks, colorByLayer, cx-c, cy, cx+c, cy)
	t.line(LayerCenterMarks, colorByLayer, cx, cy-c, cx, cy+c)

	size := export.Size(p.Width, p.Height)
	if p.Rotated {
		size += " (D)"
	}
	nameHeight := fitHeight(p.Name, a, p)
	sizeHeight := fitHeight(size, 0.8*a, p)
	t.text(LayerPartInfo, nameHeight, cx, cy+0.8*nameHeight, 0, true, p.Name)
	t.text(LayerPartInfo, sizeHeight, cx, cy-0.8*sizeHeight, 0, true, size)

	if p.Edges != nil {
		for _, e := range []struct {
			code           string
			x1, y1, x2, y2 float64
		}{
			{p.Edges.Top, left, top, right, top},
			{p.Edges.Bottom, left, bottom, right, bottom},
			{p.Edges.Left, left, bottom, left, top},
			{p.Edges.Right, right, bottom, right, top},
		} {
			if e.code != "" {
				t.line(LayerBand, d.bandColors[e.code], e.x1, e.y1, e.x2, e.y2)
			}
		}
	}

	seqHeight := min(0.8*a, p.Width/5, p.Height/5)
	t.text(LayerSequence, seqHeight, left+0.3*seqHeight, top-1.3*seqHeight, 0, false, strconv.Itoa(i+1))
}

// fitHeight is the text height for s inside part p: at most limit, small
// enough that the text fits the part's width and a quarter of its height.
func fitHeight(s string, limit float64, p nest.Placed) float64 {
	n := float64(utf8.RuneCountInString(s))
	return min(limit, p.Height/4, p.Width/(charWidth*(n+1)))
}

// lineHeight is the text height for the line s over a sheet of width w: at
// most limit, small enough that s fits the sheet's width.
func lineHeight(s string, limit, w float64) float64 {
	return min(limit, w/(charWidth*float64(max(utf8.RuneCountInString(s), 1))))
}

// entity starts an entity of the model space.
func (t *tagWriter) entity(kind, layer string, color int) {
	t.entityHead(kind, t.newHandle(), hModelRecord, layer)
	if color != colorByLayer {
		t.int(62, color)
	}
}

// entityHead writes what every entity starts with: its type, handle, owner
// (a block record) and layer.
func (t *tagWriter) entityHead(kind string, handle, owner uint64, layer string) {
	t.str(0, kind)
	t.handle(5, handle)
	t.handle(330, owner)
	t.str(100, "AcDbEntity")
	t.str(8, layer)
}

func (t *tagWriter) line(layer string, color int, x1, y1, x2, y2 float64) {
	t.entity("LINE", layer, color)
	t.str(100, "AcDbLine")
	t.point(0, x1, y1)
	t.num(30, 0)
	t.point(1, x2, y2)
	t.num(31, 0)
}

// polyline writes an LWPOLYLINE through the points given as x, y pairs.
func (t *tagWriter) polyline(layer string, color int, closed bool, xy ...float64) {
	t.entity("LWPOLYLINE", layer, color)
	t.str(100, "AcDbPolyline")
	t.int(90, len(xy)/2)
	flags := 0
	if closed {
		flags = 1
	}
	t.int(70, flags)
	for i := 0; i+1 < len(xy); i += 2 {
		t.point(0, xy[i], xy[i+1])
	}
}

// rectangle writes a closed LWPOLYLINE, counter-clockwise from the bottom-left corner.
func (t *tagWriter) rectangle(layer string, color int, left, bottom, right, top float64) {
	t.polyline(layer, color, true, left, bottom, right, bottom, right, top, left, top)
}

// text writes a TEXT entity; centred texts are centred both ways on (x, y),
// the others start at (x, y) on their baseline.
func (t *tagWriter) text(layer string, height, x, y, rotation float64, centred bool, s string) {
	t.coloredText(layer, colorByLayer, height, x, y, rotation, centred, s)
}

// coloredText is text in ACI colour color.
func (t *tagWriter) coloredText(layer string, color int, height, x, y, rotation float64, centred bool, s string) {
	t.entity("TEXT", layer, color)
	t.str(100, "AcDbText")
	t.point(0, x, y)
	t.textExtents(height, x, y, rotation, centred, s)
	t.num(30, 0)
	t.num(40, height)
	t.str(1, text(s))
	if rotation != 0 {
		t.num(50, rotation)
	}
	if centred {
		t.int(72, 1) // centre
		t.point(1, x, y)
		t.num(31, 0)
	}
	t.str(100, "AcDbText")
	if centred {
		t.int(73, 2) // middle
	}
}

// textExtents records in the drawing's extents the box the text s takes (its
// letters at most charWidth of the height wide), so that $EXTMIN, $EXTMAX
// and the initial view hold the titles above the sheets and the dimensions
// below and left of them, not only the points they start at.
func (t *tagWriter) textExtents(height, x, y, rotation float64, centred bool, s string) {
	w := charWidth * height * float64(utf8.RuneCountInString(s))
	along, across := w, height // the text's length and height in the drawing
	if rotation == 90 {
		along, across = height, w
	}
	if centred {
		t.ext.add(x-along/2, y-across/2)
		t.ext.add(x+along/2, y+across/2)
		return
	}
	if rotation == 90 {
		t.ext.add(x-height, y+w)
		return
	}
	t.ext.add(x+w, y+height)
}
