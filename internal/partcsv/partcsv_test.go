package partcsv

import (
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
		"Tabla;10,123;10;1\n" +
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
		`satır 8, genişlik: en fazla iki ondalık basamak girilebilir`,
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

func FuzzRead(f *testing.F) {
	f.Add("name,width,height,quantity\nKapak,50,74,4\n")
	f.Add("\ufeffAd;Genişlik;Yükseklik;Adet\r\nÇekmece Ön;45,5;20;3\r\n")
	f.Add("Adet\tEn\tBoy\tAd\n2\t30,5\t40\tKapı\n")
	f.Add("a;1e3;0x10;NaN\n")
	f.Fuzz(func(t *testing.T, in string) {
		parts, err := Read(strings.NewReader(in))
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || len(e.Lines) == 0 || parts != nil {
				t.Fatalf("err %v with parts %v: want *Error and no parts", err, parts)
			}
			return
		}
		if len(parts) == 0 {
			t.Fatal("no parts and no error")
		}
		for _, p := range parts {
			if strings.TrimSpace(p.Name) == "" || p.Width <= 0 || p.Height <= 0 || p.Width > 1000 || p.Height > 1000 || p.Quantity < 1 {
				t.Fatalf("invalid part accepted: %+v", p)
			}
		}
	})
}
