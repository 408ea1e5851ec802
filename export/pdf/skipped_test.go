package pdf

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"kesim/export/internal/exporttest"
	"kesim/nest"
)

// The reason a part was not placed is printed whole, wrapped when longer
// than its column ("Parça bu malzemenin hiçbir levhasın…" was cut), and
// the rows after it keep their place.
func TestSkippedReasonsPrintWhole(t *testing.T) {
	long := "Damar yönü nedeniyle bu malzemenin hiçbir levhasına sığmıyor: parçayı çevirmek için damarı kaldırın ya da daha büyük bir levha ekleyin"
	res := exporttest.Materials()
	res.Skipped = []nest.Skipped{
		{ID: "a", Name: "Çekmece dibi", Width: 50, Height: 40, Quantity: 1, Reason: nest.SkipNoFit},
		{ID: "b", Name: "Tezgâh", Width: 400, Height: 60, Quantity: 2, Reason: long},
		{ID: "c", Name: "Raf", Width: 50, Height: 40, Quantity: 3, Reason: nest.SkipStockOut},
	}
	stock, bands := exporttest.Kitchen()
	file := filepath.Join(t.TempDir(), "s.pdf")
	if err := os.WriteFile(file, write(t, res, Options{Now: testNow, Stock: stock, Bands: bands}), 0o644); err != nil {
		t.Fatal(err)
	}
	summary := pdfPages(t, file)[0]
	if strings.Contains(summary, "…") {
		t.Errorf("the summary cuts a text:\n%s", summary)
	}
	// Every word of every reason, in order (pdftotext -layout puts a
	// wrapped reason's lines between the table's rows).
	words := strings.Fields(squash(summary))
	for _, s := range res.Skipped {
		rest := words
		for _, w := range strings.Fields(s.Reason) {
			i := 0
			for i < len(rest) && rest[i] != w {
				i++
			}
			if i == len(rest) {
				t.Errorf("reason %q: %q missing from the summary:\n%s", s.Reason, w, summary)
				break
			}
			rest = rest[i+1:]
		}
	}
	if !strings.Contains(squash(summary), "Raf 50 x 40 3 Stok yetmedi") {
		t.Errorf("the row after the wrapped reason is not whole:\n%s", summary)
	}
}
