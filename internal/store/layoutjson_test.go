package store

import (
	"encoding/json"
	"reflect"
	"testing"

	"kesim/nest"
)

func TestDecodeParts(t *testing.T) {
	no := false
	want := []nest.Part{
		{ID: "1732268400000", Name: "Çekmece Ön ğüşıöç İĞÜŞÖÇ", Width: 45.55, Height: 0.01, Quantity: 100000, Rotate: &no},
		{Name: "Kapak", Width: 1000, Height: 12.05, Quantity: 1},
	}
	ours, _ := json.Marshal(want)
	tests := map[string]string{
		"encoding/json": string(ours),
		// PostgreSQL prints jsonb with spaces and its own key order.
		"jsonb": `[{"id": "1732268400000", "name": "Çekmece Ön ğüşıöç İĞÜŞÖÇ", "width": 45.55, "height": 0.01, "rotate": false, "quantity": 100000}, ` +
			`{"id": "", "name": "Kapak", "width": 1000, "height": 12.05, "quantity": 1}]`,
		// Escapes and other key cases take the slow path, with the same result.
		"escapes": `[{"id":"1732268400000","name":"\u00c7ekmece \u00d6n ğüşıöç İĞÜŞÖÇ","Width":45.55,"height":1e-2,"quantity":100000,"rotate":false},` +
			`{"id":"","name":"Kapak","width":1000,"height":12.05,"quantity":1,"rotate":null}]`,
	}
	for name, in := range tests {
		got, err := decodeParts([]byte(in))
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("%s: decodeParts = %+v, %v; want %+v", name, got, err, want)
		}
	}
	if _, ok := decodePartsFast(ours); !ok {
		t.Error("the fast path refused what encoding/json wrote")
	}
	for _, bad := range []string{``, `[`, `[{"quantity":1.5}]`, `[{"width":"1"}]`, `{}`, `[{}]x`} {
		var viaJSON []nest.Part
		jsonErr := json.Unmarshal([]byte(bad), &viaJSON)
		if _, err := decodeParts([]byte(bad)); (err == nil) != (jsonErr == nil) {
			t.Errorf("decodeParts(%q) error %v, encoding/json %v", bad, err, jsonErr)
		}
	}
}

// FuzzDecodeParts checks that whatever the fast paths accept (parts, sheet,
// options), encoding/json decodes to the same values.
func FuzzDecodeParts(f *testing.F) {
	for _, s := range []string{
		`[]`, `[{}]`, `[{"id":"a","name":"Kapak","width":50,"height":30,"quantity":2,"rotate":true}]`,
		`[ {"name": "ş", "width": 1.5e1, "height": -0, "quantity": -3} , {"rotate": false} ]`,
		`[{"quantity":9223372036854775808}]`, `[{"width":01}]`, `[{"name":"a\"b"}]`, "[{\"name\":\"\xff\"}]",
	} {
		f.Add([]byte(s))
	}
	f.Add([]byte(`{"width": 100, "height": 148}`))
	f.Add([]byte(`{"kerf":0.3,"trim":1,"guillotine":true,"timeLimitMs":1000,"seed":-42,"iterations":7}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		var sheet, sheetJSON nest.Sheet
		if sc := (scanner{b: data}); sc.sheet(&sheet) && sc.end() {
			if err := json.Unmarshal(data, &sheetJSON); err != nil || sheet != sheetJSON {
				t.Fatalf("%q: sheet %+v, encoding/json %+v, %v", data, sheet, sheetJSON, err)
			}
		}
		var opts, optsJSON nest.Options
		if sc := (scanner{b: data}); sc.options(&opts) && sc.end() {
			if err := json.Unmarshal(data, &optsJSON); err != nil || opts != optsJSON {
				t.Fatalf("%q: options %+v, encoding/json %+v, %v", data, opts, optsJSON, err)
			}
		}
		fast, ok := decodePartsFast(data)
		if !ok {
			return
		}
		var viaJSON []nest.Part
		if err := json.Unmarshal(data, &viaJSON); err != nil {
			t.Fatalf("fast path accepted %q, encoding/json: %v", data, err)
		}
		if !reflect.DeepEqual(fast, viaJSON) {
			t.Fatalf("%q: fast path %+v, encoding/json %+v", data, fast, viaJSON)
		}
	})
}
