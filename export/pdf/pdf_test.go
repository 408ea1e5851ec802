package pdf

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"kesim/export"
	"kesim/export/internal/exporttest"
	"kesim/nest"
)

var testNow = time.Date(2026, 11, 22, 14, 5, 0, 0, time.UTC)

type job struct {
	name string
	res  nest.Result
	// pages is the exact page count when known, else 0.
	pages int
}

func jobs(t testing.TB) []job {
	js := []job{
		// Summary, then one page per sheet: both part lists fit beside or below.
		{name: "small", res: exporttest.Small(), pages: 3},
		{name: "grid 300", res: exporttest.Grid(300)},
		{name: "landscape", res: landscape()},
	}
	for i, res := range exporttest.EngineLayouts(t) {
		js = append(js, job{name: fmt.Sprintf("engine %d", i), res: res})
	}
	return js
}

// landscape is a one-sheet layout on a sheet wider than tall, with two
// identical sheets.
func landscape() nest.Result {
	parts := []nest.Placed{
		{Name: exporttest.TurkishName, X: 0, Y: 0, Width: 120, Height: 40},
		{Name: "Üst Tabla", X: 120, Y: 0, Width: 80, Height: 60, Rotated: true},
		{Name: "Şerit", X: 0, Y: 40, Width: 2, Height: 50},
	}
	return nest.Result{
		Sheet: nest.Sheet{Width: 210, Height: 100},
		Pages: []nest.Page{{ID: "page-0", Efficiency: 48, Parts: parts}, {ID: "page-1", Efficiency: 48, Parts: parts}},
	}
}

func write(t testing.TB, res nest.Result, opt Options) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := Write(&buf, res, opt); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func run(t testing.TB, name string, args ...string) string {
	t.Helper()
	out, err := exec.Command(name, args...).CombinedOutput()
	if err != nil {
		t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
	}
	return string(out)
}

var pageSizeLine = regexp.MustCompile(`(?m)^Page +(\d+) size: +([\d.]+) x ([\d.]+) pts`)

// TestPopplerAndQpdfReadEveryFile checks every file with independent tools:
// qpdf finds no damage, pdfinfo gives the page count and A4 in the right
// orientation, pdftotext gives back the summary, every part name and the
// page numbers.
func TestPopplerAndQpdfReadEveryFile(t *testing.T) {
	qpdf := exporttest.Tool(t, "qpdf", "qpdf")
	pdfinfo := exporttest.Tool(t, "pdfinfo", "poppler-utils")
	pdftotext := exporttest.Tool(t, "pdftotext", "poppler-utils")
	dir := t.TempDir()
	for i, j := range jobs(t) {
		t.Run(j.name, func(t *testing.T) {
			file := filepath.Join(dir, fmt.Sprintf("%d.pdf", i))
			if err := os.WriteFile(file, write(t, j.res, Options{Now: testNow}), 0o644); err != nil {
				t.Fatal(err)
			}
			run(t, qpdf, "--check", file)

			info := run(t, pdfinfo, "-f", "1", "-l", "100000", file)
			sizes := pageSizeLine.FindAllStringSubmatch(info, -1)
			pages := len(sizes)
			if j.pages > 0 && pages != j.pages {
				t.Errorf("%d pages, want %d", pages, j.pages)
			}
			if pages < 1+len(j.res.Pages) {
				t.Errorf("%d pages for %d sheets and a summary", pages, len(j.res.Pages))
			}
			wantW, wantH := "595.28", "841.89"
			if j.res.Sheet.Width > j.res.Sheet.Height {
				wantW, wantH = wantH, wantW
			}
			for _, s := range sizes {
				if s[2] != wantW || s[3] != wantH {
					t.Errorf("page %s is %s x %s pt, want A4 %s x %s", s[1], s[2], s[3], wantW, wantH)
					break
				}
			}

			text := run(t, pdftotext, "-enc", "UTF-8", file, "-")
			placed := 0
			for _, pg := range j.res.Pages {
				placed += len(pg.Parts)
			}
			want := []string{
				DefaultTitle, "Toplam parça", strconv.Itoa(placed), "Ortalama verim",
				export.Size(j.res.Sheet.Width, j.res.Sheet.Height) + " cm", "22.11.2026 14:05",
				fmt.Sprintf("Sayfa 1 / %d", pages), fmt.Sprintf("Sayfa %d / %d", pages, pages),
			}
			// Grid's parts all differ, so it has no part types table.
			if types := len(partTypes(j.res)); types <= maxTypeRows {
				want = append(want, "Parça çeşitleri")
			} else if strings.Contains(text, "Parça çeşitleri") {
				t.Errorf("a part types table of %d types for %d parts", types, placed)
			}
			for _, pg := range j.res.Pages {
				for _, p := range pg.Parts {
					want = append(want, p.Name)
				}
				if len(pg.Cuts) > 0 {
					want = append(want, fmt.Sprintf("%d kesim", len(pg.Cuts)), fmt.Sprintf("K%d", len(pg.Cuts)), "Kesim sırası")
				}
			}
			for _, w := range want {
				if !strings.Contains(text, w) {
					t.Errorf("pdftotext did not find %q", w)
				}
			}
			// A Turkish reader writes 45,5 and %82,6: no number on the
			// paper has a decimal point (the date 22.11.2026 is no number).
			if m := decimalPoint.FindString(text); m != "" {
				t.Errorf("a number with a decimal point: %q", m)
			}
		})
	}
}

var decimalPoint = regexp.MustCompile(`(^|[^\d.])\d+\.\d{1,2}([^\d.]|$)`)

func TestTurkishTextAndRotatedMark(t *testing.T) {
	pdftotext := exporttest.Tool(t, "pdftotext", "poppler-utils")
	file := filepath.Join(t.TempDir(), "l.pdf")
	if err := os.WriteFile(file, write(t, landscape(), Options{Now: testNow, Title: "Mutfak Dolabı — Şube İzmir"}), 0o644); err != nil {
		t.Fatal(err)
	}
	text := run(t, pdftotext, "-enc", "UTF-8", "-f", "2", "-l", "2", file, "-")
	for _, w := range []string{exporttest.TurkishName, "120 x 40", "80 x 60 (D)", "Mutfak Dolabı — Şube İzmir"} {
		if !strings.Contains(text, w) {
			t.Errorf("page 2: pdftotext did not find %q in\n%s", w, text)
		}
	}
	if text := run(t, pdftotext, "-enc", "UTF-8", "-f", "3", "-l", "3", file, "-"); !strings.Contains(text, "Sayfa 1 ile aynı") {
		t.Errorf("page 3 does not say it is the same as sheet 1:\n%s", text)
	}
}

// A factory name longer than the page is shortened with "…" on the
// summary's heading, as on the other headings, instead of running off the
// page.
func TestLongTitleFitsTheSummary(t *testing.T) {
	pdftotext := exporttest.Tool(t, "pdftotext", "poppler-utils")
	file := filepath.Join(t.TempDir(), "l.pdf")
	title := strings.TrimSpace(strings.Repeat("Özdemir Mobilya Dekorasyon ", 5))
	if err := os.WriteFile(file, write(t, landscape(), Options{Now: testNow, Title: title}), 0o644); err != nil {
		t.Fatal(err)
	}
	text := run(t, pdftotext, "-enc", "UTF-8", "-f", "1", "-l", "1", file, "-")
	heading := strings.SplitN(strings.TrimSpace(text), "\n", 2)[0]
	if !strings.HasSuffix(heading, "…") || !strings.HasPrefix(title, strings.TrimSuffix(heading, "…")) {
		t.Errorf("summary heading %q: want the title shortened with …", heading)
	}
}

// TestRenderedPageIsNotBlank renders a sheet's page and counts the pixels
// that are not white: the drawing must cover a good part of the page.
func TestRenderedPageIsNotBlank(t *testing.T) {
	pdftoppm := exporttest.Tool(t, "pdftoppm", "poppler-utils")
	dir := t.TempDir()
	file := filepath.Join(dir, "s.pdf")
	if err := os.WriteFile(file, write(t, exporttest.Small(), Options{Now: testNow}), 0o644); err != nil {
		t.Fatal(err)
	}
	run(t, pdftoppm, "-png", "-r", "40", "-f", "2", "-l", "2", "-singlefile", file, filepath.Join(dir, "p"))
	img := exporttest.ReadPNG(t, filepath.Join(dir, "p.png"))
	b := img.Bounds()
	if b.Dx() > b.Dy() {
		t.Errorf("page 2 is %d x %d px: landscape, want portrait", b.Dx(), b.Dy())
	}
	inked, coloured := 0, 0
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			cr, cg, cb, _ := img.At(x, y).RGBA()
			if cr < 0xf000 || cg < 0xf000 || cb < 0xf000 {
				inked++
			}
			if max(cr, cg, cb)-min(cr, cg, cb) > 0x1800 {
				coloured++ // the parts' fill colours
			}
		}
	}
	total := b.Dx() * b.Dy()
	t.Logf("%d x %d px: %.1f%% not white, %.1f%% coloured", b.Dx(), b.Dy(),
		100*float64(inked)/float64(total), 100*float64(coloured)/float64(total))
	if inked < total/10 || coloured < total/20 {
		t.Errorf("page 2 looks blank: %d of %d pixels not white, %d coloured", inked, total, coloured)
	}
}

func TestEngineLayoutsNeedNoClamp(t *testing.T) {
	for i, res := range exporttest.EngineLayouts(t) {
		write(t, res, Options{Now: testNow, OnClamp: func(page int, before, after nest.Placed) {
			t.Errorf("layout %d page %d: part %+v clamped to %+v", i, page, before, after)
		}})
	}
}

func TestClampIsReported(t *testing.T) {
	res := exporttest.Small()
	res.Pages[1].Parts[0].X = 90 // 20 cm wide: 10 cm beyond the sheet
	clamps := 0
	write(t, res, Options{OnClamp: func(page int, before, after nest.Placed) {
		clamps++
		if page != 1 || after.X != 80 {
			t.Errorf("clamp on page %d to x=%v, want page 1 and x=80", page, after.X)
		}
	}})
	if clamps != 1 {
		t.Errorf("%d clamps, want 1", clamps)
	}
}

func TestNothingToExport(t *testing.T) {
	for _, res := range []nest.Result{
		{Sheet: nest.Sheet{Width: 100, Height: 148}},
		{Sheet: nest.Sheet{Width: 100, Height: 148}, Pages: []nest.Page{{ID: "page-0"}}},
	} {
		var buf bytes.Buffer
		err := Write(&buf, res, Options{})
		if !errors.Is(err, export.ErrEmpty) || buf.Len() != 0 {
			t.Errorf("error %v and %d bytes; want %v and nothing", err, buf.Len(), export.ErrEmpty)
		}
	}
}

func TestSameLayoutSameFile(t *testing.T) {
	a := write(t, exporttest.Small(), Options{Now: testNow})
	b := write(t, exporttest.Small(), Options{Now: testNow})
	if !bytes.Equal(a, b) {
		t.Error("two files of the same layout and time differ")
	}
}

// FuzzWrite writes layouts with arbitrary names and sizes: Write must never
// panic, and must either refuse the layout or write a PDF.
func FuzzWrite(f *testing.F) {
	f.Add(exporttest.TurkishName, 45.5, 30.0, 100.0, 148.0, "")
	f.Add("\x00\xff😀\u202e", 0.01, 1000.0, 1000.0, 0.5, "https://kesim.local/is/42/levha/")
	f.Add(strings.Repeat("Uzun ad ", 40), 1e5, 1e-3, 1e5, 1e5, "http://[::1]:8080/"+strings.Repeat("%", 600))
	f.Fuzz(func(t *testing.T, name string, w, h, sw, sh float64, sheetURL string) {
		res := nest.Result{Sheet: nest.Sheet{Width: sw, Height: sh}, Pages: []nest.Page{{Parts: []nest.Placed{
			{Name: name, Width: w, Height: h},
		}}}}
		var buf bytes.Buffer
		if err := Write(&buf, res, Options{Now: testNow, SheetURL: sheetURL}); err != nil {
			bad := errors.Is(err, export.ErrInvalid) || errors.Is(err, export.ErrSheetURL) || errors.Is(err, export.ErrSheetURLLong)
			if !bad || buf.Len() != 0 {
				t.Fatalf("error %v after %d bytes", err, buf.Len())
			}
			return
		}
		if !bytes.HasPrefix(buf.Bytes(), []byte("%PDF-")) {
			t.Fatalf("not a PDF: %q", buf.Bytes()[:min(20, buf.Len())])
		}
	})
}

// BenchmarkWrite writes a 3,000-part layout; bytes/file is the file's size.
func BenchmarkWrite(b *testing.B) {
	benchWrite(b, exporttest.Grid(3000))
}

// benchWrite writes res b.N times and reports the file's size and sheets.
func benchWrite(b *testing.B, res nest.Result) {
	var buf bytes.Buffer
	for b.Loop() {
		buf.Reset()
		if err := Write(&buf, res, Options{Now: testNow}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(buf.Len()), "bytes/file")
	b.ReportMetric(float64(len(res.Pages)), "sheets")
}

// TestPlanSheetPage checks, for sheets of many shapes and lists of many
// lengths, that the drawing keeps the sheet's proportions inside the page's
// content, and that a list on the page lies inside it too, below or beside
// the drawing, with room for at least its first row.
func TestPlanSheetPage(t *testing.T) {
	pages := map[string]box{
		"portrait":  {margin, margin, 210 - 2*margin, 297 - margin - footerHeight},
		"landscape": {margin, margin, 297 - 2*margin, 210 - margin - footerHeight},
	}
	const eps = 1e-9
	inside := func(in, b box) bool {
		return b.x >= in.x-eps && b.y >= in.y-eps && b.x+b.w <= in.x+in.w+eps && b.y+b.h <= in.y+in.h+eps
	}
	for pageName, content := range pages {
		for _, wh := range [][2]float64{{100, 148}, {148, 100}, {210, 100}, {280, 207}, {183, 366}, {2, 1000}, {1000, 2}, {45.5, 30.25}, {1000, 1000}} {
			s := nest.Sheet{Width: wh[0], Height: wh[1]}
			for _, c := range []struct {
				n      int
				minCol float64
			}{{1, 40}, {3, 45}, {12, 57}, {40, 65}, {300, 40}, {3000, 80}, {20, 150}} {
				n, minCol := c.n, c.minCol
				l := planSheetPage(content, s, n, minCol)
				where := fmt.Sprintf("%s page, %v x %v sheet, %d parts in %v mm columns", pageName, s.Width, s.Height, n, minCol)
				if !inside(content, l.drawing) || l.scale <= 0 {
					t.Errorf("%s: drawing %+v outside %+v", where, l.drawing, content)
				}
				if d := l.drawing.w/l.drawing.h - s.Width/s.Height; d > 1e-9 || d < -1e-9 {
					t.Errorf("%s: drawing %+v is not in the sheet's proportions", where, l.drawing)
				}
				if !l.listOnPage {
					continue
				}
				below := l.list.y >= l.drawing.y+l.drawing.h
				beside := l.list.x >= l.drawing.x+l.drawing.w
				if !inside(content, l.list) || !(below || beside) || l.list.h < listHead+listRow-eps || l.list.w < minListRoom-listGap {
					t.Errorf("%s: list %+v, drawing %+v, content %+v", where, l.list, l.drawing, content)
				}
				// The list has its columns' width, beside the drawing too.
				if l.list.w < min(minCol, content.w)-eps {
					t.Errorf("%s: list %+v narrower than its column", where, l.list)
				}
			}
		}
	}
}

func TestPartTypes(t *testing.T) {
	res := landscape()
	res.Pages[1].Parts = append(slices.Clone(res.Pages[1].Parts), nest.Placed{Name: "Üst Tabla", X: 120, Y: 60, Width: 60, Height: 80})
	got := partTypes(res)
	want := [][]string{
		{exporttest.TurkishName, "120 x 40", "2", "1, 2"},
		{"Üst Tabla", "60 x 80", "3", "1, 2"}, // rotated copies counted in the part's own orientation
		{"Şerit", "2 x 50", "2", "1, 2"},
	}
	if !slices.EqualFunc(got, want, slices.Equal) {
		t.Errorf("partTypes = %q, want %q", got, want)
	}
}

func TestListLines(t *testing.T) {
	parts := []nest.Placed{{Name: "Kapak", Width: 45.5, Height: 30}, {Name: "Yan", Width: 20, Height: 60, Rotated: true}}
	cuts := []nest.Cut{
		{Order: 1, X: 0, Y: 30, Length: 100, Direction: nest.Horizontal},
		{Order: 2, X: 45.5, Y: 0, Length: 30, Direction: nest.Vertical},
	}
	var got []string
	for _, l := range listLines(parts, cuts, nil, 0) {
		got = append(got, fmt.Sprintf("%v|%s|%s|%s", l.heading, l.number, l.text, l.right))
	}
	want := []string{
		"false|1|Kapak|45,5 x 30",
		"false|2|Yan|20 x 60 (D)",
		"true|Sıra|Kesim sırası|Boy (cm)",
		"false|K1|Yatay, y = 30|100",
		"false|K2|Dikey, x = 45,5|30",
	}
	if !slices.Equal(got, want) {
		t.Errorf("listLines:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if lines := listLines(parts, nil, nil, 0); len(lines) != 2 {
		t.Errorf("%d lines for 2 parts without cuts", len(lines))
	}
}

// The summary's average efficiency is the engine's, as the page shows it:
// six 45,5 x 74 parts on two 100 x 148 sheets cover exactly 68,25 %, which
// the engine rounds to 68,3 and a recomputation rounded to even made 68,2.
func TestSummaryEfficiencyIsTheEngines(t *testing.T) {
	pdftotext := exporttest.Tool(t, "pdftotext", "poppler-utils")
	res, err := nest.Layout(context.Background(), nest.Request{
		Sheet: nest.Sheet{Width: 100, Height: 148},
		Parts: []nest.Part{{Name: "Kapak", Width: 45.5, Height: 74, Quantity: 6}},
	}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if res.Stats.Efficiency != 68.3 {
		t.Fatalf("engine efficiency %v, want 68.3", res.Stats.Efficiency)
	}
	file := filepath.Join(t.TempDir(), "e.pdf")
	if err := os.WriteFile(file, write(t, res, Options{Now: testNow}), 0o644); err != nil {
		t.Fatal(err)
	}
	if text := run(t, pdftotext, "-enc", "UTF-8", "-f", "1", "-l", "1", file, "-"); !strings.Contains(text, "%68,3") {
		t.Errorf("the summary does not say %%68,3:\n%s", text)
	}
}
