package partcsv

import (
	"bytes"
	"context"
	"errors"
	"reflect"
	"strings"
	"testing"
	"unicode/utf16"

	"golang.org/x/text/encoding/charmap"

	"kesim/nest"
)

func TestReadTurkishExcel(t *testing.T) {
	no := false
	tests := []struct {
		name string
		in   string
		want []nest.Part
	}{
		{
			name: "comma, English header",
			in:   "name,width,height,quantity\nKapak,50,74,4\nRaf,\"45,5\",20,1\n",
			want: []nest.Part{{ID: "p1", Name: "Kapak", Width: 50, Height: 74, Quantity: 4}, {ID: "p2", Name: "Raf", Width: 45.5, Height: 20, Quantity: 1}},
		},
		{
			name: "semicolon, decimal comma, BOM, Turkish header and letters",
			in:   "\ufeffAd;Genişlik;Yükseklik;Adet\r\nÇekmece Ön;45,5;20,25;3\r\nĞüşİıöç;10;10;1\r\n",
			want: []nest.Part{{ID: "p1", Name: "Çekmece Ön", Width: 45.5, Height: 20.25, Quantity: 3}, {ID: "p2", Name: "Ğüşİıöç", Width: 10, Height: 10, Quantity: 1}},
		},
		{
			name: "tab separated, columns in another order, blank lines, empty quantity",
			in:   "Adet\tEn\tBoy\tAd\n\n2\t30,5\t40\tKapı\n\t12\t8\tÇıta\n",
			want: []nest.Part{{ID: "p1", Name: "Kapı", Width: 30.5, Height: 40, Quantity: 2}, {ID: "p2", Name: "Çıta", Width: 12, Height: 8, Quantity: 1}},
		},
		{
			name: "no header",
			in:   "Kapak;50;74;4\n",
			want: []nest.Part{{ID: "p1", Name: "Kapak", Width: 50, Height: 74, Quantity: 4}},
		},
		{
			name: "rotate column locks the grain",
			in:   "name,width,height,quantity,rotate\nMeşe,50,20,2,hayır\nÇam,10,20,1,evet\n",
			want: []nest.Part{{ID: "p1", Name: "Meşe", Width: 50, Height: 20, Quantity: 2, Rotate: &no}, {ID: "p2", Name: "Çam", Width: 10, Height: 20, Quantity: 1}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Read(strings.NewReader(tt.in))
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got %+v\nwant %+v", got, tt.want)
			}
		})
	}
}

func TestReadWindows1254(t *testing.T) {
	// Turkish Excel's plain "CSV" save.
	raw, err := charmap.Windows1254.NewEncoder().String("Ad;Genişlik;Yükseklik;Adet\nKapı Şişe;10;20;1\n")
	if err != nil {
		t.Fatal(err)
	}
	got, err := Read(strings.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	if got[0].Name != "Kapı Şişe" {
		t.Errorf("name %q, want Kapı Şişe", got[0].Name)
	}
}

func TestReadRejectsBadRows(t *testing.T) {
	in := "name;width;height;quantity\n" +
		"Kapak;50;74;4\n" +
		"Raf;abc;20;1\n" +
		";10;10;1\n" +
		"Dolap;-5;10;1\n" +
		"Kapı;10;1001;1\n" +
		"Çıta;10;10;2,5\n" +
		"Tabla;0,0000001;10;1\n" +
		"Boş;;10;1\n" +
		strings.Repeat("ğ", 1200) + ";10;10;1\n"
	parts, err := Read(strings.NewReader(in))
	if parts != nil {
		t.Errorf("parts %v returned with errors: want no partial result", parts)
	}
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("err = %v, want *Error", err)
	}
	want := []string{
		`satır 3, genişlik: "abc" geçerli bir sayı değil; sayıyı 45 ya da 45,5 gibi yazın`,
		`satır 4, ad: Lütfen tüm alanları doldurun!`,
		`satır 5, genişlik: "-5" parça ölçüsü olamaz; 0,1 ile 1.000 cm arasında bir ölçü yazın`,
		`satır 6, yükseklik: "1001" parça ölçüsü olamaz; 0,1 ile 1.000 cm arasında bir ölçü yazın`,
		`satır 7, adet: "2,5" tam sayı değil; adedi 1, 2, 3 gibi tam sayıyla yazın`,
		`satır 8, genişlik: "0,0000001" parça ölçüsü olamaz; 0,1 ile 1.000 cm arasında bir ölçü yazın`,
		`satır 9, genişlik: Lütfen tüm alanları doldurun!`,
		`satır 10, ad: 1.200 karakter; en fazla 200 karakterlik bir ad yazın`,
	}
	if got := strings.Split(e.Error(), "\n"); !reflect.DeepEqual(got, want) {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestReadRejectsBadFiles(t *testing.T) {
	for name, in := range map[string]string{
		"empty":          "",
		"only a header":  "name,width,height,quantity\n",
		"unknown header": "foo,bar,baz\n1,2,3\n",
		"broken quotes":  "name,width,height\nKapak,\"50,74\n",
	} {
		t.Run(name, func(t *testing.T) {
			var e *Error
			if _, err := Read(strings.NewReader(in)); !errors.As(err, &e) || len(e.Lines) == 0 {
				t.Fatalf("err = %v, want a line error", err)
			}
		})
	}
}

// Sizes finer than the engine's 0.1 mm are read as the engine cuts them,
// rounded up, so the list shows what is laid out; two decimals stay.
func TestReadRoundsSizesUp(t *testing.T) {
	in := "Ad;Genişlik;Yükseklik;Adet\nRaf;45,555;0,101;1\nKapak;45,55;20,29;2\nTabla;999,999;50,0000000001;1\n"
	got, err := Read(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	want := []nest.Part{
		{ID: "p1", Name: "Raf", Width: 45.56, Height: 0.11, Quantity: 1},
		{ID: "p2", Name: "Kapak", Width: 45.55, Height: 20.29, Quantity: 2},
		{ID: "p3", Name: "Tabla", Width: 1000, Height: 50, Quantity: 1},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %+v\nwant %+v", got, want)
	}
	_, err = Read(strings.NewReader("Dev;1000,001;10;1\n"))
	if err == nil || err.Error() != `satır 1, genişlik: "1000,001" parça ölçüsü olamaz; 0,1 ile 1.000 cm arasında bir ölçü yazın` {
		t.Errorf("1000,001 cm (1000,01 as cut): %v, want the 1000 cm limit", err)
	}
}

// A side below the specification's 0,1 cm is refused as the web refuses
// it, naming the cell and the range, also when a header unit makes it so (0,5 mm);
// 0,001 had been cut as 0,01 cm and 0,04 as 0,04 cm without a word.
func TestReadRefusesSidesBelowMinimum(t *testing.T) {
	_, err := ReadLimits(strings.NewReader("Ad;Genişlik;Yükseklik\nÇıta;0,04;10\nTel;10;0,001\nKıl;0,0999;5\nRaf;0,1;0,1\n"), EngineLimits)
	want := `satır 2, genişlik: "0,04" parça ölçüsü olamaz; 0,1 ile 10.000 cm arasında bir ölçü yazın` + "\n" +
		`satır 3, yükseklik: "0,001" parça ölçüsü olamaz; 0,1 ile 10.000 cm arasında bir ölçü yazın` + "\n" +
		`satır 4, genişlik: "0,0999" parça ölçüsü olamaz; 0,1 ile 10.000 cm arasında bir ölçü yazın`
	if err == nil || err.Error() != want {
		t.Errorf("got %v, want\n%s", err, want)
	}
	// The range is named in the unit the cell was read in, so that it
	// never contradicts the cell: 0,5 lies between 0,1 and 1.000.
	if _, err := Read(strings.NewReader("Ad;En (mm);Boy (mm)\nÇıta;0,5;10\n")); err == nil || err.Error() != `satır 2, genişlik: "0,5" parça ölçüsü olamaz; 1 ile 10.000 mm arasında bir ölçü yazın` {
		t.Errorf("0,5 mm: %v", err)
	}
	_, err = ReadLimits(strings.NewReader("Ad;En (mm);Boy (m)\nÇıta;0,5;1\nRaf;100;100,5\nTel;0,05 cm;1\n"), EngineLimits)
	want = `satır 2, genişlik: "0,5" parça ölçüsü olamaz; 1 ile 100.000 mm arasında bir ölçü yazın` + "\n" +
		`satır 3, yükseklik: "100,5" parça ölçüsü olamaz; 0,001 ile 100 m arasında bir ölçü yazın` + "\n" +
		`satır 4, genişlik: "0,05 cm" parça ölçüsü olamaz; 0,1 ile 10.000 cm arasında bir ölçü yazın`
	if err == nil || err.Error() != want {
		t.Errorf("the engine's limits in mm, m and a cell's cm: got %v, want\n%s", err, want)
	}
	parts, err := Read(strings.NewReader("Raf;0,1;0,101;1\n"))
	if want := []nest.Part{{ID: "p1", Name: "Raf", Width: 0.1, Height: 0.11, Quantity: 1}}; err != nil || !reflect.DeepEqual(parts, want) {
		t.Errorf("0,1 cm: %+v, %v; want %+v", parts, err, want)
	}
}

// Numbers are written as the web reads them: a sign other than minus, a
// decimal separator without digits on both sides and a quantity with
// decimals are no numbers (+5, .5, 5., ,5, 5, had been read, and a
// quantity of +2).
func TestReadRefusesLooseNumbers(t *testing.T) {
	_, err := Read(strings.NewReader("Ad;Genişlik;Yükseklik;Adet\nA;+5;10;1\nB;.5;10;1\nC;5.;10;1\nD;10;,5;+2\nE;10;5,;1\n"))
	want := []string{
		`satır 2, genişlik: "+5" geçerli bir sayı değil; sayıyı 45 ya da 45,5 gibi yazın`,
		`satır 3, genişlik: ".5" geçerli bir sayı değil; sayıyı 45 ya da 45,5 gibi yazın`,
		`satır 4, genişlik: "5." geçerli bir sayı değil; sayıyı 45 ya da 45,5 gibi yazın`,
		`satır 5, yükseklik: ",5" geçerli bir sayı değil; sayıyı 45 ya da 45,5 gibi yazın`,
		`satır 5, adet: "+2" tam sayı değil; adedi 1, 2, 3 gibi tam sayıyla yazın`,
		`satır 6, yükseklik: "5," geçerli bir sayı değil; sayıyı 45 ya da 45,5 gibi yazın`,
	}
	if err == nil || err.Error() != strings.Join(want, "\n") {
		t.Errorf("got\n%v\nwant\n%s", err, strings.Join(want, "\n"))
	}
	for in, ok := range map[string]bool{"45,5": true, "45.5": true, "-3": true, "0.250": true, "1.450,50": true, "+5": false, ".5": false, "5.": false,
		"1e3": false, "0x10": false, "1_000": false, "NaN": false, "Inf": false, "": false, "5,5,5": false} {
		if _, got := parseNumber(in); got != ok {
			t.Errorf("parseNumber(%q) ok = %v, want %v", in, got, ok)
		}
	}
	// --stock reads its numbers alike.
	if _, err := ReadStock(strings.NewReader("Genişlik;Yükseklik;Adet\n100;200;+3\n")); err == nil {
		t.Error("a stock quantity of +3 was read")
	}
}

// A first row is a header when no cell after its first is a number, as
// the web decides it: Kapak;;30;2 is a part without a width, not a header
// lacking columns; a header is read by the web's words, in any case and
// with or without Turkish letters (PARCA ADI and SAYI had been unknown).
func TestReadHeaderAsTheWeb(t *testing.T) {
	for in, want := range map[string]string{
		"Kapak;;30;2\n":                "satır 1, genişlik: Lütfen tüm alanları doldurun!",
		"Kapak;abc;30;2\n":             `satır 1, genişlik: "abc" geçerli bir sayı değil; sayıyı 45 ya da 45,5 gibi yazın`,
		"Kapak\n":                      "satır 1, genişlik: Lütfen tüm alanları doldurun!\nsatır 1, yükseklik: Lütfen tüm alanları doldurun!",
		"Ad;Genişlik;Adet\nRaf;10;2\n": "satır 1: başlık satırında yükseklik sütunu yok; başlıkta ad, genişlik ve yükseklik sütunları olmalı (Ad;Genişlik;Yükseklik;Adet)",
		"foo;bar\n1;2;3\n":             "satır 1: başlık satırında ad, genişlik ve yükseklik sütunları yok; başlıkta ad, genişlik ve yükseklik sütunları olmalı (Ad;Genişlik;Yükseklik;Adet)",
	} {
		if _, err := Read(strings.NewReader(in)); err == nil || err.Error() != want {
			t.Errorf("%q: %v, want %q", in, err, want)
		}
	}
	no := false
	got, err := Read(strings.NewReader("GENISLIK;YUKSEKLIK;PARCA ADI;SAYI;DONDURULEBILIR;Tüm kenarlar;Üst;Damar Yönü\n45,5;30;Raf;2;HAYIR;B1;B2;en boyunca\n"))
	want := []nest.Part{{ID: "p1", Name: "Raf", Width: 45.5, Height: 30, Quantity: 2, Rotate: &no, Grain: nest.GrainHorizontal,
		Edges: &nest.Edges{Top: "B2", Bottom: "B1", Left: "B1", Right: "B1"}}}
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("got %+v, %v\nwant %+v", got, err, want)
	}
}

// Rows are numbered as a spreadsheet numbers them, as the web names them:
// a line break in a quoted cell (Alt+Enter) starts no row, and is a space
// in the cell.
func TestReadNumbersRowsAsASpreadsheet(t *testing.T) {
	_, err := Read(strings.NewReader("Ad;Genişlik;Yükseklik\n\"Kapak\r\nsol\";40;70\n\n\"Raf\nüst\nalt\";abc;30\nÇıta;-1;5\n"))
	if want := "satır 4, genişlik: \"abc\" geçerli bir sayı değil; sayıyı 45 ya da 45,5 gibi yazın\nsatır 5, genişlik: \"-1\" parça ölçüsü olamaz; 0,1 ile 1.000 cm arasında bir ölçü yazın"; err == nil || err.Error() != want {
		t.Errorf("got %v, want %q", err, want)
	}
	got, err := Read(strings.NewReader("Ad;Genişlik;Yükseklik\n\"Kapak\n sol \";40;70\n"))
	if err != nil || len(got) != 1 || got[0].Name != "Kapak sol" {
		t.Errorf("a name over two lines: %+v, %v", got, err)
	}
}

// Excel's "Unicode text" save, UTF-16 with a byte order mark and tabs, is
// read as the web reads it; it had been taken for Windows-1254.
func TestReadUTF16(t *testing.T) {
	text := "Ad\tGenişlik\tYükseklik\r\nÇekmece\t45,5\t20\r\n"
	for _, enc := range []struct {
		name string
		bom  []byte
		put  func(b []byte, r uint16) []byte
	}{
		{"LE", []byte{0xff, 0xfe}, func(b []byte, r uint16) []byte { return append(b, byte(r), byte(r>>8)) }},
		{"BE", []byte{0xfe, 0xff}, func(b []byte, r uint16) []byte { return append(b, byte(r>>8), byte(r)) }},
	} {
		data := enc.bom
		for _, r := range utf16.Encode([]rune(text)) {
			data = enc.put(data, r)
		}
		got, err := Read(bytes.NewReader(data))
		if want := []nest.Part{{ID: "p1", Name: "Çekmece", Width: 45.5, Height: 20, Quantity: 1}}; err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("UTF-16 %s: %+v, %v", enc.name, got, err)
		}
	}
}

// Numbers are read as the web reads them: 1.200 is twelve hundred (as
// Turkish Excel writes it with its thousands dot, and the app writes it),
// 1.830,5 with a decimal comma too, 0.250 a quarter (no group starts
// with 0); a quantity of 1.000 is a thousand.
func TestReadThousandsDots(t *testing.T) {
	parts, err := ReadLimits(strings.NewReader("Ad;Genişlik;Yükseklik;Adet;Kalınlık\nTabla;1.200;1.830,5;1.000;0.250\n"), EngineLimits)
	want := []nest.Part{{ID: "p1", Name: "Tabla", Width: 1200, Height: 1830.5, Quantity: 1000, Thickness: 0.25}}
	if err != nil || !reflect.DeepEqual(parts, want) {
		t.Errorf("got %+v, %v\nwant %+v", parts, err, want)
	}
	stock, err := ReadStockLimits(strings.NewReader("Genişlik;Yükseklik;Adet;Kalınlık\n1.830,5;3.660;1.000;18\n"), EngineLimits)
	if err != nil || len(stock) != 1 || stock[0].Width != 1830.5 || stock[0].Height != 3660 || stock[0].Quantity != 1000 {
		t.Errorf("stock: %+v, %v", stock, err)
	}
	if _, err := Read(strings.NewReader("Ad;Genişlik;Yükseklik\nTabla;1.200;30\n")); err == nil || err.Error() != `satır 2, genişlik: "1.200" parça ölçüsü olamaz; 0,1 ile 1.000 cm arasında bir ölçü yazın` {
		t.Errorf("1.200 cm under the store's limits: %v, want refused as 1200 cm", err)
	}
}

// A header may give a column's unit, as the web's part reader takes it:
// sizes in mm or m become cm, a thickness in cm or m mm, by moving the
// decimal point on the digits (0,57 cm is 5,7 mm, not the
// 5,699999999999999 of 0.57 * 10), then rounded and checked as usual.
func TestReadHeaderUnits(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want []nest.Part
	}{
		{"Parça Adı;En (mm);Boy (mm);Adet\nKapak;455;300;2\nÇekmece;455,55;100;1\n",
			[]nest.Part{{ID: "p1", Name: "Kapak", Width: 45.5, Height: 30, Quantity: 2}, {ID: "p2", Name: "Çekmece", Width: 45.56, Height: 10, Quantity: 1}}},
		// the unit in brackets or after the word, the web's own test file
		{"Ad;Genişlik mm;Yükseklik_MM;Adet (adet);Kalınlık [cm]\r\nKapak;455;1.200;2;0,125\r\n",
			[]nest.Part{{ID: "p1", Name: "Kapak", Width: 45.5, Height: 120, Quantity: 2, Thickness: 1.25}}},
		{"Ad;Genişlik (m);Yükseklik (m)\r\nTabla;1,2;0,29\r\n",
			[]nest.Part{{ID: "p1", Name: "Tabla", Width: 120, Height: 29, Quantity: 1}}},
		{"Ad\tGenişlik (cm)\tYükseklik cm\tKalınlık (cm)\nKapak\t45,5\t30\t0,57\n",
			[]nest.Part{{ID: "p1", Name: "Kapak", Width: 45.5, Height: 30, Quantity: 1, Thickness: 5.7}}},
		{"name,width (cm),height [cm],thickness (mm),quantity (adet)\nRaf,\"45,5\",30,18,2\n",
			[]nest.Part{{ID: "p1", Name: "Raf", Width: 45.5, Height: 30, Quantity: 2, Thickness: 18}}},
		// on a column of no unit brackets are words
		{"Ad (isim);Genişlik;Yükseklik;Adet (tane)\nKapak;10;20;3\n",
			[]nest.Part{{ID: "p1", Name: "Kapak", Width: 10, Height: 20, Quantity: 3}}},
	} {
		got, err := ReadLimits(strings.NewReader(tt.in), EngineLimits)
		if err != nil || !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%q:\ngot  %+v, %v\nwant %+v", tt.in, got, err, tt.want)
		}
	}
	// A cell that is no number stays one after the conversion.
	_, err := Read(strings.NewReader("Ad;En (mm);Boy (mm)\nKapak;.5;abc\n"))
	if want := "satır 2, genişlik: \".5\" geçerli bir sayı değil; sayıyı 45 ya da 45,5 gibi yazın\nsatır 2, yükseklik: \"abc\" geçerli bir sayı değil; sayıyı 45 ya da 45,5 gibi yazın"; err == nil || err.Error() != want {
		t.Errorf("bad numbers in mm: %v, want %q", err, want)
	}
}

// The columns converted from their header's unit are told, each once, in
// the header's order and the web's words; none when nothing is converted
// or the list is refused. --stock and --bands tell theirs alike.
func TestReadConverted(t *testing.T) {
	parts, conv, err := ReadConverted(strings.NewReader("Ad;En (mm);Boy (mm);Kalınlık (cm);Adet (tane)\nKapak;455;300;1,8;2\nRaf;100;100;1;1\n"), EngineLimits)
	want := []string{"'En (mm)' sütunu mm'den cm'ye çevrildi", "'Boy (mm)' sütunu mm'den cm'ye çevrildi", "'Kalınlık (cm)' sütunu cm'den mm'ye çevrildi"}
	var got []string
	for _, c := range conv {
		got = append(got, c.String())
	}
	if err != nil || len(parts) != 2 || !reflect.DeepEqual(got, want) {
		t.Errorf("got %v, %v, %v; want %q", parts, got, err, want)
	}
	for _, in := range []string{"Ad;Genişlik (cm);Yükseklik cm;Kalınlık (mm)\nRaf;1;1;1\n", "Ad;En (mm);Boy\nRaf;abc;1\n", "Ad;En (mm);Boy (inç)\nRaf;1;1\n"} {
		if _, conv, _ := ReadConverted(strings.NewReader(in), StoreLimits); conv != nil {
			t.Errorf("%q: converted %v, want none", in, conv)
		}
	}
	_, conv, err = ReadStockConverted(strings.NewReader("Malzeme;Genişlik (mm);Yükseklik m;Fiyat (TL)\nSunta;3660;1,83;1.250\n"), EngineLimits)
	if want := []Conversion{{"Genişlik (mm)", "mm", "cm"}, {"Yükseklik m", "m", "cm"}}; err != nil || !reflect.DeepEqual(conv, want) {
		t.Errorf("stock: %v, %v; want %v", conv, err, want)
	}
	_, conv, err = ReadBandsConverted(strings.NewReader("Kod;Kalınlık (mm);Fazlalık (mm)\nB1;0,8;25\n"))
	if want := []Conversion{{"Fazlalık (mm)", "mm", "cm"}}; err != nil || !reflect.DeepEqual(conv, want) {
		t.Errorf("bands: %v, %v; want %v", conv, err, want)
	}
}

// A unit a column does not take is refused, naming the header and the
// units it takes: Genişlik (inç) had been read as cm (in the web), a
// Kalınlık (inç) column dropped without a word (here).
func TestReadRefusesUnknownUnits(t *testing.T) {
	for in, want := range map[string]string{
		"Ad;Genişlik (inç);Yükseklik;Adet\nKapak;10;20;1\n":               `satır 1, genişlik: "Genişlik (inç)" başlığındaki birim tanınmıyor; genişlik için mm, cm veya m yazın`,
		"Ad;Genişlik;Yükseklik;Kalınlık (inç)\nKapak;10;20;1\n":           `satır 1, kalınlık: "Kalınlık (inç)" başlığındaki birim tanınmıyor; kalınlık için mm, cm veya m yazın`,
		"Ad;Genişlik TL;Yükseklik (ft)\nKapak;10;20\n":                    "satır 1, genişlik: \"Genişlik TL\" başlığındaki birim tanınmıyor; genişlik için mm, cm veya m yazın\nsatır 1, yükseklik: \"Yükseklik (ft)\" başlığındaki birim tanınmıyor; yükseklik için mm, cm veya m yazın",
		"\n\nname,width [in],height,quantity\nKapak,10,20,1\n":            `satır 3, genişlik: "width [in]" başlığındaki birim tanınmıyor; genişlik için mm, cm veya m yazın`,
		"Ad;Genişlik (inç);Boy (cm)\nKapak;10;20\n":                       `satır 1, genişlik: "Genişlik (inç)" başlığındaki birim tanınmıyor; genişlik için mm, cm veya m yazın`,
		"Ad;Genişlik;Yükseklik;Kalınlık (mm);Kalınlık (inç)\nA;1;1;1;1\n": "", // a repeated column is not read
	} {
		parts, err := Read(strings.NewReader(in))
		if want == "" {
			if err != nil {
				t.Errorf("%q: %v", in, err)
			}
			continue
		}
		if err == nil || err.Error() != want || parts != nil {
			t.Errorf("%q: %v, %v; want %q", in, parts, err, want)
		}
	}
}

// A comma-separated row is refused, as in the web, when an unquoted
// decimal comma makes it read two ways (Kapak,45,5,30: 45 × 5 cm, 30
// pieces, or 45,5 × 30 cm) or leaves cells past the columns; whole numbers,
// quoted decimals, semicolons and a header row are read as written.
func TestReadRefusesTwoWayCommaRows(t *testing.T) {
	_, err := Read(strings.NewReader("Kapak,45,5,30\nRaf,45,30,2\nÇıta,120,8,10\nYan,\"45,5\",30\nArka,45,5\nAlt,45,5,\nDolap,45,5,30,1\n"))
	want := []string{
		`satır 1: 45,5 ondalık bir genişlik mi, genişlik ve yükseklik mi belli değil; virgülle ayrılmış satırlarda ondalık sayıları tırnak içinde yazın ("45,5") ya da hücreleri noktalı virgülle ayırın`,
		`satır 3: 120,8 ondalık bir genişlik mi, genişlik ve yükseklik mi belli değil; virgülle ayrılmış satırlarda ondalık sayıları tırnak içinde yazın ("45,5") ya da hücreleri noktalı virgülle ayırın`,
		`satır 7: sütunlardan fazla hücre var; virgülle ayrılmış satırlarda ondalık sayıları tırnak içinde yazın ("45,5")`,
	}
	if err == nil || err.Error() != strings.Join(want, "\n") {
		t.Errorf("got\n%v\nwant\n%s", err, strings.Join(want, "\n"))
	}
	for in, want := range map[string][]nest.Part{
		"Raf,45,30,2\nYan,\"45,5\",30\nArka,45,5\nAlt,45,5,\n": {
			{ID: "p1", Name: "Raf", Width: 45, Height: 30, Quantity: 2}, {ID: "p2", Name: "Yan", Width: 45.5, Height: 30, Quantity: 1},
			{ID: "p3", Name: "Arka", Width: 45, Height: 5, Quantity: 1}, {ID: "p4", Name: "Alt", Width: 45, Height: 5, Quantity: 1}},
		"Kapak;45;5;30\n": {{ID: "p1", Name: "Kapak", Width: 45, Height: 5, Quantity: 30}},
		"Ad,Genişlik,Yükseklik,Adet\nKapak,45,5,30\n": {{ID: "p1", Name: "Kapak", Width: 45, Height: 5, Quantity: 30}},
	} {
		if got, err := Read(strings.NewReader(in)); err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("%q: %+v, %v; want %+v", in, got, err, want)
		}
	}
	// Cells past a header's columns stand where they do not belong.
	for in, want := range map[string]string{
		"Ad,Genişlik,Yükseklik,Adet\nKapak,\"45,5\",60,2\nRaf,45,5,30,2\n": `satır 3: sütunlardan fazla hücre var; virgülle ayrılmış satırlarda ondalık sayıları tırnak içinde yazın ("45,5")`,
		"Ad;Genişlik;Yükseklik\nRaf;45;30;not\n":                           "satır 2: başlıktaki sütunlardan fazla hücre var",
	} {
		if _, err := Read(strings.NewReader(in)); err == nil || err.Error() != want {
			t.Errorf("%q: %v, want %q", in, err, want)
		}
	}
	// Without a header a row has the four columns with any separator, as
	// in the web: a fifth cell could be döndür, a material or a note. It
	// had been read as döndür here and left out in the web.
	msgNoHeader := "sütunlardan fazla hücre var: başlık satırı olmadan yalnızca ad, genişlik, yükseklik ve adet okunur; öteki sütunlar için ilk satıra sütun adlarını yazın (ör. Ad, Genişlik, Yükseklik, Adet, Döndür)"
	for in, want := range map[string]string{
		"Meşe;50;20;2;hayır;not\n":           "satır 1: " + msgNoHeader,
		"Raf;45;30\nKapak\t40\t70\t2\tMDF\n": "satır 2, genişlik: Lütfen tüm alanları doldurun!\nsatır 2, yükseklik: Lütfen tüm alanları doldurun!",
		"Kapak\t40\t70\t2\tMDF\n":            "satır 1: " + msgNoHeader,
	} {
		if _, err := Read(strings.NewReader(in)); err == nil || err.Error() != want {
			t.Errorf("%q: %v, want %q", in, err, want)
		}
	}
	// An empty fifth cell is nothing; under a header the fifth column is read.
	no := false
	for in, want := range map[string][]nest.Part{
		"Meşe;50;20;2;\n": {{ID: "p1", Name: "Meşe", Width: 50, Height: 20, Quantity: 2}},
		"Ad;Genişlik;Yükseklik;Adet;Döndür\nMeşe;50;20;2;hayır\n": {{ID: "p1", Name: "Meşe", Width: 50, Height: 20, Quantity: 2, Rotate: &no}},
	} {
		if got, err := Read(strings.NewReader(in)); err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("%q: %+v, %v; want %+v", in, got, err, want)
		}
	}
}

// Under the engine's limits a list takes what the engine lays out from a
// JSON request (a 1500 cm part, 10.001 lines); under the store's, what can
// be saved. A quantity beyond the limit, however large, is too many under
// either, never "no whole number".
func TestReadLimits(t *testing.T) {
	long := "Ad;Genişlik;Yükseklik;Adet\nUzun;1500;50;1\n"
	if _, err := Read(strings.NewReader(long)); err == nil || err.Error() != `satır 2, genişlik: "1500" parça ölçüsü olamaz; 0,1 ile 1.000 cm arasında bir ölçü yazın` {
		t.Errorf("a 1500 cm part under the store's limits: %v", err)
	}
	if parts, err := ReadLimits(strings.NewReader(long), EngineLimits); err != nil || parts[0].Width != 1500 {
		t.Errorf("a 1500 cm part under the engine's limits: %+v, %v", parts, err)
	}
	if _, err := ReadLimits(strings.NewReader("Dev;10000,001;10;1\n"), EngineLimits); err == nil ||
		err.Error() != `satır 1, genişlik: "10000,001" parça ölçüsü olamaz; 0,1 ile 10.000 cm arasında bir ölçü yazın` {
		t.Errorf("10000,001 cm under the engine's limits: %v", err)
	}

	var many strings.Builder
	many.WriteString("Ad;Genişlik;Yükseklik;Adet\n")
	for i := 0; i < 10001; i++ {
		many.WriteString("Raf;10;10;1\n")
	}
	if _, err := Read(strings.NewReader(many.String())); err == nil || err.Error() != "satır 10002: en fazla 10.000 parça satırı okunabilir" {
		t.Errorf("10.001 lines under the store's limits: %v", err)
	}
	if parts, err := ReadLimits(strings.NewReader(many.String()), EngineLimits); err != nil || len(parts) != 10001 {
		t.Errorf("10.001 lines under the engine's limits: %d parts, %v", len(parts), err)
	}

	for _, tt := range []struct {
		quantity string
		lim      Limits
		want     string
	}{
		{"100001", StoreLimits, `"100001" adet olamaz; 1 ile 100.000 arasında bir tam sayı yazın`},
		{"99999999999999999999999", StoreLimits, `"99999999999999999999999" adet olamaz; 1 ile 100.000 arasında bir tam sayı yazın`},
		{"100.001", EngineLimits, `"100.001" adet olamaz; 1 ile 100.000 arasında bir tam sayı yazın`},
		{"99999999999999999999999", EngineLimits, `"99999999999999999999999" adet olamaz; 1 ile 100.000 arasında bir tam sayı yazın`},
		{"0", EngineLimits, `"0" adet olamaz; 1 ile 100.000 arasında bir tam sayı yazın`},
		{"-99999999999999999999999", EngineLimits, `"-99999999999999999999999" adet olamaz; 1 ile 100.000 arasında bir tam sayı yazın`},
		{"2,5", EngineLimits, `"2,5" tam sayı değil; adedi 1, 2, 3 gibi tam sayıyla yazın`},
	} {
		_, err := ReadLimits(strings.NewReader("Raf;10;10;"+tt.quantity+"\n"), tt.lim)
		if want := "satır 1, adet: " + tt.want; err == nil || err.Error() != want {
			t.Errorf("quantity %s (limit %d): %v, want %q", tt.quantity, tt.lim.Quantity, err, want)
		}
	}
	if parts, err := ReadLimits(strings.NewReader("Raf;10;10;100000\n"), EngineLimits); err != nil || parts[0].Quantity != 100000 {
		t.Errorf("100.000 pieces under the engine's limits: %+v, %v", parts, err)
	}
}

// EngineLimits are the engine's own: a sheet side and a quantity beyond
// them, which the reader refuses naming the cell, the engine refuses too
// (a JSON request of them), so that kesim nest takes from a CSV what it
// takes from a JSON request.
func TestEngineLimitsAreTheEngines(t *testing.T) {
	part := func(q int) nest.Part { return nest.Part{Name: "A", Width: 1, Height: 1, Quantity: q} }
	for _, req := range []nest.Request{
		{Sheet: nest.Sheet{Width: EngineLimits.Side + 0.01, Height: 10}, Parts: []nest.Part{part(1)}},
		{Sheet: nest.Sheet{Width: 10, Height: 10}, Parts: []nest.Part{part(0)}},
		{Sheet: nest.Sheet{Width: 10, Height: 10}, Parts: []nest.Part{part(EngineLimits.Quantity + 1)}},
		{Sheet: nest.Sheet{Width: 0.009, Height: 10}, Parts: []nest.Part{part(1)}},
	} {
		_, err := nest.Layout(context.Background(), req, nil)
		var ie *nest.InputError
		if !errors.As(err, &ie) {
			t.Errorf("the engine takes %+v: %v", req, err)
		}
	}
}

// A file over 16 MiB is refused whole with a message naming the limit;
// one of exactly 16 MiB is read to its last line.
func TestReadRefusesTooLargeFile(t *testing.T) {
	file := func(size int) string {
		head := "name,width,height,quantity,note\n"
		last := "Son,10,10,1,x\n"
		row := "Raf,10,10,1," + strings.Repeat("x", 100000) + "\n"
		var b strings.Builder
		b.WriteString(head)
		for b.Len()+len(row)+len(last) < size {
			b.WriteString(row)
		}
		b.WriteString(strings.Repeat("\n", size-b.Len()-len(last)))
		b.WriteString(last)
		if b.Len() != size {
			t.Fatalf("built %d bytes, want %d", b.Len(), size)
		}
		return b.String()
	}
	parts, err := Read(strings.NewReader(file(16 << 20)))
	if err != nil || len(parts) == 0 || parts[len(parts)-1].Name != "Son" {
		t.Fatalf("a file of exactly 16 MiB: %d parts, %v; want all read", len(parts), err)
	}
	parts, err = Read(strings.NewReader(file(16<<20 + 1)))
	var e *Error
	if !errors.As(err, &e) || parts != nil || err.Error() != "Dosya çok büyük: en fazla 16 MB okunabilir." {
		t.Fatalf("a file of 16 MiB and 1 byte: %d parts, %v; want refused with the limit named", len(parts), err)
	}
}

func FuzzRead(f *testing.F) {
	f.Add("name,width,height,quantity\nKapak,50,74,4\n")
	f.Add("\ufeffAd;Genişlik;Yükseklik;Adet\r\nÇekmece Ön;45,5;20;3\r\n")
	f.Add("Adet\tEn\tBoy\tAd\n2\t30,5\t40\tKapı\n")
	f.Add("a;1e3;0x10;NaN\n")
	f.Add("Raf;45,555;0,0000001;99999999999999999999\nKapak;999,999;1000,001;1\n")
	f.Add("ad;genişlik;yükseklik;malzeme;bant\na\x00b;10;10;m\x00;B\x00\n")
	f.Add("Ad;En (mm);Boy [m];Kalınlık (cm)\nKapak;455,5;1.200;0,57\nRaf;.5;-1;x\n")
	f.Add("Kapak,45,5,30\nRaf,45,5,30,1\nÇıta,\"45,5\",3\n")
	f.Fuzz(func(t *testing.T, in string) {
		parts, err := Read(strings.NewReader(in))
		if !imported(t, parts, err) {
			return
		}
		for _, p := range parts {
			if strings.ContainsRune(p.Name+p.Material, 0) || p.Edges != nil && strings.ContainsRune(p.Edges.Top+p.Edges.Bottom+p.Edges.Left+p.Edges.Right, 0) {
				t.Fatalf("part %+v: a NUL the store refuses", p)
			}
			if strings.TrimSpace(p.Name) == "" || p.Width <= 0 || p.Height <= 0 || p.Width > 1000 || p.Height > 1000 || p.Quantity < 1 {
				t.Fatalf("invalid part accepted: %+v", p)
			}
			if nest.RoundUp(p.Width) != p.Width || nest.RoundUp(p.Height) != p.Height {
				t.Fatalf("part %+v: sizes not in whole 0.01 cm as the engine lays them out", p)
			}
		}
	})
}

// A list exported by another tool is read without hand-editing: its
// header words (Length is the height, along the grain; Label, Designation
// and, with no name column, Açıklama the name), a unit in each size cell,
// a word after a quantity, Excel's DOĞRU and YANLIŞ; the rows its Enabled
// (etkin) column turns off are left out and told with the columns not
// read (Notes, as kesim nest says them).
func TestReadOtherToolsLists(t *testing.T) {
	in := "Sıra;Açıklama;Uzunluk;En;Adet;Kalınlık;Enabled;Not\n" +
		"1;Yan dikme;72 cm;56;2 adet;18 mm;DOĞRU;\n" +
		"2;Tabla;1.250 mm;0,6 m;1 Ad.;1,8 cm;;\n" +
		"3;Eski raf;50;30;1;;YANLIŞ;\n" +
		"4;Eski kapak;abc;30;1;;false;\n"
	parts, info, err := ReadInfo(strings.NewReader(in), StoreLimits)
	want := []nest.Part{
		{ID: "p1", Name: "Yan dikme", Width: 56, Height: 72, Quantity: 2, Thickness: 18},
		{ID: "p2", Name: "Tabla", Width: 60, Height: 125, Quantity: 1, Thickness: 18},
	}
	if err != nil || !reflect.DeepEqual(parts, want) {
		t.Fatalf("got %+v, %v\nwant %+v", parts, err, want)
	}
	notes := []string{
		"tanınmayan sütunlar okunmadı: Sıra, Not",
		`"Enabled" sütununda kapalı olan 2 satır okunmadı: satır 4 ve 5`,
		"'En' sütunu m'den cm'ye çevrildi",
		"'Uzunluk' sütunu mm'den cm'ye çevrildi",
		"'Kalınlık' sütunu cm'den mm'ye çevrildi",
	}
	if got := info.Notes(); !reflect.DeepEqual(got, notes) {
		t.Errorf("notes\n got %q\nwant %q", got, notes)
	}
	// Beside a name column, açıklama is a note, and named twice a column is read once.
	_, info, err = ReadInfo(strings.NewReader("Açıklama;Label;Width;Length;Boy\nkulplu;Kapak;40;70;71\n"), StoreLimits)
	if want := []string{"tanınmayan sütunlar okunmadı: Açıklama", "birden çok kez yazılan sütunların yalnızca ilki okundu: Boy"}; err != nil || !reflect.DeepEqual(info.Notes(), want) {
		t.Errorf("got %q, %v; want %q", info.Notes(), err, want)
	}
}

// What stays refused is named by row and column in words that say why:
// a unit no length takes, an etkin word not known, a quantity word not
// known; a list whose rows are all turned off has nothing to lay out.
func TestReadRefusesOtherToolsValues(t *testing.T) {
	for in, want := range map[string]string{
		"Label;Length;Width;Thickness\nKapak;24 in;10;0,75\"\n": "satır 2, yükseklik: \"24 in\" içindeki birim tanınmıyor; mm, cm veya m yazın\n" +
			`satır 2, kalınlık: "0,75"" içindeki birim tanınmıyor; mm, cm veya m yazın`, // the cell as written, as the web writes it
		"Ad;En;Boy;Etkin\nKapak;40;70;belki\n":                         `satır 2, etkin: "belki" yerine evet veya hayır yazın (hayır yazılan satır okunmaz)`,
		"Ad;En;Boy;Adet\nKapak;40;70;2 kutu\n":                         `satır 2, adet: "2 kutu" tam sayı değil; adedi 1, 2, 3 gibi tam sayıyla yazın`,
		"Ad;En;Boy;Adet\nKapak;40;70 mmm;2\n":                          `satır 2, yükseklik: "70 mmm" içindeki birim tanınmıyor; mm, cm veya m yazın`,
		"Label,Width,Length,Enabled\nKapak,40,70,false\nRaf,40,30,0\n": `"Enabled" sütununda bütün satırlar kapalı: okunacak parça yok`,
	} {
		parts, err := Read(strings.NewReader(in))
		if err == nil || err.Error() != want || parts != nil {
			t.Errorf("%q:\n got %v, %v\nwant %q", in, parts, err, want)
		}
	}
}

// The lines a message about the rows left out names are at most
// maxDisabledLines, and their count is written the Turkish way.
func TestMsgDisabled(t *testing.T) {
	lines := make([]int, 1200)
	for i := range lines {
		lines[i] = i + 2
	}
	got := msgDisabled("Etkin", lines, "okunmadı")
	want := `"Etkin" sütununda kapalı olan 1.200 satır okunmadı: satır 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21…`
	if got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
}

// The separator is the first line's that holds one, but for lines of
// commas only above a `;` or tab line that splits into more cells than
// each of them: titles (Mutfak, Ocak 2026) above the list. A comma list
// keeps its comma when a name holds a `;`; a `;` list its `;` whatever
// its decimal commas. The web's detectSeparator answers alike (csv.test.ts).
func TestDetectSeparator(t *testing.T) {
	for in, want := range map[string]rune{
		"Mutfak, Ocak 2026\nAd;Genişlik;Yükseklik;Adet\nKapak;60;40;2\n":             ';',
		"Mutfak, Ocak 2026\r\nAd\tGenişlik\tYükseklik\tAdet\r\nKapak\t60\t40\t2\r\n": '\t',
		"Mutfak, Ocak 2026\rMüşteri: Ahmet, Bey\rAd;En;Boy\r":                        ';',
		"\"Mutfak, Ocak 2026\"\n\nAd;En\n":                                           ';',
		"Ad;Genişlik;Yükseklik;Adet\nRaf;45,5;30;2\n":                                ';',
		"Ad,Genişlik,Yükseklik,Adet\n\"Raf; üst\",45,30,2\n":                         ',',
		"Ad,Genişlik,Yükseklik,Adet\nRaf; üst; alt,45,30,2\n":                        ',',
		"Kapak,\"45,5\",30,2\nRaf,40,30,1\n":                                         ',',
		"Ad,Genişlik,Yükseklik,Adet\nKapak,\"45,5\",30,2\n":                          ',',
		"Mutfak, Ocak 2026, Ankara\nAd;En;Boy\n":                                     ',', // three cells above three: not a title by the rule
		"a,b\nc,d\ne,f\ng,h\ni;j;k\n":                                                ';',
		"a,b\nc,d\ne,f\ng,h\ni,j\nk;l;m\n":                                           ',', // past the fifth line holding a separator
		"Mutfak dolabı\nAd;En;Boy\n":                                                 ';',
		"Kapak\n":                                                                    ',',
	} {
		if got := detectSeparator([]byte(in)); got != want {
			t.Errorf("detectSeparator(%q) = %q, want %q", in, got, want)
		}
	}
}
