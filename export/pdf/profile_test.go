package pdf

import (
	"os"
	"path/filepath"
	"slices"
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

// Under a number of stages each cut of a sheet's list says its stage (or
// that it is a trim), in the order a beam saw cuts them; without one the
// list is as before.
func TestCutListNamesStages(t *testing.T) {
	req := nest.Request{Sheet: nest.Sheet{Width: 183, Height: 366},
		Options: nest.Options{Kerf: 0.4, Trim: 1, Guillotine: true, FirstCut: nest.FirstCutLong, Stages: 2, Iterations: 50}}
	for i, s := range [][3]float64{{60, 40, 4}, {45.5, 70, 3}, {90, 30, 2}, {30, 25, 5}} {
		req.Parts = append(req.Parts, nest.Part{Name: "P" + string(rune('A'+i)), Width: s[0], Height: s[1], Quantity: int(s[2])})
	}
	res, err := nest.Layout(t.Context(), req, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := nest.Verify(req, res); err != nil {
		t.Fatal(err)
	}
	cuts := 0
	for _, pg := range res.Pages {
		cuts += len(pg.Cuts)
	}
	text := func(stages int) string {
		file := filepath.Join(t.TempDir(), "p.pdf")
		if err := os.WriteFile(file, write(t, res, Options{Now: testNow, Kerf: &req.Options.Kerf, FirstCut: nest.FirstCutLong, Stages: stages}), 0o644); err != nil {
			t.Fatal(err)
		}
		return squash(strings.Join(pdfPages(t, file)[1:], " ")) // the sheets' pages, after the summary
	}
	got := text(2)
	first, second, trims := strings.Count(got, "· 1. kademe"), strings.Count(got, "· 2. kademe"), strings.Count(got, "· kırpma")
	if first == 0 || second == 0 || first+second+trims != cuts {
		t.Errorf("%d cuts; the lists name stage 1 %d times, stage 2 %d times and a trim %d times:\n%s", cuts, first, second, trims, got)
	}
	if strings.Contains(got, "3. kademe") {
		t.Errorf("a cut past two stages:\n%s", got)
	}
	if got := text(0); strings.Contains(got, "kademe") || strings.Contains(got, "kırpma") {
		t.Errorf("without stages the lists name them:\n%s", got)
	}
}

// A cut one stage past the profile's last is a trim; one further (a page
// pinned before the profile changed) is named by its stage.
func TestCutLineStageWords(t *testing.T) {
	cuts := []nest.Cut{{Order: 1, Direction: nest.Vertical, X: 90, Length: 364}, {Order: 2, Direction: nest.Horizontal, Y: 70, Length: 89},
		{Order: 3, Direction: nest.Vertical, X: 45, Length: 69}, {Order: 4, Direction: nest.Horizontal, Y: 30, Length: 44}}
	var got []string
	for _, l := range listLines(nil, cuts, []int{1, 2, 3, 4}, 2) {
		if !l.heading {
			got = append(got, l.text)
		}
	}
	want := []string{"Dikey, x = 90 · 1. kademe", "Yatay, y = 70 · 2. kademe", "Dikey, x = 45 · kırpma", "Yatay, y = 30 · 4. kademe"}
	if !slices.Equal(got, want) {
		t.Errorf("cut lines %q, want %q", got, want)
	}
}
