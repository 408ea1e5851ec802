package sqlite

import (
	"context"
	"database/sql"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"kesim/internal/apperr"
	"kesim/internal/store"
	"kesim/nest"
)

// shortBusy shortens busyBudget and busyFloor for a test, and the write
// connection's own busy_timeout to the budget, as the 10 s of pragmas.
func shortBusy(t *testing.T, s *Store, budget, floor time.Duration) {
	t.Helper()
	oldBudget, oldFloor := busyBudget, busyFloor
	busyBudget, busyFloor = budget, floor
	t.Cleanup(func() { busyBudget, busyFloor = oldBudget, oldFloor })
	if _, err := s.write.Exec(fmt.Sprintf("PRAGMA busy_timeout = %d", budget.Milliseconds())); err != nil {
		t.Fatal(err)
	}
}

// openAt opens a Store at a new path, which another *sql.DB then opens as
// another program would.
func openAt(t *testing.T) (*Store, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "kesim.db")
	s, err := Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s, path
}

// foreignLock holds the database's write lock from another connection, as
// the sqlite3 shell in a transaction does, until the returned func is
// called.
func foreignLock(t *testing.T, path string) (release func()) {
	t.Helper()
	ctx := context.Background()
	other, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	conn, err := other.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := conn.ExecContext(ctx, "BEGIN IMMEDIATE"); err != nil {
		t.Fatal(err)
	}
	var done bool
	release = func() {
		if done {
			return
		}
		done = true
		conn.ExecContext(ctx, "ROLLBACK")
		conn.Close()
		other.Close()
	}
	t.Cleanup(release)
	return release
}

// Saves queued behind another program's lock wait for it busyBudget in
// all, counted from when each was sent: each used to wait the full busy
// timeout when its turn came, and the n-th was answered after n of them.
// Nothing of a refused save is kept.
func TestForeignLockBudgetFromArrival(t *testing.T) {
	ctx := context.Background()
	s, path := openAt(t)
	// A second's budget: the old code answered the third save after three
	// of them, the new one after about one, and 2 s between leaves a busy
	// machine (CI runs this under -race) a second's slack either way.
	const budget = time.Second
	shortBusy(t, s, budget, 750*time.Millisecond)
	owner := store.Anonymous()
	kept, err := s.CreatePart(ctx, owner, store.PartInput{Name: "Yan", Width: 50, Height: 70, Quantity: 2})
	if err != nil {
		t.Fatal(err)
	}
	syncParts := []store.PartInput{{Name: "Raf", Width: 40, Height: 30, Quantity: 3}, {Name: "Kapak", Width: 45, Height: 60, Quantity: 1}}
	syncLayouts := []store.LayoutInput{{Name: "Dolap", Parts: []nest.Part{{Name: "Raf", Width: 40, Height: 30, Quantity: 3}}}}

	release := foreignLock(t, path)
	// Three saves at once, one on each way of writing: a statement in
	// place (CreatePart, DeletePart) and a transaction (Sync).
	saves := []struct {
		name string
		save func() error
	}{
		{"CreatePart", func() error {
			_, err := s.CreatePart(ctx, owner, store.PartInput{Name: "Dikme", Width: 30, Height: 80, Quantity: 1})
			return err
		}},
		{"DeletePart", func() error { return s.DeletePart(ctx, owner, kept.ID) }},
		{"Sync", func() error {
			_, err := s.Sync(ctx, owner, syncParts, syncLayouts)
			return err
		}},
	}
	type answer struct {
		name  string
		err   error
		after time.Duration
	}
	answers := make(chan answer, len(saves))
	start := time.Now()
	for _, sv := range saves {
		go func() {
			err := sv.save()
			answers <- answer{sv.name, err, time.Since(start)}
		}()
	}
	var last time.Duration
	for range saves {
		a := <-answers
		if apperr.CodeOf(a.err) != apperr.Conflict || apperr.MessageOf(a.err) != store.MsgRetry {
			t.Errorf("%s behind another program's lock: %v, want 409 %q", a.name, a.err, store.MsgRetry)
		}
		t.Logf("%s answered after %v", a.name, a.after)
		last = max(last, a.after)
	}
	// The first waits the budget, the others what is left of theirs: not
	// a budget each, nor the floor each once the first was refused.
	if last > 2*budget {
		t.Errorf("the last of %d saves was answered after %v, want within %v (budget %v)", len(saves), last, 2*budget, budget)
	}

	release()
	// Nothing of the refused saves was kept.
	parts, err := s.ListParts(ctx, owner)
	if err != nil {
		t.Fatal(err)
	}
	if len(parts) != 1 || parts[0].ID != kept.ID {
		t.Errorf("parts after the refused saves: %+v, want only %s", parts, kept.ID)
	}
	if page, err := s.ListLayouts(ctx, owner, store.LayoutQuery{}); err != nil || len(page.Layouts) != 0 {
		t.Errorf("layouts after the refused saves: %+v, %v; want none", page.Layouts, err)
	}
	// With the lock gone, the same saves are taken.
	for _, sv := range saves {
		if err := sv.save(); err != nil {
			t.Errorf("%s after the lock was released: %v", sv.name, err)
		}
	}
	if parts, err := s.ListParts(ctx, owner); err != nil || len(parts) != 3 {
		t.Errorf("%d parts, %v; want Dikme and Sync's two", len(parts), err)
	}
	if page, err := s.ListLayouts(ctx, owner, store.LayoutQuery{}); err != nil || len(page.Layouts) != 1 {
		t.Errorf("%d layouts, %v; want Sync's one", len(page.Layouts), err)
	}
}

// The budget bounds only the wait for another program's lock: a save that
// queued behind this server's own long write (a re-plan verifying a big
// plan, a restore) longer than the budget is still taken, and then gets
// at least busyFloor for another program's lock.
func TestOwnWriteQueueNotBudgeted(t *testing.T) {
	ctx := context.Background()
	owner := store.Anonymous()

	t.Run("own write", func(t *testing.T) {
		s, _ := openAt(t)
		const budget = 200 * time.Millisecond
		shortBusy(t, s, budget, 50*time.Millisecond)
		// This server's own write, holding the write connection and the
		// lock for twice the budget.
		conn, err := s.write.Conn(ctx)
		if err != nil {
			t.Fatal(err)
		}
		tx, err := conn.BeginTx(ctx, nil)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO parts (id, name, width, height, quantity, created_at) VALUES ('uzun', 'Uzun', 100, 100, 1, 0)`); err != nil {
			t.Fatal(err)
		}
		done := make(chan error, 1)
		go func() {
			_, err := s.CreatePart(ctx, owner, store.PartInput{Name: "Sonra", Width: 30, Height: 30, Quantity: 1})
			done <- err
		}()
		time.Sleep(2 * budget)
		if err := tx.Commit(); err != nil {
			t.Fatal(err)
		}
		conn.Close()
		if err := <-done; err != nil {
			t.Errorf("a save queued %v behind this server's own write: %v", 2*budget, err)
		}
		if parts, err := s.ListParts(ctx, owner); err != nil || len(parts) != 2 {
			t.Errorf("%d parts, %v; want both", len(parts), err)
		}
	})

	t.Run("then a foreign lock within the floor", func(t *testing.T) {
		s, path := openAt(t)
		const budget = 200 * time.Millisecond
		shortBusy(t, s, budget, 600*time.Millisecond)
		// The write connection taken by this server's own work past the
		// budget, while another program holds the lock a while longer.
		conn, err := s.write.Conn(ctx)
		if err != nil {
			t.Fatal(err)
		}
		release := foreignLock(t, path)
		done := make(chan error, 1)
		go func() {
			_, err := s.CreatePart(ctx, owner, store.PartInput{Name: "Sonra", Width: 30, Height: 30, Quantity: 1})
			done <- err
		}()
		time.Sleep(2 * budget)
		conn.Close()
		time.Sleep(100 * time.Millisecond)
		release()
		if err := <-done; err != nil {
			t.Errorf("a save queued past the budget, behind another program's lock for less than the floor: %v", err)
		}
	})
}
