package pdf

import (
	"fmt"
	"html"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"kesim/export/internal/exporttest"
	"kesim/nest"
)

// bword is a word of pdftotext -bbox's output, its box in points.
type bword struct {
	XMin, YMin, XMax, YMax float64
	Text                   string
}

var bwordRE = regexp.MustCompile(`<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>`)

// bboxPages returns the words of every page of the PDF of res, as
// pdftotext -bbox finds them.
func bboxPages(t *testing.T, res nest.Result, opt Options) [][]bword {
	t.Helper()
	pdftotext := exporttest.Tool(t, "pdftotext", "poppler-utils")
	file := filepath.Join(t.TempDir(), "b.pdf")
	if err := os.WriteFile(file, write(t, res, opt), 0o644); err != nil {
		t.Fatal(err)
	}
	var pages [][]bword
	for _, page := range strings.Split(run(t, pdftotext, "-enc", "UTF-8", "-bbox", file, "-"), "<page ")[1:] {
		var words []bword
		for _, m := range bwordRE.FindAllStringSubmatch(page, -1) {
			var w bword
			for i, v := range []*float64{&w.XMin, &w.YMin, &w.XMax, &w.YMax} {
				*v, _ = strconv.ParseFloat(m[i+1], 64)
			}
			w.Text = html.UnescapeString(m[5])
			words = append(words, w)
		}
		pages = append(pages, words)
	}
	return pages
}

var cutTag = regexp.MustCompile(`^K\d+$`)

// tinyCuts is a guillotine sheet of a few parts and of small parts
// stacked along its right edge, each freed by cuts of its own: their tags
// piled up on the parts' numbers.
func tinyCuts() nest.Result {
	pg := nest.Page{ID: "page-0", Efficiency: 50}
	pg.Parts = append(pg.Parts,
		nest.Placed{ID: "a", Name: "Yan", X: 0, Y: 0, Width: 60, Height: 70},
		nest.Placed{ID: "b", Name: "Yan", X: 60.4, Y: 0, Width: 30, Height: 70},
		nest.Placed{ID: "c", Name: "Raf", X: 0, Y: 70.4, Width: 90.4, Height: 40})
	pg.Cuts = append(pg.Cuts,
		nest.Cut{Order: 1, X: 0, Y: 70, Length: 100, Direction: nest.Horizontal},
		nest.Cut{Order: 2, X: 60, Y: 0, Length: 70, Direction: nest.Vertical},
		nest.Cut{Order: 3, X: 90.4, Y: 0, Length: 70, Direction: nest.Vertical})
	for i := range 12 {
		y := float64(i) * 3.4
		pg.Parts = append(pg.Parts, nest.Placed{ID: fmt.Sprint("t", i), Name: "Takoz", X: 90.8, Y: y, Width: 3, Height: 3})
		pg.Cuts = append(pg.Cuts, nest.Cut{Order: 4 + i, X: 90.8, Y: y + 3, Length: 9, Direction: nest.Horizontal})
	}
	return nest.Result{Sheet: nest.Sheet{Width: 100, Height: 148}, Pages: []nest.Page{pg}}
}

// No cut's tag ("K4") covers a part's number, name or size, nor another
// tag: on the engine's guillotine layouts and on a sheet of small parts.
func TestCutTagsCoverNoText(t *testing.T) {
	layouts := []nest.Result{tinyCuts()}
	for i, req := range exporttest.EngineRequests() {
		if req.Options.Guillotine {
			layouts = append(layouts, exporttest.EngineLayouts(t)[i])
		}
	}
	tags := 0
	for n, res := range layouts {
		for p, words := range bboxPages(t, res, Options{Now: testNow}) {
			for i, a := range words {
				if !cutTag.MatchString(a.Text) {
					continue
				}
				tags++
				for j, b := range words {
					// A hair less than the boxes: the fonts' boxes touch.
					const hair = 0.3
					if i != j && a.XMin+hair < b.XMax && b.XMin+hair < a.XMax && a.YMin+hair < b.YMax && b.YMin+hair < a.YMax {
						t.Errorf("layout %d page %d: tag %s covers %q", n, p+1, a.Text, b.Text)
					}
				}
			}
		}
	}
	if tags < 50 {
		t.Errorf("%d tags checked", tags)
	}
}

// tinyParts is a 183 x 366 sheet with parts of 1 x 0,5 cm: some alone,
// too small for their number, which goes outside them on a leader; a
// hundred packed together, most of whose numbers find no room even so.
func tinyParts() nest.Result {
	pg := nest.Page{ID: "page-0", Efficiency: 1}
	pg.Parts = append(pg.Parts, nest.Placed{ID: "big", Name: "Yan", X: 0, Y: 0, Width: 80, Height: 100})
	for i := range 5 {
		pg.Parts = append(pg.Parts, nest.Placed{ID: fmt.Sprint("s", i), Name: "Pim", X: 100 + float64(i)*15, Y: 20 + float64(i)*40, Width: 1, Height: 0.5})
	}
	for i := range 100 {
		pg.Parts = append(pg.Parts, nest.Placed{ID: fmt.Sprint("d", i), Name: "Pim", X: 10 + float64(i%10)*1.2, Y: 200 + float64(i/10)*0.7, Width: 1, Height: 0.5})
	}
	return nest.Result{Sheet: nest.Sheet{Width: 183, Height: 366}, Pages: []nest.Page{pg}}
}

// Every part's number is on the drawing (inside it, or outside on a
// leader), or the list marks it "*" and says it is too small to be drawn:
// the list's numbers can all be found, or are known not to be there.
func TestEveryNumberOnTheDrawingOrMarked(t *testing.T) {
	res := tinyParts()
	pages := bboxPages(t, res, Options{Now: testNow})
	count := map[string]int{}
	for _, p := range pages[1:] { // the sheet's page and its list's
		for _, w := range p {
			count[w.Text]++
		}
	}
	text := squash(strings.Join(pdfPagesOf(t, res), " "))
	marked, drawn := 0, 0
	for n := 2; n <= len(res.Pages[0].Parts); n++ {
		if n%10 == 0 || n == len(res.Pages[0].Parts) { // grid numbers, the title's count
			continue
		}
		s := fmt.Sprint(n)
		switch {
		case count[s+"*"] == 1 && count[s] == 0:
			marked++
		case count[s] >= 2 && count[s+"*"] == 0: // the list's and the drawing's
			drawn++
		default:
			t.Errorf("part %d: %d times on the pages, %d marked", n, count[s], count[s+"*"])
		}
	}
	if drawn < 5 || marked < 10 {
		t.Errorf("%d numbers drawn, %d marked: the test no longer tests both", drawn, marked)
	}
	if marked > 0 && !strings.Contains(text, smallNote) {
		t.Errorf("parts marked but no note %q", smallNote)
	}
}

// pdfPagesOf is pdfPages of the PDF of res.
func pdfPagesOf(t *testing.T, res nest.Result) []string {
	file := filepath.Join(t.TempDir(), "p.pdf")
	if err := os.WriteFile(file, write(t, res, Options{Now: testNow}), 0o644); err != nil {
		t.Fatal(err)
	}
	return pdfPages(t, file)
}

// Every cut's tag is on the drawing, or the list marks the cut "*" and
// says under the cuts that its tag found no room: an operator never looks
// for a "K7" that is not drawn (the line's place is in its row).
func TestEveryCutTagOnTheDrawingOrMarked(t *testing.T) {
	res := tinyCuts()
	// A block of 2 x 2 cm parts under the others, each row freed by a
	// horizontal cut and each part by a short vertical one: most of those
	// tags have no room.
	pg := &res.Pages[0]
	for r := range 6 {
		y := 111 + float64(r)*2
		pg.Cuts = append(pg.Cuts, nest.Cut{Order: len(pg.Cuts) + 1, X: 0, Y: y + 2, Length: 12, Direction: nest.Horizontal})
		for c := range 6 {
			x := float64(c) * 2
			pg.Parts = append(pg.Parts, nest.Placed{ID: fmt.Sprint("g", r, c), Name: "Pul", X: x, Y: y, Width: 2, Height: 2})
			pg.Cuts = append(pg.Cuts, nest.Cut{Order: len(pg.Cuts) + 1, X: x + 2, Y: y, Length: 2, Direction: nest.Vertical})
		}
	}
	var words []string
	for _, p := range bboxPages(t, res, Options{Now: testNow}) {
		for _, w := range p {
			words = append(words, w.Text)
		}
	}
	count := map[string]int{}
	for _, w := range words {
		count[w]++
	}
	marked := 0
	for _, c := range res.Pages[0].Cuts {
		tag := fmt.Sprint("K", c.Order)
		switch {
		case count[tag] == 2 && count[tag+"*"] == 0: // on the drawing and in the list
		case count[tag] == 0 && count[tag+"*"] == 1:
			marked++
		default:
			t.Errorf("%s: %d times, %d times marked; want on the drawing and in the list, or marked in the list alone", tag, count[tag], count[tag+"*"])
		}
	}
	if marked == 0 {
		t.Fatal("no tag was left off the crowded drawing: the case is not tested")
	}
	text := squash(strings.Join(pdfPagesOf(t, res), " "))
	if !strings.Contains(text, untaggedNote) {
		t.Errorf("%d cuts marked, but the list does not say %q", marked, untaggedNote)
	}
}
