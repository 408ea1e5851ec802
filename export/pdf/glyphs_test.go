package pdf

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/text/unicode/norm"

	"kesim/export/internal/exporttest"
	"kesim/nest"
)

// fontsDraw reports whether both Go fonts have a glyph for r.
func fontsDraw(t *testing.T) func(r rune) bool {
	t.Helper()
	var fonts []*sfnt.Font
	for _, ttf := range [][]byte{goregular.TTF, gobold.TTF} {
		f, err := sfnt.Parse(ttf)
		if err != nil {
			t.Fatal(err)
		}
		fonts = append(fonts, f)
	}
	var buf sfnt.Buffer
	return func(r rune) bool {
		for _, f := range fonts {
			if g, err := f.GlyphIndex(&buf, r); err != nil || g == 0 {
				return false
			}
		}
		return true
	}
}

// glyphRanges are the fonts' own: every rune of the Basic Multilingual
// Plane from U+0020 is in them exactly when both fonts draw it.
func TestGlyphRanges(t *testing.T) {
	draws := fontsDraw(t)
	var want strings.Builder
	lo := rune(-1)
	for r := rune(0x20); r <= 0x10000; r++ {
		has := r < 0x10000 && draws(r)
		if has && lo < 0 {
			lo = r
		}
		if !has && lo >= 0 {
			fmt.Fprintf(&want, "{0x%04X, 0x%04X}, ", lo, r-1)
			lo = -1
		}
	}
	var got strings.Builder
	for _, g := range glyphRanges {
		fmt.Fprintf(&got, "{0x%04X, 0x%04X}, ", g[0], g[1])
	}
	if got.String() != want.String() {
		t.Errorf("glyphRanges are not the fonts'; they are\n%s", want.String())
	}
}

// Each composed letter is Unicode's composition of its letter and mark,
// and the fonts draw it but not the mark.
func TestComposed(t *testing.T) {
	for pair, c := range composed {
		if got := norm.NFC.String(pair); got != string(c) {
			t.Errorf("%q composes to %q, not %q", pair, got, c)
		}
		mark, _ := utf8.DecodeLastRuneInString(pair)
		if !hasGlyph(c) || hasGlyph(mark) {
			t.Errorf("%q: the fonts draw %q: %v, its mark: %v", pair, c, hasGlyph(c), hasGlyph(mark))
		}
	}
	if composed["s\u0327"] != 'ş' || composed["I\u0307"] != 'İ' || composed["g\u0306"] != 'ğ' {
		t.Error("no Turkish letter in composed")
	}
}

// Each substitute is a sign the fonts lack, as signs they draw.
func TestSubstitutes(t *testing.T) {
	for r, sub := range substitutes {
		if hasGlyph(r) {
			t.Errorf("%q is drawn: it needs no substitute", r)
		}
		if !drawable(sub) {
			t.Errorf("%q's substitute %q is not drawn", r, sub)
		}
	}
}

// Printable keeps what the fonts draw and maps the rest: a workshop's
// signs to the closest the fonts have, anything else to '?'.
func TestPrintable(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"Menteşe ⌀35", "Menteşe Ø35"},
		{"ĞÜŞİÖÇ ğüşıöç", "ĞÜŞİÖÇ ğüşıöç"},
		// the signs the fonts have print as they are
		{"60×40 ±0,5 45° 2m² 1m³ ½ ¼ ¾ 5µm – — ‘a’ “b” … ≤3 ≥4 Ø8 ⅛ €", "60×40 ±0,5 45° 2m² 1m³ ½ ¼ ¾ 5µm – — ‘a’ “b” … ≤3 ≥4 Ø8 ⅛ €"},
		{"Boru ∅20, 1.450₺, ✓ tamam, ✗ iptal, ⅓ boy, 20℃", "Boru Ø20, 1.450TL, √ tamam, × iptal, 1/3 boy, 20°C"},
		// macOS's decomposed Turkish letters are composed
		{"Mentes\u0327e Kapag\u0306ı I\u0307c\u0327", "Menteşe Kapağı İç"},
		{"x\u0327", "x"}, // a mark joined to no letter the fonts have is left out
		{"Raf\u200b1\ufeff", "Raf1"},
		{"ＡＢＣ１２", "ABC12"},
		{"a\u202fb\u3000c", "a b c"},
		{"Raf\tsol\n", "Raf sol "},
		{"棚 🙂 Kapak", "? ? Kapak"},
		{"bad \xff byte", "bad ? byte"},
	} {
		if got := Printable(tt.in); got != tt.want {
			t.Errorf("Printable(%q) = %q, want %q", tt.in, got, tt.want)
		}
		if got := Printable(tt.want); got != tt.want {
			t.Errorf("Printable(%q) = %q: not kept", tt.want, got)
		}
	}
}

// The PDF prints a part's name, a sheet's and the job's with the rule of
// Printable: "Menteşe ⌀35" as "Menteşe Ø35" (it printed an empty box for
// ⌀), Turkish letters as they are, a CJK letter and an emoji as '?'.
func TestPDFPrintsLegibly(t *testing.T) {
	res := nest.Result{
		Sheet: nest.Sheet{Width: 100, Height: 148},
		Pages: []nest.Page{{ID: "page-0", Efficiency: 40, Parts: []nest.Placed{
			{ID: "a-0", Name: "Menteşe ⌀35", X: 0, Y: 0, Width: 60, Height: 40},
			{ID: "b-0", Name: "ĞÜŞİÖÇ ğüşıöç", X: 0, Y: 40, Width: 60, Height: 40, OriginalIndex: 1},
			{ID: "c-0", Name: "棚 raf 🙂", X: 0, Y: 80, Width: 60, Height: 40, OriginalIndex: 2},
		}}},
		Stats: nest.Stats{Pages: 1, LowerBound: 1, Efficiency: 40, Placed: 3},
	}
	text := exporttest.PDFText(t, write(t, res, Options{Title: "Mutfak ⌀ 1.450₺"}))
	for _, want := range []string{"Menteşe Ø35", "ĞÜŞİÖÇ ğüşıöç", "? raf ?", "Mutfak Ø 1.450TL"} {
		if !strings.Contains(text, want) {
			t.Errorf("no %q in\n%s", want, text)
		}
	}
	if strings.ContainsAny(text, "⌀₺棚") {
		t.Errorf("a sign the font lacks printed:\n%s", text)
	}
}
