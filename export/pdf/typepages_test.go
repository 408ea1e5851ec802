package pdf

import (
	"context"
	"strings"
	"testing"

	"kesim/nest"
)

// The part types' Sayfalar column names every sheet a part is on. A door
// on each of 100 sheets was listed "1, 2, 3, …, 15, 1…", cut in the middle
// of a number (page 1?) with the 85 other sheets left out; runs are now
// written "1-100" as the patterns' pages are (export.PageList), and a list
// too long for its line wraps onto more lines rather than being cut.
func TestPartTypesPages(t *testing.T) {
	res, err := nest.Layout(context.Background(), nest.Request{Sheet: nest.Sheet{Width: 100, Height: 148},
		Parts: []nest.Part{
			{ID: "k", Name: "Büyük kapak", Width: 90, Height: 140, Quantity: 100},
			{ID: "r", Name: "Raf", Width: 95, Height: 147, Quantity: 1},
			{ID: "s", Name: "Küçük", Width: 9, Height: 7, Quantity: 100},
		},
		Options: nest.Options{TimeLimitMs: 100}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	got := partTypes(res)
	if len(got) != 3 || got[0][3] != "2-101" {
		t.Fatalf("part types %q: want the door on pages 2-101 (Raf, the largest, on 1)", got)
	}
	// Küçük is on some of the door's sheets, not all: many numbers, some
	// runs; Raf alone on its sheet.
	pages := pdfPagesOf(t, res)
	// pdftotext's spaces are not the PDF's: compared without them.
	text := spaces.ReplaceAllString(strings.Join(pages, ""), "")
	for _, row := range got {
		if want := spaces.ReplaceAllString(strings.Join(row, ""), ""); !strings.Contains(text, want) {
			t.Errorf("the summary does not print the row %q in full", want)
		}
	}
}
