package store

import (
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"kesim/nest"
)

func TestRecutPart(t *testing.T) {
	long := strings.Repeat("ç", nest.MaxTextRunes)
	l := Layout{
		Parts: []nest.Part{{ID: "a", Name: "Kapak", Width: 40, Height: 30, Quantity: 3, Material: "Beyaz", Thickness: 18, Grain: "vertical",
			Edges: &nest.Edges{Top: "PVC"}}, {ID: "b", Name: long, Width: 10, Height: 10, Quantity: 1}},
		Result: &nest.Result{Pages: []nest.Page{{ID: "page-0", Parts: []nest.Placed{
			{ID: "a-1", OriginalIndex: 0}, {ID: "b-0", OriginalIndex: 1}, {ID: "x-0", OriginalIndex: 7}}}}},
	}
	p, ok := RecutPart(l, "a-1")
	want := PartInput{Name: "Kapak (yeniden kesim)", Width: 40, Height: 30, Quantity: 1, Material: "Beyaz", Thickness: 18,
		Grain: "vertical", Edges: &nest.Edges{Top: "PVC"}, line: true}
	if !ok || !reflect.DeepEqual(p, want) {
		t.Errorf("RecutPart(a-1) = %+v, %v; want %+v", p, ok, want)
	}
	// A line below the least side typed in (a layout takes the engine's
	// bounds) comes back as a part all the same.
	tiny := Layout{Parts: []nest.Part{{ID: "t", Name: "Çıta", Width: 0.05, Height: 30, Quantity: 1}},
		Result: &nest.Result{Pages: []nest.Page{{ID: "page-0", Parts: []nest.Placed{{ID: "t-0", OriginalIndex: 0}}}}}}
	if p, ok := RecutPart(tiny, "t-0"); !ok {
		t.Error("no recut of the 0,05 cm line")
	} else if p, err := p.Validate(); err != nil || p.Width != 0.05 {
		t.Errorf("the 0,05 cm line's recut: %+v, %v; want it kept", p, err)
	}
	if p, ok := RecutPart(l, "b-0"); !ok || utf8.RuneCountInString(p.Name) != nest.MaxTextRunes || !strings.HasSuffix(p.Name, RecutSuffix) {
		t.Errorf("a long line's recut is named %q (%d runes)", p.Name, utf8.RuneCountInString(p.Name))
	}
	for _, piece := range []string{"a-9", "x-0", ""} {
		if _, ok := RecutPart(l, piece); ok {
			t.Errorf("RecutPart(%q) found a line", piece)
		}
	}
	if _, ok := RecutPart(Layout{Parts: l.Parts}, "a-1"); ok {
		t.Error("RecutPart found a piece in a layout without a result")
	}
}

func TestDroppedRecuts(t *testing.T) {
	pc := func(id string, x float64) nest.Placed { return nest.Placed{ID: id, X: x, Width: 10, Height: 20} }
	old := &nest.Result{Pages: []nest.Page{
		{ID: "page-0", Parts: []nest.Placed{pc("a-0", 0), pc("a-1", 10)}},
		{ID: "page-1", Parts: []nest.Placed{pc("a-2", 0), pc("a-3", 10)}},
	}}
	turned := pc("a-3", 10)
	turned.Rotated = true
	res := &nest.Result{Pages: []nest.Page{
		{ID: "page-0", Parts: []nest.Placed{pc("a-0", 0), pc("a-1", 20)}}, // a-1 moved
		{ID: "page-1", Parts: []nest.Placed{pc("b-0", 0), turned}},        // a-2 gone, a-3 turned
		{ID: "page-2", Parts: []nest.Placed{pc("a-4", 0)}},
	}}
	got := DroppedRecuts(old, res, []string{"a-0", "a-1", "a-2", "a-3"})
	if want := []string{"a-1", "a-2", "a-3"}; !reflect.DeepEqual(got, want) {
		t.Errorf("DroppedRecuts = %v, want %v", got, want)
	}
	// The same piece on another page is another piece.
	swapped := &nest.Result{Pages: []nest.Page{{ID: "page-1", Parts: []nest.Placed{pc("a-0", 0)}}}}
	if got := DroppedRecuts(old, swapped, []string{"a-0"}); !reflect.DeepEqual(got, []string{"a-0"}) {
		t.Errorf("a piece on another page: %v", got)
	}
	if got := DroppedRecuts(old, nil, []string{"a-0"}); !reflect.DeepEqual(got, []string{"a-0"}) {
		t.Errorf("a re-plan without a result: %v", got)
	}
	if got := DroppedRecuts(old, old, []string{"a-0", "a-3"}); got != nil {
		t.Errorf("the same result: %v", got)
	}
}
