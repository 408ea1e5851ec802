package dxf

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"kesim/export/internal/exporttest"
	"kesim/nest"
)

func layout(t *testing.T, req nest.Request) nest.Result {
	t.Helper()
	res, err := nest.Layout(context.Background(), req, nil)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// tenCopies is the engine's layout of ten copies of a part half a
// 100 x 100 sheet wide: five identical sheets.
func tenCopies(t *testing.T) nest.Result {
	res := layout(t, nest.Request{Sheet: nest.Sheet{Width: 100, Height: 100},
		Parts: []nest.Part{{ID: "y", Name: "Yan Dikme", Width: 50, Height: 100, Quantity: 10}}})
	if res.Stats.Pages != 5 || res.Stats.Patterns != 1 {
		t.Fatalf("%d pages, %d patterns, want 5 and 1", res.Stats.Pages, res.Stats.Patterns)
	}
	return res
}

// fileTexts reads data with the test reader and returns its TEXT values
// on layer, and its number of sheet outlines and part polylines.
func fileTexts(t *testing.T, data []byte, layer string) (texts []string, outlines, parts int) {
	t.Helper()
	objs, err := parseDXF(data)
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range objs {
		if o.section != "ENTITIES" {
			continue
		}
		switch {
		case o.kind == "TEXT" && o.get(8) == layer:
			s, err := decodeText(o.get(1))
			if err != nil {
				t.Fatal(err)
			}
			texts = append(texts, s)
		case o.kind == "LWPOLYLINE" && o.get(8) == LayerBoundary:
			outlines++
		case o.kind == "LWPOLYLINE" && o.get(8) == LayerParts:
			parts++
		}
	}
	return texts, outlines, parts
}

func hasText(texts []string, want string) bool {
	for _, s := range texts {
		if strings.Contains(s, want) {
			return true
		}
	}
	return false
}

// The file of all sheets draws five identical sheets once with "× 5";
// WriteSheet of one of them draws that page alone, as before.
func TestRepeatedSheetsOnce(t *testing.T) {
	res := tenCopies(t)
	var buf bytes.Buffer
	if err := Write(&buf, res, Options{}); err != nil {
		t.Fatal(err)
	}
	checkFile(t, job{name: "ten copies", res: res, page: -1}, buf.Bytes())
	texts, outlines, parts := fileTexts(t, buf.Bytes(), LayerPartInfo)
	if outlines != 1 || parts != 2 {
		t.Fatalf("%d outlines, %d parts, want the pattern once: 1 and 2", outlines, parts)
	}
	if !hasText(texts, "Sayfa 1-5 (× 5) / 5 - 100 x 100 cm - 2 parça") {
		t.Errorf("no title with the count among %q", texts)
	}

	buf.Reset()
	if err := WriteSheet(&buf, res, 2, Options{}); err != nil {
		t.Fatal(err)
	}
	texts, outlines, parts = fileTexts(t, buf.Bytes(), LayerPartInfo)
	if outlines != 1 || parts != 2 || !hasText(texts, "Sayfa 3 / 5 - ") || hasText(texts, "×") {
		t.Fatalf("WriteSheet(2): %d outlines, %d parts, texts %q", outlines, parts, texts)
	}

	// ezdxf, an independent reader, finds the pattern once and its count.
	if err := exec.Command(python, "-c", "import ezdxf").Run(); err != nil {
		exporttest.Missing(t, python+" with ezdxf (Debian package python3-ezdxf)")
	}
	buf.Reset()
	if err := Write(&buf, res, Options{}); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "r.dxf")
	if err := os.WriteFile(file, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(python, "-c", `
import sys, ezdxf
from ezdxf.lldxf.encoding import decode_dxf_unicode
msp = ezdxf.readfile(sys.argv[1]).modelspace()
print(len(msp.query('LWPOLYLINE[layer=="CUTTING_PARTS"]')))
for t in msp.query('TEXT[layer=="PART_INFO"]'):
    print(decode_dxf_unicode(t.dxf.text))
`, file).CombinedOutput()
	if err != nil {
		t.Fatalf("ezdxf: %v\n%s", err, out)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if lines[0] != "2" || !hasText(lines[1:], "Sayfa 1-5 (× 5)") {
		t.Errorf("ezdxf read:\n%s", out)
	}
}

// With materials: each material's pattern once with its count, in the
// file of all sheets and in each material's file.
func TestRepeatedSheetsPerMaterial(t *testing.T) {
	res := layout(t, nest.Request{
		Stock: []nest.Stock{{ID: "m", Material: "MDF", Thickness: 18, Width: 100, Height: 100},
			{ID: "c", Material: "Ceviz", Thickness: 18, Width: 100, Height: 100}},
		Parts: []nest.Part{
			{ID: "a", Name: "Kapak", Material: "MDF", Thickness: 18, Width: 50, Height: 100, Quantity: 6},
			{ID: "b", Name: "Kapak", Material: "Ceviz", Thickness: 18, Width: 50, Height: 100, Quantity: 4},
		},
	})
	if res.Stats.Pages != 5 || res.Stats.Patterns != 2 {
		t.Fatalf("%d pages, %d patterns, want 5 and 2", res.Stats.Pages, res.Stats.Patterns)
	}
	var buf bytes.Buffer
	if err := Write(&buf, res, Options{}); err != nil {
		t.Fatal(err)
	}
	texts, outlines, parts := fileTexts(t, buf.Bytes(), LayerPartInfo)
	if outlines != 2 || parts != 4 || !hasText(texts, "(× 3) / 5") || !hasText(texts, "(× 2) / 5") {
		t.Fatalf("all sheets: %d outlines, %d parts, texts %q", outlines, parts, texts)
	}
	files := MaterialFiles(res)
	if len(files) != 2 {
		t.Fatalf("%d material files", len(files))
	}
	for _, f := range files {
		buf.Reset()
		if err := WriteFile(&buf, res, f, Options{}); err != nil {
			t.Fatal(err)
		}
		texts, outlines, parts := fileTexts(t, buf.Bytes(), LayerPartInfo)
		want := "(× " + strconv.Itoa(len(f.Pages)) + ") / 5 - 100 x 100 cm - 2 parça - verim %100 - " + f.Material
		if outlines != 1 || parts != 2 || !hasText(texts, want) {
			t.Errorf("%s: %d outlines, %d parts, texts %q, want %q", f.Name, outlines, parts, texts, want)
		}
	}
}

// An offcut and a sheet that each hold one door at (0, 0) are two boards:
// the DXF draws both, with no "× 2", even when the result numbers them as
// one pattern, and names the offcut by its code.
func TestOffcutAndSheetNotOnePattern(t *testing.T) {
	stock := []nest.Stock{
		{ID: "A-13", Material: "Ceviz MDF", Thickness: 18, Width: 39.7, Height: 79.7, Quantity: 1, Offcut: true},
		{ID: "s3", Name: "Ceviz kapaklık", Material: "Ceviz MDF", Thickness: 18, Width: 183, Height: 366},
	}
	door := func(id string) []nest.Placed { return []nest.Placed{{ID: id, Name: "Kapı", Width: 35, Height: 75}} }
	res := nest.Result{Sheet: nest.Sheet{Width: 183, Height: 366}, Pages: []nest.Page{
		{ID: "page-0", Pattern: 1, StockID: "A-13", Material: "Ceviz MDF", Thickness: 18, Width: 39.7, Height: 79.7, Parts: door("k-0")},
		{ID: "page-1", Pattern: 1, StockID: "s3", Material: "Ceviz MDF", Thickness: 18, Width: 183, Height: 366, Parts: door("k-1")},
	}}
	var buf bytes.Buffer
	if err := Write(&buf, res, Options{Stock: stock}); err != nil {
		t.Fatal(err)
	}
	texts, outlines, parts := fileTexts(t, buf.Bytes(), LayerPartInfo)
	if outlines != 2 || parts != 2 || hasText(texts, "×") {
		t.Fatalf("%d outlines, %d parts, texts %q: want both boards drawn, no count", outlines, parts, texts)
	}
	if !hasText(texts, "Sayfa 1 / 2 - 39,7 x 79,7 cm - 1 parça") || !hasText(texts, "Ceviz MDF 18 mm - Artık A-13") ||
		!hasText(texts, "Sayfa 2 / 2 - 183 x 366 cm") {
		t.Errorf("titles %q: want each board, the offcut by its code", texts)
	}
}
