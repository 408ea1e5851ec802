// Package labels writes part labels (Etiketler): a PDF with one label per
// physical piece of a layout, in cutting order, for sticking on every piece
// so that the parts of a job can be sorted and sent to the edge bander.
//
// Each label shows its number and the part's name, its finished size (as entered in the
// request) and its cut size (as placed), its material and thickness, its
// sheet number and position, its banded edges on a small outline (a thick
// line per banded edge, with the band code), a grain arrow when the part has
// grain, the job's name, and a Code 128 barcode and a QR code of the placed
// part's id, which is unique in a result. An id may be Turkish ("Kapı-sol-0"):
// it is printed as it is, the QR code carries it in UTF-8, and the Code 128,
// which carries ASCII alone, its ASCII form (BarcodeText: "Kapi-sol-0").
//
// No text is under 6 pt (minText), as on the sheet PDF. A text too long
// for its line is first set smaller (down to minShrink of its size, never
// under minText), then shortened with "…"; the id under the barcode is
// never shortened but wraps onto more lines, and a band code takes two
// lines along its edge before it keeps only its start and end. Nothing
// is drawn past its label,
// nor, on an A4 sheet, within 5 mm of the page's edge (preset.edge).
//
// With Options.SheetURL, the address of a saved job, the QR code carries
// the address of the piece's sheet's checklist instead (see
// export.SheetURL): the phone at the saw, which reads QR codes and not the
// edge bander's ids, opens the sheet the piece came from to tick it as
// cut, while the Code 128 keeps the id for the hand scanners of the edge
// bander and the assembly.
//
// The order is the cutting order: sheet by sheet; within a sheet with a
// guillotine cut sequence, the order in which the sequence frees the pieces;
// else reading order (top to bottom, left to right). Each label starts
// with its piece's number on its sheet, "3 · Kapak sol", the number the
// PDF, the DXF and the cut list give the piece (export.Numbers).
package labels

import (
	"errors"
	"fmt"
	"image/color"
	"io"
	"math"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"codeberg.org/go-pdf/fpdf"
	"github.com/boombuler/barcode/code128"

	"rsc.io/qr"
	"rsc.io/qr/coding"

	"kesim/export"
	"kesim/export/pdf"
	"kesim/nest"
)

// Preset names a label sheet.
const (
	PresetA4x24   = "a4-3x8"      // A4, 3 x 8 labels of 70 x 37 mm (the default)
	PresetA4x8    = "a4-2x4"      // A4, 2 x 4 labels of 105 x 74,25 mm
	PresetRoll    = "roll-100x50" // one 100 x 50 mm label per page, thermal roll
	DefaultPreset = PresetA4x24
)

// Bounds on what a request may ask for.
const (
	// MaxLabels is the most labels one file holds.
	MaxLabels = 20_000
	// MaxJob is the longest job name, in characters.
	MaxJob = 200
	// MaxID is the longest piece id a label carries, in characters.
	MaxID = 64
)

// Options are the label file's options.
type Options struct {
	// Preset is one of the preset names; empty means DefaultPreset.
	Preset string `json:"preset,omitempty"`
	// Job is the job's name, printed on every label.
	Job string `json:"job,omitempty"`
	// SheetURL, when set, is the address of the saved job the layout is
	// (export.CheckSheetURL): each label's QR code then carries the
	// address of its sheet's checklist, export.SheetURL(SheetURL, page),
	// instead of the piece's id. Empty keeps the id. An address whose code
	// would have modules finer than 0,25 mm on the preset's label (over
	// about 140 characters on a4-3x8) is refused: ErrSheetURLTooLong.
	SheetURL string `json:"sheetUrl,omitempty"`
	// Now is the file's creation date; zero means time.Now().
	Now time.Time `json:"-"`
}

// Errors a user sees.
var (
	ErrPreset  = errors.New("Bilinmeyen etiket düzeni. Geçerli düzenler: a4-3x8, a4-2x4, roll-100x50.")
	ErrJob     = fmt.Errorf("İş adı en fazla %d karakter olabilir.", MaxJob)
	ErrTooMany = fmt.Errorf("Tek dosyada en fazla %s etiket basılabilir.", export.Count(float64(MaxLabels)))
	// ErrSheetURLTooLong refuses a sheet address whose QR code would be
	// too fine for the label (modules under minQRModule) to be read.
	ErrSheetURLTooLong = errors.New("Levha adresi, etiketin QR koduna okunur biçimde sığmayacak kadar uzun: daha kısa bir adres verin ya da daha büyük bir etiket düzeni seçin.")
)

// minQRModule is the smallest QR module in mm a label is printed with: two
// dots of a 203 dpi thermal printer, which a phone still reads from a few
// centimetres. A piece's id (at most MaxID characters) is always far above.
const minQRModule = 0.25

// preset is the geometry of a label sheet, in mm.
type preset struct {
	pageW, pageH   float64
	cols, rows     int
	labelW, labelH float64
	// edge is the margin along the page's edges that its printer leaves
	// blank: what a label draws stays this far inside the page.
	edge float64
}

// laserEdge is the margin an office laser printer leaves blank along an A4
// sheet's edges: about 4,2 mm, 5 with the paper's play. The A4 label
// sheets run to the page's edge, and a QR code 2,5 mm from it lost its
// side: on a mono render clipped by 4,2 mm, 10 of the 24 codes of an
// a4-3x8 page no longer scanned. A thermal roll printer prints its label
// to the edge.
const laserEdge = 5.0

var presets = map[string]preset{
	PresetA4x24: {210, 297, 3, 8, 70, 37, laserEdge},
	PresetA4x8:  {210, 297, 2, 4, 105, 74.25, laserEdge},
	PresetRoll:  {100, 50, 1, 1, 100, 50, 0},
}

// designMargin is the least room, in design mm, between the design's box
// and what it draws: the QR code's top (pad - 0,5) and the id's descent
// under the barcode.
const designMargin = 2.0

// layout returns the scale of the label design on pr's labels and the
// inset, from each page edge, of the area the design keeps to: the
// largest scale at which the design fits a label less what of it lies
// within the inset, so that nothing is drawn within pr.edge of the page's
// edge. Every label of a preset has the same scale.
func (pr preset) layout() (scale, inset float64) {
	scale = min(pr.labelW/baseW, pr.labelH/baseH)
	if pr.edge == 0 {
		return scale, 0
	}
	ox := (pr.pageW - float64(pr.cols)*pr.labelW) / 2
	oy := (pr.pageH - float64(pr.rows)*pr.labelH) / 2
	// A contraction: the inset grows by designMargin for every unit the
	// scale loses, far less than the label; a few rounds settle it.
	for range 8 {
		inset = pr.edge - designMargin*scale
		w := pr.labelW - max(inset-ox, 0)*sides(pr.cols)
		h := pr.labelH - max(inset-oy, 0)*sides(pr.rows)
		scale = min(pr.labelW/baseW, pr.labelH/baseH, w/baseW, h/baseH)
	}
	return scale, pr.edge - designMargin*scale
}

// sides is how many page edges the outermost label of a row (or column)
// of n labels touches: one, or both when it is alone.
func sides(n int) float64 {
	if n == 1 {
		return 2
	}
	return 1
}

// PageSize returns a preset's page size in mm and its labels per page.
func PageSize(name string) (width, height float64, perPage int, err error) {
	if name == "" {
		name = DefaultPreset
	}
	p, ok := presets[name]
	if !ok {
		return 0, 0, 0, ErrPreset
	}
	return p.pageW, p.pageH, p.cols * p.rows, nil
}

// Piece is one label: a placed part and where it lies.
type Piece struct {
	Page int // 0-based sheet index
	// Number is the piece's number on its sheet, from 1, as the PDF, the
	// DXF and the cut list number it (export.Numbers).
	Number int
	nest.Placed
}

// Order returns the pieces of res in cutting order: sheet by sheet; within
// a sheet, by the step of the sheet's cut sequence that frees the piece
// (the last cut along one of its edges), else in reading order, each with
// its number (export.Numbers, which the PDF numbers a sheet's pieces by
// too: label 3 of a sheet is piece 3 on its PDF page). req, when not nil,
// gives the kerf that separates a piece from the cut left of or above it
// (export.KerfOf).
func Order(req *nest.Request, res nest.Result) []Piece {
	kerf := export.KerfOf(req)
	var out []Piece
	for i, pg := range res.Pages {
		numbers := export.Numbers(res, i, kerf)
		sheet := make([]Piece, len(pg.Parts))
		for j, p := range pg.Parts {
			sheet[numbers[j]-1] = Piece{Page: i, Number: numbers[j], Placed: p}
		}
		out = append(out, sheet...)
	}
	return out
}

// sheetURLFits reports whether the QR code of sheet last's checklist
// address fits a label of preset pr readably, else ErrSheetURLTooLong.
func sheetURLFits(pr preset, url string, last int) error {
	code, err := qr.Encode(export.SheetURL(url, last), qr.M)
	scale, _ := pr.layout()
	if err != nil || qrSize*scale/float64(code.Size) < minQRModule {
		return ErrSheetURLTooLong
	}
	return nil
}

// checkID reports why a piece's id cannot be printed: at most MaxID
// characters, none of them a control character (a label has no room for
// what it would mean). Any letter prints: the QR code carries UTF-8, and
// the Code 128 the id's ASCII form (BarcodeText).
func checkID(id string) error {
	if id == "" || utf8.RuneCountInString(id) > MaxID {
		return fmt.Errorf("Parça kimliği boş ya da %d karakterden uzun: %q.", MaxID, pdf.Printable(id))
	}
	for _, r := range id {
		if unicode.IsControl(r) || r == utf8.RuneError {
			return fmt.Errorf("Parça kimliği %q etikete yazılamıyor: yazdırılamayan bir karakter içeriyor.", pdf.Printable(id))
		}
	}
	return nil
}

// asciiOf is the ASCII letter a Turkish letter is written with where only
// ASCII goes: a barcode reader types what a Turkish keyboard's user would
// type without the Turkish letters.
var asciiOf = map[rune]string{
	'ç': "c", 'Ç': "C", 'ğ': "g", 'Ğ': "G", 'ı': "i", 'İ': "I", 'ö': "o", 'Ö': "O",
	'ş': "s", 'Ş': "S", 'ü': "u", 'Ü': "U", 'â': "a", 'Â': "A", 'î': "i", 'Î': "I", 'û': "u", 'Û': "U",
}

// BarcodeText is what the Code 128 of a piece's id carries: Code 128 (set
// B) has printable ASCII only. An id of printable ASCII is itself; in
// another, each Turkish letter is its ASCII letter (asciiOf: "Kapı-sol-0"
// is "Kapi-sol-0", short enough for a label's bars to stay readable) and
// any other character, and "%" itself, is %XX of its UTF-8 bytes, as in a
// web address ("Ø" is "%C3%98"). Two ids of one file that come out the same
// are refused (Write, CheckIDs): a barcode names one piece.
func BarcodeText(id string) string {
	plain := true
	for _, r := range id {
		plain = plain && r >= 32 && r <= 126
	}
	if plain {
		return id
	}
	var b strings.Builder
	for _, r := range id {
		switch a, ok := asciiOf[r]; {
		case ok:
			b.WriteString(a)
		case r >= 32 && r <= 126 && r != '%':
			b.WriteRune(r)
		default:
			for _, c := range []byte(string(r)) {
				fmt.Fprintf(&b, "%%%02X", c)
			}
		}
	}
	return b.String()
}

// errSameBarcode refuses two ids whose barcodes would be the same.
func errSameBarcode(a, b string) error {
	return fmt.Errorf("Parça kimlikleri %q ve %q barkoda aynı yazılıyor (%q): birinin kimliğini değiştirin.",
		pdf.Printable(a), pdf.Printable(b), BarcodeText(a))
}

// CheckIDs reports, before parts are laid out, a part line whose pieces'
// ids (the line's id, a dash, the copy number) no label carries, or two
// lines whose pieces' barcodes would be the same, which would make Write
// refuse the labels only after the layout. kesim nest checks so (the
// preset, job and sheet address it checks itself).
func CheckIDs(parts []nest.Part) error {
	lines, err := nest.LineIDs(parts)
	if err != nil {
		return nil // the engine's own error, with its field
	}
	seen := make(map[string]string, len(lines))
	for _, p := range lines {
		if err := checkID(p.ID + "-" + strconv.Itoa(max(p.Quantity, 1)-1)); err != nil {
			return err
		}
		code := BarcodeText(p.ID)
		if other, ok := seen[code]; ok && other != p.ID {
			return errSameBarcode(other+"-0", p.ID+"-0")
		}
		seen[code] = p.ID
	}
	return nil
}

// Write writes the labels of res to w as a PDF. req, which may be nil,
// is the request res was laid out from: it gives the finished sizes, the
// grain and the materials as entered.
func Write(w io.Writer, req *nest.Request, res nest.Result, opt Options) error {
	if opt.Preset == "" {
		opt.Preset = DefaultPreset
	}
	pr, ok := presets[opt.Preset]
	if !ok {
		return ErrPreset
	}
	if utf8.RuneCountInString(opt.Job) > MaxJob {
		return ErrJob
	}
	if err := export.CheckSheetURL(opt.SheetURL); err != nil {
		return err
	}
	if err := export.Check(res); err != nil {
		return err
	}
	if opt.SheetURL != "" {
		// The highest sheet number's address is the longest.
		last := 0
		for i := range res.Pages {
			last = max(last, export.SheetOf(&res, i))
		}
		if err := sheetURLFits(pr, opt.SheetURL, last); err != nil {
			return err
		}
	}
	pieces := Order(req, res)
	if len(pieces) > MaxLabels {
		return ErrTooMany
	}
	codes := make(map[string]string, len(pieces))
	for _, p := range pieces {
		if err := checkID(p.ID); err != nil {
			return err
		}
		code := BarcodeText(p.ID)
		if other, ok := codes[code]; ok {
			return errSameBarcode(other, p.ID)
		}
		codes[code] = p.ID
	}
	if opt.Now.IsZero() {
		opt.Now = time.Now()
	}
	opt.Job = pdf.Printable(opt.Job)

	f := fpdf.NewCustom(&fpdf.InitType{OrientationStr: "P", UnitStr: "mm", Size: fpdf.SizeType{Wd: pr.pageW, Ht: pr.pageH}})
	title := "Etiketler"
	if opt.Job != "" {
		title += " — " + opt.Job
	}
	pdf.Setup(f, title)
	f.SetMargins(0, 0, 0)
	f.SetAutoPageBreak(false, 0)
	f.SetCatalogSort(true)
	f.SetCreationDate(opt.Now)
	f.SetModificationDate(opt.Now)

	d := &drawer{f: f, req: req, res: res, opt: opt, k: 72 / 25.4, pageH: pr.pageH}
	per := pr.cols * pr.rows
	// The labels are centred on the page; each label's design in the
	// part of the label the printer prints on.
	ox := (pr.pageW - float64(pr.cols)*pr.labelW) / 2
	oy := (pr.pageH - float64(pr.rows)*pr.labelH) / 2
	scale, inset := pr.layout()
	for i, p := range pieces {
		slot := i % per
		if slot == 0 {
			f.AddPage()
		}
		x := ox + float64(slot%pr.cols)*pr.labelW
		y := oy + float64(slot/pr.cols)*pr.labelH
		x0, y0 := max(x, inset), max(y, inset)
		x1, y1 := min(x+pr.labelW, pr.pageW-inset), min(y+pr.labelH, pr.pageH-inset)
		if err := d.label(x0, y0, x1-x0, y1-y0, scale, p); err != nil {
			return err
		}
		if err := f.Error(); err != nil {
			return fmt.Errorf("Etiket dosyası yazılamadı: %w", err)
		}
	}
	if err := f.Output(w); err != nil {
		return fmt.Errorf("Etiket dosyası yazılamadı: %w", err)
	}
	return nil
}

type drawer struct {
	f     *fpdf.Fpdf
	req   *nest.Request
	res   nest.Result
	opt   Options
	k     float64 // points per mm
	pageH float64
	buf   []byte
}

// base is the label design's size in mm; larger labels scale it.
const baseW, baseH = 70.0, 37.0

// qrSize is the QR code's side in the label design, mm.
const qrSize = 14.0

// label draws the label of p, its design at scale s centred in the box
// with its top left corner at (x, y), w x h mm.
func (d *drawer) label(x, y, w, h, s float64, p Piece) error {
	f := d.f
	// The design is centred in the label.
	x += (w - baseW*s) / 2
	y += (h - baseH*s) / 2
	at := func(u, v float64) (float64, float64) { return x + u*s, y + v*s }
	pad := 2.5

	part, hasPart := nest.Part{}, false
	if d.req != nil && p.OriginalIndex >= 0 && p.OriginalIndex < len(d.req.Parts) {
		part, hasPart = d.req.Parts[p.OriginalIndex], true
	}
	finishedW, finishedH := p.Width, p.Height
	if p.Rotated {
		finishedW, finishedH = p.Height, p.Width
	}
	if hasPart && positive(part.Width) && positive(part.Height) && part.Width <= export.MaxSheet && part.Height <= export.MaxSheet {
		finishedW, finishedH = part.Width, part.Height
	}
	material, thickness := d.res.Pages[p.Page].Material, d.res.Pages[p.Page].Thickness
	if material == "" && thickness == 0 && hasPart {
		material, thickness = part.Material, part.Thickness
	}

	// The piece's number on its sheet, as the PDF and the DXF number it,
	// then its name, bold, beside the QR code.
	textW := baseW - 2*pad - qrSize - 1.5
	f.SetTextColor(0, 0, 0)
	tx, ty := at(pad, pad+3)
	number := ""
	if p.Number > 0 {
		number = strconv.Itoa(p.Number) + " · "
	}
	f.SetFont(pdf.FontFamily, "B", pt(9, s))
	f.Text(tx, ty, number)
	nw := f.GetStringWidth(number)
	f.Text(tx+nw, ty, d.fitMiddle(pdf.Printable(p.Name), "B", pt(9, s), textW*s-nw))

	lines := []string{
		"Net " + export.Size(finishedW, finishedH) + " cm",
		"Kesim " + export.Size(p.Width, p.Height) + " cm",
	}
	materialLine := -1
	if strings.TrimSpace(material) != "" || thickness > 0 {
		materialLine = len(lines)
		lines = append(lines, pdf.Printable(export.MaterialName(material, thickness)))
	}
	// The number the QR code opens and the checklist shows: after a re-plan
	// of a job being cut, its cut sheets come first but keep their numbers.
	lines = append(lines, fmt.Sprintf("Levha %d · x %s y %s cm", export.SheetOf(&d.res, p.Page)+1, export.Num(p.X), export.Num(p.Y)))
	if d.opt.Job != "" {
		lines = append(lines, d.opt.Job)
	}
	for i, line := range lines {
		lw := textW
		if i >= 3 {
			lw = 44.5 // beside the outline
		}
		tx, ty = at(pad, pad+7+float64(i)*2.9)
		if i == materialLine {
			// The thickness, at its end, matters as much as its start.
			f.Text(tx, ty, d.fitMiddle(line, "", pt(6.5, s), lw*s))
			continue
		}
		f.Text(tx, ty, d.fit(line, "", pt(6.5, s), lw*s))
	}

	// QR code, top right: the piece's id, or its sheet's checklist.
	qx, qy := at(baseW-pad-qrSize, pad-0.5)
	qrText := p.ID
	if d.opt.SheetURL != "" {
		qrText = export.SheetURL(d.opt.SheetURL, export.SheetOf(&d.res, p.Page))
	}
	if err := d.qr(qrText, qx, qy, qrSize*s); err != nil {
		return err
	}

	// Code 128, bottom left, with the id under it; a note in its place
	// when its bars would be too fine to scan. The id as written, Turkish
	// letters and all, is whole and at least minText: one wider than the
	// bars wraps onto more lines (it was set smaller, down to 2,8 pt). The
	// bars make room for a second line by starting higher, in the space
	// under the text lines; an id that keeps its bars never takes a third
	// (its letters are at most 2,4 mm at 6 pt for 11 modules of 0,15 mm,
	// under 2 lines of 44 mm). Without bars the id takes the lines it
	// needs, at most 4 for MaxID of the widest letters, the note above.
	id := pdf.Printable(p.ID)
	idSize := pt(6, s)
	f.SetFont(pdf.FontFamily, "", idSize)
	idLines := d.wrapFew(id, 44*s)
	lead := lineHeight(idSize) / s // design mm
	idTop := baseH - pad - float64(len(idLines)-1)*lead
	barH := min(6.0, idTop-2.5-23.5)
	_, by := at(pad, idTop-2.5-barH)
	bx, _ := at(pad, 0)
	drawn, err := d.code128(BarcodeText(p.ID), bx, by, 44*s, barH*s)
	if err != nil {
		return err
	}
	f.SetFont(pdf.FontFamily, "", idSize)
	if !drawn {
		// The note's line just above the id's.
		_, ny := at(pad, idTop-lead)
		f.Text(bx+(44*s-f.GetStringWidth(noBarcode))/2, ny, noBarcode)
	}
	for i, line := range idLines {
		tx, ty = at(pad, idTop+float64(i)*lead)
		f.Text(tx+(44*s-f.GetStringWidth(line))/2, ty, line)
	}

	// Outline with bands and grain, bottom right.
	ox, oy := at(49, 17)
	d.outline(p, part.Grain, ox, oy, 18.5*s, 17.5*s, s)
	return nil
}

// outline draws the part as placed, fitted into the box (x, y, w, h), a
// thick line on each banded edge with its code, and the grain arrow.
//
// Each code runs along its edge, within the box: the left and right ones
// turned, as a code wider than the margin beside the outline was drawn
// over the outline and past the label; the top and bottom ones may run
// past their edge's ends, to the box's, and then stand clear of the
// turned ones, at the margin's edge rather than the part's. It is set in 5 pt at the design's
// scale, at least minText, smaller down to minText (or 70 %) when it is
// too long for its edge; still too long, it
// takes two lines, the margin on its side growing and the outline
// shrinking for them; too long for two, it keeps its start on the first
// line and its end, after "…", on the second (the sheet PDF's legend and
// the cut list have it whole).
func (d *drawer) outline(p Piece, grain string, x, y, w, h, s float64) {
	f := d.f
	var codes [4]string // top, bottom, left, right
	if e := p.Edges; e != nil {
		codes = [4]string{pdf.Printable(e.Top), pdf.Printable(e.Bottom), pdf.Printable(e.Left), pdf.Printable(e.Right)}
	}
	size := pt(5, s)
	em := size / d.k
	gap := 0.45*s + 0.15 // the band line's outer half, and air
	// The margins, in lines of code, and the codes' lines: a side takes
	// two lines when its code does not fit one; as that shrinks the room
	// of the sides across, a few rounds settle it.
	var lines [4]int
	var text [4][]string
	var sizes [4]float64
	var bw, bh float64
	for range 4 {
		margin := func(i int) float64 { return gap + float64(max(lines[i], 1))*em }
		bw, bh = w-margin(2)-margin(3), h-margin(0)-margin(1)
		changed := false
		for i, c := range codes {
			if c == "" {
				continue
			}
			// The top and bottom codes have the box's width: the turned
			// codes stay within bh, beside the outline.
			room := w
			if i >= 2 {
				room = bh
			}
			text[i], sizes[i] = d.bandLines(c, size, room)
			if len(text[i]) != lines[i] {
				lines[i], changed = len(text[i]), true
			}
		}
		if !changed {
			break
		}
	}
	margin := func(i int) float64 { return gap + float64(max(lines[i], 1))*em }
	bw, bh = max(bw, 2*s), max(bh, 2*s)
	scale := min(bw/p.Width, bh/p.Height)
	pw, ph := max(p.Width*scale, 2*s), max(p.Height*scale, 2*s)
	px, py := x+margin(2)+(bw-pw)/2, y+margin(0)+(bh-ph)/2
	f.SetDrawColor(0, 0, 0)
	f.SetLineWidth(0.2 * s)
	f.Rect(px, py, pw, ph, "D")
	f.SetLineWidth(0.9 * s)
	f.SetLineCapStyle("butt")
	ends := [4][4]float64{{px, py, px + pw, py}, {px, py + ph, px + pw, py + ph}, {px, py, px, py + ph}, {px + pw, py, px + pw, py + ph}}
	for i, c := range codes {
		if c == "" {
			continue
		}
		e := ends[i]
		f.Line(e[0], e[1], e[2], e[3])
	}
	ascent, descent := 0.75*em, 0.22*em
	// The top and bottom codes stand at their edges, but one wider than
	// the part stands at the margin's edge instead: the turned codes of a
	// part flatter than the room run past its ends, beside the edge, and
	// a wide code there was drawn over them.
	wider := func(i int) bool {
		if len(text[i]) == 0 {
			return false
		}
		f.SetFont(pdf.FontFamily, "B", sizes[i])
		for _, line := range text[i] {
			if f.GetStringWidth(line) > pw {
				return true
			}
		}
		return false
	}
	top, bottom := py, py+ph
	if wider(0) {
		top = y + margin(0)
	}
	if wider(1) {
		bottom = y + margin(0) + bh
	}
	for i, t := range text {
		n := len(t)
		for j, line := range t {
			f.SetFont(pdf.FontFamily, "B", sizes[i])
			lw := f.GetStringWidth(line)
			// A line's baseline, out from its edge: the text's top points
			// away from the part, but on the bottom edge, where it reads
			// as it stands; the first line is the outer one.
			out := gap + descent + float64(n-1-j)*em
			if i == 1 {
				out = gap + ascent + float64(j)*em
			}
			// Centred on the edge, and kept within the box.
			tx := min(max(px+pw/2-lw/2, x), x+w-lw)
			switch i {
			case 0:
				f.Text(tx, top-out, line)
			case 1:
				f.Text(tx, bottom+out, line)
			default:
				angle, tx := 90.0, px-out
				if i == 3 {
					angle, tx = -90, px+pw+out
				}
				ty := py + ph/2
				f.TransformBegin()
				f.TransformRotate(angle, tx, ty)
				f.Text(tx-lw/2, ty, line)
				f.TransformEnd()
			}
		}
	}
	f.SetLineCapStyle("square")
	// The grain runs along the height as entered (vertical) or the width;
	// a turned part has it the other way on the sheet.
	along := ""
	switch grain {
	case nest.GrainVertical:
		along = "v"
	case nest.GrainHorizontal:
		along = "h"
	}
	if along != "" && p.Rotated {
		along = map[string]string{"v": "h", "h": "v"}[along]
	}
	if along != "" {
		f.SetLineWidth(0.3 * s)
		cx, cy := px+pw/2, py+ph/2
		head := 1.2 * s
		if along == "v" {
			l := max(ph*0.35, 1.5*s)
			f.Line(cx, cy+l, cx, cy-l)
			f.Line(cx, cy-l, cx-head*0.6, cy-l+head)
			f.Line(cx, cy-l, cx+head*0.6, cy-l+head)
		} else {
			l := max(pw*0.35, 1.5*s)
			f.Line(cx-l, cy, cx+l, cy)
			f.Line(cx+l, cy, cx+l-head, cy-head*0.6)
			f.Line(cx+l, cy, cx+l-head, cy+head*0.6)
		}
	}
	f.SetLineWidth(0.2)
}

// minBarModule is the narrowest Code 128 bar (module) in mm a label is
// printed with, by preset. Rasterised with clean pixels, zbarimg read the
// bars down to 0,186 mm and not at 0,164 mm at 203 dpi (a thermal roll
// printer's), down to 0,12 mm and not at 0,11 mm at 300 dpi. A print is
// blurrier than that: on the thermal roll 0,2 mm (1,6 dots), on A4 sheets,
// which laser printers print at 600 dpi, 0,15 mm (3,5 dots; handheld
// imagers read 0,127 mm close up). The id of a Turkish part name, "Kapı
// Ön Çekmece-0", then keeps its bars on every preset (0,17 mm on a4-3x8).
func minBarModule(preset string) float64 {
	if preset == PresetRoll {
		return 0.2
	}
	return 0.15
}

// noBarcode stands where the bars of an id too long to scan would be: the
// id is printed whole under it and, unless the labels carry sheet
// addresses, in the QR code. It is short enough for minText on every
// preset (it said "… barkoda sığmayacak kadar uzun", which a4-3x8 set in
// 5 pt).
const noBarcode = "Barkod yok: kimlik çok uzun"

// code128 draws the Code 128 barcode of id in the box (x, y, w, h), its
// bars as wide as the box allows with a quiet zone of ten modules on each
// side, and reports whether it did: bars finer than minBarModule, which
// no scanner would read, are left out.
func (d *drawer) code128(id string, x, y, w, h float64) (bool, error) {
	bc, err := code128.Encode(id)
	if err != nil {
		return false, fmt.Errorf("Parça kimliği %q barkoda yazılamıyor.", id)
	}
	n := bc.Bounds().Dx()
	module := w / float64(n+20)
	if module < minBarModule(d.opt.Preset) {
		return false, nil
	}
	d.buf = d.buf[:0]
	run := -1
	for i := 0; i <= n; i++ {
		dark := i < n && isDark(bc.At(i, 0))
		switch {
		case dark && run < 0:
			run = i
		case !dark && run >= 0:
			d.rect(x+float64(run+10)*module, y, float64(i-run)*module, h)
			run = -1
		}
	}
	d.fill()
	return true, nil
}

// qr draws the QR code of text, size mm square, at (x, y) (see pdf.DrawQR).
func (d *drawer) qr(text string, x, y, size float64) error {
	code, err := encodeQR(text)
	if err != nil {
		return fmt.Errorf("%q QR koduna yazılamıyor.", pdf.Printable(text))
	}
	pdf.DrawQR(d.f, code, x, y, size)
	return nil
}

// eciUTF8 is the QR segment that says the bytes after it are UTF-8 (ECI
// 26): without it a reader guesses their charset, and zbar read a Turkish
// id ("şğİ-ıüöç-0") as Shift JIS.
type eciUTF8 struct{}

func (eciUTF8) Check() error { return nil }

func (eciUTF8) Bits(coding.Version) int { return 4 + 8 }

func (eciUTF8) Encode(b *coding.Bits, _ coding.Version) {
	b.Write(0b0111, 4) // the ECI mode
	b.Write(26, 8)     // UTF-8
}

// encodeQR is qr.Encode at level M for text, with the UTF-8 segment before
// text that is not ASCII (an ASCII id's code stays as it was).
func encodeQR(text string) (*qr.Code, error) {
	ascii := true
	for i := 0; i < len(text); i++ {
		ascii = ascii && text[i] < utf8.RuneSelf
	}
	if ascii {
		return qr.Encode(text, qr.M)
	}
	data := []coding.Encoding{eciUTF8{}, coding.String(text)}
	for v := coding.Version(coding.MinVersion); v <= coding.MaxVersion; v++ {
		bits := 0
		for _, e := range data {
			bits += e.Bits(v)
		}
		if bits > v.DataBytes(coding.M)*8 {
			continue
		}
		p, err := coding.NewPlan(v, coding.M, 0)
		if err != nil {
			return nil, err
		}
		c, err := p.Encode(data...)
		if err != nil {
			return nil, err
		}
		return &qr.Code{Bitmap: c.Bitmap, Size: c.Size, Stride: c.Stride, Scale: 8}, nil
	}
	return nil, errors.New("text too long to encode as QR")
}

// rect adds a rectangle in mm (top left corner) to the path being built.
// The bars of a code are written as one path and filled once, which keeps a
// file of thousands of labels quick to write and to print.
func (d *drawer) rect(x, y, w, h float64) {
	k := d.k
	b := d.buf
	b = strconv.AppendFloat(b, x*k, 'f', 3, 64)
	b = append(b, ' ')
	b = strconv.AppendFloat(b, (d.pageH-y)*k, 'f', 3, 64)
	b = append(b, ' ')
	b = strconv.AppendFloat(b, w*k, 'f', 3, 64)
	b = append(b, ' ')
	b = strconv.AppendFloat(b, -h*k, 'f', 3, 64)
	b = append(b, " re\n"...)
	d.buf = b
}

func (d *drawer) fill() {
	if len(d.buf) == 0 {
		return
	}
	d.f.RawWriteStr("0 g\n" + string(d.buf) + "f\n")
	d.buf = d.buf[:0]
}

func isDark(c color.Color) bool {
	r, g, b, _ := c.RGBA()
	return r+g+b < 3*0x8000
}

// minShrink is the smallest a text is set, against its design size, to
// fit its line before it is shortened: 70 %, still readable on a label.
const minShrink = 0.7

// shrink sets the font (style, at most size points) to the largest size
// down to size*least, and never under minText, at which s fits width mm,
// and reports whether it fits there.
func (d *drawer) shrink(s, style string, size, width, least float64) bool {
	d.f.SetFont(pdf.FontFamily, style, size)
	w := d.f.GetStringWidth(s)
	if w <= width {
		return true
	}
	smaller := size * width / w * 0.999 // the width scales with the size
	if floor := max(size*least, minText); smaller < floor {
		d.f.SetFont(pdf.FontFamily, style, max(size, floor)) // never larger than size
		return false
	}
	d.f.SetFont(pdf.FontFamily, style, smaller)
	return true
}

// fit sets s in the font (style, size points), smaller when it is too
// wide for width mm (down to minShrink), and cuts what still does not fit,
// ending it with "…".
func (d *drawer) fit(s, style string, size, width float64) string {
	if d.shrink(s, style, size, width, minShrink) {
		return s
	}
	return d.cut(s, width)
}

// cut cuts s, in the current font, to width mm, ending it with "…".
func (d *drawer) cut(s string, width float64) string {
	const most = 120 // letters: far more than a label line holds
	r := []rune(s)
	if len(r) > most {
		r = r[:most]
		s = string(r) + "…"
	}
	if d.f.GetStringWidth(s) <= width {
		return s
	}
	for len(r) > 0 && d.f.GetStringWidth(string(r)+"…") > width {
		r = r[:len(r)-1]
	}
	return string(r) + "…"
}

// fitMiddle is fit for a name, shortened by taking letters out of its
// middle ("Çekmece ön panel…sağ 2", pdf.FitMiddle): names of one job often
// differ only at their end (sol/sağ, 1/2), and a label that kept only the
// start printed two parts' names alike.
func (d *drawer) fitMiddle(s, style string, size, width float64) string {
	if d.shrink(s, style, size, width, minShrink) {
		return s
	}
	return pdf.FitMiddle(d.f, s, width)
}

// minText is the smallest text a label prints, in points, as on the
// sheet PDF: smaller letters break up in a laser printer's halftone and on
// a thermal roll's dots.
const minText = 6.0

// pt is the size in points of a text designed at size on a label of the
// design at scale s: size*s, at least minText. On a4-3x8 (scale 0,93) the
// band codes, designed at 5 pt, and the id, at 6, are set in 6 pt.
func pt(size, s float64) float64 { return max(size*s, minText) }

// lineHeight is the distance between two lines of a text of size points,
// in mm.
func lineHeight(size float64) float64 { return size * 1.15 * 25.4 / 72 }

// breakAfter reports whether a text may be wrapped after r: a space, a
// dash or a separator a band code or an id is written with.
func breakAfter(r rune) bool { return strings.ContainsRune(" -–—/_.,;:", r) }

// wrap breaks s into lines at most width mm wide in the current font:
// after a space or separator where one falls in the second half of the
// line, else between letters (or, when !seps, after the most letters
// that fit); a space at a break is left out. It never drops a letter.
func (d *drawer) wrap(s string, width float64, seps bool) []string {
	var lines []string
	r := []rune(strings.TrimSpace(s))
	for len(r) > 0 {
		if d.f.GetStringWidth(string(r)) <= width+1e-9 {
			lines = append(lines, string(r))
			break
		}
		// The most letters that fit, at least one.
		n := 1
		for n < len(r) && d.f.GetStringWidth(string(r[:n+1])) <= width+1e-9 {
			n++
		}
		cut := n
		for k := n; seps && k > n/2; k-- {
			if breakAfter(r[k-1]) {
				cut = k
				break
			}
		}
		lines = append(lines, strings.TrimRight(string(r[:cut]), " "))
		r = []rune(strings.TrimLeft(string(r[cut:]), " "))
	}
	if len(lines) == 0 {
		lines = []string{""}
	}
	return lines
}

// wrapFew is wrap in as few lines as it takes: at separators when that
// takes no more lines than breaking anywhere, which fills each line. An
// id with a dash every 12 letters ("WWWWWWWWWWW-…"), broken only after
// its dashes, left half of each line empty and took six lines, the
// barcode's note drawn over the label's text lines; filled, MaxID of the
// widest letters takes at most four.
func (d *drawer) wrapFew(s string, width float64) []string {
	lines := d.wrap(s, width, true)
	if tight := d.wrap(s, width, false); len(tight) < len(lines) {
		return tight
	}
	return lines
}

// bandLines returns the lines band code c is printed in along an edge of
// room mm, and their size in points: one line at size, smaller down to
// minText (or 70 % of size, when larger); else two lines at that size;
// else its start on the first line and "…" and its end on the second.
func (d *drawer) bandLines(c string, size, room float64) ([]string, float64) {
	if d.shrink(c, "B", size, room, minShrink) {
		fs, _ := d.f.GetFontSize()
		return []string{c}, fs
	}
	fs, _ := d.f.GetFontSize()
	if lines := d.wrap(c, room, true); len(lines) <= 2 {
		return lines, fs
	}
	first := d.wrap(c, room, true)[0]
	r := []rune(c)
	k := 0 // letters of the end kept
	for k < len(r)-len([]rune(first)) && d.f.GetStringWidth("…"+string(r[len(r)-k-1:])) <= room+1e-9 {
		k++
	}
	// The end is cut after a separator where one is near.
	tail := r[len(r)-k:]
	for j := 0; j < len(tail)/2; j++ {
		if breakAfter(tail[j]) {
			tail = tail[j+1:]
			break
		}
	}
	return []string{first, "…" + string(tail)}, fs
}

func positive(v float64) bool { return v > 0 && !math.IsInf(v, 0) && !math.IsNaN(v) }

// FileName is the label file's name: "efeaktif_etiketler_{date}_{timestamp}.pdf",
// with the date as 2006-01-02 and the timestamp in Unix milliseconds, like
// the names of the other exports.
func FileName(now time.Time) string {
	return fmt.Sprintf("efeaktif_etiketler_%s_%d.pdf", now.Format("2006-01-02"), now.UnixMilli())
}
