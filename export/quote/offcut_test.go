package quote

import (
	"bytes"
	"regexp"
	"strings"
	"testing"
	"time"

	"kesim/nest"
)

// rackJob is a week's job of the review: a walnut door on offcut A-13 of
// the rack (39,7 x 79,7 cm, 0,32 m²) and one on a 183 x 366 walnut sheet
// of 2.100,50 TL, and a back on offcut A-14 of 8 mm white chipboard, a
// material with no priced sheet row; the fallback sheet price is 400 TL.
func rackJob() (*nest.Request, nest.Result, Options) {
	req := &nest.Request{Stock: []nest.Stock{
		{ID: "A-13", Material: "Ceviz MDF", Thickness: 18, Width: 39.7, Height: 79.7, Quantity: 1, Offcut: true},
		{ID: "A-14", Material: "Beyaz Sunta", Thickness: 8, Width: 60, Height: 100, Quantity: 1, Offcut: true},
		{ID: "s3", Name: "Ceviz kapaklık", Material: "Ceviz MDF", Thickness: 18, Width: 183, Height: 366, Price: 2100.5},
		{ID: "s4", Material: "Beyaz Sunta", Thickness: 18, Width: 183, Height: 366, Price: 1450},
	}}
	door := func(id string) []nest.Placed { return []nest.Placed{{ID: id, Name: "Kapı", Width: 35, Height: 75}} }
	res := nest.Result{Pages: []nest.Page{
		{StockID: "A-13", Material: "Ceviz MDF", Thickness: 18, Width: 39.7, Height: 79.7, Parts: door("k-0")},
		{StockID: "s3", Material: "Ceviz MDF", Thickness: 18, Width: 183, Height: 366, Parts: door("k-1")},
		{StockID: "A-14", Material: "Beyaz Sunta", Thickness: 8, Width: 60, Height: 100,
			Parts: []nest.Placed{{ID: "a-0", Name: "Arkalık", Width: 50, Height: 90}}},
	}}
	o := DefaultOptions()
	o.SheetPrice = 400
	return req, res, o
}

// TestOffcutsAreNotPricedAsSheets: an offcut is priced at its material's
// sheet price per area (2.100,50 TL / (183 x 366) x (39,7 x 79,7) = 99,23
// TL), or 0 TL when its material has no priced row, never at the
// fallback sheet price; the line counts it.
func TestOffcutsAreNotPricedAsSheets(t *testing.T) {
	req, res, o := rackJob()
	q, err := Compute(req, res, o)
	if err != nil {
		t.Fatal(err)
	}
	if len(q.Lines) != 2 {
		t.Fatalf("lines %+v", q.Lines)
	}
	white, walnut := q.Lines[0], q.Lines[1]
	offcut := kurus(2100.5 / (183 * 366) * 39.7 * 79.7)
	if offcut != 99.23 {
		t.Fatalf("the walnut offcut's price by hand is %v", offcut)
	}
	if walnut.Sheets != 2 || walnut.Offcuts != 1 || walnut.OffcutCost != 99.23 || walnut.SheetCost != kurus(2100.5+99.23) {
		t.Errorf("walnut %+v, want 2 sheets, 1 offcut at 99,23 TL, 2.199,73 TL", walnut)
	}
	if white.Sheets != 1 || white.Offcuts != 1 || white.OffcutCost != 0 || white.SheetCost != 0 {
		t.Errorf("white 8 mm %+v, want its offcut at 0 TL (no priced row of 8 mm)", white)
	}
	// By area: the offcut's parts' area at the same price per area.
	o.SheetByArea = true
	q, err = Compute(req, res, o)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := q.Lines[1].OffcutCost, kurus(2100.5/(183*366)*35*75); got != want {
		t.Errorf("by area: walnut offcut %v TL, want %v", got, want)
	}

	// The CSV prices the offcuts on rows of their own.
	o.SheetByArea = false
	q, _ = Compute(req, res, o)
	var b bytes.Buffer
	if err := WriteCSV(&b, q); err != nil {
		t.Fatal(err)
	}
	csv := b.String()
	for _, want := range []string{"\r\nCeviz MDF 18 mm levha;1;adet;2100,5\r\n", "\r\nCeviz MDF 18 mm artık levha;1;adet;99,23\r\n",
		"\r\nBeyaz Sunta 8 mm artık levha;1;adet;0\r\n"} {
		if !strings.Contains(csv, want) {
			t.Errorf("CSV lacks %q:\n%s", want, csv)
		}
	}
	if strings.Contains(csv, ";400") {
		t.Errorf("CSV prices an offcut at the fallback 400 TL:\n%s", csv)
	}

	// The PDF, read with pdftotext, says which sheets are offcuts.
	text, _ := pdfText(t, q, o, time.Date(2026, 12, 6, 9, 0, 0, 0, time.UTC))
	text = regexpSpaces.ReplaceAllString(text, " ")
	for _, want := range []string{"Ceviz MDF 18 mm (1 artık) 2 2.199,73", "Beyaz Sunta 8 mm (1 artık) 1 0,00", "Artık: raftaki levha"} {
		if !strings.Contains(text, want) {
			t.Errorf("PDF lacks %q:\n%s", want, text)
		}
	}
}

var regexpSpaces = regexp.MustCompile(`[ \t]+`)
