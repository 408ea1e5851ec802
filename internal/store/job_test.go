package store

import (
	"context"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"

	"kesim/internal/apperr"
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
	if got := UsedOffcuts(req, res, nil); !reflect.DeepEqual(got, []string{"A-2", "A-1"}) {
		t.Errorf("UsedOffcuts = %v", got)
	}
	// A page a re-plan kept on offcut A-10, which its request no longer
	// lists, is cut from A-10 all the same.
	res.Pages = append(res.Pages, nest.Page{StockID: "A-10"})
	if got := UsedOffcuts(req, res, OffcutCodes{"A-10": "job-b", "A-3": ""}); !reflect.DeepEqual(got, []string{"A-2", "A-1", "A-10"}) {
		t.Errorf("UsedOffcuts with the owner's codes = %v", got)
	}
}

// A kept page on an offcut that is not listed in the request is checked
// against the rack: gone when another job's cut took it, changed when it
// is larger than the board.
func TestCheckOffcutRowsOfKeptPage(t *testing.T) {
	req := nest.Request{Stock: []nest.Stock{{ID: "s1", Material: "Beyaz", Thickness: 18, Width: 183, Height: 366, Quantity: 5}}}
	res := &nest.Result{Pages: []nest.Page{{StockID: "s1", Material: "Beyaz", Thickness: 18, Width: 183, Height: 366},
		{StockID: "A-10", Material: "Beyaz", Thickness: 18, Width: 60, Height: 100}}}
	board := Offcut{Stock: nest.Stock{ID: "A-10", Material: "Beyaz", Thickness: 18, Width: 60, Height: 100, Quantity: 1, Offcut: true}}
	err := CheckOffcutRows(req, res, nil, OffcutCodes{"A-10": "job-b"})
	if apperr.CodeOf(err) != apperr.Conflict || apperr.MessageOf(err) != fmt.Sprintf(MsgOffcutGone, "A-10") {
		t.Errorf("a kept page on a consumed offcut: %v", err)
	}
	if err := CheckOffcutRows(req, res, []Offcut{board}, OffcutCodes{"A-10": ""}); err != nil {
		t.Errorf("a kept page on the board on the rack: %v", err)
	}
	small := board
	small.Height = 80
	if err := CheckOffcutRows(req, res, []Offcut{small}, OffcutCodes{"A-10": ""}); apperr.MessageOf(err) != fmt.Sprintf(MsgOffcutChanged, "A-10") {
		t.Errorf("a kept page larger than the board: %v", err)
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
	rows, next, _, kept := NewOffcuts(l, DefaultOffcutSettings(), 0, 0, 4, map[string]bool{"A-4": true}, nil, nil, nil)
	if len(rows) != 1 || next != 6 {
		t.Fatalf("NewOffcuts = %+v, next %d", rows, next)
	}
	if o := rows[0]; o.ID != "A-5" || !o.Offcut || o.Quantity != 1 || o.Width*o.Height != 60*100 {
		t.Errorf("offcut %+v, want A-5 of 60 x 100 cm", o)
	}
	// Where it lies, for the job's cut list: beside the part, with its code.
	if want := []CutOffcut{{Page: 0, X: 40, Y: 0, Width: 60, Height: 100, Code: "A-5"}}; !reflect.DeepEqual(kept, want) {
		t.Errorf("kept %+v, want %+v", kept, want)
	}
	// A board an earlier cut of the job made, which a later job used, is
	// not made again, but it is the cut's leftover still, with its code.
	made := []nest.Stock{{ID: "A-1", Width: rows[0].Width, Height: rows[0].Height}}
	if again, _, _, kept := NewOffcuts(l, DefaultOffcutSettings(), 0, 0, 7, map[string]bool{"A-1": true}, made, nil, nil); len(again) != 0 ||
		len(kept) != 1 || kept[0].Code != "A-1" {
		t.Errorf("made before: rows %+v, kept %+v; want none made and A-1 kept", again, kept)
	}
	// Cut again after an undo, the board gets the code its earlier cut
	// gave it (kept aside, so taken), and no new code is used.
	earlier := []nest.Stock{{ID: "A-2", Width: rows[0].Width, Height: rows[0].Height}}
	if again, next, _, _ := NewOffcuts(l, DefaultOffcutSettings(), 0, 0, 7, map[string]bool{"A-2": true}, nil, nil, earlier); len(again) != 1 || again[0].ID != "A-2" || next != 7 {
		t.Errorf("re-cut: %+v, next %d, want A-2 again and next 7", again, next)
	}
	other := []nest.Stock{{ID: "A-2", Width: rows[0].Width - 1, Height: rows[0].Height}}
	if again, _, _, _ := NewOffcuts(l, DefaultOffcutSettings(), 0, 0, 7, map[string]bool{"A-2": true}, nil, nil, other); len(again) != 1 || again[0].ID != "A-7" {
		t.Errorf("re-cut with another board kept aside: %+v, want A-7", again)
	}
	// A rack of 9.5 m² under a 10 m² limit has no room for 0.6 m².
	limited := DefaultOffcutSettings()
	limited.MaxArea = 10
	if rows, next, skipped, kept := NewOffcuts(l, limited, 9.5, 0, 1, map[string]bool{}, nil, nil, nil); len(rows) != 0 || next != 1 ||
		skipped != (SkippedOffcuts{Count: 1, AreaM2: 0.6}) || kept == nil || len(kept) != 0 {
		t.Errorf("over the limit: %+v, next %d, skipped %+v, kept %+v", rows, next, skipped, kept)
	}
	if rows, _, _, _ := NewOffcuts(l, limited, 9.4, 0, 1, map[string]bool{}, nil, nil, nil); len(rows) != 1 {
		t.Errorf("within the limit: %+v", rows)
	}
	// A stock list at the engine's limit takes no more rows.
	if rows, _, _, _ := NewOffcuts(l, DefaultOffcutSettings(), 0, MaxStockRows, 1, map[string]bool{}, nil, nil, nil); len(rows) != 0 {
		t.Errorf("a full stock list: %+v", rows)
	}
	if rows, _, _, _ := NewOffcuts(Layout{}, limited, 0, 0, 1, nil, nil, nil, nil); rows != nil {
		t.Errorf("a layout without a result: %+v", rows)
	}
}

// Near the rack's limit the largest leftovers are kept: the first that
// does not fit ends the list, and no smaller one takes its place; those
// left out are counted with their area.
func TestNewOffcutsKeepLargest(t *testing.T) {
	no := false
	// Page 1 leaves 60 x 100 (0,6 m²), page 2 100 x 35 (0,35 m²).
	req := nest.Request{Sheet: nest.Sheet{Width: 100, Height: 100}, Options: nest.Options{Guillotine: true},
		Parts: []nest.Part{{ID: "a", Name: "A", Width: 40, Height: 100, Quantity: 1, Rotate: &no},
			{ID: "b", Name: "B", Width: 100, Height: 65, Quantity: 1, Rotate: &no}}}
	res, err := nest.Layout(context.Background(), req, nil)
	if err != nil {
		t.Fatal(err)
	}
	l := Layout{Parts: req.Parts, Sheet: req.Sheet, Options: req.Options, Result: &res}
	all, _, none, _ := NewOffcuts(l, DefaultOffcutSettings(), 0, 0, 1, map[string]bool{}, nil, nil, nil)
	if len(all) < 2 || none.Count != 0 {
		t.Fatalf("without a limit: %+v, skipped %+v", all, none)
	}
	limited := DefaultOffcutSettings()
	limited.MaxArea = all[0].Width*all[0].Height/10000 - 0.01 // the largest does not fit, the others would
	rows, _, skipped, _ := NewOffcuts(l, limited, 0, 0, 1, map[string]bool{}, nil, nil, nil)
	var area float64
	for _, o := range all {
		area += o.Width * o.Height / 10000
	}
	if len(rows) != 0 || skipped.Count != len(all) || math.Abs(skipped.AreaM2-area) > 0.01 {
		t.Errorf("the largest over the limit: kept %+v, skipped %+v, want none kept and %d (%g m²) skipped", rows, skipped, len(all), area)
	}
	// Pages on an offcut another job's cut took make no leftovers.
	on := req
	on.Sheet = nest.Sheet{}
	on.Stock = []nest.Stock{{ID: "A-10", Width: 100, Height: 100, Quantity: 2, Offcut: true}}
	res2, err := nest.Layout(context.Background(), on, nil)
	if err != nil {
		t.Fatal(err)
	}
	l2 := Layout{ID: "job-a", Parts: on.Parts, Options: on.Options, Stock: on.Stock, Result: &res2}
	if rows, _, _, _ := NewOffcuts(l2, DefaultOffcutSettings(), 0, 0, 1, map[string]bool{}, nil, OffcutCodes{"A-10": "job-b"}, nil); len(rows) != 0 {
		t.Errorf("leftovers of a board another job cut: %+v", rows)
	}
	if rows, _, _, _ := NewOffcuts(l2, DefaultOffcutSettings(), 0, 0, 1, map[string]bool{}, nil, OffcutCodes{"A-10": ""}, nil); len(rows) == 0 {
		t.Error("no leftovers of a board on the rack")
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
	if c, err := CheckReplan(cur, next); err != nil || c.Pins != 1 {
		t.Errorf("re-plan pinning the ticked sheet only: %+v, %v", c, err)
	}
}

// A re-plan checked against a layout holds for the layout read again in
// the write transaction, without verifying again, when nothing it was
// checked by changed, or only ticks that the pages it verified as pinned
// still cover; a tick on a page it changes is the pinned conflict; a state
// change, another re-plan, or a tick on a kept page past the pages it
// pinned makes the driver check it again.
func TestReplanHolds(t *testing.T) {
	base := Layout{Name: "İş", State: StateCutting, Result: twoPages(), CutPieces: []string{"a-0"}}
	// The new result keeps both pages unchanged and adds a third.
	kept := twoPages()
	kept.Pages = append(kept.Pages, nest.Page{ID: "3", Parts: []nest.Placed{{ID: "c-0", Width: 10, Height: 10}}})
	in := LayoutInput{Result: kept}
	// A new result that keeps the first page only.
	moved := twoPages()
	moved.Pages[1].Parts[1].X = 30
	inMoved := LayoutInput{Result: moved}
	one, two, whole := ReplanCheck{Pins: 1}, ReplanCheck{Pins: 2}, ReplanCheck{}
	edit := func(f func(l *Layout)) Layout {
		l := base
		l.Result = twoPages()
		f(&l)
		return l
	}
	for _, c := range []struct {
		name  string
		check ReplanCheck
		in    LayoutInput
		cur   Layout
		holds bool
		err   string
	}{
		{"the same (a copy of the result, renamed)", one, in, edit(func(l *Layout) { l.Name = "Yeni ad" }), true, ""},
		{"a tick on the first page", one, in, edit(func(l *Layout) { l.CutPieces = []string{"a-0", "a-0"} }), true, ""},
		{"an untick", one, in, edit(func(l *Layout) { l.CutPieces = []string{} }), true, ""},
		{"a tick on the second page, both pinned", two, in, edit(func(l *Layout) { l.CutPieces = []string{"a-0", "a-1"} }), true, ""},
		{"a tick on the second page, verified as a whole plan", whole, in, edit(func(l *Layout) { l.CutPieces = []string{"a-0", "b-0"} }), true, ""},
		{"a tick on the second page, one pinned", one, in, edit(func(l *Layout) { l.CutPieces = []string{"a-0", "a-1"} }), false, ""},
		{"a tick on a page the re-plan changes", one, inMoved, edit(func(l *Layout) { l.CutPieces = []string{"a-0", "b-0"} }), false, MsgJobPinned},
		{"a state change", one, in, edit(func(l *Layout) { l.State = StatePlanned }), false, ""},
		{"another re-plan", one, in, edit(func(l *Layout) { l.Result.Pages = l.Result.Pages[:1] }), false, ""},
		{"a cut", one, in, edit(func(l *Layout) { l.State = StateCut }), false, ""},
	} {
		holds, err := ReplanHolds(c.check, base, c.cur, c.in)
		if holds != c.holds || (c.err == "") != (err == nil) || err != nil && apperr.MessageOf(err) != c.err {
			t.Errorf("%s: holds %v, %v; want %v, %q", c.name, holds, err, c.holds, c.err)
		}
	}
	planned := base
	planned.State = StatePlanned
	ticked := planned
	ticked.CutPieces = []string{"a-0", "b-0"}
	if holds, err := ReplanHolds(whole, planned, ticked, inMoved); !holds || err != nil {
		t.Errorf("a tick on a planned job (its ticks are dropped): %v, %v", holds, err)
	}
}

// KnownResult decodes a result column once: the re-plan's transaction
// reads the same column again and takes the result decoded outside it, the
// same value, and decodes it only when the column changed; a driver that
// reuses the buffer it scanned into changes nothing remembered.
func TestKnownResult(t *testing.T) {
	column, err := ResultColumn(twoPages())
	if err != nil {
		t.Fatal(err)
	}
	var k KnownResult
	if res, err := k.Reuse(column); err != nil || !reflect.DeepEqual(res, twoPages()) {
		t.Fatalf("Reuse before Parse: %+v, %v", res, err)
	}
	buf := slices.Clone(column)
	read, err := k.Parse(buf)
	if err != nil || !reflect.DeepEqual(read, twoPages()) {
		t.Fatalf("Parse: %+v, %v", read, err)
	}
	clear(buf) // the scan buffer reused
	if again, err := k.Reuse(slices.Clone(column)); err != nil || again != read {
		t.Errorf("Reuse of the same column: %p, %v; want the result Parse decoded, %p", again, err, read)
	}
	moved := twoPages()
	moved.Pages = moved.Pages[:1]
	other, err := ResultColumn(moved)
	if err != nil {
		t.Fatal(err)
	}
	if res, err := k.Reuse(other); err != nil || res == read || !reflect.DeepEqual(res, moved) {
		t.Errorf("Reuse of a changed column: %+v, %v; want it decoded", res, err)
	}
	if res, err := k.Reuse(nil); res != nil || err != nil {
		t.Errorf("Reuse of NULL: %+v, %v", res, err)
	}
	if _, err := k.Parse([]byte(`{"pages":`)); err == nil {
		t.Error("Parse of a broken column: no error")
	}
	if res, err := k.Reuse(column); err != nil || res == read || !reflect.DeepEqual(res, twoPages()) {
		t.Errorf("Reuse after a failed Parse: %p, %v; want a fresh decode", res, err)
	}
}

// A re-plan's row is the columns its input is stored as, made before the
// transaction.
func TestReplanRowOf(t *testing.T) {
	in := LayoutInput{Name: "İş", Parts: []nest.Part{{ID: "a", Name: "Raf", Width: 10, Height: 10, Quantity: 3}},
		Sheet: nest.Sheet{Width: 100, Height: 50}, Result: twoPages()}
	r, err := ReplanRowOf(in)
	if err != nil {
		t.Fatal(err)
	}
	parts, sheet, options, _ := LayoutColumns(Layout{Parts: in.Parts, Sheet: in.Sheet, Options: in.Options})
	result, _ := ResultColumn(in.Result)
	if string(r.Parts) != string(parts) || string(r.Sheet) != string(sheet) || string(r.Options) != string(options) ||
		r.Stock != nil || r.Bands != nil || string(r.Result) != string(result) || r.Lines != 1 || r.Pieces != 3 || r.Placed != 3 {
		t.Errorf("ReplanRowOf = %+v", r)
	}
	if r, err := ReplanRowOf(LayoutInput{Name: "Boş"}); err != nil || r.Result != nil || r.Placed != 0 {
		t.Errorf("without a result: %+v, %v", r, err)
	}
}
