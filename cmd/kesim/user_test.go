package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"kesim/internal/store"
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
	// Before the first account there is no database: only add starts one.
	for _, args := range [][]string{{"list"}, {"passwd", "ayse"}, {"remove", "ayse"}, {"totp", "ayse"}} {
		if code, _, stderr := run("uzun-bir-parola\n", args...); code != 1 || !strings.Contains(stderr, "veritabanı "+db+" yok") {
			t.Errorf("%s on a missing database: %d %q", args[0], code, stderr)
		}
	}
	if _, err := os.Stat(db); !os.IsNotExist(err) {
		t.Fatalf("a command other than add made the database: %v", err)
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
	if code, _, stderr := run("ikinci-parola\n", "add", "Ayse"); code != 1 || !strings.Contains(stderr, `"ayse" hesabı zaten var`) {
		t.Errorf("a name that differs only in case: %d %q", code, stderr)
	}
	// Turkish letters fold as the sign-in limits fold them: İ, I, ı and i
	// are one letter.
	if code, _, stderr := run("ismailin-parolasi\n", "add", "İsmail"); code != 0 {
		t.Fatalf("add İsmail: %d %q", code, stderr)
	}
	if code, _, stderr := run("ismailin-parolasi\n", "add", "IŞIK"); code != 0 {
		t.Fatalf("add IŞIK: %d %q", code, stderr)
	}
	for name, other := range map[string]string{"ismail": "İsmail", "ISMAIL": "İsmail", "ışık": "IŞIK", "Işık": "IŞIK"} {
		if code, _, stderr := run("ikinci-parola\n", "add", name); code != 1 || !strings.Contains(stderr, fmt.Sprintf("%q hesabı zaten var", other)) {
			t.Errorf("%s beside %s: %d %q", name, other, code, stderr)
		}
	}
	for _, name := range []string{"İsmail", "IŞIK"} {
		if code, _, stderr := run("", "remove", name); code != 0 {
			t.Fatalf("remove %s: %d %q", name, code, stderr)
		}
	}
	if code, _, _ := run("mehmetin-parolasi\n", "add", "mehmet"); code != 0 {
		t.Errorf("add from stdin: %d", code)
	}
	if code, out, _ := run("", "list"); code != 0 || !strings.Contains(out, "ayse\työnetici") || !strings.Contains(out, "mehmet\tkullanıcı") {
		t.Errorf("list: %d %q", code, out)
	}
	if code, out, _ := run("yeni-bir-parola\n", "passwd", "mehmet"); code != 0 || !strings.Contains(out, `"mehmet" hesabının şifresi değişti; açık oturumları kapatıldı.`) {
		t.Errorf("passwd: %d %q", code, out)
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
	if code, _, stderr := run("", "remove", "ayse"); code != 1 || !strings.Contains(stderr, "son hesap") {
		t.Errorf("remove the last account without --last: %d %q", code, stderr)
	}
	if code, _, _ := run("", "remove", "ayse", "--last"); code != 0 {
		t.Errorf("remove --last: %d", code)
	}
	if code, out, _ := run("", "list"); code != 0 || !strings.Contains(out, "yerel kipte") {
		t.Errorf("list after the last account: %d %q", code, out)
	}
}

// TestUserRemoveKeepsRows: an account that owns rows (the first one takes
// over everything saved before accounts existed) is removed only with
// --data; without, the command names what it owns and removes nothing.
func TestUserRemoveKeepsRows(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "kesim.db")
	s, err := openStore(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"Kapak", "Yan"} {
		if _, err := s.CreatePart(context.Background(), store.Anonymous(), store.PartInput{Name: name, Width: 40, Height: 60, Quantity: 1}); err != nil {
			t.Fatal(err)
		}
	}
	s.Close()
	run := func(stdin string, args ...string) (int, string, string) {
		var out, errb bytes.Buffer
		code := runUser(append(args, "--db", db), strings.NewReader(stdin), &out, &errb)
		return code, out.String(), errb.String()
	}
	for _, name := range []string{"ayse", "mehmet"} {
		if code, _, stderr := run("uzun-bir-parola\n", "add", name); code != 0 {
			t.Fatalf("add %s: %d %q", name, code, stderr)
		}
	}
	code, _, stderr := run("", "remove", "ayse")
	if code != 1 || !strings.Contains(stderr, `"ayse" hesabının kayıtları var: 2 kayıtlı parça.`) || !strings.Contains(stderr, "--data") {
		t.Fatalf("remove of an account with rows: %d %q", code, stderr)
	}
	if code, out, _ := run("", "list"); code != 0 || !strings.Contains(out, "ayse") {
		t.Fatalf("the refused removal took the account: %q", out)
	}
	s, err = openStore(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	accounts, ok := s.(store.Accounts)
	if !ok {
		t.Fatal("the SQLite store keeps no accounts")
	}
	acc, _, err := accounts.UserByName(context.Background(), "ayse")
	if err != nil {
		t.Fatal(err)
	}
	if parts, err := s.ListParts(context.Background(), store.User(acc.ID)); err != nil || len(parts) != 2 {
		t.Fatalf("the refused removal left %d parts (%v), want 2", len(parts), err)
	}
	s.Close()
	if code, out, stderr := run("", "remove", "ayse", "--data"); code != 0 || !strings.Contains(out, `"ayse" hesabı, oturumları ve kayıtları (2 kayıtlı parça) silindi.`) {
		t.Fatalf("remove --data: %d %q %q", code, out, stderr)
	}
	if code, out, _ := run("", "remove", "mehmet", "--last"); code != 0 || !strings.Contains(out, "kaydı yoktu") {
		t.Fatalf("remove of an account without rows: %d %q", code, out)
	}
}

func TestUserNames(t *testing.T) {
	for name, want := range map[string]bool{"ayse": true, "Ayşe.Kaya": true, "": false, "a b": false, "a\x00b": false,
		"a\u202eb": false, "a\tb": false, string([]byte{0xff}): false, strings.Repeat("a", 101): false} {
		if validUserName(name) != want {
			t.Errorf("validUserName(%q) = %v", name, !want)
		}
	}
}

func TestServeRefusesOpenAddressWithoutAccounts(t *testing.T) {
	var errb bytes.Buffer
	code := runServe([]string{"--addr", "0.0.0.0:0", "--db", filepath.Join(t.TempDir(), "k.db")}, io.Discard, &errb)
	if code != 2 || !strings.Contains(errb.String(), "--no-auth") {
		t.Errorf("exit %d: %s", code, errb.String())
	}
	// --no-auth: it goes on, with a warning (here it then fails to listen
	// on a port already taken, so the test ends).
	taken, err := net.Listen("tcp", "0.0.0.0:0")
	if err != nil {
		t.Fatal(err)
	}
	defer taken.Close()
	errb.Reset()
	code = runServe([]string{"--addr", taken.Addr().String(), "--no-auth", "--db", filepath.Join(t.TempDir(), "k.db")}, io.Discard, &errb)
	if code != 1 || !strings.Contains(errb.String(), "UYARI: hesap olmadan ağa açık") || !strings.Contains(errb.String(), "dinlenemiyor") {
		t.Errorf("--no-auth: exit %d: %s", code, errb.String())
	}
	// With an account the open address needs no flag.
	db := filepath.Join(t.TempDir(), "k.db")
	pw := filepath.Join(t.TempDir(), "pw")
	if err := os.WriteFile(pw, []byte("uzun-bir-parola\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if code := runUser([]string{"add", "ayse", "--password-file", pw, "--db", db}, strings.NewReader(""), io.Discard, io.Discard); code != 0 {
		t.Fatalf("user add: %d", code)
	}
	errb.Reset()
	code = runServe([]string{"--addr", taken.Addr().String(), "--db", db}, io.Discard, &errb)
	if code != 1 || strings.Contains(errb.String(), "UYARI") || !strings.Contains(errb.String(), "dinlenemiyor") {
		t.Errorf("team mode on an open address: exit %d: %s", code, errb.String())
	}
	errb.Reset()
	if code := runServe([]string{"--tls-cert", "c.pem", "--db", db}, io.Discard, &errb); code != 2 || !strings.Contains(errb.String(), "birlikte") {
		t.Errorf("--tls-cert alone: exit %d: %s", code, errb.String())
	}
	// A certificate that cannot be used, or an address that is none, is
	// refused before anything says the server is ready.
	for _, args := range [][]string{
		{"--tls-cert", filepath.Join(t.TempDir(), "yok.pem"), "--tls-key", filepath.Join(t.TempDir(), "yok.key")},
		{"--addr", "nonsense"},
	} {
		errb.Reset()
		code := runServe(append(args, "--db", db), io.Discard, &errb)
		if code != 2 || strings.Contains(errb.String(), "hazır") || !strings.Contains(errb.String(), args[0]) {
			t.Errorf("%v: exit %d: %s", args, code, errb.String())
		}
	}
	for addr, want := range map[string]bool{"127.0.0.1:8080": true, "localhost:80": true, "[::1]:8080": true, "0.0.0.0:8080": false, "192.168.1.5:80": false, ":8080": false} {
		if isLoopback(addr) != want {
			t.Errorf("isLoopback(%q) = %v", addr, !want)
		}
	}
}

// A password file saved by Notepad starts with a byte order mark: it is
// no part of the password (it was, and the password typed at sign-in
// never matched).
func TestPasswordFileWithByteOrderMark(t *testing.T) {
	dir := t.TempDir()
	pw := filepath.Join(dir, "pw")
	if err := os.WriteFile(pw, []byte("\xef\xbb\xbfuzun-bir-parola\r\nikinci satır\r\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if got, err := readPassword(pw, nil, io.Discard); err != nil || got != "uzun-bir-parola" {
		t.Errorf("readPassword = %q, %v; want uzun-bir-parola", got, err)
	}
	if got, err := readPassword("", strings.NewReader("\xef\xbb\xbfuzun-bir-parola\r\n"), io.Discard); err != nil || got != "uzun-bir-parola" {
		t.Errorf("from standard input: %q, %v", got, err)
	}
	if _, err := readPassword(filepath.Join(dir, "yok"), nil, io.Discard); err == nil || !strings.Contains(err.Error(), "yok yok") {
		t.Errorf("a missing file: %v", err)
	}
}

// Before the server starts: a port that is none is a bad --addr (exit 2,
// in Turkish; :99999 was refused for want of accounts, 127.0.0.1:99999 in
// English with exit 1), a --db that is another program's file is left
// without a lock file beside it, and a bad number is named in Turkish.
func TestServeChecksAddressDatabaseAndNumbers(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "k.db")
	for _, addr := range []string{":99999", "127.0.0.1:99999", "127.0.0.1:-1", "127.0.0.1:8o80"} {
		var errb bytes.Buffer
		code := runServe([]string{"--addr", addr, "--db", db}, io.Discard, &errb)
		if want := "kapı (port) 0 ile 65535 arasında bir sayı olmalı"; code != 2 || !strings.Contains(errb.String(), want) {
			t.Errorf("--addr %s: exit %d, %q; want 2 and %q", addr, code, errb.String(), want)
		}
	}
	passwd := filepath.Join(dir, "passwd")
	if err := os.WriteFile(passwd, []byte("root:x:0:0:root:/root:/bin/bash\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var errb bytes.Buffer
	if code := runServe([]string{"--db", passwd}, io.Discard, &errb); code != 1 || !strings.Contains(errb.String(), "bir SQLite veritabanı değil") {
		t.Errorf("--db of a text file: exit %d, %q", code, errb.String())
	}
	if _, err := os.Stat(passwd + ".lock"); err == nil {
		t.Errorf("a lock file was made beside %s", passwd)
	}
	errb.Reset()
	if code := runServe([]string{"--max-pieces", "abc"}, io.Discard, &errb); code != 2 ||
		!strings.Contains(errb.String(), `--max-pieces "abc" geçerli değil: bir tam sayı olmalı`) || strings.Contains(errb.String(), "parse error") {
		t.Errorf("--max-pieces abc: exit %d, %q", code, errb.String())
	}
}
