package partcsv

import (
	"regexp"
	"strings"
)

// A header cell may name its column's unit, as the web's readers take it
// (web/src/lib/csv.ts, splitUnit): in brackets at its end ("Genişlik
// (mm)", "En [cm]", "Fiyat (TL)") or as its last word ("Genişlik mm",
// "boy_cm", "Fiyat ₺"). A length column in another length unit is
// converted by moving the decimal point of its numbers (shiftDecimal),
// exactly as the web does: the same file gives the same parts in both. A
// unit a column does not take ("Genişlik (inç)") is refused, never read
// as the column's own; on a column of no unit (ad, adet, damar...) the
// brackets are only words and not read.

// unitPattern splits a header cell into its word and its unit: any text
// in brackets at its end, or mm, cm, m, TL or ₺ after a space, "_" or "-".
var unitPattern = regexp.MustCompile(`(?i)^(.*?)(?:\s*[(\[]\s*([^()\[\]]*?)\s*[)\]]|[\s_-]+(mm|cm|m|tl|₺))$`)

// splitUnit takes the unit off a header cell: its word and its unit in
// lower case. A cell that is only a unit, or has none, is its word with
// no unit ("").
func splitUnit(cell string) (word, unit string) {
	t := strings.TrimSpace(cell)
	m := unitPattern.FindStringSubmatch(t)
	if m == nil || strings.TrimSpace(m[1]) == "" {
		return t, ""
	}
	return strings.TrimSpace(m[1]), strings.ToLower(m[2] + m[3])
}

// The units of the columns that have one: sides and overlengths in cm,
// thicknesses in mm, prices in TL.
const (
	unitCM = "cm"
	unitMM = "mm"
	unitTL = "tl"
)

// columnUnits are the units of the columns that have one, by their
// Turkish names (the part, stock and band lists name them alike).
var columnUnits = map[string]string{
	HeaderWidth:      unitCM,
	HeaderHeight:     unitCM,
	HeaderOverlength: unitCM,
	HeaderThickness:  unitMM,
	HeaderPrice:      unitTL,
}

// unitDigits are the length units: a length in each, as a power of ten
// of a millimetre (the web's UNIT_DIGITS).
var unitDigits = map[string]int{"mm": 0, "cm": 1, "m": 3}

// columnUnit reads the unit a header cell gives the column named col:
// the places its numbers move to be in the column's own unit (0 for none,
// or the column's own), or the message refusing a unit the column does
// not take, naming the cell, the column and the units it takes, in the
// web's words (testdata/parity.json and stockparity.json pin them).
func columnUnit(col, cell, unit string) (shift int, msg string) {
	own := columnUnits[col]
	switch {
	case unit == "" || own == "" || unit == own:
		return 0, ""
	case own == unitTL:
		if unit == "₺" {
			return 0, ""
		}
		return 0, msgHeaderUnit(cell, col, "TL")
	}
	if d, ok := unitDigits[unit]; ok {
		return d - unitDigits[own], ""
	}
	return 0, msgHeaderUnit(cell, col, "mm, cm veya m")
}

// msgHeaderUnit refuses the header cell of the column col for a unit
// the column does not take, saying the units it takes: "Fiyat (USD)"
// başlığındaki birim tanınmıyor; fiyat için TL yazın.
func msgHeaderUnit(cell, col, units string) string {
	return quoted(cell) + " başlığındaki birim tanınmıyor; " + col + " için " + units + " yazın"
}

// decimalText is a number as shiftDecimal moves it, its thousands dots
// dropped: a sign, whole digits, decimals after a comma or a point.
var decimalText = regexp.MustCompile(`^(-?)([0-9]+)(?:[.,]([0-9]+))?$`)

// shiftDecimal moves the decimal point of the number s by places (10^places
// times s), on its digits, so that nothing is lost to binary fractions:
// "455" by -1 is "45,5", "1,8" by 1 is "18". s is read as parseNumber
// reads it (thousands dots, a decimal comma or point); ok is false for
// anything else. As the web's shiftDecimal (web/src/lib/number.ts).
func shiftDecimal(s string, places int) (moved string, ok bool) {
	m := decimalText.FindStringSubmatch(ungroup(s))
	if m == nil {
		return s, false
	}
	if places == 0 {
		return s, true
	}
	digits := m[2] + m[3]
	// the place of the decimal point within digits, moved
	point := len(m[2]) + places
	if point > len(digits) {
		digits += strings.Repeat("0", point-len(digits))
	}
	if point < 1 {
		digits = strings.Repeat("0", 1-point) + digits
		point = 1
	}
	whole := strings.TrimLeft(digits[:point], "0")
	if whole == "" {
		whole = "0"
	}
	moved = m[1] + whole
	if frac := strings.TrimRight(digits[point:], "0"); frac != "" {
		moved += "," + frac
	}
	return moved, true
}
