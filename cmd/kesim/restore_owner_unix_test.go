//go:build unix

package main

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// kesim restore run as root (sudo) on the database of a service that runs
// as its own account leaves the database and its .bak to that account: they
// were root's, mode 0600, and the service could not open its database.
func TestRestoreAsRootKeepsTheOwner(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("only root gives files away")
	}
	const uid, gid = 65534, 65534 // nobody
	dir := t.TempDir()
	folder := filepath.Join(dir, "kesim")
	db := filepath.Join(folder, "kesim.db")
	if code, _, stderr := runT("uzun-bir-parola\n", "user", "add", "ayse", "--db", db); code != 0 {
		t.Fatalf("user add: %d %s", code, stderr)
	}
	backup := filepath.Join(dir, "yedek.db")
	if code, _, stderr := runT("", "backup", "--db", db, backup); code != 0 {
		t.Fatalf("backup: %d %s", code, stderr)
	}
	entries, _ := os.ReadDir(folder)
	for _, p := range append(entries, nil) {
		name := folder
		if p != nil {
			name = filepath.Join(folder, p.Name())
		}
		if err := os.Chown(name, uid, gid); err != nil {
			t.Fatal(err)
		}
	}
	if code, _, stderr := runT("", "restore", "--db", db, backup); code != 0 {
		t.Fatalf("restore: %d %s", code, stderr)
	}
	for _, p := range []string{db, db + ".bak"} {
		fi, err := os.Stat(p)
		if err != nil {
			t.Fatal(err)
		}
		if st := fi.Sys().(*syscall.Stat_t); st.Uid != uid || st.Gid != gid {
			t.Errorf("%s after restore as root: owner %d:%d, want the database's %d:%d", filepath.Base(p), st.Uid, st.Gid, uid, gid)
		}
	}
	// A database not there yet goes to its folder's owner, and so does the
	// lock file the restore makes beside it (a new machine whose service
	// has not run yet): root's, the service could not open it.
	os.Remove(db)
	os.Remove(db + ".bak")
	os.Remove(db + ".lock")
	if code, _, stderr := runT("", "restore", "--db", db, backup); code != 0 {
		t.Fatalf("restore into the empty folder: %d %s", code, stderr)
	}
	for _, p := range []string{db, db + ".lock"} {
		if fi, err := os.Stat(p); err != nil || fi.Sys().(*syscall.Stat_t).Uid != uid {
			t.Errorf("%s after a restore into a folder of uid %d: %v %v", filepath.Base(p), uid, fi.Sys(), err)
		}
	}
}
