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

// sudo kesim restore onto a machine whose service has not run yet (a
// backup brought to a new server) made the lock file beside the database
// as root's, mode 0640: the service's account could not open it, and the
// server did not start ("kilit dosyası … açılamadı: izin yok"). A lock file
// root makes, or finds root's, goes to the database's owner, or to its
// folder's before there is a database, as SQLite gives its -wal and -shm.
func TestLockMadeByRootIsTheDatabaseOwners(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("only root gives files away")
	}
	const uid, gid = 65534, 65534 // nobody
	ctx := context.Background()
	dir := t.TempDir()
	src := filepath.Join(dir, "kesim.db")
	s, err := Open(ctx, src)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.CreatePart(ctx, store.Anonymous(), store.PartInput{Name: "Kapak", Width: 45, Height: 30, Quantity: 1}); err != nil {
		t.Fatal(err)
	}
	s.Close()
	backup := filepath.Join(dir, "yedek.db")
	if err := Backup(ctx, src, backup, false); err != nil {
		t.Fatal(err)
	}
	owner := func(p string) (uint32, uint32) {
		t.Helper()
		fi, err := os.Stat(p)
		if err != nil {
			t.Fatal(err)
		}
		st := fi.Sys().(*syscall.Stat_t)
		return st.Uid, st.Gid
	}

	// The service's folder, with no database and no lock yet.
	folder := filepath.Join(dir, "servis")
	if err := os.Mkdir(folder, 0o750); err != nil {
		t.Fatal(err)
	}
	if err := os.Chown(folder, uid, gid); err != nil {
		t.Fatal(err)
	}
	db := filepath.Join(folder, "kesim.db")
	if _, err := Restore(ctx, backup, db); err != nil {
		t.Fatal(err)
	}
	if u, g := owner(db + ".lock"); u != uid || g != gid {
		t.Errorf("lock file made by a restore as root: owner %d:%d, want the folder's %d:%d", u, g, uid, gid)
	}

	// A lock file root left (an older Kesim's restore) goes to the
	// database's owner at the next open by root; so does a new one beside
	// a database of that owner.
	if err := os.Chown(db, uid, gid); err != nil {
		t.Fatal(err)
	}
	if err := os.Chown(db+".lock", 0, 0); err != nil {
		t.Fatal(err)
	}
	if err := Backup(ctx, db, filepath.Join(dir, "yedek2.db"), false); err != nil {
		t.Fatal(err)
	}
	if u, g := owner(db + ".lock"); u != uid || g != gid {
		t.Errorf("root's lock file after a backup as root: owner %d:%d, want the database's %d:%d", u, g, uid, gid)
	}
	os.Remove(db + ".lock")
	o, err := Open(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	o.Close()
	if u, g := owner(db + ".lock"); u != uid || g != gid {
		t.Errorf("lock file made by an open as root: owner %d:%d, want the database's %d:%d", u, g, uid, gid)
	}

	// Root's own database keeps root's lock.
	if u, g := owner(src + ".lock"); u != 0 || g != 0 {
		t.Errorf("root's database's lock: owner %d:%d, want 0:0", u, g)
	}
}
