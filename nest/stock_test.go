package nest

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"math/rand"
	"reflect"
	"strings"
	"testing"
	"time"
)

func docExample() Request {
	var req Request
	if err := json.Unmarshal([]byte(`{
  "sheet": {"width": 183, "height": 366},
  "stock": [
    {"id": "s1", "name": "Beyaz 18 büyük", "material": "Beyaz Sunta", "thickness": 18,
     "width": 183, "height": 366, "quantity": 4, "price": 1450, "grain": "none"},
    {"id": "s2", "material": "Beyaz Sunta", "thickness": 18, "width": 210, "height": 280, "price": 1300},
    {"id": "s3", "material": "Ceviz MDF", "thickness": 18, "width": 183, "height": 366, "price": 2100,
     "grain": "vertical"}
  ],
  "bands": [{"code": "B1", "name": "PVC 0,8 beyaz", "thickness": 0.8, "price": 6.5, "overlength": 2}],
  "parts": [
    {"name": "Yan", "width": 56, "height": 72, "quantity": 2, "material": "Beyaz Sunta", "thickness": 18,
     "edges": {"top": "B1", "left": "B1"}},
    {"name": "Kapak", "width": 40, "height": 70, "quantity": 2, "material": "Ceviz MDF", "grain": "vertical"}
  ],
  "options": {"objective": "cost", "deductBands": true, "timeLimitMs": 100}
}`), &req); err != nil {
		panic(err)
	}
	return req
}

func TestStockDocExample(t *testing.T) {
	req := docExample()
	res := mustLayout(t, req)
	// The documented result: one 210 x 280 white sheet (cheaper than a
	// 183 x 366 one and enough), one walnut sheet, both proven cheapest.
	st := res.Stats
	if st.Pages != 2 || st.Cost != 3400 || st.CostLowerBound != 3400 || !st.Optimal {
		t.Errorf("stats %+v", st)
	}
	want := []StockCount{{"s2", 1}, {"s3", 1}}
	if !reflect.DeepEqual(res.Used, want) || !reflect.DeepEqual(res.Buy, want) {
		t.Errorf("used %v buy %v", res.Used, res.Buy)
	}
	if !reflect.DeepEqual(res.BandTotals, []BandTotal{{"B1", 2.64, 17.16}}) {
		t.Errorf("bands %+v", res.BandTotals)
	}
	if p := res.Pages[0]; p.StockID != "s2" || p.Material != "Beyaz Sunta" || p.Thickness != 18 || p.Width != 210 || p.Height != 280 {
		t.Errorf("page 0 %+v", p)
	}
	for _, p := range res.Pages[1].Parts {
		if p.Rotated || p.Edges != nil {
			t.Errorf("walnut door turned against its grain or banded: %+v", p)
		}
	}
}

// randomStockRequest returns a random multi-material, multi-stock job.
func randomStockRequest(rng *rand.Rand) Request {
	mats := []string{"Beyaz Sunta", " beyaz sunta", "Ceviz MDF", "İNCE", "ince", ""}
	thick := []float64{0, 8, 18}
	grains := []string{"", GrainNone, GrainVertical, GrainHorizontal}
	req := Request{}
	if rng.Intn(4) > 0 {
		req.Sheet = Sheet{float64(80 + rng.Intn(200)), float64(80 + rng.Intn(200))}
	}
	for i, n := 0, rng.Intn(6); i < n; i++ {
		s := Stock{
			ID: "s" + itoa(i), Material: mats[rng.Intn(len(mats))], Thickness: thick[rng.Intn(len(thick))],
			Width: float64(60 + rng.Intn(250)), Height: float64(60+rng.Intn(250)) + 0.5*float64(rng.Intn(2)),
			Quantity: rng.Intn(4), Grain: grains[rng.Intn(len(grains))],
		}
		if rng.Intn(3) > 0 {
			s.Price = float64(500 + rng.Intn(2500))
		}
		if i > 0 && rng.Intn(3) == 0 {
			// More of the same sheet: in stock, or to buy.
			p := req.Stock[i-1]
			s.Material, s.Thickness, s.Width, s.Height, s.Grain = p.Material, p.Thickness, p.Width, p.Height, p.Grain
		}
		req.Stock = append(req.Stock, s)
	}
	for i, n := 0, rng.Intn(3); i < n; i++ {
		req.Bands = append(req.Bands, Band{Code: "B" + itoa(i), Thickness: 0.4 * float64(rng.Intn(6)), Price: float64(rng.Intn(10)), Overlength: float64(rng.Intn(3))})
	}
	code := func() string {
		if len(req.Bands) == 0 || rng.Intn(2) == 0 {
			return ""
		}
		return req.Bands[rng.Intn(len(req.Bands))].Code
	}
	for i, n := 0, 1+rng.Intn(7); i < n; i++ {
		p := Part{
			Name: "P" + itoa(i), Width: float64(5+rng.Intn(140)) + 0.25*float64(rng.Intn(4)), Height: float64(5 + rng.Intn(140)),
			Quantity: 1 + rng.Intn(8), Material: mats[rng.Intn(len(mats))], Thickness: thick[rng.Intn(len(thick))],
			Grain: grains[rng.Intn(len(grains))],
		}
		if rng.Intn(3) == 0 {
			p.ID = "id" + itoa(i)
		}
		if rng.Intn(3) == 0 {
			f := false
			p.Rotate = &f
		}
		if len(req.Bands) > 0 && rng.Intn(2) == 0 {
			p.Edges = &Edges{Top: code(), Bottom: code(), Left: code(), Right: code()}
		}
		req.Parts = append(req.Parts, p)
	}
	req.Options = Options{
		Kerf: 0.1 * float64(rng.Intn(5)), Trim: 0.5 * float64(rng.Intn(3)), Guillotine: rng.Intn(3) == 0,
		Seed: rng.Int63(), DeductBands: rng.Intn(2) == 0,
		Objective: []string{"", ObjectiveCost, ObjectiveArea, ObjectiveSheets}[rng.Intn(4)],
	}
	if rng.Intn(2) == 0 {
		req.Options.Iterations = 30 + rng.Intn(100)
	}
	// At least one field of the stock section, so that the job is one.
	if !usesStock(&req) {
		req.Parts[0].Material = "Beyaz Sunta"
	}
	return req
}

func TestStockPropertyVerify(t *testing.T) {
	rng := rand.New(rand.NewSource(17))
	n := 300
	if testing.Short() {
		n = 60
	}
	outs, stockOuts := 0, 0
	for c := 0; c < n; c++ {
		req := randomStockRequest(rng)
		res, err := Layout(context.Background(), req, nil)
		if err != nil {
			t.Fatalf("case %d: %v\n%+v", c, err, req)
		}
		if err := Verify(req, res); err != nil {
			b, _ := json.Marshal(req)
			t.Fatalf("case %d: %v\n%s", c, err, b)
		}
		// Deterministic for a seed and an iteration budget.
		again, _ := Layout(context.Background(), req, nil)
		res.Stats.ElapsedMs, again.Stats.ElapsedMs = 0, 0
		if !reflect.DeepEqual(res, again) {
			t.Fatalf("case %d: two runs differ", c)
		}
		outs += len(res.Skipped)
		for _, s := range res.Skipped {
			if s.Reason == SkipStockOut {
				stockOuts++
			}
		}
	}
	t.Logf("%d jobs, %d skipped lines, %d stock-outs", n, outs, stockOuts)
}

// kitchenRequest is a three-material kitchen job of about 1,000 pieces:
// white carcass board on two priced sizes (one limited), walnut fronts
// with grain, and thin backs on the default sheet.
func kitchenRequest() Request {
	req := Request{
		Sheet: Sheet{183, 366},
		Stock: []Stock{
			{ID: "b1", Material: "Beyaz Sunta", Thickness: 18, Width: 183, Height: 366, Quantity: 20, Price: 1450},
			{ID: "b2", Material: "Beyaz Sunta", Thickness: 18, Width: 210, Height: 280, Price: 1300},
			{ID: "c1", Material: "Ceviz MDF", Thickness: 18, Width: 183, Height: 366, Price: 2100, Grain: GrainVertical},
		},
		Bands:   []Band{{Code: "B1", Thickness: 0.8, Price: 6.5, Overlength: 2}},
		Options: Options{Kerf: 0.4, Trim: 1, DeductBands: true},
	}
	rng := rand.New(rand.NewSource(3))
	mats := []string{"Beyaz Sunta", "Ceviz MDF", "Arkalık"}
	total := 0
	for i := 0; total < 1000; i++ {
		m := mats[i%3]
		p := Part{Name: "P" + itoa(i), Width: float64(20 + rng.Intn(60)), Height: float64(20 + rng.Intn(80)),
			Quantity: 1 + rng.Intn(12), Material: m, Thickness: 18}
		if m == "Ceviz MDF" {
			p.Grain = GrainVertical
		}
		if m == "Arkalık" {
			p.Thickness = 8
		}
		if i%2 == 0 {
			p.Edges = &Edges{Top: "B1", Bottom: "B1"}
		}
		p.Quantity = min(p.Quantity, 1000-total)
		total += p.Quantity
		req.Parts = append(req.Parts, p)
	}
	return req
}

// TestStockKitchenFirstLayout checks that a three-material kitchen job of
// about 1,000 pieces reports a complete, valid layout while the
// improvement still has work to do, so the browser shows it at once
// rather than at the end of the time limit. How soon is a speed target:
// BenchmarkStockKitchen measures it.
func TestStockKitchenFirstLayout(t *testing.T) {
	req := kitchenRequest()
	req.Options.TimeLimitMs = 500
	var first *Progress
	start := time.Now()
	var firstAt time.Duration
	res, err := Layout(context.Background(), req, func(p Progress) {
		if p.Best != nil && first == nil {
			first, firstAt = &p, time.Since(start)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := Verify(req, res); err != nil {
		t.Fatal(err)
	}
	t.Logf("first complete layout after %v; %d pages, cost %.2f (bound %.2f), used %v", firstAt, res.Stats.Pages, res.Stats.Cost, res.Stats.CostLowerBound, res.Used)
	if first == nil {
		t.Fatal("no layout reported before the end")
	}
	if first.Done >= 1 {
		t.Errorf("the first layout came with the work done (%v), not before the improvement", first.Done)
	}
	// Verify holds every piece placed or its line skipped with a reason.
	if err := Verify(req, *first.Best); err != nil {
		t.Errorf("the first layout reported: %v", err)
	}
}

// BenchmarkStockKitchen lays out the kitchen job of TestStockKitchenFirstLayout
// without an improvement phase: the time to its first complete layout
// (issue 17: within 1 s in the browser).
func BenchmarkStockKitchen(b *testing.B) {
	req := kitchenRequest()
	for b.Loop() {
		if _, err := Layout(context.Background(), req, nil); err != nil {
			b.Fatal(err)
		}
	}
}

// A grained part on a grained row is turned exactly when the grains
// differ, whatever its rotate; on a row without grain rotate decides.
func TestStockGrain(t *testing.T) {
	for _, c := range []struct {
		sheet, part string
		rotate      bool
		turned      bool
	}{
		{GrainVertical, GrainVertical, true, false},
		{GrainVertical, GrainHorizontal, false, true},
		{GrainHorizontal, GrainVertical, true, true},
		{GrainHorizontal, GrainHorizontal, true, false},
	} {
		req := Request{
			Stock: []Stock{{ID: "s", Material: "Ceviz", Width: 100, Height: 200, Grain: c.sheet}},
			Parts: []Part{{Name: "Kapak", Width: 30, Height: 60, Quantity: 3, Material: "ceviz", Grain: c.part, Rotate: &c.rotate}},
		}
		res := mustLayout(t, req)
		for _, p := range res.Pages[0].Parts {
			if p.Rotated != c.turned {
				t.Errorf("sheet %s part %s: rotated %v, want %v", c.sheet, c.part, p.Rotated, c.turned)
			}
		}
	}
	// A part too wide unless turned, on a row without grain: turned when
	// it may, skipped with its whole line when it may not.
	f := false
	req := Request{
		Stock: []Stock{{ID: "s", Width: 100, Height: 200}},
		Parts: []Part{
			{Name: "Uzun", Width: 150, Height: 50, Quantity: 1, Grain: GrainHorizontal},
			{Name: "Kilitli", Width: 150, Height: 50, Quantity: 2, Rotate: &f, Material: ""},
		},
	}
	res := mustLayout(t, req)
	if len(res.Pages) != 1 || !res.Pages[0].Parts[0].Rotated {
		t.Errorf("free part not turned onto the sheet: %+v", res.Pages)
	}
	if len(res.Skipped) != 1 || res.Skipped[0].Reason != SkipNoFit || res.Skipped[0].Quantity != 2 {
		t.Errorf("locked part: skipped %+v", res.Skipped)
	}
}

// Band metres and cost by hand; deduction makes the cut size smaller;
// the placed edges turn with the part.
func TestStockBands(t *testing.T) {
	f := false
	req := Request{
		Sheet: Sheet{100, 100},
		Bands: []Band{{Code: "A", Thickness: 1, Price: 10, Overlength: 2}, {Code: "B", Thickness: 2, Price: 3.333}},
		Parts: []Part{
			{ID: "k", Name: "Kapak", Width: 40, Height: 60, Quantity: 2, Rotate: &f, Edges: &Edges{Top: "A", Left: "A", Right: "B"}},
			{ID: "r", Name: "Raf", Width: 90, Height: 20, Quantity: 1, Edges: &Edges{Bottom: "B"}},
		},
		Options: Options{DeductBands: true},
	}
	res := mustLayout(t, req)
	// A: per Kapak 40+2 (top) + 60+2 (left) = 104 cm, twice: 2,08 m, 20,80 TL.
	// B: per Kapak 60 (right), twice, and Raf 90 (bottom): 2,10 m, 7,00 TL.
	want := []BandTotal{{"A", 2.08, 20.8}, {"B", 2.1, 7.0}}
	if !reflect.DeepEqual(res.BandTotals, want) {
		t.Errorf("band totals %+v, want %+v", res.BandTotals, want)
	}
	for _, p := range res.Pages[0].Parts {
		if p.OriginalIndex == 0 && (p.Width != 39.7 || p.Height != 59.9) {
			t.Errorf("Kapak cut %gx%g, want 39.7x59.9 (0.1+0.2 off the width, 0.1 off the height)", p.Width, p.Height)
		}
		if p.OriginalIndex == 1 {
			wantE := Edges{Bottom: "B"}
			if p.Rotated {
				wantE = Edges{Left: "B"}
			}
			if *p.Edges != wantE {
				t.Errorf("Raf edges %+v (rotated %v)", *p.Edges, p.Rotated)
			}
		}
	}
	// A deduction that leaves nothing is an error on the part.
	req.Parts[1].Height = 0.2
	if _, err := Layout(context.Background(), req, nil); err == nil || err.(*InputError).Field != "parts[1].height" {
		t.Errorf("no error for a part banded to nothing: %v", err)
	}
}

func TestRotateEdges(t *testing.T) {
	e := &Edges{Top: "T", Right: "R", Bottom: "B", Left: "L"}
	if got := *rotateEdges(e, true); got != (Edges{Top: "L", Right: "T", Bottom: "R", Left: "B"}) {
		t.Errorf("turned a quarter clockwise: %+v", got)
	}
}

// Limited stock that runs out: the rest is placed, only the copies left
// over are listed, and no row gives more than its quantity.
func TestStockOut(t *testing.T) {
	req := Request{
		Stock: []Stock{
			{ID: "a", Material: "Meşe", Width: 100, Height: 100, Quantity: 1, Price: 100},
			{ID: "b", Material: "MEŞE ", Width: 50, Height: 100, Quantity: 2, Price: 40},
		},
		Parts: []Part{{Name: "Kare", Width: 50, Height: 50, Quantity: 12, Material: "meşe"}},
	}
	res := mustLayout(t, req)
	if len(res.Skipped) != 1 || res.Skipped[0].Reason != SkipStockOut || res.Skipped[0].Quantity != 4 {
		t.Fatalf("skipped %+v, want 4 copies with %q", res.Skipped, SkipStockOut)
	}
	if res.Stats.Placed != 8 || res.Stats.Cost != 180 || len(res.Buy) != 0 {
		t.Errorf("placed %d cost %g buy %v", res.Stats.Placed, res.Stats.Cost, res.Buy)
	}
	// The material says its plan is short of the 4 copies, so that no
	// paper claims its bounds for the whole job; Verify holds it to that.
	if len(res.Materials) != 1 || res.Materials[0].StockOut != 4 {
		t.Fatalf("materials %+v, want stockOut 4", res.Materials)
	}
	bad := res
	bad.Materials = []MaterialResult{res.Materials[0]}
	bad.Materials[0].StockOut = 0
	if err := Verify(req, bad); err == nil {
		t.Error("Verify accepts a material that hides the copies its stock could not take")
	}
}

// The cheapest rows are taken: four 50x50 parts cost less on two cheap
// half sheets than on a whole one, and the bound proves it.
func TestStockSameSizeInStockFirst(t *testing.T) {
	// Two sheets in stock, more of the same to buy: the engine's
	// single-size layout, the stock used first, the rest bought.
	req := Request{
		Stock: []Stock{
			{ID: "buy", Material: "M", Width: 100, Height: 100, Price: 100},
			{ID: "have", Material: "M", Width: 100, Height: 100, Quantity: 2, Price: 100},
		},
		Parts: []Part{{Name: "Kare", Width: 50, Height: 50, Quantity: 13, Material: "M"}},
	}
	res := mustLayout(t, req)
	want := []StockCount{{"buy", 2}, {"have", 2}}
	if !reflect.DeepEqual(res.Used, want) || !reflect.DeepEqual(res.Buy, want[:1]) || !res.Stats.Optimal || res.Stats.CostLowerBound != 400 {
		t.Errorf("used %v buy %v optimal %v bound %g", res.Used, res.Buy, res.Stats.Optimal, res.Stats.CostLowerBound)
	}
	// Without the row to buy, the stock runs out: the two fullest sheets
	// are kept and five copies are left over.
	req.Stock = req.Stock[1:]
	res = mustLayout(t, req)
	if len(res.Skipped) != 1 || res.Skipped[0].Quantity != 5 || res.Stats.Placed != 8 {
		t.Errorf("skipped %+v placed %d", res.Skipped, res.Stats.Placed)
	}
}

func TestStockCheapestRows(t *testing.T) {
	req := Request{
		Stock: []Stock{
			{ID: "a", Material: "M", Width: 100, Height: 100, Price: 100},
			{ID: "b", Material: "M", Width: 50, Height: 100, Price: 45},
		},
		Parts: []Part{{Name: "Kare", Width: 50, Height: 50, Quantity: 4, Material: "M"}},
	}
	res := mustLayout(t, req)
	if res.Stats.Cost != 90 || !res.Stats.Optimal || res.Stats.CostLowerBound != 90 {
		t.Errorf("cost %g bound %g optimal %v, want 90 proven", res.Stats.Cost, res.Stats.CostLowerBound, res.Stats.Optimal)
	}
}

// Verify rejects the ways a stock layout can be wrong.
func TestVerifyStockRejects(t *testing.T) {
	req := docExample()
	req.Stock[0].Quantity = 1
	req.Parts[0].Quantity = 6
	good := mustLayout(t, req)
	clone := func() Result {
		b, _ := json.Marshal(good)
		var r Result
		json.Unmarshal(b, &r)
		return r
	}
	for name, mutate := range map[string]func(r *Result){
		"unknown row":    func(r *Result) { r.Pages[0].StockID = "yok" },
		"wrong size":     func(r *Result) { r.Pages[0].Width++ },
		"wrong material": func(r *Result) { r.Pages[0].Material = "Ceviz MDF" },
		"grain broken": func(r *Result) {
			p := &r.Pages[len(r.Pages)-1].Parts[0]
			p.Rotated = !p.Rotated
			p.Width, p.Height = p.Height, p.Width
		},
		"edges not turned": func(r *Result) { r.Pages[0].Parts[0].Edges = &Edges{Top: "B1", Left: "B1", Right: "B1"} },
		"no deduction":     func(r *Result) { r.Pages[0].Parts[0].Width = 56 },
		"band metres":      func(r *Result) { r.BandTotals[0].Meters++ },
		"cost":             func(r *Result) { r.Stats.Cost++ },
		"bound above cost": func(r *Result) { r.Materials[0].CostLowerBound = r.Materials[0].Cost + 1 },
		"buy":              func(r *Result) { r.Buy = nil },
		"piece missing":    func(r *Result) { r.Pages[0].Parts = r.Pages[0].Parts[1:] },
		"fake stock-out": func(r *Result) {
			r.Skipped = append(r.Skipped, Skipped{OriginalIndex: 1, Reason: SkipStockOut, Quantity: 1})
		},
		"row over its limit": func(r *Result) {
			for i := range r.Pages {
				if r.Pages[i].StockID == "s2" {
					r.Pages[i].StockID = "s1"
					r.Pages[i].Width, r.Pages[i].Height = 183, 366
				}
			}
		},
	} {
		r := clone()
		mutate(&r)
		if err := Verify(req, r); err == nil {
			t.Errorf("%s: Verify accepted it", name)
		}
	}
	if err := Verify(req, clone()); err != nil {
		t.Fatal(err)
	}
}

// gridFits reports exactly whether the parts (w, h in 10 cm cells, may
// turn) fit on a W x H sheet of cells: the first empty cell (in reading
// order) is either the top-left corner of a part or waste.
func gridFits(W, H int, parts [][2]int) bool {
	grid := make([]bool, W*H)
	left := make([]bool, len(parts))
	area := 0
	for _, p := range parts {
		area += p[0] * p[1]
	}
	var rec func(cell, free, area int) bool
	rec = func(cell, free, area int) bool {
		if area == 0 {
			return true
		}
		if free < area {
			return false
		}
		for cell < W*H && grid[cell] {
			cell++
		}
		if cell == W*H {
			return false
		}
		x, y := cell%W, cell/W
		put := func(w, h int, v bool) bool {
			if v {
				if x+w > W || y+h > H {
					return false
				}
				for j := y; j < y+h; j++ {
					for i := x; i < x+w; i++ {
						if grid[j*W+i] {
							return false
						}
					}
				}
			}
			for j := y; j < y+h; j++ {
				for i := x; i < x+w; i++ {
					grid[j*W+i] = v
				}
			}
			return true
		}
		for i, p := range parts {
			if left[i] {
				continue
			}
			for o := 0; o < 2; o++ {
				w, h := p[0], p[1]
				if o == 1 {
					if w == h {
						break
					}
					w, h = h, w
				}
				if put(w, h, true) {
					left[i] = true
					ok := rec(cell+1, free-w*h, area-w*h)
					left[i] = false
					put(w, h, false)
					if ok {
						return true
					}
				}
			}
		}
		grid[cell] = true
		ok := rec(cell+1, free-1, area)
		grid[cell] = false
		return ok
	}
	return rec(0, W*H, area)
}

// bruteCost is the least total price of a layout of the pieces on the
// rows, by every partition of the pieces into sheets and every row per
// sheet (within the rows' limits), each sheet checked exactly.
func bruteCost(rows []Stock, pieces [][2]int) float64 {
	best := math.Inf(1)
	n := len(pieces)
	block := make([]int, n)
	var part func(i, blocks int)
	part = func(i, blocks int) {
		if i == n {
			sets := make([][][2]int, blocks)
			for p, b := range block {
				sets[b] = append(sets[b], pieces[p])
			}
			used := make([]int, len(rows))
			var assign func(b int, cost float64)
			assign = func(b int, cost float64) {
				if cost >= best {
					return
				}
				if b == blocks {
					best = cost
					return
				}
				for r, row := range rows {
					if row.Quantity > 0 && used[r] >= row.Quantity {
						continue
					}
					if !gridFits(int(row.Width)/10, int(row.Height)/10, sets[b]) {
						continue
					}
					used[r]++
					assign(b+1, cost+row.Price)
					used[r]--
				}
			}
			assign(0, 0)
			return
		}
		for b := 0; b <= blocks; b++ {
			block[i] = b
			nb := blocks
			if b == blocks {
				nb++
			}
			part(i+1, nb)
		}
	}
	part(0, 0)
	return best
}

// The cost bound is never above the least cost found exhaustively, and a
// layout called optimal costs exactly that.
func TestStockCostBoundExhaustive(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	n := 150
	if testing.Short() {
		n = 30
	}
	proven := 0
	for c := 0; c < n; c++ {
		req := Request{Options: Options{Seed: int64(c), Iterations: 50}}
		nr := 2 + rng.Intn(2)
		for r := 0; r < nr; r++ {
			s := Stock{ID: "s" + itoa(r), Material: "M", Width: float64(10 * (2 + rng.Intn(5))), Height: float64(10 * (2 + rng.Intn(5))),
				Price: float64(10 + rng.Intn(90))}
			if r > 0 && rng.Intn(2) == 0 {
				s.Quantity = 1 + rng.Intn(2)
			}
			req.Stock = append(req.Stock, s)
		}
		// The first row is unlimited and holds every part; the second is
		// sometimes the same sheet, in stock.
		req.Stock[0].Width, req.Stock[0].Height, req.Stock[0].Quantity = 60, 60, 0
		if rng.Intn(3) == 0 {
			req.Stock[1].Width, req.Stock[1].Height, req.Stock[1].Quantity = 60, 60, 1+rng.Intn(2)
		}
		var pieces [][2]int
		for np := 2 + rng.Intn(4); len(pieces) < np; {
			w, h := 1+rng.Intn(4), 1+rng.Intn(4)
			q := min(1+rng.Intn(2), np-len(pieces))
			req.Parts = append(req.Parts, Part{Name: "P", Width: float64(10 * w), Height: float64(10 * h), Quantity: q, Material: "M"})
			for i := 0; i < q; i++ {
				pieces = append(pieces, [2]int{w, h})
			}
		}
		res := mustLayout(t, req)
		if len(res.Skipped) > 0 {
			t.Fatalf("case %d: skipped %+v", c, res.Skipped)
		}
		opt := bruteCost(req.Stock, pieces)
		if res.Stats.CostLowerBound > opt+1e-9 {
			b, _ := json.Marshal(req)
			t.Fatalf("case %d: bound %g above the optimum %g\n%s", c, res.Stats.CostLowerBound, opt, b)
		}
		if res.Stats.Cost < opt-1e-9 {
			t.Fatalf("case %d: cost %g below the exhaustive optimum %g", c, res.Stats.Cost, opt)
		}
		if res.Stats.Optimal {
			proven++
			if res.Stats.Cost != opt {
				t.Fatalf("case %d: optimal claimed at %g, optimum %g", c, res.Stats.Cost, opt)
			}
		}
	}
	t.Logf("%d instances, %d proven optimal", n, proven)
}

// A request without the stock fields goes the way it always went; and
// the same job as one unlimited stock row gives the same pages.
func TestStockTodayUnchanged(t *testing.T) {
	rng := rand.New(rand.NewSource(9))
	for c := 0; c < 40; c++ {
		req := Request{Sheet: Sheet{float64(100 + rng.Intn(200)), float64(100 + rng.Intn(200))},
			Options: Options{Kerf: 0.3 * float64(rng.Intn(2)), Trim: float64(rng.Intn(2)), Guillotine: rng.Intn(2) == 0, Seed: int64(c), Iterations: 200 * rng.Intn(2)}}
		for i, n := 0, 1+rng.Intn(6); i < n; i++ {
			req.Parts = append(req.Parts, Part{Name: "P", Width: float64(5 + rng.Intn(90)), Height: float64(5 + rng.Intn(90)), Quantity: 1 + rng.Intn(10), Rotate: boolp(rng.Intn(3) > 0)})
		}
		if usesStock(&req) {
			t.Fatal("a request of today's kind taken for a stock one")
		}
		old, err := layoutSheet(context.Background(), req, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		res := mustLayout(t, req)
		res.Stats.ElapsedMs, old.Stats.ElapsedMs = 0, 0
		if !reflect.DeepEqual(res, old) {
			t.Fatalf("case %d: Layout differs from today's path", c)
		}
		// The same job on one unlimited stock row.
		st := req
		st.Sheet = Sheet{}
		st.Stock = []Stock{{ID: "s", Width: req.Sheet.Width, Height: req.Sheet.Height}}
		sres := mustLayout(t, st)
		if len(sres.Pages) != len(old.Pages) {
			t.Fatalf("case %d: %d pages on a stock row, %d today", c, len(sres.Pages), len(old.Pages))
		}
		for i, p := range sres.Pages {
			for k, pl := range p.Parts {
				o := old.Pages[i].Parts[k]
				if pl.X != o.X || pl.Y != o.Y || pl.Width != o.Width || pl.ID != o.ID || pl.Rotated != o.Rotated {
					t.Fatalf("case %d: page %d part %d differs: %+v vs %+v", c, i, k, pl, o)
				}
			}
		}
	}
}

// Bad input is a Turkish error on the field, never a crash.
func TestStockValidation(t *testing.T) {
	nan := math.NaN()
	for _, c := range []struct {
		mutate func(r *Request)
		field  string
		msg    string
	}{
		{func(r *Request) { r.Stock = make([]Stock, 1001) }, "stock", MsgTooManyStock},
		{func(r *Request) { r.Stock[1].ID = "s1" }, "stock[1].id", MsgStockID},
		{func(r *Request) { r.Stock[0].ID = "" }, "stock[0].id", MsgStockID},
		{func(r *Request) { r.Stock[2].Width = -1 }, "stock[2].width", MsgInvalidSheet},
		{func(r *Request) { r.Stock[2].Height = 20000 }, "stock[2].height", MsgSheetTooLarge},
		{func(r *Request) { r.Stock[0].Quantity = -1 }, "stock[0].quantity", MsgStockQuantity},
		{func(r *Request) { r.Stock[0].Quantity = 100001 }, "stock[0].quantity", MsgStockQuantity},
		{func(r *Request) { r.Stock[0].Price = nan }, "stock[0].price", MsgPrice},
		{func(r *Request) { r.Bands[0].Price = 2e9 }, "bands[0].price", MsgPrice},
		{func(r *Request) { r.Stock[0].Thickness = 1001 }, "stock[0].thickness", MsgThickness},
		{func(r *Request) { r.Parts[1].Thickness = -1 }, "parts[1].thickness", MsgThickness},
		{func(r *Request) { r.Bands[0].Thickness = 11 }, "bands[0].thickness", MsgBandThickness},
		{func(r *Request) { r.Bands[0].Overlength = 101 }, "bands[0].overlength", MsgOverlength},
		{func(r *Request) { r.Bands = make([]Band, 101) }, "bands", MsgTooManyBands},
		{func(r *Request) { r.Bands = append(r.Bands, r.Bands[0]) }, "bands[1].code", MsgBandCode},
		{func(r *Request) { r.Bands[0].Code = strings.Repeat("B", 201) }, "bands[0].code", MsgTextTooLong},
		{func(r *Request) { r.Stock[0].ID = strings.Repeat("s", 201) }, "stock[0].id", MsgTextTooLong},
		{func(r *Request) { r.Parts[0].Edges.Top = "X" }, "parts[0].edges.top", MsgUnknownBand},
		{func(r *Request) { r.Parts[0].Material = strings.Repeat("ş", 201) }, "parts[0].material", MsgTextTooLong},
		{func(r *Request) { r.Stock[1].Grain = "çapraz" }, "stock[1].grain", MsgInvalidGrain},
		{func(r *Request) { r.Parts[1].Grain = "up" }, "parts[1].grain", MsgInvalidGrain},
		{func(r *Request) { r.Options.Objective = "price" }, "options.objective", MsgInvalidObjective},
		{func(r *Request) { r.Options.Trim = 91.5 }, "options.trim", msgInvalidTrim},
		{func(r *Request) { r.Parts[0].Quantity = 0 }, "parts[0].quantity", msgInvalidQuantity},
	} {
		req := docExample()
		c.mutate(&req)
		_, err := Layout(context.Background(), req, nil)
		ie, ok := err.(*InputError)
		if !ok || ie.Field != c.field || ie.Message != c.msg {
			t.Errorf("%s: got %v (%#v), want %q", c.field, err, err, c.msg)
		}
	}
	// Today's requests refuse a bad objective too.
	req := Request{Sheet: Sheet{100, 100}, Parts: []Part{{Width: 1, Height: 1, Quantity: 1}}, Options: Options{Objective: "x"}}
	if _, err := Layout(context.Background(), req, nil); err == nil {
		t.Error("bad objective accepted")
	}
}

// Material names match with case and outer spaces ignored, in Turkish.
func TestFoldMaterial(t *testing.T) {
	for _, same := range [][2]string{
		{" IŞIK İNCE ", "ışık ince"},
		{"CEVIZ", "Ceviz"}, // a spreadsheet's UPPER without Turkish case
		{"CEVİZ", "ceviz"},
		{"Ince", "İNCE"},
		{"I\u0307nce", "ince"}, // İ as I and a combining dot
		{"ışık", "IŞIK"},
	} {
		if FoldMaterial(same[0]) != FoldMaterial(same[1]) {
			t.Errorf("%q and %q are two materials: %q, %q", same[0], same[1], FoldMaterial(same[0]), FoldMaterial(same[1]))
		}
	}
	for _, two := range [][2]string{{"Meşe", "Mese"}, {"Kırmızı", "Kirmizi 2"}, {"Sunta", "Sunta 2"}} {
		if FoldMaterial(two[0]) == FoldMaterial(two[1]) {
			t.Errorf("%q and %q are one material", two[0], two[1])
		}
	}
}

// Progress: every group is laid out before the first layout is shown,
// done only grows, and every layout shown is a valid one.
func TestStockProgress(t *testing.T) {
	req := kitchenRequest()
	req.Options.TimeLimitMs = 300
	last, bests := -1.0, 0
	var bad error
	res, err := Layout(context.Background(), req, func(p Progress) {
		if p.Done < last || p.Done > 1 {
			bad = fmt.Errorf("done went from %g to %g", last, p.Done)
		}
		last = p.Done
		if p.Best != nil {
			bests++
			if err := Verify(req, *p.Best); err != nil && bad == nil {
				bad = err
			}
		}
	})
	if err != nil || bad != nil {
		t.Fatal(err, bad)
	}
	if bests == 0 || last != 1 {
		t.Errorf("%d layouts shown, last done %g", bests, last)
	}
	if err := Verify(req, res); err != nil {
		t.Fatal(err)
	}
	// A cancelled job returns the context's error, not half a layout.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Layout(ctx, req, nil); err == nil {
		t.Error("cancelled job gave a layout")
	}
}

// Many part lines on many rows of one material are refused, not
// allocated.
func TestStockTooLarge(t *testing.T) {
	req := Request{Options: Options{}}
	for i := 0; i < 1000; i++ {
		req.Stock = append(req.Stock, Stock{ID: "s" + itoa(i), Material: "M", Width: 100, Height: 100 + float64(i)})
	}
	for i := 0; i < 2001; i++ {
		req.Parts = append(req.Parts, Part{Width: 10, Height: 10, Quantity: 1, Material: "m"})
	}
	_, err := Layout(context.Background(), req, nil)
	if ie, ok := err.(*InputError); !ok || ie.Field != "stock" {
		t.Errorf("got %v", err)
	}
}

// On one unlimited priced row the sheet bound is today's and the cost
// bound is that many sheets at the price: never weaker.
func TestStockOneRowBoundIsToday(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	for c := 0; c < 30; c++ {
		req := Request{Sheet: Sheet{float64(100 + rng.Intn(150)), float64(100 + rng.Intn(150))}}
		for i, n := 0, 1+rng.Intn(5); i < n; i++ {
			req.Parts = append(req.Parts, Part{Name: "P", Width: float64(5 + rng.Intn(90)), Height: float64(5 + rng.Intn(90)), Quantity: 1 + rng.Intn(9)})
		}
		old, err := layoutSheet(context.Background(), req, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		st := req
		st.Sheet = Sheet{}
		st.Stock = []Stock{{ID: "s", Material: "M", Width: req.Sheet.Width, Height: req.Sheet.Height, Price: 99.5}}
		for i := range st.Parts {
			st.Parts[i].Material = "m"
		}
		res := mustLayout(t, st)
		m := res.Materials[0]
		if m.LowerBound != old.Stats.LowerBound || m.CostLowerBound != 99.5*float64(old.Stats.LowerBound) || m.Optimal != old.Stats.Optimal {
			t.Fatalf("case %d: bound %d/%g optimal %v, today %d optimal %v", c, m.LowerBound, m.CostLowerBound, m.Optimal, old.Stats.LowerBound, old.Stats.Optimal)
		}
	}
}

// Wild values never crash: an InputError, or a layout Verify accepts.
func TestStockWildInput(t *testing.T) {
	rng := rand.New(rand.NewSource(13))
	wild := []float64{math.NaN(), math.Inf(1), math.Inf(-1), -1, 0, 1e-9, 0.004, 1e300, 10001, 5, 50, 100.006}
	pick := func() float64 { return wild[rng.Intn(len(wild))] }
	for c := 0; c < 2000; c++ {
		req := randomStockRequest(rng)
		switch rng.Intn(8) {
		case 0:
			if len(req.Stock) > 0 {
				s := &req.Stock[rng.Intn(len(req.Stock))]
				s.Width, s.Price, s.Thickness = pick(), pick(), pick()
				s.Quantity = []int{-1, 0, 1, 100001, math.MaxInt}[rng.Intn(5)]
			}
		case 1:
			if len(req.Bands) > 0 {
				b := &req.Bands[rng.Intn(len(req.Bands))]
				b.Thickness, b.Overlength, b.Price = pick(), pick(), pick()
			}
		case 2:
			p := &req.Parts[rng.Intn(len(req.Parts))]
			p.Width, p.Thickness = pick(), pick()
		case 3:
			req.Sheet = Sheet{pick(), pick()}
		case 4:
			req.Options.Trim, req.Options.Kerf = pick(), pick()
		}
		res, err := Layout(context.Background(), req, nil)
		if err != nil {
			if _, ok := err.(*InputError); !ok {
				t.Fatalf("case %d: not an InputError: %v", c, err)
			}
			continue
		}
		if err := Verify(req, res); err != nil {
			b, _ := json.Marshal(req)
			t.Fatalf("case %d: %v\n%s", c, err, b)
		}
	}
}

// Prices are taken to the kuruş, so that a plan proven at its bound shows
// its cost and the bound the same, whatever decimals the price has.
func TestPriceToTheKurus(t *testing.T) {
	for _, price := range []float64{333.3333, 1450.555, 0.005, 1.115, 999.999} {
		req := Request{Stock: []Stock{{ID: "a", Material: "M", Width: 100, Height: 100, Price: price}},
			Parts: []Part{{Name: "X", Width: 90, Height: 90, Quantity: 3, Material: "M"}}}
		res, err := Layout(context.Background(), req, nil)
		if err != nil {
			t.Fatal(err)
		}
		if err := Verify(req, res); err != nil {
			t.Fatal(err)
		}
		want := 3 * math.Round(price*100) / 100
		if !res.Stats.Optimal || math.Abs(res.Stats.Cost-want) > 1e-9 || res.Stats.CostLowerBound != res.Stats.Cost ||
			res.Materials[0].CostLowerBound != res.Materials[0].Cost {
			t.Errorf("price %g: cost %g (want %g), bound %g, material %g / %g, optimal %v", price, res.Stats.Cost, want,
				res.Stats.CostLowerBound, res.Materials[0].Cost, res.Materials[0].CostLowerBound, res.Stats.Optimal)
		}
	}
}

// A band's cost is its metres times its price, rounded to the kuruş as
// written: 0,35 m at 0,10 TL is 0,04 TL, though 0,035 is a hair under it in
// binary.
func TestBandCostRoundsHalfUp(t *testing.T) {
	req := Request{Sheet: Sheet{Width: 100, Height: 100}, Bands: []Band{{Code: "B", Price: 0.1}},
		Parts: []Part{{Name: "X", Width: 35, Height: 20, Quantity: 1, Edges: &Edges{Top: "B"}}}}
	res, err := Layout(context.Background(), req, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := Verify(req, res); err != nil {
		t.Fatal(err)
	}
	if len(res.BandTotals) != 1 || res.BandTotals[0].Meters != 0.35 || res.BandTotals[0].Cost != 0.04 {
		t.Errorf("band totals %+v, want 0,35 m and 0,04 TL", res.BandTotals)
	}
}

// Band metres are whole centimetres, rounded up, and the cost is those
// metres times the price: a printed line multiplies out to its cost. Three
// edges of 45,25 cm and an overlength of 0,3 cm are 136,65 cm: 1,37 m, and
// at 6,50 TL 8,91 TL (the exact 1,3665 m would cost 8,88 TL).
func TestBandMetresToTheCentimetre(t *testing.T) {
	req := Request{
		Sheet: Sheet{100, 100},
		Bands: []Band{{Code: "B1", Price: 6.5, Overlength: 0.3}},
		Parts: []Part{{ID: "y", Name: "Yan", Width: 45.25, Height: 30, Quantity: 3, Edges: &Edges{Top: "B1"}}},
	}
	res := mustLayout(t, req)
	if want := []BandTotal{{"B1", 1.37, 8.91}}; !reflect.DeepEqual(res.BandTotals, want) {
		t.Errorf("band totals %+v, want %+v", res.BandTotals, want)
	}
	// Pinned pages count again: the first page pinned, the total the same
	// (41 × 45,55 cm = 18,6755 m: 18,68 m).
	req.Parts[0].Quantity = 41
	first := mustLayout(t, req)
	if len(first.Pages) < 2 || first.BandTotals[0].Meters != 18.68 {
		t.Fatalf("%d pages, band %+v: the case needs two pages and 18,68 m", len(first.Pages), first.BandTotals)
	}
	req.Pinned = first.Pages[:1]
	again := mustLayout(t, req)
	if !reflect.DeepEqual(again.BandTotals, first.BandTotals) {
		t.Errorf("with a pinned page %+v, without %+v", again.BandTotals, first.BandTotals)
	}
}

// A part's thickness finer than 0.01 mm is compared to 0.01 mm, and its
// pages and material say it so: the plan verifies against the part as the
// store keeps it (rounded to 0.01 mm), so that a layout /api/nest answered
// can be saved.
func TestThicknessToHundredths(t *testing.T) {
	req := Request{
		Parts:   []Part{{Name: "k", Width: 60, Height: 60, Quantity: 2, Material: "Beyaz", Thickness: 18.004}},
		Stock:   []Stock{{ID: "bz", Material: "Beyaz", Thickness: 18, Width: 100, Height: 100, Quantity: 3, Price: 10}},
		Options: Options{Seed: 1, Iterations: 20},
	}
	res := mustLayout(t, req)
	if res.Materials[0].Thickness != 18 || res.Pages[0].Thickness != 18 {
		t.Errorf("thickness %g (page %g), want 18", res.Materials[0].Thickness, res.Pages[0].Thickness)
	}
	kept := req
	kept.Parts = []Part{req.Parts[0]}
	kept.Parts[0].Thickness = 18
	if err := Verify(kept, res); err != nil {
		t.Errorf("the plan of 18,004 mm against the part kept as 18 mm: %v", err)
	}
}

// A part whose material was written in capitals without Turkish case
// ("CEVIZ MDF", as a spreadsheet's UPPER writes it) goes on the stock row
// "Ceviz MDF": before, it was a material of its own, laid out on the default
// sheet, and the order summary bought a sheet for it.
func TestStockMaterialDotlessI(t *testing.T) {
	req := Request{
		Sheet: Sheet{183, 366},
		Stock: []Stock{{ID: "c1", Material: "Ceviz MDF", Thickness: 18, Width: 183, Height: 366, Quantity: 2, Price: 2100}},
		Parts: []Part{
			{Name: "Kapak", Width: 60, Height: 70, Quantity: 2, Material: "Ceviz MDF", Thickness: 18},
			{Name: "Çekmece", Width: 60, Height: 20, Quantity: 3, Material: "CEVIZ MDF", Thickness: 18},
		},
		Options: Options{TimeLimitMs: 200},
	}
	res, err := Layout(context.Background(), req, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := Verify(req, res); err != nil {
		t.Fatal(err)
	}
	if len(res.Materials) != 1 || len(res.Pages) != 1 || res.Pages[0].StockID != "c1" || len(res.Skipped) != 0 || len(res.Buy) != 0 {
		t.Errorf("materials %+v, %d pages (first on %q), skipped %+v, buy %+v", res.Materials, len(res.Pages), res.Pages[0].StockID, res.Skipped, res.Buy)
	}
}
