package pdf

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"kesim/export"
	"kesim/export/internal/exporttest"
	"kesim/nest"
)

const testSheetURL = "https://kesim.atolye.local/is/lay-1f3a9c/levha/"

// checklistJobs are layouts of every kind of sheet page: portrait and
// landscape, with materials, and a pattern of five identical sheets whose
// codes do not all fit on its drawing's page.
func checklistJobs(t *testing.T) []struct {
	name string
	res  nest.Result
	opt  Options
} {
	stock, bands := exporttest.Kitchen()
	return []struct {
		name string
		res  nest.Result
		opt  Options
	}{
		{"small", exporttest.Small(), Options{}},
		{"landscape", landscape(), Options{}},
		{"materials", exporttest.EngineMaterials(t), Options{Stock: stock, Bands: bands}},
		{"five identical sheets", repeatedLayout(t, tenCopies()), Options{}},
	}
}

// Every sheet's QR code scans, read alone from the page rendered at 150
// dpi (a phone's camera sees less), as the address of its own sheet's
// checklist, once; a sheet drawn once for a pattern carries the codes of
// all its sheets.
func TestChecklistCodesScan(t *testing.T) {
	pdftoppm := exporttest.Tool(t, "pdftoppm", "poppler-utils")
	zbarimg := exporttest.Tool(t, "zbarimg", "zbar-tools")
	for _, c := range checklistJobs(t) {
		t.Run(c.name, func(t *testing.T) {
			opt := c.opt
			opt.Now, opt.SheetURL = testNow, testSheetURL
			dir := t.TempDir()
			file := filepath.Join(dir, "kesim.pdf")
			if err := os.WriteFile(file, write(t, c.res, opt), 0o644); err != nil {
				t.Fatal(err)
			}
			run(t, pdftoppm, "-png", "-r", "150", file, filepath.Join(dir, "p"))
			pngs, _ := filepath.Glob(filepath.Join(dir, "p-*.png"))
			out, _ := exec.Command(zbarimg, append([]string{"-q", "--xml", "-Sdisable", "-Sqrcode.enable"}, pngs...)...).Output()
			var got []string
			for _, sym := range regexp.MustCompile(`<data><!\[CDATA\[(.*?)\]\]></data>`).FindAllStringSubmatch(string(out), -1) {
				got = append(got, sym[1])
			}
			var want []string
			for p := range c.res.Pages {
				want = append(want, export.SheetURL(testSheetURL, p))
			}
			slices.Sort(got)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Errorf("decoded %q,\nwant %q", got, want)
			}
		})
	}
}

// word is a word of a page as pdftotext -bbox gives it, in points.
type word struct {
	text       string
	yMin, yMax float64
}

var wordRE = regexp.MustCompile(`<word xMin="[\d.]+" yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">([^<]*)</word>`)

// The codes' strip lies under everything else of the sheet's page: every
// word of the title, the grid, the parts' labels and the list ends above
// the strip's heading, and the strip holds only its own words.
func TestChecklistStripCoversNothing(t *testing.T) {
	pdftotext := exporttest.Tool(t, "pdftotext", "poppler-utils")
	for _, c := range checklistJobs(t) {
		t.Run(c.name, func(t *testing.T) {
			opt := c.opt
			opt.Now, opt.SheetURL = testNow, testSheetURL
			file := filepath.Join(t.TempDir(), "kesim.pdf")
			if err := os.WriteFile(file, write(t, c.res, opt), 0o644); err != nil {
				t.Fatal(err)
			}
			pages := strings.Split(run(t, pdftotext, "-bbox", file, "-"), "<page ")
			strips := 0
			for i, page := range pages[1:] {
				var words []word
				for _, m := range wordRE.FindAllStringSubmatch(page, -1) {
					y0, _ := strconv.ParseFloat(m[1], 64)
					y1, _ := strconv.ParseFloat(m[2], 64)
					words = append(words, word{m[3], y0, y1})
				}
				top := -1.0
				for j, w := range words {
					if w.text == "kontrol" && j > 0 && words[j-1].text == "Levha" && j+1 < len(words) && words[j+1].text == "listesi" {
						top = w.yMin
					}
				}
				if top < 0 {
					continue
				}
				strips++
				pageH := 842.0
				if strings.Contains(page, `height="595`) {
					pageH = 595
				}
				footer := (pageH/72*25.4 - footerHeight) * 72 / 25.4
				var strip []string
				for _, w := range words {
					switch {
					case w.yMin >= footer:
					case w.yMin >= top-1:
						strip = append(strip, w.text)
					case w.yMax > top-2:
						t.Errorf("page %d: %q (y %.1f to %.1f pt) reaches the strip at %.1f pt", i+1, w.text, w.yMin, w.yMax, top)
					}
				}
				text := strings.Join(strip, " ")
				rest := regexp.MustCompile(`^Levha kontrol listesi Kesilen parçaları işaretlemek için telefonun kamerasıyla QR kodu okutun: ` +
					`levhanın sayfası Kesim&apos;de açılır\. (Diğer \d+ levhanın kodları listeden sonra\. )?\S+ (Levha \d+ ?)+$`)
				if !rest.MatchString(text) {
					t.Errorf("page %d: the strip holds %q", i+1, text)
				}
			}
			if want := len(nest.PatternGroups(&c.res, pageIndexes(c.res))); strips != want {
				t.Errorf("%d strips, want one per drawn sheet, %d", strips, want)
			}
		})
	}
}

func pageIndexes(res nest.Result) []int {
	all := make([]int, len(res.Pages))
	for i := range all {
		all[i] = i
	}
	return all
}

// Without a sheet address the file is what it was: no code, and the same
// bytes as a file written by Options without the field.
func TestNoSheetURLNoCode(t *testing.T) {
	for _, c := range checklistJobs(t) {
		opt := c.opt
		opt.Now = testNow
		plain := write(t, c.res, opt)
		opt.SheetURL = testSheetURL
		coded := write(t, c.res, opt)
		if bytes.Contains(plain, []byte("Levha kontrol")) || bytes.Equal(plain, coded) {
			t.Errorf("%s: the sheet address changes nothing, or a file without it has the strip", c.name)
		}
	}
}

// A bad sheet address is refused with its Turkish error, before anything
// is written.
func TestBadSheetURL(t *testing.T) {
	for _, base := range []string{"kesim.local/is/1", "https://kesim.local/is/1?a", "https://k.local/is/" + strings.Repeat("1", export.MaxSheetURL)} {
		var buf bytes.Buffer
		err := Write(&buf, exporttest.Small(), Options{Now: testNow, SheetURL: base})
		if err == nil || !strings.Contains(err.Error(), "Levha adresi") || buf.Len() != 0 {
			t.Errorf("%q: %v after %d bytes", base, err, buf.Len())
		}
	}
}

// A long address makes larger codes, which still scan.
func TestLongSheetURLScans(t *testing.T) {
	pdftoppm := exporttest.Tool(t, "pdftoppm", "poppler-utils")
	zbarimg := exporttest.Tool(t, "zbarimg", "zbar-tools")
	base := "https://kesim.atolye.local/" + strings.Repeat("k", export.MaxSheetURL-40) + "/is/9"
	dir := t.TempDir()
	file := filepath.Join(dir, "kesim.pdf")
	if err := os.WriteFile(file, write(t, exporttest.Small(), Options{Now: testNow, SheetURL: base}), 0o644); err != nil {
		t.Fatal(err)
	}
	run(t, pdftoppm, "-png", "-r", "150", "-f", "2", "-l", "2", file, filepath.Join(dir, "p"))
	pngs, _ := filepath.Glob(filepath.Join(dir, "p-*.png"))
	out, _ := exec.Command(zbarimg, append([]string{"-q", "--raw", "-Sdisable", "-Sqrcode.enable"}, pngs...)...).Output()
	if got, want := strings.TrimSpace(string(out)), export.SheetURL(base, 0); got != want {
		t.Errorf("decoded %q, want %q", got, want)
	}
}
