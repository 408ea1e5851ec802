package pdf

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"kesim/nest"
)

// rackJob is a week's job of the review: one door cut from offcut A-13 of
// the rack (39,7 x 79,7) and the same door at the same place of a 183 x 366
// walnut sheet. The pages hold the same part at (0, 0) but are two
// different boards to fetch.
func rackJob() (nest.Result, []nest.Stock) {
	stock := []nest.Stock{
		{ID: "A-13", Material: "Ceviz MDF", Thickness: 18, Width: 39.7, Height: 79.7, Quantity: 1, Offcut: true},
		{ID: "s3", Name: "Ceviz kapaklık", Material: "Ceviz MDF", Thickness: 18, Width: 183, Height: 366, Price: 2100.5},
	}
	door := []nest.Placed{{ID: "p0-0", Name: "Kapı", X: 0, Y: 0, Width: 35, Height: 75}}
	door2 := []nest.Placed{{ID: "p0-1", Name: "Kapı", X: 0, Y: 0, Width: 35, Height: 75}}
	res := nest.Result{
		Sheet: nest.Sheet{Width: 183, Height: 366},
		Pages: []nest.Page{
			{ID: "page-0", Efficiency: 83, StockID: "A-13", Material: "Ceviz MDF", Thickness: 18, Width: 39.7, Height: 79.7, Parts: door},
			{ID: "page-1", Efficiency: 4, StockID: "s3", Material: "Ceviz MDF", Thickness: 18, Width: 183, Height: 366, Parts: door2},
		},
	}
	return res, stock
}

// TestIdenticalPagesNeedTheSameBoard: pages with the same parts in the
// same places are identical only when cut from the same stock row,
// material and size.
func TestIdenticalPagesNeedTheSameBoard(t *testing.T) {
	res, _ := rackJob()
	if got := identicalPages(res); got[0] != -1 || got[1] != -1 {
		t.Errorf("offcut and sheet pages: identicalPages = %v, want [-1 -1]", got)
	}
	// The same row, material and size twice is one pattern cut twice.
	res.Pages[0] = res.Pages[1]
	if got := identicalPages(res); got[1] != 0 {
		t.Errorf("two pages of s3: identicalPages = %v, want [-1 0]", got)
	}
	// Without stock rows the canvas is the board: as before.
	plain := landscape()
	if got := identicalPages(plain); got[1] != 0 {
		t.Errorf("two canvas pages: identicalPages = %v, want [-1 0]", got)
	}
}

// TestOffcutPagesNameTheirBoard reads the PDF of rackJob with pdftotext:
// no page is "identical" to the other, the offcut's page names it by its
// code, material and size (title line and footer), the sheet's page by its
// row's name and material, and no stock row's page says "Tuval".
func TestOffcutPagesNameTheirBoard(t *testing.T) {
	res, stock := rackJob()
	file := filepath.Join(t.TempDir(), "rack.pdf")
	if err := os.WriteFile(file, write(t, res, Options{Now: testNow, Title: "Kapılar", Stock: stock}), 0o644); err != nil {
		t.Fatal(err)
	}
	pages := pdfPages(t, file)
	all := squash(strings.Join(pages, "\n"))
	if strings.Contains(all, "ile aynı") {
		t.Errorf("an offcut page and a sheet page are called identical:\n%s", all)
	}
	if strings.Contains(all, "Tuval") {
		t.Errorf("a stock row's page is called the canvas (Tuval):\n%s", all)
	}
	var offcut, sheet string
	for _, p := range pages {
		p = squash(p)
		switch {
		case strings.Contains(p, "Sayfa 1 / 2 ·"):
			offcut = p
		case strings.Contains(p, "Sayfa 2 / 2 ·"):
			sheet = p
		}
	}
	for _, want := range []string{"Levha: Artık A-13", "Artık A-13 · Ceviz MDF 18 mm · 39,7 x 79,7 cm"} {
		if !strings.Contains(offcut, want) {
			t.Errorf("the offcut's page lacks %q:\n%s", want, offcut)
		}
	}
	if want := "Ceviz kapaklık · Ceviz MDF 18 mm · 183 x 366 cm"; !strings.Contains(sheet, want) {
		t.Errorf("the sheet's page lacks %q:\n%s", want, sheet)
	}
	// The summary's and the order summary's rows name the offcut by its code.
	if !strings.Contains(squash(pages[0]), "Artık A-13") || !strings.Contains(squash(pages[1]), "Artık A-13") {
		t.Errorf("the summaries do not name offcut A-13:\n%s\n%s", squash(pages[0]), squash(pages[1]))
	}
}
