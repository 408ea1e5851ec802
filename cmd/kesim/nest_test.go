package main

import (
	"archive/zip"
	"bytes"
	"encoding/csv"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf16"

	"kesim/export/cutlist"
	"kesim/export/pdf"
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
	res := readResult(t, out)
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
		{"zero sheet", "Kapak;50;74;4\n", []string{"--sheet", "0x148", "--json", out, "-"}, `--sheet "0x148": genişlik ve yükseklik 0'dan büyük olmalı`},
		{"no sheet", "Kapak;50;74;4\n", []string{"--json", out, "-"}, "tuval boyutu eksik"},
		{"bad kerf", "Kapak;50;74;4\n", []string{"--sheet", "100x148", "--kerf", "x", "--json", out, "-"}, "--kerf"},
		{"engine refuses", "Kapak;50;74;4\n", []string{"--sheet", "100x148", "--trim", "60", "--json", out, "-"}, "Kenar payı"},
		{"bad JSON", `{"sheet":{"width":"a"}}`, []string{"--json", out, "-"}, "JSON istek okunamadı"},
		{"wrong type, in Turkish", `{"sheet":{"width":100,"height":100},"parts":[{"name":"a","width":1,"height":1,"quantity":1},{"name":"b","width":"x","height":1,"quantity":1}]}`,
			[]string{"--json", out, "-"}, "JSON istek okunamadı: parts[1].width: Lütfen geçerli pozitif değerler girin!"},
		{"half a percent", `{"sheet":{"width":100,"height":100},"parts":[{"name":"a","width":1,"height":1,"quantity":1}],"options":{"offcutMinUse":50.5}}`,
			[]string{"--json", out, "-"}, "options.offcutMinUse: " + nest.MsgOffcutMinUse},
		{"unknown field", `{"sheet":{"width":100,"height":100},"partz":[]}`, []string{"--json", out, "-"}, `JSON istek okunamadı: bilinmeyen alan "partz"`},
		{"cut short", `{"sheet":{"width":100`, []string{"--json", out, "-"}, "JSON istek okunamadı: JSON yarıda bitiyor"},
		{"two JSON requests", `{"sheet":{"width":100,"height":148}} {"parts":[{"name":"A","width":1,"height":1,"quantity":1}]}`,
			[]string{"--json", out, "-"}, "istekten sonra fazladan veri var"},
		{"JSON and a stray brace", `{"sheet":{"width":100,"height":148},"parts":[{"name":"A","width":1,"height":1,"quantity":1}]}}`,
			[]string{"--json", out, "-"}, "istekten sonra fazladan veri var"},
		{"no input", "", []string{"--sheet", "100x148"}, "tek bir girdi"},
		{"no input, with the usage", "", []string{"--sheet", "100x148"}, "Ayrıntılar: kesim help nest"},
		{"two inputs", "", []string{"--sheet", "100x148", "a.csv", "b.csv"}, "tek bir girdi verin: CSV dosyası, JSON istek dosyası veya - (standart girdi)\nKullanım: kesim nest"},
		{"bad sheet url", "Kapak;50;74;4\n", []string{"--sheet", "100x148", "--sheet-url", "kesim.local/is/4", "--json", out, "-"}, "--sheet-url: Levha adresi http:// ya da https://"},
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
	if w, h, ok := parseSize("0x10"); !ok || w != 0 || h != 10 {
		t.Errorf("parseSize(0x10) = %v %v %v: the form is right", w, h, ok)
	}
	for _, in := range []string{"", "100", "x148", "-1x10", "axb"} {
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
	// A .zip name with one file per sheet still gives DXF files, named so.
	zipPath := filepath.Join(dir, "y.zip")
	if code, _, stderr := runNestT(t, "Kapak;50;74;5\n", "--sheet", "100x148", "--time", "0", "--dxf", zipPath, "--dxf-per-sheet", "-"); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if _, err := os.Stat(filepath.Join(dir, "y-1.dxf")); err != nil {
		t.Errorf("--dxf y.zip --dxf-per-sheet: %v", err)
	}
	if m, _ := filepath.Glob(filepath.Join(dir, "y-*.zip")); len(m) != 0 {
		t.Errorf("DXF files named as zips: %v", m)
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

// A header unit that is converted is said on stderr, once per column, in
// the web's words; it had been converted without a word. Nothing is said
// when nothing is converted, nor on stdout.
func TestNestTellsConvertedColumns(t *testing.T) {
	dir := t.TempDir()
	p := writeFiles(t, dir, map[string]string{
		"stok.csv":  "Malzeme;Genişlik (mm);Yükseklik (mm)\nSunta;1830;3660\n",
		"bant.csv":  "Kod;Fazlalık (mm)\nB1;20\n",
		"düz.csv":   "Ad;Genişlik (cm);Yükseklik\nRaf;10;10\n",
		"bozuk.csv": "Ad;En (mm);Boy (mm)\nRaf;abc;10\n",
	})
	code, stdout, stderr := runNestT(t, "Ad;En (mm);Boy (mm);Adet;Kalınlık (cm)\nKapak;455;300;2;1,8\nRaf;400;300;1;1,8\n",
		"--sheet", "100x148", "--stock", p["stok.csv"], "--bands", p["bant.csv"], "--time", "0", "--json", "-", "-")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	want := "Bilgi: 'En (mm)' sütunu mm'den cm'ye çevrildi.\n" +
		"Bilgi: 'Boy (mm)' sütunu mm'den cm'ye çevrildi.\n" +
		"Bilgi: 'Kalınlık (cm)' sütunu cm'den mm'ye çevrildi.\n" +
		"Bilgi: --stock stok.csv: 'Genişlik (mm)' sütunu mm'den cm'ye çevrildi.\n" +
		"Bilgi: --stock stok.csv: 'Yükseklik (mm)' sütunu mm'den cm'ye çevrildi.\n" +
		"Bilgi: --bands bant.csv: 'Fazlalık (mm)' sütunu mm'den cm'ye çevrildi.\n"
	if !strings.HasPrefix(stderr, want) || strings.Count(stderr, "Bilgi:") != 6 || strings.Contains(stdout, "Bilgi") {
		t.Errorf("stderr %q, want it to begin with\n%s", stderr, want)
	}
	for _, in := range []string{p["düz.csv"], p["bozuk.csv"]} {
		if _, _, stderr := runNestT(t, "", "--sheet", "100x148", "--time", "0", in); strings.Contains(stderr, "Bilgi") {
			t.Errorf("%s: %q, want no word of a conversion", in, stderr)
		}
	}
}

// A list from another tool is laid out as the web app adds it, and what
// was not read is said on stderr in its words: the columns it does not
// know, the rows its Enabled column turned off, the cells' units
// converted. A list all of whose rows are off is refused.
func TestNestTellsWhatWasNotRead(t *testing.T) {
	code, stdout, stderr := runNestT(t, "Length,Width,Qty,Material,Label,Enabled,Notes\n600 mm,400 mm,2,Sunta,Kapak,true,\n720 mm,560 mm,1,Sunta,Yan,false,eski\n",
		"--sheet", "100x148", "--time", "0", "--json", "-", "-")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	want := "Bilgi: tanınmayan sütunlar okunmadı: Notes.\n" +
		"Bilgi: \"Enabled\" sütununda kapalı olan 1 satır okunmadı: satır 3.\n" +
		"Bilgi: 'Width' sütunu mm'den cm'ye çevrildi.\n" +
		"Bilgi: 'Length' sütunu mm'den cm'ye çevrildi.\n"
	if !strings.HasPrefix(stderr, want) || strings.Contains(stdout, "Bilgi") {
		t.Errorf("stderr %q, want it to begin with\n%s", stderr, want)
	}
	if !strings.Contains(stdout, `"name": "Kapak"`) || !strings.Contains(stdout, `"width": 40,`) || !strings.Contains(stdout, `"height": 60,`) || strings.Contains(stdout, `"Yan"`) {
		t.Errorf("stdout %s, want Kapak 40 × 60 cm only", stdout)
	}
	code, _, stderr = runNestT(t, "Label,Width,Length,Enabled\nKapak,40,60,false\n", "--sheet", "100x148", "--time", "0", "-")
	if want := `"Enabled" sütununda bütün satırlar kapalı: okunacak parça yok`; code != exitBadInput || !strings.Contains(stderr, want) {
		t.Errorf("exit %d, %q; want %d and %q", code, stderr, exitBadInput, want)
	}
}

// A stock list from another tool (CutList Optimizer's stock panels,
// OpenCutList's sizes in mm) is read as its part list is, and --stock says
// on stderr, after the list's name, what the part list's reading says:
// the columns not read, the rows its Enabled column turned off, the cells'
// units converted. A stock list all of whose rows are off is refused, as
// is a cell's unit no length takes, by line and column.
func TestNestTellsWhatStockWasNotRead(t *testing.T) {
	dir := t.TempDir()
	p := writeFiles(t, dir, map[string]string{
		"stok.csv":   "Length,Width,Qty,Label,Enabled,Material,Supplier\n2800 mm,2070 mm,2 pcs,Sunta 18,true,Sunta,Kastamonu\n2440 mm,1220 mm,5,MDF,FALSE,MDF,\n",
		"kapalı.csv": "Length;Width;Enabled\n280;207;YANLIŞ\n",
		"inç.csv":    "Length;Width\n96 in;48\n",
	})
	code, stdout, stderr := runNestT(t, "Ad;Genişlik;Yükseklik;Adet;Malzeme\nYan;56;72;2;Sunta\n",
		"--stock", p["stok.csv"], "--time", "0", "--json", "-", "-")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	want := "Bilgi: --stock stok.csv: tanınmayan sütunlar okunmadı: Supplier.\n" +
		"Bilgi: --stock stok.csv: \"Enabled\" sütununda kapalı olan 1 satır okunmadı: satır 3.\n" +
		"Bilgi: --stock stok.csv: 'Width' sütunu mm'den cm'ye çevrildi.\n" +
		"Bilgi: --stock stok.csv: 'Length' sütunu mm'den cm'ye çevrildi.\n"
	if !strings.HasPrefix(stderr, want) || strings.Contains(stdout, "Bilgi") {
		t.Errorf("stderr %q, want it to begin with\n%s", stderr, want)
	}
	// 2800 mm × 2070 mm is the sheet s1 of 207 × 280 cm; MDF, turned off, is no sheet
	if !strings.Contains(stdout, `"stockId": "s1"`) || !strings.Contains(stdout, `"width": 207,`) || !strings.Contains(stdout, `"height": 280,`) || strings.Contains(stdout, `"s2"`) {
		t.Errorf("stdout %s, want the parts on s1, 207 × 280 cm", stdout)
	}
	for in, want := range map[string]string{
		p["kapalı.csv"]: `"Enabled" sütununda bütün satırlar kapalı: okunacak stok satırı yok`,
		p["inç.csv"]:    `satır 2, yükseklik: "96 in" içindeki birim tanınmıyor; mm, cm veya m yazın`,
	} {
		code, _, stderr := runNestT(t, "Ad;Genişlik;Yükseklik\nYan;56;72\n", "--stock", in, "--time", "0", "-")
		if code != exitBadInput || !strings.Contains(stderr, want) {
			t.Errorf("%s: exit %d, %q; want %d and %q", in, code, stderr, exitBadInput, want)
		}
	}
}

// TestNestSaysSizesLookLikeMm: a part list written in mm, none of whose
// parts fits the sheet as cm and every one as mm, is laid out as written
// (cm) and said to look like mm; a list in cm, or one with a part that
// fits, is not.
func TestNestSaysSizesLookLikeMm(t *testing.T) {
	mm := "Ad;En;Boy;Adet\nYan;720;560;2\nRaf;564;300;3\n"
	code, _, stderr := runNestT(t, mm, "--sheet", "280x207", "--time", "0", "-")
	if code != exitOK || !strings.Contains(stderr, msgLooksLikeMm) {
		t.Errorf("exit %d, stderr %q; want %d and the mm note", code, stderr, exitOK)
	}
	for _, c := range []struct{ list, sheet string }{
		{mm, "800x600"}, // fits as cm
		{"Ad;En;Boy;Adet\nYan;72;56;2\n", "280x207"},
		{mm + "Kapak;40;70;1\n", "280x207"}, // one part fits as cm
	} {
		code, _, stderr := runNestT(t, c.list, "--sheet", c.sheet, "--time", "0", "-")
		if code != exitOK || strings.Contains(stderr, "Not: bu ölçüler") {
			t.Errorf("%q on %s: exit %d, stderr %q; want no mm note", c.list, c.sheet, code, stderr)
		}
	}
}

// writeFiles writes name -> content into dir and returns the paths.
func writeFiles(t *testing.T, dir string, files map[string]string) map[string]string {
	t.Helper()
	paths := map[string]string{}
	for name, content := range files {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		paths[name] = p
	}
	return paths
}

const (
	kitchenParts = "Ad;Genişlik;Yükseklik;Adet;Malzeme;Kalınlık;Damar;Bant;Bant Sağ\n" +
		"Yan;56;72;2;Beyaz Sunta;18;;B1;\n" +
		"Raf;56;30;4;Beyaz Sunta;18;;;B1\n" +
		"Kapak;40;70;2;Ceviz MDF;18;dikey;;\n" +
		"Arka;100;70;1;;;;;\n"
	kitchenStock = "kod;ad;malzeme;kalınlık;genişlik;yükseklik;adet;fiyat;damar\n" +
		"s1;Beyaz büyük;Beyaz Sunta;18;183;366;1;1.450;\n" +
		"s2;Beyaz küçük;Beyaz Sunta;18;100;100;;300;\n" +
		"c1;Ceviz;Ceviz MDF;18;183;366;;2.100;dikey\n"
	kitchenBands = "kod;ad;kalınlık;fiyat;fazlalık\nB1;PVC 0,8 beyaz;0,8;6,5;2\n"
)

// The flags of a job with stock rows and bands build the request the
// engine gets: the stock and band lists, the parts' new columns, the
// objective and the band deduction.
func TestNestStockFlagsBuildRequest(t *testing.T) {
	dir := t.TempDir()
	p := writeFiles(t, dir, map[string]string{"parts.csv": kitchenParts, "stock.csv": kitchenStock, "bands.csv": kitchenBands})
	var f nestFlags
	fs := cmdNest.flagSet()
	f.register(fs)
	if err := fs.Parse([]string{"--stock", p["stock.csv"], "--bands", p["bands.csv"], "--objective", "area", "--deduct-bands", p["parts.csv"]}); err != nil {
		t.Fatal(err)
	}
	f.set = map[string]bool{}
	fs.Visit(func(fl *flag.Flag) { f.set[fl.Name] = true })
	req, fromJSON, err := readRequest(fs.Arg(0), nil, io.Discard)
	if err == nil {
		err = f.readLists(&req, fs.Arg(0), nil, io.Discard)
	}
	if err == nil {
		err = f.apply(&req, fromJSON)
	}
	if err != nil {
		t.Fatal(err)
	}
	if len(req.Stock) != 3 || req.Stock[0] != (nest.Stock{ID: "s1", Name: "Beyaz büyük", Material: "Beyaz Sunta", Thickness: 18, Width: 183, Height: 366, Quantity: 1, Price: 1450}) ||
		req.Stock[2].Grain != nest.GrainVertical || req.Stock[1].Quantity != 0 {
		t.Errorf("stock %+v", req.Stock)
	}
	if len(req.Bands) != 1 || req.Bands[0] != (nest.Band{Code: "B1", Name: "PVC 0,8 beyaz", Thickness: 0.8, Price: 6.5, Overlength: 2}) {
		t.Errorf("bands %+v", req.Bands)
	}
	if req.Options.Objective != nest.ObjectiveArea || !req.Options.DeductBands {
		t.Errorf("options %+v", req.Options)
	}
	if p := req.Parts[0]; p.Material != "Beyaz Sunta" || p.Thickness != 18 || p.Edges == nil || *p.Edges != (nest.Edges{Top: "B1", Bottom: "B1", Left: "B1", Right: "B1"}) {
		t.Errorf("part 1 %+v", p)
	}
	if p := req.Parts[2]; p.Grain != nest.GrainVertical || p.Edges != nil {
		t.Errorf("part 3 %+v", p)
	}
	if req.Sheet != (nest.Sheet{}) {
		t.Errorf("sheet %+v without --sheet", req.Sheet)
	}

	// A JSON request keeps its own lists and options unless flags say
	// otherwise.
	jreq := `{"sheet":{"width":100,"height":100},"stock":[{"id":"x","width":50,"height":50}],"parts":[],"options":{"objective":"sheets","deductBands":true}}`
	p = writeFiles(t, dir, map[string]string{"req.json": jreq})
	var g nestFlags
	fs = cmdNest.flagSet()
	g.register(fs)
	if err := fs.Parse([]string{"--bands", filepath.Join(dir, "bands.csv"), p["req.json"]}); err != nil {
		t.Fatal(err)
	}
	g.set = map[string]bool{}
	fs.Visit(func(fl *flag.Flag) { g.set[fl.Name] = true })
	req, fromJSON, err = readRequest(fs.Arg(0), nil, io.Discard)
	if err == nil {
		err = g.readLists(&req, fs.Arg(0), nil, io.Discard)
	}
	if err == nil {
		err = g.apply(&req, fromJSON)
	}
	if err != nil || len(req.Stock) != 1 || len(req.Bands) != 1 || req.Options.Objective != nest.ObjectiveSheets || !req.Options.DeductBands {
		t.Errorf("JSON request: %+v, %v", req, err)
	}
}

// Bad stock, band and objective flags: a Turkish error naming the flag
// (and the line), exit 2, nothing written.
func TestNestStockFlagsBadInput(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "sonuç.json")
	p := writeFiles(t, dir, map[string]string{
		"parts.csv": kitchenParts, "stock.csv": kitchenStock, "bands.csv": kitchenBands,
		"badstock.csv": "genişlik;yükseklik;adet\n183;366;-1\n", "nohead.csv": "ad;malzeme\nA;B\n",
		"badbands.csv": "kod;kalınlık\nB1;11\n", "onlyb9.csv": "kod;ad\nB9;Başka bant\n",
	})
	tests := []struct {
		name  string
		stdin string
		args  []string
		want  string
	}{
		{"missing stock file", "", []string{"--stock", filepath.Join(dir, "yok.csv"), p["parts.csv"]}, "--stock: girdi okunamadı"},
		{"bad stock row", "", []string{"--stock", p["badstock.csv"], p["parts.csv"]}, "satır 2, adet: Stok adedi 0 (sınırsız) ile 100.000 arasında bir tam sayı olmalı."},
		{"stock without sizes", "", []string{"--stock", p["nohead.csv"], p["parts.csv"]}, "başlık satırı genişlik ve yükseklik"},
		{"empty stock flag", "", []string{"--stock", "", p["parts.csv"]}, "--stock: bir CSV ya da Excel (.xlsx) dosyası verin"},
		{"stock and parts both from stdin", kitchenParts, []string{"--stock", "-", "-"}, "standart girdi zaten"},
		{"bad band", "", []string{"--stock", p["stock.csv"], "--bands", p["badbands.csv"], p["parts.csv"]}, "satır 2, kalınlık: Bant kalınlığı 0 ile 10 mm arasında olmalı."},
		{"bad objective", "", []string{"--stock", p["stock.csv"], "--objective", "ucuz", p["parts.csv"]}, `--objective "ucuz": cost, area ya da sheets olmalı`},
		// No --bands: what to do follows.
		{"unknown band code", "", []string{"--stock", p["stock.csv"], p["parts.csv"]}, "Bilinmeyen bant kodu. Bant kodlarını --bands DOSYA ile verin"},
		{"band code not in --bands", "", []string{"--stock", p["stock.csv"], "--bands", p["onlyb9.csv"], p["parts.csv"]}, "Bilinmeyen bant kodu.\n"},
		{"no sheet and no stock", "", []string{p["parts.csv"]}, "--stock DOSYA"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := runNestT(t, tt.stdin, append([]string{"--json", out}, tt.args...)...)
			if code != exitBadInput {
				t.Errorf("exit %d, want 2: %s", code, stderr)
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

// A kitchen job end to end: two materials on their stock rows, parts
// without a material on the sheet, bands; the layout is one the engine's
// Verify accepts, and the summary gives the costs, the buy list and the
// band in Turkish.
func TestNestStockEndToEnd(t *testing.T) {
	dir := t.TempDir()
	p := writeFiles(t, dir, map[string]string{"parts.csv": kitchenParts, "stock.csv": kitchenStock, "bands.csv": kitchenBands})
	out := filepath.Join(dir, "sonuç.json")
	code, _, stderr := runNestT(t, "", "--sheet", "183x366", "--stock", p["stock.csv"], "--bands", p["bands.csv"], "--time", "0", "--json", out, p["parts.csv"])
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	res := readResult(t, out)
	req, _, err := readRequest(p["parts.csv"], nil, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	var f nestFlags
	f.set = map[string]bool{"stock": true, "bands": true}
	f.stock, f.bands = p["stock.csv"], p["bands.csv"]
	if err := f.readLists(&req, p["parts.csv"], nil, io.Discard); err != nil {
		t.Fatal(err)
	}
	req.Sheet = nest.Sheet{Width: 183, Height: 366}
	if err := nest.Verify(req, res); err != nil {
		t.Fatalf("Verify: %v", err)
	}
	if len(res.Materials) != 3 || len(res.BandTotals) != 1 || res.Stats.Cost <= 0 || len(res.Skipped) != 0 {
		t.Fatalf("materials %+v, bands %+v, cost %v, skipped %+v", res.Materials, res.BandTotals, res.Stats.Cost, res.Skipped)
	}
	for _, want := range []string{"Beyaz Sunta 18 mm:", "Ceviz MDF 18 mm:", "malzemesiz:", "maliyet ", "Bu planın maliyeti ", "TL'den ucuz olamaz",
		"Satın alınacaklar:", "c1 (Ceviz, Ceviz MDF 18 mm, 183x366 cm): 1 levha", "Kenar bandı:", "  B1: ", "levha c1 (Ceviz MDF 18 mm, 183x366 cm)"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("summary lacks %q:\n%s", want, stderr)
		}
	}
	// Money as the PDF writes it: 2.350,50 TL, never 2.350,5 TL.
	if bad := regexp.MustCompile(`(^|[^,\d])\d+(\.\d{3})*(,\d)? TL`).FindString(stderr); bad != "" {
		t.Errorf("an amount without its two decimals: %q in\n%s", bad, stderr)
	}
}

// Limited stock that runs out: the summary says how many parts it left and
// that the amounts are of the parts placed, and claims no bound for the
// plan nor "the best" for the material.
func TestNestStockOutSummary(t *testing.T) {
	dir := t.TempDir()
	p := writeFiles(t, dir, map[string]string{
		"parts.csv": "ad;genişlik;yükseklik;adet;malzeme\nKare;50;50;12;Meşe\n",
		"stock.csv": "kod;malzeme;genişlik;yükseklik;adet;fiyat\na;Meşe;100;100;1;100\nb;Meşe;50;100;2;40\n",
	})
	code, _, stderr := runNestT(t, "", "--stock", p["stock.csv"], "--time", "0", p["parts.csv"])
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{"stok yetmedi: 4 parça yerleştirilemedi (plan eksik)", "Stok yetmedi: 4 parça stok yetmediği için yerleştirilemedi; tutarlar yalnız yerleştirilen parçaların."} {
		if !strings.Contains(stderr, want) {
			t.Errorf("summary lacks %q:\n%s", want, stderr)
		}
	}
	for _, claim := range []string{"ucuz olamaz", "kanıtlandı", "alt sınır"} {
		if strings.Contains(stderr, claim) {
			t.Errorf("summary claims %q with parts left for want of stock:\n%s", claim, stderr)
		}
	}
}

// A material with a stock row without a price is laid out for the least
// sheet area: its cost has no bound (0 would be claimed) and its plan is
// not "the cheapest"; the summary says why, and the total claims no bound
// either. A material with every row priced keeps its cost proof.
func TestNestUnpricedRowClaimsNoCostBound(t *testing.T) {
	dir := t.TempDir()
	p := writeFiles(t, dir, map[string]string{
		"parts.csv": "ad;genişlik;yükseklik;adet;malzeme\nKapak;40;70;4;Ceviz\nYan;56;72;2;Beyaz\n",
		"stock.csv": "kod;malzeme;genişlik;yükseklik;adet;fiyat\nc1;Ceviz;183;366;2;2650,50\nca;Ceviz;60;90;1;\nb1;Beyaz;183;366;;1450\n",
	})
	code, _, stderr := runNestT(t, "", "--stock", p["stock.csv"], "--time", "0", p["parts.csv"])
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var walnut, white string
	for _, l := range strings.Split(stderr, "\n") {
		switch {
		case strings.HasPrefix(l, "Ceviz:"):
			walnut = l
		case strings.HasPrefix(l, "Beyaz:"):
			white = l
		}
	}
	if !strings.Contains(walnut, "maliyet 2.650,50 TL (fiyatı olmayan levha satırı var: en az levha alanı arandı)") {
		t.Errorf("the unpriced material does not say why it has no cost bound: %q", walnut)
	}
	for _, claim := range []string{"alt sınır 0,00 TL", "en ucuzu", "en iyisi"} {
		if strings.Contains(walnut, claim) {
			t.Errorf("the unpriced material claims %q: %q", claim, walnut)
		}
	}
	if !strings.Contains(white, "alt sınır 1.450,00 TL, en ucuzu (kanıtlandı)") {
		t.Errorf("the priced material lost its proof: %q", white)
	}
	if !strings.Contains(stderr, "Bu planın maliyeti 4.100,50 TL.\n") || strings.Contains(stderr, "ucuz olamaz") {
		t.Errorf("the total claims a bound that leaves out the unpriced material:\n%s", stderr)
	}
}

func TestDecimal(t *testing.T) {
	for v, want := range map[float64]string{0: "0", 1450: "1.450", 16.9: "16,9", 1234567.25: "1.234.567,25", -1000.5: "-1.000,5", 0.005: "0,01", 99.999: "100"} {
		if got := decimal(v, 2); got != want {
			t.Errorf("decimal(%v) = %q, want %q", v, got, want)
		}
	}
}

// A layout of several materials writes one DXF per material: a zip of them
// for a .zip name, else FILE-<material>.dxf each, and never the one file
// with every material's sheets side by side.
func TestNestDXFPerMaterial(t *testing.T) {
	dir := t.TempDir()
	p := writeFiles(t, dir, map[string]string{"parts.csv": kitchenParts, "stock.csv": kitchenStock, "bands.csv": kitchenBands})
	zipPath, dxfPath, pdfPath := filepath.Join(dir, "mutfak.zip"), filepath.Join(dir, "mutfak.dxf"), filepath.Join(dir, "mutfak.pdf")
	args := []string{"--sheet", "183x366", "--stock", p["stock.csv"], "--bands", p["bands.csv"], "--time", "0"}
	if code, _, stderr := runNestT(t, "", append(args, "--dxf", zipPath, "--pdf", pdfPath, p["parts.csv"])...); code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	zr, err := zip.OpenReader(zipPath)
	if err != nil {
		t.Fatal(err)
	}
	defer zr.Close()
	if len(zr.File) != 3 {
		t.Fatalf("zip holds %d files, want one per material (3)", len(zr.File))
	}
	for _, f := range zr.File {
		if !strings.HasSuffix(f.Name, ".dxf") {
			t.Errorf("zip entry %q is no .dxf", f.Name)
		}
	}
	if data, err := os.ReadFile(pdfPath); err != nil || !bytes.HasPrefix(data, []byte("%PDF-")) {
		t.Fatalf("pdf: %v", err)
	}

	if code, _, stderr := runNestT(t, "", append(args, "--dxf", dxfPath, p["parts.csv"])...); code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "mutfak-*.dxf"))
	if len(files) != 3 {
		t.Fatalf("files %v, want one mutfak-<material>.dxf per material (3)", files)
	}
	if _, err := os.Stat(dxfPath); !os.IsNotExist(err) {
		t.Errorf("%s written although the layout has several materials", dxfPath)
	}

	// A .zip is a zip also when one material is laid out.
	one := filepath.Join(dir, "tek.zip")
	if code, _, stderr := runNestT(t, "Kapak;50;74;4\n", "--sheet", "100x148", "--time", "0", "--dxf", one, "-"); code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	zr1, err := zip.OpenReader(one)
	if err != nil {
		t.Fatalf("%s is no zip: %v", one, err)
	}
	defer zr1.Close()
	if len(zr1.File) != 1 || !strings.HasSuffix(zr1.File[0].Name, ".dxf") {
		t.Errorf("zip of one material holds %d files", len(zr1.File))
	}
}

// --labels writes one label per piece in the chosen preset; a bad preset
// or job name is refused before the layout, with nothing written.
func TestNestLabels(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "etiket.pdf")
	code, _, stderr := runNestT(t, "Kapak;50;74;5\n", "--sheet", "100x148", "--time", "0", "--labels", out, "--label-preset", "roll-100x50", "--job", "Mutfak Ayşe", "-")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	data, err := os.ReadFile(out)
	if err != nil || !bytes.HasPrefix(data, []byte("%PDF-")) {
		t.Fatalf("labels: %v %q", err, data[:min(len(data), 8)])
	}
	// One roll label a page: five pieces, five pages.
	if pages := pdfPages(t, out); pages != 5 {
		t.Errorf("%d label pages, want 5", pages)
	}
	for _, bad := range [][]string{{"--label-preset", "a5"}, {"--job", strings.Repeat("ş", 201)}} {
		out := filepath.Join(dir, "kötü.pdf")
		code, _, stderr := runNestT(t, "Kapak;50;74;5\n", append([]string{"--sheet", "100x148", "--labels", out}, append(bad, "-")...)...)
		if code != exitBadInput || !strings.Contains(stderr, bad[0]) {
			t.Errorf("%v: exit %d, %s", bad, code, stderr)
		}
		if _, err := os.Stat(out); !os.IsNotExist(err) {
			t.Errorf("%v: a file was written", bad)
		}
	}
}

// --job titles the --pdf with the job's name (trimmed), as the web app's
// and the server's PDF of a saved job are titled, on its first page, in its
// footers and in its metadata; without it the title is "Kesim Planı". A
// name over 200 characters is refused for the PDF alone too, before the
// layout, with nothing written.
func TestNestJobTitlesThePDF(t *testing.T) {
	dir := t.TempDir()
	// pdfTitle is the document's /Title as fpdf writes a UTF-8 one: UTF-16
	// big endian after its byte order mark.
	pdfTitle := func(title string) []byte {
		b := []byte("/Title (\xfe\xff")
		for _, u := range utf16.Encode([]rune(title)) {
			b = append(b, byte(u>>8), byte(u))
		}
		return append(b, ')')
	}
	for _, tc := range []struct{ job, title string }{
		{"  Mutfak Ayşe ", "Mutfak Ayşe"},
		{"", pdf.DefaultTitle},
	} {
		out := filepath.Join(dir, "plan.pdf")
		args := []string{"--sheet", "100x148", "--time", "0", "--pdf", out}
		if tc.job != "" {
			args = append(args, "--job", tc.job)
		}
		if code, _, stderr := runNestT(t, "Kapak;50;74;5\n", append(args, "-")...); code != exitOK {
			t.Fatalf("--job %q: exit %d: %s", tc.job, code, stderr)
		}
		data, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Contains(data, pdfTitle(tc.title)) {
			t.Errorf("--job %q: the PDF is not titled %q", tc.job, tc.title)
		}
		if _, err := exec.LookPath("pdftotext"); err == nil {
			text, err := exec.Command("pdftotext", out, "-").Output()
			if err != nil || strings.Count(string(text), tc.title+" · ") < 2 {
				t.Errorf("--job %q: the pages' footers are not headed %q (%v):\n%s", tc.job, tc.title, err, text)
			}
		}
	}
	out := filepath.Join(dir, "kötü.pdf")
	code, _, stderr := runNestT(t, "Kapak;50;74;5\n", "--sheet", "100x148", "--pdf", out, "--job", strings.Repeat("ş", 201), "-")
	if code != exitBadInput || !strings.Contains(stderr, "--job") {
		t.Errorf("a 201-character --job with --pdf: exit %d, %s", code, stderr)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Error("a 201-character --job with --pdf: the PDF was written")
	}
}

// A part id no label carries (over 64 characters with its copy number),
// or two whose barcodes would be the same (Kapı-sol and Kapi-sol: the Code
// 128 writes Turkish letters in ASCII), is refused before the layout with
// exit 2, and no output is written; a sheet address too long for the last
// sheet's QR code is exit 2 too, found by the layout. A Turkish id alone
// prints.
func TestNestLabelsRefuseBeforeTheLayout(t *testing.T) {
	dir := t.TempDir()
	part := func(id string) string {
		return `{"id":"` + id + `","name":"Kapı","width":50,"height":74,"quantity":10}`
	}
	for name, parts := range map[string]string{"same barcode": part("Kapı-sol") + "," + part("Kapi-sol"), "long": part(strings.Repeat("A", 63))} {
		out, labelsOut := filepath.Join(dir, name+".json"), filepath.Join(dir, name+".pdf")
		in := `{"sheet":{"width":100,"height":148},"parts":[` + parts + `],"options":{"timeLimitMs":0}}`
		code, _, stderr := runNestT(t, in, "--json", out, "--labels", labelsOut, "-")
		if code != exitBadInput || !strings.Contains(stderr, "--labels") || strings.Contains(stderr, "sayfa,") {
			t.Errorf("%s id: exit %d, %s; want 2 before the layout", name, code, stderr)
		}
		for _, f := range []string{out, labelsOut} {
			if _, err := os.Stat(f); !os.IsNotExist(err) {
				t.Errorf("%s id: %s written", name, filepath.Base(f))
			}
		}
	}
	turkish := filepath.Join(dir, "turkish.pdf")
	in := `{"sheet":{"width":100,"height":148},"parts":[` + part("Kapı-sol") + `],"options":{"timeLimitMs":0}}`
	if code, _, stderr := runNestT(t, in, "--labels", turkish, "-"); code != 0 {
		t.Errorf("a Turkish id: exit %d, %s; want its labels", code, stderr)
	} else if _, err := os.Stat(turkish); err != nil {
		t.Errorf("a Turkish id: %v", err)
	}
	long := "https://kesim.atolye.local/is/" + strings.Repeat("a", 160)
	code, _, stderr := runNestT(t, "Kapak;50;74;5\n", "--sheet", "100x148", "--time", "0", "--labels", filepath.Join(dir, "url.pdf"), "--sheet-url", long, "-")
	if code != exitBadInput || !strings.Contains(stderr, "Levha adresi") {
		t.Errorf("a sheet address too long for the labels: exit %d, %s", code, stderr)
	}
}

// --sheet-url puts the QR code of each sheet's checklist on the PDF's
// sheet pages and on the labels.
func TestNestSheetURL(t *testing.T) {
	pdftoppm, err1 := exec.LookPath("pdftoppm")
	zbarimg, err2 := exec.LookPath("zbarimg")
	if err1 != nil || err2 != nil {
		t.Skip("pdftoppm (poppler-utils) or zbarimg (zbar-tools) not installed")
	}
	dir := t.TempDir()
	pdfOut, labelsOut := filepath.Join(dir, "kesim.pdf"), filepath.Join(dir, "etiket.pdf")
	code, _, stderr := runNestT(t, "Kapak;50;74;2\nYan;60;140;1\n", "--sheet", "100x148", "--time", "0",
		"--pdf", pdfOut, "--labels", labelsOut, "--label-preset", "roll-100x50", "--sheet-url", "https://kesim.atolye.local/is/42", "-")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var got []string
	for _, file := range []string{pdfOut, labelsOut} {
		prefix := filepath.Join(dir, strings.TrimSuffix(filepath.Base(file), ".pdf"))
		if out, err := exec.Command(pdftoppm, "-png", "-r", "200", file, prefix).CombinedOutput(); err != nil {
			t.Fatalf("pdftoppm: %v %s", err, out)
		}
		pngs, _ := filepath.Glob(prefix + "-*.png")
		out, _ := exec.Command(zbarimg, append([]string{"-q", "--raw", "-Sdisable", "-Sqrcode.enable"}, pngs...)...).Output()
		got = append(got, strings.Fields(string(out))...)
	}
	// Two sheets: a code each in the PDF, and one per piece on the labels.
	want := map[string]int{"https://kesim.atolye.local/is/42/levha/1": 0, "https://kesim.atolye.local/is/42/levha/2": 0}
	for _, g := range got {
		if _, ok := want[g]; !ok {
			t.Errorf("decoded %q", g)
		}
		want[g]++
	}
	if n1, n2 := want["https://kesim.atolye.local/is/42/levha/1"], want["https://kesim.atolye.local/is/42/levha/2"]; n1+n2 != 5 || n1 < 2 || n2 < 2 {
		t.Errorf("decoded %v, want each sheet's address on its PDF page and its pieces' labels, 5 in all", want)
	}
}

// pdfPages counts a PDF's pages with pdfinfo (poppler-utils), skipping
// when it is not installed.
func pdfPages(t *testing.T, path string) int {
	t.Helper()
	out, err := exec.Command("pdfinfo", path).Output()
	if err != nil {
		t.Skipf("pdfinfo (poppler-utils) not usable: %v", err)
	}
	for _, line := range strings.Split(string(out), "\n") {
		if v, ok := strings.CutPrefix(line, "Pages:"); ok {
			n, _ := strconv.Atoi(strings.TrimSpace(v))
			return n
		}
	}
	t.Fatalf("pdfinfo: no page count in %s", out)
	return 0
}

// --xlsx, --csv and --quote write the cut list for Excel, its CSV (pieces
// and sheets) and the price quote; a bad amount is refused before the
// layout, with nothing written.
func TestNestCutListAndQuote(t *testing.T) {
	dir := t.TempDir()
	p := writeFiles(t, dir, map[string]string{"parts.csv": kitchenParts, "stock.csv": kitchenStock, "bands.csv": kitchenBands})
	x, c, qp, qc := filepath.Join(dir, "liste.xlsx"), filepath.Join(dir, "liste.csv"), filepath.Join(dir, "teklif.pdf"), filepath.Join(dir, "teklif.csv")
	args := []string{"--sheet", "183x366", "--stock", p["stock.csv"], "--bands", p["bands.csv"], "--time", "0",
		"--factory", "Usta Atölye", "--margin", "10", "--cut-per-metre", "2,5", "--kerf", "0,4", "--trim", "1", "--job", "Mutfak Ayşe"}
	j := filepath.Join(dir, "sonuç.json")
	if code, _, stderr := runNestT(t, "", append(args, "--xlsx", x, "--csv", c, "--quote", qp, "--json", j, p["parts.csv"])...); code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var res nest.Result
	if data, err := os.ReadFile(j); err != nil || json.Unmarshal(data, &res) != nil {
		t.Fatalf("result: %v", err)
	}
	if code, _, stderr := runNestT(t, "", append(args, "--quote", qc, p["parts.csv"])...); code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for path, magic := range map[string]string{x: "PK", qp: "%PDF-", c: "\uFEFF", filepath.Join(dir, "liste-levhalar.csv"): "\uFEFF", qc: "\uFEFF"} {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.HasPrefix(data, []byte(magic)) {
			t.Errorf("%s starts with %q, want %q", path, data[:min(len(data), 8)], magic)
		}
	}
	pieces, _ := os.ReadFile(c)
	// One line per placed piece after the header, ;-separated.
	lines := strings.Split(strings.TrimRight(string(pieces), "\r\n"), "\r\n")
	if len(lines) != res.Stats.Placed+1 || !strings.Contains(lines[0], ";") {
		t.Errorf("cut list CSV: %d lines for %d pieces:\n%s", len(lines), res.Stats.Placed, pieces)
	}
	quoteCSV, _ := os.ReadFile(qc)
	if !strings.Contains(string(quoteCSV), "KDV") {
		t.Errorf("quote CSV names no KDV:\n%s", quoteCSV)
	}
	// The sheets' leftovers are the offcuts the rack gets for the layout
	// (nest.Leftovers of its kerf and trim, under the rack's default rule,
	// every one of them).
	sheets, _ := os.ReadFile(filepath.Join(dir, "liste-levhalar.csv"))
	checkLeftovers := func(sheets []byte, side float64) {
		t.Helper()
		cr := csv.NewReader(strings.NewReader(strings.TrimPrefix(string(sheets), "\uFEFF")))
		cr.Comma = ';'
		rows, err := cr.ReadAll()
		if err != nil || len(rows) == 0 {
			t.Fatalf("sheets CSV (%v):\n%s", err, sheets)
		}
		col := slices.Index(rows[0], "Artık parçalar (cm)")
		rack := make([][]cutlist.Rect, len(res.Pages))
		for _, l := range nest.Leftovers(nest.Request{Options: nest.Options{Kerf: 0.4, Trim: 1}}, res, []nest.OffcutRule{{MinWidth: side, MinHeight: side}}) {
			rack[l.Page] = append(rack[l.Page], cutlist.Rect{X: l.X, Y: l.Y, Width: l.Width, Height: l.Height})
		}
		if col < 0 || len(rows) != len(res.Pages)+1 {
			t.Fatalf("sheets CSV:\n%s", sheets)
		}
		for i, r := range rows[1:] {
			if got, want := r[col], cutlist.LeftoverText(rack[i]); got != want {
				t.Errorf("at least %g cm: sheet %d: the cut list lists leftovers %q, the rack gets %q", side, i+1, got, want)
			}
		}
	}
	checkLeftovers(sheets, nest.DefaultOffcutCM)
	// --leftover-min lists the leftovers of another smallest side.
	c10 := filepath.Join(dir, "liste10.csv")
	if code, _, stderr := runNestT(t, "", append(args, "--leftover-min", "10", "--csv", c10, p["parts.csv"])...); code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	sheets10, _ := os.ReadFile(filepath.Join(dir, "liste10-levhalar.csv"))
	checkLeftovers(sheets10, 10)
	if bytes.Equal(sheets10, sheets) {
		t.Error("--leftover-min 10 lists the same leftovers as the default 30 cm")
	}
	for _, bad := range []string{"abc", "0", "-5"} {
		if code, _, stderr := runNestT(t, "", append(args, "--leftover-min", bad, "--csv", c10, p["parts.csv"])...); code != exitBadInput || !strings.Contains(stderr, "--leftover-min") {
			t.Errorf("--leftover-min %s: exit %d, %s", bad, code, stderr)
		}
	}
	// The quote names the job (--job) under its title.
	if _, err := exec.LookPath("pdftotext"); err == nil {
		text, err := exec.Command("pdftotext", qp, "-").Output()
		if err != nil || !strings.Contains(string(text), "İş: Mutfak Ayşe") {
			t.Errorf("the quote does not name the job (%v):\n%s", err, text)
		}
	}

	out := filepath.Join(dir, "kötü.pdf")
	for _, bad := range [][]string{{"--kdv", "-1"}, {"--margin", "yüzde on"}, {"--cut-per-sheet", "1e12"}, {"--job", strings.Repeat("ş", 201)}} {
		code, _, stderr := runNestT(t, "", append([]string{"--sheet", "183x366", "--quote", out}, append(bad, p["parts.csv"])...)...)
		if code != exitBadInput {
			t.Errorf("%v: exit %d, %s", bad, code, stderr)
		}
		if _, err := os.Stat(out); !os.IsNotExist(err) {
			t.Errorf("%v: a file was written", bad)
		}
	}
}

// Amounts on the quote's flags are read as the stock CSV's prices: 1.450 is
// a thousand and more (it was 1,45 TL), with or without kuruş.
func TestQuoteFlagsTurkishAmounts(t *testing.T) {
	opt, err := quoteFlags{sheetPrice: "1.450", cutPerSheet: "1.250,50", cutPerMetre: "2,5", margin: "12.5"}.options()
	if err != nil {
		t.Fatal(err)
	}
	if opt.SheetPrice != 1450 || opt.CutPerSheet != 1250.5 || opt.CutPerMetre != 2.5 || opt.MarginPct != 12.5 {
		t.Errorf("options %+v", opt)
	}
	if _, err := (quoteFlags{sheetPrice: "1.45.0"}).options(); err == nil || !strings.Contains(err.Error(), "--sheet-price") {
		t.Errorf("1.45.0: %v", err)
	}
}

// An output never replaces what kesim nest reads, and two outputs never
// name one file: exit 2 before the layout (or, for the names the layout
// makes, before anything is written), the file named, the input as it
// was. `--csv b.csv b.csv` used to turn the part list into the cut list.
func TestNestRefusesOutputOverInput(t *testing.T) {
	dir := t.TempDir()
	parts := "Ad;Genişlik;Yükseklik;Adet\nKapak;50;74;5\n"
	p := writeFiles(t, dir, map[string]string{
		"b.csv": parts, "a-levhalar.csv": parts, "ps-2.dxf": parts, "r.json": `{"sheet":{"width":100,"height":148},"parts":[{"name":"A","width":10,"height":10,"quantity":1}]}`,
		"stok.csv": kitchenStock, "bant.csv": kitchenBands, "mutfak.csv": kitchenParts,
		"m-beyaz-sunta-18mm.dxf": kitchenBands,
	})
	link := filepath.Join(dir, "bağ.csv")
	if err := os.Symlink(p["b.csv"], link); err != nil {
		t.Skipf("no symlinks here: %v", err)
	}
	j, pdf := filepath.Join(dir, "x.json"), filepath.Join(dir, "x.pdf")
	sheet := []string{"--sheet", "100x148", "--time", "0"}
	for _, tt := range []struct {
		name string
		args []string
		want string
	}{
		{"CSV over its part list", []string{"--csv", p["b.csv"], p["b.csv"]}, "--csv " + p["b.csv"] + ", girdi " + p["b.csv"] + " ile aynı dosya"},
		{"JSON over its request", []string{"--json", p["r.json"], p["r.json"]}, "--json " + p["r.json"] + ", girdi"},
		{"through a link", []string{"--xlsx", link, p["b.csv"]}, "--xlsx " + link + ", girdi " + p["b.csv"] + " ile aynı dosya"},
		{"the sheets' list over the input", []string{"--csv", filepath.Join(dir, "a.csv"), p["a-levhalar.csv"]}, "(" + p["a-levhalar.csv"] + "), girdi"},
		{"a sheet's DXF over the input", []string{"--dxf", filepath.Join(dir, "ps.dxf"), "--dxf-per-sheet", p["ps-2.dxf"]}, "(" + p["ps-2.dxf"] + "), girdi"},
		{"over the stock", []string{"--stock", p["stok.csv"], "--pdf", p["stok.csv"], p["mutfak.csv"]}, "--pdf " + p["stok.csv"] + ", --stock " + p["stok.csv"]},
		// The layout names one DXF per material; that one is the bands'.
		{"a material's DXF over the bands", []string{"--stock", p["stok.csv"], "--bands", p["m-beyaz-sunta-18mm.dxf"], "--dxf", filepath.Join(dir, "m.dxf"), "--pdf", pdf, p["mutfak.csv"]},
			"(" + p["m-beyaz-sunta-18mm.dxf"] + "), --bands"},
		{"two outputs, one file", []string{"--json", j, "--pdf", j, p["b.csv"]}, "--json " + j + " ve --pdf " + j + " aynı dosya"},
		{"two outputs to standard output", []string{"--json", "-", "--pdf", "-", p["b.csv"]}, "--json - ve --pdf -: ikisi birden standart çıktıya"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := runNestT(t, "", append(sheet, tt.args...)...)
			if code != exitBadInput || !strings.Contains(stderr, tt.want) || stdout != "" {
				t.Errorf("exit %d, stdout %d bytes, stderr %q; want 2 and %q", code, len(stdout), stderr, tt.want)
			}
			for name, path := range p {
				if data, _ := os.ReadFile(path); name != "r.json" && name != "stok.csv" && name != "bant.csv" && name != "mutfak.csv" &&
					name != "m-beyaz-sunta-18mm.dxf" && string(data) != parts {
					t.Errorf("%s was changed: %.40q", name, data)
				}
			}
			for _, out := range []string{j, pdf, filepath.Join(dir, "ps-1.dxf"), filepath.Join(dir, "a.csv")} {
				if _, err := os.Stat(out); err == nil {
					t.Errorf("%s was written", out)
				}
			}
		})
	}
	if data, _ := os.ReadFile(p["r.json"]); !strings.HasPrefix(string(data), `{"sheet"`) {
		t.Errorf("the JSON request was changed: %.40q", data)
	}
	if data, _ := os.ReadFile(p["m-beyaz-sunta-18mm.dxf"]); string(data) != kitchenBands {
		t.Errorf("the bands were changed: %.40q", data)
	}
}

// Outputs are written all or none: when one cannot be written, the files
// of an earlier run are as they were (keep.json was already replaced) and
// the message is Turkish, naming the user's file, never the temporary one
// (".x.pdf.2184371479: no such file or directory").
func TestNestFailedWriteKeepsEarlierOutputs(t *testing.T) {
	dir := t.TempDir()
	keep := filepath.Join(dir, "keep.json")
	folder := filepath.Join(dir, "klasör")
	if err := os.Mkdir(folder, 0o755); err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(dir, "yok", "x.pdf")
	for _, tt := range []struct {
		pdf, want string
	}{
		{missing, missing + " yazılamadı: klasör yok (" + filepath.Dir(missing) + ")"},
		{folder, folder + " yazılamadı: bir klasör"},
	} {
		if err := os.WriteFile(keep, []byte("OLD\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		code, _, stderr := runNestT(t, "Kapak;50;74;4\n", "--sheet", "100x148", "--time", "0", "--json", keep, "--pdf", tt.pdf, "-")
		if code != exitFailure || !strings.Contains(stderr, tt.want) || strings.Contains(stderr, ".x.pdf.") {
			t.Errorf("--pdf %s: exit %d, %q; want 1 and %q", tt.pdf, code, stderr, tt.want)
		}
		if data, _ := os.ReadFile(keep); string(data) != "OLD\n" {
			t.Errorf("--pdf %s: keep.json was replaced by a run that failed: %.40q", tt.pdf, data)
		}
		if tmp, _ := filepath.Glob(filepath.Join(dir, ".keep.json.*")); len(tmp) != 0 {
			t.Errorf("temporary files left: %v", tmp)
		}
	}
}

// A job of one sheet after one of two leaves the earlier FILE-2.dxf, the
// user's file, in place, and warns that it is not this plan's: a saw
// operator could cut it.
func TestNestWarnsOfStaleDXF(t *testing.T) {
	dir := t.TempDir()
	ps := filepath.Join(dir, "ps.dxf")
	if code, _, stderr := runNestT(t, "Kapak;50;74;5\n", "--sheet", "100x148", "--time", "0", "--dxf", ps, "--dxf-per-sheet", "-"); code != exitOK || strings.Contains(stderr, "UYARI") {
		t.Fatalf("two sheets: exit %d, %s", code, stderr)
	}
	code, _, stderr := runNestT(t, "Kapak;50;74;2\n", "--sheet", "100x148", "--time", "0", "--dxf", ps, "--dxf-per-sheet", "-")
	if code != exitOK {
		t.Fatalf("one sheet: exit %d, %s", code, stderr)
	}
	stale := filepath.Join(dir, "ps-2.dxf")
	if want := "UYARI: " + stale + " bu plana ait değil (önceki bir çalıştırmadan kalmış olabilir)."; !strings.Contains(stderr, want) {
		t.Errorf("stderr %q lacks %q", stderr, want)
	}
	if strings.Contains(stderr, "ps-1.dxf bu plana") {
		t.Errorf("this run's file named stale: %s", stderr)
	}
	if _, err := os.Stat(stale); err != nil {
		t.Errorf("the user's %s was removed: %v", stale, err)
	}
	// Per material too: the one-file layout names the old sheets as well.
	code, _, stderr = runNestT(t, "Kapak;50;74;2\n", "--sheet", "100x148", "--time", "0", "--dxf", ps, "-")
	if code != exitOK || !strings.Contains(stderr, "ps-1.dxf bu plana ait değil") || !strings.Contains(stderr, "ps-2.dxf bu plana ait değil") {
		t.Errorf("one DXF beside old sheets: exit %d, %s", code, stderr)
	}
}

// Nothing fits: the files are refused (exit 2) after each part and its
// reason are named, in the CLI's words, not the web app's "add parts
// first"; without files the summary proves nothing ("kanıtlandı" of 0
// pages was claimed).
func TestNestNothingFits(t *testing.T) {
	dir := t.TempDir()
	big := "Ad;Genişlik;Yükseklik;Adet\nBüyük;200;10;1\n"
	out := filepath.Join(dir, "e.pdf")
	code, _, stderr := runNestT(t, big, "--sheet", "100x148", "--time", "0", "--pdf", out, "-")
	skipped := `UYARI: "Büyük" (200x10 cm, 1 adet) yerleştirilmedi: ` + nest.SkipReason
	if code != exitBadInput || !strings.Contains(stderr, skipped) || !strings.Contains(stderr, msgNothingPlaced) ||
		strings.Index(stderr, skipped) > strings.Index(stderr, msgNothingPlaced) || strings.Contains(stderr, "Export") {
		t.Errorf("with --pdf: exit %d, %q", code, stderr)
	}
	if _, err := os.Stat(out); err == nil {
		t.Errorf("%s was written", out)
	}
	code, _, stderr = runNestT(t, big, "--sheet", "100x148", "--time", "0", "-")
	if code != exitOK || !strings.Contains(stderr, skipped) || strings.Contains(stderr, "kanıtlandı") || !strings.Contains(stderr, "Hiçbir parça yerleştirilmedi") {
		t.Errorf("summary only: exit %d, %q", code, stderr)
	}
}

// A CSV job is held to the engine's limits, as the same job in JSON is:
// a 1500 cm part, a 1220 cm stock sheet and 10.001 lines lay out; a
// quantity beyond 100.000 pieces, however large, is refused as the JSON
// request of it is, the CSV's message naming the cell and the range as
// the web app's list readers do (99999999999999999999999 was "tam sayı
// değil").
func TestNestCSVHasTheEnginesLimits(t *testing.T) {
	dir := t.TempDir()
	var many strings.Builder
	many.WriteString("Ad;Genişlik;Yükseklik;Adet\n")
	for i := 0; i < 10001; i++ {
		many.WriteString("Raf;1;1;1\n")
	}
	p := writeFiles(t, dir, map[string]string{"stok.csv": "kod;genişlik;yükseklik\ns1;1220;100\n", "çok.csv": many.String()})
	for _, tt := range []struct {
		stdin string
		args  []string
		want  string
	}{
		{"Ad;Genişlik;Yükseklik;Adet\nUzun;1500;50;1\n", []string{"--sheet", "2000x100"}, "1 parça"},
		{"Ad;Genişlik;Yükseklik;Adet\nRaf;60;40;2\n", []string{"--stock", p["stok.csv"]}, "levha s1 (malzemesiz, 1220x100 cm)"},
		{"", []string{"--sheet", "100x100", p["çok.csv"]}, "10.001 parça"},
	} {
		args := append(append([]string{"--time", "0"}, tt.args...), "-")
		if tt.stdin == "" {
			args = args[:len(args)-1]
		}
		if code, _, stderr := runNestT(t, tt.stdin, args...); code != exitOK || !strings.Contains(stderr, tt.want) {
			t.Errorf("%v: exit %d, %s", tt.args, code, stderr)
		}
	}
	// The JSON request of the same quantity is refused too.
	code, _, jsonErr := runNestT(t, `{"sheet":{"width":100,"height":100},"parts":[{"name":"Raf","width":10,"height":10,"quantity":100001}]}`, "--time", "0", "-")
	if code != exitBadInput || !strings.Contains(jsonErr, "Parça sayısı çok fazla: en fazla 100.000 adet yerleştirilebilir.") {
		t.Errorf("JSON quantity 100001: exit %d, %q", code, jsonErr)
	}
	for _, q := range []string{"100001", "99999999999999999999999"} {
		code, _, stderr := runNestT(t, "Raf;10;10;"+q+"\n", "--sheet", "100x100", "--time", "0", "-")
		want := `satır 1, adet: "` + q + `" adet olamaz; 1 ile 100.000 arasında bir tam sayı yazın`
		if code != exitBadInput || !strings.Contains(stderr, want) {
			t.Errorf("quantity %s: exit %d, %q", q, code, stderr)
		}
	}
}

// --workers 0 is every core, as the flag's default and its help say; the
// engine would take 0 as one. Beyond 64 the engine's message, exit 2.
func TestNestWorkersZeroIsEveryCore(t *testing.T) {
	var f nestFlags
	fs := cmdNest.flagSet()
	f.register(fs)
	if err := fs.Parse([]string{"--workers", "0", "--sheet", "100x148"}); err != nil {
		t.Fatal(err)
	}
	f.set = map[string]bool{"workers": true, "sheet": true}
	req := nest.Request{Parts: []nest.Part{{Name: "A", Width: 1, Height: 1, Quantity: 1}}}
	if err := f.apply(&req, false); err != nil || req.Options.Workers != defaultWorkers() {
		t.Errorf("--workers 0: options.workers %d (%v), want every core (%d)", req.Options.Workers, err, defaultWorkers())
	}
	if code, _, stderr := runNestT(t, "Kapak;50;74;4\n", "--sheet", "100x148", "--time", "0", "--workers", "0", "-"); code != exitOK {
		t.Errorf("--workers 0: exit %d, %s", code, stderr)
	}
	if code, _, stderr := runNestT(t, "Kapak;50;74;4\n", "--sheet", "100x148", "--time", "0", "--workers", "65", "-"); code != exitBadInput || !strings.Contains(stderr, "Çalışan sayısı 0 ile 64 arasında olmalı.") {
		t.Errorf("--workers 65: exit %d, %s", code, stderr)
	}
}

// Parts of two materials and no stock rows are cut from the canvas: the
// summary's buy list names the canvas once per material with its sheets,
// as the PDF's order summary does, not once with all of them.
func TestNestSummaryPerMaterialOnTheCanvas(t *testing.T) {
	dir := t.TempDir()
	p := writeFiles(t, dir, map[string]string{"parts.csv": "Ad;Genişlik;Yükseklik;Adet;Malzeme;Kalınlık\n" +
		"Kapak;45,5;30;6;MDF;18\nRaf;80;35;4;Sunta;18\n"})
	out := filepath.Join(dir, "sonuç.json")
	code, _, stderr := runNestT(t, "", "--sheet", "100x148", "--time", "0", "--json", out, p["parts.csv"])
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	res := readResult(t, out)
	sheets := map[string]int{}
	for _, pg := range res.Pages {
		sheets[materialName(pg.Material, pg.Thickness)]++
	}
	_, buy, _ := strings.Cut(stderr, "Satın alınacaklar:")
	for name, n := range sheets {
		if want := fmt.Sprintf(" · %s: %d levha", name, n); !strings.Contains(buy, want) {
			t.Errorf("buy list lacks %q:\n%s", want, stderr)
		}
	}
	if len(sheets) != 2 {
		t.Errorf("sheets per material %v, want two materials", sheets)
	}
}

// readResult reads the result JSON kesim nest wrote to path.
func readResult(t *testing.T, path string) nest.Result {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var res nest.Result
	if err := json.Unmarshal(data, &res); err != nil {
		t.Fatal(err)
	}
	return res
}
