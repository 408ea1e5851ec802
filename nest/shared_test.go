package nest

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"testing"
)

// sharedJob is a job on which 20 steps of the improvement phase leave a
// sheet more than 3,000 do (cases 1 and 15 guillotine, 4 and 8 free).
func sharedJob(c int) Request {
	rng := rand.New(rand.NewPCG(uint64(c), 3))
	req := Request{Sheet: Sheet{Width: 100, Height: 100}, Options: Options{Seed: 1, Guillotine: c%2 == 1, Kerf: 0}}
	for i := range 40 {
		req.Parts = append(req.Parts, Part{ID: fmt.Sprint("q", i), Width: float64(10 + rng.IntN(45)), Height: float64(10 + rng.IntN(45)), Quantity: 1})
	}
	return req
}

// TestLayoutSharedTakesBetterLayouts gives a short search the layout a
// longer one found, as a browser worker gets another's: it must end with
// no more sheets than that layout, and pass Verify. A layout that is not
// one of the request, or has more sheets, is ignored: the result is then
// byte for byte the search's own.
func TestLayoutSharedTakesBetterLayouts(t *testing.T) {
	for _, c := range []int{1, 4, 8, 15} {
		req := sharedJob(c)
		req.Options.Iterations = 3000
		long, err := Layout(context.Background(), req, nil)
		if err != nil {
			t.Fatal(err)
		}
		req.Options.Iterations = 20
		alone, err := Layout(context.Background(), req, nil)
		if err != nil {
			t.Fatal(err)
		}
		if alone.Stats.Pages <= long.Stats.Pages {
			t.Fatalf("case %d: 20 steps give %d sheets, 3,000 give %d: the job no longer tests sharing", c, alone.Stats.Pages, long.Stats.Pages)
		}
		once := func(r *Result) Inbox {
			return func() *Result {
				defer func() { r = nil }()
				return r
			}
		}
		for _, workers := range []int{1, 2} {
			req := req
			req.Options.Workers = workers
			got, err := LayoutShared(context.Background(), req, nil, once(&long))
			if err != nil {
				t.Fatal(err)
			}
			if got.Stats.Pages > long.Stats.Pages {
				t.Errorf("case %d, %d workers: %d sheets with a shared layout of %d", c, workers, got.Stats.Pages, long.Stats.Pages)
			}
			if err := Verify(req, got); err != nil {
				t.Errorf("case %d: %v", c, err)
			}
		}

		// Layouts that must be ignored: a part moved onto another, a part
		// left out, and one with more sheets.
		moved := cloneResult(long)
		moved.Pages[0].Parts[1].X, moved.Pages[0].Parts[1].Y = moved.Pages[0].Parts[0].X, moved.Pages[0].Parts[0].Y
		missing := cloneResult(long)
		missing.Pages[0].Parts = missing.Pages[0].Parts[1:]
		for name, bad := range map[string]Result{"overlap": moved, "missing": missing, "worse": alone} {
			got, err := LayoutShared(context.Background(), req, nil, once(&bad))
			if err != nil {
				t.Fatal(err)
			}
			a, b := resultJSON(t, alone), resultJSON(t, got)
			if a != b {
				t.Errorf("case %d, %s: the result differs from the search's own", c, name)
			}
		}
	}
}

// resultJSON is r as JSON without the time it took.
func resultJSON(t *testing.T, r Result) string {
	t.Helper()
	r.Stats.ElapsedMs = 0
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
