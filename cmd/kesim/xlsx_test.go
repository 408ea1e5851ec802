package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"
)

// xlsxFixtures is where partcsv keeps the workbooks of xlsxparity.json.
const xlsxFixtures = "../../internal/partcsv/testdata/xlsx"

// pastedGrid is the grid of parts.xlsx in xlsxparity.json as Excel copies
// it: tab separated.
func pastedGrid(t *testing.T, file string) string {
	t.Helper()
	data, err := os.ReadFile("../../internal/partcsv/testdata/xlsxparity.json")
	if err != nil {
		t.Fatal(err)
	}
	var p struct {
		Cases []struct {
			File string     `json:"file"`
			Grid [][]string `json:"grid"`
		} `json:"cases"`
	}
	if err := json.Unmarshal(data, &p); err != nil {
		t.Fatal(err)
	}
	for _, c := range p.Cases {
		if c.File == file {
			var b strings.Builder
			for _, row := range c.Grid {
				b.WriteString(strings.Join(row, "\t") + "\n")
			}
			return b.String()
		}
	}
	t.Fatalf("no case %s", file)
	return ""
}

// kesim nest lays out a workbook's first sheet as it lays out the same
// cells in a tab-separated file: the same parts, the same layout; from
// standard input too.
func TestNestXLSX(t *testing.T) {
	dir := t.TempDir()
	xlsx, err := os.ReadFile(filepath.Join(xlsxFixtures, "parts.xlsx"))
	if err != nil {
		t.Fatal(err)
	}
	p := writeFiles(t, dir, map[string]string{"parçalar.xlsx": string(xlsx), "parçalar.txt": pastedGrid(t, "parts.xlsx")})
	fromXLSX, _, err := readRequest(p["parçalar.xlsx"], nil, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	fromText, _, err := readRequest(p["parçalar.txt"], nil, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if len(fromXLSX.Parts) != 5 || !reflect.DeepEqual(fromXLSX, fromText) {
		t.Fatalf("workbook %+v\nwant as the text %+v", fromXLSX.Parts, fromText.Parts)
	}
	var outs []string
	for _, in := range []struct{ stdin, arg string }{{"", p["parçalar.xlsx"]}, {"", p["parçalar.txt"]}, {string(xlsx), "-"}} {
		code, stdout, stderr := runNestT(t, in.stdin, "--sheet", "1500x200", "--time", "0", "--json", "-", in.arg)
		if code != exitOK {
			t.Fatalf("%s: exit %d: %s", in.arg, code, stderr)
		}
		outs = append(outs, stdout)
	}
	if outs[0] != outs[1] || outs[2] != outs[1] || !strings.Contains(outs[0], "Çekmece önü ĞÜŞİÖÇ") {
		t.Errorf("layouts differ:\n%s\n%s\n%s", outs[0], outs[1], outs[2])
	}
}

// --stock and --bands read workbooks: the same stock rows and band codes
// as the same cells in a CSV, and a job laid out with them.
func TestNestStockXLSX(t *testing.T) {
	dir := t.TempDir()
	p := writeFiles(t, dir, map[string]string{"parts.csv": kitchenParts, "stock.csv": kitchenStock, "bands.csv": kitchenBands})
	for _, l := range []struct{ csv, xlsx string }{{kitchenStock, "stok.xlsx"}, {kitchenBands, "bant.xlsx"}} {
		f := excelize.NewFile()
		for i, line := range strings.Split(strings.TrimSpace(l.csv), "\n") {
			for j, cell := range strings.Split(line, ";") {
				if cell == "" {
					continue
				}
				var v any = cell
				// numbers as numbers: 1.450 is 1450, 0,8 is 0.8
				var n float64
				if _, err := fmt.Sscan(strings.Replace(strings.ReplaceAll(cell, ".", ""), ",", ".", 1), &n); err == nil && i > 0 && j > 0 {
					v = n
				}
				ref, _ := excelize.CoordinatesToCellName(j+1, i+1)
				if err := f.SetCellValue("Sheet1", ref, v); err != nil {
					t.Fatal(err)
				}
			}
		}
		p[l.xlsx] = filepath.Join(dir, l.xlsx)
		if err := f.SaveAs(p[l.xlsx]); err != nil {
			t.Fatal(err)
		}
		f.Close()
	}
	read := func(stock, bands string) ([]byte, []byte) {
		req, _, err := readRequest(p["parts.csv"], nil, io.Discard)
		if err != nil {
			t.Fatal(err)
		}
		var f nestFlags
		f.set = map[string]bool{"stock": true, "bands": true}
		f.stock, f.bands = stock, bands
		if err := f.readLists(&req, p["parts.csv"], nil, io.Discard); err != nil {
			t.Fatal(err)
		}
		s, _ := json.Marshal(req.Stock)
		b, _ := json.Marshal(req.Bands)
		return s, b
	}
	s, b := read(p["stok.xlsx"], p["bant.xlsx"])
	ws, wb := read(p["stock.csv"], p["bands.csv"])
	if string(s) != string(ws) || string(b) != string(wb) || !strings.Contains(string(s), `"price":1450`) {
		t.Errorf("from workbooks\n%s\n%s\nwant\n%s\n%s", s, b, ws, wb)
	}
	code, _, stderr := runNestT(t, "", "--stock", p["stok.xlsx"], "--bands", p["bant.xlsx"], "--time", "0", p["parts.csv"])
	if code != exitOK || !strings.Contains(stderr, "Satın alınacaklar:") {
		t.Errorf("exit %d: %s", code, stderr)
	}
}

// A workbook that cannot be read (and a zip that is none) is refused
// naming the file as other errors name it, with exit 2 and nothing written.
func TestNestXLSXRefused(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{"parts.csv": kitchenParts}
	for _, name := range []string{"notworkbook.xlsx", "broken.xlsx", "old.xls", "toomanyrows.xlsx"} {
		data, err := os.ReadFile(filepath.Join(xlsxFixtures, name))
		if err != nil {
			t.Fatal(err)
		}
		files[name] = string(data)
	}
	p := writeFiles(t, dir, files)
	out := filepath.Join(dir, "sonuç.json")
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{p["old.xls"]}, "kesim nest: old.xls:\nEski Excel biçimi (.xls) ya da parolalı bir dosya okunamıyor: Excel'de parolasız .xlsx ya da CSV olarak kaydedin.\n"},
		{[]string{"--stock", p["broken.xlsx"], p["parts.csv"]}, "kesim nest: --stock broken.xlsx:\nExcel dosyası okunamadı: bozuk ya da bir .xlsx çalışma kitabı değil.\n"},
		// a zip that is no workbook is no list at all
		{[]string{"--stock", p["notworkbook.xlsx"], p["parts.csv"]}, "kesim nest: --stock notworkbook.xlsx:\nBu dosya bir zip arşivi, levha listesi değil; levhaları CSV, metin ya da Excel (.xlsx) dosyası olarak verin.\n"},
		{[]string{"--bands", p["toomanyrows.xlsx"], p["parts.csv"]}, "kesim nest: --bands toomanyrows.xlsx:\nExcel dosyası çok büyük: ilk sayfası en fazla 100.001 satır ve 256 sütun, açılınca her parçası en fazla 50 MB olabilir.\n"},
	} {
		code, stdout, stderr := runNestT(t, "", append([]string{"--sheet", "183x366", "--json", out}, tt.args...)...)
		if code != exitBadInput || stdout != "" || stderr != tt.want {
			t.Errorf("%v: exit %d, %q\nwant %q", tt.args, code, stderr, tt.want)
		}
		if _, err := os.Stat(out); err == nil {
			t.Errorf("%v: %s written", tt.args, out)
		}
	}
}
