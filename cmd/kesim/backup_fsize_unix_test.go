//go:build unix

package main

import (
	"bytes"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"kesim/internal/store/sqlite"
)

// fsizeChildEnv makes the test binary, started again by
// TestBackupPastFileSizeLimit, the kesim backup run under a file-size
// limit: the limit is the process's, so it gets a process of its own.
const fsizeChildEnv = "KESIM_TEST_FSIZE_BACKUP"

// A backup that the shell's file-size limit (ulimit -f) stops names the
// backup file and the limit, not the database: SQLite's write of the copy
// fails (EFBIG, the SIGXFSZ ignored) and was "veritabanı DB kopyalanamadı:
// okunurken ya da yazılırken disk hatası oldu". FILE is left absent, with
// no temporary file beside it.
func TestBackupPastFileSizeLimit(t *testing.T) {
	if args := os.Getenv(fsizeChildEnv); args != "" {
		signal.Ignore(syscall.SIGXFSZ)
		var l syscall.Rlimit
		if err := syscall.Getrlimit(syscall.RLIMIT_FSIZE, &l); err != nil {
			t.Fatal(err)
		}
		limit, args, _ := strings.Cut(args, "\n")
		n, err := strconv.ParseUint(limit, 10, 64)
		if err != nil {
			t.Fatal(err)
		}
		l.Cur = n
		if err := syscall.Setrlimit(syscall.RLIMIT_FSIZE, &l); err != nil {
			t.Fatal(err)
		}
		code, stdout, stderr := runT("", strings.Split(args, "\n")...)
		os.Stdout.WriteString(stdout + stderr)
		os.Exit(code)
	}
	dir := t.TempDir()
	db := filepath.Join(dir, "kesim.db")
	if code, _, stderr := runT("uzun-bir-parola\n", "user", "add", "ayse", "--db", db); code != 0 {
		t.Fatalf("user add: %d %s", code, stderr)
	}
	if info, err := os.Stat(db); err != nil || info.Size() <= 64<<10 {
		t.Fatalf("the database is not past the limit: %v, %v", info, err)
	}
	target := filepath.Join(dir, "yedek.db")
	backup := func(limit int) (code int, out string) {
		cmd := exec.Command(os.Args[0], "-test.run=^TestBackupPastFileSizeLimit$")
		cmd.Env = append(os.Environ(), fsizeChildEnv+"="+strings.Join([]string{strconv.Itoa(limit), "backup", "--db", db, target}, "\n"))
		var b bytes.Buffer
		cmd.Stdout, cmd.Stderr = &b, &b
		err := cmd.Run()
		if ee, ok := err.(*exec.ExitError); ok {
			return ee.ExitCode(), b.String()
		} else if err != nil {
			t.Fatal(err)
		}
		return 0, b.String()
	}
	if code, out := backup(64 << 10); code != 1 || out != "kesim backup: yedek "+target+" yazılamadı: "+sqlite.MsgFileTooLarge+"\n" {
		t.Errorf("backup past the file-size limit: exit %d, %q; want exit 1 and the backup named, %q", code, out, sqlite.MsgFileTooLarge)
	}
	if left, _ := filepath.Glob(target + "*"); len(left) != 0 {
		t.Errorf("left behind: %v", left)
	}
	// Below the 32 KB of the database's -shm file, SQLite cannot read the
	// database: the database is named, and the limit.
	if code, out := backup(8 << 10); code != 1 || out != "kesim backup: veritabanı "+db+" kopyalanamadı: "+db+"-shm yazılamadı: "+sqlite.MsgFileTooLarge+"\n" {
		t.Errorf("backup under a file-size limit below 32 KB: exit %d, %q", code, out)
	}
	// Without the limit the same backup is written.
	if code, _, stderr := runT("", "backup", "--db", db, target); code != 0 {
		t.Errorf("backup without the limit: exit %d, %q", code, stderr)
	}
}
