package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"kesim/nest"
)

func runNestT(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = runNest(args, strings.NewReader(stdin), &out, &errb)
	return code, out.String(), errb.String()
}

func TestNestCSVToJSON(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "parçalar.csv")
	csv := "\ufeffAd;Genişlik;Yükseklik;Adet\r\nKapak;50;74;4\r\nÇekmece Ön;45,5;20;3\r\n"
	if err := os.WriteFile(in, []byte(csv), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "sonuç.json")
	code, _, stderr := runNestT(t, "", in, "--sheet", "100x148", "--time", "0", "--json", out)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	var res nest.Result
	if err := json.Unmarshal(data, &res); err != nil {
		t.Fatal(err)
	}
	req := nest.Request{Sheet: nest.Sheet{Width: 100, Height: 148}, Parts: []nest.Part{
		{ID: "p1", Name: "Kapak", Width: 50, Height: 74, Quantity: 4},
		{ID: "p2", Name: "Çekmece Ön", Width: 45.5, Height: 20, Quantity: 3},
	}}
	if err := nest.Verify(req, res); err != nil {
		t.Fatal(err)
	}
	if res.Stats.Pages != 2 || res.Pages[0].Efficiency != 100 {
		t.Errorf("pages %d, first efficiency %d: want 2 pages, the first full", res.Stats.Pages, res.Pages[0].Efficiency)
	}
	for _, want := range []string{"2 sayfa", "7 parça", "alt sınır 2 sayfa", "kanıtlandı", "Sayfa 1 / 2"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("summary %q lacks %q", stderr, want)
		}
	}
}

func TestNestJSONFromStdinToStdout(t *testing.T) {
	req := `{"sheet":{"width":100,"height":148},"parts":[{"id":"k","name":"Kapak","width":74,"height":50,"quantity":4}],"options":{"kerf":0,"seed":3}}`
	code, stdout, stderr := runNestT(t, req, "--json", "-", "-")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var res nest.Result
	if err := json.Unmarshal([]byte(stdout), &res); err != nil {
		t.Fatalf("stdout is not the result JSON: %v\n%s", err, stdout)
	}
	if res.Stats.Pages != 1 || res.Pages[0].Parts[0].ID != "k-0" {
		t.Errorf("result %+v", res.Stats)
	}
}

func TestNestBadInputWritesNothing(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "sonuç.json")
	tests := []struct {
		name  string
		stdin string
		args  []string
		want  string
	}{
		{"bad row", "name;width;height;quantity\nKapak;50;74;4\nRaf;abc;20;1\n",
			[]string{"--sheet", "100x148", "--json", out, "-"}, `satır 3, genişlik: "abc" geçerli bir sayı değil`},
		{"bad sheet", "Kapak;50;74;4\n", []string{"--sheet", "100", "--json", out, "-"}, "--sheet"},
		{"no sheet", "Kapak;50;74;4\n", []string{"--json", out, "-"}, "tuval boyutu eksik"},
		{"bad kerf", "Kapak;50;74;4\n", []string{"--sheet", "100x148", "--kerf", "x", "--json", out, "-"}, "--kerf"},
		{"engine refuses", "Kapak;50;74;4\n", []string{"--sheet", "100x148", "--trim", "60", "--json", out, "-"}, "Kenar payı"},
		{"bad JSON", `{"sheet":{"width":"a"}}`, []string{"--json", out, "-"}, "JSON istek okunamadı"},
		{"no input", "", []string{"--sheet", "100x148"}, "tek bir girdi"},
		{"missing file", "", []string{"--sheet", "100x148", filepath.Join(dir, "yok.csv")}, "girdi okunamadı"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := runNestT(t, tt.stdin, tt.args...)
			if code != 2 {
				t.Errorf("exit %d, want 2", code)
			}
			if !strings.Contains(stderr, tt.want) {
				t.Errorf("stderr %q lacks %q", stderr, tt.want)
			}
			if stdout != "" {
				t.Errorf("stdout %q: want nothing", stdout)
			}
			if _, err := os.Stat(out); !os.IsNotExist(err) {
				t.Errorf("%s was written", out)
			}
		})
	}
}

func TestParseSize(t *testing.T) {
	for in, want := range map[string][2]float64{"100x148": {100, 148}, "100X148": {100, 148}, "183×366": {183, 366}, "100,5x148": {100.5, 148}} {
		w, h, ok := parseSize(in)
		if !ok || w != want[0] || h != want[1] {
			t.Errorf("parseSize(%q) = %v %v %v", in, w, h, ok)
		}
	}
	for _, in := range []string{"", "100", "x148", "0x10", "-1x10", "axb"} {
		if _, _, ok := parseSize(in); ok {
			t.Errorf("parseSize(%q) accepted", in)
		}
	}
}

func TestNestWritesPDFAndDXF(t *testing.T) {
	dir := t.TempDir()
	pdfPath, dxfPath := filepath.Join(dir, "plan.pdf"), filepath.Join(dir, "plan.dxf")
	code, _, stderr := runNestT(t, "Kapak;50;74;5\n", "--sheet", "100x148", "--time", "0", "--pdf", pdfPath, "--dxf", dxfPath, "--dxf-per-sheet", "-")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for path, magic := range map[string]string{
		pdfPath: "%PDF-", filepath.Join(dir, "plan-1.dxf"): "  0\nSECTION", filepath.Join(dir, "plan-2.dxf"): "  0\nSECTION",
	} {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(strings.ReplaceAll(string(data), "\r\n", "\n"), magic) {
			t.Errorf("%s starts with %q, want %q", path, data[:min(len(data), 12)], magic)
		}
	}
	if _, err := os.Stat(dxfPath); !os.IsNotExist(err) {
		t.Errorf("%s written although one file per sheet was asked", dxfPath)
	}
}
