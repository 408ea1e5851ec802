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

// TestBrowserLeftovers runs kesimLeftovers of the WebAssembly module in
// Node.js (the comparison of plans shows each plan's largest leftover): the
// leftovers as JSON, the request's kerf kept from the parts, any size
// without rules, the rules' Turkish message, and a broken result refused.
func TestBrowserLeftovers(t *testing.T) {
	w := wasmInNode(t, "leftovers.cjs", sheetsScript)
	n := 0
	call := func(vals ...any) (a struct {
		Text  string
		Error string
	}) {
		t.Helper()
		args := []string{w.script, w.wasmExec, w.wasm, "kesimLeftovers"}
		for _, v := range vals {
			if v == nil {
				args = append(args, "-")
				continue
			}
			n++
			b, _ := json.Marshal(v)
			path := filepath.Join(w.dir, strings.Repeat("a", n)+".json")
			if err := os.WriteFile(path, b, 0o644); err != nil {
				t.Fatal(err)
			}
			args = append(args, path)
		}
		b, err := exec.Command(w.node, args...).Output()
		if err != nil {
			t.Fatalf("node: %v", err)
		}
		if err := json.Unmarshal(b, &a); err != nil {
			t.Fatalf("%v: %s", err, b)
		}
		return a
	}

	// A 60 cm part on a 100 cm sheet: 40 cm beside it, 39,5 beyond a 0,5 cm kerf.
	one := nest.Result{Sheet: nest.Sheet{Width: 100, Height: 100}, Pages: []nest.Page{{ID: "page-0", Parts: []nest.Placed{{ID: "y", Name: "Yan", Width: 60, Height: 100}}}}}
	kerf := nest.Request{Sheet: one.Sheet, Options: nest.Options{Kerf: 0.5}}
	if a := call(one, kerf, map[string]any{}); a.Error != "" || a.Text != `[{"page":0,"x":60.5,"y":0,"width":39.5,"height":100}]` {
		t.Errorf("with a kerf: %+v", a)
	}
	if a := call(one, nil, nil); a.Error != "" || a.Text != `[{"page":0,"x":60,"y":0,"width":40,"height":100}]` {
		t.Errorf("without a request: %+v", a)
	}
	if a := call(one, kerf, map[string]any{"rules": []nest.OffcutRule{{MinWidth: 40, MinHeight: 40}}}); a.Error != "" || a.Text != "[]" {
		t.Errorf("a rule of 40 cm: %+v", a)
	}
	if a := call(one, kerf, map[string]any{"rules": []map[string]any{{"minWidth": -1}}}); a.Error != nest.MsgOffcutRuleSize {
		t.Errorf("bad rule: %+v", a)
	}
	if a := call("{", nil, nil); a.Error == "" {
		t.Errorf("broken result JSON: %+v", a)
	}
}
