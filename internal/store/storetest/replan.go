package storetest

import (
	"context"
	"reflect"
	"slices"
	"testing"

	"kesim/internal/apperr"
	"kesim/internal/store"
	"kesim/nest"
)

// Ticks that land while a re-plan is checked, before its write
// transaction (store.WithReplanChecked): the expensive check runs outside
// the transaction, only store.ReplanHolds inside it.

// replanTickJob is a job of three pages (nine, nine and two pieces) being
// cut, the first piece of its first page ticked, and a re-plan of it: a
// part more, laid out with that page pinned, or, with fewer, five pieces
// fewer.
func replanTickJob(t *testing.T, s store.Store, fewer bool) (store.Layout, store.LayoutInput) {
	t.Helper()
	in := jobInput(t, "Raf", nil, fixed("r", 30, 30, 20))
	if len(in.Result.Pages) != 3 {
		t.Fatalf("want 3 pages, got %d", len(in.Result.Pages))
	}
	l := mustCreateJob(t, s, userA, in)
	mustSetState(t, s, userA, l.ID, store.StateCutting)
	if _, err := s.TickPiece(context.Background(), userA, l.ID, store.Tick{PieceID: in.Result.Pages[0].Parts[0].ID, Cut: true}); err != nil {
		t.Fatal(err)
	}
	next := store.LayoutInput{Name: "Raf 2", Parts: append(slices.Clone(in.Parts), fixed("e", 20, 20, 1)), Sheet: in.Sheet, Options: in.Options}
	if fewer {
		next.Parts = []nest.Part{fixed("r", 30, 30, 15)}
	}
	res, err := nest.Layout(context.Background(), next.Request(in.Result.Pages[:1]), nil)
	if err != nil {
		t.Fatal(err)
	}
	next.Result = &res
	l, err = s.GetLayout(context.Background(), userA, l.ID)
	if err != nil {
		t.Fatal(err)
	}
	return l, next
}

// tickIn returns a WithReplanChecked function that ticks piece of job id at
// the first check and counts the checks.
func tickIn(t *testing.T, s store.Store, id, piece string, checks *int) func(int) {
	return func(attempt int) {
		*checks = attempt
		if attempt != 1 {
			return
		}
		if _, err := s.TickPiece(context.Background(), userA, id, store.Tick{PieceID: piece, Cut: true, By: "usta"}); err != nil {
			t.Errorf("tick during the re-plan: %v", err)
		}
	}
}

// A tick on a page the re-plan keeps, landing while it is checked, is
// kept with the new plan, and the plan is not checked again.
func testReplanTickKept(t *testing.T, s store.Store) {
	l, next := replanTickJob(t, s, false)
	piece := l.Result.Pages[0].Parts[1].ID
	checks := 0
	ctx := store.WithReplanChecked(context.Background(), tickIn(t, s, l.ID, piece, &checks))
	got, err := s.ReplaceLayout(ctx, userA, l.ID, next)
	if err != nil {
		t.Fatalf("re-plan with a tick on its kept page meanwhile: %v", err)
	}
	want := []string{l.Result.Pages[0].Parts[0].ID, piece}
	if checks != 1 || got.Name != "Raf 2" || !reflect.DeepEqual(got.Result, next.Result) || !reflect.DeepEqual(got.CutPieces, want) ||
		got.Progress != (store.Progress{Cut: 2, Total: store.Placed(next.Result)}) {
		t.Errorf("after %d checks: name %q, ticks %v (want %v), progress %+v, result the re-plan's: %v",
			checks, got.Name, got.CutPieces, want, got.Progress, reflect.DeepEqual(got.Result, next.Result))
	}
	if stored, _ := s.GetLayout(context.Background(), userA, l.ID); !reflect.DeepEqual(stored, got) {
		t.Errorf("stored %+v, answered %+v", stored, got)
	}
}

// A tick on a page the re-plan changes, landing while it is checked,
// refuses it (409, the pinned-pages message): the tick and the stored
// plan stay.
func testReplanTickOnChangedPage(t *testing.T, s store.Store) {
	l, next := replanTickJob(t, s, true)
	if store.KeepsPages(next.Result, l.Result.Pages[1:2]) {
		t.Fatal("the re-plan keeps the second page: the case is not tested")
	}
	piece := l.Result.Pages[1].Parts[0].ID
	checks := 0
	ctx := store.WithReplanChecked(context.Background(), tickIn(t, s, l.ID, piece, &checks))
	_, err := s.ReplaceLayout(ctx, userA, l.ID, next)
	if apperr.CodeOf(err) != apperr.Conflict || apperr.MessageOf(err) != store.MsgJobPinned {
		t.Errorf("re-plan with a tick meanwhile on a page it changes: %v, want conflict %q", err, store.MsgJobPinned)
	}
	got, _ := s.GetLayout(context.Background(), userA, l.ID)
	want := []string{l.Result.Pages[0].Parts[0].ID, piece}
	if got.Name != "Raf" || !reflect.DeepEqual(got.Result, l.Result) || !reflect.DeepEqual(got.CutPieces, want) {
		t.Errorf("after the refusal: name %q, ticks %v (want %v), result kept: %v", got.Name, got.CutPieces, want, reflect.DeepEqual(got.Result, l.Result))
	}
}

// A job re-planned from another tab, and ticked, while a re-plan is
// checked: the store checks it again against the job as it now is, outside
// the transaction, and saves it with the tick.
func testReplanCheckedAgain(t *testing.T, s store.Store) {
	l, next := replanTickJob(t, s, false)
	other := store.LayoutInput{Name: "Sekme B", Parts: append(slices.Clone(l.Parts), fixed("f", 10, 10, 1)), Sheet: l.Sheet, Options: l.Options}
	res, err := nest.Layout(context.Background(), other.Request(l.Result.Pages[:1]), nil)
	if err != nil {
		t.Fatal(err)
	}
	other.Result = &res
	piece := l.Result.Pages[0].Parts[1].ID
	checks := 0
	tick := tickIn(t, s, l.ID, piece, &checks)
	ctx := store.WithReplanChecked(context.Background(), func(attempt int) {
		tick(attempt)
		if attempt == 1 {
			if _, err := s.ReplaceLayout(context.Background(), userA, l.ID, other); err != nil {
				t.Errorf("the other tab's re-plan: %v", err)
			}
		}
	})
	got, err := s.ReplaceLayout(ctx, userA, l.ID, next)
	if err != nil {
		t.Fatalf("re-plan of a job re-planned and ticked meanwhile: %v", err)
	}
	want := []string{l.Result.Pages[0].Parts[0].ID, piece}
	if checks != 2 || got.Name != "Raf 2" || !reflect.DeepEqual(got.CutPieces, want) || !reflect.DeepEqual(got.Result, next.Result) {
		t.Errorf("after %d checks (want 2): name %q, ticks %v (want %v), result the re-plan's: %v",
			checks, got.Name, got.CutPieces, want, reflect.DeepEqual(got.Result, next.Result))
	}
}

// A job re-planned from another tab at every check of a re-plan: after
// store.ReplanAttempts checks the re-plan is 409 (store.MsgReplanMoving),
// and the other tab's plans and the ticks stay.
func testReplanJobKeepsMoving(t *testing.T, s store.Store) {
	l, next := replanTickJob(t, s, false)
	own := store.LayoutInput{Name: "Raf", Parts: l.Parts, Sheet: l.Sheet, Options: l.Options, Result: l.Result}
	tabs := []store.LayoutInput{next, own}
	checks := 0
	var last store.Layout
	ctx := store.WithReplanChecked(context.Background(), func(attempt int) {
		checks = attempt
		tab := tabs[(attempt-1)%2]
		tab.Name = "Sekme B"
		var err error
		if last, err = s.ReplaceLayout(context.Background(), userA, l.ID, tab); err != nil {
			t.Errorf("the other tab's re-plan %d: %v", attempt, err)
		}
	})
	mine := next
	mine.Name = "Sekme A"
	_, err := s.ReplaceLayout(ctx, userA, l.ID, mine)
	if apperr.CodeOf(err) != apperr.Conflict || apperr.MessageOf(err) != store.MsgReplanMoving {
		t.Errorf("re-plan of a job that kept changing: %v, want conflict %q", err, store.MsgReplanMoving)
	}
	if checks != store.ReplanAttempts {
		t.Errorf("checked %d times, want %d", checks, store.ReplanAttempts)
	}
	got, _ := s.GetLayout(context.Background(), userA, l.ID)
	if got.Name != "Sekme B" || !reflect.DeepEqual(got, last) || !reflect.DeepEqual(got.CutPieces, l.CutPieces) {
		t.Errorf("after the refusal: name %q, ticks %v (want %v), the other tab's last save: %v", got.Name, got.CutPieces, l.CutPieces, reflect.DeepEqual(got, last))
	}
}
