package pdf

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"kesim/export/internal/exporttest"
)

// With the bands' thickness taken off the banded parts, the placed parts'
// sizes are headed "Kesim ölçüsü (cm)", whole, in the part types table and
// every sheet list, and the summary says so; without it (or without a
// banded part) they are "Ölçü (cm)" as before.
func TestDeductedSizesAreCalledCutSizes(t *testing.T) {
	stock, bands := exporttest.Kitchen()
	for _, c := range []struct {
		deduct, edges, cut bool
	}{{true, true, true}, {false, true, false}, {true, false, false}} {
		res := exporttest.Materials()
		if !c.edges {
			for i := range res.Pages {
				for j := range res.Pages[i].Parts {
					res.Pages[i].Parts[j].Edges = nil
				}
			}
		}
		file := filepath.Join(t.TempDir(), "c.pdf")
		if err := os.WriteFile(file, write(t, res, Options{Now: testNow, Stock: stock, Bands: bands, DeductBands: c.deduct}), 0o644); err != nil {
			t.Fatal(err)
		}
		pages := pdfPages(t, file)
		lists := 0
		for i, page := range pages {
			page = squash(page)
			if i == 0 {
				if got := strings.Contains(page, "Ölçüler kesim ölçüsü (bantlı kenarlardan bant kalınlığı düşüldü)"); got != c.cut {
					t.Errorf("%+v: the summary says the sizes are cut sizes: %v", c, got)
				}
				if got := strings.Contains(page, "Parça Kesim ölçüsü (cm) Adet"); got != c.cut {
					t.Errorf("%+v: part types headed Kesim ölçüsü (cm): %v\n%s", c, got, page)
				}
			}
			if strings.Contains(page, " listesi") {
				lists++
				if got := strings.Contains(page, "No Parça Kesim ölçüsü (cm)"); got != c.cut {
					t.Errorf("%+v: sheet list headed Kesim ölçüsü (cm): %v\n%s", c, got, page)
				}
			}
			if strings.Contains(page, "ölçüsü (…") {
				t.Errorf("%+v: a heading is cut:\n%s", c, page)
			}
		}
		if lists != len(res.Pages) {
			t.Errorf("%+v: %d sheet lists, want %d", c, lists, len(res.Pages))
		}
	}
}
