package pdf

import (
	"fmt"

	"rsc.io/qr"

	"kesim/export"
)

// A sheet page of a saved job (Options.SheetURL) carries, in a strip of its
// own under the drawing and the list, the QR code of each of its sheets'
// checklist addresses (export.SheetURL), with a line saying what it is.
// The drawing and the list are planned in the page's box less the strip,
// so the code never covers them.
//
// A phone reads a code from 30 cm when it is at least about 2,5 cm wide
// (a tenth of the distance) and its modules at least about 0,5 mm: the
// code is qrMinSide wide, and wider by qrModule per module for a long
// address, up to qrMaxSide. Four modules of white (the standard's quiet
// zone) keep it apart from everything else.
const (
	qrMinSide   = 25.0 // mm
	qrMaxSide   = 50.0 // mm
	qrModule    = 0.55 // mm: the smallest module a long address gets
	qrQuiet     = 4    // modules of white around a code
	qrCaption   = 3.0  // mm: the caption's line under a code's quiet zone
	qrTextRoom  = 62.0 // mm: the explanation left of the codes, at least
	qrCaptionPt = 8.0  // points
)

// sheetCode is the QR code of one sheet's checklist.
type sheetCode struct {
	page int // 0-based, as export.SheetOf numbers it
	code *qr.Code
}

// qrSide is the width in mm of the codes of codes, all drawn at one size:
// that of the largest.
func qrSide(codes []sheetCode) float64 {
	n := 0
	for _, c := range codes {
		n = max(n, c.code.Size)
	}
	return min(qrMaxSide, max(qrMinSide, float64(n)*qrModule))
}

// checklistCodes returns the codes of the sheets of page's group, or nil
// without a sheet address.
func (d *doc) checklistCodes(page int) ([]sheetCode, error) {
	if d.opt.SheetURL == "" {
		return nil, nil
	}
	pages := d.group[page]
	codes := make([]sheetCode, len(pages))
	for i, p := range pages {
		n := export.SheetOf(&d.res, p)
		code, err := qr.Encode(export.SheetURL(d.opt.SheetURL, n), qr.M)
		if err != nil {
			return nil, fmt.Errorf("Levha %d: kontrol listesinin adresi QR koduna yazılamıyor.", n+1)
		}
		codes[i] = sheetCode{n, code}
	}
	return codes, nil
}

// qrCell is the size in mm of the cell of one code of codes, side mm
// wide: the code with its quiet zone left of and above it, and its caption
// under it, the quiet zone below that; and the quiet zone's width.
func qrCell(side float64, codes []sheetCode) (w, h, quiet float64) {
	quiet = qrQuiet * side / float64(codes[0].code.Size)
	return side + quiet, quiet + side + quiet + qrCaption, quiet
}

// checklistStrip returns the height in mm of the strip the codes take at
// the bottom of a page content wide, and how many codes it holds (the rest
// go to pages of their own after the sheet's list); 0, 0 for none.
func checklistStrip(codes []sheetCode, content box) (height float64, fits int) {
	if len(codes) == 0 {
		return 0, 0
	}
	side := qrSide(codes)
	cw, ch, _ := qrCell(side, codes)
	fits = max(1, min(len(codes), int((content.w-qrTextRoom)/cw)))
	return ch, fits
}

// drawChecklistStrip draws the first fits codes at the bottom right of
// content, in a strip height tall, with the explanation at its left.
func (d *doc) drawChecklistStrip(codes []sheetCode, content box, height float64, fits int) {
	f := d.f
	side := qrSide(codes)
	cw, _, quiet := qrCell(side, codes)
	top := content.y + content.h - height + quiet
	x := content.x + content.w - float64(fits)*cw + quiet
	for _, c := range codes[:fits] {
		d.drawCode(c, x, top, side)
		x += cw
	}
	// The explanation, left of the codes.
	textW := content.x + content.w - float64(fits)*cw - content.x - 2
	d.font("B", 10)
	f.Text(content.x, top+4, d.fit("Levha kontrol listesi", textW))
	d.font("", 8)
	lines := []string{
		"Kesilen parçaları işaretlemek için",
		"telefonun kamerasıyla QR kodu okutun:",
		"levhanın sayfası Kesim'de açılır.",
	}
	if len(codes) > fits {
		lines = append(lines, "Diğer "+tally(len(codes)-fits)+" levhanın kodları listeden sonra.")
	}
	for i, l := range lines {
		f.Text(content.x, top+9+float64(i)*3.6, d.fit(l, textW))
	}
	d.font("", 6.5)
	f.SetTextColor(90, 90, 90)
	f.Text(content.x, top+side, d.fit(export.SheetURL(d.opt.SheetURL, codes[0].page), textW))
	f.SetTextColor(0, 0, 0)
}

// drawCode draws a sheet's code with its top-left corner at (x, y), side
// mm wide, and "Levha n" centred under its quiet zone.
func (d *doc) drawCode(c sheetCode, x, y, side float64) {
	DrawQR(d.f, c.code, x, y, side)
	quiet := qrQuiet * side / float64(c.code.Size)
	d.font("B", qrCaptionPt)
	d.f.SetFillColor(255, 255, 255) // DrawQR left the fill black without telling f
	label := fmt.Sprintf("Levha %d", c.page+1)
	d.f.Text(x+side/2-d.f.GetStringWidth(label)/2, y+side+quiet+qrCaption-0.5, label)
}

// checklistPages draws codes on pages of their own, as many rows as fit,
// under the title of page's group: the codes of a group of identical
// sheets that did not fit on its drawing's page.
func (d *doc) checklistPages(page int, codes []sheetCode) {
	if len(codes) == 0 {
		return
	}
	f := d.f
	side := qrSide(codes)
	cw, ch, quiet := qrCell(side, codes)
	for len(codes) > 0 {
		f.AddPage()
		x, y, w, h := d.content()
		d.font("B", 12)
		f.Text(x, y+5, d.patternText(page, "", "   ·   levha kontrol listeleri", w))
		cols := max(1, int(w/cw))
		rows := max(1, int((h-titleRoom)/ch))
		n := min(len(codes), cols*rows)
		for i, c := range codes[:n] {
			d.drawCode(c, x+float64(i%cols)*cw+quiet/2, y+titleRoom+float64(i/cols)*ch+quiet, side)
		}
		codes = codes[n:]
	}
}
