package main

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// TestGeneratedIsCurrent fails when web/src/generated is not what the
// generator writes now, as `make check-generated` does.
func TestGeneratedIsCurrent(t *testing.T) {
	dir := t.TempDir()
	if err := run(dir); err != nil {
		t.Fatal(err)
	}
	names, _ := filepath.Glob(filepath.Join(dir, "*.ts"))
	if len(names) != 3 {
		t.Fatalf("wrote %d files, want 3", len(names))
	}
	for _, name := range names {
		want, _ := os.ReadFile(name)
		got, err := os.ReadFile(filepath.Join("../../web/src/generated", filepath.Base(name)))
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("web/src/generated/%s is stale (%v): run make generate", filepath.Base(name), err)
		}
	}
}

// TestTSTypeRefusesUnknownKinds checks that a field of a kind the
// generator does not know stops it, rather than reaching the app untyped.
func TestTSTypeRefusesUnknownKinds(t *testing.T) {
	for _, v := range []any{map[string]int{}, make(chan int), complex(1, 2), any(nil)} {
		typ := reflect.TypeOf(v)
		if typ == nil {
			typ = reflect.TypeFor[any]()
		}
		if ts, err := tsType(typ); err == nil {
			t.Errorf("%s: %q, want an error", typ, ts)
		}
	}
	if ts, err := tsType(reflect.TypeFor[[]*float64]()); err != nil || ts != "number[]" {
		t.Errorf("[]*float64: %q, %v", ts, err)
	}
}
