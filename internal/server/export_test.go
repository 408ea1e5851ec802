package server

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"kesim/nest"
)

// POST /api/export/{kind} writes every file the web app and kesim nest
// write, from a layout the server laid out: a PDF, a DXF (a zip of one per
// material with several materials), the labels, the cut list for Excel and
// as CSV, and the quote; a bad kind, body or option gets its Turkish error.
func TestExportAPI(t *testing.T) {
	h := newTestServer(t, nil)
	reqJSON := `{"sheet":{"width":183,"height":366},
		"stock":[{"id":"b","material":"Beyaz","thickness":18,"width":183,"height":366,"price":1450},
		         {"id":"c","material":"Ceviz","thickness":18,"width":183,"height":366,"price":2100}],
		"bands":[{"code":"B1","thickness":0.8,"price":6.5}],
		"parts":[{"name":"Yan","width":56,"height":72,"quantity":4,"material":"Beyaz","thickness":18,"edges":{"top":"B1"}},
		         {"name":"Kapak","width":40,"height":70,"quantity":2,"material":"Ceviz","thickness":18}],
		"options":{"timeLimitMs":0}}`
	w := do(h, "POST", "/api/nest", reqJSON)
	if w.Code != 200 {
		t.Fatalf("nest: %d %s", w.Code, w.Body)
	}
	var res nest.Result
	if err := json.Unmarshal(w.Body.Bytes(), &res); err != nil {
		t.Fatal(err)
	}
	body := func(options string) string {
		return `{"result":` + w.Body.String() + `,"request":` + reqJSON + `,"options":` + options + `}`
	}
	for _, c := range []struct{ kind, options, contentType, magic string }{
		{"pdf", `{"title":"Mutfak"}`, "application/pdf", "%PDF-"},
		{"dxf", `null`, "application/zip", "PK"},
		{"labels", `{"preset":"roll-100x50","job":"Ayşe"}`, "application/pdf", "%PDF-"},
		{"xlsx", `{}`, "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "PK"},
		{"csv", `{}`, "text/csv; charset=utf-8", "\uFEFF"},
		{"sheets-csv", `{}`, "text/csv; charset=utf-8", "\uFEFF"},
		{"quote", `{"factory":"Usta","kdvPct":20,"marginPct":10}`, "application/pdf", "%PDF-"},
		{"quote-csv", `{"kdvPct":18}`, "text/csv; charset=utf-8", "\uFEFF"},
	} {
		r := do(h, "POST", "/api/export/"+c.kind, body(c.options))
		if r.Code != 200 || r.Header().Get("Content-Type") != c.contentType || !bytes.HasPrefix(r.Body.Bytes(), []byte(c.magic)) {
			t.Errorf("%s: %d %q %q", c.kind, r.Code, r.Header().Get("Content-Type"), r.Body.Bytes()[:min(r.Body.Len(), 60)])
		}
		if c.kind == "dxf" {
			zr, err := zip.NewReader(bytes.NewReader(r.Body.Bytes()), int64(r.Body.Len()))
			if err != nil || len(zr.File) != len(res.Materials) {
				t.Errorf("dxf zip: %v, want one file per material (%d)", err, len(res.Materials))
			}
			if !strings.HasSuffix(r.Header().Get("Content-Disposition"), `.zip"`) {
				t.Errorf("dxf zip named %q", r.Header().Get("Content-Disposition"))
			}
		}
	}

	for _, c := range []struct {
		kind, body string
		code       int
		want       string
	}{
		{"odt", body(`{}`), 404, "Bilinmeyen dosya türü"},
		{"pdf", `{"request":{}}`, 400, "result"},
		{"pdf", `{"result":` + w.Body.String() + `,"options":{"title":5}}`, 400, "geçerli"},
		{"labels", body(`{"preset":"a5"}`), 400, "Bilinmeyen etiket düzeni"},
		{"quote", body(`{"kdvPct":150}`), 400, "KDV"},
		{"pdf", `{"result":{"sheet":{"width":100,"height":100},"pages":[],"skipped":[],"stats":{}}}`, 400, "parça bulunamadı"},
		{"pdf", `{"result":`, 400, "JSON"},
	} {
		r := do(h, "POST", "/api/export/"+c.kind, c.body)
		if r.Code != c.code || !strings.Contains(r.Body.String(), c.want) {
			t.Errorf("%s %.60s: %d %s, want %d with %q", c.kind, c.body, r.Code, r.Body, c.code, c.want)
		}
	}
}
