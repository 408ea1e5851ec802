package cutlist_test

import (
	"fmt"
	"os"
	"strings"

	"kesim/export/cutlist"
	"kesim/nest"
)

func exampleResult() nest.Result {
	return nest.Result{Sheet: nest.Sheet{Width: 100, Height: 100}, Pages: []nest.Page{{
		StockID: "mdf", Material: "MDF", Thickness: 18, Width: 100, Height: 100, Efficiency: 60,
		Parts: []nest.Placed{{ID: "p1", Name: "Yan", Width: 60, Height: 100, Edges: &nest.Edges{Top: "A"}}},
		Cuts:  []nest.Cut{{Order: 1, X: 60, Y: 0, Length: 100, Direction: nest.Vertical}},
	}}}
}

func ExampleWriteCSV() {
	var b strings.Builder
	_ = cutlist.WriteCSV(&b, exampleResult(), cutlist.Options{})
	fmt.Print(strings.ReplaceAll(strings.TrimPrefix(b.String(), cutlist.BOM), "\r\n", "\n"))
	// Output:
	// Sayfa;No;Etiket no;Parça;X (cm);Y (cm);Genişlik (cm);Yükseklik (cm);Döndürüldü;Malzeme;Kalınlık (mm);Üst bant;Alt bant;Sol bant;Sağ bant
	// 1;1;p1;Yan;0;0;60;100;Hayır;MDF;18;A;;;
}

func ExampleWriteSheetsCSV() {
	var b strings.Builder
	opt := cutlist.Options{Stock: []nest.Stock{{ID: "mdf", Name: "MDF 18"}}}
	_ = cutlist.WriteSheetsCSV(&b, exampleResult(), opt)
	fmt.Print(strings.ReplaceAll(strings.TrimPrefix(b.String(), cutlist.BOM), "\r\n", "\n"))
	// Output:
	// Sayfa;Stok satırı;Malzeme;Kalınlık (mm);Genişlik (cm);Yükseklik (cm);Verim %;Kesim sayısı;Kesim uzunluğu (cm);Artık parçalar (cm);En büyük artık (cm²)
	// 1;MDF 18 (mdf);MDF;18;100;100;60;1;100;40 × 100;4000
}

func ExampleWriteXLSX() {
	f, err := os.CreateTemp("", "kesim-*.xlsx")
	if err != nil {
		return
	}
	defer os.Remove(f.Name())
	defer f.Close()
	fmt.Println(cutlist.WriteXLSX(f, exampleResult(), cutlist.Options{}))
	// Output: <nil>
}
