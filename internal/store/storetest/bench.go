package storetest

import (
	"context"
	"fmt"
	"testing"

	"kesim/internal/store"
	"kesim/nest"
)

// Bench runs the store benchmarks. open must return a new, empty store.
func Bench(b *testing.B, open func(b *testing.B) store.Store) {
	b.Run("ListLayoutsPage", func(b *testing.B) { benchListLayoutsPage(b, benchArchive(b, open)) })
	b.Run("ListLayouts1000", func(b *testing.B) { benchListLayouts1000(b, benchArchive(b, open)) })
	b.Run("SearchLayouts1000", func(b *testing.B) { benchSearchLayouts1000(b, benchArchive(b, open)) })
	b.Run("GetLayout", func(b *testing.B) { benchGetLayout(b, benchArchive(b, open)) })
	b.Run("CreatePart", func(b *testing.B) { benchCreatePart(b, open(b)) })
	b.Run("CreateLayout", func(b *testing.B) { benchCreateLayout(b, open(b)) })
	b.Run("ReplaceStock1000", func(b *testing.B) { benchReplaceStock(b, open(b)) })
	b.Run("GetStock1000", func(b *testing.B) { benchGetStock(b, open(b)) })
	b.Run("TickPiece5000", func(b *testing.B) { benchTickPiece(b, open(b)) })
	b.Run("SetState20000", func(b *testing.B) { benchSetState(b, open(b)) })
	b.Run("Replan20000Ticked", func(b *testing.B) { BenchReplanTicked(b, open(b), false) })
	b.Run("Replan20000TickedRefused", func(b *testing.B) { BenchReplanTicked(b, open(b), true) })
	b.Run("SyncNewNames200", func(b *testing.B) { benchSyncNames(b, open(b), false) })
	b.Run("SyncTakenNames200", func(b *testing.B) { benchSyncNames(b, open(b), true) })
}

// benchSyncNames syncs 200 layouts of 200 names, each of other content
// than the user's 200 stored layouts: with taken, of their names, so that
// each is saved under a numbered name (store.SyncNamer asks the database
// once for the name and once for its 999 numbered names), else of new
// names (one question each). Each sync brings new content, so every
// layout is saved.
func benchSyncNames(b *testing.B, s store.Store, taken bool) {
	const n = 200
	ctx := context.Background()
	layouts := func(prefix string, round int) []store.LayoutInput {
		out := make([]store.LayoutInput, n)
		for i := range out {
			out[i] = sampleLayout(fmt.Sprintf("%s %d", prefix, i))
			out[i].Parts[0].Width = 10 + float64(round)/100
		}
		return out
	}
	if res, err := s.Sync(ctx, userA, nil, layouts("Düzen", 0)); err != nil || res.NewLayouts != n {
		b.Fatalf("stored layouts: %+v, %v", res, err)
	}
	for round := 1; b.Loop(); round++ {
		prefix := "Düzen"
		if !taken {
			prefix = fmt.Sprintf("Yeni %d", round)
		}
		if res, err := s.Sync(ctx, userA, nil, layouts(prefix, round)); err != nil || res.NewLayouts != n {
			b.Fatalf("sync %d: %+v, %v", round, res, err)
		}
	}
}

// benchSetState starts and stops cutting a job of 20,000 pieces ("Kesime
// başla" and back), a write transaction each that reads the stored row.
func benchSetState(b *testing.B, s store.Store) {
	l := mustCreateJob(b, s, userA, jobInput(b, "Büyük iş", nil, fixed("k", 9.5, 4.5, 20000)))
	ctx := context.Background()
	states := [2]string{store.StateCutting, store.StatePlanned}
	for i := 0; b.Loop(); i++ {
		got, err := s.SetLayoutState(ctx, userA, l.ID, store.StateChange{State: states[i%2]})
		if err != nil || got.State != states[i%2] || got.Result == nil || got.Progress.Total != 20000 {
			b.Fatalf("state %d: %s, result %v, %v", i, got.State, got.Result != nil, err)
		}
	}
}

// benchTickPiece ticks and unticks pieces of a job of 5,000 pieces (a
// phone's tick: the piece is looked up in the stored result).
func benchTickPiece(b *testing.B, s store.Store) {
	in := jobInput(b, "Büyük iş", nil, fixed("k", 9.5, 4.5, 5000))
	l := mustCreateJob(b, s, userA, in)
	ids := make([]string, 0, 5000)
	for _, p := range in.Result.Pages {
		for _, pc := range p.Parts {
			ids = append(ids, pc.ID)
		}
	}
	ctx := context.Background()
	for i := 0; b.Loop(); i++ {
		if _, err := s.TickPiece(ctx, userA, l.ID, store.Tick{PieceID: ids[(i*7919)%len(ids)], Cut: i%3 != 0}); err != nil {
			b.Fatal(err)
		}
	}
}

// fullStock is the largest stock list a user may save: 1,000 rows and 100
// band codes.
func fullStock() store.StockList {
	l := store.StockList{Stock: make([]nest.Stock, store.MaxStockRows), Bands: make([]nest.Band, store.MaxBands)}
	for i := range l.Stock {
		l.Stock[i] = nest.Stock{ID: fmt.Sprintf("s%d", i), Name: fmt.Sprintf("Levha %d", i), Material: "Beyaz Sunta",
			Thickness: 18, Width: 183, Height: 366, Quantity: i % 10, Price: 1450.5, Grain: nest.GrainVertical}
	}
	for i := range l.Bands {
		l.Bands[i] = nest.Band{Code: fmt.Sprintf("B%d", i), Name: "PVC", Thickness: 0.8, Price: 6.5, Overlength: 2}
	}
	return l
}

// benchReplaceStock saves the largest list over itself (PUT /api/stock).
func benchReplaceStock(b *testing.B, s store.Store) {
	l := fullStock()
	for b.Loop() {
		if _, err := s.ReplaceStock(context.Background(), store.Anonymous(), l); err != nil {
			b.Fatal(err)
		}
	}
}

// benchGetStock reads the largest list (GET /api/stock).
func benchGetStock(b *testing.B, s store.Store) {
	if _, err := s.ReplaceStock(context.Background(), store.Anonymous(), fullStock()); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		l, err := s.GetStock(context.Background(), store.Anonymous())
		if err != nil || len(l.Stock) != store.MaxStockRows || len(l.Bands) != store.MaxBands {
			b.Fatalf("GetStock: %d rows, %d bands, %v", len(l.Stock), len(l.Bands), err)
		}
	}
}

// benchArchive opens a store with 1,000 layouts of 20 part lines each, a busy
// workshop's archive.
func benchArchive(b *testing.B, open func(b *testing.B) store.Store) store.Store {
	s := open(b)
	layouts := make([]store.LayoutInput, 1000)
	for i := range layouts {
		l := store.LayoutInput{Name: fmt.Sprintf("Düzen %d", i), Parts: make([]nest.Part, 20)}
		for j := range l.Parts {
			l.Parts[j] = nest.Part{ID: fmt.Sprint(j), Name: fmt.Sprintf("Parça %d", j), Width: 10.5 + float64(j), Height: 45.55, Quantity: j + 1}
		}
		layouts[i] = l
	}
	if _, err := s.Sync(context.Background(), store.Anonymous(), nil, layouts); err != nil {
		b.Fatal(err)
	}
	return s
}

func benchListLayoutsPage(b *testing.B, s store.Store) {
	for b.Loop() {
		page, err := s.ListLayouts(context.Background(), store.Anonymous(), store.LayoutQuery{})
		if err != nil || len(page.Layouts) != store.DefaultLayoutPage || page.Next == "" {
			b.Fatalf("ListLayouts: %d layouts, %v", len(page.Layouts), err)
		}
	}
}

// benchListLayouts1000 lists every page of 200, one after the other.
func benchListLayouts1000(b *testing.B, s store.Store) {
	for b.Loop() {
		n := 0
		q := store.LayoutQuery{Limit: store.MaxLayoutPage}
		for {
			page, err := s.ListLayouts(context.Background(), store.Anonymous(), q)
			if err != nil {
				b.Fatal(err)
			}
			n += len(page.Layouts)
			if q.Cursor = page.Next; q.Cursor == "" {
				break
			}
		}
		if n != 1000 {
			b.Fatalf("listed %d layouts", n)
		}
	}
}

// benchSearchLayouts1000 searches a name that only one layout has: every row
// is tested.
func benchSearchLayouts1000(b *testing.B, s store.Store) {
	for b.Loop() {
		page, err := s.ListLayouts(context.Background(), store.Anonymous(), store.LayoutQuery{Search: "DÜZEN 999"})
		if err != nil || len(page.Layouts) != 1 {
			b.Fatalf("search: %d layouts, %v", len(page.Layouts), err)
		}
	}
}

func benchGetLayout(b *testing.B, s store.Store) {
	page, err := s.ListLayouts(context.Background(), store.Anonymous(), store.LayoutQuery{Limit: 1})
	if err != nil {
		b.Fatal(err)
	}
	id := page.Layouts[0].ID
	for b.Loop() {
		if l, err := s.GetLayout(context.Background(), store.Anonymous(), id); err != nil || len(l.Parts) != 20 {
			b.Fatalf("GetLayout: %v", err)
		}
	}
}

func benchCreatePart(b *testing.B, s store.Store) {
	ctx := context.Background()
	p := store.PartInput{Name: "Kapak", Width: 45.55, Height: 30, Quantity: 2}
	for b.Loop() {
		if _, err := s.CreatePart(ctx, store.Anonymous(), p); err != nil {
			b.Fatal(err)
		}
	}
}

func benchCreateLayout(b *testing.B, s store.Store) {
	ctx := context.Background()
	l := sampleLayout("Mutfak")
	for b.Loop() {
		if _, err := s.CreateLayout(ctx, store.Anonymous(), l); err != nil {
			b.Fatal(err)
		}
	}
}
