package pdf

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"kesim/nest"
)

// interleaved is a layout of n sheets of two patterns that alternate,
// sheets 1, 3, 5, ... cut to one and 2, 4, 6, ... to the other: every
// pattern's sheet numbers make a long list.
func interleaved(n int) nest.Result {
	a := nest.Page{Pattern: 1, Efficiency: 67, Parts: []nest.Placed{{Name: "A", Width: 150, Height: 300}},
		Cuts: []nest.Cut{{Order: 1, X: 150, Y: 0, Length: 366, Direction: nest.Vertical}, {Order: 2, X: 0, Y: 300, Length: 150, Direction: nest.Horizontal}}}
	b := nest.Page{Pattern: 2, Efficiency: 54, Parts: []nest.Placed{
		{Name: "B", Width: 100, Height: 200, OriginalIndex: 1},
		{Name: "B", X: 100, Width: 80, Height: 150, OriginalIndex: 1, Rotated: true}}}
	res := nest.Result{Sheet: nest.Sheet{Width: 183, Height: 366}, Stats: nest.Stats{Pages: n, Patterns: 2}}
	for i := range n {
		pg := a
		if i%2 == 1 {
			pg = b
		}
		pg.ID = fmt.Sprintf("page-%d", i)
		res.Pages = append(res.Pages, pg)
	}
	return res
}

// BenchmarkWriteInterleaved writes layouts of two alternating patterns.
func BenchmarkWriteInterleaved(b *testing.B) {
	for _, n := range []int{400, 800, 1600} {
		b.Run(fmt.Sprint(n), func(b *testing.B) { benchWrite(b, interleaved(n)) })
	}
}

// The sheets of a pattern cut hundreds of times, every other sheet, are
// named shortened but with their count, wherever they are named, and the
// rest of each title is printed whole.
func TestLongPatternLabels(t *testing.T) {
	file := filepath.Join(t.TempDir(), "i.pdf")
	if err := os.WriteFile(file, write(t, interleaved(400), Options{Now: testNow, SheetURL: testSheetURL}), 0o644); err != nil {
		t.Fatal(err)
	}
	text := squash(strings.Join(pdfPages(t, file), " "))
	for _, want := range []*regexp.Regexp{
		regexp.MustCompile(`Desen: Sayfa 1, 3, 5, [\d, ]*… \(× 200\)`),                                            // the summary, sheets 1, 3, ...
		regexp.MustCompile(`Desen: Sayfa 2, 4, 6, [\d, ]*… \(× 200\)`),                                            // and 2, 4, ...
		regexp.MustCompile(`Sayfa 1, 3, [\d, ]*… \(× 200\) / 400 · 183 x 366 cm · 1 parça · verim %67 · 2 kesim`), // a sheet's title
		regexp.MustCompile(`Sayfa 2, 4, [\d, ]*… \(× 200\) / 400 · 183 x 366 cm · 2 parça · verim %54`),
		regexp.MustCompile(`Sayfa 1, 3, [\d, ]*… \(× 200\) listesi`),                   // its list
		regexp.MustCompile(`Sayfa 2, 4, [\d, ]*… \(× 200\) · levha kontrol listeleri`), // its codes
	} {
		if !want.MatchString(text) {
			t.Errorf("no %s in the PDF", want)
		}
	}
	if strings.Contains(text, "397, 399") {
		t.Error("a pattern's 200 sheets are all named")
	}
}
