package store

import (
	"context"
	"reflect"
	"slices"
	"strings"
	"testing"

	"kesim/nest"
)

func twoPages() *nest.Result {
	return &nest.Result{Pages: []nest.Page{
		{ID: "1", Efficiency: 50, Pattern: 1, Parts: []nest.Placed{{ID: "a-0", X: 0, Y: 0, Width: 10, Height: 10}}},
		{ID: "2", Parts: []nest.Placed{{ID: "a-1", X: 0, Y: 0, Width: 10, Height: 10}, {ID: "b-0", X: 20, Width: 5, Height: 5}}},
	}}
}

// A page with a ticked piece is pinned; a re-plan keeps it when what is cut
// is the same (its efficiency and pattern number may change), not when a
// piece moved, turned or changed, or the page is gone.
func TestPinnedPages(t *testing.T) {
	res := twoPages()
	pinned := TickedPages(res, []string{"b-0", "yok"})
	if len(pinned) != 1 || pinned[0].ID != "2" {
		t.Fatalf("TickedPages = %+v", pinned)
	}
	if TickedPages(res, nil) != nil || TickedPages(nil, []string{"a-0"}) != nil {
		t.Error("no ticks or no result pin pages")
	}
	same := twoPages()
	same.Pages[1].Efficiency, same.Pages[1].Pattern = 77, 3
	same.Pages[0].Parts[0].X = 5 // not pinned: may change
	if !KeepsPages(same, pinned) || !KeepsPages(nil, nil) {
		t.Error("an unchanged pinned page was refused")
	}
	for name, change := range map[string]func(r *nest.Result){
		"moved":   func(r *nest.Result) { r.Pages[1].Parts[1].Y = 1 },
		"turned":  func(r *nest.Result) { r.Pages[1].Parts[1].Rotated = true },
		"renamed": func(r *nest.Result) { r.Pages[1].Parts[1].ID = "b-1" },
		"removed": func(r *nest.Result) { r.Pages[1].Parts = r.Pages[1].Parts[:1] },
		"stock":   func(r *nest.Result) { r.Pages[1].StockID = "s2" },
		"cuts":    func(r *nest.Result) { r.Pages[1].Cuts = []nest.Cut{{Order: 1, Length: 10, Direction: nest.Vertical}} },
		"gone":    func(r *nest.Result) { r.Pages = r.Pages[:1] },
	} {
		r := twoPages()
		change(r)
		if KeepsPages(r, pinned) {
			t.Errorf("%s: a changed pinned page was kept", name)
		}
	}
	if KeepsPages(nil, pinned) {
		t.Error("no result keeps no pinned page")
	}
}

// The offcut rows a cut job takes off the rack are its pages' offcut
// stock rows, once each.
func TestUsedOffcuts(t *testing.T) {
	req := nest.Request{Stock: []nest.Stock{{ID: "s1"}, {ID: "A-1", Offcut: true}, {ID: "A-2", Offcut: true}}}
	res := &nest.Result{Pages: []nest.Page{{StockID: "s1"}, {StockID: "A-2"}, {StockID: "A-2"}, {StockID: "A-1"}}}
	if got := UsedOffcuts(req, res); !reflect.DeepEqual(got, []string{"A-2", "A-1"}) {
		t.Errorf("UsedOffcuts = %v", got)
	}
}

// A cut job's leftovers become offcuts largest first, within the rack's
// limit, with codes that skip taken ones.
func TestNewOffcuts(t *testing.T) {
	no := false
	req := nest.Request{Sheet: nest.Sheet{Width: 100, Height: 100},
		Parts: []nest.Part{{ID: "a", Name: "A", Width: 40, Height: 100, Quantity: 1, Rotate: &no}}}
	res, err := nest.Layout(context.Background(), req, nil)
	if err != nil {
		t.Fatal(err)
	}
	l := Layout{Parts: req.Parts, Sheet: req.Sheet, Result: &res}
	rows, next := NewOffcuts(l, DefaultOffcutSettings(), 0, 0, 4, map[string]bool{"A-4": true}, nil)
	if len(rows) != 1 || next != 6 {
		t.Fatalf("NewOffcuts = %+v, next %d", rows, next)
	}
	if o := rows[0]; o.ID != "A-5" || !o.Offcut || o.Quantity != 1 || o.Width*o.Height != 60*100 {
		t.Errorf("offcut %+v, want A-5 of 60 x 100 cm", o)
	}
	// A rack of 9.5 m² under a 10 m² limit has no room for 0.6 m².
	limited := DefaultOffcutSettings()
	limited.MaxArea = 10
	if rows, next := NewOffcuts(l, limited, 9.5, 0, 1, map[string]bool{}, nil); len(rows) != 0 || next != 1 {
		t.Errorf("over the limit: %+v, next %d", rows, next)
	}
	if rows, _ := NewOffcuts(l, limited, 9.4, 0, 1, map[string]bool{}, nil); len(rows) != 1 {
		t.Errorf("within the limit: %+v", rows)
	}
	// A stock list at the engine's limit takes no more rows.
	if rows, _ := NewOffcuts(l, DefaultOffcutSettings(), 0, MaxStockRows, 1, map[string]bool{}, nil); len(rows) != 0 {
		t.Errorf("a full stock list: %+v", rows)
	}
	if rows, _ := NewOffcuts(Layout{}, limited, 0, 0, 1, nil, nil); rows != nil {
		t.Errorf("a layout without a result: %+v", rows)
	}
}

// The needle of a piece is in the stored result exactly when the result
// places the piece, whatever its id holds.
func TestPieceNeedle(t *testing.T) {
	odd := `a"\\<b>&ş-0`
	res := &nest.Result{Pages: []nest.Page{{ID: "a-0", Parts: []nest.Placed{{ID: odd, Name: "a-1"}, {ID: "b-0", Name: "B"}}}},
		Skipped: []nest.Skipped{{ID: "c-0", Name: "C"}}}
	col, err := ResultColumn(res)
	if err != nil {
		t.Fatal(err)
	}
	for id, want := range map[string]bool{odd: true, "b-0": true, "a-0": false, "a-1": false, "c-0": false, "b": false, "B": false} {
		if got := strings.Contains(string(col), PieceNeedle(id)); got != want {
			t.Errorf("piece %q found %v, want %v", id, got, want)
		}
	}
}

// A re-plan of a job being cut that pins only its ticked sheet is taken
// even when a later sheet comes out unchanged (the same page of the other
// material): the server cannot tell which leading pages the client pinned.
func TestReplanWithAnUnchangedLaterPage(t *testing.T) {
	ctx := context.Background()
	stock := []nest.Stock{
		{ID: "s1", Material: "Beyaz", Thickness: 18, Width: 183, Height: 366, Quantity: 5, Price: 1450},
		{ID: "s2", Material: "Ceviz", Thickness: 18, Width: 183, Height: 366, Quantity: 3, Price: 2100, Grain: nest.GrainVertical},
	}
	parts := []nest.Part{
		{ID: "yan", Name: "Yan", Width: 56, Height: 72, Quantity: 4, Material: "Beyaz", Thickness: 18},
		{ID: "kapak", Name: "Kapak", Width: 39.7, Height: 71.5, Quantity: 4, Material: "Ceviz", Thickness: 18, Grain: nest.GrainVertical},
	}
	in := LayoutInput{Name: "İş", Parts: parts, Stock: stock, Options: nest.Options{TimeLimitMs: 0}}
	res, err := nest.Layout(ctx, in.Request(nil), nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Pages) != 2 || res.Pages[0].StockID != "s1" || res.Pages[1].StockID != "s2" {
		t.Fatalf("first plan: %+v", res.Pages)
	}
	cur := Layout{State: StateCutting, Result: &res, CutPieces: []string{res.Pages[0].Parts[0].ID}}
	// A new Beyaz part that needs a sheet of its own, the cut sheet pinned.
	next := in
	next.Parts = append(slices.Clone(parts), nest.Part{ID: "ek", Name: "Ek", Width: 180, Height: 360, Quantity: 1, Material: "Beyaz", Thickness: 18})
	replan, err := nest.Layout(ctx, next.Request(res.Pages[:1]), nil)
	if err != nil {
		t.Fatal(err)
	}
	next.Result = &replan
	pinned, err := ReplanPins(cur, next)
	if err != nil {
		t.Fatal(err)
	}
	if len(pinned) != 2 {
		t.Fatalf("the second page did not come out unchanged (%d leading pages kept): the case is not tested", len(pinned))
	}
	if CheckResult(next, pinned) == nil {
		t.Fatal("the result checks with both pages pinned: the case is not tested")
	}
	if err := CheckReplan(cur, next); err != nil {
		t.Errorf("re-plan pinning the ticked sheet only: %v", err)
	}
}

// A re-plan checked against a layout holds for the layout read again in
// the write transaction only when nothing it was checked by changed: a tick
// or an untick, a state change or another re-plan in between makes the
// driver check it again.
func TestSameReplanBase(t *testing.T) {
	base := Layout{Name: "İş", State: StateCutting, Result: twoPages(), CutPieces: []string{"a-0"}}
	same := base
	same.Name, same.Result = "Yeni ad", twoPages()
	if !SameReplanBase(base, same) {
		t.Error("a rename (or a copy of the same result) made the check stale")
	}
	for name, edit := range map[string]func(l *Layout){
		"tick":   func(l *Layout) { l.CutPieces = []string{"a-0", "a-1"} },
		"untick": func(l *Layout) { l.CutPieces = []string{} },
		"state":  func(l *Layout) { l.State = StateCut },
		"replan": func(l *Layout) { l.Result = twoPages(); l.Result.Pages = l.Result.Pages[:1] },
	} {
		l := base
		edit(&l)
		if SameReplanBase(base, l) {
			t.Errorf("%s: the check made before it still counts", name)
		}
	}
}
