package cutlist

import (
	"archive/zip"
	"bufio"
	"encoding/xml"
	"io"
	"math"
	"strconv"

	"kesim/nest"
)

// Sheet names of the workbook.
const (
	PiecesSheet = "Parçalar"
	SheetsSheet = "Levhalar"
)

// cell is one value of a row: a string (text), a float64 (a length, with
// the format #,##0.00) or an int (a count, format 0).
type cell = any

// Style ids of xl/styles.xml.
const (
	styleText = 0
	styleHead = 1
	styleDec  = 2 // built-in format 4, #,##0.00
	styleInt  = 3 // built-in format 1, 0
)

// WriteXLSX writes the cut list as an .xlsx workbook (Office Open XML) with
// the sheets "Parçalar" and "Levhalar". Lengths and counts are stored as
// numbers (lengths with the format #,##0.00, which Turkish Excel shows as
// 1.450,50); yes/no, names and band codes as text. The workbook is written
// by hand (a zip of seven small XML parts, inline strings): excelize would
// add 2 MB (gzip) to the browser's engine for the same file.
func WriteXLSX(w io.Writer, res nest.Result, opt Options) error {
	pieces, sheets, err := Rows(res, opt)
	if err != nil {
		return err
	}
	z := zip.NewWriter(w)
	part := func(name, body string) error {
		f, err := z.Create(name)
		if err != nil {
			return err
		}
		_, err = io.WriteString(f, xml.Header+body)
		return err
	}
	const ns = `xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"`
	const rel = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/"
	const ct = "application/vnd.openxmlformats-officedocument.spreadsheetml."
	for _, p := range [][2]string{
		{"[Content_Types].xml", `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
			`<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
			`<Default Extension="xml" ContentType="application/xml"/>` +
			`<Override PartName="/xl/workbook.xml" ContentType="` + ct + `sheet.main+xml"/>` +
			`<Override PartName="/xl/worksheets/sheet1.xml" ContentType="` + ct + `worksheet+xml"/>` +
			`<Override PartName="/xl/worksheets/sheet2.xml" ContentType="` + ct + `worksheet+xml"/>` +
			`<Override PartName="/xl/styles.xml" ContentType="` + ct + `styles+xml"/></Types>`},
		{"_rels/.rels", `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
			`<Relationship Id="rId1" Type="` + rel + `officeDocument" Target="xl/workbook.xml"/></Relationships>`},
		{"xl/workbook.xml", `<workbook ` + ns + ` xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets>` +
			`<sheet name="` + PiecesSheet + `" sheetId="1" r:id="rId1"/><sheet name="` + SheetsSheet + `" sheetId="2" r:id="rId2"/></sheets></workbook>`},
		{"xl/_rels/workbook.xml.rels", `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
			`<Relationship Id="rId1" Type="` + rel + `worksheet" Target="worksheets/sheet1.xml"/>` +
			`<Relationship Id="rId2" Type="` + rel + `worksheet" Target="worksheets/sheet2.xml"/>` +
			`<Relationship Id="rId3" Type="` + rel + `styles" Target="styles.xml"/></Relationships>`},
		{"xl/styles.xml", `<styleSheet ` + ns + `><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font>` +
			`<font><b/><sz val="11"/><name val="Calibri"/></font></fonts>` +
			`<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>` +
			`<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>` +
			`<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>` +
			`<cellXfs count="4"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>` +
			`<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>` +
			`<xf numFmtId="4" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>` +
			`<xf numFmtId="1" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs>` +
			`<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`},
	} {
		if err := part(p[0], p[1]); err != nil {
			return err
		}
	}

	prow := make([][]cell, len(pieces))
	for i, p := range pieces {
		prow[i] = []cell{p.Page, p.No, p.Label, p.Name, p.X, p.Y, p.Width, p.Height, yesNo(p.Rotated),
			p.Material, xlsxThickness(p.Thickness), p.Top, p.Bottom, p.Left, p.Right}
	}
	if err := writeSheet(z, "xl/worksheets/sheet1.xml", PieceHeaders, prow, map[int]float64{2: 6, 4: 22}, 13); err != nil {
		return err
	}
	srow := make([][]cell, len(sheets))
	for i, s := range sheets {
		var cuts, length cell = s.Cuts, s.CutLength
		if !s.Sequenced {
			cuts, length = "", "" // empty cells: the layout has no cutting sequence
		}
		srow[i] = []cell{s.Page, stockName(s), s.Material, xlsxThickness(s.Thickness), s.Width, s.Height,
			s.Efficiency, cuts, length, LeftoverText(s.Leftovers), largest(s.Leftovers)}
	}
	if err := writeSheet(z, "xl/worksheets/sheet2.xml", SheetHeaders, srow, map[int]float64{2: 22, 10: 40}, 15); err != nil {
		return err
	}
	return z.Close()
}

// colName is the letters of a 0-based column: 0 is A, 26 is AA.
func colName(c int) string {
	s := ""
	for c++; c > 0; c = (c - 1) / 26 {
		s = string(rune('A'+(c-1)%26)) + s
	}
	return s
}

func writeSheet(z *zip.Writer, name string, head []string, rows [][]cell, widths map[int]float64, width float64) error {
	f, err := z.Create(name)
	if err != nil {
		return err
	}
	b := bufio.NewWriter(f)
	b.WriteString(xml.Header + `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">`)
	b.WriteString(`<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews><cols>`)
	for i := range head {
		wd := width
		if v, ok := widths[i+1]; ok {
			wd = v
		}
		b.WriteString(`<col min="` + strconv.Itoa(i+1) + `" max="` + strconv.Itoa(i+1) + `" width="` + strconv.FormatFloat(wd, 'f', -1, 64) + `" customWidth="1"/>`)
	}
	b.WriteString(`</cols><sheetData>`)
	row := func(r int, vals []cell, style int) {
		rs := strconv.Itoa(r)
		b.WriteString(`<row r="` + rs + `">`)
		for c, v := range vals {
			ref := colName(c) + rs
			switch v := v.(type) {
			case string:
				if v == "" {
					continue
				}
				b.WriteString(`<c r="` + ref + `" t="inlineStr"` + styleAttr(style) + `><is><t xml:space="preserve">`)
				xml.EscapeText(b, []byte(v))
				b.WriteString(`</t></is></c>`)
			case float64:
				b.WriteString(`<c r="` + ref + `" s="2"><v>` + strconv.FormatFloat(v, 'g', -1, 64) + `</v></c>`)
			case int:
				b.WriteString(`<c r="` + ref + `" s="3"><v>` + strconv.Itoa(v) + `</v></c>`)
			}
		}
		b.WriteString(`</row>`)
	}
	hv := make([]cell, len(head))
	for i, h := range head {
		hv[i] = h
	}
	row(1, hv, styleHead)
	for i, r := range rows {
		row(i+2, r, styleText)
	}
	b.WriteString(`</sheetData></worksheet>`)
	return b.Flush()
}

func styleAttr(s int) string {
	if s == styleText {
		return ""
	}
	return ` s="` + strconv.Itoa(s) + `"`
}

// xlsxThickness is a thickness as a number cell, or an empty cell for 0;
// a whole one as a whole number ("18", not "18,00").
func xlsxThickness(t float64) cell {
	switch {
	case t == 0:
		return ""
	case t == math.Trunc(t) && math.Abs(t) < 1e9:
		return int(t)
	}
	return t
}
