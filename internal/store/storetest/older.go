package storetest

import (
	"context"
	"encoding/json"
	"testing"

	"kesim/internal/store"
	"kesim/nest"
)

// OlderResult: a layout whose result an earlier Kesim stored (its
// material's copies left over for want of stock not yet counted in
// materials[].stockOut) reads as today's engine writes it, and saves
// again, renamed or as a copy, also when the client sends the old form it
// kept. setResult writes a layout's result column as it is.
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

	got, err := s.GetLayout(ctx, owner, l.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.Result == nil || got.Result.Materials[0].StockOut != 4 {
		t.Errorf("read back: %+v, want 4 copies short", got.Result)
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
