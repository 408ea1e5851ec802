package export_test

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"testing"

	"kesim/export"
	"kesim/export/internal/exporttest"
	"kesim/export/pdf"
	"kesim/nest"
)

// pdfListRow is a row of a sheet page's list in pdftotext -raw's text:
// number, a name the test gave, a size.
var pdfListRow = regexp.MustCompile(`(\d+)\*? +(Parça-[A-Z]|Q\d{4}) +[\d.,]+ x [\d.,]+`)

// pdfNumbers returns the number of every named piece in the sheet lists of
// the PDF of res.
func pdfNumbers(t *testing.T, res nest.Result, kerf *float64) map[string]int {
	t.Helper()
	pdftotext := exporttest.Tool(t, "pdftotext", "poppler-utils")
	var b bytes.Buffer
	if err := pdf.Write(&b, res, pdf.Options{Kerf: kerf}); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "o.pdf")
	if err := os.WriteFile(file, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(pdftotext, "-enc", "UTF-8", "-raw", file, "-").CombinedOutput()
	if err != nil {
		t.Fatalf("pdftotext: %v\n%s", err, out)
	}
	got := map[string]int{}
	for _, m := range pdfListRow.FindAllStringSubmatch(string(out), -1) {
		got[m[2]], _ = strconv.Atoi(m[1])
	}
	return got
}

// numbers returns export.Numbers of every piece of res, by name.
func numbers(res nest.Result, kerf float64) map[string]int {
	out := map[string]int{}
	for page, pg := range res.Pages {
		for i, n := range export.Numbers(res, page, kerf) {
			out[pg.Parts[i].Name] = n
		}
	}
	return out
}

// export.Numbers is the PDF's numbering: the number of each piece in its
// sheet page's list, with the request's kerf and without it.
func TestNumbersAreThePDFs(t *testing.T) {
	res := exporttest.CutSheet()
	kerf := 0.4
	want := map[string]int{}
	for _, pg := range res.Pages {
		for _, p := range pg.Parts {
			want[p.Name] = exporttest.CutSheetNumbers[p.ID]
		}
	}
	for _, k := range []*float64{&kerf, nil} {
		if got := numbers(res, export.OrderKerf(k)); fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("kerf %v: export.Numbers %v, want %v", k, got, want)
		}
	}
	// Sheet 2 has no cuts: its own page in the PDF, numbered from 1.
	if got := pdfNumbers(t, res, &kerf); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("PDF numbers %v, want %v", got, want)
	}

	reqs := exporttest.EngineRequests()
	for i, res := range exporttest.EngineLayouts(t) {
		res.Pages = slices.Clone(res.Pages)
		k := 0
		for j := range res.Pages {
			res.Pages[j].Parts = slices.Clone(res.Pages[j].Parts)
			for n := range res.Pages[j].Parts {
				res.Pages[j].Parts[n].Name = fmt.Sprintf("Q%04d", k)
				k++
			}
		}
		want := numbers(res, export.KerfOf(&reqs[i]))
		for name, n := range pdfNumbers(t, res, &reqs[i].Options.Kerf) {
			if want[name] != n {
				t.Errorf("layout %d: %s is %d in the PDF, %d by export.Numbers", i, name, n, want[name])
			}
		}
	}
}
