package bench

import (
	"context"
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"kesim/nest"
)

// The cutting plan of every instance tiles its limited sheets exactly: each
// sheet's pieces lie inside the sheet, overlap nowhere and cover its area;
// the part lines are exactly those pieces; every type is priced by area,
// the limited ones at one price unit per cm² and the unlimited one dearer
// and large enough for every piece. So the optimum is the item area, and
// the instance's best known and lower bound say so.
func TestZeroWasteTilesTheLimitedSheets(t *testing.T) {
	groups := map[string]int{}
	for i := range 90 {
		in, sheets := zeroWasteInstance(3, i)
		groups[in.Group()]++
		limited := in.Stock[:len(in.Stock)-1]
		big := in.Stock[len(in.Stock)-1]
		if want := "Z" + string(rune('2'+i%3)); in.Group() != want || len(limited) != 2+i%3 || in.Set() != "zerowaste" {
			t.Fatalf("%s: group %s with %d limited types, want %s", in.ID, in.Group(), len(limited), want)
		}
		if !in.Rotate || big.Quantity != 0 || float64(big.Cost) <= float64(big.Width*big.Height) {
			t.Fatalf("%s: the unlimited type %+v must be unlimited and dearer per cm² (rotate %v)", in.ID, big, in.Rotate)
		}
		var sheetArea int64
		perType := make([]int64, len(limited))
		cut := map[[2]int64]int64{}
		for _, s := range sheets {
			st := in.Stock[s.stock]
			perType[s.stock]++
			sheetArea += st.Width * st.Height
			var area int64
			for a, p := range s.pieces {
				if p.w < perfectMinSide || p.h < perfectMinSide || p.x < 0 || p.y < 0 ||
					int64(p.x+p.w) > st.Width || int64(p.y+p.h) > st.Height {
					t.Fatalf("%s: piece %v outside sheet %dx%d or under %d cm", in.ID, p, st.Width, st.Height, perfectMinSide)
				}
				if min(p.w, p.h) > int(big.Height) || max(p.w, p.h) > int(big.Width) {
					t.Fatalf("%s: piece %v does not fit the unlimited %dx%d", in.ID, p, big.Width, big.Height)
				}
				for _, q := range s.pieces[a+1:] {
					if p.x < q.x+q.w && q.x < p.x+p.w && p.y < q.y+q.h && q.y < p.y+p.h {
						t.Fatalf("%s: %v overlaps %v", in.ID, p, q)
					}
				}
				area += int64(p.w * p.h)
				cut[[2]int64{int64(p.w), int64(p.h)}]++
			}
			if area != st.Width*st.Height {
				t.Fatalf("%s: pieces cover %d of the %dx%d sheet", in.ID, area, st.Width, st.Height)
			}
		}
		var optimum int64
		for k, s := range limited {
			if s.Cost != s.Width*s.Height || s.Quantity != perType[k] || s.Quantity < 1 || s.Quantity > 3 {
				t.Fatalf("%s: limited type %+v (%d sheets cut), want cost = area and 1-3 sheets", in.ID, s, perType[k])
			}
			optimum += s.Cost * s.Quantity
		}
		lines := map[[2]int64]int64{}
		for _, p := range in.Parts {
			if lines[[2]int64{p.Width, p.Height}] != 0 {
				t.Fatalf("%s: two lines of %dx%d", in.ID, p.Width, p.Height)
			}
			lines[[2]int64{p.Width, p.Height}] = p.Quantity
		}
		if !reflect.DeepEqual(lines, cut) {
			t.Fatalf("%s: part lines %v, pieces cut %v", in.ID, lines, cut)
		}
		if float64(sheetArea) != in.ItemArea() || float64(optimum) != in.ItemArea() ||
			in.BestKnown == nil || *in.BestKnown != in.ItemArea() || in.LowerBound == nil || *in.LowerBound != *in.BestKnown {
			t.Fatalf("%s: item area %g, limited sheets %d, their cost %d, best known %v, bound %v",
				in.ID, in.ItemArea(), sheetArea, optimum, in.BestKnown, in.LowerBound)
		}
	}
	if groups["Z2"] != 30 || groups["Z3"] != 30 || groups["Z4"] != 30 {
		t.Errorf("groups %v, want 30 of each", groups)
	}
}

func TestZeroWasteDeterministic(t *testing.T) {
	ins := ZeroWaste(40, 1)
	if len(ins) != 40 || !reflect.DeepEqual(ins, ZeroWaste(40, 1)) {
		t.Fatal("ZeroWaste(40, 1) differs between two calls")
	}
	if !reflect.DeepEqual(ins[:7], ZeroWaste(7, 1)) {
		t.Error("an instance depends on how many are generated")
	}
	if reflect.DeepEqual(ins[0].Parts, ZeroWaste(1, 2)[0].Parts) {
		t.Error("seeds 1 and 2 give the same first instance")
	}
	if len(ZeroWaste(MaxZeroWaste+1, 1)) != MaxZeroWaste || len(ZeroWaste(-1, 1)) != 0 {
		t.Error("n not clamped to 0..MaxZeroWaste")
	}
}

// The bench compares against the optimum: the engine's results verify,
// none is cheaper than the optimum (it is a lower bound), and the engine's
// own cost bound never exceeds it.
func TestZeroWasteEngineMeetsTheBound(t *testing.T) {
	ins := ZeroWaste(6, 5)
	outs := RunVS(context.Background(), ins, Config{Options: nest.Options{Iterations: 100, Seed: 1}, Workers: 2})
	for _, o := range outs {
		if o.Err != nil || o.Unfit != nil {
			t.Fatalf("%s: %v %v", o.Instance.ID, o.Err, o.Unfit)
		}
		if opt := *o.Instance.BestKnown; o.Cost < opt-costEps || o.WrongBound() {
			t.Errorf("%s: cost %g, engine bound %g, optimum %g", o.Instance.ID, o.Cost, o.CostLB, opt)
		}
	}
}

func TestReportZeroWaste(t *testing.T) {
	in := func(id string, opt float64) VSInstance {
		return VSInstance{ID: id, BestKnown: &opt, LowerBound: &opt, Parts: []VSPart{{Width: 10, Height: 10, Quantity: 1}}}
	}
	outs := []VSOutcome{
		// at the optimum, proven by the engine's bound
		{Instance: in("zerowaste/Z2_n010_0001", 100), Cost: 100, CostLB: 100, SheetArea: 100, Elapsed: time.Millisecond},
		// 4 % above, not proven
		{Instance: in("zerowaste/Z2_n020_0004", 100), Cost: 104, CostLB: 90, SheetArea: 125},
		// 1 % above, and a wrong bound: above the optimum
		{Instance: in("zerowaste/Z3_n030_0002", 1000), Cost: 1010, CostLB: 1005, SheetArea: 100},
		// a failed verification counts, its cost stays out of the gaps
		{Instance: in("zerowaste/Z3_n040_0005", 50), Cost: 1, Err: errors.New("çakışma")},
	}
	var b strings.Builder
	sum := ReportZeroWaste(&b, outs, time.Second)
	if sum != (VSSummary{Failed: 1, WrongBound: 1}) {
		t.Errorf("summary %+v", sum)
	}
	text := b.String()
	for _, want := range []string{"!!! DOĞRULAMA HATASI zerowaste/Z3_n040_0005: çakışma", "!!! YANLIŞ ALT SINIR zerowaste/Z3_n030_0002"} {
		if !strings.Contains(text, want) {
			t.Errorf("report lacks %q:\n%s", want, text)
		}
	}
	rows := map[string][]string{}
	for _, line := range strings.Split(text, "\n") {
		if f := strings.Fields(line); len(f) > 1 && !strings.HasPrefix(line, "!!!") {
			rows[f[0]] = f
		}
	}
	// grup örnek hata optimumda kanıtlı ort_fark en_kötü kullanım süre en_uzun en_kötü_örnek
	check := func(key string, want ...string) {
		t.Helper()
		got := rows[key]
		if len(got) < 10 {
			t.Fatalf("no row %q in:\n%s", key, text)
		}
		if g := strings.Join(append(got[1:8:8], got[len(got)-1]), " "); g != strings.Join(want, " ") {
			t.Errorf("row %s: %s, want %s", key, g, strings.Join(want, " "))
		}
	}
	check("Z2", "2", "0", "1", "1", "%2,00", "%4,00", "%90,00", "zerowaste/Z2_n020_0004")
	check("Z3", "2", "1", "0", "0", "%1,00", "%1,00", "%100,00", "zerowaste/Z3_n030_0002")
	check("toplam", "4", "1", "1", "1", "%1,67", "%4,00", "%93,33", "zerowaste/Z2_n020_0004")
}
