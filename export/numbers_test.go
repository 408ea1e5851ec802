package export_test

import (
	"bytes"
	"fmt"
	"math"
	"regexp"
	"strconv"
	"testing"

	"kesim/export"
	"kesim/export/internal/exporttest"
	"kesim/export/pdf"
	"kesim/nest"
)

// pdfListRow is a row of a sheet page's list in pdftotext -raw's text:
// number, a name the test gave, a size.
var pdfListRow = regexp.MustCompile(`(\d+)\*? +(Parça-[A-Z]|Q\d{4}) +[\d.,]+ x [\d.,]+`)

// pdfNumbers returns the number of every named piece in the sheet lists of
// the PDF of res.
func pdfNumbers(t *testing.T, res nest.Result, kerf *float64) map[string]int {
	t.Helper()
	var b bytes.Buffer
	if err := pdf.Write(&b, res, pdf.Options{Kerf: kerf}); err != nil {
		t.Fatal(err)
	}
	got := map[string]int{}
	for _, m := range pdfListRow.FindAllStringSubmatch(exporttest.PDFText(t, b.Bytes()), -1) {
		got[m[2]], _ = strconv.Atoi(m[1])
	}
	return got
}

// numbers returns export.Numbers of every piece of res, by name.
func numbers(res nest.Result, kerf float64) map[string]int {
	out := map[string]int{}
	for page, pg := range res.Pages {
		for i, n := range export.Numbers(res, page, kerf) {
			out[pg.Parts[i].Name] = n
		}
	}
	return out
}

// export.Numbers is the PDF's numbering: the number of each piece in its
// sheet page's list, with the request's kerf and without it.
func TestNumbersAreThePDFs(t *testing.T) {
	res := exporttest.CutSheet()
	kerf := 0.4
	want := map[string]int{}
	for _, pg := range res.Pages {
		for _, p := range pg.Parts {
			want[p.Name] = exporttest.CutSheetNumbers[p.ID]
		}
	}
	for _, k := range []*float64{&kerf, nil} {
		if got := numbers(res, export.OrderKerf(k)); fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("kerf %v: export.Numbers %v, want %v", k, got, want)
		}
	}
	// Sheet 2 has no cuts: its own page in the PDF, numbered from 1.
	if got := pdfNumbers(t, res, &kerf); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("PDF numbers %v, want %v", got, want)
	}

	reqs := exporttest.EngineRequests()
	for i, res := range exporttest.EngineLayouts(t) {
		res = exporttest.Named(res)
		want := numbers(res, export.KerfOf(&reqs[i]))
		for name, n := range pdfNumbers(t, res, &reqs[i].Options.Kerf) {
			if want[name] != n {
				t.Errorf("layout %d: %s is %d in the PDF, %d by export.Numbers", i, name, n, want[name])
			}
		}
	}
}

// KerfOf gives the outputs' numbering every kerf the engine lays out with,
// up to its limit (a 10 cm kerf was numbered as if it were 1 cm, unlike on
// the phone checklist), and the default for a kerf it refuses or none.
func TestKerfOfTakesTheEnginesKerfs(t *testing.T) {
	for _, k := range []float64{0, 0.4, 9.99, nest.MaxKerfCM} {
		req := nest.Request{Options: nest.Options{Kerf: k}}
		if err := nest.Check(nest.Request{Sheet: nest.Sheet{Width: 100, Height: 100}, Parts: []nest.Part{{Width: 10, Height: 10, Quantity: 1}}, Options: req.Options}); err != nil {
			t.Fatalf("kerf %v: the engine refuses it: %v", k, err)
		}
		if got := export.KerfOf(&req); got != k {
			t.Errorf("KerfOf(kerf %v) = %v, want %v", k, got, k)
		}
	}
	for _, k := range []float64{-0.1, nest.MaxKerfCM + 0.01, math.NaN()} {
		if got := export.KerfOf(&nest.Request{Options: nest.Options{Kerf: k}}); got != export.DefaultCutKerf {
			t.Errorf("KerfOf(kerf %v) = %v, want the default %v", k, got, export.DefaultCutKerf)
		}
	}
	if got := export.KerfOf(nil); got != export.DefaultCutKerf {
		t.Errorf("KerfOf(nil) = %v, want %v", got, export.DefaultCutKerf)
	}
}
