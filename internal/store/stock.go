package store

import (
	"encoding/json"
	"fmt"
	"math"
	"strings"
	"unicode/utf8"

	"kesim/internal/apperr"
	"kesim/nest"
)

// Limits of stock rows, band codes and the parts' material columns: the
// table "Materials, stock rows, grain and edge band" of docs/engine.md.
const (
	MaxStockRows      = nest.MaxStockRows    // stock rows in one list
	MaxBands          = nest.MaxBands        // band codes in one list
	MaxStockQuantity  = nest.MaxStockQty     // sheets of one stock row
	MaxPrice          = nest.MaxPriceTL      // TL, a sheet's or a metre of band's price
	MaxThicknessMM    = nest.MaxThicknessMM  // mm, a part's or a stock row's thickness
	MaxBandThickness  = nest.MaxBandMM       // mm
	MaxBandOverlength = nest.MaxOverlengthCM // cm
	MaxText           = MaxNameLength        // characters of a material, stock name, band code
)

// The messages of those limits: the engine's (docs/engine.md), so that the
// store and the server answer its words.
const (
	MsgStockTooMany   = nest.MsgTooManyStock
	MsgStockID        = nest.MsgStockID
	MsgStockQuantity  = nest.MsgStockQuantity
	MsgPrice          = nest.MsgPrice
	MsgThickness      = nest.MsgThickness
	MsgBandThickness  = nest.MsgBandThickness
	MsgBandOverlength = nest.MsgOverlength
	MsgBandsTooMany   = nest.MsgTooManyBands
	MsgBandCode       = nest.MsgBandCode
	MsgUnknownBand    = nest.MsgUnknownBand
	MsgTextTooLong    = nest.MsgTextTooLong
	MsgGrain          = nest.MsgInvalidGrain
	MsgObjective      = nest.MsgInvalidObjective
)

// StockKindSheet is the kind of the stock rows a user enters (table
// stock_rows, column kind). Leftover pieces (offcuts) are to come back as
// rows of another kind, with the job they came from in column source;
// ReplaceStock replaces only the rows of this kind.
const StockKindSheet = "sheet"

// StockList is a user's stock rows and band codes, as GET and PUT
// /api/stock carry them: the engine's shapes, in the user's order.
type StockList struct {
	Stock []nest.Stock `json:"stock"`
	Bands []nest.Band  `json:"bands"`
	// Offcuts are the offcuts on the rack (GetStock and what ReplaceStock
	// stored); the server lists them after Stock.
	Offcuts []Offcut `json:"-"`
	// Settings are the offcut settings; nil in ReplaceStock keeps them.
	Settings *OffcutSettings `json:"-"`
	// Options are the layout options the stock dialog sets with the list
	// (objective, band deduction, one leftover): in GetStock nil when the
	// owner never saved any (DefaultStockOptions apply), in ReplaceStock
	// nil keeps the stored ones (a client from before options).
	Options *StockOptions `json:"-"`
	// Seen, in ReplaceStock, are the ids of the rack's offcuts the client
	// had read: an offcut the list leaves out is removed only when it is
	// among them, so that a client with an old copy of the rack never
	// removes an offcut a job put there since. Nil: every offcut the list
	// leaves out is removed.
	Seen []string `json:"-"`
	// Version counts the owner's saves of the list: GetStock and
	// ReplaceStock return it, and each ReplaceStock adds one. A cut job's
	// offcuts do not change it (Seen keeps those apart), so that offcuts
	// alone never stop a client from saving the list it is editing; the
	// sheets a cut takes off the sheet rows, or its undo puts back, do
	// (one for each such state change), so that a client's old copy of
	// the rows never writes them back.
	Version int64 `json:"-"`
	// IfVersion, in ReplaceStock, is the Version the client read: the
	// list is replaced only if no other save came in since (else Conflict
	// MsgStockChanged, nothing changed), checked and counted in the
	// transaction that writes, so that of two clients that read the same
	// Version exactly one saves. Nil replaces whatever is stored.
	IfVersion *int64 `json:"-"`
}

// StockOptions are the layout options of a user's stock dialog, kept with
// the stock list (offcut_settings.layout_options, migration 15) so that
// every device of the user lays a job out alike: the engine's objective
// (options.objective), whether band thickness comes off the cut sizes
// (options.deductBands) and whether the last sheet of each material keeps
// one large leftover (options.keepLeftover).
type StockOptions struct {
	Objective    string `json:"objective"`
	DeductBands  bool   `json:"deductBands"`
	KeepLeftover bool   `json:"keepLeftover"`
}

// DefaultStockOptions are the options of a user who saved none: the
// cheapest layout, no band deduction, no leftover kept.
func DefaultStockOptions() StockOptions {
	return StockOptions{Objective: nest.ObjectiveCost}
}

// Validate checks the options: the objective must be one of the engine's
// (cost, area, sheets; none is refused too, on "options.objective").
func (o StockOptions) Validate() (StockOptions, error) {
	if o.Objective == "" {
		return o, invalid("options.objective", MsgObjective)
	}
	if err := checkObjective(o.Objective); err != nil {
		return o, err
	}
	return o, nil
}

// StockOptionsColumn returns the options as the column layout_options
// keeps them (JSON).
func StockOptionsColumn(o StockOptions) ([]byte, error) {
	return json.Marshal(o)
}

// ParseStockOptions reads a stored layout_options column: nil for NULL
// (none saved), the defaults for an unreadable one, the default objective
// for one that is not the engine's.
func ParseStockOptions(data []byte) *StockOptions {
	if data == nil {
		return nil
	}
	o := DefaultStockOptions()
	if json.Unmarshal(data, &o) != nil {
		o = DefaultStockOptions()
	}
	if _, err := o.Validate(); err != nil {
		o.Objective = nest.ObjectiveCost
	}
	return &o
}

// StockSaveMissed is what a driver does when its conditional count of a
// stock save (UPDATE … WHERE stock_version = want) changed no row: an
// owner with a settings row (found), or a client that read a saved
// version, lost to another save (Conflict MsgStockChanged); an owner
// without one, saving for the first time, gets a settings row with the
// default settings, whose column it returns, at version 1.
func StockSaveMissed(found bool, want *int64) (settings string, err error) {
	if found || want != nil && *want != 0 {
		return "", apperr.New(apperr.Conflict, MsgStockChanged)
	}
	data, err := SettingsColumn(DefaultOffcutSettings())
	return string(data), err
}

// MsgStockChanged refuses a save of the stock list from a client that read
// it before another save (another tab, another device): its copy is old,
// and saving it would silently undo the other's changes.
const MsgStockChanged = "Stok listesi siz düzenlerken başka bir pencereden ya da cihazdan kaydedildi; değişiklikleriniz kaydedilmedi. Listeyi yeniden açıp değişikliklerinizi tekrar yapın."

// Validate checks every rule of docs/engine.md's table for stock rows and
// band codes and returns the list as it is to be stored: texts trimmed,
// sheet sides rounded down to 0.01 cm as the engine takes them (at most
// MaxSize, an offcut row's MaxSheetSize), thickness,
// prices and overlength rounded to two decimals (the stored precision),
// nil lists empty. Fields are named "stock[i].width", "bands[i].code".
func (s StockList) Validate() (StockList, error) {
	stock, err := checkStock(s.Stock)
	if err != nil {
		return s, err
	}
	bands, err := checkBands(s.Bands)
	if err != nil {
		return s, err
	}
	if stock == nil {
		stock = []nest.Stock{}
	}
	if bands == nil {
		bands = []nest.Band{}
	}
	return StockList{Stock: stock, Bands: bands}, nil
}

func checkStock(in []nest.Stock) ([]nest.Stock, error) {
	if len(in) > MaxStockRows {
		return nil, invalid("stock", MsgStockTooMany)
	}
	if len(in) == 0 {
		return nil, nil
	}
	out := make([]nest.Stock, len(in))
	// The default sheet's id is taken, as the engine takes it.
	seen := map[string]bool{nest.StockDefault: true}
	for i, st := range in {
		f := func(name string) string { return fmt.Sprintf("stock[%d].%s", i, name) }
		var err error
		st.ID = strings.TrimSpace(st.ID)
		if st.ID == "" || seen[st.ID] {
			return nil, invalid(f("id"), MsgStockID)
		}
		seen[st.ID] = true
		if st.ID, err = checkText(f("id"), st.ID); err != nil {
			return nil, err
		}
		if st.Name, err = checkText(f("name"), st.Name); err != nil {
			return nil, err
		}
		if st.Material, err = checkText(f("material"), st.Material); err != nil {
			return nil, err
		}
		if st.Thickness, err = checkAmount(f("thickness"), st.Thickness, MaxThicknessMM, MsgThickness); err != nil {
			return nil, err
		}
		// A sheet row is the specification's (at most MaxSize); an offcut
		// row (a layout's, planned on a board of the rack) is a leftover
		// of a canvas, whose sides reach MaxSheetSize: a job planned on a
		// 4970 cm offcut must save as it laid out.
		side := checkSize
		if st.Offcut {
			side = checkSheetSide
		}
		if st.Width, err = side(f("width"), st.Width, MsgInvalidSheet, nest.RoundDown); err != nil {
			return nil, err
		}
		if st.Height, err = side(f("height"), st.Height, MsgInvalidSheet, nest.RoundDown); err != nil {
			return nil, err
		}
		if st.Quantity < 0 || st.Quantity > MaxStockQuantity {
			return nil, invalid(f("quantity"), MsgStockQuantity)
		}
		if st.Offcut && st.Quantity == 0 {
			// The engine refuses an unlimited offcut (it costs nothing and
			// would be all it used): a layout saved with one would not
			// lay out again.
			return nil, invalid(f("quantity"), nest.MsgOffcutQuantity)
		}
		if st.Price, err = checkAmount(f("price"), st.Price, MaxPrice, MsgPrice); err != nil {
			return nil, err
		}
		if err = checkGrain(f("grain"), st.Grain); err != nil {
			return nil, err
		}
		out[i] = st
	}
	return out, nil
}

func checkBands(in []nest.Band) ([]nest.Band, error) {
	if len(in) > MaxBands {
		return nil, invalid("bands", MsgBandsTooMany)
	}
	if len(in) == 0 {
		return nil, nil
	}
	out := make([]nest.Band, len(in))
	seen := make(map[string]bool, len(in))
	for i, b := range in {
		f := func(name string) string { return fmt.Sprintf("bands[%d].%s", i, name) }
		var err error
		b.Code = strings.TrimSpace(b.Code)
		if b.Code == "" || seen[b.Code] {
			return nil, invalid(f("code"), MsgBandCode)
		}
		seen[b.Code] = true
		if b.Code, err = checkText(f("code"), b.Code); err != nil {
			return nil, err
		}
		if b.Name, err = checkText(f("name"), b.Name); err != nil {
			return nil, err
		}
		if b.Thickness, err = checkAmount(f("thickness"), b.Thickness, MaxBandThickness, MsgBandThickness); err != nil {
			return nil, err
		}
		if b.Price, err = checkAmount(f("price"), b.Price, MaxPrice, MsgPrice); err != nil {
			return nil, err
		}
		if b.Overlength, err = checkAmount(f("overlength"), b.Overlength, MaxBandOverlength, MsgBandOverlength); err != nil {
			return nil, err
		}
		out[i] = b
	}
	return out, nil
}

// checkText trims an optional text (a material, a stock row's name, a band
// code) and checks it: valid UTF-8 without NUL, at most 200 characters.
func checkText(field, s string) (string, error) {
	s = strings.TrimSpace(s)
	switch {
	case !utf8.ValidString(s) || strings.ContainsRune(s, 0):
		// A name's own words for a name; the field names the others.
		if field == "name" || strings.HasSuffix(field, ".name") {
			return s, invalid(field, MsgNameInvalid)
		}
		return s, invalid(field, MsgTextInvalid)
	case utf8.RuneCountInString(s) > MaxText:
		return s, invalid(field, MsgTextTooLong)
	}
	return s, nil
}

// checkAmount rounds a thickness, price or overlength to two decimals, the
// precision the tables keep, and checks that it lies in 0..most.
func checkAmount(field string, v, most float64, msg string) (float64, error) {
	if math.IsNaN(v) || math.IsInf(v, 0) || v < 0 || v > most {
		return v, invalid(field, msg)
	}
	return FromHundredths(Hundredths(v)), nil
}

// checkGrain accepts "", "none", "vertical" and "horizontal", kept as
// given.
func checkGrain(field, g string) error {
	switch g {
	case "", nest.GrainNone, nest.GrainVertical, nest.GrainHorizontal:
		return nil
	}
	return invalid(field, MsgGrain)
}

// checkPartMaterial checks a part's optional columns: material, thickness,
// grain and the band code of each edge. With bands non-nil (a layout) each
// code must be one of them.
func checkPartMaterial(material string, thickness float64, grain string, edges *nest.Edges, bands map[string]bool) (string, float64, *nest.Edges, error) {
	var err error
	if material, err = checkText("material", material); err != nil {
		return material, thickness, edges, err
	}
	if thickness, err = checkAmount("thickness", thickness, MaxThicknessMM, MsgThickness); err != nil {
		return material, thickness, edges, err
	}
	if err = checkGrain("grain", grain); err != nil {
		return material, thickness, edges, err
	}
	if edges == nil {
		return material, thickness, nil, nil
	}
	e := *edges // the caller's pointer is not kept
	for _, c := range []struct {
		name string
		code *string
	}{{"top", &e.Top}, {"bottom", &e.Bottom}, {"left", &e.Left}, {"right", &e.Right}} {
		if *c.code, err = checkText("edges."+c.name, *c.code); err != nil {
			return material, thickness, edges, err
		}
		if *c.code != "" && bands != nil && !bands[*c.code] {
			return material, thickness, edges, invalid("edges."+c.name, MsgUnknownBand)
		}
	}
	if e == (nest.Edges{}) {
		return material, thickness, nil, nil
	}
	return material, thickness, &e, nil
}

// checkObjective accepts the engine's objectives or none.
func checkObjective(o string) error {
	switch o {
	case "", nest.ObjectiveCost, nest.ObjectiveArea, nest.ObjectiveSheets:
		return nil
	}
	return invalid("options.objective", MsgObjective)
}

// bandSet returns the codes of bands, never nil.
func bandSet(bands []nest.Band) map[string]bool {
	m := make(map[string]bool, len(bands))
	for _, b := range bands {
		m[b.Code] = true
	}
	return m
}

// EdgeColumns returns a part's band codes as the columns edge_top,
// edge_bottom, edge_left and edge_right keep them ("" for no band).
func EdgeColumns(e *nest.Edges) [4]string {
	if e == nil {
		return [4]string{}
	}
	return [4]string{e.Top, e.Bottom, e.Left, e.Right}
}

// EdgesFromColumns is the inverse of EdgeColumns: nil when no edge has a
// band.
func EdgesFromColumns(c [4]string) *nest.Edges {
	if c == ([4]string{}) {
		return nil
	}
	return &nest.Edges{Top: c[0], Bottom: c[1], Left: c[2], Right: c[3]}
}
