package store

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"kesim/export"
	"kesim/internal/apperr"
	"kesim/nest"
)

// Limits on what is saved (issue 5), the specification's: the CSV reader
// and the web app's forms (web/src/generated/limits.ts) keep to them too,
// so that what is read or typed can be saved. The engine lays out more
// (nest.MaxSheetCM). A size is in centimetres.
const (
	MaxNameLength  = 200    // characters, after trimming
	MaxSize        = 1000   // cm, a part's or a stock row's side (specification section 9)
	MaxQuantity    = 100000 // copies of one part
	MaxLayoutParts = 10000  // part lines in one layout
	// MaxLayoutPieces bounds the sum of a layout's quantities: the
	// engine's, so that a saved layout lays out again. A saved part's
	// quantity (MaxQuantity) is within it.
	MaxLayoutPieces = nest.MaxPieces
	// MaxSheetSize is the canvas's side, the engine's limit: the
	// specification's canvas dialog only asks before taking a side over
	// MaxSize ("Çok büyük boyutlar performansı etkileyebilir. Devam etmek
	// istediğinizden emin misiniz?"), and a layout the user went on with
	// must save and load back like any other.
	MaxSheetSize = nest.MaxSheetCM
	// MinPartSide is the least side of a part typed in, in cm as typed
	// (specification section 5: width and height min 0.1), as the web's
	// MIN_SIDE_CM and the list readers' (partcsv.MinSide). A layout's
	// line needs only a positive side, as the engine cuts it (0,01 cm).
	MinPartSide = 0.1
)

// DefaultSheet is the canvas of a layout saved without one (specification
// section 3).
var DefaultSheet = nest.Sheet{Width: 100, Height: 148}

// Hundredths returns a validated size in whole hundredths of a centimetre,
// the exact form in which drivers store it.
func Hundredths(cm float64) int64 { return int64(math.Round(cm * 100)) }

// FromHundredths is the inverse of Hundredths: 4555 gives 45.55, the same
// float64 that parsing "45.55" gives.
func FromHundredths(n int64) float64 { return float64(n) / 100 }

// Validate trims the name and checks every rule of issue 5: a name of 1 to
// 200 characters, sizes positive, at least MinPartSide as typed (0,001 is
// refused with MsgPartSide, not saved as the 0,01 it rounds up to; a
// layout's line or its recut needs only a positive side) and at most 1000
// cm once rounded up to two decimals (as the engine cuts them), a quantity
// from 1 to 100,000. It returns the part as it is to be stored.
func (p PartInput) Validate() (PartInput, error) {
	var err error
	line := p.line
	p.line = false
	if p.Name, err = checkName("name", p.Name, MsgRequired); err != nil {
		return p, err
	}
	if p.Width, err = checkPartSide("width", p.Width, line); err != nil {
		return p, err
	}
	if p.Height, err = checkPartSide("height", p.Height, line); err != nil {
		return p, err
	}
	if err = checkQuantity("quantity", p.Quantity); err != nil {
		return p, err
	}
	if p.Material, p.Thickness, p.Edges, err = checkPartMaterial(p.Material, p.Thickness, p.Grain, p.Edges, nil); err != nil {
		return p, err
	}
	return p, nil
}

// Validate trims the names and checks every rule of issue 5: a layout name
// of 1 to 200 characters, 1 to 10,000 parts each valid as a PartInput and
// at most MaxLayoutPieces pieces in all, a
// canvas whose sides are valid sizes (the default canvas when zero, unless
// the layout has stock rows: then none, as the engine reads it), and
// non-negative options. It returns the layout as it is to be stored, with
// its own copy of the parts.
func (l LayoutInput) Validate() (LayoutInput, error) {
	if l.sent == nil {
		sent := l
		l.sent = &sent
	}
	var err error
	if l.Name, err = checkName("name", l.Name, MsgLayoutName); err != nil {
		return l, err
	}
	switch {
	case len(l.Parts) == 0:
		return l, invalid("parts", MsgLayoutEmpty)
	case len(l.Parts) > MaxLayoutParts:
		return l, invalid("parts", MsgLayoutTooBig)
	}
	list, err := StockList{Stock: l.Stock, Bands: l.Bands}.Validate()
	if err != nil {
		return l, err
	}
	// Empty lists are stored as none, so that a layout saved with
	// "stock": [] reads back as one saved without.
	l.Stock, l.Bands = nilIfEmpty(list.Stock), nilIfEmpty(list.Bands)
	codes := bandSet(l.Bands)
	parts := make([]nest.Part, len(l.Parts))
	pieces := 0
	for i, p := range l.Parts {
		if p, err = checkLayoutPart(p, codes); err != nil {
			return l, apperr.WithFieldPrefix(err, fmt.Sprintf("parts[%d]", i))
		}
		// On the line that passes the limit, as the engine names it.
		if pieces += p.Quantity; pieces > MaxLayoutPieces {
			return l, invalid(fmt.Sprintf("parts[%d].quantity", i), MsgLayoutPieces)
		}
		parts[i] = p
	}
	l.Parts = parts
	switch {
	case l.Sheet == (nest.Sheet{}) && len(l.Stock) > 0:
		// Stock rows and no canvas: the engine's "no default sheet"
		// (docs/engine.md), kept so, so that the layout is laid out and
		// verified as it was made.
	case l.Sheet == (nest.Sheet{}):
		l.Sheet = DefaultSheet
		fallthrough
	default:
		// The canvas rounds down, as the engine takes it: never more sheet
		// than there is.
		if l.Sheet.Width, err = checkSheetSize("sheet.width", l.Sheet.Width); err != nil {
			return l, err
		}
		if l.Sheet.Height, err = checkSheetSize("sheet.height", l.Sheet.Height); err != nil {
			return l, err
		}
	}
	if l.Options, err = checkOptions(l.Options); err != nil {
		return l, err
	}
	// The engine's rule: the trim leaves some canvas.
	if l.Sheet != (nest.Sheet{}) && 2*l.Options.Trim >= min(l.Sheet.Width, l.Sheet.Height) {
		return l, invalid("options.trim", MsgInvalidOption)
	}
	// What only the engine checks (a trim too wide for a stock row, a band
	// that leaves nothing of a part, too many lines times rows): a saved
	// layout must lay out again.
	if err := nest.Check(l.Request(nil)); err != nil {
		var ie *nest.InputError
		if errors.As(err, &ie) {
			return l, invalid(ie.Field, ie.Message)
		}
		return l, invalid("parts", MsgInvalidValues)
	}
	return l, nil
}

func checkLayoutPart(p nest.Part, bands map[string]bool) (nest.Part, error) {
	in, err := PartInput{Name: p.Name, Width: p.Width, Height: p.Height, Quantity: p.Quantity, line: true}.Validate()
	if err != nil {
		return p, err
	}
	p.Name, p.Width, p.Height = in.Name, in.Width, in.Height
	if p.Material, p.Thickness, p.Edges, err = checkPartMaterial(p.Material, p.Thickness, p.Grain, p.Edges, bands); err != nil {
		return p, err
	}
	// Valid UTF-8 without NUL (Storable): PostgreSQL refused a NUL in the
	// layout's JSON with "Sunucu hatası" where SQLite kept it.
	switch {
	case !Storable(p.ID):
		return p, invalid("id", MsgTextInvalid)
	case utf8.RuneCountInString(p.ID) > MaxNameLength:
		return p, invalid("id", MsgTextTooLong)
	}
	if p.Rotate != nil {
		r := *p.Rotate // the caller's pointer is not kept
		p.Rotate = &r
	}
	return p, nil
}

func checkOptions(o nest.Options) (nest.Options, error) {
	var err error
	if o.Kerf, err = checkMargin("options.kerf", o.Kerf, nest.MaxKerfCM); err != nil {
		return o, err
	}
	// Less than half the canvas's shorter side, checked by the caller.
	if o.Trim, err = checkMargin("options.trim", o.Trim, MaxSheetSize); err != nil {
		return o, err
	}
	// The engine's limits, so that a saved layout lays out again.
	if o.TimeLimitMs < 0 || o.TimeLimitMs > nest.MaxTimeLimitMs {
		return o, invalid("options.timeLimitMs", MsgInvalidOption)
	}
	if o.Iterations < 0 || o.Iterations > nest.MaxIterations {
		return o, invalid("options.iterations", MsgInvalidOption)
	}
	if o.Workers < 0 || o.Workers > nest.MaxWorkers {
		return o, invalid("options.workers", MsgInvalidOption)
	}
	if err = checkObjective(o.Objective); err != nil {
		return o, err
	}
	if o.OffcutMinUse < 0 || o.OffcutMinUse > 100 {
		return o, invalid("options.offcutMinUse", MsgOffcutMinUse)
	}
	return o, nil
}

// checkName trims name and checks its length; blank gives the blank message.
func checkName(field, name, blank string) (string, error) {
	name = strings.TrimSpace(name)
	switch {
	case name == "":
		return name, invalid(field, blank)
	case !utf8.ValidString(name) || strings.ContainsRune(name, 0):
		return name, invalid(field, MsgNameInvalid)
	case utf8.RuneCountInString(name) > MaxNameLength:
		return name, invalid(field, MsgNameTooLong)
	}
	return name, nil
}

// checkSize rounds a size to two decimals the way round does (nest.RoundUp
// for a part's side, nest.RoundDown for the canvas) and checks that it is
// positive and at most MaxSize; notPositive is the message for zero,
// negative, NaN and a size that rounds to zero (0.0000001).
func checkSize(field string, cm float64, notPositive string, round func(float64) float64) (float64, error) {
	cm = round(cm)
	switch {
	case math.IsNaN(cm) || cm <= 0:
		return cm, invalid(field, notPositive)
	case cm > MaxSize:
		return cm, invalid(field, MsgSizeTooLarge)
	}
	return cm, nil
}

// checkPartSide is checkSize for a part's side, rounded up; a positive side
// below MinPartSide as typed is refused with MsgPartSide unless the part
// is a layout's line.
func checkPartSide(field string, cm float64, line bool) (float64, error) {
	if !line && cm > 0 && cm < MinPartSide-1e-9 {
		return cm, invalid(field, MsgPartSide(cm))
	}
	return checkSize(field, cm, MsgInvalidValues, nest.RoundUp)
}

// checkSheetSize is checkSize for the canvas: rounded down, positive and
// at most MaxSheetSize, over which it is the engine's own words.
func checkSheetSize(field string, cm float64) (float64, error) {
	return checkSheetSide(field, cm, MsgInvalidSheet, nest.RoundDown)
}

// checkSheetSide is checkSize with the canvas's limit, MaxSheetSize, and
// over it the engine's words (MsgSheetTooLarge, which the engine gives a
// stock row too): the canvas and an offcut row.
func checkSheetSide(field string, cm float64, notPositive string, round func(float64) float64) (float64, error) {
	cm = round(cm)
	switch {
	case math.IsNaN(cm) || cm <= 0:
		return cm, invalid(field, notPositive)
	case cm > MaxSheetSize:
		return cm, invalid(field, MsgSheetTooLarge)
	}
	return cm, nil
}

// checkMargin checks a kerf or trim: zero or a positive size, rounded up to
// two decimals as the engine takes it.
func checkMargin(field string, cm float64, most int) (float64, error) {
	if cm == 0 {
		return 0, nil
	}
	if math.IsNaN(cm) || cm < 0 {
		return cm, invalid(field, MsgInvalidOption)
	}
	if cm = nest.RoundUp(cm); cm > float64(most) {
		return cm, invalid(field, MsgInvalidOption)
	}
	return cm, nil
}

func checkQuantity(field string, q int) error {
	switch {
	case q < 1:
		return invalid(field, MsgInvalidValues)
	case q > MaxQuantity:
		return invalid(field, MsgQuantity)
	}
	return nil
}

// ValidateSync validates the inputs of a Sync and drops duplicates within
// them: a part whose name, width, height, material and thickness an
// earlier part has, a layout
// whose name an earlier layout has. The error's Field is prefixed with
// "parts[i]" or "layouts[i]".
func ValidateSync(parts []PartInput, layouts []LayoutInput) ([]PartInput, []LayoutInput, []int, error) {
	type partKey struct {
		name, material  string
		w, h, thickness int64
	}
	seenParts := make(map[partKey]bool, len(parts))
	outParts := make([]PartInput, 0, len(parts))
	for i, p := range parts {
		p, err := p.Validate()
		if err != nil {
			return nil, nil, nil, apperr.WithFieldPrefix(err, fmt.Sprintf("parts[%d]", i))
		}
		k := partKey{p.Name, p.Material, Hundredths(p.Width), Hundredths(p.Height), Hundredths(p.Thickness)}
		if !seenParts[k] {
			seenParts[k] = true
			outParts = append(outParts, p)
		}
	}
	seenLayouts := make(map[string]bool, len(layouts))
	outLayouts := make([]LayoutInput, 0, len(layouts))
	var index []int
	for i, l := range layouts {
		l, err := l.Validate()
		if err != nil {
			return nil, nil, nil, apperr.WithFieldPrefix(err, fmt.Sprintf("layouts[%d]", i))
		}
		l.Result = nil // a sync saves no result: only CreateLayout verifies one
		c, err := SyncColumnsOf(l)
		if err != nil {
			return nil, nil, nil, err
		}
		if k := l.Name + "\x00" + c.key(); !seenLayouts[k] {
			seenLayouts[k] = true
			outLayouts = append(outLayouts, l)
			index = append(index, i)
		}
	}
	return outParts, outLayouts, index, nil
}

// SyncColumns are a layout's stored columns that a sync compares: a kept
// layout is the user's already when a stored one of its name has all of
// them the same (a sync whose answer was lost, sent again). One of its
// name and other content is the user's work, saved offline under a name
// the server had: it is saved under a numbered name (SyncName), never
// dropped.
type SyncColumns struct {
	Parts, Sheet, Options, Stock, Bands []byte // Stock and Bands nil for none
}

// SyncColumnsOf returns the columns of a validated layout, as the drivers
// store them.
func SyncColumnsOf(l LayoutInput) (SyncColumns, error) {
	var c SyncColumns
	var err error
	if c.Parts, c.Sheet, c.Options, err = LayoutColumns(Layout{Parts: l.Parts, Sheet: l.Sheet, Options: l.Options}); err != nil {
		return c, err
	}
	c.Stock, c.Bands, err = StockColumns(l.Stock, l.Bands)
	return c, err
}

func (c SyncColumns) key() string {
	return string(c.Parts) + "\x00" + string(c.Sheet) + "\x00" + string(c.Options) + "\x00" + string(c.Stock) + "\x00" + string(c.Bands)
}

// MaxSyncNames bounds the numbered names a sync tries for one layout.
const MaxSyncNames = 1000

// MsgSyncNamesTaken refuses a synced layout whose name and every numbered
// name a sync may give it (SyncName) are the user's layouts' already. It
// names MaxSyncNames as Turkish writes it (1.000), made from the constant
// so that the two cannot differ.
var MsgSyncNamesTaken = "Bu adla kaydedilmiş çok fazla düzen var (" + export.Count(float64(MaxSyncNames)) + "); düzeni başka bir adla kaydedin."

// SyncNamer picks the names a sync saves its layouts under: a layout's own
// name when the user has no layout of it, else the first of SyncName(name,
// 2) to SyncName(name, MaxSyncNames) free. One per sync (its transaction):
// it remembers which names it asked the database about and which it gave,
// so that the database is asked once for a name and, for its numbered
// names, once for each of the ranges 2 to 10, 11 to 100 and 101 to
// MaxSyncNames that it reaches (syncNameEnd), however many layouts of
// the name the sync saves. Asking for each numbered name in turn took
// 500,000 queries, 21 s of SQLite's one writer, for a sync of 1,000
// layouts of one name; asking for all 999 at once cost 4 to 7 ms a taken
// name, a second for a sync of 200 layouts of taken names, where
// most names have a few numbered ones or none.
type SyncNamer struct {
	known map[string]bool // name: whether the user has a layout of it, for the names asked or given
	next  map[string]int  // name: the first number whose name may be free, once asked
}

// syncNameEnd is the last number of the range of numbered names that
// SyncNamer asks about together with the number k: 10, 100, then
// MaxSyncNames.
func syncNameEnd(k int) int {
	switch {
	case k <= 10:
		return min(10, MaxSyncNames)
	case k <= 100:
		return min(100, MaxSyncNames)
	}
	return MaxSyncNames
}

// Pick returns the name for a layout called name; ask reads which of
// names the user's layouts have (one query). When every name is taken,
// Pick refuses the layout as the sync's item field (its layouts[i].name),
// Invalid MsgSyncNamesTaken, so that the client sets it aside and syncs
// the rest; it was a server fault before.
func (n *SyncNamer) Pick(name, field string, ask func(names []string) (taken []string, err error)) (string, error) {
	if n.known == nil {
		n.known, n.next = map[string]bool{}, map[string]int{}
	}
	lookup := func(names []string) error {
		taken, err := ask(names)
		if err != nil {
			return err
		}
		for _, name := range names {
			n.known[name] = false
		}
		for _, name := range taken {
			n.known[name] = true
		}
		return nil
	}
	if _, ok := n.known[name]; !ok {
		if err := lookup([]string{name}); err != nil {
			return "", err
		}
	}
	if !n.known[name] {
		n.known[name] = true
		return name, nil
	}
	k, ok := n.next[name]
	if !ok {
		k = 2
	}
	for ; k <= MaxSyncNames; k++ {
		c := SyncName(name, k)
		if !hasKey(n.known, c) {
			// The numbered names from k to the end of its range that
			// are not known yet (another layout's own name may be).
			var unknown []string
			for i := k; i <= syncNameEnd(k); i++ {
				if c := SyncName(name, i); !hasKey(n.known, c) {
					unknown = append(unknown, c)
				}
			}
			if err := lookup(unknown); err != nil {
				return "", err
			}
		}
		if !n.known[c] {
			n.known[c], n.next[name] = true, k+1
			return c, nil
		}
	}
	n.next[name] = k
	return "", invalid(field, MsgSyncNamesTaken)
}

func hasKey(m map[string]bool, k string) bool {
	_, ok := m[k]
	return ok
}

// SyncNameOf reports whether stored is name or a numbered name SyncName
// gave a layout called name: a layout synced under it is the same layout.
func SyncNameOf(stored, name string) bool {
	if stored == name {
		return true
	}
	open := strings.LastIndex(stored, " (")
	if open < 0 || !strings.HasSuffix(stored, ")") {
		return false
	}
	n, err := strconv.Atoi(stored[open+2 : len(stored)-1])
	return err == nil && n >= 2 && n <= MaxSyncNames && SyncName(name, n) == stored
}

// SyncedAs reports whether one of stored, the names of the user's layouts
// of a kept layout's content, is its name or one a sync numbered for it:
// the layout is the user's already.
func SyncedAs(stored []string, name string) bool {
	return slices.ContainsFunc(stored, func(s string) bool { return SyncNameOf(s, name) })
}

// SyncName is the n-th name (n from 2) for a layout called name whose name
// is taken: "Mutfak (2)", the name cut to keep within MaxNameLength.
func SyncName(name string, n int) string {
	suffix := fmt.Sprintf(" (%d)", n)
	runes := []rune(name)
	if keep := MaxNameLength - utf8.RuneCountInString(suffix); len(runes) > keep {
		runes = runes[:keep]
	}
	return strings.TrimSpace(string(runes)) + suffix
}

// nilIfEmpty returns nil for an empty list.
func nilIfEmpty[T any](s []T) []T {
	if len(s) == 0 {
		return nil
	}
	return s
}
