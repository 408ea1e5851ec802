package dxf

import (
	"bytes"
	"strconv"
	"testing"
	"unicode/utf8"

	"kesim/export"
	"kesim/nest"
)

// TestTitlesStayOverTheirSheet: a sheet's title and its band legend, drawn
// above it, stay within its width, so that in a file of several sheets side
// by side (all sheets, or one material's) they run neither into the next
// sheet's title nor over its parts. A material's title names the material
// and the stock row: on a 183 x 366 sheet of a material file it ran over
// 350 cm in Arial, across the next sheet's title 213 cm to its right; on a
// lower sheet beside a taller one, over the taller one's parts.
func TestTitlesStayOverTheirSheet(t *testing.T) {
	sheet := func(page int, w, h float64, stock string) nest.Page {
		return nest.Page{ID: "page-" + strconv.Itoa(page), Efficiency: 12, StockID: stock,
			Material: "Beyaz Sunta", Thickness: 18, Width: w, Height: h,
			Parts: []nest.Placed{{ID: "p" + strconv.Itoa(page), Name: "Yan dikme şişe", X: 1, Y: 1, Width: 56, Height: 72,
				Edges: &nest.Edges{Top: "B1"}}}}
	}
	res := nest.Result{Sheet: nest.Sheet{Width: 183, Height: 366}, Pages: []nest.Page{
		sheet(0, 183, 366, "S1"), sheet(1, 183, 366, "S1"), sheet(2, 60, 250, "S2"), sheet(3, 183, 366, "S1"),
	}}
	res.Pages[1].Parts[0].X = 2 // not the pattern of page 0
	res.Pages[3].Parts[0].X = 3
	opt := Options{
		Stock: []nest.Stock{
			{ID: "S1", Name: "Beyaz 183x366 birinci kalite, depo 2 raf 4", Material: "Beyaz Sunta", Thickness: 18, Width: 183, Height: 366},
			{ID: "S2", Name: "Dar şerit", Material: "Beyaz Sunta", Thickness: 18, Width: 60, Height: 250},
		},
		Bands: []nest.Band{{Code: "B1", Name: "PVC 0,8 mm beyaz parlak, kenar bandı rulosu 200 m", Thickness: 0.8}},
	}
	plain := nest.Result{Sheet: nest.Sheet{Width: 60, Height: 250}, Pages: []nest.Page{
		{ID: "page-0", Efficiency: 9, Parts: []nest.Placed{{ID: "a-0", Name: "a", X: 0, Y: 0, Width: 10, Height: 10}}},
		{ID: "page-1", Efficiency: 9, Parts: []nest.Placed{{ID: "a-1", Name: "a", X: 5, Y: 0, Width: 10, Height: 10}}},
	}}
	for _, c := range []struct {
		name string
		res  nest.Result
		opt  Options
	}{{"material", res, opt}, {"plain", plain, Options{}}} {
		var buf bytes.Buffer
		if err := Write(&buf, c.res, c.opt); err != nil {
			t.Fatal(err)
		}
		objs, err := parseDXF(buf.Bytes())
		if err != nil {
			t.Fatal(err)
		}
		var outlines []rect
		for _, o := range objs {
			if o.section == "ENTITIES" && o.kind == "LWPOLYLINE" && o.get(8) == LayerBoundary {
				r, err := rectangleOf(o)
				if err != nil {
					t.Fatal(err)
				}
				outlines = append(outlines, r)
			}
		}
		titles := 0
		for _, o := range objs {
			if o.section != "ENTITIES" || o.kind != "TEXT" || o.get(72) != "" {
				continue
			}
			pts, err := o.points()
			if err != nil || len(pts) != 1 {
				t.Fatalf("TEXT %v: %v", o.pairs, err)
			}
			x, y := pts[0][0], pts[0][1]
			h, err := o.float(40)
			if err != nil {
				t.Fatal(err)
			}
			s, err := decodeText(o.get(1))
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range outlines {
				if x < r.minX-1e-9 || x > r.maxX || y < r.maxY {
					continue // not a text above this sheet
				}
				titles++
				// An Arial letter is at most charWidth of the height wide.
				if end := x + charWidth*h*float64(utf8.RuneCountInString(s)); end > r.maxX+1e-3 {
					t.Errorf("%s: %q (%s, height %s) runs to x %s, past its sheet's right edge %s",
						c.name, s, o.get(8), export.Num(h), export.Num(end), export.Num(r.maxX))
				}
				if h < 0.5 {
					t.Errorf("%s: %q is %s cm high", c.name, s, export.Num(h))
				}
			}
		}
		if want := len(outlines) * map[string]int{"material": 2, "plain": 1}[c.name]; titles != want {
			t.Errorf("%s: %d texts above the sheets, want %d (title and legend)", c.name, titles, want)
		}
	}
}
