package server

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"kesim/export/cutlist"
	"kesim/nest"
)

// The cut list's sheets (xlsx, sheets-csv) list as leftovers the offcuts
// the rack gets when the job is marked cut: nest.Leftovers of the
// request's kerf and trim, under the options' rules (the user's offcut
// rules; the default rule without any is the rack's), all of them (or
// at most maxLeftovers a sheet), the largest first.
func TestExportCutListLeftoversAreTheRacks(t *testing.T) {
	h := newTestServer(t, nil)
	reqJSON := `{"sheet":{"width":183,"height":366},
		"parts":[{"name":"Yan","width":56,"height":72,"quantity":5},{"name":"Raf","width":40,"height":33.3,"quantity":7}],
		"options":{"timeLimitMs":0,"kerf":0.4,"trim":1}}`
	w := do(h, "POST", "/api/nest", reqJSON)
	if w.Code != 200 {
		t.Fatalf("nest: %d %s", w.Code, w.Body)
	}
	var req nest.Request
	var res nest.Result
	if json.Unmarshal([]byte(reqJSON), &req) != nil || json.Unmarshal(w.Body.Bytes(), &res) != nil {
		t.Fatal("bad JSON")
	}
	for _, c := range []struct {
		options string
		rules   []nest.OffcutRule
		max     int
	}{
		{`{}`, []nest.OffcutRule{{MinWidth: nest.DefaultOffcutCM, MinHeight: nest.DefaultOffcutCM}}, math.MaxInt},
		{`{"minLeftover":10}`, []nest.OffcutRule{{MinWidth: 10, MinHeight: 10}}, math.MaxInt},
		{`{"rules":[]}`, []nest.OffcutRule{}, math.MaxInt}, // every rule removed: none, as on the rack
		{`{"minLeftover":25,"maxLeftovers":1}`, []nest.OffcutRule{{MinWidth: 25, MinHeight: 25}}, 1},
		{`{"rules":[{"minWidth":20,"minHeight":15}],"maxLeftovers":5}`, []nest.OffcutRule{{MinWidth: 20, MinHeight: 15}}, 5},
	} {
		r := do(h, "POST", "/api/export/sheets-csv", `{"result":`+w.Body.String()+`,"request":`+reqJSON+`,"options":`+c.options+`}`)
		if r.Code != 200 {
			t.Fatalf("%s: %d %s", c.options, r.Code, r.Body)
		}
		cr := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(r.Body.Bytes(), []byte("\uFEFF"))))
		cr.Comma = ';'
		rows, err := cr.ReadAll()
		if err != nil || len(rows) != len(res.Pages)+1 {
			t.Fatalf("%s: %v, %d rows for %d pages", c.options, err, len(rows), len(res.Pages))
		}
		col := slices.Index(rows[0], "Artık parçalar (cm)")
		rack := make([][]cutlist.Rect, len(res.Pages))
		for _, l := range nest.Leftovers(req, res, c.rules) {
			if len(rack[l.Page]) < c.max {
				rack[l.Page] = append(rack[l.Page], cutlist.Rect{X: l.X, Y: l.Y, Width: l.Width, Height: l.Height})
			}
		}
		for i, row := range rows[1:] {
			if want := cutlist.LeftoverText(rack[i]); row[col] != want {
				t.Errorf("%s, sheet %d: leftovers %q, the rack gets %q", c.options, i+1, row[col], want)
			}
		}
	}
	r := do(h, "POST", "/api/export/xlsx", `{"result":`+w.Body.String()+`,"options":{"rules":[{"minWidth":-1,"minHeight":10}]}}`)
	if r.Code != 400 || !strings.Contains(r.Body.String(), nest.MsgOffcutRuleSize) || !strings.Contains(r.Body.String(), `"options.rules[0].minWidth"`) {
		t.Errorf("a bad rule: %d %s; want 400 naming options.rules[0].minWidth", r.Code, r.Body)
	}
	// A value of the wrong type is named under options too.
	for opts, field := range map[string]string{
		`{"rules":[{"minWidth":"x","minHeight":10}]}`: "options.rules.minWidth",
		`{"maxLeftovers":"x"}`:                        "options.maxLeftovers",
		`{"rules":"x"}`:                               "options.rules",
		`"x"`:                                         "options",
	} {
		r := do(h, "POST", "/api/export/xlsx", `{"result":`+w.Body.String()+`,"options":`+opts+`}`)
		if r.Code != 400 || !strings.Contains(r.Body.String(), `"`+field+`"`) {
			t.Errorf("options %s: %d %s; want 400 naming %s", opts, r.Code, r.Body, field)
		}
	}
}

// The quote takes the job's name (options.job) and prints it under its
// title; a name over 200 characters is refused.
func TestExportQuoteJobName(t *testing.T) {
	h := newTestServer(t, nil)
	w := do(h, "POST", "/api/nest", `{"sheet":{"width":100,"height":148},"parts":[{"name":"Yan","width":60,"height":140,"quantity":2}],"options":{"timeLimitMs":0}}`)
	if w.Code != 200 {
		t.Fatalf("nest: %d %s", w.Code, w.Body)
	}
	r := do(h, "POST", "/api/export/quote", `{"result":`+w.Body.String()+`,"options":{"job":"Banyo dolabı Ayşe","sheetPrice":900}}`)
	if r.Code != 200 {
		t.Fatalf("quote: %d %s", r.Code, r.Body)
	}
	if pdftotext, err := exec.LookPath("pdftotext"); err == nil {
		file := filepath.Join(t.TempDir(), "teklif.pdf")
		if err := os.WriteFile(file, r.Body.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		text, err := exec.Command(pdftotext, file, "-").Output()
		if err != nil || !strings.Contains(string(text), "İş: Banyo dolabı Ayşe") {
			t.Errorf("the quote does not name its job (%v):\n%s", err, text)
		}
	}
	r = do(h, "POST", "/api/export/quote", `{"result":`+w.Body.String()+`,"options":{"job":"`+strings.Repeat("ş", 201)+`"}}`)
	if r.Code != 400 || !strings.Contains(r.Body.String(), "iş adı en fazla 200 karakter") {
		t.Errorf("a job name of 201 characters: %d %s", r.Code, r.Body)
	}
}

// cutSheetResult is a guillotine sheet whose cuts free C and D (right)
// before A and B (left): every paper numbers them C 1, D 2, A 3, B 4.
const cutSheetResult = `{"sheet":{"width":100,"height":100},"pages":[{"id":"page-0","efficiency":97,"parts":[
	{"id":"A","name":"Parça-A","x":0,"y":0,"width":50,"height":60},
	{"id":"B","name":"Parça-B","x":0,"y":60.4,"width":50,"height":39.6},
	{"id":"C","name":"Parça-C","x":50.4,"y":0,"width":49.6,"height":30},
	{"id":"D","name":"Parça-D","x":50.4,"y":30.4,"width":49.6,"height":69.6}],
	"cuts":[{"order":1,"x":50,"y":0,"length":100,"direction":"vertical"},
	{"order":2,"x":50.4,"y":30,"length":49.6,"direction":"horizontal"},
	{"order":3,"x":0,"y":60,"length":50,"direction":"horizontal"}]}]}`

// The cut list's No column numbers the pieces as the PDF does, with the
// request and without it.
func TestExportCutListNumbersAsThePDF(t *testing.T) {
	h := newTestServer(t, nil)
	for _, request := range []string{``, `,"request":{"sheet":{"width":100,"height":100},"options":{"kerf":0.4}}`} {
		r := do(h, "POST", "/api/export/csv", `{"result":`+cutSheetResult+request+`}`)
		if r.Code != 200 {
			t.Fatalf("csv: %d %s", r.Code, r.Body)
		}
		cr := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(r.Body.Bytes(), []byte("\uFEFF"))))
		cr.Comma = ';'
		rows, err := cr.ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, row := range rows {
			got = append(got, row[1]+row[2])
		}
		if want := []string{"NoEtiket no", "1C", "2D", "3A", "4B"}; !slices.Equal(got, want) {
			t.Errorf("request %q: No and Etiket no %v, want %v", request, got, want)
		}
	}
}

// Each bad cut list option is refused on its own field with its own
// message (they had one message for four ranges and no field), and so is
// a trim that leaves nothing of the sheet (it answered 200, "Verim 0").
func TestExportCutListOptionErrors(t *testing.T) {
	h := newTestServer(t, nil)
	sheet := `{"sheet":{"width":100,"height":100},"options":{"trim":%s}}`
	for _, kind := range []string{"xlsx", "csv", "sheets-csv"} {
		for _, c := range []struct{ request, options, field, msg string }{
			{``, `{"maxLeftovers":21}`, "options.maxLeftovers", cutlist.MsgMaxLeftovers},
			{``, `{"maxLeftovers":-1}`, "options.maxLeftovers", cutlist.MsgMaxLeftovers},
			{``, `{"minLeftover":-5}`, "options.minLeftover", cutlist.MsgMinLeftover},
			{fmt.Sprintf(sheet, "60"), `{}`, "request.options.trim", cutlist.MsgTrim},
			{fmt.Sprintf(sheet, "50"), `{}`, "request.options.trim", cutlist.MsgTrim},
			{fmt.Sprintf(sheet, "-1"), `{}`, "request.options.trim", cutlist.MsgTrim},
			// The engine rounds the trim up to 0,01 cm: 49,995 is 50, half the sheet.
			{fmt.Sprintf(sheet, "49.995"), `{}`, "request.options.trim", cutlist.MsgTrim},
			{`{"options":{"trim":10},"stock":[{"id":"s","width":300,"height":20}]}`, `{}`, "request.options.trim", cutlist.MsgTrim},
			{`{"options":{"kerf":50}}`, `{}`, "request.options.kerf", cutlist.MsgKerf},
		} {
			body := `{"result":` + cutSheetResult + `,"options":` + c.options
			if c.request != "" {
				body += `,"request":` + c.request
			}
			r := do(h, "POST", "/api/export/"+kind, body+`}`)
			var e struct {
				Error struct {
					Message string
					Fields  map[string]string
				}
			}
			if r.Code != 400 || json.Unmarshal(r.Body.Bytes(), &e) != nil || e.Error.Message != c.msg || len(e.Error.Fields) != 1 || e.Error.Fields[c.field] != c.msg {
				t.Errorf("%s %s %s: %d %s; want 400 %q on %s", kind, c.request, c.options, r.Code, r.Body, c.msg, c.field)
			}
		}
		// 0 means all the leftovers; a trim under half the sheet is fine.
		r := do(h, "POST", "/api/export/"+kind, `{"result":`+cutSheetResult+`,"options":{"maxLeftovers":0},"request":`+fmt.Sprintf(sheet, "0")+`}`)
		if r.Code != 200 {
			t.Errorf("%s, maxLeftovers 0: %d %s", kind, r.Code, r.Body)
		}
	}
}

// A cut job's cut list lists the leftovers its cut put on the rack
// (options.offcuts, the job's cutOffcuts) as they are, with their codes,
// whatever the rules; an empty list lists none; a bad one is named.
func TestExportCutListGivenOffcuts(t *testing.T) {
	h := newTestServer(t, nil)
	given := `[{"page":0,"x":0,"y":60.4,"width":20,"height":39.6,"code":"A-7"},{"page":0,"x":20,"y":60,"width":30,"height":40,"code":"A-8"}]`
	for _, c := range []struct{ options, want string }{
		{`{"offcuts":` + given + `,"rules":[{"minWidth":1,"minHeight":1}]}`, "A-8: 30 × 40; A-7: 20 × 39,6"},
		{`{"offcuts":[],"minLeftover":1}`, ""},
	} {
		r := do(h, "POST", "/api/export/sheets-csv", `{"result":`+cutSheetResult+`,"options":`+c.options+`}`)
		if r.Code != 200 {
			t.Fatalf("%s: %d %s", c.options, r.Code, r.Body)
		}
		cr := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(r.Body.Bytes(), []byte("\uFEFF"))))
		cr.Comma = ';'
		rows, err := cr.ReadAll()
		if err != nil || len(rows) != 2 {
			t.Fatalf("%s: %v, rows %v", c.options, err, rows)
		}
		if got := rows[1][slices.Index(rows[0], "Artık parçalar (cm)")]; got != c.want {
			t.Errorf("%s: leftovers %q, want %q", c.options, got, c.want)
		}
	}
	for opts, field := range map[string]string{
		`{"offcuts":[{"page":1,"x":0,"y":0,"width":10,"height":10,"code":"A-1"}]}`:                             "options.offcuts[0].page",
		`{"offcuts":[{"page":0,"x":0,"y":0,"width":0,"height":10,"code":"A-1"}]}`:                              "options.offcuts[0].width",
		`{"offcuts":[{"page":0,"x":0,"y":0,"width":10,"height":10,"code":"` + strings.Repeat("A", 41) + `"}]}`: "options.offcuts[0].code",
		`{"offcuts":[{"page":0,"x":0,"y":0,"width":10,"height":10,"code":"A-\u0000"}]}`:                        "options.offcuts[0].code",
		`{"offcuts":[{"page":0,"x":95,"y":0,"width":10,"height":10,"code":"A-1"}]}`:                            "options.offcuts[0].width",
		`{"offcuts":[{"page":0,"x":0,"y":0,"width":10,"height":100.5,"code":"A-1"}]}`:                          "options.offcuts[0].height",
		`{"offcuts":[null]}`:         "options.offcuts[0]",
		`{"rules":[{"minWidth":3}]}`: "options.rules[0].minHeight",
	} {
		r := do(h, "POST", "/api/export/xlsx", `{"result":`+cutSheetResult+`,"options":`+opts+`}`)
		if r.Code != 400 || !strings.Contains(r.Body.String(), `"`+field+`"`) {
			t.Errorf("options %s: %d %s; want 400 naming %s", opts, r.Code, r.Body, field)
		}
	}
}
