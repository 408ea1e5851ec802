package nest_test

import (
	"context"
	"fmt"

	"kesim/nest"
)

// A shelf of 60 x 100 cm on a 100 x 100 cm sheet with a 0,4 cm saw leaves
// one strip worth keeping: it goes back on the rack as an offcut row.
func ExampleLeftovers() {
	locked := false
	req := nest.Request{
		Sheet:   nest.Sheet{Width: 100, Height: 100},
		Parts:   []nest.Part{{ID: "raf", Name: "Raf", Width: 60, Height: 100, Quantity: 1, Rotate: &locked}},
		Options: nest.Options{Kerf: 0.4},
	}
	res, err := nest.Layout(context.Background(), req, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, l := range nest.Leftovers(req, res, []nest.OffcutRule{{MinWidth: 30, MinHeight: 30}}) {
		fmt.Printf("sayfa %d: %g x %g cm, (%g, %g)\n", l.Page+1, l.Width, l.Height, l.X, l.Y)
		rack := nest.Stock{ID: "A-1", Width: l.Width, Height: l.Height, Quantity: 1, Offcut: true}
		fmt.Printf("stok: %s %g x %g, artık: %v\n", rack.ID, rack.Width, rack.Height, rack.Offcut)
	}
	// Output:
	// sayfa 1: 39.6 x 100 cm, (60.4, 0)
	// stok: A-1 39.6 x 100, artık: true
}
