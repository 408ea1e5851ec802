package pdf

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"kesim/nest"
)

// The PDF writes counts (pieces, sheets) with thousands dots, as Turkish
// does, and numbers that name a page or a part as plain digits.
func TestTally(t *testing.T) {
	for n, want := range map[int]string{0: "0", 7: "7", 999: "999", 1000: "1.000", 1240: "1.240", 20000: "20.000", 1234567: "1.234.567"} {
		if got := tally(n); got != want {
			t.Errorf("tally(%d) = %q, want %q", n, got, want)
		}
	}
	if got := itoa(1240); got != "1240" {
		t.Errorf("itoa(1240) = %q", got)
	}
}

// A sheet of 1.200 pieces is titled with its count as Turkish writes it,
// "1.200 parça", on its own page as in the summary (the title wrote 1200).
func TestSheetTitleGroupsItsCount(t *testing.T) {
	var parts []nest.Placed
	for i := range 1200 {
		parts = append(parts, nest.Placed{Name: "P", X: float64(i % 30 * 3), Y: float64(i / 30 * 3), Width: 2, Height: 2})
	}
	res := nest.Result{Sheet: nest.Sheet{Width: 100, Height: 148}, Stats: nest.Stats{Pages: 1},
		Pages: []nest.Page{{ID: "p1", Efficiency: 32, Parts: parts}}}
	file := filepath.Join(t.TempDir(), "count.pdf")
	if err := os.WriteFile(file, write(t, res, Options{Now: testNow}), 0o644); err != nil {
		t.Fatal(err)
	}
	pages := pdfPages(t, file)
	var sheet string
	for _, p := range pages {
		if strings.Contains(p, "cm") && strings.Contains(p, "verim %32") {
			sheet = squash(p)
		}
	}
	if !strings.Contains(sheet, "1.200 parça") || strings.Contains(sheet, "1200 parça") {
		t.Errorf("the sheet page's title lacks \"1.200 parça\":\n%.600s", sheet)
	}
}
