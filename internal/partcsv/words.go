package partcsv

import (
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"

	"kesim/nest"
)

// The words of a part list, as this reader and the web app's
// (web/src/features/parts/parts.ts: PASTE_HEADERS, GRAIN_WORDS,
// ROTATE_WORDS) take them, word for word: a file tried in the browser and
// laid out by kesim nest gives the same parts. Both are held to the table
// of testdata/parity.json (TestPartWordsParity, parity.test.ts). A word
// matches as wordKey folds it.

// partHeaderWords are the header words of each column of a part list; the
// first names the column in messages (columnNames).
var partHeaderWords = [numPartColumns][]string{
	colName:       {"ad", "adı", "parça", "parça adı", "isim", "name", "part name", "label", "designation"},
	colWidth:      {"genişlik", "en", "width", "w"},
	colHeight:     {"yükseklik", "boy", "height", "h", "uzunluk", "length"},
	colQuantity:   {"adet", "miktar", "sayı", "quantity", "qty", "count", "pcs", "pieces"},
	colRotate:     {"döndür", "döndürülebilir", "rotate"},
	colMaterial:   {"malzeme", "material", "malzeme adı", "material name"},
	colThickness:  {"kalınlık", "thickness"},
	colGrain:      {"damar", "damar yönü", "grain", "grain direction"},
	colBand:       {"bant", "kenar bandı", "band", "tüm kenarlar"},
	colBandTop:    {"bant üst", "üst bant", "üst", "band top", "top", "top band"},
	colBandBottom: {"bant alt", "alt bant", "alt", "band bottom", "bottom", "bottom band"},
	colBandLeft:   {"bant sol", "sol bant", "sol", "band left", "left", "left band"},
	colBandRight:  {"bant sağ", "sağ bant", "sağ", "band right", "right", "right band"},
	colEnabled:    {"etkin", "aktif", "enabled"},
}

// partFallbackWords name a column only when no cell of the header names
// it by its own words (partHeaderWords): Açıklama;En;Boy is a list whose
// parts are named in açıklama, while beside an Ad column açıklama is a
// note and not read. The first cell that names the column so is read.
var partFallbackWords = map[column][]string{
	colName: {"açıklama", "description"},
}

// quantityUnitWords are the words a quantity cell may end in: "2 adet",
// "4 pcs" are 2 and 4 (matched as wordKey folds them: "2 Ad." too).
var quantityUnitWords = []string{"adet", "ad", "tane", "pcs", "pc", "piece", "pieces"}

// partGrainWords are the words of a damar cell (a part's, a stock
// row's), by the grain they give ("" for none). Other tools' words are
// read where they have one meaning in Kesim's grain: L, length, along
// length and boy run along the part's length, its height (yükseklik), as
// Length is read as the height, and W, width, along width and en along
// its width; a no (yanlış, 0...) is none. A word of more than one meaning
// is refused: h (height or horizontal?), e (evet or en?), and a bare yes
// (var, evet, true, 1, x): grain, but which way? A door's grain read the
// wrong way spoils a board, where a refusal costs one word typed.
var partGrainWords = map[string][]string{
	"": {"", "-", GrainWordNone, "boş", nest.GrainNone,
		"hayır", "no", "false", "0", "yanlış"},
	nest.GrainVertical: {GrainWordVertical, "boyuna", "boy boyunca", "dikey (boy boyunca)", nest.GrainVertical,
		"boy", "uzunluk", "l", "length", "along length"},
	nest.GrainHorizontal: {GrainWordHorizontal, "enine", "en boyunca", "yatay (en boyunca)", nest.GrainHorizontal,
		"en", "genişlik", "w", "width", "along width"},
}

// rotateWords are the words of a döndür or an etkin cell: true may turn
// (is cut), false not. Doğru and yanlış are Turkish Excel's TRUE and FALSE.
var rotateWords = map[bool][]string{
	true:  {"evet", "e", "yes", "true", "1", "x", "doğru"},
	false: {"hayır", "h", "no", "false", "0", "yanlış"},
}

// The tables of the words above, by wordKey; the first column (value)
// that a word names wins, as in the web.
var (
	headerTable   = wordTable(partHeaderWords[:], func(i int) column { return column(i) })
	fallbackTable = mapTable(partFallbackWords)
	quantityUnits = mapTable(map[bool][]string{true: quantityUnitWords})
	grainTable    = mapTable(partGrainWords)
	rotateTable   = mapTable(rotateWords)
)

func wordTable[K any](lists [][]string, key func(int) K) map[string]K {
	m := map[string]K{}
	for i, list := range lists {
		for _, w := range list {
			if _, ok := m[wordKey(w)]; !ok {
				m[wordKey(w)] = key(i)
			}
		}
	}
	return m
}

func mapTable[K comparable](words map[K][]string) map[string]K {
	m := map[string]K{}
	for k, list := range words {
		for _, w := range list {
			m[wordKey(w)] = k
		}
	}
	return m
}

// asciiOf folds the Turkish letters (and the circumflexed vowels) to
// ASCII, as the web's wordKey does.
var asciiOf = strings.NewReplacer("ç", "c", "ğ", "g", "ı", "i", "ö", "o", "ş", "s", "ü", "u", "â", "a", "î", "i", "û", "u")

// wordKey is how a header or value word of a part list is matched, as
// the web's wordKey: lower case by Turkish rules (I is ı, İ is i), Turkish
// letters as ASCII, spaces, dots, dashes, underscores and slashes dropped:
// "GENISLIK", "Genişlik" and "genişlik" are all "genislik", "Bant_Üst"
// and "bant üst" "bantust". A header's unit is taken off first
// (splitUnit).
func wordKey(s string) string {
	s = norm.NFC.String(strings.ToLowerSpecial(unicode.TurkishCase, s))
	s = strings.ReplaceAll(s, "\u0307", "") // the dot of a lower-cased I with a dot, from another locale
	s = asciiOf.Replace(s)
	return strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) || r == '\ufeff' || strings.ContainsRune("._-/", r) {
			return -1
		}
		return r
	}, s)
}
