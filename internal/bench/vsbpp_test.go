package bench

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"kesim/nest"
)

// A tiny hand-made set: a cheap narrow sheet (only one of it) and an
// unlimited square one. Three oriented 5x10 parts: the cheapest plan is the
// narrow sheet (40) with one part and one square (100) with two: 140.
const vsTiny = `[
{"id": "mini/MB_C3_1", "stock": [{"id": "b0", "width": 10, "height": 10, "cost": 100, "quantity": 0}, {"id": "b1", "width": 5, "height": 10, "cost": 40, "quantity": 1}], "parts": [{"id": "i0", "width": 5, "height": 10, "quantity": 3}], "rotate": false, "source": "el yapımı", "best_known_cost": 140, "lower_bound_cost": 140, "ref": "-"},
{"id": "mini/Path25i2b1", "stock": [{"id": "b0", "width": 10, "height": 4, "cost": 40, "quantity": 2}], "parts": [{"id": "i0", "width": 4, "height": 10, "quantity": 1}, {"id": "i1", "width": 6, "height": 4, "quantity": 1}], "rotate": true, "source": "el yapımı", "best_known_cost": null, "lower_bound_cost": null, "ref": "-"}
]
`

func writeFile(t *testing.T, path, text string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestLoadVSGroupsAndRequest(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "mini.json"), vsTiny)
	writeFile(t, filepath.Join(dir, "cintra.json"), `[{"id": "cintra/gcut2d", "stock": [{"id": "b0", "width": 250, "height": 250, "cost": 62500, "quantity": 0}], "parts": [{"id": "i0", "width": 120, "height": 133, "quantity": 61}], "rotate": false, "best_known_cost": 16755000, "lower_bound_cost": null}]`)
	twoBP := filepath.Join(t.TempDir(), "bwmv.json")
	writeFile(t, twoBP, `[{"id":"cl01_n020_01","class":1,"n":1,"bin_w":10,"bin_h":10,"items":[[5,5]]}]`)
	for path, want := range map[string]bool{dir: true, filepath.Join(dir, "mini.json"): true, twoBP: false} {
		if got, vs, err := Source(path); err != nil || vs != want || got != path {
			t.Errorf("Source(%s) = %s, %v, %v; want itself, %v", path, got, vs, err, want)
		}
	}
	// A folder whose one file holds 2BP instances stands for that file
	// (../shared/bench/2bp/); one that mixes the kinds names the 2BP file.
	if got, vs, err := Source(filepath.Dir(twoBP)); err != nil || vs || got != twoBP {
		t.Errorf("Source(folder of one 2BP file) = %s, %v, %v; want %s, false", got, vs, err, twoBP)
	}
	mixed := t.TempDir()
	writeFile(t, filepath.Join(mixed, "mini.json"), vsTiny)
	writeFile(t, filepath.Join(mixed, "bwmv.json"), `[{"id":"cl01_n020_01","class":1,"n":1,"bin_w":10,"bin_h":10,"items":[[5,5]]}]`)
	if _, _, err := Source(mixed); err == nil || !strings.Contains(err.Error(), "bwmv.json") {
		t.Errorf("Source(mixed folder) = %v, want an error naming bwmv.json", err)
	}
	ins, err := LoadVS(dir)
	if err != nil {
		t.Fatal(err)
	}
	var groups []string
	for _, in := range ins {
		groups = append(groups, in.Set()+":"+in.Group())
	}
	if got := strings.Join(groups, ","); got != "cintra:gcut2d,mini:C3,mini:Path 25" {
		t.Errorf("sets and groups %s, want the files in name order, grouped by class, family and size, instance", got)
	}
	if ins[1].BestKnown == nil || *ins[1].BestKnown != 140 || ins[2].BestKnown != nil || ins[0].LowerBound != nil {
		t.Errorf("reference values not read as given (null stays nil)")
	}

	req, err := ins[1].Request(nest.Options{TimeLimitMs: 7, Seed: 3}, false)
	if err != nil {
		t.Fatal(err)
	}
	if req.Sheet != (nest.Sheet{}) || req.Options.Objective != nest.ObjectiveCost || req.Options.TimeLimitMs != 7 {
		t.Errorf("request sheet %v options %+v: want no default sheet, cost objective, the time limit kept", req.Sheet, req.Options)
	}
	if len(req.Stock) != 2 || req.Stock[1] != (nest.Stock{ID: "b1", Width: 5, Height: 10, Quantity: 1, Price: 40}) ||
		req.Stock[0].Quantity != 0 || req.Stock[0].Price != 100 {
		t.Errorf("stock rows %+v", req.Stock)
	}
	if len(req.Parts) != 1 || req.Parts[0].Quantity != 3 || req.Parts[0].CanRotate() || req.Parts[0].Material != "" {
		t.Errorf("parts %+v: want 3 oriented copies without material", req.Parts)
	}
	rot, _ := ins[2].Request(nest.Options{}, false)
	fixed, _ := ins[2].Request(nest.Options{}, true)
	if !rot.Parts[0].CanRotate() || fixed.Parts[0].CanRotate() {
		t.Errorf("rotate: the instance says true, --oriented locks it")
	}

	// Beyond the engine's limits: not scaled, refused with the reason.
	big := ins[1]
	big.Stock = []VSStock{{ID: "b0", Width: 10001, Height: 10, Cost: 1}}
	if _, err := big.Request(nest.Options{}, false); err == nil || !strings.Contains(err.Error(), "10000") {
		t.Errorf("a 10,001 side: %v", err)
	}
	many := ins[1]
	many.Parts = []VSPart{{ID: "a", Width: 1, Height: 1, Quantity: 60000}, {ID: "b", Width: 1, Height: 1, Quantity: 60000}}
	if _, err := many.Request(nest.Options{}, false); err == nil {
		t.Errorf("120,000 pieces accepted")
	}
	pricey := ins[1]
	pricey.Stock = []VSStock{{ID: "b0", Width: 10, Height: 10, Cost: 2_000_000_000}}
	if _, err := pricey.Request(nest.Options{}, false); err == nil {
		t.Errorf("a cost over the engine's price limit accepted")
	}

	if got := FilterVS(ins, 3, "", 1); len(got) != 1 || got[0].Group() != "C3" {
		t.Errorf("FilterVS class 3: %v", got)
	}
	if got := FilterVS(ins, 0, "Path", 1); len(got) != 1 || got[0].Name() != "Path25i2b1" {
		t.Errorf("FilterVS match Path: %v", got)
	}
	if got := FilterVS(ins, 0, "", 2); len(got) != 2 || got[0].ID != "cintra/gcut2d" || got[1].ID != "mini/MB_C3_1" {
		t.Errorf("FilterVS every 2nd per set: %v", got)
	}
	if _, err := LoadVS(filepath.Join(t.TempDir())); err == nil {
		t.Errorf("an empty folder gave no error")
	}
}

// CheckVS catches what nest.Verify cannot know about the stock: a page of
// no row, a sheet of the wrong size, a row used beyond its quantity, a cost
// that is not the sum of the pages', parts left out.
func TestCheckVSRejectsStockViolations(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "mini.json"), vsTiny)
	ins, err := LoadVS(filepath.Join(dir, "mini.json"))
	if err != nil {
		t.Fatal(err)
	}
	in := ins[0]
	req, _ := in.Request(nest.Options{}, false)
	page := func(stock string, w, h float64) nest.Page {
		return nest.Page{StockID: stock, Width: w, Height: h, Parts: []nest.Placed{{ID: "i0-0", Width: 5, Height: 10}}}
	}
	cases := []struct {
		name string
		res  nest.Result
		want string
	}{
		{"no row", nest.Result{Pages: []nest.Page{page("", 10, 10)}, Stats: nest.Stats{Cost: 100}}, "stok satırından"},
		{"wrong size", nest.Result{Pages: []nest.Page{page("b1", 10, 10)}, Stats: nest.Stats{Cost: 40}}, "5x10"},
		{"over quantity", nest.Result{Pages: []nest.Page{page("b1", 5, 10), page("b1", 5, 10)}, Stats: nest.Stats{Cost: 80}}, "yalnız 1 var"},
		{"cost", nest.Result{Pages: []nest.Page{page("b0", 10, 10)}, Stats: nest.Stats{Cost: 90}}, "stats.cost"},
		{"skipped", nest.Result{Skipped: []nest.Skipped{{ID: "i0", Reason: nest.SkipStockOut}}}, nest.SkipStockOut},
	}
	for _, c := range cases {
		if _, _, err := CheckVS(in, req, c.res); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error naming %q", c.name, err, c.want)
		}
	}
}

func TestReportVS(t *testing.T) {
	f := func(v float64) *float64 { return &v }
	in := func(id string, bk, lb *float64) VSInstance {
		return VSInstance{ID: id, BestKnown: bk, LowerBound: lb,
			Parts: []VSPart{{Width: 10, Height: 9, Quantity: 1}}}
	}
	outs := []VSOutcome{
		// at the best known and proven optimal: 90% used
		{Instance: in("p/MB_C1_1", f(100), f(90)), Cost: 100, CostLB: 100, SheetArea: 100, Elapsed: time.Millisecond},
		// 10% above the best known; its bound is fine
		{Instance: in("p/MB_C1_2", f(100), f(95)), Cost: 110, CostLB: 95, SheetArea: 180, Elapsed: 3 * time.Millisecond},
		// a wrong bound: above the best known
		{Instance: in("p/MB_C2_1", f(1000), f(900)), Cost: 1200, CostLB: 1100, SheetArea: 90},
		// a failed verification counts, and its cost stays out of the sums
		{Instance: in("p/MB_C2_2", f(50), f(50)), Cost: 1, Err: errors.New("çakışma")},
		{Instance: in("q/gcut2d", nil, nil), Unfit: errors.New("kenar 20000")},
	}
	var b strings.Builder
	sum := ReportVS(&b, outs, time.Second)
	if sum != (VSSummary{Failed: 1, Unfit: 1, WrongBound: 1}) {
		t.Errorf("summary %+v", sum)
	}
	text := b.String()
	for _, want := range []string{"!!! DOĞRULAMA HATASI p/MB_C2_2: çakışma", "!!! ÇALIŞTIRILMADI q/gcut2d",
		"!!! YANLIŞ ALT SINIR p/MB_C2_1: motorun maliyet alt sınırı 1.100, bilinen en iyi 1.000"} {
		if !strings.Contains(text, want) {
			t.Errorf("report lacks %q:\n%s", want, text)
		}
	}
	rows := map[string][]string{}
	for _, line := range strings.Split(text, "\n") {
		if f := strings.Fields(line); len(f) > 2 && !strings.HasPrefix(line, "!!!") {
			rows[f[0]+" "+f[1]] = f
		}
	}
	// küme grup örnek hata maliyet en_iyi oran altsın motor_alt en_iyide optimal kullanım
	check := func(key string, want ...string) {
		t.Helper()
		got := rows[key]
		if len(got) < 2+len(want) {
			t.Fatalf("no row %q in:\n%s", key, text)
		}
		if g := strings.Join(got[2:2+len(want)], " "); g != strings.Join(want, " ") {
			t.Errorf("row %s: %s, want %s", key, g, strings.Join(want, " "))
		}
	}
	check("p C1", "2", "0", "210", "200", "1,0500", "185", "195", "1", "1", "%70,00")
	check("p C2", "2", "1", "1.200", "1.000", "1,2000", "900", "1.100", "0", "0", "%100,00")
	check("p toplam", "4", "1", "1.410", "1.200", "1,1750", "1.085", "1.295", "1", "1", "%80,00")
	check("q toplam", "1", "1", "0", "-", "-", "-", "0", "0", "0", "-")
	if strings.Index(text, "p C1") > strings.Index(text, "p C2") {
		t.Errorf("classes out of order")
	}
}

func TestNaturalOrder(t *testing.T) {
	if !naturalLess("C2", "C10") || !naturalLess("Nice 25", "Nice 100") || !naturalLess("Nice 500", "Path 25") || naturalLess("C10", "C2") {
		t.Errorf("natural order wrong")
	}
}

// The engine lays the tiny set out, every result verifies, and the cheap
// narrow sheet is used once: 140, the optimum.
func TestRunVSTiny(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "mini.json"), vsTiny)
	ins, err := LoadVS(filepath.Join(dir, "mini.json"))
	if err != nil {
		t.Fatal(err)
	}
	outs := RunVS(context.Background(), ins, Config{Options: nest.Options{Iterations: 200, Seed: 1}, Workers: 2})
	for _, o := range outs {
		if o.Err != nil || o.Unfit != nil {
			t.Fatalf("%s: %v %v", o.Instance.ID, o.Err, o.Unfit)
		}
	}
	if outs[0].Cost != 140 || !outs[0].AtBest() || outs[0].WrongBound() {
		t.Errorf("MB_C3_1 cost %g (bound %g), want 140", outs[0].Cost, outs[0].CostLB)
	}
	// The turned 4x10 part and the 6x4 part need both 10x4 sheets.
	if outs[1].Cost != 80 || outs[1].Pages != 2 {
		t.Errorf("Path25i2b1 cost %g on %d pages, want 80 on 2", outs[1].Cost, outs[1].Pages)
	}
	// 64 of 80 area units on the two 10x4 sheets.
	if u := outs[1].Utilisation(); u < 79.99 || u > 80.01 {
		t.Errorf("utilisation %g, want 80", u)
	}
}
