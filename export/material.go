package export

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"kesim/nest"
)

// PageSheet returns the sheet page page is cut from: the page's own size in
// a layout with stock rows (docs/engine.md, "Materials, stock rows, grain
// and edge band"), else the result's one sheet.
func PageSheet(res nest.Result, page int) nest.Sheet {
	pg := res.Pages[page]
	if pg.Width > 0 && pg.Height > 0 {
		return nest.Sheet{Width: pg.Width, Height: pg.Height}
	}
	return res.Sheet
}

// HasMaterials reports whether res is a layout with materials or stock
// rows: its pages name their stock row, or it has per-material results.
// A result without them is exported exactly as before stock rows existed.
func HasMaterials(res nest.Result) bool {
	if len(res.Materials) > 0 || len(res.Used) > 0 || len(res.Buy) > 0 || len(res.BandTotals) > 0 {
		return true
	}
	for _, pg := range res.Pages {
		if pg.StockID != "" || pg.Material != "" {
			return true
		}
	}
	return false
}

// Group is the pages of one material and thickness, in page order.
type Group struct {
	Material  string
	Thickness float64 // mm; 0 when not given
	Pages     []int   // indexes into Result.Pages
	// Result is the engine's summary of the material, when the result has
	// one (matched by material and thickness), else nil.
	Result *nest.MaterialResult
}

// Groups returns the pages of res by material and thickness, in the order
// the materials first appear among the pages. A result without materials
// is one group of every page.
func Groups(res nest.Result) []Group {
	var groups []Group
	index := map[[2]string]int{}
	for i, pg := range res.Pages {
		k := [2]string{pg.Material, plainNum(pg.Thickness)}
		g, ok := index[k]
		if !ok {
			g = len(groups)
			index[k] = g
			groups = append(groups, Group{Material: pg.Material, Thickness: pg.Thickness})
		}
		groups[g].Pages = append(groups[g].Pages, i)
	}
	for i := range groups {
		for j := range res.Materials {
			m := &res.Materials[j]
			if m.Material == groups[i].Material && plainNum(m.Thickness) == plainNum(groups[i].Thickness) {
				groups[i].Result = m
				break
			}
		}
	}
	return groups
}

// MaterialName names a material and thickness for people: "Beyaz Sunta 18
// mm", "Malzemesiz" for parts without a material.
func MaterialName(material string, thickness float64) string {
	name := strings.TrimSpace(material)
	if name == "" {
		name = "Malzemesiz"
	}
	if thickness > 0 {
		name += " " + Num(thickness) + " mm"
	}
	return name
}

// Slug names a material and thickness for a file: lower case ASCII letters,
// digits and hyphens, Turkish letters folded ("Beyaz Sunta", 18 ->
// "beyaz-sunta-18mm"; "Çam Ağacı", 8.5 -> "cam-agaci-8.5mm"). A material
// without a name is "malzemesiz"; the name is cut to 60 letters.
func Slug(material string, thickness float64) string {
	var b strings.Builder
	hyphen := false
	for _, r := range strings.TrimSpace(material) {
		switch r {
		case 'ç', 'Ç':
			r = 'c'
		case 'ğ', 'Ğ':
			r = 'g'
		case 'ı', 'İ', 'I', 'î', 'Î':
			r = 'i'
		case 'ö', 'Ö':
			r = 'o'
		case 'ş', 'Ş':
			r = 's'
		case 'ü', 'Ü', 'û', 'Û':
			r = 'u'
		case 'â', 'Â':
			r = 'a'
		}
		if 'A' <= r && r <= 'Z' {
			r += 'a' - 'A'
		}
		if ('a' <= r && r <= 'z') || ('0' <= r && r <= '9') {
			if hyphen && b.Len() > 0 {
				b.WriteByte('-')
			}
			hyphen = false
			b.WriteRune(r)
			if b.Len() >= 60 {
				break
			}
			continue
		}
		hyphen = true
	}
	s := b.String()
	if s == "" {
		s = "malzemesiz"
	}
	if thickness > 0 && !math.IsInf(thickness, 0) && thickness <= 1e6 {
		s += "-" + plainNum(thickness) + "mm"
	}
	return s
}

// Money prints an amount in TL the Turkish way, with thousands separated by
// dots and two decimals after a comma: "1.450,50 TL".
func Money(v float64) string {
	return Amount(v, 2) + " TL"
}

// Amount prints v with decimals decimals the Turkish way: thousands
// separated by dots, a decimal comma ("1.450,50"; "2,6" with 1).
func Amount(v float64, decimals int) string {
	if !finite(v) {
		v = 0
	}
	s := strconv.FormatFloat(math.Abs(v), 'f', decimals, 64)
	whole, frac, _ := strings.Cut(s, ".")
	var b strings.Builder
	if v < 0 && strings.Trim(s, "0.") != "" {
		b.WriteByte('-')
	}
	for i, c := range whole {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteByte('.')
		}
		b.WriteRune(c)
	}
	if frac != "" {
		b.WriteString("," + frac)
	}
	return b.String()
}

// StockRow returns the stock row id of stock, or false.
func StockRow(stock []nest.Stock, id string) (nest.Stock, bool) {
	for _, s := range stock {
		if s.ID == id {
			return s, true
		}
	}
	return nest.Stock{}, false
}

// StockName names the stock row id for people: an offcut row by its code
// ("Artık A-13", the code on the board on the rack), another row by its
// name, else its material and size, else its id; "Varsayılan tuval" for the
// default sheet.
func StockName(stock []nest.Stock, id string) string {
	if s, ok := StockRow(stock, id); ok {
		if s.Offcut {
			return OffcutWord + " " + id
		}
		if name := strings.TrimSpace(s.Name); name != "" {
			return name
		}
		if s.Width > 0 && s.Height > 0 {
			return MaterialName(s.Material, s.Thickness) + " " + Size(s.Width, s.Height)
		}
	}
	if id == nest.StockDefault {
		return "Varsayılan tuval"
	}
	return id
}

// OffcutWord names an offcut from the rack: "Artık A-13".
const OffcutWord = "Artık"

// SheetLabel names the board page page of res is cut from, for the shop
// floor to fetch it: an offcut by its code, material and size ("Artık A-13
// · Ceviz MDF 18 mm · 39,7 x 79,7 cm"), a sheet row by its name (when it
// has one), material and size ("Ceviz kapaklık · Ceviz MDF 18 mm · 183 x
// 366 cm"), and only a page of no stock row (or of the default sheet) as
// the canvas: "Tuval 183 x 366 cm", with its material when it has one.
func SheetLabel(stock []nest.Stock, res nest.Result, page int) string {
	pg := res.Pages[page]
	s := PageSheet(res, page)
	size := Size(s.Width, s.Height) + " cm"
	material, thickness := pg.Material, pg.Thickness
	row, ok := StockRow(stock, pg.StockID)
	if ok && material == "" && thickness == 0 {
		material, thickness = row.Material, row.Thickness
	}
	withMaterial := func(head string) string {
		if material == "" && thickness == 0 {
			return head + " · " + size
		}
		return head + " · " + MaterialName(material, thickness) + " · " + size
	}
	switch {
	case pg.StockID == "" || pg.StockID == nest.StockDefault:
		if material == "" && thickness == 0 {
			return "Tuval " + size
		}
		return withMaterial("Tuval")
	case ok && row.Offcut:
		return withMaterial(OffcutWord + " " + pg.StockID)
	case ok && strings.TrimSpace(row.Name) != "":
		return withMaterial(strings.TrimSpace(row.Name))
	case ok && (material != "" || thickness > 0):
		return MaterialName(material, thickness) + " · " + size
	case ok:
		return "Levha " + size
	}
	// A stock row the writer was not given: its id is all there is.
	return withMaterial(pg.StockID)
}

// HasEdges reports whether any placed part of res has a banded edge.
func HasEdges(res nest.Result) bool {
	for _, pg := range res.Pages {
		for _, p := range pg.Parts {
			if p.Edges != nil && *p.Edges != (nest.Edges{}) {
				return true
			}
		}
	}
	return false
}

// EdgeCodes returns the band codes on the placed parts of the listed
// pages (every page when pages is nil), sorted by first appearance.
func EdgeCodes(res nest.Result, pages []int) []string {
	var codes []string
	seen := map[string]bool{}
	visit := func(pg nest.Page) {
		for _, p := range pg.Parts {
			if p.Edges == nil {
				continue
			}
			for _, c := range []string{p.Edges.Top, p.Edges.Right, p.Edges.Bottom, p.Edges.Left} {
				if c != "" && !seen[c] {
					seen[c] = true
					codes = append(codes, c)
				}
			}
		}
	}
	if pages == nil {
		for _, pg := range res.Pages {
			visit(pg)
		}
	}
	for _, i := range pages {
		visit(res.Pages[i])
	}
	return codes
}

// Band returns the band of code among bands, or false.
func Band(bands []nest.Band, code string) (nest.Band, bool) {
	for _, b := range bands {
		if b.Code == code {
			return b, true
		}
	}
	return nest.Band{}, false
}

// Limits of the stock and band lists a writer is given, those of the
// engine's request (docs/engine.md).
const (
	MaxStockRows = nest.MaxStockRows
	MaxBands     = nest.MaxBands
	maxPrice     = nest.MaxPriceTL
	maxText      = nest.MaxTextRunes
)

// CheckLists reports why the stock rows and band codes given to a writer
// (the request's, to name and price what the result refers to) cannot be
// used: an error wrapping ErrInvalid with a Turkish message, or nil. Every
// number is bounded as in the engine's request.
func CheckLists(stock []nest.Stock, bands []nest.Band) error {
	bad := func(msg string, i int, what string) error {
		return fmt.Errorf("%w: %s %d. satır: %s", ErrInvalid, what, i+1, msg)
	}
	if len(stock) > MaxStockRows {
		return fmt.Errorf("%w: %s", ErrInvalid, nest.MsgTooManyStock)
	}
	if len(bands) > MaxBands {
		return fmt.Errorf("%w: %s", ErrInvalid, nest.MsgTooManyBands)
	}
	long := func(s ...string) bool {
		for _, t := range s {
			if utf8.RuneCountInString(t) > maxText {
				return true
			}
		}
		return false
	}
	for i, s := range stock {
		switch {
		case long(s.ID, s.Name, s.Material, s.Grain):
			return bad(nest.MsgTextTooLong, i, "stok")
		case !between(s.Price, 0, maxPrice):
			return bad(nest.MsgPrice, i, "stok")
		case !between(s.Thickness, 0, nest.MaxThicknessMM):
			return bad(nest.MsgThickness, i, "stok")
		case !between(s.Width, 0, MaxSheet) || !between(s.Height, 0, MaxSheet):
			return bad("Levha boyutu geçersiz.", i, "stok")
		case s.Quantity < 0 || s.Quantity > nest.MaxStockQty:
			return bad(nest.MsgStockQuantity, i, "stok")
		}
	}
	for i, b := range bands {
		switch {
		case long(b.Code, b.Name):
			return bad(nest.MsgTextTooLong, i, "bant")
		case !between(b.Price, 0, maxPrice):
			return bad(nest.MsgPrice, i, "bant")
		case !between(b.Thickness, 0, nest.MaxBandMM):
			return bad(nest.MsgBandThickness, i, "bant")
		case !between(b.Overlength, 0, nest.MaxOverlengthCM):
			return bad(nest.MsgOverlength, i, "bant")
		}
	}
	return nil
}

func between(v, lo, hi float64) bool { return finite(v) && v >= lo && v <= hi }

// StockUse is one row of an order summary: sheets of a stock row, of one
// material and thickness (a row without a material of its own, as the
// default canvas, serves every material that has no row).
type StockUse struct {
	StockID   string
	Material  string
	Thickness float64
	Sheet     nest.Sheet // its size
	Used, Buy int
}

// StockUses returns the sheets taken from every stock row, per material,
// counted from the result's pages, in the order of its used list (the
// stock rows' order) and then of the pages. An unlimited row's sheets
// (those in the buy list) are all bought. Counting by row alone put four
// sheets of MDF 18 mm, Sunta 18 mm and Sunta 8 mm cut from the default
// canvas on one line.
func StockUses(res nest.Result) []StockUse {
	type key struct {
		id, material string
		thickness    float64
	}
	var uses []StockUse
	index := map[key]int{}
	for p, pg := range res.Pages {
		k := key{pg.StockID, pg.Material, pg.Thickness}
		i, ok := index[k]
		if !ok {
			i = len(uses)
			index[k] = i
			uses = append(uses, StockUse{StockID: pg.StockID, Material: pg.Material, Thickness: pg.Thickness,
				Sheet: PageSheet(res, p)})
		}
		uses[i].Used++
	}
	rank := func(id string) int {
		for i, u := range res.Used {
			if u.StockID == id {
				return i
			}
		}
		return len(res.Used)
	}
	slices.SortStableFunc(uses, func(a, b StockUse) int { return cmp.Compare(rank(a.StockID), rank(b.StockID)) })
	for i := range uses {
		if slices.ContainsFunc(res.Buy, func(b nest.StockCount) bool { return b.StockID == uses[i].StockID }) {
			uses[i].Buy = uses[i].Used
		}
	}
	return uses
}

// SheetGrain returns the grain of page page's sheet as it lies on the page:
// nest.GrainVertical (along its height), nest.GrainHorizontal (along its
// width), or "" when its stock row (in stock) has none or is not known. A
// sheet drawn turned from its row (its width the row's height) has the
// grain the other way.
func SheetGrain(stock []nest.Stock, res nest.Result, page int) string {
	row, ok := StockRow(stock, res.Pages[page].StockID)
	if !ok {
		return ""
	}
	grain := row.Grain
	if grain != nest.GrainVertical && grain != nest.GrainHorizontal {
		return ""
	}
	s := PageSheet(res, page)
	if row.Width != row.Height && s.Width == row.Height && s.Height == row.Width {
		if grain == nest.GrainVertical {
			return nest.GrainHorizontal
		}
		return nest.GrainVertical
	}
	return grain
}

// StockOut returns the copies the layout left over because the limited
// stock of their material ran out (nest.MaterialResult.StockOut, summed):
// a plan short of them is not the job's, and the papers claim no bound
// for it.
func StockOut(res nest.Result) int {
	n := 0
	for _, m := range res.Materials {
		n += m.StockOut
	}
	return n
}

// CostBounded reports whether the papers may state material m's cost
// bound and call its plan the cheapest: only under the cost objective. A
// material with a stock row without a price is laid out for the least
// sheet area (nest.ObjectiveArea), its cost bound is 0 and its Optimal
// speaks of area; a material short of stock claims no bound at all.
func CostBounded(m nest.MaterialResult) bool {
	return m.Objective == nest.ObjectiveCost && m.StockOut == 0
}

// TotalCostBounded reports whether the papers may state the layout's
// total cost bound (Stats.CostLowerBound): every material with a cost
// has its bound (CostBounded). Otherwise the total bound leaves out the
// materials laid out for area, and "no plan is cheaper than" it would
// read as a plan far from the cheapest.
func TotalCostBounded(res nest.Result) bool {
	if res.Stats.Cost <= 0 || res.Stats.CostLowerBound <= 0 {
		return false
	}
	for _, m := range res.Materials {
		if m.Cost > 0 && !CostBounded(m) {
			return false
		}
	}
	return true
}
