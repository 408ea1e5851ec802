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
