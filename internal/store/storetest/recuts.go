package storetest

import (
	"context"
	"reflect"
	"strings"
	"sync"
	"testing"

	"kesim/internal/apperr"
	"kesim/internal/store"
	"kesim/nest"
)

// recutParts returns the names of the owner's saved parts that are recuts.
func recutParts(t *testing.T, s store.Store, o store.Owner) []string {
	t.Helper()
	parts, err := s.ListParts(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, p := range parts {
		if strings.HasSuffix(p.Name, store.RecutSuffix) {
			names = append(names, p.Name)
		}
	}
	return names
}

// A piece goes back for recutting once: the job records it and lists it
// (recutPieces), a second recut is a conflict that adds no part, another
// owner finds no job, and the records live as long as the job, across its
// states.
func testJobRecut(t *testing.T, s store.Store) {
	ctx := context.Background()
	in := jobInput(t, "Dolap", nil, fixed("a", 40, 30, 3))
	in.Parts[0].Material, in.Parts[0].Thickness, in.Parts[0].Grain = "Beyaz", 18, "vertical"
	res, err := nest.Layout(ctx, in.Request(nil), nil)
	if err != nil {
		t.Fatal(err)
	}
	in.Result = &res
	l := mustCreateJob(t, s, userA, in)
	if l.RecutPieces == nil || len(l.RecutPieces) != 0 {
		t.Errorf("new job's recuts %#v, want []", l.RecutPieces)
	}
	mustSetState(t, s, userA, l.ID, store.StateCutting)
	recut := func(o store.Owner, piece string) (store.Part, error) {
		return s.RecutPiece(ctx, o, l.ID, store.Recut{PieceID: piece, By: "mehmet"})
	}
	p, err := recut(userA, "a-2")
	if err != nil {
		t.Fatalf("recut: %v", err)
	}
	if p.ID == "" || p.Name != "Parça a (yeniden kesim)" || p.Quantity != 1 || p.Width != 40 || p.Height != 30 ||
		p.Material != "Beyaz" || p.Thickness != 18 || p.Grain != "vertical" {
		t.Errorf("recut part %+v", p)
	}
	if _, err := recut(userA, "a-0"); err != nil {
		t.Fatal(err)
	}
	got, _ := s.GetLayout(ctx, userA, l.ID)
	if !reflect.DeepEqual(got.RecutPieces, []string{"a-2", "a-0"}) || len(got.CutPieces) != 0 {
		t.Errorf("GetLayout recuts %v ticks %v, want [a-2 a-0] and none", got.RecutPieces, got.CutPieces)
	}
	// The second recut of a piece: a conflict, and no second part.
	if _, err := recut(userA, "a-2"); apperr.CodeOf(err) != apperr.Conflict || apperr.MessageOf(err) != store.MsgRecutDone {
		t.Errorf("second recut of a piece: %v, want conflict %q", err, store.MsgRecutDone)
	}
	if names := recutParts(t, s, userA); len(names) != 2 {
		t.Errorf("saved recut parts %v, want 2", names)
	}
	if _, err := recut(userA, "a-9"); apperr.CodeOf(err) != apperr.NotFound || apperr.MessageOf(err) != store.MsgPieceMissing {
		t.Errorf("recut of a piece not in the result: %v", err)
	}
	if _, err := recut(userA, "a-1\x00"); apperr.CodeOf(err) != apperr.NotFound || apperr.MessageOf(err) != store.MsgPieceMissing {
		t.Errorf("recut of a piece id no database holds: %v", err)
	}
	for _, o := range []store.Owner{anon, userB} {
		if _, err := recut(o, "a-1"); apperr.CodeOf(err) != apperr.NotFound || apperr.MessageOf(err) != store.MsgLayoutMissing {
			t.Errorf("%s recutting user A's job: %v", o, err)
		}
		if names := recutParts(t, s, o); len(names) != 0 {
			t.Errorf("%s got recut parts %v", o, names)
		}
	}
	plain := mustCreateJob(t, s, userA, sampleLayout("Sonuçsuz"))
	if _, err := s.RecutPiece(ctx, userA, plain.ID, store.Recut{PieceID: "p2-0"}); apperr.CodeOf(err) != apperr.NotFound {
		t.Errorf("recut on a layout without a result: %v", err)
	}
	// The recuts stay through the job's states.
	mustSetState(t, s, userA, l.ID, store.StateCut)
	back := mustSetState(t, s, userA, l.ID, store.StateCutting)
	if !reflect.DeepEqual(back.RecutPieces, []string{"a-2", "a-0"}) {
		t.Errorf("recuts after a cut and its undo: %v", back.RecutPieces)
	}
	if _, err := recut(userA, "a-0"); apperr.CodeOf(err) != apperr.Conflict {
		t.Errorf("recut again after a cut and its undo: %v", err)
	}
	// Deleting the job deletes its recuts (the parts they made stay).
	if err := s.DeleteLayout(ctx, userA, l.ID); err != nil {
		t.Fatalf("deleting a job with recuts: %v", err)
	}
	if _, err := recut(userA, "a-1"); apperr.CodeOf(err) != apperr.NotFound || apperr.MessageOf(err) != store.MsgLayoutMissing {
		t.Errorf("recut of a deleted job: %v", err)
	}
	if names := recutParts(t, s, userA); len(names) != 2 {
		t.Errorf("saved recut parts after the job's delete %v, want 2", names)
	}
}

// Phones tap "Bozuk" on one piece at the same moment: one recut is
// recorded and one part made; the others are refused as sent already.
func testJobRecutTwoAtOnce(t *testing.T, s store.Store) {
	ctx := context.Background()
	l := mustCreateJob(t, s, userA, jobInput(t, "Raf", nil, fixed("r", 20, 10, 4)))
	piece := l.Result.Pages[0].Parts[0].ID
	const phones = 8
	var wg sync.WaitGroup
	errs := make(chan error, phones)
	start := make(chan struct{})
	for range phones {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			_, err := s.RecutPiece(ctx, userA, l.ID, store.Recut{PieceID: piece})
			errs <- err
		}()
	}
	close(start)
	wg.Wait()
	close(errs)
	made := 0
	for err := range errs {
		switch {
		case err == nil:
			made++
		case apperr.CodeOf(err) == apperr.Conflict && apperr.MessageOf(err) == store.MsgRecutDone:
		default:
			t.Errorf("recut at the same moment: %v", err)
		}
	}
	if made != 1 {
		t.Errorf("%d recuts of one piece made, want 1", made)
	}
	if names := recutParts(t, s, userA); len(names) != 1 {
		t.Errorf("saved recut parts %v, want 1", names)
	}
	if got, _ := s.GetLayout(ctx, userA, l.ID); !reflect.DeepEqual(got.RecutPieces, []string{piece}) {
		t.Errorf("recuts %v, want [%s]", got.RecutPieces, piece)
	}
}

// A re-plan keeps the recuts of the pieces it leaves where they were (a
// job being cut keeps its ticked pages) and drops the others: that id
// names another piece now, or none, and may be sent back in its turn.
func testJobRecutReplan(t *testing.T, s store.Store) {
	ctx := context.Background()
	in := jobInput(t, "Dolap", nil, fixed("a", 60, 60, 3))
	if len(in.Result.Pages) != 3 {
		t.Fatalf("want 3 pages, got %d", len(in.Result.Pages))
	}
	l := mustCreateJob(t, s, userA, in)
	mustSetState(t, s, userA, l.ID, store.StateCutting)
	first, last := in.Result.Pages[0].Parts[0].ID, in.Result.Pages[2].Parts[0].ID
	if _, err := s.TickPiece(ctx, userA, l.ID, store.Tick{PieceID: first, Cut: true}); err != nil {
		t.Fatal(err)
	}
	for _, piece := range []string{first, last} {
		if _, err := s.RecutPiece(ctx, userA, l.ID, store.Recut{PieceID: piece}); err != nil {
			t.Fatal(err)
		}
	}
	// One piece fewer: the cut page stays, the last piece is gone.
	next := store.LayoutInput{Name: "Dolap", Parts: []nest.Part{fixed("a", 60, 60, 2)}, Sheet: in.Sheet, Options: in.Options}
	res, err := nest.Layout(ctx, next.Request([]nest.Page{in.Result.Pages[0]}), nil)
	if err != nil {
		t.Fatal(err)
	}
	next.Result = &res
	if store.Placed(&res) != 2 {
		t.Fatalf("re-plan places %d pieces, want 2", store.Placed(&res))
	}
	got, err := s.ReplaceLayout(ctx, userA, l.ID, next)
	if err != nil {
		t.Fatalf("re-plan: %v", err)
	}
	if !reflect.DeepEqual(got.RecutPieces, []string{first}) {
		t.Errorf("recuts after the re-plan %v, want [%s]", got.RecutPieces, first)
	}
	if again, _ := s.GetLayout(ctx, userA, l.ID); !reflect.DeepEqual(again.RecutPieces, []string{first}) {
		t.Errorf("stored recuts after the re-plan %v", again.RecutPieces)
	}
	if _, err := s.RecutPiece(ctx, userA, l.ID, store.Recut{PieceID: first}); apperr.CodeOf(err) != apperr.Conflict {
		t.Errorf("recut of the kept piece again: %v", err)
	}
	// A re-plan that lays the same pieces out the same (a new name) keeps
	// them, even in a planned job, which drops its ticks.
	mustSetState(t, s, userA, l.ID, store.StatePlanned)
	next.Name = "Dolap 2"
	if got, err = s.ReplaceLayout(ctx, userA, l.ID, next); err != nil || !reflect.DeepEqual(got.RecutPieces, []string{first}) ||
		len(got.CutPieces) != 0 {
		t.Errorf("same plan again: recuts %v ticks %v, %v", got.RecutPieces, got.CutPieces, err)
	}
	// A plan that moves the piece drops its recut: the id is another piece.
	moved := jobInput(t, "Dolap", nil, fixed("a", 60, 60, 2))
	moved.Result.Pages[0].Parts[0].ID, moved.Result.Pages[1].Parts[0].ID = moved.Result.Pages[1].Parts[0].ID, moved.Result.Pages[0].Parts[0].ID
	if got, err = s.ReplaceLayout(ctx, userA, l.ID, moved); err != nil {
		t.Fatalf("re-plan of the planned job: %v", err)
	}
	if len(got.RecutPieces) != 0 {
		t.Errorf("recuts after a plan that moves the piece %v, want none", got.RecutPieces)
	}
	if _, err := s.RecutPiece(ctx, userA, l.ID, store.Recut{PieceID: first}); err != nil {
		t.Errorf("recut of the piece the id names now: %v", err)
	}
}
