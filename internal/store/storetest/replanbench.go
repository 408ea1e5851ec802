package storetest

import (
	"context"
	"slices"
	"sync"
	"testing"
	"time"

	"kesim/internal/apperr"
	"kesim/internal/store"
	"kesim/nest"
)

// replanFixture is a job of 20,000 pieces (the server's --max-pieces
// default) and two re-plans of it once its first page is ticked: next, a
// part more laid out with that page pinned (one Verify), and refused, its
// stored plan with a wrong efficiency on its last page, which every pin
// count CheckReplan tries refuses (its costliest check, about 36 Verify
// passes).
type replanFixture struct {
	job, next, refused store.LayoutInput
}

var (
	replanOnce sync.Once
	replanFix  replanFixture
	replanErr  error
)

func replanData() (replanFixture, error) {
	replanOnce.Do(func() {
		no := false
		job := store.LayoutInput{Name: "Büyük iş", Parts: []nest.Part{
			{ID: "a", Name: "Raf", Width: 9.5, Height: 4.5, Quantity: 12000, Rotate: &no},
			{ID: "b", Name: "Kapak", Width: 19.5, Height: 7.5, Quantity: 8000, Rotate: &no},
		}, Sheet: nest.Sheet{Width: 280, Height: 210}, Options: nest.Options{Guillotine: true}}
		res, err := nest.Layout(context.Background(), job.Request(nil), nil)
		if err != nil {
			replanErr = err
			return
		}
		job.Result = &res
		next := job
		next.Name = "Büyük iş 2"
		next.Parts = append(slices.Clone(job.Parts), nest.Part{ID: "c", Name: "Tabla", Width: 30, Height: 30, Quantity: 1, Rotate: &no})
		res2, err := nest.Layout(context.Background(), next.Request(res.Pages[:1]), nil)
		if err != nil {
			replanErr = err
			return
		}
		next.Result = &res2
		refused := job
		bad := res
		bad.Pages = slices.Clone(res.Pages)
		bad.Pages[len(bad.Pages)-1].Efficiency++
		refused.Result = &bad
		replanFix = replanFixture{job: job, next: next, refused: refused}
	})
	return replanFix, replanErr
}

// BenchReplanTicked re-plans a job of 20,000 pieces being cut while a
// phone ticks pieces of its kept first page every 20 ms, and another user
// saves a part every 2 ms: ns/op is the re-plan's answer, wait-ms the
// longest any of the other user's saves took (on SQLite, how long the
// re-plan held the one write connection), tick-ms the longest tick, and
// held-ms the longest time from the end of the re-plan's check to its
// answer (store.WithReplanChecked): its write transaction, which holds
// SQLite's write connection or the job's row on PostgreSQL, with its wait
// for them (behind a save or a tick, a few milliseconds). With refused,
// the re-plan is refused (400 on its result) and held-ms is 0.
func BenchReplanTicked(b *testing.B, s store.Store, refused bool) {
	fix, err := replanData()
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	in := fix.next
	if refused {
		in = fix.refused
	}
	page0 := make([]string, 0, len(fix.job.Result.Pages[0].Parts))
	for _, pc := range fix.job.Result.Pages[0].Parts {
		page0 = append(page0, pc.ID)
	}
	var maxWait, maxTick, maxHeld time.Duration
	ticks := 0
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		l := mustCreateJob(b, s, userA, fix.job)
		mustSetState(b, s, userA, l.ID, store.StateCutting)
		if _, err := s.TickPiece(ctx, userA, l.ID, store.Tick{PieceID: page0[0], Cut: true}); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		done := make(chan struct{})
		var wg sync.WaitGroup
		var mu sync.Mutex
		var fail error
		note := func(err error) {
			mu.Lock()
			if fail == nil {
				fail = err
			}
			mu.Unlock()
		}
		wg.Add(2)
		go func() { // the phone at the saw
			defer wg.Done()
			for n := 1; ; n++ {
				select {
				case <-done:
					return
				case <-time.After(20 * time.Millisecond):
				}
				t0 := time.Now()
				_, err := s.TickPiece(ctx, userA, l.ID, store.Tick{PieceID: page0[n%len(page0)], Cut: true})
				if err != nil {
					note(err)
					return
				}
				mu.Lock()
				maxTick = max(maxTick, time.Since(t0))
				ticks++
				mu.Unlock()
			}
		}()
		go func() { // another user's saves
			defer wg.Done()
			for {
				select {
				case <-done:
					return
				case <-time.After(2 * time.Millisecond):
				}
				t0 := time.Now()
				if _, err := s.CreatePart(ctx, userB, store.PartInput{Name: "Kapak", Width: 45.5, Height: 30, Quantity: 1}); err != nil {
					note(err)
					return
				}
				mu.Lock()
				maxWait = max(maxWait, time.Since(t0))
				mu.Unlock()
			}
		}()
		var checked time.Time
		_, err := s.ReplaceLayout(store.WithReplanChecked(ctx, func(int) { checked = time.Now() }), userA, l.ID, in)
		if !checked.IsZero() && err == nil {
			maxHeld = max(maxHeld, time.Since(checked))
		}
		close(done)
		wg.Wait()
		if fail != nil {
			b.Fatal(fail)
		}
		if refused {
			if apperr.CodeOf(err) != apperr.Invalid {
				b.Fatalf("refused re-plan: %v", err)
			}
		} else if err != nil {
			b.Fatalf("re-plan: %v", err)
		}
	}
	b.ReportMetric(float64(maxHeld.Microseconds())/1000, "held-ms")
	b.ReportMetric(float64(maxWait.Microseconds())/1000, "wait-ms")
	b.ReportMetric(float64(maxTick.Microseconds())/1000, "tick-ms")
	b.ReportMetric(float64(ticks)/float64(b.N), "ticks/op")
}
