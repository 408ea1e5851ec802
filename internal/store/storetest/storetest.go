// Package storetest is the conformance suite that every store.Store driver
// must pass: each driver's tests call Run with a function that opens a fresh,
// empty store.
package storetest

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"kesim/internal/apperr"
	"kesim/internal/store"
	"kesim/nest"
)

// Run runs the whole suite. open must return a new, empty store for each
// call and close it when the test ends.
func Run(t *testing.T, open func(t *testing.T) store.Store) {
	tests := []struct {
		name string
		fn   func(t *testing.T, s store.Store)
	}{
		{"Health", testHealth},
		{"Parts", testParts},
		{"PartsNewestFirst", testPartsNewestFirst},
		{"DeletePartNotFound", testDeletePartNotFound},
		{"Layouts", testLayouts},
		{"LayoutDefaults", testLayoutDefaults},
		{"LayoutsNewestFirst", testLayoutsNewestFirst},
		{"DeleteLayoutNotFound", testDeleteLayoutNotFound},
		{"InvalidPart", testInvalidPart},
		{"InvalidLayout", testInvalidLayout},
		{"LayoutTheEngineRefuses", testLayoutTheEngineRefuses},
		{"Sync", testSync},
		{"SyncDeduplicatesAgainstStored", testSyncAgainstStored},
		{"SyncKeepsOfflineWorkOfATakenName", testSyncKeepsOfflineWork},
		{"SyncEveryNameTaken", testSyncNamesTaken},
		{"SyncInvalidSavesNothing", testSyncInvalid},
		{"SyncKeepsDates", testSyncKeepsDates},
		{"Owners", testOwners},
		{"SyncPerOwner", testSyncPerOwner},
		{"ConcurrentWrites", testConcurrentWrites},
		{"LayoutSummaries", testLayoutSummaries},
		{"LayoutPages", testLayoutPages},
		{"LayoutPagesStableUnderInserts", testLayoutPagesStable},
		{"LayoutPagesAfterTheirLastIsDeleted", testLayoutPagesCursorRowDeleted},
		{"LayoutPagesSameDate", testLayoutPagesSameDate},
		{"LayoutSearch", testLayoutSearch},
		{"LayoutQueryInvalid", testLayoutQueryInvalid},
		{"GetLayout", testGetLayout},
		{"LayoutOnAHugeCanvas", testLayoutHugeCanvas},
		{"IDsNoRowCanHave", testUnstorableIDs},
	}
	tests = append(tests, stockTests...)
	tests = append(tests, jobTests...)
	tests = append(tests, stockTakeTests...)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { tt.fn(t, open(t)) })
	}
}

var (
	anon  = store.Anonymous()
	userA = store.User("kullanici-a")
	userB = store.User("kullanici-b")
)

// turkish is a name with every Turkish letter, in both cases.
const turkish = "Çekmece Ön ğüşıöç İĞÜŞÖÇ"

var hexID = regexp.MustCompile(`^[0-9a-f]{32}$`)

func testHealth(t *testing.T, s store.Store) {
	if err := s.Ping(context.Background()); err != nil {
		t.Fatalf("Ping: %v", err)
	}
	if d := s.Driver(); d != "sqlite" && d != "postgres" {
		t.Errorf("Driver() = %q, want sqlite or postgres", d)
	}
}

func testParts(t *testing.T, s store.Store) {
	ctx := context.Background()
	before := time.Now().Add(-time.Second)
	p, err := s.CreatePart(ctx, anon, store.PartInput{Name: "  " + turkish + "  ", Width: 45.55, Height: 0.1, Quantity: 100000})
	if err != nil {
		t.Fatalf("CreatePart: %v", err)
	}
	want := store.Part{ID: p.ID, Name: turkish, Width: 45.55, Height: 0.1, Quantity: 100000, CreatedAt: p.CreatedAt}
	if !reflect.DeepEqual(p, want) {
		t.Errorf("CreatePart returned %+v, want %+v", p, want)
	}
	if !hexID.MatchString(p.ID) {
		t.Errorf("id %q is not 32 hex digits", p.ID)
	}
	if p.CreatedAt.Before(before) || p.CreatedAt.After(time.Now().Add(time.Second)) || p.CreatedAt.Location() != time.UTC {
		t.Errorf("CreatedAt = %v, want now in UTC", p.CreatedAt)
	}
	got := mustListParts(t, s, anon)
	if len(got) != 1 || !reflect.DeepEqual(got[0], p) {
		t.Fatalf("ListParts = %+v, want [%+v]", got, p)
	}
	if err := s.DeletePart(ctx, anon, p.ID); err != nil {
		t.Fatalf("DeletePart: %v", err)
	}
	if got := mustListParts(t, s, anon); len(got) != 0 {
		t.Errorf("ListParts after delete = %+v, want none", got)
	}
	if err := s.DeletePart(ctx, anon, p.ID); apperr.CodeOf(err) != apperr.NotFound {
		t.Errorf("second DeletePart: %v, want not_found", err)
	}
}

func testPartsNewestFirst(t *testing.T, s store.Store) {
	var ids []string
	for i := range 5 {
		ids = append(ids, mustCreatePart(t, s, anon, fmt.Sprintf("P%d", i), 10, 20).ID)
	}
	got := mustListParts(t, s, anon)
	if len(got) != len(ids) {
		t.Fatalf("ListParts returned %d parts, want %d", len(got), len(ids))
	}
	for i, p := range got {
		if want := ids[len(ids)-1-i]; p.ID != want {
			t.Errorf("part %d is %s (%s), want %s: newest first", i, p.ID, p.Name, want)
		}
		if i > 0 && p.CreatedAt.After(got[i-1].CreatedAt) {
			t.Errorf("part %d created %v after part %d (%v)", i, p.CreatedAt, i-1, got[i-1].CreatedAt)
		}
	}
}

func testDeletePartNotFound(t *testing.T, s store.Store) {
	for _, id := range []string{"", "yok", strings.Repeat("0", 32), "'; DROP TABLE parts; --"} {
		err := s.DeletePart(context.Background(), anon, id)
		if apperr.CodeOf(err) != apperr.NotFound || apperr.MessageOf(err) != store.MsgPartNotFound {
			t.Errorf("DeletePart(%q) = %v, want not_found %q", id, err, store.MsgPartNotFound)
		}
	}
}

// sampleLayout is a layout with every field set to a non-default value.
func sampleLayout(name string) store.LayoutInput {
	no := false
	return store.LayoutInput{
		Name: name,
		Parts: []nest.Part{
			{ID: "1732268400000", Name: "Kapak", Width: 50, Height: 30, Quantity: 2},
			{ID: "p2", Name: turkish, Width: 45.55, Height: 12.05, Quantity: 7, Rotate: &no},
		},
		Sheet:   nest.Sheet{Width: 183, Height: 366.5},
		Options: nest.Options{Kerf: 0.3, Trim: 1, Guillotine: true, TimeLimitMs: 1000, Seed: 42},
	}
}

func testLayouts(t *testing.T, s store.Store) {
	ctx := context.Background()
	in := sampleLayout("  Mutfak dolabı  ")
	l, err := s.CreateLayout(ctx, anon, in)
	if err != nil {
		t.Fatalf("CreateLayout: %v", err)
	}
	want := store.Layout{ID: l.ID, Name: "Mutfak dolabı", Parts: in.Parts, Sheet: in.Sheet, Options: in.Options, CreatedAt: l.CreatedAt,
		State: store.StatePlanned, CutPieces: []string{}, RecutPieces: []string{}}
	if !reflect.DeepEqual(l, want) {
		t.Errorf("CreateLayout returned %+v, want %+v", l, want)
	}
	if !hexID.MatchString(l.ID) {
		t.Errorf("id %q is not 32 hex digits", l.ID)
	}
	got := mustListLayouts(t, s, anon)
	if len(got) != 1 || !reflect.DeepEqual(got[0], want) {
		t.Fatalf("ListLayouts = %+v, want [%+v]", got, want)
	}
	if r := got[0].Parts[1].Rotate; r == nil || *r {
		t.Errorf("rotate false came back as %v", r)
	}
	if err := s.DeleteLayout(ctx, anon, l.ID); err != nil {
		t.Fatalf("DeleteLayout: %v", err)
	}
	if got := mustListLayouts(t, s, anon); len(got) != 0 {
		t.Errorf("ListLayouts after delete = %+v, want none", got)
	}
	if err := s.DeleteLayout(ctx, anon, l.ID); apperr.CodeOf(err) != apperr.NotFound {
		t.Errorf("second DeleteLayout: %v, want not_found", err)
	}
}

func testLayoutDefaults(t *testing.T, s store.Store) {
	in := store.LayoutInput{Name: "Varsayılan", Parts: []nest.Part{{Name: "A", Width: 1, Height: 2, Quantity: 3}}}
	l, err := s.CreateLayout(context.Background(), anon, in)
	if err != nil {
		t.Fatalf("CreateLayout: %v", err)
	}
	got := mustListLayouts(t, s, anon)[0]
	if got.Sheet != store.DefaultSheet || l.Sheet != store.DefaultSheet {
		t.Errorf("sheet = %+v (returned %+v), want the default %+v", got.Sheet, l.Sheet, store.DefaultSheet)
	}
	if got.Options != (nest.Options{}) {
		t.Errorf("options = %+v, want zero", got.Options)
	}
}

func testLayoutsNewestFirst(t *testing.T, s store.Store) {
	var ids []string
	for i := range 5 {
		l, err := s.CreateLayout(context.Background(), anon, sampleLayout(fmt.Sprintf("Düzen %d", i)))
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, l.ID)
	}
	got := mustListLayouts(t, s, anon)
	if len(got) != len(ids) {
		t.Fatalf("ListLayouts returned %d layouts, want %d", len(got), len(ids))
	}
	for i, l := range got {
		if want := ids[len(ids)-1-i]; l.ID != want {
			t.Errorf("layout %d is %s (%s), want %s: newest first", i, l.ID, l.Name, want)
		}
	}
}

func testDeleteLayoutNotFound(t *testing.T, s store.Store) {
	for _, id := range []string{"", "yok", strings.Repeat("f", 32)} {
		err := s.DeleteLayout(context.Background(), anon, id)
		if apperr.CodeOf(err) != apperr.NotFound || apperr.MessageOf(err) != store.MsgLayoutMissing {
			t.Errorf("DeleteLayout(%q) = %v, want not_found %q", id, err, store.MsgLayoutMissing)
		}
	}
}

func testInvalidPart(t *testing.T, s store.Store) {
	ok := store.PartInput{Name: "Raf", Width: 10, Height: 10, Quantity: 1}
	tests := []struct {
		name  string
		edit  func(p *store.PartInput)
		field string
		msg   string
	}{
		{"blank name", func(p *store.PartInput) { p.Name = " \t " }, "name", store.MsgRequired},
		{"long name", func(p *store.PartInput) { p.Name = strings.Repeat("ş", 201) }, "name", store.MsgNameTooLong},
		{"NUL in name", func(p *store.PartInput) { p.Name = "a\x00b" }, "name", store.MsgNameInvalid},
		{"zero width", func(p *store.PartInput) { p.Width = 0 }, "width", store.MsgInvalidValues},
		{"negative height", func(p *store.PartInput) { p.Height = -5 }, "height", store.MsgInvalidValues},
		{"wide", func(p *store.PartInput) { p.Width = 1000.01 }, "width", store.MsgSizeTooLarge},
		{"rounds to nothing", func(p *store.PartInput) { p.Height = 0.0000001 }, "height", store.MsgPartSide(0.0000001)},
		{"below the least side", func(p *store.PartInput) { p.Width = 0.001 }, "width", `"0,001" parça ölçüsü olamaz; 0,1 ile 1.000 cm arasında bir ölçü yazın`},
		{"below the least height", func(p *store.PartInput) { p.Height = 0.09 }, "height", `"0,09" parça ölçüsü olamaz; 0,1 ile 1.000 cm arasında bir ölçü yazın`},
		{"zero quantity", func(p *store.PartInput) { p.Quantity = 0 }, "quantity", store.MsgInvalidValues},
		{"many", func(p *store.PartInput) { p.Quantity = 100001 }, "quantity", store.MsgQuantity},
	}
	for _, tt := range tests {
		p := ok
		tt.edit(&p)
		_, err := s.CreatePart(context.Background(), anon, p)
		checkInvalid(t, tt.name, err, tt.field, tt.msg)
	}
	// The limits themselves are accepted.
	edge := []store.PartInput{
		{Name: strings.Repeat("ş", 200), Width: 1000, Height: 0.1, Quantity: 1},
		{Name: "x", Width: 0.1, Height: 1000, Quantity: 100000},
	}
	for _, p := range edge {
		if _, err := s.CreatePart(context.Background(), anon, p); err != nil {
			t.Errorf("CreatePart(%+v): %v", p, err)
		}
	}
	if got := mustListParts(t, s, anon); len(got) != len(edge) {
		t.Errorf("stored %d parts, want only the %d valid ones", len(got), len(edge))
	}
}

func testInvalidLayout(t *testing.T, s store.Store) {
	tooMany := make([]nest.Part, store.MaxLayoutParts+1)
	for i := range tooMany {
		tooMany[i] = nest.Part{Name: "p", Width: 1, Height: 1, Quantity: 1}
	}
	tests := []struct {
		name  string
		edit  func(l *store.LayoutInput)
		field string
		msg   string
	}{
		{"blank name", func(l *store.LayoutInput) { l.Name = "   " }, "name", store.MsgLayoutName},
		{"long name", func(l *store.LayoutInput) { l.Name = strings.Repeat("a", 201) }, "name", store.MsgNameTooLong},
		{"no parts", func(l *store.LayoutInput) { l.Parts = nil }, "parts", store.MsgLayoutEmpty},
		{"too many parts", func(l *store.LayoutInput) { l.Parts = tooMany }, "parts", store.MsgLayoutTooBig},
		{"part without name", func(l *store.LayoutInput) { l.Parts[1].Name = "" }, "parts[1].name", store.MsgRequired},
		{"part too wide", func(l *store.LayoutInput) { l.Parts[0].Width = 2000 }, "parts[0].width", store.MsgSizeTooLarge},
		{"part quantity", func(l *store.LayoutInput) { l.Parts[1].Quantity = -1 }, "parts[1].quantity", store.MsgInvalidValues},
		{"long line id", func(l *store.LayoutInput) { l.Parts[0].ID = strings.Repeat("ş", 201) }, "parts[0].id", store.MsgTextTooLong},
		{"line id with NUL", func(l *store.LayoutInput) { l.Parts[0].ID = "p\x00" }, "parts[0].id", store.MsgTextInvalid},
		// The engine's pieces, so that a saved layout lays out again.
		{"too many pieces", func(l *store.LayoutInput) { l.Parts[1].Quantity = store.MaxLayoutPieces - 1 }, "parts[1].quantity", store.MsgLayoutPieces},
		{"sheet", func(l *store.LayoutInput) { l.Sheet.Height = 0 }, "sheet.height", store.MsgInvalidSheet},
		// The canvas takes what the engine takes (a canvas over 1000 cm is
		// asked about, then laid out: the specification's canvas dialog).
		{"sheet too large", func(l *store.LayoutInput) { l.Sheet.Width = store.MaxSheetSize + 0.01 }, "sheet.width", store.MsgSheetTooLarge},
		{"kerf", func(l *store.LayoutInput) { l.Options.Kerf = -0.1 }, "options.kerf", store.MsgInvalidOption},
		{"trim below zero", func(l *store.LayoutInput) { l.Options.Trim = -0.0000001 }, "options.trim", store.MsgInvalidOption},
		// The engine's limits, so that a saved layout lays out again.
		{"kerf over the engine's", func(l *store.LayoutInput) { l.Options.Kerf = nest.MaxKerfCM + 0.01 }, "options.kerf", store.MsgInvalidOption},
		{"trim over half the canvas", func(l *store.LayoutInput) { l.Options.Trim = l.Sheet.Width / 2 }, "options.trim", store.MsgInvalidOption},
		{"time limit", func(l *store.LayoutInput) { l.Options.TimeLimitMs = nest.MaxTimeLimitMs + 1 }, "options.timeLimitMs", store.MsgInvalidOption},
		{"iterations", func(l *store.LayoutInput) { l.Options.Iterations = nest.MaxIterations + 1 }, "options.iterations", store.MsgInvalidOption},
		{"workers", func(l *store.LayoutInput) { l.Options.Workers = -3 }, "options.workers", store.MsgInvalidOption},
	}
	for _, tt := range tests {
		l := sampleLayout("Düzen")
		tt.edit(&l)
		_, err := s.CreateLayout(context.Background(), anon, l)
		checkInvalid(t, tt.name, err, tt.field, tt.msg)
	}
	largest := sampleLayout("En büyük")
	largest.Parts = tooMany[:store.MaxLayoutParts]
	if _, err := s.CreateLayout(context.Background(), anon, largest); err != nil {
		t.Errorf("layout of %d parts: %v", store.MaxLayoutParts, err)
	}
	if got := mustListLayouts(t, s, anon); len(got) != 1 || len(got[0].Parts) != store.MaxLayoutParts {
		t.Errorf("stored %d layouts, want only the valid one with %d parts", len(got), store.MaxLayoutParts)
	}
}

// testLayoutTheEngineRefuses: a layout the engine would refuse to lay out
// is not saved, with the engine's field and message: a trim too wide for
// a stock row (though not for the canvas), a band deducted that leaves
// nothing of a part, more part lines times stock rows than the engine
// weighs.
func testLayoutTheEngineRefuses(t *testing.T, s store.Store) {
	lines := make([]nest.Part, 2001)
	for i := range lines {
		lines[i] = nest.Part{Name: "p", Width: 1, Height: 1, Quantity: 1, Material: "M"}
	}
	rows := make([]nest.Stock, 1000)
	for i := range rows {
		rows[i] = nest.Stock{ID: fmt.Sprint("s", i), Material: "M", Width: 100, Height: 100}
	}
	tests := []struct {
		name string
		edit func(l *store.LayoutInput)
	}{
		{"trim too wide for a row", func(l *store.LayoutInput) {
			l.Stock = []nest.Stock{{ID: "s", Width: 10, Height: 10}}
			l.Options.Trim = 6
		}},
		{"band leaves nothing", func(l *store.LayoutInput) {
			l.Bands = []nest.Band{{Code: "B1", Thickness: 10}}
			l.Parts[0].Width = 1
			l.Parts[0].Edges = &nest.Edges{Left: "B1", Right: "B1"}
			l.Options.DeductBands = true
		}},
		{"lines times rows", func(l *store.LayoutInput) { l.Parts, l.Stock = lines, rows }},
	}
	for _, tt := range tests {
		l := sampleLayout("Düzen")
		tt.edit(&l)
		var ie *nest.InputError
		if !errors.As(nest.Check(l.Request(nil)), &ie) {
			t.Fatalf("%s: the engine takes it: the case tests nothing", tt.name)
		}
		_, err := s.CreateLayout(context.Background(), anon, l)
		checkInvalid(t, tt.name, err, ie.Field, ie.Message)
	}
	if got := mustListLayouts(t, s, anon); len(got) != 0 {
		t.Errorf("stored %d layouts", len(got))
	}
}

func checkInvalid(t *testing.T, name string, err error, field, msg string) {
	t.Helper()
	if apperr.CodeOf(err) != apperr.Invalid || apperr.FieldOf(err) != field || apperr.MessageOf(err) != msg {
		t.Errorf("%s: got %v (code %q, field %q, message %q), want invalid %q %q",
			name, err, apperr.CodeOf(err), apperr.FieldOf(err), apperr.MessageOf(err), field, msg)
	}
}

// localData is what a browser kept while the server was out of reach: it
// repeats a part (same name and size, other quantity) and a layout name.
func localData() ([]store.PartInput, []store.LayoutInput) {
	parts := []store.PartInput{
		{Name: "Kapak", Width: 50, Height: 30, Quantity: 2},
		{Name: turkish, Width: 45.55, Height: 12.05, Quantity: 1},
		{Name: " Kapak ", Width: 50, Height: 30, Quantity: 9}, // same as the first
		{Name: "Kapak", Width: 30, Height: 50, Quantity: 2},   // turned: another size
	}
	layouts := []store.LayoutInput{sampleLayout("Mutfak"), sampleLayout("Banyo"), sampleLayout("Mutfak")}
	return parts, layouts
}

func testSync(t *testing.T, s store.Store) {
	ctx := context.Background()
	parts, layouts := localData()
	res, err := s.Sync(ctx, anon, parts, layouts)
	if err != nil {
		t.Fatalf("Sync: %v", err)
	}
	if want := (store.SyncResult{NewParts: 3, NewLayouts: 2}); res != want {
		t.Errorf("first Sync = %+v, want %+v", res, want)
	}
	// The client pushes again (it did not see the answer): nothing doubles.
	res, err = s.Sync(ctx, anon, parts, layouts)
	if err != nil {
		t.Fatalf("second Sync: %v", err)
	}
	if res != (store.SyncResult{}) {
		t.Errorf("second Sync = %+v, want nothing new", res)
	}
	gotParts, gotLayouts := mustListParts(t, s, anon), mustListLayouts(t, s, anon)
	if len(gotParts) != 3 || len(gotLayouts) != 2 {
		t.Fatalf("stored %d parts and %d layouts, want 3 and 2", len(gotParts), len(gotLayouts))
	}
	// Synced rows are listed newest first like any other: the last added
	// first.
	if p := gotParts[0]; p.Name != "Kapak" || p.Width != 30 || p.Height != 50 {
		t.Errorf("newest part = %+v, want Kapak 30x50", p)
	}
	if p := gotParts[1]; p.Name != turkish || p.Width != 45.55 || p.Height != 12.05 {
		t.Errorf("second part = %+v, want %s 45.55x12.05", p, turkish)
	}
	if p := gotParts[2]; p.Quantity != 2 {
		t.Errorf("oldest part = %+v, want the first Kapak (quantity 2)", p)
	}
	if gotLayouts[0].Name != "Banyo" || gotLayouts[1].Name != "Mutfak" {
		t.Errorf("layouts = %s, %s; want Banyo, Mutfak", gotLayouts[0].Name, gotLayouts[1].Name)
	}
	if res, err := s.Sync(ctx, anon, nil, nil); err != nil || res != (store.SyncResult{}) {
		t.Errorf("empty Sync = %+v, %v", res, err)
	}
}

func testSyncAgainstStored(t *testing.T, s store.Store) {
	ctx := context.Background()
	mustCreatePart(t, s, anon, "Kapak", 50, 30)
	if _, err := s.CreateLayout(ctx, anon, sampleLayout("Mutfak")); err != nil {
		t.Fatal(err)
	}
	parts, layouts := localData()
	res, err := s.Sync(ctx, anon, parts, layouts)
	if err != nil {
		t.Fatalf("Sync: %v", err)
	}
	if want := (store.SyncResult{NewParts: 2, NewLayouts: 1}); res != want {
		t.Errorf("Sync = %+v, want %+v", res, want)
	}
}

// testSyncKeepsOfflineWork: a layout saved offline under a name the
// server has, with other parts, is the user's work: the sync saves it as
// "Mutfak (2)" (and a second one as "Mutfak (3)"), and sent again it
// saves nothing more. A long name is cut to make room for the number.
func testSyncKeepsOfflineWork(t *testing.T, s store.Store) {
	ctx := context.Background()
	if _, err := s.CreateLayout(ctx, anon, sampleLayout("Mutfak")); err != nil {
		t.Fatal(err)
	}
	long := strings.Repeat("ş", store.MaxNameLength)
	if _, err := s.CreateLayout(ctx, anon, sampleLayout(long)); err != nil {
		t.Fatal(err)
	}
	edited := sampleLayout("Mutfak")
	edited.Parts = append(edited.Parts, nest.Part{ID: "p3", Name: "Tezgah", Width: 70, Height: 140, Quantity: 3})
	again := sampleLayout("Mutfak")
	again.Sheet.Width = 100
	longEdited := sampleLayout(long)
	longEdited.Parts = edited.Parts
	local := []store.LayoutInput{edited, sampleLayout("Mutfak"), again, longEdited}
	for round, want := range []int{3, 0} {
		res, err := s.Sync(ctx, anon, nil, local)
		if err != nil {
			t.Fatalf("Sync %d: %v", round+1, err)
		}
		if res.NewLayouts != want {
			t.Errorf("Sync %d saved %d layouts, want %d", round+1, res.NewLayouts, want)
		}
	}
	names := map[string]int{}
	for _, l := range mustListLayouts(t, s, anon) {
		names[l.Name] = len(l.Parts)
	}
	cut := strings.Repeat("ş", store.MaxNameLength-4) + " (2)"
	if len(names) != 5 || names["Mutfak"] != 2 || names["Mutfak (2)"] != 3 || names["Mutfak (3)"] != 2 || names[cut] != 3 {
		t.Errorf("stored layouts (name: parts) %v", names)
	}
}

// A synced layout whose name and every numbered name a sync may give it
// (up to "Mutfak (1000)") are the user's already is refused on its field,
// as an invalid item is (the client sets it aside and syncs the rest),
// with nothing saved; it was a server fault (500) on every sync from then
// on. The index is the item's in the request, whatever items before it
// were dropped as copies.
func testSyncNamesTaken(t *testing.T, s store.Store) {
	ctx := context.Background()
	variant := func(name string, width float64) store.LayoutInput {
		l := sampleLayout(name)
		l.Parts[0].Width = width
		return l
	}
	many := make([]store.LayoutInput, store.MaxSyncNames)
	for i := range many {
		many[i] = variant("Mutfak", 10+float64(i)/100)
	}
	if res, err := s.Sync(ctx, userA, nil, many); err != nil || res.NewLayouts != store.MaxSyncNames {
		t.Fatalf("a sync of %d layouts of one name: %+v, %v", len(many), res, err)
	}
	page, err := s.ListLayouts(ctx, userA, store.LayoutQuery{Search: "Mutfak (1000)"})
	if err != nil || len(page.Layouts) != 1 {
		t.Fatalf("Mutfak (1000): %+v, %v", page.Layouts, err)
	}
	body := []store.LayoutInput{many[0], variant("Banyo", 20), variant("Banyo", 20), variant("Mutfak", 50)}
	_, err = s.Sync(ctx, userA, nil, body)
	checkInvalid(t, "every name taken", err, "layouts[3].name", store.MsgSyncNamesTaken)
	if page, err := s.ListLayouts(ctx, userA, store.LayoutQuery{Search: "Banyo"}); err != nil || len(page.Layouts) != 0 {
		t.Errorf("the refused sync saved %+v, %v", page.Layouts, err)
	}
	if res, err := s.Sync(ctx, userA, nil, body[:3]); err != nil || res.NewLayouts != 1 {
		t.Errorf("the rest, the refused layout set aside: %+v, %v", res, err)
	}
	if res, err := s.Sync(ctx, userB, nil, body[3:]); err != nil || res.NewLayouts != 1 {
		t.Errorf("another user's layout of the name: %+v, %v", res, err)
	}
}

func testSyncInvalid(t *testing.T, s store.Store) {
	parts, layouts := localData()
	layouts[1].Parts[1].Width = 0
	_, err := s.Sync(context.Background(), anon, parts, layouts)
	checkInvalid(t, "bad layout part", err, "layouts[1].parts[1].width", store.MsgInvalidValues)
	parts[3].Name = ""
	_, err = s.Sync(context.Background(), anon, parts, layouts)
	checkInvalid(t, "bad part", err, "parts[3].name", store.MsgRequired)
	if p, l := mustListParts(t, s, anon), mustListLayouts(t, s, anon); len(p)+len(l) != 0 {
		t.Errorf("a rejected Sync stored %d parts and %d layouts", len(p), len(l))
	}
}

// testSyncKeepsDates syncs layouts kept locally days ago: they keep their
// dates and are listed by them, while a date in the future becomes now.
func testSyncKeepsDates(t *testing.T, s store.Store) {
	ctx := context.Background()
	before := time.Now().Add(-time.Second)
	if _, err := s.CreateLayout(ctx, anon, sampleLayout("Bugün")); err != nil {
		t.Fatal(err)
	}
	old := sampleLayout("Geçen hafta")
	old.CreatedAt = time.Date(2026, 1, 2, 3, 4, 5, 123456789, time.FixedZone("TRT", 3*3600))
	future := sampleLayout("Gelecek")
	future.CreatedAt = time.Now().Add(48 * time.Hour)
	part := store.PartInput{Name: "Kapak", Width: 1, Height: 2, Quantity: 3, CreatedAt: old.CreatedAt}
	if _, err := s.Sync(ctx, anon, []store.PartInput{part}, []store.LayoutInput{old, future}); err != nil {
		t.Fatal(err)
	}
	want := time.Date(2026, 1, 2, 0, 4, 5, 123456000, time.UTC)
	got := mustListLayouts(t, s, anon)
	if len(got) != 3 || got[0].Name != "Gelecek" || got[1].Name != "Bugün" || got[2].Name != "Geçen hafta" {
		t.Fatalf("layouts %v, want Gelecek, Bugün, Geçen hafta (newest first)", got)
	}
	if !got[2].CreatedAt.Equal(want) || got[2].CreatedAt.Location() != time.UTC {
		t.Errorf("synced layout's date %v, want %v", got[2].CreatedAt, want)
	}
	if c := got[0].CreatedAt; c.Before(before) || c.After(time.Now()) {
		t.Errorf("layout dated in the future got %v, want now", c)
	}
	if p := mustListParts(t, s, anon); len(p) != 1 || !p[0].CreatedAt.Equal(want) {
		t.Errorf("synced part %+v, want created at %v", p, want)
	}
}

func testOwners(t *testing.T, s store.Store) {
	ctx := context.Background()
	owners := []store.Owner{anon, userA, userB}
	partOf := map[store.Owner]store.Part{}
	layoutOf := map[store.Owner]store.Layout{}
	for _, o := range owners {
		partOf[o] = mustCreatePart(t, s, o, "Parça "+o.String(), 10, 10)
		l, err := s.CreateLayout(ctx, o, sampleLayout("Düzen "+o.String()))
		if err != nil {
			t.Fatal(err)
		}
		layoutOf[o] = l
	}
	for _, o := range owners {
		if p := mustListParts(t, s, o); len(p) != 1 || p[0].ID != partOf[o].ID {
			t.Errorf("%s sees parts %+v, want only its own", o, p)
		}
		if l := mustListLayouts(t, s, o); len(l) != 1 || l[0].ID != layoutOf[o].ID {
			t.Errorf("%s sees layouts %+v, want only its own", o, l)
		}
		uid, isUser := o.UserID()
		if got := partOf[o].UserID; isUser != (got != nil) || (got != nil && *got != uid) {
			t.Errorf("%s's part has user id %v", o, got)
		}
	}
	// Nobody deletes another owner's rows: the answer is "not found", as if
	// the row did not exist.
	for _, o := range owners {
		for _, other := range owners {
			if o == other {
				continue
			}
			if err := s.DeletePart(ctx, o, partOf[other].ID); apperr.CodeOf(err) != apperr.NotFound {
				t.Errorf("%s deleting %s's part: %v, want not_found", o, other, err)
			}
			if err := s.DeleteLayout(ctx, o, layoutOf[other].ID); apperr.CodeOf(err) != apperr.NotFound {
				t.Errorf("%s deleting %s's layout: %v, want not_found", o, other, err)
			}
		}
	}
	for _, o := range owners {
		if len(mustListParts(t, s, o)) != 1 || len(mustListLayouts(t, s, o)) != 1 {
			t.Errorf("%s lost a row to another owner's delete", o)
		}
		if err := s.DeletePart(ctx, o, partOf[o].ID); err != nil {
			t.Errorf("%s deleting its own part: %v", o, err)
		}
		if err := s.DeleteLayout(ctx, o, layoutOf[o].ID); err != nil {
			t.Errorf("%s deleting its own layout: %v", o, err)
		}
	}
}

func testSyncPerOwner(t *testing.T, s store.Store) {
	parts, layouts := localData()
	for _, o := range []store.Owner{userA, userB, anon} {
		res, err := s.Sync(context.Background(), o, parts, layouts)
		if err != nil {
			t.Fatalf("Sync as %s: %v", o, err)
		}
		if want := (store.SyncResult{NewParts: 3, NewLayouts: 2}); res != want {
			t.Errorf("Sync as %s = %+v, want %+v: another owner's rows are no duplicates", o, res, want)
		}
	}
}

// testConcurrentWrites writes from many goroutines at once, as a busy
// workshop's browsers do: no write may fail (no SQLITE_BUSY) or be lost.
func testConcurrentWrites(t *testing.T, s store.Store) {
	const workers, each = 16, 10
	ctx := context.Background()
	var wg sync.WaitGroup
	errs := make(chan error, workers*each*4)
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			owner := []store.Owner{anon, userA}[w%2]
			for i := range each {
				name := fmt.Sprintf("w%d-%d", w, i)
				p, err := s.CreatePart(ctx, owner, store.PartInput{Name: name, Width: 10, Height: 20, Quantity: 1})
				if err != nil {
					errs <- err
					continue
				}
				if _, err := s.CreateLayout(ctx, owner, sampleLayout(name)); err != nil {
					errs <- err
				}
				if _, err := s.Sync(ctx, owner, []store.PartInput{{Name: "ortak", Width: 1, Height: 1, Quantity: 1}},
					[]store.LayoutInput{sampleLayout("ortak")}); err != nil {
					errs <- err
				}
				if i%2 == 0 {
					if err := s.DeletePart(ctx, owner, p.ID); err != nil {
						errs <- err
					}
				}
				if _, err := s.ListLayouts(ctx, owner, store.LayoutQuery{}); err != nil {
					errs <- err
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Errorf("concurrent write: %v", err)
	}
	for _, o := range []store.Owner{anon, userA} {
		// Per owner: half of the parts survive their delete, plus one shared
		// part that every worker synced but only the first added.
		if n, want := len(mustListParts(t, s, o)), workers/2*each/2+1; n != want {
			t.Errorf("%s has %d parts, want %d", o, n, want)
		}
		if n, want := len(mustListLayouts(t, s, o)), workers/2*each+1; n != want {
			t.Errorf("%s has %d layouts, want %d", o, n, want)
		}
	}
}

func mustCreatePart(t testing.TB, s store.Store, o store.Owner, name string, w, h float64) store.Part {
	t.Helper()
	p, err := s.CreatePart(context.Background(), o, store.PartInput{Name: name, Width: w, Height: h, Quantity: 1})
	if err != nil {
		t.Fatalf("CreatePart(%s): %v", name, err)
	}
	return p
}

func mustListParts(t testing.TB, s store.Store, o store.Owner) []store.Part {
	t.Helper()
	p, err := s.ListParts(context.Background(), o)
	if err != nil {
		t.Fatalf("ListParts(%s): %v", o, err)
	}
	return p
}

// mustListLayouts returns all the owner's layouts, whole, newest first: it
// walks the list page by page, checks each summary against the layout
// GetLayout returns, and returns those.
func mustListLayouts(t testing.TB, s store.Store, o store.Owner) []store.Layout {
	t.Helper()
	var layouts []store.Layout
	for _, sum := range mustListAll(t, s, o, store.LayoutQuery{Limit: 7}) {
		l, err := s.GetLayout(context.Background(), o, sum.ID)
		if err != nil {
			t.Fatalf("GetLayout(%s, %s): %v", o, sum.ID, err)
		}
		checkSummary(t, sum, l)
		layouts = append(layouts, l)
	}
	return layouts
}

// mustListAll walks every page of the list that q asks for and returns the
// summaries in order.
func mustListAll(t testing.TB, s store.Store, o store.Owner, q store.LayoutQuery) []store.LayoutSummary {
	t.Helper()
	limit := q.Limit
	if limit == 0 {
		limit = store.DefaultLayoutPage
	}
	list := []store.LayoutSummary{}
	for pages := 0; ; pages++ {
		page, err := s.ListLayouts(context.Background(), o, q)
		if err != nil {
			t.Fatalf("ListLayouts(%s, %+v): %v", o, q, err)
		}
		if len(page.Layouts) > limit || page.Next != "" && len(page.Layouts) != limit || pages > 10000 {
			t.Fatalf("page %d of %+v has %d layouts and next %q", pages, q, len(page.Layouts), page.Next)
		}
		list = append(list, page.Layouts...)
		if page.Next == "" {
			return list
		}
		q.Cursor = page.Next
	}
}

// checkSummary checks that a list entry says what the layout holds.
func checkSummary(t testing.TB, sum store.LayoutSummary, l store.Layout) {
	t.Helper()
	lines, pieces := 0, 0
	for _, p := range l.Parts {
		lines++
		pieces += p.Quantity
	}
	if sum.ID != l.ID || sum.Name != l.Name || !sum.CreatedAt.Equal(l.CreatedAt) || sum.CreatedAt.Location() != time.UTC ||
		sum.Sheet == nil || *sum.Sheet != l.Sheet || sum.PartLines != lines || sum.Pieces != pieces ||
		sum.State != l.State || sum.Progress != l.Progress {
		t.Errorf("summary %+v (sheet %v) does not match layout %s %q: %d lines, %d pieces, sheet %v, created %v",
			sum, sum.Sheet, l.ID, l.Name, lines, pieces, l.Sheet, l.CreatedAt)
	}
}

// RunShared checks two stores on one database, as two servers behind a load
// balancer: what one saves the other lists, and syncs racing through both
// add every part and layout once. open2 returns two stores on one new,
// empty database.
func RunShared(t *testing.T, open2 func(t *testing.T) (store.Store, store.Store)) {
	s1, s2 := open2(t)
	p := mustCreatePart(t, s1, userA, "Kapak", 50, 30)
	if got := mustListParts(t, s2, userA); len(got) != 1 || got[0].ID != p.ID {
		t.Fatalf("the second store lists %+v, want the part the first saved", got)
	}
	parts, layouts := localData()
	var wg sync.WaitGroup
	results := make([]store.SyncResult, 8)
	errs := make([]error, len(results))
	for i := range results {
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[i], errs[i] = []store.Store{s1, s2}[i%2].Sync(context.Background(), anon, parts, layouts)
		}()
	}
	wg.Wait()
	var total store.SyncResult
	for i, r := range results {
		if errs[i] != nil {
			t.Errorf("sync %d: %v", i, errs[i])
		}
		total.NewParts += r.NewParts
		total.NewLayouts += r.NewLayouts
	}
	if want := (store.SyncResult{NewParts: 3, NewLayouts: 2}); total != want {
		t.Errorf("racing syncs added %+v in all, want %+v", total, want)
	}
	if n, m := len(mustListParts(t, s1, anon)), len(mustListLayouts(t, s2, anon)); n != 3 || m != 2 {
		t.Errorf("stored %d parts and %d layouts, want 3 and 2", n, m)
	}
}

// testLayoutSummaries checks what the list says of each layout: its parts
// counted, not listed.
func testLayoutSummaries(t *testing.T, s store.Store) {
	ctx := context.Background()
	in := sampleLayout("Mutfak")
	l, err := s.CreateLayout(ctx, anon, in)
	if err != nil {
		t.Fatal(err)
	}
	// The largest layout: the most lines, and the most pieces among them.
	big := store.LayoutInput{Name: "Büyük", Parts: make([]nest.Part, store.MaxLayoutParts)}
	for i := range big.Parts {
		big.Parts[i] = nest.Part{Name: "p", Width: 1, Height: 1, Quantity: store.MaxLayoutPieces / store.MaxLayoutParts}
	}
	if _, err := s.Sync(ctx, anon, nil, []store.LayoutInput{big}); err != nil {
		t.Fatal(err)
	}
	page, err := s.ListLayouts(ctx, anon, store.LayoutQuery{})
	if err != nil {
		t.Fatal(err)
	}
	if len(page.Layouts) != 2 || page.Next != "" {
		t.Fatalf("ListLayouts = %+v, want 2 layouts and no next page", page)
	}
	got := page.Layouts[0]
	want := store.LayoutSummary{ID: got.ID, Name: "Büyük", CreatedAt: got.CreatedAt, Sheet: &store.DefaultSheet,
		PartLines: store.MaxLayoutParts, Pieces: store.MaxLayoutPieces, State: store.StatePlanned}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("largest layout listed as %+v, want %+v", got, want)
	}
	got = page.Layouts[1]
	want = store.LayoutSummary{ID: l.ID, Name: "Mutfak", CreatedAt: l.CreatedAt, Sheet: &in.Sheet, PartLines: 2, Pieces: 9,
		State: store.StatePlanned}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("layout listed as %+v, want %+v", got, want)
	}
	// Stock rows and no canvas: listed with the zero canvas, as read whole.
	in.Name, in.Sheet = "Stoklu", nest.Sheet{}
	in.Stock = []nest.Stock{{ID: "s1", Material: "Beyaz", Width: 183, Height: 366}}
	if l, err = s.CreateLayout(ctx, anon, in); err != nil {
		t.Fatal(err)
	}
	if page, err = s.ListLayouts(ctx, anon, store.LayoutQuery{}); err != nil {
		t.Fatal(err)
	}
	if l.Sheet != (nest.Sheet{}) || len(page.Layouts) != 3 {
		t.Fatalf("saved with canvas %v; %d listed", l.Sheet, len(page.Layouts))
	}
	checkSummary(t, page.Layouts[0], l)
}

// createLayouts saves n layouts named prefix 0, prefix 1, ... and returns
// their ids, newest first.
func createLayouts(t *testing.T, s store.Store, o store.Owner, prefix string, n int) []string {
	t.Helper()
	ids := make([]string, n)
	for i := range n {
		l, err := s.CreateLayout(context.Background(), o, sampleLayout(fmt.Sprintf("%s %d", prefix, i)))
		if err != nil {
			t.Fatal(err)
		}
		ids[n-1-i] = l.ID
	}
	return ids
}

func summaryIDs(list []store.LayoutSummary) []string {
	ids := make([]string, len(list))
	for i, l := range list {
		ids[i] = l.ID
	}
	return ids
}

func testLayoutPages(t *testing.T, s store.Store) {
	ctx := context.Background()
	ids := createLayouts(t, s, anon, "Düzen", 7)
	createLayouts(t, s, userA, "Başkasının", 3)
	for _, limit := range []int{1, 2, 3, 6, 7, 8, store.MaxLayoutPage} {
		if got := summaryIDs(mustListAll(t, s, anon, store.LayoutQuery{Limit: limit})); !reflect.DeepEqual(got, ids) {
			t.Errorf("pages of %d: %v, want %v", limit, got, ids)
		}
	}
	// Pages of 3: 3, 3 and 1, the last without a next page.
	page, err := s.ListLayouts(ctx, anon, store.LayoutQuery{Limit: 3})
	if err != nil || len(page.Layouts) != 3 || page.Next == "" {
		t.Fatalf("first page: %+v, %v", page, err)
	}
	page, err = s.ListLayouts(ctx, anon, store.LayoutQuery{Limit: 3, Cursor: page.Next})
	if err != nil || len(page.Layouts) != 3 || page.Next == "" || page.Layouts[0].ID != ids[3] {
		t.Fatalf("second page: %+v, %v", page, err)
	}
	page, err = s.ListLayouts(ctx, anon, store.LayoutQuery{Limit: 3, Cursor: page.Next})
	if err != nil || len(page.Layouts) != 1 || page.Next != "" || page.Layouts[0].ID != ids[6] {
		t.Fatalf("last page: %+v, %v", page, err)
	}
	// The default page is 50.
	createLayouts(t, s, anon, "Daha", store.DefaultLayoutPage)
	page, err = s.ListLayouts(ctx, anon, store.LayoutQuery{})
	if err != nil || len(page.Layouts) != store.DefaultLayoutPage || page.Next == "" {
		t.Fatalf("default page: %d layouts, next %q, %v", len(page.Layouts), page.Next, err)
	}
	// A cursor is the owner's position in the list, not a key to other
	// rows: another owner using it sees only their own layouts.
	if got := mustListAll(t, s, userB, store.LayoutQuery{Cursor: page.Next}); len(got) != 0 {
		t.Errorf("user B with user A's cursor sees %v", got)
	}
	if got := mustListAll(t, s, userA, store.LayoutQuery{}); len(got) != 3 {
		t.Errorf("user A sees %d layouts, want its 3", len(got))
	}
	// An empty list is an empty page.
	if page, err := s.ListLayouts(ctx, userB, store.LayoutQuery{}); err != nil || page.Layouts == nil || len(page.Layouts) != 0 || page.Next != "" {
		t.Errorf("empty list: %+v, %v", page, err)
	}
}

// testLayoutPagesStable goes on with a list after layouts were saved and
// deleted meanwhile: no layout that was there throughout is listed twice or
// left out.
func testLayoutPagesStable(t *testing.T, s store.Store) {
	ctx := context.Background()
	// Synced layouts keep their older dates, so they land within the list,
	// not only at its top.
	var synced []store.LayoutInput
	for i := range 6 {
		l := sampleLayout(fmt.Sprintf("Eski %d", i))
		l.CreatedAt = time.Date(2025, 1, 1+i, 0, 0, 0, 0, time.UTC)
		synced = append(synced, l)
	}
	if _, err := s.Sync(ctx, anon, nil, synced); err != nil {
		t.Fatal(err)
	}
	before := mustListAll(t, s, anon, store.LayoutQuery{})
	page, err := s.ListLayouts(ctx, anon, store.LayoutQuery{Limit: 2})
	if err != nil {
		t.Fatal(err)
	}
	seen := summaryIDs(page.Layouts)
	// Meanwhile: a new layout, one synced between the pages already seen
	// and those to come, one dated among those already seen, and the
	// newest of the ones seen deleted.
	createLayouts(t, s, anon, "Yeni", 1)
	between := sampleLayout("Arada")
	between.CreatedAt = time.Date(2025, 1, 4, 12, 0, 0, 0, time.UTC)
	seenBefore := sampleLayout("Görülmüşlerin arasında")
	seenBefore.CreatedAt = time.Date(2025, 1, 5, 12, 0, 0, 0, time.UTC)
	if _, err := s.Sync(ctx, anon, nil, []store.LayoutInput{between, seenBefore}); err != nil {
		t.Fatal(err)
	}
	if err := s.DeleteLayout(ctx, anon, seen[0]); err != nil {
		t.Fatal(err)
	}
	rest := mustListAll(t, s, anon, store.LayoutQuery{Limit: 2, Cursor: page.Next})
	var names []string
	for _, l := range rest {
		names = append(names, l.Name)
	}
	want := []string{"Arada", "Eski 3", "Eski 2", "Eski 1", "Eski 0"}
	if !reflect.DeepEqual(names, want) {
		t.Errorf("after the first page: %v, want %v", names, want)
	}
	if got := append(seen, summaryIDs(rest)...); len(got) != len(before)+1 {
		t.Errorf("listed %d layouts, want the %d that were there and the one synced between", len(got), len(before))
	}
}

// testLayoutPagesSameDate pages through layouts synced with one date: the
// id breaks the tie, and each is listed once.
func testLayoutPagesSameDate(t *testing.T, s store.Store) {
	var in []store.LayoutInput
	for i := range 9 {
		l := sampleLayout(fmt.Sprintf("Aynı gün %d", i))
		l.CreatedAt = time.Date(2026, 3, 4, 5, 6, 7, 0, time.UTC)
		in = append(in, l)
	}
	if _, err := s.Sync(context.Background(), anon, nil, in); err != nil {
		t.Fatal(err)
	}
	all := summaryIDs(mustListAll(t, s, anon, store.LayoutQuery{Limit: store.MaxLayoutPage}))
	if len(all) != 9 || !slicesSortedDesc(all) {
		t.Fatalf("layouts of one date: %v, want 9 by id, descending", all)
	}
	for _, limit := range []int{1, 2, 4} {
		if got := summaryIDs(mustListAll(t, s, anon, store.LayoutQuery{Limit: limit})); !reflect.DeepEqual(got, all) {
			t.Errorf("pages of %d: %v, want %v", limit, got, all)
		}
	}
}

func slicesSortedDesc(ids []string) bool {
	for i := 1; i < len(ids); i++ {
		if ids[i] >= ids[i-1] {
			return false
		}
	}
	return true
}

func testLayoutSearch(t *testing.T, s store.Store) {
	names := []string{"KAPI", "Kapı kolu", "kapİ", "Kapi", "Çekmece Ön", "ÇEKMECE arka", "Şişe rafı", "Dolap",
		"%100 dolu", "a_b", "Straße"}
	for _, n := range names {
		if _, err := s.CreateLayout(context.Background(), anon, sampleLayout(n)); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.CreateLayout(context.Background(), userA, sampleLayout("Kapı A")); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		q    string
		want []string // newest first
	}{
		{"kapi", []string{"Kapi", "kapİ", "Kapı kolu", "KAPI"}},
		{"KAPI", []string{"Kapi", "kapİ", "Kapı kolu", "KAPI"}},
		{"kapı", []string{"Kapi", "kapİ", "Kapı kolu", "KAPI"}},
		{"KAPİ", []string{"Kapi", "kapİ", "Kapı kolu", "KAPI"}},
		{"  kapı KOL ", []string{"Kapı kolu"}},
		{"cekmece", []string{"ÇEKMECE arka", "Çekmece Ön"}},
		{"çekmece ön", []string{"Çekmece Ön"}},
		{"ŞİŞE", []string{"Şişe rafı"}},
		{"sise rafi", []string{"Şişe rafı"}},
		{"%", []string{"%100 dolu"}},
		{"_", []string{"a_b"}},
		{"a%b", nil},
		{"DOL", []string{"%100 dolu", "Dolap"}},
		{"straße", []string{"Straße"}},
		{"STRASSE", nil},
		{"yok", nil},
		{"", append([]string{"Straße", "a_b", "%100 dolu", "Dolap", "Şişe rafı", "ÇEKMECE arka", "Çekmece Ön"},
			"Kapi", "kapİ", "Kapı kolu", "KAPI")},
	}
	for _, tt := range tests {
		var got []string
		for _, l := range mustListAll(t, s, anon, store.LayoutQuery{Search: tt.q, Limit: 2}) {
			got = append(got, l.Name)
		}
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("search %q: %q, want %q", tt.q, got, tt.want)
		}
	}
}

// testLayoutPagesCursorRowDeleted goes on with a list whose cursor's
// layout, the last of the page before, was deleted meanwhile: the cursor
// is a position, so the list goes on from where that layout was, neither
// refused nor started over.
func testLayoutPagesCursorRowDeleted(t *testing.T, s store.Store) {
	ctx := context.Background()
	ids := createLayouts(t, s, anon, "Düzen", 5)
	page, err := s.ListLayouts(ctx, anon, store.LayoutQuery{Limit: 2})
	if err != nil || page.Next == "" || !reflect.DeepEqual(summaryIDs(page.Layouts), ids[:2]) {
		t.Fatalf("first page: %+v, %v", page, err)
	}
	for _, id := range ids[:2] {
		if err := s.DeleteLayout(ctx, anon, id); err != nil {
			t.Fatal(err)
		}
	}
	if got := summaryIDs(mustListAll(t, s, anon, store.LayoutQuery{Limit: 2, Cursor: page.Next})); !reflect.DeepEqual(got, ids[2:]) {
		t.Errorf("after the page whose layouts were deleted: %v, want %v", got, ids[2:])
	}
	// Every layout after it deleted too: an empty last page, not an error.
	for _, id := range ids[2:] {
		if err := s.DeleteLayout(ctx, anon, id); err != nil {
			t.Fatal(err)
		}
	}
	if page, err := s.ListLayouts(ctx, anon, store.LayoutQuery{Limit: 2, Cursor: page.Next}); err != nil || len(page.Layouts) != 0 || page.Layouts == nil || page.Next != "" {
		t.Errorf("after the page, nothing left: %+v, %v; want an empty page", page, err)
	}
}

func testLayoutQueryInvalid(t *testing.T, s store.Store) {
	createLayouts(t, s, anon, "Düzen", 3)
	page, err := s.ListLayouts(context.Background(), anon, store.LayoutQuery{Limit: 1})
	if err != nil {
		t.Fatal(err)
	}
	cursor := page.Next
	tests := []struct {
		name  string
		q     store.LayoutQuery
		field string
		msg   string
	}{
		{"negative limit", store.LayoutQuery{Limit: -1}, "limit", store.MsgLayoutLimit},
		{"large limit", store.LayoutQuery{Limit: store.MaxLayoutPage + 1}, "limit", store.MsgLayoutLimit},
		{"cursor not base64", store.LayoutQuery{Cursor: "!!"}, "cursor", store.MsgLayoutCursor},
		{"short cursor", store.LayoutQuery{Cursor: cursor[:len(cursor)-2]}, "cursor", store.MsgLayoutCursor},
		{"long cursor", store.LayoutQuery{Cursor: cursor + "AAAA"}, "cursor", store.MsgLayoutCursor},
		{"padded cursor", store.LayoutQuery{Cursor: cursor + "="}, "cursor", store.MsgLayoutCursor},
		{"negative date", store.LayoutQuery{Cursor: "_" + cursor[1:]}, "cursor", store.MsgLayoutCursor},
		// Well formed, but at 1970-01-01T00:00:00Z, where no layout can be.
		{"zero date", store.LayoutQuery{Cursor: strings.Repeat("A", 32)}, "cursor", store.MsgLayoutCursor},
		{"zero date, a real id", store.LayoutQuery{Cursor: "AAAAAAAAAAA" + cursor[11:]}, "cursor", store.MsgLayoutCursor},
		{"long search", store.LayoutQuery{Search: strings.Repeat("ş", 201)}, "q", store.MsgSearchLong},
		{"NUL in search", store.LayoutQuery{Search: "a\x00"}, "q", store.MsgTextInvalid},
	}
	for _, tt := range tests {
		page, err := s.ListLayouts(context.Background(), anon, tt.q)
		checkInvalid(t, tt.name, err, tt.field, tt.msg)
		if err == nil {
			t.Errorf("%s: listed %+v", tt.name, page)
		}
	}
	if page, err := s.ListLayouts(context.Background(), anon, store.LayoutQuery{Limit: store.MaxLayoutPage, Search: strings.Repeat("ş", 200)}); err != nil || len(page.Layouts) != 0 {
		t.Errorf("largest page and longest search: %+v, %v", page, err)
	}
}

func testGetLayout(t *testing.T, s store.Store) {
	ctx := context.Background()
	in := sampleLayout("Mutfak")
	l, err := s.CreateLayout(ctx, userA, in)
	if err != nil {
		t.Fatal(err)
	}
	got, err := s.GetLayout(ctx, userA, l.ID)
	want := store.Layout{ID: l.ID, Name: "Mutfak", Parts: in.Parts, Sheet: in.Sheet, Options: in.Options, UserID: l.UserID, CreatedAt: l.CreatedAt,
		State: store.StatePlanned, CutPieces: []string{}, RecutPieces: []string{}}
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("GetLayout = %+v, %v; want %+v", got, err, want)
	}
	for _, o := range []store.Owner{anon, userB} {
		if _, err := s.GetLayout(ctx, o, l.ID); apperr.CodeOf(err) != apperr.NotFound || apperr.MessageOf(err) != store.MsgLayoutMissing {
			t.Errorf("%s getting user A's layout: %v, want not_found", o, err)
		}
	}
	for _, id := range []string{"", "yok", strings.Repeat("f", 32), "' OR 1=1 --"} {
		if _, err := s.GetLayout(ctx, userA, id); apperr.CodeOf(err) != apperr.NotFound {
			t.Errorf("GetLayout(%q): %v, want not_found", id, err)
		}
	}
	if err := s.DeleteLayout(ctx, userA, l.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := s.GetLayout(ctx, userA, l.ID); apperr.CodeOf(err) != apperr.NotFound {
		t.Errorf("GetLayout after delete: %v, want not_found", err)
	}
}

// A canvas over the specification's 1000 cm, which the canvas dialog takes
// after asking and the engine lays out, saves with its result and loads
// back as it was, up to the engine's own limit; its job's leftovers, as
// wide as the canvas, go on the rack exactly.
func testLayoutHugeCanvas(t *testing.T, s store.Store) {
	ctx := context.Background()
	in := store.LayoutInput{Name: "Büyük tuval", Parts: []nest.Part{{Name: "Kapak", Width: 45.5, Height: 30, Quantity: 4}},
		Sheet: nest.Sheet{Width: 1200, Height: 2500}}
	res, err := nest.Layout(ctx, in.Request(nil), nil)
	if err != nil {
		t.Fatalf("the engine refuses a 1200 x 2500 canvas: %v", err)
	}
	in.Result = &res
	l, err := s.CreateLayout(ctx, anon, in)
	if err != nil {
		t.Fatalf("CreateLayout on a 1200 x 2500 canvas: %v", err)
	}
	got, err := s.GetLayout(ctx, anon, l.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.Sheet != in.Sheet || got.Result == nil || !reflect.DeepEqual(*got.Result, res) {
		t.Errorf("loaded sheet %+v, result %v; want %+v and the result saved", got.Sheet, got.Result != nil, in.Sheet)
	}
	if sum := mustListLayouts(t, s, anon)[0]; sum.Sheet != in.Sheet {
		t.Errorf("listed sheet %+v, want %+v", sum.Sheet, in.Sheet)
	}
	// The engine's longest canvas, cut: ten parts of 1000 cm fill it
	// along, and a strip of its whole length is left beside them.
	widest := jobInput(t, "En uzun", nil, fixed("a", 100, 1000, 10))
	widest.Sheet = nest.Sheet{Width: 150, Height: store.MaxSheetSize}
	widest.Options.Guillotine = false
	res, err = nest.Layout(ctx, widest.Request(nil), nil)
	if err != nil {
		t.Fatalf("the engine refuses its widest canvas: %v", err)
	}
	widest.Result = &res
	j := mustCreateJob(t, s, userA, widest)
	mustSetState(t, s, userA, j.ID, store.StateCut)
	offcuts := rack(t, s, userA)
	var full *store.Offcut
	for i, o := range offcuts {
		if o.Width == store.MaxSheetSize || o.Height == store.MaxSheetSize {
			full = &offcuts[i]
		}
	}
	if full == nil {
		t.Fatalf("offcuts %+v: none of the canvas's whole length", offcuts)
	}
	// A job planned on that offcut saves, loads back and is cut from it:
	// an offcut row takes the canvas's sides, not a sheet row's 1000 cm.
	on := store.LayoutInput{Name: "Artıktan", Parts: []nest.Part{fixed("b", 40, 900, 1)}, Stock: []nest.Stock{full.Stock}}
	res, err = nest.Layout(ctx, on.Request(nil), nil)
	if err != nil {
		t.Fatalf("the engine on the offcut %+v: %v", full.Stock, err)
	}
	on.Result = &res
	j = mustCreateJob(t, s, userA, on)
	if got, err := s.GetLayout(ctx, userA, j.ID); err != nil || len(got.Stock) != 1 || got.Stock[0] != full.Stock {
		t.Errorf("loaded stock %+v, %v; want %+v", got.Stock, err, full.Stock)
	}
	mustSetState(t, s, userA, j.ID, store.StateCut)
	for _, o := range rack(t, s, userA) {
		if o.ID == full.ID {
			t.Errorf("offcut %s still on the rack after the job cut from it", o.ID)
		}
	}
}

// An id that no database can hold (a NUL, invalid UTF-8: a path such as
// /api/layouts/%00) is no row's, on every driver: NotFound with the
// route's message, as SQLite answers by finding nothing (PostgreSQL
// refused the query, and the user read "Sunucu hatası"). A part line's id
// with a NUL is refused before it is saved, on every driver (SQLite kept
// it, PostgreSQL failed on it).
func testUnstorableIDs(t *testing.T, s store.Store) {
	ctx := context.Background()
	job := mustCreateJob(t, s, userA, jobInput(t, "İş", nil, fixed("a", 40, 40, 1)))
	notFound := func(what string, err error, msg string) {
		t.Helper()
		if apperr.CodeOf(err) != apperr.NotFound || apperr.MessageOf(err) != msg {
			t.Errorf("%s: %v, want not_found %q", what, err, msg)
		}
	}
	for _, id := range []string{"\x00", "a\x00b", "\xff", "a\xc3\x28"} {
		_, err := s.GetLayout(ctx, userA, id)
		notFound(fmt.Sprintf("GetLayout(%q)", id), err, store.MsgLayoutMissing)
		notFound(fmt.Sprintf("DeleteLayout(%q)", id), s.DeleteLayout(ctx, userA, id), store.MsgLayoutMissing)
		notFound(fmt.Sprintf("DeletePart(%q)", id), s.DeletePart(ctx, userA, id), store.MsgPartNotFound)
		_, err = s.SetLayoutState(ctx, userA, id, store.StateChange{State: store.StateCutting})
		notFound(fmt.Sprintf("SetLayoutState(%q)", id), err, store.MsgLayoutMissing)
		_, err = s.ReplaceLayout(ctx, userA, id, sampleLayout("Yeni"))
		notFound(fmt.Sprintf("ReplaceLayout(%q)", id), err, store.MsgLayoutMissing)
		_, _, err = s.LayoutOwner(ctx, id)
		notFound(fmt.Sprintf("LayoutOwner(%q)", id), err, store.MsgLayoutMissing)
		_, err = s.TickPiece(ctx, userA, id, store.Tick{PieceID: "a-0", Cut: true})
		notFound(fmt.Sprintf("TickPiece(%q, a-0)", id), err, store.MsgLayoutMissing)
		_, err = s.TickPiece(ctx, userA, job.ID, store.Tick{PieceID: id, Cut: true})
		notFound(fmt.Sprintf("TickPiece(job, %q)", id), err, store.MsgPieceMissing)
	}
	in := sampleLayout("Boş karakter")
	in.Parts[1].ID = "p\x002"
	_, err := s.CreateLayout(ctx, userA, in)
	if apperr.CodeOf(err) != apperr.Invalid || apperr.FieldOf(err) != "parts[1].id" {
		t.Errorf("a part line id with a NUL: %v, want invalid on parts[1].id", err)
	}
	_, err = s.Sync(ctx, userA, nil, []store.LayoutInput{in})
	if apperr.CodeOf(err) != apperr.Invalid || apperr.FieldOf(err) != "layouts[0].parts[1].id" {
		t.Errorf("a synced part line id with a NUL: %v, want invalid on layouts[0].parts[1].id", err)
	}
}
