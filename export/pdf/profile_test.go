package pdf

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"kesim/export/internal/exporttest"
	"kesim/nest"
)

// The summary names the saw profile a guillotine plan was made for, so that
// an operator handed only the PDF makes the first cuts the planned way;
// without a profile it says nothing new.
func TestSummaryNamesTheSawProfile(t *testing.T) {
	stock, bands := exporttest.Kitchen()
	for _, c := range []struct {
		first  string
		stages int
		want   string
	}{
		{nest.FirstCutLong, 2, "Kesim profili ilk kesim boyuna, en çok 2 kademe + kırpma (sıra kademe kademe) "},
		{nest.FirstCutShort, 0, "Kesim profili ilk kesim enine "},
		{"", 3, "Kesim profili en çok 3 kademe + kırpma (sıra kademe kademe) "},
		{"", 0, ""},
	} {
		file := filepath.Join(t.TempDir(), "p.pdf")
		if err := os.WriteFile(file, write(t, exporttest.Materials(), Options{Now: testNow, Stock: stock, Bands: bands, FirstCut: c.first, Stages: c.stages}), 0o644); err != nil {
			t.Fatal(err)
		}
		summary := squash(pdfPages(t, file)[0])
		if c.want == "" {
			if strings.Contains(summary, "Kesim profili") {
				t.Errorf("no profile, summary names one:\n%s", summary)
			}
			continue
		}
		if !strings.Contains(summary, c.want) {
			t.Errorf("%s/%d: summary lacks %q:\n%s", c.first, c.stages, c.want, summary)
		}
	}
}
