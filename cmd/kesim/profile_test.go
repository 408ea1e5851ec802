package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"kesim/nest"
)

// The saw profile's flags: --first-cut long (or boyuna) makes each sheet's
// first cut run along its longer side, --stages bounds the stages; bad
// values, and either without --guillotine, are a Turkish error, exit 2.
func TestNestProfileFlags(t *testing.T) {
	dir := t.TempDir()
	parts := filepath.Join(dir, "parts.csv")
	if err := os.WriteFile(parts, []byte("ad;genişlik;yükseklik;adet\nYan;56;72;4\nRaf;54;30;6\nKapak;40;70;4\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		first, want string
		sheet       string
	}{
		{"boyuna", nest.Vertical, "183x366"}, {"long", nest.Horizontal, "366x183"},
		{"enine", nest.Horizontal, "183x366"}, {"short", nest.Vertical, "366x183"},
	} {
		out := filepath.Join(dir, c.first+c.sheet+".json")
		code, _, stderr := runNestT(t, "", "--sheet", c.sheet, "--guillotine", "--first-cut", c.first, "--stages", "2", "--kerf", "0,4", "--time", "0", "--json", out, parts)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", c.first, code, stderr)
		}
		b, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		var res nest.Result
		if err := json.Unmarshal(b, &res); err != nil {
			t.Fatal(err)
		}
		for _, p := range res.Pages {
			if len(p.Cuts) == 0 || p.Cuts[0].Direction != c.want {
				t.Errorf("--first-cut %s on %s: %s starts %+v, want %s", c.first, c.sheet, p.ID, p.Cuts, c.want)
			}
		}
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--guillotine", "--first-cut", "çapraz"}, `--first-cut "çapraz": long (boyuna) ya da short (enine) olmalı`},
		{[]string{"--guillotine", "--stages", "1"}, `--stages "1": 0 (sınırsız) ya da 2 ile 9 arasında bir tam sayı olmalı`},
		{[]string{"--guillotine", "--stages", "üç"}, `--stages "üç"`},
		{[]string{"--first-cut", "long"}, nest.MsgProfileNoGuil},
		{[]string{"--stages", "3"}, nest.MsgProfileNoGuil},
	} {
		code, stdout, stderr := runNestT(t, "", append(append([]string{"--sheet", "183x366", "--json", filepath.Join(dir, "x.json")}, c.args...), parts)...)
		if code != exitBadInput || !strings.Contains(stderr, c.want) || stdout != "" {
			t.Errorf("%v: exit %d, stderr %q, want %q", c.args, code, stderr, c.want)
		}
	}
}
