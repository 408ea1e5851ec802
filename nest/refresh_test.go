package nest

import (
	"bytes"
	"encoding/json"
	"testing"
)

// A result saved by an earlier Kesim, whose skipped lines and material
// counts were written the old way, verifies again once refreshed, with
// what today's engine writes; a current result comes back as it is, and a
// wrong count is left for Verify to refuse.
func TestRefreshOlderResults(t *testing.T) {
	short := Request{ // one sheet of stock for eight parts that need four
		Parts:   []Part{{Name: "Yan", Width: 90, Height: 180, Quantity: 8, Material: "Beyaz"}, {Name: "Raf", Width: 40, Height: 40, Quantity: 2, Material: "Meşe", Grain: GrainVertical}},
		Stock:   []Stock{{ID: "s1", Material: "Beyaz", Width: 183, Height: 366, Quantity: 1}, {ID: "s2", Material: "Meşe", Width: 100, Height: 250, Grain: GrainVertical}},
		Options: Options{Guillotine: true, Seed: 1, Iterations: 50},
	}
	grain := Request{ // fits the grained row only turned, which its grain forbids
		Parts:   []Part{{Name: "Kapak", Width: 120, Height: 90, Quantity: 1, Material: "Meşe", Grain: GrainVertical}, {Name: "Raf", Width: 40, Height: 40, Quantity: 2, Material: "Meşe"}},
		Stock:   []Stock{{ID: "s5", Material: "Meşe", Width: 100, Height: 250, Grain: GrainVertical}},
		Options: Options{Seed: 1, Iterations: 50},
	}
	for _, tc := range []struct {
		name string
		req  Request
		old  func(*Result) // what the earlier version wrote
	}{
		{"stock ran out", short, func(r *Result) {
			for i := range r.Materials {
				r.Materials[i].StockOut = 0
			}
		}},
		{"grain", grain, func(r *Result) {
			for i := range r.Skipped {
				if r.Skipped[i].Reason == SkipGrain {
					r.Skipped[i].Reason = SkipNoFit
				}
			}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			now := mustLayout(t, tc.req)
			if got, changed := Refresh(tc.req, now); changed || !sameJSON(t, got, now) {
				t.Errorf("a current result changed (%v):\n%+v\n%+v", changed, got.Skipped, now.Skipped)
			}
			old := jsonCopy(t, now)
			tc.old(&old)
			if sameJSON(t, old, now) {
				t.Fatal("the old form is the current one: the case tests nothing")
			}
			if Verify(tc.req, old) == nil {
				t.Fatal("Verify takes the old form as it is")
			}
			kept := jsonCopy(t, old)
			got, changed := Refresh(tc.req, old)
			if !changed || !sameJSON(t, got, now) {
				t.Errorf("refreshed %+v %+v, want %+v %+v", got.Skipped, got.Materials, now.Skipped, now.Materials)
			}
			if err := Verify(tc.req, got); err != nil {
				t.Errorf("the refreshed result does not verify: %v", err)
			}
			if !sameJSON(t, old, kept) {
				t.Error("Refresh changed the result it was given")
			}
		})
	}
	// A count that is there, though wrong, is not the old form: left as it is.
	res := mustLayout(t, short)
	res.Materials[0].StockOut++
	if got, _ := Refresh(short, res); got.Materials[0].StockOut != res.Materials[0].StockOut || Verify(short, got) == nil {
		t.Errorf("a wrong count became %d and verifies", got.Materials[0].StockOut)
	}
}

// jsonCopy is a deep copy of res, as the store keeps it.
func jsonCopy(t *testing.T, res Result) Result {
	t.Helper()
	b, err := json.Marshal(res)
	if err != nil {
		t.Fatal(err)
	}
	var c Result
	if err := json.Unmarshal(b, &c); err != nil {
		t.Fatal(err)
	}
	return c
}

// sameJSON reports whether a and b encode alike.
func sameJSON(t *testing.T, a, b Result) bool {
	t.Helper()
	x, err := json.Marshal(a)
	if err != nil {
		t.Fatal(err)
	}
	y, err := json.Marshal(b)
	if err != nil {
		t.Fatal(err)
	}
	return bytes.Equal(x, y)
}
