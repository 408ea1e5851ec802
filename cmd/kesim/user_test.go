package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestUserCommands(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "kesim.db")
	pw := filepath.Join(dir, "pw")
	run := func(stdin string, args ...string) (int, string, string) {
		var out, errb bytes.Buffer
		code := runUser(append(args, "--db", db), strings.NewReader(stdin), &out, &errb)
		return code, out.String(), errb.String()
	}
	if err := os.WriteFile(pw, []byte("kısa\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := run("", "add", "ayse", "--password-file", pw); code != 2 || !strings.Contains(stderr, "en az 8 karakter") {
		t.Errorf("short password: %d %q", code, stderr)
	}
	if err := os.WriteFile(pw, []byte("uzun-bir-parola\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if code, out, stderr := run("", "add", "ayse", "--admin", "--password-file", pw); code != 0 || !strings.Contains(out, "açıldı") {
		t.Fatalf("add: %d %q %q", code, out, stderr)
	}
	if code, _, stderr := run("ikinci-parola\n", "add", "ayse"); code != 1 || !strings.Contains(stderr, "zaten var") {
		t.Errorf("duplicate: %d %q", code, stderr)
	}
	if code, _, _ := run("mehmetin-parolasi\n", "add", "mehmet"); code != 0 {
		t.Errorf("add from stdin: %d", code)
	}
	if code, out, _ := run("", "list"); code != 0 || !strings.Contains(out, "ayse\työnetici") || !strings.Contains(out, "mehmet\tkullanıcı") {
		t.Errorf("list: %d %q", code, out)
	}
	if code, _, _ := run("yeni-bir-parola\n", "passwd", "mehmet"); code != 0 {
		t.Errorf("passwd: %d", code)
	}
	if code, out, _ := run("", "totp", "ayse"); code != 0 || !strings.Contains(out, "otpauth://totp/Kesim:ayse?") || !strings.Contains(out, "█") {
		t.Errorf("totp: %d %q", code, out)
	}
	if code, _, _ := run("", "totp", "ayse", "--off"); code != 0 {
		t.Errorf("totp --off: %d", code)
	}
	if code, _, stderr := run("", "remove", "kimse"); code != 1 || !strings.Contains(stderr, "bulunamadı") {
		t.Errorf("remove unknown: %d %q", code, stderr)
	}
	if code, _, _ := run("", "remove", "mehmet"); code != 0 {
		t.Errorf("remove: %d", code)
	}
}

func TestServeRefusesOpenAddressWithoutAccounts(t *testing.T) {
	var errb bytes.Buffer
	code := runServe([]string{"--addr", "0.0.0.0:0", "--db", filepath.Join(t.TempDir(), "k.db")}, &errb)
	if code != 2 || !strings.Contains(errb.String(), "--no-auth") {
		t.Errorf("exit %d: %s", code, errb.String())
	}
	for addr, want := range map[string]bool{"127.0.0.1:8080": true, "localhost:80": true, "[::1]:8080": true, "0.0.0.0:8080": false, "192.168.1.5:80": false, ":8080": false} {
		if isLoopback(addr) != want {
			t.Errorf("isLoopback(%q) = %v", addr, !want)
		}
	}
}
