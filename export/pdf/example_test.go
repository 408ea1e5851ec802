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
