package partcsv

import (
	"archive/zip"
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"math"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// An Excel workbook (.xlsx) is read as a list too, known by its content (a
// zip), not by its name: its first sheet becomes the grid of its cells'
// texts that the web app's file import reads from it
// (testdata/xlsxparity.json holds both to the same grids and messages),
// and the grid is read as a list pasted from Excel is, cells separated by
// tabs (xlsxText). Only archive/zip and encoding/xml: the sheet is
// streamed token by token, never unmarshalled whole.

// The bounds of a workbook: its first sheet's rows and columns (the most
// a list is read of, a header and 100.000 part lines; IV, Excel 2003's
// last column), and what each part read from it (the sheet, its shared
// strings, ...) and the grid's text may open to.
const (
	maxSheetRows  = 100_001
	maxSheetCols  = 256
	maxXLSXOpened = 50 << 20
)

// The messages refusing a workbook, in the web app's words.
const (
	msgXLSXBroken   = "Excel dosyası okunamadı: bozuk ya da bir .xlsx çalışma kitabı değil."
	msgXLSXOld      = "Eski Excel biçimi (.xls) ya da parolalı bir dosya okunamıyor: Excel'de parolasız .xlsx ya da CSV olarak kaydedin."
	msgXLSXTooLarge = "Excel dosyası çok büyük: ilk sayfası en fazla 100.001 satır ve 256 sütun, açılınca her parçası en fazla 50 MB olabilir."
)

var (
	errXLSXBroken   = errors.New(msgXLSXBroken)
	errXLSXOld      = errors.New(msgXLSXOld)
	errXLSXTooLarge = errors.New(msgXLSXTooLarge)
)

// The first bytes of a zip (a workbook) and of an OLE2 compound file (an
// Excel 97-2003 .xls, or an .xlsx saved with a password).
var (
	zipMagic  = []byte("PK\x03\x04")
	ole2Magic = []byte{0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1}
)

// sheetCell is a cell of the first sheet with a text, at its row and
// column (both 1-based).
type sheetCell struct {
	row, col int
	text     string
}

// xlsxGrid reads a workbook to its grid: rows from row 1 to the last row
// with a text, each its cells' texts from column A to its last cell with a
// text ("" for a cell missing or empty before it).
func xlsxGrid(data []byte) ([][]string, error) {
	cells, err := xlsxCells(data)
	if err != nil {
		return nil, err
	}
	grid := [][]string{}
	eachRow(cells, func(row []string) { grid = append(grid, append([]string{}, row...)) })
	return grid, nil
}

// xlsxText reads a workbook to its grid as text a list reader reads: cells
// joined by tabs, rows by line breaks, a cell holding a tab, a line break
// or a double quote quoted as Excel quotes it when it copies ("" for a
// quote).
func xlsxText(data []byte) (string, error) {
	cells, err := xlsxCells(data)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	eachRow(cells, func(row []string) {
		for i, c := range row {
			if i > 0 {
				b.WriteByte('\t')
			}
			if strings.ContainsAny(c, "\t\n\r\"") {
				c = `"` + strings.ReplaceAll(c, `"`, `""`) + `"`
			}
			b.WriteString(c)
		}
		b.WriteByte('\n')
	})
	return b.String(), nil
}

// eachRow calls f with each row of the grid of cells (sorted by row and
// column, one a place), from row 1 to the last; f must not keep row.
func eachRow(cells []sheetCell, f func(row []string)) {
	row := make([]string, 0, maxSheetCols)
	next := 1 // the row f is called with next
	for i := 0; i < len(cells); {
		for ; next < cells[i].row; next++ {
			f(nil)
		}
		row = row[:0]
		for ; i < len(cells) && cells[i].row == next; i++ {
			for len(row) < cells[i].col-1 {
				row = append(row, "")
			}
			row = append(row, cells[i].text)
		}
		f(row)
		next++
	}
}

// xlsxCells reads the cells with a text of a workbook's first sheet,
// sorted by row and column (a place given twice keeps its last text), or
// refuses the workbook with errXLSXBroken, errXLSXOld or errXLSXTooLarge.
func xlsxCells(data []byte) ([]sheetCell, error) {
	if bytes.HasPrefix(data, ole2Magic) {
		return nil, errXLSXOld
	}
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil && !(errors.Is(err, zip.ErrInsecurePath) && zr != nil) {
		return nil, errXLSXBroken
	}
	files := map[string]*zip.File{}
	for _, f := range zr.File {
		if _, ok := files[f.Name]; !ok {
			files[f.Name] = f
		}
	}
	rid, err := firstSheetID(files)
	if err != nil {
		return nil, err
	}
	sheetPath, sstPath, err := workbookTargets(files, rid)
	if err != nil {
		return nil, err
	}
	if sstPath == "" && files["xl/sharedStrings.xml"] != nil {
		sstPath = "xl/sharedStrings.xml"
	}
	var sst sharedStrings
	if sstPath != "" {
		if sst, err = readSharedStrings(files, sstPath); err != nil {
			return nil, err
		}
	}
	return readSheet(files, sheetPath, &sst)
}

// openedPart reads a part of the workbook as it opens, refusing it with
// errXLSXTooLarge past maxXLSXOpened: by the size its header claims before
// it opens, and by the bytes it opens to (a zip bomb is never read whole).
type openedPart struct {
	r    io.ReadCloser
	left int64
}

func (p *openedPart) Read(b []byte) (int, error) {
	if p.left < 0 {
		return 0, errXLSXTooLarge
	}
	if int64(len(b)) > p.left+1 {
		b = b[:p.left+1]
	}
	n, err := p.r.Read(b)
	p.left -= int64(n)
	if p.left < 0 {
		return 0, errXLSXTooLarge
	}
	return n, err
}

// decodePart walks the tokens of the XML part name, calling f with each;
// an error of f, or of the part, ends the walk: errXLSXTooLarge as it is,
// any other (a part missing, broken XML) as errXLSXBroken.
func decodePart(files map[string]*zip.File, name string, f func(xml.Token) error) error {
	zf := files[name]
	if zf == nil {
		return errXLSXBroken
	}
	if zf.UncompressedSize64 > maxXLSXOpened {
		return errXLSXTooLarge
	}
	rc, err := zf.Open()
	if err != nil {
		return errXLSXBroken
	}
	defer rc.Close()
	d := xml.NewDecoder(&openedPart{r: rc, left: maxXLSXOpened})
	for {
		tok, err := d.Token()
		if err == io.EOF {
			return nil
		}
		if err == nil {
			err = f(tok)
		}
		switch {
		case err == errDone:
			return nil
		case errors.Is(err, errXLSXTooLarge):
			return errXLSXTooLarge
		case err != nil:
			return errXLSXBroken
		}
	}
}

// errDone ends a walk that found what it looked for.
var errDone = errors.New("done")

// firstSheetID is the relationship id (r:id) of the first <sheet> of
// xl/workbook.xml's <sheets>.
func firstSheetID(files map[string]*zip.File) (string, error) {
	rid := ""
	inSheets := false
	err := decodePart(files, "xl/workbook.xml", func(tok xml.Token) error {
		switch t := tok.(type) {
		case xml.StartElement:
			switch t.Name.Local {
			case "sheets":
				inSheets = true
			case "sheet":
				if !inSheets {
					return nil
				}
				for _, a := range t.Attr {
					if a.Name.Local == "id" && a.Name.Space != "" {
						rid = a.Value
						return errDone
					}
				}
				return errXLSXBroken
			}
		case xml.EndElement:
			if t.Name.Local == "sheets" {
				inSheets = false
			}
		}
		return nil
	})
	if err != nil {
		return "", err
	}
	if rid == "" {
		return "", errXLSXBroken
	}
	return rid, nil
}

// workbookTargets resolves, in xl/_rels/workbook.xml.rels, the sheet of
// the relationship id rid and the shared strings ("" for none) to paths
// in the zip: a Target is relative to xl/, or absolute from the package's
// root (/xl/worksheets/sheet1.xml).
func workbookTargets(files map[string]*zip.File, rid string) (sheet, sst string, err error) {
	err = decodePart(files, "xl/_rels/workbook.xml.rels", func(tok xml.Token) error {
		t, ok := tok.(xml.StartElement)
		if !ok || t.Name.Local != "Relationship" {
			return nil
		}
		var id, target, typ string
		for _, a := range t.Attr {
			switch a.Name.Local {
			case "Id":
				id = a.Value
			case "Target":
				target = a.Value
			case "Type":
				typ = a.Value
			}
		}
		if target == "" {
			return nil
		}
		if strings.HasPrefix(target, "/") {
			target = path.Clean(target[1:])
		} else {
			target = path.Clean("xl/" + target)
		}
		if id == rid && sheet == "" {
			sheet = target
		}
		if strings.HasSuffix(typ, "/sharedStrings") && sst == "" {
			sst = target
		}
		return nil
	})
	if err == nil && sheet == "" {
		err = errXLSXBroken
	}
	return sheet, sst, err
}

// sharedStrings are a workbook's shared strings, all in one text (a
// string each would take 16 bytes for every <si/> of a 50 MB part).
type sharedStrings struct {
	text string
	ends []uint32 // the end of each string in text
}

func (s *sharedStrings) at(i int) string {
	start := uint32(0)
	if i > 0 {
		start = s.ends[i-1]
	}
	return s.text[start:s.ends[i]]
}

// richText gathers the text of a shared or inline string: the <t> in it,
// of each rich text run <r> too, but not of its phonetic runs <rPh>.
type richText struct {
	depth   int // of elements inside the string's element
	inT     int // depth of the <t> read, 0 outside one
	inPhone int // depth of the <rPh> skipped, 0 outside one
}

// token reads tok, inside the string's element, into b.
func (r *richText) token(tok xml.Token, b *strings.Builder) {
	switch t := tok.(type) {
	case xml.StartElement:
		r.depth++
		switch {
		case r.inPhone > 0:
		case t.Name.Local == "rPh":
			r.inPhone = r.depth
		case t.Name.Local == "t" && r.inT == 0:
			r.inT = r.depth
		}
	case xml.EndElement:
		if r.inPhone == r.depth {
			r.inPhone = 0
		}
		if r.inT == r.depth {
			r.inT = 0
		}
		r.depth--
	case xml.CharData:
		if r.inT > 0 && r.inPhone == 0 {
			b.Write(t)
		}
	}
}

// readSharedStrings reads the shared strings part name: each <si>'s text.
func readSharedStrings(files map[string]*zip.File, name string) (sharedStrings, error) {
	var b strings.Builder
	var s sharedStrings
	var rt *richText
	err := decodePart(files, name, func(tok xml.Token) error {
		if rt != nil {
			if e, ok := tok.(xml.EndElement); ok && rt.depth == 0 {
				if e.Name.Local != "si" {
					return errXLSXBroken
				}
				s.ends = append(s.ends, uint32(b.Len()))
				rt = nil
				return nil
			}
			rt.token(tok, &b)
			return nil
		}
		if t, ok := tok.(xml.StartElement); ok && t.Name.Local == "si" {
			rt = &richText{}
		}
		return nil
	})
	if err != nil {
		return sharedStrings{}, err
	}
	s.text = b.String()
	return s, nil
}

// readSheet reads the cells with a text of the sheet part name, sorted by
// row and column. A row's number is its r, else the previous row's plus
// one; a cell's column that of its r (B3), else the previous cell's plus
// one (A for a row's first). A cell past maxSheetRows or maxSheetCols, or
// texts past maxXLSXOpened in all, refuse the workbook before a grid is
// built.
func readSheet(files map[string]*zip.File, name string, sst *sharedStrings) ([]sheetCell, error) {
	var cells []sheetCell
	sorted := true
	size := 0 // the texts' bytes
	var stack []string
	row, col := 0, 0
	// the cell being read
	var typ string
	var v, is strings.Builder
	inV := false
	var rt *richText
	err := decodePart(files, name, func(tok xml.Token) error {
		parent := ""
		if len(stack) > 0 {
			parent = stack[len(stack)-1]
		}
		if rt != nil { // inside the cell's <is>
			if _, ok := tok.(xml.EndElement); ok && rt.depth == 0 {
				rt = nil
				stack = stack[:len(stack)-1]
				return nil
			}
			rt.token(tok, &is)
			return nil
		}
		switch t := tok.(type) {
		case xml.StartElement:
			stack = append(stack, t.Name.Local)
			switch {
			case t.Name.Local == "row" && parent == "sheetData":
				col = 0
				r, ok := attr(t, "r")
				if !ok {
					row = min(row+1, maxSheetRows+1)
					return nil
				}
				n, ok := positive(r)
				if !ok {
					return errXLSXBroken
				}
				row = n
			case t.Name.Local == "c" && parent == "row":
				if r, ok := attr(t, "r"); ok {
					c, ok := columnOf(r)
					if !ok {
						return errXLSXBroken
					}
					col = c
				} else {
					col = min(col+1, maxSheetCols+1)
				}
				if row > maxSheetRows || col > maxSheetCols {
					return errXLSXTooLarge
				}
				typ, _ = attr(t, "t")
				v.Reset()
				is.Reset()
			case t.Name.Local == "v" && parent == "c":
				inV = true
			case t.Name.Local == "is" && parent == "c":
				rt = &richText{}
			}
		case xml.EndElement:
			stack = stack[:len(stack)-1]
			switch {
			case t.Name.Local == "v" && inV:
				inV = false
			case t.Name.Local == "c" && len(stack) > 0 && stack[len(stack)-1] == "row":
				text, err := xlsxCellText(typ, v.String(), is.String(), sst)
				if err != nil {
					return err
				}
				if text == "" {
					return nil
				}
				if size += len(text); size > maxXLSXOpened {
					return errXLSXTooLarge
				}
				if n := len(cells); n > 0 && (cells[n-1].row > row || cells[n-1].row == row && cells[n-1].col >= col) {
					sorted = false
				}
				cells = append(cells, sheetCell{row: row, col: col, text: text})
			}
		case xml.CharData:
			if inV {
				v.Write(t)
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if !sorted {
		slices.SortStableFunc(cells, func(a, b sheetCell) int {
			if a.row != b.row {
				return a.row - b.row
			}
			return a.col - b.col
		})
		// a place given twice keeps its last text
		out := cells[:0]
		for _, c := range cells {
			if n := len(out); n > 0 && out[n-1].row == c.row && out[n-1].col == c.col {
				out[n-1] = c
				continue
			}
			out = append(out, c)
		}
		cells = out
	}
	return cells, nil
}

// attr is the value of t's attribute name (without a namespace).
func attr(t xml.StartElement, name string) (string, bool) {
	for _, a := range t.Attr {
		if a.Name.Local == name && a.Name.Space == "" {
			return a.Value, true
		}
	}
	return "", false
}

// positive reads a row number: digits, 1 or more; one past maxSheetRows
// reads as maxSheetRows+1.
func positive(s string) (int, bool) {
	if s == "" {
		return 0, false
	}
	n := 0
	for _, c := range []byte(s) {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = min(n*10+int(c-'0'), maxSheetRows+1)
	}
	return n, n > 0
}

// columnOf reads the column of a cell reference: its letters (B of B3),
// before the row's digits; one past maxSheetCols reads as maxSheetCols+1.
func columnOf(ref string) (int, bool) {
	i, col := 0, 0
	for ; i < len(ref) && ref[i] >= 'A' && ref[i] <= 'Z'; i++ {
		col = min(col*26+int(ref[i]-'A'+1), maxSheetCols+1)
	}
	if i == 0 {
		return 0, false
	}
	for _, c := range []byte(ref[i:]) {
		if c < '0' || c > '9' {
			return 0, false
		}
	}
	return col, true
}

// xlsxCellText is the text of a cell of type typ (its t), value v (its
// <v>) and inline string is: a shared string by its index, an inline
// string, a formula's cached string, a boolean as Turkish Excel shows it,
// an error or a date as written, a number as xlsxNumber writes it.
func xlsxCellText(typ, v, is string, sst *sharedStrings) (string, error) {
	switch typ {
	case "s":
		if v == "" {
			return "", nil
		}
		i, err := strconv.Atoi(v)
		if err != nil || i < 0 || i >= len(sst.ends) {
			return "", errXLSXBroken
		}
		return sst.at(i), nil
	case "inlineStr":
		return is, nil
	case "b":
		switch v {
		case "1":
			return "DOĞRU", nil
		case "0":
			return "YANLIŞ", nil
		}
		return v, nil
	case "str", "e", "d":
		return v, nil
	}
	return xlsxNumber(v), nil
}

// xlsxDecimal is a number as a cell's <v> holds it.
var xlsxDecimal = regexp.MustCompile(`^[-+]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][-+]?[0-9]+)?$`)

// xlsxNumber writes a number's <v> as Excel shows it, as the web app
// does: rounded to 10 decimals (an exact half away from zero, as
// JavaScript's toFixed), trailing zeros and the point dropped, a decimal
// comma, -0 as 0 (0.30000000000000004 is 0,3; 2.5E-3 0,0025; 1e-11 0).
// A value that is not a number is written as it is.
func xlsxNumber(v string) string {
	if !xlsxDecimal.MatchString(v) {
		return v
	}
	f, err := strconv.ParseFloat(v, 64)
	if err != nil || math.IsInf(f, 0) {
		return v
	}
	s := strconv.FormatFloat(math.Abs(f), 'f', 10, 64)
	if strings.HasSuffix(strconv.FormatFloat(math.Abs(f), 'f', 11, 64), "5") {
		// Maybe a half exactly, which FormatFloat rounds to even.
		exact := strconv.FormatFloat(math.Abs(f), 'f', 1100, 64)
		dot := strings.IndexByte(exact, '.')
		if strings.TrimRight(exact[dot+11:], "0") == "5" {
			s = roundUpLast(exact[:dot+11])
		}
	}
	s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	if s == "0" {
		return s
	}
	if f < 0 {
		s = "-" + s
	}
	return strings.Replace(s, ".", ",", 1)
}

// roundUpLast adds one to the last digit of the decimal s, carrying.
func roundUpLast(s string) string {
	b := []byte(s)
	for i := len(b) - 1; i >= 0; i-- {
		switch b[i] {
		case '.':
			continue
		case '9':
			b[i] = '0'
			continue
		}
		b[i]++
		return string(b)
	}
	return "1" + string(b)
}
