package pdf_test

import (
	"bytes"
	"fmt"
	"regexp"
	"strconv"
	"testing"

	"kesim/export/internal/exporttest"
	"kesim/export/labels"
	"kesim/export/pdf"
	"kesim/nest"
)

// cutSheet is a guillotine sheet whose cut sequence frees its pieces in
// another order than reading order: the first cut is the vertical one, so
// C and D (right) come off before A and B (left).
func cutSheet() nest.Result {
	return nest.Result{Sheet: nest.Sheet{Width: 100, Height: 100}, Pages: []nest.Page{
		{ID: "page-0", Efficiency: 97, Parts: []nest.Placed{
			{ID: "A", Name: "Parça-A", X: 0, Y: 0, Width: 50, Height: 60},
			{ID: "B", Name: "Parça-B", X: 0, Y: 60.4, Width: 50, Height: 39.6},
			{ID: "C", Name: "Parça-C", X: 50.4, Y: 0, Width: 49.6, Height: 30},
			{ID: "D", Name: "Parça-D", X: 50.4, Y: 30.4, Width: 49.6, Height: 69.6},
		}, Cuts: []nest.Cut{
			{Order: 1, X: 50, Y: 0, Length: 100, Direction: nest.Vertical},
			{Order: 2, X: 50.4, Y: 30, Length: 49.6, Direction: nest.Horizontal},
			{Order: 3, X: 0, Y: 60, Length: 50, Direction: nest.Horizontal},
		}},
	}}
}

// listRow is a row of a sheet's list in pdftotext -raw's text (in the
// order it is drawn: a label's number comes after its name): number, a
// name the test gave, a size.
var listRow = regexp.MustCompile(`(\d+) +(Parça-[A-Z]|Q\d{4}) +[\d.,]+ x [\d.,]+`)

// pdfNumbers returns the number every named piece has in the lists of the
// PDF of res.
func pdfNumbers(t *testing.T, res nest.Result, opt pdf.Options) map[string]int {
	t.Helper()
	var b bytes.Buffer
	if err := pdf.Write(&b, res, opt); err != nil {
		t.Fatal(err)
	}
	got := map[string]int{}
	for _, m := range listRow.FindAllStringSubmatch(exporttest.PDFText(t, b.Bytes()), -1) {
		n, _ := strconv.Atoi(m[1])
		if old, ok := got[m[2]]; ok && old != n {
			t.Errorf("%s numbered %d and %d", m[2], old, n)
		}
		got[m[2]] = n
	}
	return got
}

// labelNumbers returns the number every piece of res has on its sheet in
// the labels' (and the phone checklist's) cutting order.
func labelNumbers(req *nest.Request, res nest.Result) map[string]int {
	want := map[string]int{}
	page, n := -1, 0
	for _, p := range labels.Order(req, res) {
		if p.Page != page {
			page, n = p.Page, 0
		}
		n++
		want[p.Name] = n
	}
	return want
}

// A guillotine sheet's PDF numbers its pieces (drawing and list) as its
// labels and its phone checklist do: in the order the cuts free them, not
// in reading order. (The PDF numbered them in reading order: its "1" was
// the labels' "3".)
func TestPDFNumbersPiecesAsLabels(t *testing.T) {
	res := cutSheet()
	kerf := 0.4
	got := pdfNumbers(t, res, pdf.Options{Kerf: &kerf})
	// The phone checklist's rule (web/src/features/job/checklist.ts
	// cutOrder): C and D are freed by cuts 1 and 2, A and B by cut 3.
	want := map[string]int{"Parça-C": 1, "Parça-D": 2, "Parça-A": 3, "Parça-B": 4}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("PDF numbers %v, want %v", got, want)
	}
	req := nest.Request{Options: nest.Options{Kerf: kerf}}
	if l := labelNumbers(&req, res); fmt.Sprint(l) != fmt.Sprint(want) {
		t.Errorf("label numbers %v, want %v", l, want)
	}
	// Without the kerf, the PDF numbers as labels without a request.
	if got, l := pdfNumbers(t, res, pdf.Options{}), labelNumbers(nil, res); fmt.Sprint(got) != fmt.Sprint(l) {
		t.Errorf("PDF numbers without kerf %v, labels %v", got, l)
	}
}

// On the engine's layouts, guillotine or not, every piece's number in the
// PDF is its number on its label.
func TestPDFNumbersEngineLayoutsAsLabels(t *testing.T) {
	reqs := exporttest.EngineRequests()
	checked, cut := 0, 0
	for i, res := range exporttest.EngineLayouts(t) {
		// A name of its own per piece, to find it in the text.
		res = exporttest.Named(res)
		got := pdfNumbers(t, res, pdf.Options{Kerf: &reqs[i].Options.Kerf})
		want := labelNumbers(&reqs[i], res)
		for name, n := range got {
			if want[name] != n {
				t.Errorf("layout %d: %s is %d in the PDF, %d on its label", i, name, n, want[name])
			}
			checked++
			if reqs[i].Options.Guillotine {
				cut++
			}
		}
	}
	if checked < 100 || cut < 20 {
		t.Errorf("%d pieces checked, %d of guillotine sheets: the test no longer checks much", checked, cut)
	}
}
