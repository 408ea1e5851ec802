package quote

import (
	"bufio"
	"io"
	"time"

	"codeberg.org/go-pdf/fpdf"

	"kesim/export/cutlist"
	"kesim/export/pdf"
)

// Title of the quote.
const Title = "Fiyat Teklifi"

// WriteCSV writes the quote as CSV for Turkish Excel (UTF-8 with BOM, ";",
// decimal comma, CRLF): one row per material, one per band code, then the
// totals; the columns are Kalem;Miktar;Birim;Tutar (TL).
func WriteCSV(w io.Writer, q Quote) error {
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
		row(l.MaterialName()+" levha", itoa(int64(l.Sheets)), "adet", n(l.SheetCost))
		unit := "m"
		if l.CutEstimated {
			unit = "m (tahmini)"
		}
		row(l.MaterialName()+" kesim", n(l.CutMetres), unit, n(l.CutCost))
		row(l.MaterialName()+" ara toplam", "", "", n(l.Subtotal))
	}
	for _, bd := range q.Bands {
		row("Kenar bandı "+bandName(bd), n(bd.Metres), "m", n(bd.Cost))
	}
	row("Ara toplam", "", "", n(q.Subtotal))
	row("Kâr", n(q.MarginPct), "%", n(q.Margin))
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
// (Options.Factory), the customer, the date, the table per material, the
// bands and the totals. The fonts are the Go fonts, embedded as export/pdf
// embeds them. now dates the quote (zero: the current time).
func WritePDF(w io.Writer, q Quote, opt Options, now time.Time) error {
	if err := opt.Check(); err != nil {
		return err
	}
	if now.IsZero() {
		now = time.Now()
	}
	f := fpdf.New("P", "mm", "A4", "")
	pdf.Setup(f, Title)
	f.SetMargins(15, 15, 15)
	f.SetAutoPageBreak(false, 15)
	f.SetCatalogSort(true)
	f.SetCreationDate(now)
	f.SetModificationDate(now)
	f.AddPage()

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
	if c := pdf.Printable(opt.Customer); c != "" {
		f.CellFormat(0, 6, "Müşteri: "+c, "", 1, "L", false, 0, "")
	}
	f.Ln(4)

	cols := []float64{60, 20, 30, 25, 25, 20}
	head := func(h ...string) {
		f.SetFont("Go", "B", 9)
		f.SetFillColor(230, 230, 230)
		for i, s := range h {
			align := "R"
			if i == 0 {
				align = "L"
			}
			f.CellFormat(cols[i], 7, s, "1", 0, align, true, 0, "")
		}
		f.Ln(-1)
		f.SetFont("Go", "", 9)
	}
	cell := func(i int, s string) {
		align := "R"
		if i == 0 {
			align = "L"
		}
		f.CellFormat(cols[i], 6, s, "1", 0, align, false, 0, "")
	}
	sheetHead := "Levha (TL)"
	if opt.SheetByArea {
		sheetHead = "Levha, alan (TL)"
	}
	head("Malzeme", "Levha", sheetHead, "Kesim (m)", "Kesim (TL)", "Toplam")
	estimated := false
	// At most 15 materials and 10 band codes keep the quote on one page;
	// the rest is counted (the CSV lists every line).
	const maxLines, maxBands = 15, 10
	for i, l := range q.Lines {
		if i == maxLines {
			f.CellFormat(0, 6, "… ve "+itoa(int64(len(q.Lines)-maxLines))+" malzeme daha (CSV dosyasında)", "", 1, "L", false, 0, "")
			break
		}
		m := Num(l.CutMetres, 2)
		if l.CutEstimated {
			m += " *"
			estimated = true
		}
		for j, s := range []string{pdf.Printable(l.MaterialName()), itoa(int64(l.Sheets)), Money(l.SheetCost), m, Money(l.CutCost), Money(l.Subtotal)} {
			cell(j, s)
		}
		f.Ln(-1)
	}
	if estimated {
		f.SetFont("Go", "", 8)
		f.CellFormat(0, 5, "* Kesim uzunluğu parça çevrelerinden tahmin edildi.", "", 1, "L", false, 0, "")
	}
	if len(q.Bands) > 0 {
		f.Ln(4)
		cols = []float64{60, 30, 30}
		head("Kenar bandı", "Metre", "Tutar (TL)")
		for i, b := range q.Bands {
			if i == maxBands {
				f.CellFormat(0, 6, "… ve "+itoa(int64(len(q.Bands)-maxBands))+" bant daha (CSV dosyasında)", "", 1, "L", false, 0, "")
				break
			}
			cell(0, pdf.Printable(bandName(b)))
			cell(1, Num(b.Metres, 2))
			cell(2, Money(b.Cost))
			f.Ln(-1)
		}
	}
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
	total("Ara toplam:", Money(q.Subtotal), false)
	total("Kâr (%"+Num(q.MarginPct, 2)+"):", Money(q.Margin), false)
	total("KDV hariç toplam:", Money(q.Net), false)
	total("KDV (%"+Num(q.KDVPct, 2)+"):", Money(q.KDV), false)
	total("Genel toplam:", Money(q.Total), true)
	return f.Output(w)
}
