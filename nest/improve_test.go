package nest

import (
	"context"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"testing"
)

// workersJob is a job that the constructive phase does not solve to its
// bound, so that the improvement phase has work to do.
func workersJob(seed uint64, guillotine bool) Request {
	rng := rand.New(rand.NewPCG(seed, 77))
	req := Request{Sheet: Sheet{100, 100}, Options: Options{Guillotine: guillotine, Kerf: 0.3}}
	for i := range 40 {
		req.Parts = append(req.Parts, Part{
			Name: itoa(i), Width: float64(25 + rng.IntN(41)), Height: float64(25 + rng.IntN(41)), Quantity: 1 + rng.IntN(2),
		})
	}
	return req
}

// layoutJSON lays out req and returns its result as JSON, with the
// elapsed time (the one value that may differ) set to zero.
func layoutJSON(t *testing.T, req Request) []byte {
	t.Helper()
	res := mustLayout(t, req)
	res.Stats.ElapsedMs = 0
	b, err := json.Marshal(res)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestWorkersDeterministic: a seed, an iteration budget and a worker count
// give byte-identical results, in free and guillotine mode, and one worker
// is the phase as it was without the option.
func TestWorkersDeterministic(t *testing.T) {
	for i, guillotine := range []bool{false, true} {
		req := workersJob(uint64(i+5), guillotine)
		if res := mustLayout(t, req); res.Stats.Optimal {
			t.Fatalf("guillotine %v: the constructive phase is optimal; the test needs a harder job", guillotine)
		}
		req.Options.Seed, req.Options.Iterations = 5, 1500
		req.Options.Workers = 3
		a, b := layoutJSON(t, req), layoutJSON(t, req)
		if string(a) != string(b) {
			t.Errorf("guillotine %v: two runs with 3 workers differ:\n%s\n%s", guillotine, a, b)
		}
		req.Options.Workers = 1
		one := layoutJSON(t, req)
		req.Options.Workers = 0
		if zero := layoutJSON(t, req); string(one) != string(zero) {
			t.Errorf("guillotine %v: 1 worker differs from the default", guillotine)
		}
	}
}

// TestWorkersVerify: layouts found by several workers pass Verify (mustLayout).
func TestWorkersVerify(t *testing.T) {
	for i := range 12 {
		req := workersJob(uint64(100+i), i%2 == 1)
		req.Options.Seed, req.Options.Iterations, req.Options.Workers = int64(i), 400, 1+i%4
		mustLayout(t, req)
	}
}

func TestWorkersBounded(t *testing.T) {
	for _, w := range []int{-1, MaxWorkers + 1, 1 << 40} {
		req := workersJob(1, false)
		req.Options.Workers = w
		_, err := Layout(context.Background(), req, nil)
		var ie *InputError
		if !errors.As(err, &ie) || ie.Field != "options.workers" || ie.Message != msgInvalidWorkers {
			t.Errorf("workers %d: %v, want %q on options.workers", w, err, msgInvalidWorkers)
		}
	}
}
