package pdf

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"kesim/export/internal/exporttest"
	"kesim/nest"
)

// A sheet page cut from a stock row with grain says which way the grain
// runs, under its title: "Damar: dikey" (along the sheet's height) or
// "Damar: yatay" (along its width); a sheet without grain says nothing.
func TestSheetPageShowsGrain(t *testing.T) {
	stock, bands := exporttest.Kitchen()
	stock[3].Grain = nest.GrainHorizontal // s4, Arkalık
	file := filepath.Join(t.TempDir(), "g.pdf")
	if err := os.WriteFile(file, write(t, exporttest.Materials(), Options{Now: testNow, Stock: stock, Bands: bands}), 0o644); err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"Levha: Beyaz 18 büyük": "", "Levha: Ceviz kapaklık": "Damar: dikey", "Levha: Arkalık": "Damar: yatay"}
	seen := 0
	for _, page := range pdfPages(t, file) {
		page = squash(page)
		for row, grain := range want {
			if !strings.Contains(page, row) || !strings.Contains(page, "Sayfa ") || !strings.Contains(page, "listesi") {
				continue
			}
			seen++
			switch {
			case grain == "" && strings.Contains(page, "Damar"):
				t.Errorf("the page of %q names a grain", row)
			case grain != "" && !strings.Contains(page, row+" · "+grain):
				t.Errorf("the page of %q does not say %q:\n%s", row, grain, page)
			}
		}
	}
	if seen != 3 {
		t.Errorf("%d sheet pages checked, want 3", seen)
	}
}
