package export

import (
	"errors"
	"math"
	"strconv"
	"strings"
	"testing"
	"time"

	"kesim/nest"
)

func TestNum(t *testing.T) {
	for _, tc := range []struct {
		in   float64
		want string
	}{
		{45.5, "45,5"}, {30, "30"}, {0.25, "0,25"}, {45.50000000000001, "45,5"}, {99.999, "100"},
		{0.1 + 0.2, "0,3"}, {math.Copysign(0, -1), "0"}, {-0.001, "0"}, {-2.5, "-2,5"}, {1000, "1000"},
	} {
		if got := Num(tc.in); got != tc.want {
			t.Errorf("Num(%v) = %q, want %q", tc.in, got, tc.want)
		}
	}
	if got := Size(45.5, 30); got != "45,5 x 30" {
		t.Errorf("Size = %q", got)
	}
	if got := Percent(82.6); got != "%82,6" {
		t.Errorf("Percent = %q", got)
	}
}

func FuzzNum(f *testing.F) {
	for _, v := range []float64{45.5, 0.1 + 0.2, -0.001, 1e15, 123.456} {
		f.Add(v)
	}
	f.Fuzz(func(t *testing.T, v float64) {
		if math.IsNaN(v) || math.IsInf(v, 0) || math.Abs(v) > MaxSheet {
			return
		}
		s := Num(v)
		if strings.Contains(s, ".") {
			t.Fatalf("Num(%v) = %q: a decimal point, not a comma", v, s)
		}
		s = strings.Replace(s, ",", ".", 1)
		back, err := strconv.ParseFloat(s, 64)
		if err != nil {
			t.Fatalf("Num(%v) = %q: %v", v, s, err)
		}
		if math.Abs(back-v) > 0.005+1e-9 {
			t.Fatalf("Num(%v) = %q, off by more than half a hundredth", v, s)
		}
		if s == "-0" || strings.ContainsAny(s, "eE") ||
			(strings.Contains(s, ".") && (strings.HasSuffix(s, "0") || len(s)-strings.Index(s, ".") > 3)) {
			t.Fatalf("Num(%v) = %q: not a plain number with at most two decimals and no trailing zero", v, s)
		}
	})
}

func TestFileName(t *testing.T) {
	now := time.Date(2026, 11, 22, 9, 30, 0, 5e6, time.FixedZone("TRT", 3*3600))
	got := FileName(nest.Sheet{Width: 100, Height: 148}, now, "dxf")
	if want := "efeaktif_cutting_100x148_2026-11-22_1795329000005.dxf"; got != want {
		t.Errorf("FileName = %q, want %q", got, want)
	}
}

// A job cut from one stock size is named by that size, not by the canvas
// it never used; pages of several sizes, or of the canvas, keep the canvas.
func TestResultSheet(t *testing.T) {
	canvas := nest.Sheet{Width: 100, Height: 148}
	page := func(w, h float64) nest.Page { return nest.Page{Width: w, Height: h} }
	for _, tc := range []struct {
		pages []nest.Page
		want  nest.Sheet
	}{
		{[]nest.Page{{}, {}}, canvas},
		{[]nest.Page{page(183, 366), page(183, 366)}, nest.Sheet{Width: 183, Height: 366}},
		{[]nest.Page{page(183, 366), page(210, 280)}, canvas},
		{[]nest.Page{page(183, 366), {}}, canvas},
		{nil, canvas},
	} {
		if got := ResultSheet(nest.Result{Sheet: canvas, Pages: tc.pages}); got != tc.want {
			t.Errorf("pages %+v: %+v, want %+v", tc.pages, got, tc.want)
		}
	}
}

func TestCheck(t *testing.T) {
	sheet := nest.Sheet{Width: 100, Height: 148}
	part := nest.Placed{Name: "Kapak", Width: 10, Height: 10}
	for _, tc := range []struct {
		name string
		res  nest.Result
		want error
	}{
		{"placed", nest.Result{Sheet: sheet, Pages: []nest.Page{{Parts: []nest.Placed{part}}}}, nil},
		{"no pages", nest.Result{Sheet: sheet}, ErrEmpty},
		{"zero value", nest.Result{}, ErrEmpty},
		{"bad cut", nest.Result{Sheet: sheet, Pages: []nest.Page{{Parts: []nest.Placed{part}, Cuts: []nest.Cut{{Order: 1, Length: math.NaN()}}}}}, ErrInvalid},
		{"empty page", nest.Result{Sheet: sheet, Pages: []nest.Page{{}}}, ErrEmpty},
		{"negative sheet", nest.Result{Sheet: nest.Sheet{Width: -1, Height: 5}, Pages: []nest.Page{{Parts: []nest.Placed{part}}}}, ErrInvalid},
		{"huge sheet", nest.Result{Sheet: nest.Sheet{Width: 2 * MaxSheet, Height: 5}, Pages: []nest.Page{{Parts: []nest.Placed{part}}}}, ErrInvalid},
		{"infinite y", nest.Result{Sheet: sheet, Pages: []nest.Page{{Parts: []nest.Placed{{Y: math.Inf(1), Width: 1, Height: 1}}}}}, ErrInvalid},
		{"negative height", nest.Result{Sheet: sheet, Pages: []nest.Page{{Parts: []nest.Placed{{Width: 1, Height: -1}}}}}, ErrInvalid},
		// Past any sheet: refused by every writer alike, not clamped onto the page.
		{"far x", nest.Result{Sheet: sheet, Pages: []nest.Page{{Parts: []nest.Placed{{X: 1e308, Width: 1, Height: 1}}}}}, ErrInvalid},
		{"far negative y", nest.Result{Sheet: sheet, Pages: []nest.Page{{Parts: []nest.Placed{{Y: -2 * MaxSheet, Width: 1, Height: 1}}}}}, ErrInvalid},
		{"huge part", nest.Result{Sheet: sheet, Pages: []nest.Page{{Parts: []nest.Placed{{Width: 2 * MaxSheet, Height: 1}}}}}, ErrInvalid},
		{"a little off the sheet", nest.Result{Sheet: sheet, Pages: []nest.Page{{Parts: []nest.Placed{{X: 95, Y: -3, Width: 10, Height: 10}}}}}, nil},
	} {
		if err := Check(tc.res); !errors.Is(err, tc.want) || (tc.want == nil) != (err == nil) {
			t.Errorf("%s: Check = %v, want %v", tc.name, err, tc.want)
		}
	}
}

func TestSheetParts(t *testing.T) {
	res := nest.Result{Sheet: nest.Sheet{Width: 100, Height: 50}, Pages: []nest.Page{{Parts: []nest.Placed{
		{Name: "alt", X: 0, Y: 40, Width: 100, Height: 10},
		{Name: "sağ üst", X: 50, Y: 0, Width: 50, Height: 40},
		{Name: "sol üst", X: 0, Y: 0, Width: 50, Height: 40.000000000000004}, // float noise: no clamp
		{Name: "dışarı taşan", X: 95, Y: -3, Width: 10, Height: 60},
	}}}}
	original := append([]nest.Placed(nil), res.Pages[0].Parts...)
	var clamped []string
	got := SheetParts(res, 0, func(page int, before, after nest.Placed) { clamped = append(clamped, before.Name) })
	var names []string
	for _, p := range got {
		names = append(names, p.Name)
	}
	if want := "sol üst,sağ üst,dışarı taşan,alt"; strings.Join(names, ",") != want {
		t.Errorf("order %q, want reading order %q", strings.Join(names, ","), want)
	}
	if len(clamped) != 1 || clamped[0] != "dışarı taşan" {
		t.Errorf("clamped %q, want only the part outside the sheet", clamped)
	}
	if p := got[2]; p.X != 90 || p.Y != 0 || p.Width != 10 || p.Height != 50 {
		t.Errorf("clamped part %+v, want x 90, y 0, 10 x 50", p)
	}
	for i, p := range res.Pages[0].Parts {
		if p != original[i] {
			t.Errorf("SheetParts changed the result's part %d", i)
		}
	}
}

// A re-plan of a job being cut puts its cut sheets first with their ids:
// the sheet addresses follow the ids, so a QR code printed on a cut sheet
// keeps opening it; a page without such an id is numbered by its place.
func TestSheetOf(t *testing.T) {
	res := nest.Result{Pages: []nest.Page{{ID: "page-2"}, {ID: "page-0"}, {ID: "page-1"}, {ID: "x"}, {ID: "page-07"}, {ID: "page--1"}}}
	want := []int{2, 0, 1, 3, 4, 5}
	for i, w := range want {
		if got := SheetOf(&res, i); got != w {
			t.Errorf("page %d (%s): %d, want %d", i, res.Pages[i].ID, got, w)
		}
	}
	if got := SheetURL("https://k.local/is/42", SheetOf(&res, 0)); got != "https://k.local/is/42/levha/3" {
		t.Errorf("address %q", got)
	}
}

func TestCount(t *testing.T) {
	for v, want := range map[float64]string{0: "0", 5: "5", 1328: "1.328", 182881.8: "182.881,8", 7273: "7.273", 1234567.25: "1.234.567,25", 999.999: "1.000",
		// the limits the messages name, as whole numbers
		999: "999", 20000: "20.000", 100000: "100.000", 1234567: "1.234.567", -1000: "-1.000", -999: "-999"} {
		if got := Count(v); got != want {
			t.Errorf("Count(%v) = %q, want %q", v, got, want)
		}
	}
}
