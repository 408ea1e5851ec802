package storetest

import (
	"context"
	"reflect"
	"slices"
	"strings"
	"testing"

	"kesim/internal/store"
	"kesim/nest"
)

// stockTakeTests are the suite's tests of the sheets a cut job takes off
// its owner's limited stock rows and its undo puts back.
var stockTakeTests = []struct {
	name string
	fn   func(t *testing.T, s store.Store)
}{
	{"StockTakenByCut", testStockTakenByCut},
	{"StockTakenAtMostTheRow", testStockTakenAtMostTheRow},
	{"StockTakenFromOwner", testStockTakenFromOwner},
	{"StockTakenReturnedBesideEdits", testStockTakenReturnedBesideEdits},
}

// takeStock is a stock list of limited rows of three materials, an
// unlimited row and a row of a fourth material; takeParts use 3 sheets of
// B, 2 (all) of M, 1 of the unlimited C, 1 of K and 1 canvas.
func takeStock() []nest.Stock {
	return []nest.Stock{
		{ID: "B", Name: "Beyaz 18", Material: "Beyaz Sunta", Thickness: 18, Width: 100, Height: 100, Quantity: 5, Price: 100, Grain: nest.GrainNone},
		{ID: "M", Name: "Meşe", Material: "Meşe", Thickness: 18, Width: 100, Height: 100, Quantity: 2, Price: 300},
		{ID: "C", Material: "Ceviz", Thickness: 18, Width: 100, Height: 100, Price: 400},
		{ID: "K", Material: "Kayın", Thickness: 18, Width: 100, Height: 100, Quantity: 4},
		{ID: "Z", Material: "Zebrano", Thickness: 8, Width: 50, Height: 50, Quantity: 9},
	}
}

func takeParts() []nest.Part {
	part := func(id, material string, q int) nest.Part {
		p := fixed(id, 90, 90, q)
		p.Material, p.Thickness = material, 18
		return p
	}
	return []nest.Part{part("b", "Beyaz Sunta", 3), part("m", "Meşe", 2), part("c", "Ceviz", 1), part("k", "Kayın", 1),
		fixed("x", 90, 90, 1)}
}

// takeJob saves the owner's stock list and a job planned on it, and
// checks the pages the engine made.
func takeJob(t *testing.T, s store.Store, o store.Owner) store.Layout {
	t.Helper()
	ctx := context.Background()
	if _, err := s.ReplaceStock(ctx, o, store.StockList{Stock: takeStock(), Bands: []nest.Band{}}); err != nil {
		t.Fatal(err)
	}
	in := jobInput(t, "Stoklu iş", takeStock(), takeParts()...)
	pages := map[string]int{}
	for _, p := range in.Result.Pages {
		pages[p.StockID]++
	}
	if want := map[string]int{"B": 3, "M": 2, "C": 1, "K": 1, nest.StockDefault: 1}; !reflect.DeepEqual(pages, want) {
		t.Fatalf("pages per stock row %v, want %v", pages, want)
	}
	return mustCreateJob(t, s, o, in)
}

// setState changes the state with a report.
func setState(t *testing.T, s store.Store, o store.Owner, id, state string) store.CutReport {
	t.Helper()
	var rep store.CutReport
	l, err := s.SetLayoutState(store.WithCutReport(context.Background(), &rep), o, id, store.StateChange{State: state})
	if err != nil {
		t.Fatalf("SetLayoutState(%s): %v", state, err)
	}
	if l.State != state {
		t.Fatalf("state %q after setting %q", l.State, state)
	}
	return rep
}

// sheetsOf is "id:quantity" of the owner's sheet rows in their order.
func sheetsOf(t *testing.T, s store.Store, o store.Owner) string {
	t.Helper()
	var out []string
	for _, st := range mustGetStock(t, s, o).Stock {
		out = append(out, st.ID+":"+itoa(st.Quantity))
	}
	return strings.Join(out, " ")
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b []byte
	for ; n > 0; n /= 10 {
		b = append([]byte{byte('0' + n%10)}, b...)
	}
	return string(b)
}

func sortTaken(l []store.StockTaken) []store.StockTaken {
	slices.SortFunc(l, func(a, b store.StockTaken) int { return strings.Compare(a.StockID, b.StockID) })
	return l
}

func sortSheets(l []store.StockSheets) []store.StockSheets {
	slices.SortFunc(l, func(a, b store.StockSheets) int { return strings.Compare(a.StockID, b.StockID) })
	return l
}

// Kesildi takes the sheets the job's pages are cut from off the owner's
// limited rows: a row that reaches 0 is removed (0 would be unlimited),
// an unlimited row and the canvas are not touched, a row edited since is
// not taken and is reported; the list's version moves. Undoing puts them
// back (the removed row exactly, at its place), cutting again takes them
// again, and deleting the cut job keeps the stock as it is.
func testStockTakenByCut(t *testing.T, s store.Store) {
	ctx := context.Background()
	j := takeJob(t, s, userA)
	// K is edited after the plan: another size.
	edited := takeStock()
	edited[3].Width = 120
	if _, err := s.ReplaceStock(ctx, userA, store.StockList{Stock: edited, Bands: []nest.Band{}}); err != nil {
		t.Fatal(err)
	}
	before := mustGetStock(t, s, userA)
	before.Version = mustStockVersion(t, s, userA)
	mustSetState(t, s, userA, j.ID, store.StateCutting)
	if got := sheetsOf(t, s, userA); got != "B:5 M:2 C:0 K:4 Z:9" {
		t.Errorf("Kesime başla changed the stock: %s", got)
	}
	rep := setState(t, s, userA, j.ID, store.StateCut)
	if got := sheetsOf(t, s, userA); got != "B:2 C:0 K:4 Z:9" {
		t.Errorf("after the cut the stock is %s, want B:2 C:0 K:4 Z:9", got)
	}
	wantTaken := []store.StockTaken{
		{StockSheets: store.StockSheets{StockID: "B", Name: "Beyaz 18", Material: "Beyaz Sunta", Thickness: 18, Width: 100, Height: 100, Quantity: 3}, Left: 2},
		{StockSheets: store.StockSheets{StockID: "M", Name: "Meşe", Material: "Meşe", Thickness: 18, Width: 100, Height: 100, Quantity: 2}, Left: 0},
	}
	if got := sortTaken(rep.StockTaken); !reflect.DeepEqual(got, wantTaken) {
		t.Errorf("stock taken %+v, want %+v", got, wantTaken)
	}
	wantNot := []store.StockSheets{{StockID: "K", Material: "Kayın", Thickness: 18, Width: 100, Height: 100, Quantity: 1}}
	if !reflect.DeepEqual(rep.StockNotTaken, wantNot) {
		t.Errorf("stock not taken %+v, want %+v", rep.StockNotTaken, wantNot)
	}
	if len(rep.StockShort) != 0 {
		t.Errorf("stock short %+v, want none: every row had the sheets", rep.StockShort)
	}
	cut := mustGetStock(t, s, userA)
	cut.Version = mustStockVersion(t, s, userA)
	if cut.Version <= before.Version {
		t.Errorf("the cut left the version at %d (before %d)", cut.Version, before.Version)
	}
	// A dialog opened before the cut cannot write the sheets back.
	stale := before.Version
	if _, err := s.ReplaceStock(ctx, userA, store.StockList{Stock: before.Stock, Bands: []nest.Band{}, IfVersion: &stale}); err == nil {
		t.Error("a save of the list read before the cut passed")
	}
	// Undo: the sheets are back, M as it was, in its place.
	rep = setState(t, s, userA, j.ID, store.StateCutting)
	undone := mustGetStock(t, s, userA)
	undone.Version = mustStockVersion(t, s, userA)
	if !reflect.DeepEqual(undone.Stock, before.Stock) {
		t.Errorf("after the undo the stock is\n%+v\nwant\n%+v", undone.Stock, before.Stock)
	}
	if undone.Version <= cut.Version {
		t.Errorf("the undo left the version at %d (after the cut %d)", undone.Version, cut.Version)
	}
	wantBack := []store.StockSheets{
		{StockID: "B", Name: "Beyaz 18", Material: "Beyaz Sunta", Thickness: 18, Width: 100, Height: 100, Quantity: 3},
		{StockID: "M", Name: "Meşe", Material: "Meşe", Thickness: 18, Width: 100, Height: 100, Quantity: 2},
	}
	if got := sortSheets(rep.StockReturned); !rep.Undone || !reflect.DeepEqual(got, wantBack) {
		t.Errorf("stock returned %+v (undone %v), want %+v", got, rep.Undone, wantBack)
	}
	// The same state again changes nothing; cut again takes again.
	setState(t, s, userA, j.ID, store.StateCutting)
	if got := sheetsOf(t, s, userA); got != "B:5 M:2 C:0 K:4 Z:9" {
		t.Errorf("the same state again changed the stock: %s", got)
	}
	setState(t, s, userA, j.ID, store.StateCut)
	if got := sheetsOf(t, s, userA); got != "B:2 C:0 K:4 Z:9" {
		t.Errorf("after cutting again the stock is %s", got)
	}
	// Undo to planned puts back too; cut from planned takes.
	setState(t, s, userA, j.ID, store.StatePlanned)
	if got := sheetsOf(t, s, userA); got != "B:5 M:2 C:0 K:4 Z:9" {
		t.Errorf("after the undo to planned the stock is %s", got)
	}
	setState(t, s, userA, j.ID, store.StateCut)
	// Deleting the cut job keeps the stock: the sheets were sawn.
	v := mustStockVersion(t, s, userA)
	if err := s.DeleteLayout(ctx, userA, j.ID); err != nil {
		t.Fatal(err)
	}
	if got := sheetsOf(t, s, userA); got != "B:2 C:0 K:4 Z:9" {
		t.Errorf("after deleting the cut job the stock is %s", got)
	}
	if got := mustStockVersion(t, s, userA); got != v {
		t.Errorf("deleting the job moved the version from %d to %d", v, got)
	}
	// A deleted row is not taken either.
	j2 := mustCreateJob(t, s, userA, jobInput(t, "İkinci", takeStock(), takeParts()...))
	rep = setState(t, s, userA, j2.ID, store.StateCut)
	if got := sheetsOf(t, s, userA); got != "C:0 K:4 Z:9" {
		t.Errorf("after the second job the stock is %s", got)
	}
	var not []string
	for _, n := range sortSheets(rep.StockNotTaken) {
		not = append(not, n.StockID+":"+itoa(n.Quantity))
	}
	if got := strings.Join(not, " "); got != "K:1 M:2" {
		t.Errorf("second job: not taken %s, want K:1 M:2", got)
	}
	// B had 2 of the 3 sheets the second job used.
	if len(rep.StockShort) != 1 || rep.StockShort[0].StockID != "B" || rep.StockShort[0].Quantity != 1 {
		t.Errorf("second job: stock short %+v, want B:1", rep.StockShort)
	}
}

// A row with fewer sheets than the job used gives what it has and is
// removed, and the sheets it lacked are reported (StockShort); the undo
// puts back what was taken.
func testStockTakenAtMostTheRow(t *testing.T, s store.Store) {
	ctx := context.Background()
	j := takeJob(t, s, userA)
	fewer := takeStock()
	fewer[0].Quantity = 2 // B: 2 left, the job uses 3
	if _, err := s.ReplaceStock(ctx, userA, store.StockList{Stock: fewer, Bands: []nest.Band{}}); err != nil {
		t.Fatal(err)
	}
	rep := setState(t, s, userA, j.ID, store.StateCut)
	if got := sheetsOf(t, s, userA); got != "C:0 K:3 Z:9" {
		t.Errorf("after the cut the stock is %s, want C:0 K:3 Z:9", got)
	}
	for _, tk := range rep.StockTaken {
		if tk.StockID == "B" && (tk.Quantity != 2 || tk.Left != 0) {
			t.Errorf("B taken %+v, want 2 with 0 left", tk)
		}
	}
	// The third sheet was not in stock: the user is told.
	wantShort := []store.StockSheets{{StockID: "B", Name: "Beyaz 18", Material: "Beyaz Sunta", Thickness: 18, Width: 100, Height: 100, Quantity: 1}}
	if !reflect.DeepEqual(rep.StockShort, wantShort) {
		t.Errorf("stock short %+v, want %+v", rep.StockShort, wantShort)
	}
	setState(t, s, userA, j.ID, store.StatePlanned)
	if got := mustGetStock(t, s, userA).Stock; !reflect.DeepEqual(got, fewer) {
		t.Errorf("after the undo the stock is %+v, want %+v", got, fewer)
	}
}

// The sheets come off the job owner's list; another user's rows of the
// same ids stay, and their versions do not move.
func testStockTakenFromOwner(t *testing.T, s store.Store) {
	ctx := context.Background()
	if _, err := s.ReplaceStock(ctx, userB, store.StockList{Stock: takeStock(), Bands: []nest.Band{}}); err != nil {
		t.Fatal(err)
	}
	vb := mustStockVersion(t, s, userB)
	j := takeJob(t, s, userA)
	setState(t, s, userA, j.ID, store.StateCut)
	if got := sheetsOf(t, s, userA); got != "B:2 C:0 K:3 Z:9" {
		t.Errorf("owner's stock after the cut: %s", got)
	}
	if got := sheetsOf(t, s, userB); got != "B:5 M:2 C:0 K:4 Z:9" {
		t.Errorf("another user's stock after the cut: %s", got)
	}
	setState(t, s, userA, j.ID, store.StateCutting)
	if got := sheetsOf(t, s, userB); got != "B:5 M:2 C:0 K:4 Z:9" {
		t.Errorf("another user's stock after the undo: %s", got)
	}
	if got := mustStockVersion(t, s, userB); got != vb {
		t.Errorf("another user's version moved from %d to %d", vb, got)
	}
	// The other user's job on the same ids takes from theirs alone.
	jb := takeJob(t, s, userB)
	setState(t, s, userB, jb.ID, store.StateCut)
	if got := sheetsOf(t, s, userA); got != "B:5 M:2 C:0 K:4 Z:9" {
		t.Errorf("owner's stock after another user's cut: %s", got)
	}
}

// The undo adds to a row the user edited since (same sheet, new count) and
// puts a removed row back at its place among rows saved since; a row of
// the id that is now another sheet gets nothing.
func testStockTakenReturnedBesideEdits(t *testing.T, s store.Store) {
	ctx := context.Background()
	j := takeJob(t, s, userA)
	setState(t, s, userA, j.ID, store.StateCut) // B:2, M removed
	// The user buys 10 more B, adds a row N first, changes K's size.
	now := mustGetStock(t, s, userA).Stock
	list := append([]nest.Stock{{ID: "N", Material: "Akçaağaç", Thickness: 18, Width: 100, Height: 100, Quantity: 1}}, now...)
	list[1].Quantity = 12
	for i := range list {
		if list[i].ID == "K" {
			list[i].Height = 90
		}
	}
	if _, err := s.ReplaceStock(ctx, userA, store.StockList{Stock: list, Bands: []nest.Band{}}); err != nil {
		t.Fatal(err)
	}
	rep := setState(t, s, userA, j.ID, store.StateCutting)
	// M comes back at its old place (second), the rows from there move on.
	if got := sheetsOf(t, s, userA); got != "N:1 M:2 B:15 C:0 K:3 Z:9" {
		t.Errorf("after the undo the stock is %s, want N:1 M:2 B:15 C:0 K:3 Z:9", got)
	}
	var back, not []string
	for _, r := range sortSheets(rep.StockReturned) {
		back = append(back, r.StockID+":"+itoa(r.Quantity))
	}
	for _, r := range rep.StockNotReturned {
		not = append(not, r.StockID+":"+itoa(r.Quantity))
	}
	if strings.Join(back, " ") != "B:3 M:2" || strings.Join(not, " ") != "K:1" {
		t.Errorf("returned %v, not returned %v; want [B:3 M:2] and [K:1]", back, not)
	}
	// Nothing is left to put back: a second undo finds no record.
	setState(t, s, userA, j.ID, store.StateCut)
	rep = setState(t, s, userA, j.ID, store.StatePlanned)
	if got := sheetsOf(t, s, userA); got != "N:1 M:2 B:15 C:0 K:3 Z:9" {
		t.Errorf("after cutting and undoing again the stock is %s", got)
	}
	if len(rep.StockNotReturned) != 0 || len(rep.StockReturned) != 2 {
		t.Errorf("second undo reported %+v / %+v", rep.StockReturned, rep.StockNotReturned)
	}
}
