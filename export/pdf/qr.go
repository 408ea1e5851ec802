package pdf

import (
	"strconv"

	"codeberg.org/go-pdf/fpdf"
	"rsc.io/qr"
)

// DrawQR draws code, size mm square (its quiet zone, four modules on each
// side, is the caller's to keep clear), with its top-left corner at (x, y)
// mm on f's current page: its dark runs as rectangles of one path, filled
// once in black, which keeps a file of thousands of codes quick to write
// and to print. It leaves the fill colour black without telling f.
//
// rsc.io/qr writes a code with one fixed mask, which every reader takes,
// and is many times quicker than choosing the mask by the standard's
// penalty score.
func DrawQR(f *fpdf.Fpdf, code *qr.Code, x, y, size float64) {
	k := f.GetConversionRatio()
	_, pageH := f.GetPageSize()
	n := code.Size
	module := size / float64(n)
	var b []byte
	rect := func(x, y, w, h float64) {
		b = strconv.AppendFloat(b, x*k, 'f', 3, 64)
		b = append(b, ' ')
		b = strconv.AppendFloat(b, (pageH-y)*k, 'f', 3, 64)
		b = append(b, ' ')
		b = strconv.AppendFloat(b, w*k, 'f', 3, 64)
		b = append(b, ' ')
		b = strconv.AppendFloat(b, -h*k, 'f', 3, 64)
		b = append(b, " re\n"...)
	}
	for row := range n {
		run := -1
		for col := 0; col <= n; col++ {
			dark := code.Black(col, row)
			switch {
			case dark && run < 0:
				run = col
			case !dark && run >= 0:
				rect(x+float64(run)*module, y+float64(row)*module, float64(col-run)*module, module)
				run = -1
			}
		}
	}
	if len(b) > 0 {
		f.RawWriteStr("0 g\n" + string(b) + "f\n")
	}
}
