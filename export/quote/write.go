package quote

import (
	"bufio"
	"io"
	"strings"
	"time"

	"codeberg.org/go-pdf/fpdf"

	"kesim/export/cutlist"
	"kesim/export/pdf"
	"kesim/nest"
)

// Title of the quote.
const Title = "Fiyat Teklifi"

// WriteCSV writes the quote as CSV for Turkish Excel (UTF-8 with BOM, ";",
// decimal comma, CRLF): per material its sheets (and, when some are
// offcuts from the rack, the offcuts on a row of their own, "MDF 18 mm
// artık levha"), its cutting and its subtotal, one row per band code,
// then the totals (KDV hariç toplam, KDV, Genel toplam); the columns are
// Kalem;Miktar;Birim;Tutar (TL). The margin is folded into the amounts
// (Quote.ForCustomer): the customer's quote does not disclose it.
func WriteCSV(w io.Writer, q Quote) error {
	q = q.ForCustomer()
	b := bufio.NewWriter(w)
	b.WriteString(cutlist.BOM)
	row := func(f ...string) {
		for i, s := range f {
			if i > 0 {
				b.WriteByte(';')
			}
			b.WriteString(cutlist.Field(s))
		}
		b.WriteString("\r\n")
	}
	n := func(v float64) string { return cutlist.Num(v) }
	row("Kalem", "Miktar", "Birim", "Tutar (TL)")
	for _, l := range q.Lines {
		// "MDF 18 mm levha"; a line of no material is the sheets'
		// ("Levha", not "Levha levha").
		sheets, cutting, subtotal := l.MaterialName()+" levha", l.MaterialName()+" kesim", l.MaterialName()+" ara toplam"
		if l.Material == "" && l.Thickness == 0 {
			sheets, cutting, subtotal = "Levha", "Kesim", "Levha ve kesim ara toplamı"
		}
		if l.Offcuts > 0 {
			offcuts := l.MaterialName() + " artık levha"
			if l.Material == "" && l.Thickness == 0 {
				offcuts = "Artık levha"
			}
			if l.Offcuts < l.Sheets {
				row(sheets, itoa(int64(l.Sheets-l.Offcuts)), "adet", n(kurus(l.SheetCost-l.OffcutCost)))
			}
			row(offcuts, itoa(int64(l.Offcuts)), "adet", n(l.OffcutCost))
		} else {
			row(sheets, itoa(int64(l.Sheets)), "adet", n(l.SheetCost))
		}
		unit := "m"
		if l.CutEstimated {
			unit = "m (tahmini)"
		}
		row(cutting, n(l.CutMetres), unit, n(l.CutCost))
		row(subtotal, "", "", n(l.Subtotal))
	}
	for _, bd := range q.Bands {
		row("Kenar bandı "+bandName(bd), n(bd.Metres), "m", n(bd.Cost))
	}
	row("KDV hariç toplam", "", "", n(q.Net))
	row("KDV", n(q.KDVPct), "%", n(q.KDV))
	row("Genel toplam", "", "", n(q.Total))
	return b.Flush()
}

func bandName(b Band) string {
	if b.Name != "" {
		return b.Code + " (" + b.Name + ")"
	}
	return b.Code
}

// WritePDF writes the quote on one A4 page in Turkish: the workshop's name
// (Options.Factory), the job's name (Options.Job), the customer, the date, the table per material, the
// bands and the totals, the margin folded into the amounts as in WriteCSV.
// The fonts are the Go fonts, embedded as export/pdf
// embeds them. now dates the quote (zero: the current time).
func WritePDF(w io.Writer, q Quote, opt Options, now time.Time) error {
	if err := opt.Check(); err != nil {
		return err
	}
	if now.IsZero() {
		now = time.Now()
	}
	q = q.ForCustomer()
	f := fpdf.New("P", "mm", "A4", "")
	title := Title
	if job := strings.TrimSpace(pdf.Printable(opt.Job)); job != "" {
		title += " — " + job
	}
	pdf.Setup(f, title)
	f.SetMargins(15, 15, 15)
	f.SetAutoPageBreak(false, 15)
	f.SetCatalogSort(true)
	f.SetCreationDate(now)
	f.SetModificationDate(now)
	f.AddPage()
	writeHeading(f, opt, now)
	writeLines(f, q.Lines, opt.SheetByArea)
	writeBands(f, q.Bands)
	writeTotals(f, q)
	writeUnplaced(f, q.Unplaced)
	return f.Output(w)
}

// At most 15 materials and 10 band codes keep the quote on one page; the
// rest is counted (the CSV lists every line).
const maxLines, maxBands = 15, 10

// writeHeading writes the workshop's name ("Kesim" when it has none), the
// title and date, the job's name when there is one ("İş: Mutfak dolabı",
// cut with "…" to the line), and the customer when there is one.
func writeHeading(f *fpdf.Fpdf, opt Options, now time.Time) {
	factory := pdf.Printable(opt.Factory)
	if factory == "" {
		factory = "Kesim"
	}
	f.SetFont("Go", "B", 16)
	f.CellFormat(0, 9, factory, "", 1, "L", false, 0, "")
	f.SetFont("Go", "B", 13)
	f.CellFormat(120, 8, Title, "", 0, "L", false, 0, "")
	f.SetFont("Go", "", 10)
	f.CellFormat(0, 8, "Tarih: "+now.Format("02.01.2006"), "", 1, "R", false, 0, "")
	if job := strings.TrimSpace(pdf.Printable(opt.Job)); job != "" {
		f.SetFont("Go", "B", 11)
		f.CellFormat(0, 7, fitText(f, "İş: "+job, 180), "", 1, "L", false, 0, "")
		f.SetFont("Go", "", 10)
	}
	if c := pdf.Printable(opt.Customer); c != "" {
		f.CellFormat(0, 6, "Müşteri: "+c, "", 1, "L", false, 0, "")
	}
	f.Ln(4)
}

// writeLines writes the table of the materials (the first maxLines), and
// the note that marks estimated cut lengths when some are.
func writeLines(f *fpdf.Fpdf, lines []Line, byArea bool) {
	t := table{f, []float64{60, 20, 30, 25, 25, 20}}
	sheetHead := "Levha (TL)"
	if byArea {
		sheetHead = "Levha, alan (TL)"
	}
	t.head("Malzeme", "Levha", sheetHead, "Kesim (m)", "Kesim (TL)", "Toplam")
	estimated, offcuts := false, false
	for i, l := range lines {
		if i == maxLines {
			writeMore(f, len(lines)-maxLines, "malzeme")
			break
		}
		m := Money(l.CutMetres) // a column of metres: always two decimals, 14,70 beside 14,04
		if l.CutEstimated {
			m += " *"
			estimated = true
		}
		name := pdf.Printable(l.MaterialName())
		if l.Offcuts > 0 {
			// The offcuts from the rack are priced apart (see Compute).
			name += " (" + tally(l.Offcuts) + " artık)"
			offcuts = true
		}
		t.row(name, tally(l.Sheets), Money(l.SheetCost), m, Money(l.CutCost), Money(l.Subtotal))
	}
	if estimated {
		f.SetFont("Go", "", 8)
		f.CellFormat(0, 5, "* Kesim uzunluğu parça çevrelerinden tahmin edildi.", "", 1, "L", false, 0, "")
	}
	if offcuts {
		f.SetFont("Go", "", 8)
		f.CellFormat(0, 5, "Artık: raftaki levha; malzemesinin levha m² fiyatıyla fiyatlandı, fiyatlı levhası yoksa 0 TL.", "", 1, "L", false, 0, "")
	}
}

// writeBands writes the table of the band codes (the first maxBands), if any.
func writeBands(f *fpdf.Fpdf, bands []Band) {
	if len(bands) == 0 {
		return
	}
	f.Ln(4)
	t := table{f, []float64{60, 30, 30}}
	t.head("Kenar bandı", "Metre", "Tutar (TL)")
	for i, b := range bands {
		if i == maxBands {
			writeMore(f, len(bands)-maxBands, "bant")
			break
		}
		t.row(pdf.Printable(bandName(b)), Money(b.Metres), Money(b.Cost))
	}
}

// fitText cuts text to w mm in the current font, with "…" where it is cut.
func fitText(f *fpdf.Fpdf, text string, w float64) string {
	if f.GetStringWidth(text) <= w {
		return text
	}
	r := []rune(text)
	for len(r) > 0 && f.GetStringWidth(string(r)+"…") > w {
		r = r[:len(r)-1]
	}
	return string(r) + "…"
}

// maxUnplaced is how many unplaced part lines the quote names.
const maxUnplaced = 10

// writeUnplaced says which part lines the quote leaves out because the
// layout could not place them, with the reason, so that the price is not
// read as the whole job's.
func writeUnplaced(f *fpdf.Fpdf, skipped []nest.Skipped) {
	if len(skipped) == 0 {
		return
	}
	pieces := 0
	for _, s := range skipped {
		pieces += s.Quantity
	}
	f.Ln(4)
	f.SetFont("Go", "B", 10)
	f.CellFormat(0, 6, "Teklife dahil olmayan parçalar ("+tally(pieces)+" adet yerleştirilemedi):", "", 1, "L", false, 0, "")
	f.SetFont("Go", "", 9)
	_, pageH := f.GetPageSize()
	_, _, _, bottom := f.GetMargins()
	for i, s := range skipped {
		// The quote is one page: the rest is counted while a line fits.
		if i == maxUnplaced || f.GetY()+10 > pageH-bottom {
			f.CellFormat(0, 5, "… ve "+tally(len(skipped)-i)+" parça satırı daha", "", 1, "L", false, 0, "")
			break
		}
		line := pdf.Printable(s.Name) + " " + Num(s.Width, 2) + " x " + Num(s.Height, 2) + " cm, " + tally(s.Quantity) + " adet: " + pdf.Printable(s.Reason)
		f.CellFormat(0, 5, fitText(f, line, 180), "", 1, "L", false, 0, "")
	}
}

// writeMore writes the line that counts the n rows of a table left out:
// "… ve 25 malzeme daha (CSV dosyasında)".
func writeMore(f *fpdf.Fpdf, n int, what string) {
	f.CellFormat(0, 6, "… ve "+tally(n)+" "+what+" daha (CSV dosyasında)", "", 1, "L", false, 0, "")
}

// writeTotals writes the net (the margin folded into it), KDV and the
// total, right-aligned, the total in bold.
func writeTotals(f *fpdf.Fpdf, q Quote) {
	f.Ln(6)
	total := func(label, v string, bold bool) {
		style := ""
		if bold {
			style = "B"
		}
		f.SetFont("Go", style, 11)
		f.CellFormat(120, 7, label, "", 0, "R", false, 0, "")
		f.CellFormat(60, 7, v+" TL", "", 1, "R", false, 0, "")
	}
	total("KDV hariç toplam:", Money(q.Net), false)
	total("KDV (%"+Num(q.KDVPct, 2)+"):", Money(q.KDV), false)
	total("Genel toplam:", Money(q.Total), true)
}

// table is a bordered table of the quote: its columns' widths (mm), the
// first column left-aligned and the others right-aligned.
type table struct {
	f    *fpdf.Fpdf
	cols []float64
}

// head writes the table's grey heading row, then sets the rows' font.
func (t table) head(h ...string) {
	t.f.SetFont("Go", "B", 9)
	t.f.SetFillColor(230, 230, 230)
	for i, s := range h {
		t.f.CellFormat(t.cols[i], 7, s, "1", 0, t.align(i), true, 0, "")
	}
	t.f.Ln(-1)
	t.f.SetFont("Go", "", 9)
}

// row writes a row of cells.
func (t table) row(cells ...string) {
	for i, s := range cells {
		t.f.CellFormat(t.cols[i], 6, s, "1", 0, t.align(i), false, 0, "")
	}
	t.f.Ln(-1)
}

func (t table) align(i int) string {
	if i == 0 {
		return "L"
	}
	return "R"
}
