package pdf

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"kesim/export"
	"kesim/export/internal/exporttest"
	"kesim/nest"
)

// materialsPDF writes exporttest.Materials with its stock and bands and
// returns the file's path.
func materialsPDF(t *testing.T) string {
	t.Helper()
	stock, bands := exporttest.Kitchen()
	file := filepath.Join(t.TempDir(), "materials.pdf")
	data := write(t, exporttest.Materials(), Options{Now: testNow, Title: "Mutfak", Stock: stock, Bands: bands})
	if err := os.WriteFile(file, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if dir := os.Getenv("KESIM_PDF_OUT"); dir != "" {
		os.WriteFile(filepath.Join(dir, "materials.pdf"), data, 0o644)
	}
	return file
}

// pdfPages returns the text of every page of file.
func pdfPages(t *testing.T, file string) []string {
	t.Helper()
	pdftotext := exporttest.Tool(t, "pdftotext", "poppler-utils")
	text := run(t, pdftotext, "-enc", "UTF-8", "-layout", file, "-")
	pages := strings.Split(text, "\f")
	if n := len(pages); n > 0 && strings.TrimSpace(pages[n-1]) == "" {
		pages = pages[:n-1]
	}
	return pages
}

var spaces = regexp.MustCompile(`\s+`)

func squash(s string) string { return spaces.ReplaceAllString(s, " ") }

// TestMaterialsPDF checks the PDF of a layout of three materials: qpdf
// finds no damage; the summary, the order summary, a heading page per
// material and a page per sheet come in that order; each sheet page names
// its material and stock row and has its sheet's size; the order summary
// has the sheets per row, the band metres and the totals, the Turkish way.
func TestMaterialsPDF(t *testing.T) {
	qpdf := exporttest.Tool(t, "qpdf", "qpdf")
	file := materialsPDF(t)
	run(t, qpdf, "--check", file)
	pages := pdfPages(t, file)
	if len(pages) != 9 {
		t.Fatalf("%d pages, want 9: summary, order summary, 3 material headings, 4 sheets", len(pages))
	}
	must := func(page int, want ...string) {
		t.Helper()
		got := squash(pages[page-1])
		for _, w := range want {
			if !strings.Contains(got, w) {
				t.Errorf("page %d lacks %q:\n%s", page, w, got)
			}
		}
	}
	// One "Toplam maliyet" in the document: the sheets' cost is named so
	// on the first page, and the total with band is the order summary's.
	must(1, "Levha maliyeti 5.500,50 TL (en az 4.050,50 TL)", "Toplam maliyet 5.609,86 TL (levha ve bant)", "3 malzeme", "Yerleştirilemeyen parçalar",
		"Bu malzeme ve kalınlık için stok yok", exporttest.TurkishName)
	must(2, "Sipariş özeti",
		// row, material, size, used, from stock, to buy, price, amount
		"Beyaz 18 büyük Beyaz Sunta 18 mm 183 x 366 1 1 0 1.450,00 TL 1.450,00 TL",
		"Ceviz kapaklık Ceviz MDF 18 mm 183 x 366 1 0 1 2.100,50 TL 2.100,50 TL",
		"Arkalık Beyaz Sunta 8 mm 210 x 280 1 1 0 650,00 TL 650,00 TL",
		"Toplam 4 2 2 5.500,50 TL",
		"B1 PVC 0,8 beyaz 0,8 7,88 m 6,50 TL 51,22 TL", "B2 ABS 2 ceviz 2 4,56 m 12,75 TL 58,14 TL",
		"Toplam 12,44 m 109,36 TL",
		"Levha tutarı 5.500,50 TL", "Bant tutarı 109,36 TL", "Toplam maliyet 5.609,86 TL")
	must(3, "Beyaz Sunta 18 mm", "Malzeme 1 / 3", "Sayfa sayısı 2 (en az 1 gerekir)", "Hedef en düşük maliyet",
		"Bu planın maliyeti 2.750,00 TL; hiçbir plan 1.300,00 TL'den ucuz olamaz")
	must(4, "Sayfa 1 / 4 · 183 x 366 cm", "Malzeme: Beyaz Sunta 18 mm · Levha: Beyaz 18 büyük",
		"B1 · PVC 0,8 beyaz", "Beyaz 18 büyük · Beyaz Sunta 18 mm · 183 x 366 cm", "Çekmece Ön ğüşıöç İĞÜŞÖÇ")
	must(5, "Sayfa 2 / 4 · 210 x 280 cm", "Levha: Beyaz Sunta 18 mm 210 x 280", "Beyaz Sunta 18 mm · 210 x 280 cm")
	must(6, "Ceviz MDF 18 mm", "Malzeme 2 / 3", "Bu planın maliyeti 2.100,50 TL; hiçbir plan 2.100,50 TL'den ucuz olamaz")
	must(7, "Sayfa 3 / 4", "Malzeme: Ceviz MDF 18 mm · Levha: Ceviz kapaklık", "B2 · ABS 2 ceviz", "70 x 40 (D)")
	must(8, "Beyaz Sunta 8 mm", "Malzeme 3 / 3", "Bu planın maliyeti 650,00 TL")
	must(9, "Sayfa 4 / 4 · 210 x 280 cm", "Levha: Arkalık")
	must(5, "B1 · PVC 0,8 beyaz")
	if strings.Contains(pages[8], "Kenar bandı") {
		t.Error("page 9 has a band legend but no banded part")
	}
}

// TestMaterialsPageOrientation: each sheet page is A4 in its own sheet's
// orientation, the others in the result's sheet's.
func TestMaterialsPageOrientation(t *testing.T) {
	pdfinfo := exporttest.Tool(t, "pdfinfo", "poppler-utils")
	res := exporttest.Materials()
	res.Pages[1].Width, res.Pages[1].Height = 280, 210 // the second sheet lies wide
	res.Pages[1].Parts = res.Pages[1].Parts[:1]
	file := filepath.Join(t.TempDir(), "o.pdf")
	if err := os.WriteFile(file, write(t, res, Options{Now: testNow}), 0o644); err != nil {
		t.Fatal(err)
	}
	sizes := pageSizeLine.FindAllStringSubmatch(run(t, pdfinfo, "-f", "1", "-l", "100", file), -1)
	var got []string
	for _, s := range sizes {
		if s[2] > s[3] {
			got = append(got, "L")
		} else {
			got = append(got, "P")
		}
	}
	// summary, order, heading, sheet 1, sheet 2 (wide), heading, sheet 3, heading, sheet 4
	if want := "P P P P L P P P P"; strings.Join(got, " ") != want {
		t.Errorf("orientations %v, want %s", got, want)
	}
}

func TestBadListsWriteNothing(t *testing.T) {
	var buf bytes.Buffer
	err := Write(&buf, exporttest.Materials(), Options{Stock: []nest.Stock{{ID: "s1", Price: 2e9}}})
	if !errors.Is(err, export.ErrInvalid) || buf.Len() > 0 {
		t.Errorf("Write with a price of 2e9 TL: %v and %d bytes", err, buf.Len())
	}
}

// TestEngineMaterialsPDF checks the PDF of the engine's layout of a
// kitchen job of three materials against the result: each material's
// heading with its cost sentence, each sheet page's stock row, the order
// summary's totals and band metres, the Turkish way.
func TestEngineMaterialsPDF(t *testing.T) {
	qpdf := exporttest.Tool(t, "qpdf", "qpdf")
	res := exporttest.EngineMaterials(t)
	stock, bands := exporttest.Kitchen()
	file := filepath.Join(t.TempDir(), "kitchen.pdf")
	if err := os.WriteFile(file, write(t, res, Options{Now: testNow, Stock: stock, Bands: bands}), 0o644); err != nil {
		t.Fatal(err)
	}
	run(t, qpdf, "--check", file)
	pages := pdfPages(t, file)
	groups := export.Groups(res)
	if len(groups) != 3 {
		t.Fatalf("%d materials, want 3", len(groups))
	}
	if want := 2 + len(groups) + len(res.Pages); len(pages) != want {
		t.Fatalf("%d pages, want %d", len(pages), want)
	}
	text := squash(strings.Join(pages, " "))
	order := squash(pages[1])
	bandCost := 0.0
	for _, b := range res.BandTotals {
		bandCost += b.Cost
		if !strings.Contains(order, export.Amount(b.Meters, 2)+" m") || !strings.Contains(order, export.Money(b.Cost)) {
			t.Errorf("order summary lacks band %s: %s m, %s", b.Code, export.Amount(b.Meters, 2), export.Money(b.Cost))
		}
	}
	for _, want := range []string{"Sipariş özeti", "Levha tutarı " + export.Money(res.Stats.Cost),
		"Bant tutarı " + export.Money(bandCost), "Toplam maliyet " + export.Money(res.Stats.Cost+bandCost)} {
		if !strings.Contains(order, want) {
			t.Errorf("order summary lacks %q:\n%s", want, order)
		}
	}
	for _, b := range res.Buy {
		s, _ := export.StockRow(stock, b.StockID)
		if !strings.Contains(order, export.StockName(stock, b.StockID)) || !strings.Contains(order, export.Money(s.Price)) {
			t.Errorf("order summary lacks row %s to buy", b.StockID)
		}
	}
	page := 2 // the pages after the summary and the order summary
	for i, g := range groups {
		head := squash(pages[page])
		m := g.Result
		for _, want := range []string{export.MaterialName(g.Material, g.Thickness), fmt.Sprintf("Malzeme %d / 3", i+1),
			"Bu planın maliyeti " + export.Money(m.Cost) + "; hiçbir plan " + export.Money(m.CostLowerBound) + "'den ucuz olamaz"} {
			if !strings.Contains(head, want) {
				t.Errorf("page %d lacks %q:\n%s", page+1, want, head)
			}
		}
		page++
		for _, p := range g.Pages {
			pg := res.Pages[p]
			want := "Malzeme: " + export.MaterialName(pg.Material, pg.Thickness) + " · Levha: " + export.StockName(stock, pg.StockID)
			if !strings.Contains(squash(pages[page]), want) {
				t.Errorf("page %d lacks %q", page+1, want)
			}
			page++
		}
	}
	for _, want := range []string{exporttest.TurkishName, "B1 · PVC 0,8 beyaz", "B2 · ABS 2 ceviz", nest.SkipNoStock} {
		if !strings.Contains(text, want) {
			t.Errorf("the PDF lacks %q", want)
		}
	}
}

// FuzzWriteMaterials writes layouts with materials whatever their pages'
// sizes, names, band codes and sums: a PDF or an error, never a panic.
func FuzzWriteMaterials(f *testing.F) {
	f.Add("Beyaz Sunta", 18.0, 183.0, 366.0, "B1", "Beyaz 18", 1450.5, 7.88, "https://kesim.local/is/42")
	f.Add("", 0.0, 0.0, 0.0, "", "", 0.0, 0.0, "")
	f.Add("\x00😀\u202e", -1.0, 1e300, 1e-300, "😀\n", strings.Repeat("ş", 300), 1e300, -1e300, "https://ş.local/is/1")
	f.Fuzz(func(t *testing.T, material string, thickness, w, h float64, code, stockName string, cost, meters float64, sheetURL string) {
		res := exporttest.Materials()
		res.Pages[1].Material, res.Pages[1].Thickness, res.Pages[1].Width, res.Pages[1].Height = material, thickness, w, h
		res.Pages[1].Parts[1].Edges = &nest.Edges{Left: code}
		res.Materials[0].Cost, res.Materials[0].CostLowerBound = cost, cost/2
		res.Stats.Cost = cost
		res.BandTotals[0].Meters, res.BandTotals[0].Code = meters, code
		stock, bands := exporttest.Kitchen()
		stock[1].Name, stock[1].Price = stockName, cost
		bands[0].Code, bands[0].Name = code, stockName
		var buf bytes.Buffer
		if err := Write(&buf, res, Options{Now: testNow, Stock: stock, Bands: bands, SheetURL: sheetURL}); err != nil {
			bad := errors.Is(err, export.ErrInvalid) || errors.Is(err, export.ErrSheetURL) || errors.Is(err, export.ErrSheetURLLong)
			if !bad || buf.Len() != 0 {
				t.Fatalf("error %v after %d bytes", err, buf.Len())
			}
			return
		}
		if !bytes.HasPrefix(buf.Bytes(), []byte("%PDF-")) {
			t.Fatal("not a PDF")
		}
	})
}

// Parts of three materials with no stock rows are cut from the default
// canvas: the order summary lists its sheets per material, each to buy, so
// that the workshop knows what to order, not one line of every sheet.
func TestOrderSummaryPerMaterialOnTheCanvas(t *testing.T) {
	part := func(name string, w, h float64, n int, material string, thickness float64) nest.Part {
		return nest.Part{Name: name, Width: w, Height: h, Quantity: n, Material: material, Thickness: thickness}
	}
	req := nest.Request{Sheet: nest.Sheet{Width: 100, Height: 148}, Parts: []nest.Part{
		part("Kapak", 45.5, 30, 6, "MDF", 18), part("Yan", 60, 40.25, 5, "MDF", 18),
		part("Raf", 80, 35, 4, "Sunta", 18), part("Arka", 90, 60, 2, "Sunta", 8),
	}}
	res, err := nest.Layout(context.Background(), req, nil)
	if err != nil {
		t.Fatal(err)
	}
	count := map[string]int{}
	for _, pg := range res.Pages {
		count[export.MaterialName(pg.Material, pg.Thickness)]++
	}
	if len(count) != 3 {
		t.Fatalf("sheets per material %v: want three materials", count)
	}
	file := filepath.Join(t.TempDir(), "canvas.pdf")
	if err := os.WriteFile(file, write(t, res, Options{Now: testNow}), 0o644); err != nil {
		t.Fatal(err)
	}
	order := squash(pdfPages(t, file)[1])
	for name, n := range count {
		// row, material, size, used, from stock, to buy
		if want := fmt.Sprintf("Varsayılan tuval %s 100 x 148 %d 0 %d", name, n, n); !strings.Contains(order, want) {
			t.Errorf("order summary lacks %q:\n%s", want, order)
		}
	}
	if want := fmt.Sprintf("Toplam %d 0 %d", len(res.Pages), len(res.Pages)); !strings.Contains(order, want) {
		t.Errorf("order summary lacks %q:\n%s", want, order)
	}
}
