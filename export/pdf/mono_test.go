package pdf

import (
	"fmt"
	"testing"

	"kesim/export/internal/exporttest"
	"kesim/nest"
)

// A black-and-white laser printer, what most workshops print on, turns
// every colour into a grey: what tells things apart on paper must be a
// line's width or dash pattern, a grey level, or a word, not a hue.

// twoBands is one sheet with one part banded along its top with code A and
// along its bottom with code B, its sides left bare.
func twoBands() (nest.Result, []nest.Band) {
	res := nest.Result{
		Sheet: nest.Sheet{Width: 100, Height: 148},
		Pages: []nest.Page{{ID: "page-0", Efficiency: 20, Parts: []nest.Placed{
			{ID: "p1-0", Name: "Raf", X: 0, Y: 0, Width: 80, Height: 40, Edges: &nest.Edges{Top: "A", Bottom: "B"}},
		}}},
	}
	return res, []nest.Band{{Code: "A", Name: "PVC 2 mm", Thickness: 2}, {Code: "B", Name: "PVC 0,4 mm", Thickness: 0.4}}
}

// The edge bander tells a part's banded edges from its bare ones, and one
// band code's edges from another's, in grey: a banded edge is drawn
// thicker than a part's outline, and two codes' edges differ in dash
// pattern; the legend draws each code's line as its edges are drawn.
func TestBandedEdgesDifferWithoutColour(t *testing.T) {
	res, bands := twoBands()
	pages := exporttest.ContentOps(t, write(t, res, Options{Now: testNow, Bands: bands}))
	if len(pages) != 2 {
		t.Fatalf("%d pages, want the summary and the sheet", len(pages))
	}
	outline := 0.0 // the widest line that is not a band's: the sheet's outline
	var thick []exporttest.Stroke
	for _, s := range pages[1].Strokes {
		if s.Width >= 2 { // points; 0,9 mm is 2,55 pt
			thick = append(thick, s)
		} else {
			outline = max(outline, s.Width)
		}
	}
	// The part's top and bottom edges, then the legend's two lines.
	if len(thick) != 4 {
		t.Fatalf("%d thick lines, want 2 banded edges and 2 legend lines: %+v", len(thick), thick)
	}
	if thick[0].Width < 2.5*outline {
		t.Errorf("banded edge %.2f pt wide, a bare edge %.2f pt: too alike in grey", thick[0].Width, outline)
	}
	top, bottom := thick[0], thick[1]
	if top.Y1 < bottom.Y1 { // PDF y runs up
		top, bottom = bottom, top
	}
	if top.Dash == bottom.Dash {
		t.Errorf("the edges of band codes A and B are both drawn %q: told apart by colour alone", top.Dash)
	}
	legendA, legendB := thick[2], thick[3] // the legend lists A, then B
	if legendA.Y1 < legendB.Y1 {
		t.Fatalf("legend lines out of order: %+v", thick[2:])
	}
	if legendA.Dash != top.Dash || legendB.Dash != bottom.Dash {
		t.Errorf("legend draws A %q and B %q, the edges are drawn A %q and B %q", legendA.Dash, legendB.Dash, top.Dash, bottom.Dash)
	}
	for _, s := range pages[1].Strokes {
		if s.Width < 2 && s.Dash != "[] 0.00" {
			t.Errorf("a thin line is dashed (%q): a dash marks a band only", s.Dash)
		}
	}
}

// Every band code of a sheet's legend, up to the number of colours, has a
// dash pattern of its own.
func TestBandDashesDistinct(t *testing.T) {
	seen := map[string]int{}
	for i, d := range bandDashes {
		key := fmt.Sprint(d)
		if j, ok := seen[key]; ok {
			t.Errorf("band styles %d and %d share the dash pattern %v", j, i, d)
		}
		seen[key] = i
	}
}

// Past six band codes a job's codes still differ in colour or in dash
// pattern: the first 36 each have a style of their own.
func TestBandStylesPastSixCodes(t *testing.T) {
	seen := map[[2]int]int{}
	for i := range len(bandPalette) * len(bandDashes) {
		c, d := bandStyle(i)
		if j, ok := seen[[2]int{c, d}]; ok {
			t.Errorf("band codes %d and %d share colour %d and dash pattern %d", j, i, c, d)
		}
		seen[[2]int{c, d}] = i
	}
	if c, d := bandStyle(0); c != 0 || d != 0 {
		t.Errorf("the first code is colour %d, pattern %d; want the first of each (solid)", c, d)
	}
}

// No text of the shop PDF is smaller than 6 pt: smaller letters break up
// in a laser printer's halftone. Part numbers, grid numbers, cut tags and
// the names in small parts included, on the engine's layouts (guillotine
// ones with their cut tags), a sheet of tiny parts and a kitchen job.
func TestNoTextUnder6pt(t *testing.T) {
	layouts := append([]nest.Result{tinyParts(), tinyCuts(), exporttest.Materials()}, exporttest.EngineLayouts(t)...)
	stock, bands := exporttest.Kitchen()
	for n, res := range layouts {
		for p, page := range exporttest.ContentOps(t, write(t, res, Options{Now: testNow, Stock: stock, Bands: bands})) {
			for _, s := range page.Texts {
				if s.Size < 6 {
					t.Errorf("layout %d page %d: %s set in %.2f pt", n, p+1, s.Text, s.Size)
				}
			}
		}
	}
}

// grey is the share of black a monochrome printer lays down for a colour
// (1 − luminance, ITU-R BT.601 weights, as printer drivers convert).
func grey(c [3]int) float64 {
	return 1 - (0.299*float64(c[0])+0.587*float64(c[1])+0.114*float64(c[2]))/255
}

// Every part's fill prints in grey: at least 12 %, as a laser drops
// fills under about 10 % and a part then looks like waste, and at most
// 30 %, under which black 6 pt text stays sharp.
func TestFillsKeepTheirGrey(t *testing.T) {
	for i, c := range palette {
		if g := grey(c); g < 0.12 || g > 0.30 {
			t.Errorf("fill %d %v prints %.1f %% grey, want 12 to 30 %%", i, c, 100*g)
		}
	}
}
