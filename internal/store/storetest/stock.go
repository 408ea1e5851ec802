package storetest

import (
	"context"
	"fmt"
	"reflect"
	"strings"
	"sync"
	"testing"

	"kesim/internal/apperr"
	"kesim/internal/store"
	"kesim/nest"
)

// stockTests are the suite's tests of stock rows: stock rows, band codes,
// the parts' material columns and layouts that keep their stock and bands.
var stockTests = []struct {
	name string
	fn   func(t *testing.T, s store.Store)
}{
	{"StockEmpty", testStockEmpty},
	{"StockRoundTrip", testStockRoundTrip},
	{"StockReplace", testStockReplace},
	{"StockPerOwner", testStockPerOwner},
	{"StockInvalidKeepsOld", testStockInvalid},
	{"StockVersion", testStockVersion},
	{"StockTwoWritersOfOneVersion", testStockTwoWriters},
	{"StockOptions", testStockOptions},
	{"StockOptionsInvalid", testStockOptionsInvalid},
	{"PartMaterialColumns", testPartMaterial},
	{"LayoutKeepsStockAndBands", testLayoutStock},
	{"LayoutStockInvalid", testLayoutStockInvalid},
	{"SyncKeepsStock", testSyncStock},
	{"SyncPartMaterial", testSyncPartMaterial},
}

// kitchenStock is a workshop's stock: two sizes of white chipboard, one
// limited and priced, a grained walnut MDF, and two band codes, with
// Turkish names and exact decimals.
func kitchenStock() store.StockList {
	return store.StockList{
		Stock: []nest.Stock{
			{ID: "s1", Name: "Beyaz 18 büyük", Material: "Beyaz Sunta", Thickness: 18, Width: 183, Height: 366,
				Quantity: 4, Price: 1450.75, Grain: nest.GrainNone},
			{ID: "s2", Material: "Beyaz Sunta", Thickness: 18, Width: 210, Height: 280, Price: 1300},
			{ID: "s3", Name: turkish, Material: "Ceviz MDF", Thickness: 8.5, Width: 183.55, Height: 366.05,
				Quantity: 100000, Price: 1000000000, Grain: nest.GrainVertical},
		},
		Bands: []nest.Band{
			{Code: "B1", Name: "PVC 0,8 beyaz", Thickness: 0.8, Price: 6.5, Overlength: 2},
			{Code: "B2", Name: "ABS 2 ceviz", Thickness: 2, Price: 12.35, Overlength: 100},
		},
	}
}

// mustGetStock returns the owner's sheet rows and band codes (without the
// offcuts and their settings: see mustGetRack).
func mustGetStock(t testing.TB, s store.Store, o store.Owner) store.StockList {
	t.Helper()
	got, err := s.GetStock(context.Background(), o)
	if err != nil {
		t.Fatalf("GetStock(%v): %v", o, err)
	}
	return sheetsAndBands(got)
}

// sheetsAndBands is the list without its offcuts and settings.
func sheetsAndBands(l store.StockList) store.StockList {
	return store.StockList{Stock: l.Stock, Bands: l.Bands}
}

// A user who never saved stock gets two empty lists (the JSON [] the web
// app expects, never null).
func testStockEmpty(t *testing.T, s store.Store) {
	got := mustGetStock(t, s, anon)
	if got.Stock == nil || got.Bands == nil || len(got.Stock) != 0 || len(got.Bands) != 0 {
		t.Errorf("empty stock: %#v, want two empty lists", got)
	}
}

func testStockRoundTrip(t *testing.T, s store.Store) {
	ctx := context.Background()
	want := kitchenStock()
	stored, err := s.ReplaceStock(ctx, userA, want)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(sheetsAndBands(stored), want) {
		t.Errorf("ReplaceStock returned\n%#v\nwant\n%#v", stored, want)
	}
	if got := mustGetStock(t, s, userA); !reflect.DeepEqual(got, want) {
		t.Errorf("GetStock:\n%#v\nwant\n%#v", got, want)
	}
}

// Saving replaces the whole list: rows and codes left out are gone, the
// order is the new one, and an empty list clears.
func testStockReplace(t *testing.T, s store.Store) {
	ctx := context.Background()
	if _, err := s.ReplaceStock(ctx, anon, kitchenStock()); err != nil {
		t.Fatal(err)
	}
	next := kitchenStock()
	next.Stock = []nest.Stock{next.Stock[2], next.Stock[0]}
	next.Bands = next.Bands[1:]
	if _, err := s.ReplaceStock(ctx, anon, next); err != nil {
		t.Fatal(err)
	}
	if got := mustGetStock(t, s, anon); !reflect.DeepEqual(got, next) {
		t.Errorf("after the second save:\n%#v\nwant\n%#v", got, next)
	}
	stored, err := s.ReplaceStock(ctx, anon, store.StockList{})
	if err != nil {
		t.Fatal(err)
	}
	if len(stored.Stock) != 0 || len(stored.Bands) != 0 || stored.Stock == nil || stored.Bands == nil {
		t.Errorf("cleared: returned %#v", stored)
	}
	if got := mustGetStock(t, s, anon); len(got.Stock) != 0 || len(got.Bands) != 0 {
		t.Errorf("cleared: stored %#v", got)
	}
}

// Each owner has their own list: saving one never changes another's, and
// the anonymous list is not a user's.
func testStockPerOwner(t *testing.T, s store.Store) {
	ctx := context.Background()
	a := kitchenStock()
	b := store.StockList{Stock: []nest.Stock{{ID: "s1", Material: "MDF", Width: 100, Height: 200}}, Bands: []nest.Band{}}
	if _, err := s.ReplaceStock(ctx, userA, a); err != nil {
		t.Fatal(err)
	}
	if _, err := s.ReplaceStock(ctx, userB, b); err != nil {
		t.Fatal(err)
	}
	if got := mustGetStock(t, s, userA); !reflect.DeepEqual(got, a) {
		t.Errorf("user A after B saved: %#v", got)
	}
	if got := mustGetStock(t, s, userB); !reflect.DeepEqual(got, b) {
		t.Errorf("user B: %#v, want %#v", got, b)
	}
	if got := mustGetStock(t, s, anon); len(got.Stock) != 0 || len(got.Bands) != 0 {
		t.Errorf("anonymous sees %#v", got)
	}
	if _, err := s.ReplaceStock(ctx, userB, store.StockList{}); err != nil {
		t.Fatal(err)
	}
	if got := mustGetStock(t, s, userA); !reflect.DeepEqual(got, a) {
		t.Errorf("user A after B cleared: %#v", got)
	}
}

// Every rule of docs/engine.md's table is an Invalid error naming the
// field, in the engine's words, and the stored list stays as it was.
func testStockInvalid(t *testing.T, s store.Store) {
	ctx := context.Background()
	if _, err := s.ReplaceStock(ctx, anon, kitchenStock()); err != nil {
		t.Fatal(err)
	}
	row := nest.Stock{ID: "x", Width: 100, Height: 100}
	many := make([]nest.Stock, store.MaxStockRows+1)
	for i := range many {
		many[i] = nest.Stock{ID: fmt.Sprint(i), Width: 10, Height: 10}
	}
	manyBands := make([]nest.Band, store.MaxBands+1)
	for i := range manyBands {
		manyBands[i] = nest.Band{Code: fmt.Sprint(i)}
	}
	with := func(f func(*nest.Stock)) store.StockList {
		r := row
		f(&r)
		return store.StockList{Stock: []nest.Stock{{ID: "ok", Width: 1, Height: 1}, r}}
	}
	withBand := func(f func(*nest.Band)) store.StockList {
		b := nest.Band{Code: "B"}
		f(&b)
		return store.StockList{Bands: []nest.Band{b}}
	}
	for _, tc := range []struct {
		name, field, msg string
		list             store.StockList
	}{
		{"too many rows", "stock", store.MsgStockTooMany, store.StockList{Stock: many}},
		{"blank id", "stock[1].id", store.MsgStockID, with(func(r *nest.Stock) { r.ID = "  " })},
		{"repeated id", "stock[1].id", store.MsgStockID, with(func(r *nest.Stock) { r.ID = " ok" })},
		{"the default sheet's id", "stock[1].id", store.MsgStockID, with(func(r *nest.Stock) { r.ID = "sheet" })},
		{"zero width", "stock[1].width", store.MsgInvalidSheet, with(func(r *nest.Stock) { r.Width = 0 })},
		{"width rounds to 0", "stock[1].width", store.MsgInvalidSheet, with(func(r *nest.Stock) { r.Width = 0.009 })},
		{"height too large", "stock[1].height", store.MsgSizeTooLarge, with(func(r *nest.Stock) { r.Height = 1000.01 })},
		{"negative quantity", "stock[1].quantity", store.MsgStockQuantity, with(func(r *nest.Stock) { r.Quantity = -1 })},
		{"quantity too large", "stock[1].quantity", store.MsgStockQuantity, with(func(r *nest.Stock) { r.Quantity = 100001 })},
		{"negative price", "stock[1].price", store.MsgPrice, with(func(r *nest.Stock) { r.Price = -0.01 })},
		{"price too large", "stock[1].price", store.MsgPrice, with(func(r *nest.Stock) { r.Price = 1e9 + 1 })},
		{"thickness too large", "stock[1].thickness", store.MsgThickness, with(func(r *nest.Stock) { r.Thickness = 1000.5 })},
		{"grain", "stock[1].grain", store.MsgGrain, with(func(r *nest.Stock) { r.Grain = "diagonal" })},
		{"long material", "stock[1].material", store.MsgTextTooLong, with(func(r *nest.Stock) { r.Material = strings.Repeat("ş", 201) })},
		{"NUL in name", "stock[1].name", store.MsgNameInvalid, with(func(r *nest.Stock) { r.Name = "a\x00b" })},
		{"NUL in material", "stock[1].material", store.MsgTextInvalid, with(func(r *nest.Stock) { r.Material = "a\x00b" })},
		{"too many bands", "bands", store.MsgBandsTooMany, store.StockList{Bands: manyBands}},
		{"blank code", "bands[0].code", store.MsgBandCode, withBand(func(b *nest.Band) { b.Code = "" })},
		{"repeated code", "bands[1].code", store.MsgBandCode, store.StockList{Bands: []nest.Band{{Code: "B"}, {Code: "B "}}}},
		{"band thickness", "bands[0].thickness", store.MsgBandThickness, withBand(func(b *nest.Band) { b.Thickness = 10.01 })},
		{"band price", "bands[0].price", store.MsgPrice, withBand(func(b *nest.Band) { b.Price = -1 })},
		{"overlength", "bands[0].overlength", store.MsgBandOverlength, withBand(func(b *nest.Band) { b.Overlength = 100.5 })},
	} {
		_, err := s.ReplaceStock(ctx, anon, tc.list)
		checkInvalid(t, tc.name, err, tc.field, tc.msg)
	}
	if got := mustGetStock(t, s, anon); !reflect.DeepEqual(got, kitchenStock()) {
		t.Errorf("an invalid save changed the list: %#v", got)
	}
	// Sides round down to 0.01 cm as the engine takes them; the other
	// amounts keep two decimals.
	got, err := s.ReplaceStock(ctx, anon, store.StockList{
		Stock: []nest.Stock{{ID: " s1 ", Material: " Beyaz ", Width: 183.559, Height: 366, Thickness: 18.004, Price: 99.999}},
	})
	if err != nil {
		t.Fatal(err)
	}
	want := []nest.Stock{{ID: "s1", Material: "Beyaz", Width: 183.55, Height: 366, Thickness: 18, Price: 100}}
	if !reflect.DeepEqual(got.Stock, want) || !reflect.DeepEqual(mustGetStock(t, s, anon).Stock, want) {
		t.Errorf("rounded row: returned %#v, want %#v", got.Stock, want)
	}
}

// A saved part keeps its material, thickness, grain and bands; a part
// without them reads back without them.
func testPartMaterial(t *testing.T, s store.Store) {
	ctx := context.Background()
	in := store.PartInput{Name: "Yan", Width: 56, Height: 72, Quantity: 2, Material: " Beyaz Sunta ", Thickness: 18.5,
		Grain: nest.GrainVertical, Edges: &nest.Edges{Top: "B1", Left: "B2"}}
	p, err := s.CreatePart(ctx, userA, in)
	if err != nil {
		t.Fatal(err)
	}
	if p.Material != "Beyaz Sunta" || p.Thickness != 18.5 || p.Grain != nest.GrainVertical ||
		p.Edges == nil || *p.Edges != (nest.Edges{Top: "B1", Left: "B2"}) {
		t.Errorf("created %+v", p)
	}
	if _, err := s.CreatePart(ctx, userA, store.PartInput{Name: "Raf", Width: 40, Height: 30, Quantity: 1,
		Edges: &nest.Edges{}}); err != nil {
		t.Fatal(err)
	}
	parts := mustListParts(t, s, userA)
	if len(parts) != 2 {
		t.Fatalf("%d parts", len(parts))
	}
	plain, banded := parts[0], parts[1]
	if plain.Material != "" || plain.Thickness != 0 || plain.Grain != "" || plain.Edges != nil {
		t.Errorf("plain part read back %+v", plain)
	}
	if banded.Material != "Beyaz Sunta" || banded.Thickness != 18.5 || banded.Grain != nest.GrainVertical ||
		banded.Edges == nil || *banded.Edges != (nest.Edges{Top: "B1", Left: "B2"}) {
		t.Errorf("banded part read back %+v", banded)
	}
	for _, tc := range []struct {
		name, field, msg string
		in               store.PartInput
	}{
		{"grain", "grain", store.MsgGrain, store.PartInput{Name: "A", Width: 1, Height: 1, Quantity: 1, Grain: "yukarı"}},
		{"thickness", "thickness", store.MsgThickness, store.PartInput{Name: "A", Width: 1, Height: 1, Quantity: 1, Thickness: -1}},
		{"material", "material", store.MsgTextTooLong, store.PartInput{Name: "A", Width: 1, Height: 1, Quantity: 1, Material: strings.Repeat("a", 201)}},
		{"edge", "edges.right", store.MsgTextTooLong, store.PartInput{Name: "A", Width: 1, Height: 1, Quantity: 1, Edges: &nest.Edges{Right: strings.Repeat("a", 201)}}},
	} {
		_, err := s.CreatePart(ctx, userA, tc.in)
		checkInvalid(t, tc.name, err, tc.field, tc.msg)
	}
}

// kitchenLayout is a layout with stock rows: stock, bands, parts with material,
// grain and bands, and the new options.
func kitchenLayout(name string) store.LayoutInput {
	l := sampleLayout(name)
	k := kitchenStock()
	l.Stock, l.Bands = k.Stock, k.Bands
	l.Parts = append(l.Parts,
		nest.Part{ID: "p3", Name: "Yan", Width: 56, Height: 72, Quantity: 2, Material: "Beyaz Sunta", Thickness: 18,
			Edges: &nest.Edges{Top: "B1", Left: "B1"}},
		nest.Part{ID: "p4", Name: "Kapak", Width: 40, Height: 70, Quantity: 2, Material: "Ceviz MDF",
			Grain: nest.GrainVertical, Edges: &nest.Edges{Top: "B2", Bottom: "B2", Left: "B2", Right: "B2"}},
	)
	l.Options.Objective = nest.ObjectiveCost
	l.Options.DeductBands = true
	return l
}

// A layout saved with stock and bands loads back exactly, and a layout
// without them loads back without them.
func testLayoutStock(t *testing.T, s store.Store) {
	ctx := context.Background()
	in := kitchenLayout("Mutfak")
	created, err := s.CreateLayout(ctx, userA, in)
	if err != nil {
		t.Fatal(err)
	}
	got, err := s.GetLayout(ctx, userA, created.ID)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got.Stock, in.Stock) || !reflect.DeepEqual(got.Bands, in.Bands) {
		t.Errorf("stock %#v bands %#v\nwant %#v %#v", got.Stock, got.Bands, in.Stock, in.Bands)
	}
	if !reflect.DeepEqual(got.Parts, in.Parts) {
		t.Errorf("parts %#v\nwant %#v", got.Parts, in.Parts)
	}
	if got.Options != in.Options {
		t.Errorf("options %+v, want %+v", got.Options, in.Options)
	}
	if !reflect.DeepEqual(created.Stock, got.Stock) || !reflect.DeepEqual(created.Parts, got.Parts) {
		t.Errorf("CreateLayout returned other than GetLayout")
	}
	plain, err := s.CreateLayout(ctx, userA, sampleLayout("Eski"))
	if err != nil {
		t.Fatal(err)
	}
	if got, err = s.GetLayout(ctx, userA, plain.ID); err != nil {
		t.Fatal(err)
	}
	if got.Stock != nil || got.Bands != nil || got.Options.Objective != "" || got.Options.DeductBands {
		t.Errorf("layout without stock read back %+v", got)
	}
	if _, err := s.GetLayout(ctx, userB, created.ID); err == nil {
		t.Error("user B read user A's layout")
	}
}

func testLayoutStockInvalid(t *testing.T, s store.Store) {
	ctx := context.Background()
	for _, tc := range []struct {
		name, field, msg string
		edit             func(l *store.LayoutInput)
	}{
		{"stock row", "stock[1].quantity", store.MsgStockQuantity, func(l *store.LayoutInput) { l.Stock[1].Quantity = -2 }},
		{"band code", "bands[1].code", store.MsgBandCode, func(l *store.LayoutInput) { l.Bands[1].Code = "B1" }},
		{"unknown band", "parts[3].edges.left", store.MsgUnknownBand, func(l *store.LayoutInput) { l.Parts[3].Edges.Left = "B9" }},
		{"band without bands", "parts[2].edges.top", store.MsgUnknownBand, func(l *store.LayoutInput) { l.Bands = nil }},
		{"part grain", "parts[3].grain", store.MsgGrain, func(l *store.LayoutInput) { l.Parts[3].Grain = "up" }},
		{"objective", "options.objective", store.MsgObjective, func(l *store.LayoutInput) { l.Options.Objective = "cheap" }},
	} {
		l := kitchenLayout("Hatalı")
		tc.edit(&l)
		_, err := s.CreateLayout(ctx, anon, l)
		checkInvalid(t, tc.name, err, tc.field, tc.msg)
	}
	if got := mustListLayouts(t, s, anon); len(got) != 0 {
		t.Errorf("invalid layouts stored: %d", len(got))
	}
}

// A layout kept locally with its stock and bands syncs with them.
func testSyncStock(t *testing.T, s store.Store) {
	ctx := context.Background()
	res, err := s.Sync(ctx, userB, nil, []store.LayoutInput{kitchenLayout("Yerel mutfak")})
	if err != nil || res.NewLayouts != 1 {
		t.Fatalf("sync: %+v, %v", res, err)
	}
	list := mustListLayouts(t, s, userB)
	if len(list) != 1 {
		t.Fatalf("%d layouts", len(list))
	}
	want := kitchenLayout("Yerel mutfak")
	if !reflect.DeepEqual(list[0].Stock, want.Stock) || !reflect.DeepEqual(list[0].Bands, want.Bands) ||
		!reflect.DeepEqual(list[0].Parts, want.Parts) {
		t.Errorf("synced layout %+v", list[0])
	}
}

// A part synced with its material, thickness, grain and bands keeps them;
// parts of one name and size in other materials are other parts, and the
// same part twice is saved once.
func testSyncPartMaterial(t *testing.T, s store.Store) {
	ctx := context.Background()
	ceviz := store.PartInput{Name: "Kapak", Width: 39.7, Height: 71.7, Quantity: 2, Material: "Ceviz MDF", Thickness: 18,
		Grain: nest.GrainVertical, Edges: &nest.Edges{Top: "B2", Bottom: "B2"}}
	beyaz := ceviz
	beyaz.Material, beyaz.Grain, beyaz.Edges = "Beyaz Sunta", "", nil
	ince := ceviz
	ince.Thickness = 8
	plain := store.PartInput{Name: "Kapak", Width: 39.7, Height: 71.7, Quantity: 1}
	res, err := s.Sync(ctx, userB, []store.PartInput{ceviz, beyaz, ince, plain, ceviz}, nil)
	if err != nil || res.NewParts != 4 {
		t.Fatalf("sync: %+v, %v; want 4 new parts", res, err)
	}
	if res, err := s.Sync(ctx, userB, []store.PartInput{beyaz, plain}, nil); err != nil || res.NewParts != 0 {
		t.Errorf("the same parts again: %+v, %v", res, err)
	}
	parts, err := s.ListParts(ctx, userB)
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, p := range parts {
		if p.Material == "Ceviz MDF" && p.Thickness == 18 {
			found = true
			if p.Grain != nest.GrainVertical || p.Edges == nil || *p.Edges != *ceviz.Edges {
				t.Errorf("synced part lost its grain or bands: %+v", p)
			}
		}
	}
	if !found {
		t.Errorf("no Ceviz MDF part among %+v", parts)
	}
}

// testStockAdoptedAndNeedsUser: the first account adopts the stock list
// saved in local mode; once an account exists a list without a user is
// refused (migration 9's triggers, as migration 8's for parts), and
// deleting the user deletes their list.
func testStockAdoptedAndNeedsUser(t *testing.T, s AccountStore) {
	ctx := context.Background()
	want := kitchenStock()
	settings := store.OffcutSettings{Rules: []nest.OffcutRule{{MinWidth: 25, MinHeight: 35}}, MaxArea: 3, MinUse: 10}
	local := want
	local.Settings = &settings
	if _, err := s.ReplaceStock(ctx, store.Anonymous(), local); err != nil {
		t.Fatal(err)
	}
	// A job cut in local mode leaves an offcut on the local rack.
	job := mustCreateJob(t, s, store.Anonymous(), jobInput(t, "Yerel iş", nil, fixed("a", 40, 100, 1)))
	mustSetState(t, s, store.Anonymous(), job.ID, store.StateCut)
	offcuts := rackIDs(rack(t, s, store.Anonymous()))
	u, err := s.CreateUser(ctx, "ayse", "hash-a", true)
	if err != nil {
		t.Fatal(err)
	}
	if got := mustGetStock(t, s, store.User(u.ID)); !reflect.DeepEqual(got, want) {
		t.Errorf("first user's stock %#v, want the local list", got)
	}
	adopted, _ := s.GetStock(ctx, store.User(u.ID))
	if !reflect.DeepEqual(*adopted.Settings, settings) || !reflect.DeepEqual(rackIDs(adopted.Offcuts), offcuts) || len(offcuts) == 0 {
		t.Errorf("first user's offcut settings %+v and rack %v, want %+v and %v", *adopted.Settings, rackIDs(adopted.Offcuts), settings, offcuts)
	}
	if got := mustGetStock(t, s, store.Anonymous()); len(got.Stock) != 0 || len(got.Bands) != 0 {
		t.Errorf("anonymous still sees %#v", got)
	}
	_, err = s.ReplaceStock(ctx, store.Anonymous(), want)
	if apperr.CodeOf(err) != apperr.Unauthorized {
		t.Errorf("local save after the first account: %v, want unauthorized", err)
	}
	if got := mustGetStock(t, s, store.Anonymous()); len(got.Stock) != 0 {
		t.Errorf("the refused save left %#v", got)
	}
	if _, err := s.DeleteUser(ctx, "ayse", true); err != nil {
		t.Fatal(err)
	}
	if got := mustGetStock(t, s, store.User(u.ID)); len(got.Stock) != 0 || len(got.Bands) != 0 {
		t.Errorf("deleted user's stock remains: %#v", got)
	}
	if got, _ := s.GetStock(ctx, store.User(u.ID)); len(got.Offcuts) != 0 || !reflect.DeepEqual(*got.Settings, store.DefaultOffcutSettings()) {
		t.Errorf("deleted user's offcuts %+v or settings %+v remain", got.Offcuts, *got.Settings)
	}
}

// mustStockVersion returns the version of the owner's stock list.
func mustStockVersion(t testing.TB, s store.Store, o store.Owner) int64 {
	t.Helper()
	got, err := s.GetStock(context.Background(), o)
	if err != nil {
		t.Fatalf("GetStock(%v): %v", o, err)
	}
	return got.Version
}

// Every save of the list counts one, per owner; a save that names the
// version it read passes while that is the stored one and is refused with
// nothing changed once another save came in; a save that names none
// replaces whatever is stored (a client that never read the version). A
// cut, which puts offcuts on the rack, is no save of the list.
func testStockVersion(t *testing.T, s store.Store) {
	ctx := context.Background()
	if v := mustStockVersion(t, s, userA); v != 0 {
		t.Fatalf("version before any save: %d, want 0", v)
	}
	// Version 0 without a row: a save that read it passes, one that read
	// another is refused.
	stale := int64(3)
	if _, err := s.ReplaceStock(ctx, userA, store.StockList{IfVersion: &stale}); apperr.CodeOf(err) != apperr.Conflict {
		t.Fatalf("save of version 3 over none: %v, want conflict", err)
	}
	v0 := int64(0)
	first := kitchenStock()
	first.IfVersion = &v0
	stored, err := s.ReplaceStock(ctx, userA, first)
	if err != nil {
		t.Fatal(err)
	}
	if stored.Version != 1 || mustStockVersion(t, s, userA) != 1 {
		t.Fatalf("after the first save: returned version %d, stored %d; want 1", stored.Version, mustStockVersion(t, s, userA))
	}
	if v := mustStockVersion(t, s, userB); v != 0 {
		t.Errorf("user B's version moved with user A's save: %d", v)
	}
	// Another save with version 0 comes from a copy read before the first.
	old := store.StockList{Stock: []nest.Stock{{ID: "eski", Width: 100, Height: 100}}, IfVersion: &v0}
	_, err = s.ReplaceStock(ctx, userA, old)
	if apperr.CodeOf(err) != apperr.Conflict || apperr.MessageOf(err) != store.MsgStockChanged {
		t.Fatalf("save of an old copy: %v, want conflict %q", err, store.MsgStockChanged)
	}
	if got := mustGetStock(t, s, userA); !reflect.DeepEqual(got, sheetsAndBands(kitchenStock())) {
		t.Errorf("a refused save changed the list:\n%#v", got)
	}
	// Settings saved with the list count with it, and a cut does not count.
	settings := store.OffcutSettings{Rules: []nest.OffcutRule{{MinWidth: 20, MinHeight: 20}}, MaxArea: 0, MinUse: 50}
	v1 := int64(1)
	if stored, err = s.ReplaceStock(ctx, userA, store.StockList{Stock: first.Stock, Bands: first.Bands, Settings: &settings, IfVersion: &v1}); err != nil {
		t.Fatal(err)
	}
	if stored.Version != 2 {
		t.Errorf("version %d after the second save, want 2", stored.Version)
	}
	j := mustCreateJob(t, s, userA, jobInput(t, "Kesilen", nil, fixed("a", 40, 100, 1)))
	mustSetState(t, s, userA, j.ID, store.StateCut)
	if len(rack(t, s, userA)) == 0 {
		t.Fatal("no offcut after the cut")
	}
	if v := mustStockVersion(t, s, userA); v != 2 {
		t.Errorf("version %d after a cut, want 2: a cut is no save of the list", v)
	}
	// No version: replaced whatever is stored, and counted.
	if stored, err = s.ReplaceStock(ctx, userA, store.StockList{}); err != nil || stored.Version != 3 {
		t.Errorf("save without a version: version %d, %v; want 3", stored.Version, err)
	}
}

// Two tabs read the list at version N and save at once, each its own
// list: exactly one save passes, the other is a conflict, and the stored
// list is the one that passed, whole. The check and the write are one step
// in the driver, not a read followed by a write another save can slip
// between.
func testStockTwoWriters(t *testing.T, s store.Store) {
	ctx := context.Background()
	if _, err := s.ReplaceStock(ctx, userA, kitchenStock()); err != nil {
		t.Fatal(err)
	}
	for round := range 10 {
		n := mustStockVersion(t, s, userA)
		lists := [2]store.StockList{}
		for tab := range lists {
			lists[tab] = store.StockList{
				Stock:     []nest.Stock{{ID: fmt.Sprintf("sekme%d-%d", tab, round), Material: "MDF", Width: 100, Height: 200}},
				Bands:     []nest.Band{{Code: fmt.Sprintf("B%d", tab)}},
				IfVersion: &n,
			}
		}
		var errs [2]error
		var wg sync.WaitGroup
		start := make(chan struct{})
		for tab := range lists {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				_, errs[tab] = s.ReplaceStock(ctx, userA, lists[tab])
			}()
		}
		close(start)
		wg.Wait()
		won := -1
		for tab, err := range errs {
			switch apperr.CodeOf(err) {
			case "":
				if won >= 0 {
					t.Fatalf("round %d: both tabs saved over version %d", round, n)
				}
				won = tab
			case apperr.Conflict:
			default:
				t.Fatalf("round %d, tab %d: %v", round, tab, err)
			}
		}
		if won < 0 {
			t.Fatalf("round %d: neither tab saved: %v", round, errs)
		}
		want := lists[won]
		want.IfVersion = nil
		if got := mustGetStock(t, s, userA); !reflect.DeepEqual(got, want) {
			t.Fatalf("round %d: stored\n%#v\nwant tab %d's\n%#v", round, got, won, want)
		}
		if v := mustStockVersion(t, s, userA); v != n+1 {
			t.Fatalf("round %d: version %d after one save over %d", round, v, n)
		}
	}
}

// mustStockOptions returns the owner's stored layout options (nil: none
// saved) and the list's version.
func mustStockOptions(t testing.TB, s store.Store, o store.Owner) (*store.StockOptions, int64) {
	t.Helper()
	got, err := s.GetStock(context.Background(), o)
	if err != nil {
		t.Fatalf("GetStock(%v): %v", o, err)
	}
	return got.Options, got.Version
}

// The layout options saved with the stock list: none before they are
// saved (also after a save without them), as saved after, per owner;
// a save without them (a client from before options) keeps them, one with
// them replaces them; each save counts one version, and a save of an old
// version changes no option. A cut, which writes the offcut settings'
// row, keeps them.
func testStockOptions(t *testing.T, s store.Store) {
	ctx := context.Background()
	if o, _ := mustStockOptions(t, s, userA); o != nil {
		t.Fatalf("options before any save: %+v, want none", *o)
	}
	stored, err := s.ReplaceStock(ctx, userA, kitchenStock())
	if err != nil {
		t.Fatal(err)
	}
	if stored.Options != nil {
		t.Errorf("options after a save without them: %+v, want none", *stored.Options)
	}
	v1 := int64(1)
	want := store.StockOptions{Objective: nest.ObjectiveArea, DeductBands: true, KeepLeftover: true}
	list := kitchenStock()
	list.Options, list.IfVersion = &want, &v1
	if stored, err = s.ReplaceStock(ctx, userA, list); err != nil {
		t.Fatal(err)
	}
	if stored.Options == nil || *stored.Options != want || stored.Version != 2 {
		t.Fatalf("ReplaceStock with options returned %+v at version %d, want %+v at 2", stored.Options, stored.Version, want)
	}
	if o, v := mustStockOptions(t, s, userA); o == nil || *o != want || v != 2 {
		t.Fatalf("GetStock: options %+v at version %d, want %+v at 2", o, v, want)
	}
	if o, _ := mustStockOptions(t, s, userB); o != nil {
		t.Errorf("user B got user A's options: %+v", *o)
	}
	// A client from before options: the list changes, the options stay.
	v2 := int64(2)
	old := store.StockList{Stock: kitchenStock().Stock[:1], IfVersion: &v2}
	if stored, err = s.ReplaceStock(ctx, userA, old); err != nil {
		t.Fatal(err)
	}
	if stored.Options == nil || *stored.Options != want || stored.Version != 3 || len(stored.Stock) != 1 {
		t.Errorf("save without options: options %+v at version %d with %d rows; want %+v at 3 with 1", stored.Options, stored.Version, len(stored.Stock), want)
	}
	// A save of an old copy with other options changes nothing.
	other := store.StockOptions{Objective: nest.ObjectiveSheets}
	stale := store.StockList{Options: &other, IfVersion: &v2}
	if _, err := s.ReplaceStock(ctx, userA, stale); apperr.CodeOf(err) != apperr.Conflict {
		t.Fatalf("save of version 2 at 3: %v, want conflict", err)
	}
	if o, v := mustStockOptions(t, s, userA); o == nil || *o != want || v != 3 {
		t.Errorf("after a refused save: options %+v at version %d, want %+v at 3", o, v, want)
	}
	// Back to the defaults: stored as saved (not taken for none).
	def := store.DefaultStockOptions()
	v3 := int64(3)
	if stored, err = s.ReplaceStock(ctx, userA, store.StockList{Stock: old.Stock, Options: &def, IfVersion: &v3}); err != nil {
		t.Fatal(err)
	}
	if stored.Options == nil || *stored.Options != def || stored.Version != 4 {
		t.Errorf("save of the defaults: options %+v at version %d, want %+v at 4", stored.Options, stored.Version, def)
	}
	// A cut writes the offcut settings' row: the options stay.
	if _, err = s.ReplaceStock(ctx, userA, store.StockList{Stock: old.Stock, Options: &want}); err != nil {
		t.Fatal(err)
	}
	j := mustCreateJob(t, s, userA, jobInput(t, "Kesilen", nil, fixed("a", 40, 100, 1)))
	mustSetState(t, s, userA, j.ID, store.StateCut)
	if o, _ := mustStockOptions(t, s, userA); o == nil || *o != want {
		t.Errorf("options after a cut: %+v, want %+v", o, want)
	}
	// A user whose first row a cut made has no options either.
	j = mustCreateJob(t, s, userB, jobInput(t, "Kesilen B", nil, fixed("a", 40, 100, 1)))
	mustSetState(t, s, userB, j.ID, store.StateCut)
	if o, _ := mustStockOptions(t, s, userB); o != nil {
		t.Errorf("user B's options after a cut: %+v, want none", *o)
	}
}

// An objective that is not the engine's (or none) is refused on
// "options.objective" with the engine's words, and nothing changes:
// neither the list, nor the options, nor the version.
func testStockOptionsInvalid(t *testing.T, s store.Store) {
	ctx := context.Background()
	want := store.StockOptions{Objective: nest.ObjectiveSheets, DeductBands: true}
	list := kitchenStock()
	list.Options = &want
	if _, err := s.ReplaceStock(ctx, userA, list); err != nil {
		t.Fatal(err)
	}
	for _, objective := range []string{"", "fiyat", "COST", " cost"} {
		bad := store.StockOptions{Objective: objective, KeepLeftover: true}
		_, err := s.ReplaceStock(ctx, userA, store.StockList{Options: &bad})
		if apperr.CodeOf(err) != apperr.Invalid || apperr.FieldOf(err) != "options.objective" || apperr.MessageOf(err) != store.MsgObjective {
			t.Errorf("objective %q: %v (field %q), want invalid options.objective %q", objective, err, apperr.FieldOf(err), store.MsgObjective)
		}
	}
	if o, v := mustStockOptions(t, s, userA); o == nil || *o != want || v != 1 {
		t.Errorf("after refused saves: options %+v at version %d, want %+v at 1", o, v, want)
	}
	if got := mustGetStock(t, s, userA); !reflect.DeepEqual(got, sheetsAndBands(kitchenStock())) {
		t.Errorf("a refused save changed the list:\n%#v", got)
	}
}
