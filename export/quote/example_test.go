package quote_test

import (
	"fmt"

	"kesim/export/quote"
	"kesim/nest"
)

func ExampleCompute() {
	req := &nest.Request{Stock: []nest.Stock{{ID: "mdf", Material: "MDF", Thickness: 18, Width: 280, Height: 207, Price: 1450}}}
	res := nest.Result{Pages: []nest.Page{{StockID: "mdf", Material: "MDF", Thickness: 18, Width: 280, Height: 207,
		Parts: []nest.Placed{{ID: "a", Width: 100, Height: 207}},
		Cuts:  []nest.Cut{{Order: 1, X: 100, Length: 207, Direction: nest.Vertical}}}},
		BandTotals: []nest.BandTotal{{Code: "A", Meters: 2, Cost: 13}}}
	opt := quote.DefaultOptions()
	opt.CutPerMetre, opt.MarginPct = 5, 10
	q, err := quote.Compute(req, res, opt)
	if err != nil {
		fmt.Println(err)
		return
	}
	l := q.Lines[0]
	fmt.Println(l.MaterialName(), l.Sheets, quote.Money(l.SheetCost), quote.Num(l.CutMetres, 2), "m", quote.Money(l.CutCost))
	fmt.Println("Ara toplam", quote.Money(q.Subtotal), "Kâr", quote.Money(q.Margin), "KDV", quote.Money(q.KDV), "Toplam", quote.Money(q.Total))
	// Output:
	// MDF 18 mm 1 1.450,00 2,07 m 10,35
	// Ara toplam 1.473,35 Kâr 147,34 KDV 324,14 Toplam 1.944,83
}

func ExampleOptions_Check() {
	opt := quote.DefaultOptions()
	opt.KDVPct = 120
	fmt.Println(opt.Check())
	// Output: KDV oranı %0 ile %100 arasında olmalı.
}
