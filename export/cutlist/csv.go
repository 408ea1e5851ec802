package cutlist

import (
	"bufio"
	"io"
	"strconv"
	"strings"

	"kesim/nest"
)

// BOM starts every CSV file so Excel reads it as UTF-8.
const BOM = "\uFEFF"

// WriteCSV writes the pieces table ("Parçalar") as CSV for Turkish Excel:
// UTF-8 with BOM, ";" between fields, decimal comma, CRLF line ends, the
// same columns as the xlsx. The sheets table is a separate file
// (WriteSheetsCSV), so each file is one plain table.
func WriteCSV(w io.Writer, res nest.Result, opt Options) error {
	pieces, _, err := Rows(res, opt)
	if err != nil {
		return err
	}
	b := bufio.NewWriter(w)
	b.WriteString(BOM)
	writeRow(b, PieceHeaders)
	for _, p := range pieces {
		writeRow(b, []string{strconv.Itoa(p.Page), strconv.Itoa(p.No), p.Label, p.Name, Num(p.X), Num(p.Y), Num(p.Width), Num(p.Height),
			yesNo(p.Rotated), p.Material, thickness(p.Thickness), p.Top, p.Bottom, p.Left, p.Right})
	}
	return b.Flush()
}

// WriteSheetsCSV writes the sheets table ("Levhalar") as CSV, formatted as
// WriteCSV.
func WriteSheetsCSV(w io.Writer, res nest.Result, opt Options) error {
	_, sheets, err := Rows(res, opt)
	if err != nil {
		return err
	}
	b := bufio.NewWriter(w)
	b.WriteString(BOM)
	writeRow(b, SheetHeaders)
	for _, s := range sheets {
		cuts, length := cutCells(s)
		writeRow(b, []string{strconv.Itoa(s.Page), stockName(s), s.Material, thickness(s.Thickness), Num(s.Width), Num(s.Height),
			strconv.Itoa(s.Efficiency), cuts, length, LeftoverText(s.Leftovers), Num(largest(s.Leftovers))})
	}
	return b.Flush()
}

// writeRow writes one CSV line: fields holding ";", quotes or line breaks
// are quoted, quotes doubled; a field starting with =, +, - or @ gets a
// leading apostrophe (unless it is a number) so Excel does not run it as a formula.
func writeRow(b *bufio.Writer, fields []string) {
	for i, f := range fields {
		if i > 0 {
			b.WriteByte(';')
		}
		b.WriteString(Field(f))
	}
	b.WriteString("\r\n")
}

// Field quotes one CSV field for Turkish Excel. Line breaks inside a field
// become spaces, so every record is one line.
func Field(f string) string {
	f = strings.NewReplacer("\r\n", " ", "\r", " ", "\n", " ").Replace(f)
	if f != "" && strings.ContainsRune("=+-@", rune(f[0])) {
		if _, err := strconv.ParseFloat(strings.Replace(f, ",", ".", 1), 64); err != nil {
			f = "'" + f
		}
	}
	if strings.ContainsAny(f, ";\"\r\n") {
		return `"` + strings.ReplaceAll(f, `"`, `""`) + `"`
	}
	return f
}
