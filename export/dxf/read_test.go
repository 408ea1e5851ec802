package dxf

import (
	"bufio"
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"golang.org/x/text/encoding/charmap"
)

// A small DXF reader for the tests: just enough of the format to check what
// the writer promises, written without looking at the writer's code paths.

// pair is one group code and its value.
type pair struct {
	code  int
	value string
}

// object is one DXF object: the pairs from its (0, TYPE) pair to the next.
// A SECTION object's section is the one it opens; its pairs are the
// HEADER's variables.
type object struct {
	section string
	kind    string
	pairs   []pair
}

// get returns the first value of code, or "".
func (o object) get(code int) string {
	for _, p := range o.pairs {
		if p.code == code {
			return p.value
		}
	}
	return ""
}

// float returns the first value of code as a number.
func (o object) float(code int) (float64, error) {
	return strconv.ParseFloat(o.get(code), 64)
}

// points returns the (10, 20) pairs in order.
func (o object) points() ([][2]float64, error) {
	var pts [][2]float64
	for i := 0; i+1 < len(o.pairs); i++ {
		if o.pairs[i].code != 10 || o.pairs[i+1].code != 20 {
			continue
		}
		x, err := strconv.ParseFloat(o.pairs[i].value, 64)
		if err != nil {
			return nil, err
		}
		y, err := strconv.ParseFloat(o.pairs[i+1].value, 64)
		if err != nil {
			return nil, err
		}
		pts = append(pts, [2]float64{x, y})
	}
	return pts, nil
}

// parseDXF reads an ASCII DXF file into objects, checking that it is made of
// well-formed pairs, that sections are closed and that it ends with EOF.
func parseDXF(data []byte) ([]object, error) {
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 4096), 1<<20)
	var objs []object
	section, line := "", 0
	sawEOF := false
	for sc.Scan() {
		line++
		codeText := strings.TrimSpace(sc.Text())
		if !sc.Scan() {
			return nil, fmt.Errorf("line %d: group code %q without a value", line, codeText)
		}
		line++
		code, err := strconv.Atoi(codeText)
		if err != nil {
			return nil, fmt.Errorf("line %d: bad group code %q", line-1, codeText)
		}
		value := strings.TrimSuffix(sc.Text(), "\r")
		if sawEOF {
			return nil, fmt.Errorf("line %d: data after EOF", line)
		}
		if code != 0 {
			if len(objs) == 0 {
				return nil, fmt.Errorf("line %d: group %d before any object", line, code)
			}
			objs[len(objs)-1].pairs = append(objs[len(objs)-1].pairs, pair{code, value})
			continue
		}
		switch value {
		case "SECTION":
			if section != "" {
				return nil, fmt.Errorf("line %d: section inside section %s", line, section)
			}
			section = "?"
		case "ENDSEC":
			if section == "" {
				return nil, fmt.Errorf("line %d: ENDSEC outside a section", line)
			}
			section = ""
		case "EOF":
			if section != "" {
				return nil, fmt.Errorf("line %d: EOF inside section %s", line, section)
			}
			sawEOF = true
		}
		objs = append(objs, object{section: section, kind: value})
		if value == "SECTION" {
			// The section's name is the next pair, (2, NAME).
			if !sc.Scan() || strings.TrimSpace(sc.Text()) != "2" || !sc.Scan() {
				return nil, fmt.Errorf("line %d: SECTION without a name", line)
			}
			line += 2
			section = sc.Text()
			objs[len(objs)-1].section = section
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if !sawEOF {
		return nil, fmt.Errorf("no EOF")
	}
	return objs, nil
}

// decodeText reads an R2000 string in the Windows-1254 code page and undoes
// its \U+XXXX escapes and AutoCAD's "%%%" (a literal percent sign).
func decodeText(s string) (string, error) {
	s, err := charmap.Windows1254.NewDecoder().String(s)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		switch {
		case strings.HasPrefix(s[i:], `\U+`):
			if i+7 > len(s) {
				return "", fmt.Errorf("short escape in %q", s)
			}
			r, err := strconv.ParseUint(s[i+3:i+7], 16, 32)
			if err != nil {
				return "", fmt.Errorf("bad escape in %q", s)
			}
			b.WriteRune(rune(r))
			i += 7
		case strings.HasPrefix(s[i:], "%%%"):
			b.WriteByte('%')
			i += 3
		default:
			b.WriteByte(s[i])
			i++
		}
	}
	return b.String(), nil
}
