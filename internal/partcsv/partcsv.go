// Package partcsv reads part lists from CSV files as Turkish spreadsheets
// write them: `,`, `;` or tab separated, decimal commas and thousands dots
// (1.450,5, as the web reads them), a UTF-8 byte order mark or the
// Windows-1254 encoding of a plain "CSV" save, and Turkish letters in
// names and headers.
package partcsv

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"math"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"

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
// ...).
type Limits struct {
	Side      float64 // cm, a part's side and a stock sheet's
	Quantity  int     // copies of one part line
	PartLines int     // part lines in one list

	MsgSide      string // a part's side over Side
	MsgSheetSize string // a stock sheet's side of 0 or less
	MsgSheetSide string // a stock sheet's side over Side
	MsgQuantity  string // a quantity below 1
	MsgTooMany   string // a quantity over Quantity, however large
	MsgPartLines string // a list of more than PartLines part lines
}

// StoreLimits are the store's (store.MaxSize, store.MaxQuantity,
// store.MaxLayoutParts): a list read under them can be saved as it is.
// Read and ReadStock keep to them.
var StoreLimits = Limits{
	Side: store.MaxSize, Quantity: store.MaxQuantity, PartLines: store.MaxLayoutParts,
	MsgSide:      fmt.Sprintf("en fazla %d cm olabilir", store.MaxSize),
	MsgSheetSize: fmt.Sprintf("0 ile %d cm arasında olmalı", store.MaxSize),
	MsgSheetSide: fmt.Sprintf("0 ile %d cm arasında olmalı", store.MaxSize),
	MsgQuantity:  fmt.Sprintf("adet 1 ile %d arasında olmalı", store.MaxQuantity),
	MsgTooMany:   fmt.Sprintf("adet 1 ile %d arasında olmalı", store.MaxQuantity),
	MsgPartLines: fmt.Sprintf("en fazla %d parça satırı okunabilir", store.MaxLayoutParts),
}

// EngineLimits are the engine's (nest.MaxSheetCM, nest.MaxPieces), for a
// list laid out without being saved, as kesim nest does: a job the engine
// takes from a JSON request it takes from a CSV too. A stock sheet's side
// and a quantity beyond them get the engine's own messages.
var EngineLimits = Limits{
	Side: nest.MaxSheetCM, Quantity: nest.MaxPieces, PartLines: nest.MaxPieces,
	MsgSide:      "en fazla " + thousands(nest.MaxSheetCM) + " cm olabilir",
	MsgSheetSize: nest.MsgInvalidSheet,
	MsgSheetSide: msgSheetTooLarge,
	MsgQuantity:  msgQuantity,
	MsgTooMany:   msgTooManyPieces,
	MsgPartLines: "en fazla " + thousands(nest.MaxPieces) + " parça satırı okunabilir",
}

// The engine's messages for a sheet side, a quantity and a piece count out
// of its range, word for word (a test holds them to the engine's).
const (
	msgSheetTooLarge = nest.MsgSheetTooLarge
	msgQuantity      = "Adet 1 veya daha büyük bir tam sayı olmalı."
	msgTooManyPieces = "Parça sayısı çok fazla: en fazla 100.000 adet yerleştirilebilir."
)

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
// their ASCII spellings (kalinlik, bant ust, bant sag) and English names.
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
	numColumns
)

// msgTooLarge refuses a file over maxBytes.
const msgTooLarge = "Dosya çok büyük: en fazla 16 MB okunabilir."

var columnNames = [numColumns]string{HeaderName, HeaderWidth, HeaderHeight, HeaderQuantity, HeaderRotate,
	HeaderMaterial, HeaderThickness, HeaderGrain, HeaderBand, HeaderBandTop, HeaderBandBottom, HeaderBandLeft, HeaderBandRight}

// headerAliases maps header cells, their unit taken off (splitUnit) and
// folded by headerKey, to columns.
var headerAliases = map[string]column{
	"name": colName, "ad": colName, "adı": colName, "isim": colName, "parça": colName, "parça adı": colName, "parca": colName,
	"width": colWidth, "genişlik": colWidth, "genislik": colWidth, "en": colWidth, "w": colWidth,
	"height": colHeight, "yükseklik": colHeight, "yukseklik": colHeight, "boy": colHeight, "h": colHeight,
	"quantity": colQuantity, "adet": colQuantity, "miktar": colQuantity, "qty": colQuantity, "sayı": colQuantity,
	"rotate": colRotate, "döndür": colRotate, "dondur": colRotate, "döndürülebilir": colRotate,
	"malzeme": colMaterial, "material": colMaterial,
	"kalınlık": colThickness, "kalinlik": colThickness, "thickness": colThickness,
	"damar": colGrain, "grain": colGrain, "damar yönü": colGrain, "damar yonu": colGrain,
	"bant": colBand, "band": colBand, "kenar bandı": colBand, "kenar bandi": colBand,
	"bant üst": colBandTop, "bant ust": colBandTop, "üst bant": colBandTop, "ust bant": colBandTop, "band top": colBandTop, "top": colBandTop,
	"bant alt": colBandBottom, "alt bant": colBandBottom, "band bottom": colBandBottom, "bottom": colBandBottom,
	"bant sol": colBandLeft, "sol bant": colBandLeft, "band left": colBandLeft, "left": colBandLeft,
	"bant sağ": colBandRight, "bant sag": colBandRight, "sağ bant": colBandRight, "sag bant": colBandRight, "band right": colBandRight, "right": colBandRight,
}

// headerKey folds a header cell for the alias tables: lower case (Turkish
// İ as i), "_" and "-" as spaces, runs of spaces as one.
func headerKey(cell string) string {
	key := strings.ReplaceAll(strings.TrimSpace(cell), "İ", "i")
	key = strings.ToLower(strings.NewReplacer("_", " ", "-", " ").Replace(key))
	return strings.Join(strings.Fields(key), " ")
}

// Grain reads a grain word: yok, none, boş or nothing is no grain (""),
// dikey or vertical along the height, yatay or horizontal along the
// width; ok is false for anything else.
func Grain(s string) (grain string, ok bool) {
	switch headerKey(s) {
	case "", GrainWordNone, nest.GrainNone, "boş", "bos", "-":
		return "", true
	case GrainWordVertical, nest.GrainVertical, "boyuna":
		return nest.GrainVertical, true
	case GrainWordHorizontal, nest.GrainHorizontal, "enine":
		return nest.GrainHorizontal, true
	}
	return "", false
}

// Read parses a part list. The first row is a header (`name,width,height,
// quantity` or its Turkish names, in any order; `rotate`, `malzeme`,
// `kalınlık` (mm), `damar` (see Grain) and the band columns optional:
// `bant` puts one code on all four edges, `bant üst`, `bant alt`, `bant
// sol` and `bant sağ` one on their edge, over bant's) or, when
// its width cell is a number, the first part in that column order. A
// header may give a unit (see splitUnit): sizes in mm or m become cm, a
// thickness in cm or m becomes mm; another unit is refused. An empty
// quantity means 1. Sizes are rounded up to 0.01 cm, as the engine lays
// them out. A row with more cells than the columns is refused, and so is
// a comma-separated row without a header that reads two ways (twoWays),
// as the web refuses them. On any bad field Read returns an *Error naming
// every bad line and no parts; a file over 16 MiB is refused whole, never
// cut. The parts keep to StoreLimits.
func Read(r io.Reader) ([]nest.Part, error) {
	return ReadLimits(r, StoreLimits)
}

// ReadLimits is Read with the limits lim instead of the store's.
func ReadLimits(r io.Reader, lim Limits) ([]nest.Part, error) {
	rows, lines, sep, err := records(r, "dosyada parça yok")
	if err != nil {
		return nil, err
	}
	h, hasHeader, herrs := header(rows[0], lines[0])
	if herrs != nil {
		return nil, &Error{Lines: herrs}
	}
	// Cells past the columns are refused: after a comma they may be an
	// unquoted decimal comma (Raf,45,5,30,2 under a header of four
	// columns), past a header's columns they stand where they do not
	// belong. Without a header further cells of a `;` or tab row are read
	// as before (the fifth as döndür), but a comma row has the web's four
	// columns: Kapak,45,5,30,1 could be 45,5 × 30 cm as well as 45 × 5 cm,
	// 30 pieces, turned.
	width := math.MaxInt
	if hasHeader {
		rows, lines = rows[1:], lines[1:]
		width = len(h.cols)
	} else if sep == ',' {
		width = positionalComma
	}
	if len(rows) == 0 {
		return nil, &Error{Lines: []LineError{{Line: 2, Message: "dosyada parça yok"}}}
	}
	if len(rows) > lim.PartLines {
		return nil, &Error{Lines: []LineError{{Line: lines[lim.PartLines], Message: lim.MsgPartLines}}}
	}
	var parts []nest.Part
	var errs []LineError
	for i, rec := range rows {
		var lerrs []LineError
		var p nest.Part
		switch {
		case !blank(rec[min(width, len(rec)):]):
			msg := msgExtraCells
			if sep == ',' {
				msg = msgExtraCellsComma
			}
			lerrs = []LineError{{Line: lines[i], Message: msg}}
		case sep == ',' && !hasHeader && twoWays(rec):
			lerrs = []LineError{{Line: lines[i], Message: msgTwoWays(strings.TrimSpace(rec[1]) + "," + strings.TrimSpace(rec[2]))}}
		default:
			p, lerrs = parseRow(rec, &h, lines[i], &lim)
		}
		errs = append(errs, lerrs...)
		if len(errs) >= maxErrors {
			errs = errs[:maxErrors]
			break
		}
		p.ID = "p" + strconv.Itoa(len(parts)+1)
		parts = append(parts, p)
	}
	if len(errs) > 0 {
		return nil, &Error{Lines: errs}
	}
	return parts, nil
}

// records reads the non-blank rows of a CSV file, their line numbers and
// its separator: the file's encoding and separator found as Read
// describes. A file with no rows is an *Error saying empty.
func records(r io.Reader, empty string) ([][]string, []int, rune, error) {
	data, err := io.ReadAll(io.LimitReader(r, maxBytes+1))
	if err != nil {
		return nil, nil, 0, err
	}
	if len(data) > maxBytes {
		// Reading on to the limit and laying out what came would drop the
		// rest of the list without a word.
		return nil, nil, 0, &Error{Lines: []LineError{{Message: msgTooLarge}}}
	}
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	if !utf8.Valid(data) {
		// Turkish Excel's plain "CSV" save is Windows-1254.
		if data, err = charmap.Windows1254.NewDecoder().Bytes(data); err != nil {
			return nil, nil, 0, &Error{Lines: []LineError{{Line: 1, Message: "dosya kodlaması okunamadı"}}}
		}
	}
	sep := detectSeparator(data)
	cr := csv.NewReader(bytes.NewReader(data))
	cr.Comma = sep
	cr.FieldsPerRecord = -1
	// A tab separator would be eaten as leading space.
	cr.TrimLeadingSpace = sep != '\t'
	var rows [][]string
	var lines []int
	for {
		rec, err := cr.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			line := 0
			var pe *csv.ParseError
			if errors.As(err, &pe) {
				line = pe.Line
			}
			return nil, nil, 0, &Error{Lines: []LineError{{Line: line, Message: "CSV satırı okunamadı (tırnak işaretlerini kontrol edin)"}}}
		}
		if blank(rec) {
			continue
		}
		line, _ := cr.FieldPos(0)
		rows = append(rows, rec)
		lines = append(lines, line)
	}
	if len(rows) == 0 {
		return nil, nil, 0, &Error{Lines: []LineError{{Line: 1, Message: empty}}}
	}
	return rows, lines, sep, nil
}

func blank(rec []string) bool {
	for _, f := range rec {
		if strings.TrimSpace(f) != "" {
			return false
		}
	}
	return true
}

// detectSeparator picks the separator from the first non-empty line: a
// semicolon or a tab wins over the comma, which may be a decimal comma.
func detectSeparator(data []byte) rune {
	for _, line := range bytes.Split(data, []byte("\n")) {
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		switch {
		case bytes.ContainsRune(line, ';'):
			return ';'
		case bytes.ContainsRune(line, '\t'):
			return '\t'
		}
		return ','
	}
	return ','
}

// The messages of a row that cannot be read as its columns, in the web's
// words (web/src/features/parts/texts.ts).
const (
	msgExtraCells      = "başlıktaki sütunlardan fazla hücre var"
	msgExtraCellsComma = `sütunlardan fazla hücre var; virgülle ayrılmış satırlarda ondalık sayıları tırnak içinde yazın ("45,5")`
)

// msgTwoWays refuses a comma-separated row that reads two ways (twoWays);
// decimal is its width and height read as one number, "45,5".
func msgTwoWays(decimal string) string {
	return decimal + ` ondalık bir genişlik mi, genişlik ve yükseklik mi belli değil; virgülle ayrılmış satırlarda ondalık sayıları tırnak içinde yazın ("45,5") ya da hücreleri noktalı virgülle ayırın`
}

// positionalComma is the columns of a comma-separated row without a
// header: name, width, height, quantity, as the web reads one.
const positionalComma = 4

// partHeader is the columns of a part list: each cell's column (-1 for a
// cell not read) and the places the numbers of a column move, for a
// header that gave it another unit than its own.
type partHeader struct {
	cols  []column
	shift [numColumns]int
}

// header maps the columns of the first row. Without a header the columns
// are name, width, height, quantity, rotate in that order (a comma row
// has only the first four: positionalComma). A header
// that lacks a required column, or gives one a unit it does not take, is
// refused (errs).
func header(rec []string, line int) (h partHeader, isHeader bool, errs []LineError) {
	if len(rec) >= 2 {
		if _, ok := parseNumber(rec[1]); ok {
			return partHeader{cols: []column{colName, colWidth, colHeight, colQuantity, colRotate}}, false, nil
		}
	}
	found := map[column]bool{}
	for _, cell := range rec {
		word, unit := splitUnit(cell)
		c, ok := headerAliases[headerKey(word)]
		if !ok || found[c] {
			c = -1
		} else {
			found[c] = true
			shift, msg := columnUnit(columnNames[c], cell, unit)
			if msg != "" {
				errs = append(errs, LineError{Line: line, Field: columnNames[c], Message: msg})
			}
			h.shift[c] = shift
		}
		h.cols = append(h.cols, c)
	}
	for _, need := range []column{colName, colWidth, colHeight} {
		if !found[need] {
			return h, false, []LineError{{Line: line, Message: "başlık satırı ad, genişlik, yükseklik ve adet sütunlarını içermeli (name,width,height,quantity)"}}
		}
	}
	return h, true, errs
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
// not blank (positionalComma).
func twoWays(rec []string) bool {
	cell := func(i int) string {
		if i < len(rec) {
			return strings.TrimSpace(rec[i])
		}
		return ""
	}
	return wholeDigits.MatchString(cell(1)) && oneDigit.MatchString(cell(2)) && cell(3) != ""
}

var (
	wholeDigits = regexp.MustCompile(`^[0-9]+$`)
	oneDigit    = regexp.MustCompile(`^[0-9]$`)
)

// parseRow reads one part line: rec's cells under the columns of h, line
// its line number. The errors come in column order, every bad field of
// the row.
func parseRow(rec []string, h *partHeader, line int, lim *Limits) (nest.Part, []LineError) {
	r := &partRow{line: line, lim: lim, shift: &h.shift}
	for i, f := range rec {
		if i < len(h.cols) && h.cols[i] >= 0 {
			r.cell[h.cols[i]] = strings.TrimSpace(f)
		}
	}
	p := nest.Part{
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
	return p, r.errs
}

// partRow is a part line's cells by column (empty when the file has no
// such column), gathering its errors as its fields are read.
type partRow struct {
	cell  [numColumns]string
	shift *[numColumns]int // see partHeader
	line  int
	lim   *Limits
	errs  []LineError
}

func (r *partRow) bad(c column, msg string) {
	r.errs = append(r.errs, LineError{Line: r.line, Field: columnNames[c], Message: msg})
}

// name is the required part name, at most store.MaxNameLength characters.
func (r *partRow) name() string {
	v := r.cell[colName]
	switch {
	case v == "":
		r.bad(colName, store.MsgRequired)
	case strings.ContainsRune(v, 0):
		r.bad(colName, store.MsgNameInvalid) // as the store refuses it
	case utf8.RuneCountInString(v) > store.MaxNameLength:
		r.bad(colName, fmt.Sprintf("parça adı en fazla %d karakter olabilir", store.MaxNameLength))
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
		return n, fmt.Sprintf("%q geçerli bir sayı değil", v)
	}
	return round(n), ""
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

// size is a required side in cm, rounded up to 0.01 cm as the engine cuts
// it: 45,555 is 45,56; 0,0000001 is nothing.
func (r *partRow) size(c column) float64 {
	n, msg := requiredNumber(r.cell[c], r.shift[c], nest.RoundUp)
	switch {
	case msg != "":
		r.bad(c, msg)
	case n <= 0:
		r.bad(c, nest.MsgInvalidValues)
	case n > r.lim.Side:
		r.bad(c, r.lim.MsgSide)
	}
	return n
}

// quantity is the adet cell, 1 when empty.
func (r *partRow) quantity() int {
	v := r.cell[colQuantity]
	if v == "" {
		return 1
	}
	q, err := strconv.Atoi(ungroup(v)) // 1.000 is a thousand, as in the web
	// A whole number beyond any int is too many (or too few) as 100.001
	// is, not "no whole number": Atoi then gives the largest (smallest)
	// int.
	switch {
	case err != nil && !errors.Is(err, strconv.ErrRange):
		r.bad(colQuantity, fmt.Sprintf("%q tam sayı değil", v))
	case q > r.lim.Quantity:
		r.bad(colQuantity, r.lim.MsgTooMany)
	case q < 1:
		r.bad(colQuantity, r.lim.MsgQuantity)
	}
	return q
}

// rotate is the döndür cell: nil (the request's default) when empty or
// yes, false when no.
func (r *partRow) rotate() *bool {
	v := r.cell[colRotate]
	if v == "" {
		return nil
	}
	switch strings.ToLower(v) {
	case "1", "true", "evet", "e", "yes", "x":
	case "0", "false", "hayır", "hayir", "h", "no":
		f := false
		return &f
	default:
		r.bad(colRotate, fmt.Sprintf("%q yerine evet veya hayır yazın", v))
	}
	return nil
}

// text is an optional text cell, a material or a band code, of at most
// store.MaxText characters.
func (r *partRow) text(c column) string {
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
func (r *partRow) thickness() float64 {
	v := r.cell[colThickness]
	if v == "" {
		return 0
	}
	n, ok := shiftedNumber(v, r.shift[colThickness])
	switch {
	case !ok:
		r.bad(colThickness, fmt.Sprintf("%q geçerli bir sayı değil", v))
	case n < 0 || n > store.MaxThicknessMM:
		r.bad(colThickness, store.MsgThickness)
	}
	return n
}

// grain is the damar cell as Grain reads it.
func (r *partRow) grain() string {
	v := r.cell[colGrain]
	if v == "" {
		return ""
	}
	g, ok := Grain(v)
	if !ok {
		r.bad(colGrain, fmt.Sprintf("%q yerine yok, dikey veya yatay yazın", v))
	}
	return g
}

// edges are the band codes: bant puts one code on every edge; a column
// of its own edge wins. Nil when the row has none.
func (r *partRow) edges() *nest.Edges {
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
// (45,5; 45.5; 0.250). With the comma separator a decimal comma arrives
// quoted, so it is never ambiguous.
func parseNumber(s string) (float64, bool) {
	s = ungroup(s)
	if strings.Count(s, ",") == 1 && !strings.Contains(s, ".") {
		s = strings.Replace(s, ",", ".", 1)
	}
	if s == "" || strings.ContainsAny(s, "eEpPxX_") { // no exponents, hex or digit separators
		return 0, false
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		return 0, false
	}
	return v, true
}
