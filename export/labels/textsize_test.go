package labels

import (
	"context"
	"os"
	"strings"
	"testing"

	"kesim/export/internal/exporttest"
	"kesim/nest"
)

// crowded is a layout whose labels hold as much as a label is asked to:
// long names, a long material, band codes short and long on all four
// edges, ids of every length (one that keeps its bars, a long one of
// digits that keeps them too, one too long for bars), Turkish letters.
func crowded(t *testing.T) (nest.Request, nest.Result) {
	t.Helper()
	long := "Üst dolap çekmece ön panel kulplu cam kapak sol taraf çok uzun bir ad"
	bands := []nest.Band{{Code: "PVC-0,8-BEYAZ-PARLAK-UZUN"}, {Code: "ABS2"}, {Code: "ABS-2-CEVİZ-UZUN-KOD"},
		{Code: "B04"}, {Code: "B2"}, {Code: "PVC 1 mm Meşe"}}
	four := func(a, b, c, d int) *nest.Edges {
		return &nest.Edges{Top: bands[a].Code, Bottom: bands[b].Code, Left: bands[c].Code, Right: bands[d].Code}
	}
	req := nest.Request{Sheet: nest.Sheet{Width: 183, Height: 366}, Bands: bands, Parts: []nest.Part{
		{ID: strings.Repeat("W", MaxID-2), Name: long, Width: 40, Height: 30, Quantity: 1, Thickness: 18,
			Material: "Beyaz Sunta Parlak Yüksek Yoğunluklu Çift Yüz Melaminli", Edges: four(0, 1, 1, 2)},
		{ID: "Çekmece ön panel ğüşiöç İĞÜŞÖÇ uzun kimlik", Name: long, Width: 30, Height: 20, Quantity: 1,
			Grain: nest.GrainVertical, Edges: four(2, 0, 0, 2)},
		{ID: "ÜstDolapKapakSolX", Name: "Kapı Ön Çekmece", Width: 60, Height: 45.5, Quantity: 2, Edges: four(3, 4, 5, 3)},
		{ID: "1234567890123456789012345678901", Name: "Raf", Width: 80, Height: 35, Quantity: 1, Edges: four(4, 4, 4, 4)},
		{ID: "Ø%", Name: exporttest.TurkishName, Width: 5, Height: 120, Quantity: 1, Edges: four(5, 5, 2, 0)},
	}}
	res, err := nest.Layout(context.Background(), req, nil)
	if err != nil {
		t.Fatal(err)
	}
	return req, res
}

// No text of a label is smaller than 6 pt, as on the shop PDF (see
// pdf.TestNoTextUnder6pt): smaller letters break up in a laser printer's
// halftone and on a thermal roll. The band codes were set in 5 pt (4,65
// on a4-3x8, shrunk to 3,3 when long), the id under the barcode in 5,6
// and less: every preset, the crowded labels and the kitchen's.
func TestNoLabelTextUnder6pt(t *testing.T) {
	req, res := crowded(t)
	kreq := exporttest.KitchenRequest()
	kres := exporttest.EngineMaterials(t)
	for _, preset := range []string{PresetA4x24, PresetA4x8, PresetRoll} {
		for _, c := range []struct {
			req *nest.Request
			res nest.Result
			opt Options
		}{
			{&req, res, Options{Job: "Ayşe Hanım — Çeşme Mutfağı ve salonun bütün dolapları, büyük iş"}},
			{&req, res, Options{SheetURL: "https://kesim.atolye.local/is/42"}},
			{&kreq, kres, Options{Job: "Mutfak"}},
		} {
			c.opt.Preset = preset
			file, err := os.ReadFile(write(t, c.req, c.res, c.opt))
			if err != nil {
				t.Fatal(err)
			}
			pages := exporttest.ContentOps(t, file)
			if len(pages) == 0 {
				t.Fatalf("%s: no pages read", preset)
			}
			for p, page := range pages {
				for _, s := range page.Texts {
					if s.Size < 6-1e-9 {
						t.Errorf("%s page %d: %s set in %.2f pt", preset, p+1, s.Text, s.Size)
					}
				}
			}
		}
	}
}

// Band codes of up to about 15 letters (two lines along their edge) print
// whole on every preset, on all four edges at once; a longer one keeps
// its start and its end around a "…". They were cut at their end
// ("ABS-2-CEVİZ-…"), so two long codes of one start printed alike.
func TestBandCodesWholeOnLabels(t *testing.T) {
	pdftotext := exporttest.Tool(t, "pdftotext", "poppler-utils")
	bands := []nest.Band{{Code: "ABS-2-CEVİZ-KOD"}, {Code: "PVC 1 mm Meşe"}, {Code: "ABS-2-MEŞE"}, {Code: "B04"},
		{Code: "PVC-0,8-BEYAZ-PARLAK-UZUN"}}
	req := nest.Request{Sheet: nest.Sheet{Width: 100, Height: 148}, Bands: bands, Parts: []nest.Part{
		{ID: "a", Name: "Yan", Width: 60, Height: 40, Quantity: 1,
			Edges: &nest.Edges{Top: bands[0].Code, Bottom: bands[1].Code, Left: bands[2].Code, Right: bands[3].Code}},
		{ID: "b", Name: "Raf", Width: 4, Height: 90, Quantity: 1,
			Edges: &nest.Edges{Top: bands[1].Code, Bottom: bands[0].Code, Left: bands[1].Code, Right: bands[2].Code}},
		{ID: "c", Name: "Arka", Width: 30, Height: 30, Quantity: 1, Edges: &nest.Edges{Top: bands[4].Code}},
	}}
	res, err := nest.Layout(context.Background(), req, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, preset := range []string{PresetA4x24, PresetA4x8, PresetRoll} {
		text := noSpace(run(t, pdftotext, "-raw", "-enc", "UTF-8", write(t, &req, res, Options{Preset: preset}), "-"))
		want := map[string]int{"ABS-2-CEVİZ-KOD": 2, "PVC1mmMeşe": 3, "ABS-2-MEŞE": 2, "B04": 1}
		if preset == PresetA4x24 {
			// The thin part's turned code has the room its two-line top and
			// bottom codes leave: "PVC 1…Meşe".
			want["PVC1mmMeşe"] = 2
		}
		for c, n := range want {
			if got := strings.Count(text, c); got != n {
				t.Errorf("%s: band code %q printed whole %d times, want %d:\n%s", preset, c, got, n, text)
			}
		}
		long := "PVC-0,8-BEYAZ-PARLAK-UZUN"
		if preset == PresetA4x24 {
			long = "PVC-0,8-…ARLAK-UZUN"
		}
		if !strings.Contains(text, long) {
			t.Errorf("%s: the longest code printed not as %q:\n%s", preset, long, text)
		}
	}
}
