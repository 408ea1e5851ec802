package nest

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"time"
)

func boolp(b bool) *bool { return &b }

// mustJob returns req as a job and fails the test or benchmark when it
// is not one.
func mustJob(tb testing.TB, req Request) *job {
	tb.Helper()
	j, _, err := newJob(req)
	if err != nil {
		tb.Fatal(err)
	}
	return j
}

// mustLayout lays out req and fails the test unless Verify accepts the result.
func mustLayout(t *testing.T, req Request) Result {
	t.Helper()
	res, err := Layout(context.Background(), req, nil)
	if err != nil {
		t.Fatalf("Layout: %v", err)
	}
	if err := Verify(req, res); err != nil {
		t.Fatalf("Verify: %v", err)
	}
	return res
}

func TestLayoutSpecificationExamples(t *testing.T) {
	tests := []struct {
		name       string
		req        Request
		pages      int
		efficiency []int
		skipped    int
	}{
		{
			name:       "four 50x74 fill the default canvas exactly",
			req:        Request{Sheet: Sheet{100, 148}, Parts: []Part{{Name: "Kapak", Width: 50, Height: 74, Quantity: 4}}},
			pages:      1,
			efficiency: []int{100},
		},
		{
			name:       "four 74x50 fill it turned",
			req:        Request{Sheet: Sheet{100, 148}, Parts: []Part{{Name: "Yan", Width: 74, Height: 50, Quantity: 4}}},
			pages:      1,
			efficiency: []int{100},
		},
		{
			name:       "a part of the sheet's size takes a page each",
			req:        Request{Sheet: Sheet{100, 148}, Parts: []Part{{Name: "Tam", Width: 100, Height: 148, Quantity: 3}}},
			pages:      3,
			efficiency: []int{100, 100, 100},
		},
		{
			name:       "a part that fits only turned is turned",
			req:        Request{Sheet: Sheet{100, 148}, Parts: []Part{{Name: "Yatık", Width: 148, Height: 100, Quantity: 1}}},
			pages:      1,
			efficiency: []int{100},
		},
		{
			name:    "a part that fits only turned but may not turn is skipped",
			req:     Request{Sheet: Sheet{100, 148}, Parts: []Part{{Name: "Damarlı", Width: 148, Height: 100, Quantity: 2, Rotate: boolp(false)}}},
			pages:   0,
			skipped: 1,
		},
		{
			name: "too large parts are skipped whole, the rest placed",
			req: Request{Sheet: Sheet{100, 148}, Parts: []Part{
				{Name: "Dev", Width: 150, Height: 160, Quantity: 2},
				{Name: "Raf", Width: 50, Height: 148, Quantity: 2},
			}},
			pages:      1,
			efficiency: []int{100},
			skipped:    1,
		},
		{
			name: "kerf keeps two half-width parts apart",
			req: Request{Sheet: Sheet{100, 148}, Parts: []Part{{Name: "Yarım", Width: 50, Height: 148, Quantity: 2}},
				Options: Options{Kerf: 0.3}},
			pages:      2,
			efficiency: []int{50, 50},
		},
		{
			name: "trim takes the sheet's edges",
			req: Request{Sheet: Sheet{100, 148}, Parts: []Part{{Name: "Tam", Width: 100, Height: 148, Quantity: 1}},
				Options: Options{Trim: 1}},
			pages:   0,
			skipped: 1,
		},
		{
			name:       "tiny parts of 0.1 cm",
			req:        Request{Sheet: Sheet{1, 1}, Parts: []Part{{Name: "Toz", Width: 0.1, Height: 0.1, Quantity: 100}}},
			pages:      1,
			efficiency: []int{100},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := mustLayout(t, tt.req)
			if len(res.Pages) != tt.pages {
				t.Errorf("pages = %d, want %d", len(res.Pages), tt.pages)
			}
			var eff []int
			for _, p := range res.Pages {
				eff = append(eff, p.Efficiency)
			}
			if tt.efficiency != nil && !reflect.DeepEqual(eff, tt.efficiency) {
				t.Errorf("efficiency = %v, want %v", eff, tt.efficiency)
			}
			if len(res.Skipped) != tt.skipped {
				t.Errorf("skipped = %v, want %d lines", res.Skipped, tt.skipped)
			}
			for _, s := range res.Skipped {
				if s.Reason != "Parça tuvale sığmıyor" || s.Quantity != tt.req.Parts[s.OriginalIndex].Quantity {
					t.Errorf("skipped %+v: want the whole quantity and the Turkish reason", s)
				}
			}
			if res.Stats.Pages != tt.pages || (tt.pages > 0 && !res.Stats.Optimal) {
				t.Errorf("stats = %+v: want %d pages, proven optimal", res.Stats, tt.pages)
			}
		})
	}
}

func TestLayoutPlacedIDsAndRotation(t *testing.T) {
	req := Request{Sheet: Sheet{100, 148}, Parts: []Part{
		{ID: "a", Name: "Kapak", Width: 148, Height: 20, Quantity: 2},
		{Name: "Raf", Width: 30, Height: 30, Quantity: 1},
	}}
	res := mustLayout(t, req)
	ids := map[string]Placed{}
	for _, p := range res.Pages[0].Parts {
		ids[p.ID] = p
	}
	for _, id := range []string{"a-0", "a-1", "p2-0"} {
		if _, ok := ids[id]; !ok {
			t.Errorf("placed ids %v: %q missing", ids, id)
		}
	}
	if p := ids["a-0"]; !p.Rotated || p.Width != 20 || p.Height != 148 || p.OriginalIndex != 0 {
		t.Errorf("a-0 = %+v: want turned to 20x148", p)
	}
}

func TestLayoutInputErrors(t *testing.T) {
	ok := Part{Name: "A", Width: 10, Height: 10, Quantity: 1}
	tests := []struct {
		name  string
		req   Request
		field string
		msg   string
	}{
		{"no sheet", Request{Parts: []Part{ok}}, "sheet", "Lütfen geçerli genişlik ve yükseklik değerleri girin!"},
		{"negative sheet", Request{Sheet: Sheet{-1, 10}, Parts: []Part{ok}}, "sheet", "Lütfen geçerli genişlik ve yükseklik değerleri girin!"},
		{"no parts", Request{Sheet: Sheet{10, 10}}, "parts", "Yerleştirilecek parça yok."},
		{"zero width", Request{Sheet: Sheet{10, 10}, Parts: []Part{ok, {Name: "B", Width: 0, Height: 1, Quantity: 1}}}, "parts[1].width", "Lütfen geçerli pozitif değerler girin!"},
		{"negative height", Request{Sheet: Sheet{10, 10}, Parts: []Part{{Name: "B", Width: 1, Height: -1, Quantity: 1}}}, "parts[0].height", "Lütfen geçerli pozitif değerler girin!"},
		{"zero quantity", Request{Sheet: Sheet{10, 10}, Parts: []Part{{Name: "B", Width: 1, Height: 1}}}, "parts[0].quantity", "Adet 1 veya daha büyük bir tam sayı olmalı."},
		{"too many pieces", Request{Sheet: Sheet{10, 10}, Parts: []Part{{Name: "B", Width: 1, Height: 1, Quantity: 100001}}}, "parts[0].quantity", "Parça sayısı çok fazla: en fazla 100.000 adet yerleştirilebilir."},
		{"trim eats the sheet", Request{Sheet: Sheet{10, 10}, Parts: []Part{ok}, Options: Options{Trim: 5}}, "options.trim", "Kenar payı sıfır veya pozitif olmalı ve tuvalden küçük kalmalı."},
		{"negative kerf", Request{Sheet: Sheet{10, 10}, Parts: []Part{ok}, Options: Options{Kerf: -0.1}}, "options.kerf", "Testere payı 0 ile 10 cm arasında olmalı."},
		{"negative time", Request{Sheet: Sheet{10, 10}, Parts: []Part{ok}, Options: Options{TimeLimitMs: -1}}, "options.timeLimitMs", "Süre sınırı 0 ile 600.000 ms arasında olmalı."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Layout(context.Background(), tt.req, nil)
			var ie *InputError
			if !errors.As(err, &ie) {
				t.Fatalf("err = %v, want *InputError", err)
			}
			if ie.Field != tt.field || ie.Message != tt.msg {
				t.Errorf("got %q %q, want %q %q", ie.Field, ie.Message, tt.field, tt.msg)
			}
			if strings.HasPrefix(tt.field, "parts[") && !strings.HasSuffix(ie.Error(), ". parça (B): "+tt.msg) {
				t.Errorf("Error() = %q: want the part named in Turkish", ie.Error())
			}
		})
	}
}

// randomRequest makes a job that exercises the edge cases: parts of the
// sheet's size, parts too large, tiny parts, locked grain, kerf and trim.
func randomRequest(rng *rand.Rand) Request {
	cm := func(lo, hi float64) float64 { // two decimals at most
		v := lo + rng.Float64()*(hi-lo)
		if rng.IntN(3) == 0 {
			return float64(int(v*10)) / 10
		}
		return float64(int(v*100)) / 100
	}
	w, h := cm(1, 300), cm(1, 300)
	if rng.IntN(4) == 0 {
		w, h = 100, 148
	}
	req := Request{Sheet: Sheet{w, h}}
	switch rng.IntN(4) {
	case 1:
		req.Options.Kerf = []float64{0.1, 0.3, 0.4, 1}[rng.IntN(4)]
	case 2:
		req.Options.Trim = []float64{0.1, 0.5, 1}[rng.IntN(3)]
	case 3:
		req.Options.Kerf, req.Options.Trim = 0.3, 0.5
	}
	lines := 1 + rng.IntN(12)
	for i := 0; i < lines; i++ {
		p := Part{Name: fmt.Sprintf("Parça %d", i), Quantity: 1 + rng.IntN(8)}
		switch rng.IntN(10) {
		case 0: // the sheet's size, sometimes turned
			p.Width, p.Height = w, h
			if rng.IntN(2) == 0 {
				p.Width, p.Height = h, w
			}
		case 1: // too large
			p.Width, p.Height = w+cm(0.01, 50), cm(0.1, h)
		case 2: // tiny
			p.Width, p.Height = 0.1, cm(0.1, 2)
		case 3: // a divisor of the sheet
			d := float64(1 + rng.IntN(4))
			p.Width, p.Height = float64(int(w/d*10))/10, float64(int(h/d*10))/10
		default:
			p.Width, p.Height = cm(0.1, w), cm(0.1, h)
		}
		if p.Width < 0.1 {
			p.Width = 0.1
		}
		if p.Height < 0.1 {
			p.Height = 0.1
		}
		if rng.IntN(4) == 0 {
			p.Rotate = boolp(false)
		}
		req.Parts = append(req.Parts, p)
	}
	return req
}

func TestLayoutPropertyRandomJobsVerify(t *testing.T) {
	n := 10000
	if raceEnabled || testing.Short() {
		n = 1000
	}
	for seed := 0; seed < n; seed++ {
		rng := rand.New(rand.NewPCG(uint64(seed), 7))
		req := randomRequest(rng)
		if seed%5 == 0 { // the improvement phase too, free and guillotine
			req.Options.Iterations = 40
			req.Options.Seed = int64(seed)
		}
		req.Options.Guillotine = seed%3 == 0
		res, err := Layout(context.Background(), req, nil)
		if err != nil {
			var ie *InputError
			if errors.As(err, &ie) && ie.Field == "options.trim" {
				continue // trim larger than a tiny sheet: correctly refused
			}
			t.Fatalf("seed %d: %v\nrequest %+v", seed, err, req)
		}
		if err := Verify(req, res); err != nil {
			t.Fatalf("seed %d: %v\nrequest %+v", seed, err, req)
		}
		if res.Stats.LowerBound > res.Stats.Pages {
			t.Fatalf("seed %d: lower bound %d above pages %d", seed, res.Stats.LowerBound, res.Stats.Pages)
		}
	}
}

func TestLayoutDeterministic(t *testing.T) {
	rng := rand.New(rand.NewPCG(42, 1))
	req := randomRequest(rng)
	req.Parts = append(req.Parts, Part{Name: "Dolgu", Width: 7.3, Height: 4.1, Quantity: 60})
	req.Options = Options{Iterations: 300, Seed: 9}
	a := mustLayout(t, req)
	b := mustLayout(t, req)
	a.Stats.ElapsedMs, b.Stats.ElapsedMs = 0, 0
	if !reflect.DeepEqual(a, b) {
		t.Fatal("the same request and seed gave two different layouts")
	}
}

func TestLayoutCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	req := Request{Sheet: Sheet{100, 148}, Parts: []Part{{Name: "A", Width: 10, Height: 20, Quantity: 5}}}
	if _, err := Layout(ctx, req, nil); !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
}

func TestLayoutCancelDuringImprovementKeepsBest(t *testing.T) {
	// A job whose lower bound is not met by the first layouts, so that the
	// improvement phase runs until it is cancelled.
	req := Request{Sheet: Sheet{100, 100}, Parts: []Part{
		{Name: "A", Width: 51, Height: 51, Quantity: 3},
		{Name: "B", Width: 30, Height: 49, Quantity: 9},
		{Name: "C", Width: 13, Height: 27, Quantity: 25},
	}, Options: Options{TimeLimitMs: 60000}}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var got bool
	res, err := Layout(ctx, req, func(p Progress) {
		if p.Best != nil && !got {
			got = true
			time.AfterFunc(50*time.Millisecond, cancel)
		}
	})
	if err != nil {
		t.Fatalf("Layout after cancel: %v; want the best layout so far", err)
	}
	if err := Verify(req, res); err != nil {
		t.Fatal(err)
	}
}

func TestLayoutProgress(t *testing.T) {
	req := Request{Sheet: Sheet{100, 148}, Parts: []Part{
		{Name: "A", Width: 33, Height: 21, Quantity: 40},
		{Name: "B", Width: 12.5, Height: 70, Quantity: 10},
	}, Options: Options{Iterations: 200}}
	var reports []Progress
	res, err := Layout(context.Background(), req, func(p Progress) { reports = append(reports, p) })
	if err != nil {
		t.Fatal(err)
	}
	if len(reports) == 0 {
		t.Fatal("no progress reported")
	}
	last := 0.0
	var best *Result
	for _, p := range reports {
		if p.Done < last || p.Done > 1 {
			t.Fatalf("progress went from %v to %v", last, p.Done)
		}
		last = p.Done
		if p.Best != nil {
			if err := Verify(req, *p.Best); err != nil {
				t.Fatalf("reported layout: %v", err)
			}
			best = p.Best
		}
	}
	if last != 1 {
		t.Errorf("final progress %v, want 1", last)
	}
	if best == nil || best.Stats.Pages != res.Stats.Pages {
		t.Errorf("the final layout (%d pages) was never reported", res.Stats.Pages)
	}
}

// TestLayoutProgressDuringPortfolio checks that the progress bar moves
// with every run of the constructive portfolio, not only when a run finds
// a better layout: on a big job in the browser the portfolio takes
// seconds.
func TestLayoutProgressDuringPortfolio(t *testing.T) {
	for _, guillotine := range []bool{false, true} {
		req := ultraJob(600, 120)
		req.Options.Guillotine = guillotine
		j := mustJob(t, req)
		var steps []float64
		if _, err := Layout(context.Background(), req, func(p Progress) {
			if p.Done < 1 && (len(steps) == 0 || p.Done > steps[len(steps)-1]) {
				steps = append(steps, p.Done)
			}
		}); err != nil {
			t.Fatal(err)
		}
		// A better layout found within 20 ms of the last one is not
		// reported at all, so a few runs may leave no step.
		if want := len(portfolio(j)) / 2; len(steps) < want {
			t.Errorf("guillotine %v: progress moved %d times before the end, want about one step per run of the portfolio (at least %d)", guillotine, len(steps), want)
		}
	}
}

func TestLayoutGuillotineCutSequence(t *testing.T) {
	req := Request{Sheet: Sheet{100, 148}, Parts: []Part{
		{Name: "Kapak", Width: 50, Height: 74, Quantity: 2},
		{Name: "Raf", Width: 30, Height: 20, Quantity: 5},
	}, Options: Options{Guillotine: true, Kerf: 0.4, Trim: 1}}
	res := mustLayout(t, req)
	page := res.Pages[0]
	if len(page.Cuts) == 0 || res.Stats.Cuts == 0 || res.Stats.CutLength <= 0 {
		t.Fatalf("no cutting sequence: %+v", res.Stats)
	}
	// The first cut runs across the whole trimmed sheet.
	c := page.Cuts[0]
	full := c.Direction == Vertical && c.Y == 1 && c.Length == 146 || c.Direction == Horizontal && c.X == 1 && c.Length == 98
	if !full {
		t.Errorf("first cut %+v does not cross the trimmed sheet", c)
	}
	// A free layout carries no cuts.
	req.Options.Guillotine = false
	if res := mustLayout(t, req); len(res.Pages[0].Cuts) != 0 || res.Stats.Cuts != 0 {
		t.Errorf("free layout has cuts: %+v", res.Pages[0].Cuts)
	}
}

// The improvement phase reports at least every progressEvery, not only
// every 128 steps, which on a big job in the browser take most of a
// second: here a slow receiver makes every eighth step due.
func TestLayoutProgressDuringSlowImprovement(t *testing.T) {
	req := ultraJob(300, 60)
	req.Options.Iterations = 64
	var improving []float64
	res, err := Layout(context.Background(), req, func(p Progress) {
		if p.Done > 0.2 && p.Done < 1 {
			improving = append(improving, p.Done)
		}
		if p.Done >= 0.2 {
			time.Sleep(progressEvery + 10*time.Millisecond)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	if res.Stats.Optimal {
		t.Fatal("the job is laid out optimally before the improvement phase; the test needs one that is not")
	}
	if len(improving) < 64/8-1 {
		t.Errorf("the improvement phase reported %d times in 64 slow steps (%v), want one every 8 steps", len(improving), improving)
	}
}

// fineRequest is randomRequest with sizes finer than the engine's 0.1 mm:
// parts, sheet, kerf and trim off the grid by random fractions, by float
// noise (1e-9 cm), and sides just above a whole 0.1 mm or below 0.1 mm.
func fineRequest(rng *rand.Rand) Request {
	req := randomRequest(rng)
	fine := func(v float64) float64 {
		switch rng.IntN(6) {
		case 0:
			return v + rng.Float64()*0.01
		case 1:
			return v - rng.Float64()*0.01
		case 2:
			return v + 1e-9
		case 3:
			return v + 0.0001
		}
		return v
	}
	req.Sheet.Width, req.Sheet.Height = fine(req.Sheet.Width), fine(req.Sheet.Height)
	if rng.IntN(3) == 0 {
		req.Options.Kerf = rng.Float64() * 0.05
	}
	if rng.IntN(3) == 0 {
		req.Options.Trim = fine(req.Options.Trim)
	}
	for i := range req.Parts {
		p := &req.Parts[i]
		p.Width, p.Height = max(fine(p.Width), 0.001), max(fine(p.Height), 0.001)
		if rng.IntN(10) == 0 {
			p.Width = rng.Float64() * 0.01 // below 0.1 mm: cut as 0.1 mm
		}
	}
	return req
}

// TestLayoutPropertyFineSizes: every accepted request with sizes finer than
// 0.1 mm, with kerf, trim, locked grain and guillotine cuts, gives a layout
// that Verify accepts, claimed optimal only at its lower bound, and the
// same layout as the request rounded as the engine and the part readers
// round it (RoundUp for parts, kerf and trim; RoundDown for the sheet).
func TestLayoutPropertyFineSizes(t *testing.T) {
	n := 4000
	if raceEnabled || testing.Short() {
		n = 400
	}
	for seed := 0; seed < n; seed++ {
		rng := rand.New(rand.NewPCG(uint64(seed), 11))
		req := fineRequest(rng)
		if seed%5 == 0 {
			req.Options.Iterations = 30
			req.Options.Seed = int64(seed)
		}
		req.Options.Guillotine = seed%3 == 0
		res, err := Layout(context.Background(), req, nil)
		if err != nil {
			var ie *InputError
			if errors.As(err, &ie) && (ie.Field == "options.trim" || ie.Field == "sheet") {
				continue // trim larger than a tiny sheet, or a sheet rounded to nothing
			}
			t.Fatalf("seed %d: %v\nrequest %+v", seed, err, req)
		}
		if err := Verify(req, res); err != nil {
			t.Fatalf("seed %d: %v\nrequest %+v", seed, err, req)
		}
		if st := res.Stats; st.LowerBound > st.Pages || st.Optimal != (st.Pages == st.LowerBound) {
			t.Fatalf("seed %d: optimal %v with %d pages and lower bound %d", seed, st.Optimal, st.Pages, st.LowerBound)
		}
		if seed%4 != 0 {
			continue
		}
		rounded := req
		rounded.Parts = append([]Part(nil), req.Parts...)
		rounded.Sheet = Sheet{RoundDown(req.Sheet.Width), RoundDown(req.Sheet.Height)}
		rounded.Options.Kerf, rounded.Options.Trim = RoundUp(req.Options.Kerf), RoundUp(req.Options.Trim)
		for i := range rounded.Parts {
			p := &rounded.Parts[i]
			p.Width, p.Height = RoundUp(p.Width), RoundUp(p.Height)
		}
		again, err := Layout(context.Background(), rounded, nil)
		if err != nil {
			t.Fatalf("seed %d: the rounded request: %v", seed, err)
		}
		res.Stats.ElapsedMs, again.Stats.ElapsedMs = 0, 0
		if !reflect.DeepEqual(res, again) {
			t.Fatalf("seed %d: the request and its rounded form give different layouts:\n%+v\n%+v", seed, res.Stats, again.Stats)
		}
	}
}

// Every piece has its own id (labels, QR codes and the saw's ticks name
// pieces by it): a generated line id steps aside for an explicit one, on
// one sheet and with stock, and two lines with one id are refused.
func TestPieceIDsUnique(t *testing.T) {
	parts := []Part{
		{ID: "p2", Name: "a", Width: 10, Height: 10, Quantity: 2},
		{Name: "b", Width: 20, Height: 20, Quantity: 2},
		{ID: "p2.2", Name: "c", Width: 15, Height: 15, Quantity: 1},
		{Name: "d", Width: 12, Height: 12, Quantity: 1},
	}
	for _, req := range []Request{
		{Sheet: Sheet{Width: 100, Height: 100}, Parts: parts},
		{Stock: []Stock{{ID: "s1", Width: 100, Height: 100, Quantity: 3}}, Parts: parts},
	} {
		res, err := Layout(context.Background(), req, nil)
		if err != nil {
			t.Fatal(err)
		}
		if err := Verify(req, res); err != nil {
			t.Fatal(err)
		}
		lineOf := map[string]int{}
		for _, pg := range res.Pages {
			for _, pl := range pg.Parts {
				if _, dup := lineOf[pl.ID]; dup {
					t.Errorf("piece id %s twice", pl.ID)
				}
				lineOf[pl.ID] = pl.OriginalIndex
			}
		}
		want := map[string]int{"p2-0": 0, "p2-1": 0, "p2.3-0": 1, "p2.3-1": 1, "p2.2-0": 2, "p4-0": 3}
		if !maps.Equal(lineOf, want) {
			t.Errorf("piece ids %v, want %v", lineOf, want)
		}
		if parts[1].ID != "" {
			t.Errorf("the caller's parts changed")
		}
	}
	req := Request{Sheet: Sheet{Width: 100, Height: 100}, Parts: []Part{
		{ID: "x", Width: 10, Height: 10, Quantity: 1}, {ID: "x", Width: 20, Height: 20, Quantity: 1},
	}}
	var ie *InputError
	if _, err := Layout(context.Background(), req, nil); !errors.As(err, &ie) || ie.Field != "parts[1].id" || ie.Message != MsgPartID {
		t.Errorf("two lines with one id: %v", err)
	}
}
