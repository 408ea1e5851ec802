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
