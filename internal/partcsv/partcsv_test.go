package partcsv

import (
	"context"
	"errors"
	"reflect"
	"strings"
	"testing"

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
		"Boş;;10;1\n"
	parts, err := Read(strings.NewReader(in))
	if parts != nil {
		t.Errorf("parts %v returned with errors: want no partial result", parts)
	}
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("err = %v, want *Error", err)
	}
	want := []string{
		`satır 3, genişlik: "abc" geçerli bir sayı değil`,
		`satır 4, ad: Lütfen tüm alanları doldurun!`,
		`satır 5, genişlik: Lütfen geçerli pozitif değerler girin!`,
		`satır 6, yükseklik: en fazla 1000 cm olabilir`,
		`satır 7, adet: "2,5" tam sayı değil`,
		`satır 8, genişlik: Lütfen geçerli pozitif değerler girin!`,
		`satır 9, genişlik: Lütfen tüm alanları doldurun!`,
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
		"broken quotes":  "name,width,height\n\"Kapak,50,74\n",
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
	in := "Ad;Genişlik;Yükseklik;Adet\nRaf;45,555;0,001;1\nKapak;45,55;20,29;2\nTabla;999,999;50,0000000001;1\n"
	got, err := Read(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	want := []nest.Part{
		{ID: "p1", Name: "Raf", Width: 45.56, Height: 0.01, Quantity: 1},
		{ID: "p2", Name: "Kapak", Width: 45.55, Height: 20.29, Quantity: 2},
		{ID: "p3", Name: "Tabla", Width: 1000, Height: 50, Quantity: 1},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %+v\nwant %+v", got, want)
	}
	_, err = Read(strings.NewReader("Dev;1000,001;10;1\n"))
	if err == nil || err.Error() != "satır 1, genişlik: en fazla 1000 cm olabilir" {
		t.Errorf("1000,001 cm (1000,01 as cut): %v, want the 1000 cm limit", err)
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
	if _, err := Read(strings.NewReader("Ad;Genişlik;Yükseklik\nTabla;1.200;30\n")); err == nil || err.Error() != "satır 2, genişlik: en fazla 1000 cm olabilir" {
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
	if want := "satır 2, genişlik: \".5\" geçerli bir sayı değil\nsatır 2, yükseklik: \"abc\" geçerli bir sayı değil"; err == nil || err.Error() != want {
		t.Errorf("bad numbers in mm: %v, want %q", err, want)
	}
}

// A unit a column does not take is refused, naming the header and the
// units it takes: Genişlik (inç) had been read as cm (in the web), a
// Kalınlık (inç) column dropped without a word (here).
func TestReadRefusesUnknownUnits(t *testing.T) {
	for in, want := range map[string]string{
		"Ad;Genişlik (inç);Yükseklik;Adet\nKapak;10;20;1\n":               `satır 1, genişlik: "Genişlik (inç)" başlığındaki birim tanınmıyor; mm, cm veya m yazın`,
		"Ad;Genişlik;Yükseklik;Kalınlık (inç)\nKapak;10;20;1\n":           `satır 1, kalınlık: "Kalınlık (inç)" başlığındaki birim tanınmıyor; mm, cm veya m yazın`,
		"Ad;Genişlik TL;Yükseklik (ft)\nKapak;10;20\n":                    "satır 1, genişlik: \"Genişlik TL\" başlığındaki birim tanınmıyor; mm, cm veya m yazın\nsatır 1, yükseklik: \"Yükseklik (ft)\" başlığındaki birim tanınmıyor; mm, cm veya m yazın",
		"\n\nname,width [in],height,quantity\nKapak,10,20,1\n":            `satır 3, genişlik: "width [in]" başlığındaki birim tanınmıyor; mm, cm veya m yazın`,
		"Ad;Genişlik (inç);Boy (cm)\nKapak;10;20\n":                       `satır 1, genişlik: "Genişlik (inç)" başlığındaki birim tanınmıyor; mm, cm veya m yazın`,
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
	// Without a header a semicolon row keeps its fifth column, döndür.
	if got, err := Read(strings.NewReader("Meşe;50;20;2;hayır;not\n")); err != nil || got[0].Rotate == nil || *got[0].Rotate {
		t.Errorf("a semicolon row with döndür: %+v, %v", got, err)
	}
}

// Under the engine's limits a list takes what the engine lays out from a
// JSON request (a 1500 cm part, 10.001 lines); under the store's, what can
// be saved. A quantity beyond the limit, however large, is too many under
// either, never "no whole number".
func TestReadLimits(t *testing.T) {
	long := "Ad;Genişlik;Yükseklik;Adet\nUzun;1500;50;1\n"
	if _, err := Read(strings.NewReader(long)); err == nil || err.Error() != "satır 2, genişlik: en fazla 1000 cm olabilir" {
		t.Errorf("a 1500 cm part under the store's limits: %v", err)
	}
	if parts, err := ReadLimits(strings.NewReader(long), EngineLimits); err != nil || parts[0].Width != 1500 {
		t.Errorf("a 1500 cm part under the engine's limits: %+v, %v", parts, err)
	}
	if _, err := ReadLimits(strings.NewReader("Dev;10000,001;10;1\n"), EngineLimits); err == nil ||
		err.Error() != "satır 1, genişlik: en fazla 10.000 cm olabilir" {
		t.Errorf("10000,001 cm under the engine's limits: %v", err)
	}

	var many strings.Builder
	many.WriteString("Ad;Genişlik;Yükseklik;Adet\n")
	for i := 0; i < 10001; i++ {
		many.WriteString("Raf;10;10;1\n")
	}
	if _, err := Read(strings.NewReader(many.String())); err == nil || err.Error() != "satır 10002: en fazla 10000 parça satırı okunabilir" {
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
		{"100001", StoreLimits, "adet 1 ile 100000 arasında olmalı"},
		{"99999999999999999999999", StoreLimits, "adet 1 ile 100000 arasında olmalı"},
		{"100001", EngineLimits, "Parça sayısı çok fazla: en fazla 100.000 adet yerleştirilebilir."},
		{"99999999999999999999999", EngineLimits, "Parça sayısı çok fazla: en fazla 100.000 adet yerleştirilebilir."},
		{"0", EngineLimits, "Adet 1 veya daha büyük bir tam sayı olmalı."},
		{"-99999999999999999999999", EngineLimits, "Adet 1 veya daha büyük bir tam sayı olmalı."},
		{"2,5", EngineLimits, `"2,5" tam sayı değil`},
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

// The engine's messages that EngineLimits gives are the engine's own, word
// for word: a CSV refused by the reader and a JSON request refused by the
// engine say the same.
func TestEngineLimitsMessagesAreTheEngines(t *testing.T) {
	part := func(w, q int) nest.Part { return nest.Part{Name: "A", Width: float64(w), Height: 1, Quantity: q} }
	for _, tt := range []struct {
		req  nest.Request
		want string
	}{
		{nest.Request{Sheet: nest.Sheet{Width: nest.MaxSheetCM + 1, Height: 10}, Parts: []nest.Part{part(1, 1)}}, EngineLimits.MsgSheetSide},
		{nest.Request{Sheet: nest.Sheet{Width: 10, Height: 10}, Parts: []nest.Part{part(1, 0)}}, EngineLimits.MsgQuantity},
		{nest.Request{Sheet: nest.Sheet{Width: 10, Height: 10}, Parts: []nest.Part{part(1, nest.MaxPieces+1)}}, EngineLimits.MsgTooMany},
		{nest.Request{Sheet: nest.Sheet{Width: 0, Height: 10}, Parts: []nest.Part{part(1, 1)}}, EngineLimits.MsgSheetSize},
	} {
		_, err := nest.Layout(context.Background(), tt.req, nil)
		var ie *nest.InputError
		if !errors.As(err, &ie) || ie.Message != tt.want {
			t.Errorf("the engine says %v; EngineLimits says %q", err, tt.want)
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
