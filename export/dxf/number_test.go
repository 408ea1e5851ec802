package dxf

import (
	"bytes"
	"strconv"
	"testing"

	"kesim/export"
	"kesim/export/internal/exporttest"
	"kesim/nest"
)

// sequenceNumbers writes page page of res alone (WriteSheet) and returns
// the number the SEQUENCE layer writes in each of its parts, by the part's
// index in res.Pages[page].Parts; a part with none or several is -1.
func sequenceNumbers(t *testing.T, res nest.Result, page int, opt Options) []int {
	t.Helper()
	var b bytes.Buffer
	if err := WriteSheet(&b, res, page, opt); err != nil {
		t.Fatal(err)
	}
	objs, err := parseDXF(b.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	parts := res.Pages[page].Parts
	h := export.PageSheet(res, page).Height
	got := make([]int, len(parts))
	for _, o := range objs {
		if o.section != "ENTITIES" || o.kind != "TEXT" || o.get(8) != LayerSequence {
			continue
		}
		n, err := strconv.Atoi(o.get(1))
		if err != nil {
			continue // a cut's "K1"
		}
		x, errX := o.float(10)
		y, errY := o.float(20)
		if errX != nil || errY != nil {
			t.Fatalf("number %d at %q, %q", n, o.get(10), o.get(20))
		}
		for i, p := range parts {
			if x > p.X && x < p.X+p.Width && y > h-p.Y-p.Height && y < h-p.Y {
				if got[i] != 0 {
					got[i] = -1
				} else {
					got[i] = n
				}
			}
		}
	}
	return got
}

// The SEQUENCE layer numbers a sheet's pieces as the PDF, the cut list
// and the labels do (export.Numbers): on a guillotine sheet in the order
// its cuts free them. (It numbered them in reading order: its "1" was the
// PDF's "3".)
func TestSequenceNumbersAsThePDF(t *testing.T) {
	res := exporttest.CutSheet()
	kerf := 0.4
	for _, opt := range []Options{{Kerf: &kerf}, {}} {
		for page := range res.Pages {
			for i, n := range sequenceNumbers(t, res, page, opt) {
				p := res.Pages[page].Parts[i]
				if want := exporttest.CutSheetNumbers[p.ID]; n != want {
					t.Errorf("sheet %d: piece %s numbered %d on SEQUENCE, want %d", page+1, p.ID, n, want)
				}
			}
		}
	}
}

// On the engine's layouts, guillotine or not, the SEQUENCE layer's number
// of every piece is export.Numbers' under the request's kerf.
func TestSequenceNumbersEngineLayouts(t *testing.T) {
	reqs := exporttest.EngineRequests()
	checked := 0
	for i, res := range exporttest.EngineLayouts(t) {
		kerf := reqs[i].Options.Kerf
		for page := range res.Pages {
			want := export.Numbers(res, page, export.OrderKerf(&kerf))
			for j, n := range sequenceNumbers(t, res, page, Options{Kerf: &kerf}) {
				if n != want[j] {
					t.Errorf("layout %d sheet %d: piece %s numbered %d on SEQUENCE, want %d", i, page+1, res.Pages[page].Parts[j].ID, n, want[j])
				}
				checked++
			}
		}
	}
	if checked < 100 {
		t.Errorf("%d pieces checked: the test no longer checks much", checked)
	}
}
