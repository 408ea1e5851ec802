package pdf

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"kesim/export/internal/exporttest"
	"kesim/nest"
)

// repeatedLayout is the engine's layout of ten copies of a part half a
// 100 x 100 sheet wide: five identical sheets.
func repeatedLayout(t *testing.T, req nest.Request) nest.Result {
	t.Helper()
	res, err := nest.Layout(context.Background(), req, nil)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func tenCopies() nest.Request {
	return nest.Request{Sheet: nest.Sheet{Width: 100, Height: 100},
		Parts: []nest.Part{{ID: "y", Name: "Yan Dikme", Width: 50, Height: 100, Quantity: 10}}}
}

// Five identical sheets are drawn once, titled with their sheet numbers
// and count, and the summary says how many patterns there are.
func TestRepeatedSheetsDrawnOnce(t *testing.T) {
	res := repeatedLayout(t, tenCopies())
	if res.Stats.Pages != 5 || res.Stats.Patterns != 1 {
		t.Fatalf("%d pages, %d patterns, want 5 and 1", res.Stats.Pages, res.Stats.Patterns)
	}
	file := filepath.Join(t.TempDir(), "r.pdf")
	if err := os.WriteFile(file, write(t, res, Options{Now: testNow}), 0o644); err != nil {
		t.Fatal(err)
	}
	run(t, exporttest.Tool(t, "qpdf", "qpdf"), "--check", file)
	pages := pdfPages(t, file)
	if len(pages) != 2 {
		t.Fatalf("%d PDF pages, want the summary and one sheet", len(pages))
	}
	sheet := squash(pages[1])
	if !strings.Contains(sheet, "Sayfa 1-5 (× 5) / 5") {
		t.Errorf("the sheet page lacks its sheets and count:\n%s", sheet)
	}
	if n := strings.Count(sheet, "Yan Dikme"); n != 2*2 { // the two parts' labels and list lines
		t.Errorf("the pattern's parts appear %d times, want 4 (drawn once):\n%s", n, sheet)
	}
	summary := squash(pages[0])
	for _, want := range []string{"Farklı desen 1 (5 sayfa", "Sayfa sayısı 5", "Desen: Sayfa 1-5 (× 5)"} {
		if !strings.Contains(summary, want) {
			t.Errorf("the summary lacks %q:\n%s", want, summary)
		}
	}
}

// Sheets of a pattern that are not consecutive are listed one by one;
// pages alike without pattern numbers (an older result) print as before.
func TestRepeatedSheetsNotConsecutive(t *testing.T) {
	a := []nest.Placed{{Name: "Raf", Width: 50, Height: 100}, {Name: "Raf", X: 50, Width: 50, Height: 100}}
	b := []nest.Placed{{Name: "Kapak", Width: 90, Height: 90, OriginalIndex: 1}}
	res := nest.Result{Sheet: nest.Sheet{Width: 100, Height: 100}, Stats: nest.Stats{Pages: 5, Patterns: 2},
		Pages: []nest.Page{{ID: "page-0", Parts: a, Pattern: 1}, {ID: "page-1", Parts: b, Pattern: 2}, {ID: "page-2", Parts: a, Pattern: 1},
			{ID: "page-3", Parts: b, Pattern: 2}, {ID: "page-4", Parts: a, Pattern: 1}}}
	file := filepath.Join(t.TempDir(), "r.pdf")
	if err := os.WriteFile(file, write(t, res, Options{Now: testNow}), 0o644); err != nil {
		t.Fatal(err)
	}
	pages := pdfPages(t, file)
	if len(pages) != 3 {
		t.Fatalf("%d PDF pages, want the summary and two sheets", len(pages))
	}
	if s := squash(pages[1]); !strings.Contains(s, "Sayfa 1, 3, 5 (× 3) / 5") {
		t.Errorf("first pattern:\n%s", s)
	}
	if s := squash(pages[2]); !strings.Contains(s, "Sayfa 2, 4 (× 2) / 5") {
		t.Errorf("second pattern:\n%s", s)
	}
	if s := squash(pages[0]); !strings.Contains(s, "Farklı desen 2 (5 sayfa") {
		t.Errorf("summary:\n%s", s)
	}

	for i := range res.Pages {
		res.Pages[i].Pattern = 0
	}
	res.Stats.Patterns = 0
	file = filepath.Join(t.TempDir(), "old.pdf")
	if err := os.WriteFile(file, write(t, res, Options{Now: testNow}), 0o644); err != nil {
		t.Fatal(err)
	}
	pages = pdfPages(t, file)
	if len(pages) != 6 || strings.Contains(strings.Join(pages, ""), "×") || strings.Contains(pages[0], "Farklı desen") {
		t.Fatalf("a result without patterns: %d pages\n%s", len(pages), strings.Join(pages, "\f"))
	}
}

// A layout of all different sheets prints the same file with or without
// its pattern numbers.
func TestDistinctSheetsUnchanged(t *testing.T) {
	compared := 0
	for _, res := range exporttest.EngineLayouts(t) {
		if res.Stats.Patterns != len(res.Pages) {
			continue
		}
		compared++
		bare := res
		bare.Pages = append([]nest.Page(nil), res.Pages...)
		for i := range bare.Pages {
			bare.Pages[i].Pattern = 0
		}
		bare.Stats.Patterns = 0
		if string(write(t, res, Options{Now: testNow})) != string(write(t, bare, Options{Now: testNow})) {
			t.Fatal("the pattern numbers of distinct sheets changed the PDF")
		}
	}
	if compared == 0 {
		t.Fatal("no engine layout of distinct sheets to compare")
	}
}
