// Package partcsv reads part lists from CSV files as Turkish spreadsheets
// write them: `,`, `;` or tab separated, decimal commas and thousands dots
// (1.450,5, as the web reads them), a UTF-8 byte order mark or the
// Windows-1254 encoding of a plain "CSV" save, and Turkish letters in
// names and headers; and from Excel workbooks (.xlsx), their first sheet
// read as the same cells pasted from Excel (xlsx.go).
package partcsv

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"
	xunicode "golang.org/x/text/encoding/unicode"

	"kesim/export"
	"kesim/internal/store"
	"kesim/nest"
)

// Limits of one file under any Limits: its size, and the bad fields
// reported.
const (
	maxBytes  = 16 << 20
	maxErrors = 20
)

// Limits bound the sides, quantities and part lines a reader takes, with
// the messages that refuse what lies beyond them. Names, materials, band
// codes, thicknesses, prices and the stock and band rows keep to limits
// the store and the engine share (store.MaxNameLength, store.MaxStockRows,
// ...). A part's or a stock sheet's side or a quantity out of its range is
// refused by a message naming the cell and the range (msgPartSide,
// msgSheetSide, msgQuantity), as the web's list readers say it.
type Limits struct {
	Side      float64 // cm, a part's side and a stock sheet's
	Quantity  int     // copies of one part line
	PartLines int     // part lines in one list

	MsgPartLines string // a list of more than PartLines part lines
}

// StoreLimits are the store's (store.MaxSize, store.MaxQuantity,
// store.MaxLayoutParts): a list read under them can be saved as it is.
// Read and ReadStock keep to them.
var StoreLimits = Limits{
	Side: store.MaxSize, Quantity: store.MaxQuantity, PartLines: store.MaxLayoutParts,
	MsgPartLines: "en fazla " + export.Count(float64(store.MaxLayoutParts)) + " parça satırı okunabilir",
}

// EngineLimits are the engine's (nest.MaxSheetCM, nest.MaxPieces), for a
// list laid out without being saved, as kesim nest does: a job the engine
// takes from a JSON request it takes from a CSV too.
var EngineLimits = Limits{
	Side: nest.MaxSheetCM, Quantity: nest.MaxPieces, PartLines: nest.MaxPieces,
	MsgPartLines: "en fazla " + export.Count(float64(nest.MaxPieces)) + " parça satırı okunabilir",
}

// quoted is a cell (or a header cell) as a message names it: in double
// quotes as written, a quote in it left as it is ("3/4"" yerine ...), as
// the web writes it; Go's %q would write \" for it and escape a tab.
func quoted(cell string) string {
	return `"` + cell + `"`
}

// The messages of a cell that is not what its column takes, naming the
// cell as written and what to write, in the web's words
// (web/src/messages.ts; testdata/parity.json and stockparity.json pin
// them).
func msgNotNumber(cell string) string {
	return quoted(cell) + " geçerli bir sayı değil; sayıyı 45 ya da 45,5 gibi yazın"
}

func msgNotWhole(cell string) string {
	return quoted(cell) + " tam sayı değil; adedi 1, 2, 3 gibi tam sayıyla yazın"
}

func msgYesNo(cell string) string { return quoted(cell) + " yerine evet veya hayır yazın" }

// msgEnabledWord refuses an etkin cell of no yes or no word (a row whose
// cell says no is left out).
func msgEnabledWord(cell string) string {
	return quoted(cell) + " yerine evet veya hayır yazın (hayır yazılan satır okunmaz)"
}

func msgGrainWord(cell string) string { return quoted(cell) + " yerine yok, dikey veya yatay yazın" }

// msgPartSide refuses a part's side below MinSide as written, or over
// max cm once rounded up, naming the range in unit, the unit the cell was
// read in (its own, its header's, else cm: sideUnit), so that the range
// never contradicts the cell: "0,04" parça ölçüsü olamaz; 0,1 ile 1.000 cm
// arasında bir ölçü yazın, and in a column in mm "0,5" parça ölçüsü
// olamaz; 1 ile 10.000 mm arasında bir ölçü yazın.
func msgPartSide(cell string, max float64, unit string) string {
	return quoted(cell) + " parça ölçüsü olamaz; " + rangeIn(MinSide, max, unit) + " arasında bir ölçü yazın"
}

// msgSheetSide refuses a stock sheet's side that rounds down to 0 or
// lies over max cm, naming the range in unit as msgPartSide does: "0"
// levha ölçüsü olamaz; 0,01 ile 1.000 cm arasında bir ölçü yazın (the
// engine's smallest sheet side is 0,01 cm), 0,1 ile 10.000 mm, 0,0001 ile
// 10 m.
func msgSheetSide(cell string, max float64, unit string) string {
	return quoted(cell) + " levha ölçüsü olamaz; " + rangeIn(0.01, max, unit) + " arasında bir ölçü yazın"
}

// rangeIn writes the range of lengths from min to max cm in unit (mm, cm
// or m), the Turkish way, its decimal point moved on the digits as
// shiftDecimal moves a cell's: 0,1 ile 1.000 cm is 1 ile 10.000 mm and
// 0,001 ile 10 m. As the web's lengthRange (web/src/messages.ts).
func rangeIn(min, max float64, unit string) string {
	return cmIn(min, unit) + " ile " + cmIn(max, unit) + " " + unit
}

// cmIn writes the length cm in unit: its digits with a decimal comma and
// thousands dots (10.000; 0,0001).
func cmIn(cm float64, unit string) string {
	s := strings.Replace(strconv.FormatFloat(cm, 'f', -1, 64), ".", ",", 1)
	if moved, ok := shiftDecimal(s, unitDigits[unitCM]-unitDigits[unit]); ok {
		s = moved
	}
	whole, frac, found := strings.Cut(s, ",")
	for i := len(whole) - 3; i > 0; i -= 3 {
		whole = whole[:i] + "." + whole[i:]
	}
	if found {
		return whole + "," + frac
	}
	return whole
}

// msgQuantity refuses a part's quantity below 1 or over max, however
// large: "0" adet olamaz; 1 ile 100.000 arasında bir tam sayı yazın.
func msgQuantity(cell string, max int) string {
	return quoted(cell) + " adet olamaz; 1 ile " + export.Count(float64(max)) + " arasında bir tam sayı yazın"
}

// msgNameTooLong refuses a part's name of n characters, over
// store.MaxNameLength, which is too long to be named in the message; the
// field names the column ("satır 2, ad: 201 karakter; en fazla 200
// karakterlik bir ad yazın").
func msgNameTooLong(n int) string {
	return export.Count(float64(n)) + " karakter; en fazla " + export.Count(float64(store.MaxNameLength)) + " karakterlik bir ad yazın"
}

// LineError is one bad field, named by its line (1-based, as a spreadsheet
// counts rows) and column.
type LineError struct {
	Line    int
	Field   string // Turkish column name: ad, genişlik, yükseklik, adet, döndür
	Message string
}

func (e LineError) Error() string {
	if e.Line == 0 { // about the whole file
		return e.Message
	}
	if e.Field == "" {
		return fmt.Sprintf("satır %d: %s", e.Line, e.Message)
	}
	return fmt.Sprintf("satır %d, %s: %s", e.Line, e.Field, e.Message)
}

// Error lists every bad field of a file (up to a limit).
type Error struct{ Lines []LineError }

func (e *Error) Error() string {
	var b strings.Builder
	for i, l := range e.Lines {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(l.Error())
	}
	return b.String()
}

// The Turkish header words of a part list, as the reader takes them and
// as the web app and the docs name the columns. The reader also takes
// their ASCII spellings (kalinlik, bant ust, bant sag), other Turkish words
// and English names: partHeaderWords.
const (
	HeaderName       = "ad"
	HeaderWidth      = "genişlik"
	HeaderHeight     = "yükseklik"
	HeaderQuantity   = "adet"
	HeaderRotate     = "döndür"
	HeaderMaterial   = "malzeme"
	HeaderThickness  = "kalınlık"
	HeaderGrain      = "damar"
	HeaderBand       = "bant" // one band code on all four edges
	HeaderBandTop    = "bant üst"
	HeaderBandBottom = "bant alt"
	HeaderBandLeft   = "bant sol"
	HeaderBandRight  = "bant sağ"
	HeaderEnabled    = "etkin" // a row whose cell says no is left out (CutList Optimizer's Enabled)
)

// The grain words of the damar column, as Grain reads them.
const (
	GrainWordNone       = "yok"
	GrainWordVertical   = "dikey" // along the part's (or sheet's) height
	GrainWordHorizontal = "yatay" // along its width
)

// column identifies a known column.
type column int

const (
	colName column = iota
	colWidth
	colHeight
	colQuantity
	colRotate
	colMaterial
	colThickness
	colGrain
	colBand
	colBandTop
	colBandBottom
	colBandLeft
	colBandRight
	colEnabled
	// The columns of the stock and band lists beyond a part list's.
	colID // a stock row's kod, a band's code
	colPrice
	colOverlength
	numColumns
)

// numPartColumns counts the columns a part list may have: those before colID.
const numPartColumns = colID

// msgTooLarge refuses a file over maxBytes.
const msgTooLarge = "Dosya çok büyük: en fazla 16 MB okunabilir."

var columnNames = [numColumns]string{HeaderName, HeaderWidth, HeaderHeight, HeaderQuantity, HeaderRotate,
	HeaderMaterial, HeaderThickness, HeaderGrain, HeaderBand, HeaderBandTop, HeaderBandBottom, HeaderBandLeft, HeaderBandRight, HeaderEnabled,
	HeaderID, HeaderPrice, HeaderOverlength}

// Grain reads a grain word of partGrainWords, as a part's or a stock
// row's damar cell: yok, none, boş or nothing is no grain (""), dikey or
// vertical along the height, yatay or horizontal along the width (and
// their other words); ok is false for anything else.
func Grain(s string) (grain string, ok bool) {
	grain, ok = grainTable[wordKey(s)]
	return grain, ok
}

// Read parses a part list as the web app reads one (testdata/parity.json
// holds both to the same answers). The first row is a header when it has
// more than one cell and no number after its first (isHeaderRow): its cells
// name the columns (`name,width,height,quantity` or the Turkish names, in
// any order, any case, with or without Turkish letters: partHeaderWords;
// `rotate`, `malzeme`, `kalınlık` (mm), `damar` (partGrainWords) and the
// band columns optional: `bant` puts one code on all four edges, `bant
// üst`, `bant alt`, `bant sol` and `bant sağ` one on their edge, over
// bant's); ad, genişlik and yükseklik are required. Otherwise the first
// row is the first part, and every row has the columns name, width,
// height, quantity in that order; a row without a header with a further
// cell is refused (the optional columns need a header). A header may give
// a unit (see splitUnit): sizes in mm or m become cm, a thickness in cm or
// m becomes mm (ReadConverted tells which); another unit is refused. A
// size or thickness cell may name its own unit, which wins over the
// header's ("600 mm", "1,2 m"; "24 in" is refused), and a quantity may
// end in a word of quantityUnitWords ("2 adet", "4 pcs"). A header word
// of partFallbackWords names its column only when no other cell does
// (Açıklama is the name beside En and Boy, a note beside Ad). A row whose
// etkin cell says no (Enabled=false in CutList Optimizer) is left out
// (ReadInfo tells which). An empty quantity means 1. A side below 0,1 cm (MinSide, the specification's
// minimum) is refused; sizes are rounded up to 0.01 cm, as the engine lays
// them out. Numbers are written as the web reads them (parseNumber): +5,
// .5 and 5. are refused. A row with more cells than the columns is
// refused, and so is a comma-separated row without a header that reads two
// ways (twoWays). Rows are numbered as a spreadsheet numbers them. On any
// bad field Read returns an *Error naming every bad line and no parts; a
// file over 16 MiB is refused whole, never cut. The parts keep to
// StoreLimits.
func Read(r io.Reader) ([]nest.Part, error) {
	return ReadLimits(r, StoreLimits)
}

// ReadLimits is Read with the limits lim instead of the store's.
func ReadLimits(r io.Reader, lim Limits) ([]nest.Part, error) {
	parts, _, err := ReadConverted(r, lim)
	return parts, err
}

// MinSide is a part's smallest side in cm, the specification's (section
// 5: width and height min 0.1), as the web's MIN_SIDE_CM and the store's
// (store.MinPartSide, which refuses a saved part's side below it in these
// words).
const MinSide = store.MinPartSide

// Conversion is a column whose header named another unit than the
// column's own (En (mm)): its numbers were converted to the column's.
type Conversion struct {
	Header   string // the header cell as written: "En (mm)"
	From, To string // the units: "mm", "cm"
}

// String says it in Turkish, in the web's words: 'En (mm)' sütunu mm'den
// cm'ye çevrildi.
func (c Conversion) String() string {
	return fmt.Sprintf("'%s' sütunu %s'den %s'ye çevrildi", c.Header, c.From, c.To)
}

// ReadConverted is ReadLimits that also tells the columns whose numbers
// were converted from the unit their header (or a cell) named, in the
// order found (none when the list is refused).
func ReadConverted(r io.Reader, lim Limits) ([]nest.Part, []Conversion, error) {
	parts, info, err := ReadInfo(r, lim)
	return parts, info.Converted, err
}

// Info is what reading a part list tells besides its parts, as the web
// app's import tells it (Notes).
type Info struct {
	Converted []Conversion // the columns converted from another unit
	Unknown   []string     // the header cells that name no column (or a fallback word's column another cell names), not read
	Repeated  []string     // the header cells that name a column an earlier cell names, not read
	Enabled   string       // the etkin column's header cell as written, if any
	Disabled  []int        // the lines its cell turned off, left out
}

// Notes says Info in Turkish, a line each, as the web app's import says
// it: the columns not read, the rows left out, the columns converted.
func (i Info) Notes() []string {
	var out []string
	if len(i.Unknown) > 0 {
		out = append(out, "tanınmayan sütunlar okunmadı: "+strings.Join(i.Unknown, ", "))
	}
	if len(i.Repeated) > 0 {
		out = append(out, "birden çok kez yazılan sütunların yalnızca ilki okundu: "+strings.Join(i.Repeated, ", "))
	}
	if len(i.Disabled) > 0 {
		out = append(out, msgDisabled(i.Enabled, i.Disabled, "okunmadı"))
	}
	for _, c := range i.Converted {
		out = append(out, c.String())
	}
	return out
}

// maxDisabledLines bounds the lines a message about the rows left out
// names, as the web's.
const maxDisabledLines = 20

// msgDisabled says that the rows on lines were left out, their header
// column turning them off: "Enabled" sütununda kapalı olan 2 satır
// okunmadı: satır 3 ve 5.
func msgDisabled(header string, lines []int, verb string) string {
	names := make([]string, 0, min(len(lines), maxDisabledLines))
	for _, l := range lines[:min(len(lines), maxDisabledLines)] {
		names = append(names, strconv.Itoa(l))
	}
	list := joinTr(names)
	if len(lines) > maxDisabledLines {
		list = strings.Join(names, ", ") + "…"
	}
	return fmt.Sprintf("%s sütununda kapalı olan %s satır %s: satır %s", quoted(header), export.Count(float64(len(lines))), verb, list)
}

// ReadInfo is ReadLimits that also tells what Info holds. A list whose
// rows are all turned off by its etkin column is refused: there is
// nothing to lay out.
func ReadInfo(r io.Reader, lim Limits) ([]nest.Part, Info, error) {
	l, err := readParts(r, lim)
	return taken(l.parts, l.info, l.errs, err, "parça")
}

// taken is a list read row by row (its good rows, what reading it told,
// the bad fields of the others, or err refusing it whole) as the Read
// functions give it: its rows only when none is bad, and a list all of
// whose rows its etkin column turned off refused, there being no rows
// (what) to read.
func taken[T any](rows []T, info Info, errs []LineError, err error, what string) ([]T, Info, error) {
	switch {
	case err != nil:
		return nil, Info{}, err
	case len(errs) > 0:
		return nil, Info{}, &Error{Lines: errs}
	case len(rows) == 0:
		return nil, Info{}, &Error{Lines: []LineError{{Message: fmt.Sprintf("%s sütununda bütün satırlar kapalı: okunacak %s yok", quoted(info.Enabled), what)}}}
	}
	return rows, info, nil
}

// tellMoved adds to Converted the columns whose cells in the row r, read,
// named their own unit (listRow.lengthCell), each column and unit once:
// seen holds those told.
func (i *Info) tellMoved(r *listRow, seen map[cellMove]bool) {
	for _, m := range r.moved {
		if !seen[m] {
			seen[m] = true
			i.Converted = append(i.Converted, Conversion{Header: r.h.names[m.col], From: m.unit, To: columnUnits[columnNames[m.col]]})
		}
	}
}

// partList is a part list as read: the parts of its good rows, what
// reading it tells (the columns converted, the rows left out...) and the
// bad fields of the others (up to maxErrors).
type partList struct {
	parts []nest.Part
	info  Info
	errs  []LineError
}

// readParts reads a part list row by row, as Read describes; err refuses
// the file whole (its header, its size, its encoding). Read takes a list
// with no bad row; the web adds the good rows and names the bad ones.
func readParts(r io.Reader, lim Limits) (partList, error) {
	rows, lines, sep, err := records(r, &partsKind)
	if err != nil {
		return partList{}, err
	}
	// Without a header the columns are the specification's four, as the
	// web reads a row. Cells past the columns are refused: after a comma
	// they may be an unquoted decimal comma (Raf,45,5,30,2), past a
	// header's columns they stand where they do not belong, and without a
	// header a fifth cell could be döndür, a material or a note.
	h := listHeader{cols: []column{colName, colWidth, colHeight, colQuantity}}
	copy(h.names[:], columnNames[:])
	var info Info
	if k := titleRows(rows); k > 0 && isHeaderRow(rows[k]) {
		rows, lines = rows[k:], lines[k:]
	}
	hasHeader := isHeaderRow(rows[0])
	if hasHeader {
		var herrs []LineError
		h, info.Converted, herrs = header(rows[0], lines[0], &partWords)
		if herrs != nil {
			return partList{}, &Error{Lines: herrs}
		}
		info.Unknown, info.Repeated, info.Enabled = h.unknown, h.repeated, h.names[colEnabled]
		rows, lines = rows[1:], lines[1:]
	}
	width := len(h.cols)
	msgExtra := msgExtraCells
	switch {
	case sep == ',':
		msgExtra = msgExtraCellsComma
	case !hasHeader:
		msgExtra = msgExtraCellsNoHeader
	}
	if len(rows) == 0 {
		return partList{}, &Error{Lines: []LineError{{Line: 2, Message: "dosyada parça yok"}}}
	}
	if len(rows) > lim.PartLines {
		return partList{}, &Error{Lines: []LineError{{Line: lines[lim.PartLines], Message: lim.MsgPartLines}}}
	}
	l := partList{info: info}
	// the columns a cell's own unit converted: each column and unit once
	moved := map[cellMove]bool{}
	for i, rec := range rows {
		var lerrs []LineError
		var p nest.Part
		var r *listRow
		switch {
		case !blank(rec[min(width, len(rec)):]):
			lerrs = []LineError{{Line: lines[i], Message: msgExtra}}
		case sep == ',' && !hasHeader && twoWays(rec):
			lerrs = []LineError{{Line: lines[i], Message: msgTwoWays(cellText(rec[1]) + "," + cellText(rec[2]))}}
		default:
			r = newRow(rec, &h, lines[i], &lim)
			if r.disabled() {
				l.info.Disabled = append(l.info.Disabled, lines[i])
				continue
			}
			p, lerrs = r.part(), r.errs
		}
		l.errs = append(l.errs, lerrs...)
		if len(l.errs) >= maxErrors {
			l.errs = l.errs[:maxErrors]
			break
		}
		if lerrs == nil {
			p.ID = "p" + strconv.Itoa(len(l.parts)+1)
			l.parts = append(l.parts, p)
			l.info.tellMoved(r, moved)
		}
	}
	return l, nil
}

// records reads the non-blank rows of a CSV file, their row numbers as a
// spreadsheet counts rows (a line break in a quoted cell, Alt+Enter in
// Excel, starts no row), and its separator: the file's encoding and
// separator found as Read describes. An Excel workbook (.xlsx, known by
// its first bytes, a zip's) gives its first sheet's rows, read as the
// same cells pasted from Excel, tab separated (xlsxText). A file that is
// no list (notAList: a PDF, a photo, a binary file) is an *Error saying
// what it looks like, whatever its size; a file with no rows one saying
// k.empty.
func records(r io.Reader, k *listKind) ([][]string, []int, rune, error) {
	data, err := io.ReadAll(io.LimitReader(r, maxBytes+1))
	if err != nil {
		return nil, nil, 0, err
	}
	if msg := notAList(data, k); msg != "" {
		return nil, nil, 0, &Error{Lines: []LineError{{Message: msg}}}
	}
	if len(data) > maxBytes {
		// Reading on to the limit and laying out what came would drop the
		// rest of the list without a word.
		return nil, nil, 0, &Error{Lines: []LineError{{Message: msgTooLarge}}}
	}
	if bytes.HasPrefix(data, zipMagic) || bytes.HasPrefix(data, ole2Magic) {
		// An Excel workbook, or an old or password-protected one: its
		// first sheet is read as the same cells pasted from Excel.
		text, err := xlsxText(data)
		if err != nil {
			return nil, nil, 0, &Error{Lines: []LineError{{Message: err.Error()}}}
		}
		rows, lines := nonBlankRows(text, '\t')
		if len(rows) == 0 {
			return nil, nil, 0, &Error{Lines: []LineError{{Line: 1, Message: k.empty}}}
		}
		return rows, lines, '\t', nil
	}
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	// Excel's "Unicode text" save is UTF-16 with a byte order mark, as
	// the web reads it too (decodeText).
	for _, bom := range []struct {
		mark  string
		order xunicode.Endianness
	}{{"\xff\xfe", xunicode.LittleEndian}, {"\xfe\xff", xunicode.BigEndian}} {
		if bytes.HasPrefix(data, []byte(bom.mark)) {
			if data, err = xunicode.UTF16(bom.order, xunicode.ExpectBOM).NewDecoder().Bytes(data); err != nil {
				return nil, nil, 0, &Error{Lines: []LineError{{Line: 1, Message: "dosya kodlaması okunamadı"}}}
			}
			data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
			break
		}
	}
	if !utf8.Valid(data) {
		// Turkish Excel's plain "CSV" save is Windows-1254.
		if data, err = charmap.Windows1254.NewDecoder().Bytes(data); err != nil {
			return nil, nil, 0, &Error{Lines: []LineError{{Line: 1, Message: "dosya kodlaması okunamadı"}}}
		}
	}
	sep := detectSeparator(data)
	rows, lines := nonBlankRows(string(data), sep)
	if len(rows) == 0 {
		return nil, nil, 0, &Error{Lines: []LineError{{Line: 1, Message: k.empty}}}
	}
	return rows, lines, sep, nil
}

// nonBlankRows are the rows of text, separated by sep, that are not blank,
// and their row numbers.
func nonBlankRows(text string, sep rune) (rows [][]string, lines []int) {
	for i, rec := range splitDelimited(text, sep) {
		if !blank(rec) {
			rows = append(rows, rec)
			lines = append(lines, i+1)
		}
	}
	return rows, lines
}

// splitDelimited splits text into rows of cells at sep exactly as the
// web's parseDelimited (web/src/lib/csv.ts) does, so that both read a file
// alike: line breaks are \n, \r\n or \r; a cell that begins with a double
// quote (after spaces, when sep is not a tab) and ends with one is quoted
// (separators and line breaks in it are its own, "" is one quote); any
// other cell, a stray quote in it (Raf 3/4") or an unclosed one, is taken
// as written, where encoding/csv refused the whole file. One row per
// record: the index of a row plus one is its row number as a spreadsheet
// counts rows (a blank line is a row of one empty cell); a line break
// ending the text makes no row.
func splitDelimited(text string, sep rune) [][]string {
	t := strings.ReplaceAll(strings.ReplaceAll(text, "\r\n", "\n"), "\r", "\n")
	var rows [][]string
	if t == "" {
		return rows
	}
	c := byte(sep)
	var row []string
	for i := 0; ; {
		j := i
		if c != '\t' {
			for j < len(t) && t[j] == ' ' {
				j++
			}
		}
		end := i
		cell, quoted := "", false
		if j < len(t) && t[j] == '"' {
			cell, end, quoted = readQuoted(t, j, c)
		}
		if !quoted {
			end = i
			for end < len(t) && t[end] != c && t[end] != '\n' {
				end++
			}
			cell = t[i:end]
		}
		row = append(row, cell)
		if end >= len(t) {
			rows = append(rows, row)
			break
		}
		if t[end] == '\n' {
			rows = append(rows, row)
			row = nil
			if end+1 == len(t) {
				break
			}
		}
		i = end + 1
	}
	return rows
}

// readQuoted reads the quoted cell whose opening quote is at t[start]: its
// value and the index after its closing quote, or false when the quotes
// are not Excel's (no closing quote before the end, or one followed by
// anything but the separator or a line break).
func readQuoted(t string, start int, sep byte) (string, int, bool) {
	var b strings.Builder
	for i := start + 1; i < len(t); i++ {
		if t[i] != '"' {
			b.WriteByte(t[i])
			continue
		}
		switch {
		case i+1 < len(t) && t[i+1] == '"':
			b.WriteByte('"')
			i++
		case i+1 == len(t) || t[i+1] == sep || t[i+1] == '\n':
			return b.String(), i + 1, true
		default:
			return "", 0, false
		}
	}
	return "", 0, false
}

func blank(rec []string) bool {
	for _, f := range rec {
		if strings.TrimSpace(f) != "" {
			return false
		}
	}
	return true
}

// detectSeparator picks the separator from the first line holding one (a
// title above the list has none): a semicolon or a tab wins over the
// comma, which may be a decimal comma. One exception, for a title that
// holds a comma (Mutfak, Ocak 2026) above a `;` or tab separated list:
// when the lines holding a separator begin with lines holding only
// commas, and the first line holding a `;` or a tab is at most the
// fifth line holding a separator and splits at it (the `;` before the
// tab) into more cells than each of those lines splits into at commas,
// those lines are titles and its separator is the list's. A comma
// separated list keeps its separator when a row below its header has a
// `;` in a name ("Raf; üst",45,30,2, quoted or not): the row splits at
// `;` into fewer cells than the header at commas (only a name of at least
// as many `;` as the header has commas, within the list's first rows,
// would not). As the web's detectSeparator (lib/csv.ts).
func detectSeparator(data []byte) rune {
	var commas []int // the cells at commas of each comma-only line seen
	for rest := data; len(rest) > 0; {
		// the next line without its break, \n, \r\n or \r, as the web splits lines
		line := rest
		rest = nil
		if i := bytes.IndexAny(line, "\r\n"); i >= 0 {
			brk := 1
			if line[i] == '\r' && i+1 < len(line) && line[i+1] == '\n' {
				brk = 2
			}
			line, rest = line[:i], line[i+brk:]
		}
		if !bytes.ContainsAny(line, ";\t,") {
			continue // blank, or a title above the list (titleRows)
		}
		var sep rune
		switch {
		case bytes.ContainsRune(line, ';'):
			sep = ';'
		case bytes.ContainsRune(line, '\t'):
			sep = '\t'
		default:
			if len(commas) == maxCommaTitles {
				return ','
			}
			commas = append(commas, len(splitDelimited(string(line), ',')[0]))
			continue
		}
		n := len(splitDelimited(string(line), sep)[0])
		for _, c := range commas {
			if n <= c {
				return ','
			}
		}
		return sep
	}
	return ','
}

// maxCommaTitles is how many lines holding only commas may be titles
// above a `;` or tab separated list (detectSeparator).
const maxCommaTitles = 4

// The messages of a row that cannot be read as its columns, in the web's
// words (web/src/features/parts/texts.ts).
const (
	msgExtraCells         = "başlıktaki sütunlardan fazla hücre var"
	msgExtraCellsComma    = `sütunlardan fazla hücre var; virgülle ayrılmış satırlarda ondalık sayıları tırnak içinde yazın ("45,5")`
	msgExtraCellsNoHeader = "sütunlardan fazla hücre var: başlık satırı olmadan yalnızca ad, genişlik, yükseklik ve adet okunur; öteki sütunlar için ilk satıra sütun adlarını yazın (ör. Ad, Genişlik, Yükseklik, Adet, Döndür)"
)

// msgTwoWays refuses a comma-separated row that reads two ways (twoWays);
// decimal is its width and height read as one number, "45,5".
func msgTwoWays(decimal string) string {
	return decimal + ` ondalık bir genişlik mi, genişlik ve yükseklik mi belli değil; virgülle ayrılmış satırlarda ondalık sayıları tırnak içinde yazın ("45,5") ya da hücreleri noktalı virgülle ayırın`
}

// listHeader is the columns of a list (parts, stock rows, band codes):
// each cell's column (-1 for a cell not read), the places the numbers of a column move, for a header
// that gave it another unit than its own, and the cells not read.
type listHeader struct {
	cols  []column
	shift [numColumns]int
	unit  [numColumns]string // the unit a header cell named, in lower case
	names [numColumns]string // each column's header cell as written (its Turkish name without a header)

	unknown, repeated []string // as Info's
}

// titleRows is how many rows a list begins with that have one cell with a
// text at most ("Mutfak, Ocak 2026" above the header, as hand-made Excel
// lists often have), when a row with more follows: the caller leaves them
// out when that row is the header. Such rows are never a part (a part has
// a size) nor a header (it names two columns at least), so a list that
// was read before reads the same; one refused for its title is read. As
// the web's titleRows (lib/csv.ts).
func titleRows(rows [][]string) int {
	for k, rec := range rows {
		n := 0
		for _, c := range rec {
			if cellText(c) != "" {
				n++
			}
		}
		if n > 1 {
			return k
		}
	}
	return 0
}

// isHeaderRow reports whether the first row of a part list names its
// columns, as the web's isHeaderRow: more than one cell, and no number
// after the first (a part's width is one). A first row such as Kapak;;30;2
// or Kapak;abc;30;2 is a part, refused by its bad field.
func isHeaderRow(rec []string) bool {
	if len(rec) < 2 {
		return false
	}
	for _, c := range rec[1:] {
		if isNumberCell(cellText(c)) {
			return false
		}
	}
	return true
}

// isNumberCell reports whether a cell is a number, or a number with a
// word after it ("600 mm", "2 adet", "24 in"): a part's cell, not a
// header's.
func isNumberCell(c string) bool {
	if _, ok := parseNumber(c); ok {
		return true
	}
	m := cellUnitPattern.FindStringSubmatch(c)
	if m == nil {
		return false
	}
	_, ok := parseNumber(m[1])
	return ok
}

// cellUnitPattern splits a cell into a number and the word or mark after
// it: "600 mm", "1,2m", "2 Ad.", "24 in", "24\"".
var cellUnitPattern = regexp.MustCompile(`^(-?[0-9][0-9.,]*)[\s\p{Zs}]*(\p{L}+\.?|["″])$`)

// listWords are the header words of a kind of list (parts, stock rows,
// band codes) by their column, as wordKey folds them, with the columns
// its header must name and the message refusing one that lacks them.
type listWords struct {
	header   map[string]column
	fallback map[string]column // words that name their column only when no other cell does (partFallbackWords)
	required []column
	missing  func(names []string) string
}

// partWords are a part list's (partHeaderWords, partFallbackWords).
var partWords = listWords{header: headerTable, fallback: fallbackTable, required: []column{colName, colWidth, colHeight}, missing: msgMissingColumns}

// header maps the columns of a header row, read by the words of its kind
// of list w (a cell it does not know, or a column named a second time, is
// not read), and the columns it converts from another unit. A header that
// lacks a required column, or gives one a unit it does not take, is
// refused (errs).
func header(rec []string, line int, w *listWords) (h listHeader, conv []Conversion, errs []LineError) {
	// the columns the cells name by their own words, which their
	// fallback words do not name then (partFallbackWords)
	named := map[column]bool{}
	for _, raw := range rec {
		word, _ := splitUnit(cellText(raw))
		if c, ok := w.header[wordKey(word)]; ok {
			named[c] = true
		}
	}
	found := map[column]bool{}
	for _, raw := range rec {
		cell := cellText(raw)
		word, unit := splitUnit(cell)
		c, ok := w.header[wordKey(word)]
		if fc, fok := w.fallback[wordKey(word)]; !ok && fok && !named[fc] {
			c, ok = fc, true
		}
		switch {
		case !ok:
			if cell != "" {
				h.unknown = append(h.unknown, cell)
			}
			c = -1
		case found[c]:
			h.repeated = append(h.repeated, cell)
			c = -1
		default:
			found[c] = true
			h.names[c] = cell
			shift, msg := columnUnit(columnNames[c], cell, unit)
			if msg != "" {
				errs = append(errs, LineError{Line: line, Field: columnNames[c], Message: msg})
			}
			h.shift[c] = shift
			h.unit[c] = unit
			if shift != 0 {
				conv = append(conv, Conversion{Header: cell, From: unit, To: columnUnits[columnNames[c]]})
			}
		}
		h.cols = append(h.cols, c)
	}
	var missing []string
	for _, need := range w.required {
		if !found[need] {
			missing = append(missing, columnNames[need])
		}
	}
	if missing != nil {
		return h, nil, []LineError{{Line: line, Message: w.missing(missing)}}
	}
	return h, conv, errs
}

// msgMissingColumns refuses a header row that lacks the required columns
// named, as the web says it.
func msgMissingColumns(names []string) string {
	what := "sütunu"
	if len(names) > 1 {
		what = "sütunları"
	}
	return fmt.Sprintf("başlık satırında %s %s yok; başlıkta ad, genişlik ve yükseklik sütunları olmalı (Ad;Genişlik;Yükseklik;Adet)", joinTr(names), what)
}

// joinTr lists words the Turkish way: "ad, genişlik ve yükseklik".
func joinTr(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " ve " + words[len(words)-1]
}

// lineBreaks are a line break in a cell (Alt+Enter in Excel) with the
// spaces around it.
var lineBreaks = regexp.MustCompile(`[\s\p{Zs}]*\n[\s\p{Zs}]*`)

// cellText is a cell as read, as the web's cellText: trimmed, a line
// break in it a space.
func cellText(c string) string {
	return strings.TrimSpace(lineBreaks.ReplaceAllString(c, " "))
}

// twoWays reports whether a comma-separated row without a header could be
// read two ways, so that it is refused rather than guessed, as the web
// refuses it (web/src/features/parts/parts.ts): Kapak,45,5,30 is 45 × 5
// cm, 30 pieces, or an unquoted 45,5 × 30 cm with the quantity left out.
// The rule: a whole width, a height of one digit right after it (what the
// decimals of a size in cm most often are: 45,5) and a fourth cell that
// would be the height. A single-digit quantity is the rule, so
// Kapak,45,30,2 is read as written. Quoted decimals ("45,5"), semicolons
// or a header row avoid the question. rec has at most four cells that are
// not blank.
func twoWays(rec []string) bool {
	cell := func(i int) string {
		if i < len(rec) {
			return cellText(rec[i])
		}
		return ""
	}
	return wholeDigits.MatchString(cell(1)) && oneDigit.MatchString(cell(2)) && cell(3) != ""
}

var (
	wholeDigits = regexp.MustCompile(`^[0-9]+$`)
	oneDigit    = regexp.MustCompile(`^[0-9]$`)
)

// newRow is one part line: rec's cells under the columns of h, line its
// line number.
func newRow(rec []string, h *listHeader, line int, lim *Limits) *listRow {
	r := &listRow{line: line, lim: lim, h: h}
	for i, f := range rec {
		if i < len(h.cols) && h.cols[i] >= 0 {
			r.cell[h.cols[i]] = cellText(f)
		}
	}
	return r
}

// disabled reports whether the row's etkin cell turns it off (a word of
// rotateWords saying no): such a row is left out whatever its other
// cells hold. A cell of no such word is a bad field (r.errs), and the
// row is read.
func (r *listRow) disabled() bool {
	v := r.cell[colEnabled]
	if v == "" {
		return false
	}
	yes, ok := rotateTable[wordKey(v)]
	if !ok {
		r.bad(colEnabled, msgEnabledWord(v))
	}
	return ok && !yes
}

// part reads the row's part. The errors (r.errs) come in column order,
// every bad field of the row.
func (r *listRow) part() nest.Part {
	return nest.Part{
		Name:      r.name(),
		Width:     r.size(colWidth),
		Height:    r.size(colHeight),
		Quantity:  r.quantity(),
		Rotate:    r.rotate(),
		Material:  r.text(colMaterial),
		Thickness: r.thickness(),
		Grain:     r.grain(),
		Edges:     r.edges(),
	}
}

// listRow is a line's cells by column (empty when the file has no such
// column), a part's, a stock row's or a band's, gathering its errors and
// the units its cells named as its fields are read.
type listRow struct {
	cell  [numColumns]string
	h     *listHeader
	line  int
	lim   *Limits
	errs  []LineError
	moved []cellMove // the columns converted by a cell's own unit
}

// cellMove is a column whose cell named a unit other than the column's
// own and its header's: the cell was converted from unit.
type cellMove struct {
	col  column
	unit string
}

// lengthCell reads a cell of the column c: its number as written and the
// places its decimal point moves to be in the column's unit, by the
// cell's own unit when it names one and c is a length (a size, a
// thickness, an overlength: "600 mm", "1,2 m"), else by the header's; msg
// refuses a unit no length takes ("24 in").
func (r *listRow) lengthCell(c column) (v string, shift int, msg string) {
	v = r.cell[c]
	own := columnUnits[columnNames[c]]
	m := cellUnitPattern.FindStringSubmatch(v)
	if _, length := unitDigits[own]; m == nil || !length {
		return v, r.h.shift[c], ""
	}
	unit := wordKey(m[2])
	d, ok := unitDigits[unit]
	if !ok {
		return v, 0, quoted(v) + " içindeki birim tanınmıyor; mm, cm veya m yazın"
	}
	if unit != own && unit != r.h.unit[c] {
		r.moved = append(r.moved, cellMove{c, unit})
	}
	return m[1], d - unitDigits[own], ""
}

func (r *listRow) bad(c column, msg string) {
	r.errs = append(r.errs, LineError{Line: r.line, Field: columnNames[c], Message: msg})
}

// failed reports whether the row's column c was found bad.
func (r *listRow) failed(c column) bool {
	return slices.ContainsFunc(r.errs, func(e LineError) bool { return e.Field == columnNames[c] })
}

// name is the required part name, at most store.MaxNameLength characters.
func (r *listRow) name() string {
	v := r.cell[colName]
	switch {
	case v == "":
		r.bad(colName, store.MsgRequired)
	case strings.ContainsRune(v, 0):
		r.bad(colName, store.MsgNameInvalid) // as the store refuses it
	case utf8.RuneCountInString(v) > store.MaxNameLength:
		r.bad(colName, msgNameTooLong(utf8.RuneCountInString(v)))
	}
	return v
}

// requiredNumber reads a required number cell, its decimal point moved
// by shift places (a header in another unit), then rounded by round: its
// value, or the message for an empty or unreadable cell.
func requiredNumber(v string, shift int, round func(float64) float64) (float64, string) {
	if v == "" {
		return 0, store.MsgRequired
	}
	n, ok := shiftedNumber(v, shift)
	if !ok {
		return n, msgNotNumber(v)
	}
	return round(n), ""
}

// requiredLength is requiredNumber for the part's length column c: its
// number moved to the column's unit by the cell's or the header's
// (lengthCell), and the unit it was read in (sideUnit); a message names
// the cell as written.
func (r *listRow) requiredLength(c column, round func(float64) float64) (n float64, unit, msg string) {
	v, shift, msg := r.lengthCell(c)
	unit = sideUnit(columnUnits[columnNames[c]], shift)
	if msg != "" {
		return 0, unit, msg
	}
	n, msg = requiredNumber(v, shift, round)
	if msg != "" && v != "" {
		msg = msgNotNumber(r.cell[c])
	}
	return n, unit, msg
}

// sideUnit is the length unit a cell of a column whose own unit is own
// was read in, by the places lengthCell moves its number to be in own:
// in a cm column mm for -1 ("En (mm)", "600 mm"), m for 2, cm for 0.
func sideUnit(own string, shift int) string {
	for u, d := range unitDigits {
		if d == unitDigits[own]+shift {
			return u
		}
	}
	return own
}

// shiftedNumber reads a number cell as parseNumber does, its decimal point
// moved by shift places first (shiftDecimal): 455 under "En (mm)" is
// 45,5 cm exactly, as the web reads it.
func shiftedNumber(v string, shift int) (float64, bool) {
	if shift != 0 {
		moved, ok := shiftDecimal(v, shift)
		if !ok {
			return 0, false
		}
		v = moved
	}
	return parseNumber(v)
}

// size is a required side in cm, at least MinSide as written (0,04 and
// 0,001 are refused, not cut as 0,04 and 0,01 cm), rounded up to 0.01 cm
// as the engine cuts it: 45,555 is 45,56.
func (r *listRow) size(c column) float64 {
	typed, unit, msg := r.requiredLength(c, func(v float64) float64 { return v })
	n := nest.RoundUp(typed)
	switch {
	case msg != "":
		r.bad(c, msg)
	case typed < MinSide-1e-9 || n <= 0 || n > r.lim.Side:
		r.bad(c, msgPartSide(r.cell[c], r.lim.Side, unit))
	}
	return n
}

// quantity is the adet cell, 1 when empty; a word of quantityUnitWords
// after its number is only a word ("2 adet").
func (r *listRow) quantity() int {
	v := r.cell[colQuantity]
	if v == "" {
		return 1
	}
	q, ok := parseWhole(quantityNumber(v)) // 1.000 is a thousand, as in the web
	switch {
	case !ok:
		r.bad(colQuantity, msgNotWhole(v))
	case q < 1 || q > r.lim.Quantity:
		r.bad(colQuantity, msgQuantity(v, r.lim.Quantity))
	}
	return q
}

// quantityNumber is a quantity cell without a word of quantityUnitWords
// after its number: "2 adet" is "2"; any other cell as it is.
func quantityNumber(v string) string {
	if m := cellUnitPattern.FindStringSubmatch(v); m != nil && quantityUnits[wordKey(m[2])] {
		return m[1]
	}
	return v
}

// priceCellPattern is a price cell with the lira's mark, as Excel's
// Turkish currency format writes it into a CSV: "2.100,00 TL", "₺2.100,00",
// "2.100,00 ₺" (the mark's space may be a no-break space).
var priceCellPattern = regexp.MustCompile(`^(?:₺[\s\p{Zs}]*)?(-?[0-9][0-9.,]*)(?:[\s\p{Zs}]*(?:₺|[Tt][Ll]))?$`)

// priceNumber is a price cell without the lira's mark (TL or ₺, in
// front of or after its number): "2.100,00 TL" is "2.100,00"; any other
// cell as it is. The web's stock import reads it alike (priceNumber in
// web/src/lib/columns.ts).
func priceNumber(v string) string {
	if m := priceCellPattern.FindStringSubmatch(v); m != nil {
		return m[1]
	}
	return v
}

// rotate is the döndür cell (rotateWords): nil (the request's default)
// when empty or yes, false when no.
func (r *listRow) rotate() *bool {
	v := r.cell[colRotate]
	if v == "" {
		return nil
	}
	yes, ok := rotateTable[wordKey(v)]
	switch {
	case !ok:
		r.bad(colRotate, msgYesNo(v))
	case !yes:
		return &yes
	}
	return nil
}

// text is an optional text cell, a material or a band code, of at most
// store.MaxText characters.
func (r *listRow) text(c column) string {
	v := r.cell[c]
	switch {
	case strings.ContainsRune(v, 0):
		r.bad(c, store.MsgNameInvalid) // as the store refuses it
	case utf8.RuneCountInString(v) > store.MaxText:
		r.bad(c, store.MsgTextTooLong)
	}
	return v
}

// thickness is the optional kalınlık cell in mm, 0 when empty.
func (r *listRow) thickness() float64 {
	return r.amount(colThickness, store.MaxThicknessMM, store.MsgThickness)
}

// amount is the optional number of the column c in its unit (lengthCell),
// from 0 to max (msg refuses another), 0 when empty: a thickness, a price,
// an overlength.
func (r *listRow) amount(c column, max float64, msg string) float64 {
	v := r.cell[c]
	if v == "" {
		return 0
	}
	num, shift, umsg := r.lengthCell(c)
	if umsg != "" {
		r.bad(c, umsg)
		return 0
	}
	if c == colPrice {
		num = priceNumber(num)
	}
	n, ok := shiftedNumber(num, shift)
	switch {
	case !ok:
		r.bad(c, msgNotNumber(v))
	case n < 0 || n > max:
		r.bad(c, msg)
	}
	return n
}

// grain is the damar cell, read by partGrainWords as the web reads it.
func (r *listRow) grain() string {
	v := r.cell[colGrain]
	if v == "" {
		return ""
	}
	g, ok := Grain(v)
	if !ok {
		r.bad(colGrain, msgGrainWord(v))
	}
	return g
}

// edges are the band codes: bant puts one code on every edge; a column
// of its own edge wins. Nil when the row has none.
func (r *listRow) edges() *nest.Edges {
	all := r.text(colBand)
	edges := nest.Edges{Top: all, Bottom: all, Left: all, Right: all}
	for _, e := range []struct {
		c   column
		dst *string
	}{{colBandTop, &edges.Top}, {colBandBottom, &edges.Bottom}, {colBandLeft, &edges.Left}, {colBandRight, &edges.Right}} {
		if v := r.text(e.c); v != "" {
			*e.dst = v
		}
	}
	if edges == (nest.Edges{}) {
		return nil
	}
	return &edges
}

// thousandsDots matches a number written with Turkish thousands dots:
// 1.450, 12.500,75; not 0.250, a decimal point (a group never starts
// with 0). As the web's ungroup (web/src/lib/number.ts).
var thousandsDots = regexp.MustCompile(`^-?[1-9][0-9]{0,2}(\.[0-9]{3})+(,[0-9]+)?$`)

// ungroup drops the thousands dots of a number written the Turkish way
// ("1.450" is 1450, "12.500,75" 12500,75); other text stays as it is,
// trimmed.
func ungroup(s string) string {
	s = strings.TrimSpace(s)
	if thousandsDots.MatchString(s) {
		return strings.ReplaceAll(s, ".", "")
	}
	return s
}

// parseNumber parses a decimal number as a Turkish user writes it, as the
// web reads one (parseDecimal): thousands dots (1.450, 1.450,50), a
// decimal comma or a decimal point where the dots cannot be thousands
// (45,5; 45.5; 0.250). Digits are required on both sides of the decimal
// separator, and no sign but a minus: +5, .5, ,5, 5. and 5, are no
// numbers, nor are exponents, hex or digit separators. With the comma
// separator a decimal comma arrives quoted, so it is never ambiguous.
func parseNumber(s string) (float64, bool) {
	s = ungroup(s)
	if !decimalNumber.MatchString(s) {
		return 0, false
	}
	v, err := strconv.ParseFloat(strings.Replace(s, ",", ".", 1), 64)
	if err != nil || math.IsInf(v, 0) {
		return 0, false
	}
	return v, true
}

// parseWhole parses a whole number as the web reads one (parseWhole):
// digits, a minus if any, thousands dots (1.000); +5 and 5,0 are none. A
// number beyond any int is the largest (smallest) int, so that it is too
// many (too few) as 100.001 is, not "no whole number".
func parseWhole(s string) (int, bool) {
	s = ungroup(s)
	if !wholeDigits.MatchString(strings.TrimPrefix(s, "-")) {
		return 0, false
	}
	n, err := strconv.Atoi(s)
	return n, err == nil || errors.Is(err, strconv.ErrRange)
}

// decimalNumber is a number as parseNumber reads it, its thousands dots
// dropped.
var decimalNumber = regexp.MustCompile(`^-?[0-9]+(?:[.,][0-9]+)?$`)
