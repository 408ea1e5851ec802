package main

import (
	"bytes"
	"encoding/csv"
	"os"
	"path/filepath"
	"strconv"
	"strings"
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

// kesim bench FOLDER, where the folder's one instance file holds 2BP
// instances (../shared/bench/2bp/), lays out that file's instances: it
// had read the file as a VSBPP set and refused every instance for want of
// stock rows.
func TestBench2BPFolder(t *testing.T) {
	dir := t.TempDir()
	writeBenchFile(t, filepath.Join(dir, "bwmv.json"), `[{"id": "cl01_n020_01", "class": 1, "n": 2, "index": 1, "bin_w": 10, "bin_h": 10, "items": [[10, 10], [6, 6]]}]`)
	var out, errb bytes.Buffer
	if code := runBench([]string{"--time", "0", dir}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if !strings.Contains(out.String(), "toplam") || strings.Contains(out.String()+errb.String(), "ÇALIŞTIRILMADI") {
		t.Errorf("report %q, errors %q: want the instance laid out", out.String(), errb.String())
	}
}

// kesim bench reads a VSBPP set (a file, or a folder of them): an instance
// beyond the engine's limits is not run but reported loudly, counts, and
// makes the exit status 1; the CSV has a row per instance with the reason.
func TestBenchVSBPPReportsUnfitInstances(t *testing.T) {
	dir := t.TempDir()
	set := filepath.Join(dir, "mini.json")
	writeBenchFile(t, set, `[
{"id": "mini/MB_C1_1", "stock": [{"id": "b0", "width": 20000, "height": 10, "cost": 100, "quantity": 0}], "parts": [{"id": "i0", "width": 5, "height": 10, "quantity": 3}], "rotate": false, "best_known_cost": 100, "lower_bound_cost": 100}
]`)
	rows := filepath.Join(dir, "sonuç.csv")
	var out, errb bytes.Buffer
	if code := runBench([]string{"--time", "0", "--csv", rows, dir}, &out, &errb); code != 1 {
		t.Fatalf("exit %d, want 1: %s %s", code, out.String(), errb.String())
	}
	if !strings.Contains(out.String(), "!!! ÇALIŞTIRILMADI mini/MB_C1_1") || !strings.Contains(errb.String(), "1 çalıştırılmayan örnek") {
		t.Errorf("not reported loudly:\n%s\n%s", out.String(), errb.String())
	}
	recs := readCSV(t, rows)
	if len(recs) != 2 || recs[0][0] != "instance_id" || recs[1][0] != "mini/MB_C1_1" || recs[1][2] != "C1" ||
		!strings.Contains(recs[1][len(recs[1])-1], "10000") {
		t.Errorf("rows %v", recs)
	}
	if code := runBench([]string{"--every", "0", dir}, &out, &errb); code != 2 {
		t.Errorf("--every 0: exit %d, want 2", code)
	}
	if code := runBench([]string{"--match", "yok", dir}, &out, &errb); code != 2 {
		t.Errorf("a selection without instances: exit %d, want 2", code)
	}
}

// A VSBPP run end to end: every result verified, the cost and the
// reference values in the CSV, exit 0.
func TestBenchVSBPPRunsAndVerifies(t *testing.T) {
	dir := t.TempDir()
	set := filepath.Join(dir, "mini.json")
	writeBenchFile(t, set, `[
{"id": "mini/MB_C1_1", "stock": [{"id": "b0", "width": 10, "height": 10, "cost": 100, "quantity": 0}, {"id": "b1", "width": 5, "height": 10, "cost": 40, "quantity": 1}], "parts": [{"id": "i0", "width": 5, "height": 10, "quantity": 3}], "rotate": false, "best_known_cost": 140, "lower_bound_cost": 140},
{"id": "mini/MB_C2_1", "stock": [{"id": "b0", "width": 10, "height": 10, "cost": 100, "quantity": 0}], "parts": [{"id": "i0", "width": 10, "height": 5, "quantity": 2}], "rotate": false, "best_known_cost": 100, "lower_bound_cost": 100}
]`)
	rows := filepath.Join(dir, "sonuç.csv")
	var out, errb bytes.Buffer
	code := runBench([]string{"--time", "0", "--csv", rows, set}, &out, &errb)
	if code != 0 {
		t.Fatalf("exit %d: %s %s", code, out.String(), errb.String())
	}
	recs := readCSV(t, rows)
	// instance_id set group pages cost best_known lower_bound engine_lower_bound utilisation at_best_known optimal ms error
	if len(recs) != 3 || recs[1][4] != "140" || recs[1][5] != "140" || recs[2][4] != "100" || recs[2][9] != "true" || recs[2][12] != "" {
		t.Errorf("rows %v", recs)
	}
	if !strings.Contains(out.String(), "mini") || !strings.Contains(out.String(), "toplam") {
		t.Errorf("report:\n%s", out.String())
	}
}

func writeBenchFile(t *testing.T, path, text string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

func readCSV(t *testing.T, path string) [][]string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	return recs
}

// kesim bench --zero-waste runs the generated family through the stock
// rows: every result verified, the gap to the known optimum reported per
// group, a CSV row per instance with the optimum as its best known; the
// flag takes no file and not --perfect.
func TestBenchZeroWaste(t *testing.T) {
	rows := filepath.Join(t.TempDir(), "sonuç.csv")
	var out, errb bytes.Buffer
	if code := runBench([]string{"--zero-waste", "3", "--iterations", "50", "--workers", "2", "--csv", rows}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s %s", code, out.String(), errb.String())
	}
	for _, want := range []string{"ort_fark", "en_kötü", "\nZ2 ", "\nZ3 ", "\nZ4 ", "\ntoplam "} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("report lacks %q:\n%s", want, out.String())
		}
	}
	recs := readCSV(t, rows)
	// instance_id set group pages cost best_known lower_bound engine_lower_bound utilisation at_best_known optimal ms error
	if len(recs) != 4 || recs[1][1] != "zerowaste" || recs[1][2] != "Z2" || recs[3][2] != "Z4" || recs[1][5] == "" || recs[1][12] != "" {
		t.Errorf("rows %v", recs)
	}
	// --match keeps the instances whose id contains the text: one of
	// them to study, and none is refused.
	if code := runBench([]string{"--zero-waste", "3", "--match", "_0002", "--iterations", "50", "--csv", rows}, &out, &errb); code != 0 {
		t.Fatalf("--match: exit %d: %s", code, errb.String())
	}
	if recs := readCSV(t, rows); len(recs) != 2 || !strings.HasSuffix(recs[1][0], "_0002") || recs[1][2] != "Z3" {
		t.Errorf("--match _0002: rows %v", recs)
	}
	for _, args := range [][]string{{"--zero-waste", "10001"}, {"--zero-waste", "-1"}, {"--zero-waste", "2", "x.json"},
		{"--zero-waste", "3", "--match", "yok"},
		{"--zero-waste", "2", "--perfect", "2"}, {"--perfect-sheets", "0"}, {"--perfect-sheets", "10001"},
		{"--perfect-sheets", "2", "x.json"}, {"--perfect", "2", "--perfect-sheets", "2"}} {
		if code := runBench(args, &out, &errb); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
}

// kesim bench --perfect-sheets: each instance's best known is the sheets
// its parts were cut from, two to four, and the report counts the
// instances laid out on them.
func TestBenchPerfectSheets(t *testing.T) {
	rows := filepath.Join(t.TempDir(), "sonuç.csv")
	var out, errb bytes.Buffer
	if code := runBench([]string{"--perfect-sheets", "4", "--iterations", "200", "--workers", "2", "--csv", rows}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s %s", code, out.String(), errb.String())
	}
	recs := readCSV(t, rows)
	// instance_id class n sheets lower_bound best_known ms
	if len(recs) != 5 {
		t.Fatalf("rows %v", recs)
	}
	for _, r := range recs[1:] {
		best, _ := strconv.Atoi(r[5])
		sheets, _ := strconv.Atoi(r[3])
		if best < 2 || best > 4 || r[4] != r[5] || sheets < best || !strings.HasPrefix(r[0], "perfect"+r[5]+"_") {
			t.Errorf("row %v: want a best known of 2 to 4 sheets, equal to the lower bound and the id's count, and no fewer sheets", r)
		}
	}
}

// --class keeps one half of a perfect family: 1 the guillotine-cut
// instances, 2 those cut around pinwheels (it had been ignored).
func TestBenchPerfectClass(t *testing.T) {
	for _, c := range []struct{ flag, class, tag string }{{"--perfect", "2", "_p_"}, {"--perfect-sheets", "1", "_g_"}} {
		rows := filepath.Join(t.TempDir(), "sonuç.csv")
		var out, errb bytes.Buffer
		if code := runBench([]string{c.flag, "4", "--class", c.class, "--time", "0", "--csv", rows}, &out, &errb); code != 0 {
			t.Fatalf("%s: exit %d: %s", c.flag, code, errb.String())
		}
		recs := readCSV(t, rows)
		if len(recs) != 3 {
			t.Fatalf("%s --class %s: rows %v, want the header and 2 of 4", c.flag, c.class, recs)
		}
		for _, r := range recs[1:] {
			if r[1] != c.class || !strings.Contains(r[0], c.tag) {
				t.Errorf("%s --class %s: row %v of another class", c.flag, c.class, r)
			}
		}
	}
}

// --match keeps the instances whose id contains the text in a 2BP file and
// in the perfect families too (it had been the VSBPP sets' only): one
// instance to study, and a text that keeps none exits 2.
func TestBenchMatch(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "bwmv.json")
	writeBenchFile(t, file, `[{"id": "cl01_n020_01", "class": 1, "n": 1, "index": 1, "bin_w": 10, "bin_h": 10, "items": [[10, 10]]},
		{"id": "cl01_n020_02", "class": 1, "n": 1, "index": 2, "bin_w": 10, "bin_h": 10, "items": [[6, 6]]}]`)
	for _, c := range []struct {
		args []string
		id   string
	}{
		{[]string{"--match", "_02", file}, "cl01_n020_02"},
		{[]string{"--perfect", "6", "--match", "_0003"}, "_0003"},
		{[]string{"--perfect-sheets", "6", "--match", "_0004"}, "_0004"},
	} {
		rows := filepath.Join(dir, "sonuç.csv")
		var out, errb bytes.Buffer
		if code := runBench(append([]string{"--time", "0", "--csv", rows}, c.args...), &out, &errb); code != 0 {
			t.Fatalf("%v: exit %d: %s", c.args, code, errb.String())
		}
		if recs := readCSV(t, rows); len(recs) != 2 || !strings.HasSuffix(recs[1][0], c.id) {
			t.Errorf("%v: rows %v, want the header and %s", c.args, recs, c.id)
		}
	}
	for _, args := range [][]string{{"--match", "yok", file}, {"--perfect", "4", "--match", "yok"}} {
		var out, errb bytes.Buffer
		if code := runBench(append([]string{"--time", "0"}, args...), &out, &errb); code != 2 || !strings.Contains(errb.String(), "seçimde örnek kalmadı") {
			t.Errorf("%v: exit %d, %q; want 2 and the Turkish reason", args, code, errb.String())
		}
	}
}

// The generated families write a CPU profile too (--perfect ignored it).
func TestBenchGeneratedProfile(t *testing.T) {
	dir := t.TempDir()
	for _, family := range []string{"--perfect", "--perfect-sheets", "--zero-waste"} {
		prof := filepath.Join(dir, strings.TrimPrefix(family, "--")+".prof")
		var out, errb bytes.Buffer
		if code := runBench([]string{family, "2", "--time", "0", "--cpuprofile", prof}, &out, &errb); code != 0 {
			t.Fatalf("%s: exit %d: %s", family, code, errb.String())
		}
		if st, err := os.Stat(prof); err != nil || st.Size() == 0 {
			t.Errorf("%s: no CPU profile written: %v", family, err)
		}
	}
}

// Flags out of range are refused before the run, with exit 2 and a
// Turkish message (each instance used to fail on its own, exit 1, and
// --workers -1 was taken); a CSV that cannot be created fails before the
// run too, not after it; a file that is no benchmark JSON is named in
// Turkish ("invalid character 'A' looking for beginning of value").
func TestBenchChecksBeforeRunning(t *testing.T) {
	dir := t.TempDir()
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"--engine-workers", "65"}, "--engine-workers 0 ile 64 arasında olmalı"},
		{[]string{"--time", "-1s"}, "--time 0 ile 10m (10 dakika) arasında olmalı"},
		{[]string{"--time", "11m"}, "--time 0 ile 10m"},
		{[]string{"--iterations", "-5"}, "--iterations 0 ile 100.000.000 arasında olmalı"},
		{[]string{"--workers", "-1"}, "--workers 0 (tüm çekirdekler) ya da pozitif"},
	} {
		rows := filepath.Join(dir, "sonuç.csv")
		var out, errb bytes.Buffer
		code := runBench(append([]string{"--zero-waste", "1", "--csv", rows}, tt.args...), &out, &errb)
		if code != 2 || !strings.Contains(errb.String(), "kesim bench: "+tt.want) || out.Len() != 0 {
			t.Errorf("%v: exit %d, %q %q; want 2 and %q", tt.args, code, out.String(), errb.String(), tt.want)
		}
		if _, err := os.Stat(rows); err == nil {
			t.Errorf("%v: the CSV was made", tt.args)
		}
	}

	var out, errb bytes.Buffer
	missing := filepath.Join(dir, "yok", "x.csv")
	code := runBench([]string{"--zero-waste", "1", "--time", "0", "--csv", missing}, &out, &errb)
	if want := "kesim bench: --csv " + missing + " oluşturulamadı: klasör yok"; code != 1 || !strings.Contains(errb.String(), want) || out.Len() != 0 {
		t.Errorf("a CSV in a missing folder: exit %d, report %q, %q; want 1, no run and %q", code, out.String(), errb.String(), want)
	}

	parts := filepath.Join(dir, "a.csv")
	writeBenchFile(t, parts, "Ad;Genişlik;Yükseklik;Adet\nKapak;40;60;4\n")
	for path, want := range map[string]string{
		parts:                          parts + " okunamadı: 1. baytta JSON yazım hatası",
		filepath.Join(dir, "yok.json"): filepath.Join(dir, "yok.json") + " yok",
	} {
		out.Reset()
		errb.Reset()
		if code := runBench([]string{path}, &out, &errb); code != 2 || !strings.Contains(errb.String(), want) {
			t.Errorf("%s: exit %d, %q; want 2 and %q", path, code, errb.String(), want)
		}
	}
}
