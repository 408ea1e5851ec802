package partcsv

import (
	"fmt"
	"io"
	"slices"
	"strconv"

	"kesim/export"
	"kesim/internal/store"
	"kesim/nest"
)

// The Turkish header words of a stock list and a band list beyond those of
// a part list (HeaderName, HeaderMaterial, HeaderThickness, HeaderWidth,
// HeaderHeight, HeaderQuantity, HeaderGrain).
const (
	HeaderID         = "kod" // a stock row's id, a band's code
	HeaderPrice      = "fiyat"
	HeaderOverlength = "fazlalık"
)

// stockHeaderWords are the header words of a stock list's columns, as
// the web's stock import (STOCK_HEADERS) takes them; the first of each
// names the column in messages.
var stockHeaderWords = map[column][]string{
	colID:        {HeaderID, "stok kodu", "id", "kimlik", "code"},
	colName:      {HeaderName, "adı", "isim", "name"},
	colMaterial:  {HeaderMaterial, "material"},
	colThickness: {HeaderThickness, "thickness"},
	colWidth:     {HeaderWidth, "en", "width"},
	colHeight:    {HeaderHeight, "boy", "height"},
	colQuantity:  {HeaderQuantity, "miktar", "quantity", "qty"},
	colPrice:     {HeaderPrice, "birim fiyat", "levha fiyatı", "price"},
	colGrain:     {HeaderGrain, "damar yönü", "grain"},
}

// stockPartColumns are the columns a stock list shares with a part list.
// Their part list words (partHeaderWords: CutList Optimizer's Length,
// Label, Count, Enabled...) name them too, though only when no cell of
// the header names the column by a word of stockHeaderWords, so that a
// stock list from another tool is read as its part list is while a list
// the stock reader read before reads as it did (an Uzunluk column beside
// Yükseklik is not read).
var stockPartColumns = []column{colName, colMaterial, colThickness, colWidth, colHeight, colQuantity, colGrain, colEnabled}

// bandHeaderWords are the header words of a band list's columns.
var bandHeaderWords = map[column][]string{
	colID:         {HeaderID, "code", "bant", "bant kodu"},
	colName:       {HeaderName, "adı", "isim", "name"},
	colThickness:  {HeaderThickness, "thickness"},
	colPrice:      {HeaderPrice, "metre fiyatı", "price"},
	colOverlength: {HeaderOverlength, "overlength"},
}

// partWordsOf are the part list's header words of the columns cols.
func partWordsOf(cols []column) map[column][]string {
	words := map[column][]string{}
	for _, c := range cols {
		words[c] = partHeaderWords[c]
	}
	return words
}

// The words of the stock and band lists, with their required columns.
var (
	stockWords = listWords{header: mapTable(stockHeaderWords), fallback: mapTable(partWordsOf(stockPartColumns)), required: []column{colWidth, colHeight},
		missing: func([]string) string {
			return "başlık satırı genişlik ve yükseklik (kod;ad;malzeme;kalınlık;genişlik;yükseklik;adet;fiyat;damar) sütunlarını içermeli"
		}}
	bandWords = listWords{header: mapTable(bandHeaderWords), fallback: mapTable(partWordsOf([]column{colName, colThickness})), required: []column{colID},
		missing: func([]string) string {
			return "başlık satırı kod (kod;ad;kalınlık;fiyat;fazlalık) sütunlarını içermeli"
		}}
)

// table is a stock or band list as read: its header, its rows below it
// and their line numbers, its separator, and what reading it tells (Info:
// the columns not read or converted, the rows left out).
type table struct {
	h     listHeader
	rows  [][]string
	lines []int
	sep   rune
	info  Info
}

// readTable reads a CSV list whose first row is a header of the words w
// takes (in any order; a cell it does not know, or a column named a
// second time, is not read and told), with every column w requires, each
// with its unit if liked (see splitUnit: a length in another length unit
// is converted to the column's, sides and overlengths cm, thicknesses mm;
// another unit is refused). max bounds its rows; kind names them in
// errors, lk the list in those refusing the file whole. Its rows are read
// by row.
func readTable(r io.Reader, w *listWords, max int, kind string, lk *listKind) (*table, error) {
	rows, lines, sep, err := records(r, lk)
	if err != nil {
		return nil, err
	}
	// A list's title rows above its header are left out (titleRows).
	k := titleRows(rows)
	rows, lines = rows[k:], lines[k:]
	h, conv, errs := header(rows[0], lines[0], w)
	if errs != nil {
		return nil, &Error{Lines: errs}
	}
	rows, lines = rows[1:], lines[1:]
	if len(rows) == 0 {
		return nil, &Error{Lines: []LineError{{Line: 2, Message: "dosyada " + kind + " yok"}}}
	}
	if len(rows) > max {
		return nil, &Error{Lines: []LineError{{Line: lines[max], Message: fmt.Sprintf("en fazla %s %s okunabilir", export.Count(float64(max)), kind)}}}
	}
	info := Info{Converted: conv, Unknown: h.unknown, Repeated: h.repeated, Enabled: h.names[colEnabled]}
	return &table{h: h, rows: rows, lines: lines, sep: sep, info: info}, nil
}

// row is the row i's cells by column, gathering its errors; ok is false
// for a row not read: one with more cells than the header, refused as the
// part reader refuses one (with ',' between cells, an unquoted decimal
// comma, Sunta,366,5,183,2, would put its cells in the wrong columns),
// its message added to errs, and one its etkin cell turns off, told in
// t.info.
func (t *table) row(i int, lim *Limits, errs *[]LineError) (r *listRow, ok bool) {
	rec := t.rows[i]
	if !blank(rec[min(len(t.h.cols), len(rec)):]) {
		msg := msgExtraCells
		if t.sep == ',' {
			msg = msgExtraCellsComma
		}
		*errs = append(*errs, LineError{Line: t.lines[i], Message: msg})
		return nil, false
	}
	r = newRow(rec, &t.h, t.lines[i], lim)
	if r.disabled() {
		t.info.Disabled = append(t.info.Disabled, t.lines[i])
		return nil, false
	}
	return r, true
}

// readRows reads the rows of t (row) by read, given each row's index
// and cells: the values of the good rows, telling the columns their cells
// converted, and the bad fields of the others (up to maxErrors), each
// row's in the order of the header's columns.
func readRows[T any](t *table, lim *Limits, read func(i int, r *listRow) T) ([]T, []LineError) {
	var errs []LineError
	out := make([]T, 0, len(t.rows))
	moved := map[cellMove]bool{} // the columns told
	// A row's bad fields are told in the order of the header's columns,
	// as the web tells them.
	at := map[string]int{}
	for i, c := range t.h.cols {
		if c >= 0 {
			at[columnNames[c]] = i
		}
	}
	for i := range t.rows {
		if r, ok := t.row(i, lim, &errs); ok {
			v := read(i, r)
			slices.SortStableFunc(r.errs, func(a, b LineError) int { return at[a.Field] - at[b.Field] })
			errs = append(errs, r.errs...)
			if len(r.errs) == 0 {
				out = append(out, v)
				t.info.tellMoved(r, moved)
			}
		}
		if len(errs) >= maxErrors {
			break
		}
	}
	return out, errs[:min(len(errs), maxErrors)]
}

// codeLines are the codes (a stock row's kod, a band's) of the rows of a
// list read so far, each by the line of its row; 0 is a code no row may
// give (the default sheet's id, a band's empty code). A row refused is no
// row read: a code it gave may be given again, as the web's stock import
// reads a list (testdata/stockparity.json).
type codeLines map[string]int

func (l codeLines) has(code string) bool {
	_, ok := l[code]
	return ok
}

// check refuses the row r's code when a row read before gave it, naming
// that row's line (msgRepeatedCode), or when no row may give it (msg). A
// code refused already (too long) is not checked again.
func (l codeLines) check(r *listRow, code string, msg string) {
	first, ok := l[code]
	switch {
	case !ok || r.failed(colID):
	case first == 0:
		r.bad(colID, msg)
	default:
		r.bad(colID, msgRepeatedCode(first))
	}
}

// add takes the row r's code as read, unless a field of the row is bad.
func (l codeLines) add(r *listRow, code string) {
	if len(r.errs) == 0 {
		l[code] = r.line
	}
}

// msgRepeatedCode refuses a row whose code the row read on line first
// gave, in the web's words (stockMsg.csvRepeatedCode).
func msgRepeatedCode(first int) string {
	return fmt.Sprintf("bu kod %s. satırda da var; bu satır alınmadı", export.Count(float64(first)))
}

// sheetLines are the sheets of the stock rows read so far (sheetKey),
// each by the line of the first row that gave it and whether that row
// gave a kod, as the web's stock import keeps them.
type sheetLines map[sheetKey]sheetRow

// sheetRow is the first row of a sheet: its line, and whether it gave a
// kod.
type sheetRow struct {
	line  int
	coded bool
}

// sheetKey is what makes two stock rows the same sheet: the material as
// the engine groups it (outer spaces and Turkish case ignored), the
// thickness in hundredths of a mm as the engine compares it (nest's
// thickKey, math.Round(t*100)) and the store keeps it (store.Hundredths),
// so that 18,004 and 18 mm are one thickness, the sides (rounded down
// already) and the grain.
type sheetKey struct {
	material      string
	thickness     int64
	width, height float64
	grain         string
}

// check refuses the stock row s, read from the row r without a bad
// field, when a row read before gave its sheet, naming that row's line
// (msgRepeatedSheet), unless both rows give a kod: two rows of one sheet
// are one row whose quantities were meant to be added, or two lots (at
// two prices) that the kods tell apart. The web's stock import refuses
// it so (its merge matches a row without a kod to the list's row of the
// same sheet); a row refused gives no sheet. Otherwise the row's sheet is
// kept, when it is the first of it.
func (l sheetLines) check(r *listRow, s nest.Stock) {
	if len(r.errs) > 0 {
		return
	}
	key := sheetKey{nest.FoldMaterial(s.Material), store.Hundredths(s.Thickness), s.Width, s.Height, s.Grain}
	coded := r.cell[colID] != ""
	first, ok := l[key]
	switch {
	case !ok:
		l[key] = sheetRow{r.line, coded}
	case !(first.coded && coded):
		r.errs = append(r.errs, LineError{Line: r.line, Message: msgRepeatedSheet(first.line)})
	}
}

// msgRepeatedSheet refuses a stock row whose sheet the row on line first
// gave, in the web's words (stockMsg.csvRepeatedSheet).
func msgRepeatedSheet(first int) string {
	return export.Count(float64(first)) + ". satırdaki levhanın aynısı (malzeme, kalınlık, ölçü ve damar); bu satır alınmadı: adetleri tek satırda toplayın ya da iki satıra da ayrı birer kod verin"
}

// ParseAmount reads an amount of money as a Turkish user writes it:
// 1.450 (thousands dots), 1.450,50, 12,5 or 12.5; every number of a list
// is read so (parseNumber).
func ParseAmount(s string) (float64, bool) {
	return parseNumber(s)
}

// sheetSide is a required sheet side in cm (a cell may name its unit,
// as a part's size), rounded down to 0.01 cm as the engine takes a sheet
// (183,555 is 183,55, the sheet of a row of 183,554 too), within lim.
func (r *listRow) sheetSide(c column) float64 {
	n, unit, msg := r.requiredLength(c, nest.RoundDown)
	switch {
	case msg != "":
		r.bad(c, msg)
	case n <= 0 || n > r.lim.Side:
		r.bad(c, msgSheetSide(r.cell[c], r.lim.Side, unit))
	}
	return n
}

// stockQuantity is a stock row's adet, 0 (unlimited) when empty; a word of
// quantityUnitWords after its number is only a word ("4 adet").
func (r *listRow) stockQuantity() int {
	v := r.cell[colQuantity]
	if v == "" {
		return 0
	}
	q, ok := parseWhole(quantityNumber(v))
	if !ok || q < 0 || q > store.MaxStockQuantity {
		r.bad(colQuantity, store.MsgStockQuantity)
	}
	return q
}

// ReadStock parses a stock list: a header of `kod` (or `id`; optional,
// else the rows are s1, s2, ...), `ad`, `malzeme`, `kalınlık` (mm),
// `genişlik` and `yükseklik` (cm, required), `adet` (empty: unlimited, to
// buy), `fiyat` (TL a sheet), `damar` (see Grain, along the sheet) and
// `etkin`, in any order and by the words a part list's columns take
// (stockHeaderWords: CutList Optimizer's Length, Width, Qty, Label,
// Enabled), with their units if liked (see readTable), then one row a
// line. A kod a row read before gave is refused, naming that row's line
// (a row refused gave none: codeLines), and so is a row that gives again
// the sheet of a row read before, unless both give a kod (sheetLines). As
// in a part list, a size or thickness cell may name its own unit
// ("2800 mm", OpenCutList's sizes), an adet may end in a word of
// quantityUnitWords ("4 adet") and a row whose etkin cell says no is left
// out. Numbers take a decimal comma and thousands dots (parseNumber);
// the file's encoding and separator are found as Read finds them. On any
// bad field it returns an *Error naming every bad line and no rows. The
// sheets' sides keep to StoreLimits.
func ReadStock(r io.Reader) ([]nest.Stock, error) {
	return ReadStockLimits(r, StoreLimits)
}

// ReadStockLimits is ReadStock with the sides of lim instead of the
// store's.
func ReadStockLimits(r io.Reader, lim Limits) ([]nest.Stock, error) {
	stock, _, err := ReadStockInfo(r, lim)
	return stock, err
}

// ReadStockConverted is ReadStockLimits that also tells the columns whose
// numbers were converted from the unit their header or a cell named
// (none when the list is refused), as ReadConverted.
func ReadStockConverted(r io.Reader, lim Limits) ([]nest.Stock, []Conversion, error) {
	stock, info, err := ReadStockInfo(r, lim)
	return stock, info.Converted, err
}

// ReadStockInfo is ReadStockLimits that also tells what Info holds, as
// ReadInfo does for a part list: a list whose rows are all turned off by
// its etkin column is refused.
func ReadStockInfo(r io.Reader, lim Limits) ([]nest.Stock, Info, error) {
	l, err := readStock(r, lim)
	return taken(l.stock, l.info, l.errs, err, "stok satırı")
}

// stockList is a stock list as read: the rows of its good lines, what
// reading it tells and the bad fields of the others (up to maxErrors).
type stockList struct {
	stock []nest.Stock
	info  Info
	errs  []LineError
}

// readStock reads a stock list row by row, as ReadStock describes; err
// refuses the file whole (its header, its size, its encoding).
func readStock(in io.Reader, lim Limits) (stockList, error) {
	t, err := readTable(in, &stockWords, store.MaxStockRows, "stok satırı", &stockKind)
	if err != nil {
		return stockList{}, err
	}
	// The ids of the rows read; the default sheet's is the engine's
	// (nest.StockDefault), taken.
	read := codeLines{nest.StockDefault: 0}
	// The sheets of the rows read, each by its first row's line and
	// whether that row gave a kod (sheetLines).
	sheets := sheetLines{}
	// The ids given, which a generated one must not take.
	given := map[string]bool{}
	for i, rec := range t.rows {
		given[newRow(rec, &t.h, t.lines[i], &lim).cell[colID]] = true
	}
	stock, errs := readRows(t, &lim, func(i int, r *listRow) nest.Stock {
		s := nest.Stock{ID: r.text(colID), Name: r.text(colName), Material: r.text(colMaterial)}
		if s.ID == "" {
			// Generated: the first free s<n> from the row's number.
			for n := i + 1; s.ID == "" || read.has(s.ID) || given[s.ID]; n++ {
				s.ID = "s" + strconv.Itoa(n)
			}
		}
		read.check(r, s.ID, store.MsgStockID)
		s.Thickness = r.thickness()
		s.Width = r.sheetSide(colWidth)
		s.Height = r.sheetSide(colHeight)
		s.Quantity = r.stockQuantity()
		s.Price = r.amount(colPrice, store.MaxPrice, store.MsgPrice)
		s.Grain = r.grain()
		sheets.check(r, s)
		read.add(r, s.ID)
		return s
	})
	return stockList{stock: stock, info: t.info, errs: errs}, nil
}

// ReadBands parses a band list: a header of `kod` (required, unique),
// `ad`, `kalınlık` (mm), `fiyat` (TL a metre) and `fazlalık` (cm added to
// every banded edge), in any order, then one band a line, as ReadStock
// (bandHeaderWords; a thickness or overlength cell may name its unit).
func ReadBands(r io.Reader) ([]nest.Band, error) {
	bands, _, err := ReadBandsInfo(r)
	return bands, err
}

// ReadBandsConverted is ReadBands that also tells the columns whose
// numbers were converted, as ReadConverted.
func ReadBandsConverted(r io.Reader) ([]nest.Band, []Conversion, error) {
	bands, info, err := ReadBandsInfo(r)
	return bands, info.Converted, err
}

// ReadBandsInfo is ReadBands that also tells what Info holds, as ReadInfo.
func ReadBandsInfo(in io.Reader) ([]nest.Band, Info, error) {
	t, err := readTable(in, &bandWords, store.MaxBands, "bant kodu", &bandsKind)
	if err != nil {
		return nil, Info{}, err
	}
	read := codeLines{"": 0} // an empty code is none
	bands, errs := readRows(t, &StoreLimits, func(_ int, r *listRow) nest.Band {
		b := nest.Band{Code: r.text(colID), Name: r.text(colName)}
		read.check(r, b.Code, store.MsgBandCode)
		b.Thickness = r.amount(colThickness, store.MaxBandThickness, store.MsgBandThickness)
		b.Price = r.amount(colPrice, store.MaxPrice, store.MsgPrice)
		b.Overlength = r.amount(colOverlength, store.MaxBandOverlength, store.MsgBandOverlength)
		read.add(r, b.Code)
		return b
	})
	return taken(bands, t.info, errs, nil, "bant kodu")
}
