package main

import (
	"bytes"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"kesim/internal/version"
)

func runT(stdin string, args ...string) (code int, stdout, stderr string) {
	var out, errb bytes.Buffer
	code = run(args, strings.NewReader(stdin), &out, &errb)
	return code, out.String(), errb.String()
}

// Every command answers --help, and kesim help COMMAND, as go help does: a
// usage line, what it does, its flags in Turkish and an example, on
// standard output with exit 0.
func TestHelp(t *testing.T) {
	for _, c := range append(append([]*command{}, commands...), userCommands...) {
		t.Run(c.name, func(t *testing.T) {
			args := append(strings.Fields(c.name), "--help")
			code, stdout, stderr := runT("", args...)
			if code != 0 || stderr != "" {
				t.Fatalf("%v: exit %d, stderr %q", args, code, stderr)
			}
			for _, want := range []string{"Kullanım: kesim " + c.name, c.about, "Örnek:\n  " + c.example} {
				if !strings.Contains(stdout, want) {
					t.Errorf("%v prints\n%s\nwithout %q", args, stdout, want)
				}
			}
			if code, again, _ := runT("", append([]string{"help"}, strings.Fields(c.name)...)...); code != 0 || again != stdout {
				t.Errorf("kesim help %s: exit %d,\n%s\nwant what --help prints", c.name, code, again)
			}
		})
	}
	_, stdout, _ := runT("", "nest", "-h")
	for _, want := range []string{"--sheet GENxYÜK\n      tuval boyutu", "--time SÜRE", "(varsayılan 1s)", "--dxf-per-sheet\n"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("kesim nest -h lacks %q:\n%s", want, stdout)
		}
	}
	_, stdout, _ = runT("", "help", "user")
	for _, c := range userCommands {
		if !strings.Contains(stdout, c.usageLine()) {
			t.Errorf("kesim help user lacks %q", c.usageLine())
		}
	}
	code, stdout, _ := runT("", "help")
	for _, c := range commands {
		if code != 0 || !strings.Contains(stdout, c.name) || !strings.Contains(stdout, c.summary) {
			t.Errorf("kesim help: exit %d, lacks %s: %q", code, c.name, stdout)
		}
	}
}

// A bad command line exits 2 with the message and the usage line on
// standard error, and nothing on standard output.
func TestBadCommandLines(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want []string
	}{
		{[]string{"yerleştir"}, []string{`bilinmeyen komut "yerleştir"`}},
		{[]string{"help", "yok"}, []string{`bilinmeyen konu "yok"`}},
		{[]string{"nest", "--bogus", "-"}, []string{"kesim nest: bilinmeyen seçenek: --bogus", "Kullanım: kesim nest --sheet", "kesim help nest"}},
		{[]string{"nest", "-", "--time"}, []string{"seçeneğin değeri eksik: --time"}},
		{[]string{"nest", "--time", "uzun", "-"}, []string{`--time "uzun" geçerli değil`}},
		// A whole number typed with thousands dots, as the help writes the defaults: how to type it.
		{[]string{"serve", "--max-pieces", "20.000"}, []string{`--max-pieces "20.000" geçerli değil: bir tam sayı olmalı; binlik noktası olmadan yazın: 20000`}},
		{[]string{"nest", "--seed", "1.234.567", "-"}, []string{`binlik noktası olmadan yazın: 1234567`}},
		{[]string{"nest", "--seed", "1.5", "-"}, []string{`--seed "1.5" geçerli değil: bir tam sayı olmalı` + "\n"}},
		{[]string{"bench", "--bogus"}, []string{"kesim bench: bilinmeyen seçenek", "Kullanım: kesim bench"}},
		{[]string{"serve", "--bogus"}, []string{"kesim serve: bilinmeyen seçenek", "Kullanım: kesim serve"}},
		{[]string{"serve", "fazla"}, []string{`beklenmeyen argüman "fazla"`}},
		{[]string{"start", "fazla"}, []string{`beklenmeyen argüman "fazla"`, "Kullanım: kesim start"}},
		{[]string{"--bogus"}, []string{"kesim start: bilinmeyen seçenek: --bogus"}},
		{[]string{"backup"}, []string{"kesim backup: DOSYA eksik", "Kullanım: kesim backup [--db URL] [--force] DOSYA"}},
		{[]string{"backup", "a.db", "b.db"}, []string{`beklenmeyen argüman "b.db"`}},
		{[]string{"restore", "--force", "a.db"}, []string{"kesim restore: bilinmeyen seçenek: --force"}},
		{[]string{"restore"}, []string{"kesim restore: DOSYA eksik"}},
		// An empty FILE (an unset variable) names no file: not the store's "yedek  yazılamadı: klasör yok (.)".
		{[]string{"backup", ""}, []string{"kesim backup: DOSYA boş: yedek dosyasının yolunu yazın\n", "Kullanım: kesim backup [--db URL] [--force] DOSYA"}},
		{[]string{"backup", "--force", ""}, []string{"kesim backup: DOSYA boş"}},
		{[]string{"restore", ""}, []string{"kesim restore: DOSYA boş: yedek dosyasının yolunu yazın\n", "Kullanım: kesim restore"}},
		// PostgreSQL is backed up with its own tools: the command line to use.
		{[]string{"backup", "--db", "postgres://kesim:gizli@db/kesim", "yedek.dump"}, []string{
			"pg_dump --format=custom --file=yedek.dump postgres://kesim@db/kesim", "PGPASSWORD"}},
		{[]string{"restore", "--db", "postgres://kesim@db/kesim", "yedek.dump"}, []string{
			"pg_restore --clean --if-exists --dbname=postgres://kesim@db/kesim yedek.dump"}},
		{[]string{"version", "fazla"}, []string{`beklenmeyen argüman "fazla"`, "Kullanım: kesim version"}},
		{[]string{"user"}, []string{"kesim user add AD", "kesim user totp AD"}},
		{[]string{"user", "sil", "ayse"}, []string{`bilinmeyen alt komut "sil"`}},
		// Each subcommand takes only its own flags.
		{[]string{"user", "list", "--admin"}, []string{"kesim user list: bilinmeyen seçenek: --admin", "Kullanım: kesim user list [--db URL]"}},
		{[]string{"user", "add", "ayse", "--off"}, []string{"kesim user add: bilinmeyen seçenek: --off"}},
		{[]string{"user", "totp", "ayse", "--last"}, []string{"kesim user totp: bilinmeyen seçenek: --last"}},
		{[]string{"user", "remove", "ayse", "--password-file", "pw"}, []string{"bilinmeyen seçenek: --password-file"}},
		{[]string{"user", "passwd", "ayse", "--admin"}, []string{"bilinmeyen seçenek: --admin"}},
		{[]string{"user", "add"}, []string{"Kullanım: kesim user add AD"}},
		{[]string{"user", "list", "ayse"}, []string{"Kullanım: kesim user list"}},
	} {
		code, stdout, stderr := runT("", tt.args...)
		if code != 2 || stdout != "" {
			t.Errorf("%v: exit %d, stdout %q; want 2 and nothing", tt.args, code, stdout)
		}
		for _, want := range tt.want {
			if !strings.Contains(stderr, want) {
				t.Errorf("%v: stderr %q lacks %q", tt.args, stderr, want)
			}
		}
	}
}

func TestVersion(t *testing.T) {
	v := version.Get()
	want := "kesim " + v.Version + " (commit " + v.Commit + ", " + runtime.Version() + " " + runtime.GOOS + "/" + runtime.GOARCH + ")\n"
	for _, args := range [][]string{{"version"}, {"--version"}} {
		if code, stdout, stderr := runT("", args...); code != 0 || stdout != want || stderr != "" {
			t.Errorf("%v: exit %d, %q %q; want %q", args, code, stdout, stderr, want)
		}
	}
}

// The Makefile stamps the version and commit with the linker; kesim version
// prints them.
func TestVersionStampedByLinker(t *testing.T) {
	if testing.Short() {
		t.Skip("builds kesim")
	}
	bin := filepath.Join(t.TempDir(), "kesim")
	ldflags := "-X kesim/internal/version.version=1.2.0-3-gabc1234-dirty -X kesim/internal/version.commit=abc1234"
	if out, err := exec.Command("go", "build", "-ldflags", ldflags, "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	out, err := exec.Command(bin, "version").Output()
	if want := "kesim 1.2.0-3-gabc1234-dirty (commit abc1234, "; err != nil || !strings.HasPrefix(string(out), want) {
		t.Errorf("kesim version: %q, %v; want it to start %q", out, err, want)
	}
}

// The help writes a whole number's default with thousands dots, as the
// rest of Kesim writes counts (--max-pieces 20.000); other defaults as
// they are typed.
func TestHelpDefaultsGrouped(t *testing.T) {
	_, stdout, _ := runT("", "help", "serve")
	if !strings.Contains(stdout, "(KESIM_MAX_PIECES) (varsayılan 20.000)") || !strings.Contains(stdout, "(varsayılan 127.0.0.1:8080)") {
		t.Errorf("kesim help serve:\n%s", stdout)
	}
	for _, tt := range []struct{ in, want string }{
		{"0", "0"}, {"7", "7"}, {"42", "42"}, {"999", "999"}, {"1000", "1.000"}, {"2026", "2.026"},
		{"20000", "20.000"}, {"100000", "100.000"}, {"999999", "999.999"}, {"1000000", "1.000.000"},
		{"-1", "-1"}, {"-1500", "-1.500"}, {"1s", "1s"}, {"a4-3x8", "a4-3x8"}, {"", ""}, {"-", "-"}, {"1.5", "1.5"},
	} {
		if got := groupDigits(tt.in); got != tt.want {
			t.Errorf("groupDigits(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	for n, want := range map[int]string{0: "0", 5: "5", 999: "999", 1000: "1.000", 1240: "1.240", 20000: "20.000", 1234567: "1.234.567"} {
		if got := count(n); got != want {
			t.Errorf("count(%d) = %q, want %q", n, got, want)
		}
	}
}
