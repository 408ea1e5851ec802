package cutlist

import (
	"io"

	"github.com/xuri/excelize/v2"

	"kesim/nest"
)

// Sheet names of the workbook.
const (
	PiecesSheet = "Parçalar"
	SheetsSheet = "Levhalar"
)

// WriteXLSX writes the cut list as an .xlsx workbook with the sheets
// "Parçalar" and "Levhalar". Lengths and counts are stored as numbers
// (lengths with the format #,##0.00, which Turkish Excel shows as 1.450,50);
// yes/no, names and band codes as text.
func WriteXLSX(w io.Writer, res nest.Result, opt Options) error {
	pieces, sheets, err := Rows(res, opt)
	if err != nil {
		return err
	}
	f := excelize.NewFile()
	defer f.Close()
	if err := f.SetSheetName("Sheet1", PiecesSheet); err != nil {
		return err
	}
	if _, err := f.NewSheet(SheetsSheet); err != nil {
		return err
	}
	head, err := f.NewStyle(&excelize.Style{Font: &excelize.Font{Bold: true}})
	if err != nil {
		return err
	}
	dec, err := f.NewStyle(&excelize.Style{NumFmt: 4}) // #,##0.00
	if err != nil {
		return err
	}
	whole, err := f.NewStyle(&excelize.Style{NumFmt: 1}) // 0
	if err != nil {
		return err
	}
	num := func(v float64) excelize.Cell { return excelize.Cell{StyleID: dec, Value: v} }
	cnt := func(v int) excelize.Cell { return excelize.Cell{StyleID: whole, Value: v} }
	header := func(h []string) []any {
		row := make([]any, len(h))
		for i, s := range h {
			row[i] = excelize.Cell{StyleID: head, Value: s}
		}
		return row
	}

	sw, err := f.NewStreamWriter(PiecesSheet)
	if err != nil {
		return err
	}
	_ = sw.SetColWidth(1, len(PieceHeaders), 13)
	if err := sw.SetRow("A1", header(PieceHeaders), excelize.RowOpts{}); err != nil {
		return err
	}
	for i, p := range pieces {
		cell, _ := excelize.CoordinatesToCellName(1, i+2)
		row := []any{cnt(p.Page), p.Label, p.Name, num(p.X), num(p.Y), num(p.Width), num(p.Height), yesNo(p.Rotated),
			p.Material, num(p.Thickness), p.Top, p.Bottom, p.Left, p.Right}
		if err := sw.SetRow(cell, row); err != nil {
			return err
		}
	}
	if err := sw.Flush(); err != nil {
		return err
	}

	sw, err = f.NewStreamWriter(SheetsSheet)
	if err != nil {
		return err
	}
	_ = sw.SetColWidth(1, len(SheetHeaders), 15)
	_ = sw.SetColWidth(10, 10, 40)
	if err := sw.SetRow("A1", header(SheetHeaders), excelize.RowOpts{}); err != nil {
		return err
	}
	for i, s := range sheets {
		cell, _ := excelize.CoordinatesToCellName(1, i+2)
		row := []any{cnt(s.Page), stockName(s), s.Material, num(s.Thickness), num(s.Width), num(s.Height),
			cnt(s.Efficiency), cnt(s.Cuts), num(s.CutLength), LeftoverText(s.Leftovers), num(largest(s.Leftovers))}
		if err := sw.SetRow(cell, row); err != nil {
			return err
		}
	}
	if err := sw.Flush(); err != nil {
		return err
	}
	_, err = f.WriteTo(w)
	return err
}
