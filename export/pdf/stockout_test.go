package pdf

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"kesim/export/internal/exporttest"
	"kesim/nest"
)

// When limited stock runs out, the PDF says plainly how many parts were
// left for want of stock, and claims no bound nor "the cheapest" for the
// plan (which speak of the parts placed): not on the summary, not on the
// order summary, not for the material that ran out (the engine's
// MaterialResult.StockOut). A material with stock to spare keeps its proof.
func TestStockOutIsSaidPlainly(t *testing.T) {
	stock, bands := exporttest.Kitchen()
	stock[0].Quantity, stock[1].Quantity = 1, 1 // Beyaz Sunta 18 mm: both rows used up
	res := exporttest.Materials()
	for i := range res.Materials {
		if res.Materials[i].Material == "Beyaz Sunta" && res.Materials[i].Thickness == 18 {
			res.Materials[i].StockOut = 51
		}
	}
	res.Skipped = append(res.Skipped, nest.Skipped{ID: "p7", Name: "Raf", Width: 75.6, Height: 52, Quantity: 51, Reason: nest.SkipStockOut})
	pages, page := writtenPages(t, res, Options{Now: testNow, Stock: stock, Bands: bands})
	summary, order := pages[0], page("Sipariş özeti")
	white, walnut := page("Beyaz Sunta 18 mm Malzeme"), page("Ceviz MDF 18 mm Malzeme")
	if !strings.Contains(summary, "Stok yetmedi 51 parça stok yetmediği için yerleştirilemedi") {
		t.Errorf("the summary does not say the stock ran out:\n%s", summary)
	}
	// The parts left (51 for want of stock, 1 without stock rows) are not
	// parts that fit no sheet: "Sığmayan parça 52" had said so of them.
	if !strings.Contains(summary, "Yerleştirilemeyen parça 52 (aşağıda)") || strings.Contains(summary, "Sığmayan") {
		t.Errorf("the summary does not count the parts left as not placed:\n%s", summary)
	}
	if !strings.Contains(order, "Stok yetmedi: 51 parça stok yetmediği için yerleştirilemedi") {
		t.Errorf("the order summary does not say the stock ran out:\n%s", order)
	}
	for name, p := range map[string]string{"summary": summary, "order summary": order, "Beyaz Sunta 18 mm": white} {
		for _, claim := range []string{"gerekir", "en az", "ucuz olamaz", "en ucuzu", "alt sınırı"} {
			if strings.Contains(p, claim) {
				t.Errorf("%s claims %q with parts left for want of stock:\n%s", name, claim, p)
			}
		}
	}
	if !strings.Contains(white, "Stok yetmedi: bu malzemenin stoku bitti") {
		t.Errorf("the material that ran out does not say so:\n%s", white)
	}
	if !strings.Contains(walnut, "(plan en ucuzu)") || strings.Contains(walnut, "Stok yetmedi") {
		t.Errorf("a material with stock to spare lost its proof:\n%s", walnut)
	}
}

// A material with a stock row without a price is laid out for the least
// sheet area (nest.ObjectiveArea): its cost bound is 0 and its Optimal
// speaks of area. The PDF states its cost but neither a bound nor "the
// cheapest", and the order summary and the summary claim no total bound
// that leaves it out. The materials priced in full keep their proofs.
func TestUnpricedMaterialClaimsNoCostBound(t *testing.T) {
	stock, bands := exporttest.Kitchen()
	stock = append(stock, nest.Stock{ID: "s9", Material: "Ceviz MDF", Thickness: 18, Width: 60, Height: 90, Quantity: 1})
	res := exporttest.Materials()
	for i := range res.Materials {
		if m := &res.Materials[i]; m.Material == "Ceviz MDF" {
			m.Objective, m.CostLowerBound = nest.ObjectiveArea, 0
			res.Stats.CostLowerBound -= 2100.5
		}
	}
	pages, page := writtenPages(t, res, Options{Now: testNow, Stock: stock, Bands: bands})
	summary, order := pages[0], page("Sipariş özeti")
	walnut, thin := page("Ceviz MDF 18 mm Malzeme"), page("Beyaz Sunta 8 mm Malzeme")
	if !strings.Contains(walnut, "2.100,50 TL") {
		t.Errorf("the unpriced material lost its cost:\n%s", walnut)
	}
	for name, p := range map[string]string{"Ceviz MDF": walnut, "summary": summary, "order summary": order} {
		for _, claim := range []string{"ucuz olamaz", "en ucuzu", "alt sınırı", "TL (en az"} {
			if strings.Contains(p, claim) {
				t.Errorf("%s claims %q for a material laid out for area:\n%s", name, claim, p)
			}
		}
	}
	if !strings.Contains(thin, "(plan en ucuzu)") {
		t.Errorf("a material priced in full lost its proof:\n%s", thin)
	}
}

// writtenPages writes res as a PDF and returns its pages' text, spaces
// squashed, and a finder of the page that starts with a heading.
func writtenPages(t *testing.T, res nest.Result, opt Options) ([]string, func(head string) string) {
	t.Helper()
	file := filepath.Join(t.TempDir(), "k.pdf")
	if err := os.WriteFile(file, write(t, res, opt), 0o644); err != nil {
		t.Fatal(err)
	}
	pages := pdfPages(t, file)
	for i := range pages {
		pages[i] = squash(pages[i])
	}
	return pages, func(head string) string {
		t.Helper()
		for _, p := range pages {
			if strings.HasPrefix(strings.TrimSpace(p), head) {
				return p
			}
		}
		t.Fatalf("no page starts with %q", head)
		return ""
	}
}
