package export

import (
	"errors"
	"math"
	"slices"
	"strings"
	"testing"

	"kesim/nest"
)

func TestMoney(t *testing.T) {
	for _, tc := range []struct {
		in   float64
		want string
	}{
		{1450.5, "1.450,50 TL"}, {0, "0,00 TL"}, {999.999, "1.000,00 TL"}, {1234567.891, "1.234.567,89 TL"},
		{-0.001, "0,00 TL"}, {-2500, "-2.500,00 TL"}, {12.75, "12,75 TL"}, {math.NaN(), "0,00 TL"},
	} {
		if got := Money(tc.in); got != tc.want {
			t.Errorf("Money(%v) = %q, want %q", tc.in, got, tc.want)
		}
	}
	for _, tc := range []struct {
		in       float64
		decimals int
		want     string
	}{
		{12.444, 2, "12,44"}, {0, 0, "0"}, {999, 0, "999"}, {1000, 0, "1.000"}, {1059675000, 0, "1.059.675.000"},
		{-1450, 0, "-1.450"}, {1.01234, 4, "1,0123"}, {-0.0001, 2, "0,00"}, {math.Inf(1), 1, "0,0"},
	} {
		if got := Amount(tc.in, tc.decimals); got != tc.want {
			t.Errorf("Amount(%v, %d) = %q, want %q", tc.in, tc.decimals, got, tc.want)
		}
	}
}

func TestSlug(t *testing.T) {
	for _, tc := range []struct {
		material  string
		thickness float64
		want      string
	}{
		{"Beyaz Sunta", 18, "beyaz-sunta-18mm"},
		{"  ÇAM AĞACI / İç  ", 8.5, "cam-agaci-ic-8.5mm"},
		{"Şişli Ürün ğ", 0, "sisli-urun-g"},
		{"", 18, "malzemesiz-18mm"},
		{"../../etc/passwd", 0, "etc-passwd"},
		{"Ceviz MDF 😀", 18, "ceviz-mdf-18mm"},
		{strings.Repeat("a", 300), 0, strings.Repeat("a", 60)},
	} {
		if got := Slug(tc.material, tc.thickness); got != tc.want {
			t.Errorf("Slug(%q, %v) = %q, want %q", tc.material, tc.thickness, got, tc.want)
		}
	}
}

func TestGroupsAndPageSheet(t *testing.T) {
	res := nest.Result{Sheet: nest.Sheet{Width: 100, Height: 148}, Pages: []nest.Page{
		{Material: "A", Thickness: 18, Width: 183, Height: 366},
		{Material: "B", Thickness: 18},
		{Material: "A", Thickness: 18, Width: 210, Height: 280},
		{Material: "A", Thickness: 8},
	}, Materials: []nest.MaterialResult{{Material: "A", Thickness: 8, Cost: 5}}}
	groups := Groups(res)
	var got [][]int
	for _, g := range groups {
		got = append(got, g.Pages)
	}
	if !slices.EqualFunc(got, [][]int{{0, 2}, {1}, {3}}, slices.Equal) {
		t.Errorf("Groups pages %v", got)
	}
	if groups[2].Result == nil || groups[2].Result.Cost != 5 || groups[0].Result != nil {
		t.Errorf("Groups matched the wrong material results")
	}
	if s := PageSheet(res, 2); s != (nest.Sheet{Width: 210, Height: 280}) {
		t.Errorf("PageSheet = %v", s)
	}
	if s := PageSheet(res, 1); s != res.Sheet {
		t.Errorf("PageSheet without a size = %v, want the result's sheet", s)
	}
	if !HasMaterials(res) || HasMaterials(nest.Result{Pages: []nest.Page{{}}}) {
		t.Error("HasMaterials wrong")
	}
	// A page of its own size too large is refused like a sheet.
	bad := nest.Result{Sheet: nest.Sheet{Width: 100, Height: 100}, Pages: []nest.Page{{Width: 2 * MaxSheet, Height: 10,
		Parts: []nest.Placed{{Width: 1, Height: 1}}}}}
	if err := Check(bad); !errors.Is(err, ErrInvalid) {
		t.Errorf("Check of a page of %v cm: %v", bad.Pages[0].Width, err)
	}
}

func TestCheckLists(t *testing.T) {
	if err := CheckLists([]nest.Stock{{ID: "s1", Width: 183, Height: 366, Price: 1450, Thickness: 18, Quantity: 4}},
		[]nest.Band{{Code: "B1", Thickness: 0.8, Price: 6.5, Overlength: 2}}); err != nil {
		t.Errorf("valid lists: %v", err)
	}
	for _, tc := range []struct {
		stock []nest.Stock
		bands []nest.Band
		want  string
	}{
		{make([]nest.Stock, MaxStockRows+1), nil, "En fazla 1.000 stok satırı"},
		{nil, make([]nest.Band, MaxBands+1), "En fazla 100 bant kodu"},
		{[]nest.Stock{{Price: 2e9}}, nil, "Fiyat 0 ile 1.000.000.000 TL"},
		{[]nest.Stock{{Price: math.Inf(1)}}, nil, "Fiyat"},
		{[]nest.Stock{{Thickness: -1}}, nil, "Kalınlık"},
		{[]nest.Stock{{Width: math.NaN()}}, nil, "Levha boyutu"},
		{[]nest.Stock{{Quantity: -1}}, nil, "Stok adedi"},
		{[]nest.Stock{{Name: strings.Repeat("ş", 201)}}, nil, "200 karakter"},
		{nil, []nest.Band{{Thickness: 11}}, "Bant kalınlığı"},
		{nil, []nest.Band{{Overlength: 101}}, "Bant fazlalığı"},
		{nil, []nest.Band{{Price: -1}}, "Fiyat"},
	} {
		err := CheckLists(tc.stock, tc.bands)
		if !errors.Is(err, ErrInvalid) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("CheckLists: %v, want %q", err, tc.want)
		}
	}
}

// TestSheetLabel: every page names the board to fetch, an offcut by its
// code; only a page of no stock row is the canvas ("Tuval").
func TestSheetLabel(t *testing.T) {
	stock := []nest.Stock{
		{ID: "A-13", Material: "Ceviz MDF", Thickness: 18, Width: 39.7, Height: 79.7, Quantity: 1, Offcut: true},
		{ID: "s3", Name: "Ceviz kapaklık", Material: "Ceviz MDF", Thickness: 18, Width: 183, Height: 366},
		{ID: "s2", Material: "Beyaz Sunta", Thickness: 18, Width: 210, Height: 280},
	}
	res := nest.Result{Sheet: nest.Sheet{Width: 183, Height: 366}, Pages: []nest.Page{
		{StockID: "A-13", Material: "Ceviz MDF", Thickness: 18, Width: 39.7, Height: 79.7},
		{StockID: "s3", Material: "Ceviz MDF", Thickness: 18, Width: 183, Height: 366},
		{StockID: "s2", Material: "Beyaz Sunta", Thickness: 18, Width: 210, Height: 280},
		{StockID: nest.StockDefault, Material: "Beyaz Sunta", Thickness: 8},
		{},
		{StockID: "x9", Material: "Kontrplak", Thickness: 4, Width: 122, Height: 244},
	}}
	want := []string{
		"Artık A-13 · Ceviz MDF 18 mm · 39,7 x 79,7 cm",
		"Ceviz kapaklık · Ceviz MDF 18 mm · 183 x 366 cm",
		"Beyaz Sunta 18 mm · 210 x 280 cm",
		"Tuval · Beyaz Sunta 8 mm · 183 x 366 cm",
		"Tuval 183 x 366 cm",
		"x9 · Kontrplak 4 mm · 122 x 244 cm",
	}
	for i, w := range want {
		if got := SheetLabel(stock, res, i); got != w {
			t.Errorf("page %d: SheetLabel = %q, want %q", i+1, got, w)
		}
	}
	if got := StockName(stock, "A-13"); got != "Artık A-13" {
		t.Errorf("StockName(offcut A-13) = %q, want %q", got, "Artık A-13")
	}
	if got := StockName(stock, "s3"); got != "Ceviz kapaklık" {
		t.Errorf("StockName(s3) = %q", got)
	}
}

// A page's grain is its stock row's, the other way for a sheet drawn turned
// from its row, none without a row or a grain.
func TestSheetGrain(t *testing.T) {
	stock := []nest.Stock{
		{ID: "v", Width: 183, Height: 366, Grain: nest.GrainVertical},
		{ID: "h", Width: 183, Height: 366, Grain: nest.GrainHorizontal},
		{ID: "n", Width: 183, Height: 366, Grain: nest.GrainNone},
	}
	res := nest.Result{Sheet: nest.Sheet{Width: 183, Height: 366}, Pages: []nest.Page{
		{StockID: "v", Width: 183, Height: 366},
		{StockID: "h", Width: 183, Height: 366},
		{StockID: "n", Width: 183, Height: 366},
		{StockID: "v", Width: 366, Height: 183},
		{StockID: "x", Width: 183, Height: 366},
	}}
	want := []string{nest.GrainVertical, nest.GrainHorizontal, "", nest.GrainHorizontal, ""}
	for i, w := range want {
		if got := SheetGrain(stock, res, i); got != w {
			t.Errorf("page %d: grain %q, want %q", i, got, w)
		}
	}
}
