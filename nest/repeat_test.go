package nest

import (
	"context"
	"os"
	"strconv"
	"testing"
	"time"
)

// kitchenSeries is a series of kitchens on one sheet size: eight part
// lines, 846 pieces, every count a multiple of 18 (the carcass parts of
// the outputs review's job, bands deducted).
func kitchenSeries() Request {
	req := Request{Sheet: Sheet{210, 280}, Options: Options{Kerf: 0.4, Trim: 1, Seed: 1}}
	for _, p := range []struct {
		w, h float64
		n    int
	}{{55.92, 71.72, 108}, {76.4, 55.8, 54}, {76.4, 9.92, 108}, {75.6, 51.8, 72}, {32, 71.6, 90}, {56.4, 31.8, 90}, {45.5, 14.92, 144}, {3, 3, 180}} {
		req.Parts = append(req.Parts, Part{Name: itoa(len(req.Parts)), Width: p.w, Height: p.h, Quantity: p.n})
	}
	return req
}

// TestRepeatLayout: the repeated layout of a big job of few lines is a
// valid layout of every piece, taken when it is better than the best; the
// repeated sheets are copies, so that the improvement may change one
// without the others. The best layout is made poor (a piece per sheet) so
// that the test does not hang on how fast the divided job is laid out.
func TestRepeatLayout(t *testing.T) {
	for _, guillotine := range []bool{false, true} {
		req := kitchenSeries()
		req.Options.Guillotine = guillotine
		req.Options.TimeLimitMs = 400
		req, err := withLineIDs(req)
		if err != nil {
			t.Fatal(err)
		}
		j := mustJob(t, req)
		s := &search{ctx: context.Background(), req: req, j: j, start: time.Now(), pk: &packer{j: j}}
		s.deadline = s.start.Add(time.Hour)
		s.construct()
		poor := &solution{}
		for _, b := range s.best.bins {
			for _, sp := range b {
				sp.x, sp.y = 0, 0
				poor.bins = append(poor.bins, []spot{sp})
				poor.areas = append(poor.areas, sp.w*sp.h)
				if guillotine {
					cuts, ok := guillotineCuts(j, []spot{sp})
					if !ok {
						t.Fatal("a piece alone is not guillotine")
					}
					poor.cuts = append(poor.cuts, cuts)
				}
			}
		}
		s.best = poor
		if d := s.repeatDivisor(846); d < 2 {
			t.Fatalf("guillotine %v: no divisor for 846 pieces on %d sheets", guillotine, len(poor.bins))
		}
		s.repeat()
		if len(s.best.bins) >= len(poor.bins) {
			t.Fatalf("guillotine %v: the repeated layout was not taken", guillotine)
		}
		res := s.result(s.best)
		if err := Verify(req, res); err != nil {
			t.Fatalf("guillotine %v: %v", guillotine, err)
		}
		if res.Stats.Placed != 846 {
			t.Fatalf("guillotine %v: %d pieces placed", guillotine, res.Stats.Placed)
		}
		first := &s.best.bins[0][0]
		for _, b := range s.best.bins[1:] {
			if &b[0] == first {
				t.Fatal("the repeated sheets share their pieces")
			}
		}
	}
}

// TestRepeatNotForIterations: with an iteration budget (the same layout on
// any machine) the repeated layout, which depends on the time, is not
// tried.
func TestRepeatNotForIterations(t *testing.T) {
	req := kitchenSeries()
	req.Options.Iterations, req.Options.TimeLimitMs = 10, 400
	j := mustJob(t, req)
	s := &search{ctx: context.Background(), req: req, j: j, start: time.Now(), pk: &packer{j: j}}
	s.construct()
	before := s.best
	s.repeat()
	if s.best != before {
		t.Fatal("the repeated layout ran with an iteration budget")
	}
}

// BenchmarkKitchenSeries lays out the kitchen series (846 pieces, 8 lines)
// at 3 s and reports its sheets against the bound: the small job's
// sheets repeated reach the bound where ruin and recreate on all the
// pieces stopped one sheet above it (28 against 27).
func BenchmarkKitchenSeries(b *testing.B) {
	req := kitchenSeries()
	req.Options.TimeLimitMs = 3000
	if ms := os.Getenv("KITCHEN_MS"); ms != "" {
		req.Options.TimeLimitMs, _ = strconv.Atoi(ms)
	}
	var res Result
	for b.Loop() {
		var err error
		if res, err = Layout(context.Background(), req, nil); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(res.Stats.Pages), "sheets")
	b.ReportMetric(float64(res.Stats.LowerBound), "bound")
}
