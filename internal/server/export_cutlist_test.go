package server

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
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
