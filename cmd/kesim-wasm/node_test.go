//go:build !js

package main_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sync"
	"testing"
)

// inNode is what a test needs to run the WebAssembly module in Node.js
// (the V8 of Chromium): node, the module, Go's wasm_exec.js, the test's
// script written to dir, and dir for its files.
type inNode struct {
	node, wasm, wasmExec, script, dir string
}

// The module is built once for all the package's tests.
var (
	moduleOnce sync.Once
	moduleDir  string
	moduleErr  error
	moduleOut  []byte
)

func TestMain(m *testing.M) {
	code := m.Run()
	if moduleDir != "" {
		os.RemoveAll(moduleDir)
	}
	os.Exit(code)
}

// wasmInNode finds node (a test without it fails in CI and is skipped
// elsewhere), builds the module once, and writes script as name in a
// directory of the test's own.
func wasmInNode(t *testing.T, name, script string) inNode {
	t.Helper()
	node, err := exec.LookPath("node")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("node is needed for the WebAssembly test")
		}
		t.Skip("node not found: the WebAssembly test is skipped")
	}
	moduleOnce.Do(func() {
		if moduleDir, moduleErr = os.MkdirTemp("", "kesim-wasm-"); moduleErr != nil {
			return
		}
		build := exec.Command("go", "build", "-o", filepath.Join(moduleDir, "engine.wasm"), ".")
		build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
		moduleOut, moduleErr = build.CombinedOutput()
	})
	if moduleErr != nil {
		t.Fatalf("building the module: %v\n%s", moduleErr, moduleOut)
	}
	dir := t.TempDir()
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(script), 0o644); err != nil {
		t.Fatal(err)
	}
	return inNode{
		node: node, wasm: filepath.Join(moduleDir, "engine.wasm"), script: path, dir: dir,
		wasmExec: filepath.Join(runtime.GOROOT(), "lib", "wasm", "wasm_exec.js"),
	}
}
