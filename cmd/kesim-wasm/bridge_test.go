//go:build !js

package main_test

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"kesim/nest"
)

// bridgeScript loads the module the way the web app's worker does and runs
// one layout, printing the result JSON.
const bridgeScript = `
const fs = require('node:fs');
globalThis.crypto ??= require('node:crypto').webcrypto;
(0, eval)(fs.readFileSync(process.argv[2], 'utf8'));
const go = new Go();
WebAssembly.instantiate(fs.readFileSync(process.argv[3]), go.importObject).then(async ({ instance }) => {
  go.run(instance);
  let reports = 0;
  // With a fifth argument the layout runs under an id and is cancelled at
  // its third progress report.
  const id = process.argv[5] ? 7 : undefined;
  const progress = () => {
    if (++reports === 3 && id) globalThis.kesimCancel(id);
  };
  try {
    const res = await globalThis.kesimLayout(fs.readFileSync(process.argv[4], 'utf8'), progress, id);
    console.log(JSON.stringify({ result: JSON.parse(res), reports }));
  } catch (e) {
    console.log(JSON.stringify({ error: e.message, reports }));
  }
  process.exit(0);
});
`

// TestBrowserEngineMatchesNative builds the WebAssembly module, runs it in
// Node.js (the same V8 as Chromium) and checks that, given a seed and an
// iteration budget, it returns exactly the layout the native engine does,
// and that errors reach JavaScript with their Turkish message.
func TestBrowserEngineMatchesNative(t *testing.T) {
	w := wasmInNode(t, "run.cjs", bridgeScript)
	node, wasm, wasmExec, script, dir := w.node, w.wasm, w.wasmExec, w.script, w.dir
	run := func(req string, cancel ...string) (out struct {
		Result  nest.Result
		Reports int
		Error   string
	}) {
		t.Helper()
		reqPath := filepath.Join(dir, "req.json")
		if err := os.WriteFile(reqPath, []byte(req), 0o644); err != nil {
			t.Fatal(err)
		}
		b, err := exec.Command(node, append([]string{script, wasmExec, wasm, reqPath}, cancel...)...).Output()
		if err != nil {
			t.Fatalf("node: %v", err)
		}
		if err := json.Unmarshal(b, &out); err != nil {
			t.Fatalf("%v: %s", err, b)
		}
		return out
	}

	req := nest.Request{Sheet: nest.Sheet{Width: 183, Height: 366}, Options: nest.Options{Iterations: 300, Seed: 7, Kerf: 0.4}}
	for i, size := range [][2]float64{{60, 45.5}, {33.3, 120}, {80, 80}, {12.5, 40}, {150, 30}, {20, 20}, {45, 72.5}} {
		req.Parts = append(req.Parts, nest.Part{ID: "p" + string(rune('a'+i)), Name: "Parça Ğ" + string(rune('a'+i)), Width: size[0], Height: size[1], Quantity: 3 + i})
	}
	// Free and guillotine: the guillotine search runs two searches in
	// turns, which must interleave the same way in the browser.
	for _, guillotine := range []bool{false, true} {
		req.Options.Guillotine = guillotine
		reqJSON, _ := json.Marshal(req)
		got := run(string(reqJSON))
		if got.Error != "" {
			t.Fatalf("browser engine failed: %s", got.Error)
		}
		want, err := nest.Layout(context.Background(), req, nil)
		if err != nil {
			t.Fatal(err)
		}
		got.Result.Stats.ElapsedMs, want.Stats.ElapsedMs = 0, 0
		if !reflect.DeepEqual(got.Result, want) {
			t.Errorf("guillotine %v: the browser's layout differs from the native one:\n%+v\n%+v", guillotine, got.Result.Stats, want.Stats)
		}
		if err := nest.Verify(req, got.Result); err != nil {
			t.Error(err)
		}
		if got.Reports == 0 {
			t.Error("no progress reached JavaScript")
		}
	}

	// A layout cancelled by the app ends at once with errCancelled, though
	// it had a layout and a minute to improve it: the page has moved on.
	req.Options.Iterations, req.Options.TimeLimitMs = 0, 60000
	reqJSON, _ := json.Marshal(req)
	if got := run(string(reqJSON), "cancel"); got.Error != "Hesaplama iptal edildi." {
		t.Errorf("cancelled layout: error %q after %d reports, want the cancel's error", got.Error, got.Reports)
	}

	bad := run(`{"sheet":{"width":100,"height":148},"parts":[{"name":"A","width":-1,"height":5,"quantity":1}]}`)
	if bad.Error != "1. parça (A): Lütfen geçerli pozitif değerler girin!" {
		t.Errorf("error reached JavaScript as %q", bad.Error)
	}
}

// exportScript loads the module and calls the exporters on the result in
// argv[4] with the options in argv[5], printing what came back: the bytes
// in base64 and the file names, or the error.
const exportScript = `
const fs = require('node:fs');
globalThis.crypto ??= require('node:crypto').webcrypto;
(0, eval)(fs.readFileSync(process.argv[2], 'utf8'));
const go = new Go();
WebAssembly.instantiate(fs.readFileSync(process.argv[3]), go.importObject).then(async ({ instance }) => {
  go.run(instance);
  const res = fs.readFileSync(process.argv[4], 'utf8');
  const opt = fs.readFileSync(process.argv[5], 'utf8');
  const out = { pdfName: globalThis.kesimFileName(res, 'pdf'), dxfName: globalThis.kesimFileName(res, 'dxf') };
  for (const [key, fn] of [['pdf', globalThis.kesimPDF], ['dxf', globalThis.kesimDXF]]) {
    try {
      out[key] = Buffer.from(await fn(res, opt)).toString('base64');
    } catch (e) {
      out[key + 'Error'] = e.message;
    }
  }
  console.log(JSON.stringify(out));
  process.exit(0);
});
`

// TestBrowserExports runs the exporters of the WebAssembly module in
// Node.js: a result of several materials gives a zip of one DXF per
// material under a ".zip" name and a PDF naming the stock rows given in the
// options; a result of one sheet size gives one DXF as before; bad stock in
// the options is refused with a Turkish message.
func TestBrowserExports(t *testing.T) {
	w := wasmInNode(t, "export.cjs", exportScript)
	node, wasm, wasmExec, script, dir := w.node, w.wasm, w.wasmExec, w.script, w.dir
	type answer struct {
		PDF, DXF           []byte
		PDFError, DXFError string
		PDFName, DXFName   string
	}
	call := func(res nest.Result, opt any) (a answer) {
		t.Helper()
		resJSON, _ := json.Marshal(res)
		optJSON, _ := json.Marshal(opt)
		resPath, optPath := filepath.Join(dir, "res.json"), filepath.Join(dir, "opt.json")
		os.WriteFile(resPath, resJSON, 0o644)
		os.WriteFile(optPath, optJSON, 0o644)
		b, err := exec.Command(node, script, wasmExec, wasm, resPath, optPath).Output()
		if err != nil {
			t.Fatalf("node: %v", err)
		}
		if err := json.Unmarshal(b, &a); err != nil {
			t.Fatalf("%v: %s", err, b)
		}
		return a
	}

	shelf := []nest.Placed{{ID: "p0-0", Name: "Raf Ş", Width: 80, Height: 30, Edges: &nest.Edges{Top: "B1"}}}
	multi := nest.Result{
		Sheet: nest.Sheet{Width: 183, Height: 366},
		Pages: []nest.Page{
			{ID: "page-0", StockID: "s1", Material: "Beyaz Sunta", Thickness: 18, Width: 183, Height: 366, Parts: shelf},
			{ID: "page-1", StockID: "s2", Material: "Ceviz MDF", Thickness: 18, Width: 210, Height: 280, Parts: shelf},
		},
		Used: []nest.StockCount{{StockID: "s1", Quantity: 1}, {StockID: "s2", Quantity: 1}},
	}
	opt := map[string]any{
		"title": "Mutfak",
		"stock": []nest.Stock{{ID: "s1", Name: "Beyaz büyük", Material: "Beyaz Sunta", Thickness: 18, Width: 183, Height: 366, Price: 1450}},
		"bands": []nest.Band{{Code: "B1", Name: "PVC beyaz", Price: 6.5}},
	}
	a := call(multi, opt)
	if a.PDFError != "" || a.DXFError != "" {
		t.Fatalf("exports failed: %q, %q", a.PDFError, a.DXFError)
	}
	if !strings.HasSuffix(a.DXFName, ".zip") || !strings.HasSuffix(a.PDFName, ".pdf") {
		t.Errorf("file names %q and %q, want a .pdf and a .zip", a.PDFName, a.DXFName)
	}
	z, err := zip.NewReader(bytes.NewReader(a.DXF), int64(len(a.DXF)))
	if err != nil {
		t.Fatalf("the DXF of two materials is not a zip: %v", err)
	}
	var names []string
	for _, f := range z.File {
		names = append(names, f.Name)
	}
	if strings.Join(names, " ") != "beyaz-sunta-18mm.dxf ceviz-mdf-18mm.dxf" {
		t.Errorf("zip holds %q", names)
	}
	if !bytes.HasPrefix(a.PDF, []byte("%PDF-")) {
		t.Error("kesimPDF gave no PDF")
	}

	one := nest.Result{Sheet: nest.Sheet{Width: 100, Height: 148}, Pages: []nest.Page{{ID: "page-0", Parts: shelf[:1]}}}
	one.Pages[0].Parts = []nest.Placed{{ID: "p0-0", Name: "Raf", Width: 80, Height: 30}}
	a = call(one, map[string]any{})
	if !strings.HasSuffix(a.DXFName, ".dxf") || !bytes.Contains(a.DXF, []byte("AC1015")) || bytes.HasPrefix(a.DXF, []byte("PK")) {
		t.Errorf("one sheet size: %q and %d bytes, want one DXF file", a.DXFName, len(a.DXF))
	}

	// The address of a saved job reaches the PDF writer: a good one gives a
	// PDF, a bad one the writer's Turkish error.
	if a = call(one, map[string]any{"sheetUrl": "https://kesim.local/is/1/levha/"}); a.PDFError != "" || !bytes.HasPrefix(a.PDF, []byte("%PDF-")) {
		t.Errorf("a sheet address: %q", a.PDFError)
	}
	if a = call(one, map[string]any{"sheetUrl": "kesim.local/is/1"}); !strings.Contains(a.PDFError, "Levha adresi http:// ya da https://") {
		t.Errorf("a bad sheet address: error %q", a.PDFError)
	}

	a = call(multi, map[string]any{"stock": []nest.Stock{{ID: "s1", Price: 2e9}}})
	if !strings.Contains(a.PDFError, "Fiyat 0 ile 1.000.000.000 TL") || !strings.Contains(a.DXFError, "Fiyat") {
		t.Errorf("a price of 2e9 TL: errors %q and %q", a.PDFError, a.DXFError)
	}
}
