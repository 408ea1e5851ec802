package labels

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"image/draw"
	"image/png"
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

var fixed = time.Date(2026, 11, 24, 10, 0, 0, 0, time.UTC)

func run(t *testing.T, name string, args ...string) string {
	t.Helper()
	out, err := exec.Command(name, args...).Output()
	if err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			t.Fatalf("%s %v: %v\n%s", name, args, err, ee.Stderr)
		}
		t.Fatalf("%s %v: %v", name, args, err)
	}
	return string(out)
}

func write(t *testing.T, req *nest.Request, res nest.Result, opt Options) string {
	t.Helper()
	var buf bytes.Buffer
	opt.Now = fixed
	if err := Write(&buf, req, res, opt); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "etiketler.pdf")
	if err := os.WriteFile(file, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return file
}

func pieces(res nest.Result) []string {
	var ids []string
	for _, pg := range res.Pages {
		for _, p := range pg.Parts {
			ids = append(ids, p.ID)
		}
	}
	return ids
}

// pdfPages returns the page count and the first page's size in points.
func pdfPages(t *testing.T, pdfinfo, file string) (int, float64, float64) {
	t.Helper()
	info := run(t, pdfinfo, file)
	m := regexp.MustCompile(`Pages:\s+(\d+)`).FindStringSubmatch(info)
	s := regexp.MustCompile(`Page size:\s+([\d.]+) x ([\d.]+) pts`).FindStringSubmatch(info)
	if m == nil || s == nil {
		t.Fatalf("pdfinfo: no page count or size in\n%s", info)
	}
	n, _ := strconv.Atoi(m[1])
	w, _ := strconv.ParseFloat(s[1], 64)
	h, _ := strconv.ParseFloat(s[2], 64)
	return n, w, h
}

// Each preset gives its page size and one label per piece: as many pages
// as the pieces fill, and every piece's id printed once.
func TestPresetsOneLabelPerPiece(t *testing.T) {
	pdfinfo := exporttest.Tool(t, "pdfinfo", "poppler-utils")
	pdftotext := exporttest.Tool(t, "pdftotext", "poppler-utils")
	req := exporttest.KitchenRequest()
	res := exporttest.EngineMaterials(t)
	ids := pieces(res)
	for _, c := range []struct {
		preset   string
		wMM, hMM float64
		perPage  int
	}{
		{"", 210, 297, 24},
		{PresetA4x24, 210, 297, 24},
		{PresetA4x8, 210, 297, 8},
		{PresetRoll, 100, 50, 1},
	} {
		t.Run(c.preset, func(t *testing.T) {
			file := write(t, &req, res, Options{Preset: c.preset, Job: "Mutfak"})
			n, w, h := pdfPages(t, pdfinfo, file)
			if want := (len(ids) + c.perPage - 1) / c.perPage; n != want {
				t.Errorf("%d pieces, %d per page: %d pages, want %d", len(ids), c.perPage, n, want)
			}
			const pt = 72 / 25.4
			if abs(w-c.wMM*pt) > 0.5 || abs(h-c.hMM*pt) > 0.5 {
				t.Errorf("page %.1f x %.1f pt, want %v x %v mm", w, h, c.wMM, c.hMM)
			}
			text := run(t, pdftotext, "-enc", "UTF-8", file, "-")
			for _, id := range ids {
				// The id under the barcode: once per label.
				if got := len(regexp.MustCompile(`(?m)^\s*`+regexp.QuoteMeta(id)+`\s*$`).FindAllString(text, -1)); got != 1 {
					t.Errorf("piece %s printed %d times, want once", id, got)
				}
			}
		})
	}
}

func abs(v float64) float64 { return max(v, -v) }

// The labels show the Turkish names, sizes, material, sheet and job as a
// Turkish reader writes them.
func TestTurkishText(t *testing.T) {
	pdftotext := exporttest.Tool(t, "pdftotext", "poppler-utils")
	req := exporttest.KitchenRequest()
	res := exporttest.EngineMaterials(t)
	file := write(t, &req, res, Options{Preset: PresetA4x8, Job: "Ayşe Hanım — Çeşme Mutfağı"})
	text := run(t, pdftotext, "-enc", "UTF-8", file, "-")
	for _, w := range []string{exporttest.TurkishName, "Arkalık", "Net 78 x 50 cm", "Beyaz Sunta 18 mm",
		"Ceviz MDF 18 mm", "Ayşe Hanım — Çeşme Mutfağı", "Levha 1 ·", "B1", "B2"} {
		if !strings.Contains(text, w) {
			t.Errorf("pdftotext did not find %q", w)
		}
	}
	// Cut sizes are the placed ones: with bands deducted they differ from
	// the finished size, and are written with a decimal comma.
	for _, pg := range res.Pages {
		for _, p := range pg.Parts {
			if w := "Kesim " + export.Size(p.Width, p.Height) + " cm"; !strings.Contains(text, w) {
				t.Errorf("pdftotext did not find %q", w)
			}
		}
	}
	if strings.Contains(text, "Malzemesiz") {
		t.Error("a label names no material as Malzemesiz")
	}
}

// Every Code 128 barcode and every QR code decodes to its piece's id, on
// the label of that piece: each label is cut out of the page rendered at
// 300 dpi and read alone, so that the labels' order is checked too.
func TestBarcodesDecode(t *testing.T) {
	pdftoppm := exporttest.Tool(t, "pdftoppm", "poppler-utils")
	zbarimg := exporttest.Tool(t, "zbarimg", "zbar-tools")
	req := exporttest.KitchenRequest()
	res := exporttest.EngineMaterials(t)
	grid := exporttest.Grid(30)
	trReq, trRes := turkishIDs(t)
	for _, c := range []struct {
		name     string
		req      *nest.Request
		res      nest.Result
		preset   string
		sheetURL string
	}{
		{"kitchen a4-3x8", &req, res, PresetA4x24, ""},
		{"grid a4-2x4", nil, grid, PresetA4x8, ""},
		{"kitchen roll", &req, res, PresetRoll, ""},
		// Turkish ids: the QR code carries them in UTF-8, the Code 128
		// their ASCII form.
		{"turkish ids a4-2x4", &trReq, trRes, PresetA4x8, ""},
		{"turkish ids a4-3x8", &trReq, trRes, PresetA4x24, ""},
		// The QR code opens the piece's sheet on a phone; the Code 128 keeps the id.
		{"kitchen a4-3x8 sheet url", &req, res, PresetA4x24, "https://kesim.atolye.local/is/lay-1f3a9c/levha/"},
		{"kitchen roll sheet url", &req, res, PresetRoll, "http://192.168.1.20:8080/is/" + strings.Repeat("7", 60)},
		// The longest address the default label takes: modules of 0,25 mm.
		{"grid a4-3x8 longest sheet url", nil, grid, PresetA4x24, "https://kesim.atolye.local/is/" + strings.Repeat("k", 141-30)},
	} {
		t.Run(c.name, func(t *testing.T) {
			file := write(t, c.req, c.res, Options{Preset: c.preset, Job: "İş 1", SheetURL: c.sheetURL})
			dir := t.TempDir()
			const dpi = 300
			run(t, pdftoppm, "-png", "-r", strconv.Itoa(dpi), file, filepath.Join(dir, "p"))
			pngs, _ := filepath.Glob(filepath.Join(dir, "p-*.png"))
			slices.Sort(pngs) // p-01.png, p-02.png ... (same width)
			pr := presets[c.preset]
			per := pr.cols * pr.rows
			order := Order(c.req, c.res)
			if want := (len(order) + per - 1) / per; len(pngs) != want {
				t.Fatalf("%d pages rendered, want %d", len(pngs), want)
			}
			var crops []string
			var page image.Image
			for i := range order {
				if i%per == 0 {
					page = exporttest.ReadPNG(t, pngs[i/per])
				}
				slot := i % per
				px := func(mm float64) int { return int(mm / 25.4 * dpi) }
				x0 := (pr.pageW-float64(pr.cols)*pr.labelW)/2 + float64(slot%pr.cols)*pr.labelW
				y0 := (pr.pageH-float64(pr.rows)*pr.labelH)/2 + float64(slot/pr.cols)*pr.labelH
				r := image.Rect(px(x0), px(y0), px(x0+pr.labelW), px(y0+pr.labelH))
				crop := image.NewGray(image.Rect(0, 0, r.Dx()+80, r.Dy()+80)) // a white margin
				draw.Draw(crop, crop.Bounds(), image.White, image.Point{}, draw.Src)
				draw.Draw(crop, r.Sub(r.Min).Add(image.Pt(40, 40)), page, r.Min, draw.Src)
				name := filepath.Join(dir, fmt.Sprintf("label-%04d.png", i))
				writePNG(t, name, crop)
				crops = append(crops, name)
			}
			out, _ := exec.Command(zbarimg, append([]string{"-q", "--xml"}, crops...)...).Output() // exit 4 when one decodes nothing
			got := map[string][]string{}
			for _, src := range regexp.MustCompile(`(?s)<source href='([^']*)'>(.*?)</source>`).FindAllStringSubmatch(string(out), -1) {
				if strings.Contains(src[2], "format='base64'") {
					// zbarimg's XML gives a QR code of UTF-8 text (a Turkish
					// id) as base64 of mangled bytes; its plain output, one
					// "TYPE:text" line a symbol, has the text as it is.
					plain, _ := exec.Command(zbarimg, "-q", src[1]).Output()
					for _, line := range strings.Split(strings.TrimSpace(string(plain)), "\n") {
						got[filepath.Base(src[1])] = append(got[filepath.Base(src[1])], line)
					}
					continue
				}
				for _, sym := range regexp.MustCompile(`(?s)<symbol type='([^']*)'.*?<data><!\[CDATA\[(.*?)\]\]></data>`).FindAllStringSubmatch(src[2], -1) {
					got[filepath.Base(src[1])] = append(got[filepath.Base(src[1])], sym[1]+":"+sym[2])
				}
			}
			for i, p := range order {
				codes := got[filepath.Base(crops[i])]
				slices.Sort(codes)
				qrText := p.ID
				if c.sheetURL != "" {
					qrText = export.SheetURL(c.sheetURL, p.Page)
				}
				if want := []string{"CODE-128:" + BarcodeText(p.ID), "QR-Code:" + qrText}; !slices.Equal(codes, want) {
					t.Errorf("label %d (%s): decoded %v, want %v", i+1, p.ID, codes, want)
				}
			}
		})
	}
}

func writePNG(t *testing.T, name string, img image.Image) {
	t.Helper()
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// A sheet with a cut sequence is labelled in the order the cuts free the
// pieces, which is not reading order; a sheet without cuts in reading order.
func TestOrder(t *testing.T) {
	res := nest.Result{Sheet: nest.Sheet{Width: 100, Height: 100}, Pages: []nest.Page{
		{ID: "page-0", Parts: []nest.Placed{
			{ID: "A", X: 0, Y: 0, Width: 50, Height: 60},
			{ID: "B", X: 0, Y: 60.4, Width: 50, Height: 39.6},
			{ID: "C", X: 50.4, Y: 0, Width: 49.6, Height: 30},
			{ID: "D", X: 50.4, Y: 30.4, Width: 49.6, Height: 69.6},
		}, Cuts: []nest.Cut{
			{Order: 1, X: 50, Y: 0, Length: 100, Direction: nest.Vertical},
			{Order: 2, X: 50.4, Y: 30, Length: 49.6, Direction: nest.Horizontal},
			{Order: 3, X: 0, Y: 60, Length: 50, Direction: nest.Horizontal},
		}},
		{ID: "page-1", Parts: []nest.Placed{
			{ID: "G", X: 50, Y: 50, Width: 10, Height: 10},
			{ID: "E", X: 0, Y: 0, Width: 10, Height: 10},
			{ID: "F", X: 20, Y: 0, Width: 10, Height: 10},
		}},
	}}
	req := nest.Request{Options: nest.Options{Kerf: 0.4}}
	for _, r := range []*nest.Request{&req, nil} {
		var got []string
		for _, p := range Order(r, res) {
			got = append(got, fmt.Sprintf("%d%s", p.Page+1, p.ID))
		}
		if want := []string{"1C", "1D", "1A", "1B", "2E", "2F", "2G"}; !slices.Equal(got, want) {
			t.Errorf("order %v, want %v", got, want)
		}
	}
}

// On the engine's guillotine layouts every piece is freed by a cut of its
// sheet, and the label order follows the cut sequence.
func TestOrderEngineGuillotine(t *testing.T) {
	reqs := exporttest.EngineRequests()
	for i, res := range exporttest.EngineLayouts(t) {
		if !reqs[i].Options.Guillotine {
			continue
		}
		order := Order(&reqs[i], res)
		if len(order) != len(pieces(res)) {
			t.Fatalf("layout %d: %d labels for %d pieces", i, len(order), len(pieces(res)))
		}
		last, page := 0, -1
		for _, p := range order {
			pg := res.Pages[p.Page]
			if len(pg.Cuts) == 0 {
				continue
			}
			k := export.FreedBy(p.Placed, pg.Cuts, reqs[i].Options.Kerf)
			if k == 0 && len(pg.Parts) > 1 {
				t.Errorf("layout %d sheet %d: piece %s is freed by no cut", i, p.Page+1, p.ID)
			}
			if p.Page != page {
				page, last = p.Page, 0
			}
			if k < last {
				t.Errorf("layout %d sheet %d: piece %s (cut %d) after a piece of cut %d", i, p.Page+1, p.ID, k, last)
			}
			last = k
		}
	}
}

// Bad options and results give a Turkish error and write nothing.
func TestErrors(t *testing.T) {
	good := exporttest.Small()
	bad := exporttest.Small()
	bad.Pages[0].Parts[0].ID = "Çek\x01mece-0"
	same := exporttest.Small()
	same.Pages[0].Parts[0].ID, same.Pages[0].Parts[1].ID = "Kapı-0", "Kapi-0"
	long := exporttest.Small()
	long.Pages[0].Parts[0].ID = strings.Repeat("a", MaxID+1)
	for _, c := range []struct {
		name string
		res  nest.Result
		opt  Options
		want string
	}{
		{"preset", good, Options{Preset: "a3-9x9"}, "Bilinmeyen etiket düzeni"},
		{"job", good, Options{Job: strings.Repeat("ş", MaxJob+1)}, "İş adı en fazla 200"},
		{"empty", nest.Result{Sheet: good.Sheet}, Options{}, export.ErrEmpty.Error()},
		{"id letters", bad, Options{}, "yazdırılamayan bir karakter"},
		{"same barcode", same, Options{}, `"Kapı-0" ve "Kapi-0" barkoda aynı yazılıyor`},
		{"id length", long, Options{}, "64 karakterden uzun"},
		{"sheet url", good, Options{SheetURL: "kesim.local/is/42"}, "http:// ya da https://"},
		{"sheet url length", good, Options{SheetURL: "https://k.local/is/" + strings.Repeat("1", export.MaxSheetURL)}, "en fazla 500 karakter"},
		{"sheet url too fine a code", good, Options{SheetURL: "https://k.local/is/" + strings.Repeat("1", 160)}, "etiketin QR koduna okunur biçimde sığmayacak"},
	} {
		var buf bytes.Buffer
		err := Write(&buf, nil, c.res, c.opt)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want %q", c.name, err, c.want)
		}
		if buf.Len() != 0 {
			t.Errorf("%s: %d bytes written", c.name, buf.Len())
		}
	}
	if _, _, _, err := PageSize("x"); !errors.Is(err, ErrPreset) {
		t.Errorf("PageSize(x): %v", err)
	}
	var buf bytes.Buffer
	if err := Write(&buf, nil, good, Options{Job: strings.Repeat("ş", MaxJob)}); err != nil {
		t.Errorf("a job name of %d letters: %v", MaxJob, err)
	}
}

// The same layout gives the same file.
func TestDeterministic(t *testing.T) {
	req := exporttest.KitchenRequest()
	res := exporttest.EngineMaterials(t)
	var a, b bytes.Buffer
	for _, buf := range []*bytes.Buffer{&a, &b} {
		if err := Write(buf, &req, res, Options{Now: fixed, Job: "Mutfak"}); err != nil {
			t.Fatal(err)
		}
	}
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Error("two files of one layout differ")
	}
}

// 3,000 pieces: the size of the file and the time are reported by
// BenchmarkWrite3000; here the file must hold 125 A4 pages.
func TestThousands(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	res := exporttest.Grid(3000)
	var buf bytes.Buffer
	start := time.Now()
	if err := Write(&buf, nil, res, Options{Now: fixed, Job: "Büyük iş"}); err != nil {
		t.Fatal(err)
	}
	t.Logf("3.000 etiket: %v, %d bayt", time.Since(start), buf.Len())
	if n := bytes.Count(buf.Bytes(), []byte("/Type /Page\n")); n != 125 {
		t.Errorf("%d pages, want 125", n)
	}
}

func BenchmarkWrite3000(b *testing.B) {
	res := exporttest.Grid(3000)
	var size int
	for b.Loop() {
		var buf bytes.Buffer
		if err := Write(&buf, nil, res, Options{Now: fixed, Job: "Büyük iş"}); err != nil {
			b.Fatal(err)
		}
		size = buf.Len()
	}
	b.ReportMetric(float64(size), "bytes")
}

// Whatever the names, codes, sizes and options, Write returns a PDF or an
// error and never panics.
func FuzzWrite(f *testing.F) {
	f.Add(exporttest.TurkishName, "B1", "p-0", 45.5, 30.0, 10.0, 5.0, "a4-3x8", "İş", "vertical", true, "")
	f.Add("\x00\u202e😀", "", "a", 0.01, 1000.0, 0.0, 0.0, "roll-100x50", "", "horizontal", false, "https://kesim.local/is/42/levha/")
	f.Add(strings.Repeat("Ş", 5000), strings.Repeat("B", 300), "x-1", 1e5, 1e-3, -1.0, 1e9, "a4-2x4", "\xff", "", true, "http://[::1]:80/"+strings.Repeat("%", 600))
	f.Fuzz(func(t *testing.T, name, band, id string, w, h, x, y float64, preset, job, grain string, rotated bool, sheetURL string) {
		res := nest.Result{Sheet: nest.Sheet{Width: 280, Height: 207}, Pages: []nest.Page{{
			Parts: []nest.Placed{{ID: id, Name: name, X: x, Y: y, Width: w, Height: h, Rotated: rotated,
				Edges: &nest.Edges{Top: band, Left: band}}},
			Cuts: []nest.Cut{{Order: 1, X: x, Y: y, Length: w, Direction: nest.Horizontal}},
		}}}
		req := &nest.Request{Parts: []nest.Part{{Name: name, Width: h, Height: w, Grain: grain}}}
		var buf bytes.Buffer
		err := Write(&buf, req, res, Options{Preset: preset, Job: job, Now: fixed, SheetURL: sheetURL})
		if err == nil && !bytes.HasPrefix(buf.Bytes(), []byte("%PDF-")) {
			t.Fatal("no error and no PDF")
		}
	})
}

// Two long names that differ only at their end ("… sol 1", "… sol 2") are
// shortened in their middle, so that the two labels still tell them apart.
func TestLongNamesKeepTheirEnd(t *testing.T) {
	pdftotext := exporttest.Tool(t, "pdftotext", "poppler-utils")
	long := "Üst dolap çekmece ön panel kulplu cam kapak sol "
	req := nest.Request{Sheet: nest.Sheet{Width: 100, Height: 148}, Parts: []nest.Part{
		{ID: "a", Name: long + "1", Width: 40, Height: 30, Quantity: 1},
		{ID: "b", Name: long + "2", Width: 40, Height: 30, Quantity: 1},
	}}
	res, err := nest.Layout(context.Background(), req, nil)
	if err != nil {
		t.Fatal(err)
	}
	text := run(t, pdftotext, "-enc", "UTF-8", write(t, &req, res, Options{Preset: PresetA4x8}), "-")
	ones, twos := 0, 0
	for _, line := range strings.Split(text, "\n") {
		// The name follows the piece's number, "1 · ".
		if _, name, ok := strings.Cut(line, " · "); ok {
			line = name
		}
		if strings.HasPrefix(line, "Üst dolap") && strings.Contains(line, "…") {
			switch {
			case strings.HasSuffix(strings.TrimSpace(line), "sol 1"):
				ones++
			case strings.HasSuffix(strings.TrimSpace(line), "sol 2"):
				twos++
			}
		}
	}
	if ones != 1 || twos != 1 {
		t.Errorf("shortened names ending in 'sol 1': %d, in 'sol 2': %d; want one each:\n%s", ones, twos, text)
	}
}

// A label names the sheet its QR code opens and the checklist shows: after
// a re-plan of a job being cut, the result lists the cut sheet first but
// keeps its id page-2, and its pieces' labels say "Levha 3" (they had said
// "Levha 1" beside a QR code of /levha/3).
func TestLabelSheetNumberFollowsItsID(t *testing.T) {
	pdftotext := exporttest.Tool(t, "pdftotext", "poppler-utils")
	req := nest.Request{Sheet: nest.Sheet{Width: 100, Height: 148}, Parts: []nest.Part{{Name: "Kapak", Width: 90, Height: 140, Quantity: 3}}}
	res, err := nest.Layout(context.Background(), req, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Pages) != 3 || res.Pages[2].ID != "page-2" {
		t.Fatalf("pages %d, last id %q: want page-0 to page-2", len(res.Pages), res.Pages[len(res.Pages)-1].ID)
	}
	res.Pages = []nest.Page{res.Pages[2], res.Pages[0], res.Pages[1]}
	file := write(t, &req, res, Options{Preset: PresetA4x24})
	text := run(t, pdftotext, "-layout", file, "-")
	var got []string
	for _, m := range regexp.MustCompile(`Levha (\d+) ·`).FindAllStringSubmatch(text, -1) {
		got = append(got, m[1])
	}
	slices.Sort(got)
	if strings.Join(got, ",") != "1,2,3" {
		t.Fatalf("sheet numbers %v, want 1, 2 and 3 once each", got)
	}
	order := Order(&req, res)
	first := regexp.MustCompile(`Levha (\d+) ·`).FindStringSubmatch(text)
	if want := strconv.Itoa(export.SheetOf(&res, order[0].Page) + 1); first == nil || first[1] != want {
		t.Errorf("the first label says Levha %v, want %s (its page's id)", first, want)
	}
}

// turkishIDs is a layout whose part lines have Turkish ids and names, one
// of them long.
func turkishIDs(t *testing.T) (nest.Request, nest.Result) {
	t.Helper()
	req := nest.Request{Sheet: nest.Sheet{Width: 100, Height: 148}, Parts: []nest.Part{
		{ID: "Kapı Ön Çekmece", Name: "Kapı Ön Çekmece", Width: 40, Height: 30, Quantity: 2},
		{ID: "şğİ-ıüöç", Name: "Şifonyer ağır İğne", Width: 30, Height: 20, Quantity: 1},
		{ID: "Ø%", Name: "Başka harf", Width: 20, Height: 20, Quantity: 1},
	}}
	res, err := nest.Layout(context.Background(), req, nil)
	if err != nil {
		t.Fatal(err)
	}
	return req, res
}

// The Code 128 carries printable ASCII: an ASCII id as it is, a Turkish
// letter as its ASCII letter, anything else (and "%") as %XX of UTF-8.
func TestBarcodeText(t *testing.T) {
	for id, want := range map[string]string{
		"p1-0":              "p1-0",
		"a%b":               "a%b",
		"Kapı Ön Çekmece-1": "Kapi On Cekmece-1",
		"İĞÜŞÖÇığüşöçâîû":   "IGUSOCigusocaiu",
		"Ø%-1":              "%C3%98%25-1",
	} {
		if got := BarcodeText(id); got != want {
			t.Errorf("BarcodeText(%q) = %q, want %q", id, got, want)
		}
	}
}

// Turkish ids and names print as they are written: the name at the top,
// the id whole under the barcode.
func TestTurkishIDsPrint(t *testing.T) {
	pdftotext := exporttest.Tool(t, "pdftotext", "poppler-utils")
	req, res := turkishIDs(t)
	for _, preset := range []string{PresetA4x8, PresetA4x24, PresetRoll} {
		text := run(t, pdftotext, "-enc", "UTF-8", write(t, &req, res, Options{Preset: preset}), "-")
		for _, w := range []string{"Kapı Ön Çekmece-0", "Kapı Ön Çekmece-1", "şğİ-ıüöç-0", "Ø%-0", "Şifonyer ağır İğne"} {
			if !strings.Contains(text, w) {
				t.Errorf("%s: pdftotext did not find %q in\n%s", preset, w, text)
			}
		}
	}
	if err := CheckIDs(req.Parts); err != nil {
		t.Errorf("CheckIDs of Turkish ids: %v", err)
	}
	clash := []nest.Part{{ID: "Kapı", Name: "a", Width: 1, Height: 1, Quantity: 1}, {ID: "Kapi", Name: "b", Width: 1, Height: 1, Quantity: 1}}
	if err := CheckIDs(clash); err == nil || !strings.Contains(err.Error(), "barkoda aynı yazılıyor") {
		t.Errorf("CheckIDs of Kapı and Kapi: %v, want their barcodes the same", err)
	}
}

// Nothing is drawn past its label, however long the texts: every word
// pdftotext finds lies inside one label of the page, on every preset. The
// id under the barcode was drawn at its full size, past the label's edges.
func TestLongTextsStayOnTheLabel(t *testing.T) {
	pdftotext := exporttest.Tool(t, "pdftotext", "poppler-utils")
	long := "Üst dolap çekmece ön panel kulplu cam kapak sol taraf çok uzun bir ad"
	bands := []nest.Band{{Code: "PVC-0,8-BEYAZ-PARLAK-UZUN"}, {Code: "ABS2"}, {Code: "ABS-2-CEVİZ-UZUN-KOD"}}
	req := nest.Request{Sheet: nest.Sheet{Width: 100, Height: 148}, Bands: bands, Parts: []nest.Part{
		{ID: strings.Repeat("W", MaxID-2), Name: long, Width: 40, Height: 30, Quantity: 1, Thickness: 18,
			Material: "Beyaz Sunta Parlak Yüksek Yoğunluklu Çift Yüz Melaminli",
			Edges:    &nest.Edges{Top: bands[0].Code, Bottom: bands[1].Code, Left: bands[1].Code, Right: bands[2].Code}},
		{ID: "Çekmece ön panel ğüşiöç İĞÜŞÖÇ uzun kimlik", Name: long, Width: 30, Height: 20, Quantity: 1},
	}}
	res, err := nest.Layout(context.Background(), req, nil)
	if err != nil {
		t.Fatal(err)
	}
	word := regexp.MustCompile(`<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>`)
	for _, preset := range []string{PresetA4x8, PresetA4x24, PresetRoll} {
		pr := presets[preset]
		file := write(t, &req, res, Options{Preset: preset, Job: "Ayşe Hanım — Çeşme Mutfağı ve salonun bütün dolapları, büyük iş"})
		out := run(t, pdftotext, "-bbox", "-enc", "UTF-8", file, "-")
		const pt = 72 / 25.4
		ox := (pr.pageW - float64(pr.cols)*pr.labelW) / 2
		oy := (pr.pageH - float64(pr.rows)*pr.labelH) / 2
		words := word.FindAllStringSubmatch(out, -1)
		if len(words) == 0 {
			t.Fatalf("%s: no words in\n%s", preset, out)
		}
		for _, m := range words {
			var box [4]float64
			for i := range box {
				box[i], _ = strconv.ParseFloat(m[i+1], 64)
				box[i] /= pt
			}
			const eps = 0.3 // mm: pdftotext's boxes take the font's whole height
			col := int((box[0] - ox) / pr.labelW)
			row := int((box[1] - oy) / pr.labelH)
			x0, y0 := ox+float64(col)*pr.labelW, oy+float64(row)*pr.labelH
			if box[0] < x0-eps || box[1] < y0-eps || box[2] > x0+pr.labelW+eps || box[3] > y0+pr.labelH+eps {
				t.Errorf("%s: %q at %.1f–%.1f x %.1f–%.1f mm runs past its label %.1f–%.1f x %.1f–%.1f",
					preset, m[5], box[0], box[2], box[1], box[3], x0, x0+pr.labelW, y0, y0+pr.labelH)
			}
		}
		// The id is whole under its barcode, however long: on lines of
		// its own, one after the other, when it is wider than the bars.
		// (-raw: in the order drawn, not read across the page's labels.)
		text := noSpace(run(t, pdftotext, "-raw", "-enc", "UTF-8", file, "-"))
		for _, id := range []string{strings.Repeat("W", MaxID-2) + "-0", "Çekmece ön panel ğüşiöç İĞÜŞÖÇ uzun kimlik-0"} {
			if !strings.Contains(text, noSpace(id)) {
				t.Errorf("%s: the id %q is not whole on its label", preset, id)
			}
		}
	}
}

// noSpace is s without its spaces and line breaks: a long id wraps.
func noSpace(s string) string { return strings.Join(strings.Fields(s), "") }

// An id whose Code 128 would have bars finer than a scanner reads gets no
// bars but a note in their place, and keeps its id printed whole and in
// the QR code; a short id on the same sheet keeps its bars. Before, 40
// letters were printed as bars of 0,1 mm, which zbarimg did not read.
func TestTooLongIDHasNoBars(t *testing.T) {
	pdftotext := exporttest.Tool(t, "pdftotext", "poppler-utils")
	pdftoppm := exporttest.Tool(t, "pdftoppm", "poppler-utils")
	zbarimg := exporttest.Tool(t, "zbarimg", "zbar-tools")
	long := strings.Repeat("W", 40)
	req := nest.Request{Sheet: nest.Sheet{Width: 100, Height: 148}, Parts: []nest.Part{
		{ID: long, Name: "Uzun", Width: 40, Height: 30, Quantity: 1},
		{ID: "K1", Name: "Kısa", Width: 40, Height: 30, Quantity: 1},
	}}
	res, err := nest.Layout(context.Background(), req, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, preset := range []string{PresetA4x24, PresetA4x8, PresetRoll} {
		t.Run(preset, func(t *testing.T) {
			file := write(t, &req, res, Options{Preset: preset})
			text := noSpace(run(t, pdftotext, "-enc", "UTF-8", file, "-"))
			if strings.Count(text, "Barkodyok") != 1 || !strings.Contains(text, long+"-0") {
				t.Errorf("want one note and the long id printed whole, got %q", text)
			}
			dir := t.TempDir()
			run(t, pdftoppm, "-png", "-gray", "-r", "300", file, filepath.Join(dir, "p"))
			pngs, _ := filepath.Glob(filepath.Join(dir, "p-*.png"))
			out, _ := exec.Command(zbarimg, append([]string{"-q", "--raw"}, pngs...)...).Output() // exit 4 when a page decodes nothing
			got := strings.Fields(string(out))
			slices.Sort(got)
			// The QR codes carry both ids; only the short one has bars.
			if want := []string{"K1-0", "K1-0", long + "-0"}; !slices.Equal(got, want) {
				t.Errorf("decoded %v, want %v", got, want)
			}
		})
	}
}

// Every label prints its piece's number on its sheet, the number the PDF
// gives the piece (export.Numbers): on a guillotine sheet, in the order
// its cuts free the pieces ("1 · Parça-C"), not in reading order. (The
// labels printed no number, so a piece could not be found on the PDF.)
func TestLabelsPrintThePDFNumber(t *testing.T) {
	pdftotext := exporttest.Tool(t, "pdftotext", "poppler-utils")
	res := exporttest.CutSheet()
	req := nest.Request{Options: nest.Options{Kerf: 0.4}}
	for _, r := range []*nest.Request{&req, nil} {
		for _, p := range Order(r, res) {
			if want := exporttest.CutSheetNumbers[p.ID]; p.Number != want {
				t.Errorf("piece %s: number %d, want %d", p.ID, p.Number, want)
			}
		}
	}
	text := run(t, pdftotext, "-enc", "UTF-8", write(t, &req, res, Options{}), "-")
	for id, n := range exporttest.CutSheetNumbers {
		if want := fmt.Sprintf("%d · Parça-%s", n, id); !strings.Contains(text, want) {
			t.Errorf("the labels do not print %q:\n%s", want, text)
		}
	}
}

// On the engine's layouts, every label's number is the piece's number
// (export.Numbers), and numbers run 1, 2, ... on each sheet in label order.
func TestOrderNumbersEngineLayouts(t *testing.T) {
	reqs := exporttest.EngineRequests()
	for i, res := range exporttest.EngineLayouts(t) {
		numbers := map[string]int{}
		for page := range res.Pages {
			for j, n := range export.Numbers(res, page, export.KerfOf(&reqs[i])) {
				numbers[res.Pages[page].Parts[j].ID] = n
			}
		}
		page, next := -1, 0
		for _, p := range Order(&reqs[i], res) {
			if p.Page != page {
				page, next = p.Page, 0
			}
			next++
			if p.Number != next || numbers[p.ID] != p.Number {
				t.Errorf("layout %d sheet %d: piece %s is label %d numbered %d, export.Numbers %d", i, p.Page+1, p.ID, next, p.Number, numbers[p.ID])
			}
		}
	}
}
