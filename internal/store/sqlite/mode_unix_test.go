//go:build unix

package sqlite

import (
	"context"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"kesim/internal/store"
)

// A new database holds password hashes and TOTP secrets: its file, and the
// WAL SQLite makes beside it with the same mode, are the owner's only
// (0600), whatever the umask lets others read. An existing file keeps its
// mode.
func TestNewDatabaseIsPrivate(t *testing.T) {
	old := syscall.Umask(0o022)
	defer syscall.Umask(old)
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "kesim.db")
	s, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if _, err := s.CreatePart(ctx, store.Anonymous(), store.PartInput{Name: "Kapak", Width: 45, Height: 30, Quantity: 1}); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{path, path + "-wal"} {
		info, err := os.Stat(f)
		if err != nil {
			t.Fatal(err)
		}
		if got := info.Mode().Perm(); got != 0o600 {
			t.Errorf("%s mode %v, want 0600", filepath.Base(f), got)
		}
	}

	// A file that is there (empty: a new database) keeps its mode.
	given := filepath.Join(t.TempDir(), "verilen.db")
	if err := os.WriteFile(given, nil, 0o640); err != nil {
		t.Fatal(err)
	}
	g, err := Open(ctx, given)
	if err != nil {
		t.Fatal(err)
	}
	g.Close()
	if info, err := os.Stat(given); err != nil || info.Mode().Perm() != 0o640 {
		t.Errorf("an existing file's mode became %v (%v), want 0640 as it was", info.Mode().Perm(), err)
	}
}
