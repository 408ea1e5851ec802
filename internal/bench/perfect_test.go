package bench

import (
	"context"
	"math/rand/v2"
	"reflect"
	"testing"

	"kesim/nest"
)

// TestCutSheetTiles checks that the pieces tile the sheet: inside it, no
// two overlapping, their areas summing to the sheet's; and that a pinwheel
// sheet has no cut from edge to edge.
func TestPerfectPiecesTile(t *testing.T) {
	for i := range 200 {
		rng := rand.New(rand.NewPCG(7, uint64(i)))
		w, h, parts, pinwheel := 100+rng.IntN(300), 100+rng.IntN(300), 16+rng.IntN(75), i%2 == 1
		pieces := perfectPieces(rng, w, h, parts, pinwheel)
		area := 0
		for a, p := range pieces {
			if p.w < perfectMinSide || p.h < perfectMinSide || p.x < 0 || p.y < 0 || p.x+p.w > w || p.y+p.h > h {
				t.Fatalf("case %d: piece %v outside %dx%d or too small", i, p, w, h)
			}
			area += p.w * p.h
			for _, q := range pieces[a+1:] {
				if p.x < q.x+q.w && q.x < p.x+p.w && p.y < q.y+q.h && q.y < p.y+p.h {
					t.Fatalf("case %d: %v overlaps %v", i, p, q)
				}
			}
		}
		if area != w*h {
			t.Fatalf("case %d: pieces cover %d of %d", i, area, w*h)
		}
		if pinwheel && edgeToEdgeCut(pieces, w, h) {
			t.Fatalf("case %d: pinwheel sheet has an edge-to-edge cut: %v", i, pieces)
		}
	}
}

func TestEdgeToEdgeCut(t *testing.T) {
	halves := []rect{{0, 0, 5, 10}, {5, 0, 5, 10}}
	if !edgeToEdgeCut(halves, 10, 10) {
		t.Error("two halves: the cut between them not found")
	}
	pin := []rect{{0, 0, 6, 4}, {6, 0, 4, 6}, {4, 6, 6, 4}, {0, 4, 4, 6}, {4, 4, 2, 2}}
	if edgeToEdgeCut(pin, 10, 10) {
		t.Error("pinwheel: found a cut")
	}
}

// TestPerfectLowerBound checks the family: 16 to 90 parts of the sheet's
// area in total, both halves, the same instances for the same seed, and
// the engine's lower bound of one sheet for each.
func TestPerfectLowerBound(t *testing.T) {
	ins := Perfect(40, 1)
	if !reflect.DeepEqual(ins, Perfect(40, 1)) {
		t.Fatal("Perfect(40, 1) differs between two calls")
	}
	if reflect.DeepEqual(ins[0].Items, Perfect(1, 2)[0].Items) {
		t.Error("seeds 1 and 2 give the same first instance")
	}
	classes := map[int]int{}
	for _, in := range ins {
		classes[in.Class]++
		area := 0
		for _, it := range in.Items {
			area += it[0] * it[1]
		}
		if in.N != len(in.Items) || in.N < 16 || in.N > 90 || float64(area) != in.BinW*in.BinH {
			t.Fatalf("%s: %d parts (n %d), area %d of %vx%v", in.ID, len(in.Items), in.N, area, in.BinW, in.BinH)
		}
		res, err := nest.Layout(context.Background(), in.Request(nest.Options{}, false), nil)
		if err != nil {
			t.Fatal(err)
		}
		if res.Stats.LowerBound != 1 {
			t.Errorf("%s: lower bound %d, want 1", in.ID, res.Stats.LowerBound)
		}
	}
	if classes[PerfectGuillotine] != 20 || classes[PerfectPinwheel] != 20 {
		t.Errorf("classes %v, want 20 of each", classes)
	}
}

// TestPerfectSheetsArea checks the family of several sheets: two to four
// sheets' area in parts, each sheet cut into 8 to 30, the same instances
// for the same seed, and the engine's lower bound equal to the sheets.
func TestPerfectSheetsArea(t *testing.T) {
	ins := PerfectSheets(10, 1)
	if !reflect.DeepEqual(ins, PerfectSheets(10, 1)) {
		t.Fatal("PerfectSheets(10, 1) differs between two calls")
	}
	for _, in := range ins {
		area := 0
		for _, it := range in.Items {
			area += it[0] * it[1]
		}
		sheets := area / int(in.BinW*in.BinH)
		if in.N != len(in.Items) || float64(area) != float64(sheets)*in.BinW*in.BinH || sheets < 2 || sheets > 4 ||
			in.N < 8*sheets || in.N > 30*sheets {
			t.Fatalf("%s: %d parts (n %d), area %d of %vx%v", in.ID, len(in.Items), in.N, area, in.BinW, in.BinH)
		}
		res, err := nest.Layout(context.Background(), in.Request(nest.Options{}, false), nil)
		if err != nil {
			t.Fatal(err)
		}
		if res.Stats.LowerBound != sheets {
			t.Errorf("%s: lower bound %d, want %d", in.ID, res.Stats.LowerBound, sheets)
		}
	}
}
