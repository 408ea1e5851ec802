package pdf

import (
	"strings"

	"codeberg.org/go-pdf/fpdf"
)

// FitMiddle returns s, or s shortened by taking letters out of its middle
// ("Üst dolap cam…kapak sol"), so that it is at most width mm wide in f's
// current font: names of one job often differ only at their end (sol/sağ,
// 1/2), and a name cut at its end printed two parts' names alike. A third
// of the letters kept come from the end. With no room for a letter it is
// "…".
func FitMiddle(f *fpdf.Fpdf, s string, width float64) string {
	if f.GetStringWidth(s) <= width+1e-9 {
		return s
	}
	r := []rune(s)
	// k letters kept: one more letter kept is never narrower, so the most
	// that fit are found by halving.
	kept := func(k int) string { return string(r[:k-k/3]) + "…" + string(r[len(r)-k/3:]) }
	lo, hi := 0, len(r)-1 // kept(lo) fits (or lo is 0); kept(hi+1) does not
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if f.GetStringWidth(kept(mid)) <= width+1e-9 {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return kept(lo)
}

// wrap breaks s into lines at most width mm wide in the current font, at
// spaces, and returns them, or nil when it takes more than most lines or a
// word is wider than width.
func (d *doc) wrap(s string, width float64, most int) []string {
	var lines []string
	line := ""
	for _, word := range strings.Fields(s) {
		if !d.fits(word, width) {
			return nil
		}
		switch {
		case line == "":
			line = word
		case d.fits(line+" "+word, width):
			line += " " + word
		default:
			lines = append(lines, line)
			line = word
		}
	}
	if line != "" {
		lines = append(lines, line)
	}
	if len(lines) > most {
		return nil
	}
	return lines
}
