package store

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strings"
	"time"

	"kesim/export/cutlist"
	"kesim/internal/apperr"
	"kesim/nest"
)

// The states of a job (a saved layout with its result): planned, being cut,
// cut (docs/http-api.md, "Jobs").
const (
	StatePlanned = "planned"
	StateCutting = "cutting"
	StateCut     = "cut"
)

// Turkish messages of jobs, ticks and offcuts.
const (
	MsgJobState = "İş durumu planned, cutting veya cut olmalı."
	// MsgJobStateMoved refuses a change made from a state the job has
	// left meanwhile (StateChange.From).
	MsgJobStateMoved = "İşin durumu bu arada başka bir yerden değiştirilmiş; sayfayı yenileyip tekrar deneyin."
	MsgJobNoResult   = "Bu düzen yerleşimiyle birlikte kaydedilmemiş; önce yerleşimi kaydedin."
	MsgJobPinned     = "Kesimi başlamış levhalar değiştirilemez: işaretli parçası olan her levha yeni planda aynen yer almalı."
	MsgJobIsCut      = "Kesilmiş bir iş yeniden planlanamaz; önce durumunu geri alın."
	// MsgJobReplanNoResult refuses a re-plan without a result of a job
	// being cut: its ticked pages can be kept only in a new result
	// (MsgJobNoResult is for a job saved without one, which a job being
	// cut never is).
	MsgJobReplanNoResult = "Kesimi başlamış bir işin yeni planı yerleşimiyle birlikte kaydedilmeli: önce yerleşimi hesaplayın, sonra kaydedin."
	// MsgOffcutGone refuses to cut a job from an offcut that left the rack
	// after the job was planned (another job was cut from it, or it was
	// taken off): %s is its code.
	MsgOffcutGone = "%s kodlu artık levha rafta yok: başka bir iş ondan kesilmiş ya da raftan kaldırılmış. İşi yeniden planlayın."
	// MsgOffcutChanged refuses to cut a job whose offcut row is not the
	// board on the rack (another size, material or thickness, or more
	// than one sheet of it): %s is its code.
	MsgOffcutChanged = "%s kodlu artık levha rafta başka ölçüde ya da tek adet: iş raftaki levhaya uymuyor. İşi yeniden planlayın."
	// MsgOffcutKeptGone refuses a re-plan of a job being cut that keeps a
	// page on an offcut another job was cut from: %s is its code.
	MsgOffcutKeptGone = "%s kodlu artık levha rafta yok: başka bir iş ondan kesilmiş. Bu levhadaki sayfa yeni planda tutulamaz; o levhadaki parçaların işaretini kaldırıp işi yeniden planlayın ya da diğer işin kesimini geri alın."
	MsgPieceMissing   = "Parça bu işin yerleşiminde yok."
	MsgResultInvalid  = "Yerleşim bu düzenin parçalarına, levhalarına ve seçeneklerine uymuyor."
	MsgResultTooBig   = "Bir yerleşimde en fazla 100.000 parça olabilir."
	MsgOffcutMaxArea  = "Artık rafı sınırı 0 ile 100.000 m² arasında olmalı."
	MsgOffcutMinUse   = nest.MsgOffcutMinUse
	MsgOffcutUnknown  = "Bu artık parça rafta yok."
	// MsgOffcutCode refuses a sheet row that takes the code of one of the
	// owner's offcuts (on the rack, or used by a cut job, which an undo
	// puts back): the rack would hold two rows of one id.
	MsgOffcutCode = "Bu kod bir artık parçanın; levha satırına başka bir kod verin."
)

// Limits of the offcut settings.
const (
	MaxOffcutAreaM2  = 100000               // m², the rack's limit
	DefaultOffcutCM  = nest.DefaultOffcutCM // cm, the default rule's sides
	DefaultOffcutUse = 60                   // percent, the default least use of an offcut sheet
)

// StockKindOffcut is the kind of the offcut rows (table stock_rows): the
// usable leftovers of a cut job, put back on the rack.
const StockKindOffcut = "offcut"

// OffcutCodePrefix starts every offcut's code, ... per user. The
// code is the offcut row's id in the engine's request (nest.Stock.ID).
const OffcutCodePrefix = "A-"

// Progress counts the ticked pieces of a job against all it places.
type Progress struct {
	Cut   int `json:"cut"`
	Total int `json:"total"`
}

// OffcutSettings are a user's offcut rules (the smallest leftover worth
// keeping per material and thickness), the rack's area limit in m² (0 = no
// limit) and the least percent an offcut sheet must be used by a layout.
type OffcutSettings struct {
	Rules   []nest.OffcutRule `json:"rules"`
	MaxArea float64           `json:"maxArea"`
	MinUse  int               `json:"minUse"`
}

// DefaultOffcutSettings are the settings of a user who saved none: one rule
// of 30 x 30 cm for every material, no area limit, 60 % least use.
func DefaultOffcutSettings() OffcutSettings {
	return OffcutSettings{
		Rules:  []nest.OffcutRule{{MinWidth: DefaultOffcutCM, MinHeight: DefaultOffcutCM}},
		MinUse: DefaultOffcutUse,
	}
}

// Validate checks the settings and returns them as stored: the rules as
// the engine checks them (nest.ValidateOffcutRules), texts trimmed, sizes
// rounded up to 0.01 cm and thickness to 0.01 mm, the area to 0.01 m², nil
// rules empty. Fields are "offcutSettings.rules[i].minWidth" and their kin.
func (o OffcutSettings) Validate() (OffcutSettings, error) {
	if err := nest.ValidateOffcutRules(o.Rules); err != nil {
		var ie *nest.InputError
		if errors.As(err, &ie) {
			return o, invalid("offcutSettings."+ie.Field, ie.Message)
		}
		return o, invalid("offcutSettings.rules", MsgInvalidValues)
	}
	rules := make([]nest.OffcutRule, len(o.Rules))
	for i, r := range o.Rules {
		var err error
		if r.Material, err = checkText(fmt.Sprintf("offcutSettings.rules[%d].material", i), r.Material); err != nil {
			return o, err
		}
		r.Thickness = FromHundredths(Hundredths(r.Thickness))
		r.MinWidth, r.MinHeight = nest.RoundUp(r.MinWidth), nest.RoundUp(r.MinHeight)
		rules[i] = r
	}
	o.Rules = rules
	if math.IsNaN(o.MaxArea) || o.MaxArea < 0 || o.MaxArea > MaxOffcutAreaM2 {
		return o, invalid("offcutSettings.maxArea", MsgOffcutMaxArea)
	}
	// Kept to 0.01 m²; a limit that would round to 0, which means none,
	// is the smallest limit instead.
	if limit := o.MaxArea; limit > 0 {
		o.MaxArea = max(FromHundredths(Hundredths(limit)), 0.01)
	}
	if o.MinUse < 0 || o.MinUse > 100 {
		return o, invalid("offcutSettings.minUse", MsgOffcutMinUse)
	}
	return o, nil
}

// ParseOffcutSettings reads a stored settings column; an unreadable one
// gives the defaults.
func ParseOffcutSettings(data []byte) OffcutSettings {
	var o OffcutSettings
	if len(data) == 0 || json.Unmarshal(data, &o) != nil {
		return DefaultOffcutSettings()
	}
	if o.Rules == nil {
		o.Rules = []nest.OffcutRule{}
	}
	return o
}

// Offcut is an offcut row on a user's rack: a stock row (Offcut true,
// quantity 1, price 0, its code as id) with the job it came from and when.
type Offcut struct {
	nest.Stock
	SourceLayoutID string    `json:"sourceLayoutId,omitempty"`
	CreatedAt      time.Time `json:"createdAt"`
}

// AreaM2 returns the offcuts' total area in m².
func AreaM2(offcuts []Offcut) float64 {
	var cm2 float64
	for _, o := range offcuts {
		cm2 += o.Width * o.Height
	}
	return cm2 / 10000
}

// StateChange is what PATCH /api/layouts/{id} asks: the new state, and the
// name of the user who asks (empty in local mode).
type StateChange struct {
	State string
	By    string
	// From, when set, is the state the change is made from: a layout in
	// another (moved meanwhile by another phone or tab) is Conflict
	// MsgJobStateMoved, unless it is in State already. A checklist's
	// "Kesime başla" sent again after an outage must not undo a cut made
	// meanwhile (cut → cutting is an undo).
	From string
}

// Check reports whether the state, and From when set, are each one of
// the three.
func (c StateChange) Check() error {
	if !validState(c.State) {
		return invalid("state", MsgJobState)
	}
	if c.From != "" && !validState(c.From) {
		return invalid("from", MsgJobState)
	}
	return nil
}

// validState reports whether s is one of the three states.
func validState(s string) bool {
	return s == StatePlanned || s == StateCutting || s == StateCut
}

// Moved reports whether a layout in state cur is not to be changed by c:
// it is neither in c.From (when set) nor in c.State already.
func (c StateChange) Moved(cur string) error {
	if c.From != "" && cur != c.From && cur != c.State {
		return apperr.New(apperr.Conflict, MsgJobStateMoved)
	}
	return nil
}

// Tick is one piece ticked or unticked by a user (empty By in local mode).
type Tick struct {
	PieceID string
	Cut     bool
	By      string
}

// Ticks is a job's ticked pieces after a tick, and its progress.
type Ticks struct {
	CutPieces []string `json:"cutPieces"`
	Progress  Progress `json:"progress"`
}

// Request returns the engine request a layout was made from; pinned are
// the pages already cut of a job being re-planned.
func (l LayoutInput) Request(pinned []nest.Page) nest.Request {
	return nest.Request{Sheet: l.Sheet, Parts: l.Parts, Options: l.Options, Stock: l.Stock, Bands: l.Bands, Pinned: pinned}
}

// Request returns the engine request the layout was made from.
func (l Layout) Request() nest.Request {
	return nest.Request{Sheet: l.Sheet, Parts: l.Parts, Options: l.Options, Stock: l.Stock, Bands: l.Bands}
}

// CheckResult reports whether in's result is a valid plan of in (pinned,
// the pages of a job being cut that must come back first and unchanged):
// at most nest.MaxPieces pieces, then nest.Verify of the validated input
// or, failing that, of the input as the client sent it (before Validate),
// or, failing that, of the result brought up to date (nest.Refresh: one an
// earlier Kesim wrote), which then replaces *in.Result, to be stored. A
// layout without a result passes. The error is Invalid on the field
// "result".
func CheckResult(in LayoutInput, pinned []nest.Page) error {
	if in.Result == nil {
		return nil
	}
	if len(in.Result.Pages) > nest.MaxPieces || Placed(in.Result) > nest.MaxPieces {
		return invalid("result", MsgResultTooBig)
	}
	err := nest.Verify(in.Request(pinned), *in.Result)
	if err != nil && in.sent != nil && in.sent.Sheet != (nest.Sheet{}) {
		// The client's engine laid out the request as sent: a name with a
		// trailing space is the same plan once trimmed.
		if nest.Verify(in.sent.Request(pinned), *in.Result) == nil {
			err = nil
		}
	}
	if err != nil {
		// A result an earlier Kesim wrote (a layout loaded from the store,
		// renamed and saved again): stored as today's engine writes it,
		// when that is a valid plan. Only then: a current result stays as
		// it is.
		req := in.Request(pinned)
		if res, changed := nest.Refresh(req, *in.Result); changed && nest.Verify(req, res) == nil {
			*in.Result = res
			err = nil
		}
	}
	if err != nil {
		return &apperr.Error{Code: apperr.Invalid, Field: "result", Message: MsgResultInvalid, Err: err}
	}
	return nil
}

// Placed returns the number of pieces placed in res (0 for nil).
func Placed(res *nest.Result) int {
	if res == nil {
		return 0
	}
	n := 0
	for _, p := range res.Pages {
		n += len(p.Parts)
	}
	return n
}

// ResultColumn returns the JSON of the result column, nil (NULL) for none.
func ResultColumn(res *nest.Result) ([]byte, error) {
	if res == nil {
		return nil, nil
	}
	return json.Marshal(res)
}

// ParseResult reads a stored result column; NULL gives nil.
func ParseResult(data []byte) (*nest.Result, error) {
	if len(data) == 0 || string(data) == "null" {
		return nil, nil
	}
	var res nest.Result
	if err := json.Unmarshal(data, &res); err != nil {
		return nil, fmt.Errorf("result: %w", err)
	}
	return &res, nil
}

// CutOffcut is a leftover a job's cut put on the rack (or found there):
// where it lies, in cm on the page of that index in the job's result, and
// the code of its offcut row; as the cut list takes it (its offcuts
// option), so that the job's cutOffcuts go to it as they are.
type CutOffcut = cutlist.Offcut

// CutOffcutsColumn is the JSON of saved_layouts.cut_offcuts for a cut's
// leftovers: always a list, [] when there are none.
func CutOffcutsColumn(kept []CutOffcut) ([]byte, error) {
	if kept == nil {
		kept = []CutOffcut{}
	}
	return json.Marshal(kept)
}

// ParseCutOffcuts reads saved_layouts.cut_offcuts: nil for NULL (not cut,
// or cut before the column existed).
func ParseCutOffcuts(data []byte) (*[]CutOffcut, error) {
	if len(data) == 0 || string(data) == "null" {
		return nil, nil
	}
	kept := []CutOffcut{}
	if err := json.Unmarshal(data, &kept); err != nil {
		return nil, fmt.Errorf("cut_offcuts: %w", err)
	}
	return &kept, nil
}

// PieceNeedle returns the text that the stored JSON of a result (as
// ResultColumn writes it) holds exactly when one of its pieces has the id:
// a Placed object starts with its id and then its name, which no page
// (id, then efficiency) and no skipped line (originalIndex first) does. So
// SQLite finds a piece with instr() on the column instead of parsing it.
func PieceNeedle(pieceID string) string {
	id, _ := json.Marshal(pieceID) // a string always marshals
	return `{"id":` + string(id) + `,"name":`
}

// TickedPages returns the pages of res that hold a ticked piece, in order:
// the pages of a job being cut that a re-plan must keep.
func TickedPages(res *nest.Result, ticked []string) []nest.Page {
	if res == nil || len(ticked) == 0 {
		return nil
	}
	set := make(map[string]bool, len(ticked))
	for _, id := range ticked {
		set[id] = true
	}
	var pages []nest.Page
	for _, p := range res.Pages {
		for _, pc := range p.Parts {
			if set[pc.ID] {
				pages = append(pages, p)
				break
			}
		}
	}
	return pages
}

// KeepsPages reports whether every page of pinned is in res unchanged: the
// same id, stock row, parts (ids, positions, sizes) and cuts.
func KeepsPages(res *nest.Result, pinned []nest.Page) bool {
	if len(pinned) == 0 {
		return true
	}
	if res == nil {
		return false
	}
	byID := make(map[string]nest.Page, len(res.Pages))
	for _, p := range res.Pages {
		byID[p.ID] = p
	}
	for _, want := range pinned {
		got, ok := byID[want.ID]
		if !ok || !samePage(got, want) {
			return false
		}
	}
	return true
}

// samePage compares what is cut: the stock row, the pieces and the cuts.
// Efficiency and the pattern number may differ after a re-plan.
func samePage(a, b nest.Page) bool {
	if a.StockID != b.StockID || a.Material != b.Material || a.Thickness != b.Thickness ||
		a.Width != b.Width || a.Height != b.Height || len(a.Parts) != len(b.Parts) || len(a.Cuts) != len(b.Cuts) {
		return false
	}
	for i, p := range a.Parts {
		q := b.Parts[i]
		if p.ID != q.ID || p.X != q.X || p.Y != q.Y || p.Width != q.Width || p.Height != q.Height || p.Rotated != q.Rotated {
			return false
		}
	}
	for i, c := range a.Cuts {
		if c != b.Cuts[i] {
			return false
		}
	}
	return true
}

// OffcutCodes maps the code of each of an owner's offcuts (stock_rows of
// kind offcut) to the job whose cut took it off the rack, "" for one still
// on the rack.
type OffcutCodes map[string]string

// UsedOffcuts returns the stock ids of res's pages that are offcuts (each
// once, in page order): the rows req marks offcut, and every page on one
// of codes, the owner's offcuts, whatever req lists. A page a re-plan kept
// (the pinned page of a job being cut) sits on its board even when the new
// request no longer lists it: that board is cut all the same.
func UsedOffcuts(req nest.Request, res *nest.Result, codes OffcutCodes) []string {
	if res == nil {
		return nil
	}
	offcut := map[string]bool{}
	for _, st := range req.Stock {
		if st.Offcut {
			offcut[st.ID] = true
		}
	}
	var ids []string
	seen := map[string]bool{}
	for _, p := range res.Pages {
		if seen[p.StockID] || p.StockID == "" {
			continue
		}
		if _, known := codes[p.StockID]; offcut[p.StockID] || known {
			seen[p.StockID] = true
			ids = append(ids, p.StockID)
		}
	}
	return ids
}

// CheckOffcutRows checks that the offcuts the pages of res are cut from
// (UsedOffcuts, with the owner's codes) are the boards on the rack (onRack,
// by code): one sheet of each, of the board's material and thickness and
// no larger than it, as req's offcut row says and as each page on it says
// (a kept page's board may be listed nowhere else). A request may name any
// row an offcut; only the rack says what the board is. An offcut not on
// the rack is OffcutGone, one that differs a Conflict MsgOffcutChanged.
func CheckOffcutRows(req nest.Request, res *nest.Result, onRack []Offcut, codes OffcutCodes) error {
	used := UsedOffcuts(req, res, codes)
	if len(used) == 0 {
		return nil
	}
	board := make(map[string]nest.Stock, len(onRack))
	for _, o := range onRack {
		board[o.ID] = o.Stock
	}
	row := map[string]nest.Stock{}
	for _, st := range req.Stock {
		if st.Offcut {
			row[st.ID] = st
		}
	}
	sheets := map[string]int{}
	pages := map[string]nest.Page{}
	for _, p := range res.Pages {
		sheets[p.StockID]++
		pages[p.StockID] = p
	}
	const eps = 0.005 // half the stored 0.01 cm
	fits := func(material string, thickness, w, h float64, b nest.Stock) bool {
		return nest.SameMaterial(material, b.Material) && math.Abs(thickness-b.Thickness) <= eps &&
			w <= b.Width+eps && h <= b.Height+eps
	}
	for _, code := range used {
		b, ok := board[code]
		if !ok {
			return OffcutGone(code)
		}
		changed := sheets[code] > 1
		if r, listed := row[code]; listed && !fits(r.Material, r.Thickness, r.Width, r.Height, b) {
			changed = true
		}
		// A page without a size is on the request's canvas, which no
		// board is; one with a size must fit the board.
		if p := pages[code]; p.Width > 0 && p.Height > 0 && !fits(p.Material, p.Thickness, p.Width, p.Height, b) {
			changed = true
		}
		if changed {
			return apperr.New(apperr.Conflict, fmt.Sprintf(MsgOffcutChanged, code))
		}
	}
	return nil
}

// CheckKeptOffcuts refuses a re-plan in of the stored job cur that keeps
// (ReplanPins) a page on an offcut another job's cut took off the rack
// (codes): that board is sawn up, and the job cannot be cut from it.
func CheckKeptOffcuts(cur Layout, in LayoutInput, codes OffcutCodes) error {
	pinned, err := ReplanPins(cur, in)
	if err != nil {
		return err
	}
	for _, p := range pinned {
		if by := codes[p.StockID]; by != "" && by != cur.ID {
			return apperr.New(apperr.Conflict, fmt.Sprintf(MsgOffcutKeptGone, p.StockID))
		}
	}
	return nil
}

// SkippedOffcuts are the leftovers of a cut that the rack's limits kept off
// the rack: how many, and their area in m² (to 0.01).
type SkippedOffcuts struct {
	Count  int     `json:"count"`
	AreaM2 float64 `json:"areaM2"`
}

// NewOffcuts returns the offcut rows a cut job puts on the rack: the
// leftovers of its result under the settings' rules, largest first, while
// the rack's area with each stays within the settings' limit (rackM2 is
// the rack's area before) and the stock list (listed rows: its sheet rows
// and the offcuts on the rack) within MaxStockRows, so that it can still
// be sent to the engine. The first leftover that does not fit ends the
// list: a smaller one is never kept in place of a larger one; those left
// out are the third value. Codes start at next and skip taken ids; the
// second value is the next code after them. made are the job's offcuts
// from an earlier cut that outlived its undo (a later job was cut from
// them): a leftover of the same material, thickness and size is that
// board, already made and sawn up, and is not made again. Pages on an
// offcut of codes that another job's cut took make no leftovers: that
// board was not this job's to cut. earlier are the job's offcuts from an
// earlier cut that its undo kept aside (code and size): a leftover of the
// same material, thickness and size is that board and gets its code back,
// so that a job planned on it still finds it. The fourth value is where
// the offcuts lie and their codes, those of made too (the job's cut list
// names them), not those left out.
func NewOffcuts(l Layout, settings OffcutSettings, rackM2 float64, listed int, next int64, taken map[string]bool, made []nest.Stock, codes OffcutCodes, earlier []nest.Stock) ([]nest.Stock, int64, SkippedOffcuts, []CutOffcut) {
	var skipped SkippedOffcuts
	if l.Result == nil {
		return nil, next, skipped, nil
	}
	res := *l.Result
	var left []nest.Leftover
	for _, lo := range nest.Leftovers(l.Request(), res, settings.Rules) {
		if by := codes[lo.StockID]; lo.StockID != "" && by != "" && by != l.ID {
			continue
		}
		left = append(left, lo)
	}
	// Largest first, so that a rack near its limit keeps the most useful.
	sortLeftovers(left)
	made = slices.Clone(made)
	earlier = slices.Clone(earlier)
	sameBoard := func(m nest.Stock, lo nest.Leftover) bool {
		return m.Material == lo.Material && Hundredths(m.Thickness) == Hundredths(lo.Thickness) &&
			m.Width == nest.RoundDown(lo.Width) && m.Height == nest.RoundDown(lo.Height)
	}
	var rows []nest.Stock
	kept := []CutOffcut{}
	keep := func(lo nest.Leftover, code string) {
		kept = append(kept, CutOffcut{Page: lo.Page, X: lo.X, Y: lo.Y, Width: lo.Width, Height: lo.Height, Code: code})
	}
	full := false
	var skippedCM2 float64
	for _, lo := range left {
		if i := slices.IndexFunc(made, func(m nest.Stock) bool { return sameBoard(m, lo) }); i >= 0 {
			keep(lo, made[i].ID)
			made = slices.Delete(made, i, i+1)
			continue
		}
		area := lo.Width * lo.Height / 10000
		if full || settings.MaxArea > 0 && rackM2+area > settings.MaxArea || listed+len(rows) >= MaxStockRows {
			full = true
			skipped.Count++
			skippedCM2 += nest.RoundDown(lo.Width) * nest.RoundDown(lo.Height)
			continue
		}
		rackM2 += area
		code := ""
		if i := slices.IndexFunc(earlier, func(m nest.Stock) bool { return sameBoard(m, lo) }); i >= 0 {
			code = earlier[i].ID
			earlier = slices.Delete(earlier, i, i+1)
		}
		for code == "" {
			c := fmt.Sprintf("%s%d", OffcutCodePrefix, next)
			next++
			if !taken[c] {
				code = c
			}
		}
		taken[code] = true
		keep(lo, code)
		rows = append(rows, nest.Stock{
			ID: code, Material: lo.Material, Thickness: lo.Thickness,
			Width: nest.RoundDown(lo.Width), Height: nest.RoundDown(lo.Height), Quantity: 1, Offcut: true,
			Grain: lo.Grain, // an offcut of a grained sheet keeps its grain
		})
	}
	skipped.AreaM2 = math.Round(skippedCM2/100) / 100
	return rows, next, skipped, kept
}

// CutReport is what a move to cut did to the rack, for the PATCH answer:
// the offcuts it put on it and the leftovers its limits kept off, and the
// sheets it took off the owner's stock rows (StockTaken) or could not
// (StockNotTaken: rows edited or deleted since; StockShort: the sheets the
// job used beyond what a row had). Undone is set by a move
// out of cut, with the sheets it put back (StockReturned) or could not
// (StockNotReturned).
type CutReport struct {
	Done          bool
	Added         int
	Skipped       SkippedOffcuts
	StockTaken    []StockTaken
	StockNotTaken []StockSheets
	StockShort    []StockSheets

	Undone           bool
	StockReturned    []StockSheets
	StockNotReturned []StockSheets
}

type cutReportKey struct{}

// WithCutReport returns a context under which a store's SetLayoutState
// that cuts a job fills rep in (the Store interface answers the layout
// alone).
func WithCutReport(ctx context.Context, rep *CutReport) context.Context {
	return context.WithValue(ctx, cutReportKey{}, rep)
}

// ReportCut records a cut's report in ctx's CutReport, if it has one.
func ReportCut(ctx context.Context, added int, skipped SkippedOffcuts) {
	if rep, ok := ctx.Value(cutReportKey{}).(*CutReport); ok && rep != nil {
		rep.Done, rep.Added, rep.Skipped = true, added, skipped
	}
}

// SizeRows are the rows of a driver's query for offcut sizes (database/sql's
// and pgx's rows alike).
type SizeRows interface {
	Next() bool
	Scan(dest ...any) error
	Err() error
}

// ScanCodedSizes reads rows of code, material, thickness, width and height
// (the last three in hundredths) as stock rows: a job's offcuts, for
// NewOffcuts' made (those a later job used) and earlier (those its undo
// kept aside).
func ScanCodedSizes(rows SizeRows) ([]nest.Stock, error) {
	var out []nest.Stock
	for rows.Next() {
		var o nest.Stock
		var th, w, h int64
		if err := rows.Scan(&o.ID, &o.Material, &th, &w, &h); err != nil {
			return nil, err
		}
		o.Thickness, o.Width, o.Height = FromHundredths(th), FromHundredths(w), FromHundredths(h)
		out = append(out, o)
	}
	return out, rows.Err()
}

func sortLeftovers(left []nest.Leftover) {
	slices.SortStableFunc(left, func(a, b nest.Leftover) int {
		return cmp.Compare(b.Width*b.Height, a.Width*a.Height)
	})
}

// ValidateRack is Validate for ReplaceStock: rack holds the ids of the
// offcuts on the owner's rack, consumed the codes of the owner's offcuts
// that cut jobs took off it (an undo puts them back). The rows with Offcut set must
// name one on the rack (else Invalid MsgOffcutUnknown on "stock[i].id")
// and are returned, by id, as the offcuts to keep, with every offcut of
// the rack that is not in s.Seen when that is given; the list's Stock
// keeps the sheet rows only. A sheet row may take no id of an offcut that
// stays: one the list names too is a repeated id (MsgStockID), one kept
// or used that it does not name MsgOffcutCode. Settings and Options, when
// given, are validated too.
func (s StockList) ValidateRack(rack map[string]bool, consumed []string) (StockList, map[string]bool, error) {
	used := make(map[string]bool, len(consumed))
	for _, id := range consumed {
		used[id] = true
	}
	keep := map[string]bool{}
	named := map[string]bool{} // the offcut rows of the list
	sheets := make([]nest.Stock, 0, len(s.Stock))
	index := make([]int, 0, len(s.Stock)) // a sheet row's index in s.Stock
	for i, st := range s.Stock {
		if !st.Offcut {
			sheets = append(sheets, st)
			index = append(index, i)
			continue
		}
		id := strings.TrimSpace(st.ID)
		if !rack[id] {
			return s, nil, invalid(fmt.Sprintf("stock[%d].id", i), MsgOffcutUnknown)
		}
		if keep[id] {
			return s, nil, invalid(fmt.Sprintf("stock[%d].id", i), MsgStockID)
		}
		keep[id] = true
		named[id] = true
	}
	if s.Seen != nil {
		seen := make(map[string]bool, len(s.Seen))
		for _, id := range s.Seen {
			seen[strings.TrimSpace(id)] = true
		}
		for id := range rack {
			if !seen[id] {
				keep[id] = true
			}
		}
	}
	list, err := StockList{Stock: sheets, Bands: s.Bands}.Validate()
	if err != nil {
		var ae *apperr.Error
		if errors.As(err, &ae) {
			for j := range sheets {
				if prefix := fmt.Sprintf("stock[%d].", j); strings.HasPrefix(ae.Field, prefix) {
					return s, nil, invalid(fmt.Sprintf("stock[%d].", index[j])+ae.Field[len(prefix):], ae.Message)
				}
			}
		}
		return s, nil, err
	}
	for j, st := range list.Stock {
		switch {
		case named[st.ID]:
			return s, nil, invalid(fmt.Sprintf("stock[%d].id", index[j]), MsgStockID)
		case keep[st.ID] || used[st.ID]:
			return s, nil, invalid(fmt.Sprintf("stock[%d].id", index[j]), MsgOffcutCode)
		}
	}
	if s.Settings != nil {
		set, err := s.Settings.Validate()
		if err != nil {
			return s, nil, err
		}
		list.Settings = &set
	}
	if s.Options != nil {
		o, err := s.Options.Validate()
		if err != nil {
			return s, nil, err
		}
		list.Options = &o
	}
	return list, keep, nil
}

// ReplanPins returns the pages a re-plan in of the stored job cur keeps
// pinned, or the Conflict that forbids it: a cut job, a re-plan of a job
// being cut without a result, a page with a ticked piece changed or
// missing. The
// pinned pages are the leading pages of the new result that are pages of
// the stored one, unchanged; they must include every page with a ticked
// piece. (A client may pin more than those: a tick undone while it planned.)
func ReplanPins(cur Layout, in LayoutInput) ([]nest.Page, error) {
	switch cur.State {
	case StateCut:
		return nil, apperr.New(apperr.Conflict, MsgJobIsCut)
	case StateCutting:
		if in.Result == nil {
			return nil, apperr.New(apperr.Conflict, MsgJobReplanNoResult)
		}
		ticked := TickedPages(cur.Result, cur.CutPieces)
		if !KeepsPages(in.Result, ticked) {
			return nil, apperr.New(apperr.Conflict, MsgJobPinned)
		}
		stored := map[string]nest.Page{}
		if cur.Result != nil {
			for _, p := range cur.Result.Pages {
				stored[p.ID] = p
			}
		}
		kept := map[string]bool{}
		var pinned []nest.Page
		for _, p := range in.Result.Pages {
			old, ok := stored[p.ID]
			if !ok || kept[p.ID] || !samePage(p, old) {
				break
			}
			kept[p.ID] = true
			pinned = append(pinned, p)
		}
		for _, p := range ticked {
			if !kept[p.ID] {
				return nil, apperr.New(apperr.Conflict, MsgJobPinned)
			}
		}
		return pinned, nil
	}
	return nil, nil
}

// ReplanCheck is what CheckReplan accepted of a re-plan: Pins, the number
// of leading pages of the stored job the result verified with pinned (0:
// verified as a whole plan of the request).
type ReplanCheck struct {
	Pins int
}

// ReplanAttempts bounds how many times a driver checks a re-plan
// (CheckReplan, outside its write transaction) because the job changed
// before the transaction began in a way ReplanHolds cannot settle; then the
// re-plan is the Conflict MsgReplanMoving.
const ReplanAttempts = 3

// MsgReplanMoving refuses a re-plan whose job kept changing (its state,
// its stored plan, or ticks on the pages it keeps) while it was checked,
// ReplanAttempts times: nothing is saved.
const MsgReplanMoving = "İş, yeni plan denetlenirken başka bir yerden değiştirilmeye devam etti (durumu, planı ya da işaretleri); yeni plan kaydedilmedi. Sayfayı yenileyip tekrar deneyin."

// CheckReplan checks a re-plan in of the stored layout cur (ReplanPins)
// and its result against the request with the pages the client pinned
// (CheckResult), and says with how many it verified. Which leading pages
// it pinned the server cannot know: at least those through the last
// ticked one, at most every leading page that is unchanged (a page after
// the ticked ones may come out the same). Each count is tried, the most
// first; past 16, only the least is. Last, none: a result that is a whole
// plan of the request as it is, keeping the ticked pages unchanged
// (ReplanPins), is as good a re-plan (the job saved again with its stored
// plan, renamed, is one).
func CheckReplan(cur Layout, in LayoutInput) (ReplanCheck, error) {
	pinned, err := ReplanPins(cur, in)
	if err != nil {
		return ReplanCheck{}, err
	}
	least := leastPins(cur, pinned)
	var first error
	for k, tries := len(pinned), 0; k >= least; k, tries = k-1, tries+1 {
		if tries == 16 {
			k = least
		}
		err := CheckResult(in, pinned[:k])
		if err == nil {
			return ReplanCheck{Pins: k}, nil
		}
		if first == nil {
			first = err
		}
	}
	if least > 0 && CheckResult(in, nil) == nil {
		return ReplanCheck{}, nil
	}
	return ReplanCheck{}, first
}

// Replan runs a driver's re-plan of in (in validated): it reads the stored
// layout (read), checks the re-plan against it outside any transaction
// (CheckReplan), and has write take it in a write transaction unless the
// layout changed there so that the check does not hold (write reports
// again, having written nothing); then it reads and checks again, at most
// ReplanAttempts times in all, and then answers the Conflict
// MsgReplanMoving.
func Replan(ctx context.Context, in LayoutInput, read func() (Layout, error), write func(checked Layout, c ReplanCheck) (l Layout, again bool, err error)) (Layout, error) {
	for attempt := 1; ; attempt++ {
		checked, err := read()
		if err != nil {
			return Layout{}, err
		}
		c, err := CheckReplan(checked, in)
		if err != nil {
			return Layout{}, err
		}
		ReplanChecked(ctx, attempt)
		l, again, err := write(checked, c)
		if !again {
			return l, err
		}
		if attempt == ReplanAttempts {
			return Layout{}, apperr.New(apperr.Conflict, MsgReplanMoving)
		}
	}
}

type replanCheckedKey struct{}

// WithReplanChecked returns a context under which a store's ReplaceLayout
// calls f after each check it makes before its write transaction (attempt
// 1, 2, ...): the tests change the job there, as a phone or another tab
// would while a large re-plan is verified.
func WithReplanChecked(ctx context.Context, f func(attempt int)) context.Context {
	return context.WithValue(ctx, replanCheckedKey{}, f)
}

// ReplanChecked calls ctx's WithReplanChecked function, if it has one.
func ReplanChecked(ctx context.Context, attempt int) {
	if f, ok := ctx.Value(replanCheckedKey{}).(func(int)); ok && f != nil {
		f(attempt)
	}
}

// leastPins is the least number of the leading pages pinned that a re-plan
// of cur pins: through the last one with a ticked piece.
func leastPins(cur Layout, pinned []nest.Page) int {
	ticked := map[string]bool{}
	for _, p := range TickedPages(cur.Result, cur.CutPieces) {
		ticked[p.ID] = true
	}
	least := 0
	for i, p := range pinned {
		if ticked[p.ID] {
			least = i + 1
		}
	}
	return least
}

// ReplanHolds reports whether a re-plan in, accepted by CheckReplan as c
// against the stored layout checked, holds for cur, the layout as the
// write transaction reads it, without verifying again. The drivers check a
// re-plan before their write transaction, since Verify on a large result
// takes seconds and SQLite has one writer (a refused re-plan of 49,000
// pieces held every save for 95 s; a re-check inside, after a tick, held it
// as long again); inside it, only this. It holds when cur is checked, or
// when only the ticks changed (the state and the stored plan are the same)
// and the pages c verified as pinned still hold every ticked page: the
// result is a plan of the request that keeps them unchanged, whatever
// ticks came or went. A tick on a page the re-plan does not keep is the
// Conflict of ReplanPins (MsgJobPinned). Otherwise (the state or the plan
// changed, or a tick on a kept page past c.Pins) it does not hold: the
// driver checks the re-plan again against the layout as it now is,
// outside the transaction.
func ReplanHolds(c ReplanCheck, checked, cur Layout, in LayoutInput) (bool, error) {
	if checked.State != cur.State || !reflect.DeepEqual(checked.Result, cur.Result) {
		return false, nil
	}
	if slices.Equal(checked.CutPieces, cur.CutPieces) {
		return true, nil
	}
	pinned, err := ReplanPins(cur, in)
	if err != nil {
		return false, err
	}
	return c.Pins == 0 || c.Pins >= leastPins(cur, pinned), nil
}

// ReplanRow is what a re-plan writes to its layout's row: the columns'
// JSON and counts, made from the validated input once, before the write
// transaction (the result of a 20,000-piece job is about 2.5 MB of JSON,
// and its encoding took a tenth of the transaction's hold).
type ReplanRow struct {
	Parts, Sheet, Options []byte
	Stock, Bands, Result  []byte // nil: NULL
	Lines, Pieces, Placed int
}

// ReplanRowOf returns the row of the validated re-plan in.
func ReplanRowOf(in LayoutInput) (ReplanRow, error) {
	var r ReplanRow
	var err error
	if r.Parts, r.Sheet, r.Options, err = LayoutColumns(Layout{Parts: in.Parts, Sheet: in.Sheet, Options: in.Options}); err != nil {
		return ReplanRow{}, err
	}
	if r.Stock, r.Bands, err = StockColumns(in.Stock, in.Bands); err != nil {
		return ReplanRow{}, err
	}
	if r.Result, err = ResultColumn(in.Result); err != nil {
		return ReplanRow{}, err
	}
	r.Lines, r.Pieces = Counts(in.Parts)
	r.Placed = Placed(in.Result)
	return r, nil
}

// KnownResult remembers a layout's result column as a read outside the
// write transaction decoded it (Parse), so that the re-plan's transaction,
// which reads the job again (ReplanHolds), decodes it only if the column
// changed meanwhile (Reuse). Decoding a 20,000-piece result there, and
// once more for the answer, was most of the transaction's hold of
// SQLite's one write connection or of the job's row on PostgreSQL.
type KnownResult struct {
	column []byte // a copy: a driver may reuse the buffer it scanned into
	result *nest.Result
}

// Parse decodes the result column data (ParseResult) and remembers it.
func (k *KnownResult) Parse(data []byte) (*nest.Result, error) {
	res, err := ParseResult(data)
	if err != nil {
		*k = KnownResult{}
		return nil, err
	}
	k.column, k.result = bytes.Clone(data), res
	return res, nil
}

// Reuse returns the result Parse decoded when data is the column it
// decoded, byte for byte (the stored plan unchanged: the drivers write a
// result's column from json.Marshal, and PostgreSQL prints one jsonb value
// one way), else data decoded. The result is then shared with the read
// that Parse served; neither is changed.
func (k *KnownResult) Reuse(data []byte) (*nest.Result, error) {
	if k.column != nil && bytes.Equal(data, k.column) {
		return k.result, nil
	}
	return ParseResult(data)
}

// SettingsColumn returns the JSON of the settings column.
func SettingsColumn(o OffcutSettings) ([]byte, error) {
	if o.Rules == nil {
		o.Rules = []nest.OffcutRule{}
	}
	return json.Marshal(o)
}
