package dxf_test

import (
	"bytes"
	"fmt"
	"strings"
	"time"

	"kesim/export/dxf"
	"kesim/nest"
)

func ExampleWrite() {
	res := nest.Result{
		Sheet: nest.Sheet{Width: 100, Height: 148},
		Pages: []nest.Page{{ID: "page-0", Efficiency: 9, Parts: []nest.Placed{
			{ID: "p1-0", Name: "Kapak", X: 0, Y: 0, Width: 45.5, Height: 30},
		}}},
	}
	var buf bytes.Buffer
	if err := dxf.Write(&buf, res, dxf.Options{}); err != nil {
		fmt.Println(err)
		return
	}
	// The part is the one closed polyline on CUTTING_PARTS, y flipped: its
	// top edge is at the sheet's top, y = 148.
	entities := buf.String()[strings.Index(buf.String(), "ENTITIES"):]
	i := strings.Index(entities, dxf.LayerParts)
	fmt.Println(strings.Join(strings.Fields(entities[i:])[1:25], " "))
	// Output:
	// 62 2 100 AcDbPolyline 90 4 70 1 10 0 20 118 10 45.5 20 118 10 45.5 20 148 10 0 20 148
}

func ExampleFileName() {
	res := nest.Result{Sheet: nest.Sheet{Width: 100, Height: 148}}
	fmt.Println(dxf.FileName(res, time.Date(2026, 11, 22, 9, 30, 0, 0, time.UTC)))
	// Output: efeaktif_cutting_100x148_2026-11-22_1795339800000.dxf
}

func ExampleSheetFileName() {
	res := nest.Result{Sheet: nest.Sheet{Width: 100, Height: 148}, Pages: make([]nest.Page, 12)}
	fmt.Println(dxf.SheetFileName(res, 1, time.Date(2026, 11, 22, 9, 30, 0, 0, time.UTC)))
	// Output: efeaktif_cutting_100x148_2026-11-22_1795339800000_sayfa-02.dxf
}

func ExampleWrite_empty() {
	err := dxf.Write(&bytes.Buffer{}, nest.Result{Sheet: nest.Sheet{Width: 100, Height: 148}}, dxf.Options{})
	fmt.Println(err)
	// Output: UYARI: Export edilecek parça bulunamadı. Önce parça ekleyin.
}

func ExampleWriteZip() {
	shelf := []nest.Placed{{ID: "p1-0", Name: "Raf", Width: 80, Height: 30, Edges: &nest.Edges{Top: "B1"}}}
	res := nest.Result{
		Sheet: nest.Sheet{Width: 183, Height: 366},
		Pages: []nest.Page{
			{ID: "page-0", StockID: "s1", Material: "Beyaz Sunta", Thickness: 18, Width: 183, Height: 366, Parts: shelf},
			{ID: "page-1", StockID: "s2", Material: "Ceviz MDF", Thickness: 18, Width: 210, Height: 280, Parts: shelf},
		},
	}
	var buf bytes.Buffer
	if err := dxf.WriteZip(&buf, res, dxf.Options{}); err != nil {
		fmt.Println(err)
		return
	}
	for _, f := range dxf.MaterialFiles(res) {
		fmt.Println(f.Name, f.Pages)
	}
	fmt.Println(dxf.ZipFileName(res, time.Date(2026, 11, 22, 14, 5, 0, 0, time.UTC)))
	// Output:
	// beyaz-sunta-18mm.dxf [0]
	// ceviz-mdf-18mm.dxf [1]
	// efeaktif_cutting_183x366_2026-11-22_1795356300000.zip
}
