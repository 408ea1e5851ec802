package cutlist

import (
	"bytes"
	"slices"
	"strconv"
	"testing"

	"github.com/xuri/excelize/v2"

	"kesim/export"
	"kesim/export/internal/exporttest"
	"kesim/nest"
)

// The parts table's No column is each piece's number on its sheet as the
// PDF, the DXF and the labels give it (export.Numbers: on a guillotine
// sheet in the order its cuts free the pieces), and the rows run in that
// order, in the CSV and the xlsx alike. (The table listed the pieces in
// the result's order with no number: the PDF's 1 was the fourth row.)
func TestPiecesNumberedAsThePDF(t *testing.T) {
	res := exporttest.CutSheet()
	for _, opt := range []Options{{Kerf: 0.4}, {KerfUnknown: true}} {
		var b bytes.Buffer
		if err := WriteCSV(&b, res, opt); err != nil {
			t.Fatal(err)
		}
		rows := parseCSV(t, b.Bytes())
		if rows[0][0] != "Sayfa" || rows[0][1] != "No" || rows[0][2] != "Etiket no" {
			t.Fatalf("header %v", rows[0])
		}
		var got []string
		for _, r := range rows[1:] {
			if n, _ := strconv.Atoi(r[1]); n != exporttest.CutSheetNumbers[r[2]] {
				t.Errorf("CSV: piece %s numbered %s, want %d", r[2], r[1], exporttest.CutSheetNumbers[r[2]])
			}
			got = append(got, r[0]+r[2])
		}
		if want := []string{"1C", "1D", "1A", "1B", "2E", "2F", "2G"}; !slices.Equal(got, want) {
			t.Errorf("CSV rows %v, want %v", got, want)
		}

		b.Reset()
		if err := WriteXLSX(&b, res, opt); err != nil {
			t.Fatal(err)
		}
		f, err := excelize.OpenReader(&b)
		if err != nil {
			t.Fatal(err)
		}
		xrows, err := f.GetRows(PiecesSheet, excelize.Options{RawCellValue: true})
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		// Sayfa, No, Etiket no and Parça: the xlsx's numbers are stored
		// as numbers, not with a decimal comma.
		same := func(a, b []string) bool { return len(a) >= 4 && len(b) >= 4 && slices.Equal(a[:4], b[:4]) }
		if !slices.EqualFunc(xrows, rows, same) {
			t.Errorf("xlsx rows %v, CSV rows %v", xrows, rows)
		}
	}
}

// The No column numbers as export.Numbers under the request's kerf (the
// PDF's pdf.Options.Kerf); without the request (KerfUnknown), under the
// kerf the PDF takes then.
func TestNumberKerf(t *testing.T) {
	// A cut 0,6 cm left of B's left edge frees B under the default 1 cm
	// kerf, not under a kerf of 0,2 cm.
	res := nest.Result{Sheet: nest.Sheet{Width: 100, Height: 100}, Pages: []nest.Page{{Parts: []nest.Placed{
		{ID: "A", X: 0, Y: 0, Width: 40, Height: 100},
		{ID: "B", X: 40.6, Y: 0, Width: 40, Height: 50},
	}, Cuts: []nest.Cut{
		{Order: 1, X: 40.6, Y: 50, Length: 40, Direction: nest.Horizontal},
		{Order: 2, X: 40, Y: 0, Length: 100, Direction: nest.Vertical},
	}}}}
	kerf := 0.2
	for _, c := range []struct {
		opt  Options
		kerf *float64
	}{{Options{Kerf: kerf}, &kerf}, {Options{KerfUnknown: true}, nil}} {
		pieces, _, err := Rows(res, c.opt)
		if err != nil {
			t.Fatal(err)
		}
		numbers := export.Numbers(res, 0, export.OrderKerf(c.kerf))
		for j, p := range res.Pages[0].Parts {
			i := slices.IndexFunc(pieces, func(pc Piece) bool { return pc.Label == p.ID })
			if pieces[i].No != numbers[j] {
				t.Errorf("kerf %v: %s numbered %d, want %d", c.kerf, p.ID, pieces[i].No, numbers[j])
			}
		}
	}
	if a, b := export.Numbers(res, 0, 0.2), export.Numbers(res, 0, 1); slices.Equal(a, b) {
		t.Errorf("the kerf does not change the order (%v): the test checks nothing", a)
	}
}
