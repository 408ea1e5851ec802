package pdf

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"kesim/export/internal/exporttest"
	"kesim/nest"
)

// rawText returns pdftotext -raw's text of the PDF of res: its texts in
// the order they are drawn, a line per baseline.
func rawText(t *testing.T, res nest.Result, opt Options) string {
	t.Helper()
	pdftotext := exporttest.Tool(t, "pdftotext", "poppler-utils")
	file := filepath.Join(t.TempDir(), "n.pdf")
	if err := os.WriteFile(file, write(t, res, opt), 0o644); err != nil {
		t.Fatal(err)
	}
	return run(t, pdftotext, "-enc", "UTF-8", "-raw", file, "-")
}

const longName = "Üst kapak çok uzun isimli mutfak dolabı sol taraf cam çerçeveli kapak"

// longNames is a 183 x 366 sheet of doors whose names differ only at their
// end, and of doors with a name far longer than any of them is wide.
func longNames() nest.Result {
	var parts []nest.Placed
	for i, name := range []string{"Üst dolap cam çerçeveli kapak sol", "Üst dolap cam çerçeveli kapak sağ", longName, longName} {
		parts = append(parts, nest.Placed{ID: string(rune('a' + i)), Name: name,
			X: float64(i) * 30, Y: 0, Width: 29.6, Height: 71.6})
	}
	return nest.Result{Sheet: nest.Sheet{Width: 183, Height: 366}, Pages: []nest.Page{{ID: "page-0", Efficiency: 13, Parts: parts}}}
}

// A sheet list too narrow for a name shortens it in its middle, keeping
// its end: "…kapak sol" and "…kapak sağ" stay two names (cut at their end
// both printed "Üst dolap cam çe…"). The drawing writes a long name,
// wrapped, inside a part big enough for it (it showed only the number).
func TestLongNamesKeepTheirEnd(t *testing.T) {
	text := rawText(t, longNames(), Options{Now: testNow})
	rows := regexp.MustCompile(`(?m)^(\d+) (.*) 29,6 x 71,6$`).FindAllStringSubmatch(text, -1)
	if len(rows) != 4 {
		t.Fatalf("%d list rows, want 4:\n%s", len(rows), text)
	}
	ends := map[string]int{}
	shortened := 0
	for _, r := range rows {
		if strings.Contains(r[2], "…") {
			shortened++
		}
		for _, end := range []string{"sol", "sağ", "apak"} {
			if strings.HasSuffix(r[2], end) {
				ends[end]++
			}
		}
	}
	if shortened == 0 {
		t.Errorf("no name shortened in the list: the test no longer tests it: %q", rows)
	}
	if ends["sol"] != 1 || ends["sağ"] != 1 || ends["apak"] != 2 {
		t.Errorf("the list's names lost their end: %q", rows)
	}
	if n := strings.Count(squash(text), longName+" 29,6 x 71,6"); n != 2 {
		t.Errorf("the long name is written whole with its size on %d parts, want 2:\n%s", n, text)
	}
}

// FitMiddle keeps the start and the end of a name, and never exceeds the
// width; a name that fits is itself.
func TestFitMiddle(t *testing.T) {
	d := testDoc()
	d.font("", listFont)
	for _, w := range []float64{0, 3, 10, 20, 40, 200} {
		got := FitMiddle(d.f, longName, w)
		if w == 200 {
			if got != longName {
				t.Errorf("FitMiddle(%v) = %q, want the whole name", w, got)
			}
			continue
		}
		if !strings.Contains(got, "…") || (d.f.GetStringWidth(got) > w && got != "…") {
			t.Errorf("FitMiddle(%v) = %q, %.1f mm wide", w, got, d.f.GetStringWidth(got))
		}
		if w >= 20 && (!strings.HasPrefix(got, "Üst") || !strings.HasSuffix(got, "apak")) {
			t.Errorf("FitMiddle(%v) = %q lost the start or the end", w, got)
		}
	}
}
