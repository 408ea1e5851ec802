// Package dxf writes a layout as an AutoCAD 2000 (AC1015) DXF file in
// centimetres, for CAD/CAM software and cutting machines.
//
// Every sheet is drawn with CAD's y axis pointing up and its origin at the
// sheet's bottom-left corner; the layout's top-left origin is flipped. Write
// puts all sheets in one file, side by side along x; WriteSheet writes one.
// The layers are those of the specification (see the Layer constants): a
// CAM program that cuts only CUTTING_PARTS finds exactly one closed polyline
// per part, exactly the part's size, and CUTTING_BOUNDARY holds only the
// sheet outlines (the 5 cm grid is on GRID, the title on PART_INFO). Parts are numbered from 1 on each sheet
// as the PDF, the cut list and the labels number them (export.Numbers:
// cutting order, in the order a guillotine sheet's cuts free them, else
// top to bottom, then left to right); a guillotine layout's saw cuts are
// drawn in their order on SEQUENCE.
// Text is in the Windows-1254 (Turkish) code page with the Arial font.
package dxf

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"kesim/export"
	"kesim/nest"
)

// Options tune the writers. The zero value is ready to use.
type Options struct {
	// OnClamp, when set, is told about every part that had to be moved into
	// its sheet (see export.SheetParts).
	OnClamp export.ClampFunc
	// Stock is the request's stock rows: with it a sheet's title names its
	// stock row; without it, by its id. Bands is the request's band
	// codes, named in the legend of the BANT layer.
	Stock []nest.Stock
	Bands []nest.Band
	// Now dates the files in WriteZip's archive; zero means time.Now().
	Now time.Time
	// Kerf is the request's kerf in cm, which the pieces of a guillotine
	// sheet are numbered with on the SEQUENCE layer (export.Numbers), as
	// pdf.Options.Kerf numbers them in the PDF; nil means not known
	// (export.DefaultCutKerf, as the PDF without it).
	Kerf *float64
}

// FileName returns the file name the specification asks for, such as
// "efeaktif_cutting_100x148_2026-11-22_1795337400000.dxf".
func FileName(res nest.Result, now time.Time) string {
	return export.FileName(export.ResultSheet(res), now, "dxf")
}

// SheetFileName returns the name of the file WriteSheet writes for page
// (counted from 0): FileName's with the sheet's number added, zero-padded so
// that the files of one export sort in order, such as
// "efeaktif_cutting_100x148_2026-11-22_1795337400000_sayfa-02.dxf".
func SheetFileName(res nest.Result, page int, now time.Time) string {
	digits := len(strconv.Itoa(len(res.Pages)))
	return fmt.Sprintf("%s_sayfa-%0*d.dxf", strings.TrimSuffix(FileName(res, now), ".dxf"), digits, page+1)
}

// Write writes every page of res to w as one DXF file: the sheets side by
// side along x (20 cm apart for a 100 x 148 cm sheet, more for larger
// ones), each with its outline and title.
// It returns export.ErrEmpty, writing nothing, when no part is placed.
func Write(w io.Writer, res nest.Result, opt Options) error {
	if err := export.Check(res); err != nil {
		return err
	}
	pages := make([]int, len(res.Pages))
	for i := range pages {
		pages[i] = i
	}
	return write(w, res, pages, opt, true)
}

// WriteSheet writes page page of res (counted from 0) alone, with its
// origin at the file's origin. It returns export.ErrEmpty, writing nothing,
// when the page has no part.
func WriteSheet(w io.Writer, res nest.Result, page int, opt Options) error {
	if page < 0 || page >= len(res.Pages) {
		return fmt.Errorf("dxf: sayfa %d yok (%d sayfa var)", page+1, len(res.Pages))
	}
	one := res
	one.Pages = res.Pages[page : page+1]
	if err := export.Check(one); err != nil {
		return err
	}
	return write(w, res, []int{page}, opt, false)
}

// write writes the listed pages of res; with grouped, the pages of one
// pattern are drawn once, at the first of them, titled with their sheet
// numbers and count ("Sayfa 3-7 (× 5)"). The entities are drawn first into a
// buffer, because the header before them must give the drawing's extents and
// the first unused handle.
func write(w io.Writer, res nest.Result, pages []int, opt Options, grouped bool) error {
	if err := export.CheckLists(opt.Stock, opt.Bands); err != nil {
		return err
	}
	fileLayers := layers
	if codes := export.EdgeCodes(res, pages); len(codes) > 0 {
		fileLayers = append(slices.Clip(layers), layer{LayerBand, colorBandLayer})
	}
	var body bytes.Buffer
	t := &tagWriter{w: bufio.NewWriter(&body), next: hFirstLayer + uint64(len(fileLayers)), ext: emptyBox()}
	t.section("ENTITIES")
	// Sheets of several sizes are a gap apart that suits the largest.
	gap := 0.0
	for _, page := range pages {
		gap = max(gap, sheetGap(export.PageSheet(res, page)))
	}
	x := 0.0
	multi, colors := export.HasMaterials(res), bandColors(res)
	for _, group := range drawnGroups(&res, pages, grouped) {
		page := group[0]
		s := export.PageSheet(res, page)
		d := sheetDrawing{t: t, sheet: s, originX: x, multi: multi, opt: opt, bandColors: colors, group: group}
		d.draw(res, page, opt.OnClamp)
		x += s.Width + gap
	}
	t.str(0, "ENDSEC")
	if err := t.w.Flush(); err != nil {
		return err
	}

	out := bufio.NewWriter(w)
	doc := &tagWriter{w: out, ext: t.ext}
	doc.writeHeader(t.next)
	doc.writeClasses()
	doc.writeTables(tables(t.ext, fileLayers))
	doc.writeBlocks()
	out.Write(body.Bytes())
	doc.writeObjects()
	doc.str(0, "EOF")
	return out.Flush()
}

// sheetGap is the space between two sheets in Write's file, wide enough for
// the dimension line left of the next sheet, rounded up to 10 cm.
func sheetGap(s nest.Sheet) float64 { return 10 * math.Ceil(0.8*annotation(s)) }

// annotation is the drawing's text unit, a hundredth of the sheet's longer
// side, so that titles and dimensions keep their proportion on any sheet.
func annotation(s nest.Sheet) float64 { return max(s.Width, s.Height) / 100 }
