package labels

import (
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"kesim/export/internal/exporttest"
	"kesim/nest"
)

// A full page of labels, each piece banded on every side (codes on every
// edge) and with a Turkish name, for the page's outer labels to be full.
func fullPage() nest.Result {
	pg := nest.Page{ID: "page-0", Efficiency: 50}
	for i := range 24 {
		pg.Parts = append(pg.Parts, nest.Placed{ID: "p" + strconv.Itoa(i) + "-0", Name: "Üst dolap yan ğüşİÇ",
			X: float64(i%6) * 30, Y: float64(i/6) * 40, Width: 29, Height: 39,
			Edges: &nest.Edges{Top: "B2", Bottom: "B04", Left: "B2", Right: "B04"}})
	}
	return nest.Result{Sheet: nest.Sheet{Width: 183, Height: 366}, Pages: []nest.Page{pg}}
}

var wordRE = regexp.MustCompile(`<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>`)

// An office laser printer leaves about 4,2 mm along an A4 sheet's edges
// blank: no text of an A4 label sheet is drawn within 5 mm of the page's
// edge (the labels themselves run to it).
func TestA4LabelsKeepOffThePrintersEdge(t *testing.T) {
	pdftotext := exporttest.Tool(t, "pdftotext", "poppler-utils")
	for _, preset := range []string{PresetA4x24, PresetA4x8} {
		pr := presets[preset]
		file := write(t, nil, fullPage(), Options{Preset: preset, Job: "Mutfak Ayşe Hanım", SheetURL: "https://kesim.atolye.local/is/42"})
		words := 0
		for _, m := range wordRE.FindAllStringSubmatch(run(t, pdftotext, "-bbox", "-enc", "UTF-8", "-f", "1", "-l", "1", file, "-"), -1) {
			var b [4]float64
			for i := range b {
				b[i], _ = strconv.ParseFloat(m[i+1], 64)
				b[i] *= 25.4 / 72
			}
			words++
			// pdftotext's boxes take the font's whole height, a little more
			// than its letters.
			const eps = 0.3
			if d := min(b[0], b[1], pr.pageW-b[2], pr.pageH-b[3]); d < 5-eps {
				t.Errorf("%s: %q %.1f mm from the page's edge", preset, m[5], d)
			}
		}
		if words < 50 {
			t.Errorf("%s: %d words checked", preset, words)
		}
	}
}

// The QR codes and barcodes of a full a4-3x8 page still scan when a mono
// laser leaves 4,2 mm along the page's edges blank: rendered black and
// white at 300 dpi without that border, every code decodes.
func TestA4LabelCodesScanWithoutThePrintersEdge(t *testing.T) {
	pdftoppm := exporttest.Tool(t, "pdftoppm", "poppler-utils")
	zbarimg := exporttest.Tool(t, "zbarimg", "zbar-tools")
	file := write(t, nil, fullPage(), Options{Preset: PresetA4x24, SheetURL: "https://kesim.atolye.local/is/42"})
	dir := t.TempDir()
	const dpi, edge = 300, 4.2
	px := func(mm float64) string { return strconv.Itoa(int(mm / 25.4 * dpi)) }
	run(t, pdftoppm, "-mono", "-png", "-r", strconv.Itoa(dpi), "-f", "1", "-l", "1",
		"-x", px(edge), "-y", px(edge), "-W", px(210-2*edge), "-H", px(297-2*edge), file, filepath.Join(dir, "p"))
	pngs, _ := filepath.Glob(filepath.Join(dir, "p*.png"))
	if len(pngs) != 1 {
		t.Fatalf("rendered %v", pngs)
	}
	out := run(t, zbarimg, "-q", pngs[0])
	if qr, bars := strings.Count(out, "QR-Code:"), strings.Count(out, "CODE-128:"); qr != 24 || bars != 24 {
		t.Errorf("%d QR codes and %d barcodes of 24 scanned:\n%s", qr, bars, out)
	}
}
