package main

import (
	"database/sql"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"kesim/internal/store/sqlite"
)

// kesim backup and kesim restore from the command line: the messages and
// exit codes of docs/cli.md. The copy under concurrent writes is tested in
// internal/store/sqlite.
func TestBackupRestoreCommands(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "veri", "kesim.db")
	if code, _, stderr := runT("", "backup", "--db", db, filepath.Join(dir, "yedek.db")); code != 1 ||
		stderr != "kesim backup: veritabanı "+db+" yok (--db ile veritabanının yolunu verin)\n" {
		t.Errorf("backup of a missing database: exit %d, %q", code, stderr)
	}
	if _, err := os.Stat(db); err == nil {
		t.Error("backup created the missing database")
	}
	// The first account makes the database.
	if code, _, stderr := runT("uzun-bir-parola\n", "user", "add", "ayse", "--db", db); code != 0 {
		t.Fatalf("user add: %d %s", code, stderr)
	}
	backup := filepath.Join(dir, "yedek.db")
	if code, stdout, stderr := runT("", "backup", "--db", db, backup); code != 0 || stdout != "Yedeklendi: "+db+" → "+backup+"\n" {
		t.Fatalf("backup: exit %d, %q %q", code, stdout, stderr)
	}
	if code, _, stderr := runT("", "backup", "--db", db, backup); code != 1 || !strings.Contains(stderr, "dosya zaten var (üzerine yazmak için --force verin)") {
		t.Errorf("backup over the last one: exit %d, %q", code, stderr)
	}
	if code, _, stderr := runT("", "backup", "--force", "--db", db, backup); code != 0 {
		t.Errorf("backup --force: exit %d, %q", code, stderr)
	}

	csv := filepath.Join(dir, "parcalar.csv")
	os.WriteFile(csv, []byte("Ad;Genişlik;Yükseklik;Adet\n"), 0o600)
	if code, _, stderr := runT("", "restore", "--db", db, csv); code != 1 ||
		stderr != "kesim restore: "+csv+" bir Kesim veritabanı değil: SQLite dosyası değil\n" {
		t.Errorf("restore of a CSV: exit %d, %q", code, stderr)
	}
	missing := filepath.Join(dir, "yok.db")
	if code, _, stderr := runT("", "restore", "--db", db, missing); code != 1 || stderr != "kesim restore: yedek "+missing+" yok\n" {
		t.Errorf("restore of a missing backup: exit %d, %q", code, stderr)
	}
	if code, stdout, stderr := runT("", "restore", "--db", db, backup); code != 0 ||
		stdout != "Geri yüklendi: "+backup+" → "+db+"\nÖnceki veritabanı: "+db+".bak\n" {
		t.Errorf("restore: exit %d, %q %q", code, stdout, stderr)
	}
}

// The errors of kesim backup and restore name the user's file and say in
// Turkish what is wrong, as kesim nest does: never SQLite's English, its
// codes or the temporary file's name.
func TestBackupRestoreMessages(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "kesim.db")
	if code, _, stderr := runT("uzun-bir-parola\n", "user", "add", "ayse", "--db", db); code != 0 {
		t.Fatalf("user add: %d %s", code, stderr)
	}
	// A backup of a newer Kesim: the suffix follows the number as it is read.
	newer := filepath.Join(dir, "yeni.db")
	if code, _, stderr := runT("", "backup", "--db", db, newer); code != 0 {
		t.Fatalf("backup: %d %s", code, stderr)
	}
	sdb, err := sql.Open("sqlite", newer)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := sdb.Exec(`INSERT INTO schema_migrations (version, applied_at) VALUES (999, 0)`); err != nil {
		t.Fatal(err)
	}
	sdb.Close()
	code, _, stderr := runT("", "restore", "--db", db, newer)
	suffix := regexp.MustCompile(`\(şema 999, bu sürüm (\d+)'(a|e|ya|ye) kadar bilir\): yeni Kesim'i kurun\n$`).FindStringSubmatch(stderr)
	if code != 1 || suffix == nil || !strings.HasPrefix(stderr, "kesim restore: "+newer+" bu Kesim'den yeni bir sürümle yazılmış") {
		t.Fatalf("restore of a newer backup: exit %d, %q", code, stderr)
	}
	// Below 100 the last word is that of the units (bir ... dokuz) or, for
	// a round number, of the tens (on ... doksan).
	ones := [10]string{"", "e", "ye", "e", "e", "e", "ya", "ye", "e", "a"}
	tens := [10]string{"", "a", "ye", "a", "a", "ye", "a", "e", "e", "a"}
	if n, _ := strconv.Atoi(suffix[1]); n > 0 && n < 100 {
		want := ones[n%10]
		if n%10 == 0 {
			want = tens[n/10]
		}
		if suffix[2] != want {
			t.Errorf("restore of a newer backup says %d'%s, want %d'%s", n, suffix[2], n, want)
		}
	}

	// The message of a full disk, which a test cannot make without root.
	full := &sqlite.FileError{Role: "yedek", Path: "/mnt/usb/yedek.db", Write: true, Err: syscall.ENOSPC}
	if got, want := fileProblem(full), "yedek /mnt/usb/yedek.db yazılamadı: disk dolu"; got != want {
		t.Errorf("a full disk: %q, want %q", got, want)
	}
	denied := &sqlite.FileError{Role: "yedek", Path: "/mnt/usb/yedek.db", Write: true,
		Err: &fs.PathError{Op: "open", Path: "/mnt/usb/yedek.db.tmp-6abd", Err: syscall.EACCES}}
	if got, want := fileProblem(denied), "yedek /mnt/usb/yedek.db yazılamadı: izin yok (/mnt/usb klasörüne yazılamıyor)"; got != want {
		t.Errorf("a folder that may not be written: %q, want %q", got, want)
	}
}

// A backup into a folder the user may not write blames that folder, not
// the database, and never shows the temporary file's name.
func TestBackupIntoReadOnlyFolder(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root writes into any folder")
	}
	dir := t.TempDir()
	db := filepath.Join(dir, "kesim.db")
	if code, _, stderr := runT("uzun-bir-parola\n", "user", "add", "ayse", "--db", db); code != 0 {
		t.Fatalf("user add: %d %s", code, stderr)
	}
	ro := filepath.Join(dir, "salt")
	if err := os.Mkdir(ro, 0o500); err != nil {
		t.Fatal(err)
	}
	target := filepath.Join(ro, "yedek.db")
	if code, _, stderr := runT("", "backup", "--db", db, target); code != 1 ||
		stderr != "kesim backup: yedek "+target+" yazılamadı: izin yok ("+ro+" klasörüne yazılamıyor)\n" {
		t.Errorf("backup into a read-only folder: exit %d, %q", code, stderr)
	}
}

// A backup of the user's own database in a folder that may not be written
// (a copy on a read-only mount), with no lock file beside it, says the
// folder is read-only, not to run Kesim as the database's owner: the user
// is the owner.
func TestBackupOfDatabaseInReadOnlyFolder(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root writes into any folder")
	}
	ro := filepath.Join(t.TempDir(), "salt")
	if err := os.Mkdir(ro, 0o700); err != nil {
		t.Fatal(err)
	}
	db := filepath.Join(ro, "kesim.db")
	if code, _, stderr := runT("uzun-bir-parola\n", "user", "add", "ayse", "--db", db); code != 0 {
		t.Fatalf("user add: %d %s", code, stderr)
	}
	if err := os.Remove(db + ".lock"); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(ro, 0o500); err != nil {
		t.Fatal(err)
	}
	defer os.Chmod(ro, 0o700)
	target := filepath.Join(t.TempDir(), "yedek.db")
	code, _, stderr := runT("", "backup", "--db", db, target)
	if code != 1 || !strings.Contains(stderr, "kilit dosyası "+db+".lock açılamadı: "+ro+" klasörü salt okunur") ||
		strings.Contains(stderr, "sahibi olan kullanıcıyla") {
		t.Errorf("backup of a database in a read-only folder: exit %d, %q", code, stderr)
	}
}

// The PostgreSQL message shows the command line, never the password.
func TestBackupPostgresHidesPassword(t *testing.T) {
	for _, cmd := range []string{"backup", "restore"} {
		code, _, stderr := runT("", cmd, "--db", "postgres://kesim:gizli-şifre@db:5432/kesim?sslmode=require", "yedek dosyası.dump")
		if code != 2 || strings.Contains(stderr, "gizli") || !strings.Contains(stderr, "'postgres://kesim@db:5432/kesim?sslmode=require'") ||
			!strings.Contains(stderr, "'yedek dosyası.dump'") {
			t.Errorf("%s on PostgreSQL: exit %d, %q", cmd, code, stderr)
		}
	}
}
