package partcsv

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

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

// stockColumns are the columns of a stock list, by their header aliases
// (a header's unit taken off: splitUnit).
var stockColumns = map[string]string{
	"kod": HeaderID, "id": HeaderID, "kimlik": HeaderID, "code": HeaderID,
	"ad": HeaderName, "adı": HeaderName, "isim": HeaderName, "name": HeaderName,
	"malzeme": HeaderMaterial, "material": HeaderMaterial,
	"kalınlık": HeaderThickness, "kalinlik": HeaderThickness, "thickness": HeaderThickness,
	"genişlik": HeaderWidth, "genislik": HeaderWidth, "en": HeaderWidth, "width": HeaderWidth,
	"yükseklik": HeaderHeight, "yukseklik": HeaderHeight, "boy": HeaderHeight, "height": HeaderHeight,
	"adet": HeaderQuantity, "miktar": HeaderQuantity, "quantity": HeaderQuantity, "qty": HeaderQuantity,
	"fiyat": HeaderPrice, "price": HeaderPrice,
	"damar": HeaderGrain, "damar yönü": HeaderGrain, "damar yonu": HeaderGrain, "grain": HeaderGrain,
}

// bandColumns are the columns of a band list, by their header aliases
// (a header's unit taken off: splitUnit).
var bandColumns = map[string]string{
	"kod": HeaderID, "code": HeaderID, "bant": HeaderID, "bant kodu": HeaderID,
	"ad": HeaderName, "adı": HeaderName, "isim": HeaderName, "name": HeaderName,
	"kalınlık": HeaderThickness, "kalinlik": HeaderThickness, "thickness": HeaderThickness,
	"fiyat": HeaderPrice, "metre fiyatı": HeaderPrice, "price": HeaderPrice,
	"fazlalık": HeaderOverlength, "fazlalik": HeaderOverlength, "overlength": HeaderOverlength,
}

// table is a CSV list read under a header: each row's cells by column,
// or the message refusing the row whole (refused, "" for a row read).
type table struct {
	rows    []map[string]string
	lines   []int
	refused []string
	// shift is the places the numbers of a column move, for a header that
	// gave it another unit than its own (see splitUnit)
	shift map[string]int
	// conv tells those columns, in the header's order
	conv []Conversion
}

// readTable reads a CSV list whose first row is a header of the aliases'
// words (in any order; unknown columns are ignored), with every column of
// need, each with its unit if liked (see splitUnit: a length in another
// length unit is converted to the column's, sides and overlengths cm,
// thicknesses mm; another unit is refused). max bounds its rows;
// kind names them in errors. A row with more cells than the header is
// refused, as the part reader refuses one: with ',' between cells, an
// unquoted decimal comma (Sunta,366,5,183,2) would put its cells in the
// wrong columns.
func readTable(r io.Reader, aliases map[string]string, need []string, max int, kind, hint string) (*table, error) {
	rows, lines, sep, err := records(r, "dosyada "+kind+" yok")
	if err != nil {
		return nil, err
	}
	cols := make([]string, len(rows[0]))
	found := map[string]bool{}
	shift := map[string]int{}
	var conv []Conversion
	var errs []LineError
	for i, cell := range rows[0] {
		word, unit := splitUnit(cell)
		if c, ok := aliases[headerKey(word)]; ok && !found[c] {
			cols[i] = c
			found[c] = true
			n, msg := columnUnit(c, cell, unit)
			if msg != "" {
				errs = append(errs, LineError{Line: lines[0], Field: c, Message: msg})
			}
			shift[c] = n
			if n != 0 {
				conv = append(conv, Conversion{Header: strings.TrimSpace(cell), From: unit, To: columnUnits[c]})
			}
		}
	}
	for _, c := range need {
		if !found[c] {
			return nil, &Error{Lines: []LineError{{Line: lines[0], Message: "başlık satırı " + hint + " sütunlarını içermeli"}}}
		}
	}
	if errs != nil {
		return nil, &Error{Lines: errs}
	}
	rows, lines = rows[1:], lines[1:]
	if len(rows) == 0 {
		return nil, &Error{Lines: []LineError{{Line: 2, Message: "dosyada " + kind + " yok"}}}
	}
	if len(rows) > max {
		return nil, &Error{Lines: []LineError{{Line: lines[max], Message: fmt.Sprintf("en fazla %s %s okunabilir", thousands(max), kind)}}}
	}
	t := &table{lines: lines, shift: shift, conv: conv}
	for _, rec := range rows {
		row := map[string]string{}
		for i, f := range rec {
			if i < len(cols) && cols[i] != "" {
				row[cols[i]] = strings.TrimSpace(f)
			}
		}
		refused := ""
		if !blank(rec[min(len(cols), len(rec)):]) {
			refused = msgExtraCells
			if sep == ',' {
				refused = msgExtraCellsComma
			}
		}
		t.rows = append(t.rows, row)
		t.refused = append(t.refused, refused)
	}
	return t, nil
}

// check is the checker of row i's cells, gathering its errors in errs;
// ok is false for a row refused whole, whose message it adds to errs.
func (t *table) check(i int, errs *[]LineError) (c cells, ok bool) {
	if msg := t.refused[i]; msg != "" {
		*errs = append(*errs, LineError{Line: t.lines[i], Message: msg})
		return cells{}, false
	}
	return cells{row: t.rows[i], shift: t.shift, line: t.lines[i], errs: errs}, true
}

// cells checks the cells of one row, gathering its errors.
type cells struct {
	row   map[string]string
	shift map[string]int // see table
	line  int
	errs  *[]LineError
}

func (c cells) bad(col, msg string) {
	*c.errs = append(*c.errs, LineError{Line: c.line, Field: col, Message: msg})
}

// text is a text cell of at most store.MaxText characters.
func (c cells) text(col string) string {
	v := c.row[col]
	switch {
	case !utf8.ValidString(v) || strings.ContainsRune(v, 0):
		c.bad(col, store.MsgNameInvalid) // as the store refuses it
	case utf8.RuneCountInString(v) > store.MaxText:
		c.bad(col, store.MsgTextTooLong)
	}
	return v
}

// ParseAmount reads an amount of money as a Turkish user writes it:
// 1.450 (thousands dots), 1.450,50, 12,5 or 12.5; every number of a list
// is read so (parseNumber).
func ParseAmount(s string) (float64, bool) {
	return parseNumber(s)
}

// amount is an optional number from 0 to max (0 when empty), written the
// Turkish way if liked: 1.450 or 1.450,50.
func (c cells) amount(col string, max float64, msg string) float64 {
	v := c.row[col]
	if v == "" {
		return 0
	}
	n, ok := shiftedNumber(v, c.shift[col])
	switch {
	case !ok:
		c.bad(col, fmt.Sprintf("%q geçerli bir sayı değil", v))
	case n < 0 || n > max:
		c.bad(col, msg)
	}
	return n
}

// size is a required sheet side in cm, rounded down to 0.01 cm as the
// engine takes a sheet, within lim.
func (c cells) size(col string, lim *Limits) float64 {
	n, msg := requiredNumber(c.row[col], c.shift[col], nest.RoundDown)
	switch {
	case msg != "":
		c.bad(col, msg)
	case n <= 0:
		c.bad(col, lim.MsgSheetSize)
	case n > lim.Side:
		c.bad(col, lim.MsgSheetSide)
	}
	return n
}

// ReadStock parses a stock list: a header of `kod` (or `id`; optional,
// else the rows are s1, s2, ...), `ad`, `malzeme`, `kalınlık` (mm),
// `genişlik` and `yükseklik` (cm, required), `adet` (empty: unlimited, to
// buy), `fiyat` (TL a sheet) and `damar` (see Grain, along the sheet), in
// any order and with their units if liked (see readTable), then one row a
// line. Numbers take a decimal comma and thousands dots (parseNumber);
// the file's encoding and separator are found as Read finds them. On any
// bad field it returns an *Error naming every bad line and no rows. The
// sheets' sides keep to StoreLimits.
func ReadStock(r io.Reader) ([]nest.Stock, error) {
	return ReadStockLimits(r, StoreLimits)
}

// ReadStockLimits is ReadStock with the sides of lim instead of the
// store's.
func ReadStockLimits(r io.Reader, lim Limits) ([]nest.Stock, error) {
	stock, _, err := ReadStockConverted(r, lim)
	return stock, err
}

// ReadStockConverted is ReadStockLimits that also tells the columns whose
// numbers were converted from the unit their header named (none when the
// list is refused), as ReadConverted.
func ReadStockConverted(r io.Reader, lim Limits) ([]nest.Stock, []Conversion, error) {
	t, err := readTable(r, stockColumns, []string{HeaderWidth, HeaderHeight}, store.MaxStockRows, "stok satırı",
		"genişlik ve yükseklik (kod;ad;malzeme;kalınlık;genişlik;yükseklik;adet;fiyat;damar)")
	if err != nil {
		return nil, nil, err
	}
	var errs []LineError
	stock := make([]nest.Stock, 0, len(t.rows))
	// The default sheet's id is the engine's (nest.StockDefault): taken.
	seen := map[string]bool{nest.StockDefault: true}
	// The ids given, which a generated one must not take.
	given := map[string]bool{}
	for _, row := range t.rows {
		given[row[HeaderID]] = true
	}
	for i, row := range t.rows {
		c, ok := t.check(i, &errs)
		if !ok {
			if len(errs) >= maxErrors {
				break
			}
			continue
		}
		s := nest.Stock{ID: c.text(HeaderID), Name: c.text(HeaderName), Material: c.text(HeaderMaterial)}
		if s.ID == "" {
			// Generated: the first free s<n> from the row's number.
			for n := i + 1; s.ID == "" || seen[s.ID] || given[s.ID]; n++ {
				s.ID = "s" + strconv.Itoa(n)
			}
		}
		if seen[s.ID] {
			c.bad(HeaderID, store.MsgStockID)
		}
		seen[s.ID] = true
		s.Thickness = c.amount(HeaderThickness, store.MaxThicknessMM, store.MsgThickness)
		s.Width = c.size(HeaderWidth, &lim)
		s.Height = c.size(HeaderHeight, &lim)
		if v := row[HeaderQuantity]; v != "" {
			q, ok := parseWhole(v)
			if !ok || q < 0 || q > store.MaxStockQuantity {
				c.bad(HeaderQuantity, store.MsgStockQuantity)
			}
			s.Quantity = q
		}
		s.Price = c.amount(HeaderPrice, store.MaxPrice, store.MsgPrice)
		if v := row[HeaderGrain]; v != "" {
			g, ok := Grain(v)
			if !ok {
				c.bad(HeaderGrain, fmt.Sprintf("%q yerine yok, dikey veya yatay yazın", v))
			}
			s.Grain = g
		}
		if len(errs) >= maxErrors {
			break
		}
		stock = append(stock, s)
	}
	if len(errs) > 0 {
		return nil, nil, &Error{Lines: errs[:min(len(errs), maxErrors)]}
	}
	return stock, t.conv, nil
}

// ReadBands parses a band list: a header of `kod` (required, unique),
// `ad`, `kalınlık` (mm), `fiyat` (TL a metre) and `fazlalık` (cm added to
// every banded edge), in any order, then one band a line, as ReadStock.
func ReadBands(r io.Reader) ([]nest.Band, error) {
	bands, _, err := ReadBandsConverted(r)
	return bands, err
}

// ReadBandsConverted is ReadBands that also tells the columns whose
// numbers were converted, as ReadConverted.
func ReadBandsConverted(r io.Reader) ([]nest.Band, []Conversion, error) {
	t, err := readTable(r, bandColumns, []string{HeaderID}, store.MaxBands, "bant kodu",
		"kod (kod;ad;kalınlık;fiyat;fazlalık)")
	if err != nil {
		return nil, nil, err
	}
	var errs []LineError
	bands := make([]nest.Band, 0, len(t.rows))
	seen := map[string]bool{}
	for i := range t.rows {
		c, ok := t.check(i, &errs)
		if !ok {
			if len(errs) >= maxErrors {
				break
			}
			continue
		}
		b := nest.Band{Code: c.text(HeaderID), Name: c.text(HeaderName)}
		if b.Code == "" || seen[b.Code] {
			c.bad(HeaderID, store.MsgBandCode)
		}
		seen[b.Code] = true
		b.Thickness = c.amount(HeaderThickness, store.MaxBandThickness, store.MsgBandThickness)
		b.Price = c.amount(HeaderPrice, store.MaxPrice, store.MsgPrice)
		b.Overlength = c.amount(HeaderOverlength, store.MaxBandOverlength, store.MsgBandOverlength)
		if len(errs) >= maxErrors {
			break
		}
		bands = append(bands, b)
	}
	if len(errs) > 0 {
		return nil, nil, &Error{Lines: errs[:min(len(errs), maxErrors)]}
	}
	return bands, t.conv, nil
}

// thousands writes n with a dot between thousands: 1.000.
func thousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "." + s[i:]
	}
	return s
}
