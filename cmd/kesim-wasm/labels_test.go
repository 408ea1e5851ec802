//go:build !js

package main_test

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
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
// piece, a Turkish error for an unknown preset, and 3,000 labels within the
// issue's target of 2 s (checked against 4 s here, as the test machine is
// shared; the time is logged).
func TestBrowserLabels(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("node is needed for the WebAssembly test")
		}
		t.Skip("node not found: the WebAssembly labels test is skipped")
	}
	dir := t.TempDir()
	wasm := filepath.Join(dir, "engine.wasm")
	build := exec.Command("go", "build", "-o", wasm, ".")
	build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building the module: %v\n%s", err, out)
	}
	script := filepath.Join(dir, "labels.cjs")
	if err := os.WriteFile(script, []byte(labelsScript), 0o644); err != nil {
		t.Fatal(err)
	}
	wasmExec := filepath.Join(runtime.GOROOT(), "lib", "wasm", "wasm_exec.js")
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

	big := grid(3000, 280, 207)
	a := call(big, nil, map[string]any{"job": "Büyük iş"})
	if a.Error != "" || a.Pages != 125 {
		t.Fatalf("3,000 labels: %+v, want 125 pages", a)
	}
	t.Logf("3.000 etiket in WebAssembly: %v ms (first call, second call), %d bytes", a.MS, a.Bytes)
	if a.MS[0] > 4000 {
		t.Errorf("3,000 labels took %d ms (first call), want under 2 s (4 s on a busy machine)", a.MS[0])
	}
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
