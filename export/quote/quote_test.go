package quote

import (
	"bytes"
	"context"
	"encoding/csv"
	"errors"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"kesim/export/cutlist"
	"kesim/nest"
)

// small is a job priced by hand: two MDF sheets with cut sequences, one
// Sunta sheet without (its cut is estimated), one band code.
func small() (*nest.Request, nest.Result) {
	req := &nest.Request{
		Stock: []nest.Stock{{ID: "mdf", Material: "MDF", Thickness: 18, Width: 100, Height: 100, Price: 1000},
			{ID: "sunta", Material: "Sunta", Thickness: 18, Width: 200, Height: 100, Price: 500}},
		Bands: []nest.Band{{Code: "A", Name: "PVC 0,8", Price: 6.5}},
	}
	mdf := func() nest.Page {
		return nest.Page{StockID: "mdf", Material: "MDF", Thickness: 18, Width: 100, Height: 100,
			Parts: []nest.Placed{{ID: "a", Width: 50, Height: 100}},
			Cuts:  []nest.Cut{{Order: 1, X: 50, Length: 100, Direction: nest.Vertical}}}
	}
	res := nest.Result{Pages: []nest.Page{mdf(), mdf(), {StockID: "sunta", Material: "Sunta", Thickness: 18, Width: 200, Height: 100,
		Parts: []nest.Placed{{ID: "b", Width: 100, Height: 100}, {ID: "c", X: 100, Width: 50, Height: 50}}}},
		BandTotals: []nest.BandTotal{{Code: "A", Meters: 2.64, Cost: 17.16}}}
	return req, res
}

func handOptions() Options {
	o := DefaultOptions()
	o.Factory, o.Customer = "Özgür Ağaç İşleri", "Şule Çelik"
	o.CutPerMetre, o.CutPerSheet, o.MarginPct = 10, 5, 10
	return o
}

func TestComputeByHand(t *testing.T) {
	req, res := small()
	q, err := Compute(req, res, handOptions())
	if err != nil {
		t.Fatal(err)
	}
	if len(q.Lines) != 2 {
		t.Fatalf("lines %+v", q.Lines)
	}
	m, s := q.Lines[0], q.Lines[1]
	// MDF: 2 × 1000; cut 2 × 100 cm = 2 m: 2 × 10 + 2 × 5 = 30.
	if m.MaterialName() != "MDF 18 mm" || m.Sheets != 2 || m.SheetCost != 2000 || m.CutMetres != 2 || m.CutEstimated || m.CutCost != 30 || m.Subtotal != 2030 {
		t.Fatalf("MDF %+v", m)
	}
	// Sunta: 500; no cuts: (400 + 200) / 2 = 300 cm = 3 m: 30 + 5 = 35.
	if s.Sheets != 1 || s.SheetCost != 500 || s.CutMetres != 3 || !s.CutEstimated || s.CutCost != 35 || s.Subtotal != 535 {
		t.Fatalf("Sunta %+v", s)
	}
	// 2030 + 535 + 17,16 = 2582,16; +10 % = 258,22 → 2840,38; KDV 20 % =
	// 568,08; total 3408,46.
	if q.BandCost != 17.16 || q.Subtotal != 2582.16 || q.Margin != 258.22 || q.Net != 2840.38 || q.KDV != 568.08 || q.Total != 3408.46 {
		t.Fatalf("totals %+v", q)
	}

	o := handOptions()
	o.SheetByArea = true
	q, err = Compute(req, res, o)
	if err != nil {
		t.Fatal(err)
	}
	// MDF half used: 2 × 500; Sunta 12.500 of 20.000 cm²: 312,5.
	if q.Lines[0].SheetCost != 1000 || q.Lines[1].SheetCost != 312.5 {
		t.Fatalf("by area %+v", q.Lines)
	}
}

func TestBadOptionsAreTurkishErrors(t *testing.T) {
	req, res := small()
	for _, c := range []struct {
		mod  func(*Options)
		want error
	}{
		{func(o *Options) { o.CutPerMetre = -1 }, ErrPrice},
		{func(o *Options) { o.CutPerSheet = math.NaN() }, ErrPrice},
		{func(o *Options) { o.SheetPrice = 1e300 }, ErrPrice},
		{func(o *Options) { o.MarginPct = math.Inf(1) }, ErrMargin},
		{func(o *Options) { o.KDVPct = 101 }, ErrKDV},
		{func(o *Options) { o.KDVPct = -0.5 }, ErrKDV},
		{func(o *Options) { o.Factory = strings.Repeat("ş", 201) }, ErrText},
	} {
		o := handOptions()
		c.mod(&o)
		if _, err := Compute(req, res, o); err != c.want {
			t.Fatalf("%+v: %v, want %v", o, err, c.want)
		}
		if err := WritePDF(&bytes.Buffer{}, Quote{}, o, time.Time{}); err != c.want {
			t.Fatalf("PDF %+v: %v", o, err)
		}
	}
	bad := res
	bad.Pages = append([]nest.Page(nil), res.Pages...)
	bad.Pages[0].Width = math.NaN()
	if _, err := Compute(req, bad, handOptions()); err != ErrResult {
		t.Fatal(err)
	}
	if _, err := Compute(nil, nest.Result{}, handOptions()); err != ErrNothing {
		t.Fatal(err)
	}
}

func TestCSVParsesBack(t *testing.T) {
	req, res := small()
	q, _ := Compute(req, res, handOptions())
	var b bytes.Buffer
	if err := WriteCSV(&b, q); err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(b.Bytes(), []byte(cutlist.BOM)) || bytes.Count(b.Bytes(), []byte("\n")) != bytes.Count(b.Bytes(), []byte("\r\n")) {
		t.Fatal("no BOM or not CRLF")
	}
	r := csv.NewReader(bytes.NewReader(b.Bytes()[len(cutlist.BOM):]))
	r.Comma = ';'
	rows, err := r.ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, row := range rows {
		got[row[0]] = row[3]
	}
	// The customer's quote: the 10 % margin is folded into every amount
	// (2000 → 2200, 35 → 38,5, 17,16 → 18,88), with no line of its own.
	for k, v := range map[string]string{"MDF 18 mm levha": "2200", "Sunta 18 mm kesim": "38,5", "Kenar bandı A (PVC 0,8)": "18,88",
		"KDV hariç toplam": "2840,38", "KDV": "568,08", "Genel toplam": "3408,46"} {
		if got[k] != v {
			t.Fatalf("%s = %q, want %q (rows %q)", k, got[k], v, rows)
		}
	}
}

func TestPDFShowsTurkishTotals(t *testing.T) {
	req, res := small()
	o := handOptions()
	q, _ := Compute(req, res, o)
	text, file := pdfText(t, q, o, time.Date(2026, 11, 24, 10, 0, 0, 0, time.UTC))
	for _, want := range []string{"Özgür Ağaç İşleri", "Fiyat Teklifi", "Müşteri: Şule Çelik", "24.11.2026", "MDF 18 mm", "2.200,00",
		"Genel toplam:", "3.408,46 TL", "KDV (%20):", "568,08 TL", "KDV hariç toplam:", "2.840,38 TL", "tahmin"} {
		if !strings.Contains(text, want) {
			t.Fatalf("PDF text lacks %q:\n%s", want, text)
		}
	}
	// Metres in a column have two decimals each: MDF's 2 m is 2,00, Sunta's 3 m 3,00, band 2,64.
	// (The amounts carry the 10 % margin: 30 → 33, 17,16 → 18,88.)
	for _, want := range []string{`\b2,00\s+33,00\b`, `\b3,00 \*`, `\b2,64\s+18,88\b`} {
		if !regexp.MustCompile(want).MatchString(text) {
			t.Errorf("PDF text lacks %s:\n%s", want, text)
		}
	}
	// Every part was placed: no note of parts left out.
	if strings.Contains(text, "Teklife dahil olmayan") {
		t.Errorf("a note of unplaced parts in a quote of a whole job:\n%s", text)
	}
	if info, err := exec.Command("pdfinfo", file).Output(); err == nil && !regexp.MustCompile(`Pages:\s+1\n`).Match(info) {
		t.Fatalf("not one page:\n%s", info)
	}
}

func TestEngineLayoutQuote(t *testing.T) {
	req := nest.Request{Sheet: nest.Sheet{Width: 280, Height: 207}, Options: nest.Options{Kerf: 0.4, Guillotine: true, Seed: 1},
		Stock: []nest.Stock{{ID: "m", Material: "MDF", Thickness: 18, Width: 280, Height: 207, Price: 1450.5}},
		Bands: []nest.Band{{Code: "A", Price: 6.5}},
		Parts: []nest.Part{{ID: "k", Name: "Kapak", Width: 60, Height: 40, Quantity: 30, Material: "MDF", Thickness: 18, Edges: &nest.Edges{Top: "A"}}}}
	res, q := engineQuote(t, req)
	if len(q.Lines) != 1 || q.Lines[0].Sheets != res.Stats.Pages || q.Lines[0].SheetCost != kurus(1450.5*float64(res.Stats.Pages)) {
		t.Fatalf("%+v for %d pages", q.Lines, res.Stats.Pages)
	}
	if math.Abs(q.Lines[0].CutMetres-res.Stats.CutLength/100) > 0.01 || q.Lines[0].CutEstimated {
		t.Fatalf("cut %v m, stats %v cm", q.Lines[0].CutMetres, res.Stats.CutLength)
	}
	if len(q.Bands) != 1 || q.Bands[0].Cost != res.BandTotals[0].Cost {
		t.Fatalf("bands %+v, result %+v", q.Bands, res.BandTotals)
	}
}

// TestQuoteNeedsTheStockRows: a result cut from stock rows, sent without
// the request that lists them, has no sheet prices: the quote is refused
// in Turkish rather than priced at 0 TL a sheet.
func TestQuoteNeedsTheStockRows(t *testing.T) {
	req := nest.Request{Stock: []nest.Stock{{ID: "m", Material: "MDF", Thickness: 18, Width: 280, Height: 207, Price: 1450.5}},
		Parts: []nest.Part{{ID: "k", Name: "Kapak", Width: 60, Height: 40, Quantity: 3, Material: "MDF", Thickness: 18}}}
	res, err := nest.Layout(context.Background(), req, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Compute(nil, res, handOptions()); !errors.Is(err, ErrNoStock) {
		t.Errorf("without the request: %v, want ErrNoStock", err)
	}
	if _, err := Compute(&nest.Request{}, res, handOptions()); !errors.Is(err, ErrNoStock) {
		t.Errorf("with a request of no stock: %v, want ErrNoStock", err)
	}
	if _, err := Compute(&req, res, handOptions()); err != nil {
		t.Errorf("with its request: %v", err)
	}
}

// TestGuillotinePageWithoutCuts: a guillotine layout's page whose one
// part is the trimmed sheet needs no cut: its cutting is 0 m, measured,
// not half the part's perimeter "tahmini".
func TestGuillotinePageWithoutCuts(t *testing.T) {
	req := nest.Request{Sheet: nest.Sheet{Width: 100, Height: 148}, Options: nest.Options{Trim: 1, Guillotine: true},
		Parts: []nest.Part{{ID: "t", Name: "Tabla", Width: 98, Height: 146, Quantity: 1}}}
	res, q := engineQuote(t, req)
	if len(res.Pages) != 1 || len(res.Pages[0].Cuts) != 0 {
		t.Fatalf("pages %+v: the case needs one page without cuts", res.Pages)
	}
	if l := q.Lines[0]; l.CutMetres != 0 || l.CutEstimated {
		t.Errorf("cutting %v m, estimated %v; want 0 m measured", l.CutMetres, l.CutEstimated)
	}
}

// TestManyLinesStayOnePage: 40 materials and 30 band codes still give one
// A4 page with the totals, the rest counted.
func TestManyLinesStayOnePage(t *testing.T) {
	var res nest.Result
	for i := 0; i < 40; i++ {
		res.Pages = append(res.Pages, nest.Page{Material: "Malzeme " + strings.Repeat("Ş", i%5) + itoa(int64(i)), Thickness: 18, Width: 100, Height: 100,
			Parts: []nest.Placed{{ID: "a", Width: 10, Height: 10}}})
	}
	for i := 0; i < 30; i++ {
		res.BandTotals = append(res.BandTotals, nest.BandTotal{Code: "B" + itoa(int64(i)), Meters: 1.5, Cost: 3})
	}
	for i := 0; i < 25; i++ {
		res.Skipped = append(res.Skipped, nest.Skipped{Name: "Tezgâh " + itoa(int64(i)), Width: 60, Height: 300, Quantity: 2, Reason: "Stok yetmedi"})
	}
	o := handOptions()
	o.SheetPrice = 100
	q, err := Compute(nil, res, o)
	if err != nil {
		t.Fatal(err)
	}
	out, file := pdfText(t, q, o, time.Time{})
	// A sheet: 100 + cut (4 × 10 cm / 2 = 0,2 m × 10 = 2) + 5 = 107;
	// 40 × 107 + 30 × 3 = 4370; +10 % = 4807; KDV 961,40.
	for _, want := range []string{"ve 25 malzeme daha", "ve 20 bant daha", "Genel toplam:", "5.768,40 TL",
		"Teklife dahil olmayan parçalar (50 adet yerleştirilemedi):", "parça satırı daha"} {
		if !strings.Contains(out, want) {
			t.Fatalf("PDF lacks %q:\n%s", want, out)
		}
	}
	if info, _ := exec.Command("pdfinfo", file).Output(); !regexp.MustCompile(`Pages:\s+1\n`).Match(info) {
		t.Fatalf("not one page: %s", info)
	}
}

// The part lines the layout could not place are named under the totals,
// with their size, count (1.200, with its thousands dot) and reason; a
// name longer than the page is cut.
func TestPDFNamesUnplacedParts(t *testing.T) {
	req, res := small()
	res.Skipped = []nest.Skipped{
		{Name: "Tezgâh", Width: 60, Height: 300, Quantity: 1200, Reason: "Stok yetmedi"},
		{Name: strings.Repeat("Çok uzun ad ", 40), Width: 10, Height: 10, Quantity: 1, Reason: "Parça tuvale sığmıyor"},
	}
	o := handOptions()
	q, err := Compute(req, res, o)
	if err != nil {
		t.Fatal(err)
	}
	out, _ := pdfText(t, q, o, time.Time{})
	for _, want := range []string{"Teklife dahil olmayan parçalar (1.201 adet yerleştirilemedi):", "Tezgâh 60 x 300 cm, 1.200 adet: Stok yetmedi", "Çok uzun ad Çok uzun ad", "…"} {
		if !strings.Contains(out, want) {
			t.Errorf("PDF lacks %q:\n%s", want, out)
		}
	}
	if q.Total != 3408.46 {
		t.Errorf("the unplaced parts changed the total: %v", q.Total)
	}
}

// pdfText writes q's PDF dated now and returns its text (pdftotext
// -layout) and its file; without pdftotext the test is skipped.
func pdfText(t *testing.T, q Quote, o Options, now time.Time) (string, string) {
	t.Helper()
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Skip("pdftotext is not installed (apt-get install poppler-utils)")
	}
	var b bytes.Buffer
	if err := WritePDF(&b, q, o, now); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "teklif.pdf")
	if err := os.WriteFile(file, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("pdftotext", "-layout", file, "-").Output()
	if err != nil {
		t.Fatal(err)
	}
	return string(out), file
}

// TestPlainJobCSVWords: a job of no material quotes its sheets as "Levha",
// not "Levha levha".
func TestPlainJobCSVWords(t *testing.T) {
	req := nest.Request{Sheet: nest.Sheet{Width: 183, Height: 366}, Parts: []nest.Part{{ID: "k", Name: "Kapak", Width: 60, Height: 40, Quantity: 3}}}
	_, q := engineQuote(t, req)
	var b bytes.Buffer
	if err := WriteCSV(&b, q); err != nil {
		t.Fatal(err)
	}
	text := b.String()
	if strings.Contains(text, "Levha levha") || !strings.Contains(text, "\r\nLevha;1;adet;") || !strings.Contains(text, "\r\nKesim;") {
		t.Errorf("plain job's lines:\n%s", text)
	}
}

// engineQuote lays req out with the engine and quotes the layout with
// handOptions.
func engineQuote(t *testing.T, req nest.Request) (nest.Result, Quote) {
	t.Helper()
	res, err := nest.Layout(context.Background(), req, nil)
	if err != nil {
		t.Fatal(err)
	}
	q, err := Compute(&req, res, handOptions())
	if err != nil {
		t.Fatal(err)
	}
	return res, q
}

// An offcut without a price of its own is priced by the sheet row of its
// material and thickness as the engine groups them: Turkish case aside
// ("Ceviz" prices an offcut of "CEVİZ", which strings.EqualFold does not
// take for one), the thickness to 0,01 mm.
func TestOffcutPricedByItsMaterialTheTurkishWay(t *testing.T) {
	req := &nest.Request{Stock: []nest.Stock{
		{ID: "c", Material: "Ceviz", Thickness: 18, Width: 100, Height: 100, Price: 1000},
		{ID: "A-1", Material: "CEVİZ", Thickness: 18.001, Width: 50, Height: 100, Quantity: 1, Offcut: true},
	}}
	res := nest.Result{Pages: []nest.Page{{StockID: "A-1", Material: "CEVİZ", Thickness: 18.001, Width: 50, Height: 100,
		Parts: []nest.Placed{{ID: "a", Width: 50, Height: 50}}}}}
	q, err := Compute(req, res, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	// 1000 TL for 100 × 100 cm: 500 TL for the 50 × 100 cm offcut.
	if len(q.Lines) != 1 || q.Lines[0].Offcuts != 1 || q.Lines[0].SheetCost != 500 {
		t.Fatalf("lines %+v, want the offcut at 500 TL", q.Lines)
	}
}
