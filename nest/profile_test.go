package nest

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// cutStages replays a page's cutting sequence and returns each cut's stage
// (the first cuts' direction is stage 1) and whether the piece it cuts
// holds one part: the saw's reading of the sequence, written apart from
// verifyProfile.
func cutStages(t *testing.T, page Page, trim, kerf float64, sw, sh float64, first string) ([]int, []bool) {
	t.Helper()
	type piece struct {
		x0, y0, x1, y1 float64
		stage          int
		dir            string
	}
	if first == "" && len(page.Cuts) > 0 {
		first = page.Cuts[0].Direction
	}
	ps := []piece{{trim, trim, sw - trim, sh - trim, 1, first}}
	var stages []int
	var single []bool
	const eps = 1e-6
	for _, c := range page.Cuts {
		found := -1
		for i, p := range ps {
			if c.Direction == Vertical && abs64(c.Y-p.y0) < eps && abs64(c.Y+c.Length-p.y1) < eps && c.X > p.x0 && c.X < p.x1 ||
				c.Direction == Horizontal && abs64(c.X-p.x0) < eps && abs64(c.X+c.Length-p.x1) < eps && c.Y > p.y0 && c.Y < p.y1 {
				found = i
				break
			}
		}
		if found < 0 {
			t.Fatalf("%s: cut %+v splits no piece", page.ID, c)
		}
		p := ps[found]
		st := p.stage
		if c.Direction != p.dir {
			st++
		}
		n := 0
		for _, q := range page.Parts {
			if q.X >= p.x0-eps && q.Y >= p.y0-eps && q.X+q.Width <= p.x1+eps && q.Y+q.Height <= p.y1+eps {
				n++
			}
		}
		stages, single = append(stages, st), append(single, n == 1)
		ps = append(ps[:found], ps[found+1:]...)
		if c.Direction == Vertical {
			ps = append(ps, piece{p.x0, p.y0, c.X, p.y1, st, Vertical}, piece{c.X + kerf, p.y0, p.x1, p.y1, st, Vertical})
		} else {
			ps = append(ps, piece{p.x0, p.y0, p.x1, c.Y, st, Horizontal}, piece{p.x0, c.Y + kerf, p.x1, p.y1, st, Horizontal})
		}
	}
	return stages, single
}

func abs64(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

// longDirection is the direction of the cuts parallel to a w x h sheet's
// longer side.
func longDirection(w, h float64) string {
	if h >= w {
		return Vertical
	}
	return Horizontal
}

// checkProfileCuts asserts what a saw operator relies on: every cut
// within the stages (a trim of one part one more), and each sheet's first
// cut in the profile's direction whenever a cut that way is possible at
// all (checked here as: the first cut is that way, or no part-free line
// that way crosses the trimmed sheet).
func checkProfileCuts(t *testing.T, req Request, res Result) {
	t.Helper()
	o := req.Options
	for _, page := range res.Pages {
		sw, sh := page.Width, page.Height
		if sw == 0 {
			sw, sh = res.Sheet.Width, res.Sheet.Height
		}
		first := ""
		switch o.FirstCut {
		case FirstCutLong:
			first = longDirection(sw-2*o.Trim, sh-2*o.Trim)
		case FirstCutShort:
			first = map[string]string{Vertical: Horizontal, Horizontal: Vertical}[longDirection(sw-2*o.Trim, sh-2*o.Trim)]
		}
		if first != "" && len(page.Cuts) > 0 && page.Cuts[0].Direction != first && lineClear(page, first, o.Trim, sw, sh) {
			t.Errorf("%s: first cut %s, want %s", page.ID, page.Cuts[0].Direction, first)
		}
		stages, single := cutStages(t, page, o.Trim, o.Kerf, sw, sh, first)
		if got := CutStages(Sheet{sw, sh}, page.Cuts, o.Kerf, o.FirstCut); len(page.Cuts) > 0 && !slices.Equal(got, stages) {
			t.Errorf("%s: CutStages %v, the saw's replay %v", page.ID, got, stages)
		}
		for i, st := range stages {
			if o.Stages > 0 && (st > o.Stages+1 || st == o.Stages+1 && !single[i]) {
				t.Errorf("%s: cut %d at stage %d of %d (one part: %v)", page.ID, i+1, st, o.Stages, single[i])
			}
			// With stages the sequence goes stage by stage, as a beam
			// saw cuts.
			if o.Stages > 0 && i > 0 && st < stages[i-1] {
				t.Errorf("%s: cut %d at stage %d after one at stage %d", page.ID, i+1, st, stages[i-1])
			}
		}
	}
}

// lineClear reports whether a line in direction dir crosses the trimmed
// sheet between (or beside) the page's parts, at least a kerf from them.
func lineClear(page Page, dir string, trim, sw, sh float64) bool {
	lo, hi := trim, sh-trim
	if dir == Vertical {
		lo, hi = trim, sw-trim
	}
	// Every 0.01 cm position not covered by a part's span.
	covered := make([]bool, int((hi-lo)*100)+2)
	for _, p := range page.Parts {
		a, b := p.Y, p.Y+p.Height
		if dir == Vertical {
			a, b = p.X, p.X+p.Width
		}
		for u := int((a-lo)*100 + 0.5); u < int((b-lo)*100+0.5) && u < len(covered); u++ {
			covered[u] = true
		}
	}
	for u := 1; u < int((hi-lo)*100+0.5); u++ {
		if !covered[u] && covered[u-1] {
			return true
		}
	}
	return false
}

// Under a random saw profile every layout, of one sheet size or of stock
// rows, passes Verify and keeps its cuts within the stages and the first
// cut's direction.
func TestProfileLayouts(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	n := 120
	if testing.Short() {
		n = 30
	}
	for i := 0; i < n; i++ {
		req := randomRequest(rng)
		if i%3 == 1 {
			req = kitchenSmall(rng)
		}
		req.Options.Guillotine = true
		req.Options.FirstCut = []string{"", FirstCutLong, FirstCutShort}[rng.IntN(3)]
		req.Options.Stages = []int{0, 2, 3, 4}[rng.IntN(4)]
		if req.Options.FirstCut == "" && req.Options.Stages == 0 {
			req.Options.Stages = 2
		}
		req.Options.Iterations = rng.IntN(300)
		req.Options.Seed = int64(i)
		res, err := Layout(context.Background(), req, nil)
		if err != nil {
			var ie *InputError
			if errors.As(err, &ie) {
				continue // a request randomRequest made invalid
			}
			t.Fatal(err)
		}
		if err := Verify(req, res); err != nil {
			t.Fatalf("case %d (%s, %d stages): %v", i, req.Options.FirstCut, req.Options.Stages, err)
		}
		checkProfileCuts(t, req, res)
	}
}

// kitchenSmall is a small job on two stock rows of each orientation, so
// that "long" means vertical cuts on one and horizontal on the other.
func kitchenSmall(rng *rand.Rand) Request {
	req := Request{
		Stock: []Stock{
			{ID: "a", Material: "Sunta", Thickness: 18, Width: 183, Height: 366, Quantity: 2, Price: 1450},
			{ID: "b", Material: "Sunta", Thickness: 18, Width: 280, Height: 210, Price: 1300},
			{ID: "c", Material: "MDF", Thickness: 8, Width: 366, Height: 183, Price: 900},
		},
		Options: Options{Kerf: 0.4, Trim: 1},
	}
	for i := range 2 + rng.IntN(10) {
		m := []string{"Sunta", "MDF"}[rng.IntN(2)]
		th := 18.0
		if m == "MDF" {
			th = 8
		}
		req.Parts = append(req.Parts, Part{Name: "P" + itoa(i), Width: float64(10 + rng.IntN(120)), Height: float64(10 + rng.IntN(170)),
			Quantity: 1 + rng.IntN(6), Material: m, Thickness: th})
	}
	return req
}

// The same parts as rows of strips: under "long" on a portrait sheet the
// first cuts run down it, under "short" across it, and with two stages no
// cut but a trim comes after the second stage.
func TestProfileDirection(t *testing.T) {
	for _, first := range []string{FirstCutLong, FirstCutShort} {
		req := Request{Sheet: Sheet{100, 200}, Parts: []Part{{Name: "A", Width: 30, Height: 45, Quantity: 9}, {Name: "B", Width: 20, Height: 33, Quantity: 5}},
			Options: Options{Kerf: 0.4, Guillotine: true, FirstCut: first, Stages: 2, Iterations: 200}}
		res, err := Layout(context.Background(), req, nil)
		if err != nil {
			t.Fatal(err)
		}
		if err := Verify(req, res); err != nil {
			t.Fatal(err)
		}
		want := Vertical
		if first == FirstCutShort {
			want = Horizontal
		}
		for _, p := range res.Pages {
			if len(p.Cuts) == 0 || p.Cuts[0].Direction != want {
				t.Errorf("%s: %s first cut %+v, want %s", first, p.ID, p.Cuts, want)
			}
		}
		checkProfileCuts(t, req, res)
	}
}

// Verify refuses a sequence cut in more stages than asked, and one whose
// first cut runs the other way when a cut the profile's way was possible.
func TestVerifyProfile(t *testing.T) {
	// Three parts in an L: A along the bottom, B and C stacked on its
	// right part of... laid out by hand: A (0,0) 60x40, B (0,40) 30x60,
	// C (30,40) 30x30. Cuts: y=40 across, then x=30 in the upper piece,
	// then y=70 in C's piece: three stages from horizontal first.
	req := Request{Sheet: Sheet{100, 100}, Parts: []Part{{ID: "a", Name: "A", Width: 60, Height: 40, Quantity: 1},
		{ID: "b", Name: "B", Width: 30, Height: 60, Quantity: 1}, {ID: "c", Name: "C", Width: 30, Height: 30, Quantity: 1}},
		Options: Options{Guillotine: true}}
	page := Page{ID: "page-0", Efficiency: 51, Parts: []Placed{
		{ID: "a-0", Name: "A", X: 0, Y: 0, Width: 60, Height: 40, OriginalIndex: 0},
		{ID: "b-0", Name: "B", X: 0, Y: 40, Width: 30, Height: 60, OriginalIndex: 1},
		{ID: "c-0", Name: "C", X: 30, Y: 40, Width: 30, Height: 30, OriginalIndex: 2},
	}, Cuts: []Cut{
		{Order: 1, X: 0, Y: 40, Length: 100, Direction: Horizontal},
		{Order: 2, X: 60, Y: 0, Length: 40, Direction: Vertical},
		{Order: 3, X: 30, Y: 40, Length: 60, Direction: Vertical},
		{Order: 4, X: 60, Y: 40, Length: 60, Direction: Vertical},
		{Order: 5, X: 30, Y: 70, Length: 30, Direction: Horizontal},
	}}
	res := Result{Sheet: req.Sheet, Pages: []Page{page}, Skipped: []Skipped{},
		Stats: Stats{Pages: 1, LowerBound: 1, Optimal: true, Efficiency: 51, Placed: 3, Cuts: 5, CutLength: 290}}
	if err := Verify(req, res); err != nil {
		t.Fatal("without a profile:", err)
	}
	// Horizontal first: y=40 is stage 1, x=60, 30, 60 stage 2, y=70 stage
	// 3 in C's piece, which holds C alone (a trim): two stages hold.
	req.Options.Stages = 2
	if err := Verify(req, res); err != nil {
		t.Fatal("two stages with a trim:", err)
	}
	// Vertical first: the first cut is horizontal although x=60 crosses
	// the sheet clear of parts.
	req.Options.FirstCut = FirstCutLong // a square sheet: long is vertical
	if err := Verify(req, res); err == nil || !strings.Contains(err.Error(), "ilk kesim") {
		t.Errorf("first cut across, long asked: %v", err)
	}
	// B and C stacked beside D, above A: y=40 (stage 1), x=60 in the
	// upper piece (stage 2), y=70 between B and C (stage 3, two parts in
	// the piece: no trim).
	req = Request{Sheet: Sheet{100, 100}, Parts: []Part{{ID: "a", Name: "A", Width: 100, Height: 40, Quantity: 1},
		{ID: "b", Name: "B", Width: 60, Height: 30, Quantity: 2}, {ID: "d", Name: "D", Width: 40, Height: 60, Quantity: 1}},
		Options: Options{Guillotine: true, Stages: 3}}
	res = Result{Sheet: req.Sheet, Skipped: []Skipped{}, Pages: []Page{{ID: "page-0", Efficiency: 100, Parts: []Placed{
		{ID: "a-0", Name: "A", X: 0, Y: 0, Width: 100, Height: 40, OriginalIndex: 0},
		{ID: "b-0", Name: "B", X: 0, Y: 40, Width: 60, Height: 30, OriginalIndex: 1},
		{ID: "d-0", Name: "D", X: 60, Y: 40, Width: 40, Height: 60, OriginalIndex: 2},
		{ID: "b-1", Name: "B", X: 0, Y: 70, Width: 60, Height: 30, OriginalIndex: 1},
	}, Cuts: []Cut{
		{Order: 1, X: 0, Y: 40, Length: 100, Direction: Horizontal},
		{Order: 2, X: 60, Y: 40, Length: 60, Direction: Vertical},
		{Order: 3, X: 0, Y: 70, Length: 60, Direction: Horizontal},
	}}}, Stats: Stats{Pages: 1, LowerBound: 1, Optimal: true, Efficiency: 100, Placed: 4, Cuts: 3, CutLength: 220}}
	if err := Verify(req, res); err != nil {
		t.Fatal("three stages:", err)
	}
	req.Options.Stages = 2
	if err := Verify(req, res); err == nil || !strings.Contains(err.Error(), "kademe") {
		t.Errorf("a third stage between two parts, two asked: %v", err)
	}
}

// The profile's options are bounded, and asked only of guillotine layouts.
func TestProfileOptions(t *testing.T) {
	base := Request{Sheet: Sheet{100, 100}, Parts: []Part{{Name: "A", Width: 10, Height: 10, Quantity: 1}}}
	for _, c := range []struct {
		o     Options
		field string
		msg   string
	}{
		{Options{Guillotine: true, Stages: 1}, "options.stages", MsgStages},
		{Options{Guillotine: true, Stages: 10}, "options.stages", MsgStages},
		{Options{Guillotine: true, Stages: -1}, "options.stages", MsgStages},
		{Options{Guillotine: true, FirstCut: "vertical"}, "options.firstCut", MsgFirstCut},
		{Options{FirstCut: FirstCutLong}, "options.firstCut", MsgProfileNoGuil},
		{Options{Stages: 3}, "options.stages", MsgProfileNoGuil},
	} {
		req := base
		req.Options = c.o
		_, err := Layout(context.Background(), req, nil)
		var ie *InputError
		if !errors.As(err, &ie) || ie.Field != c.field || ie.Message != c.msg {
			t.Errorf("%+v: %v", c.o, err)
		}
	}
	req := base
	req.Options = Options{Guillotine: true, FirstCut: FirstCutShort, Stages: MaxStages}
	if _, err := Layout(context.Background(), req, nil); err != nil {
		t.Error(err)
	}
}

// BenchmarkStockKitchenProfile is BenchmarkStockKitchen (three materials,
// 1,000 pieces, constructive phase only: the first complete layout) as a
// guillotine layout under a saw profile: first cuts along the sheets'
// length, three stages.
func BenchmarkStockKitchenProfile(b *testing.B) {
	for _, c := range []struct {
		name   string
		first  string
		stages int
	}{{"guillotine", "", 0}, {"long3", FirstCutLong, 3}, {"2stages", "", 2}} {
		b.Run(c.name, func(b *testing.B) {
			req := kitchenRequest()
			req.Options.Guillotine, req.Options.FirstCut, req.Options.Stages = true, c.first, c.stages
			for b.Loop() {
				if _, err := Layout(context.Background(), req, nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// The constructive phase under two stages keeps using the sheets it has
// opened: a job of 400-odd pieces of random sizes took 89 to 164 sheets
// (four to six times the 24 to 33 of its guillotine layout) when only the
// first 16 sheets' best positions were checked for each part, every part
// after the first few then going onto a new sheet.
func TestProfileConstructiveSheets(t *testing.T) {
	for seed := uint64(1); seed <= 2; seed++ {
		rng := rand.New(rand.NewPCG(seed, 1))
		req := Request{Sheet: Sheet{183, 366}, Options: Options{Kerf: 0.4, Trim: 1, Guillotine: true}}
		for i := range 80 {
			req.Parts = append(req.Parts, Part{Name: "P" + itoa(i), Width: float64(10 + rng.IntN(90)),
				Height: float64(10 + rng.IntN(120)), Quantity: 1 + rng.IntN(10)})
		}
		plain, err := Layout(context.Background(), req, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, first := range []string{"", FirstCutLong, FirstCutShort} {
			r := req
			r.Options.FirstCut, r.Options.Stages = first, 2
			res, err := Layout(context.Background(), r, nil)
			if err != nil {
				t.Fatal(err)
			}
			if err := Verify(r, res); err != nil {
				t.Fatal(err)
			}
			if res.Stats.Pages > 3*plain.Stats.Pages {
				t.Errorf("seed %d, %q, two stages: %d sheets, %d without the profile", seed, first, res.Stats.Pages, plain.Stats.Pages)
			}
		}
	}
}

// TestPieceTreeKeeps grows sheets part by part, taking a part out now and
// then, and asks of every position at a free rectangle's corner whether the
// sheet stays cuttable under a profile: the piece check (pieceTree) never
// takes a position the whole sheet's check refuses, and refuses few that it
// takes.
func TestPieceTreeKeeps(t *testing.T) {
	profiles := []profile{{stages: 2}, {first: firstLong, stages: 3}, {first: firstShort}, {stages: 2, first: firstShort}}
	taken, missed, asked := 0, 0, 0
	for seed := uint64(1); seed <= 12; seed++ {
		rng := rand.New(rand.NewPCG(seed, 7))
		pr := profiles[int(seed)%len(profiles)]
		kerf := []int{0, 3}[seed%2]
		var scratch []rect
		b := newBin(2400+rng.IntN(600), 1200+rng.IntN(600), &scratch, true)
		var tree pieceTree
		for range 60 {
			w, h := 60+rng.IntN(500), 60+rng.IntN(400)
			var chosen *placement
			for _, f := range slices.Clone(b.free) {
				if w > f.w || h > f.h {
					continue
				}
				q := rect{f.x, f.y, w, h}
				all := []rect{q}
				for _, s := range b.placed {
					all = append(all, rect{s.x, s.y, s.w, s.h})
				}
				want := pr.cuts(all, b.w, b.h, kerf, nil)
				got := tree.keeps(b, pr, kerf, q)
				asked++
				if got && !want {
					t.Fatalf("seed %d, profile %+v, kerf %d: the piece check took %v, which the whole sheet's refuses (parts %v)", seed, pr, kerf, q, b.placed)
				}
				if want {
					taken++
					if !got {
						missed++
					}
					if chosen == nil {
						chosen = &placement{x: q.x, y: q.y, w: w, h: h, ok: true}
					}
				}
			}
			if chosen != nil {
				b.place(*chosen, 0, 1)
			}
			if len(b.placed) > 3 && rng.IntN(8) == 0 {
				// A part taken out: the tree must be made anew.
				kept := slices.Clone(b.placed)
				kept = slices.Delete(kept, 1, 2)
				b.rebuild(kept, 1)
			}
		}
	}
	if taken < 1000 {
		t.Fatalf("only %d of %d positions kept the sheets cuttable: the test asks too little", taken, asked)
	}
	if missed*100 > taken {
		t.Errorf("the piece check refused %d of the %d positions the whole sheet's check took", missed, taken)
	}
	t.Logf("%d positions asked, %d taken, %d of them refused by the piece check", asked, taken, missed)
}

// CutStages takes the blade width as the engine does, rounded up to its
// 0.01 cm: a width of 0,325 cm still gives every cut its stage.
func TestCutStagesRoundsTheKerf(t *testing.T) {
	req := Request{Sheet: Sheet{183, 366}, Options: Options{Kerf: 0.325, Trim: 1, Guillotine: true, FirstCut: FirstCutLong, Stages: 2, Iterations: 20}}
	req.Parts = []Part{{Name: "A", Width: 60, Height: 40, Quantity: 4}, {Name: "B", Width: 45.5, Height: 70, Quantity: 3}}
	res := mustLayout(t, req)
	for _, page := range res.Pages {
		st := CutStages(res.Sheet, page.Cuts, req.Options.Kerf, req.Options.FirstCut)
		if len(st) != len(page.Cuts) || len(st) == 0 || st[0] != 1 || slices.Max(st) > 3 {
			t.Errorf("%s: stages %v of %d cuts", page.ID, st, len(page.Cuts))
		}
	}
	if CutStages(res.Sheet, res.Pages[0].Cuts, math.NaN(), "") != nil || CutStages(Sheet{}, res.Pages[0].Cuts, 0.3, "") != nil {
		t.Error("stages of a blade width or a sheet the engine refuses")
	}
}
