package pdf

import (
	"strings"
	"unicode"

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

// Printable replaces what fpdf cannot print: control characters become
// spaces, and letters outside the Basic Multilingual Plane (emoji), on which
// fpdf's font subsetting panics, become '?'.
func Printable(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case unicode.IsControl(r):
			return ' '
		case r > 0xffff:
			return '?'
		}
		return r
	}, strings.ToValidUTF8(s, "?"))
}
