package storetest

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"kesim/internal/store"
	"kesim/nest"
)

// KitchenResult is what KitchenSequence measures: the new sheets bought
// for the jobs with the offcut rack and without it, the offcut sheets the
// jobs used, and the rack left at the end.
type KitchenResult struct {
	Jobs, Bought, BoughtWithout, OffcutsUsed, RackOffcuts int
	RackM2                                                float64
}

// kitchenSheet is the workshop's one sheet size: white chipboard, bought
// as needed.
var kitchenSheet = nest.Stock{ID: "s1", Name: "Beyaz 18", Material: "Beyaz Sunta", Thickness: 18,
	Width: 183, Height: 366, Price: 1450}

// kitchenJob generates the parts of a kitchen job: 3 to 8 cabinets of
// usual widths, each with two sides, a bottom, a top rail, one or two
// shelves and one or two doors, in 18 mm white chipboard.
func kitchenJob(r *rand.Rand) []nest.Part {
	widths := []float64{30, 40, 45, 50, 60, 80, 90}
	var parts []nest.Part
	add := func(name string, w, h float64, q int) {
		parts = append(parts, nest.Part{ID: fmt.Sprintf("p%d", len(parts)+1), Name: name, Width: w, Height: h,
			Quantity: q, Material: "Beyaz Sunta", Thickness: 18})
	}
	for range 3 + r.IntN(6) {
		w := widths[r.IntN(len(widths))]
		inner := w - 3.6
		add("Yan", 56, 72, 2)
		add("Alt", inner, 56, 1)
		add("Üst kuşak", inner, 10, 2)
		add("Raf", inner, 54, 1+r.IntN(2))
		if w >= 60 {
			add("Kapak", w/2-0.4, 71.6, 2)
		} else {
			add("Kapak", w-0.4, 71.6, 1)
		}
	}
	return parts
}

// KitchenSequence plans n generated kitchen jobs one after another on s
// for owner o, each with the offcuts on the rack as stock (the engine
// uses them first) and marked cut (its leftovers go on the rack), and the
// same jobs without the rack; it checks that the rack never costs new
// sheets and returns the counts.
func KitchenSequence(t testing.TB, s store.Store, o store.Owner, n int) KitchenResult {
	t.Helper()
	ctx := context.Background()
	opts := nest.Options{Guillotine: true, Kerf: 0.4, Trim: 1, OffcutMinUse: store.DefaultOffcutUse}
	res := KitchenResult{Jobs: n}
	for i := range n {
		parts := kitchenJob(rand.New(rand.NewPCG(19, uint64(i))))
		without, err := nest.Layout(ctx, nest.Request{Sheet: nest.Sheet{Width: 183, Height: 366}, Parts: parts, Options: opts,
			Stock: []nest.Stock{kitchenSheet}}, nil)
		if err != nil {
			t.Fatal(err)
		}
		res.BoughtWithout += len(without.Pages)
		list, err := s.GetStock(ctx, o)
		if err != nil {
			t.Fatal(err)
		}
		in := store.LayoutInput{Name: fmt.Sprintf("Mutfak %d", i+1), Parts: parts, Sheet: nest.Sheet{Width: 183, Height: 366},
			Options: opts, Stock: []nest.Stock{kitchenSheet}}
		for _, off := range list.Offcuts {
			in.Stock = append(in.Stock, off.Stock)
		}
		with, err := nest.Layout(ctx, in.Request(nil), nil)
		if err != nil {
			t.Fatal(err)
		}
		in.Result = &with
		for _, p := range with.Pages {
			if p.StockID == kitchenSheet.ID {
				res.Bought++
			} else {
				res.OffcutsUsed++
			}
		}
		l, err := s.CreateLayout(ctx, o, in)
		if err != nil {
			t.Fatalf("job %d: %v", i+1, err)
		}
		if _, err := s.SetLayoutState(ctx, o, l.ID, store.StateChange{State: store.StateCut}); err != nil {
			t.Fatalf("job %d: %v", i+1, err)
		}
	}
	list, err := s.GetStock(ctx, o)
	if err != nil {
		t.Fatal(err)
	}
	res.RackOffcuts, res.RackM2 = len(list.Offcuts), store.AreaM2(list.Offcuts)
	if res.Bought > res.BoughtWithout {
		t.Errorf("with the offcut rack %d new sheets, without %d", res.Bought, res.BoughtWithout)
	}
	return res
}
