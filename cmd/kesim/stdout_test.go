package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// An output given as - (standard output) is one stream. Outputs that are
// several files had their other files named after "-": --csv - wrote its
// sheets to a file "--levhalar.csv", --dxf - --dxf-per-sheet "--1.dxf",
// "--2.dxf", ..., and --dxf - of several materials "--beyaz-sunta-18mm.dxf"
// and so on, in the current folder, with nothing on standard output. Now
// --csv - writes its pieces and says the sheets were not written; the two
// DXF cases are refused (exit 2) and write nothing.
func TestStandardOutputIsOneFile(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	files := map[string]string{
		"p.csv":    "Ad;Genişlik;Yükseklik;Adet\nYan;60;90;5\n",
		"m.csv":    "Ad;Genişlik;Yükseklik;Adet;Malzeme;Kalınlık\nYan;60;90;2;Beyaz Sunta;18\nKapak;40;70;2;Meşe MDF;18\n",
		"stok.csv": "kod;malzeme;kalınlık;genişlik;yükseklik;fiyat\nS1;Beyaz Sunta;18;183;366;1450\nM1;Meşe MDF;18;183;366;2100\n",
	}
	for name, data := range files {
		if err := os.WriteFile(name, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	onlyInputs := func(what string) {
		t.Helper()
		entries, err := os.ReadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		if want := []string{"m.csv", "p.csv", "stok.csv"}; !slices.Equal(names, want) {
			t.Errorf("%s: the folder holds %q, want only the inputs %q", what, names, want)
		}
	}

	code, stdout, stderr := runNestT(t, "", "--sheet", "100x148", "--time", "0", "--csv", "-", "p.csv")
	if code != 0 {
		t.Fatalf("--csv -: exit %d: %s", code, stderr)
	}
	if !strings.HasPrefix(stdout, "\ufeffSayfa;No;Etiket no;Parça;") || strings.Count(stdout, "\r\n") != 6 {
		t.Errorf("--csv -: standard output %q, want the pieces' CSV: a header and 5 rows", stdout)
	}
	if !strings.Contains(stderr, msgSheetsCSVNotWritten) {
		t.Errorf("--csv -: stderr %q does not say the sheets were not written", stderr)
	}
	onlyInputs("--csv -")

	code, stdout, stderr = runNestT(t, "", "--sheet", "100x148", "--time", "0", "--dxf", "-", "--dxf-per-sheet", "p.csv")
	if code != exitBadInput || stdout != "" || !strings.Contains(stderr, "--dxf - --dxf-per-sheet: ") {
		t.Errorf("--dxf - --dxf-per-sheet: exit %d, stdout %d bytes, stderr %q; want exit 2 and a message", code, len(stdout), stderr)
	}
	onlyInputs("--dxf - --dxf-per-sheet")

	code, stdout, stderr = runNestT(t, "", "--stock", "stok.csv", "--time", "0", "--dxf", "-", "--pdf", filepath.Join(dir, "k.pdf"), "m.csv")
	if code != exitBadInput || stdout != "" || !strings.Contains(stderr, "--dxf -: ") {
		t.Errorf("--dxf - of two materials: exit %d, stdout %d bytes, stderr %q; want exit 2 and a message", code, len(stdout), stderr)
	}
	onlyInputs("--dxf - of two materials")

	// A layout without materials is one DXF, on standard output as before.
	code, stdout, stderr = runNestT(t, "", "--sheet", "100x148", "--time", "0", "--dxf", "-", "p.csv")
	if code != 0 || !strings.Contains(stdout, "AC1015") || !strings.HasSuffix(stdout, "EOF\n") {
		t.Errorf("--dxf -: exit %d, stderr %q, stdout ends %q", code, stderr, stdout[max(0, len(stdout)-20):])
	}
	onlyInputs("--dxf - of one material")
}
