package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// kesim backup and kesim restore from the command line: the messages and
// exit codes of docs/cli.md. The copy under concurrent writes is tested in
// internal/store/sqlite.
func TestBackupRestoreCommands(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "veri", "kesim.db")
	if code, _, stderr := runT("", "backup", "--db", db, filepath.Join(dir, "yedek.db")); code != 1 || !strings.Contains(stderr, "kesim backup: veritabanı "+db+" okunamıyor") {
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
	if code, _, stderr := runT("", "restore", "--db", db, csv); code != 1 || !strings.Contains(stderr, "bir Kesim veritabanı değil") {
		t.Errorf("restore of a CSV: exit %d, %q", code, stderr)
	}
	if code, stdout, stderr := runT("", "restore", "--db", db, backup); code != 0 ||
		stdout != "Geri yüklendi: "+backup+" → "+db+"\nÖnceki veritabanı: "+db+".bak\n" {
		t.Errorf("restore: exit %d, %q %q", code, stdout, stderr)
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
