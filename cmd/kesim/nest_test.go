package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
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
		{"two JSON requests", `{"sheet":{"width":100,"height":148}} {"parts":[{"name":"A","width":1,"height":1,"quantity":1}]}`,
			[]string{"--json", out, "-"}, "istekten sonra fazladan veri var"},
		{"JSON and a stray brace", `{"sheet":{"width":100,"height":148},"parts":[{"name":"A","width":1,"height":1,"quantity":1}]}}`,
			[]string{"--json", out, "-"}, "istekten sonra fazladan veri var"},
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

// repeatReader yields n copies of one byte without holding them in memory.
type repeatReader struct {
	b byte
	n int
}

func (r *repeatReader) Read(p []byte) (int, error) {
	if r.n == 0 {
		return 0, io.EOF
	}
	k := min(len(p), r.n)
	for i := range p[:k] {
		p[i] = r.b
	}
	r.n -= k
	return k, nil
}

// Input is never cut: a CSV part list over 16 MiB, and a JSON request over
// 64 MiB from a file or standard input, fail with exit 2, the limit named
// in Turkish, and nothing written. Before, the CSV was read to 16 MiB and
// the parts in it laid out (13 of 124) with exit 0.
func TestNestRefusesOverlongInput(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "sonuç.json")

	var csv bytes.Buffer
	csv.WriteString("name,width,height,quantity,note\n")
	note := strings.Repeat("x", 140000)
	for i := 0; i < 124; i++ {
		fmt.Fprintf(&csv, "Parça %d,10,10,1,%s\n", i, note)
	}
	csvPath := filepath.Join(dir, "parçalar.csv")
	if err := os.WriteFile(csvPath, csv.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}

	// A JSON request whose parts come after 64 MiB of spaces.
	head := `{"sheet":{"width":100,"height":148},`
	tail := `"parts":[{"name":"Kapak","width":50,"height":74,"quantity":4}]}`
	pad := maxInput
	jsonPath := writePadded(t, filepath.Join(dir, "istek.json"), head, pad, tail)

	tests := []struct {
		name  string
		stdin io.Reader
		args  []string
		want  string
	}{
		{"CSV file over 16 MiB", nil, []string{"--sheet", "100x148", "--time", "0", "--json", out, csvPath},
			"parçalar.csv:\nDosya çok büyük: en fazla 16 MB okunabilir."},
		{"CSV on standard input", bytes.NewReader(csv.Bytes()), []string{"--sheet", "100x148", "--time", "0", "--json", out, "-"},
			"standart girdi:\nDosya çok büyük: en fazla 16 MB okunabilir."},
		{"JSON file over 64 MiB", nil, []string{"--time", "0", "--json", out, jsonPath},
			"istek.json: Dosya çok büyük: en fazla 64 MB okunabilir."},
		{"JSON on standard input", io.MultiReader(strings.NewReader(head), &repeatReader{' ', pad}, strings.NewReader(tail)),
			[]string{"--time", "0", "--json", out, "-"}, "standart girdi: Dosya çok büyük: en fazla 64 MB okunabilir."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			stdin := tt.stdin
			if stdin == nil {
				stdin = strings.NewReader("")
			}
			var stdout, stderr bytes.Buffer
			code := runNest(tt.args, stdin, &stdout, &stderr)
			if code != 2 {
				t.Errorf("exit %d, want 2; stderr %q", code, stderr.String())
			}
			if !strings.Contains(stderr.String(), tt.want) {
				t.Errorf("stderr %q lacks %q", stderr.String(), tt.want)
			}
			if _, err := os.Stat(out); !os.IsNotExist(err) {
				t.Errorf("%s was written", out)
			}
		})
	}
	// Exactly at the limit the request is read whole and laid out.
	exact := writePadded(t, filepath.Join(dir, "tam.json"), head, maxInput-len(head)-len(tail), tail)
	code, _, stderr := runNestT(t, "", "--time", "0", "--json", out, exact)
	if code != 0 || !strings.Contains(stderr, "4 parça") {
		t.Errorf("a request of exactly 64 MiB: exit %d, %s", code, stderr)
	}
}

// writePadded writes head, pad spaces and tail to path.
func writePadded(t *testing.T, path, head string, pad int, tail string) string {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.Copy(f, io.MultiReader(strings.NewReader(head), &repeatReader{' ', pad}, strings.NewReader(tail))); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	return path
}

// Quantities that would overflow their sum are refused by the engine with
// exit 2; before, the sum wrapped and the command allocated until the
// system killed it.
func TestNestRefusesQuantitiesThatOverflow(t *testing.T) {
	req := `{"sheet":{"width":100,"height":148},"parts":[{"name":"A","width":1,"height":1,"quantity":1},{"name":"B","width":1,"height":1,"quantity":9223372036854775807}]}`
	code, stdout, stderr := runNestT(t, req, "--time", "0", "--json", "-", "-")
	if code != 2 || stdout != "" || !strings.Contains(stderr, "2. parça (B): Parça sayısı çok fazla: en fazla 100.000 adet yerleştirilebilir.") {
		t.Errorf("exit %d, stdout %q, stderr %q; want 2 and the piece limit", code, stdout, stderr)
	}
}

// A part line that fits nowhere is named in the summary with the size the
// engine took (rounded up to 0.01 cm), written with a decimal comma.
func TestNestSummaryNamesSkippedSizeInTurkish(t *testing.T) {
	code, _, stderr := runNestT(t, "Ad;Genişlik;Yükseklik;Adet\nDev;100,004;148;2\nRaf;10;10;1\n", "--sheet", "100x148", "--no-rotate", "--time", "0", "-")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if want := `UYARI: "Dev" (100,01x148 cm, 2 adet) yerleştirilmedi: Parça tuvale sığmıyor`; !strings.Contains(stderr, want) {
		t.Errorf("summary %q lacks %q", stderr, want)
	}
}
