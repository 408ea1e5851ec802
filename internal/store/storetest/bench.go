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
	b.Run("ListLayouts1000", func(b *testing.B) {
		s := open(b)
		ctx := context.Background()
		// 1,000 layouts of 20 part lines each, a busy workshop's archive.
		layouts := make([]store.LayoutInput, 1000)
		for i := range layouts {
			l := store.LayoutInput{Name: fmt.Sprintf("Düzen %d", i), Parts: make([]nest.Part, 20)}
			for j := range l.Parts {
				l.Parts[j] = nest.Part{ID: fmt.Sprint(j), Name: fmt.Sprintf("Parça %d", j), Width: 10.5 + float64(j), Height: 45.55, Quantity: j + 1}
			}
			layouts[i] = l
		}
		if _, err := s.Sync(ctx, store.Anonymous(), nil, layouts); err != nil {
			b.Fatal(err)
		}
		b.ResetTimer()
		for b.Loop() {
			got, err := s.ListLayouts(ctx, store.Anonymous())
			if err != nil || len(got) != 1000 {
				b.Fatalf("ListLayouts: %d layouts, %v", len(got), err)
			}
		}
	})
	b.Run("CreatePart", func(b *testing.B) {
		s := open(b)
		ctx := context.Background()
		p := store.PartInput{Name: "Kapak", Width: 45.55, Height: 30, Quantity: 2}
		for b.Loop() {
			if _, err := s.CreatePart(ctx, store.Anonymous(), p); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("CreateLayout", func(b *testing.B) {
		s := open(b)
		ctx := context.Background()
		l := sampleLayout("Mutfak")
		for b.Loop() {
			if _, err := s.CreateLayout(ctx, store.Anonymous(), l); err != nil {
				b.Fatal(err)
			}
		}
	})
}
