// Package pdf writes a layout as a printable A4 PDF for the shop floor: a
// summary page, then one page per sheet with the sheet drawn to scale as
// vector graphics, every part labelled, and the sheet's list of parts (and
// of cuts, for a guillotine layout). A sheet's pieces are numbered in
// cutting order (export.CutOrder), as the labels and the phone checklist
// number them. For a saved job (Options.SheetURL)
// each sheet page also carries the QR code of its sheet's checklist, which
// opens the sheet in Kesim on a phone at the saw.
//
// Text is set in the Go fonts, embedded (as subsets) so that every Turkish
// letter prints on any printer and copies out as text.
package pdf

import (
	"io"
	"slices"
	"time"

	"codeberg.org/go-pdf/fpdf"

	"kesim/export"
	"kesim/nest"
)

// Options tune Write. The zero value is ready to use.
type Options struct {
	// Title heads the summary page and every footer; empty means DefaultTitle.
	Title string
	// Now is the date printed on the summary page and in the footers, in
	// its own time zone; the zero value means time.Now().
	Now time.Time
	// OnClamp, when set, is told about every part that had to be moved into
	// its sheet (see export.SheetParts).
	OnClamp export.ClampFunc
	// Stock and Bands are the request's stock rows and band codes: with
	// them a layout with materials names each page's stock row, prices
	// the order summary and names the band codes. Without them the rows
	// and codes are named by their ids.
	Stock []nest.Stock
	Bands []nest.Band
	// SheetURL, when set, is the address of the saved job the layout is
	// (see export.CheckSheetURL): each sheet's page then carries the QR
	// code of its sheet's checklist, export.SheetURL(SheetURL, page), under
	// the drawing and the list. Empty means no code, the file as before.
	SheetURL string
	// Kerf is the request's kerf in cm (export.KerfOf), which the pieces
	// of a guillotine sheet are numbered with (export.CutOrder), as the
	// labels and the phone checklist number them; nil means not known
	// (export.DefaultCutKerf, as labels.Order without a request).
	Kerf *float64
	// DeductBands is the request's Options.DeductBands: the banded parts
	// were cut smaller by their bands' thickness, and the sizes of the
	// placed parts are headed "Kesim ölçüsü (cm)", not "Ölçü (cm)".
	DeductBands bool
	// FirstCut and Stages are the request's saw profile
	// (Options.FirstCut, Options.Stages): the summary says which way the
	// first cuts go and how many stages there are, and with Stages each
	// cut of a sheet's list says its stage (nest.CutStages), so that the
	// operator cuts as the sequence was planned.
	FirstCut string
	Stages   int
}

// kerf returns the kerf the pieces are numbered with (Options.Kerf).
func (d *doc) kerf() float64 {
	if d.opt.Kerf == nil {
		return export.KerfOf(nil)
	}
	return export.KerfOf(&nest.Request{Options: nest.Options{Kerf: *d.opt.Kerf}})
}

// sheetParts returns the parts of page ready to draw (export.SheetParts),
// numbered in cutting order (export.CutOrder): the n-th is the piece the
// labels and the phone checklist call n.
func (d *doc) sheetParts(page int) []nest.Placed {
	parts := export.SheetParts(d.res, page, d.opt.OnClamp)
	export.CutOrder(parts, d.res.Pages[page].Cuts, d.kerf())
	return parts
}

// DefaultTitle is the title used when Options.Title is empty.
const DefaultTitle = "Kesim Planı"

// FileName returns the file name the specification asks for, such as
// "efeaktif_cutting_100x148_2026-11-22_1795337400000.pdf".
func FileName(res nest.Result, now time.Time) string {
	return export.FileName(export.ResultSheet(res), now, "pdf")
}

// Page geometry in millimetres, as the specification gives it.
const (
	margin       = 10.0 // on every side
	footerHeight = 25.0 // below the content, holding the footer text
	fontFamily   = FontFamily
)

// doc is one PDF being written.
type doc struct {
	f    *fpdf.Fpdf
	res  nest.Result
	opt  Options
	date string // Now as Turkish readers write it, 22.11.2026 14:05
	same []int  // per page, the first identical earlier page or -1
	// group is, per page, the pages cut to its pattern (see patterns);
	// repeated is set when some pattern has several pages.
	group    [][]int
	repeated bool
	// multi is set for a layout with materials or stock rows (see
	// export.HasMaterials): a section per material and an order summary.
	multi bool
	// bandColor is the colour index of every band code on the parts.
	bandColor map[string]int
	// footerSheet names the board the footer's page is cut from ("Tuval
	// 183 x 366 cm", "Artık A-13 · Ceviz MDF 18 mm · 39,7 x 79,7 cm"),
	// empty for none.
	footerSheet string
	// cutSizes is set when the placed parts' sizes are cut sizes, less
	// their bands (Options.DeductBands with banded parts).
	cutSizes bool
}

// Write writes res to w as a PDF. The pages are A4, landscape when the sheet
// is wider than tall. It returns export.ErrEmpty, writing nothing, when no
// part is placed.
func Write(w io.Writer, res nest.Result, opt Options) error {
	if err := export.Check(res); err != nil {
		return err
	}
	if err := export.CheckLists(opt.Stock, opt.Bands); err != nil {
		return err
	}
	if err := export.CheckSheetURL(opt.SheetURL); err != nil {
		return err
	}
	res = printable(res)
	opt.Title = Printable(opt.Title)
	opt.Stock = slices.Clone(opt.Stock)
	for i := range opt.Stock {
		opt.Stock[i].Name = Printable(opt.Stock[i].Name)
		opt.Stock[i].Material = Printable(opt.Stock[i].Material)
	}
	opt.Bands = slices.Clone(opt.Bands)
	for i := range opt.Bands {
		opt.Bands[i].Name = Printable(opt.Bands[i].Name)
	}
	if opt.Title == "" {
		opt.Title = DefaultTitle
	}
	if opt.Now.IsZero() {
		opt.Now = time.Now()
	}
	orientation := "P"
	if res.Sheet.Width > res.Sheet.Height {
		orientation = "L"
	}
	f := fpdf.New(orientation, "mm", "A4", "")
	d := &doc{f: f, res: res, opt: opt, date: opt.Now.Format("02.01.2006 15:04"), same: identicalPages(res),
		multi: export.HasMaterials(res), bandColor: map[string]int{}}
	d.group, d.repeated = patterns(&d.res)
	d.cutSizes = opt.DeductBands && export.HasEdges(res)
	if !d.multi {
		d.footerSheet = "Tuval " + export.Size(res.Sheet.Width, res.Sheet.Height) + " cm"
	}
	for i, code := range export.EdgeCodes(res, nil) {
		d.bandColor[code] = i
	}

	Setup(f, opt.Title)
	f.SetMargins(margin, margin, margin)
	f.SetAutoPageBreak(false, footerHeight) // every page break is ours
	// Fixed dates and sorted catalogues make the same layout give the same file.
	f.SetCatalogSort(true)
	f.SetCreationDate(opt.Now)
	f.SetModificationDate(opt.Now)
	f.AliasNbPages(pageCountAlias)
	f.SetFooterFunc(d.footer)

	d.summary()
	if !d.multi {
		for page := range res.Pages {
			if d.drawn(page) {
				if err := d.sheet(page); err != nil {
					return err
				}
			}
		}
		return f.Output(w)
	}
	d.orderSummary()
	groups := export.Groups(res)
	for i, g := range groups {
		d.materialHeading(i, len(groups), g)
		for _, page := range g.Pages {
			if d.drawn(page) {
				if err := d.sheet(page); err != nil {
					return err
				}
			}
		}
	}
	return f.Output(w)
}

// pageCountAlias stands for the page count in footers until it is known.
const pageCountAlias = "{nb}"

// footer writes the title, the date and "Sayfa n / N" under a thin line.
func (d *doc) footer() {
	f := d.f
	pageW, pageH := f.GetPageSize() // the page ending, before the next one's size
	y := pageH - footerHeight + 8
	f.SetDrawColor(160, 160, 160)
	f.SetLineWidth(0.2)
	f.Line(margin, y, pageW-margin, y)
	d.font("", 8)
	f.SetTextColor(90, 90, 90)
	// The alias is wider than the number it stands for: the page number
	// starts where the widest one the document can have would.
	numberX := pageW - margin - f.GetStringWidth("Sayfa 0000 / 0000")
	left := d.opt.Title + " · " + d.date
	if d.footerSheet != "" {
		left += " · " + d.footerSheet
	}
	f.Text(margin, y+5, d.fit(left, numberX-margin-5))
	f.Text(numberX, y+5, "Sayfa "+itoa(f.PageNo())+" / "+pageCountAlias)
	f.SetTextColor(0, 0, 0)
}

// font sets the font: style "" or "B", size in points.
func (d *doc) font(style string, size float64) { d.f.SetFont(fontFamily, style, size) }

// content returns the page's writable box: inside the margins, above the footer.
func (d *doc) content() (x, y, w, h float64) {
	pageW, pageH := d.f.GetPageSize()
	return margin, margin, pageW - 2*margin, pageH - margin - footerHeight
}

// addPage starts a page, A4 in the orientation of sheet s (landscape when
// wider than tall), whatever the document's first page.
func (d *doc) addPage(s nest.Sheet) {
	orientation := "P"
	if s.Width > s.Height {
		orientation = "L"
	}
	d.f.AddPageFormat(orientation, d.f.GetPageSizeStr("A4"))
}

// printable returns a copy of res whose texts fpdf can print (see
// Printable); res itself is not changed.
func printable(res nest.Result) nest.Result {
	pages := make([]nest.Page, len(res.Pages))
	for i, pg := range res.Pages {
		pg.Parts = slices.Clone(pg.Parts)
		for j := range pg.Parts {
			pg.Parts[j].Name = Printable(pg.Parts[j].Name)
		}
		pg.Material = Printable(pg.Material)
		pages[i] = pg
	}
	res.Pages = pages
	res.Materials = slices.Clone(res.Materials)
	for i := range res.Materials {
		res.Materials[i].Material = Printable(res.Materials[i].Material)
	}
	res.Skipped = slices.Clone(res.Skipped)
	for i := range res.Skipped {
		res.Skipped[i].Name = Printable(res.Skipped[i].Name)
		res.Skipped[i].Reason = Printable(res.Skipped[i].Reason)
	}
	return res
}
