// Package quote prices a layout (Teklif): the sheets, the edge band, the
// cutting, a margin and KDV, per material and in total, and writes the
// quote as a one-page A4 PDF and as CSV for Turkish Excel. The written
// quote is the customer's: the margin is folded into the priced amounts
// (Quote.ForCustomer), never shown on a line of its own.
package quote

import (
	"errors"
	"math"
	"slices"
	"sort"
	"strings"
	"unicode/utf8"

	"kesim/nest"
)

// Options are the quote's prices and names. Start from DefaultOptions
// (KDV 20 %): a zero KDVPct means no KDV.
type Options struct {
	Factory  string `json:"factory,omitempty"`  // workshop name, the PDF's heading
	Customer string `json:"customer,omitempty"` // optional
	// Job is the job's name (the saved layout's), optional: the PDF prints
	// it under its title, shortened to the line when long.
	Job string `json:"job,omitempty"`
	// SheetByArea prices the sheets by the area of the parts cut from them
	// (price × used area / sheet area) instead of whole sheets.
	SheetByArea bool `json:"sheetByArea,omitempty"`
	// SheetPrice is the price (TL) of a sheet whose stock row has no price,
	// e.g. the request's plain sheet.
	SheetPrice  float64 `json:"sheetPrice,omitempty"`
	CutPerMetre float64 `json:"cutPerMetre,omitempty"` // TL a metre of cut
	CutPerSheet float64 `json:"cutPerSheet,omitempty"` // TL a sheet cut
	MarginPct   float64 `json:"marginPct,omitempty"`   // % on the subtotal
	KDVPct      float64 `json:"kdvPct"`                // % on subtotal + margin
}

// DefaultKDV is the KDV rate a quote starts with (%).
const DefaultKDV = 20

// DefaultOptions returns the options a quote starts with: KDV 20 %.
func DefaultOptions() Options { return Options{KDVPct: DefaultKDV} }

// Limits of the options.
const (
	MaxPrice  = 10_000_000 // TL, any unit price
	MaxMargin = 1000       // %
	MaxKDV    = 100        // %
	MaxText   = 200        // characters of a name
)

// Turkish errors.
var (
	ErrPrice   = errors.New("Fiyatlar 0 ile 10.000.000 TL arasında olmalı.")
	ErrMargin  = errors.New("Kâr oranı %0 ile %1.000 arasında olmalı.")
	ErrKDV     = errors.New("KDV oranı %0 ile %100 arasında olmalı.")
	ErrText    = errors.New("Atölye, müşteri ve iş adı en fazla 200 karakter olabilir.")
	ErrNothing = errors.New("Teklif için yerleşim yok.")
	ErrResult  = errors.New("Yerleşim geçersiz: ölçüler 0 ile 10.000 cm arasında olmalı.")
	ErrNoStock = errors.New("Teklif için sayfaların levha satırları bulunamadı, fiyatları bilinmiyor: yerleşimi güncel stokla yeniden hesaplayın (API: sonucu isteğiyle birlikte gönderin).")
)

func finite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }

// Check bounds the options.
func (o Options) Check() error {
	for _, v := range []float64{o.SheetPrice, o.CutPerMetre, o.CutPerSheet} {
		if !finite(v) || v < 0 || v > MaxPrice {
			return ErrPrice
		}
	}
	if !finite(o.MarginPct) || o.MarginPct < 0 || o.MarginPct > MaxMargin {
		return ErrMargin
	}
	if !finite(o.KDVPct) || o.KDVPct < 0 || o.KDVPct > MaxKDV {
		return ErrKDV
	}
	for _, s := range []string{o.Factory, o.Customer, o.Job} {
		if !utf8.ValidString(s) || utf8.RuneCountInString(s) > MaxText {
			return ErrText
		}
	}
	return nil
}

// Line is one material (and thickness) of the quote.
type Line struct {
	Material  string  // "" for the plain sheet
	Thickness float64 // mm
	Sheets    int
	// SheetArea is the sheets' area and UsedArea the parts' area (m²).
	SheetArea, UsedArea float64
	SheetCost           float64 // TL
	// Offcuts are the sheets (of Sheets) that are offcuts from the rack,
	// and OffcutCost their part of SheetCost (see Compute).
	Offcuts    int
	OffcutCost float64 // TL
	// CutMetres is the length of cut (m); CutEstimated says it comes from
	// the parts' perimeters (no guillotine cut sequence on some sheet).
	CutMetres    float64
	CutEstimated bool
	CutCost      float64 // metres × CutPerMetre + sheets × CutPerSheet
	Subtotal     float64 // SheetCost + CutCost
}

// Band is one band code's metres and cost, from the result's bandTotals.
type Band struct {
	Code, Name string
	Metres     float64
	Cost       float64
}

// Quote holds the numbers of a quote, in TL rounded to kuruş.
type Quote struct {
	Lines     []Line
	Bands     []Band
	BandCost  float64
	Subtotal  float64 // lines + bands
	Margin    float64
	Net       float64 // Subtotal + Margin
	KDV       float64
	Total     float64 // Net + KDV
	MarginPct float64
	KDVPct    float64
	// Unplaced are the part lines the layout could not place (the
	// result's skipped): not in the quote, which says so.
	Unplaced []nest.Skipped
}

func kurus(v float64) float64 { return math.Round(v*100) / 100 }

func side(v float64) bool { return finite(v) && v >= 0 && v <= 10000 }

// Compute prices a result. req supplies the stock rows' prices and the band
// names (it may be nil: then only Options.SheetPrice prices sheets).
//
// Sheets: a page's price is its stock row's price (SheetPrice when the row
// has none); whole sheets, or with SheetByArea price × parts' area / sheet
// area. An offcut from the rack (a row with Offcut) is already paid for:
// it is priced at the price per cm² of its material's priced stock row
// (the first row of the same material and thickness that is not an
// offcut and has a price) times its area (with SheetByArea, its parts'
// area), else at 0 TL, never at SheetPrice; an offcut row with a price
// of its own is priced at it. The line counts its offcuts (Offcuts) and
// their cost (OffcutCost). Cutting: a page with a guillotine cut sequence counts its cuts'
// lengths; a page without one is estimated as half the sum of its parts'
// perimeters (every cut separates two parts' edges), and the line says so.
// Band: the result's bandTotals (metres and cost). Margin % on the
// subtotal, KDV % on subtotal + margin; every amount rounded to kuruş.
func Compute(req *nest.Request, res nest.Result, opt Options) (Quote, error) {
	if err := opt.Check(); err != nil {
		return Quote{}, err
	}
	if len(res.Pages) == 0 {
		return Quote{}, ErrNothing
	}
	prices, err := stockPrices(req)
	if err != nil {
		return Quote{}, err
	}
	var stock []nest.Stock
	if req != nil {
		stock = req.Stock
	}
	// A guillotine layout's cuts are measured: its request says so, or,
	// without one, a page that lists cuts.
	guillotine := req != nil && req.Options.Guillotine
	if req == nil || len(req.Parts) == 0 {
		guillotine = slices.ContainsFunc(res.Pages, func(p nest.Page) bool { return len(p.Cuts) > 0 })
	}
	lines, err := materialLines(res, stock, prices, guillotine, opt)
	if err != nil {
		return Quote{}, err
	}
	bands, err := bandLines(res.BandTotals, bandNames(req))
	if err != nil {
		return Quote{}, err
	}
	q := total(lines, bands, opt)
	q.Unplaced = res.Skipped
	return q, nil
}

// stockPrices returns the price of every stock row of req (none for a nil
// req), or ErrPrice when one is out of range.
func stockPrices(req *nest.Request) (map[string]float64, error) {
	price := map[string]float64{}
	if req == nil {
		return price, nil
	}
	for _, s := range req.Stock {
		if !finite(s.Price) || s.Price < 0 || s.Price > MaxPrice {
			return nil, ErrPrice
		}
		price[s.ID] = s.Price
	}
	return price, nil
}

// bandNames returns the name of every band code of req (none for a nil req).
func bandNames(req *nest.Request) map[string]string {
	name := map[string]string{}
	if req != nil {
		for _, b := range req.Bands {
			name[b.Code] = b.Name
		}
	}
	return name
}

// materialLines returns one line per material and thickness of res's
// pages, in the order of their first pages, priced and rounded, or
// ErrResult when a size is out of range. prices are the prices of the
// stock rows stock.
func materialLines(res nest.Result, stock []nest.Stock, prices map[string]float64, guillotine bool, opt Options) ([]Line, error) {
	type key struct {
		m string
		t float64
	}
	idx := map[key]int{}
	var lines []Line
	for _, p := range res.Pages {
		w, h, err := pageSheet(res, p)
		if err != nil {
			return nil, err
		}
		k := key{strings.TrimSpace(p.Material), p.Thickness}
		i, ok := idx[k]
		if !ok {
			i = len(lines)
			idx[k] = i
			lines = append(lines, Line{Material: k.m, Thickness: k.t})
		}
		sheetPrice, ok := prices[p.StockID]
		if !ok && p.StockID != "" && p.StockID != nest.StockDefault {
			// A stock row the request does not list (a result sent
			// without its request): its price is not known, and a quote
			// at 0 TL a sheet would undercharge without a word.
			return nil, ErrNoStock
		}
		offcut := isOffcut(stock, p.StockID)
		switch {
		case offcut && sheetPrice == 0:
			sheetPrice = offcutPrice(stock, p, w, h)
		case !ok || sheetPrice == 0:
			sheetPrice = opt.SheetPrice
		}
		before := lines[i].SheetCost
		if err := lines[i].addPage(p, w, h, sheetPrice, opt.SheetByArea, guillotine); err != nil {
			return nil, err
		}
		if offcut {
			lines[i].Offcuts++
			lines[i].OffcutCost += lines[i].SheetCost - before
		}
	}
	for i := range lines {
		lines[i].round(opt)
	}
	return lines, nil
}

// isOffcut reports whether stock row id is an offcut from the rack.
func isOffcut(stock []nest.Stock, id string) bool {
	for _, s := range stock {
		if s.ID == id {
			return s.Offcut
		}
	}
	return false
}

// offcutPrice returns the price of page p's offcut, w x h cm: the price
// per cm² of the first stock row of p's material and thickness that is
// not an offcut and has a price, times w x h; 0 when there is none. The
// material and thickness are matched as the engine groups them
// (nest.SameMaterial: Turkish case, so that a row of "Ceviz" prices an
// offcut of "CEVİZ"; the thickness to 0,01 mm).
func offcutPrice(stock []nest.Stock, p nest.Page, w, h float64) float64 {
	for _, s := range stock {
		if s.Offcut || s.Price <= 0 || !side(s.Width) || !side(s.Height) || s.Width == 0 || s.Height == 0 ||
			!nest.SameMaterial(s.Material, p.Material) || math.Round(s.Thickness*100) != math.Round(p.Thickness*100) {
			continue
		}
		return s.Price / (s.Width * s.Height) * w * h
	}
	return 0
}

// pageSheet returns the size (cm) of page p's sheet: its own, or res's
// sheet for a page without one; ErrResult when it or p's thickness is out
// of range.
func pageSheet(res nest.Result, p nest.Page) (w, h float64, err error) {
	w, h = p.Width, p.Height
	if w == 0 || h == 0 {
		w, h = res.Sheet.Width, res.Sheet.Height
	}
	if !side(w) || !side(h) || w == 0 || h == 0 || !side(p.Thickness) {
		return 0, 0, ErrResult
	}
	return w, h, nil
}

// addPage adds page p, a w x h cm sheet priced sheetPrice, to l: the
// sheet's cost (whole, or byArea for the parts' share of it), its areas,
// and its cut length, measured or estimated (see Compute). It returns
// ErrResult when a part's size or a cut's length is out of range.
func (l *Line) addPage(p nest.Page, w, h, sheetPrice float64, byArea, guillotine bool) error {
	used, perim := 0.0, 0.0
	for _, pp := range p.Parts {
		if !side(pp.Width) || !side(pp.Height) {
			return ErrResult
		}
		used += pp.Width * pp.Height
		perim += 2 * (pp.Width + pp.Height)
	}
	if byArea {
		l.SheetCost += sheetPrice * math.Min(1, used/(w*h))
	} else {
		l.SheetCost += sheetPrice
	}
	l.Sheets++
	l.SheetArea += w * h / 10000
	l.UsedArea += used / 10000
	if len(p.Cuts) > 0 || guillotine && len(p.Parts) <= 1 {
		// A guillotine page lists its cuts, none when its one part is
		// the trimmed sheet.
		for _, c := range p.Cuts {
			if !side(c.Length) {
				return ErrResult
			}
			l.CutMetres += c.Length / 100
		}
	} else if len(p.Parts) > 0 {
		l.CutMetres += perim / 2 / 100
		l.CutEstimated = true
	}
	return nil
}

// round rounds l's sums to kuruş (areas and metres to two decimals), then
// prices its cutting and sets its subtotal.
func (l *Line) round(opt Options) {
	l.SheetArea, l.UsedArea = kurus(l.SheetArea), kurus(l.UsedArea)
	l.CutMetres = kurus(l.CutMetres)
	l.SheetCost = kurus(l.SheetCost)
	l.OffcutCost = kurus(l.OffcutCost)
	l.CutCost = kurus(l.CutMetres*opt.CutPerMetre + float64(l.Sheets)*opt.CutPerSheet)
	l.Subtotal = kurus(l.SheetCost + l.CutCost)
}

// bandLines returns one band per band total, named from names, or
// ErrResult when its metres or cost are out of range.
func bandLines(totals []nest.BandTotal, names map[string]string) ([]Band, error) {
	var bands []Band
	for _, b := range totals {
		if !finite(b.Meters) || b.Meters < 0 || b.Meters > 1e7 || !finite(b.Cost) || b.Cost < 0 || b.Cost > 1e12 {
			return nil, ErrResult
		}
		bands = append(bands, Band{Code: b.Code, Name: names[b.Code], Metres: b.Meters, Cost: kurus(b.Cost)})
	}
	return bands, nil
}

// total returns the quote of lines and bands: their sums, the margin and
// KDV, each rounded to kuruş, with the lines sorted by material and
// thickness. The line subtotals are added before the sort, in the order of
// the pages, as they always were: a float sum depends on its order.
func total(lines []Line, bands []Band, opt Options) Quote {
	q := Quote{Lines: lines, Bands: bands, MarginPct: opt.MarginPct, KDVPct: opt.KDVPct}
	for _, l := range lines {
		q.Subtotal += l.Subtotal
	}
	sort.SliceStable(q.Lines, func(a, b int) bool {
		if q.Lines[a].Material != q.Lines[b].Material {
			return q.Lines[a].Material < q.Lines[b].Material
		}
		return q.Lines[a].Thickness < q.Lines[b].Thickness
	})
	for _, b := range bands {
		q.BandCost += b.Cost
	}
	q.BandCost = kurus(q.BandCost)
	q.Subtotal = kurus(q.Subtotal + q.BandCost)
	q.Margin = kurus(q.Subtotal * opt.MarginPct / 100)
	q.Net = kurus(q.Subtotal + q.Margin)
	q.KDV = kurus(q.Net * opt.KDVPct / 100)
	q.Total = kurus(q.Net + q.KDV)
	return q
}

// ForCustomer returns q as the customer sees it: the margin is not shown
// but folded into the priced amounts (every line's sheets, offcuts and
// cutting and every band code, each marked up by MarginPct), so that they
// add up to Net; Subtotal is then Net, Margin and MarginPct are 0, and KDV
// and Total are unchanged. Each amount is rounded to kuruş and the
// rounding's few kuruş go to the amounts whose rounding lost the most
// (largest remainder), so that the lines still add up exactly. A quote
// already folded (or of no margin) is returned as it is.
func (q Quote) ForCustomer() Quote {
	if q.Margin == 0 && q.MarginPct == 0 {
		return q
	}
	factor := 1 + q.MarginPct/100
	lines := slices.Clone(q.Lines)
	bands := slices.Clone(q.Bands)
	// The amounts, in kuruş before and after the markup: per line the
	// sheets that are not offcuts, the offcuts and the cutting, then the
	// bands.
	var amounts []*float64
	for i := range lines {
		l := &lines[i]
		l.SheetCost = kurus(l.SheetCost - l.OffcutCost) // the new sheets; the offcuts are added back below
		amounts = append(amounts, &l.SheetCost, &l.OffcutCost, &l.CutCost)
	}
	for i := range bands {
		amounts = append(amounts, &bands[i].Cost)
	}
	type share struct {
		i    int
		k    int64
		frac float64
	}
	shares := make([]share, len(amounts))
	var sum int64
	for i, a := range amounts {
		v := *a * 100 * factor
		k := int64(math.Floor(v + 1e-6)) // a float just below a whole kuruş is that kuruş
		shares[i] = share{i, k, v - float64(k)}
		sum += k
	}
	// The kuruş left to reach Net go to the largest remainders; a kuruş
	// too many is taken from the largest amount.
	rem := int64(math.Round(q.Net*100)) - sum
	order := make([]int, len(shares))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return shares[order[a]].frac > shares[order[b]].frac })
	for j := 0; rem > 0 && len(order) > 0; j++ {
		shares[order[j%len(order)]].k++
		rem--
	}
	sort.SliceStable(order, func(a, b int) bool { return shares[order[a]].k > shares[order[b]].k })
	for j := 0; rem < 0 && len(order) > 0 && shares[order[j%len(order)]].k > 0; j++ {
		shares[order[j%len(order)]].k--
		rem++
	}
	for _, sh := range shares {
		*amounts[sh.i] = float64(sh.k) / 100
	}
	q.BandCost = 0
	for _, b := range bands {
		q.BandCost += b.Cost
	}
	q.BandCost = kurus(q.BandCost)
	for i := range lines {
		l := &lines[i]
		l.SheetCost = kurus(l.SheetCost + l.OffcutCost)
		l.Subtotal = kurus(l.SheetCost + l.CutCost)
	}
	q.Lines, q.Bands = lines, bands
	q.Subtotal, q.Margin, q.MarginPct = q.Net, 0, 0
	return q
}

// MaterialName names a line: "MDF 18 mm", or "Levha" for the plain sheet.
func (l Line) MaterialName() string {
	name := l.Material
	if name == "" {
		name = "Levha"
	}
	if l.Thickness > 0 {
		name += " " + Num(l.Thickness, 2) + " mm"
	}
	return name
}

// Num writes v the Turkish way with at most dec decimals, trailing zeros
// dropped: 1.450,5.
func Num(v float64, dec int) string {
	s := Money(v)
	if dec == 2 {
		s = strings.TrimRight(strings.TrimRight(s, "0"), ",")
	}
	return s
}

// tally writes a count on the PDF the Turkish way, with thousands dots:
// 1.240 (the CSV keeps plain digits, for a spreadsheet to read).
func tally(n int) string {
	return strings.TrimSuffix(Money(float64(n)), ",00")
}

// Money writes an amount the Turkish way with two decimals: 1.450,50.
func Money(v float64) string {
	neg := v < 0
	c := int64(math.Round(math.Abs(v) * 100))
	whole, frac := c/100, c%100
	digits := []byte{}
	ws := []byte(itoa(whole))
	for i, d := range ws {
		if i > 0 && (len(ws)-i)%3 == 0 {
			digits = append(digits, '.')
		}
		digits = append(digits, d)
	}
	s := string(digits) + "," + string([]byte{byte('0' + frac/10), byte('0' + frac%10)})
	if neg && c != 0 {
		s = "-" + s
	}
	return s
}

func itoa(v int64) string {
	if v == 0 {
		return "0"
	}
	var b []byte
	for v > 0 {
		b = append([]byte{byte('0' + v%10)}, b...)
		v /= 10
	}
	return string(b)
}
