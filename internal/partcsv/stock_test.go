package partcsv

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"kesim/internal/store"
	"kesim/nest"
)

// The new part columns: material, thickness, grain and band, in Turkish
// or ASCII spellings, in any order; a band column of its own edge wins
// over bant.
func TestReadMaterialColumns(t *testing.T) {
	in := "Bant Sağ;Malzeme;Ad;Kalınlık;Genişlik;Yükseklik;Adet;Damar;Bant\n" +
		";Beyaz Sunta;Yan;18;56;72;2;dikey;B1\n" +
		"B2;Ceviz MDF;Kapak;18,5;40;70;1;YATAY;\n" +
		";;Arka;;100;70;1;yok;\n"
	got, err := Read(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	want := []nest.Part{
		{ID: "p1", Name: "Yan", Width: 56, Height: 72, Quantity: 2, Material: "Beyaz Sunta", Thickness: 18, Grain: nest.GrainVertical,
			Edges: &nest.Edges{Top: "B1", Bottom: "B1", Left: "B1", Right: "B1"}},
		{ID: "p2", Name: "Kapak", Width: 40, Height: 70, Quantity: 1, Material: "Ceviz MDF", Thickness: 18.5, Grain: nest.GrainHorizontal,
			Edges: &nest.Edges{Right: "B2"}},
		{ID: "p3", Name: "Arka", Width: 100, Height: 70, Quantity: 1},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got  %+v\nwant %+v", got, want)
	}
	// ASCII spellings, per-edge columns over bant.
	in = "name,width,height,quantity,kalinlik,damar,bant,bant_ust,BANT-SAG,bant alt,bant sol\n" +
		"Raf,50,30,1,8,vertical,X,U,S,,\n"
	got, err = Read(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	if g := got[0]; g.Thickness != 8 || g.Grain != nest.GrainVertical || *g.Edges != (nest.Edges{Top: "U", Bottom: "X", Left: "X", Right: "S"}) {
		t.Errorf("ASCII headers: %+v %+v", g, g.Edges)
	}
	// Bad values: Turkish errors with the line and the column.
	in = "ad;genişlik;yükseklik;kalınlık;damar;malzeme\n" +
		"A;10;10;abc;dikey;x\n" +
		"B;10;10;1001;çapraz;" + strings.Repeat("ş", 201) + "\n"
	_, err = Read(strings.NewReader(in))
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("bad values: %v", err)
	}
	for _, w := range []string{
		`satır 2, kalınlık: "abc" geçerli bir sayı değil; sayıyı 45 ya da 45,5 gibi yazın`,
		"satır 3, kalınlık: Kalınlık 0 ile 1.000 mm arasında olmalı.",
		`satır 3, damar: "çapraz" yerine yok, dikey veya yatay yazın`,
		"satır 3, malzeme: Metin en fazla 200 karakter olabilir.",
	} {
		if !strings.Contains(err.Error(), w) {
			t.Errorf("errors %q lack %q", err, w)
		}
	}
}

func TestGrain(t *testing.T) {
	for in, want := range map[string]string{"": "", "yok": "", "None": "", "boş": "", "Dikey": nest.GrainVertical, "VERTICAL": nest.GrainVertical,
		"yatay": nest.GrainHorizontal, "horizontal": nest.GrainHorizontal, " DİKEY ": nest.GrainVertical,
		// other tools' words: along the length (the height), along the width, a no
		"L": nest.GrainVertical, "Along length": nest.GrainVertical, "BOY": nest.GrainVertical, "W": nest.GrainHorizontal,
		"along_width": nest.GrainHorizontal, "En": nest.GrainHorizontal, "YANLIŞ": "", "0": "", "hayır": "", "false": ""} {
		if g, ok := Grain(in); !ok || g != want {
			t.Errorf("Grain(%q) = %q, %v; want %q", in, g, ok, want)
		}
	}
	// a word of more than one meaning (h: height or horizontal? e: evet
	// or en? a bare yes: which way?) or none
	for _, in := range []string{"çapraz", "h", "e", "2", "v", "var", "VAR", "evet", "yes", "true", "1", "x", "DOĞRU"} {
		if _, ok := Grain(in); ok {
			t.Errorf("Grain(%q) accepted", in)
		}
	}
}

func TestReadStock(t *testing.T) {
	// Prices the Turkish way: 1.450 is a thousand four hundred and fifty.
	in := "\ufeffAd;Malzeme;Kalınlık;Genişlik;Yükseklik;Adet;Fiyat;Damar\r\n" +
		"Beyaz büyük;Beyaz Sunta;18;183;366;4;1.450;yok\r\n" +
		"Beyaz küçük;Beyaz Sunta;18;122;244;4;12.345,5;yok\r\n" + // not the sheet above: one sheet twice is refused
		"Çam;Çam;18;183;366;4;6.5;yok\r\n"
	if got, err := ReadStock(strings.NewReader(in)); err != nil || got[0].Price != 1450 || got[1].Price != 12345.5 || got[2].Price != 6.5 {
		t.Errorf("Turkish prices: %+v, %v", got, err)
	}
	in = "kod;ad;malzeme;kalinlik;genislik;yukseklik;adet;fiyat;damar\n" +
		";Beyaz büyük;Beyaz Sunta;18;183;366;4;1450,5;yok\n" +
		"s1;Beyaz küçük;Beyaz Sunta;18;210;280;;1300;\n" +
		"C;;Ceviz MDF;18;183,009;366;0;;dikey\n"
	got, err := ReadStock(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	want := []nest.Stock{
		{ID: "s2", Name: "Beyaz büyük", Material: "Beyaz Sunta", Thickness: 18, Width: 183, Height: 366, Quantity: 4, Price: 1450.5},
		{ID: "s1", Name: "Beyaz küçük", Material: "Beyaz Sunta", Thickness: 18, Width: 210, Height: 280, Price: 1300},
		{ID: "C", Material: "Ceviz MDF", Thickness: 18, Width: 183, Height: 366, Grain: nest.GrainVertical},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got  %+v\nwant %+v", got, want)
	}
	// Every bad field, by line and column.
	in = "id,genişlik,yükseklik,adet,fiyat,damar,kalınlık\n" +
		"a,0,366,-1,-5,çapraz,2000\n" +
		"a,x,,1.5,2000000000,,\n"
	_, err = ReadStock(strings.NewReader(in))
	for _, w := range []string{
		`satır 2, genişlik: "0" levha ölçüsü olamaz; 0,01 ile 1.000 cm arasında bir ölçü yazın`,
		"satır 2, adet: Stok adedi 0 (sınırsız) ile 100.000 arasında bir tam sayı olmalı.",
		"satır 2, fiyat: Fiyat 0 ile 1.000.000.000 TL arasında olmalı.",
		`satır 2, damar: "çapraz" yerine yok, dikey veya yatay yazın`,
		"satır 2, kalınlık: Kalınlık 0 ile 1.000 mm arasında olmalı.",
		`satır 3, genişlik: "x" geçerli bir sayı değil; sayıyı 45 ya da 45,5 gibi yazın`,
		"satır 3, yükseklik: Lütfen tüm alanları doldurun!",
		"satır 3, adet: Stok adedi",
		"satır 3, fiyat: Fiyat 0 ile",
	} {
		if err == nil || !strings.Contains(err.Error(), w) {
			t.Errorf("errors %v lack %q", err, w)
		}
	}
	// Line 2 was not read: its kod is no kod given before line 3's.
	if err == nil || strings.Contains(err.Error(), "satır 3, kod") {
		t.Errorf("errors %v refuse line 3's kod", err)
	}
	for in, w := range map[string]string{
		"":                            "satır 1: dosyada stok satırı yok",
		"ad;malzeme\nA;B\n":           "satır 1: başlık satırı genişlik ve yükseklik",
		"genişlik;yükseklik\n":        "satır 2: dosyada stok satırı yok",
		"genişlik;yükseklik\n\"1;2\n": `satır 2, genişlik: ""1" geçerli bir sayı değil; sayıyı 45 ya da 45,5 gibi yazın`, // the cell as written
		"genişlik;yükseklik\n" + strings.Repeat("100;100\n", 1001): "satır 1002: en fazla 1.000 stok satırı okunabilir",
		// The default sheet's id, which the engine keeps for the canvas.
		"kod;genişlik;yükseklik\nsheet;100;100\n": "satır 2, kod: Stok satırının kimliği boş veya tekrar ediyor.",
	} {
		if _, err := ReadStock(strings.NewReader(in)); err == nil || !strings.Contains(err.Error(), w) {
			t.Errorf("%.40q: %v, want %q", in, err, w)
		}
	}
}

func TestReadBands(t *testing.T) {
	got, err := ReadBands(strings.NewReader("kod;ad;kalınlık;fiyat;fazlalık\nB1;PVC 0,8 beyaz;0,8;6,5;2\nB2;;;;\n"))
	want := []nest.Band{{Code: "B1", Name: "PVC 0,8 beyaz", Thickness: 0.8, Price: 6.5, Overlength: 2}, {Code: "B2"}}
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("got %+v, %v\nwant %+v", got, err, want)
	}
	// A band's metre price may carry the lira's mark, as a stock row's (stockparity.json).
	got, err = ReadBands(strings.NewReader("kod;fiyat\nB1;6,50 TL\nB2;₺1.250\n"))
	if want := []nest.Band{{Code: "B1", Price: 6.5}, {Code: "B2", Price: 1250}}; err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("prices with TL: got %+v, %v\nwant %+v", got, err, want)
	}
	// A code is given again only after a row read gave it: line 2 was
	// not read, line 5 was.
	_, err = ReadBands(strings.NewReader("code,thickness,price,overlength\nB1,11,-1,101\nB1,x,,\n,,,\nB2,,,\nB2,1,,\n,1,,\n"))
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("bands with bad fields: %v", err)
	}
	var lines []string
	for _, l := range e.Lines {
		lines = append(lines, l.Error())
	}
	if want := []string{
		"satır 2, kalınlık: Bant kalınlığı 0 ile 10 mm arasında olmalı.",
		"satır 2, fiyat: Fiyat 0 ile 1.000.000.000 TL arasında olmalı.",
		"satır 2, fazlalık: Bant fazlalığı 0 ile 100 cm arasında olmalı.",
		`satır 3, kalınlık: "x" geçerli bir sayı değil; sayıyı 45 ya da 45,5 gibi yazın`,
		"satır 6, kod: bu kod 5. satırda da var; bu satır alınmadı",
		"satır 7, kod: Bant kodu boş veya tekrar ediyor.",
	}; !reflect.DeepEqual(lines, want) {
		t.Errorf("errors\n%s\nwant\n%s", strings.Join(lines, "\n"), strings.Join(want, "\n"))
	}
	if _, err := ReadBands(strings.NewReader("ad;fiyat\nA;1\n")); err == nil || !strings.Contains(err.Error(), "başlık satırı kod") {
		t.Errorf("no code column: %v", err)
	}
	if _, err := ReadBands(strings.NewReader("kod\n" + strings.Repeat("B\n", 101))); err == nil || !strings.Contains(err.Error(), "en fazla 100 bant kodu") {
		t.Errorf("101 bands: %v", err)
	}
}

// A stock or band header may give a column's unit, as the web's stock
// reader takes it (sides and overlengths in mm or m become cm, a
// thickness in cm mm, on the digits); a unit a column does not take is
// refused, naming the header and the units it takes: Genişlik (inç) had
// been refused as a missing column, Kalınlık (cm) dropped (0 mm) and
// Fiyat (USD) read as no price at all.
func TestReadStockUnits(t *testing.T) {
	got, err := ReadStockLimits(strings.NewReader("Malzeme;Kalınlık (cm);Genişlik (mm);Yükseklik mm;Fiyat (TL)\nSunta;0,57;3660;1.830,5;1.250,50\n"), EngineLimits)
	want := []nest.Stock{{ID: "s1", Material: "Sunta", Thickness: 5.7, Width: 366, Height: 183.05, Price: 1250.5}}
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("got  %+v, %v\nwant %+v", got, err, want)
	}
	if got, err := ReadStock(strings.NewReader("Genişlik (m);Yükseklik (cm);Fiyat ₺\n1,83;366;10\n")); err != nil || got[0].Width != 183 || got[0].Height != 366 || got[0].Price != 10 {
		t.Errorf("sides in m and cm, price in ₺: %+v, %v", got, err)
	}
	bands, err := ReadBands(strings.NewReader("Kod;Kalınlık (mm);Metre fiyatı (TL);Fazlalık (mm)\nB1;0,8;4,5;25\n"))
	if err != nil || !reflect.DeepEqual(bands, []nest.Band{{Code: "B1", Thickness: 0.8, Price: 4.5, Overlength: 2.5}}) {
		t.Errorf("bands: %+v, %v", bands, err)
	}
	for in, want := range map[string]string{
		"Malzeme;Genişlik (inç);Yükseklik\nSunta;72;144\n": `satır 1, genişlik: "Genişlik (inç)" başlığındaki birim tanınmıyor; genişlik için mm, cm veya m yazın`,
		"Genişlik;Yükseklik;Kalınlık (inç)\n183;366;1\n":   `satır 1, kalınlık: "Kalınlık (inç)" başlığındaki birim tanınmıyor; kalınlık için mm, cm veya m yazın`,
		"Genişlik;Yükseklik;Fiyat (USD)\n183;366;50\n":     `satır 1, fiyat: "Fiyat (USD)" başlığındaki birim tanınmıyor; fiyat için TL yazın`,
	} {
		if stock, err := ReadStock(strings.NewReader(in)); err == nil || err.Error() != want || stock != nil {
			t.Errorf("%q: %+v, %v; want %q", in, stock, err, want)
		}
	}
	if _, err := ReadBands(strings.NewReader("Kod;Fazlalık (inç)\nB1;1\n")); err == nil || err.Error() != `satır 1, fazlalık: "Fazlalık (inç)" başlığındaki birim tanınmıyor; fazlalık için mm, cm veya m yazın` {
		t.Errorf("a band overlength in inches: %v", err)
	}
}

// A stock or band row with more cells than the header is refused, as the
// part reader refuses one: Sunta,366,5,183,2 had been 366 × 5 cm, adet 183.
func TestReadStockRefusesExtraCells(t *testing.T) {
	_, err := ReadStock(strings.NewReader("Malzeme,Genişlik,Yükseklik,Adet\nSunta,366,5,183,2\nMDF,\"366,5\",183,2\n"))
	if want := `satır 2: sütunlardan fazla hücre var; virgülle ayrılmış satırlarda ondalık sayıları tırnak içinde yazın ("45,5")`; err == nil || err.Error() != want {
		t.Errorf("%v, want %q", err, want)
	}
	_, err = ReadStock(strings.NewReader("Malzeme;Genişlik;Yükseklik\nSunta;366;183;not\n"))
	if want := "satır 2: başlıktaki sütunlardan fazla hücre var"; err == nil || err.Error() != want {
		t.Errorf("%v, want %q", err, want)
	}
	_, err = ReadBands(strings.NewReader("kod,fiyat\nB1,4,5\n"))
	if want := `satır 2: sütunlardan fazla hücre var; virgülle ayrılmış satırlarda ondalık sayıları tırnak içinde yazın ("45,5")`; err == nil || err.Error() != want {
		t.Errorf("bands: %v, want %q", err, want)
	}
	// empty cells past the header are nothing
	if got, err := ReadStock(strings.NewReader("Genişlik;Yükseklik\n183;366;;\n")); err != nil || len(got) != 1 {
		t.Errorf("empty cells past the header: %+v, %v", got, err)
	}
}

// FuzzReadStock: any file gives stock rows the store takes as they are
// (a list the import accepts can be saved) or an *Error naming lines, and
// no rows; never a panic.
func FuzzReadStock(f *testing.F) {
	f.Add("kod;ad;malzeme;kalınlık;genişlik;yükseklik;adet;fiyat;damar\ns1;Beyaz;Sunta;18;183;366;4;1.450,5;dikey\n")
	f.Add("\ufeffGenişlik\tYükseklik\tAdet\n183,009\t366\t\n0\t-1\t99999999999999999999\n")
	f.Add("id,width,height,quantity,price,grain\n,1e3,NaN,-0,1.2.3,çapraz\n,,\n")
	f.Fuzz(func(t *testing.T, in string) {
		stock, err := ReadStock(strings.NewReader(in))
		checkSaved(t, stock, err, store.StockList{Stock: stock})
	})
}

// FuzzReadBands: as FuzzReadStock, for band codes.
func FuzzReadBands(f *testing.F) {
	f.Add("kod;ad;kalınlık;fiyat;fazlalık\nB1;PVC beyaz;0,8;4,5;2\n")
	f.Add("kod\n\nB1\nB1\n")
	f.Add("code,thickness,price,overlength\n\x00,99,-1,1e308\n")
	f.Fuzz(func(t *testing.T, in string) {
		bands, err := ReadBands(strings.NewReader(in))
		checkSaved(t, bands, err, store.StockList{Bands: bands})
	})
}

// checkSaved holds an import's result to the stock fuzz targets' rule:
// as imported, and rows that list, as the store would save them, passes
// its checks.
func checkSaved[T any](t *testing.T, rows []T, err error, list store.StockList) {
	t.Helper()
	if !imported(t, rows, err) {
		return
	}
	if _, err := list.Validate(); err != nil {
		t.Fatalf("rows %+v the store refuses: %v", rows, err)
	}
}

// imported holds an import's result to the fuzz targets' first rule, an
// *Error naming lines and no rows, or some rows, and reports whether
// there are rows.
func imported[T any](t *testing.T, rows []T, err error) bool {
	t.Helper()
	if err != nil {
		var e *Error
		if !errors.As(err, &e) || len(e.Lines) == 0 || rows != nil {
			t.Fatalf("err %v with rows %v: want *Error and no rows", err, rows)
		}
		return false
	}
	if len(rows) == 0 {
		t.Fatal("no rows and no error")
	}
	return true
}

// An amount reads as a Turkish user writes it: thousands dots, a decimal
// comma, or a decimal point where the dots cannot be thousands (0.250).
func TestParseAmount(t *testing.T) {
	for s, want := range map[string]float64{"1.450": 1450, "1.450,50": 1450.5, "12.500,75": 12500.75, "12,5": 12.5, "12.5": 12.5,
		"0.250": 0.25, "00.500": 0.5, "1.000.000": 1e6} {
		if got, ok := ParseAmount(s); !ok || got != want {
			t.Errorf("ParseAmount(%q) = %g, %v; want %g", s, got, ok, want)
		}
	}
}

// A stock sheet's side is held to the limits given: 1220 cm is too wide
// for the store, and the engine, which takes --sheet 1220x100, takes the
// row too; beyond 10.000 cm the message names the engine's range, in the
// unit the cell was read in (100.000 mm, 100 m). A side
// is rounded down before it is checked, as the engine takes it: 10000,009
// is 10.000 cm.
func TestReadStockLimits(t *testing.T) {
	wide := "genişlik;yükseklik\n1220;100\n"
	if _, err := ReadStock(strings.NewReader(wide)); err == nil ||
		err.Error() != `satır 2, genişlik: "1220" levha ölçüsü olamaz; 0,01 ile 1.000 cm arasında bir ölçü yazın` {
		t.Errorf("1220 cm under the store's limits: %v", err)
	}
	if stock, err := ReadStockLimits(strings.NewReader(wide), EngineLimits); err != nil || stock[0].Width != 1220 {
		t.Errorf("1220 cm under the engine's limits: %+v, %v", stock, err)
	}
	if stock, err := ReadStockLimits(strings.NewReader("genişlik;yükseklik\n10000,009;100\n"), EngineLimits); err != nil || stock[0].Width != 10000 {
		t.Errorf("10000,009 cm under the engine's limits: %+v, %v", stock, err)
	}
	for in, want := range map[string]string{
		"genişlik;yükseklik\n10000,01;100\n": `satır 2, genişlik: "10000,01" levha ölçüsü olamaz; 0,01 ile 10.000 cm arasında bir ölçü yazın`,
		"genişlik;yükseklik\n100;0,009\n":    `satır 2, yükseklik: "0,009" levha ölçüsü olamaz; 0,01 ile 10.000 cm arasında bir ölçü yazın`,
		// the range in the unit the cell was read in
		"genişlik (mm);yükseklik\n100000,1;100\n": `satır 2, genişlik: "100000,1" levha ölçüsü olamaz; 0,1 ile 100.000 mm arasında bir ölçü yazın`,
		"genişlik;yükseklik (m)\n100;0,00009\n":   `satır 2, yükseklik: "0,00009" levha ölçüsü olamaz; 0,0001 ile 100 m arasında bir ölçü yazın`,
	} {
		if _, err := ReadStockLimits(strings.NewReader(in), EngineLimits); err == nil || err.Error() != want {
			t.Errorf("%q: %v, want %q", in, err, want)
		}
	}
}
