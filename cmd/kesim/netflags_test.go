package main

import (
	"bytes"
	"flag"
	"io"
	"net/netip"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"kesim/internal/store"
)

func TestProxyAndHostFlags(t *testing.T) {
	t.Setenv("KESIM_TRUSTED_PROXY", " 10.0.0.0/8, ::1 ,")
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	l := envList("KESIM_TRUSTED_PROXY")
	fs.Var(l, "trusted-proxy", "")
	if err := fs.Parse(nil); err != nil {
		t.Fatal(err)
	}
	ps, err := trustedProxies(l.values)
	want := []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8"), netip.MustParsePrefix("::1/128")}
	if err != nil || !reflect.DeepEqual(ps, want) {
		t.Errorf("from the environment: %v %v, want %v", ps, err, want)
	}
	// The command line replaces the environment; the flag repeats.
	if err := fs.Parse([]string{"--trusted-proxy", "192.168.1.7", "--trusted-proxy", "172.16.5.9/12,fd00::/8"}); err != nil {
		t.Fatal(err)
	}
	ps, err = trustedProxies(l.values)
	want = []netip.Prefix{netip.MustParsePrefix("192.168.1.7/32"), netip.MustParsePrefix("172.16.0.0/12"), netip.MustParsePrefix("fd00::/8")}
	if err != nil || !reflect.DeepEqual(ps, want) {
		t.Errorf("from flags: %v %v, want %v", ps, err, want)
	}
	if _, err := trustedProxies([]string{"vekil.local"}); err == nil {
		t.Error("a name was taken as a proxy address")
	}
	if _, err := publicHosts([]string{"kesim.atolye.local", "kesim:8080"}); err != nil {
		t.Error(err)
	}
	if _, err := publicHosts([]string{"http://kesim/"}); err == nil {
		t.Error("a URL was taken as a host name")
	}
	for _, args := range [][]string{{"--trusted-proxy", "10.0.0.0/99"}, {"--public-host", "a b"}} {
		var stderr bytes.Buffer
		if code := runServe(args, io.Discard, &stderr); code != 2 || !strings.Contains(stderr.String(), args[0]) {
			t.Errorf("serve %v: exit %d, %q", args, code, stderr.String())
		}
	}
}

// /metrics is served on a loopback address by default and on a network
// address only with --metrics (docs/operations.md).
func TestMetricsFlag(t *testing.T) {
	for _, c := range []struct {
		args []string
		want bool
	}{
		{[]string{"--addr", "127.0.0.1:8080"}, true},
		{[]string{"--addr", "0.0.0.0:8080"}, false},
		{[]string{"--addr", "0.0.0.0:8080", "--metrics"}, true},
	} {
		var f serveFlags
		fs := flag.NewFlagSet("serve", flag.ContinueOnError)
		if err := f.register(fs); err != nil {
			t.Fatal(err)
		}
		if err := fs.Parse(c.args); err != nil {
			t.Fatal(err)
		}
		cfg, err := f.config()
		if err != nil || cfg.Metrics != c.want {
			t.Errorf("%v: Metrics %v (%v), want %v", c.args, cfg.Metrics, err, c.want)
		}
	}
}

// A certificate that cannot be used is refused in Turkish, whatever
// crypto/tls said in English.
func TestTLSFlagsInTurkish(t *testing.T) {
	dir := t.TempDir()
	junk := filepath.Join(dir, "sertifika.pem")
	if err := os.WriteFile(junk, []byte("bir sertifika değil\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		cert, key, want string
	}{
		{filepath.Join(dir, "yok.pem"), filepath.Join(dir, "yok.pem"), "yok.pem yok"},
		{junk, junk, "PEM biçiminde bir sertifika ya da anahtar yok"},
	} {
		var f serveFlags
		fs := flag.NewFlagSet("serve", flag.ContinueOnError)
		if err := f.register(fs); err != nil {
			t.Fatal(err)
		}
		if err := fs.Parse([]string{"--tls-cert", c.cert, "--tls-key", c.key}); err != nil {
			t.Fatal(err)
		}
		_, err := f.config()
		if err == nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "no such file") || strings.Contains(err.Error(), "failed to find") {
			t.Errorf("%s: %v, want %q", c.cert, err, c.want)
		}
	}
}

// KESIM_MAX_PIECES typed with thousands dots, as the help writes its
// default ("20.000"), is told how to type it, as the flag is; another
// value that is no whole number only that it must be one.
func TestMaxPiecesEnvWithDots(t *testing.T) {
	for v, want := range map[string]string{
		"20.000": `KESIM_MAX_PIECES bir tam sayı olmalı: "20.000"; binlik noktası olmadan yazın: 20000`,
		"çok":    `KESIM_MAX_PIECES bir tam sayı olmalı: "çok"`,
	} {
		t.Setenv("KESIM_MAX_PIECES", v)
		var f serveFlags
		if err := f.register(flag.NewFlagSet("serve", flag.ContinueOnError)); err == nil || err.Error() != want {
			t.Errorf("KESIM_MAX_PIECES=%s: %v, want %q", v, err, want)
		}
	}
}

// --db and KESIM_DATABASE_URL take a SQLite file as a path or as a
// sqlite:// (file://) URL, and a postgres:// URL; a URL of another kind is
// refused in Turkish and never becomes a folder named after its scheme
// ("mysql:") with a new database in it.
func TestDatabaseURLForms(t *testing.T) {
	dir := t.TempDir()
	abs := filepath.Join(dir, "a.db")
	for value, want := range map[string]string{
		"kesim.db":                       "kesim.db",
		abs:                              abs,
		"sqlite://" + abs:                abs,
		"SQLite://rel/k.db":              "rel/k.db",
		"file://" + abs:                  abs,
		"postgres://kesim@db/kesim":      "postgres://kesim@db/kesim",
		"postgresql://kesim@db/kesim":    "postgresql://kesim@db/kesim",
		`C:\Kesim\kesim.db`:              `C:\Kesim\kesim.db`,
		"mysql://kesim@db/kesim":         "mysql:// veritabanı adresi tanınmıyor",
		"http://127.0.0.1:8080/kesim.db": "http:// veritabanı adresi tanınmıyor",
		"sqlite://":                      "sqlite:// adresinde dosya yolu yok",
		"":                               "veritabanı boş olamaz",
	} {
		t.Setenv("KESIM_DATABASE_URL", "")
		var db string
		fs := flag.NewFlagSet("serve", flag.ContinueOnError)
		if err := dbFlag(fs, &db); err != nil {
			t.Fatal(err)
		}
		err := fs.Set("db", value)
		switch {
		case err != nil && !strings.Contains(err.Error(), want):
			t.Errorf("--db %q: %v, want %q", value, err, want)
		case err == nil && db != want:
			t.Errorf("--db %q: %q, want %q", value, db, want)
		}
		t.Setenv("KESIM_DATABASE_URL", value)
		var f serveFlags
		err = f.register(flag.NewFlagSet("serve", flag.ContinueOnError))
		switch {
		case value == "": // unset: the default
			if err != nil || f.dbURL != store.DefaultSQLitePath {
				t.Errorf("KESIM_DATABASE_URL unset: %q, %v", f.dbURL, err)
			}
		case err != nil && (!strings.HasPrefix(err.Error(), "KESIM_DATABASE_URL geçerli değil: ") || !strings.Contains(err.Error(), want)):
			t.Errorf("KESIM_DATABASE_URL=%q: %v, want %q", value, err, want)
		case err == nil && f.dbURL != want:
			t.Errorf("KESIM_DATABASE_URL=%q: %q, want %q", value, f.dbURL, want)
		}
	}
	t.Setenv("KESIM_DATABASE_URL", "")
	cwd, _ := os.Getwd()
	if err := os.Chdir(dir); err != nil {
		t.Fatal(err)
	}
	defer os.Chdir(cwd)
	for _, args := range [][]string{
		{"backup", "--db", "mysql://kesim@db/kesim", "y.db"},
		{"restore", "--db", "mysql://kesim@db/kesim", "y.db"},
		{"user", "list", "--db", "mysql://kesim@db/kesim"},
	} {
		if code, _, stderr := runT("", args...); code != 2 || !strings.Contains(stderr, "mysql:// veritabanı adresi tanınmıyor") {
			t.Errorf("%v: exit %d, %q", args, code, stderr)
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("a refused --db left %v", entries)
	}
	// A sqlite:// URL names the file itself.
	if code, _, stderr := runT("uzun-bir-parola\n", "user", "add", "ayse", "--db", "sqlite://"+abs); code != 0 {
		t.Fatalf("user add: %d %s", code, stderr)
	}
	if _, err := os.Stat(abs); err != nil {
		t.Errorf("sqlite:// did not open %s: %v", abs, err)
	}
}
