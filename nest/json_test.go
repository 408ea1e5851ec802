package nest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"math"
	"math/rand"
	"reflect"
	"strings"
	"testing"
)

// checkResultJSON asserts that AppendJSON writes what json.Marshal writes,
// for the result alone and inside a progress report.
func checkResultJSON(t *testing.T, r Result) {
	t.Helper()
	want, werr := json.Marshal(r)
	got, err := r.AppendJSON([]byte("x"))
	if (err == nil) != (werr == nil) {
		t.Fatalf("error %v, encoding/json %v", err, werr)
	}
	if err == nil && !bytes.Equal(got[1:], want) {
		t.Fatalf("AppendJSON differs from encoding/json:\n%s\n%s", got[1:], want)
	}
	p := Progress{Done: 0.1 * float64(len(r.Pages)), Pages: len(r.Pages), LowerBound: 2, Best: &r}
	for _, p := range []Progress{p, {Done: 1.0 / 3}} {
		want, werr := json.Marshal(p)
		got, err := p.AppendJSON(nil)
		if (err == nil) != (werr == nil) || err == nil && !bytes.Equal(got, want) {
			t.Fatalf("progress: AppendJSON differs from encoding/json:\n%s %v\n%s %v", got, err, want, werr)
		}
	}
}

// TestResultJSONMatchesEncodingJSON encodes real layouts (free and
// guillotine, with cuts, skipped parts and names that need escaping) and
// awkward values, and compares every byte with encoding/json.
func TestResultJSONMatchesEncodingJSON(t *testing.T) {
	names := []string{"Kapak", "Yan Panel Ğüşİöç", `18" raf`, `a\b`, "<b>&</b>", "tab\there", "satır\nsonu", "\x00\x1f\x7f", "\u2028\u2029", "bozuk \xff\xfe utf8", "", "日本"}
	rng := rand.New(rand.NewSource(5))
	for i := 0; i < 40; i++ {
		req := Request{Sheet: Sheet{Width: 100 + float64(rng.Intn(2000))/10, Height: 150 + float64(rng.Intn(3000))/100}}
		req.Options = Options{Guillotine: i%2 == 1, Kerf: float64(rng.Intn(5)) / 10, Trim: float64(rng.Intn(3)) / 2, Iterations: 20 * (i % 3), Seed: int64(i)}
		for k := 0; k < 1+rng.Intn(12); k++ {
			req.Parts = append(req.Parts, Part{
				ID: names[rng.Intn(len(names))] + itoa(k), Name: names[rng.Intn(len(names))],
				Width: 0.1 + float64(rng.Intn(12000))/100, Height: 0.1 + float64(rng.Intn(9000))/100,
				Quantity: 1 + rng.Intn(6),
			})
		}
		req.Parts = append(req.Parts, Part{Name: "çok büyük", Width: 999, Height: 999, Quantity: 2})
		res, err := Layout(context.Background(), req, nil)
		if err != nil {
			t.Fatal(err)
		}
		checkResultJSON(t, res)
	}

	floats := []float64{0, math.Copysign(0, -1), 1e-7, -1e-7, 1e-6, 1e21, 9.99e20, 1e22, 123.456, 0.1 + 0.2, 1.0 / 3, 12.345, -45.5, 1 << 53, 1e15 + 0.25, 2.5e-300, math.MaxFloat64, math.SmallestNonzeroFloat64, 0.07, 99.99, -0.01, 112589990684262.4}
	for i, f := range floats {
		r := Result{
			Sheet:   Sheet{Width: f, Height: -f},
			Pages:   []Page{{ID: "page-0", Parts: []Placed{{X: f, Y: f * 3, Width: f / 7, Height: f * 100}}, Cuts: []Cut{{Order: 1, X: f, Length: f, Direction: Vertical}}}},
			Skipped: []Skipped{{Width: f, Height: f, Reason: SkipReason}},
			Stats:   Stats{Efficiency: f, CutLength: f, ElapsedMs: int64(i) << 40},
		}
		checkResultJSON(t, r)
	}
	// The fields of a layout with materials and stock rows, each set or
	// left empty (omitempty), and the awkward values in them.
	for i, f := range floats {
		r := stockResult(names[i%len(names)], f)
		checkResultJSON(t, r)
		r.Pages[0].Parts[0].Edges = &Edges{}
		r.Materials[0].Thickness = 0
		r.Used, r.Buy = []StockCount{}, nil
		r.Stats.Cost = 0
		checkResultJSON(t, r)
	}
	for _, e := range []*Edges{{Top: "B1"}, {Bottom: "<&>"}, {Left: "x", Right: "\u2028\u2029"}, {Top: "a", Bottom: "b", Left: "c", Right: "d"}, {Right: "\xff"}} {
		checkResultJSON(t, Result{Pages: []Page{{Parts: []Placed{{Edges: e}}}}})
	}
	checkResultJSON(t, Result{Pages: []Page{{StockID: StockDefault}, {Material: "Ceviz"}, {Thickness: 8}, {Width: 210}, {Height: 280}}})
	checkResultJSON(t, Result{Materials: []MaterialResult{{}}, Used: []StockCount{{}}, Buy: []StockCount{{StockID: "s1", Quantity: 3}}, BandTotals: []BandTotal{{}}})
	checkResultJSON(t, Result{Stats: Stats{CostLowerBound: 1.0 / 3}})
	checkResultJSON(t, Result{Materials: []MaterialResult{{Cost: math.Inf(1)}}})
	checkResultJSON(t, Result{BandTotals: []BandTotal{{Meters: math.NaN()}}})
	checkResultJSON(t, Result{Pages: []Page{{Thickness: math.NaN()}}})
	// The pattern numbers: set, zero (omitted) and out of the usual range.
	checkResultJSON(t, Result{Pages: []Page{{Pattern: 1}, {Pattern: 0}, {Pattern: 1}, {Pattern: -3}, {Pattern: math.MaxInt}}, Stats: Stats{Patterns: 2}})
	checkResultJSON(t, Result{Stats: Stats{Patterns: math.MinInt}})

	// nil and empty lists, and values encoding/json refuses.
	checkResultJSON(t, Result{})
	checkResultJSON(t, Result{Pages: []Page{{}}, Skipped: []Skipped{}})
	checkResultJSON(t, Result{Pages: []Page{{Parts: []Placed{}, Cuts: []Cut{}}}})
	checkResultJSON(t, Result{Stats: Stats{Efficiency: math.NaN()}})
	checkResultJSON(t, Result{Sheet: Sheet{Width: math.Inf(-1)}})
}

// stockResult is a result with every field of a layout with materials,
// stock rows and bands set to values made of s and f.
func stockResult(s string, f float64) Result {
	return Result{
		Sheet: Sheet{Width: 183, Height: 366},
		Pages: []Page{{ID: "page-0", Efficiency: 81, StockID: s, Material: s, Thickness: f, Width: f, Height: -f,
			Parts: []Placed{{ID: s, Name: s, X: f, Width: 10, Height: 20, Rotated: true, Edges: &Edges{Top: s, Right: "B1"}}, {ID: "b"}}, Pattern: 1}},
		Skipped: []Skipped{{Name: s, Width: f, Quantity: 2, Reason: SkipStockOut}},
		Stats:   Stats{Pages: 1, LowerBound: 1, Efficiency: f, Cost: f, CostLowerBound: f / 3, Patterns: 1},
		Materials: []MaterialResult{{Material: s, Thickness: f, Pages: 1, LowerBound: 1, Efficiency: f, Objective: ObjectiveCost,
			Cost: f, CostLowerBound: f * 0.9, Optimal: true}, {Material: "", Objective: ObjectiveArea}},
		Used:       []StockCount{{StockID: s, Quantity: 2}, {StockID: StockDefault, Quantity: 1}},
		Buy:        []StockCount{{StockID: s, Quantity: 1}},
		BandTotals: []BandTotal{{Code: s, Meters: f, Cost: f * 6.5}, {Code: "B2"}},
	}
}

// FuzzResultJSON compares AppendJSON with encoding/json on arbitrary
// strings and numbers.
func FuzzResultJSON(f *testing.F) {
	f.Add("Kapak", "page-0", 12.5, 0.07, -3.0)
	f.Add("\xffÇ<\u2028", "\x01", 1e-9, 1e21, math.Copysign(0, -1))
	f.Fuzz(func(t *testing.T, name, id string, x, y, w float64) {
		checkResultJSON(t, Result{
			Sheet:   Sheet{Width: x, Height: y},
			Pages:   []Page{{ID: id, Efficiency: int(w), Parts: []Placed{{ID: id, Name: name, X: x, Y: y, Width: w, Height: x + y, Rotated: true, OriginalIndex: 3}}, Pattern: int(x)}},
			Skipped: []Skipped{{ID: name, Name: id, Width: w, Quantity: -1, Reason: name}},
			Stats:   Stats{Efficiency: w, Cuts: int(x), CutLength: y, Patterns: int(y)},
		})
		checkResultJSON(t, stockResult(name, x))
		r := stockResult(id, w)
		r.Pages[0].Parts[0].Edges = &Edges{Bottom: name, Left: id}
		r.Materials[0].Thickness, r.Stats.CostLowerBound = y, y
		checkResultJSON(t, r)
	})
}

// checkDecodeRequest asserts that DecodeRequest answers as json.Unmarshal.
func checkDecodeRequest(t *testing.T, data []byte) {
	t.Helper()
	got, err := DecodeRequest(data)
	var want Request
	werr := json.Unmarshal(data, &want)
	if (err == nil) != (werr == nil) {
		t.Fatalf("%s: error %v, encoding/json %v", data, err, werr)
	}
	if err == nil && !reflect.DeepEqual(got, want) {
		t.Fatalf("%s: decoded\n%#v\nencoding/json\n%#v", data, got, want)
	}
}

// TestDecodeRequestMatchesEncodingJSON decodes the requests the web app
// sends, and the unusual ones it hands to encoding/json, and compares them
// with encoding/json. The app's requests must take the direct way, or the
// browser gains nothing.
func TestDecodeRequestMatchesEncodingJSON(t *testing.T) {
	direct := []string{
		`{"sheet":{"width":183,"height":366},"parts":[{"id":"p1","name":"Kapak","width":45.5,"height":74,"quantity":4},{"id":"p2","name":"Yan \"Ğ\" \\ / \n\t\b\f\r\/","width":0.1,"height":999.99,"quantity":1,"rotate":false}],"options":{"kerf":0.3,"trim":0.5,"guillotine":true,"timeLimitMs":3000,"seed":7,"iterations":100,"workers":2}}`,
		" \n{ \"parts\" : [ ] , \"sheet\" : { } }\r\n",
		`{"parts":[{"rotate":true},{"rotate":null},{"name":"şçöğüı İ 日本"}],"options":{"seed":-9007199254740993,"kerf":1e-3,"trim":-0}}`,
		`{}`,
		// The docs' example of a job with stock rows and bands, and the
		// new fields in other orders and values.
		`{"sheet":{"width":183,"height":366},"stock":[{"id":"s1","name":"Beyaz 18 büyük","material":"Beyaz Sunta","thickness":18,"width":183,"height":366,"quantity":4,"price":1450,"grain":"none"},` +
			`{"id":"s2","material":"Beyaz Sunta","thickness":18,"width":210,"height":280,"price":1300},{"id":"s3","material":"Ceviz MDF","thickness":18,"width":183,"height":366,"price":2100,"grain":"vertical"}],` +
			`"bands":[{"code":"B1","name":"PVC 0,8 beyaz","thickness":0.8,"price":6.5,"overlength":2}],` +
			`"parts":[{"name":"Yan","width":56,"height":72,"quantity":2,"material":"Beyaz Sunta","thickness":18,"edges":{"top":"B1","left":"B1"}},` +
			`{"name":"Kapak","width":40,"height":70,"quantity":2,"material":"Ceviz MDF","grain":"vertical"}],"options":{"objective":"cost","deductBands":true,"timeLimitMs":1000}}`,
		`{"options":{"deductBands":false,"objective":""},"bands":[],"stock":[],"parts":[{"edges":null,"grain":"horizontal","thickness":-0.5},{"edges":{}},{"edges":{"right":"B\"2","bottom":"ş","left":"","top":"x"}}]}`,
		`{"stock":[{},{"quantity":-3,"price":1e9,"grain":"yok"}],"bands":[{},{"code":"B","overlength":100}]}`,
		// Offcut rows, the offcut options and pinned pages (issue 19).
		`{"stock":[{"id":"A-12","material":"Beyaz","thickness":18,"width":60,"height":45.5,"quantity":1,"offcut":true},{"id":"s1","offcut":false}],"options":{"offcutMinUse":60,"keepLeftover":true},` +
			`"pinned":[{"id":"page-0","efficiency":81,"parts":[{"id":"p1-0","name":"Yan","x":0,"y":0,"width":56,"height":72,"rotated":false,"originalIndex":0,"edges":{"top":"B1"}},{"id":"p1-1","name":"Yan","x":56.3,"y":0,"width":72,"height":56,"rotated":true,"originalIndex":0}],` +
			`"cuts":[{"order":1,"x":56,"y":0,"length":366,"direction":"vertical"}],"stockId":"s1","material":"Beyaz","thickness":18,"width":183,"height":366,"pattern":1},{"parts":[],"cuts":[]}]}`,
		`{"stock":[{"id":"A-3","width":50,"height":40,"quantity":1,"offcut":true,"sourceLayoutId":"12","createdAt":"2026-11-24T20:30:00Z"}]}`,
	}
	for _, s := range direct {
		if !requestDirect(s) {
			t.Errorf("%s: not decoded directly", s)
		}
		checkDecodeRequest(t, []byte(s))
	}
	other := []string{
		``, `null`, `[]`, `{`, `{"sheet":{"width":1,"width":2}}`, `{"sheet":{"width":1},"sheet":{"height":2}}`,
		`{"parts":[{"quantity":1},{"quantity":2}],"parts":[{"width":3}]}`,
		`{"Sheet":{"Width":5}}`, `{"sheet":{"WIDTH":5,"height":"7"}}`, `{"extra":[1,{"a":null}],"sheet":{"width":2}}`,
		`{"parts":[{"quantity":1.5}]}`, `{"parts":[{"quantity":1e2}]}`, `{"parts":[{"quantity":99999999999999999999}]}`,
		`{"sheet":{"width":1e400}}`, `{"sheet":{"width":01}}`, `{"sheet":{"width":-}}`, `{"sheet":{"width":1.}}`, `{"sheet":{"width":.5}}`,
		`{"sheet":{"width":null}}`, `{"parts":null}`, `{"parts":[null]}`, `{"options":{"guillotine":1}}`,
		`{"parts":[{"name":"\u00e7\ud800"}]}`, "{\"parts\":[{\"name\":\"\xff\"}]}", "{\"parts\":[{\"name\":\"a\x01\"}]}",
		`{"parts":[{"name":"a\q"}]}`, `{"sheet":{}} x`, `{"sheet":{}}{}`, `{"parts":[{},]}`, `{"sheet":{"width":2,}}`,
		"\xef\xbb\xbf{}", `{"options":{"seed":1e3,"timeLimitMs":-5}}`, `{"parts":[{"rotate":truex}]}`,
		`{"stock":null}`, `{"bands":null}`, `{"stock":[null]}`, `{"stock":{}}`, `{"stock":[{"quantity":1.5}]}`, `{"stock":[{"id":7}]}`,
		`{"stock":[{"id":"a","id":"b"}]}`, `{"STOCK":[{"ID":"a"}]}`, `{"bands":[{"code":1}]}`, `{"bands":[{"Code":"x","thickness":"1"}]}`,
		`{"stock":[{"id":"a"}],"stock":[{"name":"b"},{}]}`, `{"parts":[{"edges":{"top":"a","top":"b"}}]}`, `{"parts":[{"edges":{"TOP":"a"}}]}`,
		`{"parts":[{"edges":{"top":null}}]}`, `{"parts":[{"edges":[]}]}`, `{"parts":[{"edges":"B1"}]}`, `{"parts":[{"edges":{"top":"a"},"edges":{"left":"b"}}]}`,
		`{"parts":[{"material":null,"thickness":"18"}]}`, `{"parts":[{"grain":true}]}`, `{"options":{"deductBands":"true"}}`, `{"options":{"objective":1}}`,
		`{"stock":[{"price":1e400}]}`, `{"bands":[{"overlength":-}]}`, `{"stock":[{"id":"\u00e7"}]}`,
		`{"stock":[{"offcut":1}]}`, `{"stock":[{"sourceLayoutId":12}]}`, `{"stock":[{"createdAt":null}]}`, `{"options":{"offcutMinUse":60.5}}`, `{"options":{"keepLeftover":null}}`, `{"pinned":null}`, `{"pinned":[null]}`,
		`{"pinned":[{"parts":null}]}`, `{"pinned":[{"cuts":[{"order":"1"}]}]}`, `{"pinned":[{"parts":[{"x":1,"x":2}]}]}`, `{"pinned":{}}`, `{"Pinned":[{"ID":"a"}]}`,
	}
	for _, s := range other {
		checkDecodeRequest(t, []byte(s))
	}
	var b strings.Builder
	b.WriteString(`{"sheet":{"width":183,"height":366},"parts":[`)
	for i := 0; i < 600; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		p, _ := json.Marshal(Part{ID: "p" + itoa(i), Name: "Parça " + itoa(i), Width: 5 + float64(i%800)/10, Height: float64(i%97) + 0.25, Quantity: 5})
		b.Write(p)
	}
	b.WriteString(`],"options":{"kerf":0,"trim":0,"guillotine":false,"timeLimitMs":0,"seed":1}}`)
	if !requestDirect(b.String()) {
		t.Error("a 600-line request is not decoded directly")
	}
	checkDecodeRequest(t, []byte(b.String()))
}

// requestDirect reports whether s is read directly, not by encoding/json.
func requestDirect(s string) bool {
	d := jsonDecoder{b: []byte(s)}
	var req Request
	return d.request(&req) == nil && d.end()
}

// checkDecode asserts that decode answers as json.Unmarshal into a T.
func checkDecode[T any](t *testing.T, decode func([]byte) (T, error), data []byte) {
	t.Helper()
	got, err := decode(data)
	var want T
	werr := json.Unmarshal(data, &want)
	if (err == nil) != (werr == nil) {
		t.Fatalf("%s: error %v, encoding/json %v", data, err, werr)
	}
	if err == nil && !reflect.DeepEqual(got, want) {
		t.Fatalf("%s: decoded\n%#v\nencoding/json\n%#v", data, got, want)
	}
}

// TestDecodeColumns decodes what the store keeps of a layout, its parts,
// sheet and options, as encoding/json writes them and as PostgreSQL
// prints them (spaces, its own key order); both take the direct way.
func TestDecodeColumns(t *testing.T) {
	no := false
	parts := []Part{
		{ID: "1732268400000", Name: "Çekmece Ön ğüşıöç İĞÜŞÖÇ", Width: 45.55, Height: 0.01, Quantity: 100000, Rotate: &no},
		{Name: "Kapak", Width: 1000, Height: 12.05, Quantity: 1},
	}
	ours, _ := json.Marshal(parts)
	jsonb := `[{"id": "1732268400000", "name": "Çekmece Ön ğüşıöç İĞÜŞÖÇ", "width": 45.55, "height": 0.01, "rotate": false, "quantity": 100000}, ` +
		`{"id": "", "name": "Kapak", "width": 1000, "height": 12.05, "quantity": 1}]`
	for _, s := range []string{string(ours), jsonb, `[]`, ` [ ] `} {
		d := jsonDecoder{b: []byte(s)}
		var ps []Part
		if d.parts(&ps) != nil || !d.end() {
			t.Errorf("%s: not decoded directly", s)
		}
		checkDecode(t, DecodeParts, []byte(s))
	}
	got, err := DecodeParts([]byte(jsonb))
	if err != nil || !reflect.DeepEqual(got, parts) {
		t.Errorf("jsonb: %+v, %v", got, err)
	}
	for _, s := range []string{`{"width": 100, "height": 148}`, `{"height":1e2}`, `{}`, `{"Width":1}`, `null`, `{"width":"1"}`} {
		checkDecode(t, DecodeSheet, []byte(s))
	}
	// The new fields of a part, as encoding/json writes them and as
	// PostgreSQL prints them.
	thick := []Part{{ID: "a", Name: "Yan", Width: 56, Height: 72, Quantity: 2, Material: "Beyaz Sunta", Thickness: 18, Grain: GrainVertical, Edges: &Edges{Top: "B1", Left: "B2"}},
		{Name: "Arka", Width: 100, Height: 70, Quantity: 1, Material: "Sunta", Thickness: 8, Grain: GrainHorizontal, Edges: &Edges{}}}
	ours, _ = json.Marshal(thick)
	jsonb = `[{"id": "a", "name": "Yan", "edges": {"top": "B1", "left": "B2"}, "grain": "vertical", "width": 56, "height": 72, "material": "Beyaz Sunta", "quantity": 2, "thickness": 18}, ` +
		`{"id": "", "name": "Arka", "edges": {}, "grain": "horizontal", "width": 100, "height": 70, "material": "Sunta", "quantity": 1, "thickness": 8}]`
	for _, s := range []string{string(ours), jsonb} {
		d := jsonDecoder{b: []byte(s)}
		var ps []Part
		if d.parts(&ps) != nil || !d.end() {
			t.Errorf("%s: not decoded directly", s)
		}
		checkDecode(t, DecodeParts, []byte(s))
		if got, err := DecodeParts([]byte(s)); err != nil || !reflect.DeepEqual(got, thick) {
			t.Errorf("%s: %+v, %v", s, got, err)
		}
	}
	for _, s := range []string{`{"kerf": 0.3, "trim": 1, "guillotine": true, "timeLimitMs": 1000, "seed": -42, "iterations": 7, "workers": 3}`, `{"seed":1.5}`, `{"kerf":null}`, `[]`,
		`{"kerf": 0, "seed": 1, "objective": "sheets", "deductBands": true}`, `{"offcutMinUse": 60, "keepLeftover": true}`, `{"objective":null}`, `{"deductBands":0}`} {
		checkDecode(t, DecodeOptions, []byte(s))
	}
	for _, s := range []string{``, `[`, `null`, `[null]`, `[{"quantity":1.5}]`, `[{"width":"1"}]`, `{}`, `[{}]x`,
		`[{"name":"\u00c7ekmece","Width":45.55,"rotate":null}]`, `[{"width":1,"width":2}]`} {
		checkDecode(t, DecodeParts, []byte(s))
	}
}

// FuzzDecodeColumns compares DecodeParts, DecodeSheet and DecodeOptions
// with encoding/json on arbitrary input.
func FuzzDecodeColumns(f *testing.F) {
	for _, s := range []string{
		`[]`, `[{}]`, `[{"id":"a","name":"Kapak","width":50,"height":30,"quantity":2,"rotate":true}]`,
		`[ {"name": "ş", "width": 1.5e1, "height": -0, "quantity": -3} , {"rotate": false} ]`,
		`[{"quantity":9223372036854775808}]`, `[{"width":01}]`, `[{"name":"a\"b"}]`, "[{\"name\":\"\xff\"}]",
		`{"width": 100, "height": 148}`, `{"kerf":0.3,"trim":1,"guillotine":true,"timeLimitMs":1000,"seed":-42,"iterations":7}`,
		`[{"material":"Beyaz","thickness":18,"grain":"vertical","edges":{"top":"B1","left":"B2"}},{"edges":null,"grain":"none"}]`,
		`{"objective":"cost","deductBands":true}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		checkDecode(t, DecodeParts, data)
		checkDecode(t, DecodeSheet, data)
		checkDecode(t, DecodeOptions, data)
	})
}

// FuzzDecodeRequest compares DecodeRequest with encoding/json on arbitrary
// input.
func FuzzDecodeRequest(f *testing.F) {
	f.Add([]byte(`{"sheet":{"width":100,"height":148},"parts":[{"id":"a","name":"Kapak","width":50,"height":74,"quantity":4,"rotate":false}],"options":{"kerf":0.3,"seed":2}}`))
	f.Add([]byte(`{"parts":[{"name":"\"\\\/\n","width":-0.5e1,"quantity":-3}],"options":{"iterations":9,"guillotine":true}}`))
	f.Add([]byte(`{"stock":[{"id":"s1","name":"B","material":"Beyaz","thickness":18,"width":183,"height":366,"quantity":4,"price":1450,"grain":"none"}],"bands":[{"code":"B1","name":"PVC","thickness":0.8,"price":6.5,"overlength":2}],"parts":[{"material":"Beyaz","thickness":18,"grain":"vertical","edges":{"top":"B1","bottom":"B1","left":"","right":"B1"}}],"options":{"objective":"cost","deductBands":true}}`))
	f.Add([]byte(`{"stock":[{}],"parts":[{"edges":null},{"edges":{}}],"bands":null,"options":{"objective":"area","deductBands":false}}`))
	f.Add([]byte(`{"stock":[{"id":"A-1","width":60,"height":40,"quantity":1,"offcut":true}],"options":{"offcutMinUse":60,"keepLeftover":true},"pinned":[{"id":"page-0","parts":[{"id":"p1-0","x":0,"y":0,"width":5,"height":7,"originalIndex":0}],"cuts":[{"order":1,"x":5,"y":0,"length":40,"direction":"vertical"}],"stockId":"A-1"}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		checkDecodeRequest(t, data)
	})
}

// BenchmarkRequestJSON reads the 3,000-piece request: the browser engine's
// reader against encoding/json.
func BenchmarkRequestJSON(b *testing.B) {
	data, err := json.Marshal(ultraJob(3000, 600))
	if err != nil {
		b.Fatal(err)
	}
	b.Run("DecodeRequest", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		for b.Loop() {
			if _, err := DecodeRequest(data); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("encoding/json", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		for b.Loop() {
			var req Request
			if err := json.Unmarshal(data, &req); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// TestReadRequestLimits checks ReadRequest's limits, on the direct way and
// on encoding/json's tokenizer (a body with a key the direct reader does
// not take): past the pieces it stops with ErrTooManyPieces, past 1,000
// stock rows or 100 bands with the engine's Turkish error on the list,
// before reading the rest; at the limits it reads the request whole.
func TestReadRequestLimits(t *testing.T) {
	list := func(key, item string, n int) string {
		return `"` + key + `":[` + strings.TrimSuffix(strings.Repeat(item+",", n), ",") + `]`
	}
	stock := func(n int) string { return list("stock", `{"id":"s","width":100,"height":100}`, n) }
	bands := func(n int) string { return list("bands", `{"code":"B1","price":6.5}`, n) }
	parts := func(q string, n int) string { return list("parts", `{"width":5,"height":7,"quantity":`+q+`}`, n) }
	for _, way := range []string{"direct", "tokens"} {
		body := func(fields ...string) string {
			if way == "tokens" {
				fields = append([]string{`"x":[1]`}, fields...)
			}
			return "{" + strings.Join(fields, ",") + "}"
		}
		ok := []string{
			body(stock(1000), bands(100), parts("1", 10)),
			body(parts("5", 2)),
			body(parts("0", 5), parts("-3", 5)), // a repeated key: the tokens' way, the pieces of both counted
			// The parts' quantities count the pieces already cut too:
			// the pinned pages' pieces are bounded on their own.
			body(parts("10", 1), `"pinned":[{`+list("parts", `{"id":"p1-0"}`, 10)+`}]`),
		}
		for _, b := range ok {
			req, err := ReadRequest(strings.NewReader(b), 10)
			if err != nil {
				t.Errorf("%s: %.80s: %v", way, b, err)
			}
			if len(req.Stock) > 1000 || len(req.Bands) > 100 {
				t.Errorf("%s: %d stock rows, %d bands", way, len(req.Stock), len(req.Bands))
			}
		}
		for _, tt := range []struct {
			body, field, msg string
		}{
			{body(stock(1001)), "stock", "En fazla 1.000 stok satırı olabilir."},
			{body(bands(101), stock(1)), "bands", "En fazla 100 bant kodu olabilir."},
			// The rest is not read: the syntax error after the list
			// is never met.
			{"{" + stock(1001) + `,"parts":[}`, "stock", "En fazla 1.000 stok satırı olabilir."},
			{body(bands(100)[:len(bands(100))-1] + `,{"code":}]`), "bands", "En fazla 100 bant kodu olabilir."},
		} {
			_, err := ReadRequest(strings.NewReader(tt.body), 10)
			var ie *InputError
			if !errors.As(err, &ie) || ie.Field != tt.field || ie.Message != tt.msg {
				t.Errorf("%s: %.80s: %v, want %s: %s", way, tt.body, err, tt.field, tt.msg)
			}
		}
		for _, b := range []string{
			body(parts("11", 1)), body(parts("5", 3)), body(parts("0", 11)), body(parts("-1", 11)),
			body(parts("9223372036854775807", 2)), body(parts("1", 100000)),
			body(parts("1", 11)[:len(parts("1", 11))-1] + `,{"width":}]`), // stops before the error
			// The pinned pages' pieces count on their own.
			body(parts("5", 1), `"pinned":[{`+list("parts", `{"id":"p1-0"}`, 6)+`},{`+list("parts", `{}`, 5)+`}]`),
		} {
			if _, err := ReadRequest(strings.NewReader(b), 10); err != ErrTooManyPieces {
				t.Errorf("%s: %.80s: %v, want ErrTooManyPieces", way, b, err)
			}
		}
		// Errors name their field; data after the request is refused.
		for _, tt := range []struct{ body, field string }{
			{body(`"stock":[{"id":"a"},{"width":"x"}]`), "stock[1].width"},
			{body(`"bands":[{"code":7}]`), "bands[0].code"},
			{body(`"parts":[{},{"edges":{"top":1}}]`), "parts[1].edges.top"},
			{body(`"stock":{}`), "stock"},
		} {
			_, err := ReadRequest(strings.NewReader(tt.body), 10)
			var te *json.UnmarshalTypeError
			if !errors.As(err, &te) || te.Field != tt.field {
				t.Errorf("%s: %s: %v, want a type error on %s", way, tt.body, err, tt.field)
			}
		}
		if _, err := ReadRequest(strings.NewReader(body(stock(1))+" {}"), 10); err == nil {
			t.Errorf("%s: data after the request read without an error", way)
		}
	}
}

// TestReadRequestDirect: the requests the web app sends take the direct
// way in ReadRequest too, and read as DecodeRequest reads them.
func TestReadRequestDirect(t *testing.T) {
	data, err := json.Marshal(ultraJob(3000, 600))
	if err != nil {
		t.Fatal(err)
	}
	want, err := DecodeRequest(data)
	if err != nil {
		t.Fatal(err)
	}
	d := jsonDecoder{b: data, limit: 3000}
	var req Request
	if d.request(&req) != nil || !d.end() {
		t.Fatal("a 3,000-piece request is not read directly")
	}
	got, err := ReadRequest(bytes.NewReader(data), 3000)
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Fatalf("ReadRequest: %v", err)
	}
	if _, err := ReadRequest(bytes.NewReader(data), 2999); err != ErrTooManyPieces {
		t.Fatalf("3,000 pieces with a limit of 2,999: %v", err)
	}
}

// A value of the wrong type gets its field's own message where it has one
// that says more: a part line's quantity (1.5) the quantity's, as for 0.
func TestTypeMessage(t *testing.T) {
	for field, want := range map[string]string{
		"parts[3].quantity":    msgInvalidQuantity,
		"parts[0].width":       MsgInvalidValues,
		"parts.quantity":       MsgInvalidValues, // encoding/json's name in a store body: the store's message
		"options.offcutMinUse": MsgOffcutMinUse,
		"stock[0].quantity":    MsgInvalidValues,
	} {
		if got := TypeMessage(field); got != want {
			t.Errorf("TypeMessage(%q) = %q, want %q", field, got, want)
		}
	}
}
