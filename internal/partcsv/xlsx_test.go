package partcsv

import (
	"archive/zip"
	"bytes"
	"compress/flate"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"kesim/nest"
)

// xlsxParity is testdata/xlsxparity.json: workbooks and the grid both this
// reader and the web app's (web, xlsxParity.test.ts) read each to, or the
// message refusing it.
type xlsxParity struct {
	About string `json:"about"`
	Cases []struct {
		File    string     `json:"file"`
		Grid    [][]string `json:"grid"`
		Error   string     `json:"error"`
		NotList string     `json:"notList"` // what the list readers name it, refusing it as no list
	} `json:"cases"`
}

func readXLSXFixture(t testing.TB, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "xlsx", name))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// Each workbook of xlsxparity.json reads to its grid, or is refused with
// its message: by the grid reader, and by the list readers (Read,
// ReadStock, ReadBands), which take a workbook by its content.
func TestXLSXParity(t *testing.T) {
	var p xlsxParity
	readJSON(t, "testdata/xlsxparity.json", &p)
	if len(p.Cases) == 0 {
		t.Fatal("no cases")
	}
	for _, c := range p.Cases {
		t.Run(c.File, func(t *testing.T) {
			data := readXLSXFixture(t, c.File)
			grid, err := xlsxGrid(data)
			if c.Error != "" {
				if err == nil || err.Error() != c.Error {
					t.Fatalf("grid %q, error %v; want refused: %s", grid, err, c.Error)
				}
				for _, l := range []struct {
					read func(io.Reader) error
					kind *listKind
				}{
					{func(r io.Reader) error { _, err := Read(r); return err }, &partsKind},
					{func(r io.Reader) error { _, err := ReadStock(r); return err }, &stockKind},
					{func(r io.Reader) error { _, err := ReadBands(r); return err }, &bandsKind},
				} {
					want := c.Error
					if c.NotList != "" {
						want = msgNotAList(c.NotList, l.kind)
					}
					var e *Error
					if err := l.read(bytes.NewReader(data)); !errors.As(err, &e) || err.Error() != want {
						t.Errorf("list reader: %v; want an *Error: %s", err, want)
					}
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(grid, c.Grid) {
				t.Errorf("grid\n got %q\nwant %q", grid, c.Grid)
			}
		})
	}
}

// pasted is a grid as Excel copies it: cells separated by tabs, a cell
// with a tab, a line break or a quote quoted.
func pasted(grid [][]string) string {
	var b strings.Builder
	for _, row := range grid {
		for i, c := range row {
			if i > 0 {
				b.WriteByte('\t')
			}
			if strings.ContainsAny(c, "\t\r\n\"") {
				c = `"` + strings.ReplaceAll(c, `"`, `""`) + `"`
			}
			b.WriteString(c)
		}
		b.WriteString("\r\n")
	}
	return b.String()
}

// A workbook reads as its grid pasted from Excel: the same parts, stock
// rows or band codes, what reading tells, and the same bad rows.
func TestXLSXReadsAsPasted(t *testing.T) {
	var p xlsxParity
	readJSON(t, "testdata/xlsxparity.json", &p)
	for _, c := range p.Cases {
		if c.Error != "" {
			continue
		}
		data := readXLSXFixture(t, c.File)
		text := pasted(c.Grid)
		parts, info, err := ReadInfo(bytes.NewReader(data), EngineLimits)
		wparts, winfo, werr := ReadInfo(strings.NewReader(text), EngineLimits)
		if !reflect.DeepEqual(parts, wparts) || !reflect.DeepEqual(info, winfo) || fmt.Sprint(err) != fmt.Sprint(werr) {
			t.Errorf("%s: parts %+v, %+v, %v\nwant as pasted %+v, %+v, %v", c.File, parts, info, err, wparts, winfo, werr)
		}
	}
	// parts.xlsx is a good list: its parts, as a spreadsheet shows them.
	parts, err := ReadLimits(bytes.NewReader(readXLSXFixture(t, "parts.xlsx")), EngineLimits)
	if err != nil || len(parts) != 5 || parts[0].Name != "Kapak" || parts[0].Width != 45.5 || parts[3].Height != 0.3 ||
		parts[4].Name != "Çekmece önü ĞÜŞİÖÇ" || parts[4].Width != 60.13 || parts[4].Height != 15 || parts[4].Quantity != 4 ||
		parts[1].Rotate != nil && !*parts[1].Rotate || parts[0].Rotate == nil || *parts[0].Rotate {
		t.Errorf("parts.xlsx: %+v, %v", parts, err)
	}
}

// A workbook excelize writes (another writer than the fixtures'), of
// 1.000 rows of strings that need quoting, numbers and booleans, reads
// back to its grid, and its parts and stock rows to those of the grid
// pasted.
func TestXLSXWrittenByExcelize(t *testing.T) {
	f := excelize.NewFile()
	defer f.Close()
	want := [][]string{{"Ad", "Genişlik", "Yükseklik", "Adet", "Döndür"}}
	if err := f.SetSheetRow("Sheet1", "A1", &[]any{"Ad", "Genişlik", "Yükseklik", "Adet", "Döndür"}); err != nil {
		t.Fatal(err)
	}
	names := []string{"Kapak", `Raf 3/4"`, "Çekmece\tön", "İki\nsatır", `"tırnaklı"`, "  boşluklu  "}
	for i := 2; i <= 1000; i++ {
		name := fmt.Sprintf("%s %d", names[i%len(names)], i)
		width := 10 + float64(i%90) + 0.25
		row := []any{name, width, 20 + i%50, 1 + i%3, i%2 == 0}
		if err := f.SetSheetRow("Sheet1", fmt.Sprintf("A%d", i), &row); err != nil {
			t.Fatal(err)
		}
		rot := "YANLIŞ"
		if i%2 == 0 {
			rot = "DOĞRU"
		}
		want = append(want, []string{name, strings.Replace(fmt.Sprint(width), ".", ",", 1), fmt.Sprint(20 + i%50), fmt.Sprint(1 + i%3), rot})
	}
	// a second sheet is not read
	if _, err := f.NewSheet("Notlar"); err != nil {
		t.Fatal(err)
	}
	if err := f.SetCellValue("Notlar", "A1", "okunmaz"); err != nil {
		t.Fatal(err)
	}
	buf, err := f.WriteToBuffer()
	if err != nil {
		t.Fatal(err)
	}
	data := buf.Bytes()
	grid, err := xlsxGrid(data)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(grid, want) {
		for i := range min(len(grid), len(want)) {
			if !reflect.DeepEqual(grid[i], want[i]) {
				t.Fatalf("row %d: %q, want %q (%d rows, want %d)", i+1, grid[i], want[i], len(grid), len(want))
			}
		}
		t.Fatalf("%d rows, want %d", len(grid), len(want))
	}
	parts, info, err := ReadInfo(bytes.NewReader(data), EngineLimits)
	wparts, winfo, werr := ReadInfo(strings.NewReader(pasted(want)), EngineLimits)
	if err != nil || len(parts) != 999 || !reflect.DeepEqual(parts, wparts) || !reflect.DeepEqual(info, winfo) || werr != nil {
		t.Fatalf("parts: %d, %v; want the %d pasted, %v", len(parts), err, len(wparts), werr)
	}
	for i, name := range map[int]string{1: "İki satır 3", 2: `"tırnaklı" 4`, 5: `Raf 3/4" 7`} {
		if parts[i].Name != name {
			t.Errorf("part %d %q, want %q", i+1, parts[i].Name, name)
		}
	}
}

// stockWorkbook writes a stock list with excelize.
func stockWorkbook(t *testing.T) []byte {
	t.Helper()
	f := excelize.NewFile()
	defer f.Close()
	for i, row := range [][]any{
		{"kod", "ad", "malzeme", "kalınlık", "genişlik", "yükseklik", "adet", "fiyat", "damar"},
		{"s1", "Beyaz büyük", "Beyaz Sunta", 18, 183, 366, 1, 1450.5, nil},
		{"c1", "Ceviz", "Ceviz MDF", 18, 183, 366, nil, 2100, "dikey"},
	} {
		if err := f.SetSheetRow("Sheet1", fmt.Sprintf("A%d", i+1), &row); err != nil {
			t.Fatal(err)
		}
	}
	buf, err := f.WriteToBuffer()
	if err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// Stock rows and band codes read from a workbook as from the same cells
// in a CSV.
func TestXLSXStockAndBands(t *testing.T) {
	stock, err := ReadStock(bytes.NewReader(stockWorkbook(t)))
	want, werr := ReadStock(strings.NewReader("kod;ad;malzeme;kalınlık;genişlik;yükseklik;adet;fiyat;damar\ns1;Beyaz büyük;Beyaz Sunta;18;183;366;1;1.450,5;\nc1;Ceviz;Ceviz MDF;18;183;366;;2.100;dikey\n"))
	if err != nil || werr != nil || len(stock) != 2 || !reflect.DeepEqual(stock, want) {
		t.Errorf("stock %+v, %v; want %+v, %v", stock, err, want, werr)
	}
	sheet := `<row r="1"><c r="A1" t="inlineStr"><is><t>kod</t></is></c><c r="B1" t="inlineStr"><is><t>kalınlık</t></is></c><c r="C1" t="inlineStr"><is><t>fiyat</t></is></c></row>` +
		`<row r="2"><c r="A2" t="inlineStr"><is><t>B1</t></is></c><c r="B2"><v>0.8</v></c><c r="C2"><v>6.5</v></c></row>`
	bands, err := ReadBands(bytes.NewReader(workbook(t, sheet, nil)))
	wbands, werr := ReadBands(strings.NewReader("kod;kalınlık;fiyat\nB1;0,8;6,5\n"))
	if err != nil || werr != nil || len(bands) != 1 || !reflect.DeepEqual(bands, wbands) {
		t.Errorf("bands %+v, %v; want %+v, %v", bands, err, wbands, werr)
	}
}

// workbook zips a one-sheet workbook: sheetData the sheet's rows, shared
// its shared strings (none when nil).
func workbook(t testing.TB, sheetData string, shared []string) []byte {
	t.Helper()
	var sst strings.Builder
	sst.WriteString(`<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">`)
	for _, s := range shared {
		sst.WriteString("<si><t>" + s + "</t></si>")
	}
	sst.WriteString("</sst>")
	return zipOf(t, map[string]string{
		"xl/workbook.xml":            `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Liste" sheetId="1" r:id="rId1"/></sheets></workbook>`,
		"xl/_rels/workbook.xml.rels": `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
		"xl/sharedStrings.xml":       sst.String(),
		"xl/worksheets/sheet1.xml":   `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>` + sheetData + `</sheetData></worksheet>`,
	})
}

func zipOf(t testing.TB, files map[string]string) []byte {
	t.Helper()
	var b bytes.Buffer
	z := zip.NewWriter(&b)
	for _, name := range []string{"xl/workbook.xml", "xl/_rels/workbook.xml.rels", "xl/sharedStrings.xml", "xl/worksheets/sheet1.xml"} {
		if content, ok := files[name]; ok {
			w, err := z.Create(name)
			if err != nil {
				t.Fatal(err)
			}
			io.WriteString(w, content)
		}
	}
	if err := z.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// bombWorkbook is a workbook whose sheet opens to 60 MB (a row, then
// spaces), its zip header claiming claimed bytes.
func bombWorkbook(t *testing.T, claimed uint64) []byte {
	t.Helper()
	small := workbook(t, "", nil)
	zr, err := zip.NewReader(bytes.NewReader(small), int64(len(small)))
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	z := zip.NewWriter(&b)
	for _, f := range zr.File {
		if f.Name == "xl/worksheets/sheet1.xml" {
			continue
		}
		if err := z.Copy(f); err != nil {
			t.Fatal(err)
		}
	}
	var raw bytes.Buffer
	fw, _ := flate.NewWriter(&raw, flate.BestCompression)
	head := `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Ad`
	io.WriteString(fw, head)
	spaces := bytes.Repeat([]byte(" "), 1<<20)
	for range 60 {
		fw.Write(spaces)
	}
	io.WriteString(fw, `</t></is></c></row></sheetData></worksheet>`)
	fw.Close()
	w, err := z.CreateRaw(&zip.FileHeader{Name: "xl/worksheets/sheet1.xml", Method: zip.Deflate,
		CompressedSize64: uint64(raw.Len()), UncompressedSize64: claimed})
	if err != nil {
		t.Fatal(err)
	}
	w.Write(raw.Bytes())
	if err := z.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// allocated is the bytes f allocates.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// A workbook past the limits is refused before it is read whole or a
// grid is built: a sheet whose header claims more than 50 MB is never
// opened, one that claims less and opens to more stops where its claim
// ends, a part opening past 50 MB stops there, a cell past row 100.001
// or column IV allocates no grid, and shared strings repeated past 50 MB
// of text are refused.
func TestXLSXLimits(t *testing.T) {
	tooLarge := func(t *testing.T, data []byte, want string) {
		t.Helper()
		var err error
		n := allocated(func() { _, err = Read(bytes.NewReader(data)) })
		if err == nil || err.Error() != want {
			t.Errorf("%v; want %s", err, want)
		}
		if n > 8<<20 {
			t.Errorf("%d bytes allocated refusing it", n)
		}
	}
	t.Run("claims", func(t *testing.T) { tooLarge(t, bombWorkbook(t, 60<<20+200), msgXLSXTooLarge) })
	// A claim archive/zip holds the part to (its reader fails past it):
	// a zip that lies is broken.
	t.Run("lies", func(t *testing.T) { tooLarge(t, bombWorkbook(t, 4<<10), msgXLSXBroken) })
	t.Run("toomanyrows", func(t *testing.T) { tooLarge(t, readXLSXFixture(t, "toomanyrows.xlsx"), msgXLSXTooLarge) })
	t.Run("toomanycols", func(t *testing.T) { tooLarge(t, readXLSXFixture(t, "toomanycols.xlsx"), msgXLSXTooLarge) })
	t.Run("edges", func(t *testing.T) {
		// The last row and column read are taken.
		grid, err := xlsxGrid(workbook(t, `<row r="100001"><c r="IV100001"><v>1</v></c></row>`, nil))
		if err != nil || len(grid) != maxSheetRows || len(grid[maxSheetRows-1]) != maxSheetCols || grid[maxSheetRows-1][maxSheetCols-1] != "1" {
			t.Errorf("%d rows, %v", len(grid), err)
		}
		for _, sheet := range []string{
			`<row r="1"><c r="A1"/><c/><c r="IV1"/><c/></row>`,                              // a 257th cell without r
			`<row r="100001"><c r="A1"><v>1</v></c></row><row><c r="A1"><v>1</v></c></row>`, // row 100.002 without r
			`<row r="99999999999999999999999"><c r="A1"/></row>`,
			`<row r="1"><c r="ZZZZZZZZZZZZZZZZZZ1"/></row>`,
		} {
			if _, err := xlsxGrid(workbook(t, sheet, nil)); err != errXLSXTooLarge {
				t.Errorf("%s: %v; want too large", sheet, err)
			}
		}
	})
	t.Run("shared", func(t *testing.T) {
		var sheet strings.Builder
		for i := range 60 {
			fmt.Fprintf(&sheet, `<row r="%d"><c r="A%d" t="s"><v>0</v></c></row>`, i+1, i+1)
		}
		tooLarge(t, workbook(t, sheet.String(), []string{strings.Repeat("x", 1<<20)}), msgXLSXTooLarge)
	})
	t.Run("reader", func(t *testing.T) {
		// The reader of a part stops past 50 MB, whatever its header said.
		p := &openedPart{r: io.NopCloser(io.LimitReader(zeros{}, 60<<20)), left: maxXLSXOpened}
		n, err := io.Copy(io.Discard, p)
		if err != errXLSXTooLarge || n > maxXLSXOpened+1 {
			t.Errorf("read %d bytes, %v", n, err)
		}
		p = &openedPart{r: io.NopCloser(io.LimitReader(zeros{}, maxXLSXOpened)), left: maxXLSXOpened}
		if n, err := io.Copy(io.Discard, p); err != nil || n != maxXLSXOpened {
			t.Errorf("exactly 50 MB: %d bytes, %v", n, err)
		}
	})
}

type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

// Cells as writers other than the fixtures' may write them: out of order,
// a place given twice, a namespace prefix, a shared string out of range.
func TestXLSXCells(t *testing.T) {
	for _, c := range []struct {
		sheet string
		want  [][]string
		err   error
	}{
		{`<row r="2"><c r="B2"><v>2</v></c><c r="A2"><v>1</v></c></row><row r="1"><c r="A1"><v>x</v></c></row>`, [][]string{{"x"}, {"1", "2"}}, nil},
		{`<row r="1"><c r="A1" t="s"><v>0</v></c><c r="A1" t="s"><v>1</v></c></row>`, [][]string{{"b"}}, nil},
		{`<row r="1"><c r="A1" t="s"><v>2</v></c></row>`, nil, errXLSXBroken},
		{`<row r="1"><c r="A1" t="s"><v>-1</v></c></row>`, nil, errXLSXBroken},
		{`<row r="0"><c r="A1"/></row>`, nil, errXLSXBroken},
		{`<row r="1"><c r="1A"/></row>`, nil, errXLSXBroken},
		{`<row r="1"><c r="A1"><v>1</v></c>`, nil, errXLSXBroken},
		{`<row r="3"/><row><c><v>1.5</v></c><c t="b"><v>2</v></c><c><v>NaN</v></c><c><v>1e400</v></c></row>`, [][]string{{}, {}, {}, {"1,5", "2", "NaN", "1e400"}}, nil},
		{`<row><c><v>0.00048828125</v></c><c><v>-0.00048828125</v></c><c><v>-1e-11</v></c><c><v>9.99999999999</v></c><c><v>1E+3</v></c></row>`, [][]string{{"0,0004882813", "-0,0004882813", "0", "10", "1000"}}, nil},
		{`<row><c t="inlineStr"><is><t>a&#9;b</t><rPh><t>x</t></rPh></is></c><c t="str"><v>"q"</v></c></row>`, [][]string{{"a\tb", `"q"`}}, nil},
	} {
		grid, err := xlsxGrid(workbook(t, c.sheet, []string{"a", "b"}))
		if err != c.err || c.err == nil && !reflect.DeepEqual(grid, c.want) {
			t.Errorf("%s:\n got %q, %v\nwant %q, %v", c.sheet, grid, err, c.want, c.err)
		}
	}
	text, err := xlsxText(workbook(t, `<row><c t="inlineStr"><is><t>a&#9;b</t></is></c><c t="str"><v>"q"</v></c></row><row r="3"><c r="B3"><v>1</v></c></row>`, nil))
	if want := "\"a\tb\"\t\"\"\"q\"\"\"\n\n\t1\n"; err != nil || text != want {
		t.Errorf("text %q, %v; want %q", text, err, want)
	}
	// A workbook with the sheet prefixed, as some writers write it.
	prefixed := zipOf(t, map[string]string{
		"xl/workbook.xml":            `<x:workbook xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><x:sheets><x:sheet name="a" sheetId="1" r:id="rId1"/></x:sheets></x:workbook>`,
		"xl/_rels/workbook.xml.rels": `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Target="/xl/worksheets/sheet1.xml"/></Relationships>`,
		"xl/worksheets/sheet1.xml":   `<x:worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><x:sheetData><x:row><x:c t="inlineStr"><x:is><x:t>Ad</x:t></x:is></x:c></x:row></x:sheetData></x:worksheet>`,
	})
	if grid, err := xlsxGrid(prefixed); err != nil || !reflect.DeepEqual(grid, [][]string{{"Ad"}}) {
		t.Errorf("prefixed: %q, %v", grid, err)
	}
	// Parts missing: no workbook, no relationship, no sheet.
	for _, drop := range []string{"xl/workbook.xml", "xl/_rels/workbook.xml.rels", "xl/worksheets/sheet1.xml"} {
		files := map[string]string{
			"xl/workbook.xml":            `<workbook xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet r:id="rId1"/></sheets></workbook>`,
			"xl/_rels/workbook.xml.rels": `<Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml"/></Relationships>`,
			"xl/worksheets/sheet1.xml":   `<worksheet><sheetData/></worksheet>`,
		}
		if _, err := xlsxGrid(zipOf(t, files)); err != nil {
			t.Fatalf("whole: %v", err)
		}
		delete(files, drop)
		if _, err := xlsxGrid(zipOf(t, files)); err != errXLSXBroken {
			t.Errorf("without %s: %v", drop, err)
		}
	}
}

// FuzzXLSX: any bytes, and any sheet in a workbook, read to a grid within
// the limits (its last row and each row's last cell with a text) or are
// refused with one of the three messages; never a panic. The list readers
// take the same bytes without a panic.
func FuzzXLSX(f *testing.F) {
	for _, name := range []string{"parts.xlsx", "handmade.xlsx", "empty.xlsx", "notworkbook.xlsx", "old.xls", "toomanyrows.xlsx", "toomanycols.xlsx"} {
		f.Add(readXLSXFixture(f, name), "")
	}
	f.Add([]byte("PK\x03\x04"), `<row r="2"><c r="B2" t="s"><v>0</v></c><c><is><t>x</t></is></c></row>`)
	f.Add([]byte{}, `<row><c t="inlineStr"><is><r><t>a</t></r><rPh><t>b</t></rPh></is></c><c t="b"><v>1</v></c><c><v>-0</v></c></row>`)
	f.Add([]byte{}, `<row r="100001"><c r="IV100001" t="e"><v>#N/A</v></c></row>`)
	f.Fuzz(func(t *testing.T, data []byte, sheet string) {
		check := func(data []byte) {
			grid, err := xlsxGrid(data)
			if err != nil {
				switch err.Error() {
				case msgXLSXBroken, msgXLSXOld, msgXLSXTooLarge:
				default:
					t.Fatalf("error %q is none of the three", err)
				}
				return
			}
			if len(grid) > maxSheetRows || len(grid) > 0 && len(grid[len(grid)-1]) == 0 {
				t.Fatalf("%d rows, the last %q", len(grid), grid[len(grid)-1])
			}
			for i, row := range grid {
				if len(row) > maxSheetCols || len(row) > 0 && row[len(row)-1] == "" {
					t.Fatalf("row %d: %q", i+1, row)
				}
			}
			text, err := xlsxText(data)
			if err != nil || len(splitDelimited(text, '\t')) != len(grid) {
				t.Fatalf("text of %d rows: %d rows, %v", len(grid), len(splitDelimited(text, '\t')), err)
			}
			Read(bytes.NewReader(data))
		}
		check(data)
		if sheet != "" {
			check(workbook(t, sheet, []string{"Ad", "<b>x</b>"}))
		}
	})
}

// A workbook with a title in its first row, a comma in its one cell
// ("Mutfak, Ocak 2026", as hand-made lists have one), reads as its list:
// the title is left out (titleRows) and the tab stays the separator, so
// 45,5 below it is whole; the web reads it so too (xlsx.test.ts).
func TestXLSXTitleRow(t *testing.T) {
	sheet := `<row r="1"><c r="A1" t="inlineStr"><is><t>Mutfak, Ocak 2026</t></is></c></row>` +
		`<row r="2"><c r="A2" t="s"><v>0</v></c><c r="B2" t="s"><v>1</v></c><c r="C2" t="s"><v>2</v></c><c r="D2" t="s"><v>3</v></c></row>` +
		`<row r="3"><c r="A3" t="inlineStr"><is><t>Kapak</t></is></c><c r="B3"><v>45.5</v></c><c r="C3"><v>70</v></c><c r="D3"><v>2</v></c></row>`
	parts, err := Read(bytes.NewReader(workbook(t, sheet, []string{"Ad", "Genişlik", "Yükseklik", "Adet"})))
	want := []nest.Part{{ID: "p1", Name: "Kapak", Width: 45.5, Height: 70, Quantity: 2}}
	if err != nil || !reflect.DeepEqual(parts, want) {
		t.Errorf("parts %+v, %v; want %+v", parts, err, want)
	}
	stockSheet := `<row r="1"><c r="A1" t="inlineStr"><is><t>Stok; Depo A</t></is></c></row>` +
		`<row r="2"><c r="A2" t="s"><v>0</v></c><c r="B2" t="s"><v>1</v></c><c r="C2" t="s"><v>2</v></c></row>` +
		`<row r="3"><c r="A3" t="inlineStr"><is><t>Büyük</t></is></c><c r="B3"><v>183.5</v></c><c r="C3"><v>366</v></c></row>`
	stock, err := ReadStock(bytes.NewReader(workbook(t, stockSheet, []string{"Ad", "Genişlik", "Yükseklik"})))
	if err != nil || len(stock) != 1 || stock[0].Name != "Büyük" || stock[0].Width != 183.5 || stock[0].Height != 366 {
		t.Errorf("stock %+v, %v", stock, err)
	}
}
