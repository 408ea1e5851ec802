package store

import (
	"encoding/json"
	"reflect"
	"testing"

	"kesim/nest"
)

// TestScanLayoutColumns reads a layout's columns as this package writes
// them, as PostgreSQL prints them and with escapes and other key cases
// (which the engine's reader hands to encoding/json); all give the same
// layout. nest.FuzzDecodeColumns checks the reader against encoding/json.
func TestScanLayoutColumns(t *testing.T) {
	no := false
	want := Layout{
		Parts: []nest.Part{
			{ID: "1732268400000", Name: "Çekmece Ön ğüşıöç İĞÜŞÖÇ", Width: 45.55, Height: 0.01, Quantity: 100000, Rotate: &no},
			{Name: "Kapak", Width: 1000, Height: 12.05, Quantity: 1},
		},
		Sheet:   nest.Sheet{Width: 183, Height: 366},
		Options: nest.Options{Kerf: 0.3, Guillotine: true, TimeLimitMs: 3000, Seed: -7},
	}
	parts, sheet, options, err := LayoutColumns(want)
	if err != nil {
		t.Fatal(err)
	}
	tests := map[string][3]string{
		"encoding/json": {string(parts), string(sheet), string(options)},
		// PostgreSQL prints jsonb with spaces and its own key order.
		"jsonb": {`[{"id": "1732268400000", "name": "Çekmece Ön ğüşıöç İĞÜŞÖÇ", "width": 45.55, "height": 0.01, "rotate": false, "quantity": 100000}, ` +
			`{"id": "", "name": "Kapak", "width": 1000, "height": 12.05, "quantity": 1}]`,
			`{"width": 183, "height": 366}`, `{"kerf": 0.3, "seed": -7, "trim": 0, "guillotine": true, "timeLimitMs": 3000}`},
		"escapes": {`[{"id":"1732268400000","name":"\u00c7ekmece \u00d6n ğüşıöç İĞÜŞÖÇ","Width":45.55,"height":1e-2,"quantity":100000,"rotate":false},` +
			`{"id":"","name":"Kapak","width":1000,"height":12.05,"quantity":1,"rotate":null}]`,
			`{"WIDTH":183,"height":366}`, `{"kerf":0.3,"guillotine":true,"timeLimitMs":3000,"seed":-7,"iterations":null}`},
	}
	for name, cols := range tests {
		var got Layout
		if err := ScanLayoutColumns(&got, []byte(cols[0]), []byte(cols[1]), []byte(cols[2])); err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("%s: ScanLayoutColumns = %+v, %v; want %+v", name, got, err, want)
		}
	}
	for _, bad := range []string{``, `[`, `[{"quantity":1.5}]`, `[{"width":"1"}]`, `{}`, `[{}]x`} {
		var viaJSON []nest.Part
		jsonErr := json.Unmarshal([]byte(bad), &viaJSON)
		var got Layout
		if err := ScanLayoutColumns(&got, []byte(bad), sheet, options); (err == nil) != (jsonErr == nil) {
			t.Errorf("parts %q: error %v, encoding/json %v", bad, err, jsonErr)
		}
	}
}

// BenchmarkLayoutColumnsJSON reads the columns of a saved layout of 20
// parts, as listing layouts does for every row.
func BenchmarkLayoutColumnsJSON(b *testing.B) {
	no := false
	l := Layout{Sheet: nest.Sheet{Width: 183, Height: 366}, Options: nest.Options{Kerf: 0.3, Guillotine: true, TimeLimitMs: 3000, Seed: 7}}
	for i := 0; i < 20; i++ {
		p := nest.Part{ID: "p" + string(rune('a'+i)), Name: "Çekmece Ön " + string(rune('A'+i)), Width: 45.55 + float64(i), Height: 12.05, Quantity: 1 + i}
		if i%3 == 0 {
			p.Rotate = &no
		}
		l.Parts = append(l.Parts, p)
	}
	parts, sheet, options, err := LayoutColumns(l)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(parts) + len(sheet) + len(options)))
	b.ReportAllocs()
	for b.Loop() {
		var got Layout
		if err := ScanLayoutColumns(&got, parts, sheet, options); err != nil {
			b.Fatal(err)
		}
	}
}
