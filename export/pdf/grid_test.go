package pdf

import (
	"math"
	"os"
	"path/filepath"
	"testing"

	"kesim/export/internal/exporttest"
	"kesim/nest"
)

// The grid of a sheet's drawing stays a line on a black-and-white laser:
// rendered black and white (halftoned) at 300 dpi, no grid line has a gap
// wider than about 1 mm (11 pixels) where no part covers it; dots that
// close read as a line. (poppler's halftone is random: its widest gaps
// are 6 or 7 pixels.) Its 0,1 mm lines of 20 % grey broke up into specks
// with gaps of 1,6 to 3 mm (19 to 37 pixels), two thirds of the line blank,
// and the grid, which a saw operator finds an offcut's place by, read as
// dust. A grey grid cannot be solid in a halftone; a black one would be,
// but drew as heavy as the parts (TestGridLighterThanParts).
func TestGridSurvivesMonoRender(t *testing.T) {
	pdftoppm := exporttest.Tool(t, "pdftoppm", "poppler-utils")
	// One part in the far corner: the grid runs clear over the rest.
	res := nest.Result{Sheet: nest.Sheet{Width: 280, Height: 207}, Pages: []nest.Page{{ID: "page-0", Efficiency: 8,
		Parts: []nest.Placed{{ID: "p1-0", Name: "Raf", X: 200, Y: 150, Width: 80, Height: 57}}}}}
	file := write(t, res, Options{Now: testNow})
	pages := exporttest.ContentOps(t, file)
	if len(pages) != 2 {
		t.Fatalf("%d pages, want the summary and the sheet", len(pages))
	}
	// The grid's lines run across the whole sheet: its vertical ones are
	// the longest vertical lines drawn, 20 cm apart, its horizontal ones
	// as long as the sheet is wide (14 of those steps).
	var vertical, horizontal []exporttest.Stroke
	longest := 0.0
	for _, s := range pages[1].Strokes {
		if s.X1 == s.X2 {
			longest = max(longest, math.Abs(s.Y2-s.Y1))
		}
	}
	for _, s := range pages[1].Strokes {
		if s.X1 == s.X2 && math.Abs(math.Abs(s.Y2-s.Y1)-longest) < 0.5 {
			vertical = append(vertical, s)
		}
	}
	if len(vertical) < 2 {
		t.Fatalf("%d vertical grid lines", len(vertical))
	}
	step := vertical[1].X1 - vertical[0].X1 // 20 cm
	for _, s := range pages[1].Strokes {
		if s.Y1 == s.Y2 && math.Abs(math.Abs(s.X2-s.X1)-14*step) < 0.5 {
			horizontal = append(horizontal, s)
		}
	}
	// 280 cm by 20 cm: 13 lines; 207 cm: 10.
	if len(vertical) != 13 || len(horizontal) != 10 {
		t.Fatalf("%d vertical and %d horizontal grid lines, want 13 and 10", len(vertical), len(horizontal))
	}

	dir := t.TempDir()
	path := filepath.Join(dir, "p")
	const dpi = 300
	run(t, pdftoppm, "-mono", "-png", "-r", "300", "-f", "2", "-l", "2", "-singlefile", string(fileIn(t, dir, file)), path)
	img := exporttest.ReadPNG(t, path+".png")
	b := img.Bounds()
	pageH := float64(b.Dy()) / dpi * 72 // points
	px := func(v float64) int { return int(math.Round(v / 72 * dpi)) }
	dark := func(x, y int) bool {
		r, _, _, _ := img.At(x, y).RGBA()
		return r < 0x8000
	}
	// Where the part is, in points (PDF y up): the lines stop short of it.
	sheetX0, sheetTop := vertical[0].X1, max(vertical[0].Y1, vertical[0].Y2)
	partX0, partY0 := sheetX0+(200-20)/20*step, sheetTop-(150-20)/20*step

	// A pixel along a line is dark when a pixel within two of its middle,
	// across it, is.
	check := func(name string, along [2]int, across int, at func(a, c int) (int, int)) {
		gap, widest := 0, 0
		for a := along[0]; a < along[1]; a++ {
			found := false
			for c := across - 2; c <= across+2 && !found; c++ {
				found = dark(at(a, c))
			}
			if !found {
				gap++
				widest = max(widest, gap)
			} else {
				gap = 0
			}
		}
		if widest > 11 {
			t.Errorf("%s grid line: a gap of %d pixels (%.1f mm) in a 300 dpi mono render", name, widest, float64(widest)*25.4/dpi)
		}
	}
	for _, s := range vertical {
		if s.X1 >= partX0-1 {
			continue
		}
		top, bottom := px(pageH-max(s.Y1, s.Y2))+4, px(pageH-min(s.Y1, s.Y2))-4
		check("vertical", [2]int{top, bottom}, px(s.X1), func(a, c int) (int, int) { return c, a })
	}
	for _, s := range horizontal {
		if s.Y1 <= partY0+1 {
			continue
		}
		left, right := px(min(s.X1, s.X2))+4, px(max(s.X1, s.X2))-4
		check("horizontal", [2]int{left, right}, px(pageH-s.Y1), func(a, c int) (int, int) { return a, c })
	}
}

// The grid stays lighter than what it is drawn under: a grid line lays
// down less toner (width times grey) than a part's outline, 0,2 mm of
// grey 60, and is no wider; the sheet's outline, the cuts and the banded
// edges are wider and darker still.
func TestGridLighterThanParts(t *testing.T) {
	ink := func(width float64, grey int) float64 { return width * (1 - float64(grey)/255) }
	if ink(gridWidth, gridGrey) >= 0.6*ink(0.2, 60) || gridWidth > 0.2 {
		t.Errorf("grid %.2f mm of grey %d: %.3f of toner, a part's outline %.3f", gridWidth, gridGrey, ink(gridWidth, gridGrey), ink(0.2, 60))
	}
}

// fileIn writes pdf to a file in dir and returns its name.
func fileIn(t *testing.T, dir string, pdf []byte) string {
	t.Helper()
	name := filepath.Join(dir, "sheet.pdf")
	if err := os.WriteFile(name, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	return name
}
