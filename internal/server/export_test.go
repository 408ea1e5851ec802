package server

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
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
		{"pdf", body(`{"sheetUrl":"kesim.local/is/1"}`), 400, "Levha adresi http:// ya da https://"},
		{"labels", body(`{"sheetUrl":"https://levha/"}`), 400, "Levha adresi http:// ya da https://"},
		{"labels", body(`{"sheetUrl":"https://k.local/is/` + strings.Repeat("1", 500) + `"}`), 400, "en fazla 500 karakter"},
	} {
		r := do(h, "POST", "/api/export/"+c.kind, c.body)
		if r.Code != c.code || !strings.Contains(r.Body.String(), c.want) {
			t.Errorf("%s %.60s: %d %s, want %d with %q", c.kind, c.body, r.Code, r.Body, c.code, c.want)
		}
	}
}

// The options' sheetUrl, the address of a saved job, puts the QR code of
// each sheet's checklist on the PDF's sheet pages and on the labels.
func TestExportSheetURL(t *testing.T) {
	pdftoppm, err1 := exec.LookPath("pdftoppm")
	zbarimg, err2 := exec.LookPath("zbarimg")
	if err1 != nil || err2 != nil {
		t.Skip("pdftoppm (poppler-utils) or zbarimg (zbar-tools) not installed")
	}
	h := newTestServer(t, nil)
	w := do(h, "POST", "/api/nest", `{"sheet":{"width":100,"height":148},"parts":[{"name":"Yan","width":60,"height":140,"quantity":2}],"options":{"timeLimitMs":0}}`)
	if w.Code != 200 {
		t.Fatalf("nest: %d %s", w.Code, w.Body)
	}
	for _, kind := range []string{"pdf", "labels"} {
		r := do(h, "POST", "/api/export/"+kind, `{"result":`+w.Body.String()+`,"options":{"sheetUrl":"http://192.168.1.20:8080/is/lay-9/levha/"}}`)
		if r.Code != 200 {
			t.Fatalf("%s: %d %s", kind, r.Code, r.Body)
		}
		dir := t.TempDir()
		file := filepath.Join(dir, "f.pdf")
		if err := os.WriteFile(file, r.Body.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		if out, err := exec.Command(pdftoppm, "-png", "-r", "200", file, filepath.Join(dir, "p")).CombinedOutput(); err != nil {
			t.Fatalf("pdftoppm: %v %s", err, out)
		}
		pngs, _ := filepath.Glob(filepath.Join(dir, "p-*.png"))
		out, _ := exec.Command(zbarimg, append([]string{"-q", "--raw", "-Sdisable", "-Sqrcode.enable"}, pngs...)...).Output()
		codes := strings.Fields(string(out))
		slices.Sort(codes)
		got := strings.Join(codes, " ")
		if want := "http://192.168.1.20:8080/is/lay-9/levha/1 http://192.168.1.20:8080/is/lay-9/levha/2"; got != want {
			t.Errorf("%s: decoded %q, want %q", kind, got, want)
		}
	}
}

// The PDF takes the request's options it prints by: with deductBands and
// banded parts its lists are headed with cut sizes, as kesim nest's; without
// the request it cannot know, and keeps the plain heading.
func TestExportPDFRequestOptions(t *testing.T) {
	pdftotext, err := exec.LookPath("pdftotext")
	if err != nil {
		t.Skip("pdftotext (poppler-utils) not installed")
	}
	h := newTestServer(t, nil)
	reqJSON := `{"sheet":{"width":183,"height":366},"bands":[{"code":"B1","thickness":1}],
		"parts":[{"name":"Yan","width":56,"height":72,"quantity":2,"edges":{"top":"B1"}}],
		"options":{"timeLimitMs":0,"deductBands":true,"kerf":0.4,"guillotine":true}}`
	w := do(h, "POST", "/api/nest", reqJSON)
	if w.Code != 200 {
		t.Fatalf("nest: %d %s", w.Code, w.Body)
	}
	text := func(body string) string { return exportedPDFText(t, h, pdftotext, body) }
	if got := text(`{"result":` + w.Body.String() + `,"request":` + reqJSON + `}`); !strings.Contains(got, "Kesim ölçüsü (cm)") {
		t.Errorf("with the request: no cut-size heading in\n%s", got)
	}
	if got := text(`{"result":` + w.Body.String() + `}`); strings.Contains(got, "Kesim ölçüsü (cm)") {
		t.Errorf("without the request: a cut-size heading in\n%s", got)
	}
}

// A result of more pieces than the server lays out in one request is
// refused before any file is built (the file is built in memory), with
// the server's limit in the message; one of as many is written.
func TestExportAPIPieceLimit(t *testing.T) {
	h := New(Config{Store: newTestStore(t), NestMaxPieces: 3})
	w := do(h, "POST", "/api/nest", `{"sheet":{"width":100,"height":100},"parts":[{"name":"a","width":10,"height":10,"quantity":3}],"options":{"timeLimitMs":0}}`)
	if w.Code != 200 {
		t.Fatalf("nest: %d %s", w.Code, w.Body)
	}
	var res nest.Result
	if err := json.Unmarshal(w.Body.Bytes(), &res); err != nil {
		t.Fatal(err)
	}
	if r := do(h, "POST", "/api/export/dxf", `{"result":`+w.Body.String()+`}`); r.Code != 200 {
		t.Errorf("3 pieces with a limit of 3: %d %s", r.Code, r.Body)
	}
	res.Pages[0].Parts = append(res.Pages[0].Parts, res.Pages[0].Parts[0])
	b, _ := json.Marshal(map[string]any{"result": res})
	r := do(h, "POST", "/api/export/dxf", string(b))
	var e errorBody
	json.Unmarshal(r.Body.Bytes(), &e)
	if r.Code != 413 || e.Error.Message != "Bu sunucuda bir dosyaya en fazla 3 parça yazılabilir." {
		t.Errorf("4 pieces with a limit of 3: %d %s", r.Code, r.Body)
	}
}

// exportedPDFText is the text (pdftotext -raw) of the PDF that
// POST /api/export/pdf writes from body.
func exportedPDFText(t *testing.T, h http.Handler, pdftotext, body string) string {
	t.Helper()
	r := do(h, "POST", "/api/export/pdf", body)
	if r.Code != 200 {
		t.Fatalf("pdf: %d %s", r.Code, r.Body)
	}
	file := filepath.Join(t.TempDir(), "f.pdf")
	if err := os.WriteFile(file, r.Body.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(pdftotext, "-raw", file, "-").Output()
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}

// A page without pieces counts as one piece against the limit: every page
// is drawn (a DXF page is about 7 KB), so a body of empty pages, which no
// layout has, made files and memory a hundred times its size.
func TestExportAPIEmptyPagesCount(t *testing.T) {
	h := New(Config{Store: newTestStore(t), NestMaxPieces: 3})
	page := func(parts string) string { return `{"id":"page-0","parts":[` + parts + `]}` }
	piece := `{"id":"p1-0","name":"a","x":0,"y":0,"width":10,"height":10}`
	body := func(pages ...string) string {
		return `{"result":{"sheet":{"width":100,"height":100},"pages":[` + strings.Join(pages, ",") + `]}}`
	}
	for _, kind := range []string{"dxf", "pdf"} {
		if r := do(h, "POST", "/api/export/"+kind, body(page(piece), page(""), page(""))); r.Code != 200 {
			t.Errorf("%s: a piece and two empty pages with a limit of 3: %d %s", kind, r.Code, r.Body)
		}
		r := do(h, "POST", "/api/export/"+kind, body(page(piece), page(""), page(""), page("")))
		var e errorBody
		json.Unmarshal(r.Body.Bytes(), &e)
		if r.Code != 413 || e.Error.Message != "Bu sunucuda bir dosyaya en fazla 3 parça yazılabilir." || e.Error.Fields["result"] == "" {
			t.Errorf("%s: a piece and three empty pages with a limit of 3: %d %s", kind, r.Code, r.Body)
		}
	}
}
