package nest

import (
	"context"
	"encoding/json"
	"errors"
	"math"
	"math/rand"
	randv2 "math/rand/v2"
	"reflect"
	"slices"
	"testing"
)

// replan makes a re-plan of req's layout res: some of its pages cut
// (pinned), and the job changed after: quantities up and down, a line
// gone, a line added. Every line has an id, as the web app gives them.
func replan(rng *rand.Rand, req Request, res Result) Request {
	next := req
	next.Parts = nil
	for _, p := range req.Parts {
		switch rng.Intn(6) {
		case 0:
			continue // the line is gone
		case 1:
			p.Quantity = 1 + rng.Intn(3) // fewer, perhaps fewer than cut
		case 2:
			p.Quantity += rng.Intn(4)
		}
		next.Parts = append(next.Parts, p)
	}
	if rng.Intn(2) == 0 || len(next.Parts) == 0 {
		p := req.Parts[0]
		p.ID, p.Name, p.Quantity = "yeni", "Yeni", 1+rng.Intn(4)
		next.Parts = append(next.Parts, p)
	}
	for _, pg := range res.Pages {
		if rng.Intn(3) == 0 {
			next.Pinned = append(next.Pinned, pg)
		}
	}
	if len(next.Pinned) == 0 && len(res.Pages) > 0 {
		next.Pinned = append(next.Pinned, res.Pages[len(res.Pages)-1])
	}
	next.Options.KeepLeftover = rng.Intn(2) == 0
	return next
}

func withIDs(req Request) Request {
	for i := range req.Parts {
		req.Parts[i].ID = "id" + itoa(i)
	}
	return req
}

// checkPinned lays out a re-plan and checks what a job being cut relies
// on: the pinned pages first and unchanged, the rest verified, no piece
// twice, the pieces of the job all there.
func checkPinned(t *testing.T, req Request) {
	t.Helper()
	ctx := context.Background()
	res, err := Layout(ctx, req, nil)
	if err != nil {
		t.Fatalf("%v", err)
	}
	rng := rand.New(rand.NewSource(int64(len(res.Pages)*7919 + len(req.Parts))))
	next := replan(rng, req, res)
	got, err := Layout(ctx, next, nil)
	if err != nil {
		t.Fatalf("re-plan: %v", err)
	}
	if err := Verify(next, got); err != nil {
		t.Fatalf("re-plan: %v", err)
	}
	for i, want := range next.Pinned {
		p := got.Pages[i]
		if p.ID != want.ID || p.StockID != want.StockID || !reflect.DeepEqual(p.Cuts, want.Cuts) || len(p.Parts) != len(want.Parts) {
			t.Fatalf("pinned page %d changed: %+v, want %+v", i, p, want)
		}
		for k, pl := range p.Parts {
			w := want.Parts[k]
			if pl.ID != w.ID || pl.X != w.X || pl.Y != w.Y || pl.Width != w.Width || pl.Height != w.Height || pl.Rotated != w.Rotated {
				t.Fatalf("pinned piece %s moved", w.ID)
			}
		}
	}
	ids, pages := map[string]bool{}, map[string]bool{}
	perLine := make([]int, len(next.Parts))
	for _, p := range got.Pages {
		if pages[p.ID] {
			t.Fatalf("page id %s twice", p.ID)
		}
		pages[p.ID] = true
		for _, pl := range p.Parts {
			if ids[pl.ID] {
				t.Fatalf("piece %s twice", pl.ID)
			}
			ids[pl.ID] = true
			if pl.OriginalIndex >= 0 {
				perLine[pl.OriginalIndex]++
			}
		}
	}
	for _, s := range got.Skipped {
		perLine[s.OriginalIndex] += s.Quantity
	}
	for i, p := range next.Parts {
		if perLine[i] < p.Quantity {
			t.Fatalf("line %s: %d pieces placed or skipped, %d wanted", p.ID, perLine[i], p.Quantity)
		}
	}
	// Verify catches a pinned piece moved and a piece of the rest
	// renamed to a pinned one's id.
	if len(got.Pages) > 0 && len(got.Pages[0].Parts) > 0 {
		bad := cloneResult(got)
		bad.Pages[0].Parts[0].X += 0.01
		if Verify(next, bad) == nil {
			t.Fatal("Verify accepts a pinned piece moved")
		}
	}
	if n := len(next.Pinned); len(got.Pages) > n && len(next.Pinned[0].Parts) > 0 {
		bad := cloneResult(got)
		bad.Pages[n].Parts[0].ID = next.Pinned[0].Parts[0].ID
		if Verify(next, bad) == nil {
			t.Fatal("Verify accepts a new piece with a pinned piece's id")
		}
	}
}

func cloneResult(r Result) Result {
	c := r
	c.Pages = make([]Page, len(r.Pages))
	for i, p := range r.Pages {
		p.Parts = append([]Placed(nil), p.Parts...)
		p.Cuts = append([]Cut(nil), p.Cuts...)
		c.Pages[i] = p
	}
	return c
}

// TestPinnedProperties: re-plans of random jobs, plain and with stock.
func TestPinnedProperties(t *testing.T) {
	n := 300
	if testing.Short() {
		n = 60
	}
	for seed := 0; seed < n; seed++ {
		rng2 := randv2.New(randv2.NewPCG(uint64(seed), 19))
		req := withIDs(randomRequest(rng2))
		t.Run("sheet"+itoa(seed), func(t *testing.T) { checkPinned(t, req) })
		sreq := withIDs(randomStockRequest(rand.New(rand.NewSource(int64(seed)))))
		t.Run("stock"+itoa(seed), func(t *testing.T) { checkPinned(t, sreq) })
	}
}

// TestPinnedAllCut: a job whose every piece is cut gives back its pages
// and nothing else.
func TestPinnedAllCut(t *testing.T) {
	req := Request{Sheet: Sheet{100, 100}, Parts: []Part{{ID: "a", Name: "Raf", Width: 60, Height: 60, Quantity: 2}}}
	res, err := Layout(context.Background(), req, nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Pinned = res.Pages
	got, err := Layout(context.Background(), req, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := Verify(req, got); err != nil {
		t.Fatal(err)
	}
	if len(got.Pages) != 2 || got.Stats.Pages != 2 || got.Stats.Placed != 2 || got.Stats.LowerBound != 2 {
		t.Fatalf("got %d pages, stats %+v", len(got.Pages), got.Stats)
	}
}

// A pinned page that takes a limited row's last sheet leaves the rest of
// that material short of stock: never on the default sheet (of no
// material), never "no stock for this material".
func TestPinnedSpentRow(t *testing.T) {
	for _, extra := range [][]Stock{nil, {{ID: "k", Material: "HDF", Thickness: 8, Width: 100, Height: 50}}} {
		req := Request{Sheet: Sheet{183, 366},
			Stock:   append([]Stock{{ID: "h", Material: "HDF", Thickness: 8, Width: 170, Height: 280, Quantity: 1, Price: 600}}, extra...),
			Parts:   []Part{{ID: "arka", Name: "Arka", Width: 160, Height: 100, Quantity: 3, Material: "HDF", Thickness: 8}},
			Options: Options{TimeLimitMs: 0}}
		first, err := Layout(context.Background(), req, nil)
		if err != nil {
			t.Fatal(err)
		}
		if len(first.Pages) != 1 || first.Pages[0].StockID != "h" {
			t.Fatalf("first layout: %+v", first.Pages)
		}
		req.Pinned = first.Pages[:1]
		got, err := Layout(context.Background(), req, nil)
		if err != nil {
			t.Fatal(err)
		}
		if err := Verify(req, got); err != nil {
			t.Fatal(err)
		}
		for _, pg := range got.Pages {
			if pg.StockID != "h" {
				t.Errorf("with %d more rows: a page on %q, %s", len(extra), pg.StockID, pg.Material)
			}
		}
		if len(got.Skipped) != 1 || got.Skipped[0].Reason != SkipStockOut || got.Skipped[0].Quantity != 1 || len(got.Buy) != 0 {
			t.Errorf("with %d more rows: skipped %+v, buy %+v; want one Arka short of stock, nothing to buy", len(extra), got.Skipped, got.Buy)
		}
	}
}

// A re-plan's totals are the whole job's: a material all of whose pieces
// are on pinned pages keeps its line in materials (at its place, with its
// objective, cost and bound), and the result's sheet stays the first
// page's, as in the plan made without pins; with every page pinned too.
func TestPinnedKeepsTheirMaterials(t *testing.T) {
	req := Request{
		Stock: []Stock{
			{ID: "s1", Material: "Beyaz Sunta", Thickness: 18, Width: 183, Height: 366, Quantity: 3, Price: 1450},
			{ID: "s2", Material: "Meşe MDF", Thickness: 18, Width: 210, Height: 280, Quantity: 2, Price: 2100},
		},
		Parts: []Part{
			{ID: "yan", Name: "Yan", Width: 56, Height: 72, Quantity: 2, Material: "Beyaz Sunta", Thickness: 18},
			{ID: "kapak", Name: "Kapak", Width: 150, Height: 200, Quantity: 2, Material: "Meşe MDF", Thickness: 18},
		},
		Options: Options{Seed: 1},
	}
	whole, err := Layout(context.Background(), req, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(whole.Pages) != 3 || whole.Pages[0].Material != "Beyaz Sunta" || len(whole.Materials) != 2 {
		t.Fatalf("the plan: pages %+v, materials %+v", whole.Pages, whole.Materials)
	}
	for n := 1; n <= 3; n++ {
		req.Pinned = whole.Pages[:n]
		got, err := Layout(context.Background(), req, nil)
		if err != nil {
			t.Fatal(err)
		}
		if err := Verify(req, got); err != nil {
			t.Fatalf("%d pinned: %v", n, err)
		}
		if !reflect.DeepEqual(got.Materials, whole.Materials) {
			t.Errorf("%d pinned: materials %+v, want %+v", n, got.Materials, whole.Materials)
		}
		if got.Sheet != whole.Sheet {
			t.Errorf("%d pinned: sheet %+v, want %+v", n, got.Sheet, whole.Sheet)
		}
	}
}

// Verify leaves the result it checks as it was, even when it refuses it:
// a caller may check one result against several pinned sets.
func TestVerifyPinnedLeavesTheResult(t *testing.T) {
	stock := []Stock{{ID: "s1", Material: "Beyaz", Width: 183, Height: 366, Quantity: 5, Price: 1450},
		{ID: "s2", Material: "Ceviz", Width: 183, Height: 366, Quantity: 3, Price: 2100}}
	parts := []Part{{ID: "yan", Name: "Yan", Width: 56, Height: 72, Quantity: 4, Material: "Beyaz"},
		{ID: "kapak", Name: "Kapak", Width: 40, Height: 70, Quantity: 4, Material: "Ceviz"}}
	first, err := Layout(context.Background(), Request{Stock: stock, Parts: parts}, nil)
	if err != nil {
		t.Fatal(err)
	}
	req := Request{Stock: stock, Parts: append(slices.Clone(parts), Part{ID: "ek", Name: "Ek", Width: 180, Height: 360, Quantity: 1, Material: "Beyaz"}),
		Pinned: first.Pages[:1]}
	res, err := Layout(context.Background(), req, nil)
	if err != nil {
		t.Fatal(err)
	}
	before, _ := json.Marshal(res)
	wrong := req
	wrong.Pinned = res.Pages[:2]
	_ = Verify(wrong, res)
	if after, _ := json.Marshal(res); string(after) != string(before) {
		t.Fatalf("Verify changed the result:\n%s\n%s", before, after)
	}
	if err := Verify(req, res); err != nil {
		t.Errorf("the result after a refused check: %v", err)
	}
}

// TestPinnedErrors: bad pinned pages get Turkish errors.
func TestPinnedErrors(t *testing.T) {
	base := Request{Sheet: Sheet{100, 100}, Parts: []Part{{ID: "a", Width: 10, Height: 10, Quantity: 2}}}
	page := Page{ID: "page-0", Parts: []Placed{{ID: "a-0", Width: 10, Height: 10}}}
	for _, tt := range []struct {
		name   string
		pinned []Page
		msg    string
	}{
		{"same piece twice", []Page{page, {ID: "page-1", Parts: page.Parts}}, MsgPinnedDuplicate},
		{"same page id", []Page{page, {ID: "page-0"}}, MsgPinnedPage},
		{"no page id", []Page{{Parts: page.Parts}}, MsgPinnedPage},
		{"NaN", []Page{{ID: "p", Parts: []Placed{{ID: "a-0", X: math.NaN()}}}}, MsgPinnedPage},
		{"too many", make([]Page, MaxPinnedPages+1), MsgTooManyPinned},
	} {
		req := base
		req.Pinned = tt.pinned
		_, err := Layout(context.Background(), req, nil)
		var ie *InputError
		if !errors.As(err, &ie) || ie.Message != tt.msg {
			t.Errorf("%s: %v, want %q", tt.name, err, tt.msg)
		}
	}
	req := base
	req.Pinned = []Page{page}
	req.Options.OffcutMinUse = 101
	_, err := Layout(context.Background(), req, nil)
	var ie *InputError
	if !errors.As(err, &ie) || ie.Field != "options.offcutMinUse" {
		t.Errorf("offcutMinUse 101: %v", err)
	}
	// A pinned sheet of a row the request no longer has is kept.
	req = base
	req.Stock = []Stock{{ID: "s1", Width: 100, Height: 100, Quantity: 1}}
	req.Pinned = []Page{{ID: "page-0", StockID: "A-9", Material: "", Width: 50, Height: 50, Parts: []Placed{{ID: "a-0", Name: "", Width: 10, Height: 10}}}}
	res, err := Layout(context.Background(), req, nil)
	if err != nil {
		t.Fatalf("unknown row: %v", err)
	}
	if err := Verify(req, res); err != nil || len(res.Pages) != 2 || res.Pages[1].StockID != "s1" {
		t.Fatalf("unknown row: %v, %d pages", err, len(res.Pages))
	}
}

// TestPinnedProgress: the layouts reported while a re-plan runs are whole
// jobs too: the pinned pages first, verified.
func TestPinnedProgress(t *testing.T) {
	req := Request{
		Stock: []Stock{{ID: "s1", Material: "Beyaz", Width: 100, Height: 100, Quantity: 2}, {ID: "s2", Material: "Beyaz", Width: 120, Height: 80, Price: 900}},
		Parts: []Part{{ID: "a", Material: "Beyaz", Width: 30, Height: 45, Quantity: 12}, {ID: "b", Material: "Beyaz", Width: 55, Height: 20, Quantity: 7}},
	}
	res, err := Layout(context.Background(), req, nil)
	if err != nil || len(res.Pages) == 0 {
		t.Fatal(err)
	}
	req.Pinned = res.Pages[:1]
	req.Options.Iterations = 200
	reports := 0
	_, err = Layout(context.Background(), req, func(p Progress) {
		if p.Best == nil {
			return
		}
		reports++
		if err := Verify(req, *p.Best); err != nil {
			t.Errorf("reported layout: %v", err)
		}
		if p.Pages != len(p.Best.Pages) {
			t.Errorf("progress says %d pages, its layout has %d", p.Pages, len(p.Best.Pages))
		}
	})
	if err != nil || reports == 0 {
		t.Fatalf("%v, %d reports", err, reports)
	}
}
