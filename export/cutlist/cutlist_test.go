package cutlist

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"kesim/export"
	"kesim/nest"
)

// layout lays out a real job with materials, stock rows and bands.
func layout(t testing.TB, n int) (nest.Request, nest.Result) {
	t.Helper()
	req := nest.Request{
		Sheet:   nest.Sheet{Width: 280, Height: 207},
		Options: nest.Options{Kerf: 0.4, Guillotine: true, TimeLimitMs: 0, Seed: 1},
		Stock: []nest.Stock{
			{ID: "mdf18", Name: "MDF 18 beyaz", Material: "MDF", Thickness: 18, Width: 280, Height: 207, Price: 1450.5},
			{ID: "sunta", Name: "Sunta", Material: "Sunta", Thickness: 18, Width: 366, Height: 183, Price: 900},
		},
		Bands: []nest.Band{{Code: "A", Name: "PVC 0,8", Price: 6.5}, {Code: "B", Name: "ABS 2", Price: 12}},
	}
	sizes := [][2]float64{{60, 40}, {45.5, 30}, {72, 56}, {100, 20}, {33.3, 33.3}}
	for i := 0; i < n; i++ {
		s := sizes[i%len(sizes)]
		mat := "MDF"
		if i%3 == 0 {
			mat = "Sunta"
		}
		req.Parts = append(req.Parts, nest.Part{ID: fmt.Sprintf("p%d", i), Name: fmt.Sprintf("Kapak-%d", i), Width: s[0], Height: s[1],
			Quantity: 1, Material: mat, Thickness: 18, Edges: &nest.Edges{Top: "A", Left: "B"}})
	}
	res, err := nest.Layout(context.Background(), req, nil)
	if err != nil {
		t.Fatal(err)
	}
	return req, res
}

func opts(req nest.Request) Options { return ForRequest(req) }

// cutOrder returns the parts of every page of res in the order the cut
// list lists them: by their number on the sheet (export.Numbers under the
// request's kerf), as the PDF numbers them.
func cutOrder(req nest.Request, res nest.Result) [][]nest.Placed {
	out := make([][]nest.Placed, len(res.Pages))
	for i, p := range res.Pages {
		out[i] = make([]nest.Placed, len(p.Parts))
		for j, n := range export.Numbers(res, i, export.KerfOf(&req)) {
			out[i][n-1] = p.Parts[j]
		}
	}
	return out
}

// parseCSV reads a Turkish Excel CSV back: BOM, ";" fields, CRLF lines.
func parseCSV(t *testing.T, b []byte) [][]string {
	t.Helper()
	if !bytes.HasPrefix(b, []byte(BOM)) {
		t.Fatal("CSV does not start with the UTF-8 BOM")
	}
	if bytes.Count(b, []byte("\n")) != bytes.Count(b, []byte("\r\n")) {
		t.Fatal("CSV lines must end in CRLF")
	}
	r := csv.NewReader(bytes.NewReader(b[len(BOM):]))
	r.Comma = ';'
	rows, err := r.ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

func trNum(t *testing.T, s string) float64 {
	t.Helper()
	if strings.Contains(s, ".") {
		t.Fatalf("number %q has a decimal point, not a comma", s)
	}
	v, err := strconv.ParseFloat(strings.Replace(s, ",", ".", 1), 64)
	if err != nil {
		t.Fatalf("number %q: %v", s, err)
	}
	return v
}

func TestCSVParsesBack(t *testing.T) {
	req, res := layout(t, 40)
	var b bytes.Buffer
	if err := WriteCSV(&b, res, opts(req)); err != nil {
		t.Fatal(err)
	}
	rows := parseCSV(t, b.Bytes())
	if strings.Join(rows[0], ";") != strings.Join(PieceHeaders, ";") {
		t.Fatalf("header %v", rows[0])
	}
	k := 1
	order := cutOrder(req, res)
	for pi, p := range res.Pages {
		for n, pp := range order[pi] {
			r := rows[k][:1]
			if rows[k][1] != strconv.Itoa(n+1) {
				t.Fatalf("row %v for piece %s: No %s, want %d", rows[k], pp.ID, rows[k][1], n+1)
			}
			r = append(r, rows[k][2:]...) // the columns after No as they were
			k++
			if trNum(t, r[0]) != float64(pi+1) || r[1] != pp.ID || r[8] != p.Material {
				t.Fatalf("row %v for piece %s on page %d", r, pp.ID, pi+1)
			}
			for i, v := range []float64{pp.X, pp.Y, pp.Width, pp.Height} {
				if math.Abs(trNum(t, r[3+i])-v) > 0.005 {
					t.Fatalf("piece %s column %s = %s, want %v", pp.ID, PieceHeaders[4+i], r[3+i], v)
				}
			}
			if (r[7] == "Evet") != pp.Rotated || trNum(t, r[9]) != p.Thickness {
				t.Fatalf("row %v", r)
			}
			if pp.Edges != nil && (r[10] != pp.Edges.Top || r[11] != pp.Edges.Bottom || r[12] != pp.Edges.Left || r[13] != pp.Edges.Right) {
				t.Fatalf("bands %v, want %+v", r[10:], *pp.Edges)
			}
		}
	}
	if k != len(rows) || k-1 != res.Stats.Placed {
		t.Fatalf("%d rows for %d placed pieces", len(rows)-1, res.Stats.Placed)
	}

	b.Reset()
	if err := WriteSheetsCSV(&b, res, opts(req)); err != nil {
		t.Fatal(err)
	}
	rows = parseCSV(t, b.Bytes())
	if len(rows) != len(res.Pages)+1 {
		t.Fatalf("%d sheet rows for %d pages", len(rows)-1, len(res.Pages))
	}
	for i, p := range res.Pages {
		r := rows[i+1]
		want := 0.0
		for _, c := range p.Cuts {
			want += c.Length
		}
		if trNum(t, r[6]) != float64(p.Efficiency) || trNum(t, r[7]) != float64(len(p.Cuts)) || math.Abs(trNum(t, r[8])-want) > 0.01 {
			t.Fatalf("sheet row %v, page %+v", r, p.Efficiency)
		}
		if !strings.Contains(r[1], p.StockID) {
			t.Fatalf("stock column %q, want %q", r[1], p.StockID)
		}
	}
}

func TestCSVFieldsAreSafe(t *testing.T) {
	res := nest.Result{Sheet: nest.Sheet{Width: 100, Height: 100}, Pages: []nest.Page{{Parts: []nest.Placed{
		{ID: "=1+1", Name: `Raf; "üst"` + "\nikinci", Width: 10.25, Height: 1450},
	}}}}
	res.Pages[0].Parts[0].Height = 50
	var b bytes.Buffer
	if err := WriteCSV(&b, res, Options{}); err != nil {
		t.Fatal(err)
	}
	rows := parseCSV(t, b.Bytes())
	if rows[1][1] != "1" || rows[1][2] != "'=1+1" || rows[1][3] != `Raf; "üst" ikinci` || rows[1][6] != "10,25" {
		t.Fatalf("row %q", rows[1])
	}
}

func TestBadInputIsTurkishError(t *testing.T) {
	_, res := layout(t, 5)
	var b bytes.Buffer
	for _, o := range []Options{{MinLeftover: math.NaN()}, {MinLeftover: -1}, {Trim: math.Inf(1)}, {MaxLeftovers: 1000}} {
		if err := WriteXLSX(&b, res, o); !errors.Is(err, ErrBadOptions) {
			t.Fatalf("options %+v: %v", o, err)
		}
	}
	bad := res
	bad.Pages = append([]nest.Page(nil), res.Pages...)
	bad.Pages[0].Parts = append([]nest.Placed(nil), res.Pages[0].Parts...)
	bad.Pages[0].Parts[0].Width = math.NaN()
	if err := WriteCSV(&b, bad, Options{}); err != ErrBadResult {
		t.Fatal(err)
	}
	if err := WriteCSV(&b, nest.Result{}, Options{}); err != ErrNothing {
		t.Fatal(err)
	}
}

// TestXLSXReadByOpenpyxl opens the workbook with Python's openpyxl and
// compares every cell with the result.
func TestXLSXReadByOpenpyxl(t *testing.T) {
	py := "/usr/bin/python3"
	if exec.Command(py, "-c", "import openpyxl").Run() != nil {
		t.Skip("python3-openpyxl is not installed (apt-get install python3-openpyxl)")
	}
	req, res := layout(t, 60)
	res.Pages[0].Parts[0].Name = `<Raf & "üst"> ş ]]>`
	var b bytes.Buffer
	if err := WriteXLSX(&b, res, opts(req)); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "kesim.xlsx")
	if err := os.WriteFile(file, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	script := `import json, sys, openpyxl
wb = openpyxl.load_workbook(sys.argv[1])
out = {}
for ws in wb.worksheets:
    out[ws.title] = [[c.value for c in row] for row in ws.iter_rows()]
    out[ws.title + ".fmt"] = ws.cell(row=2, column=5).number_format
print(json.dumps(out))`
	got, err := exec.Command(py, "-c", script, file).Output()
	if err != nil {
		t.Fatal(err)
	}
	var wb map[string]any
	if err := json.Unmarshal(got, &wb); err != nil {
		t.Fatal(err)
	}
	pieces, _ := wb[PiecesSheet].([]any)
	sheets, _ := wb[SheetsSheet].([]any)
	if len(pieces) != res.Stats.Placed+1 || len(sheets) != len(res.Pages)+1 {
		t.Fatalf("%d piece rows, %d sheet rows; want %d and %d", len(pieces)-1, len(sheets)-1, res.Stats.Placed, len(res.Pages))
	}
	if wb[PiecesSheet+".fmt"] != "#,##0.00" {
		t.Fatalf("number format %v", wb[PiecesSheet+".fmt"])
	}
	k := 1
	order := cutOrder(req, res)
	for pi, p := range res.Pages {
		for n, pp := range order[pi] {
			r := pieces[k].([]any)
			k++
			want := []any{float64(pi + 1), float64(n + 1), pp.ID, pp.Name, pp.X, pp.Y, pp.Width, pp.Height}
			for i, v := range want {
				if r[i] != v {
					t.Fatalf("piece %s column %s = %v (%T), want %v", pp.ID, PieceHeaders[i], r[i], r[i], v)
				}
			}
			if r[9] != p.Material || r[10] != p.Thickness {
				t.Fatalf("row %v", r)
			}
		}
	}
	for i, p := range res.Pages {
		r := sheets[i+1].([]any)
		if r[0] != float64(i+1) || r[4] != p.Width || r[5] != p.Height || r[6] != float64(p.Efficiency) || r[7] != float64(len(p.Cuts)) {
			t.Fatalf("sheet row %v for page %d", r, i+1)
		}
	}
}

// TestXLSX3000 measures the workbook of 3,000 pieces (native).
func TestXLSX3000(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	req, res := layout(t, 3000)
	var b bytes.Buffer
	start := time.Now()
	if err := WriteXLSX(&b, res, opts(req)); err != nil {
		t.Fatal(err)
	}
	t.Logf("xlsx of %d pieces on %d sheets: %d bytes in %v", res.Stats.Placed, len(res.Pages), b.Len(), time.Since(start))
}

// TestXLSXReadByExcelize reads the hand-written workbook with excelize (a
// test-only import: the engine itself does not link it): the sheets, the
// number cells and the header.
func TestXLSXReadByExcelize(t *testing.T) {
	req, res := layout(t, 20)
	var b bytes.Buffer
	if err := WriteXLSX(&b, res, opts(req)); err != nil {
		t.Fatal(err)
	}
	f, err := excelize.OpenReader(&b)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if got := f.GetSheetList(); len(got) != 2 || got[0] != PiecesSheet || got[1] != SheetsSheet {
		t.Fatalf("sheets %v", got)
	}
	rows, err := f.GetRows(PiecesSheet, excelize.Options{RawCellValue: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != res.Stats.Placed+1 || rows[0][6] != "Genişlik (cm)" {
		t.Fatalf("%d rows, header %v", len(rows), rows[0])
	}
	p := cutOrder(req, res)[0][0]
	if rows[1][1] != "1" || rows[1][2] != p.ID || rows[1][6] != strconv.FormatFloat(p.Width, 'g', -1, 64) {
		t.Fatalf("row %v, piece %+v", rows[1], p)
	}
	if typ, err := f.GetCellType(PiecesSheet, "G2"); err != nil || typ != excelize.CellTypeUnset && typ != excelize.CellTypeNumber {
		t.Fatalf("G2 type %v %v", typ, err)
	}
	if s, _ := f.GetCellValue(PiecesSheet, "G2"); !strings.Contains(s, ".") && !strings.Contains(s, ",") {
		t.Fatalf("G2 shows %q: the #,##0.00 format is not applied", s)
	}
	// A whole thickness shows as one: 18, not 18,00.
	col := slices.Index(rows[0], "Kalınlık (mm)")
	if col < 0 {
		t.Fatalf("no thickness column in %v", rows[0])
	}
	cellName, _ := excelize.CoordinatesToCellName(col+1, 2)
	if s, _ := f.GetCellValue(PiecesSheet, cellName); s != "18" {
		t.Errorf("thickness shows %q, want 18", s)
	}
}

// diagonal is a sheet of n parts along a diagonal, which no cut splits in
// halves.
func diagonal(n int) nest.Result {
	var parts []nest.Placed
	for i := 0; i < n; i++ {
		parts = append(parts, nest.Placed{ID: strconv.Itoa(i), X: float64(i) / 10, Y: float64(i) / 5, Width: 0.1, Height: 0.1})
	}
	return nest.Result{Sheet: nest.Sheet{Width: 1000, Height: 1000}, Pages: []nest.Page{{Parts: parts}}}
}

// TestLeftoversBounded: a sheet of 5,000 parts along a diagonal is
// written (nest.Leftovers bounds its work; BenchmarkLeftoversDiagonal
// times it) and still lists the margin beyond the parts, as 900 such
// parts do.
func TestLeftoversBounded(t *testing.T) {
	for _, n := range []int{900, 5000} {
		start := time.Now()
		_, sheets, err := Rows(diagonal(n), Options{})
		if err != nil || len(sheets[0].Leftovers) == 0 {
			t.Fatalf("%d parts: %v, leftovers %v", n, err, sheets[0].Leftovers)
		}
		t.Logf("%d parts on one sheet: %v", n, time.Since(start))
	}
}

// BenchmarkLeftoversDiagonal times the cut list's rows of a sheet of
// 5,000 parts along a diagonal, where nest.Leftovers runs out of its work
// bound (about 1 s on the development machine, 3 s under -race).
func BenchmarkLeftoversDiagonal(b *testing.B) {
	res := diagonal(5000)
	for b.Loop() {
		if _, _, err := Rows(res, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkXLSX3000 times the xlsx cut list of 3,000 pieces (20 × 10 cm,
// on 280 × 207 cm sheets): the target is 1 s in the browser, where
// the WebAssembly module writes it (TestBrowserSheets of cmd/kesim-wasm logs
// that time; make bench-wasm runs the browser engine's benchmarks).
func BenchmarkXLSX3000(b *testing.B) {
	res := nest.Result{Sheet: nest.Sheet{Width: 280, Height: 207}}
	const perRow, rows = 14, 20
	for i := range 3000 {
		slot := i % (perRow * rows)
		if slot == 0 {
			res.Pages = append(res.Pages, nest.Page{ID: fmt.Sprintf("page-%d", len(res.Pages))})
		}
		pg := &res.Pages[len(res.Pages)-1]
		pg.Parts = append(pg.Parts, nest.Placed{ID: fmt.Sprintf("raf-%d", i), Name: "Raf Ş",
			X: float64(slot%perRow) * 20, Y: float64(slot/perRow) * 10, Width: 20, Height: 10})
	}
	res.Stats = nest.Stats{Pages: len(res.Pages), Placed: 3000}
	for b.Loop() {
		var out bytes.Buffer
		if err := WriteXLSX(&out, res, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// A plain job (one canvas, no materials): the sheets' stock row is named
// "Varsayılan tuval" as in the PDF and the DXF, and a thickness of none is
// an empty cell, not "0" mm.
func TestPlainJobWords(t *testing.T) {
	req := nest.Request{Sheet: nest.Sheet{Width: 183, Height: 366},
		Parts: []nest.Part{{ID: "k", Name: "Kapak", Width: 60, Height: 40, Quantity: 3}}}
	res, err := nest.Layout(context.Background(), req, nil)
	if err != nil {
		t.Fatal(err)
	}
	var pieces, sheets bytes.Buffer
	if err := WriteCSV(&pieces, res, opts(req)); err != nil {
		t.Fatal(err)
	}
	if err := WriteSheetsCSV(&sheets, res, opts(req)); err != nil {
		t.Fatal(err)
	}
	for name, rows := range map[string][][]string{"pieces": parseCSV(t, pieces.Bytes()), "sheets": parseCSV(t, sheets.Bytes())} {
		col := slices.Index(rows[0], "Kalınlık (mm)")
		if col < 0 {
			t.Fatalf("%s: no thickness column in %q", name, rows[0])
		}
		for _, r := range rows[1:] {
			if r[col] != "" {
				t.Errorf("%s: thickness %q, want an empty cell", name, r[col])
			}
			if name == "sheets" && !strings.HasPrefix(r[1], "Varsayılan tuval") {
				t.Errorf("sheets: stock row %q, want the default canvas by name", r[1])
			}
		}
	}
}

// xlsxSheetRows writes res's workbook under opt and returns the rows of its
// sheet list (SheetsSheet) after the heading, as openpyxl reads them; the
// test is skipped without python3-openpyxl.
func xlsxSheetRows(t *testing.T, res nest.Result, opt Options) [][]any {
	t.Helper()
	py := "/usr/bin/python3"
	if exec.Command(py, "-c", "import openpyxl").Run() != nil {
		t.Skip("python3-openpyxl is not installed (apt-get install python3-openpyxl)")
	}
	var b bytes.Buffer
	if err := WriteXLSX(&b, res, opt); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "kesim.xlsx")
	if err := os.WriteFile(file, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	script := `import json, sys, openpyxl
ws = openpyxl.load_workbook(sys.argv[1])[sys.argv[2]]
print(json.dumps([[c.value for c in row] for row in ws.iter_rows(min_row=2)]))`
	out, err := exec.Command(py, "-c", script, file, SheetsSheet).Output()
	if err != nil {
		t.Fatal(err)
	}
	var rows [][]any
	if err := json.Unmarshal(out, &rows); err != nil {
		t.Fatal(err)
	}
	return rows
}
