package sqlite

import (
	"context"
	"testing"

	"kesim/internal/store"
	"kesim/internal/store/storetest"
)

// TestKitchenOffcuts plans 20 generated kitchen jobs one after another,
// each using the offcuts the earlier ones left (issue 19's target), and
// logs the new sheets bought with the rack and without it; then again
// with the rack limited to 5 m², which it must never pass.
func TestKitchenOffcuts(t *testing.T) {
	r := storetest.KitchenSequence(t, openTemp(t), store.Anonymous(), 20)
	t.Logf("%d jobs: %d new sheets with the offcut rack (and %d offcut sheets used), %d without; "+
		"%d offcuts left on the rack, %.2f m²", r.Jobs, r.Bought, r.OffcutsUsed, r.BoughtWithout, r.RackOffcuts, r.RackM2)

	s := openTemp(t)
	limited := store.DefaultOffcutSettings()
	limited.MaxArea = 5
	if _, err := s.ReplaceStock(context.Background(), store.Anonymous(), store.StockList{Settings: &limited}); err != nil {
		t.Fatal(err)
	}
	r = storetest.KitchenSequence(t, s, store.Anonymous(), 20)
	if r.RackM2 > limited.MaxArea {
		t.Errorf("rack of %.2f m² over its limit of %g m²", r.RackM2, limited.MaxArea)
	}
	t.Logf("rack limited to 5 m²: %d new sheets (%d offcut sheets used), %d without; %d offcuts left, %.2f m²",
		r.Bought, r.OffcutsUsed, r.BoughtWithout, r.RackOffcuts, r.RackM2)
}
