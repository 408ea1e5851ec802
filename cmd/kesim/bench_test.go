package main

import (
	"bytes"
	"encoding/csv"
	"os"
	"path/filepath"
	"testing"
)

// kesim bench writes a row per instance with --csv and a CPU profile with
// --cpuprofile, beside its report.
func TestBenchCSVAndProfile(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "örnekler.json")
	instances := `[
 {"id": "cl01_n020_01", "class": 1, "n": 3, "index": 1, "bin_w": 10, "bin_h": 10, "items": [[5, 10], [5, 5], [5, 5]]},
 {"id": "cl01_n020_02", "class": 1, "n": 2, "index": 2, "bin_w": 10, "bin_h": 10, "items": [[10, 10], [6, 6]]}
]`
	if err := os.WriteFile(in, []byte(instances), 0o644); err != nil {
		t.Fatal(err)
	}
	rows, prof := filepath.Join(dir, "sonuç.csv"), filepath.Join(dir, "cpu.prof")
	var out, errb bytes.Buffer
	if code := runBench([]string{"--time", "0", "--csv", rows, "--cpuprofile", prof, in}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	f, err := os.Open(rows)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 3 || recs[1][0] != "cl01_n020_01" || recs[1][3] != "1" || recs[2][3] != "2" {
		t.Errorf("rows %v: want a header, then 1 sheet and 2 sheets", recs)
	}
	if st, err := os.Stat(prof); err != nil || st.Size() == 0 {
		t.Errorf("no CPU profile written: %v", err)
	}
	if code := runBench([]string{"--cpuprofile", filepath.Join(dir, "yok", "cpu.prof"), in}, &out, &errb); code != 1 {
		t.Errorf("a profile that cannot be written: exit %d, want 1", code)
	}
}
