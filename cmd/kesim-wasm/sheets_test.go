//go:build !js

package main_test

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"kesim/nest"
)

// sheetsScript calls the function named by its first argument on the files
// named by the others, twice, printing the first bytes, the size, both
// times and any error.
const sheetsScript = `
const fs = require('node:fs');
globalThis.crypto ??= require('node:crypto').webcrypto;
(0, eval)(fs.readFileSync(process.argv[2], 'utf8'));
const go = new Go();
WebAssembly.instantiate(fs.readFileSync(process.argv[3]), go.importObject).then(async ({ instance }) => {
  go.run(instance);
  const fn = process.argv[4];
  const args = process.argv.slice(5).map(p => p === '-' ? undefined : fs.readFileSync(p, 'utf8'));
  const out = { ms: [] };
  try {
    for (let i = 0; i < 2; i++) {
      const t = performance.now();
      const b = await globalThis[fn](...args);
      out.ms.push(Math.round(performance.now() - t));
      out.bytes = b.length;
      out.head = Buffer.from(b.subarray(0, 5)).toString('latin1');
      out.text = Buffer.from(b).toString('utf8').slice(0, 300);
    }
  } catch (e) {
    out.error = e.message;
  }
  console.log(JSON.stringify(out));
  process.exit(0);
});
`

// TestBrowserSheets runs the cut list and quote exports of the
// WebAssembly module in Node.js: xlsx (a zip), the CSVs (BOM, ";"), the
// quote PDF and CSV, Turkish errors for bad options, and the xlsx of 3,000
// pieces (its time logged; BenchmarkXLSX3000 of export/cutlist times it).
func TestBrowserSheets(t *testing.T) {
	w := wasmInNode(t, "sheets.cjs", sheetsScript)
	node, wasm, wasmExec, script, dir := w.node, w.wasm, w.wasmExec, w.script, w.dir
	type answer struct {
		MS    []int
		Bytes int
		Head  string
		Text  string
		Error string
	}
	n := 0
	call := func(fn string, vals ...any) (a answer) {
		t.Helper()
		args := []string{script, wasmExec, wasm, fn}
		for _, v := range vals {
			if v == nil {
				args = append(args, "-")
				continue
			}
			n++
			b, _ := json.Marshal(v)
			path := filepath.Join(dir, strings.Repeat("a", n)+".json")
			if err := os.WriteFile(path, b, 0o644); err != nil {
				t.Fatal(err)
			}
			args = append(args, path)
		}
		b, err := exec.Command(node, args...).Output()
		if err != nil {
			t.Fatalf("node: %v", err)
		}
		if err := json.Unmarshal(b, &a); err != nil {
			t.Fatalf("%v: %s", err, b)
		}
		return a
	}

	res := grid(30, 100, 148)
	if a := call("kesimXLSX", res, map[string]any{}); a.Error != "" || !strings.HasPrefix(a.Head, "PK") {
		t.Errorf("kesimXLSX: %+v", a)
	}
	if a := call("kesimCutCSV", res, map[string]any{}); a.Error != "" || !strings.HasPrefix(a.Text, "\uFEFFSayfa;No;Etiket no;") {
		t.Errorf("kesimCutCSV: %+v", a)
	}
	if a := call("kesimSheetsCSV", res, map[string]any{}); a.Error != "" || !strings.HasPrefix(a.Text, "\uFEFFSayfa;Stok satırı;") {
		t.Errorf("kesimSheetsCSV: %+v", a)
	}
	if a := call("kesimCutCSV", res, map[string]any{"minLeftover": -3}); !strings.Contains(a.Error, "Kesim listesi seçenekleri geçersiz") {
		t.Errorf("bad leftover size: %+v", a)
	}
	// The sheets' leftovers keep the kerf from the parts, as the rack's
	// offcuts (nest.Leftovers): a 60 cm part on a 100 cm sheet leaves
	// 39,5 cm beyond a 0,5 cm kerf; bad rules get their Turkish message.
	one := nest.Result{Sheet: nest.Sheet{Width: 100, Height: 100}, Pages: []nest.Page{{Parts: []nest.Placed{{ID: "y", Name: "Yan", Width: 60, Height: 100}}}}}
	if a := call("kesimSheetsCSV", one, map[string]any{"kerf": 0.5}); a.Error != "" || !strings.Contains(a.Text, ";39,5 × 100;3950") {
		t.Errorf("kesimSheetsCSV with a kerf: %+v", a)
	}
	if a := call("kesimSheetsCSV", one, map[string]any{"kerf": 0.5, "rules": []nest.OffcutRule{{MinWidth: 40, MinHeight: 40}}}); a.Error != "" || strings.Contains(a.Text, "39,5") {
		t.Errorf("kesimSheetsCSV with a rule of 40 cm: %+v", a)
	}
	if a := call("kesimSheetsCSV", one, map[string]any{"rules": []map[string]any{{"minWidth": -1}}}); a.Error != nest.MsgOffcutRuleSize {
		t.Errorf("bad rule: %+v", a)
	}
	qopt := map[string]any{"factory": "Özgür Ağaç", "sheetPrice": 1450, "cutPerMetre": 5}
	if a := call("kesimQuotePDF", res, nil, map[string]any{"job": strings.Repeat("ş", 201)}); !strings.Contains(a.Error, "iş adı en fazla 200") {
		t.Errorf("a job name of 201 characters: %+v", a)
	}
	if a := call("kesimQuotePDF", res, nil, qopt); a.Error != "" || a.Head != "%PDF-" {
		t.Errorf("kesimQuotePDF: %+v", a)
	}
	if a := call("kesimQuoteCSV", res, nil, qopt); a.Error != "" || !strings.Contains(a.Text, "KDV;20;%;") {
		t.Errorf("kesimQuoteCSV (KDV 20 %% by default): %+v", a)
	}
	if a := call("kesimQuoteCSV", res, nil, map[string]any{"kdvPct": 150}); !strings.Contains(a.Error, "KDV oranı") {
		t.Errorf("KDV 150 %%: %+v", a)
	}
	if a := call("kesimQuoteCSV", "{", nil, qopt); a.Error == "" {
		t.Errorf("broken result JSON: %+v", a)
	}

	big := grid(3000, 280, 207)
	a := call("kesimXLSX", big, map[string]any{"stock": []nest.Stock{}})
	if a.Error != "" || !strings.HasPrefix(a.Head, "PK") {
		t.Fatalf("3,000 pieces: %+v", a)
	}
	// The time is logged, not asserted: the 1 s is a speed target,
	// which lives in a benchmark (BenchmarkXLSX3000 of export/cutlist), and a
	// test timed on a shared machine fails under load.
	t.Logf("xlsx of 3.000 parça in WebAssembly: %v ms (first call, second call), %d bytes", a.MS, a.Bytes)
}
