package storetest

import (
	"context"
	"encoding/json"
	"reflect"
	"testing"

	"kesim/internal/store"
	"kesim/nest"
)

// OlderResult: a layout whose result an earlier Kesim stored (its
// material's copies left over for want of stock not yet counted in
// materials[].stockOut) reads back as stored, and saves again, renamed or
// as a copy, with the old form the client read: stored as today's engine
// writes it. setResult writes a layout's result column as it is.
func OlderResult(t *testing.T, s store.Store, setResult func(id string, result []byte)) {
	ctx := context.Background()
	owner := store.Anonymous()
	in := store.LayoutInput{
		Name:    "Dolap",
		Parts:   []nest.Part{{Name: "Yan", Width: 90, Height: 180, Quantity: 8, Material: "Beyaz"}},
		Stock:   []nest.Stock{{ID: "s1", Material: "Beyaz", Width: 183, Height: 366, Quantity: 1}},
		Options: nest.Options{Guillotine: true, Seed: 1, Iterations: 20},
	}
	res, err := nest.Layout(ctx, in.Request(nil), nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Materials) != 1 || res.Materials[0].StockOut != 4 {
		t.Fatalf("the job's plan: %+v, want 4 copies short", res.Materials)
	}
	in.Result = &res
	l, err := s.CreateLayout(ctx, owner, in)
	if err != nil {
		t.Fatal(err)
	}
	var old nest.Result
	data, _ := json.Marshal(res)
	if err := json.Unmarshal(data, &old); err != nil {
		t.Fatal(err)
	}
	old.Materials[0].StockOut = 0
	data, _ = json.Marshal(old)
	setResult(l.ID, data)

	// It reads back as it was stored, and saves again as today's.
	got, err := s.GetLayout(ctx, owner, l.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.Result == nil || got.Result.Materials[0].StockOut != 0 {
		t.Errorf("read back: %+v, want the old form as stored", got.Result)
	}
	again := in
	again.Name, again.Result = "Dolap (2)", &old
	if saved, err := s.ReplaceLayout(ctx, owner, l.ID, again); err != nil {
		t.Errorf("saved again renamed with the old form: %v", err)
	} else if saved.Result.Materials[0].StockOut != 4 {
		t.Errorf("saved again as %+v", saved.Result.Materials)
	}
	if saved, err := s.CreateLayout(ctx, owner, again); err != nil {
		t.Errorf("saved as a copy with the old form: %v", err)
	} else if got, err := s.GetLayout(ctx, owner, saved.ID); err != nil || got.Result.Materials[0].StockOut != 4 {
		t.Errorf("the copy reads back as %+v, %v", got.Result, err)
	}
}

// ReplanStockUsedUp: a re-plan of a job being cut whose cut page used up a
// limited row, so that a line only that row takes is skipped whole ("Stok
// yetmedi", not counted in stockOut, as the engine writes it), saves as
// the engine made it: a current result is never taken for an old one.
func ReplanStockUsedUp(t *testing.T, s store.Store) {
	ctx := context.Background()
	owner := store.Anonymous()
	req := nest.Request{
		Parts: []nest.Part{
			{ID: "b", Name: "B", Width: 10, Height: 10, Quantity: 1, Material: "Beyaz"},
			{ID: "a", Name: "A", Width: 90, Height: 90, Quantity: 2, Material: "Meşe"},
			{ID: "c", Name: "C", Width: 15, Height: 15, Quantity: 1, Material: "Meşe"},
		},
		Stock: []nest.Stock{
			{ID: "b", Material: "Beyaz", Width: 50, Height: 50},
			{ID: "s1", Material: "Meşe", Width: 100, Height: 100, Quantity: 1},
			{ID: "s2", Material: "Meşe", Width: 20, Height: 20, Quantity: 5},
		},
		Options: nest.Options{Seed: 1, Iterations: 20},
	}
	first, err := nest.Layout(ctx, req, nil)
	if err != nil {
		t.Fatal(err)
	}
	in := store.LayoutInput{Name: "İş", Parts: req.Parts, Options: req.Options, Stock: req.Stock, Result: &first}
	l, err := s.CreateLayout(ctx, owner, in)
	if err != nil {
		t.Fatal(err)
	}
	var pin []nest.Page
	for _, p := range l.Result.Pages {
		if p.StockID == "s1" {
			pin = append(pin, p)
		}
	}
	if len(pin) != 1 {
		t.Fatalf("%d pages on s1, want 1", len(pin))
	}
	if _, err := s.SetLayoutState(ctx, owner, l.ID, store.StateChange{State: store.StateCutting}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.TickPiece(ctx, owner, l.ID, store.Tick{PieceID: pin[0].Parts[0].ID, Cut: true}); err != nil {
		t.Fatal(err)
	}
	cur, err := s.GetLayout(ctx, owner, l.ID)
	if err != nil {
		t.Fatal(err)
	}
	replan := cur.Request()
	replan.Pinned = pin
	res, err := nest.Layout(ctx, replan, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := nest.Verify(replan, res); err != nil {
		t.Fatalf("the engine's re-plan: %v", err)
	}
	shortWhole := false
	for _, sk := range res.Skipped {
		shortWhole = shortWhole || sk.Reason == nest.SkipStockOut
	}
	if !shortWhole || stockShort(res) {
		t.Fatalf("the case tests nothing: skipped %+v, materials %+v", res.Skipped, res.Materials)
	}
	in.Result = &res
	saved, err := s.ReplaceLayout(ctx, owner, l.ID, in)
	if err != nil {
		t.Fatalf("the engine's re-plan refused: %v", err)
	}
	if !reflect.DeepEqual(saved.Result.Materials, res.Materials) {
		t.Errorf("stored materials %+v, want the engine's %+v", saved.Result.Materials, res.Materials)
	}
}

// stockShort reports whether any material of res counts copies short of stock.
func stockShort(res nest.Result) bool {
	for _, m := range res.Materials {
		if m.StockOut != 0 {
			return true
		}
	}
	return false
}
