//go:build !js

package main_test

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"kesim/nest"
)

// labelsScript loads the module as the worker does and calls kesimLabels
// on the files named by its arguments, twice (the first call also compiles
// the code V8 optimises), printing the PDF's size, its page count, both
// times and any error.
const labelsScript = `
const fs = require('node:fs');
globalThis.crypto ??= require('node:crypto').webcrypto;
(0, eval)(fs.readFileSync(process.argv[2], 'utf8'));
const go = new Go();
WebAssembly.instantiate(fs.readFileSync(process.argv[3]), go.importObject).then(async ({ instance }) => {
  go.run(instance);
  const res = fs.readFileSync(process.argv[4], 'utf8');
  const req = process.argv[5] === '-' ? undefined : fs.readFileSync(process.argv[5], 'utf8');
  const opt = fs.readFileSync(process.argv[6], 'utf8');
  const out = { ms: [] };
  try {
    for (let i = 0; i < 2; i++) {
      const t = performance.now();
      const pdf = await globalThis.kesimLabels(res, req, opt);
      out.ms.push(Math.round(performance.now() - t));
      out.bytes = pdf.length;
      out.pages = (Buffer.from(pdf).toString('latin1').match(/\/Type \/Page\n/g) || []).length;
      out.pdf = Buffer.from(pdf.subarray(0, 5)).toString('latin1');
    }
  } catch (e) {
    out.error = e.message;
  }
  console.log(JSON.stringify(out));
  process.exit(0);
});
`

// TestBrowserLabels runs kesimLabels of the WebAssembly module in Node.js
// (the V8 of Chromium): labels with and without the request, one label per
// piece, a Turkish error for an unknown preset or sheet address, and
// 3,000 labels (125 pages; the time is logged).
func TestBrowserLabels(t *testing.T) {
	w := wasmInNode(t, "labels.cjs", labelsScript)
	node, wasm, wasmExec, script, dir := w.node, w.wasm, w.wasmExec, w.script, w.dir
	type answer struct {
		MS    []int
		Bytes int
		Pages int
		PDF   string
		Error string
	}
	call := func(res nest.Result, req *nest.Request, opt any) (a answer) {
		t.Helper()
		write := func(name string, v any) string {
			b, _ := json.Marshal(v)
			path := filepath.Join(dir, name)
			if err := os.WriteFile(path, b, 0o644); err != nil {
				t.Fatal(err)
			}
			return path
		}
		reqPath := "-"
		if req != nil {
			reqPath = write("req.json", req)
		}
		b, err := exec.Command(node, script, wasmExec, wasm, write("res.json", res), reqPath, write("opt.json", opt)).Output()
		if err != nil {
			t.Fatalf("node: %v", err)
		}
		if err := json.Unmarshal(b, &a); err != nil {
			t.Fatalf("%v: %s", err, b)
		}
		return a
	}

	req := &nest.Request{Sheet: nest.Sheet{Width: 100, Height: 148}, Parts: []nest.Part{
		{ID: "raf", Name: "Raf Ş", Width: 80, Height: 30, Quantity: 3, Grain: nest.GrainVertical},
	}}
	res := grid(3, 100, 148)
	for _, c := range []struct {
		name  string
		req   *nest.Request
		opt   any
		pages int
	}{
		{"a4-3x8 with the request", req, map[string]any{"job": "Mutfak Ş"}, 1},
		{"roll without the request", nil, map[string]any{"preset": "roll-100x50"}, 3},
	} {
		a := call(res, c.req, c.opt)
		if a.Error != "" || a.PDF != "%PDF-" || a.Pages != c.pages {
			t.Errorf("%s: %+v, want a PDF of %d pages", c.name, a, c.pages)
		}
	}
	if a := call(res, nil, map[string]any{"preset": "a5"}); !strings.Contains(a.Error, "Bilinmeyen etiket düzeni") {
		t.Errorf("an unknown preset: error %q", a.Error)
	}
	// The address of a saved job reaches the labels' writer.
	if a := call(res, nil, map[string]any{"sheetUrl": "https://kesim.local/is/1"}); a.Error != "" || a.Pages != 1 {
		t.Errorf("a sheet address: %+v", a)
	}
	if a := call(res, nil, map[string]any{"sheetUrl": "https://kesim.local/is/1?x"}); !strings.Contains(a.Error, "Levha adresi") {
		t.Errorf("a bad sheet address: error %q", a.Error)
	}

	big := grid(3000, 280, 207)
	a := call(big, nil, map[string]any{"job": "Büyük iş"})
	if a.Error != "" || a.Pages != 125 {
		t.Fatalf("3,000 labels: %+v, want 125 pages", a)
	}
	// The time is logged, not asserted: on a shared machine it says
	// nothing (BenchmarkWrite3000 of package labels measures the writer).
	t.Logf("3.000 etiket in WebAssembly: %v ms (first call, second call), %d bytes", a.MS, a.Bytes)
}

// grid is a layout of n parts of 20 x 10 cm in rows on w x h sheets.
func grid(n int, w, h float64) nest.Result {
	res := nest.Result{Sheet: nest.Sheet{Width: w, Height: h}}
	perRow, rows := int(w/20), int(h/10)
	for i := range n {
		slot := i % (perRow * rows)
		if slot == 0 {
			res.Pages = append(res.Pages, nest.Page{ID: fmt.Sprintf("page-%d", len(res.Pages))})
		}
		pg := &res.Pages[len(res.Pages)-1]
		pg.Parts = append(pg.Parts, nest.Placed{ID: fmt.Sprintf("raf-%d", i), Name: "Raf Ş",
			X: float64(slot%perRow) * 20, Y: float64(slot/perRow) * 10, Width: 20, Height: 10})
	}
	res.Stats = nest.Stats{Pages: len(res.Pages), Placed: n}
	return res
}
