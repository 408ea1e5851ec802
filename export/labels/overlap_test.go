package labels

import (
	"context"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"kesim/export/internal/exporttest"
	"kesim/nest"
)

// No two words of a label are drawn over each other: the band codes of a
// flat or a thin part, long on all four edges, and an id that wraps onto
// many lines under a label full of text lines. A top code wider than its
// part ran into the side codes, which run past a flat part's ends; an id
// broken only after its dashes took six lines, and the barcode's note
// was drawn over the job's name.
func TestNoWordsOverlap(t *testing.T) {
	pdftotext := exporttest.Tool(t, "pdftotext", "poppler-utils")
	codes := []string{"PVC-0,8-BEYAZ-PARLAK-UZUN", "ABS-2-CEVİZ-UZUN-KOD", "PVC 1 mm Meşe Doğal Parlak",
		"ŞĞÜİÖÇ-ŞĞÜİÖÇ-ŞĞÜİÖÇ-WWW", "B04", strings.Repeat("W", 30)}
	var bands []nest.Band
	for _, c := range codes {
		bands = append(bands, nest.Band{Code: c})
	}
	four := func(a, b, c, d int) *nest.Edges {
		return &nest.Edges{Top: codes[a], Bottom: codes[b], Left: codes[c], Right: codes[d]}
	}
	dashed := strings.Repeat("WWWWWWWWWWW-", 5) + "WW" // 64 letters with its "-0"
	req := nest.Request{Sheet: nest.Sheet{Width: 183, Height: 366}, Bands: bands, Parts: []nest.Part{
		{ID: dashed, Name: "Üst dolap çekmece ön panel kulplu cam kapak sol taraf çok uzun", Width: 80, Height: 20,
			Quantity: 1, Material: "Beyaz Sunta Parlak Yüksek Yoğunluklu Çift Yüz", Thickness: 18, Edges: four(0, 1, 2, 3)},
		{ID: "Çekmece ön panel ğüşiöç İĞÜŞÖÇ uzun kimlik", Name: "Kapı Ön Çekmece", Width: 100, Height: 15,
			Quantity: 1, Material: "MDF", Thickness: 18, Edges: four(5, 5, 5, 5)},
		{ID: "ÜST KAPAK SOL ÇEKMECE ÖN PANEL BÜYÜK", Name: "Yan", Width: 15, Height: 100, Quantity: 1,
			Material: "MDF", Thickness: 18, Edges: four(2, 4, 1, 0)},
		{ID: strings.Repeat("Ğ", MaxID-2), Name: "Arka", Width: 120, Height: 8, Quantity: 1,
			Material: "MDF", Thickness: 18, Edges: four(3, 3, 0, 1)},
		{ID: strings.Repeat("MMMMMMMMMMMM-", 4) + "MMMMMMMMMM", Name: "Ön", Width: 200, Height: 10, Quantity: 1,
			Material: "MDF", Thickness: 18, Grain: nest.GrainVertical, Edges: four(0, 0, 1, 1)},
		// Wider than the bars, which it keeps: two lines under them.
		{ID: "ÇEKMECEÖNPANELSOL", Name: "Çekmece", Width: 50, Height: 50, Quantity: 1, Material: "MDF", Thickness: 18,
			Edges: four(2, 2, 2, 2)},
		{ID: "kisa", Name: "Raf", Width: 60, Height: 40, Quantity: 1, Material: "MDF", Thickness: 18, Edges: four(4, 4, 4, 4)},
	}}
	res, err := nest.Layout(context.Background(), req, nil)
	if err != nil {
		t.Fatal(err)
	}
	word := regexp.MustCompile(`<page |<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>`)
	type box struct {
		x0, y0, x1, y1 float64
		text           string
	}
	// pdftotext's boxes take a font's whole height, 1,15 of its size:
	// lines set their size apart overlap by about a point.
	const slack = 1.5 // points
	for _, preset := range []string{PresetA4x24, PresetA4x8, PresetRoll} {
		file := write(t, &req, res, Options{Preset: preset, Job: "Ayşe Hanım — Çeşme Mutfağı ve salonun bütün dolapları"})
		page := 0
		var words []box
		for _, m := range word.FindAllStringSubmatch(run(t, pdftotext, "-bbox", "-enc", "UTF-8", file, "-"), -1) {
			if m[1] == "" {
				page++
				words = words[:0]
				continue
			}
			var b box
			for i, v := range []*float64{&b.x0, &b.y0, &b.x1, &b.y1} {
				*v, _ = strconv.ParseFloat(m[i+1], 64)
			}
			b.text = m[5]
			for _, o := range words {
				if min(b.x1, o.x1)-max(b.x0, o.x0) > slack && min(b.y1, o.y1)-max(b.y0, o.y0) > slack {
					t.Errorf("%s page %d: %q and %q are drawn over each other", preset, page, o.text, b.text)
				}
			}
			words = append(words, b)
		}
		if page == 0 {
			t.Fatalf("%s: no pages read", preset)
		}
	}
}
