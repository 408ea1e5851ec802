// Package cutlist writes the cut list of a layout for spreadsheets: an .xlsx
// workbook with the sheets "Parçalar" (one row per piece, sheet by sheet in
// cutting order, its column "No" the piece's number on its sheet as the
// PDF, the DXF and the labels number it) and "Levhalar" (one row per
// sheet, with its usable leftovers), and the same tables as CSV
// the way Turkish Excel opens them (";" separated, decimal comma, UTF-8 with
// BOM, CRLF).
//
// Lengths are in cm, as in the engine's result; thickness in mm. X and Y
// are a part's top-left corner measured from the sheet's top-left corner,
// y down (as the result, the PDF and the labels), unlike the DXF, whose
// origin is the sheet's bottom-left corner with y up.
package cutlist

import (
	"cmp"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"kesim/export"
	"kesim/nest"
)

// Options name the rows of a cut list: the request's stock rows and band
// codes, its kerf and trim, and which leftovers are listed. A sheet's
// leftovers are the offcuts the rack gets when the job is marked cut
// (nest.Leftovers under the same kerf, trim and rules), the largest first.
type Options struct {
	Stock []nest.Stock `json:"stock,omitempty"`
	Bands []nest.Band  `json:"bands,omitempty"`
	// Sheet is the request's sheet (zero for none): the trim must leave
	// some of it, as of every stock row and every sheet of the result.
	Sheet nest.Sheet `json:"sheet,omitzero"`
	// Kerf is the request's kerf (cm): leftovers keep it from every part.
	Kerf float64 `json:"kerf,omitempty"`
	// Trim is the request's edge trim (cm); leftovers lie inside it.
	Trim float64 `json:"trim,omitempty"`
	// Rules are the offcut rules (the user's offcut settings, as the rack
	// applies them); nil means one rule of MinLeftover × MinLeftover for
	// every material, and an empty list (a user who removed every rule,
	// whose rack keeps no offcut) lists none.
	Rules []nest.OffcutRule `json:"rules,omitempty"`
	// MinLeftover is the smallest side (cm) of a listed leftover when there
	// are no Rules; 0 means DefaultMinLeftover.
	MinLeftover float64 `json:"minLeftover,omitempty"`
	// MaxLeftovers is how many leftovers a sheet lists at most; 0 means
	// all of them, as the rack gets them all.
	MaxLeftovers int `json:"maxLeftovers,omitempty"`
	// Offcuts, when not nil, are the sheets' leftovers instead (a cut
	// job's: those its cut put on the rack, with their codes), listed as
	// they are, the largest of a sheet first; an empty list lists none.
	// The rules then play no part.
	Offcuts []Offcut `json:"offcuts,omitempty"`
	// KerfUnknown says the request is not known (Kerf is then 0): the
	// pieces are numbered as the PDF numbers them without its kerf
	// (export.OrderKerf(nil)). The leftovers still keep Kerf.
	KerfUnknown bool `json:"-"`
}

// Offcut is a leftover given to the cut list (Options.Offcuts): where it
// lies, in cm on the page of that index in the result, and the code of
// the rack's offcut row it is.
type Offcut struct {
	Page   int     `json:"page"`
	X      float64 `json:"x"`
	Y      float64 `json:"y"`
	Width  float64 `json:"width"`
	Height float64 `json:"height"`
	Code   string  `json:"code"`
}

// MaxOffcutCode is the longest code of an offcut, in characters.
const MaxOffcutCode = 40

// ForRequest returns the options of the cut list of a layout of req: its
// sheet, stock rows, band codes, kerf and trim.
func ForRequest(req nest.Request) Options {
	return Options{Stock: req.Stock, Bands: req.Bands, Sheet: req.Sheet, Kerf: req.Options.Kerf, Trim: req.Options.Trim}
}

// Limits of the options and of a result written.
const (
	DefaultMinLeftover = nest.DefaultOffcutCM
	MaxSide            = 10000 // cm, as the engine
	MaxPieces          = 200000
)

// Turkish errors.
var (
	ErrNothing = errors.New("Dışa aktarılacak yerleşim yok.")
	// ErrBadOptions is what every *OptionError is (errors.Is).
	ErrBadOptions = errors.New("Kesim listesi seçenekleri geçersiz.")
	ErrBadResult  = errors.New("Yerleşim geçersiz: ölçüler 0 ile 10.000 cm arasında olmalı.")
	ErrTooMany    = errors.New("Kesim listesi en fazla 200.000 parça içerebilir.")
)

// The messages of the bad options, one an option. The kerf's and the
// trim's are the engine's (nest.Layout's, for options.kerf and
// options.trim), as kesim nest and POST /api/nest refuse them.
const (
	MsgMaxLeftovers = "Artık sayısı 0 ile 20 arasında bir tam sayı olmalı."
	MsgMinLeftover  = "Artık parça ölçüsü 0 ile 10.000 cm arasında olmalı."
	MsgKerf         = "Testere payı 0 ile 10 cm arasında olmalı."
	MsgTrim         = "Kenar payı sıfır veya pozitif olmalı ve tuvalden küçük kalmalı."
	MsgOffcut       = "Artık parça yerleşimin bir levhasının içinde olmalı: sayfası yerleşimde, yeri ve ölçüleri 0 ile 10.000 cm arasında ve levhanın içinde."
	MsgOffcutCode   = "Artık kodu en fazla 40 karakter olabilir ve denetim karakteri içeremez."
)

// MaxLeftovers is the most leftovers a sheet may be asked to list.
const MaxLeftovers = 20

// OptionError is a bad option: Field names it as Options' JSON does
// ("maxLeftovers", "minLeftover", "kerf", "trim"; the kerf and the trim
// are the request's options.kerf and options.trim), Message says why in
// Turkish. It is ErrBadOptions (errors.Is), whose words start its Error
// ("Kesim listesi seçenekleri geçersiz: Artık sayısı …") where no field is
// shown (the browser's engine); the server shows Message on Field.
type OptionError struct {
	Field, Message string
}

func (e *OptionError) Error() string {
	return strings.TrimSuffix(ErrBadOptions.Error(), ".") + ": " + e.Message
}

// Unwrap makes every OptionError ErrBadOptions.
func (e *OptionError) Unwrap() error { return ErrBadOptions }

// Piece is one row of "Parçalar".
type Piece struct {
	Page int // 1-based
	// No is the piece's number on its sheet, from 1, as the PDF, the DXF
	// and the labels number it (export.Numbers: cutting order).
	No                       int
	X, Y, Width, Height      float64
	Rotated                  bool
	Material                 string
	Thickness                float64
	Top, Bottom, Left, Right string
	Label                    string // the placed part's id
	Name                     string
}

// Rect is a free rectangle of a sheet (cm); Code is the code of the
// rack's offcut it is, when known (a cut job's).
type Rect struct {
	X, Y, Width, Height float64
	Code                string
}

// SheetRow is one row of "Levhalar".
type SheetRow struct {
	Page          int
	StockID       string
	StockName     string
	Material      string
	Thickness     float64
	Width, Height float64
	Efficiency    int // whole percent, as the result
	// Sequenced says the layout has a cutting sequence (a guillotine
	// layout: some page lists cuts). Only then are Cuts and CutLength the
	// sheet's; otherwise they are 0 and their cells are left empty, not
	// "0", which would read as a sheet that needs no cut.
	Sequenced bool
	Cuts      int
	CutLength float64
	Leftovers []Rect
}

func finite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }

func (o Options) check() (Options, error) {
	// In the order of the request, then of the cut list's own options.
	if !finite(o.Kerf) || o.Kerf < 0 || o.Kerf > nest.MaxKerfCM {
		return o, &OptionError{"kerf", MsgKerf}
	}
	if !finite(o.Trim) || o.Trim < 0 || o.Trim > MaxSide || !o.trimLeaves(o.Sheet.Width, o.Sheet.Height) {
		return o, &OptionError{"trim", MsgTrim}
	}
	for _, s := range o.Stock {
		if !o.trimLeaves(s.Width, s.Height) {
			return o, &OptionError{"trim", MsgTrim}
		}
	}
	if !finite(o.MinLeftover) || o.MinLeftover < 0 || o.MinLeftover > MaxSide {
		return o, &OptionError{"minLeftover", MsgMinLeftover}
	}
	if o.MaxLeftovers < 0 || o.MaxLeftovers > MaxLeftovers {
		return o, &OptionError{"maxLeftovers", MsgMaxLeftovers}
	}
	if len(o.Offcuts) > MaxPieces {
		return o, &OptionError{"offcuts", ErrTooMany.Error()}
	}
	for i, c := range o.Offcuts {
		f := "offcuts[" + strconv.Itoa(i) + "]."
		switch {
		case c.Page < 0:
			return o, &OptionError{f + "page", MsgOffcut}
		case !side(c.X):
			return o, &OptionError{f + "x", MsgOffcut}
		case !side(c.Y):
			return o, &OptionError{f + "y", MsgOffcut}
		case !side(c.Width) || c.Width == 0:
			return o, &OptionError{f + "width", MsgOffcut}
		case !side(c.Height) || c.Height == 0:
			return o, &OptionError{f + "height", MsgOffcut}
		case utf8.RuneCountInString(c.Code) > MaxOffcutCode || !utf8.ValidString(c.Code) || strings.ContainsFunc(c.Code, unicode.IsControl):
			return o, &OptionError{f + "code", MsgOffcutCode}
		}
	}
	if o.MinLeftover == 0 {
		o.MinLeftover = DefaultMinLeftover
	}
	if err := nest.ValidateOffcutRules(o.Rules); err != nil {
		return o, err
	}
	if o.Rules == nil {
		o.Rules = []nest.OffcutRule{{MinWidth: o.MinLeftover, MinHeight: o.MinLeftover}}
	}
	return o, nil
}

// trimLeaves reports whether a sheet of w x h cm keeps some of itself
// inside the trim on both sides, as the engine asks of every sheet (2 ×
// trim under each side). A side that is not a positive length is no sheet
// to check: the request has no such sheet (a zero Sheet), or the engine
// refuses it on its own field.
func (o Options) trimLeaves(w, h float64) bool {
	// The engine rounds the trim up to its grid (0,01 cm): 91,495 is 91,5.
	trim := nest.RoundUp(o.Trim)
	for _, v := range []float64{w, h} {
		if finite(v) && v > 0 && 2*trim >= v {
			return false
		}
	}
	return true
}

func side(v float64) bool { return finite(v) && v >= 0 && v <= MaxSide }

// Rows returns the two tables of a cut list, checked: bad numbers give a
// Turkish error, never a panic.
func Rows(res nest.Result, opt Options) ([]Piece, []SheetRow, error) {
	opt, err := opt.check()
	if err != nil {
		return nil, nil, err
	}
	if len(res.Pages) == 0 {
		return nil, nil, ErrNothing
	}
	n := 0
	for _, p := range res.Pages {
		n += len(p.Parts)
	}
	if n > MaxPieces {
		return nil, nil, ErrTooMany
	}
	req := nest.Request{Stock: opt.Stock, Options: nest.Options{Kerf: opt.Kerf, Trim: opt.Trim}}
	orderKerf := export.OrderKerf(&opt.Kerf)
	if opt.KerfUnknown {
		orderKerf = export.OrderKerf(nil)
	}
	names := map[string]string{} // stock row id → its name for the column, each computed once
	sequenced := slices.ContainsFunc(res.Pages, func(p nest.Page) bool { return len(p.Cuts) > 0 })
	pieces := make([]Piece, 0, n)
	sheets := make([]SheetRow, 0, len(res.Pages))
	for i, p := range res.Pages {
		w, h := p.Width, p.Height
		if w == 0 || h == 0 {
			w, h = res.Sheet.Width, res.Sheet.Height
		}
		if !side(w) || !side(h) || !side(p.Thickness) {
			return nil, nil, ErrBadResult
		}
		if !opt.trimLeaves(w, h) {
			return nil, nil, &OptionError{"trim", MsgTrim}
		}
		row := SheetRow{Page: i + 1, StockID: p.StockID, Material: p.Material,
			Thickness: p.Thickness, Width: w, Height: h, Efficiency: p.Efficiency, Sequenced: sequenced, Cuts: len(p.Cuts)}
		if row.StockID == "" {
			row.StockID = nest.StockDefault
		}
		name, ok := names[row.StockID]
		if !ok {
			name = StockLabel(opt.Stock, row.StockID, p.Material, p.Thickness, w, h)
			names[row.StockID] = name
		}
		row.StockName = name
		for _, c := range p.Cuts {
			if !side(c.Length) {
				return nil, nil, ErrBadResult
			}
			row.CutLength += c.Length
		}
		row.CutLength = math.Round(row.CutLength*100) / 100
		for _, pp := range p.Parts {
			// A placed part has an area: one of no width or height is a broken result.
			if !side(pp.X) || !side(pp.Y) || !side(pp.Width) || !side(pp.Height) || pp.Width == 0 || pp.Height == 0 {
				return nil, nil, ErrBadResult
			}
		}
		// The sheet's pieces in cutting order, numbered as on the PDF.
		numbers := export.Numbers(res, i, orderKerf)
		sheet := make([]Piece, len(p.Parts))
		for j, pp := range p.Parts {
			pc := Piece{Page: i + 1, No: numbers[j], X: pp.X, Y: pp.Y, Width: pp.Width, Height: pp.Height, Rotated: pp.Rotated,
				Material: p.Material, Thickness: p.Thickness, Label: pp.ID, Name: pp.Name}
			if e := pp.Edges; e != nil {
				pc.Top, pc.Bottom, pc.Left, pc.Right = e.Top, e.Bottom, e.Left, e.Right
			}
			sheet[numbers[j]-1] = pc
		}
		pieces = append(pieces, sheet...)
		sheets = append(sheets, row)
	}
	if err := leftovers(req, res, opt, sheets); err != nil {
		return nil, nil, err
	}
	return pieces, sheets, nil
}

// leftovers fills the sheets' leftovers: opt.Offcuts when given, else the
// offcuts the rack gets (nest.Leftovers of req under opt.Rules, over the
// whole result at once, as the rack gets them, so that the search's bound
// on its work is the rack's), the largest of a sheet first, at most
// opt.MaxLeftovers a sheet when it is set. nest.Leftovers never gives one
// over a part, even on a page no layout makes (parts reaching into the
// trim or over each other).
func leftovers(req nest.Request, res nest.Result, opt Options, sheets []SheetRow) error {
	add := func(page int, r Rect) {
		s := &sheets[page]
		if opt.MaxLeftovers == 0 || len(s.Leftovers) < opt.MaxLeftovers {
			s.Leftovers = append(s.Leftovers, r)
		}
	}
	if opt.Offcuts == nil {
		for _, l := range nest.Leftovers(req, res, opt.Rules) {
			add(l.Page, Rect{X: l.X, Y: l.Y, Width: l.Width, Height: l.Height})
		}
		return nil
	}
	given := slices.Clone(opt.Offcuts)
	slices.SortStableFunc(given, func(a, b Offcut) int { return cmp.Compare(b.Width*b.Height, a.Width*a.Height) })
	for _, c := range given {
		// On a sheet of the result, within it.
		field := ""
		switch {
		case c.Page >= len(sheets):
			field = "page"
		case c.X+c.Width > sheets[c.Page].Width:
			field = "width"
		case c.Y+c.Height > sheets[c.Page].Height:
			field = "height"
		}
		if field != "" {
			i := slices.Index(opt.Offcuts, c)
			return &OptionError{"offcuts[" + strconv.Itoa(i) + "]." + field, MsgOffcut}
		}
		add(c.Page, Rect{X: c.X, Y: c.Y, Width: c.Width, Height: c.Height, Code: c.Code})
	}
	return nil
}

func round2(v float64) float64 { return math.Round(v*100) / 100 }

// Headers of the two tables, in the xlsx and the CSV alike.
var (
	PieceHeaders = []string{"Sayfa", "No", "Etiket no", "Parça", "X (cm)", "Y (cm)", "Genişlik (cm)", "Yükseklik (cm)", "Döndürüldü", "Malzeme", "Kalınlık (mm)", "Üst bant", "Alt bant", "Sol bant", "Sağ bant"}
	SheetHeaders = []string{"Sayfa", "Stok satırı", "Malzeme", "Kalınlık (mm)", "Genişlik (cm)", "Yükseklik (cm)", "Verim %", "Kesim sayısı", "Kesim uzunluğu (cm)", "Artık parçalar (cm)", "En büyük artık (cm²)"}
)

// thickness is a thickness for a cell: none when it is 0 (a part or
// sheet of no thickness), not "0".
func thickness(t float64) string {
	if t == 0 {
		return ""
	}
	return Num(t)
}

// cutCells are a sheet row's Kesim sayısı and Kesim uzunluğu for the
// CSV: empty for a layout without a cutting sequence.
func cutCells(s SheetRow) (cuts, length string) {
	if !s.Sequenced {
		return "", ""
	}
	return strconv.Itoa(s.Cuts), Num(s.CutLength)
}

func yesNo(b bool) string {
	if b {
		return "Evet"
	}
	return "Hayır"
}

func stockName(s SheetRow) string {
	if s.StockName != "" {
		return s.StockName
	}
	return s.StockID
}

// StockLabel names stock row id in the cut list's Stok satırı column as
// the PDF and the DXF name it (export.StockName: its name, else its
// material and size; an offcut by its code; the default sheet "Varsayılan
// tuval"), followed by the id in brackets only when it is a code a person
// gave (the stock CSV's kod: "Beyaz 210x280 (S2)"), never an id a program
// made (GeneratedID). A row the stock list lacks is named by its page's
// material and sheet size when its id is generated.
func StockLabel(stock []nest.Stock, id, material string, thickness, w, h float64) string {
	name := export.StockName(stock, id)
	if GeneratedID(id) {
		if name == id {
			name = export.MaterialName(material, thickness) + " " + export.Size(w, h)
		}
		return name
	}
	if name == id || strings.Contains(name, id) {
		return name
	}
	return name + " (" + id + ")"
}

// Bounds of the time in a web app's stock row id: from 2020 to a day
// after now (a later time is no id the app made).
var webIDFrom = time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC).UnixMilli()

// GeneratedID reports whether stock row id was made by a program rather
// than typed by a person, so that no paper shows it: the default sheet's
// id ("sheet"), the ids the CLI gives rows without a kod ("s1", "s2", ...,
// internal/partcsv), and the web app's ("s" + the time in milliseconds in
// base 36 + a counter, web/src/features/stock/stock.ts newStockId:
// "smxbeacwu2"), recognised by a time between 2020 and now.
func GeneratedID(id string) bool {
	if id == nest.StockDefault {
		return true
	}
	rest, ok := strings.CutPrefix(id, "s")
	if !ok || rest == "" {
		return false
	}
	if digits(rest) && rest[0] != '0' {
		return true // the CLI's s1, s2, ...
	}
	until := time.Now().Add(24 * time.Hour).UnixMilli()
	// The time has 8 base-36 digits until 2059, then 9; the counter, from
	// 1, follows in decimal.
	for _, n := range []int{8, 9} {
		if len(rest) <= n || !digits(rest[n:]) || rest[n] == '0' {
			continue
		}
		ms, err := strconv.ParseInt(rest[:n], 36, 64)
		if err == nil && rest[:n] == strings.ToLower(rest[:n]) && ms >= webIDFrom && ms <= until {
			return true
		}
	}
	return false
}

// digits reports whether s is all ASCII digits.
func digits(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return s != ""
}

// LeftoverText writes the leftovers Turkish style: "120 × 45,5; 30 × 20",
// each after its code when it has one ("A-3: 120 × 45,5"). Past what a
// spreadsheet cell holds (MaxCellText) it ends with how many more there
// are ("… ve 12 artık daha").
func LeftoverText(l []Rect) string {
	var b strings.Builder
	for i, r := range l {
		t := Num(r.Width) + " × " + Num(r.Height)
		if r.Code != "" {
			t = r.Code + ": " + t
		}
		if i > 0 {
			t = "; " + t
		}
		// Room is kept for the note of the rest: 60 characters.
		if b.Len()+len(t) > MaxCellText-60 {
			fmt.Fprintf(&b, "; … ve %d artık daha", len(l)-i)
			break
		}
		b.WriteString(t)
	}
	return b.String()
}

// MaxCellText is the most characters an Excel cell holds.
const MaxCellText = 32767

func largest(l []Rect) float64 {
	if len(l) == 0 {
		return 0
	}
	return round2(l[0].Width * l[0].Height)
}

// Num writes a number the Turkish way: decimal comma, no thousands
// separator (so Excel reads it as a number), at most two decimals.
func Num(v float64) string {
	s := fmt.Sprintf("%.2f", v)
	s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	if s == "-0" {
		s = "0"
	}
	return strings.Replace(s, ".", ",", 1)
}
