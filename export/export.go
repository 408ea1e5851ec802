// Package export holds what the DXF and PDF writers (packages dxf and pdf
// below it) share: the errors a user sees, the file name, the way lengths are
// printed, and the clamping of parts inside their sheet.
package export

import (
	"cmp"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"kesim/nest"
)

// ErrEmpty is returned by every writer when the result has no placed part;
// the writer then writes nothing. Its message is the specification's warning.
var ErrEmpty = errors.New("UYARI: Export edilecek parça bulunamadı. Önce parça ekleyin.")

// ErrInvalid is wrapped by the error a writer returns for a result no file
// can show: a sheet side that is not positive or longer than MaxSheet, or a
// part or cut with a coordinate past MaxSheet either way or a length that is
// not positive or longer than MaxSheet.
var ErrInvalid = errors.New("geçersiz yerleşim")

// MaxSheet is the longest sheet side the writers accept, in cm: a hundred
// times the specification's limit of 1000, and far from where float64
// coordinates lose the engine's 0.1 mm.
const MaxSheet = 100_000

// Check reports why res cannot be exported: ErrEmpty when no part is placed
// (whatever else is wrong, as a failed layout is shown as an empty one), an
// error wrapping ErrInvalid when a length is unusable, nil otherwise.
func Check(res nest.Result) error {
	placed := 0
	for _, pg := range res.Pages {
		placed += len(pg.Parts)
	}
	if placed == 0 {
		return ErrEmpty
	}
	if !positive(res.Sheet.Width) || !positive(res.Sheet.Height) ||
		res.Sheet.Width > MaxSheet || res.Sheet.Height > MaxSheet {
		return fmt.Errorf("%w: tuval boyutu %s x %s", ErrInvalid, badNum(res.Sheet.Width), badNum(res.Sheet.Height))
	}
	for i, pg := range res.Pages {
		if pg.Width != 0 || pg.Height != 0 {
			if !positive(pg.Width) || !positive(pg.Height) || pg.Width > MaxSheet || pg.Height > MaxSheet {
				return fmt.Errorf("%w: sayfa %d, levha boyutu %s x %s", ErrInvalid, i+1, badNum(pg.Width), badNum(pg.Height))
			}
		}
		for _, p := range pg.Parts {
			if !size(p.Width) || !size(p.Height) || !place(p.X) || !place(p.Y) {
				return fmt.Errorf("%w: sayfa %d, parça %q (x %s, y %s, %s x %s)",
					ErrInvalid, i+1, p.Name, badNum(p.X), badNum(p.Y), badNum(p.Width), badNum(p.Height))
			}
		}
		for _, c := range pg.Cuts {
			if !place(c.X) || !place(c.Y) || !size(c.Length) {
				return fmt.Errorf("%w: sayfa %d, kesim %d (x %s, y %s, boy %s)", ErrInvalid, i+1, c.Order, badNum(c.X), badNum(c.Y), badNum(c.Length))
			}
		}
	}
	return nil
}

func finite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }

// badNum writes a length a result should not hold for its error message:
// with a decimal comma as Num does (45,5, not 45.5), and a number too
// large or not a number at all as Go prints it (1e+308, NaN).
func badNum(v float64) string {
	if finite(v) && math.Abs(v) < 1e9 {
		return Num(v)
	}
	return strconv.FormatFloat(v, 'g', -1, 64)
}
func positive(v float64) bool { return finite(v) && v > 0 }

// size and place bound a part's or cut's length and position by MaxSheet:
// no sheet holds more, and the writers that draw refuse what none can show,
// as the cut lists do (a part at x = 1e308 was clamped onto the PDF). A
// position a little off the sheet is drawn clamped (SheetParts).
func size(v float64) bool  { return positive(v) && v <= MaxSheet }
func place(v float64) bool { return finite(v) && math.Abs(v) <= MaxSheet }

// Num prints a length in cm the way a Turkish user writes it, as the page
// and the specification do: a decimal comma, at most two decimals and no
// trailing zeros ("45,5", "30", "0,25"), never "45,50" or "-0".
func Num(v float64) string {
	return strings.Replace(plainNum(v), ".", ",", 1)
}

// Count prints a count or a long total the Turkish way, with thousands
// dots and Num's decimals: "1.328", "182.881,8".
func Count(v float64) string {
	_, frac, _ := strings.Cut(Num(v), ",")
	return Amount(math.Round(v*100)/100, len(frac))
}

// plainNum is Num with a decimal point, for names a program reads.
func plainNum(v float64) string {
	v = math.Round(v*100) / 100
	if v == 0 {
		v = 0 // turns -0 into 0
	}
	return strconv.FormatFloat(v, 'f', -1, 64)
}

// Percent prints a percentage with one decimal the Turkish way: "%82,6".
func Percent(v float64) string {
	return "%" + strings.Replace(strconv.FormatFloat(v, 'f', 1, 64), ".", ",", 1)
}

// Size prints width by height in cm, as "45,5 x 30".
func Size(width, height float64) string {
	return Num(width) + " x " + Num(height)
}

// FileName returns the name of an export file for a sheet size:
// "efeaktif_cutting_{width}x{height}_{date}_{timestamp}.{ext}", with the date
// as 2006-01-02 and the timestamp in Unix milliseconds, both taken from now.
// ResultSheet gives the size to name a result by.
func FileName(sheet nest.Sheet, now time.Time, ext string) string {
	return fmt.Sprintf("efeaktif_cutting_%sx%s_%s_%d.%s",
		plainNum(sheet.Width), plainNum(sheet.Height), now.Format("2006-01-02"), now.UnixMilli(), ext)
}

// ResultSheet is the sheet size that names res's files: the size of every
// page when they are all cut from one stock size (a job on stock rows), else
// the result's canvas (res.Sheet), as the specification's file names have it.
func ResultSheet(res nest.Result) nest.Sheet {
	var size nest.Sheet
	for i, p := range res.Pages {
		if p.Width <= 0 || p.Height <= 0 || i > 0 && (p.Width != size.Width || p.Height != size.Height) {
			return res.Sheet
		}
		size = nest.Sheet{Width: p.Width, Height: p.Height}
	}
	if size == (nest.Sheet{}) {
		return res.Sheet
	}
	return size
}

// ClampFunc is told about every part a writer had to move or shrink to keep
// it inside its sheet: page is the page's index, before the part as given and
// after the part as written. An engine layout never needs a clamp, so a call
// means the layout is wrong.
type ClampFunc func(page int, before, after nest.Placed)

// clampTolerance absorbs float noise such as 45.5 + 54.5 = 100.00000000000001:
// the engine works in steps of 0.1 mm, far above this.
const clampTolerance = 1e-9

// SheetParts returns the parts of page page ready to draw: each moved, and
// shrunk when larger than the sheet, so that it lies inside the sheet as the
// specification asks, then sorted in reading order (top to bottom, then left
// to right) so that sequence numbers run across the sheet as a person reads
// it. It calls onClamp (when not nil) for every part it had to change. The
// result's pages are not modified. The sheet is the page's own (PageSheet).
func SheetParts(res nest.Result, page int, onClamp ClampFunc) []nest.Placed {
	parts, _ := sheetParts(res, page, onClamp)
	return parts
}

// sheetParts is SheetParts, which also returns, for each part it gives,
// its index in res.Pages[page].Parts.
func sheetParts(res nest.Result, page int, onClamp ClampFunc) ([]nest.Placed, []int) {
	given := res.Pages[page].Parts
	parts := slices.Clone(given)
	sheet := PageSheet(res, page)
	for i, p := range parts {
		q := p
		q.Width, q.X = clampSpan(q.Width, q.X, sheet.Width)
		q.Height, q.Y = clampSpan(q.Height, q.Y, sheet.Height)
		if q != p {
			parts[i] = q
			if onClamp != nil {
				onClamp(page, p, q)
			}
		}
	}
	idx := make([]int, len(parts))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int {
		return cmp.Or(cmp.Compare(parts[a].Y, parts[b].Y), cmp.Compare(parts[a].X, parts[b].X))
	})
	return permute(parts, idx), idx
}

// permute returns parts in the order idx gives: parts[idx[0]] first.
func permute(parts []nest.Placed, idx []int) []nest.Placed {
	out := make([]nest.Placed, len(idx))
	for i, j := range idx {
		out[i] = parts[j]
	}
	return out
}

// Numbers returns the number every output gives each part of page page of
// res, by the part's index in res.Pages[page].Parts: its place, from 1, in
// the sheet's cutting order, the parts as the PDF draws them (SheetParts,
// moved into the sheet) sorted by CutOrder under kerf (KerfOf of the
// request). The numbers start at 1 on every sheet. The PDF's drawing and
// list, the DXF's SEQUENCE layer, the cut list's No column and the labels
// all number a piece so: piece 3 of a sheet is piece 3 on every paper.
func Numbers(res nest.Result, page int, kerf float64) []int {
	parts, given := sheetParts(res, page, nil)
	order := cutOrder(parts, res.Pages[page].Cuts, kerf)
	numbers := make([]int, len(parts))
	for n, i := range order {
		numbers[given[i]] = n + 1
	}
	return numbers
}

// clampSpan fits the interval [pos, pos+size) into [0, limit).
func clampSpan(size, pos, limit float64) (float64, float64) {
	if size > limit+clampTolerance {
		size = limit
	}
	if pos < -clampTolerance {
		pos = 0
	}
	if pos+size > limit+clampTolerance {
		pos = limit - size
	}
	return size, pos
}

// DefaultCutKerf is the kerf in cm CutOrder is given when the request's is
// not known (KerfOf(nil)): the widest kerf a cut may leave before a piece's
// edge.
const DefaultCutKerf = 1.0

// KerfOf returns the kerf CutOrder needs for a layout of req: req's kerf,
// or DefaultCutKerf without a request (or with a kerf the engine refuses,
// outside 0..nest.MaxKerfCM). The phone checklist takes the job's kerf as
// it is (web/src/features/job/checklist.ts), which the engine took.
func KerfOf(req *nest.Request) float64 {
	if req != nil && req.Options.Kerf >= 0 && req.Options.Kerf <= nest.MaxKerfCM {
		return req.Options.Kerf
	}
	return DefaultCutKerf
}

// OrderKerf is KerfOf for an output given the request's kerf k, nil when
// the request is not known (DefaultCutKerf), as pdf.Options.Kerf and
// dxf.Options.Kerf are.
func OrderKerf(k *float64) float64 {
	if k == nil {
		return KerfOf(nil)
	}
	return KerfOf(&nest.Request{Options: nest.Options{Kerf: *k}})
}

// CutOrder sorts the parts of one sheet, in place, into cutting order, the
// order every output numbers a sheet's pieces in (Numbers: the PDF's
// drawing and list, the DXF's SEQUENCE layer, the cut list, the labels,
// and the phone checklist, web/src/features/job/checklist.ts cutOrder): with cuts (a guillotine sequence), by the step of
// the sequence that frees the piece (the last cut along one of its edges: a
// cut's line is a part's right or bottom edge, or lies up to kerf cm before
// its left or top edge), then top to bottom, left to right; without cuts,
// top to bottom, left to right. The sort is stable.
func CutOrder(parts []nest.Placed, cuts []nest.Cut, kerf float64) {
	copy(parts, permute(parts, cutOrder(parts, cuts, kerf)))
}

// cutOrder returns the indexes of parts in CutOrder's order.
func cutOrder(parts []nest.Placed, cuts []nest.Cut, kerf float64) []int {
	freed := make([]int, len(parts))
	if len(cuts) > 0 {
		for i, p := range parts {
			freed[i] = FreedBy(p, cuts, kerf)
		}
	}
	idx := make([]int, len(parts))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int {
		return cmp.Or(cmp.Compare(freed[a], freed[b]), cmp.Compare(parts[a].Y, parts[b].Y), cmp.Compare(parts[a].X, parts[b].X))
	})
	return idx
}

// FreedBy returns the order of the last cut along an edge of p: the cut
// that frees it (0 when no cut touches it).
func FreedBy(p nest.Placed, cuts []nest.Cut, kerf float64) int {
	const eps = 1e-6
	last := 0
	for _, c := range cuts {
		var line, from, to, lo, hi, size float64
		switch c.Direction {
		case nest.Vertical:
			line, from, to, lo, hi, size = c.X, c.Y, c.Y+c.Length, p.Y, p.Y+p.Height, p.X
			if math.Abs(line-(p.X+p.Width)) <= eps {
				size = line
			}
		case nest.Horizontal:
			line, from, to, lo, hi, size = c.Y, c.X, c.X+c.Length, p.X, p.X+p.Width, p.Y
			if math.Abs(line-(p.Y+p.Height)) <= eps {
				size = line
			}
		default:
			continue
		}
		// The edge lies on the line (far edge) or up to a kerf past it
		// (near edge), and the cut runs along it.
		touches := size-line >= -eps && size-line <= kerf+eps
		if touches && min(to, hi)-max(from, lo) > eps && c.Order > last {
			last = c.Order
		}
	}
	return last
}
