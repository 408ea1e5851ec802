package pdf

import (
	"bytes"
	"compress/zlib"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"testing"

	"kesim/export/internal/exporttest"
	"kesim/nest"
)

// A black-and-white laser printer, what most workshops print on, turns
// every colour into a grey: what tells things apart on paper must be a
// line's width or dash pattern, a grey level, or a word, not a hue.

// stroke is a line the page draws: its ends in points (PDF space, y up),
// its width in points, its dash pattern as written ("[] 0.00" solid).
type stroke struct {
	x1, y1, x2, y2 float64
	width          float64
	dash           string
}

// shown is a text the page draws, with its font size in points.
type shown struct {
	size float64
	text string
}

// pageOps is what a page's content stream draws: its lines and its texts.
type pageOps struct {
	strokes []stroke
	texts   []shown
}

var streamRE = regexp.MustCompile(`(?s)stream\r?\n(.*?)endstream`)

// contentOps returns what each page of file draws, in page order, read
// from the page content streams as fpdf writes them.
func contentOps(t *testing.T, file []byte) []pageOps {
	t.Helper()
	var pages []pageOps
	for _, m := range streamRE.FindAllSubmatch(file, -1) {
		r, err := zlib.NewReader(bytes.NewReader(m[1]))
		if err != nil {
			continue
		}
		s, err := io.ReadAll(r)
		if err != nil || !bytes.Contains(s, []byte(" Tf")) || !bytes.Contains(s, []byte("BT ")) || !bytes.Contains(s, []byte(" w\n")) {
			continue // a font, a picture, not a page
		}
		pages = append(pages, parseOps(s))
	}
	return pages
}

// parseOps reads the operators of a content stream this package writes.
func parseOps(s []byte) pageOps {
	type state struct {
		width, size float64
		dash        string
	}
	var (
		ops      pageOps
		st       = state{width: 1, dash: "[] 0.00"}
		stack    []state
		operands []string
		path     []stroke
		cx, cy   float64
	)
	num := func(i int) float64 {
		v, _ := strconv.ParseFloat(operands[len(operands)-i], 64)
		return v
	}
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == ' ' || c == '\n' || c == '\r' || c == '\t':
			i++
		case c == '(': // a string, with its escapes
			j, depth := i+1, 1
			for ; j < len(s) && depth > 0; j++ {
				switch s[j] {
				case '\\':
					j++
				case '(':
					depth++
				case ')':
					depth--
				}
			}
			operands = append(operands, string(s[i:j]))
			i = j
		case c == '[':
			j := bytes.IndexByte(s[i:], ']') + i + 1
			operands = append(operands, string(s[i:j]))
			i = j
		default:
			j := i
			for j < len(s) && !bytes.ContainsRune([]byte(" \n\r\t(["), rune(s[j])) {
				j++
			}
			tok := string(s[i:j])
			i = j
			if _, err := strconv.ParseFloat(tok, 64); err == nil || tok[0] == '/' {
				operands = append(operands, tok)
				continue
			}
			switch tok {
			case "q":
				stack = append(stack, st)
			case "Q":
				if len(stack) > 0 {
					st, stack = stack[len(stack)-1], stack[:len(stack)-1]
				}
			case "w":
				st.width = num(1)
			case "d":
				st.dash = operands[len(operands)-2] + " " + operands[len(operands)-1]
			case "Tf":
				st.size = num(1)
			case "m":
				cx, cy = num(2), num(1)
			case "l":
				path = append(path, stroke{cx, cy, num(2), num(1), st.width, st.dash})
				cx, cy = num(2), num(1)
			case "S":
				ops.strokes = append(ops.strokes, path...)
				path = nil
			case "n", "f", "B", "b", "s":
				path = nil
			case "Tj":
				ops.texts = append(ops.texts, shown{st.size, operands[len(operands)-1]})
			}
			operands = operands[:0]
		}
	}
	return ops
}

// twoBands is one sheet with one part banded along its top with code A and
// along its bottom with code B, its sides left bare.
func twoBands() (nest.Result, []nest.Band) {
	res := nest.Result{
		Sheet: nest.Sheet{Width: 100, Height: 148},
		Pages: []nest.Page{{ID: "page-0", Efficiency: 20, Parts: []nest.Placed{
			{ID: "p1-0", Name: "Raf", X: 0, Y: 0, Width: 80, Height: 40, Edges: &nest.Edges{Top: "A", Bottom: "B"}},
		}}},
	}
	return res, []nest.Band{{Code: "A", Name: "PVC 2 mm", Thickness: 2}, {Code: "B", Name: "PVC 0,4 mm", Thickness: 0.4}}
}

// The edge bander tells a part's banded edges from its bare ones, and one
// band code's edges from another's, in grey: a banded edge is drawn
// thicker than a part's outline, and two codes' edges differ in dash
// pattern; the legend draws each code's line as its edges are drawn.
func TestBandedEdgesDifferWithoutColour(t *testing.T) {
	res, bands := twoBands()
	pages := contentOps(t, write(t, res, Options{Now: testNow, Bands: bands}))
	if len(pages) != 2 {
		t.Fatalf("%d pages, want the summary and the sheet", len(pages))
	}
	outline := 0.0 // the widest line that is not a band's: the sheet's outline
	var thick []stroke
	for _, s := range pages[1].strokes {
		if s.width >= 2 { // points; 0,9 mm is 2,55 pt
			thick = append(thick, s)
		} else {
			outline = max(outline, s.width)
		}
	}
	// The part's top and bottom edges, then the legend's two lines.
	if len(thick) != 4 {
		t.Fatalf("%d thick lines, want 2 banded edges and 2 legend lines: %+v", len(thick), thick)
	}
	if thick[0].width < 2.5*outline {
		t.Errorf("banded edge %.2f pt wide, a bare edge %.2f pt: too alike in grey", thick[0].width, outline)
	}
	top, bottom := thick[0], thick[1]
	if top.y1 < bottom.y1 { // PDF y runs up
		top, bottom = bottom, top
	}
	if top.dash == bottom.dash {
		t.Errorf("the edges of band codes A and B are both drawn %q: told apart by colour alone", top.dash)
	}
	legendA, legendB := thick[2], thick[3] // the legend lists A, then B
	if legendA.y1 < legendB.y1 {
		t.Fatalf("legend lines out of order: %+v", thick[2:])
	}
	if legendA.dash != top.dash || legendB.dash != bottom.dash {
		t.Errorf("legend draws A %q and B %q, the edges are drawn A %q and B %q", legendA.dash, legendB.dash, top.dash, bottom.dash)
	}
	for _, s := range pages[1].strokes {
		if s.width < 2 && s.dash != "[] 0.00" {
			t.Errorf("a thin line is dashed (%q): a dash marks a band only", s.dash)
		}
	}
}

// Every band code of a sheet's legend, up to the number of colours, has a
// dash pattern of its own.
func TestBandDashesDistinct(t *testing.T) {
	seen := map[string]int{}
	for i, d := range bandDashes {
		key := fmt.Sprint(d)
		if j, ok := seen[key]; ok {
			t.Errorf("band styles %d and %d share the dash pattern %v", j, i, d)
		}
		seen[key] = i
	}
}

// Past six band codes a job's codes still differ in colour or in dash
// pattern: the first 36 each have a style of their own.
func TestBandStylesPastSixCodes(t *testing.T) {
	seen := map[[2]int]int{}
	for i := range len(bandPalette) * len(bandDashes) {
		c, d := bandStyle(i)
		if j, ok := seen[[2]int{c, d}]; ok {
			t.Errorf("band codes %d and %d share colour %d and dash pattern %d", j, i, c, d)
		}
		seen[[2]int{c, d}] = i
	}
	if c, d := bandStyle(0); c != 0 || d != 0 {
		t.Errorf("the first code is colour %d, pattern %d; want the first of each (solid)", c, d)
	}
}

// No text of the shop PDF is smaller than 6 pt: smaller letters break up
// in a laser printer's halftone. Part numbers, grid numbers, cut tags and
// the names in small parts included, on the engine's layouts (guillotine
// ones with their cut tags), a sheet of tiny parts and a kitchen job.
func TestNoTextUnder6pt(t *testing.T) {
	layouts := append([]nest.Result{tinyParts(), tinyCuts(), exporttest.Materials()}, exporttest.EngineLayouts(t)...)
	stock, bands := exporttest.Kitchen()
	for n, res := range layouts {
		for p, page := range contentOps(t, write(t, res, Options{Now: testNow, Stock: stock, Bands: bands})) {
			for _, s := range page.texts {
				if s.size < 6 {
					t.Errorf("layout %d page %d: %s set in %.2f pt", n, p+1, s.text, s.size)
				}
			}
		}
	}
}

// grey is the share of black a monochrome printer lays down for a colour
// (1 − luminance, ITU-R BT.601 weights, as printer drivers convert).
func grey(c [3]int) float64 {
	return 1 - (0.299*float64(c[0])+0.587*float64(c[1])+0.114*float64(c[2]))/255
}

// Every part's fill prints in grey: at least 12 %, as a laser drops
// fills under about 10 % and a part then looks like waste, and at most
// 30 %, under which black 6 pt text stays sharp.
func TestFillsKeepTheirGrey(t *testing.T) {
	for i, c := range palette {
		if g := grey(c); g < 0.12 || g > 0.30 {
			t.Errorf("fill %d %v prints %.1f %% grey, want 12 to 30 %%", i, c, 100*g)
		}
	}
}
