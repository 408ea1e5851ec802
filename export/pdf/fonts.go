package pdf

import (
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"codeberg.org/go-pdf/fpdf"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
)

// FontFamily is the family of the fonts every PDF of Kesim embeds: the Go
// fonts, regular and bold, which have every Turkish letter.
const FontFamily = "Go"

// Setup gives a new document what every PDF of Kesim shares: the Go fonts
// embedded (so that ğ, ı, ş print on any machine), the title, Kesim as its
// creator and Turkish as its language. The layout PDF, the labels and the
// quote all start with it.
func Setup(f *fpdf.Fpdf, title string) {
	f.AddUTF8FontFromBytes(FontFamily, "", goregular.TTF)
	f.AddUTF8FontFromBytes(FontFamily, "B", gobold.TTF)
	f.SetTitle(title, true)
	f.SetCreator("Kesim", true)
	f.SetLang("tr-TR")
}

// Printable replaces what the Go fonts cannot draw, which fpdf would print
// as an empty box (and on a letter outside the Basic Multilingual Plane,
// an emoji, its font subsetting panics), so that every text a user typed
// prints legibly; Turkish letters, and every letter and sign the fonts
// have (× ± ° ² ³ ½ ¼ ¾ µ – — ‘ ’ “ ” … ≤ ≥ Ø), print as they are:
//   - a control character is a space;
//   - a base letter with a combining mark after it (NFD, as macOS writes
//     ş) is the letter they make (composed), a mark the fonts cannot
//     join to it is left out, as are zero-width characters;
//   - a sign the fonts lack is the closest they have (substitutes: ⌀ and
//     ∅ are Ø, ₺ is TL, ✓ is √, ✗ is ×, ⅓ is 1/3, ℃ is °C, a full-width
//     letter its ASCII one, an unusual space a space);
//   - any other character (CJK, an emoji, invalid UTF-8) is '?'.
//
// The PDF, the labels and the quote set every user text through it.
func Printable(s string) string {
	if drawable(s) {
		return s
	}
	var b strings.Builder
	s = strings.ToValidUTF8(s, "?")
	for i, r := range s {
		next := s[i+utf8.RuneLen(r):]
		switch sub, ok := substitutes[r]; {
		case unicode.IsControl(r):
			b.WriteByte(' ')
		case hasGlyph(r):
			if m, size := utf8.DecodeRuneInString(next); size > 0 && !hasGlyph(m) {
				if c, ok := composed[string(r)+string(m)]; ok {
					b.WriteRune(c)
					continue
				}
			}
			b.WriteRune(r)
		case unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Cf, r):
			// joined to the letter before it (above), else left out
			if p, _ := utf8.DecodeLastRuneInString(s[:i]); i > 0 && composed[string(p)+string(r)] != 0 {
				continue
			}
		case ok:
			b.WriteString(sub)
		case r >= 0xFF01 && r <= 0xFF5E: // full-width ASCII
			b.WriteRune(r - 0xFEE0)
		case unicode.Is(unicode.Zs, r):
			b.WriteByte(' ')
		default:
			b.WriteByte('?')
		}
	}
	return b.String()
}

// drawable reports whether every character of s prints as it is.
func drawable(s string) bool {
	for _, r := range s {
		if r == utf8.RuneError || unicode.IsControl(r) || !hasGlyph(r) {
			return false
		}
	}
	return true
}

// hasGlyph reports whether both Go fonts draw r (glyphRanges).
func hasGlyph(r rune) bool {
	i := sort.Search(len(glyphRanges), func(i int) bool { return glyphRanges[i][1] >= r })
	return i < len(glyphRanges) && glyphRanges[i][0] <= r
}

// substitutes are the signs the Go fonts lack that a workshop types, as
// the closest the fonts draw (TestSubstitutes checks both).
var substitutes = map[rune]string{
	'⌀': "Ø", '∅': "Ø", '⏀': "Ø", '⊘': "Ø", // diameter
	'₺': "TL",
	'✓': "√", '✔': "√", '☑': "√",
	'✗': "×", '✘': "×", '✕': "×", '✖': "×", '☒': "×",
	'★': "*", '☆': "*", '∗': "*", '⁎': "*",
	'∼': "~", '〜': "~", '≃': "≈", '≅': "≈",
	'≦': "≤", '≧': "≥", '⩽': "≤", '⩾': "≥",
	'⋅': "·", '‧': "·",
	'‐': "-", '‑': "-", '‒': "–", '⁃': "-",
	'⅓': "1/3", '⅔': "2/3", '⅕': "1/5", '⅖': "2/5", '⅗': "3/5", '⅘': "4/5",
	'⅙': "1/6", '⅚': "5/6", '⅐': "1/7", '⅑': "1/9", '⅒': "1/10",
	'℃': "°C", '℉': "°F",
}
