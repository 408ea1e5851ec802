package labels_test

import (
	"bytes"
	"fmt"
	"time"

	"kesim/export/labels"
	"kesim/nest"
)

// The presets' page sizes in mm and their labels per page.
func ExamplePageSize() {
	for _, p := range []string{"", labels.PresetA4x24, labels.PresetA4x8, labels.PresetRoll, "a5"} {
		w, h, n, err := labels.PageSize(p)
		if err != nil {
			fmt.Printf("%q: %v\n", p, err)
			continue
		}
		fmt.Printf("%q: %v x %v mm, %d etiket\n", p, w, h, n)
	}
	// Output:
	// "": 210 x 297 mm, 24 etiket
	// "a4-3x8": 210 x 297 mm, 24 etiket
	// "a4-2x4": 210 x 297 mm, 8 etiket
	// "roll-100x50": 100 x 50 mm, 1 etiket
	// "a5": Bilinmeyen etiket düzeni. Geçerli düzenler: a4-3x8, a4-2x4, roll-100x50.
}

// A guillotine sheet is labelled in the order its cuts free the pieces:
// the first cut splits the sheet down the middle, the second frees the two
// pieces on the right, the third the two on the left.
func ExampleOrder() {
	res := nest.Result{Sheet: nest.Sheet{Width: 100, Height: 100}, Pages: []nest.Page{{
		Parts: []nest.Placed{
			{ID: "sol-ust", X: 0, Y: 0, Width: 50, Height: 60},
			{ID: "sol-alt", X: 0, Y: 60, Width: 50, Height: 40},
			{ID: "sag-ust", X: 50, Y: 0, Width: 50, Height: 30},
			{ID: "sag-alt", X: 50, Y: 30, Width: 50, Height: 70},
		},
		Cuts: []nest.Cut{
			{Order: 1, X: 50, Y: 0, Length: 100, Direction: nest.Vertical},
			{Order: 2, X: 50, Y: 30, Length: 50, Direction: nest.Horizontal},
			{Order: 3, X: 0, Y: 60, Length: 50, Direction: nest.Horizontal},
		},
	}}}
	for _, p := range labels.Order(nil, res) {
		fmt.Println(p.Page+1, p.ID)
	}
	// Output:
	// 1 sag-ust
	// 1 sag-alt
	// 1 sol-ust
	// 1 sol-alt
}

// Write makes the label PDF; an unknown preset is refused in Turkish.
func ExampleWrite() {
	res := nest.Result{Sheet: nest.Sheet{Width: 100, Height: 148}, Pages: []nest.Page{{
		Parts: []nest.Placed{{ID: "raf-0", Name: "Raf", Width: 80, Height: 30}},
	}}}
	var buf bytes.Buffer
	err := labels.Write(&buf, nil, res, labels.Options{Preset: labels.PresetRoll, Job: "Mutfak", Now: time.Unix(0, 0)})
	fmt.Println(err, bytes.HasPrefix(buf.Bytes(), []byte("%PDF-")))
	err = labels.Write(&buf, nil, res, labels.Options{Preset: "a3"})
	fmt.Println(err)
	// Output:
	// <nil> true
	// Bilinmeyen etiket düzeni. Geçerli düzenler: a4-3x8, a4-2x4, roll-100x50.
}

func ExampleFileName() {
	fmt.Println(labels.FileName(time.Date(2026, 11, 24, 10, 0, 0, 0, time.UTC)))
	// Output: efeaktif_etiketler_2026-11-24_1795514400000.pdf
}
