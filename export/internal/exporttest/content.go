package exporttest

import (
	"bytes"
	"compress/zlib"
	"io"
	"regexp"
	"strconv"
	"testing"
	"unicode/utf16"
)

// Stroke is a line the page draws: its ends in points (PDF space, y up),
// its width in points, its dash pattern as written ("[] 0.00" solid).
type Stroke struct {
	X1, Y1, X2, Y2 float64
	Width          float64
	Dash           string
}

// Shown is a text the page draws, with its font size in points.
// Text is decoded from the UTF-16 fpdf writes for its Unicode fonts.
type Shown struct {
	Size float64
	Text string
}

// PageOps is what a page's content stream draws: its lines and its texts.
type PageOps struct {
	Strokes []Stroke
	Texts   []Shown
}

var streamRE = regexp.MustCompile(`(?s)stream\r?\n(.*?)endstream`)

// ContentOps returns what each page of file draws, in page order, read
// from the page content streams as fpdf writes them.
func ContentOps(t testing.TB, file []byte) []PageOps {
	t.Helper()
	var pages []PageOps
	for _, m := range streamRE.FindAllSubmatch(file, -1) {
		r, err := zlib.NewReader(bytes.NewReader(m[1]))
		if err != nil {
			continue
		}
		s, err := io.ReadAll(r)
		if err != nil || !bytes.Contains(s, []byte(" Tf")) || !bytes.Contains(s, []byte("BT ")) || !bytes.Contains(s, []byte(" w\n")) {
			continue // a font, a picture, not a page
		}
		pages = append(pages, parseOps(s))
	}
	return pages
}

// parseOps reads the operators of a content stream fpdf writes.
func parseOps(s []byte) PageOps {
	type state struct {
		width, size float64
		dash        string
	}
	var (
		ops      PageOps
		st       = state{width: 1, dash: "[] 0.00"}
		stack    []state
		operands []string
		path     []Stroke
		cx, cy   float64
	)
	num := func(i int) float64 {
		v, _ := strconv.ParseFloat(operands[len(operands)-i], 64)
		return v
	}
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == ' ' || c == '\n' || c == '\r' || c == '\t':
			i++
		case c == '(': // a string, with its escapes
			j, depth := i+1, 1
			for ; j < len(s) && depth > 0; j++ {
				switch s[j] {
				case '\\':
					j++
				case '(':
					depth++
				case ')':
					depth--
				}
			}
			operands = append(operands, string(s[i:j]))
			i = j
		case c == '[':
			j := bytes.IndexByte(s[i:], ']') + i + 1
			operands = append(operands, string(s[i:j]))
			i = j
		default:
			j := i
			for j < len(s) && !bytes.ContainsRune([]byte(" \n\r\t(["), rune(s[j])) {
				j++
			}
			tok := string(s[i:j])
			i = j
			if _, err := strconv.ParseFloat(tok, 64); err == nil || tok[0] == '/' {
				operands = append(operands, tok)
				continue
			}
			switch tok {
			case "q":
				stack = append(stack, st)
			case "Q":
				if len(stack) > 0 {
					st, stack = stack[len(stack)-1], stack[:len(stack)-1]
				}
			case "w":
				st.width = num(1)
			case "d":
				st.dash = operands[len(operands)-2] + " " + operands[len(operands)-1]
			case "Tf":
				st.size = num(1)
			case "m":
				cx, cy = num(2), num(1)
			case "l":
				path = append(path, Stroke{cx, cy, num(2), num(1), st.width, st.dash})
				cx, cy = num(2), num(1)
			case "S":
				ops.Strokes = append(ops.Strokes, path...)
				path = nil
			case "n", "f", "B", "b", "s":
				path = nil
			case "Tj":
				ops.Texts = append(ops.Texts, Shown{st.size, pdfString(operands[len(operands)-1])})
			}
			operands = operands[:0]
		}
	}
	return ops
}

// pdfString decodes a literal string operand, "(...)" with its escapes,
// as UTF-16BE when it is (fpdf's Unicode fonts), else as it is.
func pdfString(op string) string {
	if len(op) < 2 || op[0] != '(' {
		return op
	}
	var b []byte
	for i := 1; i < len(op)-1; i++ {
		c := op[i]
		if c == '\\' && i+1 < len(op)-1 {
			i++
			switch c = op[i]; c {
			case 'n':
				c = '\n'
			case 'r':
				c = '\r'
			case 't':
				c = '\t'
			case 'b':
				c = '\b'
			case 'f':
				c = '\f'
			default:
				if c >= '0' && c <= '7' {
					v := 0
					for k := 0; k < 3 && i < len(op)-1 && op[i] >= '0' && op[i] <= '7'; k++ {
						v = v*8 + int(op[i]-'0')
						i++
					}
					i--
					c = byte(v)
				}
			}
		}
		b = append(b, c)
	}
	if len(b)%2 != 0 {
		return string(b)
	}
	u := make([]uint16, len(b)/2)
	for i := range u {
		u[i] = uint16(b[2*i])<<8 | uint16(b[2*i+1])
	}
	return string(utf16.Decode(u))
}
