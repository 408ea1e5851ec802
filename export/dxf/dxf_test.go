package dxf

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"

	"kesim/export"
	"kesim/export/internal/exporttest"
	"kesim/nest"
)

// tolerance is how far a drawn corner may be from the layout's, in cm.
const tolerance = 0.01

// rect is an axis-parallel rectangle in the file's coordinates.
type rect struct{ minX, minY, maxX, maxY float64 }

func (r rect) near(o rect) bool {
	return math.Abs(r.minX-o.minX) <= tolerance && math.Abs(r.minY-o.minY) <= tolerance &&
		math.Abs(r.maxX-o.maxX) <= tolerance && math.Abs(r.maxY-o.maxY) <= tolerance
}

func compareRects(a, b rect) int {
	for _, d := range []float64{a.minX - b.minX, a.minY - b.minY, a.maxX - b.maxX, a.maxY - b.maxY} {
		if math.Abs(d) > tolerance {
			if d < 0 {
				return -1
			}
			return 1
		}
	}
	return 0
}

// job is one file to write and what it must contain.
type job struct {
	name  string
	res   nest.Result
	page  int // -1: Write, else WriteSheet of this page
	pages []int
}

func (j job) write(opt Options) ([]byte, error) {
	var buf bytes.Buffer
	var err error
	if j.page < 0 {
		err = Write(&buf, j.res, opt)
	} else {
		err = WriteSheet(&buf, j.res, j.page, opt)
	}
	return buf.Bytes(), err
}

// drawnPages lists the pages the file draws, in order along x.
func (j job) drawnPages() []int {
	if j.page >= 0 {
		return []int{j.page}
	}
	// Write draws a sheet pattern once: the first page of each pattern
	// number, and every page without one.
	var pages []int
	seen := map[int]bool{}
	for i, pg := range j.res.Pages {
		if pg.Pattern > 0 && seen[pg.Pattern] {
			continue
		}
		seen[pg.Pattern] = pg.Pattern > 0
		pages = append(pages, i)
	}
	return pages
}

// want returns the sheet outlines and part rectangles the file must hold,
// worked out from the layout: y flipped, each sheet's origin at its
// bottom-left corner, sheets a gap apart along x.
func (j job) want() (outlines, parts []rect) {
	outlines, parts, _ = j.wantWithCuts()
	return outlines, parts
}

// wantWithCuts is want with the guillotine cuts too, each as the degenerate
// rectangle its line spans.
func (j job) wantWithCuts() (outlines, parts, cuts []rect) {
	s := j.res.Sheet
	for i, page := range j.drawnPages() {
		x0 := float64(i) * (s.Width + sheetGap(s))
		outlines = append(outlines, rect{x0, 0, x0 + s.Width, s.Height})
		for _, p := range j.res.Pages[page].Parts {
			parts = append(parts, rect{x0 + p.X, s.Height - p.Y - p.Height, x0 + p.X + p.Width, s.Height - p.Y})
		}
		for _, c := range j.res.Pages[page].Cuts {
			if c.Direction == nest.Vertical {
				cuts = append(cuts, rect{x0 + c.X, s.Height - c.Y - c.Length, x0 + c.X, s.Height - c.Y})
			} else {
				cuts = append(cuts, rect{x0 + c.X, s.Height - c.Y, x0 + c.X + c.Length, s.Height - c.Y})
			}
		}
	}
	return outlines, parts, cuts
}

func jobs(t testing.TB) []job {
	small := exporttest.Small()
	js := []job{
		{name: "small", res: small, page: -1},
		{name: "small sheet 2", res: small, page: 1},
		{name: "grid 300", res: exporttest.Grid(300), page: -1},
	}
	for i, res := range exporttest.EngineLayouts(t) {
		js = append(js, job{name: fmt.Sprintf("engine %d", i), res: res, page: -1})
	}
	return js
}

// checkFile checks a written file against its job with the test's own
// reader: structure, header, handles and owners, layers, one closed polyline
// per part at the right place, outlines, names and sequence numbers.
func checkFile(t *testing.T, j job, data []byte) {
	t.Helper()
	objs, err := parseDXF(data)
	if err != nil {
		t.Fatalf("not a DXF file: %v", err)
	}
	var sections []string
	handles := map[string]bool{}
	var owners []string
	layerTable := map[string]bool{}
	header := map[string]string{}
	var outlines, parts, cutLines []rect
	var colors []int
	gridLines := 0
	texts := map[string][]string{}
	for _, o := range objs {
		if o.kind == "SECTION" {
			sections = append(sections, o.section)
			if o.section == "HEADER" {
				for k := 0; k+1 < len(o.pairs); k++ {
					if o.pairs[k].code == 9 {
						header[o.pairs[k].value] = o.pairs[k+1].value
					}
				}
			}
		}
		for _, p := range o.pairs {
			switch {
			case o.section == "HEADER":
				// $HANDSEED's value has code 5 too, but it is no handle.
			case p.code == 5 || (p.code == 105 && o.kind == "DIMSTYLE"):
				if handles[p.value] {
					t.Errorf("handle %s used twice", p.value)
				}
				handles[p.value] = true
			case p.code == 330:
				owners = append(owners, p.value)
			}
		}
		if o.section == "TABLES" && o.kind == "LAYER" {
			layerTable[o.get(2)] = true
		}
		if o.section != "ENTITIES" {
			continue
		}
		if o.get(8) == LayerBoundary && (o.kind != "LWPOLYLINE" || o.get(70) != "1") {
			// A CAM program reads this layer as the sheet: nothing but
			// the outline (no grid line, no text) may be on it.
			t.Errorf("%s entity %s on %s, which holds only the closed sheet outlines", o.kind, o.get(5), LayerBoundary)
		}
		if o.kind == "LINE" && o.get(8) == LayerGrid {
			gridLines++
		}
		switch {
		case o.kind == "LWPOLYLINE" && o.get(70) == "1":
			r, err := rectangleOf(o)
			if err != nil {
				t.Fatalf("%s polyline: %v", o.get(8), err)
			}
			switch o.get(8) {
			case LayerParts:
				parts = append(parts, r)
				c, _ := strconv.Atoi(o.get(62))
				colors = append(colors, c)
			case LayerBoundary:
				outlines = append(outlines, r)
			}
		case o.kind == "LINE" && o.get(8) == LayerSequence:
			pts, err := o.points()
			if err != nil {
				t.Fatal(err)
			}
			x2, err1 := o.float(11)
			y2, err2 := o.float(21)
			if len(pts) != 1 || err1 != nil || err2 != nil {
				t.Fatalf("bad LINE %v", o.pairs)
			}
			cutLines = append(cutLines, rect{min(pts[0][0], x2), min(pts[0][1], y2), max(pts[0][0], x2), max(pts[0][1], y2)})
		case o.kind == "TEXT":
			s, err := decodeText(o.get(1))
			if err != nil {
				t.Fatal(err)
			}
			texts[o.get(8)] = append(texts[o.get(8)], s)
		}
	}

	wantSections := []string{"HEADER", "CLASSES", "TABLES", "BLOCKS", "ENTITIES", "OBJECTS"}
	if !slices.Equal(sections, wantSections) {
		t.Errorf("sections %v, want %v", sections, wantSections)
	}
	if header["$ACADVER"] != "AC1015" || header["$INSUNITS"] != "5" {
		t.Errorf("$ACADVER %q, $INSUNITS %q; want AC1015 and 5 (cm)", header["$ACADVER"], header["$INSUNITS"])
	}
	seed, err := strconv.ParseUint(header["$HANDSEED"], 16, 64)
	if err != nil {
		t.Fatalf("$HANDSEED %q: %v", header["$HANDSEED"], err)
	}
	for h := range handles {
		if v, err := strconv.ParseUint(h, 16, 64); err != nil || v == 0 || v >= seed {
			t.Errorf("handle %q is not a hexadecimal number in 1..$HANDSEED (%X)", h, seed)
		}
	}
	for _, o := range owners {
		if o != "0" && !handles[o] {
			t.Errorf("owner %s is no object's handle", o)
		}
	}
	for _, l := range layers {
		if !layerTable[l.name] {
			t.Errorf("layer %s missing from the LAYER table", l.name)
		}
	}

	wantOutlines, wantParts, wantCuts := j.wantWithCuts()
	matchRects(t, "sheet outline", outlines, wantOutlines)
	wantGrid := 0
	for _, r := range wantOutlines {
		wantGrid += gridCount(r.maxX-r.minX) + gridCount(r.maxY-r.minY)
	}
	if gridLines != wantGrid {
		t.Errorf("%d grid lines on %s, want %d (one every %d cm inside each sheet)", gridLines, LayerGrid, wantGrid, minorGrid)
	}
	matchRects(t, "part polyline", parts, wantParts)
	matchRects(t, "cut line", cutLines, wantCuts)
	var wantColors []int
	for _, page := range j.drawnPages() {
		for i := range j.res.Pages[page].Parts {
			wantColors = append(wantColors, 2+i%6)
		}
	}
	if !slices.Equal(colors, wantColors) {
		t.Errorf("part colours %v, want each sheet's cycling over 2..7: %v", colors, wantColors)
	}

	info := strings.Join(texts[LayerPartInfo], "\n")
	var wantSeq []string
	for _, page := range j.drawnPages() {
		for i, p := range j.res.Pages[page].Parts {
			if !strings.Contains(info, p.Name) {
				t.Errorf("part name %q not among the PART_INFO texts", p.Name)
			}
			wantSeq = append(wantSeq, strconv.Itoa(i+1))
		}
		for _, c := range j.res.Pages[page].Cuts {
			wantSeq = append(wantSeq, "K"+strconv.Itoa(c.Order))
		}
	}
	if !slices.Equal(texts[LayerSequence], wantSeq) {
		t.Errorf("sequence texts %v, want 1-based part numbers then cuts K1... per sheet %v", texts[LayerSequence], wantSeq)
	}
}

// rectangleOf returns the rectangle a closed 4-vertex polyline draws,
// failing when it is anything else.
func rectangleOf(o object) (rect, error) {
	pts, err := o.points()
	if err != nil {
		return rect{}, err
	}
	if len(pts) != 4 || o.get(90) != "4" {
		return rect{}, fmt.Errorf("%d vertices, want 4", len(pts))
	}
	r := rect{math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)}
	for _, p := range pts {
		r = rect{min(r.minX, p[0]), min(r.minY, p[1]), max(r.maxX, p[0]), max(r.maxY, p[1])}
	}
	for i, p := range pts {
		q := pts[(i+1)%4]
		if p[0] != q[0] && p[1] != q[1] {
			return rect{}, fmt.Errorf("edge %v-%v is not axis-parallel", p, q)
		}
	}
	return r, nil
}

// matchRects checks that got and want hold the same rectangles, in any order.
func matchRects(t *testing.T, what string, got, want []rect) {
	t.Helper()
	if len(got) != len(want) {
		t.Errorf("%d %ss, want %d", len(got), what, len(want))
		return
	}
	got, want = slices.Clone(got), slices.Clone(want)
	slices.SortFunc(got, compareRects)
	slices.SortFunc(want, compareRects)
	for i := range got {
		if !got[i].near(want[i]) {
			t.Errorf("%s %v, want %v (within %v cm)", what, got[i], want[i], tolerance)
			return
		}
	}
}

func TestWriteRoundTrip(t *testing.T) {
	for _, j := range jobs(t) {
		t.Run(j.name, func(t *testing.T) {
			data, err := j.write(Options{})
			if err != nil {
				t.Fatal(err)
			}
			checkFile(t, j, data)
		})
	}
}

// TestEngineLayoutsNeedNoClamp proves that the clamping the specification
// asks for never changes a real engine layout: a clamp would hide an engine
// bug, so it must stay a safety net.
func TestEngineLayoutsNeedNoClamp(t *testing.T) {
	for i, res := range exporttest.EngineLayouts(t) {
		clamps := 0
		opt := Options{OnClamp: func(page int, before, after nest.Placed) {
			clamps++
			t.Errorf("layout %d page %d: part %+v clamped to %+v", i, page, before, after)
		}}
		if err := Write(&bytes.Buffer{}, res, opt); err != nil {
			t.Fatal(err)
		}
		for page := range res.Pages {
			if err := WriteSheet(&bytes.Buffer{}, res, page, opt); err != nil {
				t.Fatal(err)
			}
		}
		t.Logf("layout %d: %d pages, %d parts, %d clamps", i, len(res.Pages), res.Stats.Placed, clamps)
	}
}

func TestClampKeepsPartsInside(t *testing.T) {
	res := nest.Result{Sheet: nest.Sheet{Width: 100, Height: 50}, Pages: []nest.Page{{Parts: []nest.Placed{
		{Name: "sol dışı", X: -5, Y: 10, Width: 20, Height: 10},
		{Name: "sağ alt dışı", X: 90, Y: 45, Width: 20, Height: 10},
		{Name: "fazla büyük", X: 0, Y: 0, Width: 120, Height: 10},
		{Name: "içeride", X: 50, Y: 20, Width: 10, Height: 10},
	}}}}
	var clamped []string
	var buf bytes.Buffer
	err := Write(&buf, res, Options{OnClamp: func(page int, before, after nest.Placed) {
		clamped = append(clamped, before.Name)
	}})
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"sol dışı", "sağ alt dışı", "fazla büyük"}; !slices.Equal(clamped, want) {
		t.Errorf("clamped %q, want %q", clamped, want)
	}
	inside := res
	inside.Pages = []nest.Page{{Parts: []nest.Placed{
		{Name: "sol dışı", X: 0, Y: 10, Width: 20, Height: 10},
		{Name: "sağ alt dışı", X: 80, Y: 40, Width: 20, Height: 10},
		{Name: "fazla büyük", X: 0, Y: 0, Width: 100, Height: 10},
		{Name: "içeride", X: 50, Y: 20, Width: 10, Height: 10},
	}}}
	checkFile(t, job{res: inside, page: -1}, buf.Bytes())
}

func TestNothingToExport(t *testing.T) {
	sheet := nest.Sheet{Width: 100, Height: 148}
	for _, tc := range []struct {
		name string
		res  nest.Result
		want error
	}{
		{"no pages", nest.Result{Sheet: sheet}, export.ErrEmpty},
		{"empty pages", nest.Result{Sheet: sheet, Pages: []nest.Page{{ID: "page-0"}, {ID: "page-1"}}}, export.ErrEmpty},
		{"zero sheet", nest.Result{Pages: exporttest.Small().Pages}, export.ErrInvalid},
		{"NaN position", nest.Result{Sheet: sheet, Pages: []nest.Page{{Parts: []nest.Placed{
			{X: math.NaN(), Width: 1, Height: 1}}}}}, export.ErrInvalid},
		{"zero width", nest.Result{Sheet: sheet, Pages: []nest.Page{{Parts: []nest.Placed{
			{Width: 0, Height: 1}}}}}, export.ErrInvalid},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var buf bytes.Buffer
			err := Write(&buf, tc.res, Options{})
			if !errors.Is(err, tc.want) || buf.Len() != 0 {
				t.Errorf("Write: error %v and %d bytes; want %v and nothing", err, buf.Len(), tc.want)
			}
			if len(tc.res.Pages) > 0 {
				err = WriteSheet(&buf, tc.res, 0, Options{})
				if !errors.Is(err, tc.want) || buf.Len() != 0 {
					t.Errorf("WriteSheet: error %v and %d bytes; want %v and nothing", err, buf.Len(), tc.want)
				}
			}
		})
	}
	if got := export.ErrEmpty.Error(); got != "UYARI: Export edilecek parça bulunamadı. Önce parça ekleyin." {
		t.Errorf("ErrEmpty says %q", got)
	}
	if err := WriteSheet(&bytes.Buffer{}, exporttest.Small(), 2, Options{}); err == nil {
		t.Error("WriteSheet of a missing page: no error")
	}
}

// FuzzText checks that every string, once escaped, is a single DXF value
// without control characters that decodes back to the string (control
// characters as spaces, letters outside the BMP as '?', cut to fit).
func FuzzText(f *testing.F) {
	for _, s := range []string{exporttest.TurkishName, `a\U+0041`, "50%%d %", "x\ny\r", "😀", strings.Repeat("ş", 300)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		enc := text(s)
		if len(enc) > maxValue {
			t.Fatalf("%d bytes, more than one group holds", len(enc))
		}
		for i := 0; i < len(enc); i++ {
			if enc[i] < 0x20 || enc[i] == 0x7f {
				t.Fatalf("byte %#x in %q", enc[i], enc)
			}
		}
		dec, err := decodeText(enc)
		if err != nil {
			t.Fatal(err)
		}
		var want strings.Builder
		for _, r := range s {
			switch {
			case r < 0x20 || r == 0x7f || r == '\uFFFD':
				r = ' '
			case r > 0xffff:
				r = '?'
			}
			want.WriteRune(r)
		}
		if !strings.HasPrefix(want.String(), dec) {
			t.Fatalf("%q decodes to %q, not a prefix of %q", s, dec, want.String())
		}
	})
}

// FuzzWrite writes layouts with arbitrary lengths: Write must either refuse
// them or write a file our reader accepts, with unique handles and every part
// inside its sheet.
func FuzzWrite(f *testing.F) {
	f.Add(100.0, 148.0, 0.0, 0.0, 45.5, 30.0, "Kapak")
	f.Add(10.0, 10.0, -5.0, 8.0, 20.0, 1e-9, "ş")
	f.Add(1e6, 0.01, 1e300, -1e300, 1e-300, 1e300, "%%d")
	f.Fuzz(func(t *testing.T, sw, sh, x, y, w, h float64, name string) {
		res := nest.Result{Sheet: nest.Sheet{Width: sw, Height: sh}, Pages: []nest.Page{{Parts: []nest.Placed{
			{Name: name, X: x, Y: y, Width: w, Height: h},
			{Name: "ikinci", X: 0, Y: 0, Width: sw / 2, Height: sh / 2},
		}}}}
		var buf bytes.Buffer
		if err := Write(&buf, res, Options{}); err != nil {
			if buf.Len() != 0 {
				t.Fatalf("error %v after writing %d bytes", err, buf.Len())
			}
			return
		}
		objs, err := parseDXF(buf.Bytes())
		if err != nil {
			t.Fatal(err)
		}
		handles := map[string]bool{}
		for _, o := range objs {
			if h := o.get(5); h != "" {
				if handles[h] {
					t.Fatalf("handle %s twice", h)
				}
				handles[h] = true
			}
			if o.kind == "LWPOLYLINE" && o.get(8) == LayerParts {
				r, err := rectangleOf(o)
				if err != nil {
					t.Fatal(err)
				}
				// Relative tolerance: at 1e6 cm a float64 keeps about 1e-10 cm.
				eps := 1e-6 * max(1, sw, sh)
				if r.minX < -eps || r.minY < -eps || r.maxX > sw+eps || r.maxY > sh+eps {
					t.Fatalf("part %v outside the %v x %v sheet", r, sw, sh)
				}
			}
		}
	})
}

// BenchmarkWrite writes a 3,000-part layout; bytes/file is the file's size.
func BenchmarkWrite(b *testing.B) {
	res := exporttest.Grid(3000)
	var buf bytes.Buffer
	for b.Loop() {
		buf.Reset()
		if err := Write(&buf, res, Options{}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(buf.Len()), "bytes/file")
	b.ReportMetric(float64(len(res.Pages)), "sheets")
}

// gridCount is the number of grid lines across a sheet side of length l:
// one at every multiple of 5 cm strictly inside it.
func gridCount(l float64) int {
	n := 0
	for k := 1; float64(k*minorGrid) < l; k++ {
		n++
	}
	return n
}
