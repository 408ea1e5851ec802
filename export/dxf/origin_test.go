package dxf

import (
	"bytes"
	"context"
	"encoding/csv"
	"slices"
	"strconv"
	"strings"
	"testing"

	"kesim/export/cutlist"
	"kesim/nest"
)

// The conversion docs/engine.md ("Coordinates: two origins") gives CNC
// users holds: a piece at X, Y (top-left origin, y down) of the cut list's
// CSV, W x H as placed, is the DXF part rectangle (X, H−Y−h)–(X+w, H−Y) of
// its sheet's file, whose origin is the sheet's bottom-left corner.
func TestCutListToDXFCoordinates(t *testing.T) {
	req := nest.Request{Sheet: nest.Sheet{Width: 183, Height: 366}, Options: nest.Options{Kerf: 0.4, Trim: 1, Seed: 1},
		Parts: []nest.Part{{ID: "k", Name: "Kapak", Width: 60, Height: 40, Quantity: 9}, {ID: "y", Name: "Yan", Width: 72.5, Height: 56, Quantity: 4}}}
	res, err := nest.Layout(context.Background(), req, nil)
	if err != nil {
		t.Fatal(err)
	}
	var list bytes.Buffer
	if err := cutlist.WriteCSV(&list, res, cutlist.Options{Trim: 1}); err != nil {
		t.Fatal(err)
	}
	r := csv.NewReader(strings.NewReader(strings.TrimPrefix(list.String(), cutlist.BOM)))
	r.Comma = ';'
	rows, err := r.ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	num := func(s string) float64 {
		v, err := strconv.ParseFloat(strings.Replace(s, ",", ".", 1), 64)
		if err != nil {
			t.Fatalf("number %q: %v", s, err)
		}
		return v
	}
	want := map[int][]rect{}
	col := slices.Index(rows[0], "X (cm)")
	for _, row := range rows[1:] {
		page := int(num(row[0])) - 1
		x, y, w, h := num(row[col]), num(row[col+1]), num(row[col+2]), num(row[col+3])
		H := res.Sheet.Height
		want[page] = append(want[page], rect{x, H - y - h, x + w, H - y})
	}
	for page := range res.Pages {
		var b bytes.Buffer
		if err := WriteSheet(&b, res, page, Options{}); err != nil {
			t.Fatal(err)
		}
		objs, err := parseDXF(b.Bytes())
		if err != nil {
			t.Fatal(err)
		}
		var got []rect
		for _, o := range objs {
			if o.section == "ENTITIES" && o.kind == "LWPOLYLINE" && o.get(8) == LayerParts {
				rc, err := rectangleOf(o)
				if err != nil {
					t.Fatal(err)
				}
				got = append(got, rc)
			}
		}
		matchRects(t, "part from the cut list's X, Y", got, want[page])
	}
}
