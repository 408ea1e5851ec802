// Package nest lays out rectangular parts on sheets with as few sheets as
// possible. It is a pure package: no I/O, no globals, deterministic for a
// given seed, and cancellable through a context.
//
// Outside the package every length is in centimetres (the JSON contract of
// docs/engine.md); inside, lengths are integers of 0.1 mm so that a 50 cm
// part fits twice into 100 cm exactly and no float drift ever costs a sheet.
package nest

// Sheet is the size of one sheet (page) in centimetres.
type Sheet struct {
	Width  float64 `json:"width"`
	Height float64 `json:"height"`
}

// Part is one line of the job: Quantity copies of a Width x Height rectangle.
type Part struct {
	ID       string  `json:"id"`
	Name     string  `json:"name"`
	Width    float64 `json:"width"`
	Height   float64 `json:"height"`
	Quantity int     `json:"quantity"`
	// Rotate allows the 90° turn; nil means true. False locks the
	// orientation (grain).
	Rotate *bool `json:"rotate,omitempty"`
	// Material and Thickness (mm) choose the stock rows the part is cut
	// from; parts without a material go on rows without one.
	Material  string  `json:"material,omitempty"`
	Thickness float64 `json:"thickness,omitempty"`
	// Grain is the direction of the part's grain as entered: GrainNone
	// (or empty), GrainVertical (along its height) or GrainHorizontal
	// (along its width). On a grained stock row it decides the turn.
	Grain string `json:"grain,omitempty"`
	// Edges names the band code on each edge of the part as entered.
	Edges *Edges `json:"edges,omitempty"`
}

// Edges holds a band code per edge of a part; empty means no band.
type Edges struct {
	Top    string `json:"top,omitempty"`
	Bottom string `json:"bottom,omitempty"`
	Left   string `json:"left,omitempty"`
	Right  string `json:"right,omitempty"`
}

// Stock is one stock row: sheets of one size of one material.
type Stock struct {
	ID        string  `json:"id"`
	Name      string  `json:"name,omitempty"`
	Material  string  `json:"material,omitempty"`
	Thickness float64 `json:"thickness,omitempty"` // mm
	Width     float64 `json:"width"`
	Height    float64 `json:"height"`
	// Quantity is the number of sheets there are; 0 means unlimited (to
	// buy).
	Quantity int `json:"quantity,omitempty"`
	// Price is the price of one sheet in TL; 0 means not given.
	Price float64 `json:"price,omitempty"`
	// Grain is the direction of the sheet's grain: GrainNone (or empty),
	// GrainVertical (along its height) or GrainHorizontal (along its width).
	Grain string `json:"grain,omitempty"`
	// Offcut marks a row that is an offcut from the rack (usually
	// quantity 1, price 0): the engine uses offcut rows first, and one its
	// parts cover less than Options.OffcutMinUse percent of only when
	// sparing it would cost more (Page.BelowMinUse).
	Offcut bool `json:"offcut,omitempty"`
	// spent marks, in the request a pinned layout lays out besides its
	// pinned pages, a limited row whose sheets the pinned pages took all
	// of: still the stock of its material (its parts are short of stock,
	// not of another sheet), but it takes no sheet.
	spent bool
}

// Band is one edge band code.
type Band struct {
	Code      string  `json:"code"`
	Name      string  `json:"name,omitempty"`
	Thickness float64 `json:"thickness,omitempty"` // mm
	// Price is the price of one metre in TL.
	Price float64 `json:"price,omitempty"`
	// Overlength is the band added to every banded edge, in cm.
	Overlength float64 `json:"overlength,omitempty"`
}

// Grain directions, of a part and of a stock row.
const (
	GrainNone       = "none"
	GrainVertical   = "vertical"
	GrainHorizontal = "horizontal"
)

// Objectives of a layout with stock rows (Options.Objective).
const (
	ObjectiveCost   = "cost"
	ObjectiveArea   = "area"
	ObjectiveSheets = "sheets"
)

// CanRotate reports whether the part may be turned by 90°.
func (p Part) CanRotate() bool { return p.Rotate == nil || *p.Rotate }

// Options tune the layout. The zero value is the default: no kerf, no trim,
// free (non-guillotine) layout, constructive phase only, seed 0.
type Options struct {
	// Kerf is the saw blade width in cm: the gap kept between neighbouring parts.
	Kerf float64 `json:"kerf"`
	// Trim is the margin in cm removed along every sheet edge.
	Trim float64 `json:"trim"`
	// Guillotine asks for layouts cut with edge-to-edge cuts only.
	Guillotine bool `json:"guillotine"`
	// TimeLimitMs bounds the improvement phase; 0 runs the constructive
	// phase only.
	TimeLimitMs int `json:"timeLimitMs"`
	// Seed makes the improvement phase reproducible.
	Seed int64 `json:"seed"`
	// Iterations, when positive, bounds the improvement phase by a work
	// budget instead of (or as well as) time, so that the same request gives
	// the same layout on any machine.
	Iterations int `json:"iterations,omitempty"`
	// Workers is how many goroutines run the improvement phase and the
	// exact-fit search's merge repair (1 to MaxWorkers; 0 means 1), each
	// with its own random stream, sharing the best layout every few steps.
	// A seed, an iteration budget and a worker count give the same layout
	// on any machine.
	Workers int `json:"workers,omitempty"`
	// Objective is what a layout with stock rows minimises first:
	// ObjectiveCost (the default: the sheets' prices where every row of
	// the material has one, else their area), ObjectiveArea or
	// ObjectiveSheets.
	Objective string `json:"objective,omitempty"`
	// DeductBands cuts a banded part smaller by its bands' thickness, so
	// that it has its size once banded.
	DeductBands bool `json:"deductBands,omitempty"`
	// OffcutMinUse is the least percent (0 to 100, 0 = any use) of an
	// offcut row's sheet its parts must cover for the sheet to be used,
	// unless sparing it would leave copies over or cost more.
	OffcutMinUse int `json:"offcutMinUse,omitempty"`
	// KeepLeftover arranges the parts of the last sheet of each material
	// so that its leftover is one large rectangle rather than scattered
	// gaps, with the sheet count unchanged.
	KeepLeftover bool `json:"keepLeftover,omitempty"`
	// FirstCut and Stages are the saw profile of a guillotine layout
	// (docs/engine.md, "Saw profile"). FirstCut is the direction of each
	// sheet's first cuts: FirstCutLong, parallel to the sheet's longer
	// side (a beam saw's rip cuts), or FirstCutShort, parallel to its
	// shorter side; empty: either. Stages (2 to MaxStages, 0: any) is the
	// most stages of parallel cuts: a cut of another direction than the
	// cuts that made its piece begins a new stage, and a trim that only
	// frees one part from its waste may be one stage more.
	FirstCut string `json:"firstCut,omitempty"`
	Stages   int    `json:"stages,omitempty"`
}

// The first cut directions of Options.FirstCut.
const (
	FirstCutLong  = "long"
	FirstCutShort = "short"
)

// MaxStages bounds Options.Stages.
const MaxStages = 9

// Turkish messages of the saw profile's options.
const (
	MsgFirstCut      = `İlk kesim yönü "long" (boyuna) ya da "short" (enine) olmalı.`
	MsgStages        = "Kesim kademesi 0 (sınırsız) ya da 2 ile 9 arasında bir tam sayı olmalı."
	MsgProfileNoGuil = "İlk kesim yönü ve kesim kademesi yalnız giyotin kesimde seçilebilir."
)

// Request is a complete job.
type Request struct {
	// Sheet is the default stock row: unlimited, without material, price
	// or grain. It takes the parts of every material no stock row has.
	Sheet   Sheet   `json:"sheet"`
	Parts   []Part  `json:"parts"`
	Options Options `json:"options"`
	Stock   []Stock `json:"stock,omitempty"`
	Bands   []Band  `json:"bands,omitempty"`
	// Pinned are pages already cut, of a job being cut. They come back
	// first in the result, unchanged; their pieces count against the
	// parts (a piece "<partID>-<copy>" of a part line still in the request
	// takes one off its quantity) and their sheets against limited rows.
	Pinned []Page `json:"pinned,omitempty"`
}

// Placed is one copy of a part on a page. Width and Height are after rotation.
type Placed struct {
	ID            string  `json:"id"`
	Name          string  `json:"name"`
	X             float64 `json:"x"`
	Y             float64 `json:"y"`
	Width         float64 `json:"width"`
	Height        float64 `json:"height"`
	Rotated       bool    `json:"rotated"`
	OriginalIndex int     `json:"originalIndex"`
	// Edges are the part's band codes as it lies on the sheet, after the
	// turn: the band of the part's top edge as entered is on Right when
	// the part is turned.
	Edges *Edges `json:"edges,omitempty"`
}

// Page is one sheet of the layout.
type Page struct {
	ID string `json:"id"`
	// Efficiency is the whole percent of the sheet covered by parts.
	Efficiency int      `json:"efficiency"`
	Parts      []Placed `json:"parts"`
	// Cuts is the cutting sequence of a guillotine layout, in order.
	Cuts []Cut `json:"cuts,omitempty"`
	// In a layout with materials or stock rows: the stock row the sheet
	// is cut from (StockDefault for Request.Sheet), its material,
	// thickness (mm) and size (cm).
	StockID   string  `json:"stockId,omitempty"`
	Material  string  `json:"material,omitempty"`
	Thickness float64 `json:"thickness,omitempty"`
	Width     float64 `json:"width,omitempty"`
	Height    float64 `json:"height,omitempty"`
	// Pattern numbers the distinct sheet patterns, 1-based in order of
	// first appearance: pages cut from the same stock row with the same
	// placement (part lines, positions, sizes and turns, whatever the
	// copy ids) and the same cuts carry the same number, so they can be
	// printed once with "× N". Pages stay listed one by one.
	Pattern int `json:"pattern,omitempty"`
	// BelowMinUse marks an offcut page whose parts cover less than
	// Options.OffcutMinUse of it: the layout without the offcut left more
	// copies over or cost more (a sheet to buy), so the offcut was used.
	BelowMinUse bool `json:"belowMinUse,omitempty"`
}

// StockDefault is the stock id of Request.Sheet in a result.
const StockDefault = "sheet"

// Cut is one edge-to-edge saw cut of a guillotine layout, within the
// trimmed sheet. The blade runs from (X, Y) for Length, down the sheet when
// Direction is "vertical", across it when "horizontal"; the part edge lies
// on the line and the kerf is taken to the right of it (vertical) or below
// it (horizontal).
type Cut struct {
	Order     int     `json:"order"` // 1-based, per sheet
	X         float64 `json:"x"`
	Y         float64 `json:"y"`
	Length    float64 `json:"length"`
	Direction string  `json:"direction"`
}

// Cut directions.
const (
	Vertical   = "vertical"
	Horizontal = "horizontal"
)

// Skipped is a part line that fits the sheet in no allowed orientation. Its
// whole quantity is listed; none of its copies is placed.
type Skipped struct {
	OriginalIndex int     `json:"originalIndex"`
	ID            string  `json:"id"`
	Name          string  `json:"name"`
	Width         float64 `json:"width"`
	Height        float64 `json:"height"`
	Quantity      int     `json:"quantity"`
	Reason        string  `json:"reason"`
}

// Stats summarises a result.
type Stats struct {
	Pages int `json:"pages"`
	// LowerBound is a proven lower bound on the number of sheets.
	LowerBound int `json:"lowerBound"`
	// Optimal reports whether Pages equals LowerBound (the layout is proven
	// to use the fewest sheets possible).
	Optimal bool `json:"optimal"`
	// Efficiency is the percent of the used sheets' area covered by parts,
	// with one decimal.
	Efficiency float64 `json:"efficiency"`
	Placed     int     `json:"placed"`
	ElapsedMs  int64   `json:"elapsedMs"`
	// Cuts and CutLength (cm) total the cutting sequences of a guillotine
	// layout.
	Cuts      int     `json:"cuts,omitempty"`
	CutLength float64 `json:"cutLength,omitempty"`
	// Cost is the price of the sheets used (TL) and CostLowerBound a
	// proven lower bound on it, in a layout with priced stock rows.
	Cost           float64 `json:"cost,omitempty"`
	CostLowerBound float64 `json:"costLowerBound,omitempty"`
	// Patterns counts the distinct sheet patterns (Page.Pattern) among
	// the pages; it equals Pages when no two sheets are alike.
	Patterns int `json:"patterns,omitempty"`
}

// MaterialResult summarises the layout of one material and thickness.
type MaterialResult struct {
	Material  string  `json:"material"`
	Thickness float64 `json:"thickness,omitempty"`
	Pages     int     `json:"pages"`
	// LowerBound is a proven lower bound on the material's sheets.
	LowerBound int     `json:"lowerBound"`
	Efficiency float64 `json:"efficiency"`
	// Objective is the one used: ObjectiveCost only where every stock
	// row of the material has a price.
	Objective string `json:"objective"`
	// Cost is the price of the material's sheets (TL, 0 without prices)
	// and CostLowerBound a proven lower bound on it.
	Cost           float64 `json:"cost"`
	CostLowerBound float64 `json:"costLowerBound"`
	// Optimal reports that no layout of the material's placed parts is
	// better under Objective: its cost (or area, or sheet count) meets
	// the proven lower bound.
	Optimal bool `json:"optimal"`
	// StockOut counts the material's copies left over because its limited
	// stock ran out (Skipped with SkipStockOut): the plan is not the
	// whole job's, and its bounds speak of the parts placed only.
	StockOut int `json:"stockOut,omitempty"`
}

// StockCount is a number of sheets of one stock row.
type StockCount struct {
	StockID  string `json:"stockId"`
	Quantity int    `json:"quantity"`
}

// BandTotal is the band of one code a layout needs.
type BandTotal struct {
	Code   string  `json:"code"`
	Meters float64 `json:"meters"`
	Cost   float64 `json:"cost"`
}

// Result is a complete layout.
type Result struct {
	Sheet   Sheet     `json:"sheet"`
	Pages   []Page    `json:"pages"`
	Skipped []Skipped `json:"skipped"`
	Stats   Stats     `json:"stats"`
	// Materials, Used and Buy are set in a layout with materials or stock
	// rows; BandTotals when parts carry edge bands. Used counts the sheets
	// taken from each row, Buy those of unlimited rows (to buy).
	Materials  []MaterialResult `json:"materials,omitempty"`
	Used       []StockCount     `json:"used,omitempty"`
	Buy        []StockCount     `json:"buy,omitempty"`
	BandTotals []BandTotal      `json:"bandTotals,omitempty"`
}

// Progress is reported while a layout is computed.
type Progress struct {
	// Done is the fraction of the work done, from 0 to 1.
	Done float64 `json:"done"`
	// Pages is the page count of the best layout so far (0 before the first).
	Pages      int `json:"pages"`
	LowerBound int `json:"lowerBound"`
	// Best is set when a better layout than any reported before was found.
	Best *Result `json:"best,omitempty"`
}

// SkipReason is the Turkish reason given for a part that fits the sheet in
// no allowed orientation.
const SkipReason = "Parça tuvale sığmıyor"

// Reasons for parts not placed in a layout with materials or stock rows.
const (
	// SkipNoStock: no stock row has the part's material and thickness,
	// and there is no default sheet.
	SkipNoStock = "Bu malzeme ve kalınlık için stok yok"
	// SkipNoFit: the part fits no stock row of its material.
	SkipNoFit = "Parça bu malzemenin hiçbir levhasına sığmıyor"
	// SkipGrain: the part fits a stock row of its material in the other
	// orientation, but the grain of the part and the row forbids it.
	SkipGrain = "Damar yönü nedeniyle bu malzemenin hiçbir levhasına sığmıyor"
	// SkipStockOut: the material's limited stock ran out; Quantity
	// counts the copies left over.
	SkipStockOut = "Stok yetmedi"
)
