//go:build !js

package main_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"kesim/nest"
)

// shareScript runs a layout under id 11 and, at its first progress report,
// gives it the layout in argv[5] through kesimShare, as the page does when
// another worker finds a layout with fewer sheets.
const shareScript = `
const fs = require('node:fs');
globalThis.crypto ??= require('node:crypto').webcrypto;
(0, eval)(fs.readFileSync(process.argv[2], 'utf8'));
const go = new Go();
WebAssembly.instantiate(fs.readFileSync(process.argv[3]), go.importObject).then(async ({ instance }) => {
  go.run(instance);
  const shared = process.argv[5] ? fs.readFileSync(process.argv[5], 'utf8') : '';
  let sent = false;
  const progress = () => {
    if (shared && !sent) {
      sent = true;
      globalThis.kesimShare(11, shared);
    }
  };
  try {
    console.log(await globalThis.kesimLayout(fs.readFileSync(process.argv[4], 'utf8'), progress, 11));
  } catch (e) {
    console.log(JSON.stringify({ error: e.message }));
  }
  process.exit(0);
});
`

// TestBrowserEngineTakesSharedLayouts: a layout in the browser engine that
// is given another worker's layout of fewer sheets ends with no more
// sheets than it, and one that is given none ends as the native engine.
func TestBrowserEngineTakesSharedLayouts(t *testing.T) {
	w := wasmInNode(t, "share.cjs", shareScript)
	rng := rand.New(rand.NewPCG(4, 3))
	req := nest.Request{Sheet: nest.Sheet{Width: 100, Height: 100}, Options: nest.Options{Seed: 1, Iterations: 3000}}
	for i := range 40 {
		req.Parts = append(req.Parts, nest.Part{ID: fmt.Sprint("q", i), Width: float64(10 + rng.IntN(45)), Height: float64(10 + rng.IntN(45)), Quantity: 1})
	}
	long, err := nest.Layout(context.Background(), req, nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Options.Iterations = 20
	alone, err := nest.Layout(context.Background(), req, nil)
	if err != nil {
		t.Fatal(err)
	}
	if alone.Stats.Pages <= long.Stats.Pages {
		t.Fatalf("20 steps give %d sheets, 3,000 give %d: the job no longer tests sharing", alone.Stats.Pages, long.Stats.Pages)
	}
	write := func(name string, v any) string {
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(w.dir, name)
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	reqPath, longPath := write("req.json", req), write("long.json", long)
	for _, share := range []bool{false, true} {
		args := []string{w.script, w.wasmExec, w.wasm, reqPath}
		if share {
			args = append(args, longPath)
		}
		out, err := exec.Command(w.node, args...).Output()
		if err != nil {
			t.Fatalf("node: %v", err)
		}
		var res nest.Result
		if err := json.Unmarshal(out, &res); err != nil || res.Stats.Pages == 0 {
			t.Fatalf("%v: %s", err, out)
		}
		if err := nest.Verify(req, res); err != nil {
			t.Fatal(err)
		}
		want := alone.Stats.Pages
		if share {
			want = long.Stats.Pages
		}
		if res.Stats.Pages != want {
			t.Errorf("shared %v: %d sheets, want %d", share, res.Stats.Pages, want)
		}
	}
}
