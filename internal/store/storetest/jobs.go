package storetest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"

	"kesim/internal/apperr"
	"kesim/internal/store"
	"kesim/nest"
)

// jobTests are the suite's tests of jobs (issue 19): a layout saved with
// its result, its states, the offcuts a cut puts on the rack and takes off
// it, and the ticks of its pieces.
var jobTests = []struct {
	name string
	fn   func(t *testing.T, s store.Store)
}{
	{"JobKeepsResult", testJobKeepsResult},
	{"JobResultInvalid", testJobResultInvalid},
	{"JobOnStockOnly", testJobOnStockOnly},
	{"JobStates", testJobStates},
	{"JobStateFrom", testJobStateFrom},
	{"ReplanStockUsedUp", ReplanStockUsedUp},
	{"LayoutOwner", testLayoutOwner},
	{"FloorOwner", testFloorOwner},
	{"JobTicks", testJobTicks},
	{"JobTicksTwoWriters", testJobTicksTwoWriters},
	{"JobReplan", testJobReplan},
	{"JobSavedAgainWhileCutting", testJobSavedAgainWhileCutting},
	{"ReplanTickKept", testReplanTickKept},
	{"ReplanTickOnChangedPage", testReplanTickOnChangedPage},
	{"ReplanCheckedAgain", testReplanCheckedAgain},
	{"ReplanJobKeepsMoving", testReplanJobKeepsMoving},
	{"OffcutsCutAndUndo", testOffcutsCutAndUndo},
	{"OffcutUsedTwice", testOffcutUsedTwice},
	{"OffcutNotMadeTwice", testOffcutNotMadeTwice},
	{"OffcutOfUndoneJob", testOffcutOfUndoneJob},
	{"OffcutRowMustMatchRack", testOffcutRowMustMatchRack},
	{"OffcutsAreaLimit", testOffcutsAreaLimit},
	{"JobKeepsCutOffcuts", testJobKeepsCutOffcuts},
	{"OffcutsTwoCutsAtOnce", testOffcutsTwoCutsAtOnce},
	{"OffcutKeepsMaterial", testOffcutKeepsMaterial},
	{"OffcutsOfDeletedJobs", testOffcutsOfDeletedJobs},
	{"OffcutsInStockList", testOffcutsInStockList},
	{"SheetTakesNoOffcutCode", testSheetTakesNoOffcutCode},
	{"OffcutsOfDeletedUndoneJob", testOffcutsOfDeletedUndoneJob},
	{"OffcutKeptPageReplan", testOffcutKeptPageReplan},
	{"OffcutKeptPageCut", testOffcutKeptPageCut},
	{"OffcutsLimitKeepsLargest", testOffcutsLimitKeepsLargest},
	{"OffcutGoneAtCutting", testOffcutGoneAtCutting},
	{"OffcutCodeAfterRecut", testOffcutCodeAfterRecut},
	{"JobRecut", testJobRecut},
	{"JobRecutTwoAtOnce", testJobRecutTwoAtOnce},
	{"JobRecutReplan", testJobRecutReplan},
}

// jobInput is a layout of parts on a 100 x 100 cm sheet (or on stock),
// with the engine's result.
func jobInput(t testing.TB, name string, stock []nest.Stock, parts ...nest.Part) store.LayoutInput {
	t.Helper()
	in := store.LayoutInput{Name: name, Parts: parts, Sheet: nest.Sheet{Width: 100, Height: 100}, Stock: stock,
		Options: nest.Options{Guillotine: true}}
	res, err := nest.Layout(context.Background(), in.Request(nil), nil)
	if err != nil {
		t.Fatalf("nest.Layout: %v", err)
	}
	in.Result = &res
	return in
}

// fixed is a part that does not turn.
func fixed(id string, w, h float64, q int) nest.Part {
	no := false
	return nest.Part{ID: id, Name: "Parça " + id, Width: w, Height: h, Quantity: q, Rotate: &no}
}

func mustCreateJob(t testing.TB, s store.Store, o store.Owner, in store.LayoutInput) store.Layout {
	t.Helper()
	l, err := s.CreateLayout(context.Background(), o, in)
	if err != nil {
		t.Fatalf("CreateLayout(%s): %v", in.Name, err)
	}
	return l
}

func mustSetState(t testing.TB, s store.Store, o store.Owner, id, state string) store.Layout {
	t.Helper()
	l, err := s.SetLayoutState(context.Background(), o, id, store.StateChange{State: state, By: "ayşe"})
	if err != nil {
		t.Fatalf("SetLayoutState(%s): %v", state, err)
	}
	if l.State != state {
		t.Fatalf("state %q after setting %q", l.State, state)
	}
	return l
}

// rack returns the offcuts on the owner's rack.
func rack(t testing.TB, s store.Store, o store.Owner) []store.Offcut {
	t.Helper()
	got, err := s.GetStock(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	return got.Offcuts
}

func rackIDs(offcuts []store.Offcut) []string {
	ids := []string{}
	for _, o := range offcuts {
		ids = append(ids, o.ID)
	}
	return ids
}

func jsonOf(t testing.TB, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// A layout saved with its result loads it back as it was, counts its
// pieces, and starts planned.
func testJobKeepsResult(t *testing.T, s store.Store) {
	ctx := context.Background()
	in := jobInput(t, "Dolap", nil, fixed("a", 40, 30, 3), fixed("b", 25, 60, 2))
	in.Options.OffcutMinUse, in.Options.KeepLeftover = 60, true
	l := mustCreateJob(t, s, userA, in)
	got, err := s.GetLayout(ctx, userA, l.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.Options != in.Options {
		t.Errorf("options came back as %+v, want %+v", got.Options, in.Options)
	}
	if jsonOf(t, got.Result) != jsonOf(t, in.Result) {
		t.Errorf("result came back as\n%s\nwant\n%s", jsonOf(t, got.Result), jsonOf(t, in.Result))
	}
	want := store.Progress{Cut: 0, Total: 5}
	if got.State != store.StatePlanned || got.StateAt != nil || got.StateBy != "" || got.Progress != want ||
		len(got.CutPieces) != 0 || got.CutPieces == nil {
		t.Errorf("new job: state %q by %q at %v, progress %+v, ticks %v", got.State, got.StateBy, got.StateAt, got.Progress, got.CutPieces)
	}
	list := mustListAll(t, s, userA, store.LayoutQuery{})
	if len(list) != 1 || list[0].State != store.StatePlanned || list[0].Progress != want {
		t.Errorf("summary %+v", list)
	}
	// The client's engine laid out names as typed: trimmed, they are the
	// same plan.
	spaced := fixed("c", 10, 10, 1)
	spaced.Name = "  Kapak "
	if l := mustCreateJob(t, s, userA, jobInput(t, "Boşluklu", nil, spaced)); l.Parts[0].Name != "Kapak" {
		t.Errorf("name stored as %q", l.Parts[0].Name)
	}
	// A layout saved without a result has none, and 0 of 0 pieces.
	plain := mustCreateJob(t, s, userA, sampleLayout("Sonuçsuz"))
	if got, _ := s.GetLayout(ctx, userA, plain.ID); got.Result != nil || got.Progress != (store.Progress{}) {
		t.Errorf("layout without a result: %+v, progress %+v", got.Result, got.Progress)
	}
}

// A result that is not a plan of the layout's request is refused.
func testJobResultInvalid(t *testing.T, s store.Store) {
	ctx := context.Background()
	in := jobInput(t, "Dolap", nil, fixed("a", 40, 30, 3))
	moved := *in.Result
	moved.Pages = append([]nest.Page(nil), moved.Pages...)
	moved.Pages[0].Parts = append([]nest.Placed(nil), moved.Pages[0].Parts...)
	moved.Pages[0].Parts[0].X = 90 // out of the sheet
	missing := *in.Result
	missing.Pages = nil
	for name, res := range map[string]nest.Result{"moved": moved, "missing": missing} {
		bad := in
		bad.Result = &res
		_, err := s.CreateLayout(ctx, userA, bad)
		checkInvalid(t, name, err, "result", store.MsgResultInvalid)
	}
	// Another layout's result.
	other := jobInput(t, "Başka", nil, fixed("a", 40, 30, 4))
	bad := in
	bad.Result = other.Result
	_, err := s.CreateLayout(ctx, userA, bad)
	checkInvalid(t, "another layout's", err, "result", store.MsgResultInvalid)
	if list := mustListAll(t, s, userA, store.LayoutQuery{}); len(list) != 0 {
		t.Errorf("refused layouts were saved: %+v", list)
	}
}

// A job goes from planned to cutting to cut and back, recording who and
// when; a layout without a result stays planned; a bad state is refused.
// testJobStateFrom: a change made from a state (StateChange.From) is
// refused when the job has left it meanwhile, and taken when the job is
// there or already where the change goes: a checklist's "Kesime başla"
// sent again after an outage never undoes a cut made meanwhile.
func testJobStateFrom(t *testing.T, s store.Store) {
	ctx := context.Background()
	l := mustCreateJob(t, s, userA, jobInput(t, "Dolap", nil, fixed("a", 40, 30, 3)))
	start := store.StateChange{State: store.StateCutting, From: store.StatePlanned, By: "ayşe"}
	if got, err := s.SetLayoutState(ctx, userA, l.ID, start); err != nil || got.State != store.StateCutting {
		t.Fatalf("started from planned: %v, %v", got.State, err)
	}
	if got, err := s.SetLayoutState(ctx, userA, l.ID, start); err != nil || got.State != store.StateCutting {
		t.Errorf("started again, already cutting: %v, %v", got.State, err)
	}
	mustSetState(t, s, userA, l.ID, store.StateCut)
	_, err := s.SetLayoutState(ctx, userA, l.ID, start)
	if apperr.CodeOf(err) != apperr.Conflict || apperr.MessageOf(err) != store.MsgJobStateMoved {
		t.Errorf("started from planned when cut meanwhile: %v, want 409 %q", err, store.MsgJobStateMoved)
	}
	if got, _ := s.GetLayout(ctx, userA, l.ID); got.State != store.StateCut {
		t.Errorf("the cut was undone: %q", got.State)
	}
	_, err = s.SetLayoutState(ctx, userA, l.ID, store.StateChange{State: store.StateCutting, From: "bitti"})
	checkInvalid(t, "unknown from", err, "from", store.MsgJobState)
}

func testJobStates(t *testing.T, s store.Store) {
	ctx := context.Background()
	l := mustCreateJob(t, s, userA, jobInput(t, "Dolap", nil, fixed("a", 40, 30, 3)))
	c := mustSetState(t, s, userA, l.ID, store.StateCutting)
	if c.StateBy != "ayşe" || c.StateAt == nil || c.StateAt.Before(l.CreatedAt) {
		t.Errorf("cutting by %q at %v", c.StateBy, c.StateAt)
	}
	mustSetState(t, s, userA, l.ID, store.StateCut)
	mustSetState(t, s, userA, l.ID, store.StateCut) // again: nothing changes
	back := mustSetState(t, s, userA, l.ID, store.StatePlanned)
	if got, _ := s.GetLayout(ctx, userA, l.ID); got.State != store.StatePlanned || !got.StateAt.Equal(*back.StateAt) {
		t.Errorf("stored state %q at %v, want planned at %v", got.State, got.StateAt, back.StateAt)
	}
	if sum := mustListAll(t, s, userA, store.LayoutQuery{}); sum[0].State != store.StatePlanned {
		t.Errorf("summary state %q", sum[0].State)
	}
	_, err := s.SetLayoutState(ctx, userA, l.ID, store.StateChange{State: "bitti"})
	checkInvalid(t, "unknown state", err, "state", store.MsgJobState)
	plain := mustCreateJob(t, s, userA, sampleLayout("Sonuçsuz"))
	if _, err := s.SetLayoutState(ctx, userA, plain.ID, store.StateChange{State: store.StateCutting}); apperr.CodeOf(err) != apperr.Conflict ||
		apperr.MessageOf(err) != store.MsgJobNoResult {
		t.Errorf("cutting a layout without a result: %v", err)
	}
	for _, o := range []store.Owner{anon, userB} {
		if _, err := s.SetLayoutState(ctx, o, l.ID, store.StateChange{State: store.StateCut}); apperr.CodeOf(err) != apperr.NotFound {
			t.Errorf("%s changing user A's job: %v", o, err)
		}
	}
	if got, _ := s.GetLayout(ctx, userA, l.ID); got.State != store.StatePlanned {
		t.Errorf("another owner changed the state to %q", got.State)
	}
}

// Ticks are saved one by one, read back in order, and only for the
// pieces of the job's own result and owner.
func testJobTicks(t *testing.T, s store.Store) {
	ctx := context.Background()
	l := mustCreateJob(t, s, userA, jobInput(t, "Dolap", nil, fixed("a", 40, 30, 3)))
	tick := func(o store.Owner, piece string, cut bool) (store.Ticks, error) {
		return s.TickPiece(ctx, o, l.ID, store.Tick{PieceID: piece, Cut: cut, By: "mehmet"})
	}
	// The pieces are "a-0", "a-1" and "a-2" (Placed.ID: part id and copy).
	if _, err := tick(userA, "a-2", true); err != nil {
		t.Fatal(err)
	}
	got, err := tick(userA, "a-1", true)
	if err != nil || !reflect.DeepEqual(got.CutPieces, []string{"a-2", "a-1"}) || got.Progress != (store.Progress{Cut: 2, Total: 3}) {
		t.Errorf("after two ticks: %+v, %v", got, err)
	}
	if got, err = tick(userA, "a-1", true); err != nil || got.Progress.Cut != 2 {
		t.Errorf("ticking twice counts twice: %+v, %v", got, err)
	}
	if got, err = tick(userA, "a-2", false); err != nil || !reflect.DeepEqual(got.CutPieces, []string{"a-1"}) {
		t.Errorf("after an untick: %+v, %v", got, err)
	}
	if _, err := tick(userA, "a-9", true); apperr.CodeOf(err) != apperr.NotFound || apperr.MessageOf(err) != store.MsgPieceMissing {
		t.Errorf("a piece not in the result: %v", err)
	}
	for _, o := range []store.Owner{anon, userB} {
		if _, err := tick(o, "a-0", true); apperr.CodeOf(err) != apperr.NotFound || apperr.MessageOf(err) != store.MsgLayoutMissing {
			t.Errorf("%s ticking user A's job: %v", o, err)
		}
	}
	full, _ := s.GetLayout(ctx, userA, l.ID)
	if !reflect.DeepEqual(full.CutPieces, []string{"a-1"}) || full.Progress != (store.Progress{Cut: 1, Total: 3}) {
		t.Errorf("GetLayout ticks %v progress %+v", full.CutPieces, full.Progress)
	}
	if sum := mustListAll(t, s, userA, store.LayoutQuery{}); sum[0].Progress != full.Progress {
		t.Errorf("summary progress %+v", sum[0].Progress)
	}
	plain := mustCreateJob(t, s, userA, sampleLayout("Sonuçsuz"))
	if _, err := s.TickPiece(ctx, userA, plain.ID, store.Tick{PieceID: "a-1", Cut: true}); apperr.CodeOf(err) != apperr.NotFound {
		t.Errorf("ticking a layout without a result: %v", err)
	}
	// Deleting the job deletes its ticks with it.
	if err := s.DeleteLayout(ctx, userA, l.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := tick(userA, "a-1", true); apperr.CodeOf(err) != apperr.NotFound {
		t.Errorf("ticking a deleted job: %v", err)
	}
}

// Two phones tick the pieces of one job at once, some the same piece: no
// tick is lost.
func testJobTicksTwoWriters(t *testing.T, s store.Store) {
	ctx := context.Background()
	const n = 24
	l := mustCreateJob(t, s, userA, jobInput(t, "Raf", nil, fixed("r", 20, 10, n)))
	var pieces []string
	for _, p := range l.Result.Pages {
		for _, pc := range p.Parts {
			pieces = append(pieces, pc.ID)
		}
	}
	var wg sync.WaitGroup
	errs := make(chan error, 2*n)
	for phone := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range n {
				// Phone 0 ticks every piece, phone 1 every other one.
				if phone == 1 && i%2 == 1 {
					continue
				}
				_, err := s.TickPiece(ctx, userA, l.ID, store.Tick{PieceID: pieces[i], Cut: true})
				errs <- err
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	got, _ := s.GetLayout(ctx, userA, l.ID)
	if len(got.CutPieces) != n || got.Progress != (store.Progress{Cut: n, Total: n}) {
		t.Errorf("%d of %d ticks kept (%+v)", len(got.CutPieces), n, got.Progress)
	}
}

// A job being cut is re-planned with its ticked pages pinned; a plan that
// changes such a page is a conflict; a cut job cannot be re-planned; a
// planned one drops its ticks.
func testJobReplan(t *testing.T, s store.Store) {
	ctx := context.Background()
	in := jobInput(t, "Dolap", nil, fixed("a", 60, 60, 3))
	l := mustCreateJob(t, s, userA, in)
	if len(in.Result.Pages) != 3 {
		t.Fatalf("want 3 pages, got %d", len(in.Result.Pages))
	}
	mustSetState(t, s, userA, l.ID, store.StateCutting)
	first := in.Result.Pages[0].Parts[0].ID
	if _, err := s.TickPiece(ctx, userA, l.ID, store.Tick{PieceID: first, Cut: true}); err != nil {
		t.Fatal(err)
	}
	// One more part: the plan is made again with the cut page pinned.
	next := store.LayoutInput{Name: "Dolap 2", Parts: append(in.Parts, fixed("b", 30, 30, 1)), Sheet: in.Sheet, Options: in.Options}
	pinned := []nest.Page{in.Result.Pages[0]}
	res, err := nest.Layout(ctx, next.Request(pinned), nil)
	if err != nil {
		t.Fatal(err)
	}
	next.Result = &res
	got, err := s.ReplaceLayout(ctx, userA, l.ID, next)
	if err != nil {
		t.Fatalf("re-plan with the cut page pinned: %v", err)
	}
	if got.ID != l.ID || got.Name != "Dolap 2" || got.State != store.StateCutting || !reflect.DeepEqual(got.CutPieces, []string{first}) ||
		got.Progress.Total != store.Placed(&res) {
		t.Errorf("after the re-plan: id %s name %q state %q ticks %v progress %+v", got.ID, got.Name, got.State, got.CutPieces, got.Progress)
	}
	// A client that pinned one more page of the stored plan (a tick
	// undone while it planned) is accepted too.
	two := store.LayoutInput{Name: "Dolap 2", Parts: next.Parts, Sheet: in.Sheet, Options: in.Options}
	two2, err := nest.Layout(ctx, two.Request(got.Result.Pages[:2]), nil)
	if err != nil {
		t.Fatal(err)
	}
	two.Result = &two2
	if _, err := s.ReplaceLayout(ctx, userA, l.ID, two); err != nil {
		t.Errorf("re-plan with one more page pinned: %v", err)
	}
	// A re-plan without its result cannot keep the cut pages: it must
	// carry its new result (the job has one; the message says so).
	bare := store.LayoutInput{Name: "Dolap 2", Parts: next.Parts, Sheet: in.Sheet, Options: in.Options}
	if _, err := s.ReplaceLayout(ctx, userA, l.ID, bare); apperr.CodeOf(err) != apperr.Conflict || apperr.MessageOf(err) != store.MsgJobReplanNoResult {
		t.Errorf("re-plan of a job being cut without a result: %v, want conflict %q", err, store.MsgJobReplanNoResult)
	}
	// A plan made without the pin moves or drops the cut page.
	fresh := jobInput(t, "Dolap 3", nil, fixed("a", 60, 60, 3), fixed("b", 30, 30, 1))
	fresh.Result.Pages[0].Parts[0].ID, fresh.Result.Pages[1].Parts[0].ID = fresh.Result.Pages[1].Parts[0].ID, fresh.Result.Pages[0].Parts[0].ID
	if _, err := s.ReplaceLayout(ctx, userA, l.ID, fresh); apperr.CodeOf(err) != apperr.Conflict || apperr.MessageOf(err) != store.MsgJobPinned {
		t.Errorf("re-plan that changes a cut page: %v", err)
	}
	mustSetState(t, s, userA, l.ID, store.StateCut)
	if _, err := s.ReplaceLayout(ctx, userA, l.ID, next); apperr.CodeOf(err) != apperr.Conflict || apperr.MessageOf(err) != store.MsgJobIsCut {
		t.Errorf("re-plan of a cut job: %v", err)
	}
	mustSetState(t, s, userA, l.ID, store.StatePlanned)
	got, err = s.ReplaceLayout(ctx, userA, l.ID, fresh)
	if err != nil || len(got.CutPieces) != 0 || got.State != store.StatePlanned {
		t.Errorf("re-plan of a planned job: ticks %v, %v", got.CutPieces, err)
	}
	if _, err := s.ReplaceLayout(ctx, userB, l.ID, fresh); apperr.CodeOf(err) != apperr.NotFound {
		t.Errorf("user B re-planning user A's job: %v", err)
	}
}

// Cutting a job puts its leftovers on the rack; a second job that uses one
// takes it off; undoing the second puts it back and removes its own; the
// first's undo leaves an offcut a later cut job used.
func testOffcutsCutAndUndo(t *testing.T, s store.Store) {
	// A 40 x 100 part on a 100 x 100 sheet leaves 60 x 100.
	j1 := mustCreateJob(t, s, userA, jobInput(t, "Birinci", nil, fixed("a", 40, 100, 1)))
	if len(rack(t, s, userA)) != 0 {
		t.Fatal("offcuts before any cut")
	}
	mustSetState(t, s, userA, j1.ID, store.StateCut)
	offcuts := rack(t, s, userA)
	if len(offcuts) == 0 {
		t.Fatal("no offcut after the cut")
	}
	o := offcuts[0]
	if o.ID != "A-1" || !o.Offcut || o.Quantity != 1 || o.Price != 0 || o.SourceLayoutID != j1.ID || o.CreatedAt.IsZero() ||
		o.Width < 30 || o.Height < 30 || o.Width*o.Height > 60*100 {
		t.Errorf("offcut %+v", o)
	}
	if u := rack(t, s, userB); len(u) != 0 {
		t.Errorf("user B sees user A's offcuts: %+v", u)
	}
	// Job 2 cuts a part from offcut A-1.
	j2in := jobInput(t, "İkinci", []nest.Stock{o.Stock}, fixed("b", o.Width-5, o.Height-5, 1))
	if len(j2in.Result.Pages) != 1 || j2in.Result.Pages[0].StockID != o.ID {
		t.Fatalf("job 2 does not use the offcut: %+v", j2in.Result.Pages)
	}
	j2 := mustCreateJob(t, s, userA, j2in)
	mustSetState(t, s, userA, j2.ID, store.StateCutting)
	if ids := rackIDs(rack(t, s, userA)); len(ids) != len(offcuts) {
		t.Errorf("cutting (not yet cut) took offcuts: %v", ids)
	}
	mustSetState(t, s, userA, j2.ID, store.StateCut)
	after := rackIDs(rack(t, s, userA))
	for _, id := range after {
		if id == o.ID {
			t.Errorf("used offcut %s still on the rack: %v", o.ID, after)
		}
	}
	// Undo job 2: A-1 is back, job 2's own offcuts are gone.
	mustSetState(t, s, userA, j2.ID, store.StateCutting)
	if got := rackIDs(rack(t, s, userA)); !reflect.DeepEqual(got, rackIDs(offcuts)) {
		t.Errorf("after undoing job 2 the rack is %v, want %v", got, rackIDs(offcuts))
	}
	// Cut job 2 again, then undo job 1: A-1 stays with job 2.
	mustSetState(t, s, userA, j2.ID, store.StateCut)
	mustSetState(t, s, userA, j1.ID, store.StatePlanned)
	for _, r := range rack(t, s, userA) {
		if r.SourceLayoutID == j1.ID {
			t.Errorf("job 1's offcut %s still on the rack after its undo", r.ID)
		}
	}
	// Undo job 2: A-1 does not come back, since job 1, which made it, is
	// not cut (OffcutOfUndoneJob); job 1 makes it again when cut again.
	mustSetState(t, s, userA, j2.ID, store.StatePlanned)
	if got := rackIDs(rack(t, s, userA)); len(got) != 0 {
		t.Errorf("after both undos the rack is %v, want none", got)
	}
	// Codes are not given twice.
	mustSetState(t, s, userA, j1.ID, store.StateCut)
	seen := map[string]bool{}
	for _, id := range rackIDs(rack(t, s, userA)) {
		if seen[id] {
			t.Errorf("code %s given twice", id)
		}
		seen[id] = true
	}
}

// A layout made from stock rows alone (no canvas: the engine's "no default
// sheet") saves with its result and reads back without a canvas, so that a
// part of a material without stock stays unplaced, as when it was made.
func testJobOnStockOnly(t *testing.T, s store.Store) {
	in := store.LayoutInput{Name: "Yalnız stok",
		Stock: []nest.Stock{{ID: "S", Material: "Beyaz", Thickness: 18, Width: 100, Height: 100, Price: 100}},
		Parts: []nest.Part{{Name: "a", Width: 60, Height: 100, Quantity: 1, Material: "Beyaz", Thickness: 18},
			{Name: "cam", Width: 20, Height: 20, Quantity: 1, Material: "Cam"}}}
	res, err := nest.Layout(context.Background(), in.Request(nil), nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Skipped) != 1 || res.Skipped[0].Name != "cam" {
		t.Fatalf("the engine placed the part without stock: %+v", res.Skipped)
	}
	in.Result = &res
	l := mustCreateJob(t, s, userA, in)
	got, err := s.GetLayout(context.Background(), userA, l.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.Sheet != (nest.Sheet{}) || got.Result == nil {
		t.Fatalf("read back with sheet %+v and result %v", got.Sheet, got.Result != nil)
	}
	again, err := nest.Layout(context.Background(), got.Request(), nil)
	if err != nil || len(again.Skipped) != 1 || again.Skipped[0].Name != "cam" {
		t.Errorf("laid out again: skipped %+v, %v", again.Skipped, err)
	}
	// Without stock rows a layout without a canvas still gets the default one.
	plain := mustCreateJob(t, s, userA, store.LayoutInput{Name: "Tuvalsiz", Parts: []nest.Part{{Name: "a", Width: 10, Height: 10, Quantity: 1}}})
	if plain.Sheet != store.DefaultSheet {
		t.Errorf("a layout without stock or canvas has sheet %+v", plain.Sheet)
	}
}

// Two jobs planned on one offcut: the first cut takes it off the rack, and
// the second is refused (409, naming the offcut) until the first is undone,
// with its state and the rack as they were: a board is not cut twice.
func testOffcutUsedTwice(t *testing.T, s store.Store) {
	j1 := mustCreateJob(t, s, userA, jobInput(t, "Birinci", nil, fixed("a", 40, 100, 1)))
	mustSetState(t, s, userA, j1.ID, store.StateCut)
	o := rack(t, s, userA)[0]
	j2 := mustCreateJob(t, s, userA, jobInput(t, "İkinci", []nest.Stock{o.Stock}, fixed("b", 30, 30, 1)))
	j3 := mustCreateJob(t, s, userA, jobInput(t, "Üçüncü", []nest.Stock{o.Stock}, fixed("c", 35, 35, 1)))
	for _, j := range []store.Layout{j2, j3} {
		if j.Result.Pages[0].StockID != o.ID {
			t.Fatalf("%s does not use offcut %s", j.Name, o.ID)
		}
	}
	mustSetState(t, s, userA, j2.ID, store.StateCut)
	before := rackIDs(rack(t, s, userA))
	_, err := s.SetLayoutState(context.Background(), userA, j3.ID, store.StateChange{State: store.StateCut})
	var ae *apperr.Error
	if !errors.As(err, &ae) || ae.Code != apperr.Conflict || ae.Message != fmt.Sprintf(store.MsgOffcutGone, o.ID) {
		t.Fatalf("cutting a second job from offcut %s: %v", o.ID, err)
	}
	if got, err := s.GetLayout(context.Background(), userA, j3.ID); err != nil || got.State != store.StatePlanned {
		t.Errorf("the refused job is %q (%v), want planned", got.State, err)
	}
	if got := rackIDs(rack(t, s, userA)); !reflect.DeepEqual(got, before) {
		t.Errorf("the refused cut changed the rack: %v, want %v", got, before)
	}
	// Once the first job is undone, the offcut is back for the second.
	mustSetState(t, s, userA, j2.ID, store.StatePlanned)
	mustSetState(t, s, userA, j3.ID, store.StateCut)
}

// A job cut, undone and cut again while a later job is cut from its offcut
// does not make that offcut a second time: the board was sawn up by the
// later job, and undoing that job puts the one offcut back.
func testOffcutNotMadeTwice(t *testing.T, s store.Store) {
	j1, j2, o := cutFromOffcut(t, s)
	mustSetState(t, s, userA, j1.ID, store.StatePlanned)
	mustSetState(t, s, userA, j1.ID, store.StateCut)
	for _, r := range rack(t, s, userA) {
		if r.SourceLayoutID == j1.ID {
			t.Errorf("job 1 cut again made offcut %s of %g x %g, a second %s", r.ID, r.Width, r.Height, o.ID)
		}
	}
	mustSetState(t, s, userA, j2.ID, store.StatePlanned)
	wantOneOnRack(t, s, o, "after job 2 was undone")
}

// cutFromOffcut cuts job 1, which puts offcut o on user A's rack, and job
// 2, cut from o.
func cutFromOffcut(t *testing.T, s store.Store) (j1, j2 store.Layout, o store.Offcut) {
	t.Helper()
	j1 = mustCreateJob(t, s, userA, jobInput(t, "Birinci", nil, fixed("a", 40, 100, 1)))
	mustSetState(t, s, userA, j1.ID, store.StateCut)
	o = rack(t, s, userA)[0]
	j2 = mustCreateJob(t, s, userA, jobInput(t, "İkinci", []nest.Stock{o.Stock}, fixed("b", 30, 30, 1)))
	mustSetState(t, s, userA, j2.ID, store.StateCut)
	return j1, j2, o
}

// wantOneOnRack checks that user A's rack holds one offcut of o's size.
func wantOneOnRack(t *testing.T, s store.Store, o store.Offcut, when string) {
	t.Helper()
	n := 0
	for _, r := range rack(t, s, userA) {
		if r.Width == o.Width && r.Height == o.Height {
			n++
		}
	}
	if n != 1 {
		t.Errorf("%d offcuts of %g x %g on the rack %s, want 1: %v", n, o.Width, o.Height, when, rackIDs(rack(t, s, userA)))
	}
}

// A job cut from an offcut and undone after the offcut's own job was
// undone does not put the offcut back: its job is not cut, so the board
// does not exist. Cutting that job again makes it once.
func testOffcutOfUndoneJob(t *testing.T, s store.Store) {
	j1, j2, o := cutFromOffcut(t, s)
	mustSetState(t, s, userA, j1.ID, store.StateCutting)
	mustSetState(t, s, userA, j2.ID, store.StateCutting)
	for _, r := range rack(t, s, userA) {
		if r.ID == o.ID {
			t.Errorf("offcut %s of job 1, which is not cut, came back to the rack when job 2 was undone", o.ID)
		}
	}
	mustSetState(t, s, userA, j1.ID, store.StateCut)
	wantOneOnRack(t, s, o, "after job 1 was cut again")
}

// A job whose offcut row is not the board on the rack (three sheets of a
// one-off board, or a larger one) is refused when it is marked cut, and
// the rack keeps the board.
func testOffcutRowMustMatchRack(t *testing.T, s store.Store) {
	ctx := context.Background()
	j1 := mustCreateJob(t, s, userA, jobInput(t, "Birinci", nil, fixed("a", 40, 100, 1)))
	mustSetState(t, s, userA, j1.ID, store.StateCut)
	o := rack(t, s, userA)[0]
	three := o.Stock
	three.Quantity = 3
	larger := o.Stock
	larger.Height += 50
	for _, tc := range []struct {
		name string
		row  nest.Stock
		part nest.Part
	}{
		{"three sheets", three, fixed("b", o.Width, o.Height, 3)},
		{"a larger board", larger, fixed("b", o.Width, larger.Height, 1)},
	} {
		j := mustCreateJob(t, s, userA, jobInput(t, tc.name, []nest.Stock{tc.row}, tc.part))
		_, err := s.SetLayoutState(ctx, userA, j.ID, store.StateChange{State: store.StateCut})
		if apperr.CodeOf(err) != apperr.Conflict || !strings.Contains(apperr.MessageOf(err), o.ID+" kodlu artık levha rafta başka ölçüde") {
			t.Errorf("%s: cut gave %v, want a conflict naming %s", tc.name, err, o.ID)
		}
		if got := rackIDs(rack(t, s, userA)); !reflect.DeepEqual(got, []string{o.ID}) {
			t.Errorf("%s: rack %v after the refused cut, want [%s]", tc.name, got, o.ID)
		}
	}
}

// Deleting a cut job leaves its own offcuts on the rack (they exist) and
// forgets the ones it used (they are sawn up).
func testOffcutsOfDeletedJobs(t *testing.T, s store.Store) {
	ctx := context.Background()
	j1 := mustCreateJob(t, s, userA, jobInput(t, "Birinci", nil, fixed("a", 40, 100, 1)))
	mustSetState(t, s, userA, j1.ID, store.StateCut)
	first := rack(t, s, userA)
	if len(first) != 1 {
		t.Fatalf("rack %+v, want one offcut", first)
	}
	j2 := mustCreateJob(t, s, userA, jobInput(t, "İkinci", []nest.Stock{first[0].Stock}, fixed("b", first[0].Width-20, first[0].Height, 1)))
	mustSetState(t, s, userA, j2.ID, store.StateCut)
	second := rackIDs(rack(t, s, userA))
	if err := s.DeleteLayout(ctx, userA, j2.ID); err != nil {
		t.Fatal(err)
	}
	if got := rackIDs(rack(t, s, userA)); !reflect.DeepEqual(got, second) {
		t.Errorf("rack after deleting job 2: %v, want %v", got, second)
	}
	// Undoing job 1 now cannot bring back what job 2 used.
	mustSetState(t, s, userA, j1.ID, store.StatePlanned)
	for _, o := range rack(t, s, userA) {
		if o.ID == first[0].ID {
			t.Errorf("offcut %s used by a deleted job came back", o.ID)
		}
	}
	if err := s.DeleteLayout(ctx, userA, j1.ID); err != nil {
		t.Fatal(err)
	}
}

// A job deleted while not cut takes with it the offcuts of its earlier cut
// that a later job used: those boards were never made, and undoing the
// later job must not put them on the rack, as it does not when the job is
// kept. A job deleted while cut leaves them: they exist, and come back
// when the later job's cut is undone.
func testOffcutsOfDeletedUndoneJob(t *testing.T, s store.Store) {
	ctx := context.Background()
	j1, j2, o := cutFromOffcut(t, s)
	mustSetState(t, s, userA, j1.ID, store.StateCutting)
	if err := s.DeleteLayout(ctx, userA, j1.ID); err != nil {
		t.Fatal(err)
	}
	mustSetState(t, s, userA, j2.ID, store.StatePlanned)
	if got := rack(t, s, userA); len(got) != 0 {
		t.Errorf("after undoing job 2, cut from offcut %s of the undone and deleted job 1, the rack holds %v, want none",
			o.ID, rackIDs(got))
	}
	// Cut again, job 2 finds the board gone.
	_, err := s.SetLayoutState(ctx, userA, j2.ID, store.StateChange{State: store.StateCut})
	if apperr.CodeOf(err) != apperr.Conflict || apperr.MessageOf(err) != fmt.Sprintf(store.MsgOffcutGone, o.ID) {
		t.Errorf("cutting job 2 again: %v, want %q", err, fmt.Sprintf(store.MsgOffcutGone, o.ID))
	}

	// Deleted while cut, job 3 leaves its offcut with job 4, which used it:
	// undoing job 4 puts it back.
	j3 := mustCreateJob(t, s, userA, jobInput(t, "Üçüncü", nil, fixed("a", 40, 100, 1)))
	mustSetState(t, s, userA, j3.ID, store.StateCut)
	o3 := rack(t, s, userA)[0]
	j4 := mustCreateJob(t, s, userA, jobInput(t, "Dördüncü", []nest.Stock{o3.Stock}, fixed("b", 30, 30, 1)))
	mustSetState(t, s, userA, j4.ID, store.StateCut)
	if err := s.DeleteLayout(ctx, userA, j3.ID); err != nil {
		t.Fatal(err)
	}
	mustSetState(t, s, userA, j4.ID, store.StatePlanned)
	if got := rackIDs(rack(t, s, userA)); !reflect.DeepEqual(got, []string{o3.ID}) {
		t.Errorf("after undoing job 4, cut from offcut %s of the deleted cut job 3, the rack holds %v, want [%s]", o3.ID, got, o3.ID)
	}
	// A planned job deleted changes nothing on the rack.
	if err := s.DeleteLayout(ctx, userA, j2.ID); err != nil {
		t.Fatal(err)
	}
	if got := rackIDs(rack(t, s, userA)); !reflect.DeepEqual(got, []string{o3.ID}) {
		t.Errorf("after deleting planned job 2 the rack holds %v, want [%s]", got, o3.ID)
	}
}

// An offcut is of its sheet's material, thickness and grain.
func testOffcutKeepsMaterial(t *testing.T, s store.Store) {
	walnut := nest.Stock{ID: "c1", Material: "Ceviz MDF", Thickness: 18, Width: 100, Height: 100, Price: 900, Grain: nest.GrainVertical}
	door := fixed("k", 40, 100, 1)
	door.Material, door.Thickness, door.Grain = "Ceviz MDF", 18, nest.GrainVertical
	j := mustCreateJob(t, s, userA, jobInput(t, "Ceviz kapak", []nest.Stock{walnut}, door))
	mustSetState(t, s, userA, j.ID, store.StateCut)
	got := rack(t, s, userA)
	if len(got) == 0 {
		t.Fatal("no offcut")
	}
	if o := got[0]; o.Material != "Ceviz MDF" || o.Thickness != 18 || o.Grain != nest.GrainVertical || o.Price != 0 {
		t.Errorf("offcut %+v, want walnut MDF 18 mm, vertical grain, no price", o)
	}
}

// Two phones mark one job cut at the same moment: its offcuts are made
// once.
func testOffcutsTwoCutsAtOnce(t *testing.T, s store.Store) {
	ctx := context.Background()
	j := mustCreateJob(t, s, userA, jobInput(t, "Birinci", nil, fixed("a", 40, 100, 1), fixed("b", 100, 20, 1)))
	var wg sync.WaitGroup
	errs := make(chan error, 4)
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := s.SetLayoutState(ctx, userA, j.ID, store.StateChange{State: store.StateCut})
			errs <- err
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	once := rackIDs(rack(t, s, userA))
	mustSetState(t, s, userA, j.ID, store.StatePlanned)
	mustSetState(t, s, userA, j.ID, store.StateCut)
	if again := rack(t, s, userA); len(again) != len(once) || len(once) == 0 {
		t.Errorf("four cuts at once made %v, one cut %v", once, rackIDs(again))
	}
}

// A job being cut, a piece of its first sheet ticked, is saved again with
// its own stored plan (renamed): that plan keeps the ticked sheet as it
// was, and is a whole plan of the job, so it is taken, though it was not
// made with the sheet pinned (a sheet of a material that nothing else is
// cut from had made the pinned totals differ).
func testJobSavedAgainWhileCutting(t *testing.T, s store.Store) {
	ctx := context.Background()
	beyaz, mese := fixed("a", 60, 60, 1), fixed("b", 60, 60, 2)
	beyaz.Material, mese.Material = "Beyaz", "Meşe"
	stock := []nest.Stock{
		{ID: "w", Material: "Beyaz", Width: 100, Height: 100, Price: 1000},
		{ID: "m", Material: "Meşe", Width: 100, Height: 100, Price: 2000},
	}
	in := jobInput(t, "Mutfak", stock, beyaz, mese)
	if len(in.Result.Pages) != 3 || in.Result.Pages[0].Material != "Beyaz" {
		t.Fatalf("want the Beyaz sheet first of 3: %+v", in.Result.Pages)
	}
	l := mustCreateJob(t, s, userA, in)
	mustSetState(t, s, userA, l.ID, store.StateCutting)
	if _, err := s.TickPiece(ctx, userA, l.ID, store.Tick{PieceID: in.Result.Pages[0].Parts[0].ID, Cut: true}); err != nil {
		t.Fatal(err)
	}
	again := in
	again.Name = "Mutfak (Ayşe)"
	got, err := s.ReplaceLayout(ctx, userA, l.ID, again)
	if err != nil {
		t.Fatalf("saved again with its own plan: %v", err)
	}
	if got.Name != again.Name || got.State != store.StateCutting || len(got.CutPieces) != 1 {
		t.Errorf("after saving again: %+v", got)
	}
}

// A cut job keeps the leftovers its cut put on the rack, where they lie
// and their codes, whatever the offcut rules and the rack's room are
// later, so that its cut list names them: not those the rack's limit kept
// off. An undo forgets them; a cut that put none keeps an empty list, not
// none.
func testJobKeepsCutOffcuts(t *testing.T, s store.Store) {
	ctx := context.Background()
	setSettings := func(set store.OffcutSettings) {
		t.Helper()
		if _, err := s.ReplaceStock(ctx, userA, store.StockList{Settings: &set}); err != nil {
			t.Fatal(err)
		}
	}
	// Two sheets, each leaving 40 x 100 cm (0,4 m²): the rack, with room
	// for 0,5 m² more, takes one.
	room := store.AreaM2(rack(t, s, userA)) + 0.5
	setSettings(store.OffcutSettings{Rules: []nest.OffcutRule{{MinWidth: 30, MinHeight: 30}}, MaxArea: room, MinUse: 60})
	j := mustCreateJob(t, s, userA, jobInput(t, "Artıklı", nil, fixed("a", 60, 100, 2)))
	if j.CutOffcuts != nil {
		t.Fatalf("a planned job has cut offcuts: %+v", *j.CutOffcuts)
	}
	c := mustSetState(t, s, userA, j.ID, store.StateCut)
	onRack := slices.DeleteFunc(rack(t, s, userA), func(o store.Offcut) bool { return o.SourceLayoutID != j.ID })
	if c.CutOffcuts == nil || len(*c.CutOffcuts) != 1 || len(onRack) != 1 {
		t.Fatalf("cut: offcuts %+v, rack %+v; want the one the rack took", c.CutOffcuts, onRack)
	}
	k := (*c.CutOffcuts)[0]
	if k.Code != onRack[0].ID || k.Page < 0 || k.Page > 1 || nest.RoundDown(k.Width) != onRack[0].Width || nest.RoundDown(k.Height) != onRack[0].Height ||
		k.X < 60 || k.Y != 0 {
		t.Errorf("cut offcut %+v, rack row %+v", k, onRack[0].Stock)
	}
	setSettings(store.OffcutSettings{Rules: []nest.OffcutRule{{MinWidth: 90, MinHeight: 90}}, MinUse: 60})
	got, err := s.GetLayout(ctx, userA, j.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.CutOffcuts == nil || !reflect.DeepEqual(*got.CutOffcuts, *c.CutOffcuts) {
		t.Errorf("after the settings changed: %+v, want the cut's %+v", got.CutOffcuts, *c.CutOffcuts)
	}
	if u := mustSetState(t, s, userA, j.ID, store.StatePlanned); u.CutOffcuts != nil {
		t.Errorf("an undone cut keeps offcuts %+v", *u.CutOffcuts)
	}
	setSettings(store.OffcutSettings{Rules: []nest.OffcutRule{}, MinUse: 60})
	c = mustSetState(t, s, userA, j.ID, store.StateCut)
	if c.CutOffcuts == nil || len(*c.CutOffcuts) != 0 {
		t.Errorf("a cut with no rule: %+v, want an empty list", c.CutOffcuts)
	}
	data, err := json.Marshal(c)
	if err != nil || !strings.Contains(string(data), `"cutOffcuts":[]`) {
		t.Errorf("JSON %s (%v): want cutOffcuts []", data, err)
	}
}

// No offcut is offered once it would take the rack over the user's limit.
func testOffcutsAreaLimit(t *testing.T, s store.Store) {
	ctx := context.Background()
	limit := store.OffcutSettings{Rules: []nest.OffcutRule{{MinWidth: 30, MinHeight: 30}}, MaxArea: 0.5, MinUse: 60}
	if _, err := s.ReplaceStock(ctx, userA, store.StockList{Settings: &limit}); err != nil {
		t.Fatal(err)
	}
	// 60 x 100 cm is 0.6 m²: over the limit.
	j := mustCreateJob(t, s, userA, jobInput(t, "Büyük artık", nil, fixed("a", 40, 100, 1)))
	mustSetState(t, s, userA, j.ID, store.StateCut)
	if got := rack(t, s, userA); len(got) != 0 {
		t.Errorf("offcuts over the limit: %+v", got)
	}
	// 1 m² is enough.
	limit.MaxArea = 1
	if _, err := s.ReplaceStock(ctx, userA, store.StockList{Settings: &limit}); err != nil {
		t.Fatal(err)
	}
	mustSetState(t, s, userA, j.ID, store.StatePlanned)
	mustSetState(t, s, userA, j.ID, store.StateCut)
	got := rack(t, s, userA)
	if len(got) == 0 || store.AreaM2(got) > 1 {
		t.Errorf("rack within 1 m²: %+v", got)
	}
	// A second such job: the rack is full.
	j2 := mustCreateJob(t, s, userA, jobInput(t, "İkinci", nil, fixed("a", 40, 100, 1)))
	mustSetState(t, s, userA, j2.ID, store.StateCut)
	if again := rack(t, s, userA); len(again) != len(got) {
		t.Errorf("rack over its limit: %+v", again)
	}
}

// The stock list carries the offcuts and settings: saving keeps the
// offcuts it names, removes those it leaves out, and refuses unknown ones.
func testOffcutsInStockList(t *testing.T, s store.Store) {
	ctx := context.Background()
	got, err := s.GetStock(ctx, userA)
	if err != nil {
		t.Fatal(err)
	}
	if got.Settings == nil || !reflect.DeepEqual(*got.Settings, store.DefaultOffcutSettings()) || got.Offcuts == nil {
		t.Errorf("a new user's settings %+v and offcuts %+v", got.Settings, got.Offcuts)
	}
	for _, name := range []string{"Birinci", "İkinci"} {
		j := mustCreateJob(t, s, userA, jobInput(t, name, nil, fixed("a", 40, 100, 1)))
		mustSetState(t, s, userA, j.ID, store.StateCut)
	}
	offcuts := rack(t, s, userA)
	if len(offcuts) < 2 {
		t.Fatalf("rack %+v", offcuts)
	}
	// Keep the first offcut (as the dialog sends it back), drop the others.
	list := kitchenStock()
	list.Stock = append(list.Stock, offcuts[0].Stock)
	stored, err := s.ReplaceStock(ctx, userA, list)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(rackIDs(stored.Offcuts), []string{offcuts[0].ID}) || len(stored.Stock) != 3 {
		t.Errorf("stored %d sheets and offcuts %v, want 3 and [%s]", len(stored.Stock), rackIDs(stored.Offcuts), offcuts[0].ID)
	}
	if got := rackIDs(rack(t, s, userA)); !reflect.DeepEqual(got, []string{offcuts[0].ID}) {
		t.Errorf("rack %v", got)
	}
	if got := mustGetStock(t, s, userA); !reflect.DeepEqual(got, kitchenStock()) {
		t.Errorf("sheets %+v", got)
	}
	// An offcut that is not on the rack, or a sheet row taking its code.
	unknown := kitchenStock()
	unknown.Stock = append(unknown.Stock, nest.Stock{ID: offcuts[1].ID, Width: 50, Height: 50, Quantity: 1, Offcut: true})
	_, err = s.ReplaceStock(ctx, userA, unknown)
	checkInvalid(t, "unknown offcut", err, "stock[3].id", store.MsgOffcutUnknown)
	clash := kitchenStock()
	clash.Stock = append(clash.Stock, offcuts[0].Stock, nest.Stock{ID: offcuts[0].ID, Width: 50, Height: 50})
	_, err = s.ReplaceStock(ctx, userA, clash)
	checkInvalid(t, "sheet with an offcut's code", err, "stock[4].id", store.MsgStockID)
	if _, err := s.ReplaceStock(ctx, userB, list); apperr.CodeOf(err) != apperr.Invalid {
		t.Errorf("user B keeping user A's offcut: %v", err)
	}
	// Settings: saved, kept when absent, checked.
	set := store.OffcutSettings{Rules: []nest.OffcutRule{{Material: "Beyaz Sunta", Thickness: 18, MinWidth: 40.001, MinHeight: 20}},
		MaxArea: 12.345, MinUse: 75}
	list.Settings = &set
	if _, err := s.ReplaceStock(ctx, userA, list); err != nil {
		t.Fatal(err)
	}
	list.Settings = nil
	if _, err := s.ReplaceStock(ctx, userA, list); err != nil {
		t.Fatal(err)
	}
	want := store.OffcutSettings{Rules: []nest.OffcutRule{{Material: "Beyaz Sunta", Thickness: 18, MinWidth: 40.01, MinHeight: 20}},
		MaxArea: 12.35, MinUse: 75}
	if got, _ := s.GetStock(ctx, userA); !reflect.DeepEqual(*got.Settings, want) {
		t.Errorf("settings %+v, want %+v", *got.Settings, want)
	}
	// A rack limit too small to keep to 0.01 m² is the smallest one, not
	// "no limit" (0).
	tiny := store.OffcutSettings{MaxArea: 0.004}
	list.Settings = &tiny
	if _, err := s.ReplaceStock(ctx, userA, list); err != nil {
		t.Fatal(err)
	}
	if got, _ := s.GetStock(ctx, userA); got.Settings == nil || got.Settings.MaxArea != 0.01 {
		t.Errorf("a rack limit of 0.004 m² is kept as %+v, want 0.01", got.Settings)
	}
	list.Settings = nil
	for _, tc := range []struct {
		field, msg string
		set        store.OffcutSettings
	}{
		{"offcutSettings.minUse", store.MsgOffcutMinUse, store.OffcutSettings{MinUse: 101}},
		{"offcutSettings.maxArea", store.MsgOffcutMaxArea, store.OffcutSettings{MaxArea: -1}},
		{"offcutSettings.rules[0].minWidth", nest.MsgOffcutRuleSize, store.OffcutSettings{Rules: []nest.OffcutRule{{MinWidth: -1, MinHeight: 3}}}},
		{"offcutSettings.rules", nest.MsgTooManyRules, store.OffcutSettings{Rules: make([]nest.OffcutRule, 101)}},
	} {
		bad := list
		bad.Settings = &tc.set
		_, err := s.ReplaceStock(ctx, userA, bad)
		checkInvalid(t, tc.field, err, tc.field, tc.msg)
	}
	// A client with an old copy of the rack (Seen) removes only the
	// offcuts it had read: one a job put on the rack since stays.
	def := store.DefaultOffcutSettings()
	list.Settings = &def
	if _, err := s.ReplaceStock(ctx, userA, list); err != nil {
		t.Fatal(err)
	}
	j := mustCreateJob(t, s, userA, jobInput(t, "Üçüncü", nil, fixed("a", 40, 100, 1)))
	mustSetState(t, s, userA, j.ID, store.StateCut)
	var fresh []string
	for _, id := range rackIDs(rack(t, s, userA)) {
		if id != offcuts[0].ID {
			fresh = append(fresh, id)
		}
	}
	if len(fresh) == 0 {
		t.Fatalf("the third job put no offcut on the rack: %v", rackIDs(rack(t, s, userA)))
	}
	stale := kitchenStock()
	stale.Seen = []string{offcuts[0].ID}
	if _, err := s.ReplaceStock(ctx, userA, stale); err != nil {
		t.Fatal(err)
	}
	if got := rackIDs(rack(t, s, userA)); !reflect.DeepEqual(got, fresh) {
		t.Errorf("after a save that had read only %s, the rack is %v, want %v", offcuts[0].ID, got, fresh)
	}
}

// A sheet row may not take the code of an offcut the user has: one a cut
// job used (an undo of that job puts it back) nor one that stays on the
// rack without the list naming it. Else the rack would hold two rows of
// one id, and every layout of the web app would fail on it. The code of
// an offcut the same save removes is free.
func testSheetTakesNoOffcutCode(t *testing.T, s store.Store) {
	ctx := context.Background()
	_, j2, o := cutFromOffcut(t, s)
	sheet := func(id string) store.StockList {
		return store.StockList{Stock: []nest.Stock{{ID: "s1", Width: 200, Height: 100},
			{ID: id, Material: "Beyaz", Thickness: 18, Width: 50, Height: 50}}}
	}
	_, err := s.ReplaceStock(ctx, userA, sheet(o.ID))
	checkInvalid(t, "a sheet with the code of an offcut a job used", err, "stock[1].id", store.MsgOffcutCode)
	if got := mustGetStock(t, s, userA); len(got.Stock) != 0 {
		t.Errorf("the refused list was stored: %+v", got.Stock)
	}
	// The undo puts the offcut back: one row of that id.
	mustSetState(t, s, userA, j2.ID, store.StatePlanned)
	wantUniqueIDs(t, s, userA)
	// On the rack, it stays when a save that never read it leaves it out:
	// its code is still taken.
	unread := sheet(o.ID)
	unread.Seen = []string{}
	_, err = s.ReplaceStock(ctx, userA, unread)
	checkInvalid(t, "a sheet with the code of an offcut kept on the rack", err, "stock[1].id", store.MsgOffcutCode)
	// A save that removes the offcut frees its code.
	removed := sheet(o.ID)
	removed.Seen = []string{o.ID}
	got, err := s.ReplaceStock(ctx, userA, removed)
	if err != nil {
		t.Fatalf("a sheet taking the code of the offcut the save removes: %v", err)
	}
	if ids := rackIDs(got.Offcuts); len(ids) != 0 || len(got.Stock) != 2 {
		t.Errorf("stored sheets %+v and offcuts %v, want 2 sheets and none", got.Stock, ids)
	}
	wantUniqueIDs(t, s, userA)
	// Another user has no offcuts: the code is free for them.
	if _, err := s.ReplaceStock(ctx, userB, sheet(o.ID)); err != nil {
		t.Errorf("user B taking the code of user A's offcut: %v", err)
	}
}

// wantUniqueIDs checks that the owner's stock list, sheets and offcuts,
// holds each id once, as the engine requires.
func wantUniqueIDs(t *testing.T, s store.Store, o store.Owner) {
	t.Helper()
	got, err := s.GetStock(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, st := range got.Stock {
		seen[st.ID] = true
	}
	for _, off := range got.Offcuts {
		if seen[off.ID] {
			t.Errorf("the stock list holds two rows of id %s: sheets %+v, offcuts %v", off.ID, got.Stock, rackIDs(got.Offcuts))
		}
		seen[off.ID] = true
	}
}

// LayoutOwner names any layout's owner and state, whoever asks (the server
// lets the team read and tick a job on the shop floor), and NotFound for an
// id no layout has.
func testLayoutOwner(t *testing.T, s store.Store) {
	ctx := context.Background()
	l := mustCreateJob(t, s, userA, jobInput(t, "Dolap", nil, fixed("a", 40, 30, 3)))
	if o, state, err := s.LayoutOwner(ctx, l.ID); err != nil || o != userA || state != store.StatePlanned {
		t.Errorf("owner %v, state %q, %v; want user A, planned", o, state, err)
	}
	mustSetState(t, s, userA, l.ID, store.StateCutting)
	if _, state, _ := s.LayoutOwner(ctx, l.ID); state != store.StateCutting {
		t.Errorf("state %q, want cutting", state)
	}
	local := mustCreateJob(t, s, anon, jobInput(t, "Raf", nil, fixed("a", 40, 30, 1)))
	if o, _, err := s.LayoutOwner(ctx, local.ID); err != nil || o != anon {
		t.Errorf("a local layout's owner %v, %v", o, err)
	}
	if _, _, err := s.LayoutOwner(ctx, "yok"); apperr.CodeOf(err) != apperr.NotFound {
		t.Errorf("no such layout: %v", err)
	}
}

// A store.Floor owner (another user at the saw) finds the user's job
// only while it is on the shop floor, in the query that reads or ticks
// it: a job moved back to planned after the server asked LayoutOwner is
// not read, ticked or sent back for recutting, and nothing of it changes;
// being cut, it is, and its recut part is the owner's.
func testFloorOwner(t *testing.T, s store.Store) {
	ctx := context.Background()
	floor := store.Floor("kullanici-a")
	ownParts := func(o store.Owner) []store.Part {
		t.Helper()
		parts, err := s.ListParts(ctx, o)
		if err != nil {
			t.Fatal(err)
		}
		return parts
	}
	l := mustCreateJob(t, s, userA, jobInput(t, "Dolap", nil, fixed("a", 40, 30, 3)))
	piece := l.Result.Pages[0].Parts[0].ID
	check := func(state string) {
		t.Helper()
		if _, err := s.GetLayout(ctx, floor, l.ID); apperr.CodeOf(err) != apperr.NotFound {
			t.Errorf("%s: read from the floor: %v, want NotFound", state, err)
		}
		if _, err := s.TickPiece(ctx, floor, l.ID, store.Tick{PieceID: piece, Cut: true}); apperr.CodeOf(err) != apperr.NotFound {
			t.Errorf("%s: tick from the floor: %v, want NotFound", state, err)
		}
		if _, err := s.RecutPiece(ctx, floor, l.ID, store.Recut{PieceID: piece, By: "b"}); apperr.CodeOf(err) != apperr.NotFound {
			t.Errorf("%s: recut from the floor: %v, want NotFound", state, err)
		}
		got, err := s.GetLayout(ctx, userA, l.ID)
		if err != nil || len(got.CutPieces) != 0 || len(got.RecutPieces) != 0 || len(ownParts(userA)) != 0 {
			t.Errorf("%s: the floor changed the planned job: %+v, %d parts, %v", state, got, len(ownParts(userA)), err)
		}
	}
	check("never started")
	mustSetState(t, s, userA, l.ID, store.StateCutting)
	if got, err := s.GetLayout(ctx, floor, l.ID); err != nil || got.ID != l.ID {
		t.Fatalf("being cut, read from the floor: %v", err)
	}
	mustSetState(t, s, userA, l.ID, store.StatePlanned)
	check("moved back to planned")
	mustSetState(t, s, userA, l.ID, store.StateCut)
	if ticks, err := s.TickPiece(ctx, floor, l.ID, store.Tick{PieceID: piece, Cut: true, By: "b"}); err != nil || ticks.Progress.Cut != 1 {
		t.Errorf("cut, tick from the floor: %+v, %v", ticks, err)
	}
	p, err := s.RecutPiece(ctx, floor, l.ID, store.Recut{PieceID: piece, By: "b"})
	if err != nil {
		t.Fatalf("cut, recut from the floor: %v", err)
	}
	if parts := ownParts(userA); len(parts) != 1 || parts[0].ID != p.ID {
		t.Errorf("the recut part is not the owner's: %+v", parts)
	}
	if parts := ownParts(userB); len(parts) != 0 {
		t.Errorf("user B got parts: %+v", parts)
	}
}

// startOnOffcut cuts job 0, which puts offcut o on user A's rack, and
// starts job A on o with one piece ticked.
func startOnOffcut(t *testing.T, s store.Store) (ja store.Layout, o store.Offcut) {
	t.Helper()
	j0 := mustCreateJob(t, s, userA, jobInput(t, "Sıfırıncı", nil, fixed("a", 40, 100, 1)))
	mustSetState(t, s, userA, j0.ID, store.StateCut)
	o = rack(t, s, userA)[0]
	ja = mustCreateJob(t, s, userA, jobInput(t, "İş A", []nest.Stock{o.Stock}, fixed("p", 25, 25, 2)))
	if ja.Result.Pages[0].StockID != o.ID {
		t.Fatalf("job A is not planned on offcut %s: %+v", o.ID, ja.Result.Pages)
	}
	mustSetState(t, s, userA, ja.ID, store.StateCutting)
	if _, err := s.TickPiece(context.Background(), userA, ja.ID, store.Tick{PieceID: ja.Result.Pages[0].Parts[0].ID, Cut: true}); err != nil {
		t.Fatal(err)
	}
	return ja, o
}

// replanKeeping re-plans job a on the canvas alone, one part more, its
// first (ticked) page pinned: the request no longer lists its offcut.
func replanKeeping(t *testing.T, a store.Layout) store.LayoutInput {
	t.Helper()
	next := store.LayoutInput{Name: a.Name, Parts: append(slices.Clone(a.Parts), fixed("q", 20, 20, 1)),
		Sheet: nest.Sheet{Width: 100, Height: 100}, Options: a.Options}
	res, err := nest.Layout(context.Background(), next.Request(a.Result.Pages[:1]), nil)
	if err != nil {
		t.Fatal(err)
	}
	next.Result = &res
	return next
}

// A job being cut whose ticked page sits on an offcut another job was cut
// from cannot keep that page in a re-plan (409 naming the offcut), and is
// still refused when marked cut: the board is not cut twice, and makes no
// offcut of its own.
func testOffcutKeptPageReplan(t *testing.T, s store.Store) {
	ctx := context.Background()
	ja, o := startOnOffcut(t, s)
	jb := mustCreateJob(t, s, userA, jobInput(t, "İş B", []nest.Stock{o.Stock}, fixed("b", 30, 30, 1)))
	mustSetState(t, s, userA, jb.ID, store.StateCutting)
	mustSetState(t, s, userA, jb.ID, store.StateCut)
	gone := fmt.Sprintf(store.MsgOffcutGone, o.ID)
	if _, err := s.SetLayoutState(ctx, userA, ja.ID, store.StateChange{State: store.StateCut}); apperr.MessageOf(err) != gone {
		t.Fatalf("cutting job A after job B: %v, want %q", err, gone)
	}
	before := rackIDs(rack(t, s, userA))
	_, err := s.ReplaceLayout(ctx, userA, ja.ID, replanKeeping(t, ja))
	want := fmt.Sprintf(store.MsgOffcutKeptGone, o.ID)
	if apperr.CodeOf(err) != apperr.Conflict || apperr.MessageOf(err) != want {
		t.Errorf("re-plan keeping a page on offcut %s that job B was cut from: %v, want conflict %q", o.ID, err, want)
	}
	if _, err := s.SetLayoutState(ctx, userA, ja.ID, store.StateChange{State: store.StateCut}); apperr.MessageOf(err) != gone {
		t.Errorf("cutting job A after the re-plan: %v, want %q", err, gone)
	}
	if got := rackIDs(rack(t, s, userA)); !reflect.DeepEqual(got, before) {
		t.Errorf("rack %v after the refusals, want %v", got, before)
	}
}

// A page kept on an offcut by a re-plan whose request no longer lists it
// is cut from that offcut: the cut takes it off the rack, and is refused
// when another job was cut from it first.
func testOffcutKeptPageCut(t *testing.T, s store.Store) {
	ctx := context.Background()
	ja, o := startOnOffcut(t, s)
	// Re-planned while the offcut is still on the rack: taken.
	if _, err := s.ReplaceLayout(ctx, userA, ja.ID, replanKeeping(t, ja)); err != nil {
		t.Fatalf("re-plan keeping the ticked page on offcut %s on the rack: %v", o.ID, err)
	}
	jb := mustCreateJob(t, s, userA, jobInput(t, "İş B", []nest.Stock{o.Stock}, fixed("b", 30, 30, 1)))
	mustSetState(t, s, userA, jb.ID, store.StateCut)
	before := rackIDs(rack(t, s, userA))
	gone := fmt.Sprintf(store.MsgOffcutGone, o.ID)
	if _, err := s.SetLayoutState(ctx, userA, ja.ID, store.StateChange{State: store.StateCut}); apperr.CodeOf(err) != apperr.Conflict || apperr.MessageOf(err) != gone {
		t.Errorf("cutting job A, whose kept page is on offcut %s that job B was cut from: %v, want %q", o.ID, err, gone)
	}
	if got := rackIDs(rack(t, s, userA)); !reflect.DeepEqual(got, before) {
		t.Errorf("rack %v after the refused cut, want %v", got, before)
	}
	// Job B undone, job A is cut from the offcut and takes it off the rack.
	mustSetState(t, s, userA, jb.ID, store.StatePlanned)
	mustSetState(t, s, userA, ja.ID, store.StateCut)
	for _, r := range rack(t, s, userA) {
		if r.ID == o.ID {
			t.Errorf("offcut %s still on the rack after job A was cut from it", o.ID)
		}
	}
	if _, err := s.SetLayoutState(ctx, userA, jb.ID, store.StateChange{State: store.StateCut}); apperr.MessageOf(err) != gone {
		t.Errorf("cutting job B after job A: %v, want %q", err, gone)
	}
}

// Near the rack's limit a cut keeps the largest leftovers: when the
// largest does not fit, no smaller one is put in its place, and the
// report of the cut counts those left out and their area.
func testOffcutsLimitKeepsLargest(t *testing.T, s store.Store) {
	limit := store.OffcutSettings{Rules: []nest.OffcutRule{{MinWidth: 30, MinHeight: 30}}, MaxArea: 0.5, MinUse: 60}
	if _, err := s.ReplaceStock(context.Background(), userA, store.StockList{Settings: &limit}); err != nil {
		t.Fatal(err)
	}
	// Page 1 leaves 60 x 100 cm (0,6 m², over the limit), page 2 100 x
	// 35 cm (0,35 m², which would fit).
	j := mustCreateJob(t, s, userA, jobInput(t, "Mutfak", nil, fixed("a", 40, 100, 1), fixed("b", 100, 65, 1)))
	var rep store.CutReport
	ctx := store.WithCutReport(context.Background(), &rep)
	if _, err := s.SetLayoutState(ctx, userA, j.ID, store.StateChange{State: store.StateCut}); err != nil {
		t.Fatal(err)
	}
	if got := rack(t, s, userA); len(got) != 0 {
		t.Errorf("a smaller offcut kept in place of the larger one over the limit: %+v", got)
	}
	if !rep.Done || rep.Added != 0 || rep.Skipped.Count < 2 || rep.Skipped.AreaM2 < 0.95-0.01 {
		t.Errorf("cut report %+v, want none added, 2 skipped of 0,95 m²", rep)
	}
}

// Kesime başla checks the offcuts the job is planned on: one another job
// was cut from is a 409 naming it, and the job stays planned.
func testOffcutGoneAtCutting(t *testing.T, s store.Store) {
	ctx := context.Background()
	j0 := mustCreateJob(t, s, userA, jobInput(t, "Sıfırıncı", nil, fixed("a", 40, 100, 1)))
	mustSetState(t, s, userA, j0.ID, store.StateCut)
	o := rack(t, s, userA)[0]
	ja := mustCreateJob(t, s, userA, jobInput(t, "İş A", []nest.Stock{o.Stock}, fixed("p", 25, 25, 2)))
	jb := mustCreateJob(t, s, userA, jobInput(t, "İş B", []nest.Stock{o.Stock}, fixed("b", 30, 30, 1)))
	mustSetState(t, s, userA, jb.ID, store.StateCut)
	_, err := s.SetLayoutState(ctx, userA, ja.ID, store.StateChange{State: store.StateCutting})
	if want := fmt.Sprintf(store.MsgOffcutGone, o.ID); apperr.CodeOf(err) != apperr.Conflict || apperr.MessageOf(err) != want {
		t.Errorf("Kesime başla on offcut %s that job B was cut from: %v, want conflict %q", o.ID, err, want)
	}
	if got, err := s.GetLayout(ctx, userA, ja.ID); err != nil || got.State != store.StatePlanned {
		t.Errorf("the refused job is %q (%v), want planned", got.State, err)
	}
	// Once job B is undone, job A starts.
	mustSetState(t, s, userA, jb.ID, store.StatePlanned)
	mustSetState(t, s, userA, ja.ID, store.StateCutting)
}

// A job cut, undone and cut again gives its boards the codes its earlier
// cut gave them: a job planned on one meanwhile is cut from it, and the
// board leaves the rack. Kept aside while the job is not cut, the code is
// on no rack and no sheet row may take it.
func testOffcutCodeAfterRecut(t *testing.T, s store.Store) {
	ctx := context.Background()
	j1 := mustCreateJob(t, s, userA, jobInput(t, "Birinci", nil, fixed("a", 40, 100, 1)))
	mustSetState(t, s, userA, j1.ID, store.StateCut)
	first := rackIDs(rack(t, s, userA))
	o := rack(t, s, userA)[0]
	j2 := mustCreateJob(t, s, userA, jobInput(t, "İkinci", []nest.Stock{o.Stock}, fixed("b", 30, 30, 1)))
	mustSetState(t, s, userA, j1.ID, store.StatePlanned)
	if got := rack(t, s, userA); len(got) != 0 {
		t.Errorf("rack after the undo: %v, want none", rackIDs(got))
	}
	if _, err := s.ReplaceStock(ctx, userA, store.StockList{Stock: []nest.Stock{{ID: o.ID, Width: 100, Height: 100, Quantity: 1}}}); apperr.CodeOf(err) != apperr.Invalid {
		t.Errorf("a sheet row taking the code %s kept aside: %v", o.ID, err)
	}
	mustSetState(t, s, userA, j1.ID, store.StateCut)
	if got := rackIDs(rack(t, s, userA)); !reflect.DeepEqual(got, first) {
		t.Errorf("rack after the re-cut: %v, want the codes of the first cut %v", got, first)
	}
	mustSetState(t, s, userA, j2.ID, store.StateCut)
	for _, r := range rack(t, s, userA) {
		if r.ID == o.ID {
			t.Errorf("offcut %s still on the rack after job 2 was cut from it", o.ID)
		}
	}
	// Job 1 undone while job 2 is cut: the board stays with job 2. Job 2
	// undone too, it is kept aside for job 1, whose cut gives it its code.
	mustSetState(t, s, userA, j1.ID, store.StatePlanned)
	mustSetState(t, s, userA, j2.ID, store.StatePlanned)
	if got := rack(t, s, userA); len(got) != 0 {
		t.Errorf("rack after both undos: %v, want none", rackIDs(got))
	}
	mustSetState(t, s, userA, j1.ID, store.StateCut)
	if got := rackIDs(rack(t, s, userA)); !reflect.DeepEqual(got, first) {
		t.Errorf("rack after job 1's third cut: %v, want %v", got, first)
	}
	wantUniqueIDs(t, s, userA)
}
