// Package exporttest holds what the DXF and PDF writers' tests share:
// layouts to export, and the lookup of the external programs that check the
// files.
package exporttest

import (
	"cmp"
	"context"
	"fmt"
	"image"
	"image/png"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sync"
	"testing"

	"kesim/nest"
)

// TurkishName is a part name with every Turkish letter, which must come back
// unchanged from every file.
const TurkishName = "Çekmece Ön ğüşıöç İĞÜŞÖÇ"

// Small is a hand-made two-page layout on the default 100 x 148 sheet, with a
// rotated part, a part touching the sheet's far corner, a name with every
// Turkish letter and a name that looks like DXF control codes.
func Small() nest.Result {
	return nest.Result{
		Sheet: nest.Sheet{Width: 100, Height: 148},
		Pages: []nest.Page{
			{ID: "page-0", Efficiency: 56, Parts: []nest.Placed{
				{ID: "a-0", Name: TurkishName, X: 0, Y: 0, Width: 45.5, Height: 30},
				{ID: "b-0", Name: "Kapak", X: 45.5, Y: 0, Width: 30, Height: 60, Rotated: true, OriginalIndex: 1},
				{ID: "c-0", Name: `Raf 50% \U+0041 %%d`, X: 0, Y: 30, Width: 45.5, Height: 20.25, OriginalIndex: 2},
				{ID: "d-0", Name: "Arka", X: 60, Y: 108, Width: 40, Height: 40, OriginalIndex: 3},
			}},
			{ID: "page-1", Efficiency: 4, Parts: []nest.Placed{
				{ID: "e-0", Name: "Yan", X: 10, Y: 10, Width: 20, Height: 30, OriginalIndex: 4},
			}},
		},
		Skipped: []nest.Skipped{{OriginalIndex: 5, ID: "f", Name: "Dev", Width: 150, Height: 160, Quantity: 2,
			Reason: nest.SkipReason}},
		Stats: nest.Stats{Pages: 2, LowerBound: 1, Efficiency: 30, Placed: 5},
	}
}

// Names are the part names of the generated layouts, as a workshop writes them.
var Names = []string{"Kapak", "Yan Panel", "Raf", "Arka", "Çekmece Önü", "Kulp Çıtası", "Üst Tabla",
	"Dolap Kapağı", "Şifonyer Yanı", "Ayna Çerçevesi", "İç Bölme", "Ğ Profil"}

// Grid is a layout of n parts on 280 x 207 cm sheets (a common European
// sheet) built directly, without the engine: parts of varied sizes packed on
// shelves, tallest first. It is cheap enough for benchmarks of any size.
func Grid(n int) nest.Result {
	sheet := nest.Sheet{Width: 280, Height: 207}
	rng := rand.New(rand.NewPCG(1, 2))
	sizes := make([][2]float64, n)
	for i := range sizes {
		sizes[i] = [2]float64{float64(10+rng.IntN(600)) / 10, float64(10+rng.IntN(400)) / 10}
	}
	slices.SortStableFunc(sizes, func(a, b [2]float64) int { return cmp.Compare(b[1], a[1]) })
	res := nest.Result{Sheet: sheet}
	var page *nest.Page
	var x, y, shelf float64
	for i, size := range sizes {
		w, h := size[0], size[1]
		if x+w > sheet.Width {
			x, y, shelf = 0, y+shelf, 0
		}
		if page == nil || y+h > sheet.Height {
			res.Pages = append(res.Pages, nest.Page{ID: fmt.Sprintf("page-%d", len(res.Pages))})
			page = &res.Pages[len(res.Pages)-1]
			x, y, shelf = 0, 0, 0
		}
		page.Parts = append(page.Parts, nest.Placed{
			ID: fmt.Sprintf("p%d-0", i), Name: Names[i%len(Names)],
			X: x, Y: y, Width: w, Height: h, Rotated: i%3 == 0, OriginalIndex: i,
		})
		x += w
		shelf = max(shelf, h)
	}
	for i := range res.Pages {
		var area float64
		for _, p := range res.Pages[i].Parts {
			area += p.Width * p.Height
		}
		res.Pages[i].Efficiency = int(area/(sheet.Width*sheet.Height)*100 + 0.5)
	}
	res.Stats = nest.Stats{Pages: len(res.Pages), Placed: n}
	return res
}

// EngineRequests are jobs for the real engine: random part lists on
// several sheet sizes, with and without kerf, trim and rotation.
func EngineRequests() []nest.Request {
	var reqs []nest.Request
	rng := rand.New(rand.NewPCG(7, 11))
	no := false
	for i, c := range []struct {
		sheet      nest.Sheet
		parts      int
		kerf, trim float64
		guillotine bool
		fixed      bool
	}{
		{nest.Sheet{Width: 100, Height: 148}, 12, 0, 0, false, false},
		{nest.Sheet{Width: 280, Height: 207}, 60, 0.4, 1, false, false},
		{nest.Sheet{Width: 183, Height: 366}, 40, 0.3, 0.5, true, false},
		{nest.Sheet{Width: 210, Height: 280}, 30, 0, 2, false, true},
		{nest.Sheet{Width: 45.5, Height: 30.25}, 25, 0.1, 0, false, false},
	} {
		req := nest.Request{Sheet: c.sheet, Options: nest.Options{Kerf: c.kerf, Trim: c.trim, Guillotine: c.guillotine, Seed: int64(i)}}
		for j := range c.parts {
			p := nest.Part{
				ID:       fmt.Sprintf("p%d", j),
				Name:     Names[j%len(Names)],
				Width:    float64(5+rng.IntN(int(c.sheet.Width*10)*2/3)) / 10,
				Height:   float64(5+rng.IntN(int(c.sheet.Height*10)*2/3)) / 10,
				Quantity: 1 + rng.IntN(4),
			}
			if c.fixed {
				p.Rotate = &no
			}
			req.Parts = append(req.Parts, p)
		}
		reqs = append(reqs, req)
	}
	return reqs
}

// EngineLayouts runs the engine on EngineRequests, failing the test when a
// layout fails nest.Verify, so that the writers are tested on what users get.
// The layouts are computed once per test binary; callers must not change them.
func EngineLayouts(t testing.TB) []nest.Result {
	t.Helper()
	res, err := engineLayouts()
	if err != nil {
		t.Fatal(err)
	}
	return res
}

var engineLayouts = sync.OnceValues(func() ([]nest.Result, error) {
	var out []nest.Result
	for i, req := range EngineRequests() {
		res, err := nest.Layout(context.Background(), req, nil)
		if err != nil {
			return nil, fmt.Errorf("request %d: nest.Layout: %w", i, err)
		}
		if err := nest.Verify(req, res); err != nil {
			return nil, fmt.Errorf("request %d: nest.Verify: %w", i, err)
		}
		out = append(out, res)
	}
	return out, nil
})

// Tool returns the path of an external program the test needs. When it is
// missing the test is skipped, except under CI=true, where `make test`
// installs every such program and a missing one is a failure.
func Tool(t testing.TB, name, debianPackage string) string {
	t.Helper()
	path, err := exec.LookPath(name)
	if err != nil {
		Missing(t, name+" (Debian package "+debianPackage+")")
	}
	return path
}

// Named returns a copy of res whose every piece has a name of its own,
// Q0000 on (in page and part order), to find it in a paper's text.
func Named(res nest.Result) nest.Result {
	res.Pages = slices.Clone(res.Pages)
	k := 0
	for j := range res.Pages {
		res.Pages[j].Parts = slices.Clone(res.Pages[j].Parts)
		for n := range res.Pages[j].Parts {
			res.Pages[j].Parts[n].Name = fmt.Sprintf("Q%04d", k)
			k++
		}
	}
	return res
}

// PDFText returns the text of a PDF as pdftotext -raw reads it (in the
// order it is drawn, UTF-8), skipping the test without pdftotext (Tool).
func PDFText(t testing.TB, pdf []byte) string {
	t.Helper()
	pdftotext := Tool(t, "pdftotext", "poppler-utils")
	file := filepath.Join(t.TempDir(), "text.pdf")
	if err := os.WriteFile(file, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(pdftotext, "-enc", "UTF-8", "-raw", file, "-").CombinedOutput()
	if err != nil {
		t.Fatalf("pdftotext: %v\n%s", err, out)
	}
	return string(out)
}

// Missing skips the test, or fails it under CI=true, for a missing tool.
func Missing(t testing.TB, what string) {
	t.Helper()
	msg := fmt.Sprintf("%s is not installed; `make deps-test` installs it", what)
	if os.Getenv("CI") == "true" {
		t.Fatal(msg)
	}
	t.Skip(msg)
}

// CutSheet is a guillotine sheet whose cut sequence frees its pieces in
// another order than reading order: the first cut is the vertical one, so
// C and D (right) come off before A and B (left). Under a kerf of 0,4 cm
// (or the default 1 cm) every paper numbers them C 1, D 2, A 3, B 4
// (export.Numbers); in reading order they would be A 1, C 2, D 3, B 4.
// A second sheet, without cuts, is numbered in reading order: E, F, G.
func CutSheet() nest.Result {
	return nest.Result{Sheet: nest.Sheet{Width: 100, Height: 100}, Pages: []nest.Page{
		{ID: "page-0", Efficiency: 97, Parts: []nest.Placed{
			{ID: "A", Name: "Parça-A", X: 0, Y: 0, Width: 50, Height: 60, OriginalIndex: 0},
			{ID: "B", Name: "Parça-B", X: 0, Y: 60.4, Width: 50, Height: 39.6, OriginalIndex: 1},
			{ID: "C", Name: "Parça-C", X: 50.4, Y: 0, Width: 49.6, Height: 30, OriginalIndex: 2},
			{ID: "D", Name: "Parça-D", X: 50.4, Y: 30.4, Width: 49.6, Height: 69.6, OriginalIndex: 3},
		}, Cuts: []nest.Cut{
			{Order: 1, X: 50, Y: 0, Length: 100, Direction: nest.Vertical},
			{Order: 2, X: 50.4, Y: 30, Length: 49.6, Direction: nest.Horizontal},
			{Order: 3, X: 0, Y: 60, Length: 50, Direction: nest.Horizontal},
		}},
		{ID: "page-1", Efficiency: 3, Parts: []nest.Placed{
			{ID: "G", Name: "Parça-G", X: 50, Y: 50, Width: 10, Height: 10, OriginalIndex: 6},
			{ID: "E", Name: "Parça-E", X: 0, Y: 0, Width: 10, Height: 10, OriginalIndex: 4},
			{ID: "F", Name: "Parça-F", X: 20, Y: 0, Width: 10, Height: 10, OriginalIndex: 5},
		}},
	}}
}

// CutSheetNumbers are the numbers of CutSheet's pieces, by id.
var CutSheetNumbers = map[string]int{"C": 1, "D": 2, "A": 3, "B": 4, "E": 1, "F": 2, "G": 3}

// ReadPNG decodes the PNG file name (a page pdftoppm rendered).
func ReadPNG(t *testing.T, name string) image.Image {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	return img
}
