package nest

import (
	"context"
	"math"
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// Layouts with materials, stock rows, grain and edge band (docs/engine.md,
// "Materials, stock rows, grain and edge band"). A request without any of
// them never comes here: Layout lays it out exactly as before.

// Limits of the stock fields.
const (
	MaxStockRows    = 1000
	MaxStockQty     = 100000
	MaxPriceTL      = 1e9
	MaxThicknessMM  = 1000
	MaxBandMM       = 10
	MaxOverlengthCM = 100
	MaxBands        = 100
	MaxTextRunes    = 200
)

// Turkish messages of the stock fields, shared by the store, the exporters,
// the CSV readers and the web app (generated into web/src/generated/texts.ts).
const (
	MsgTooManyStock     = "En fazla 1.000 stok satırı olabilir."
	MsgStockID          = "Stok satırının kimliği boş veya tekrar ediyor."
	MsgStockQuantity    = "Stok adedi 0 (sınırsız) ile 100.000 arasında bir tam sayı olmalı."
	MsgPrice            = "Fiyat 0 ile 1.000.000.000 TL arasında olmalı."
	MsgThickness        = "Kalınlık 0 ile 1.000 mm arasında olmalı."
	MsgBandThickness    = "Bant kalınlığı 0 ile 10 mm arasında olmalı."
	MsgOverlength       = "Bant fazlalığı 0 ile 100 cm arasında olmalı."
	MsgTooManyBands     = "En fazla 100 bant kodu olabilir."
	MsgBandCode         = "Bant kodu boş veya tekrar ediyor."
	MsgUnknownBand      = "Bilinmeyen bant kodu."
	MsgTextTooLong      = "Metin en fazla 200 karakter olabilir."
	MsgInvalidGrain     = "Damar yönü geçersiz."
	MsgInvalidObjective = "Hedef geçersiz: cost, area veya sheets olmalı."
	msgStockTooLarge    = "Parça satırları ve stok satırları birlikte çok fazla: bir malzemenin parça satırı sayısı ile stok satırı sayısının çarpımı en fazla 2.000.000 olabilir."
)

// MaxStockFits bounds, over the materials, the product of a material's
// part lines and its stock rows: the engine keeps how every part lies on
// every row of its material.
const MaxStockFits = 2000000

// usesStock reports whether the request has any field of the stock
// section: only then is it laid out by layoutStock.
func usesStock(req *Request) bool {
	if len(req.Stock) > 0 || len(req.Bands) > 0 {
		return true
	}
	for i := range req.Parts {
		p := &req.Parts[i]
		if p.Material != "" || p.Thickness != 0 || p.Grain != "" || p.Edges != nil {
			return true
		}
	}
	return false
}

// FoldMaterial is the key a material name matches by (the engine groups
// parts and stock rows by it; kesim nest's stock reader too): outer spaces and
// case ignored, with Turkish case (İ/i, I/ı), and the dotted and dotless i
// taken as one letter. "CEVIZ" is how a spreadsheet's UPPER (or a keyboard
// without Turkish letters) writes "Ceviz", and a user who typed both means
// one board: kept apart, they bought a sheet of each. No two materials a
// workshop keeps differ only by that dot.
func FoldMaterial(s string) string {
	s = strings.ToLowerSpecial(unicode.TurkishCase, strings.TrimSpace(s))
	if strings.ContainsAny(s, "ı̇") {
		// İ written as I and a combining dot above lowers to ı and the dot.
		s = strings.ReplaceAll(strings.ReplaceAll(s, "ı̇", "i"), "ı", "i")
		s = strings.ReplaceAll(s, "i̇", "i")
	}
	return s
}

// SameMaterial reports whether two material names are one material, as
// the engine groups parts and stock rows: outer spaces and (Turkish) case
// ignored.
func SameMaterial(a, b string) bool { return FoldMaterial(a) == FoldMaterial(b) }

func validGrain(g string) bool {
	return g == "" || g == GrainNone || g == GrainVertical || g == GrainHorizontal
}

func grained(g string) bool { return g == GrainVertical || g == GrainHorizontal }

// thickKey is a thickness in 0.01 mm, the way thicknesses are compared.
func thickKey(t float64) int64 { return int64(math.Round(t * 100)) }

// stockRow is a stock row (or the default sheet) in engine units.
type stockRow struct {
	id             string
	index          int // in Request.Stock; -1 for the default sheet
	material       string
	thickness      float64
	sheetW, sheetH int // the whole sheet, rounded down
	binW, binH     int // usable sheet plus one kerf
	limit          int
	price          float64
	grain          string
	offcut         bool // an offcut from the rack: free, used first
	spent          bool // Stock.spent: its material's stock, with no sheet left
}

// stockFit is how a part lies on one row: its cut size in the orientation
// it is stored for the row (turned with respect to the part as entered
// when turned), and whether it may turn further.
type stockFit struct {
	w, h   int // cut size, not inflated
	turned bool
	rotate bool
	fits   bool
}

// stockGroup is one material and thickness: its rows and parts.
type stockGroup struct {
	material  string // as the first part of the group wrote it, trimmed
	thickness float64
	rows      []int // into stockJob.rows
	spent     []int // the group's spent rows (Stock.spent), not in rows
	parts     []int // into Request.Parts, in order
	// fit[i][r] is part parts[i] on row rows[r].
	fit [][]stockFit
	// start is the variable-sized search's plan from the constructive
	// phase, where the improvement starts (nil: none yet).
	start *vsPlan
}

// stockJob is a validated request with stock.
type stockJob struct {
	req        Request
	kerf, trim int
	rows       []stockRow // Request.Stock in order, then the default sheet when valid
	defRow     int        // index of the default sheet in rows, -1 without
	groups     []*stockGroup
	cutW, cutH []int // per part, the cut size as entered (band deducted)
	// unused holds the offcut rows left out of the layout because their
	// parts covered less than Options.OffcutMinUse of them; needed those
	// used below it because sparing them cost more (keepOffcuts).
	unused  map[int]bool
	needed  map[int]bool
	skipped []Skipped
	bands   map[string]int // code -> index in Request.Bands
}

func textErr(field string) *InputError { return &InputError{Field: field, Message: MsgTextTooLong} }

func longText(s string) bool { return utf8.RuneCountInString(s) > MaxTextRunes }

func badNumber(v, lo, hi float64) bool { return math.IsNaN(v) || v < lo || v > hi }

// newStockJob validates a request with stock and groups its parts. The
// fields are checked in the order of the request: parts' sizes, stock
// rows, the default sheet, band codes, then the parts' stock fields.
func newStockJob(req Request) (*stockJob, error) {
	o := req.Options
	// The parts' sizes and counts, kerf, time and iterations are checked as
	// newJob checks them, on a sheet every part fits.
	probe := Request{Sheet: Sheet{MaxSheetCM, MaxSheetCM}, Parts: req.Parts, Options: o}
	probe.Options.Trim = 0
	if _, _, err := newJob(probe); err != nil {
		return nil, err
	}
	kerf, _ := toUnits(o.Kerf, MaxKerfCM, true)
	trim, ok := toUnits(o.Trim, MaxSheetCM, true)
	if !ok {
		return nil, &InputError{Field: "options.trim", Message: msgInvalidTrim}
	}
	sj := &stockJob{req: req, kerf: kerf, trim: trim, defRow: -1, bands: map[string]int{}}
	if err := sj.addStockRows(); err != nil {
		return nil, err
	}
	if err := sj.addDefaultSheet(); err != nil {
		return nil, err
	}
	if err := sj.addBands(); err != nil {
		return nil, err
	}
	if err := sj.addCutSizes(); err != nil {
		return nil, err
	}
	if err := sj.group(); err != nil {
		return nil, err
	}
	return sj, nil
}

// side converts a sheet side to units: a sheet's side must be positive,
// at most MaxSheetCM and more than twice the trim.
func (sj *stockJob) side(field string, cm float64) (int, error) {
	u, ok := toUnits(cm, MaxSheetCM, false)
	if !ok || u <= 0 {
		if cm > MaxSheetCM {
			return 0, &InputError{Field: field, Message: MsgSheetTooLarge}
		}
		return 0, &InputError{Field: field, Message: MsgInvalidSheet}
	}
	if 2*sj.trim >= u {
		return 0, &InputError{Field: "options.trim", Message: msgInvalidTrim}
	}
	return u, nil
}

// addStockRows checks Request.Stock and adds its rows, in order.
func (sj *stockJob) addStockRows() error {
	if len(sj.req.Stock) > MaxStockRows {
		return &InputError{Field: "stock", Message: MsgTooManyStock}
	}
	ids := map[string]bool{StockDefault: true}
	for i, s := range sj.req.Stock {
		row, err := sj.stockRow(i, s, ids)
		if err != nil {
			return err
		}
		sj.rows = append(sj.rows, row)
	}
	return nil
}

// stockRow checks stock row i, whose id must not be in ids (the rows'
// before it; its own is added), and returns it in engine units.
func (sj *stockJob) stockRow(i int, s Stock, ids map[string]bool) (stockRow, error) {
	f := "stock[" + itoa(i) + "]."
	if longText(s.ID) {
		return stockRow{}, textErr(f + "id")
	}
	if s.ID == "" || ids[s.ID] {
		return stockRow{}, &InputError{Field: f + "id", Message: MsgStockID}
	}
	ids[s.ID] = true
	if longText(s.Name) {
		return stockRow{}, textErr(f + "name")
	}
	if longText(s.Material) {
		return stockRow{}, textErr(f + "material")
	}
	if badNumber(s.Thickness, 0, MaxThicknessMM) {
		return stockRow{}, &InputError{Field: f + "thickness", Message: MsgThickness}
	}
	w, err := sj.side(f+"width", s.Width)
	if err != nil {
		return stockRow{}, err
	}
	h, err := sj.side(f+"height", s.Height)
	if err != nil {
		return stockRow{}, err
	}
	if s.Quantity < 0 || s.Quantity > MaxStockQty {
		return stockRow{}, &InputError{Field: f + "quantity", Message: MsgStockQuantity}
	}
	if s.Offcut && s.Quantity == 0 {
		// An offcut costs nothing: unlimited, it would be all the
		// engine ever used.
		return stockRow{}, &InputError{Field: f + "quantity", Message: MsgOffcutQuantity}
	}
	if badNumber(s.Price, 0, MaxPriceTL) {
		return stockRow{}, &InputError{Field: f + "price", Message: MsgPrice}
	}
	if !validGrain(s.Grain) {
		return stockRow{}, &InputError{Field: f + "grain", Message: MsgInvalidGrain}
	}
	return stockRow{
		id: s.ID, index: i, material: s.Material, thickness: s.Thickness,
		sheetW: w, sheetH: h, binW: w - 2*sj.trim + sj.kerf, binH: h - 2*sj.trim + sj.kerf,
		limit: s.Quantity, price: sheetPrice(s), grain: s.Grain, offcut: s.Offcut, spent: s.spent,
	}, nil
}

// addDefaultSheet adds Request.Sheet as the last row: absent when zero;
// otherwise it must be a sheet.
func (sj *stockJob) addDefaultSheet() error {
	sheet := sj.req.Sheet
	if sheet.Width == 0 && sheet.Height == 0 {
		return nil
	}
	w, err := sj.side("sheet", sheet.Width)
	if err != nil {
		return err
	}
	h, err := sj.side("sheet", sheet.Height)
	if err != nil {
		return err
	}
	sj.defRow = len(sj.rows)
	sj.rows = append(sj.rows, stockRow{
		id: StockDefault, index: -1, sheetW: w, sheetH: h,
		binW: w - 2*sj.trim + sj.kerf, binH: h - 2*sj.trim + sj.kerf,
	})
	return nil
}

// addBands checks Request.Bands and indexes them by code.
func (sj *stockJob) addBands() error {
	if len(sj.req.Bands) > MaxBands {
		return &InputError{Field: "bands", Message: MsgTooManyBands}
	}
	for i, b := range sj.req.Bands {
		f := "bands[" + itoa(i) + "]."
		if longText(b.Code) {
			return textErr(f + "code")
		}
		if _, dup := sj.bands[b.Code]; b.Code == "" || dup {
			return &InputError{Field: f + "code", Message: MsgBandCode}
		}
		sj.bands[b.Code] = i
		if longText(b.Name) {
			return textErr(f + "name")
		}
		if badNumber(b.Thickness, 0, MaxBandMM) {
			return &InputError{Field: f + "thickness", Message: MsgBandThickness}
		}
		if badNumber(b.Price, 0, MaxPriceTL) {
			return &InputError{Field: f + "price", Message: MsgPrice}
		}
		if badNumber(b.Overlength, 0, MaxOverlengthCM) {
			return &InputError{Field: f + "overlength", Message: MsgOverlength}
		}
	}
	return nil
}

// addCutSizes checks the parts' stock fields and sets each part's cut
// size: its size less its bands' thickness with Options.DeductBands.
func (sj *stockJob) addCutSizes() error {
	sj.cutW = make([]int, len(sj.req.Parts))
	sj.cutH = make([]int, len(sj.req.Parts))
	for i, p := range sj.req.Parts {
		if longText(p.Material) {
			return partError(p, i, "material", MsgTextTooLong)
		}
		if badNumber(p.Thickness, 0, MaxThicknessMM) {
			return partError(p, i, "thickness", MsgThickness)
		}
		if !validGrain(p.Grain) {
			return partError(p, i, "grain", MsgInvalidGrain)
		}
		ded, err := sj.bandDeduction(i, p)
		if err != nil {
			return err
		}
		w, h := p.Width, p.Height
		if sj.req.Options.DeductBands {
			w -= ded[2] + ded[3]
			h -= ded[0] + ded[1]
		}
		// newJob has checked the sides; a deducted side may still drop
		// to nothing.
		uw, okW := toUnits(math.Max(w, 0), MaxSheetCM, true)
		uh, okH := toUnits(math.Max(h, 0), MaxSheetCM, true)
		if !okW || uw <= 0 {
			return partError(p, i, "width", MsgInvalidValues)
		}
		if !okH || uh <= 0 {
			return partError(p, i, "height", MsgInvalidValues)
		}
		sj.cutW[i], sj.cutH[i] = uw, uh
	}
	return nil
}

// bandDeduction returns the thickness in cm of part i's bands on its top,
// bottom, left and right edge, each of a known code.
func (sj *stockJob) bandDeduction(i int, p Part) ([4]float64, error) {
	var ded [4]float64
	e := p.Edges
	if e == nil {
		return ded, nil
	}
	for n, c := range [4]string{e.Top, e.Bottom, e.Left, e.Right} {
		if c == "" {
			continue
		}
		bi, ok := sj.bands[c]
		if !ok {
			return ded, partError(p, i, "edges."+[4]string{"top", "bottom", "left", "right"}[n], MsgUnknownBand)
		}
		ded[n] = sj.req.Bands[bi].Thickness / 10
	}
	return ded, nil
}

// group sorts the parts into groups of one material and thickness, in the
// order the materials first appear, and decides each part's fit per row.
func (sj *stockJob) group() error {
	req := sj.req
	// The thicknesses of each material's rows.
	thick := map[string][]int64{}
	for _, r := range sj.rows[:len(req.Stock)] {
		m := FoldMaterial(r.material)
		if t := thickKey(r.thickness); !slices.Contains(thick[m], t) {
			thick[m] = append(thick[m], t)
		}
	}
	type gkey struct {
		m string
		t int64
	}
	index := map[gkey]int{}
	fits := 0
	for i, p := range req.Parts {
		m := FoldMaterial(p.Material)
		t := thickKey(p.Thickness)
		if t == 0 && len(thick[m]) == 1 {
			t = thick[m][0]
		}
		key := gkey{m, t}
		gi, ok := index[key]
		if !ok {
			// The thickness as it is compared, to 0.01 mm: what the store
			// keeps of the part's, so that a saved plan verifies again.
			g := &stockGroup{material: strings.TrimSpace(p.Material), thickness: float64(t) / 100}
			for ri, r := range sj.rows[:len(req.Stock)] {
				if FoldMaterial(r.material) == m && thickKey(r.thickness) == t {
					g.rows = append(g.rows, ri)
				}
			}
			// Offcuts are leftovers, not the material's stock: a material
			// with offcut rows only still takes the default sheet.
			if sj.defRow >= 0 && !slices.ContainsFunc(g.rows, func(ri int) bool { return !sj.rows[ri].offcut }) {
				g.rows = append(g.rows, sj.defRow)
			}
			// Spent rows (a pinned layout's) take no sheet.
			for _, ri := range g.rows {
				if sj.rows[ri].spent {
					g.spent = append(g.spent, ri)
				}
			}
			g.rows = slices.DeleteFunc(g.rows, func(ri int) bool { return sj.rows[ri].spent })
			gi = len(sj.groups)
			index[key] = gi
			sj.groups = append(sj.groups, g)
		}
		g := sj.groups[gi]
		// A part that fits a spent row and no other is short of stock.
		spentFit := slices.ContainsFunc(g.spent, func(ri int) bool { return sj.fitOn(i, &sj.rows[ri]).fits })
		if len(g.rows) == 0 {
			reason := SkipNoStock
			if spentFit {
				reason = SkipStockOut
			}
			sj.skipped = append(sj.skipped, sj.skip(i, p.Quantity, reason))
			continue
		}
		if fits += len(g.rows); fits > MaxStockFits {
			return &InputError{Field: "stock", Message: msgStockTooLarge}
		}
		pf := make([]stockFit, len(g.rows))
		any := false
		for r, ri := range g.rows {
			pf[r] = sj.fitOn(i, &sj.rows[ri])
			any = any || pf[r].fits
		}
		if !any {
			reason := SkipNoFit
			switch {
			case spentFit:
				reason = SkipStockOut
			case slices.ContainsFunc(g.rows, func(ri int) bool { return sj.grainBlocked(i, &sj.rows[ri]) }):
				reason = SkipGrain
			}
			sj.skipped = append(sj.skipped, sj.skip(i, p.Quantity, reason))
			continue
		}
		g.parts = append(g.parts, i)
		g.fit = append(g.fit, pf)
	}
	// Groups whose parts were all skipped have no pages.
	sj.groups = slices.DeleteFunc(sj.groups, func(g *stockGroup) bool { return len(g.parts) == 0 })
	return nil
}

func (sj *stockJob) skip(i, qty int, reason string) Skipped {
	p := sj.req.Parts[i]
	return Skipped{
		OriginalIndex: i, ID: partID(p, i), Name: p.Name,
		Width: toCM(int(roundUnits(p.Width, true))), Height: toCM(int(roundUnits(p.Height, true))),
		Quantity: qty, Reason: reason,
	}
}

// groupOf returns each part's group, -1 for a part in none (skipped
// whole).
func (sj *stockJob) groupOf() []int {
	groupOf := make([]int, len(sj.req.Parts))
	for i := range groupOf {
		groupOf[i] = -1
	}
	for gi, g := range sj.groups {
		for _, pi := range g.parts {
			groupOf[pi] = gi
		}
	}
	return groupOf
}

// fitOn returns how part i lies on row r: on a grained row a grained part
// is turned exactly when its grain differs from the row's; otherwise its
// rotate decides, and a part that fits only turned is stored turned.
func (sj *stockJob) fitOn(i int, r *stockRow) stockFit {
	p := sj.req.Parts[i]
	w, h := sj.cutW[i], sj.cutH[i]
	k := sj.kerf
	if grained(r.grain) && grained(p.Grain) {
		f := stockFit{w: w, h: h}
		if p.Grain != r.grain {
			f = stockFit{w: h, h: w, turned: true}
		}
		f.fits = f.w+k <= r.binW && f.h+k <= r.binH
		return f
	}
	f := stockFit{w: w, h: h, rotate: p.CanRotate() && w != h}
	fits := w+k <= r.binW && h+k <= r.binH
	fitsTurned := f.rotate && h+k <= r.binW && w+k <= r.binH
	switch {
	case fits:
		f.fits = true
	case fitsTurned:
		f = stockFit{w: h, h: w, turned: true, fits: true}
	}
	return f
}

// grainBlocked reports whether only the grain keeps part i off row r: both
// are grained and the part fits the row in the orientation the grain forbids.
func (sj *stockJob) grainBlocked(i int, r *stockRow) bool {
	if !grained(r.grain) || !grained(sj.req.Parts[i].Grain) {
		return false
	}
	f := sj.fitOn(i, r)
	return !f.fits && f.h+sj.kerf <= r.binW && f.w+sj.kerf <= r.binH
}

// groupObjective is the objective used for group g.
func (sj *stockJob) groupObjective(g *stockGroup) string {
	switch sj.req.Options.Objective {
	case ObjectiveArea, ObjectiveSheets:
		return sj.req.Options.Objective
	}
	if sj.allPriced(g) {
		return ObjectiveCost
	}
	return ObjectiveArea
}

// allPriced reports whether every row of g but the offcuts (which are
// free) has a price.
func (sj *stockJob) allPriced(g *stockGroup) bool {
	for _, ri := range g.rows {
		if sj.rows[ri].price <= 0 && !sj.rows[ri].offcut {
			return false
		}
	}
	return true
}

// rowCost is the objective's cost of one sheet of row r. An offcut costs
// nothing under every objective: it is on the rack already, and a sheet
// it saves is one not bought.
func (sj *stockJob) rowCost(obj string, r *stockRow) float64 {
	if r.offcut {
		return 0
	}
	switch obj {
	case ObjectiveCost:
		return r.price
	case ObjectiveArea:
		return float64(r.sheetW) * float64(r.sheetH)
	}
	return 1
}

// groupPage is a page of a group before the result's numbering.
type groupPage struct {
	row   int // into stockJob.rows
	parts []Placed
	cuts  []Cut
}

// groupResult is the layout of one group.
type groupResult struct {
	pages    []groupPage
	left     map[int]int // part index -> copies not placed (stock ran out)
	lb       int         // sheet lower bound
	costLB   float64     // lower bound on the price (TL), 0 without prices
	optimal  bool
	areaUsed float64 // inflated area of the parts placed, for bounds
	// alone is 1 + the index in the group's rows of the one unlimited
	// row the layout uses alone (laid out by the single-sheet engine);
	// 0 otherwise.
	alone int
}

// layoutStock lays out a request with stock: first a complete layout of
// every group with the constructive phase only, then the improvement with
// time shares by pieces.
func layoutStock(ctx context.Context, req Request, onProgress func(Progress)) (Result, error) {
	start := time.Now()
	sj, err := newStockJob(req)
	if err != nil {
		return Result{}, err
	}
	run := &stockRun{sj: sj, start: start, onProgress: onProgress, results: make([]*groupResult, len(sj.groups))}
	if err := run.construct(ctx); err != nil {
		return Result{}, err
	}
	o := req.Options
	if improving := o.TimeLimitMs > 0 || o.Iterations > 0; improving && ctx.Err() == nil {
		run.improve(ctx)
	}
	res := sj.result(run.results, start)
	if onProgress != nil {
		onProgress(Progress{Done: 1, Pages: res.Stats.Pages, LowerBound: res.Stats.LowerBound})
	}
	return res, nil
}

// stockRun is one layoutStock: the best layout of each group so far, and
// what has been told of them. The constructive phase is the first fifth
// of the progress, the improvement the rest.
type stockRun struct {
	sj         *stockJob
	start      time.Time
	onProgress func(Progress)
	results    []*groupResult // per group; nil before its first layout
	// told is the last layout reported, without it: a progress without a
	// layout repeats its pages and bound (building the result for them
	// took 44 ms on 20,000 pieces, load 11, ten times a second).
	told   Progress
	tickAt time.Time // the last progress without a layout in the constructive phase
}

// report tells onProgress of the layout so far, once every group has
// one; before, of the progress alone.
func (run *stockRun) report(done float64) {
	if run.onProgress == nil {
		return
	}
	for _, r := range run.results {
		if r == nil {
			run.onProgress(Progress{Done: done})
			return
		}
	}
	res := run.sj.result(run.results, run.start)
	run.told = Progress{Pages: res.Stats.Pages, LowerBound: res.Stats.LowerBound}
	run.onProgress(Progress{Done: done, Pages: res.Stats.Pages, LowerBound: res.Stats.LowerBound, Best: &res})
}

// tellProgress tells onProgress of the progress with the last layout's
// pages and bound.
func (run *stockRun) tellProgress(done float64) {
	run.onProgress(Progress{Done: done, Pages: run.told.Pages, LowerBound: run.told.LowerBound})
}

// construct lays out every group with the constructive phase only. With a
// time limit, the extra one-row layouts of a group on several rows stop at
// it (constructRows): on 20,000 distinct lines they took 7.8 s, and the
// result came long after the limit.
func (run *stockRun) construct(ctx context.Context) error {
	sj := run.sj
	var deadline time.Time
	if o := sj.req.Options; o.TimeLimitMs > 0 {
		deadline = run.start.Add(time.Duration(o.TimeLimitMs) * time.Millisecond)
	}
	for gi, g := range sj.groups {
		r, err := sj.layoutGroup(ctx, g, Options{}, deadline, false, nil, run.constructProgress(gi, g))
		if err != nil {
			return err
		}
		run.results[gi] = r
		run.report(0.2 * float64(gi+1) / float64(len(sj.groups)))
	}
	return nil
}

// constructProgress is the progress function of group gi's constructive
// phase: a big group tells its first layout before the phase ends
// (layoutGroupRows). It is nil without onProgress.
func (run *stockRun) constructProgress(gi int, g *stockGroup) func(float64, *groupResult) {
	if run.onProgress == nil {
		return nil
	}
	return func(d float64, r *groupResult) {
		done := 0.2 * (float64(gi) + d) / float64(len(run.sj.groups))
		if r != nil && (run.results[gi] == nil || run.sj.groupBetter(g, r, run.results[gi])) {
			run.results[gi] = r
			run.report(done)
			return
		}
		// The one-row layouts tell every run of their portfolio: at most
		// ten a second of them.
		if now := time.Now(); now.Sub(run.tickAt) >= 100*time.Millisecond {
			run.tickAt = now
			run.tellProgress(done)
		}
	}
}

// improve improves each group not known optimal, with its share of the
// time or iterations by its pieces, until the deadline.
func (run *stockRun) improve(ctx context.Context) {
	sj, o := run.sj, run.sj.req.Options
	total := 0
	for _, g := range sj.groups {
		total += sj.pieces(g)
	}
	var deadline time.Time
	if o.TimeLimitMs > 0 {
		deadline = run.start.Add(time.Duration(o.TimeLimitMs) * time.Millisecond)
	}
	doneN := 0 // the pieces of the groups done
	for gi, g := range sj.groups {
		n := sj.pieces(g)
		if run.results[gi].optimal || ctx.Err() != nil {
			doneN += n
			continue
		}
		share, ok := groupShare(o, n, total, total-doneN, deadline)
		if !ok {
			break
		}
		var gd time.Time
		if share.TimeLimitMs > 0 {
			gd = time.Now().Add(time.Duration(share.TimeLimitMs) * time.Millisecond)
		}
		r, err := sj.layoutGroup(ctx, g, share, gd, true, run.results[gi], run.improveProgress(gi, g, doneN, n, total))
		doneN += n
		if err == nil && r != nil && sj.groupBetter(g, r, run.results[gi]) {
			run.results[gi] = r
			run.report(0.2 + 0.8*float64(doneN)/float64(max(1, total)))
		}
	}
}

// groupShare is the budget of a group of n of the total pieces in the
// improvement with budget o: of the time left to the deadline, its part
// of the remaining pieces; of the iterations, its part of all the pieces.
// It reports false when no time is left.
func groupShare(o Options, n, total, remaining int, deadline time.Time) (Options, bool) {
	share := o
	if o.TimeLimitMs > 0 {
		left := time.Until(deadline)
		if left <= 0 {
			return share, false
		}
		share.TimeLimitMs = max(1, int(left.Milliseconds()*int64(n)/int64(max(1, remaining))))
	}
	if o.Iterations > 0 {
		share.Iterations = max(1, int(int64(o.Iterations)*int64(n)/int64(max(1, total))))
	}
	return share, true
}

// improveProgress is the progress function of group gi's improvement,
// with doneN of the total pieces done before it and n its own. It is nil
// without onProgress.
func (run *stockRun) improveProgress(gi int, g *stockGroup, doneN, n, total int) func(float64, *groupResult) {
	if run.onProgress == nil {
		return nil
	}
	return func(d float64, r *groupResult) {
		done := 0.2 + 0.8*(float64(doneN)+d*float64(n))/float64(max(1, total))
		if r != nil && run.sj.groupBetter(g, r, run.results[gi]) {
			run.results[gi] = r
			run.report(done)
			return
		}
		run.tellProgress(done)
	}
}

// pieces returns the number of copies of g's parts.
func (sj *stockJob) pieces(g *stockGroup) int {
	n := 0
	for _, pi := range g.parts {
		n += sj.req.Parts[pi].Quantity
	}
	return n
}

// groupValue is the objective's value of a group's layout, with the
// copies left over first.
func (sj *stockJob) groupValue(g *stockGroup, r *groupResult) (int, float64) {
	left := 0
	for _, n := range r.left {
		left += n
	}
	obj := sj.groupObjective(g)
	v := 0.0
	for _, p := range r.pages {
		v += sj.rowCost(obj, &sj.rows[p.row])
	}
	return left, v
}

func (sj *stockJob) groupBetter(g *stockGroup, a, b *groupResult) bool {
	la, va := sj.groupValue(g, a)
	lb, vb := sj.groupValue(g, b)
	if la != lb {
		return la < lb
	}
	if va != vb {
		return va < vb
	}
	return len(a.pages) < len(b.pages)
}

// layoutGroupRows lays out one group on its rows. With rows of one size it
// runs the single-sheet engine on a sub-request; otherwise the
// variable-sized search.
//
// from is the group's layout so far, when improving: a group laid out
// best on one of its unlimited rows alone goes on improving that.
func (sj *stockJob) layoutGroupRows(ctx context.Context, g *stockGroup, o Options, deadline time.Time, improve bool, from *groupResult, progress func(float64, *groupResult)) (*groupResult, error) {
	switch {
	case sj.sameSize(g):
		return sj.layoutSingle(ctx, g, o, progress)
	case improve && from != nil && from.alone > 0:
		return sj.improveAlone(ctx, g, o, deadline, from.alone-1, progress)
	case improve:
		return sj.layoutVariable(ctx, g, o, deadline, improve, progress)
	}
	return sj.constructRows(ctx, g, o, deadline, progress)
}

// constructRows is the constructive phase of a group of several sizes:
// the variable-sized search, and also the group on each unlimited row
// alone that takes every part, laid out by the single-sheet engine; it
// keeps the best, never worse than buying one size. The improvement goes
// on with whichever was best. The search has the first half of the
// progress, the one-row layouts the second.
func (sj *stockJob) constructRows(ctx context.Context, g *stockGroup, o Options, deadline time.Time, progress func(float64, *groupResult)) (*groupResult, error) {
	gr, err := sj.layoutVariable(ctx, g, o, deadline, false, inPart(0, 2, progress))
	if err != nil {
		return gr, err
	}
	var ones []int
	for r := range g.rows {
		if sj.aloneGroup(g, r) != nil {
			ones = append(ones, r)
		}
	}
	// The plan above is complete: the one-row layouts may stop, with the
	// best they have by then, halfway to the deadline, so that the
	// improvement has time on a huge job (20,000 part lines: the one-row
	// layouts take 8 s and seldom win).
	octx := ctx
	if !deadline.IsZero() {
		var cancel context.CancelFunc
		octx, cancel = context.WithDeadline(ctx, time.Now().Add(time.Until(deadline)/2))
		defer cancel()
	}
	for i, r := range ones {
		a := sj.aloneGroup(g, r)
		one, err := sj.layoutSingle(octx, a, Options{}, sj.onAlone(g, r, inPart(i, len(ones), inPart(1, 2, progress))))
		if err != nil {
			break
		}
		one.alone = r + 1
		if sj.groupBetter(g, one, gr) {
			gr = one
		}
	}
	return sj.rebound(g, gr), nil
}

// improveAlone improves a group laid out best on its row r alone: half
// the budget improves the one-row layout, half the search over every row.
func (sj *stockJob) improveAlone(ctx context.Context, g *stockGroup, o Options, deadline time.Time, r int, progress func(float64, *groupResult)) (*groupResult, error) {
	half := o
	half.TimeLimitMs = (o.TimeLimitMs + 1) / 2
	half.Iterations = (o.Iterations + 1) / 2
	gr, err := sj.layoutSingle(ctx, sj.aloneGroup(g, r), half, sj.onAlone(g, r, inPart(0, 2, progress)))
	if err != nil {
		return nil, err
	}
	gr.alone = r + 1
	gr = sj.rebound(g, gr)
	half.Iterations = o.Iterations / 2
	if v, err := sj.layoutVariable(ctx, g, half, deadline, half.Iterations > 0 || !deadline.IsZero(), inPart(1, 2, progress)); err == nil && sj.groupBetter(g, v, gr) {
		gr = v
	}
	return gr, nil
}

// aloneGroup returns g on its row r alone, or nil when r is limited or a
// part does not fit on it.
func (sj *stockJob) aloneGroup(g *stockGroup, r int) *stockGroup {
	ri := g.rows[r]
	if sj.rows[ri].limit != 0 {
		return nil
	}
	a := &stockGroup{material: g.material, thickness: g.thickness, rows: []int{ri}, parts: g.parts}
	for i := range g.parts {
		if !g.fit[i][r].fits {
			return nil
		}
		a.fit = append(a.fit, []stockFit{g.fit[i][r]})
	}
	return a
}

// rebound sets the bounds of gr, a layout of g, to those of all g's rows.
func (sj *stockJob) rebound(g *stockGroup, gr *groupResult) *groupResult {
	gr.lb, gr.costLB = 0, 0
	sj.bounds(g, gr)
	return gr
}

// inPart returns f told of the work in part i of n equal parts; nil when
// f is.
func inPart(i, n int, f func(float64, *groupResult)) func(float64, *groupResult) {
	if f == nil {
		return nil
	}
	return func(d float64, gr *groupResult) { f((float64(i)+d)/float64(n), gr) }
}

// onAlone returns f told of a layout of g on its row r alone, with the
// bounds of all g's rows; nil when f is.
func (sj *stockJob) onAlone(g *stockGroup, r int, f func(float64, *groupResult)) func(float64, *groupResult) {
	if f == nil {
		return nil
	}
	return func(d float64, gr *groupResult) {
		if gr != nil {
			gr = sj.rebound(g, gr)
			gr.alone = r + 1
		}
		f(d, gr)
	}
}

// sameSize reports whether every row of g has the same sheet and grain:
// then every part lies alike on each, a layout on one size is a layout
// on any of them, and the single-sheet engine lays the group out (the
// common case: a few sheets in stock and more of the same to buy).
func (sj *stockJob) sameSize(g *stockGroup) bool {
	a := &sj.rows[g.rows[0]]
	for _, ri := range g.rows[1:] {
		b := &sj.rows[ri]
		if b.sheetW != a.sheetW || b.sheetH != a.sheetH || grained(a.grain) != grained(b.grain) || grained(a.grain) && a.grain != b.grain {
			return false
		}
	}
	return true
}

// rowsByCost returns g's rows cheapest first under its objective; of
// equal cost, limited rows (sheets in stock) before unlimited ones.
func (sj *stockJob) rowsByCost(g *stockGroup) []int {
	obj := sj.groupObjective(g)
	rows := append([]int(nil), g.rows...)
	slices.SortStableFunc(rows, func(a, b int) int {
		ra, rb := &sj.rows[a], &sj.rows[b]
		if ca, cb := sj.rowCost(obj, ra), sj.rowCost(obj, rb); ca != cb {
			if ca < cb {
				return -1
			}
			return 1
		}
		if (ra.limit > 0) != (rb.limit > 0) {
			if ra.limit > 0 {
				return -1
			}
			return 1
		}
		return 0
	})
	return rows
}

// assignRows gives the pages of a layout on one size to g's rows of that
// size, cheapest first, each up to its quantity. Pages beyond all the
// quantities (no unlimited row) are dropped, the emptiest first, and
// their copies are left over.
func (sj *stockJob) assignRows(g *stockGroup, gr *groupResult) {
	rows := sj.rowsByCost(g)
	capacity, unlimited := 0, false
	for _, ri := range rows {
		capacity += sj.rows[ri].limit
		unlimited = unlimited || sj.rows[ri].limit == 0
	}
	if !unlimited && len(gr.pages) > capacity {
		idx := make([]int, len(gr.pages))
		fill := make([]float64, len(gr.pages))
		for i, pg := range gr.pages {
			idx[i] = i
			for _, pl := range pg.parts {
				fill[i] += pl.Width * pl.Height
			}
		}
		slices.SortStableFunc(idx, func(a, b int) int {
			switch {
			case fill[a] > fill[b]:
				return -1
			case fill[a] < fill[b]:
				return 1
			}
			return a - b
		})
		drop := make([]bool, len(gr.pages))
		for _, i := range idx[capacity:] {
			drop[i] = true
			for _, pl := range gr.pages[i].parts {
				gr.left[pl.OriginalIndex]++
			}
		}
		kept := gr.pages[:0]
		for i, pg := range gr.pages {
			if !drop[i] {
				kept = append(kept, pg)
			}
		}
		gr.pages = kept
		gr.lb = 0 // the bound was for every part; bounds computes it for those placed
	}
	r, n := 0, 0
	for i := range gr.pages {
		for sj.rows[rows[r]].limit > 0 && n >= sj.rows[rows[r]].limit {
			r, n = r+1, 0
		}
		gr.pages[i].row = rows[r]
		n++
	}
}

// layoutSingle lays out a group whose rows have one size with Layout on a
// request of today's kind, and gives the pages to the rows.
//
// progress, when not nil, is told the sub-layout's progress and each
// better layout it finds.
func (sj *stockJob) layoutSingle(ctx context.Context, g *stockGroup, o Options, progress func(float64, *groupResult)) (*groupResult, error) {
	req := sj.req
	row := &sj.rows[g.rows[0]]
	sub := Request{
		Sheet: Sheet{toCM(row.sheetW), toCM(row.sheetH)},
		Options: Options{
			Kerf: req.Options.Kerf, Trim: req.Options.Trim, Guillotine: req.Options.Guillotine,
			FirstCut: req.Options.FirstCut, Stages: req.Options.Stages,
			TimeLimitMs: o.TimeLimitMs, Iterations: o.Iterations, Seed: req.Options.Seed,
			Workers: req.Options.Workers,
		},
	}
	var turned []bool
	for i, pi := range g.parts {
		p := req.Parts[pi]
		f := g.fit[i][0]
		rot := f.rotate
		sub.Parts = append(sub.Parts, Part{
			ID: partID(p, pi), Name: p.Name, Width: toCM(f.w), Height: toCM(f.h),
			Quantity: p.Quantity, Rotate: &rot,
		})
		turned = append(turned, f.turned)
	}
	toGroup := func(res Result) *groupResult {
		gr := &groupResult{left: map[int]int{}, lb: res.Stats.LowerBound}
		for _, pg := range res.Pages {
			out := groupPage{row: g.rows[0], cuts: pg.Cuts}
			for _, pl := range pg.Parts {
				i := pl.OriginalIndex
				pl.OriginalIndex = g.parts[i]
				pl.Rotated = pl.Rotated != turned[i]
				out.parts = append(out.parts, pl)
			}
			gr.pages = append(gr.pages, out)
		}
		if len(g.rows) > 1 || row.limit > 0 {
			sj.assignRows(g, gr)
		}
		sj.bounds(g, gr)
		return gr
	}
	var onSub func(Progress)
	if progress != nil {
		onSub = func(p Progress) {
			if p.Best != nil {
				progress(p.Done, toGroup(*p.Best))
			} else {
				progress(p.Done, nil)
			}
		}
	}
	res, err := Layout(ctx, sub, onSub)
	if err != nil {
		return nil, err
	}
	return toGroup(res), nil
}

// layoutVariable lays out a group on several rows or limited ones.
// progress, when not nil, is told the search's progress and each better
// layout it finds (vsOptions.progress).
func (sj *stockJob) layoutVariable(ctx context.Context, g *stockGroup, o Options, deadline time.Time, improve bool, progress func(float64, *groupResult)) (*groupResult, error) {
	obj := sj.groupObjective(g)
	rows := make([]vsRow, len(g.rows))
	// The search wants a positive cost: rows without one cost 1, and
	// offcuts a thousandth of the cheapest other row, so that a layout
	// that fills offcuts instead of a new sheet is always cheaper.
	cheapest := math.Inf(1)
	for _, ri := range g.rows {
		if c := sj.rowCost(obj, &sj.rows[ri]); c > 0 && !sj.rows[ri].offcut {
			cheapest = min(cheapest, c)
		}
	}
	if math.IsInf(cheapest, 1) {
		cheapest = 1
	}
	for r, ri := range g.rows {
		row := &sj.rows[ri]
		rows[r] = vsRow{binW: row.binW, binH: row.binH, limit: row.limit, cost: sj.rowCost(obj, row)}
		switch {
		case row.offcut:
			rows[r].cost = cheapest / 1000
		case rows[r].cost <= 0:
			rows[r].cost = 1
		}
	}
	k := sj.kerf
	kinds := make([]vsKind, len(g.parts))
	for i, pi := range g.parts {
		kd := vsKind{count: sj.req.Parts[pi].Quantity, w: make([]int, len(rows)), h: make([]int, len(rows)), rotate: make([]bool, len(rows))}
		for r := range rows {
			if f := g.fit[i][r]; f.fits {
				kd.w[r], kd.h[r], kd.rotate[r] = f.w+k, f.h+k, f.rotate
			}
		}
		kinds[i] = kd
	}
	vo := vsOptions{ctx: ctx, kerf: k, guillotine: sj.req.Options.Guillotine, profile: newProfile(sj.req.Options), seed: sj.req.Options.Seed}
	if improve {
		vo.deadline, vo.iterations, vo.workers = deadline, o.Iterations, sj.req.Options.Workers
		vo.start = g.start
	}
	if progress != nil {
		vo.progress = func(d float64, p *vsPlan) {
			if p == nil {
				progress(d, nil)
				return
			}
			progress(d, sj.variableResult(g, p.pages, p.left))
		}
	}
	plan, ok := solvePlan(kinds, rows, vo)
	if !ok {
		return nil, ctx.Err()
	}
	if !improve {
		g.start = plan
	}
	pages, left := plan.pages, plan.left
	return sj.variableResult(g, pages, left), nil
}

// variableResult is the layout of group g from the variable-sized
// search's pages and copies left over.
func (sj *stockJob) variableResult(g *stockGroup, pages []vsPage, left []int) *groupResult {
	k := sj.kerf
	gr := &groupResult{left: map[int]int{}}
	for i, n := range left {
		if n > 0 {
			gr.left[g.parts[i]] = n
		}
	}
	for _, pg := range pages {
		sorted := append([]spot(nil), pg.spots...)
		slices.SortStableFunc(sorted, func(a, b spot) int {
			if a.y != b.y {
				return a.y - b.y
			}
			return a.x - b.x
		})
		out := groupPage{row: g.rows[pg.row]}
		for _, sp := range sorted {
			i := int(sp.kind)
			pi := g.parts[i]
			f := g.fit[i][pg.row]
			w, h := sp.w-k, sp.h-k
			out.parts = append(out.parts, Placed{
				Name: sj.req.Parts[pi].Name, X: toCM(sp.x + sj.trim), Y: toCM(sp.y + sj.trim),
				Width: toCM(w), Height: toCM(h), Rotated: (w != f.w || h != f.h) != f.turned,
				OriginalIndex: pi,
			})
		}
		for ci, c := range pg.cuts {
			dir := Horizontal
			if c.vertical {
				dir = Vertical
			}
			out.cuts = append(out.cuts, Cut{
				Order: ci + 1, X: toCM(c.x + sj.trim), Y: toCM(c.y + sj.trim),
				Length: toCM(c.length - k), Direction: dir,
			})
		}
		gr.pages = append(gr.pages, out)
	}
	sj.bounds(g, gr)
	return gr
}

// rotateEdges returns the edges of a part as it lies: turned a quarter
// clockwise, its top band is on its right, right on bottom, bottom on
// left, left on top.
func rotateEdges(e *Edges, rotated bool) *Edges {
	if e == nil || *e == (Edges{}) {
		return nil
	}
	if !rotated {
		c := *e
		return &c
	}
	return &Edges{Top: e.Left, Right: e.Top, Bottom: e.Right, Left: e.Bottom}
}

// roundTL rounds an amount to kuruş. The amount is first taken to a millionth of a lira, so that a product
// that is a half kuruş in decimals (0,35 m at 0,10 TL: 0,035) but a hair
// under it in binary rounds up, as written.
func roundTL(v float64) float64 { return math.Round(math.Round(v*1e6)/1e4) / 100 }

// sheetPrice is a stock row's price to the kuruş: the costs and their
// bounds are sums of these, so that a plan at its bound shows both the
// same (333,3333 TL a sheet, three sheets: 1.000 TL against a bound of
// 999,99 TL, "optimal").
func sheetPrice(s Stock) float64 { return roundTL(s.Price) }

// floorTL rounds a lower bound down to kuruş, so that it stays a bound.
func floorTL(v float64) float64 { return math.Floor(v*100+1e-6) / 100 }

// result assembles the layouts of the groups.
func (sj *stockJob) result(groups []*groupResult, start time.Time) Result {
	req := sj.req
	res := Result{Pages: []Page{}, Skipped: append([]Skipped{}, sj.skipped...)}
	if sj.defRow >= 0 {
		d := sj.rows[sj.defRow]
		res.Sheet = Sheet{toCM(d.sheetW), toCM(d.sheetH)}
	}
	t := &resultTally{
		copies: make([]int, len(req.Parts)), used: make([]int, len(sj.rows)),
		bandUnits: make([]int, len(req.Bands)), bandUsed: make([]bool, len(req.Bands)),
	}
	var partArea, sheetArea float64
	allOptimal := true
	for gi, g := range sj.groups {
		gr := groups[gi]
		mr, gPart, gSheet := sj.materialPages(&res, t, g, gr)
		partArea += gPart
		sheetArea += gSheet
		allOptimal = allOptimal && mr.Optimal
		res.Stats.LowerBound += mr.LowerBound
		res.Stats.Cost += mr.Cost
		res.Stats.CostLowerBound += mr.CostLowerBound
		res.Materials = append(res.Materials, mr)
		for pi, n := range gr.left {
			res.Skipped = append(res.Skipped, sj.skip(pi, n, SkipStockOut))
		}
	}
	slices.SortStableFunc(res.Skipped, func(a, b Skipped) int { return a.OriginalIndex - b.OriginalIndex })
	res.Stats.Pages = len(res.Pages)
	res.Stats.Optimal = allOptimal
	res.Stats.Cost = roundTL(res.Stats.Cost)
	res.Stats.CostLowerBound = floorTL(res.Stats.CostLowerBound)
	res.Stats.Cuts = t.cuts
	res.Stats.CutLength = toCM(t.cutUnits)
	res.Stats.ElapsedMs = time.Since(start).Milliseconds()
	if sheetArea > 0 {
		res.Stats.Efficiency = math.Round(1000*partArea/sheetArea) / 10
	}
	if res.Sheet == (Sheet{}) && len(res.Pages) > 0 {
		res.Sheet = Sheet{res.Pages[0].Width, res.Pages[0].Height}
	}
	res.Used, res.Buy = sj.usedAndBuy(t.used)
	res.BandTotals = sj.bandTotals(t)
	setPatterns(&res)
	return res
}

// resultTally is what result counts over the pages: the copies placed
// per part line (for the pieces' ids), the sheets per row, the band per
// code in units, the cuts.
type resultTally struct {
	copies    []int
	used      []int
	bandUnits []int
	bandUsed  []bool
	cuts      int
	cutUnits  int
}

// materialPages adds group g's pages (of layout gr) to res and returns
// the group's material summary with its parts' and sheets' area.
func (sj *stockJob) materialPages(res *Result, t *resultTally, g *stockGroup, gr *groupResult) (mr MaterialResult, gPart, gSheet float64) {
	mr = MaterialResult{
		Material: g.material, Thickness: g.thickness, Pages: len(gr.pages), LowerBound: gr.lb,
		Objective: sj.groupObjective(g), CostLowerBound: floorTL(gr.costLB), Optimal: gr.optimal,
	}
	for _, n := range gr.left {
		mr.StockOut += n
	}
	for _, gp := range gr.pages {
		row := &sj.rows[gp.row]
		page, area := sj.resultPage(t, g, gp, len(res.Pages))
		sa := float64(row.sheetW) * float64(row.sheetH)
		page.Efficiency = int(math.Round(100 * area / sa))
		for _, c := range page.Cuts {
			t.cuts++
			t.cutUnits += exactUnits(c.Length)
		}
		mr.Cost += row.price
		gPart += area
		gSheet += sa
		res.Pages = append(res.Pages, page)
		res.Stats.Placed += len(page.Parts)
	}
	mr.Cost = roundTL(mr.Cost)
	if gSheet > 0 {
		mr.Efficiency = math.Round(1000*gPart/gSheet) / 10
	}
	return mr, gPart, gSheet
}

// resultPage is group g's page gp as the result's page number n: its
// parts get their ids and their edges as they lie. It returns the page
// and the parts' area in square units, and counts the sheet, the copies
// and their band in t.
func (sj *stockJob) resultPage(t *resultTally, g *stockGroup, gp groupPage, n int) (Page, float64) {
	row := &sj.rows[gp.row]
	t.used[gp.row]++
	page := Page{
		ID: pageID(n), Cuts: gp.cuts, StockID: row.id, Material: g.material,
		Thickness: g.thickness, Width: toCM(row.sheetW), Height: toCM(row.sheetH),
		Parts: make([]Placed, 0, len(gp.parts)), BelowMinUse: sj.belowMinUse(gp.row, gp.parts),
	}
	var area float64
	for _, pl := range gp.parts {
		pi := pl.OriginalIndex
		p := sj.req.Parts[pi]
		pl.ID = partID(p, pi) + "-" + itoa(t.copies[pi])
		t.copies[pi]++
		pl.Edges = rotateEdges(p.Edges, pl.Rotated)
		area += float64(exactUnits(pl.Width)) * float64(exactUnits(pl.Height))
		page.Parts = append(page.Parts, pl)
		sj.countBands(t, p)
	}
	return page, area
}

// countBands adds to t the band of one copy of part p: each banded edge's
// length as entered plus its band's overlength.
func (sj *stockJob) countBands(t *resultTally, p Part) {
	e := p.Edges
	if e == nil {
		return
	}
	fw, fh := int(roundUnits(p.Width, true)), int(roundUnits(p.Height, true))
	for n, c := range [4]string{e.Top, e.Bottom, e.Left, e.Right} {
		if c == "" {
			continue
		}
		bi := sj.bands[c]
		l := fw
		if n >= 2 {
			l = fh
		}
		t.bandUnits[bi] += l + int(roundUnits(sj.req.Bands[bi].Overlength, true))
		t.bandUsed[bi] = true
	}
}

// usedAndBuy returns the sheets used per row (used), in row order, and
// of those the unlimited rows' ones, to buy.
func (sj *stockJob) usedAndBuy(used []int) (all, buy []StockCount) {
	for ri, n := range used {
		if n == 0 {
			continue
		}
		all = append(all, StockCount{StockID: sj.rows[ri].id, Quantity: n})
		if sj.rows[ri].limit == 0 {
			buy = append(buy, StockCount{StockID: sj.rows[ri].id, Quantity: n})
		}
	}
	return all, buy
}

// bandTotals returns the metres and price of each band code used, in the
// order of Request.Bands.
func (sj *stockJob) bandTotals(t *resultTally) []BandTotal {
	var out []BandTotal
	for bi, b := range sj.req.Bands {
		if !t.bandUsed[bi] {
			continue
		}
		out = append(out, bandTotal(b, t.bandUnits[bi]))
	}
	return out
}

// bandTotal is band b's total for a length of units: the metres rounded up
// to the centimetre, as the PDF, the web app and the quote print them, and
// the cost of those metres, so that a printed line's metres times its
// price is its cost to the kuruş (7,89 m × 6,50 TL = 51,29 TL, not the
// 51,28 TL of 7,8812 m). Up, since band is bought by length: never less
// than the edges take.
func bandTotal(b Band, units int) BandTotal {
	m := float64((units+unitsPerCM-1)/unitsPerCM) / 100
	return BandTotal{Code: b.Code, Meters: m, Cost: roundTL(m * b.Price)}
}
