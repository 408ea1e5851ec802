package pdf_test

import (
	"bytes"
	"fmt"
	"time"

	"kesim/export/pdf"
	"kesim/nest"
)

func ExampleWrite() {
	res := nest.Result{
		Sheet: nest.Sheet{Width: 100, Height: 148},
		Pages: []nest.Page{{ID: "page-0", Efficiency: 9, Parts: []nest.Placed{
			{ID: "p1-0", Name: "Çekmece Önü", X: 0, Y: 0, Width: 45.5, Height: 30},
		}}},
	}
	var buf bytes.Buffer
	opt := pdf.Options{Title: "Mutfak dolabı", Now: time.Date(2026, 11, 22, 14, 5, 0, 0, time.UTC)}
	if err := pdf.Write(&buf, res, opt); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(pdf.FileName(res, opt.Now), string(buf.Bytes()[:5]))
	// Output: efeaktif_cutting_100x148_2026-11-22_1795356300000.pdf %PDF-
}

// A layout with materials gets a section per material and an order
// summary; the request's stock rows and band codes name them.
func ExampleWrite_materials() {
	res := nest.Result{
		Sheet: nest.Sheet{Width: 183, Height: 366},
		Pages: []nest.Page{{ID: "page-0", Efficiency: 6, StockID: "s1", Material: "Beyaz Sunta", Thickness: 18,
			Width: 183, Height: 366, Parts: []nest.Placed{
				{ID: "p1-0", Name: "Yan", Width: 56, Height: 72, Edges: &nest.Edges{Top: "B1"}},
			}}},
		Materials: []nest.MaterialResult{{Material: "Beyaz Sunta", Thickness: 18, Pages: 1, LowerBound: 1,
			Objective: nest.ObjectiveCost, Cost: 1450, CostLowerBound: 1450, Optimal: true}},
		Used:       []nest.StockCount{{StockID: "s1", Quantity: 1}},
		BandTotals: []nest.BandTotal{{Code: "B1", Meters: 0.58, Cost: 3.77}},
		Stats:      nest.Stats{Pages: 1, LowerBound: 1, Optimal: true, Cost: 1450, CostLowerBound: 1450},
	}
	opt := pdf.Options{
		Now:   time.Date(2026, 11, 22, 14, 5, 0, 0, time.UTC),
		Stock: []nest.Stock{{ID: "s1", Name: "Beyaz 18", Material: "Beyaz Sunta", Thickness: 18, Width: 183, Height: 366, Quantity: 4, Price: 1450}},
		Bands: []nest.Band{{Code: "B1", Name: "PVC 0,8 beyaz", Thickness: 0.8, Price: 6.5, Overlength: 2}},
	}
	var buf bytes.Buffer
	if err := pdf.Write(&buf, res, opt); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(string(buf.Bytes()[:5]))
	// Output: %PDF-
}
