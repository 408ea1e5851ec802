package labels

import (
	"os"
	"strings"
	"testing"

	"kesim/export/internal/exporttest"
	"kesim/nest"
)

// A label prints a part's name and the job's name with the PDF's rule
// (pdf.Printable): "Menteşe ⌀35" as "Menteşe Ø35" (an empty box for ⌀
// before), Turkish letters as they are, ₺ as TL, a CJK letter as '?'.
func TestLabelsPrintLegibly(t *testing.T) {
	res := nest.Result{
		Sheet: nest.Sheet{Width: 100, Height: 148},
		Pages: []nest.Page{{ID: "page-0", Efficiency: 40, Parts: []nest.Placed{
			{ID: "a-0", Name: "Menteşe ⌀35", X: 0, Y: 0, Width: 60, Height: 40},
			{ID: "b-0", Name: "ĞÜŞİÖÇ ğüşıöç", X: 0, Y: 40, Width: 60, Height: 40, OriginalIndex: 1},
		}}},
		Stats: nest.Stats{Pages: 1, LowerBound: 1, Efficiency: 40, Placed: 2},
	}
	data, err := os.ReadFile(write(t, nil, res, Options{Job: "Mutfak 棚 1.450₺"}))
	if err != nil {
		t.Fatal(err)
	}
	text := exporttest.PDFText(t, data)
	for _, want := range []string{"Menteşe Ø35", "ĞÜŞİÖÇ ğüşıöç", "Mutfak ? 1.450TL"} {
		if !strings.Contains(text, want) {
			t.Errorf("no %q in\n%s", want, text)
		}
	}
	if strings.ContainsAny(text, "⌀₺棚") {
		t.Errorf("a sign the font lacks printed:\n%s", text)
	}
}
