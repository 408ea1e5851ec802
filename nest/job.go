package nest

import (
	"fmt"
	"math"
	"slices"
)

// unitsPerCM is the engine's resolution: 1 unit = 0.1 mm.
const unitsPerCM = 100

// Limits on a request: the engine's own, the widest of the three layers.
// They bound memory and time, not what a workshop needs: a 100 m sheet and
// a hundred thousand pieces are far beyond any job. The store and the web
// app keep a part's side to store.MaxSize (the store's canvas side: store.MaxSheetSize, this MaxSheetCM), and the
// server to its own --max-pieces.
const (
	MaxSheetCM     = 10000          // cm, a sheet's or a part's side
	MaxPieces      = 100000         // pieces, the sum of the quantities
	MaxKerfCM      = 10             // cm
	MaxTimeLimitMs = 10 * 60 * 1000 // ms, options.timeLimitMs
	MaxIterations  = 100000000      // options.iterations
)

// InputError reports a request that cannot be laid out. Message is Turkish
// and meant for the user; Field names the offending field in the JSON
// request, such as "parts[2].width". Error names the part in Turkish too:
// "3. parça (Kapak): Lütfen geçerli pozitif değerler girin!".
type InputError struct {
	Field   string
	Message string
	part    string // "3. parça (Kapak)" for a part's field
}

func (e *InputError) Error() string {
	if e.part == "" {
		return e.Message
	}
	return e.part + ": " + e.Message
}

// partError is an InputError about a field of part i.
func partError(p Part, i int, field, msg string) *InputError {
	label := fmt.Sprintf("%d. parça", i+1)
	if p.Name != "" {
		label += " (" + p.Name + ")"
	}
	return &InputError{Field: fmt.Sprintf("parts[%d].%s", i, field), Message: msg, part: label}
}

// Turkish messages of the specification (section 5) that the store, the
// CSV reader and the web app give too; they take them from here.
const (
	// MsgInvalidSheet refuses a sheet side that is not a positive size.
	MsgInvalidSheet = "Lütfen geçerli genişlik ve yükseklik değerleri girin!"
	// MsgInvalidValues refuses a part's side (or quantity) that is not a
	// positive value.
	MsgInvalidValues = "Lütfen geçerli pozitif değerler girin!"
	// MsgSheetTooLarge refuses a sheet side over MaxSheetCM; the store
	// keeps a saved canvas to the same limit with it.
	MsgSheetTooLarge = "Tuval boyutu en fazla 10.000 cm olabilir."
)

// The engine's own Turkish messages.
const (
	msgNoParts         = "Yerleştirilecek parça yok."
	msgTooManyPieces   = "Parça sayısı çok fazla: en fazla 100.000 adet yerleştirilebilir."
	msgInvalidKerf     = "Testere payı 0 ile 10 cm arasında olmalı."
	msgInvalidTrim     = "Kenar payı sıfır veya pozitif olmalı ve tuvalden küçük kalmalı."
	msgInvalidTime     = "Süre sınırı 0 ile 600.000 ms arasında olmalı."
	msgInvalidIterCnt  = "İterasyon sayısı sıfır veya pozitif olmalı."
	msgInvalidQuantity = "Adet 1 veya daha büyük bir tam sayı olmalı."
)

// unitTolerance is how far, in units, a value times 100 may lie from a
// whole unit and still be that unit. A size typed with two decimals is a
// whole number of units, but its float64 times 100 often is not: 0.3 gives
// 30.000000000000004, 45.55 gives 4554.999999999999, 1.005 gives
// 100.49999999999999. The error of cm*100 for any size up to MaxSheetCM
// (10^6 units) is below 3e-10 units, so a tolerance of 1e-4 units (10 nm)
// takes all of it and nothing a workshop could measure.
const unitTolerance = 1e-4

// roundUnits converts centimetres to units, rounding up or down whatever
// lies beyond unitTolerance of a whole unit. Sizes must round the safe way,
// or a layout is wrong: a part's side up (50.004 cm is cut as 50.01, so two
// never claim to fit into 100 cm), kerf and trim up (never less gap or
// margin than asked), the sheet down (never more sheet than there is).
func roundUnits(cm float64, up bool) float64 {
	u := cm * unitsPerCM
	r := math.Round(u)
	if math.Abs(u-r) > unitTolerance {
		if up {
			r = math.Ceil(u)
		} else {
			r = math.Floor(u)
		}
	}
	return r
}

// toUnits converts centimetres to engine units, rounding up when up is set
// and down otherwise (see roundUnits). It reports false for NaN, infinities
// and values out of range.
func toUnits(cm float64, maxCM float64, up bool) (int, bool) {
	if math.IsNaN(cm) || math.IsInf(cm, 0) || cm < 0 || cm > maxCM {
		return 0, false
	}
	return int(roundUnits(cm, up)), true
}

// RoundUp returns cm rounded up to the engine's resolution of 0.01 cm, as
// the engine takes a part's side, the kerf and the trim: 45.55 and 0.3 stay
// what they are, 50.004 becomes 50.01, and a size within 10 nm of zero
// becomes 0, which is no valid size. The result is the float64 that parsing
// its two-decimal text gives. NaN, infinities and sizes beyond 10^12 cm
// are returned as they are. Readers of part lists round with it, so that
// what they keep and show is what the engine lays out.
func RoundUp(cm float64) float64 { return roundCM(cm, true) }

// RoundDown returns cm rounded down to 0.01 cm, as the engine takes the
// sheet's sides: a layout never uses more sheet than there is.
func RoundDown(cm float64) float64 { return roundCM(cm, false) }

func roundCM(cm float64, up bool) float64 {
	if math.IsNaN(cm) || math.IsInf(cm, 0) || math.Abs(cm) > 1e12 {
		return cm
	}
	return roundUnits(cm, up) / unitsPerCM
}

// toCM converts engine units back to centimetres.
func toCM(u int) float64 { return float64(u) / unitsPerCM }

// kind is one part line of the request in engine units, with the kerf added
// to both sides so that parts placed edge to edge keep the kerf between them.
type kind struct {
	w, h   int // inflated by the kerf
	rotate bool
	// turned: the kind is stored turned by 90° with respect to the
	// request, because only that orientation fits the sheet.
	turned bool
	part   int // index in Request.Parts
	count  int
}

// job is a validated request in engine units.
type job struct {
	// binW and binH are the usable sheet plus one kerf: a part of inflated
	// width w fits when x+w <= binW, which leaves its real right edge at
	// most at the usable sheet's edge.
	binW, binH int
	kerf, trim int
	guillotine bool
	// profile is the saw profile of a guillotine layout (profile.go); the
	// zero value asks nothing beyond guillotine cuts.
	profile profile
	sheetW  int // the whole sheet, for efficiency
	sheetH  int
	kinds   []kind
	// items lists one entry per copy: the index into kinds.
	items []int32
}

// newJob validates req and converts it to engine units. Part lines that fit
// in no allowed orientation are returned as skipped.
func newJob(req Request) (*job, []Skipped, error) {
	sw, okW := toUnits(req.Sheet.Width, MaxSheetCM, false)
	sh, okH := toUnits(req.Sheet.Height, MaxSheetCM, false)
	if !okW || !okH || sw <= 0 || sh <= 0 {
		// A sheet that rounds down to nothing (0.004 cm) is no sheet.
		if req.Sheet.Width > MaxSheetCM || req.Sheet.Height > MaxSheetCM {
			return nil, nil, &InputError{Field: "sheet", Message: MsgSheetTooLarge}
		}
		return nil, nil, &InputError{Field: "sheet", Message: MsgInvalidSheet}
	}
	o := req.Options
	kerf, ok := toUnits(o.Kerf, MaxKerfCM, true)
	if !ok {
		return nil, nil, &InputError{Field: "options.kerf", Message: msgInvalidKerf}
	}
	trim, ok := toUnits(o.Trim, MaxSheetCM, true)
	if !ok || 2*trim >= sw || 2*trim >= sh {
		return nil, nil, &InputError{Field: "options.trim", Message: msgInvalidTrim}
	}
	if o.TimeLimitMs < 0 || o.TimeLimitMs > MaxTimeLimitMs {
		return nil, nil, &InputError{Field: "options.timeLimitMs", Message: msgInvalidTime}
	}
	if o.Iterations < 0 || o.Iterations > MaxIterations {
		return nil, nil, &InputError{Field: "options.iterations", Message: msgInvalidIterCnt}
	}
	if o.Workers < 0 || o.Workers > MaxWorkers {
		return nil, nil, &InputError{Field: "options.workers", Message: msgInvalidWorkers}
	}
	if o.Objective != "" && o.Objective != ObjectiveCost && o.Objective != ObjectiveArea && o.Objective != ObjectiveSheets {
		return nil, nil, &InputError{Field: "options.objective", Message: MsgInvalidObjective}
	}
	if o.OffcutMinUse < 0 || o.OffcutMinUse > MaxOffcutMinUse {
		return nil, nil, &InputError{Field: "options.offcutMinUse", Message: MsgOffcutMinUse}
	}
	if err := checkProfile(o); err != nil {
		return nil, nil, err
	}
	if len(req.Parts) == 0 {
		return nil, nil, &InputError{Field: "parts", Message: msgNoParts}
	}
	j := &job{
		binW: sw - 2*trim + kerf, binH: sh - 2*trim + kerf,
		kerf: kerf, trim: trim, sheetW: sw, sheetH: sh, guillotine: o.Guillotine,
	}
	j.profile = newProfile(o)
	var skipped []Skipped
	total := 0
	for i, p := range req.Parts {
		w, okW := toUnits(p.Width, MaxSheetCM, true)
		h, okH := toUnits(p.Height, MaxSheetCM, true)
		if !okW || !okH || w <= 0 || h <= 0 {
			f := "width"
			if okW && w > 0 {
				f = "height"
			}
			return nil, nil, partError(p, i, f, MsgInvalidValues)
		}
		if p.Quantity < 1 {
			return nil, nil, partError(p, i, "quantity", msgInvalidQuantity)
		}
		// Compared before it is added: a quantity near the largest int
		// would wrap the sum below zero and pass, and the loop below would
		// then allocate until the process dies.
		if p.Quantity > MaxPieces-total {
			return nil, nil, partError(p, i, "quantity", msgTooManyPieces)
		}
		total += p.Quantity
		k := kind{w: w + kerf, h: h + kerf, rotate: p.CanRotate() && w != h, part: i, count: p.Quantity}
		fits := k.w <= j.binW && k.h <= j.binH
		fitsTurned := k.rotate && k.h <= j.binW && k.w <= j.binH
		if !fits && !fitsTurned {
			skipped = append(skipped, Skipped{
				OriginalIndex: i, ID: partID(p, i), Name: p.Name,
				Width: toCM(w), Height: toCM(h), Quantity: p.Quantity, Reason: SkipReason,
			})
			continue
		}
		if !fits {
			// Only the turned orientation fits: store the kind turned so that
			// the packers see a part that fits as it stands.
			k.w, k.h = k.h, k.w
			k.rotate, k.turned = false, true
		}
		j.kinds = append(j.kinds, k)
	}
	for ki, k := range j.kinds {
		for c := 0; c < k.count; c++ {
			j.items = append(j.items, int32(ki))
		}
	}
	return j, skipped, nil
}

// MsgPartID refuses two part lines with one id: their pieces' ids, on
// labels and in the saw's checklist, would be the same.
const MsgPartID = "Parça kimliği tekrar ediyor: her parça satırının kimliği farklı olmalı."

// partID is the part's id, or a generated one when the request gave none.
// Within Layout and Verify every line has its id (withLineIDs).
func partID(p Part, i int) string {
	if p.ID != "" {
		return p.ID
	}
	return "p" + itoa(i+1)
}

// LineIDs returns parts with an id on every line, as the engine names
// the lines of a request (withLineIDs): what a saved layout keeps, so
// that its parts and its result's pieces (p1-0, p1-1, ...) name the same
// lines. Two lines with the same id are an *InputError.
func LineIDs(parts []Part) ([]Part, error) {
	req, err := withLineIDs(Request{Parts: parts})
	return req.Parts, err
}

// withLineIDs returns req with an id on every part line, so that every
// piece's id (the line's id and its copy) is unique: a line without one
// gets "p" and its number (p1, p2, ...), or, when another line took that
// id, the first of "p2.2", "p2.3", ... no line has. Two lines with the
// same id are refused. The caller's parts are not changed.
func withLineIDs(req Request) (Request, error) {
	taken := make(map[string]bool, len(req.Parts))
	missing := false
	for i, p := range req.Parts {
		if p.ID == "" {
			missing = true
			continue
		}
		if taken[p.ID] {
			return req, &InputError{Field: "parts[" + itoa(i) + "].id", Message: MsgPartID}
		}
		taken[p.ID] = true
	}
	if !missing {
		return req, nil
	}
	parts := slices.Clone(req.Parts)
	for i := range parts {
		if parts[i].ID != "" {
			continue
		}
		id := partID(parts[i], i)
		for k := 2; taken[id]; k++ {
			id = partID(parts[i], i) + "." + itoa(k)
		}
		taken[id] = true
		parts[i].ID = id
	}
	req.Parts = parts
	return req, nil
}
