package pdf

import (
	"regexp"
	"strings"
	"testing"

	"kesim/export"
)

// A part type on more sheets than the Sayfalar cell's lines hold (a part
// on every other sheet of a 600-sheet job) is shortened at an entry of the
// list, never inside a number: "…, 271, 27…" reads as if sheet 27 were
// the last one listed.
func TestPartTypesPagesCutAtAnEntry(t *testing.T) {
	var pages []int
	for i := 0; i < 600; i += 2 {
		pages = append(pages, i)
	}
	list := export.PageList(pages)
	entries := map[string]bool{}
	for _, e := range strings.Split(list, ", ") {
		entries[e] = true
	}
	d := testDoc()
	d.font("", tableFont)
	c := wrapped("Sayfalar", 75)
	lines := d.cellLines(c, list)
	if len(lines) > maxCellLines {
		t.Fatalf("%d lines, want at most %d", len(lines), maxCellLines)
	}
	number := regexp.MustCompile(`\d+(-\d+)?`)
	for i, line := range lines {
		if !d.fits(line, c.width-2*cellPad) {
			t.Errorf("line %d %q is wider than the column", i+1, line)
		}
		for _, n := range number.FindAllString(line, -1) {
			if !entries[n] {
				t.Errorf("line %d %q prints %q, which is no sheet of the list (a number cut)", i+1, line, n)
			}
		}
	}
	if last := lines[len(lines)-1]; !strings.HasSuffix(last, "…") {
		t.Errorf("the shortened list does not say so: last line %q", last)
	}
}
