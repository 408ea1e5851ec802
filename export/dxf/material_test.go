package dxf

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"kesim/export"
	"kesim/export/internal/exporttest"
	"kesim/nest"
)

// materialsZip writes exporttest.Materials as WriteZip's archive and
// returns its files by name, in the archive's order.
func materialsZip(t *testing.T) ([]string, map[string][]byte) {
	return zipOf(t, exporttest.Materials())
}

// zipOf writes res as WriteZip's archive, with Kitchen's stock and bands.
func zipOf(t *testing.T, res nest.Result) ([]string, map[string][]byte) {
	t.Helper()
	stock, bands := exporttest.Kitchen()
	var buf bytes.Buffer
	if err := WriteZip(&buf, res, Options{Stock: stock, Bands: bands, Now: time.Date(2026, 11, 22, 14, 5, 0, 0, time.UTC)}); err != nil {
		t.Fatal(err)
	}
	z, err := zip.NewReader(bytes.NewReader(buf.Bytes()), int64(buf.Len()))
	if err != nil {
		t.Fatalf("not a zip archive: %v", err)
	}
	var names []string
	files := map[string][]byte{}
	for _, f := range z.File {
		r, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		data, err := io.ReadAll(r)
		if err != nil {
			t.Fatalf("%s: %v", f.Name, err)
		}
		names = append(names, f.Name)
		files[f.Name] = data
	}
	return names, files
}

// segment is a line in the file's coordinates, its ends in order.
type segment [4]float64

func (s segment) rect() rect { return rect{s[0], s[1], s[2], s[3]} }

func seg(x1, y1, x2, y2 float64) segment {
	if x2 < x1 || (x2 == x1 && y2 < y1) {
		x1, y1, x2, y2 = x2, y2, x1, y1
	}
	return segment{x1, y1, x2, y2}
}

// materialWant is what the file of one material must hold, worked out from
// the layout: the sheets along x a gap apart (the gap of the largest
// sheet), y flipped; every part's rectangle and a line along every banded
// edge as the part lies.
func materialWant(res nest.Result, pages []int) (parts []rect, bands []segment, names []string) {
	gap := 0.0
	for _, page := range pages {
		gap = max(gap, sheetGap(export.PageSheet(res, page)))
	}
	x0 := 0.0
	for _, page := range pages {
		s := export.PageSheet(res, page)
		for _, p := range res.Pages[page].Parts {
			l, r, top := x0+p.X, x0+p.X+p.Width, s.Height-p.Y
			b := top - p.Height
			parts = append(parts, rect{l, b, r, top})
			names = append(names, p.Name)
			if p.Edges == nil {
				continue
			}
			for _, e := range []struct {
				code string
				s    segment
			}{{p.Edges.Top, seg(l, top, r, top)}, {p.Edges.Bottom, seg(l, b, r, b)},
				{p.Edges.Left, seg(l, b, l, top)}, {p.Edges.Right, seg(r, b, r, top)}} {
				if e.code != "" {
					bands = append(bands, e.s)
				}
			}
		}
		x0 += s.Width + gap
	}
	return parts, bands, names
}

func TestMaterialFiles(t *testing.T) {
	got := []string{}
	for _, f := range MaterialFiles(exporttest.Materials()) {
		got = append(got, f.Name)
	}
	want := []string{"beyaz-sunta-18mm.dxf", "ceviz-mdf-18mm.dxf", "beyaz-sunta-8mm.dxf"}
	if !slices.Equal(got, want) {
		t.Errorf("MaterialFiles names %q, want %q", got, want)
	}
	// Names that fold to the same slug stay apart.
	res := nest.Result{Sheet: nest.Sheet{Width: 100, Height: 100}, Pages: []nest.Page{
		{Material: "Meşe", Thickness: 18, Parts: []nest.Placed{{Name: "a", Width: 10, Height: 10}}},
		{Material: "mese", Thickness: 18, Parts: []nest.Placed{{Name: "b", Width: 10, Height: 10}}},
		{Material: "Çam Ağacı / İç", Thickness: 8.5, Parts: []nest.Placed{{Name: "c", Width: 10, Height: 10}}},
		{Parts: []nest.Placed{{Name: "d", Width: 10, Height: 10}}},
	}}
	got = got[:0]
	for _, f := range MaterialFiles(res) {
		got = append(got, f.Name)
	}
	want = []string{"mese-18mm.dxf", "mese-18mm-2.dxf", "cam-agaci-ic-8.5mm.dxf", "malzemesiz.dxf"}
	if !slices.Equal(got, want) {
		t.Errorf("MaterialFiles names %q, want %q", got, want)
	}
	if !SeveralMaterials(res) || SeveralMaterials(exporttest.Small()) {
		t.Error("SeveralMaterials wrong")
	}
}

// TestZipOneFilePerMaterial reads every file of the archives of the hand-made
// and the engine's layouts of three materials with the tests' own reader:
// each holds exactly its material's parts, at their places on sheets of
// their own size, and its banded edges on the BANT layer.
func TestZipOneFilePerMaterial(t *testing.T) {
	for _, res := range []nest.Result{exporttest.Materials(), exporttest.EngineMaterials(t)} {
		checkZip(t, res)
	}
}

func checkZip(t *testing.T, res nest.Result) {
	t.Helper()
	defer func() {
		if !export.HasEdges(res) {
			t.Error("the layout has no banded edge to check")
		}
	}()
	names, files := zipOf(t, res)
	mf := MaterialFiles(res)
	if len(names) != len(mf) {
		t.Fatalf("archive holds %q, want %d files", names, len(mf))
	}
	for i, f := range mf {
		if names[i] != f.Name {
			t.Errorf("file %d is %q, want %q", i, names[i], f.Name)
			continue
		}
		objs, err := parseDXF(files[f.Name])
		if err != nil {
			t.Fatalf("%s: %v", f.Name, err)
		}
		wantParts, wantBands, _ := materialWant(res, f.Pages)
		var parts []rect
		var bands []segment
		bandLayer := false
		for _, o := range objs {
			switch {
			case o.kind == "LAYER" && o.get(2) == LayerBand:
				bandLayer = true
			case o.kind == "LWPOLYLINE" && o.get(8) == LayerParts:
				xs, ys := floats(o, 10), floats(o, 20)
				parts = append(parts, rect{slices.Min(xs), slices.Min(ys), slices.Max(xs), slices.Max(ys)})
			case o.kind == "LINE" && o.get(8) == LayerBand:
				v := slices.Concat(floats(o, 10), floats(o, 20), floats(o, 11), floats(o, 21))
				bands = append(bands, seg(v[0], v[1], v[2], v[3]))
			}
		}
		slices.SortFunc(parts, compareRects)
		slices.SortFunc(wantParts, compareRects)
		if len(parts) != len(wantParts) || !slices.EqualFunc(parts, wantParts, rect.near) {
			t.Errorf("%s: parts %v, want %v", f.Name, parts, wantParts)
		}
		if bandLayer != (len(wantBands) > 0) {
			t.Errorf("%s: BANT layer %v, with %d banded edges", f.Name, bandLayer, len(wantBands))
		}
		cmpSeg := func(a, b segment) int { return compareRects(a.rect(), b.rect()) }
		slices.SortFunc(bands, cmpSeg)
		slices.SortFunc(wantBands, cmpSeg)
		if !slices.EqualFunc(bands, wantBands, func(a, b segment) bool { return a.rect().near(b.rect()) }) {
			t.Errorf("%s: BANT lines %v, want %v", f.Name, bands, wantBands)
		}
	}
}

func TestWriteMaterial(t *testing.T) {
	res := exporttest.Materials()
	var buf bytes.Buffer
	if err := WriteMaterial(&buf, res, "Ceviz MDF", 18, Options{}); err != nil {
		t.Fatal(err)
	}
	_, files := materialsZip(t)
	// The same file as in the archive, but for the stock names (no Stock
	// given here): both have the walnut's two doors and nothing else.
	for _, data := range [][]byte{buf.Bytes(), files["ceviz-mdf-18mm.dxf"]} {
		if n := strings.Count(string(data), "\n"+LayerParts+"\n"); n != 2+1 { // the layer record and 2 parts
			t.Errorf("%d CUTTING_PARTS mentions, want the layer and 2 parts", n)
		}
	}
	var file bytes.Buffer
	if err := WriteFile(&file, res, MaterialFiles(res)[1], Options{}); err != nil || !bytes.Equal(file.Bytes(), buf.Bytes()) {
		t.Errorf("WriteFile of the walnut: %v, or not WriteMaterial's file", err)
	}
	if err := WriteFile(&bytes.Buffer{}, res, MaterialFile{Pages: []int{9}}, Options{}); err == nil {
		t.Error("WriteFile of a missing page: no error")
	}
	if err := WriteMaterial(&bytes.Buffer{}, res, "Meşe", 18, Options{}); err == nil || !strings.Contains(err.Error(), "Meşe 18 mm") {
		t.Errorf("WriteMaterial of a missing material: %v", err)
	}
	var zbuf bytes.Buffer
	if err := WriteZip(&zbuf, nest.Result{Sheet: nest.Sheet{Width: 100, Height: 100}}, Options{}); !errors.Is(err, export.ErrEmpty) || zbuf.Len() > 0 {
		t.Errorf("WriteZip of nothing: %v and %d bytes", err, zbuf.Len())
	}
	// A result without materials is one file, the same as Write's.
	var one, all bytes.Buffer
	small := exporttest.Small()
	if err := WriteMaterial(&one, small, "", 0, Options{}); err != nil {
		t.Fatal(err)
	}
	if err := Write(&all, small, Options{}); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(one.Bytes(), all.Bytes()) {
		t.Error("WriteMaterial of a result without materials differs from Write")
	}
}

// bandScript reads every file with ezdxf: no audit problem, and the LINEs
// on the BANT layer and the part polylines exactly where the layout says.
const bandScript = `
import json, sys
import ezdxf
problems = []
for job in json.load(open(sys.argv[1])):
    name = job["file"]
    doc = ezdxf.readfile(name)
    auditor = doc.audit()
    for e in auditor.errors + auditor.fixes:
        problems.append("%s: audit: %s" % (name, e))
    msp = doc.modelspace()
    def key(v):
        return [round(x, 2) for x in v]
    got = sorted(key(sorted([(l.dxf.start.x, l.dxf.start.y), (l.dxf.end.x, l.dxf.end.y)])[0] + sorted([(l.dxf.start.x, l.dxf.start.y), (l.dxf.end.x, l.dxf.end.y)])[1])
                 for l in msp.query('LINE[layer=="BANT"]'))
    want = sorted(key(s) for s in job["bands"])
    if got != want:
        problems.append("%s: BANT lines %s, want %s" % (name, got, want))
    if job["bands"] and not doc.layers.has_entry("BANT"):
        problems.append("%s: no BANT layer" % name)
    parts = []
    for pl in msp.query('LWPOLYLINE[layer=="CUTTING_PARTS"]'):
        pts = list(pl.get_points("xy"))
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        parts.append(key([min(xs), min(ys), max(xs), max(ys)]))
    if sorted(parts) != sorted(key(p) for p in job["parts"]):
        problems.append("%s: parts %s, want %s" % (name, sorted(parts), job["parts"]))
for p in problems:
    print(p)
sys.exit(1 if problems else 0)
`

func TestEzdxfReadsMaterialZip(t *testing.T) {
	if err := exec.Command(python, "-c", "import ezdxf").Run(); err != nil {
		exporttest.Missing(t, python+" with ezdxf (Debian package python3-ezdxf)")
	}
	type check struct {
		File  string       `json:"file"`
		Parts [][4]float64 `json:"parts"`
		Bands [][4]float64 `json:"bands"`
	}
	dir := t.TempDir()
	var checks []check
	for k, res := range []nest.Result{exporttest.Materials(), exporttest.EngineMaterials(t)} {
		_, files := zipOf(t, res)
		for _, f := range MaterialFiles(res) {
			c := check{File: filepath.Join(dir, strconv.Itoa(k)+"-"+f.Name), Bands: [][4]float64{}}
			if err := os.WriteFile(c.File, files[f.Name], 0o644); err != nil {
				t.Fatal(err)
			}
			parts, bands, _ := materialWant(res, f.Pages)
			for _, r := range parts {
				c.Parts = append(c.Parts, [4]float64{r.minX, r.minY, r.maxX, r.maxY})
			}
			for _, s := range bands {
				c.Bands = append(c.Bands, s)
			}
			checks = append(checks, c)
		}
	}
	if len(checks) != 6 {
		t.Fatalf("%d files, want 3 per layout", len(checks))
	}
	list, _ := json.Marshal(checks)
	listFile, script := filepath.Join(dir, "jobs.json"), filepath.Join(dir, "check.py")
	os.WriteFile(listFile, list, 0o644)
	os.WriteFile(script, []byte(bandScript), 0o644)
	if out, err := exec.Command(python, script, listFile).CombinedOutput(); err != nil {
		t.Errorf("ezdxf: %v\n%s", err, strings.TrimSpace(string(out)))
	}
}

// floats returns every value of code in o, as numbers (NaN when not one).
func floats(o object, code int) []float64 {
	var v []float64
	for _, p := range o.pairs {
		if p.code == code {
			f, err := strconv.ParseFloat(strings.TrimSpace(p.value), 64)
			if err != nil {
				f = math.NaN()
			}
			v = append(v, f)
		}
	}
	return v
}

// FuzzWriteZip writes layouts with materials whatever their pages' sizes,
// names and band codes: an archive of DXF files or an error, never a panic.
func FuzzWriteZip(f *testing.F) {
	f.Add("Beyaz Sunta", 18.0, 183.0, 366.0, "B1")
	f.Add("", 0.0, 0.0, 0.0, "")
	f.Add("\x00😀/../\\", -1.0, 1e300, 1e-300, "😀\n%%d")
	f.Fuzz(func(t *testing.T, material string, thickness, w, h float64, code string) {
		res := exporttest.Materials()
		res.Pages[1].Material, res.Pages[1].Thickness, res.Pages[1].Width, res.Pages[1].Height = material, thickness, w, h
		res.Pages[1].Parts[1].Edges = &nest.Edges{Left: code}
		var buf bytes.Buffer
		if err := WriteZip(&buf, res, Options{}); err != nil {
			if !errors.Is(err, export.ErrInvalid) || buf.Len() != 0 {
				t.Fatalf("error %v after %d bytes", err, buf.Len())
			}
			return
		}
		z, err := zip.NewReader(bytes.NewReader(buf.Bytes()), int64(buf.Len()))
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range z.File {
			if strings.ContainsAny(f.Name, "/\\ ") || !strings.HasSuffix(f.Name, ".dxf") {
				t.Fatalf("file name %q", f.Name)
			}
		}
	})
}
