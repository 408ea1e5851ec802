//go:build unix

package sqlite

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// A device, a pipe or a socket named as the backup or the database is no
// file: kesim backup --force /dev/null renamed the copy over the device
// (root then had a database where /dev/null was), kesim restore --db over
// one replaced it too (or hung reading a pipe), and kesim serve left a
// lock and a -journal beside it before SQLite failed. Each is refused in
// Turkish, and the special file is left as it was.
func TestSpecialFilesRefused(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	db := filepath.Join(dir, "kesim.db")
	s, err := Open(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	backup := filepath.Join(dir, "yedek.db")
	if err := Backup(ctx, db, backup, false); err != nil {
		t.Fatal(err)
	}
	pipe := filepath.Join(dir, "boru")
	if err := syscall.Mkfifo(pipe, 0o600); err != nil {
		t.Skip("no FIFO here:", err)
	}
	within := func(what string, f func() error) error {
		t.Helper()
		done := make(chan error, 1)
		go func() { done <- f() }()
		select {
		case err := <-done:
			return err
		case <-time.After(10 * time.Second):
			t.Fatalf("%s on a pipe did not return in 10 s", what)
			return nil
		}
	}
	for _, tt := range []struct {
		what string
		f    func() error
		want string
	}{
		{"Backup --force to it", func() error { return Backup(ctx, db, pipe, true) }, "boru bir dosya değil (aygıt, boru ya da soket); yedek için bir dosya adı verin"},
		{"Restore onto it", func() error { _, err := Restore(ctx, backup, pipe); return err }, "boru bir dosya değil (aygıt, boru ya da soket); veritabanı olarak bir dosya verin"},
		{"Open", func() error {
			s, err := Open(ctx, pipe)
			if err == nil {
				s.Close()
			}
			return err
		}, "boru bir dosya değil"},
		{"Backup of it", func() error { return Backup(ctx, pipe, filepath.Join(dir, "y2.db"), false) }, "boru bir dosya değil"},
	} {
		err := within(tt.what, tt.f)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: %v, want %q", tt.what, err, tt.want)
		}
		if info, err := os.Lstat(pipe); err != nil || info.Mode()&os.ModeNamedPipe == 0 {
			t.Fatalf("%s: the pipe is no longer one: %v %v", tt.what, info.Mode(), err)
		}
	}
	for _, left := range []string{pipe + ".lock", pipe + "-journal", pipe + ".bak", filepath.Join(dir, "y2.db")} {
		if _, err := os.Lstat(left); err == nil {
			t.Errorf("%s left beside the pipe", filepath.Base(left))
		}
	}
}
