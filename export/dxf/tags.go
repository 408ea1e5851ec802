package dxf

import (
	"bufio"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"
)

// tagWriter writes DXF group code / value pairs and hands out handles. It
// keeps the first write error and ignores later writes, as bufio.Writer does,
// so that the drawing code needs no error checks.
type tagWriter struct {
	w    *bufio.Writer
	next uint64 // the next free handle
	buf  []byte
	// ext is the bounding box of every point written with point, for $EXTMIN,
	// $EXTMAX and the initial view.
	ext box
}

// box is an axis-parallel bounding box; empty while minX > maxX.
type box struct{ minX, minY, maxX, maxY float64 }

func emptyBox() box { return box{math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)} }

func (b *box) add(x, y float64) {
	b.minX, b.maxX = math.Min(b.minX, x), math.Max(b.maxX, x)
	b.minY, b.maxY = math.Min(b.minY, y), math.Max(b.maxY, y)
}

// code writes a group code right-aligned in three columns, as AutoCAD does.
func (t *tagWriter) code(c int) {
	t.buf = t.buf[:0]
	if c < 100 {
		t.buf = append(t.buf, ' ')
	}
	if c < 10 {
		t.buf = append(t.buf, ' ')
	}
	t.buf = strconv.AppendInt(t.buf, int64(c), 10)
	t.buf = append(t.buf, '\n')
	t.w.Write(t.buf)
}

// str writes a string value. Callers pass no line breaks;
// user text goes through text first.
func (t *tagWriter) str(c int, v string) {
	t.code(c)
	t.w.WriteString(v)
	t.w.WriteByte('\n')
}

func (t *tagWriter) int(c, v int) {
	t.code(c)
	t.buf = strconv.AppendInt(t.buf[:0], int64(v), 10)
	t.buf = append(t.buf, '\n')
	t.w.Write(t.buf)
}

// num writes a real value rounded to 1e-6 cm (far below the engine's 0.1 mm
// step), so that float noise such as 45.50000000000001 never reaches the file.
func (t *tagWriter) num(c int, v float64) {
	t.code(c)
	t.buf = appendNum(t.buf[:0], v)
	t.buf = append(t.buf, '\n')
	t.w.Write(t.buf)
}

func appendNum(b []byte, v float64) []byte {
	v = math.Round(v*1e6) / 1e6
	if v == 0 {
		v = 0 // turns -0 into 0
	}
	return strconv.AppendFloat(b, v, 'f', -1, 64)
}

// point writes a 2D point with codes 10+i and 20+i and records it in the
// drawing's extents.
func (t *tagWriter) point(i int, x, y float64) {
	t.num(10+i, x)
	t.num(20+i, y)
	t.ext.add(x, y)
}

// handle writes a handle (or a reference to one) in hexadecimal.
func (t *tagWriter) handle(c int, h uint64) {
	t.code(c)
	t.buf = strconv.AppendUint(t.buf[:0], h, 16)
	t.buf = append(t.buf, '\n')
	t.w.Write(bytesUpper(t.buf))
}

func bytesUpper(b []byte) []byte {
	for i, c := range b {
		if 'a' <= c && c <= 'f' {
			b[i] = c - 'a' + 'A'
		}
	}
	return b
}

// newHandle returns a fresh handle.
func (t *tagWriter) newHandle() uint64 {
	h := t.next
	t.next++
	return h
}

// maxValue is the longest string value DXF readers accept in one group.
const maxValue = 250

// text returns s as a DXF R2000 string value in the file's code page,
// Windows-1254 (Turkish), as AutoCAD itself writes it on a Turkish system:
// Turkish letters as single bytes, any other non-ASCII letter as \U+XXXX,
// control characters as spaces and the backslash as \U+005C, so that no
// "\U+" in a name is taken for an escape. It is cut at a letter boundary to
// fit one group. TEXT also reads "%%d" and the like as control codes: in a
// text with "%%", every "%" becomes "%%%", AutoCAD's literal percent sign.
func text(s string) string {
	percent := "%"
	if strings.Contains(s, "%%") {
		percent = "%%%"
	}
	var b strings.Builder
	for _, r := range s {
		var piece string
		switch c, ok := charmap.Windows1254.EncodeRune(r); {
		case r < 0x20 || r == 0x7f || r == utf8.RuneError:
			piece = " "
		case r == '%':
			piece = percent
		case r == '\\':
			piece = `\U+005C`
		case ok:
			piece = string([]byte{c})
		case r <= 0xffff:
			piece = `\U+` + strings.ToUpper(strconv.FormatInt(int64(r)|0x10000, 16)[1:])
		default:
			piece = "?" // outside the Basic Multilingual Plane: no R2000 spelling
		}
		if b.Len()+len(piece) > maxValue {
			break
		}
		b.WriteString(piece)
	}
	return b.String()
}
