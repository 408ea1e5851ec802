package cutlist

import (
	"bytes"
	"strconv"
	"testing"
	"time"

	"kesim/nest"
)

// Ids a program made (the web app's "s" + base-36 time + counter, the
// CLI's s1, s2, ..., the default sheet's) are told from codes a person gave.
func TestGeneratedID(t *testing.T) {
	now := "s" + strconv.FormatInt(time.Now().UnixMilli(), 36)
	for id, want := range map[string]bool{
		"smxbeacwu2": true, // the review's web id (2026-12-06)
		now + "1":    true,
		now + "12":   true,
		"s1":         true, "s27": true, nest.StockDefault: true,
		"s0": false, "S1": false, "S2": false, "s": false, "": false,
		"mdf18": false, "A-13": false, "C1": false, "sunta18mm1": false,
		"stokbeyaz1":  false, // a base-36 "time" in 2043: no web id yet
		now + "0":     false, // the counter starts at 1
		"sMXBEACWU2":  false, // the app writes base 36 in lower case
		"skb00000001": false,
	} {
		if got := GeneratedID(id); got != want {
			t.Errorf("GeneratedID(%q) = %v, want %v", id, got, want)
		}
	}
}

// The Stok satırı column names a row by its name, else its material and
// size, and adds the id only when a person gave it: the review's xlsx read
// "Beyaz 210x280 (smxbeacwu2)".
func TestStockColumnHidesGeneratedIDs(t *testing.T) {
	stock := []nest.Stock{
		{ID: "smxbeacwu2", Name: "Beyaz 210x280", Material: "Beyaz Sunta", Thickness: 18, Width: 210, Height: 280},
		{ID: "S2", Name: "Beyaz 183x366", Material: "Beyaz Sunta", Thickness: 18, Width: 183, Height: 366},
		{ID: "s3", Material: "HDF", Thickness: 8, Width: 183, Height: 366},
		{ID: "A-13", Material: "Ceviz MDF", Thickness: 18, Width: 40, Height: 80, Offcut: true},
	}
	page := func(id, material string, thickness, w, h float64) nest.Page {
		return nest.Page{StockID: id, Material: material, Thickness: thickness, Width: w, Height: h,
			Parts: []nest.Placed{{ID: "p", Name: "Raf", Width: 10, Height: 10}}}
	}
	res := nest.Result{Sheet: nest.Sheet{Width: 100, Height: 100}, Pages: []nest.Page{
		page("smxbeacwu2", "Beyaz Sunta", 18, 210, 280),
		page("S2", "Beyaz Sunta", 18, 183, 366),
		page("s3", "HDF", 8, 183, 366),
		page("A-13", "Ceviz MDF", 18, 40, 80),
		page(nest.StockDefault, "", 0, 100, 100),
		page("s4", "MDF", 18, 120, 60), // a row the list lacks
	}}
	want := []string{"Beyaz 210x280", "Beyaz 183x366 (S2)", "HDF 8 mm 183 x 366", "Artık A-13", "Varsayılan tuval", "MDF 18 mm 120 x 60"}
	opt := Options{Stock: stock}
	var b bytes.Buffer
	if err := WriteSheetsCSV(&b, res, opt); err != nil {
		t.Fatal(err)
	}
	rows := parseCSV(t, b.Bytes())
	for i, w := range want {
		if rows[i+1][1] != w {
			t.Errorf("CSV sheet %d: Stok satırı %q, want %q", i+1, rows[i+1][1], w)
		}
	}

	var got []string
	for _, r := range xlsxSheetRows(t, res, opt) {
		s, _ := r[1].(string)
		got = append(got, s)
	}
	if len(got) != len(want) {
		t.Fatalf("xlsx Stok satırı %q, want %q", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("xlsx sheet %d: Stok satırı %q, want %q", i+1, got[i], want[i])
		}
	}
}
