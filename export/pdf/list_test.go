package pdf

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"codeberg.org/go-pdf/fpdf"

	"kesim/export"
	"kesim/export/internal/exporttest"
	"kesim/nest"
)

// truncRequest is a job whose sheet list, beside the drawing of a
// landscape sheet, printed its cuts as "K1 Dikey, x … 198,7" and its
// turned parts as "124,92 x 69,69 (…": the columns were too narrow.
const truncRequest = `{"stock":[{"id":"s2","material":"Ceviz MDF","thickness":18,"width":280,"height":200.7,"price":999.99}],
 "parts":[{"name":"Kapak","width":69.69,"height":124.92,"quantity":4,"material":"Ceviz MDF"},
          {"name":"Raf","width":9.33,"height":48.6,"quantity":1,"material":"Ceviz MDF"}],
 "options":{"kerf":0.3,"trim":1,"guillotine":true,"timeLimitMs":0}}`

// longValueRequests are guillotine jobs of parts with two decimals on
// portrait and landscape sheets, their cuts at positions such as 113,55
// and 365,19, their turned parts marked "(D)".
func longValueRequests(t *testing.T) []nest.Request {
	var req nest.Request
	if err := json.Unmarshal([]byte(truncRequest), &req); err != nil {
		t.Fatal(err)
	}
	reqs := []nest.Request{req}
	rng := rand.New(rand.NewPCG(3, 5))
	for i, s := range []nest.Sheet{{Width: 183, Height: 366}, {Width: 366, Height: 183}, {Width: 122, Height: 244},
		{Width: 280, Height: 200.7}, {Width: 210, Height: 280}, {Width: 244, Height: 122}} {
		req := nest.Request{Sheet: s, Options: nest.Options{Kerf: 0.3, Trim: 1, Guillotine: true, Seed: int64(i)}}
		for j := range 6 + rng.IntN(14) {
			req.Parts = append(req.Parts, nest.Part{ID: fmt.Sprint(j), Name: []string{"Kapak", "Raf", "Yan"}[j%3],
				Width:    float64(2000+rng.IntN(int(s.Width*100)*2/3)) / 100,
				Height:   float64(2000+rng.IntN(int(s.Height*100)*2/3)) / 100,
				Quantity: 1 + rng.IntN(4)})
		}
		reqs = append(reqs, req)
	}
	return reqs
}

// Every cut's row in a sheet's list prints its position and length in
// full, and every turned part its size and "(D)": on landscape and portrait
// sheets, with the list beside the drawing or below it.
func TestListPrintsCutsAndTurnsInFull(t *testing.T) {
	exporttest.Tool(t, "pdftotext", "poppler-utils")
	cut, turned := 0, 0
	for i, req := range longValueRequests(t) {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			res, err := nest.Layout(context.Background(), req, nil)
			if err != nil {
				t.Fatal(err)
			}
			file := filepath.Join(t.TempDir(), "l.pdf")
			if err := os.WriteFile(file, write(t, res, Options{Now: testNow, Stock: req.Stock}), 0o644); err != nil {
				t.Fatal(err)
			}
			if dir := os.Getenv("KESIM_PDF_OUT"); dir != "" {
				os.WriteFile(filepath.Join(dir, fmt.Sprintf("long-values-%d.pdf", i)), write(t, res, Options{Now: testNow, Stock: req.Stock}), 0o644)
			}
			text := squash(strings.Join(pdfPages(t, file), " "))
			// Each row is printed once per drawing: once for the sheets
			// of a pattern.
			want := map[string]int{}
			for _, g := range nest.PatternGroups(&res, pageIndexes(res)) {
				page := g[0]
				for _, l := range listLines((&doc{res: res}).sheetParts(page), res.Pages[page].Cuts, nil, 0) {
					switch {
					case strings.HasPrefix(l.number, "K"):
						want[l.number+" "+l.text+" "+l.right]++
						cut++
					case strings.HasSuffix(l.right, " (D)"):
						want[l.number+" "+l.text+" "+l.right]++
						turned++
					}
				}
			}
			for row, n := range want {
				if got := strings.Count(text, row); got < n {
					t.Errorf("%q printed %d times, want %d", row, got, n)
				}
			}
			if m := regexp.MustCompile(`[xy] = [\d,]*…|\([^)\s]*…`).FindString(text); m != "" {
				t.Errorf("a position or a turn mark is cut short: %q", m)
			}
		})
	}
	if cut < 50 || turned < 5 {
		t.Errorf("%d cuts and %d turned parts checked: the jobs no longer test long values", cut, turned)
	}
}

// testDoc is a doc with the fonts and a page, for measuring.
func testDoc() *doc {
	f := fpdf.New("P", "mm", "A4", "")
	Setup(f, DefaultTitle)
	f.AddPage()
	return &doc{f: f}
}

// A list of short values is set as it always was; long values widen the
// columns, never the other way round; and a list in less room than it
// needs gets a smaller font that fits, down to minListFont.
func TestMeasureList(t *testing.T) {
	d := testDoc()
	short := listLines([]nest.Placed{{Name: "Kapak", Width: 45.5, Height: 30}}, nil, nil, 0)
	m := d.measureList(short, listFont)
	if m.pt != listFont || m.number != numberWidth || m.right != sizeWidth ||
		m.minCol != swatchWidth+numberWidth+textGap+minNameWidth+rightGap+sizeWidth {
		t.Errorf("short list measured %+v", m)
	}
	long := listLines([]nest.Placed{{Name: strings.Repeat("Uzun ad ", 10), Width: 124.92, Height: 69.69, Rotated: true}},
		[]nest.Cut{{Order: 1, Direction: nest.Horizontal, Y: 138.02, Length: 198.7}, {Order: 120, Direction: nest.Vertical, X: 1113.55, Length: 66}}, nil, 0)
	m = d.measureList(long, listFont)
	width := func(style, s string) float64 { d.font(style, listFont); return d.f.GetStringWidth(s) }
	if m.right < width("", "124,92 x 69,69 (D)") || m.number < width("", "K120") {
		t.Errorf("long list measured %+v", m)
	}
	if room := m.minCol - swatchWidth - m.number - textGap - rightGap - m.right; room < width("", "Dikey, x = 1113,55")-1e-9 {
		t.Errorf("text room %v mm for %v mm of cut", room, width("", "Dikey, x = 1113,55"))
	}
	// Narrower columns, which a font down to minListFont still fits.
	for _, colW := range []float64{m.minCol + 10, m.minCol, m.minCol - 3, 0.94 * m.minCol} {
		s := d.fitList(long, m, colW)
		if s.minCol > colW+1e-9 || s.pt < minListFont || (colW >= m.minCol && s != m) {
			t.Errorf("in %v mm: %+v", colW, s)
		}
	}
	if s := d.fitList(long, m, 10); s.pt != minListFont {
		t.Errorf("in 10 mm: %v pt, want the smallest, %v", s.pt, minListFont)
	}
}

// fit cuts a text as the character-by-character search did, whatever its
// length.
func TestFit(t *testing.T) {
	d := testDoc()
	d.font("", 9)
	old := func(s string, width float64) string {
		if d.f.GetStringWidth(s) <= width {
			return s
		}
		r := []rune(s)
		for len(r) > 0 && d.f.GetStringWidth(string(r)+"…") > width {
			r = r[:len(r)-1]
		}
		if len(r) == 0 {
			return ""
		}
		return string(r) + "…"
	}
	var odd []int
	for i := 0; i < 600; i += 2 {
		odd = append(odd, i)
	}
	for _, s := range []string{"", "a", "Kapak", exporttest.TurkishName, "Desen: " + export.PatternLabel(odd)} {
		for _, w := range []float64{0, 1, 2.65, 3, 10, 57, 1000} {
			if got, want := d.fit(s, w), old(s, w); got != want {
				t.Errorf("fit(%.20q, %v) = %q, want %q", s, w, got, want)
			}
		}
	}
}
