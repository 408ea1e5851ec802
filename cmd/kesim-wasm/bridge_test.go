//go:build !js

package main_test

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"runtime"
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
	node, err := exec.LookPath("node")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("node is needed for the WebAssembly test")
		}
		t.Skip("node not found: the WebAssembly bridge test is skipped")
	}
	dir := t.TempDir()
	wasm := filepath.Join(dir, "engine.wasm")
	build := exec.Command("go", "build", "-o", wasm, ".")
	build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building the module: %v\n%s", err, out)
	}
	script := filepath.Join(dir, "run.cjs")
	if err := os.WriteFile(script, []byte(bridgeScript), 0o644); err != nil {
		t.Fatal(err)
	}
	wasmExec := filepath.Join(runtime.GOROOT(), "lib", "wasm", "wasm_exec.js")
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
