package store

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"kesim/export"
	"kesim/internal/apperr"
	"kesim/nest"
)

// Stored sizes are rounded as the engine cuts them, so that a saved part
// or layout is what is laid out: a part's side up to two decimals, the
// canvas down, kerf and trim up. Two decimals stay as typed.
func TestValidateRoundsSizes(t *testing.T) {
	p, err := PartInput{Name: "Raf", Width: 45.555, Height: 0.1, Quantity: 1}.Validate()
	if err != nil || p.Width != 45.56 || p.Height != 0.1 {
		t.Errorf("part 45,555 x 0,1: %+v, %v; want 45,56 x 0,1", p, err)
	}
	p, err = PartInput{Name: "Raf", Width: 45.55, Height: 0.29, Quantity: 1}.Validate()
	if err != nil || p.Width != 45.55 || p.Height != 0.29 {
		t.Errorf("part 45,55 x 0,29: %+v, %v; want them kept", p, err)
	}
	l, err := LayoutInput{
		Name:    "Plan",
		Parts:   []nest.Part{{Name: "Kapak", Width: 50.004, Height: 99.999, Quantity: 2}, {Name: "Çıta", Width: 0.001, Height: 0.05, Quantity: 1}},
		Sheet:   nest.Sheet{Width: 100.009, Height: 148},
		Options: nest.Options{Kerf: 0.301, Trim: 0.0001},
	}.Validate()
	if err != nil {
		t.Fatal(err)
	}
	if got := l.Parts[0]; got.Width != 50.01 || got.Height != 100 {
		t.Errorf("layout part %+v: want 50,01 x 100", got)
	}
	// A layout's line needs only a positive side, as the engine cuts it.
	if got := l.Parts[1]; got.Width != 0.01 || got.Height != 0.05 {
		t.Errorf("layout part %+v: want 0,01 x 0,05", got)
	}
	if l.Sheet != (nest.Sheet{Width: 100, Height: 148}) || l.Options.Kerf != 0.31 || l.Options.Trim != 0.01 {
		t.Errorf("layout sheet %+v, options %+v: want 100 x 148, kerf 0,31, trim 0,01", l.Sheet, l.Options)
	}
}

// A part's side below 0,1 cm as typed is refused in the list readers'
// words (partcsv), on its field, not saved as the 0,01 cm it rounds up to:
// the web form's least side and the specification's (section 5). A
// layout's line and a recut of one keep the engine's bounds (any positive
// side).
func TestValidateRefusesPartSidesBelowTheLeast(t *testing.T) {
	for _, tt := range []struct {
		w, h  float64
		field string
		cell  string
	}{
		{0.001, 10, "width", "0,001"},
		{10, 0.09, "height", "0,09"},
		{0.0999, 10, "width", "0,0999"},
	} {
		_, err := PartInput{Name: "Çıta", Width: tt.w, Height: tt.h, Quantity: 1}.Validate()
		want := `"` + tt.cell + `" parça ölçüsü olamaz; 0,1 ile 1.000 cm arasında bir ölçü yazın`
		if !isInvalid(err, tt.field, want) {
			t.Errorf("part %v x %v: %v, want %s %q", tt.w, tt.h, err, tt.field, want)
		}
	}
	for _, side := range []float64{0.1, 0.1000000001, 0.11, 1000} {
		if p, err := (PartInput{Name: "Çıta", Width: side, Height: side, Quantity: 1}).Validate(); err != nil {
			t.Errorf("part %v x %v: %v, want it kept", side, side, err)
		} else if p != (PartInput{Name: "Çıta", Width: nest.RoundUp(side), Height: nest.RoundUp(side), Quantity: 1}) {
			t.Errorf("part %v: stored as %+v", side, p)
		}
	}
	if p, err := (PartInput{Name: "Çıta", Width: 0.001, Height: 0.05, Quantity: 1, line: true}).Validate(); err != nil || p.Width != 0.01 || p.Height != 0.05 || p.line {
		t.Errorf("recut of a 0,001 x 0,05 line: %+v, %v; want 0,01 x 0,05", p, err)
	}
}

// A size that rounds to nothing is no size: the specification's messages,
// never a part or a canvas of width 0.
func TestValidateRefusesSizesThatRoundToZero(t *testing.T) {
	_, err := PartInput{Name: "Toz", Width: 0.0000001, Height: 1, Quantity: 1}.Validate()
	if want := `"0,0000001" parça ölçüsü olamaz; 0,1 ile 1.000 cm arasında bir ölçü yazın`; !isInvalid(err, "width", want) {
		t.Errorf("part of 0,0000001 cm: %v, want %q", err, want)
	}
	_, err = PartInput{Name: "Dev", Width: 1, Height: 1000.001, Quantity: 1}.Validate()
	if !isInvalid(err, "height", MsgSizeTooLarge) {
		t.Errorf("part of 1000,001 cm (1000,01 as cut): %v, want %q", err, MsgSizeTooLarge)
	}
	_, err = LayoutInput{Name: "Plan", Parts: []nest.Part{{Name: "A", Width: 1, Height: 1, Quantity: 1}},
		Sheet: nest.Sheet{Width: 0.009, Height: 148}}.Validate()
	if !isInvalid(err, "sheet.width", MsgInvalidSheet) {
		t.Errorf("canvas of 0,009 cm: %v, want %q", err, MsgInvalidSheet)
	}
	_, err = LayoutInput{Name: "Plan", Parts: []nest.Part{{Name: "A", Width: 1, Height: 1, Quantity: 1}},
		Options: nest.Options{Kerf: -0.0000001}}.Validate()
	if !isInvalid(err, "options.kerf", MsgInvalidOption) {
		t.Errorf("negative kerf: %v, want %q", err, MsgInvalidOption)
	}
}

func isInvalid(err error, field, msg string) bool {
	var e *apperr.Error
	return errors.As(err, &e) && e.Code == apperr.Invalid && e.Message == msg && e.Field == field
}

// The canvas takes every side the engine lays out, and over it refuses in
// the engine's words: a canvas the engine laid out always saves, and one it
// refused is refused alike.
func TestCanvasLimitIsTheEngines(t *testing.T) {
	parts := []nest.Part{{Name: "Kapak", Width: 45.5, Height: 30, Quantity: 1}}
	if _, err := (LayoutInput{Name: "Büyük", Parts: parts, Sheet: nest.Sheet{Width: MaxSheetSize, Height: 1200}}).Validate(); err != nil {
		t.Errorf("a canvas of %d x 1200 cm: %v, want it saved", MaxSheetSize, err)
	}
	over := nest.Sheet{Width: MaxSheetSize + 0.01, Height: 100}
	_, err := LayoutInput{Name: "Büyük", Parts: parts, Sheet: over}.Validate()
	var ie *nest.InputError
	_, engineErr := nest.Layout(t.Context(), nest.Request{Sheet: over, Parts: parts}, nil)
	if !errors.As(engineErr, &ie) {
		t.Fatalf("the engine lays out a canvas of %v: %v", over, engineErr)
	}
	if apperr.FieldOf(err) != "sheet.width" || apperr.MessageOf(err) != ie.Message || MsgSheetTooLarge != ie.Message {
		t.Errorf("canvas over the limit: %v, want %q on sheet.width (the engine's message)", err, ie.Message)
	}
}

// A layout's offcut row is a leftover of a canvas, whose sides reach
// MaxSheetSize: a job planned on an offcut of 4970 x 100 cm (cut from a
// 5000 cm canvas) saves as the engine laid it out, while a sheet row stays
// within the specification's MaxSize, as in PUT /api/stock; past the
// canvas's limit an offcut row is refused in the engine's words.
func TestLayoutOffcutRowsReachTheCanvasLimit(t *testing.T) {
	parts := []nest.Part{{Name: "Raf", Width: 900, Height: 50, Quantity: 1}}
	offcut := nest.Stock{ID: "A-2", Width: 4970, Height: 100, Quantity: 1, Offcut: true}
	l, err := LayoutInput{Name: "Artıktan", Parts: parts, Stock: []nest.Stock{offcut}}.Validate()
	if err != nil || l.Stock[0].Width != 4970 {
		t.Fatalf("a layout on an offcut of 4970 x 100 cm: %+v, %v; want it saved", l.Stock, err)
	}
	offcut.Width = MaxSheetSize + 0.01
	_, err = LayoutInput{Name: "Artıktan", Parts: parts, Stock: []nest.Stock{offcut}}.Validate()
	var ie *nest.InputError
	_, engineErr := nest.Layout(t.Context(), nest.Request{Parts: parts, Stock: []nest.Stock{offcut}}, nil)
	if !errors.As(engineErr, &ie) || !isInvalid(err, "stock[0].width", ie.Message) {
		t.Errorf("an offcut row over %d cm: %v, want the engine's %v on stock[0].width", MaxSheetSize, err, engineErr)
	}
	// An offcut row without a quantity is unlimited, which the engine
	// refuses: saved, the layout would not lay out again.
	offcut.Width, offcut.Quantity = 4970, 0
	_, engineErr = nest.Layout(t.Context(), nest.Request{Parts: parts, Stock: []nest.Stock{offcut}}, nil)
	_, err = LayoutInput{Name: "Artıktan", Parts: parts, Stock: []nest.Stock{offcut}}.Validate()
	if !errors.As(engineErr, &ie) || !isInvalid(err, "stock[0].quantity", ie.Message) {
		t.Errorf("an offcut row of quantity 0: %v, want the engine's %v on stock[0].quantity", err, engineErr)
	}
	sheet := nest.Stock{ID: "s1", Width: 4970, Height: 100}
	_, err = LayoutInput{Name: "Levhadan", Parts: parts, Stock: []nest.Stock{sheet}}.Validate()
	if !isInvalid(err, "stock[0].width", MsgSizeTooLarge) {
		t.Errorf("a sheet row of 4970 cm: %v, want %q as PUT /api/stock answers", err, MsgSizeTooLarge)
	}
}

// A layout holds at most the pieces the engine lays out, so that it can
// be laid out again (the audit saved 2 lines of 100,000 with 201): refused
// on the line that passes the limit, as the engine names it, in the web
// app's words. A saved part alone never passes it.
func TestLayoutPiecesWithinTheEngines(t *testing.T) {
	line := func(q int) nest.Part { return nest.Part{Name: "Kapak", Width: 1, Height: 1, Quantity: q} }
	_, err := LayoutInput{Name: "Çok", Parts: []nest.Part{line(MaxQuantity), line(MaxQuantity)}}.Validate()
	if !isInvalid(err, "parts[1].quantity", MsgLayoutPieces) {
		t.Errorf("2 lines of %d: %v, want %q on parts[1].quantity", MaxQuantity, err, MsgLayoutPieces)
	}
	_, err = LayoutInput{Name: "Tam", Parts: []nest.Part{line(nest.MaxPieces - 1), line(1)}}.Validate()
	if err != nil {
		t.Errorf("a layout of exactly %d pieces: %v", nest.MaxPieces, err)
	}
	_, err = LayoutInput{Name: "Fazla", Parts: []nest.Part{line(nest.MaxPieces - 1), line(1), line(1)}}.Validate()
	if !isInvalid(err, "parts[2].quantity", MsgLayoutPieces) {
		t.Errorf("%d pieces: %v", nest.MaxPieces+1, err)
	}
	if MaxLayoutPieces != nest.MaxPieces || MaxQuantity > MaxLayoutPieces {
		t.Errorf("MaxLayoutPieces %d, MaxQuantity %d: want the engine's %d and a part within it", MaxLayoutPieces, MaxQuantity, nest.MaxPieces)
	}
	if want := "en fazla 100.000 adet"; nest.MaxPieces != 100000 || !strings.Contains(MsgLayoutPieces, want) {
		t.Errorf("MsgLayoutPieces %q does not name the engine's %d", MsgLayoutPieces, nest.MaxPieces)
	}
}

// The refusal of a sync whose names are all taken names MaxSyncNames, as
// Turkish writes it, from the constant itself.
func TestMsgSyncNamesTakenNamesTheLimit(t *testing.T) {
	if want := "Bu adla kaydedilmiş çok fazla düzen var (1.000); düzeni başka bir adla kaydedin."; MsgSyncNamesTaken != want {
		t.Errorf("MsgSyncNamesTaken = %q, want %q", MsgSyncNamesTaken, want)
	}
	if !strings.Contains(MsgSyncNamesTaken, "("+export.Count(float64(MaxSyncNames))+")") {
		t.Errorf("MsgSyncNamesTaken %q does not name MaxSyncNames (%d)", MsgSyncNamesTaken, MaxSyncNames)
	}
}

// SyncNamer asks the database about a taken name's numbered names range by
// range (2 to 10, 11 to 100, 101 to 1.000), each only when the names
// before it are taken, and never twice: a sync of layouts of taken names
// asked about all 999 numbered names of each, 4 to 7 ms a name on SQLite.
func TestSyncNamerAsksRangeByRange(t *testing.T) {
	stored := map[string]bool{"Mutfak": true, "Mutfak (2)": true, "Banyo": true}
	for i := 2; i <= 10; i++ {
		stored[SyncName("Banyo", i)] = true
	}
	for i := 2; i <= MaxSyncNames; i++ {
		stored[SyncName("Salon", i)] = true
	}
	stored["Salon"] = true
	var asked []int
	ask := func(names []string) ([]string, error) {
		asked = append(asked, len(names))
		var taken []string
		for _, n := range names {
			if stored[n] {
				taken = append(taken, n)
			}
		}
		return taken, nil
	}
	var namer SyncNamer
	pick := func(name, want string, wantAsked ...int) {
		t.Helper()
		asked = nil
		got, err := namer.Pick(name, "layouts[0].name", ask)
		if err != nil || got != want || !slices.Equal(asked, wantAsked) {
			t.Errorf("Pick(%q) = %q, %v, asking %v; want %q, asking %v", name, got, err, asked, want, wantAsked)
		}
	}
	pick("Mutfak", "Mutfak (3)", 1, 9)
	pick("Mutfak", "Mutfak (4)")
	pick("Yeni", "Yeni", 1)
	pick("Banyo", "Banyo (11)", 1, 9, 90)
	for i := 5; i <= 10; i++ {
		pick("Mutfak", SyncName("Mutfak", i))
	}
	pick("Mutfak", "Mutfak (11)", 90)
	asked = nil
	if _, err := namer.Pick("Salon", "layouts[3].name", ask); apperr.MessageOf(err) != MsgSyncNamesTaken ||
		!slices.Equal(asked, []int{1, 9, 90, 900}) {
		t.Errorf("every name of Salon taken: %v, asking %v", err, asked)
	}
	asked = nil
	if _, err := namer.Pick("Salon", "layouts[4].name", ask); apperr.MessageOf(err) != MsgSyncNamesTaken || len(asked) != 0 {
		t.Errorf("Salon again: %v, asking %v", err, asked)
	}
}
