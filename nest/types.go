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
}

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
}

// Request is a complete job.
type Request struct {
	Sheet   Sheet   `json:"sheet"`
	Parts   []Part  `json:"parts"`
	Options Options `json:"options"`
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
}

// Page is one sheet of the layout.
type Page struct {
	ID string `json:"id"`
	// Efficiency is the whole percent of the sheet covered by parts.
	Efficiency int      `json:"efficiency"`
	Parts      []Placed `json:"parts"`
	// Cuts is the cutting sequence of a guillotine layout, in order.
	Cuts []Cut `json:"cuts,omitempty"`
}

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
}

// Result is a complete layout.
type Result struct {
	Sheet   Sheet     `json:"sheet"`
	Pages   []Page    `json:"pages"`
	Skipped []Skipped `json:"skipped"`
	Stats   Stats     `json:"stats"`
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
