package export_test

import (
	"fmt"

	"kesim/export"
)

func ExampleMoney() {
	fmt.Println(export.Money(1450.5), export.Money(1234567.891))
	// Output: 1.450,50 TL 1.234.567,89 TL
}

func ExampleSlug() {
	fmt.Println(export.Slug("Beyaz Sunta", 18) + ".dxf")
	fmt.Println(export.Slug("Çam Ağacı / İç", 8.5) + ".dxf")
	// Output:
	// beyaz-sunta-18mm.dxf
	// cam-agaci-ic-8.5mm.dxf
}

// The third sheet's checklist of the saved job 42, for its QR code.
func ExampleSheetURL() {
	base := "https://kesim.atolye.local/is/42"
	if err := export.CheckSheetURL(base); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(export.SheetURL(base, 2))
	fmt.Println(export.CheckSheetURL("kesim.atolye.local/is/42") != nil)
	// Output:
	// https://kesim.atolye.local/is/42/levha/3
	// true
}
